"""POKEY's sound, synthesised with numpy once per frame, and a WAV writer.

The facts (Altirra Hardware Reference Manual, "POKEY: audio"; De Re Atari,
chapter 7; Mapping the Atari, $D200-$D208):

* Four channels.  AUDFn ($D200, $D202, $D204, $D206) divides the channel's
  clock: the channel's counter underflows every AUDF + 1 clocks, on the
  64 kHz clock (1.79 MHz / 28) or, with AUDCTL bit 0, the 15 kHz clock
  (1.79 MHz / 114).  AUDCTL bit 6 (channel 1) and bit 5 (channel 3) clock the
  channel at 1.79 MHz, where it underflows every AUDF + 4 cycles.  AUDCTL bit 4
  joins channels 1+2 and bit 3 channels 3+4 into 16-bit counters (the high
  byte in channel 2 / 4): N + 1 clocks, or N + 7 cycles at 1.79 MHz.  So a
  pure tone has the frequency clock / (2 (AUDF + 1)), or 1.79 MHz / (2 (AUDF +
  4)) and 1.79 MHz / (2 (N + 7)).
* AUDCn ($D201, ...): bits 0-3 volume, bit 4 volume only (the output is held
  at the volume: for sampled sound), bits 5-7 the distortion.  At each
  underflow the output is clocked: bit 7 = 0 lets only the underflows through
  at which the 5-bit polynomial gives 1; then bit 5 = 1 toggles the output
  (a pure tone), else the output takes the 4-bit polynomial (bit 6 = 1) or the
  17-bit one (the 9-bit one with AUDCTL bit 7).  The polynomial counters run
  at 1.79 MHz: x^4+x^3+1 (period 15), x^5+x^3+1 (31), x^9+x^4+1 (511),
  x^17+x^12+1 (131071; RANDOM reads the same counter, emulator/pokey.py).
* High-pass filters: AUDCTL bit 2 makes channel 1's output the XOR of its
  flip-flop and a latch that takes it at every underflow of channel 3; bit 1
  the same for channel 2 with channel 4.
* The console speaker (GTIA CONSOL bit 3) is a fifth, one-bit voice: the keyboard
  click and the buzzer are toggles of it; the OS leaves it at 1 (silent).

Register writes are logged with their cycle; at the end of each frame the
frame's samples (44,100 a second, box-filtered from the exact output edges)
are made from the log.  A frame in which every volume is 0 and the speaker
rests costs a few comparisons.  Output: int16 mono, the channels' volumes
summed (4 x 15 + the speaker) with their running mean removed.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from emulator.errors import EmulatorError
from emulator.files import make_folder_for

SAMPLE_RATE = 44_100
AUDF1, AUDC1, AUDCTL, STIMER = 0x00, 0x01, 0x08, 0x09
SPEAKER_LEVEL = 8  # the console speaker's loudness in POKEY volume steps
FULL_SCALE = 4 * 15 + SPEAKER_LEVEL
DC_DECAY = 0.9


def poly_bits(bits: int, tap: int) -> np.ndarray:
    """One period (2**bits - 1) of the linear feedback shift register x^bits + x^tap + 1, as 0/1."""
    period = (1 << bits) - 1
    state = period
    out = np.empty(period, dtype=np.uint8)
    for step in range(period):
        out[step] = state & 1
        feedback = (state ^ (state >> (bits - tap))) & 1
        state = (state >> 1) | (feedback << (bits - 1))
    return out


POLY4 = poly_bits(4, 3)
POLY5 = poly_bits(5, 3)
POLY9 = poly_bits(9, 4)
_poly17: np.ndarray | None = None


def poly17() -> np.ndarray:
    global _poly17
    if _poly17 is None:
        _poly17 = poly_bits(17, 12)
    return _poly17


def channel_periods(audf: bytes | list[int], audctl: int) -> list[int]:
    """CPU cycles between underflows of channels 1-4 for these AUDF values and AUDCTL."""
    base = 114 if audctl & 0x01 else 28
    periods = [base * (audf[n] + 1) for n in range(4)]
    if audctl & 0x40:
        periods[0] = audf[0] + 4
    if audctl & 0x20:
        periods[2] = audf[2] + 4
    if audctl & 0x10:
        joined = audf[1] * 256 + audf[0]
        periods[1] = joined + 7 if audctl & 0x40 else base * (joined + 1)
    if audctl & 0x08:
        joined = audf[3] * 256 + audf[2]
        periods[3] = joined + 7 if audctl & 0x20 else base * (joined + 1)
    return periods


class PokeyAudio:
    """The four channels' state and the frame-by-frame synthesis."""

    def __init__(self, cpu_hz: int, rate: int = SAMPLE_RATE) -> None:
        self.cpu_hz = cpu_hz
        self.rate = rate
        self.cycles_per_sample = cpu_hz / rate
        self.audf = [0, 0, 0, 0]
        self.audc = [0, 0, 0, 0]
        self.audctl = 0
        self.speaker = 1
        self.speaker_logged = 1
        self.log: list[tuple[int, int, int]] = []  # (cycle, register 0-9 or -1 speaker, value)
        self.next_underflow = [0, 0, 0, 0]
        self.output = [0, 0, 0, 0]  # the channels' flip-flops
        self.latch = [0, 0]  # high-pass latches of channels 1 and 2
        self.next_sample = 0.0  # machine cycle of the next sample's start
        self.dc = 0.0

    # -- the register log ------------------------------------------------------------

    def write(self, cycle: int, reg: int, value: int) -> None:
        self.log.append((cycle, reg, value))

    def speaker_write(self, cycle: int, value: int) -> None:
        bit = (value >> 3) & 1
        if bit != self.speaker_logged:  # the OS writes 8 every frame: only changes count
            self.speaker_logged = bit
            self.log.append((cycle, -1, bit))

    def silent(self) -> bool:
        return not any(c & 0x1F for c in self.audc) and bool(self.speaker) and not self.log

    # -- synthesis ------------------------------------------------------------------------

    def render(self, end: int) -> np.ndarray:
        """The samples up to machine cycle ``end`` (int16)."""
        start = int(self.next_sample)
        count = int((end - self.next_sample) // self.cycles_per_sample)
        edges = self.next_sample + self.cycles_per_sample * np.arange(count + 1)
        self.next_sample = float(edges[-1]) if count else self.next_sample
        if count <= 0:
            return np.zeros(0, dtype=np.int16)
        stop = int(np.ceil(edges[-1]))
        if self.silent():
            self._advance_idle(stop)
            self.dc *= DC_DECAY
            return np.zeros(count, dtype=np.int16)
        pieces = self._pieces(start, stop)
        mix = np.zeros(count)
        for times, values in pieces:
            mix += _box_average(times, values, edges)
        if not mix.any():
            self.dc *= DC_DECAY
            return np.zeros(count, dtype=np.int16)
        self.dc = DC_DECAY * self.dc + (1 - DC_DECAY) * float(mix.mean())
        scaled = (mix - self.dc) * (32767.0 / FULL_SCALE)
        return np.clip(scaled, -32768, 32767).astype(np.int16)

    def _advance_idle(self, stop: int) -> None:
        periods = channel_periods(self.audf, self.audctl)
        for n in range(4):
            if self.next_underflow[n] < stop:
                steps = -(-(stop - self.next_underflow[n]) // periods[n])
                self.next_underflow[n] += steps * periods[n]

    def _pieces(self, start: int, stop: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """For each voice, (times, levels): the level from each time on, from ``start`` to ``stop``."""
        log = sorted(entry for entry in self.log if entry[0] < stop)
        self.log = [entry for entry in self.log if entry[0] >= stop]
        bounds = [start] + [max(start, cycle) for cycle, _, _ in log] + [stop]
        voices: list[list[np.ndarray]] = [[] for _ in range(10)]  # 4 x (times, levels) + speaker
        for index in range(len(bounds) - 1):
            a, b = bounds[index], bounds[index + 1]
            if b > a or index == len(bounds) - 2:
                self._segment(a, b, voices)
            if index < len(log):
                self._apply(log[index])
        pieces = []
        for n in range(5):
            times, levels = voices[2 * n], voices[2 * n + 1]
            if times:
                pieces.append((np.concatenate(times), np.concatenate(levels)))
        return pieces

    def _apply(self, entry: tuple[int, int, int]) -> None:
        cycle, reg, value = entry
        if reg == -1:
            self.speaker = value
        elif reg == AUDCTL:
            self.audctl = value
        elif reg == STIMER:
            periods = channel_periods(self.audf, self.audctl)
            self.next_underflow = [cycle + p for p in periods]
        elif reg < 8:
            (self.audc if reg & 1 else self.audf)[reg >> 1] = value

    def _segment(self, a: int, b: int, voices: list[list[np.ndarray]]) -> None:
        """Events of every channel in [a, b) with the registers as they are now."""
        periods = channel_periods(self.audf, self.audctl)
        events: list[np.ndarray] = []
        for n in range(4):
            period = periods[n]
            first = self.next_underflow[n]
            if first < a:
                first += -(-(a - first) // period) * period
            count = max(0, -(-(b - first) // period))
            events.append(first + period * np.arange(count, dtype=np.int64))
            self.next_underflow[n] = first + count * period
        previous, previous_latch = list(self.output), list(self.latch)
        outputs = [self._clock(n, events[n]) for n in range(4)]
        for n in range(4):
            control = self.audc[n]
            volume = control & 0x0F
            times, bits = outputs[n]
            start_bit = previous[n]
            if n < 2 and self.audctl & (0x04 if n == 0 else 0x02):
                times, bits = self._high_pass(n, times, bits, events[n + 2], previous[n], previous_latch[n])
                start_bit ^= previous_latch[n]
            if control & 0x10:  # volume only
                times, levels, start_level = np.zeros(0, dtype=np.int64), np.zeros(0), float(volume)
            else:
                levels, start_level = bits.astype(float) * volume, float(start_bit * volume)
            voices[2 * n].append(np.concatenate(([a], times)))
            voices[2 * n + 1].append(np.concatenate(([start_level], levels)))
        voices[8].append(np.array([a]))
        voices[9].append(np.array([0.0 if self.speaker else float(SPEAKER_LEVEL)]))

    def _clock(self, n: int, times: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The flip-flop's value after each underflow of channel ``n``."""
        control = self.audc[n]
        if not len(times):
            return times, np.zeros(0, dtype=np.uint8)
        gate = np.ones(len(times), dtype=bool) if control & 0x80 else POLY5[times % 31].astype(bool)
        if control & 0x20:  # pure: toggle at every passed underflow
            flips = np.cumsum(gate) & 1
            bits = (self.output[n] ^ flips).astype(np.uint8)
        else:
            if control & 0x40:
                sample = POLY4[times % 15]
            elif self.audctl & 0x80:
                sample = POLY9[times % 511]
            else:
                sample = poly17()[times % 131071]
            # hold the last passed sample where the gate is shut
            index = np.where(gate, np.arange(len(times)), -1)
            np.maximum.accumulate(index, out=index)
            bits = np.where(index >= 0, sample[np.maximum(index, 0)], self.output[n]).astype(np.uint8)
        self.output[n] = int(bits[-1])
        return times, bits

    def _high_pass(self, n: int, times: np.ndarray, bits: np.ndarray, clock: np.ndarray,
                   previous: int, previous_latch: int) -> tuple[np.ndarray, np.ndarray]:
        """Channel n's output XOR a latch of it taken at each underflow of channel n + 2."""
        all_times = np.union1d(times, clock)
        own = np.searchsorted(times, all_times, side="right") - 1
        value = np.where(own >= 0, bits[np.maximum(own, 0)] if len(bits) else previous, previous)
        index = np.where(np.isin(all_times, clock), np.arange(len(all_times)), -1)
        np.maximum.accumulate(index, out=index)
        latch = np.where(index >= 0, value[np.maximum(index, 0)], previous_latch)
        if len(latch):
            self.latch[n] = int(latch[-1])
        return all_times, (value ^ latch).astype(np.uint8)


def _box_average(times: np.ndarray, values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """The mean of a step function (``values[k]`` from ``times[k]`` on) over each [edges[j], edges[j+1])."""
    order = np.argsort(times, kind="stable")
    times, values = times[order].astype(float), values[order]
    widths = np.diff(times, append=times[-1])
    area = np.concatenate(([0.0], np.cumsum(values * widths)))[:-1]

    def integral(points: np.ndarray) -> np.ndarray:
        k = np.clip(np.searchsorted(times, points, side="right") - 1, 0, len(times) - 1)
        level: np.ndarray = area[k] + values[k] * (points - times[k])
        return level

    total = integral(edges)
    return np.diff(total) / np.diff(edges)


class WavWriter:
    """Mono 16-bit WAV, written frame by frame (``--audio-out FILE.wav``)."""

    def __init__(self, path: str | Path, rate: int = SAMPLE_RATE) -> None:
        self.path = Path(path)
        if self.path.suffix.lower() != ".wav":
            raise EmulatorError(f"{path}: the sound is written as a WAV file (name it FILE.wav)")
        try:
            self.raw = open(make_folder_for(self.path), "wb")
        except OSError as error:
            raise EmulatorError(f"{path}: cannot write the audio file ({error.strerror or error})") from None
        self.file = wave.open(self.raw, "wb")
        self.file.setnchannels(1)
        self.file.setsampwidth(2)
        self.file.setframerate(rate)

    def __call__(self, samples: np.ndarray) -> None:
        self.file.writeframes(samples.astype("<i2").tobytes())

    def close(self) -> None:
        self.file.close()
        self.raw.close()
