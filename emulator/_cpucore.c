/*
 * The compiled 6502 core: cpu.py's run loop in C (the module emulator._cpucore).
 *
 * The Python core (emulator/cpu.py) is the reference; this file does the same
 * work faster.  The instruction cases come from _cpucore_ops.h, which
 * emulator/cpu_cgen.py generates from cpu.py's instruction table.
 *
 * State: the registers live in the AtariCPU object's attributes (a, x, y, p, sp,
 * pc, processorCycles); the core copies them into C locals at the start of a
 * run and back at its end.  RAM is the bytearray memory.ram shared with the
 * chips, the page table is memory.writable.  Whenever Python code runs in the
 * middle of a run (an I/O register read or write, a trap, an opcode left to its
 * Python handler), the core first writes the registers and processorCycles (the
 * cycle at which the instruction started, as the Python loop keeps it) back,
 * and reads the registers again afterwards, so that Python sees and changes the
 * same state as with the Python core.
 *
 * Two entry points:
 *   Core.run(limit)  - AtariCPU.run: execute until processorCycles >= limit or a
 *                      handler adds STOP.
 *   Core.run_chunks(plan)
 *                    - AtariCPU.run_chunks: the machine's chunks of at most
 *                      plan.chunk_cycles with ANTIC's DMA accounting (the tables of
 *                      plan.timeline, emulator/dma.py), repeated while nothing needs
 *                      Python between chunks.  The plan (emulator/runplan.py) is all
 *                      the core knows of the machine: it reads now, stop_at,
 *                      frame_start, timeline, line_cycles, chunk_cycles and revision,
 *                      and writes chunk_start (while a chunk runs Python code) and
 *                      executed (the CPU's cycles).  Returns 0 (REACHED) at stop_at,
 *                      1 (STOPPED) after a STOP, 2 (LOOK) when Python must look at
 *                      the machine: Python code run during a chunk changed the plan's
 *                      revision (a timer scheduled, a new DMA timeline), an IRQ is
 *                      pending, the CPU is in the keyboard wait loop or may be a
 *                      runaway.  Between chunks the Python loop depends on nothing
 *                      else: RAM and the IRQ line are read here.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define STOP ((int64_t)1 << 40)
#define CH 0x02FC
#define SLICE_CYCLES ((int64_t)1 << 22) /* a long run looks at Ctrl-C about every 4 M cycles */

static uint8_t nz[256];
static PyObject *s_a, *s_x, *s_y, *s_p, *s_sp, *s_pc, *s_cycles, *s_irq_line, *s_history,
    *s_fast_ops, *s_run_wrapping, *s_io_read, *s_write_special, *s_stop_reason, *s_wsync;

typedef struct {
    PyObject_HEAD
    PyObject *cpu;      /* the AtariCPU whose attributes hold the registers */
    PyObject *memory;   /* bytearray, 64 KiB */
    PyObject *writable; /* bytearray, 256 page flags */
} Core;

typedef struct {
    unsigned a, x, y, p, sp, pc;
    int ok;
} Regs;

/* ---------------------------------------------------------------------------
 * Decimal mode, as cpu.py's adc_decimal / sbc_decimal: returns (A << 8) | P.
 * ------------------------------------------------------------------------- */

static inline unsigned adc_decimal(unsigned a, unsigned p0, unsigned v)
{
    unsigned carry = p0 & 1;
    int low = (int)((a & 0x0F) + (v & 0x0F) + carry);
    if (low > 9)
        low += 6;
    int total = (low & 0x0F) + (int)(a & 0xF0) + (int)(v & 0xF0) + (low > 0x0F ? 0x10 : 0);
    unsigned p = p0 & 0x3C;
    if (((a + v + carry) & 0xFF) == 0)
        p |= 0x02;
    p |= (unsigned)total & 0x80;
    if (((a ^ (unsigned)total) & 0x80) && !((a ^ v) & 0x80))
        p |= 0x40;
    if ((total & 0x1F0) > 0x90)
        total += 0x60;
    if ((total & 0xFF0) > 0xF0)
        p |= 0x01;
    return (((unsigned)total & 0xFF) << 8) | p;
}

static inline unsigned sbc_decimal(unsigned a, unsigned p0, unsigned v)
{
    int borrow = 1 - (int)(p0 & 1);
    int binary = (int)a - (int)v - borrow;
    unsigned result = (unsigned)binary & 0xFF;
    unsigned p = (p0 & 0x3C) | nz[result];
    if (binary >= 0)
        p |= 0x01;
    if ((a ^ v) & (a ^ result) & 0x80)
        p |= 0x40;
    int low = (int)(a & 0x0F) - (int)(v & 0x0F) - borrow;
    int high = (int)(a >> 4) - (int)(v >> 4);
    if (low < 0) {
        low = (low - 6) & 0x0F;
        high -= 1;
    }
    if (high < 0)
        high = (high - 6) & 0x0F;
    return ((unsigned)(((high & 0x0F) << 4) | (low & 0x0F)) << 8) | p;
}

