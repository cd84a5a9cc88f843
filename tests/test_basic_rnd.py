"""RND's arithmetic (asm/basic/func.s, RND_K): k/65536 built without FDIV must give the six
bytes Atari BASIC Rev. C's IFP and FDIV by 65536 give (The Atari BASIC Source Book, RND),
for every k = 0..65535 (RANDOM's two bytes), checked against the OS math pack's own IFP and
FDIV in the same emulator and against the Python model."""

from __future__ import annotations

import pytest

from tests.basic_model_support import RNDDIV, revc_rnd
from tests.basic_runtime_support import FR0, FR1, BasicRunner, Images


@pytest.fixture(scope="module")
def runner(tmp_path_factory) -> BasicRunner:
    return BasicRunner(Images(tmp_path_factory.mktemp("basic-rnd-roms")))


def rnd_k(runner: BasicRunner, k: int) -> bytes:
    """FR0 after the cartridge's RND_K with k in FR0 (low) / FR0+1 (high)."""
    atari = runner.atari
    atari.poke_bytes(FR0, bytes([k & 0xFF, k >> 8, 0xA5, 0xA5, 0xA5, 0xA5]))
    atari.call_bare(runner.label("RND_K"))
    return atari.peek_bytes(FR0, 6)


def ifp_fdiv(runner: BasicRunner, k: int) -> bytes:
    """FR0 after the OS math pack's IFP of k and FDIV by 65536 (Rev. C's way)."""
    atari, labels = runner.atari, runner.images.os_labels
    atari.poke_bytes(FR0, bytes([k & 0xFF, k >> 8, 0, 0, 0, 0]))
    atari.call_bare(labels["ifp"])
    atari.poke_bytes(FR1, RNDDIV)
    atari.call_bare(labels["fdiv"])
    return atari.peek_bytes(FR0, 6)


@pytest.mark.slow
def test_rnd_k_equals_ifp_and_fdiv_for_every_k(runner: BasicRunner) -> None:
    wrong = []
    for k in range(65536):
        got = rnd_k(runner, k)
        if got != ifp_fdiv(runner, k) or got != revc_rnd(k):
            wrong.append((k, got.hex()))
    assert not wrong, wrong[:10]


def test_rnd_k_leaves_fr1_alone(runner: BasicRunner) -> None:
    pattern = bytes([0x41, 0x12, 0x34, 0x56, 0x78, 0x90])
    runner.atari.poke_bytes(FR1, pattern)
    rnd_k(runner, 12345)
    assert runner.atari.peek_bytes(FR1, 6) == pattern
