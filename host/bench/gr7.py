"""Issue 26's own program: a BASIC player moving over a GRAPHICS 7 picture, the frame's
picture made every frame as the window makes it (`surround bench --emulator`:
``gr7_player_realtime_ratio``).

basic/bench/gr7player.lst is written as a magazine type-in would be: GRAPHICS 7 with eight
pages kept below RAMTOP for the players, a picture drawn with PLOT and DRAWTO, player 0
POKEd into PMBASE memory and moved to and fro by FOR loops POKEing HPOSP0.  Once the
picture and the player are ready it POKEs 1 into location 1536 (page 6, free for the user:
Mapping the Atari, 1536-1791); from there the free BASIC runs it for ``FRAMES`` frames with
``frame_rgb()`` after each, and the figure is emulated seconds per host second (the median of
``RUNS`` runs).
"""

from __future__ import annotations

import statistics
import time

from emulator.headless import MachineOptions
from emulator.machine import Machine
from host.atari.basic_session import BasicSession
from host.bench.basic import bench_dir
from host.errors import SurroundError

LISTING = "gr7player.lst"
READY_FLAG = 1536  # the program POKEs 1 here when the picture and the player are ready
FRAMES = 600
RUNS = 3
MAX_SETUP_FRAMES = 1200  # drawing the picture takes about 150 frames on the free BASIC


def start_program(video: str = "ntsc") -> BasicSession:
    """The free BASIC running basic/bench/gr7player.lst, its picture drawn and its player moving."""
    path = bench_dir() / LISTING
    if not path.is_file():
        raise SurroundError(f"{path}: benchmark listing missing")
    session = BasicSession(MachineOptions(basic_rom="free", video=video), h_directory=path.parent)
    machine = session.atari.machine
    machine.memory.ram[READY_FLAG] = 0
    session.start_program(path)
    for _ in range(MAX_SETUP_FRAMES):
        machine.run_frames(1)
        if machine.memory.ram[READY_FLAG] == 1:
            return session
    raise SurroundError(f"{path}: the picture was not ready after {MAX_SETUP_FRAMES} frames "
                        f"(location {READY_FLAG} never became 1); screen:\n{session.screen_text()}")


def measure(video: str = "ntsc") -> dict[str, float]:
    """``gr7_player_realtime_ratio``: emulated seconds per host second over ``FRAMES`` frames,
    the RGB picture made after every frame; the median of ``RUNS`` such runs one after another
    (one run takes about a tenth of a second: a single one is at the mercy of the host's load)."""
    machine = start_program(video).atari.machine
    return {"gr7_player_realtime_ratio": round(statistics.median(realtime_ratio(machine) for _ in range(RUNS)), 1)}


def realtime_ratio(machine: Machine) -> float:
    """Emulated seconds per host second of ``FRAMES`` frames, each with its RGB picture."""
    start_cycles = machine.cycles
    started = time.perf_counter()
    for _ in range(FRAMES):
        machine.run_frames(1)
        machine.frame_rgb()
    elapsed = time.perf_counter() - started
    return (machine.cycles - start_cycles) / machine.video.cpu_hz / elapsed