/* ARR #imm, as cpu.py's arr: returns (A << 8) | P. */
static inline unsigned arr(unsigned a, unsigned p0, unsigned v)
{
    unsigned anded = a & v;
    unsigned result = (anded >> 1) | ((p0 & 1) << 7);
    unsigned p = (p0 & 0x3C) | nz[result];
    if (!(p0 & 0x08))
        return (result << 8) | p | ((result >> 6) & 1) | ((result ^ (result << 1)) & 0x40);
    p |= (anded ^ result) & 0x40;
    if ((anded & 0x0F) + (anded & 0x01) > 5)
        result = (result & 0xF0) | ((result + 6) & 0x0F);
    if ((anded & 0xF0) + (anded & 0x10) > 0x50) {
        result = (result + 0x60) & 0xFF;
        p |= 0x01;
    }
    return (result << 8) | p;
}

/* ---------------------------------------------------------------------------
 * Python state <-> C locals
 * ------------------------------------------------------------------------- */

static int set_int(PyObject *obj, PyObject *name, long long value)
{
    PyObject *v = PyLong_FromLongLong(value);
    if (v == NULL)
        return -1;
    int rc = PyObject_SetAttr(obj, name, v);
    Py_DECREF(v);
    return rc;
}

static long long get_int(PyObject *obj, PyObject *name, int *ok)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) {
        *ok = 0;
        return -1;
    }
    long long r = PyLong_AsLongLong(v);
    Py_DECREF(v);
    if (r == -1 && PyErr_Occurred())
        *ok = 0;
    return r;
}

static Regs load_regs(PyObject *cpu)
{
    Regs r;
    int ok = 1;
    r.a = (unsigned)get_int(cpu, s_a, &ok) & 0xFF;
    r.x = (unsigned)get_int(cpu, s_x, &ok) & 0xFF;
    r.y = (unsigned)get_int(cpu, s_y, &ok) & 0xFF;
    r.p = (unsigned)get_int(cpu, s_p, &ok) & 0xFF;
    r.sp = (unsigned)get_int(cpu, s_sp, &ok) & 0xFF;
    long long pc = get_int(cpu, s_pc, &ok);
    r.pc = (pc < 0 || pc > 0x7FFFFFFF) ? 0x7FFFFFFF : (unsigned)pc; /* out of range: runs past $FFFF */
    r.ok = ok;
    return r;
}

static int store_regs(PyObject *cpu, unsigned a, unsigned x, unsigned y, unsigned p, unsigned sp,
                      unsigned pc, int64_t cycles)
{
    if (set_int(cpu, s_a, a) < 0 || set_int(cpu, s_x, x) < 0 || set_int(cpu, s_y, y) < 0 ||
        set_int(cpu, s_p, p) < 0 || set_int(cpu, s_sp, sp) < 0 || set_int(cpu, s_pc, pc) < 0 ||
        set_int(cpu, s_cycles, cycles) < 0)
        return -1;
    return 0;
}

/* store_regs for the registers that differ from `held`, the values the CPU object holds now
   (which then become the stored ones): a Python callback in the middle of a chunk needs the
   CPU's state, but most registers are as they were at the last callback. */
static int store_changed_regs(PyObject *cpu, Regs *held, unsigned a, unsigned x, unsigned y, unsigned p,
                              unsigned sp, unsigned pc, int64_t cycles)
{
    if ((a != held->a && set_int(cpu, s_a, a) < 0) || (x != held->x && set_int(cpu, s_x, x) < 0) ||
        (y != held->y && set_int(cpu, s_y, y) < 0) || (p != held->p && set_int(cpu, s_p, p) < 0) ||
        (sp != held->sp && set_int(cpu, s_sp, sp) < 0) || (pc != held->pc && set_int(cpu, s_pc, pc) < 0) ||
        set_int(cpu, s_cycles, cycles) < 0)
        return -1;
    held->a = a; held->x = x; held->y = y; held->p = p; held->sp = sp; held->pc = pc;
    return 0;
}

/* Ctrl-C (or another signal's Python handler raising)? Then the registers go back to the CPU
   object and the caller raises; kept out of line, away from the instruction loop. */
