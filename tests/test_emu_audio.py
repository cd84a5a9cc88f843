"""POKEY's sound: tone frequencies by the POKEY formulas (FFT), polynomial periods, timers, WAV output.

Formulas (Altirra Hardware Reference Manual, De Re Atari ch. 7): a pure tone is
clock / (2 (AUDF + 1)) on the 64 kHz (1.79 MHz / 28) and 15 kHz (/ 114) clocks,
1.79 MHz / (2 (AUDF + 4)) on the 1.79 MHz clock, 1.79 MHz / (2 (N + 7)) for a
joined 16-bit pair at 1.79 MHz and clock / (2 (N + 1)) joined on the slow clocks.
"""

from __future__ import annotations

import wave

import numpy as np
import pytest

from emulator.audio import POLY4, POLY5, POLY9, PokeyAudio, poly17
from emulator.headless import HeadlessAtari

CPU_HZ = 1_789_773
RATE = 44_100


def peak_frequency(samples: np.ndarray) -> float:
    """The strongest frequency of the last second, to a tenth of a hertz (parabolic peak fit)."""
    x = samples[-RATE:].astype(float)
    spectrum = np.abs(np.fft.rfft((x - x.mean()) * np.hanning(len(x))))
    k = int(np.argmax(spectrum[5:])) + 5
    a, b, c = np.log(spectrum[k - 1:k + 2] + 1e-9)
    return (k + 0.5 * (a - c) / (a - 2 * b + c)) * RATE / len(x)


@pytest.fixture(scope="module")
def atari() -> HeadlessAtari:
    machine = HeadlessAtari()
    machine.boot()
    return machine


def play(atari: HeadlessAtari, registers: dict[int, int], frames: int = 75) -> np.ndarray:
    chunks: list[np.ndarray] = []
    machine = atari.machine
    machine.audio_sinks[:] = []
    machine.add_audio_sink(chunks.append)
    for reg in range(9):
        atari.poke(0xD200 + reg, 0)
    for address, value in registers.items():
        atari.poke(address, value)
    atari.run_frames(frames)
    machine.audio_sinks[:] = []
    return np.concatenate(chunks)


@pytest.mark.parametrize("registers, expected", [
    ({0xD208: 0x00, 0xD200: 121, 0xD201: 0xA8}, CPU_HZ / 28 / (2 * 122)),          # 64 kHz
    ({0xD208: 0x01, 0xD200: 20, 0xD201: 0xA8}, CPU_HZ / 114 / (2 * 21)),           # 15 kHz
    ({0xD208: 0x40, 0xD200: 255, 0xD201: 0xA8}, CPU_HZ / (2 * (255 + 4))),          # 1.79 MHz
    ({0xD208: 0x50, 0xD200: 1000 & 0xFF, 0xD202: 1000 >> 8, 0xD203: 0xA8}, CPU_HZ / (2 * (1000 + 7))),
    ({0xD208: 0x10, 0xD200: 100, 0xD202: 0, 0xD203: 0xA8}, CPU_HZ / 28 / (2 * 101)),  # 16-bit, 64 kHz
    ({0xD208: 0x20, 0xD204: 200, 0xD205: 0xA8}, CPU_HZ / (2 * (200 + 4))),          # channel 3 fast
])
def test_pure_tones_have_the_formula_frequency(
    atari: HeadlessAtari, registers: dict[int, int], expected: float
) -> None:
    assert peak_frequency(play(atari, registers)) == pytest.approx(expected, abs=0.5)


def test_sound_0_121_10_8_from_basic_gives_middle_c(tmp_path) -> None:
    atari = HeadlessAtari(basic_rom="free")
    atari.boot()
    chunks: list[np.ndarray] = []
    atari.machine.add_audio_sink(chunks.append)
    atari.type_text("SOUND 0,121,10,8\n")
    atari.run_frames(70)
    assert peak_frequency(np.concatenate(chunks)) == pytest.approx(CPU_HZ / 28 / 244, abs=0.5)  # 261.97 Hz


