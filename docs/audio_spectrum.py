"""Draw docs/images/audio-spectrum.png: the spectrum of SOUND 0,121,10,8 and of three more POKEY voices.

Run from the repository: ``python docs/audio_spectrum.py``.  The samples come from the
emulator (emulator/audio.py) exactly as ``--audio-out`` writes them; the picture is
drawn with numpy and pygame (no matplotlib needed).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from emulator.headless import HeadlessAtari  # noqa: E402
from emulator.video import NTSC  # noqa: E402

CPU_HZ, RATE = NTSC.cpu_hz, 44_100
WIDTH, HEIGHT, MARGIN = 760, 420, 60
MAX_HZ = 4000
VOICES = [  # label, registers, colour, formula frequency
    ("SOUND 0,121,10,8: 64 kHz / (2 x 122)", {0xD208: 0x00, 0xD200: 121, 0xD201: 0xA8}, (30, 90, 200),
     CPU_HZ / 28 / 244),
    ("AUDCTL $01, AUDF 20: 15 kHz / (2 x 21)", {0xD208: 0x01, 0xD200: 20, 0xD201: 0xA8}, (200, 60, 40),
     CPU_HZ / 114 / 42),
    ("AUDCTL $40, AUDF 255: 1.79 MHz / (2 x 259)", {0xD208: 0x40, 0xD200: 255, 0xD201: 0xA8}, (30, 150, 60),
     CPU_HZ / 518),
    ("AUDCTL $50, N 1000: 1.79 MHz / (2 x 1007)", {0xD208: 0x50, 0xD200: 0xE8, 0xD202: 3, 0xD203: 0xA8},
     (150, 60, 170), CPU_HZ / 2014),
]


def spectrum(registers: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
    atari = HeadlessAtari()
    atari.boot()
    chunks: list[np.ndarray] = []
    atari.machine.add_audio_sink(chunks.append)
    for address, value in registers.items():
        atari.poke(address, value)
    atari.run_frames(80)
    x = np.concatenate(chunks)[-RATE:].astype(float)
    magnitude = np.abs(np.fft.rfft((x - x.mean()) * np.hanning(len(x))))
    decibels = 20 * np.log10(magnitude / magnitude.max() + 1e-6)
    return np.fft.rfftfreq(len(x), 1 / RATE), decibels


def main() -> None:
    pygame.init()
    surface = pygame.Surface((WIDTH, HEIGHT))
    surface.fill((255, 255, 255))
    font = pygame.font.Font(None, 18)
    left, top, right, bottom = MARGIN, 30, WIDTH - 20, HEIGHT - MARGIN
    to_x = lambda hz: left + (right - left) * hz / MAX_HZ  # noqa: E731
    to_y = lambda db: top + (bottom - top) * min(1.0, -db / 80)  # noqa: E731
    for hz in range(0, MAX_HZ + 1, 500):
        pygame.draw.line(surface, (225, 225, 225), (to_x(hz), top), (to_x(hz), bottom))
        surface.blit(font.render(f"{hz}", True, (0, 0, 0)), (to_x(hz) - 12, bottom + 6))
    for db in range(0, -81, -20):
        pygame.draw.line(surface, (225, 225, 225), (left, to_y(db)), (right, to_y(db)))
        surface.blit(font.render(f"{db} dB", True, (0, 0, 0)), (8, to_y(db) - 6))
    pygame.draw.rect(surface, (0, 0, 0), (left, top, right - left, bottom - top), 1)
    surface.blit(font.render("Hz", True, (0, 0, 0)), (right - 16, bottom + 24))
    for number, (label, registers, colour, formula) in enumerate(VOICES):
        freqs, decibels = spectrum(registers)
        keep = freqs <= MAX_HZ
        points = [(to_x(f), to_y(d)) for f, d in zip(freqs[keep], decibels[keep])]
        pygame.draw.lines(surface, colour, False, points, 1)
        pygame.draw.line(surface, colour, (to_x(formula), top), (to_x(formula), top + 8), 3)
        peak = freqs[np.argmax(decibels)]
        text = f"{label} = {formula:.1f} Hz (peak {peak:.0f} Hz)"
        surface.blit(font.render(text, True, colour), (left + 250, top + 10 + 16 * number))
    title = "POKEY pure tones (AUDC $A8) from the emulator, 1 s FFT; ticks: the formula"
    surface.blit(font.render(title, True, (0, 0, 0)), (left, 8))
    out = Path(__file__).resolve().parent / "images" / "audio-spectrum.png"
    pygame.image.save(surface, str(out))
    print(out)


if __name__ == "__main__":
    main()