static __attribute__((noinline, cold)) int interrupted(PyObject *cpu, unsigned a, unsigned x, unsigned y,
                                                       unsigned p, unsigned sp, unsigned pc, int64_t cycles)
{
    if (PyErr_CheckSignals() == 0)
        return 0;
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
    if (store_regs(cpu, a, x, y, p, sp, pc, cycles) < 0)
        PyErr_Clear();
    PyErr_Restore(exc_type, exc_value, exc_tb);
    return -1;
}

static long call_io_read(Core *self, unsigned addr)
{
    PyObject *f = PyObject_GetAttr(self->cpu, s_io_read);
    if (f == NULL)
        return -1;
    PyObject *arg = PyLong_FromLong((long)addr);
    PyObject *res = arg ? PyObject_CallOneArg(f, arg) : NULL;
    Py_XDECREF(arg);
    Py_DECREF(f);
    if (res == NULL)
        return -1;
    long v = PyLong_AsLong(res);
    Py_DECREF(res);
    if (v == -1 && PyErr_Occurred())
        return -1;
    return v & 0xFF;
}

static int64_t call_write_special(Core *self, unsigned addr, unsigned value)
{
    PyObject *f = PyObject_GetAttr(self->cpu, s_write_special);
    if (f == NULL)
        return -1;
    PyObject *args[2] = {PyLong_FromUnsignedLong(addr), PyLong_FromUnsignedLong(value)};
    PyObject *res = args[0] && args[1] ? PyObject_Vectorcall(f, args, 2, NULL) : NULL;
    Py_XDECREF(args[0]);
    Py_XDECREF(args[1]);
    Py_DECREF(f);
    if (res == NULL)
        return -1;
    long long v = PyLong_AsLongLong(res);
    Py_DECREF(res);
    return (int64_t)v; /* -1 with an exception set is the caller's to check */
}

static int64_t call_python_handler(Core *self, unsigned opcode)
{
    PyObject *ops = PyObject_GetAttr(self->cpu, s_fast_ops);
    if (ops == NULL)
        return -1;
    PyObject *handler = PySequence_GetItem(ops, opcode);
    Py_DECREF(ops);
    if (handler == NULL)
        return -1;
    PyObject *res = PyObject_CallOneArg(handler, self->cpu);
    Py_DECREF(handler);
    if (res == NULL)
        return -1;
    long long v = PyLong_AsLongLong(res);
    Py_DECREF(res);
    return (int64_t)v;
}

/* AtariCPU.run_wrapping(): the instruction at $FFFE/$FFFF, whose operands wrap to $0000. */
static int64_t call_run_wrapping(Core *self)
{
    PyObject *res = PyObject_CallMethodNoArgs(self->cpu, s_run_wrapping);
    if (res == NULL)
        return -1;
    long long v = PyLong_AsLongLong(res);
    Py_DECREF(res);
    return (int64_t)v;
}

/* The frame's cycles (NTSC 262 lines, PAL 312): the DMA timeline's free_before has one entry more. */
static inline int64_t real_span(const int32_t *free_before, const int32_t *real_after, int64_t free_cycles,
                                int64_t frame_cycles, int64_t start, int64_t used)
{
    if (used <= 0)
        return 0;
    int64_t target = free_before[start] + used;
    if (target <= free_cycles)
        return real_after[target] - start;
    return frame_cycles + (target - free_cycles) - start;
}

/* Did the chunk stop for WSYNC? Then the stop is consumed (cpu.stop_reason = None): 1; another
   stop reason: 0 (left for Python); an error: -1. */
static int is_wsync_stop(PyObject *cpu)
{
    PyObject *reason = PyObject_GetAttr(cpu, s_stop_reason);
    if (reason == NULL)
        return -1;
    int wsync = PyUnicode_Check(reason) && PyUnicode_Compare(reason, s_wsync) == 0;
    Py_DECREF(reason);
    if (wsync && PyObject_SetAttr(cpu, s_stop_reason, Py_None) < 0)
        return -1;
    return wsync;
}

/* Is the CPU at an instruction of the OS keyboard wait loop LDA CH / CMP #$FF / BEQ? */
static int in_key_wait_loop(const uint8_t *mem, unsigned pc)
{
    static const uint8_t loop[7] = {0xAD, 0xFC, 0x02, 0xC9, 0xFF, 0xF0, 0xF9};
    long start;
    switch (mem[pc]) {
    case 0xAD: start = (long)pc; break;
    case 0xC9: start = (long)pc - 3; break;
    case 0xF0: start = (long)pc - 5; break;
    default: return 0;
    }
    if (start < 0 || start + 7 > 0x10000)
        return 0;
    return memcmp(mem + start, loop, 7) == 0 && mem[CH] == 0xFF;
}

