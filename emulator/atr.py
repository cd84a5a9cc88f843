"""ATR disk images: read, write sectors, save atomically.

Layout: a 16-byte header, then the sectors in order.

====== =====================================================
offset header field
====== =====================================================
0-1    magic $0296 (bytes $96 $02)
2-3    image size in 16-byte paragraphs, low word
4-5    sector size: 128 or 256
6      image size in paragraphs, high byte
7-15   flags / unused
====== =====================================================

Sectors are numbered from 1.  On 256-byte-sector images the first three
sectors are still 128 bytes long (some old images pad them to 256; both are
accepted).  Bytes after the size the header announces (``trailer``: a header that
under-states its image, or data some tool appended) are no sectors, but every save
writes them back as they were: nothing of a file is lost by writing a sector.
``Atr.save()`` writes a temporary file next to the image and
replaces the image with ``os.replace``, so a crash never leaves half a file.
"""

from __future__ import annotations

import os
from pathlib import Path

from emulator.errors import EmulatorError
from emulator.files import atomic_write

ATR_MAGIC = 0x0296
HEADER_SIZE = 16
SECTOR_SIZES = (128, 256)


class Atr:
    """An ATR image held in memory; ``path`` is where ``save`` puts it."""

    def __init__(self, data: bytes | bytearray, path: str | Path | None = None, name: str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.name = name or (str(path) if path is not None else "<atr>")
        self.read_only = False
        self._parse(bytes(data))

    # -- construction ------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Atr:
        """Read an ATR file; EmulatorError naming the file if it is not a valid image."""
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise EmulatorError(f"{path}: cannot read ({error.strerror})") from None
        image = cls(data, path)
        image.read_only = not os.access(path, os.W_OK)
        return image

    @classmethod
    def blank(cls, sectors: int = 720, sector_size: int = 128, path: str | Path | None = None) -> Atr:
        """A new empty image (720 x 128 bytes is a single-density 5.25\" disk)."""
        if sector_size not in SECTOR_SIZES or sectors < 1 or sectors > 0xFFFF:
            raise EmulatorError(f"ATR: unsupported geometry {sectors} x {sector_size}")
        body = bytes(_body_size(sectors, sector_size))
        return cls(_header(len(body), sector_size) + body, path)

    def _parse(self, data: bytes) -> None:
        if len(data) < HEADER_SIZE:
            raise EmulatorError(f"{self.name}: not an ATR image (only {len(data)} bytes, offset 0)")
        magic = data[0] | (data[1] << 8)
        if magic != ATR_MAGIC:
            raise EmulatorError(f"{self.name}: not an ATR image (bad magic ${magic:04X}, offset 0)")
        paragraphs = data[2] | (data[3] << 8) | (data[6] << 16)
        sector_size = data[4] | (data[5] << 8)
        if sector_size not in SECTOR_SIZES:
            raise EmulatorError(f"{self.name}: unsupported sector size {sector_size} (offset 4)")
        size = paragraphs * 16
        body = data[HEADER_SIZE:]
        if size == 0:
            raise EmulatorError(f"{self.name}: empty ATR image (offset 2)")
        if len(body) < size:
            raise EmulatorError(
                f"{self.name}: the image is cut short: its header announces {size} bytes of sectors, the file "
                f"holds {len(body)} ({size - len(body)} bytes missing; an interrupted copy or download?)"
            )
        self.trailer = bytes(body[size:])  #: the bytes after the announced size, kept as they are
        body = body[:size]
        self.header = bytearray(data[:HEADER_SIZE])
        self.sector_size = sector_size
        self.padded_boot = False
        if sector_size == 128:
            count = size // 128
        elif size % 256 == 0 and size >= 3 * 256:
            self.padded_boot = True  # old style: boot sectors stored as 256 bytes
            count = size // 256
        else:
            count = 3 + max(0, size - 3 * 128) // 256
        if count < 1:
            raise EmulatorError(f"{self.name}: ATR image has no whole sector (offset {HEADER_SIZE})")
        self.sector_count = count
        self.body = bytearray(body)

    # -- sectors ---------------------------------------------------------------------

    def size_of(self, sector: int) -> int:
        """Bytes in ``sector`` (128 for sectors 1-3 whatever the density)."""
        return 128 if sector <= 3 else self.sector_size

    def _offset(self, sector: int) -> int:
        if not 1 <= sector <= self.sector_count:
            raise EmulatorError(f"{self.name}: no sector {sector} (1..{self.sector_count})")
        if self.sector_size == 128:
            return (sector - 1) * 128
        if self.padded_boot:
            return (sector - 1) * 256
        if sector <= 3:
            return (sector - 1) * 128
        return 3 * 128 + (sector - 4) * 256

    def has_sector(self, sector: int) -> bool:
        return 1 <= sector <= self.sector_count

    def read_sector(self, sector: int) -> bytes:
        offset = self._offset(sector)
        return bytes(self.body[offset:offset + self.size_of(sector)])

    def write_sector(self, sector: int, data: bytes) -> None:
        """Replace a sector in memory (call ``save`` to reach the file)."""
        size = self.size_of(sector)
        if len(data) != size:
            raise EmulatorError(f"{self.name}: sector {sector} needs {size} bytes, got {len(data)}")
        offset = self._offset(sector)
        self.body[offset:offset + size] = data

    def format(self) -> None:
        """Fill every sector with zeros."""
        self.body[:] = bytes(len(self.body))

    # -- saving ------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The whole file: header, sectors, and the trailer the header does not cover."""
        return bytes(self.header) + bytes(self.body) + self.trailer

    def trailer_note(self) -> str | None:
        """One line about the bytes after the announced size, or None if there are none."""
        if not self.trailer:
            return None
        return (f"{len(self.trailer)} bytes after the {len(self.body)} bytes of sectors the header announces "
                f"(offset {HEADER_SIZE + len(self.body)}): not part of the disk, kept as they are on every write")

    def save(self, path: str | Path | None = None) -> None:
        """Write the image atomically (temporary file + os.replace)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            return
        atomic_write(target, self.to_bytes())


def _body_size(sectors: int, sector_size: int) -> int:
    if sector_size == 128:
        return sectors * 128
    return min(sectors, 3) * 128 + max(0, sectors - 3) * 256


def _header(body_size: int, sector_size: int) -> bytes:
    paragraphs = body_size // 16
    header = bytearray(HEADER_SIZE)
    header[0], header[1] = ATR_MAGIC & 0xFF, ATR_MAGIC >> 8
    header[2], header[3] = paragraphs & 0xFF, (paragraphs >> 8) & 0xFF
    header[4], header[5] = sector_size & 0xFF, sector_size >> 8
    header[6] = (paragraphs >> 16) & 0xFF
    return bytes(header)
