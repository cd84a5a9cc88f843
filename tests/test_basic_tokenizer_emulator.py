"""The host tokenizer against a BASIC in the emulator: ENTER a listing, SAVE and LIST it
through H:, and compare with what host/atari/basic writes for the same listing.

Runs on our free BASIC (roms/surround-basic.rom) and, when a user has put the original
Atari BASIC into roms/ (never committed), on that too - which checks the host's reading of
the documented format against the real ROM. Every byte must match.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from host.atari.basic import enter_listing, list_program, listing_bytes, tokenize_listing
from tests.basic_support import CORPUS

#: names that share their first characters (FINDVAR compares the first one alone first)
SHARED_STARTS = ("A", "AB", "A$", "A(", "ABC", "AB$", "B", "BA", "B$", "BA(")


def backwards_listing(count: int = 150) -> bytes:
    """Lines typed from the highest number down, so each goes in at the start and the whole
    program moves up by its length (odd and even lengths, over several pages), with new
    variables (V0, V1, ...) created all along, each moving the program again."""
    lines = []
    for index in range(count):
        name = SHARED_STARTS[index % len(SHARED_STARTS)]
        if name.endswith("("):
            statement = f"{name}{index % 3})={index}"
        elif name.endswith("$"):
            statement = f'{name}="{"X" * (index % 7)}"'
        else:
            statement = f"{name}={index}"
        lines.append(f"{10 * (count - index)} {statement}:V{index // 3}={name[0]}1+1:REM {'R' * (index % 5)}")
    return "\n".join(lines).encode("ascii") + b"\n"


ROOT = Path(__file__).resolve().parents[1]
LISTINGS = {
    "surround": (ROOT / "basic" / "surround.lst").read_bytes(),
    "corpus": CORPUS.encode("ascii"),
    "backwards": backwards_listing(),
}
ORIGINAL_BASIC = ROOT / "roms" / "ataribas.rom"


def session_for(basic: str, directory: Path):
    if basic == "original" and not ORIGINAL_BASIC.is_file():
        pytest.skip(f"no original Atari BASIC in {ORIGINAL_BASIC} (a user's own ROM, never committed)")
    from emulator.headless import MachineOptions
    from host.atari.basic_session import BasicSession

    return BasicSession(MachineOptions(basic_rom=basic), h_directory=directory)


@pytest.mark.parametrize("basic", ["free", "original"])
@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_enter_then_save_and_list_equal_the_host(basic, name, tmp_path):
    listing = LISTINGS[name]
    atascii = listing_bytes(list_program(enter_listing(listing)), atascii=True)
    typed_order = listing_bytes(listing.decode("ascii").splitlines(), atascii=True)
    (tmp_path / "P.LST").write_bytes(typed_order if name == "backwards" else atascii)
    session = session_for(basic, tmp_path)
    session.type_line('ENTER "H:P.LST"', max_frames=20_000)
    session.type_line('SAVE "H:O.BAS"', max_frames=6_000)
    saved = tmp_path / "O.BAS"
    assert saved.exists(), f"the {basic} BASIC did not SAVE:\n{session.screen_text()}"
    assert saved.read_bytes() == tokenize_listing(listing, immediate='SAVE "H:O.BAS"')
    session.type_line('LIST "H:O.LST"', max_frames=20_000)
    assert (tmp_path / "O.LST").read_bytes() == atascii