/* Would Machine._check_runaway look twice at this PC (I/O page, JMP or branch to itself)? */
static int maybe_runaway(const uint8_t *mem, unsigned pc)
{
    if (pc >= 0xD000 && pc < 0xD800)
        return 1;
    unsigned opcode = mem[pc], operand = mem[(pc + 1) & 0xFFFF];
    if (opcode == 0x4C && (operand | (mem[(pc + 2) & 0xFFFF] << 8)) == pc)
        return 1;
    return (opcode & 0x1F) == 0x10 && operand == 0xFE;
}

/* ---------------------------------------------------------------------------
 * The run loop
 * ------------------------------------------------------------------------- */

/* The run plan's fields (emulator/runplan.py), read when run_chunks starts. */
typedef struct {
    int64_t now, stop_at, frame_start, free_cycles, line_cycles, chunk_cycles;
    long long revision;
    const int32_t *free_before, *real_after;
    Py_ssize_t free_before_len, real_after_len;
    PyObject *plan; /* the RunPlan: chunk_start and executed are written back into it */
} Chunks;

static PyObject *s_now, *s_stop_at, *s_frame_start, *s_timeline, *s_line_cycles, *s_chunk_cycles, *s_revision,
    *s_chunk_start, *s_executed, *s_free_before, *s_real_after, *s_free_cycles, *s_wsync_halted,
    *s_wsync_released;

/* WSYNC (emulator/runplan.py: wsync_release, double_write, WSYNC_RELEASE_CYCLE,
   WSYNC_RESTART_END: the same rule and numbers): RDY stops the CPU in the next instruction's
   second cycle after a store, in its opcode fetch after a read-modify-write (unless its second
   write in cycle 104 started ANTIC's count again); the stopped cycle runs at cycle 105 (or the
   first free one after it), of the next line if the CPU stopped after cycle 105. */
#define WSYNC_RELEASE_CYCLE 105
#define WSYNC_RESTART_END 105


static int double_write(unsigned opcode)
{
    return ((opcode & 0x07) == 0x06 || (opcode & 0x03) == 0x03) && ((opcode >> 5) & 0x06) != 0x04;
}

static __attribute__((noinline, cold)) int64_t wsync_release(int64_t end, const Chunks *chunks, int rmw)
{
    int64_t frame_start = chunks->frame_start, line_cycles = chunks->line_cycles;
    int restarted = rmw && (end - frame_start) % line_cycles == WSYNC_RESTART_END;
    int fetch_runs = !rmw || restarted;
    int64_t halt = fetch_runs ? end + 1 : end;
    int64_t line_start = halt - (halt - frame_start) % line_cycles;
    int late = halt - line_start > WSYNC_RELEASE_CYCLE;
    int64_t release = line_start + WSYNC_RELEASE_CYCLE + (late ? line_cycles : 0) - frame_start;
    int64_t resume = fetch_runs ? release - 1 : release; /* the next frame's DMA is not known yet */
    if (fetch_runs && release < chunks->free_before_len - 1) {
        int64_t k = chunks->free_before[release];
        if (k < chunks->real_after_len)
            resume = chunks->real_after[k] - 1; /* the opcode fetch's cycle */
    }
    return frame_start + resume > end ? frame_start + resume : end;
}

static int history_load(PyObject *cpu, unsigned hist[8])
{
    PyObject *h = PyObject_GetAttr(cpu, s_history);
    if (h == NULL)
        return -1;
    for (int i = 0; i < 8; i++) {
        PyObject *item = PySequence_GetItem(h, i);
        long v = item ? PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(h);
            return -1;
        }
        hist[i] = (unsigned)v;
    }
    Py_DECREF(h);
    return 0;
}

static int history_store(PyObject *cpu, const unsigned hist[8], int index)
{
    PyObject *h = PyObject_GetAttr(cpu, s_history);
    if (h == NULL)
        return -1;
    int rc = 0;
    for (int i = 0; i < 8 && rc == 0; i++) {
        PyObject *v = PyLong_FromUnsignedLong(hist[(index + i) & 7]);
        rc = v ? PySequence_SetItem(h, i, v) : -1;
        Py_XDECREF(v);
    }
    Py_DECREF(h);
    return rc;
}

/* AtariCPU.call_bare: run from cycle 0 until PC == ret (or a runaway at max_cycles),
   STOPs ignored; processorCycles and the history stay as they were. */
typedef struct {
    unsigned ret;
    int64_t max_cycles;
    int64_t start_cycles; /* processorCycles, which the Python callbacks see unchanged */
} Bare;

