"""CIO calls from a test: the IOCB layout and a driver for IOCB n of a booted HeadlessAtari
(tests of H:, D: and the OS's handlers)."""

from __future__ import annotations

from pathlib import Path

from emulator.headless import HeadlessAtari

CIOV = 0xE456
ICCOM, ICSTA, ICBAL, ICBLL, ICAX1, ICAX2, ICAX3 = 0x0342, 0x0343, 0x0344, 0x0348, 0x034A, 0x034B, 0x034C
OPEN, GET_RECORD, GET_BYTES, PUT_RECORD, PUT_BYTES, CLOSE, STATUS = 3, 5, 7, 9, 11, 12, 13
RENAME, DELETE, LOCK, UNLOCK, POINT, NOTE = 32, 33, 35, 36, 37, 38
NAME, BUFFER = 0x0580, 0x2000
EOL = 0x9B


class Cio:
    """CIO calls on IOCB 1 of a booted machine."""

    def __init__(self, atari: HeadlessAtari, iocb: int = 1) -> None:
        self.atari = atari
        self.x = iocb * 16

    def call(self, command: int, name: str | None = None, aux1: int = 0, length: int = 0,
             data: bytes = b"", a: int = 0) -> int:
        atari, x = self.atari, self.x
        address = BUFFER
        if name is not None:
            encoded = name.encode("latin-1") + bytes((EOL,))
            for offset, byte in enumerate(encoded):
                atari.poke(NAME + offset, byte)
            address = NAME
        for offset, byte in enumerate(data):
            atari.poke(BUFFER + offset, byte)
        atari.poke(ICCOM + x, command)
        atari.poke_word(ICBAL + x, address)
        atari.poke_word(ICBLL + x, length)
        if command in (OPEN, RENAME, DELETE, LOCK, UNLOCK):
            atari.poke(ICAX1 + x, aux1)
            atari.poke(ICAX2 + x, 0)
        self.a, _, status, _ = atari.call(CIOV, a=a, x=x)
        assert atari.peek(ICSTA + x) == status
        return status

    def transferred(self) -> bytes:
        return self.atari.peek_bytes(BUFFER, self.atari.peek_word(ICBLL + self.x))

    def write_file(self, name: str, data: bytes, mode: int = 8) -> list[int]:
        """OPEN, PUT BYTES, CLOSE (CLOSE also after a failed OPEN: CIO keeps the IOCB taken)."""
        return [self.call(OPEN, name, mode), self.call(PUT_BYTES, length=len(data), data=data), self.call(CLOSE)]

    def read_file(self, name: str, size: int = 4096) -> tuple[int, bytes]:
        status = self.call(OPEN, name, 4)
        if status != 1:
            self.call(CLOSE)
            return status, b""
        status = self.call(GET_BYTES, length=size)
        data = self.transferred()
        self.call(CLOSE)
        return status, data


def booted_cio(folder: Path) -> Cio:
    """A machine with H: on ``folder``, booted, and a Cio on its IOCB 1."""
    atari = HeadlessAtari()
    atari.use_h_device(folder)
    assert atari.boot(max_frames=120)
    atari.run_frames(1)
    return Cio(atari)


def call_cio(atari: HeadlessAtari, iocb: int, command: int, buffer: int = 0, length: int = 0,
             aux1: int = 0, aux2: int = 0, data: int = 0) -> tuple[int, int, int, int]:
    """Call CIOV for one request on IOCB ``iocb`` (AUX1/AUX2 set for OPEN); (A, X, Y, flags)."""
    base = 0x0340 + 16 * iocb
    atari.poke(base + 2, command)
    atari.poke_word(base + 4, buffer)
    atari.poke_word(base + 8, length)
    if command == OPEN:
        atari.poke(base + 10, aux1)
        atari.poke(base + 11, aux2)
    return atari.call(CIOV, a=data, x=16 * iocb)
