"""Errors of the emulator that the CLI reports as one clear line."""


class EmulatorError(Exception):
    """A problem with an input file (XEX, ATR, ROM) or with the emulated program."""


class CpuJam(EmulatorError):
    """The emulated CPU executed a KIL opcode or ran away; the message holds PC and a disassembly."""


class DiskDidNotBoot(CpuJam):
    """The CPU jammed while the OS booted the disk in D1: (garbage in its boot sectors); a
    CpuJam, so whatever handles jams handles it too."""