/* Run instructions; `chunks` and `bare` NULL: until `limit` (Core.run); `chunks`: chunk after
   chunk; `bare`: a routine to its return (the result is its cycles, or -1 for a runaway). */
static PyObject *execute(Core *self, int64_t limit, Chunks *chunks, Bare *bare)
{
    Py_buffer mb, wb;
    if (PyObject_GetBuffer(self->memory, &mb, PyBUF_WRITABLE) < 0)
        return NULL;
    if (PyObject_GetBuffer(self->writable, &wb, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&mb);
        return NULL;
    }
    if (mb.len < 0x10000 || wb.len < 256) {
        PyBuffer_Release(&mb);
        PyBuffer_Release(&wb);
        PyErr_SetString(PyExc_ValueError, "the CPU needs 64 KiB of memory and 256 page flags");
        return NULL;
    }
    uint8_t *mem = (uint8_t *)mb.buf;
    const uint8_t *wr = (const uint8_t *)wb.buf;
    PyObject *cpu = self->cpu;
    PyObject *plan = chunks ? chunks->plan : NULL;
    PyObject *result = NULL;
    unsigned hist[8];
    int hidx = 0, status = 0, touched = 0, chunk_running = 0;
    int64_t used_total = 0, now = 0, offset = 0, lim = limit, c = 0;
    /* In runs of chunks a write to WSYNC ($D40A and its mirrors) stops the chunk here, without
       calling Python (ANTIC keeps nothing of it: emulator/machine.py's _antic_write only stops). */
    int wsync_in_core = chunks != NULL, wsync_hit = 0;
    unsigned a, x, y, p, sp, pc, opc, v, t, addr, base, zp, np;
    int r;
    int ok = 1;

    Regs regs = load_regs(cpu);
    int64_t cycles = get_int(cpu, s_cycles, &ok);
    int64_t sync_cycles = 0; /* what callbacks see as processorCycles in bare mode */
    int runaway = 0;
    if (bare != NULL) {
        bare->start_cycles = cycles;
        sync_cycles = cycles;
        cycles = 0;
    }
    unsigned chunk_count = 0;
    int64_t bare_check = 0; /* bare: the cycle of the next look at max_cycles and Ctrl-C */
    if (bare != NULL)
        bare_check = bare->max_cycles < SLICE_CYCLES ? bare->max_cycles : SLICE_CYCLES;
    if (chunks == NULL && bare == NULL && lim - cycles > SLICE_CYCLES)
        lim = cycles + SLICE_CYCLES; /* Core.run: in slices */
    if (!regs.ok || !ok || history_load(cpu, hist) < 0) {
        PyBuffer_Release(&mb);
        PyBuffer_Release(&wb);
        return NULL;
    }
    a = regs.a; x = regs.x; y = regs.y; p = regs.p; sp = regs.sp; pc = regs.pc;
    Regs held = regs; /* the registers as the CPU object holds them (SYNC stores only the others) */

#define RELOAD() do { Regs _r = load_regs(cpu); if (!_r.ok) goto error; \
        a = _r.a; x = _r.x; y = _r.y; p = _r.p; sp = _r.sp; pc = _r.pc; held = _r; } while (0)
#define SYNC() do { touched = 1; \
        if (store_changed_regs(cpu, &held, a, x, y, p, sp, pc, bare ? sync_cycles : cycles) < 0) goto error; \
        if (chunk_running && set_int(plan, s_chunk_start, now) < 0) goto error; } while (0)
#define READ(dst, ad) do { if (((ad) & 0xF800) != 0xD000) { dst = mem[ad]; } else { \
        SYNC(); long _v = call_io_read(self, (ad)); if (_v < 0) { goto error; } \
        RELOAD(); dst = (unsigned)_v; } } while (0)
#define WRITE(ad, val) do { unsigned _w = (val); if (wr[(ad) >> 8]) { mem[ad] = (uint8_t)_w; } \
        else if (wsync_in_core && ((ad) & 0xFF0F) == 0xD40A) { c += STOP; wsync_hit = 1 + double_write(mem[opc]); } else { \
        SYNC(); int64_t _c = call_write_special(self, (ad), _w); \
        if (_c == -1 && PyErr_Occurred()) { goto error; } RELOAD(); c += _c; } } while (0)

    if (chunks == NULL)
        goto instructions;
    now = chunks->now;

