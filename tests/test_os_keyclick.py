"""Our OS's key click: every key the K: handler takes toggles the console speaker, unless NOCLIK.

References: CONSOL $D01F bit 3 is the console speaker, 1 at rest, and the OS's VBI sets it back
every frame (Mapping the Atari; COMPUTE! 46, "A Fifth Voice For Atari"); on the XL OS the
keyboard handler clicks for each key and NOCLIK $02DB (731) turns the click off while non-zero
(Mapping the Atari, XL/XE appendix; ANTIC 3/10: POKE 731,255 off, POKE 731,0 on).

The model of asm/os/keyboard.s KCLICK: the counter 127..0 is written to CONSOL once a scan line,
so bit 3 turns over every 8 lines: a square wave of 1.79 MHz / (16 x 114) Hz.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.headless import HeadlessAtari

CPU_HZ = 1_789_773
RATE = 44_100
NOCLIK = 731
CLICK_HZ = CPU_HZ / (16 * 114)  # the counter's bit 3 turns over every 8 scan lines of 114 cycles

KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,.;+-*<>= "


@pytest.fixture(scope="module")
def atari() -> HeadlessAtari:
    machine = HeadlessAtari(basic_rom="free")
    machine.boot()
    machine.run_until_idle(600)
    return machine


def listen(atari: HeadlessAtari, text: str) -> np.ndarray:
    """The samples from just before ``text`` is typed until the machine waits for the next key."""
    quiet(atari)
    chunks: list[np.ndarray] = []
    atari.machine.add_audio_sink(chunks.append)
    try:
        atari.type_text(text)
        atari.run_frames(2)
    finally:
        atari.machine.audio_sinks.remove(chunks.append)
    return np.concatenate(chunks)


def quiet(atari: HeadlessAtari, limit: int = 600) -> None:
    """Run frames until one is all silence (an earlier click's running mean has died away)."""
    chunks: list[np.ndarray] = []
    atari.machine.add_audio_sink(chunks.append)
    try:
        for _ in range(limit):
            atari.run_frames(1)
            if chunks and not chunks[-1].any():
                return
        raise AssertionError("the speaker never fell silent")
    finally:
        atari.machine.audio_sinks.remove(chunks.append)


def peak_hz(samples: np.ndarray) -> float:
    """The strongest frequency of the first 10 ms after the sound starts."""
    loud = np.nonzero(samples)[0]
    burst = samples[loud[0]:loud[0] + RATE // 100].astype(float)
    spectrum = np.abs(np.fft.rfft((burst - burst.mean()) * np.hanning(len(burst)), n=RATE))
    return float(np.argmax(spectrum[100:]) + 100)


def erase_line(atari: HeadlessAtari) -> None:
    """Clear the screen so typed keys never pile up into a long logical line."""
    atari.type_script("{CLEAR}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(KEYS))
def test_a_key_typed_at_ready_clicks_at_the_loops_rate(atari: HeadlessAtari, key: str) -> None:
    atari.poke(NOCLIK, 0)
    samples = listen(atari, key)
    erase_line(atari)
    assert samples.any()
    assert peak_hz(samples) == pytest.approx(CLICK_HZ, abs=60)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(KEYS), flag=st.integers(1, 255))
def test_noclik_non_zero_silences_the_click(atari: HeadlessAtari, key: str, flag: int) -> None:
    atari.poke(NOCLIK, flag)
    try:
        samples = listen(atari, key)
    finally:
        atari.poke(NOCLIK, 0)
    taken = chr(atari.screen_codes()[0][2] + 32)  # the key was taken all the same
    erase_line(atari)
    assert not samples.any()
    assert taken == key


def test_a_key_for_a_k_get_clicks_and_poke_731_1_silences_it() -> None:
    """GET #1 from K: in BASIC: one click per key taken; after POKE 731,1 none."""
    atari = HeadlessAtari(basic_rom="free")
    atari.boot()
    atari.type_text('OPEN #1,4,0,"K:"\n')
    atari.type_text("GET #1,A:? A\n")
    assert listen(atari, "Q").any()
    assert "81" in atari.screen_text()
    atari.type_text("POKE 731,1:GET #1,A:? A*2\n")
    assert not listen(atari, "Q").any()
    assert "162" in atari.screen_text()
