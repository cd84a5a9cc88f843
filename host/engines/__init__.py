"""Engines the harness can drive: the Python reference, the 6502 program, the BASIC program."""