def test_volume_zero_is_silent_and_volume_only_is_a_level(atari: HeadlessAtari) -> None:
    assert not play(atari, {0xD200: 121, 0xD201: 0xA0})[-RATE // 2:].any()  # once the old mean has gone
    level = play(atari, {0xD201: 0x1F}, frames=2)
    assert level.any()  # the step to the level (its running mean is then taken away)


def smallest_period(bits: np.ndarray) -> int:
    for period in range(1, len(bits) // 2 + 1):
        if np.array_equal(bits[period:], bits[:-period]):
            return period
    return len(bits)


@pytest.mark.parametrize("bits, period", [(POLY4, 15), (POLY5, 31), (POLY9, 511)])
def test_polynomials_have_their_full_period(bits: np.ndarray, period: int) -> None:
    assert smallest_period(np.tile(bits, 3)) == period


def test_poly17_has_its_full_period() -> None:
    bits = poly17()
    assert len(bits) == 131071 and 0 < bits.sum() < 131071
    # a maximal sequence has 2**16 ones; no shorter period among its divisors (131071 is prime)
    assert bits.sum() == 65536


@pytest.mark.parametrize("control, audctl, period", [
    (0xC0, 0x00, 15),      # 4-bit polynomial
    (0x80, 0x00, 131071),  # 17-bit polynomial
    (0x80, 0x80, 511),     # 9-bit polynomial (AUDCTL bit 7)
    (0x20, 0x00, 31),      # 5-bit gate, pure: 16 of 31 underflows toggle, an even number
    (0x40, 0x00, 465),     # 5-bit gate on the 4-bit polynomial: 15 x 31
])
@pytest.mark.slow
def test_each_distortion_repeats_with_its_polynomial(control: int, audctl: int, period: int) -> None:
    audio = PokeyAudio(CPU_HZ)
    audio.audc[0] = control | 8
    audio.audctl = audctl
    step = 32  # underflows 32 cycles apart: 32 is prime to 15, 31, 511 and 131071
    times = np.arange(3 * period, dtype=np.int64) * step
    _, bits = audio._clock(0, times)
    assert smallest_period(bits) == period


def test_timer_1_raises_its_irq_at_every_underflow() -> None:
    from emulator.machine import Machine
    from tests.emu_support import rom_with_code

    machine = Machine(rom_with_code("    sei\nloop:\n    nop\n    jmp loop"))
    pokey = machine.pokey
    underflows: list[int] = []
    underflow = pokey._underflow

    def recording(channel: int, cycle: int) -> None:
        underflows.append(cycle)
        underflow(channel, cycle)

    pokey._underflow = recording
    machine.run_frames(1)
    machine.poke(0xD208, 0x00)
    machine.poke(0xD200, 99)  # 100 x 28 = 2800 cycles
    machine.poke(0xD209, 0)  # STIMER
    machine.poke(0xD20E, 0x01)  # IRQEN: timer 1
    start = machine.cycles
    machine.run_frames(2)
    assert np.diff(underflows).tolist() == [2800] * (len(underflows) - 1)
    assert len(underflows) in ((machine.cycles - start) // 2800, (machine.cycles - start) // 2800 + 1)
    assert machine.peek(0xD20E) & 0x01 == 0  # IRQST bit 0: timer 1 happened
    machine.poke(0xD20E, 0x00)
    count = len(underflows)
    machine.run_frames(1)
    assert len(underflows) == count  # disabled: no more events


def test_audio_out_writes_a_wav_file(tmp_path) -> None:
    from emulator.audio import WavWriter

    atari = HeadlessAtari()
    atari.boot()
    writer = WavWriter(tmp_path / "tone.wav")
    start = atari.cycles
    atari.machine.add_audio_sink(writer)
    atari.poke(0xD200, 121)
    atari.poke(0xD201, 0xA8)
    atari.run_frames(60)
    writer.close()
    with wave.open(str(tmp_path / "tone.wav")) as wav:
        assert wav.getframerate() == RATE and wav.getsampwidth() == 2
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert len(samples) == pytest.approx((atari.machine.frame_start - start) / CPU_HZ * RATE, abs=1)
    assert peak_frequency(np.concatenate([samples, samples])) == pytest.approx(CPU_HZ / 28 / 244, abs=1.5)


def test_the_console_speaker_buzzes_at_the_rate_the_os_toggles_it() -> None:
    """Our OS's bell (CTRL-2, asm/os/editor.s EBELL) toggles CONSOL bit 3 every two scanlines:
    a square wave of 1.79 MHz / (4 x 114) = 3925 Hz for 64 periods."""
    atari = HeadlessAtari()
    atari.boot()
    chunks: list[np.ndarray] = []
    atari.machine.add_audio_sink(chunks.append)
    atari.run_frames(5)
    assert not np.concatenate(chunks).any()  # the OS's VBI writes CONSOL = 8 every frame: silence
    atari.poke(0x02DB, 1)  # NOCLIK: only the bell, not the key click (tests/test_os_keyclick.py)
    atari.type_script("{CTRL-2}")
    atari.run_frames(10)
    samples = np.concatenate(chunks).astype(float)
    loud = np.nonzero(np.abs(samples) > 0)[0]
    burst = samples[loud[0]:loud[0] + 600]
    spectrum = np.abs(np.fft.rfft((burst - burst.mean()) * np.hanning(len(burst)), n=RATE))
    assert int(np.argmax(spectrum[100:])) + 100 == pytest.approx(CPU_HZ / 456, abs=40)


def test_surround_emu_audio_out_headless(tmp_path) -> None:
    from host.cli import main

    path = tmp_path / "out.wav"
    assert main(["emu", "--frontend", "headless", "--frames", "30", "--audio-out", str(path)]) == 0
    with wave.open(str(path)) as wav:
        assert wav.getframerate() == RATE and wav.getnframes() > 20 * RATE // 60


def test_sound_from_basic_through_audio_out_has_the_formula_frequency(tmp_path) -> None:
    """`surround basic tests/basic/sound.lst --audio-out FILE.wav` (SOUND 0,121,10,8 and a loop)."""
    from pathlib import Path

    from host.cli import main

    path = tmp_path / "sound.wav"
    program = Path(__file__).parent / "basic" / "sound.lst"
    status = main(["basic", str(program), "--frontend", "headless", "--frames", "120", "--audio-out", str(path)])
    assert status == 3  # the program loops: still running after 120 frames
    with wave.open(str(path)) as wav:
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert peak_frequency(samples) == pytest.approx(CPU_HZ / 28 / (2 * 122), abs=0.5)


def test_audio_out_names_the_file_when_it_cannot_be_written(tmp_path, capsys) -> None:
    from host.cli import main

    assert main(["emu", "--frontend", "headless", "--frames", "2", "--audio-out", str(tmp_path / "x.mp3")]) == 2
    (tmp_path / "file").write_text("")  # a folder cannot be made under a file (a missing one is made)
    under_a_file = str(tmp_path / "file" / "x.wav")
    assert main(["emu", "--frontend", "headless", "--frames", "2", "--audio-out", under_a_file]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert errors == [f"surround: {tmp_path / 'x.mp3'}: the sound is written as a WAV file (name it FILE.wav)",
                      f"surround: {tmp_path / 'file' / 'x.wav'}: cannot write the audio file (Not a directory)"]
