"""Types of the compiled picture (the C extension built from emulator/_videocore.c), for mypy."""

import numpy as np

def render(ram: bytearray, out: np.ndarray, mode_lines: bytes, width: int, left: int,
           chbase_rows: np.ndarray | bytes, chactl_rows: np.ndarray | bytes,
           dmactl: int, pmbase: int, start_registers: bytes, log: list[tuple[int, int, int, int]], first: int,
           last: int, start_pixel: int, end_pixel: int, picture: bool, previous: bytearray,
           memory: bytearray | None = None, last_picture: np.ndarray | None = None, /) -> bytes | None: ...
def row_memory_size() -> int: ...
def rgb(colours: np.ndarray, palette: np.ndarray, out: np.ndarray, previous_colours: np.ndarray | None,
        previous_rgb: np.ndarray | None, /) -> bool: ...
