"""GTIA's player/missile shift registers, colour clock by colour clock.

The picture (emulator/pmg.py) draws a scan line's players and missiles from its positions,
sizes and graphics at once; a line in which the CPU writes HPOS, SIZE or GRAF while the beam
is on it is drawn here instead, the way GTIA makes it.  The facts are GTIA's as the Altirra
emulator models them (its author wrote the Altirra Hardware Reference Manual and Acid800),
checked against Acid800's "GTIA: P/M retriggering", "GTIA: Player resizing" and "GTIA:
Player overlap" with the CPU's write cycles placed by hand (the machine's own placing is
emulator/machine.py's):

* Each player has an 8-bit shift register and each missile a 2-bit one; what GTIA shows of
  the object at a colour clock is the register's leftmost bit.
* The object is triggered whenever the horizontal colour clock counter equals its HPOS: its
  graphics (the GRAFPn/GRAFM latch, which DMA or the CPU fills) are ORed into the shift
  register.  So writing HPOS again to a position the beam has not reached shows the object
  once more on the same line, and a trigger while it is still shifting overlaps the two
  images.  A trigger in the middle of a wide bit ends that bit first (one shift).
* A 2-bit counter paces the shifts, advancing every colour clock by the object's size as it
  is then (SIZE bits 0-1): normal (0) shifts every clock; double (1) counts 0, 1, 0 ... and
  quadruple (3) 0, 1, 2, 3, 0 ..., shifting as the counter returns to 0; the second normal
  width (2) takes 0 and 3 to 0 but 1 and 2 to 2, where it stays.  So a size written while a
  bit is out changes the pace from the next clock, and a switch from quadruple to 2 in the
  middle of a bit locks the shifter up: that bit shows to the end of the line (the lock-up
  quirk of Acid800's resizing test).  A trigger resets the counter.
* A locked-up shifter stays so into the next lines, its bit showing from their start, until
  a trigger (or another size) sets it going again (as Altirra draws it).
* GTIA takes a write a few colour clocks after the CPU's write cycle: HPOS 5, SIZE and GRAF 3,
  PRIOR 2 (``WRITE_DELAY``, Altirra's figures; Acid800's retrigger test brackets write cycle
  plus delay to a colour clock: players moved to $B8 and $B9 by writes one and two cycles
  apart must show, or not, on either side).

Colour clocks here are the line's (HPOS values: 0-227, two a machine cycle; the picture's
left edge is HPOS $20).
"""

from __future__ import annotations

from dataclasses import dataclass

LINE_CLOCKS = 228  # colour clocks in a scan line (114 machine cycles)
HPOSP0, SIZEP0, SIZEM, GRAFP0, GRAFM = 0x00, 0x08, 0x0C, 0x0D, 0x11
#: the pacing counter's next value by SIZE bits (rows) and counter (columns); a shift as it reaches 0
NEXT_COUNT = ((0, 0, 0, 0), (1, 0, 1, 0), (0, 2, 2, 0), (1, 2, 3, 0))
#: colour clocks from the CPU's write cycle until GTIA uses the value, by register $00-$1F
#: (HPOS 5, SIZE and GRAF 3, PRIOR 2; the colour registers as written)
WRITE_DELAY = bytes([5] * 8 + [3] * 10 + [0] * 9 + [2] + [0] * 4)


@dataclass(slots=True)
class Shifter:
    """One object's position, size, graphics latch and shift register (missiles: bits 7-6)."""

    position: int
    size: int
    latch: int
    register: int = 0
    count: int = 0

    def trigger(self) -> None:
        """The counter reached HPOS: a bit still out ends, the latch is ORed in."""
        if self.count:
            self.count = 0
            self.register = (self.register << 1) & 0xFF
        self.register |= self.latch

    def tick(self) -> int:
        """This colour clock's bit (0 or 1), then one clock of pacing."""
        bit = self.register >> 7
        self.count = NEXT_COUNT[self.size][self.count]
        if not self.count:
            self.register = (self.register << 1) & 0xFF
        return bit


def missile_bits(grafm: int, number: int) -> int:
    """Missile ``number``'s two bits of GRAFM as its shift register holds them (bits 7-6)."""
    return ((grafm >> (2 * number)) & 3) << 6


def shifters(registers: bytes | bytearray, graphics: bytes | bytearray) -> list[Shifter]:
    """The eight objects at a line's start: HPOS and SIZE from GTIA's write ``registers``, the
    latches from ``graphics`` (players 0-3 and GRAFM: DMA's bytes or the GRAF registers)."""
    objects = [Shifter(registers[HPOSP0 + n], registers[SIZEP0 + n] & 3, graphics[n]) for n in range(4)]
    objects += [Shifter(registers[HPOSP0 + 4 + n], (registers[SIZEM] >> (2 * n)) & 3,
                        missile_bits(graphics[4], n)) for n in range(4)]
    return objects


def apply_write(objects: list[Shifter], reg: int, value: int) -> None:
    """A write to HPOS, SIZE or GRAF reaching the objects (others change none of them)."""
    if reg < SIZEP0:
        objects[reg].position = value
    elif reg < SIZEM:
        objects[reg - SIZEP0].size = value & 3
    elif reg == SIZEM:
        for n in range(4):
            objects[4 + n].size = (value >> (2 * n)) & 3
    elif reg < GRAFM:
        objects[reg - GRAFP0].latch = value
    elif reg == GRAFM:
        for n in range(4):
            objects[4 + n].latch = missile_bits(value, n)


def line_objects(objects: list[Shifter], writes: list[tuple[int, int, int]]) -> bytearray:
    """Which objects show at each colour clock of a line (bits 0-3 players, 4-7 missiles).

    ``objects``: the shifters at the line's start (changed: they end as the line leaves them);
    ``writes``: (colour clock, register, value) in order, each taking effect at its clock."""
    shown = bytearray(LINE_CLOCKS)
    pending = 0
    for clock in range(LINE_CLOCKS):
        while pending < len(writes) and writes[pending][0] <= clock:
            apply_write(objects, writes[pending][1], writes[pending][2])
            pending += 1
        bits = 0
        for number, obj in enumerate(objects):
            if obj.position == clock:
                obj.trigger()
            bits |= obj.tick() << number
        shown[clock] = bits
    return shown


def carry_locked(objects: list[Shifter]) -> dict[int, tuple[int, int]]:
    """The objects whose shifters a line leaves locked up with bits in them: number ->
    (register, counter), which they keep at the next line's start."""
    return {number: (obj.register, obj.count) for number, obj in enumerate(objects)
            if obj.register and obj.size == 2 and obj.count in (1, 2)}
