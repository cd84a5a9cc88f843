"""Atari binary load files (XEX): parse segments, load them, run INITAD and RUNAD.

Format: the file starts with $FF $FF; then segments, each a start address,
an end address (inclusive, little-endian) and end - start + 1 data bytes.  A
further $FF $FF header may precede any later segment.

Loading as DOS does: before each segment INITAD ($02E2) is cleared; if the
segment set it, the init routine is called (JSR) and must return before the
next segment loads.  At the end the program starts at RUNAD ($02E0) if a
segment set it, else at the first segment's start address.  The machine-side
loading lives in emulator/headless.py (it needs the running machine).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from emulator.errors import EmulatorError

RUNAD = 0x02E0
INITAD = 0x02E2


@dataclass(frozen=True)
class Segment:
    start: int
    data: bytes
    offset: int  # where the segment's header starts in the file

    @property
    def end(self) -> int:
        return self.start + len(self.data) - 1


def parse_xex(data: bytes, name: str = "<xex>") -> list[Segment]:
    """The segments of a binary load file; EmulatorError "NAME: problem (offset N)" if bad."""
    if len(data) < 2 or data[0] != 0xFF or data[1] != 0xFF:
        raise EmulatorError(f"{name}: not an Atari binary file: it must start with $FF $FF (offset 0)")
    segments: list[Segment] = []
    pos = 2
    while pos < len(data):
        header_at = pos
        if data[pos:pos + 2] == b"\xff\xff" and segments:
            pos += 2  # the optional marker before a later segment
            if pos == len(data):
                break  # a trailing marker alone is harmless
        if len(data) - pos < 4:
            raise EmulatorError(f"{name}: truncated segment header (offset {pos})")
        start = data[pos] | (data[pos + 1] << 8)
        end = data[pos + 2] | (data[pos + 3] << 8)
        if end < start:
            raise EmulatorError(f"{name}: garbled segment: end ${end:04X} before start ${start:04X} (offset {pos})")
        length = end - start + 1
        body = pos + 4
        if body + length > len(data):
            raise EmulatorError(
                f"{name}: truncated segment ${start:04X}-${end:04X}: {length} bytes expected, "
                f"{len(data) - body} present (offset {body})"
            )
        segments.append(Segment(start, bytes(data[body:body + length]), header_at))
        pos = body + length
    if not segments:
        raise EmulatorError(f"{name}: no segments (offset {len(data)})")
    return segments


def read_xex(path: str | Path) -> list[Segment]:
    """Parse a XEX file; errors name the file."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise EmulatorError(f"{path}: cannot read ({error.strerror})") from None
    return parse_xex(data, str(path))


def build_xex(segments: list[tuple[int, bytes]]) -> bytes:
    """A binary load file from (start, data) pairs (for tests and tools)."""
    out = bytearray(b"\xff\xff")
    for start, data in segments:
        if not data or start + len(data) > 0x10000:
            raise ValueError("segment must hold 1..(65536 - start) bytes")
        end = start + len(data) - 1
        out += bytes((start & 0xFF, start >> 8, end & 0xFF, end >> 8)) + data
    return bytes(out)
