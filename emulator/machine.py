"""The Atari XL/XE machine: chips wired together, NTSC or PAL timing, interrupts, reset, idle skip.

Timing (emulator/video.py): NTSC 1,789,773 CPU cycles a second, 114 a scanline, 262
scanlines, 29,868 a frame (59.92 Hz); PAL (``Machine(..., video="pal")``) 1,773,447
cycles a second, 312 scanlines, 35,568 a frame (49.86 Hz).  The display is the same 240
scanlines, the VBI still starts at scanline 248 (GTIA's PAL register tells programs which).
The CPU runs in chunks of at most four scanlines up to the next event of the frame:

* a DLI (NMI, if NMIEN bit 7) at the start of the last scanline of a display
  list instruction with bit 7 set,
* the VBI (NMI, if NMIEN bit 6) at the start of scanline 248,
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

WSYNC stops the CPU until the start of the next scanline.

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
    FIRST_DISPLAY_LINE,
    FRAME_WIDTH,
    NMI_DLI,
    NMI_VBI,
    VBLANK_LINE,
    WSYNC,
    Antic,
)
from emulator.atr import Atr
from emulator.audio import PokeyAudio
from emulator.cpu import NZ_TABLE, STOP, TRAP_OPCODE, AtariCPU
from emulator.dma import DmaTimeline, timeline
from emulator.errors import CpuJam, DiskDidNotBoot, EmulatorError
from emulator.gtia import CONSOL_OPTION, CONSOL_SELECT, CONSOL_START, Gtia
from emulator.interfaces import Chip, CioDevice
from emulator.memory import Memory
from emulator.palette import palette_for
from emulator.pia import Pia
from emulator.picture import Picture
from emulator.pmg import HPOS_OFFSET, FrameState, uses_objects
from emulator.pokey import Pokey
from emulator.runplan import STOPPED, RunPlan
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
        self._pokey_irq = self._pia_irq = False
        self.pokey = Pokey(cycles=self._cycle_now, irq_changed=self._irq_changed, seed=seed)
        self.pokey.schedule = self.schedule
        self.pokey.cancel = self.cancel
        self.audio: PokeyAudio | None = None
        self.audio_sinks: list[Callable[[np.ndarray], None]] = []
        self.pia = Pia(memory.set_portb)
        self.antic = Antic(memory.ram)
        self.antic.scanline = self.scanline
        self.picture = Picture(self.antic)  # compiled (emulator/_videocore.c) or Python
        self.serial = SerialPort(self.pokey, self.schedule, self.real_cycle)
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

    _cycle_now = real_cycle

    def scanline(self) -> int:
        """The scanline the beam is on (0-261)."""
        return ((self.real_cycle() - self.frame_start) // CYCLES_PER_LINE) % self.lines_per_frame

    def _beam(self) -> tuple[int, int]:
        """The scan line and colour clock the beam is at (two colour clocks a machine cycle:
        Mapping the Atari, appendix 3), where a GTIA write takes effect (emulator/pmg.py)."""
        line, cycle = divmod(self.real_cycle() - self.frame_start, CYCLES_PER_LINE)
        return line, 2 * cycle

    def _attach_chip(self, page: int, chip: Chip) -> None:
        """A chip's registers on I/O page $D0xx + ``page``."""
        self.memory.attach_io(page, chip.read, chip.write)

    def _irq_changed(self, line: bool) -> None:
        """POKEY's IRQ output; the PIA's is wired to the same CPU line."""
        self._pokey_irq = line
        self.cpu.irq_line = line or self._pia_irq

    def _pia_irq_changed(self, line: bool) -> None:
        self._pia_irq = line
        self.cpu.irq_line = line or self._pokey_irq

    def _antic_read(self, addr: int) -> int:
        return self.antic.read(addr, self.scanline())

    def _pokey_write(self, addr: int, value: int) -> int:
        """POKEY's registers.  A write that plans a timed event (a timer's underflow, the serial
        port's next bit) ends the CPU's chunk, so the event comes at its own cycle and not at the
        end of the chunk (up to four scanlines late)."""
        planned = len(self._timed)
        self.pokey.write(addr, value)
        if len(self._timed) == planned:
            return 0
        self.cpu.stop_reason = "replan"
        return STOP

    def _antic_write(self, addr: int, value: int) -> int:
        if addr & 0x0F == WSYNC:
            self.cpu.stop_reason = "wsync"
            return STOP
        self.antic.write(addr, value)
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
        self.run_plan.begin_frame(self.frame_start, timeline(display_list, self.antic.dmactl, self.lines_per_frame))
        self.gtia.begin_frame()
        self._collided_rows = self._collided_pixel = 0
        start = self.frame_start
        events = [(start + line * CYCLES_PER_LINE, "dli", line) for line in display_list.dli_lines]
        events.append((start + VBLANK_LINE * CYCLES_PER_LINE, "vbi", VBLANK_LINE))
        events.append((start + self.cycles_per_frame, "end", self.lines_per_frame))
        events.sort()
        self._events = events
        self._event_index = 0

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
        cycle, kind, _ = self._events[self._event_index]
        self._event_index += 1
        cpu, antic = self.cpu, self.antic
        if kind == "dli":
            antic.nmist = NMI_DLI
            if antic.nmien & NMI_DLI:
                self._interrupt_cycles(cpu.take_nmi(cpu.processorCycles - cycle))
        elif kind == "vbi":
            antic.nmist = NMI_VBI
            if antic.nmien & NMI_VBI:
                self._interrupt_cycles(cpu.take_nmi(cpu.processorCycles - cycle))
        else:
            self._end_frame()

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

    def _end_frame(self) -> None:
        self._indices_cache = None
        if self.frames - self._collisions_read_frame <= COLLISION_INTEREST_FRAMES:
            self._collide(DISPLAY_LINES)
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
            if cpu.irq_line and not cpu.p & 0x04:
                self._interrupt_cycles(cpu.take_irq())
            if self.waiting_for_key():
                self.waited_for_key = True
                if stop_when_idle:
                    return "idle"
                cpu.processorCycles = min(target_cycle, next_event)
                continue
            self._check_runaway()
            plan = self.run_plan
            plan.now, plan.stop_at = now, min(target_cycle, next_event)
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
            offset = cpu.processorCycles - self.frame_start
            cpu.processorCycles = self.frame_start + (offset // CYCLES_PER_LINE + 1) * CYCLES_PER_LINE
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