next_chunk:
    offset = now - chunks->frame_start;
    {
        int64_t end = chunks->stop_at < now + chunks->chunk_cycles ? chunks->stop_at : now + chunks->chunk_cycles;
        int64_t end_offset = end - chunks->frame_start;
        if (offset < 0 || end_offset > chunks->free_before_len - 1) {
            PyErr_SetString(PyExc_ValueError, "run_chunks: a chunk outside the frame");
            goto error_no_sync;
        }
        int64_t budget = chunks->free_before[end_offset] - chunks->free_before[offset];
        if (budget <= 0) { /* ANTIC has the bus all the time up to `end` */
            cycles = end;
            goto after_chunk;
        }
        lim = now + budget;
        chunk_running = 1;
    }

instructions:
    while (bare ? pc != bare->ret : cycles < lim) {
        if (bare && cycles >= bare_check) {
            if (cycles >= bare->max_cycles) {
                runaway = 1;
                break;
            }
            if (interrupted(cpu, a, x, y, p, sp, pc, sync_cycles) < 0)
                goto error;
            bare_check = bare->max_cycles - cycles < SLICE_CYCLES ? bare->max_cycles : cycles + SLICE_CYCLES;
        }
        pc &= 0xFFFF; /* past $FFFF the program counter wraps to $0000 */
        opc = pc;
        hist[hidx] = pc;
        hidx = (hidx + 1) & 7;
        if (opc > 0xFFFD) /* operands past $FFFF: AtariCPU.run_wrapping */
            goto python_handler;
        switch (mem[opc]) {
#include "_cpucore_ops.h"
        default:
            goto python_handler;
        }
        cycles += bare ? c % STOP : c;
        continue;
    python_handler: /* the opcode's Python handler, with the state in the CPU object */
        SYNC();
        if (!bare && history_store(cpu, hist, 0) < 0) /* as the Python loop has it: a jam disassembles it */
            goto error;
        c = opc > 0xFFFD ? call_run_wrapping(self) : call_python_handler(self, mem[opc]);
        if (c == -1 && PyErr_Occurred())
            goto error;
        RELOAD();
        cycles += bare ? c % STOP : c;
    }
    if (chunks == NULL) {
        if (bare == NULL && cycles < limit) { /* the next slice of a long Core.run */
            if (interrupted(cpu, a, x, y, p, sp, pc, cycles) < 0)
                goto error;
            lim = limit - cycles > SLICE_CYCLES ? cycles + SLICE_CYCLES : limit;
            goto instructions;
        }
        goto done;
    }

    chunk_running = 0;
    {
        int stopped = cycles >= STOP;
        int64_t used = cycles - now - (stopped ? STOP : 0);
        used_total += used;
        if (offset + 1 > chunks->free_before_len) {
            PyErr_SetString(PyExc_ValueError, "run_chunks: bad DMA table");
            goto error_no_sync;
        }
        {
            int64_t target = chunks->free_before[offset] + used;
            if (used > 0 && target <= chunks->free_cycles && target >= chunks->real_after_len) {
                PyErr_SetString(PyExc_ValueError, "run_chunks: bad DMA table");
                goto error_no_sync;
            }
        }
        cycles = now + real_span(chunks->free_before, chunks->real_after, chunks->free_cycles,
                                       chunks->free_before_len - 1, offset, used) +
                 (stopped ? STOP : 0);
        if (stopped) {
            /* WSYNC (the commonest stop: a program waiting for the next scanline) is done here,
               as Machine._handle_stop does it: the CPU sleeps to ANTIC's release of RDY. */
            int wsync = wsync_hit ? wsync_hit : is_wsync_stop(cpu); /* 2: a read-modify-write wrote it */
            wsync_hit = 0;
            if (wsync < 0)
                goto error_no_sync;
            if (!wsync) {
                status = 1;
                goto done;
            }
            cycles -= STOP;
            if (set_int(plan, s_wsync_halted, cycles) < 0)
                goto error_no_sync;
            cycles = wsync_release(cycles, chunks, wsync == 2);
            if (set_int(plan, s_wsync_released, cycles) < 0)
                goto error_no_sync;
        }
    }
after_chunk:
    now = cycles;
    if ((++chunk_count & 0xFF) == 0 && interrupted(cpu, a, x, y, p, sp, pc, cycles) < 0)
        goto error; /* Ctrl-C, looked at now and then */
    if (now >= chunks->stop_at) {
        status = 0;
        goto done;
    }
    if (touched) { /* Python code ran: did it change what the machine's loop looks at? */
        int ok2 = 1;
        long long revision = get_int(plan, s_revision, &ok2);
        if (!ok2)
            goto error_no_sync;
        touched = 0;
        if (revision != chunks->revision) {
            status = 2;
            goto done;
        }
    }
    pc &= 0xFFFF;
    if (maybe_runaway(mem, pc)) {
        status = 2;
        goto done;
    }
    {
        int irq_checked = 0, irq = 0;
        if (!(p & 0x04) || in_key_wait_loop(mem, pc)) {
            PyObject *line = PyObject_GetAttr(cpu, s_irq_line);
            if (line == NULL)
                goto error_no_sync;
            irq = PyObject_IsTrue(line);
            Py_DECREF(line);
            if (irq < 0)
                goto error_no_sync;
            irq_checked = 1;
        }
        if (irq_checked && ((irq && !(p & 0x04)) || (!irq && in_key_wait_loop(mem, pc)))) {
            status = 2;
            goto done;
        }
    }
    goto next_chunk;

