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

ROOT = Path(__file__).resolve().parents[1]
LISTINGS = {"surround": (ROOT / "basic" / "surround.lst").read_bytes(), "corpus": CORPUS.encode("ascii")}
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
    (tmp_path / "P.LST").write_bytes(atascii)
    session = session_for(basic, tmp_path)
    session.type_line('ENTER "H:P.LST"', max_frames=20_000)
    session.type_line('SAVE "H:O.BAS"', max_frames=6_000)
    saved = tmp_path / "O.BAS"
    assert saved.exists(), f"the {basic} BASIC did not SAVE:\n{session.screen_text()}"
    assert saved.read_bytes() == tokenize_listing(listing, immediate='SAVE "H:O.BAS"')
    session.type_line('LIST "H:O.LST"', max_frames=20_000)
    assert (tmp_path / "O.LST").read_bytes() == atascii
