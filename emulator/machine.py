"""The Atari XL/XE machine: chips wired together, NTSC or PAL timing, interrupts, reset, idle skip.

Timing (emulator/video.py): NTSC 1,789,773 CPU cycles a second, 114 a scanline, 262
scanlines, 29,868 a frame (59.92 Hz); PAL (``Machine(..., video="pal")``) 1,773,447
cycles a second, 312 scanlines, 35,568 a frame (49.86 Hz).  The display is the same 240
scanlines, the VBI still starts at scanline 248 (GTIA's PAL register tells programs which).
A scan line's cycles are numbered as in the Altirra Hardware Reference Manual (AHRM): cycle 0
is ``frame_start + line * 114``, ANTIC's missile DMA slot (emulator/dma.py).  The CPU runs in
chunks of at most four scanlines up to the next event of the frame:

* a DLI (NMI, if NMIEN bit 7) on the last scanline of a display list instruction with bit 7
  set, the VBI (NMI, if NMIEN bit 6) on scanline 248: ANTIC sets NMIST in cycle 7 and pulls
  the NMI line in cycle 8 (in cycle 9 if NMIEN was written in cycle 7 itself; a later write is
  too late); the 6502 takes it after the first instruction whose last-but-one cycle comes at
  or after it (two of its cycles ran with it asserted), and the event sits at that instruction
  boundary, worked out from the frame's DMA timeline, so the core runs right up to it;
* the end of the frame (scanline 262 = scanline 0 of the next frame), where the
  display list is read again and held keys are released when due.

Between chunks the machine delivers a pending POKEY IRQ (if the I flag is
clear), checks for a runaway CPU (executing the I/O page, or a JMP/branch to
itself with every interrupt off; KIL opcodes and a BRK among zero bytes are caught
by the CPU itself), and applies the *idle skip*: if the CPU sits
in the OS keyboard wait loop ``LDA CH / CMP #$FF / BEQ`` (bytes
AD FC 02 C9 FF F0 F9, anywhere in memory) with CH = $FF and no IRQ pending,
nothing can change until the next interrupt, so time jumps straight to the
next event instead of stepping the loop.

WSYNC stops the CPU until ANTIC releases RDY in cycle 105 (emulator/runplan.py,
``wsync_release``: a store's next opcode fetch still runs before the halt, a read-modify-write's
does not; an instruction ending after cycle 104 waits for the next line's release).  Chips that
must know the cycle of the access itself (VCOUNT, NMIST, NMIRES, NMIEN, POKEY's timers, IRQs
and serial port, RANDOM, SKCTL) read ``access_cycle()``: the instruction's fourth cycle, where
an absolute LDA or STA reads or writes, after the DMA cycles before it.

The chunks themselves are the CPU's (``cpu.run_chunks``): the machine hands it its
*run plan* (``run_plan``, emulator/runplan.py: the frame's start and DMA timeline, where
the run starts and must stop, a revision number) and the CPU core reports back in it
(the cycles it executed; while a chunk runs, the chunk's start, for ``real_cycle``).  The
core knows nothing else of the machine.  The Python core runs one chunk per call; the
compiled core (emulator/_cpucore.c) runs chunk after chunk for as long as nothing needs
this loop: it comes back when a chunk reaches the plan's end, after a STOP, after a
chunk in which Python code (an I/O register, a trap) raised the plan's revision (the
machine does so when a timer is scheduled or the frame's DMA timeline is replaced), and
when after a chunk an IRQ is pending, the CPU is in the keyboard wait loop or may be a
runaway; so events, IRQs, the idle skip and the runaway checks happen at the same
cycles as with the Python core.

ANTIC's DMA cycle stealing (emulator/dma.py) is modelled per frame: a chunk of
real time from ``now`` to ``end`` gives the CPU only the free cycles in it, and
afterwards the cycles the CPU used are turned back into real time.  So
``cpu.processorCycles`` is real machine time between chunks (and
``cpu_cycles`` counts what the CPU itself executed); during a chunk the
chips ask ``real_cycle()`` for the exact real time (VCOUNT, RANDOM, colour
changes).

Emulator traps (opcode $02 at an address registered in ``cpu.traps``):

* the SIO patch at the target of the OS's ``JMP`` at SIOV ($E459), in the
  ``fast`` SIO mode; in the ``serial`` mode the OS's own SIO routine drives
  POKEY's serial port and the devices answer on the bus (emulator/serial.py),
* ``CALL_RETURN`` ($D700, the first byte of the emulator's page $D7, emulator/traps.py):
  a host ``call`` pushes $D6FF so that the routine's RTS lands there and stops the run,
* ``PROGRAM_EXIT`` ($D701): a started program that returns with RTS continues
  at DOSVEC ($000A), as without DOS.
* a CIO device's routines (the H: device, emulator/hdevice.py), when attached, in bytes
  the device asks the machine's ``trap_page`` for.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from pathlib import Path

import numpy as np

from emulator.antic import (
    DISPLAY_LINES,
    DMACTL,
    FIRST_DISPLAY_LINE,
    FRAME_WIDTH,
    MODES,
    NMI_DLI,
    NMI_VBI,
    NMIEN,
    NMIRES,
    NMIST,
    PLAYFIELD,
    VBLANK_LINE,
    VCOUNT,
    WSYNC,
    Antic,
    vcount,
)
from emulator.atr import Atr
from emulator.audio import PokeyAudio
from emulator.cpu import NZ_TABLE, STOP, TRAP_OPCODE, AtariCPU
from emulator.dma import DmaTimeline, timeline, width_change_counts
from emulator.errors import CpuJam, DiskDidNotBoot, EmulatorError
from emulator.gtia import CONSOL_OPTION, CONSOL_SELECT, CONSOL_START, GRAFM, GRAFP0, PRIOR, Gtia
from emulator.interfaces import Chip, CioDevice
from emulator.memory import Memory
from emulator.palette import palette_for
from emulator.pia import Pia
from emulator.picture import Picture
from emulator.pmg import COLLIDING, HPOS_OFFSET, FrameState, collisions, object_masks, uses_objects
from emulator.pokey import Pokey
from emulator.runplan import STOPPED, RunPlan, double_write, wsync_release
from emulator.serial import CassetteRecorder, SerialPort
from emulator.sio import DSTATS, Printer
from emulator.traps import PAGE as TRAP_PAGE
from emulator.traps import TrapPage
from emulator.video import CYCLES_PER_LINE, NTSC, VIDEO_STANDARDS

BOOTQ = 0x09  #: BOOT?: bit 0 set once a disk boot succeeded (Mapping the Atari, location 9)

CPU_HZ = NTSC.cpu_hz
CYCLES_PER_FRAME = NTSC.cycles_per_frame  # 29,868
#: collisions are worked out at a frame's end only if the program read a collision register in
#: this many frames before (a read itself works out the scanlines drawn so far)
COLLISION_INTEREST_FRAMES = 60

SIOV = 0xE459
SIO_MODES = ("fast", "serial")
CALL_RETURN = TRAP_PAGE  # the machine allocates these first, so they are fixed
PROGRAM_EXIT = TRAP_PAGE + 1
CH = 0x02FC
DOSVEC = 0x000A
BRANCH_OPCODES = frozenset((0x10, 0x30, 0x50, 0x70, 0x90, 0xB0, 0xD0, 0xF0))
KEY_WAIT_LOOP = bytes((0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9))
#: the cycle of an instruction in which it reads or writes a chip's register: an absolute LDA,
#: STA, CMP ... (the form programs use for them) in its fourth
ACCESS_CYCLE = 3
#: the CPU takes an IRQ whose line changed in cycle c at the first instruction boundary at or
#: after c + 4: the 6502 polls IRQ in an instruction's last-but-one cycle, which must come at
#: least two cycles after the change (Acid800's "POKEY: IRQ timing": after STA IRQEN two INX
#: run, after LDX zp none)
IRQ_TAKEN_AFTER = 4

#: the cycle of a scan line at which ANTIC sets NMIST's DLI or VBI bit; it pulls the CPU's NMI
#: line one cycle later (Altirra Hardware Reference Manual, "NMI timing": NMIST changes at
#: cycle 7, the NMI comes at cycle 8)
NMIST_CYCLE = 7
NMI_DELAY = 1
#: the 6502 takes an interrupt after an instruction only if it was asserted by the
#: instruction's last-but-one cycle, i.e. two of its cycles ran with it asserted (AHRM 2.4)
NMI_RECOGNITION_CYCLES = 2


#: A timed callback: called with the machine time (cycle) it was scheduled for.
TimedCallback = Callable[[int], None]


FrameRecord = FrameState  # what the renderer needs of a finished frame (emulator/pmg.py)


class Machine:
    """An Atari 800XL-style machine with 64 KiB RAM."""

    def __init__(self, os_rom: bytes | None, basic_rom: bytes | None = None, seed: int = 0,
                 video: str = "ntsc") -> None:
        check_rom_sizes(os_rom, basic_rom)
        if video not in VIDEO_STANDARDS:
            raise EmulatorError(f"unknown video standard {video!r} (choose ntsc or pal)")
        self.video = VIDEO_STANDARDS[video]
        self.cycles_per_frame = self.video.cycles_per_frame
        self.lines_per_frame = self.video.lines_per_frame
        self.memory = Memory()
        memory = self.memory
        self.cpu = AtariCPU(memory.ram, memory.io_read, memory.write_special, memory.writable)
        self.gtia = Gtia(self._beam, pal=video == "pal")
        self.gtia.collide = self._collide_now
        self._collisions_read_frame = -COLLISION_INTEREST_FRAMES - 1  # frame of the last collision read
        # the frame state the collisions drew whole (and the Python playfield they drew, if any)
        self._indices_cache: tuple[FrameState, int, np.ndarray | None] | None = None
        self.palette = palette_for(video)
        self._collided_rows = 0  # displayed rows whose collisions are in GTIA's registers
        self._collided_pixel = 0  # ... and pixels of the row after them
        self._collided_blank = (VBLANK_LINE, 0)  # ... and of the vertical blank (_collide_blank)
        self._pokey_irq = self._pia_irq = False
        self.irq_from = 0  # the first instruction boundary at which the CPU may take the IRQ
        self.pokey = Pokey(cycles=self._cycle_now, irq_changed=self._irq_changed, seed=seed,
                           access_cycle=self.access_cycle)
        self.pokey.schedule = self.schedule
        self.pokey.cancel = self.cancel
        self.audio: PokeyAudio | None = None
        self.audio_sinks: list[Callable[[np.ndarray], None]] = []
        self.pia = Pia(memory.set_portb)
        self.antic = Antic(memory.ram)
        self.antic.scanline = self.scanline
        self.antic.beam = lambda: divmod(self.real_cycle() - self.frame_start, CYCLES_PER_LINE)
        self.antic.access_beam = lambda: divmod(self.access_cycle() - self.frame_start, CYCLES_PER_LINE)
        self.antic.display_list_changed = self.display_list_changed
        self.picture = Picture(self.antic)  # compiled (emulator/_videocore.c) or Python
        self.serial = SerialPort(self.pokey, self.schedule, self.access_cycle)
        self.pokey.serial = self.serial
        self.pia.cb2_changed = lambda low: self.serial.bus.set_command(low, self.real_cycle())
        self.pia.ca2_changed = self._motor
        self.pia.irq_changed = self._pia_irq_changed
        for page, chip in ((0, self.gtia), (3, self.pia)):
            self._attach_chip(page, chip)
        memory.attach_io(2, self.pokey.read, self._pokey_write)  # a timer write ends the chunk
        memory.attach_io(4, self._antic_read, self._antic_write)
        memory.install_roms(os_rom, basic_rom)

        self.frame_start = 0
        self.frames = 0
        self.waited_for_key = False  # the CPU has waited for a key since power-on (the boot is over)
        self.tape_motor = False  # the cassette motor line (PACTL CA2) is on
        self.key_release_frame: int | None = None
        self.console_release_frame: int | None = None
        self.completed_frame: FrameRecord | None = None
        self._events: list[tuple[int, str, int]] = []
        self._replan = False  # an ANTIC write changed the frame's DLIs or DMA: the chunk ends
        self._nmien_written = (-1, 0)  # machine time of the last NMIEN write, the value before it
        self._nmist_set_for = -1  # the event whose NMIST bits a read or NMIRES has set already
        self._frame_dmactl = 0  # DMACTL at the frame's top, and its writes during it (emulator/dma.py)
        self._dmactl_changes: list[tuple[int, int]] = []
        #: the last frame's display list and DMA timeline, and its events' (offset, kind, line)
        self._frame_events: tuple[object, object, list[tuple[int, str, int]]] = (None, None, [])
        self._event_index = 0
        self._timed: list[tuple[int, int, TimedCallback]] = []  # heap of (cycle, order, callback)
        self._timed_order = itertools.count()
        self._cancelled: set[int] = set()
        #: what the CPU core gets for its runs of chunks (emulator/runplan.py)
        self.run_plan = RunPlan(timeline(self.antic.display_list, self.antic.dmactl, self.lines_per_frame))
        self.hdevice: CioDevice | None = None
        self.cpu_cycles = 0  # cycles the CPU executed (real time minus ANTIC's DMA)
        self.siov_target: int | None = None

        self._install_traps()
        self.power_on()

    # -- wiring helpers ---------------------------------------------------------------

    def real_cycle(self) -> int:
        """Real machine time now, also in the middle of a chunk of CPU work."""
        return self.run_plan.real_time(self.cpu.processorCycles)

    @property
    def dma(self) -> DmaTimeline:
        """The DMA timeline of the frame (emulator/dma.py)."""
        return self.run_plan.timeline

    @dma.setter
    def dma(self, timeline: DmaTimeline) -> None:
        self.run_plan.use_timeline(timeline)
        self._events[self._event_index:] = sorted(self._event(kind, line) for _, kind, line in
                                                  self._events[self._event_index:])

    _cycle_now = real_cycle

    def access_cycle(self) -> int:
        """Machine time of the access cycle of the instruction now running (its fourth, where
        an absolute LDA, STA or CMP reads or writes), with ANTIC's DMA before it."""
        return self.run_plan.cycle_time(self.cpu.processorCycles, ACCESS_CYCLE)

    def scanline(self) -> int:
        """The scanline the beam is on (0-261)."""
        return ((self.real_cycle() - self.frame_start) // CYCLES_PER_LINE) % self.lines_per_frame

    def _beam(self) -> tuple[int, int]:
        """The scan line and colour clock the beam is at (two colour clocks a machine cycle:
        Mapping the Atari, appendix 3), where a GTIA write takes effect (emulator/pmg.py)."""
        line, cycle = divmod(self.access_cycle() - self.frame_start, CYCLES_PER_LINE)
        return line, 2 * cycle

    def _attach_chip(self, page: int, chip: Chip) -> None:
        """A chip's registers on I/O page $D0xx + ``page``."""
        self.memory.attach_io(page, chip.read, chip.write)

    def _irq_changed(self, line: bool, cycle: int) -> None:
        """POKEY's IRQ output, changed in ``cycle``; the PIA's is wired to the same CPU line."""
        if line and not self._pokey_irq:
            self.irq_from = cycle + IRQ_TAKEN_AFTER
        self._pokey_irq = line
        self.cpu.irq_line = line or self._pia_irq

    def _pia_irq_changed(self, line: bool) -> None:
        self._pia_irq = line
        self.cpu.irq_line = line or self._pokey_irq

    def _antic_read(self, addr: int) -> int:
        """ANTIC's registers as they are at the instruction's access cycle: VCOUNT counts at
        cycle 111 of the line, NMIST changes at cycle 7 (also within an instruction that began
        earlier: the machine's event for it comes only after the instruction)."""
        reg = addr & 0x0F
        if reg == VCOUNT:
            line, cycle = divmod(self.access_cycle() - self.frame_start, CYCLES_PER_LINE)
            return vcount(line % self.lines_per_frame, cycle, self.lines_per_frame)
        if reg == NMIST and self._nmist_set_for != self._event_index:
            self._nmist_due(self.access_cycle())
        return self.antic.read(addr, 0)

    def _nmist_due(self, when: int) -> None:
        """NMIST's bits of a DLI or VBI whose cycle 7 ``when`` has reached, before its event runs
        (the event comes only where the CPU takes the NMI)."""
        index = self._event_index
        if index < len(self._events) and self._nmist_set_for != index:
            _, kind, line = self._events[index]
            if kind != "end" and self._nmist_time(line) <= when:
                self._set_nmist(kind)
                self._nmist_set_for = index

    def _set_nmist(self, kind: str) -> None:
        """A DLI sets NMIST bit 7 and clears bit 6, the VBI the other way round (AHRM, "NMIST")."""
        bit, other = (NMI_DLI, NMI_VBI) if kind == "dli" else (NMI_VBI, NMI_DLI)
        self.antic.nmist = (self.antic.nmist & ~other) | bit

    def _pokey_write(self, addr: int, value: int) -> int:
        """POKEY's registers.  A write that plans a timed event (a timer's underflow, the serial
        port's next bit) or raises the IRQ line (IRQEN) ends the CPU's chunk, so the event or the
        IRQ comes at its own cycle and not at the end of the chunk (up to four scanlines late)."""
        planned, irq_before = len(self._timed), self._pokey_irq
        self.pokey.write(addr, value)
        irq_rose = self._pokey_irq and not irq_before
        if len(self._timed) == planned and not irq_rose:
            return 0
        self.cpu.stop_reason = "replan"
        return STOP

    def _antic_write(self, addr: int, value: int) -> int:
        if addr & 0x0F == NMIEN:  # when, and over what: ANTIC looks at NMIEN in cycles 7 and 8
            self._nmien_written = (self.access_cycle(), self.antic.nmien)
        elif addr & 0x0F == NMIRES and self._nmist_set_for != self._event_index:
            self._nmist_due(self.access_cycle() - 1)  # what ANTIC set before; in cycle 7 itself it stays
        if addr & 0x0F == WSYNC:
            self.cpu.stop_reason = "wsync"
            return STOP
        before = self.antic.dmactl
        self._replan = False
        self.antic.check_display_list()  # the list below the beam as the program has left it
        self.antic.write(addr, value)
        if addr & 0x0F == DMACTL and (before ^ value) & 0x0F:
            self._dmactl_changed(before, value)
        if not self._replan:
            return 0
        self.cpu.stop_reason = "replan"
        return STOP

    def _dmactl_changed(self, before: int, value: int) -> None:
        """A DMACTL write that changes the playfield width or player/missile DMA during the frame:
        the rest of the frame's DMA follows it.  A new width counts on this scan line if written
        before its playfield DMA clock starts (emulator/dma.py, width_change_counts), players and
        missiles from the next line (their slots, cycles 0-5, have passed)."""
        line, cycle = divmod(self.access_cycle() - self.frame_start, CYCLES_PER_LINE)
        if line + 1 >= self.lines_per_frame:
            return  # the next frame's timeline starts with it
        changes = self._dmactl_changes
        old_width, new_width = PLAYFIELD[before & 0x03][0], PLAYFIELD[value & 0x03][0]
        if old_width != new_width and width_change_counts(cycle, old_width, new_width, self._hscrol_delay(line)):
            changes.append((line, (before & ~0x03) | (value & 0x03)))
        changes.append((line + 1, value))
        self.dma = timeline(self.antic.display_list, self._frame_dmactl, self.lines_per_frame, tuple(changes))

    def _hscrol_delay(self, line: int) -> int:
        """The cycles HSCROL delays the playfield DMA of scan line ``line`` by (0 off a scrolled line)."""
        for mode_line in self.antic.display_list.mode_lines:
            if mode_line.line <= line < mode_line.line + mode_line.height:
                return mode_line.shift >> 1
        return 0

    # -- traps --------------------------------------------------------------------------

    def _install_traps(self) -> None:
        cpu = self.cpu
        self.trap_page = TrapPage(self.memory.ram)
        call_return, program_exit = self.trap_page.allocate_traps(2, "machine: host call, program exit")
        assert (call_return, program_exit) == (CALL_RETURN, PROGRAM_EXIT)
        self.memory.attach_io(7, self.trap_page.reader(), lambda addr, value: 0)
        cpu.traps[CALL_RETURN] = self._trap_call_return
        cpu.traps[PROGRAM_EXIT] = self._trap_program_exit
        os_rom = self.memory.os_rom
        if os_rom is not None:
            jump = os_rom[SIOV - 0xC000:SIOV - 0xC000 + 3]
            if jump[0] == 0x4C:
                self.siov_target = jump[1] | (jump[2] << 8)
                self.memory.add_patch(self.siov_target, TRAP_OPCODE)
                cpu.traps[self.siov_target] = self._trap_sio

    def set_sio_mode(self, mode: str) -> None:
        """``fast``: the emulator carries out SIOV requests itself (the SIO patch);
        ``serial``: the OS's SIO talks to the devices over POKEY's serial port."""
        if mode not in SIO_MODES:
            raise EmulatorError(f"SIO mode must be one of {', '.join(SIO_MODES)}, not {mode!r}")
        if self.siov_target is None:
            return
        if mode == "fast":
            self.memory.add_patch(self.siov_target, TRAP_OPCODE)
            self.cpu.traps[self.siov_target] = self._trap_sio
        else:
            self.memory.remove_patch(self.siov_target)
            self.cpu.traps.pop(self.siov_target, None)

    def insert_disk(self, drive: int, image: Atr | str | Path) -> Atr:
        """An ATR (object or path) into D1:-D4:, for both SIO modes; returns the image."""
        return self.serial.bus.insert_disk(drive, image)

    def attach_printer(self, path: str | Path) -> Printer:
        """A printer (P:, device $40) that writes its lines to the text file ``path``."""
        printer = Printer(path)
        self.serial.bus.attach(printer)
        return printer

    def attach_cassette(self, path: str | Path) -> CassetteRecorder:
        """A program recorder with the .cas image ``path`` as its tape (emulator/serial.py)."""
        recorder = CassetteRecorder(path, self.serial)
        self.serial.bus.cassette = recorder
        return recorder

    def _motor(self, on: bool) -> None:
        self.tape_motor = on
        cassette = self.serial.bus.cassette
        if cassette is not None:
            cassette.set_motor(on, self.real_cycle())

    def _trap_call_return(self, cpu: AtariCPU) -> int:
        cpu.stop_reason = "return"
        return STOP

    def _trap_program_exit(self, cpu: AtariCPU) -> int:
        ram = self.memory.ram
        cpu.pc = ram[DOSVEC] | (ram[DOSVEC + 1] << 8)
        return 3

    def _trap_sio(self, cpu: AtariCPU) -> int:
        """SIOV: the request at once by the device on the bus, then return like ``LDY DSTATS / RTS``."""
        status = self.serial.bus.fast_request(self.memory, self.real_cycle())
        self.pokey.write(0xD20A, 0)  # SKRES, as the OS's SIO leaves the serial status after a request
        self.memory.ram[DSTATS] = status
        return self.return_from_handler(status)

    def return_from_handler(self, status: int, a: int | None = None) -> int:
        """End an emulator-side OS routine: Y = status (N, Z set by it), A = ``a``, then RTS."""
        cpu, ram = self.cpu, self.memory.ram
        if a is not None:
            cpu.a = a & 0xFF
        cpu.y = status
        cpu.p = (cpu.p & 0x7D) | NZ_TABLE[status]
        sp = cpu.sp
        low = ram[0x100 | ((sp + 1) & 0xFF)]
        high = ram[0x100 | ((sp + 2) & 0xFF)]
        cpu.sp = (sp + 2) & 0xFF
        cpu.pc = ((low | (high << 8)) + 1) & 0xFFFF
        return 12

    def attach_h_device(self, device: CioDevice) -> None:
        """Offer a CIO device (H:, emulator/hdevice.py): installed now, put into HATABS at every frame end."""
        self.hdevice = device
        device.install(self)
        device.register(self.memory.ram)

    # -- reset -----------------------------------------------------------------------------

    def power_on(self, hold_option: bool = False) -> None:
        """Cold start: RAM cleared (deterministically), chips reset, CPU through RESET.

        ``hold_option``: OPTION is held while the OS starts (for two frames), so
        an XL OS leaves the built-in BASIC switched off.
        """
        self._timed.clear()
        self._cancelled.clear()
        self.waited_for_key = False
        self.serial.reset()
        self.pia.reset()
        self.memory.clear_ram()
        self.trap_page.restore()
        if self.hdevice is not None:
            self.hdevice.reset()
        self.gtia.reset()
        self.pokey.reset()
        self.antic.reset()
        self._reset_cpu()
        self._begin_frame()
        if hold_option:
            self.console_down(option=True, hold_frames=2)

    def warm_reset(self) -> None:
        """The RESET key: CPU and PIA reset (OS ROM back on), RAM kept; the OS decides warm/cold."""
        self.pia.reset()
        self.pokey.key_up()
        self._reset_cpu()

    def _reset_cpu(self) -> None:
        cpu = self.cpu
        cpu.sp = 0xFD
        cpu.a = cpu.x = cpu.y = 0
        cpu.p = 0x34
        cpu.pc = cpu.WordAt(0xFFFC)
        cpu.stop_reason = None

    # -- frames and events ----------------------------------------------------------------------

    def _begin_frame(self) -> None:
        display_list = self.antic.begin_frame()
        self._frame_dmactl, self._dmactl_changes = self.antic.dmactl, []
        self.run_plan.begin_frame(self.frame_start, timeline(display_list, self.antic.dmactl, self.lines_per_frame))
        self.gtia.begin_frame()
        self._collided_rows = self._collided_pixel = 0
        self._collided_blank = (VBLANK_LINE, 0)  # where the vertical blank's collisions stand
        template = self._frame_events
        if template[0] is not display_list or template[1] is not self.run_plan.timeline:
            offsets = [self._event_offset("dli", line) for line in display_list.dli_lines]
            offsets += [self._event_offset("vbi", VBLANK_LINE), self._event_offset("end", self.lines_per_frame)]
            template = self._frame_events = (display_list, self.run_plan.timeline, sorted(offsets))
        start = self.frame_start
        self._events = [(start + offset, kind, line) for offset, kind, line in template[2]]
        self._event_index = 0
        self._nmist_set_for = -1

    def _event(self, kind: str, line: int) -> tuple[int, str, int]:
        """An event of this frame (see _event_offset), at its machine time."""
        offset, kind, line = self._event_offset(kind, line)
        return self.frame_start + offset, kind, line

    def _event_offset(self, kind: str, line: int) -> tuple[int, str, int]:
        """A DLI's or the VBI's event: at the instruction boundary where the CPU takes its NMI
        (two CPU cycles after ANTIC asserts it, with this frame's DMA), so that the CPU core runs
        right up to it; the frame's end at its time.  As an offset in the frame."""
        if kind == "end":
            return self.cycles_per_frame, kind, line
        asserted = line * CYCLES_PER_LINE + NMIST_CYCLE + NMI_DELAY
        dma = self.run_plan.timeline
        due = dma.free_before[asserted] + NMI_RECOGNITION_CYCLES
        taken = dma.real_after[due] if due <= dma.free_cycles else asserted + NMI_RECOGNITION_CYCLES
        return taken, kind, line

    def _nmist_time(self, line: int) -> int:
        """Machine time of the cycle in which ANTIC sets NMIST for a DLI or VBI on ``line``."""
        return self.frame_start + line * CYCLES_PER_LINE + NMIST_CYCLE

    def display_list_changed(self, from_line: int) -> None:
        """ANTIC read its display list again from scan line ``from_line`` (a register it reads was
        written during the display): the DLIs still to come and the DMA timeline follow the new
        list, and the CPU's chunk ends at this write (``_antic_write``) so the loop sees them."""
        display_list = self.antic.display_list
        self.run_plan.use_timeline(timeline(display_list, self._frame_dmactl, self.lines_per_frame,
                                            tuple(self._dmactl_changes)))
        now = self.real_cycle()
        pending = [self._event(kind, line) for _, kind, line in self._events[self._event_index:] if kind != "dli"]
        pending += [event for event in (self._event("dli", line) for line in display_list.dli_lines) if event[0] > now]
        self._events[self._event_index:] = sorted(pending)
        self._replan = True

    # -- timed events of the chips (POKEY's timers and serial port, devices on the bus) ----------

    def schedule(self, cycle: int, callback: TimedCallback) -> int:
        """Call ``callback(cycle)`` when machine time reaches ``cycle``; returns a handle for ``cancel``.

        The CPU runs in chunks that end at the next event, so a callback runs between
        instructions, at the first instruction boundary at or after ``cycle``.
        """
        order = next(self._timed_order)
        heapq.heappush(self._timed, (max(cycle, 0), order, callback))
        self.run_plan.revision += 1  # a run of chunks in the compiled core ends for it
        return order

    def cancel(self, handle: int) -> None:
        """Forget a scheduled callback (a no-op if it already ran)."""
        if any(entry[1] == handle for entry in self._timed):
            self._cancelled.add(handle)

    def _fire_timed(self) -> None:
        cycle, order, callback = heapq.heappop(self._timed)
        if order in self._cancelled:
            self._cancelled.discard(order)
            return
        callback(cycle)

    def _fire_event(self) -> None:
        _, kind, line = self._events[self._event_index]
        if kind == "end":
            self._event_index += 1
            self._end_frame()
            return
        if kind == "dli":
            self.antic.check_display_list(line)  # the list below the beam as the program has left it
        else:  # the VBI: a re-read ANTIC put off during the display (antic.IMMEDIATE_REREADS)
            self.antic.flush_rereads()
        if self._nmist_set_for != self._event_index:
            self._set_nmist(kind)
        self._event_index += 1
        if self._events[self._event_index][1] == "end":
            self._nmist_set_for = self._event_index  # nothing for NMIST to wait for
        cycle = self.frame_start + line * CYCLES_PER_LINE + NMIST_CYCLE
        enable = NMI_DLI if kind == "dli" else NMI_VBI
        written, before = self._nmien_written  # ANTIC latches NMIEN in cycle 7 and again in 8
        if written < cycle:
            if self.antic.nmien & enable:
                self._take_nmi(cycle + NMI_DELAY)
        elif before & enable:
            self._take_nmi(cycle + NMI_DELAY)
        elif written == cycle and self.antic.nmien & enable:  # enabled in cycle 7: a cycle late
            self._take_nmi(cycle + NMI_DELAY + 1)

    def _take_nmi(self, asserted: int) -> None:
        """The NMI ANTIC asserted at machine time ``asserted``: the CPU takes it after the first
        instruction that ran two cycles with it asserted (the event that calls this comes there;
        after a WSYNC's halt across it, one more instruction), its sequence's seven cycles with
        ANTIC's DMA."""
        cpu = self.cpu
        since = self._cycles_since(asserted)
        while since < NMI_RECOGNITION_CYCLES and cpu.pc not in cpu.traps:
            self._step_instruction()
            since = self._cycles_since(asserted)
        start = cpu.processorCycles
        cycles = cpu.take_nmi(since)
        self.cpu_cycles += cycles
        cpu.processorCycles = start + self.run_plan.timeline.real_span(start - self.frame_start, cycles)

    def _cycles_since(self, asserted: int) -> int:
        """CPU cycles run from machine time ``asserted`` to now: the 6502 looks at its NMI in
        every cycle it runs and takes it at the end of an instruction (nesdev wiki, "CPU
        interrupts"), so the cycles of the last WSYNC halt do not count, those before it do."""
        plan = self.run_plan
        halted, released = plan.wsync_halted, plan.wsync_released
        before_halt = self._free_cycles(asserted, halted) if asserted < halted else 0
        return before_halt + self._free_cycles(max(asserted, released), self.cpu.processorCycles)

    def _free_cycles(self, begin: int, end: int) -> int:
        """The cycles ANTIC's DMA leaves the CPU from machine time ``begin`` to ``end`` (this frame)."""
        begin, end = begin - self.frame_start, end - self.frame_start
        if end <= begin:
            return 0
        free_before = self.run_plan.timeline.free_before
        last = len(free_before) - 1
        return free_before[end if end < last else last] - free_before[begin if begin > 0 else 0]

    def _step_instruction(self) -> None:
        """One instruction in Python, its cycles with ANTIC's DMA (a WSYNC in it halts the CPU)."""
        cpu, plan = self.cpu, self.run_plan
        start, pc = cpu.processorCycles, cpu.pc
        plan.chunk_start = start
        try:
            used = cpu.step_one()
        finally:
            plan.chunk_start = None
        cpu.history[:] = [*cpu.history[1:], pc]
        stopped = used >= STOP
        used -= STOP if stopped else 0
        self.cpu_cycles += used
        cpu.processorCycles = start + self.dma.real_span(start - self.frame_start, used)
        if stopped:
            cpu.processorCycles += STOP
            self._handle_stop()

    def _interrupt_cycles(self, cycles: int) -> None:
        """The CPU's interrupt sequence (counted as CPU time, without DMA: 7 cycles)."""
        self.cpu.processorCycles += cycles
        self.cpu_cycles += cycles

    def _frame_state(self) -> FrameState:
        antic, gtia = self.antic, self.gtia
        return FrameState(antic.display_list, gtia.frame_start_registers, gtia.log, antic.dmactl, antic.pmbase,
                          antic.font_rows())

    def _collide_now(self) -> None:
        """A collision register is read or HITCLR written: catch up to the beam."""
        self._collisions_read_frame = self.frames
        self._collide()

    def _collide(self, end_row: int | None = None) -> None:
        """GTIA's collision registers catch up with what the beam has drawn (emulator/pmg.py):
        whole scanlines, and of the current one the part left of the beam (a colour clock
        every half cycle, HPOS = 2 x the cycle in the line), so a program that reads them
        just after the beam passed an object sees its collision."""
        if end_row is None:
            line, cycle = divmod(self.real_cycle() - self.frame_start, CYCLES_PER_LINE)
            row, pixel = line - FIRST_DISPLAY_LINE, 2 * (2 * cycle - HPOS_OFFSET)
            if row < 0:
                return
            if row >= DISPLAY_LINES:
                self._collide_blank(line, pixel)
                row, pixel = DISPLAY_LINES, 0
        else:
            row, pixel = end_row, 0
        if pixel >= FRAME_WIDTH:
            row, pixel = row + 1, 0
        first, first_pixel = self._collided_rows, self._collided_pixel
        if (row, max(0, pixel)) <= (first, first_pixel):
            return
        self._collided_rows, self._collided_pixel = row, max(0, pixel)
        last = row + 1 if pixel > 0 else row
        end_pixel = pixel if pixel > 0 else FRAME_WIDTH
        state = self._frame_state()
        if not uses_objects(state):
            return
        hits, indices = self.picture.collisions(state, first, last, first_pixel, end_pixel)
        if first == 0 and last == DISPLAY_LINES and end_pixel == FRAME_WIDTH:
            self._indices_cache = (state, self.cpu.processorCycles, indices)  # frame_colours may reuse them
        collisions = self.gtia.collisions  # each register ORed with its new bits, all 16 at once
        collisions[:] = (int.from_bytes(collisions, "little") | int.from_bytes(hits, "little")).to_bytes(16, "little")

    def _collide_blank(self, line: int, pixel: int) -> None:
        """ANTIC's hi-res bug: after a hi-res mode line (2, 3 or F) on the display's last line
        (247) GTIA stays in hi-res mode and players and missiles go on colliding with each other
        in the vertical blank (Acid800's "ANTIC: Hires bug": a player-player collision on lines
        248-249 after a mode F line on 247, none after a blank one).  The objects are GTIA's
        registers as they are now (no P/M DMA there), the same on every line; from where the last
        look stopped up to the beam at (``line``, ``pixel``), to the frame's end (model limit:
        lines 0-7 of the next frame are not counted)."""
        done_line, done_pixel = self._collided_blank
        if (line, pixel) <= (done_line, done_pixel):
            return
        self._collided_blank = (line, pixel)
        mode_lines = self.antic.display_list.mode_lines
        last = mode_lines[-1] if mode_lines else None  # the only mode line that can reach line 247
        if last is None or last.line + last.height < VBLANK_LINE or not MODES[last.mode].hires:
            return
        window = np.zeros(FRAME_WIDTH, dtype=bool)  # the pixels passed since, on any one line
        if line > done_line + 1 or (line == done_line + 1 and pixel >= done_pixel):
            window[:] = True
        elif line == done_line + 1:
            window[done_pixel:] = window[:max(0, pixel)] = True
        else:
            window[done_pixel:max(done_pixel, pixel)] = True
        window &= COLLIDING
        table = np.frombuffer(bytes(self.gtia.registers), dtype=np.uint8)[None, :]
        players, missiles = object_masks(table, table[:, GRAFP0:GRAFM + 1])
        players = [None if mask is None else mask & window for mask in players]
        missiles = [None if mask is None else mask & window for mask in missiles]
        blank = np.zeros((1, FRAME_WIDTH), dtype=np.uint8)
        hits = collisions(blank, np.zeros(1, dtype=bool), table[:, PRIOR] >> 6, players, missiles)
        for reg, bits in enumerate(hits):
            self.gtia.collisions[reg] |= bits

    def _end_frame(self) -> None:
        self._indices_cache = None
        if self.frames - self._collisions_read_frame <= COLLISION_INTEREST_FRAMES:
            self._collide(DISPLAY_LINES)
            self._collide_blank(self.lines_per_frame, 0)
        cache = self._indices_cache
        self.completed_frame = cache[0] if cache is not None else self._frame_state()
        self.frame_start += self.cycles_per_frame
        if self.audio is not None:
            samples = self.audio.render(self.frame_start)
            for sink in self.audio_sinks:
                sink(samples)
        self.frames += 1
        if self.hdevice is not None:
            self.hdevice.register(self.memory.ram)
        if self.key_release_frame is not None and self.frames >= self.key_release_frame:
            self.pokey.key_up()
            self.key_release_frame = None
        if self.console_release_frame is not None and self.frames >= self.console_release_frame:
            self.gtia.console_pressed = 0
            self.console_release_frame = None
        self._begin_frame()

    # -- running ---------------------------------------------------------------------------------

    def run_until(self, target_cycle: int, stop_when_idle: bool = False) -> str | None:
        """Run the machine until ``target_cycle``; returns why it stopped early.

        Returns None when the target was reached, "idle" (if ``stop_when_idle``)
        when the CPU waits for a key, "return" when a host ``call`` returned.
        A CPU jam with a disk in D1: before the machine first waited for a key is
        DiskDidNotBoot, naming the image.
        """
        try:
            return self._run_until(target_cycle, stop_when_idle)
        except CpuJam as jam:
            raise self._disk_boot_failure(jam) from None

    def _disk_boot_failure(self, jam: CpuJam) -> CpuJam:
        """``jam`` as DiskDidNotBoot if D1: holds a disk the OS has not booted, else ``jam``."""
        disk = self.serial.bus.disk(1)
        if disk is None or self.waited_for_key or self._disk_booted(disk):
            return jam
        where = str(jam).split(";", 1)[0]
        return DiskDidNotBoot(f"{disk.name}: the disk did not boot: the code in its boot sectors ran away ({where}); "
                              "not a bootable disk, or a damaged one")

    def _disk_booted(self, disk: Atr) -> bool:
        """True once the OS has set BOOT? bit 0 ("Mapping the Atari", location 9: the disk boot
        succeeded), unless the boot sectors were loaded over BOOT? itself (their header's load
        address and sector count, bytes 1-3 of sector 1): then it tells nothing."""
        header = disk.read_sector(1)
        start = header[2] | header[3] << 8
        if start <= BOOTQ < start + 128 * max(1, header[1]):
            return False
        return bool(self.memory.ram[BOOTQ] & 1)

    def _run_until(self, target_cycle: int, stop_when_idle: bool) -> str | None:
        cpu = self.cpu
        while True:
            now = cpu.processorCycles
            next_event = self._events[self._event_index][0]
            timed = self._timed
            if timed and timed[0][0] <= next_event:
                if now >= timed[0][0]:
                    self._fire_timed()
                    continue
                next_event = timed[0][0]
            elif now >= next_event:
                self._fire_event()
                continue
            if now >= target_cycle:
                return None
            stop_at = min(target_cycle, next_event)
            if cpu.irq_line and not cpu.p & 0x04:
                if now >= self.irq_from:
                    self._interrupt_cycles(cpu.take_irq())
                else:  # the CPU has not seen the line yet: on to the boundary where it does
                    stop_at = min(stop_at, self.irq_from)
            if self.waiting_for_key():
                self.waited_for_key = True
                if stop_when_idle:
                    return "idle"
                cpu.processorCycles = min(target_cycle, next_event)
                continue
            self._check_runaway()
            plan = self.run_plan
            plan.now, plan.stop_at = now, stop_at
            try:
                status = cpu.run_chunks(plan)
            finally:
                self.cpu_cycles += plan.executed
            if status == STOPPED:
                reason = self._handle_stop()
                if reason is not None:
                    return reason

    def _handle_stop(self) -> str | None:
        cpu = self.cpu
        cpu.processorCycles -= STOP
        reason, cpu.stop_reason = cpu.stop_reason, None
        if reason == "replan":
            return None
        if reason == "wsync":
            rmw = double_write(self.memory.ram[cpu.history[-1] & 0xFFFF])
            self.run_plan.wsync_halted = cpu.processorCycles
            released = wsync_release(cpu.processorCycles, self.frame_start, self.dma, rmw)
            cpu.processorCycles = self.run_plan.wsync_released = released
            return None
        return reason

    def run_frames(self, count: int) -> None:
        """Run until ``count`` more frame ends have passed."""
        for _ in range(count):
            self.run_until(self.frame_start + self.cycles_per_frame)

    def run_until_idle(self, max_frames: int = 600) -> bool:
        """Run until the CPU waits in the keyboard loop with no key pending; False on timeout."""
        if self.waiting_for_key():
            self.waited_for_key = True
            return True
        target = self.frame_start + self.cycles_per_frame * max(1, max_frames)
        return self.run_until(target, stop_when_idle=True) == "idle"

    def waiting_for_key(self) -> bool:
        """True if the CPU is in the keyboard wait loop, CH = $FF and no IRQ is pending."""
        ram = self.memory.ram
        pc = self.cpu.pc
        opcode = ram[pc]
        if opcode == 0xAD:
            start = pc
        elif opcode == 0xC9:
            start = pc - 3
        elif opcode == 0xF0:
            start = pc - 5
        else:
            return False
        return ram[start:start + 7] == KEY_WAIT_LOOP and ram[CH] == 0xFF and not self.cpu.irq_line

    def _check_runaway(self) -> None:
        cpu = self.cpu
        pc = cpu.pc
        if 0xD000 <= pc < 0xD800 and pc not in cpu.traps:
            raise cpu.jam("runaway: executing the I/O area $D000-$D7FF")
        ram = self.memory.ram
        opcode = ram[pc]
        operand = ram[(pc + 1) & 0xFFFF]
        jumps_to_itself = opcode == 0x4C and (operand | (ram[(pc + 2) & 0xFFFF] << 8)) == pc
        branches_to_itself = opcode in BRANCH_OPCODES and operand == 0xFE
        if jumps_to_itself or branches_to_itself:
            no_nmi = not self.antic.nmien & (NMI_DLI | NMI_VBI)
            no_irq = bool(cpu.p & 0x04) or not self.pokey.irqen
            if no_nmi and no_irq:
                raise cpu.jam("program stopped: it jumps to itself with all interrupts off")

    # -- host calls -------------------------------------------------------------------------------

    def call(
        self, address: int, a: int = 0, x: int = 0, y: int = 0, max_cycles: int = 10 * CPU_HZ
    ) -> tuple[int, int, int, int]:
        """JSR ``address`` from the host with the machine running; returns (A, X, Y, P) at its RTS.

        The CPU's registers are restored afterwards, so the interrupted program
        continues as if nothing happened (memory changes stay).
        """
        cpu = self.cpu
        saved = (cpu.pc, cpu.sp, cpu.a, cpu.x, cpu.y, cpu.p)
        ret = CALL_RETURN - 1
        cpu._push(ret >> 8)
        cpu._push(ret & 0xFF)
        cpu.pc, cpu.a, cpu.x, cpu.y, cpu.p = address & 0xFFFF, a & 0xFF, x & 0xFF, y & 0xFF, 0x30
        reason = self.run_until(cpu.processorCycles + max_cycles)
        if reason != "return":
            raise cpu.jam(f"runaway: routine ${address:04X} did not return within {max_cycles} cycles")
        result = (cpu.a, cpu.x, cpu.y, cpu.p)
        cpu.pc, cpu.sp, cpu.a, cpu.x, cpu.y, cpu.p = saved
        return result

    def start_program(self, address: int) -> None:
        """Jump to a loaded program like DOS's JSR (RUNAD): its RTS leads to DOSVEC."""
        cpu = self.cpu
        ret = PROGRAM_EXIT - 1
        cpu._push(ret >> 8)
        cpu._push(ret & 0xFF)
        cpu.pc = address & 0xFFFF
        cpu.p = 0x30

    # -- keys -----------------------------------------------------------------------------------------

    def key_down(self, keycode: int, shift: bool = False, ctrl: bool = False, hold_frames: int = 2) -> None:
        """Press a key now; it is released after ``hold_frames`` frame ends."""
        self.pokey.key_down(keycode, shift, ctrl)
        self.key_release_frame = self.frames + max(1, hold_frames)

    def console_down(
        self, start: bool = False, select: bool = False, option: bool = False, hold_frames: int = 2
    ) -> None:
        """Hold console keys (CONSOL) for ``hold_frames`` frame ends."""
        pressed = (CONSOL_START if start else 0) | (CONSOL_SELECT if select else 0)
        self.gtia.console_pressed = pressed | (CONSOL_OPTION if option else 0)
        self.console_release_frame = self.frames + max(1, hold_frames)

    # -- sound and controllers ------------------------------------------------------------------------

    def add_audio_sink(self, sink: Callable[[np.ndarray], None]) -> None:
        """Synthesise POKEY's sound (emulator/audio.py) and hand each frame's int16 samples to ``sink``."""
        if self.audio is None:
            audio = PokeyAudio(self.video.cpu_hz)
            regs = self.pokey.registers
            audio.audf = [regs[0], regs[2], regs[4], regs[6]]
            audio.audc = [regs[1], regs[3], regs[5], regs[7]]
            audio.audctl = regs[8]
            audio.next_sample = float(self.cycles)
            self.audio = audio
            self.pokey.audio = audio
            self.gtia.speaker = lambda value: audio.speaker_write(self.real_cycle(), value)
        self.audio_sinks.append(sink)

    def set_joystick(self, port: int, up: bool = False, down: bool = False, left: bool = False,
                     right: bool = False, fire: bool = False) -> None:
        """Joystick ``port`` (0-3): directions into PIA port A (ports 0, 1; 0 = pressed, bits 0-3
        up, down, left, right; port 1 in bits 4-7), the button into GTIA's TRIGn."""
        bits = (1 if up else 0) | (2 if down else 0) | (4 if left else 0) | (8 if right else 0)
        if port < 2:
            shift = 4 * port
            self.pia.joystick = (self.pia.joystick & ~(0x0F << shift) & 0xFF) | ((~bits & 0x0F) << shift)
        self.gtia.triggers[port & 3] = 0 if fire else 1

    def set_paddle(self, number: int, value: int) -> None:
        """Paddle ``number`` (0-7) turned to ``value`` (0-228, as POTn reads it)."""
        self.pokey.paddles[number & 7] = max(0, min(228, value))

    # -- display ----------------------------------------------------------------------------------------

    def _frame_record(self) -> FrameRecord:
        if self.completed_frame is not None:
            return self.completed_frame
        return self._frame_state()

    def frame_colours(self) -> np.ndarray:
        """(240, 384) GTIA colour bytes of the last finished frame (screen memory as it is now)."""
        record = self._frame_record()
        cache = self._indices_cache
        indices = None
        if cache is not None and cache[0] is record and cache[1] == self.cpu.processorCycles:
            indices = cache[2]  # drawn for the collisions at the frame's end, nothing ran since
        return self.picture.colours(record, indices)

    def frame_rgb(self) -> np.ndarray:
        """(240, 384, 3) uint8 RGB image of the last finished frame."""
        return self.picture.rgb(self.frame_colours(), self.palette)

    def screen_codes(self) -> list[bytes]:
        """24 rows of 40 internal screen codes from the character mode lines of the display list
        (a split screen's text window on the rows it is shown on)."""
        return self.antic.screen_rows()

    # -- memory access for the host ----------------------------------------------------------------------

    def peek(self, address: int) -> int:
        return self.memory.read(address)

    def poke(self, address: int, value: int) -> None:
        if self.memory.write(address, value) >= STOP:
            self.cpu.stop_reason = None  # a host write to WSYNC does not stop anything

    @property
    def cycles(self) -> int:
        return self.cpu.processorCycles


def check_rom_sizes(os_rom: bytes | None, basic_rom: bytes | None) -> None:
    """EmulatorError unless the images have the XL sizes (16 KiB OS, 8 KiB BASIC)."""
    if os_rom is not None and len(os_rom) != 0x4000:
        raise EmulatorError(f"OS ROM must be 16384 bytes, got {len(os_rom)}")
    if basic_rom is not None and len(basic_rom) != 0x2000:
        raise EmulatorError(f"BASIC ROM must be 8192 bytes, got {len(basic_rom)}")


__all__ = ["Machine", "CpuJam", "CPU_HZ", "CYCLES_PER_FRAME", "KEY_WAIT_LOOP"]