done:
    if (store_regs(cpu, a, x, y, p, sp, pc & 0xFFFF, bare ? sync_cycles : cycles) < 0)
        goto error_no_sync;
    if (bare != NULL)
        result = PyLong_FromLongLong(runaway ? -1 : cycles);
    else if (chunks != NULL)
        result = PyLong_FromLong(status);
    else
        result = Py_NewRef(Py_None);
    goto finish;

error:
error_no_sync:
    result = NULL;

finish:
    {
        /* history and the plan's executed cycles: also after an exception (the plan's
           chunk_start stays for the caller to clear: a jam's disassembly may read RANDOM) */
        PyObject *exc_type, *exc_value, *exc_tb;
        PyErr_Fetch(&exc_type, &exc_value, &exc_tb);
        int rc = bare ? 0 : history_store(cpu, hist, hidx);
        if (rc == 0 && plan != NULL)
            rc = set_int(plan, s_executed, used_total);
        if (exc_type != NULL) {
            if (rc < 0)
                PyErr_Clear();
            PyErr_Restore(exc_type, exc_value, exc_tb);
        } else if (rc < 0) {
            Py_CLEAR(result);
        }
    }
    PyBuffer_Release(&mb);
    PyBuffer_Release(&wb);
    return result;
#undef RELOAD
#undef SYNC
#undef READ
#undef WRITE
}

/* ---------------------------------------------------------------------------
 * The Core type
 * ------------------------------------------------------------------------- */

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"cpu", "memory", "writable", NULL};
    PyObject *cpu, *memory, *writable;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO", kwlist, &cpu, &memory, &writable))
        return -1;
    if (!PyByteArray_Check(memory) || PyByteArray_GET_SIZE(memory) < 0x10000 || !PyByteArray_Check(writable) ||
        PyByteArray_GET_SIZE(writable) < 256) {
        PyErr_SetString(PyExc_TypeError, "Core(cpu, memory, writable): bytearrays of 64 KiB and 256 bytes");
        return -1;
    }
    Py_XSETREF(self->cpu, Py_NewRef(cpu));
    Py_XSETREF(self->memory, Py_NewRef(memory));
    Py_XSETREF(self->writable, Py_NewRef(writable));
    return 0;
}

static int Core_traverse(Core *self, visitproc visit, void *arg)
{
    Py_VISIT(self->cpu);
    Py_VISIT(self->memory);
    Py_VISIT(self->writable);
    return 0;
}

static int Core_clear(Core *self)
{
    Py_CLEAR(self->cpu);
    Py_CLEAR(self->memory);
    Py_CLEAR(self->writable);
    return 0;
}

static void Core_dealloc(Core *self)
{
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_ready(Core *self)
{
    if (self->cpu == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Core not initialised");
        return -1;
    }
    return 0;
}

static PyObject *Core_run(Core *self, PyObject *arg)
{
    if (check_ready(self) < 0)
        return NULL;
    long long limit = PyLong_AsLongLong(arg);
    if (limit == -1 && PyErr_Occurred())
        return NULL;
    return execute(self, limit, NULL, NULL);
}

/* The integer fields of the plan (or its timeline), in the order of `names`. */
static int plan_ints(PyObject *obj, PyObject *const *names, int64_t *const *values, int count)
{
    int ok = 1;
    for (int i = 0; i < count && ok; i++)
        *values[i] = get_int(obj, names[i], &ok);
    return ok ? 0 : -1;
}

static PyObject *Core_run_chunks(Core *self, PyObject *plan)
{
    if (check_ready(self) < 0)
        return NULL;
    Chunks ch;
    int64_t revision = 0;
    PyObject *const names[] = {s_now, s_stop_at, s_frame_start, s_line_cycles, s_chunk_cycles, s_revision};
    int64_t *const values[] = {&ch.now, &ch.stop_at, &ch.frame_start, &ch.line_cycles, &ch.chunk_cycles, &revision};
    if (plan_ints(plan, names, values, 6) < 0)
        return NULL;
    ch.revision = revision;
    ch.plan = plan;
    if (ch.line_cycles <= 0 || ch.chunk_cycles <= 0) {
        PyErr_SetString(PyExc_ValueError, "run_chunks: a plan without scanlines");
        return NULL;
    }
    PyObject *timeline = PyObject_GetAttr(plan, s_timeline);
    if (timeline == NULL)
        return NULL;
    PyObject *free_before = PyObject_GetAttr(timeline, s_free_before);
    PyObject *real_after = PyObject_GetAttr(timeline, s_real_after);
    PyObject *const free_name[] = {s_free_cycles};
    int64_t *const free_value[] = {&ch.free_cycles};
    int ok = free_before != NULL && real_after != NULL && plan_ints(timeline, free_name, free_value, 1) == 0;
    Py_DECREF(timeline);
    Py_buffer fb, ra;
    int got_fb = ok && PyObject_GetBuffer(free_before, &fb, PyBUF_FORMAT) == 0;
    int got_ra = got_fb && PyObject_GetBuffer(real_after, &ra, PyBUF_FORMAT) == 0;
    Py_XDECREF(free_before); /* the buffers hold the arrays */
    Py_XDECREF(real_after);
    PyObject *result = NULL;
    if (got_ra && (fb.itemsize != 4 || ra.itemsize != 4)) {
        PyErr_SetString(PyExc_TypeError, "run_chunks: the DMA tables must be arrays of 32-bit ints");
    } else if (got_ra) {
        ch.free_before = (const int32_t *)fb.buf;
        ch.real_after = (const int32_t *)ra.buf;
        ch.free_before_len = fb.len / 4;
        ch.real_after_len = ra.len / 4;
        result = execute(self, 0, &ch, NULL);
    }
    if (got_ra)
        PyBuffer_Release(&ra);
    if (got_fb)
        PyBuffer_Release(&fb);
    return result;
}

static PyObject *Core_call_bare(Core *self, PyObject *args)
{
    if (check_ready(self) < 0)
        return NULL;
    unsigned ret;
    long long max_cycles;
    if (!PyArg_ParseTuple(args, "IL", &ret, &max_cycles))
        return NULL;
    Bare bare = {ret, max_cycles, 0};
    return execute(self, 0, NULL, &bare);
}

static PyMethodDef Core_methods[] = {
    {"call_bare", (PyCFunction)Core_call_bare, METH_VARARGS,
     "call_bare(return_address, max_cycles) -> cycles: run until PC == return_address (-1: runaway)."},
    {"run", (PyCFunction)Core_run, METH_O, "run(limit): execute until processorCycles >= limit or a STOP."},
    {"run_chunks", (PyCFunction)Core_run_chunks, METH_O,
     "run_chunks(plan) -> status: the machine's chunks with DMA accounting, as the RunPlan says\n"
     "(emulator/runplan.py); 0 at plan.stop_at, 1 after a STOP, 2 when Python must look."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "emulator._cpucore.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The compiled 6502 run loop of an AtariCPU: Core(cpu, memory, writable).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cpucore", "The compiled 6502 core (see emulator/cpu.py).", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cpucore(void)
{
    for (int i = 0; i < 256; i++)
        nz[i] = i == 0 ? 0x02 : (uint8_t)(i & 0x80);
#define INTERN(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL
    INTERN(s_a, "a");
    INTERN(s_x, "x");
    INTERN(s_y, "y");
    INTERN(s_p, "p");
    INTERN(s_sp, "sp");
    INTERN(s_pc, "pc");
    INTERN(s_cycles, "processorCycles");
    INTERN(s_irq_line, "irq_line");
    INTERN(s_history, "history");
    INTERN(s_fast_ops, "fast_ops");
    INTERN(s_run_wrapping, "run_wrapping");
    INTERN(s_io_read, "io_read");
    INTERN(s_write_special, "write_special");
    INTERN(s_stop_reason, "stop_reason");
    INTERN(s_wsync, "wsync");
    INTERN(s_now, "now");
    INTERN(s_stop_at, "stop_at");
    INTERN(s_frame_start, "frame_start");
    INTERN(s_timeline, "timeline");
    INTERN(s_line_cycles, "line_cycles");
    INTERN(s_chunk_cycles, "chunk_cycles");
    INTERN(s_revision, "revision");
    INTERN(s_chunk_start, "chunk_start");
    INTERN(s_executed, "executed");
    INTERN(s_wsync_released, "wsync_released");
    INTERN(s_wsync_halted, "wsync_halted");
    INTERN(s_free_before, "free_before");
    INTERN(s_real_after, "real_after");
    INTERN(s_free_cycles, "free_cycles");
#undef INTERN
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
