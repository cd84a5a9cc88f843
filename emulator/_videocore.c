/*
 * The compiled picture: ANTIC's playfield and GTIA's colours, players, missiles,
 * priorities and collisions for one frame (the module emulator._videocore).
 *
 * The Python renderer (emulator/antic.py render_indices + emulator/pmg.py compose
 * and frame_collisions) is the reference; this file makes the same frame, pixel
 * for pixel, from the same inputs (tests/test_emu_videocore.py compares them).
 * The facts (modes, fine scrolling, the priority equations, GTIA modes 9-11)
 * are documented in those modules; the comments here only say how.
 *
 * One entry point:
 *   render(ram, out, mode_lines, width, left, chbase_rows, chactl_rows, dmactl, pmbase,
 *          start_registers, log, first, last, start_pixel, end_pixel, picture, previous[, memory,
 *          last_picture])
 *          -> bytes(16) or None
 *     ram             64 KiB buffer (memory.ram)
 *     out             writable buffer of 240 x 384 colour bytes (written if picture)
 *     mode_lines      int32 buffer, 8 a mode line (antic.DisplayList.packed)
 *     width, left     the DMACTL playfield window in hi-res pixels
 *     chbase_rows, chactl_rows  240 bytes each: CHBASE and CHACTL on each displayed row
 *     start_registers GTIA's 32 write registers at the top of the frame
 *     log             list of (scanline, colour clock, register, value): GTIA writes this
 *                     frame, each from its colour clock on (pmg.write_position)
 *     first, last     the displayed rows (0 = scanline 8) whose collisions to return
 *     start_pixel, end_pixel  of row `first` only the pixels from start_pixel collide, of row
 *                     last - 1 only those before end_pixel (the beam's part of its row; even:
 *                     a colour clock is two pixels); nothing collides in the horizontal blanks
 *     previous        bytearray: the inputs of the last render of this kind (replaced)
 *     memory, last_picture (optional, a picture only): what each row of `last_picture` (the
 *                     caller's last picture) was made from, a bytearray of 240 RowMemory
 *                     that this render keeps up to date; a row made from the same inputs
 *                     is copied from `last_picture` instead of drawn again, and one whose
 *                     objects alone moved is copied and only the colour clocks where they
 *                     differ are drawn
 *   The playfield rows are kept between renders while what they are made from (the first
 *   part of the render key) stays the same.
 *   Returns the 16 collision registers M0PF..P3PL hit in rows first..last-1, or None if
 *   everything the render reads (parameters, registers, log, the mode lines' screen memory,
 *   the font, the player/missile area) is as in `previous`: nothing is drawn then, the
 *   caller's last result stands.  So a frame that changes nothing costs a few memcmp.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define ROWS 240
#define WIDTH 384
#define CLOCKS 192
#define FIRST_LINE 8
#define LINE_PRIOR_CLOCK 0x22 /* pmg.LINE_PRIOR_CLOCK */
#define HPOS_OFFSET 0x20
/* colour clocks where objects collide: HPOS $22-$DD, between the horizontal blanks (pmg.COLLIDING) */
#define COLLIDE_FIRST (0x22 - HPOS_OFFSET)
#define COLLIDE_END (0xDE - HPOS_OFFSET)
#define BK 0
#define PF2 3
#define HIRES 5

/* GTIA write registers */
#define R_HPOSP0 0x00
#define R_HPOSM0 0x04
#define R_SIZEP0 0x08
#define R_SIZEM 0x0C
#define R_GRAFP0 0x0D
#define R_GRAFM 0x11
#define R_COLPM0 0x12
#define R_COLPF0 0x16
#define R_COLPF1 0x17
#define R_COLPF2 0x18
#define R_COLBK 0x1A
#define R_PRIOR 0x1B
#define R_VDELAY 0x1C
#define R_GRACTL 0x1D
/* The registers a row's colours depend on besides its objects: COLPM0-3, COLPF0-3, COLBK, PRIOR
 * (positions, sizes and graphics act through the objects a row shows). */
#define COLOUR_REGISTERS (R_PRIOR + 1 - R_COLPM0)


typedef struct {
    int height, normal_bytes, bits, glyphs;
} Mode;

/* ANTIC modes 2-15: scanlines, bytes at the normal width, bits a pixel, glyphs (antic.MODES) */
static const Mode MODES[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0},
    {8, 40, 1, 128}, {10, 40, 1, 128}, {8, 40, 2, 128}, {16, 40, 2, 128},
    {8, 20, 1, 64}, {16, 20, 1, 64}, {8, 10, 2, 0}, {4, 10, 1, 0},
    {4, 20, 2, 0}, {2, 20, 1, 0}, {1, 20, 1, 0}, {2, 40, 2, 0},
    {1, 40, 2, 0}, {1, 40, 1, 0},
};

static const int PLAYER_WIDTH[4] = {1, 2, 1, 4};
/* GTIA mode 10: the colour register of each pixel value (pmg.MODE10_REGISTERS) */
static const int MODE10[16] = {
    R_COLPM0, R_COLPM0 + 1, R_COLPM0 + 2, R_COLPM0 + 3, R_COLPF0, R_COLPF0 + 1, R_COLPF0 + 2,
    R_COLPF0 + 3, R_COLBK, R_COLBK, R_COLBK, R_COLBK, R_COLPF0, R_COLPF0 + 1, R_COLPF0 + 2,
    R_COLPF0 + 3,
};

/* colour clocks from the CPU's write cycle until GTIA takes the value, by register: HPOS 5, SIZE
 * and GRAF 3, PRIOR 2 (shifters.WRITE_DELAY) */
static const uint8_t WRITE_DELAY[32] = {5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                        0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0};

enum { ML_LINE, ML_HEIGHT, ML_MODE, ML_ADDRESS, ML_SIZE, ML_FIRST_ROW, ML_FETCH_WIDTH, ML_SHIFT, ML_FIELDS };

typedef struct {
    int row, x, reg, value; /* from hi-res pixel x of the row on, register = value */
} MidWrite;

typedef struct {
    const uint8_t *ram;
    const int32_t *mode_lines;
    Py_ssize_t mode_line_count;
    int width, left, dmactl, pmbase;
    int chbase, chactl;            /* of the row being made */
    const uint8_t *chbase_rows;    /* CHBASE and CHACTL on each displayed row */
    const uint8_t *chactl_rows;
    uint8_t registers[ROWS][32]; /* GTIA's write registers at the start of each displayed row */
    MidWrite *mid;               /* the writes that show from the middle of a row, in order */
    Py_ssize_t mid_count, mid_capacity;
    uint16_t mid_rows[ROWS + 1]; /* how many of them each row has */
    uint8_t line_prior[ROWS];    /* PRIOR when each row's line starts (pmg.line_start_priors) */
    uint8_t indices[WIDTH];      /* the playfield of the row being made */
    uint8_t hires_row;           /* the row is drawn by a hi-res mode line */
    size_t playfield_key_length; /* the key's bytes that say what the playfield reads */
} Frame;

static int pixel_width(const Mode *mode) { return 320 * mode->bits / (8 * mode->normal_bytes); }

static int playfield_left(int width) { return width == 256 ? 64 : width == 320 ? 32 : 0; }

/* screen memory: the counter wraps inside its 4K block */
static uint8_t screen_byte(const uint8_t *ram, int address, int offset)
{
    return ram[(address & 0xF000) | ((address + offset) & 0x0FFF)];
}

/* Row `glyph_row` (0-7) of character `code`'s glyph, with CHACTL's upside-down bit. */
static uint8_t glyph(const Frame *f, int code, int glyph_row, int font_mask)
{
    int base = (f->chbase << 8) & font_mask;
    if (f->chactl & 0x04)
        glyph_row = 7 - glyph_row;
    return f->ram[(base + code * 8 + glyph_row) & 0xFFFF];
}

/* Mode 3: ten scanlines; lower case ($60-$7F) drops by two. */
static uint8_t descender_glyph(const Frame *f, int code, int row)
{
    int low = (code & 0x7F) >= 0x60;
    if (!low)
        return row < 8 ? glyph(f, code & 0x7F, row, 0xFC00) : 0;
    if (row < 2)
        return 0;
    return glyph(f, code & 0x7F, row < 8 ? row : row - 8, 0xFC00);
}

/* The eight hi-res pixels of a byte: PF2, or HIRES where a bit is set (filled at import). */
static uint8_t hires_pixels[256][8];

/* The hi-res pixels of a byte of each map mode 8-15 (filled at import): one or two bits a
 * pixel, each pixel_width wide; one bit in a hi-res mode is PF2 or HIRES, else BK or PF0. */
static uint8_t map_pixels[8][256][32];

static void fill_pixel_tables(void)
{
    for (int value = 0; value < 256; value++) {
        for (int b = 0; b < 8; b++) hires_pixels[value][b] = (value >> (7 - b)) & 1 ? HIRES : PF2;
        for (int mode = 8; mode < 16; mode++) {
            const Mode *spec = &MODES[mode];
            int pw = pixel_width(spec), x = 0;
            for (int shift = 8 - spec->bits; shift >= 0; shift -= spec->bits) {
                int pixel = (value >> shift) & (spec->bits == 1 ? 1 : 3);
                uint8_t index = pw == 1 ? (pixel ? HIRES : PF2) : (uint8_t)pixel;
                for (int k = 0; k < pw; k++) map_pixels[mode - 8][value][x++] = index;
            }
        }
    }
}

/* One scanline of a mode line as wide as it fetched: `row` is the row of its characters. */
static void mode_line_row(const Frame *f, const int32_t *ml, int row, uint8_t *block)
{
    const Mode *mode = &MODES[ml[ML_MODE]];
    int pw = pixel_width(mode), x = 0, size = ml[ML_SIZE], address = ml[ML_ADDRESS];
    uint8_t codes[WIDTH / 8];
    if ((address & 0x0FFF) + size <= 0x1000)
        memcpy(codes, f->ram + address, (size_t)size);
    else
        for (int i = 0; i < size; i++) codes[i] = screen_byte(f->ram, address, i);
    if (pw == 1 && mode->glyphs && mode->height == 8) { /* mode 2, the text screen: a fast way */
        const uint8_t *font = f->ram + ((f->chbase << 8) & 0xFC00) + ((f->chactl & 0x04) ? 7 - row : row);
        for (int i = 0; i < size; i++) {
            int code = codes[i], bits = font[(code & 0x7F) * 8];
            if (code & 0x80) {
                if (f->chactl & 0x01) bits = 0;
                if (f->chactl & 0x02) bits ^= 0xFF;
            }
            memcpy(block + 8 * i, hires_pixels[bits], 8);
        }
        return;
    }
    for (int i = 0; i < size; i++) {
        int code = codes[i];
        if (!mode->glyphs) { /* a map mode: the byte is the pixels */
            int span = 8 / mode->bits * pw;
            memcpy(block + x, map_pixels[ml[ML_MODE] - 8][code], (size_t)span);
            x += span;
        } else if (pw == 1) { /* hi-res text, modes 2 and 3 */
            int bits = mode->height == 10 ? descender_glyph(f, code, row) : glyph(f, code & 0x7F, row, 0xFC00);
            if (code & 0x80) {
                if (f->chactl & 0x01) bits = 0;
                if (f->chactl & 0x02) bits ^= 0xFF;
            }
            memcpy(block + x, hires_pixels[bits], 8);
            x += 8;
        } else if (mode->bits == 2) { /* four-colour text, modes 4 and 5 */
            int bits = glyph(f, code & 0x7F, row * 8 / mode->height, 0xFC00);
            for (int s = 6; s >= 0; s -= 2) {
                uint8_t value = (bits >> s) & 3;
                if (value == 3 && (code & 0x80)) value = 4;
                for (int k = 0; k < pw; k++) block[x++] = value;
            }
        } else { /* five-colour big text, modes 6 and 7 */
            int bits = glyph(f, code & 0x3F, row * 8 / mode->height, 0xFE00);
            uint8_t colour = (uint8_t)(1 + (code >> 6));
            for (int b = 7; b >= 0; b--) {
                uint8_t value = (bits >> b) & 1 ? colour : BK;
                for (int k = 0; k < pw; k++) block[x++] = value;
            }
        }
    }
}

/* f->indices: the playfield of displayed row `row` (0 BK, 1-4 PF0-PF3, 5 a lit hi-res pixel). */
static void playfield_row(Frame *f, int row)
{
    uint8_t block[WIDTH * 2];
    memset(f->indices, 0, WIDTH);
    f->hires_row = 0;
    f->chbase = f->chbase_rows[row];
    f->chactl = f->chactl_rows[row];
    int line = row + FIRST_LINE;
    for (Py_ssize_t n = 0; n < f->mode_line_count; n++) {
        const int32_t *ml = f->mode_lines + n * ML_FIELDS;
        if (line < ml[ML_LINE] || line >= ml[ML_LINE] + ml[ML_HEIGHT])
            continue;
        const Mode *mode = &MODES[ml[ML_MODE]];
        int hires = mode->bits == 1 && pixel_width(mode) == 1;
        f->hires_row = (uint8_t)hires;
        if (!f->width)
            return;
        int natural = mode->glyphs ? mode->height : 1;
        int char_row = (ml[ML_FIRST_ROW] + line - ml[ML_LINE]) % natural;
        int fetch_width = ml[ML_FETCH_WIDTH] ? ml[ML_FETCH_WIDTH] : f->width;
        mode_line_row(f, ml, char_row, block);
        int x0 = playfield_left(fetch_width) + 2 * ml[ML_SHIFT];
        int window_end = f->left + f->width;
        int start = x0 > f->left ? x0 : f->left;
        int end = x0 + fetch_width;
        if (end > window_end) end = window_end;
        if (end > WIDTH) end = WIDTH;
        if (end > start)
            memcpy(f->indices + start, block + (start - x0), (size_t)(end - start));
        if (ml[ML_SHIFT] && hires) { /* the colour clocks the shift empties show PF2 */
            int stop = x0 < window_end ? x0 : window_end;
            for (int x = f->left; x < stop; x++) f->indices[x] = PF2;
        }
        return;
    }
}

/* -- the frame's inputs, to skip a frame that changes nothing ------------------------------- */

typedef struct {
    uint8_t *bytes;
    size_t length, capacity;
} Key;

static int key_put(Key *key, const void *data, size_t length)
{
    if (key->length + length > key->capacity) {
        size_t capacity = (key->length + length) * 2;
        uint8_t *bytes = PyMem_Realloc(key->bytes, capacity);
        if (!bytes) {
            PyErr_NoMemory();
            return -1;
        }
        key->bytes = bytes;
        key->capacity = capacity;
    }
    memcpy(key->bytes + key->length, data, length);
    key->length += length;
    return 0;
}

static int key_put_memory(Key *key, const uint8_t *ram, int address, int length)
{
    return key_put(key, ram + (address & 0xFFFF), (size_t)(length < 0x10000 - (address & 0xFFFF)
                                                                ? length : 0x10000 - (address & 0xFFFF)));
}

static Key key;
#define EXTRA 5 /* first, last, start_pixel, end_pixel, picture */

/* Everything a render reads besides the log (added by register_table): first what the
 * playfield reads (parameters, the mode lines, their screen memory, CHBASE/CHACTL rows and the
 * fonts), then the rows asked for, GTIA's start registers and the player/missile area. */
static int frame_key(Key *key, Frame *f, const uint8_t *start, const int extra[EXTRA])
{
    int params[4] = {f->width, f->left, f->dmactl, f->pmbase};
    int characters = 0;
    key->length = 0;
    if (key_put(key, params, sizeof params) < 0 ||
        key_put(key, f->mode_lines, (size_t)f->mode_line_count * ML_FIELDS * sizeof(int32_t)) < 0)
        return -1;
    for (Py_ssize_t n = 0; n < f->mode_line_count; n++) {
        const int32_t *ml = f->mode_lines + n * ML_FIELDS;
        int address = ml[ML_ADDRESS], size = ml[ML_SIZE];
        int in_block = 0x1000 - (address & 0x0FFF);
        characters |= MODES[ml[ML_MODE] & 15].glyphs != 0;
        if (key_put_memory(key, f->ram, address, size < in_block ? size : in_block) < 0) return -1;
        if (size > in_block && key_put_memory(key, f->ram, address & 0xF000, size - in_block) < 0) return -1;
    }
    if (key_put(key, f->chbase_rows, ROWS) < 0 || key_put(key, f->chactl_rows, ROWS) < 0)
        return -1;
    uint8_t font_used[64] = {0}; /* the 1K blocks of the fonts the rows name */
    for (int row = 0; characters && row < ROWS; row++) {
        int block = f->chbase_rows[row] >> 2;
        if (font_used[block]) continue;
        font_used[block] = 1;
        if (key_put_memory(key, f->ram, block << 10, 0x400) < 0) return -1;
    }
    f->playfield_key_length = key->length; /* the playfield's inputs end here */
    if (key_put(key, extra, EXTRA * sizeof(int)) < 0 || key_put(key, start, 32) < 0)
        return -1;
    if (f->dmactl & 0x0C) {
        int single = f->dmactl & 0x10;
        int base = single ? (f->pmbase & 0xF8) << 8 : (f->pmbase & 0xFC) << 8;
        if (key_put_memory(key, f->ram, base + (single ? 0x300 : 0x180), single ? 0x500 : 0x280) < 0)
            return -1;
    }
    return 0;
}

/* (displayed row, hi-res pixel) from which a write at colour clock `clock` of `scanline` shows:
 * left of the frame from the row's start, right of it from the next row's (pmg.write_position). */
static void write_position(long scanline, long clock, long *row, long *x)
{
    long colour_clock = clock - HPOS_OFFSET;
    *row = scanline - FIRST_LINE;
    *x = 0;
    if (*row < 0)
        *row = 0;
    else if (colour_clock >= CLOCKS)
        *row += 1;
    else if (colour_clock > 0)
        *x = 2 * colour_clock;
}

static int add_mid_write(Frame *f, long row, long x, long reg, long value)
{
    if (f->mid_count == f->mid_capacity) {
        Py_ssize_t capacity = f->mid_capacity ? 2 * f->mid_capacity : 64;
        MidWrite *mid = PyMem_Realloc(f->mid, (size_t)capacity * sizeof(MidWrite));
        if (!mid) {
            PyErr_NoMemory();
            return -1;
        }
        f->mid = mid;
        f->mid_capacity = capacity;
    }
    /* kept in the order they take effect, row by row (writes at one clock in the log's order) */
    Py_ssize_t at = f->mid_count++;
    while (at > 0 && (f->mid[at - 1].row > row || (f->mid[at - 1].row == row && f->mid[at - 1].x > x))) {
        f->mid[at] = f->mid[at - 1];
        at--;
    }
    f->mid[at] = (MidWrite){(int)row, (int)x, (int)(reg & 31), (int)value};
    f->mid_rows[row]++;
    return 0;
}

/* GTIA's registers at the start of every row up to `rows`: the frame's start, then the logged
 * writes (scan line, colour clock, register, value); the writes in the middle of a row are kept
 * for it in f->mid.  The log goes into the frame's key too. */
static int register_table(Frame *f, const uint8_t *start, PyObject *log, int rows)
{
    Py_ssize_t count = PyList_GET_SIZE(log);
    f->mid_count = 0;
    memset(f->mid_rows, 0, sizeof f->mid_rows);
    memset(f->line_prior, start[R_PRIOR], sizeof f->line_prior);
    for (int r = 0; r < rows; r++) memcpy(f->registers[r], start, 32);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *entry = PyList_GET_ITEM(log, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 4) {
            PyErr_SetString(PyExc_TypeError, "log entries are (scanline, colour clock, register, value)");
            return -1;
        }
        long fields[4];
        for (int k = 0; k < 4; k++) fields[k] = PyLong_AsLong(PyTuple_GET_ITEM(entry, k));
        if (PyErr_Occurred()) return -1;
        int entry_key[4] = {(int)fields[0], (int)fields[1], (int)fields[2], (int)fields[3]};
        if (key_put(&key, entry_key, sizeof entry_key) < 0) return -1;
        long row, x, reg = fields[2] & 31, value = fields[3];
        write_position(fields[0], fields[1] + WRITE_DELAY[reg], &row, &x);
        if (x > 0 && row < rows && add_mid_write(f, row, x, reg, value) < 0) return -1;
        for (long r = row + (x > 0); r < rows; r++) f->registers[r][reg] = (uint8_t)value;
        if (reg == R_PRIOR) { /* taken before LINE_PRIOR_CLOCK of its line, or from the next line's start */
            long line_row = fields[0] - FIRST_LINE + (fields[1] + WRITE_DELAY[R_PRIOR] >= LINE_PRIOR_CLOCK);
            for (long r = line_row < 0 ? 0 : line_row; r < ROWS; r++) f->line_prior[r] = (uint8_t)value;
        }
    }
    return 0;
}

/* The bytes of players 0-3 and of the missiles on displayed row `row` (DMA or GRAFPn/GRAFM). */
static void object_graphics(const Frame *f, int row, const uint8_t *regs, uint8_t graf[5])
{
    int scanline = row + FIRST_LINE, single = f->dmactl & 0x10;
    memcpy(graf, regs + R_GRAFP0, 5);
    for (int n = 0; n < 5; n++) {
        int player = n < 4;
        if (!(f->dmactl & (player ? 0x08 : 0x0C)) || !(regs[R_GRACTL] & (player ? 2 : 1)))
            continue;
        int base, offset, index;
        if (single) {
            base = (f->pmbase & 0xF8) << 8;
            offset = player ? 0x400 + 0x100 * n : 0x300;
            index = scanline & 0xFF;
        } else {
            base = (f->pmbase & 0xFC) << 8;
            offset = player ? 0x200 + 0x80 * n : 0x180;
            int delayed = (regs[R_VDELAY] >> (player ? n + 4 : 0)) & 1;
            index = ((scanline - delayed) >> 1) & 0x7F;
        }
        graf[n] = f->ram[(base + offset + index) & 0xFFFF];
    }
}

/* Marks `bit` in objects[] where an object of `size` bits shows (leftmost = highest bit). */
static void object_mask(uint8_t *objects, int hpos, int width, int bits, int size, uint8_t bit)
{
    if (!bits) return;
    for (int i = 0; i < size; i++) {
        if (!((bits >> (size - 1 - i)) & 1)) continue;
        for (int k = 0; k < width; k++) {
            int clock = hpos + i * width + k - HPOS_OFFSET;
            if (clock >= 0 && clock < CLOCKS) objects[clock] |= bit;
        }
    }
}

/* objects[c]: bits 0-3 players, 4-7 missiles present at colour clock c; 0 if none on the row. */
static int object_row(const Frame *f, int row, const uint8_t *regs, uint8_t objects[CLOCKS])
{
    uint8_t graf[5];
    object_graphics(f, row, regs, graf);
    if (!(graf[0] | graf[1] | graf[2] | graf[3] | graf[4]))
        return 0;
    memset(objects, 0, CLOCKS);
    for (int n = 0; n < 4; n++)
        object_mask(objects, regs[R_HPOSP0 + n], PLAYER_WIDTH[regs[R_SIZEP0 + n] & 3], graf[n], 8,
                    (uint8_t)(1 << n));
    for (int n = 0; n < 4; n++)
        object_mask(objects, regs[R_HPOSM0 + n], PLAYER_WIDTH[(regs[R_SIZEM] >> (2 * n)) & 3],
                    (graf[4] >> (2 * n)) & 3, 2, (uint8_t)(0x10 << n));
    return 1;
}

/* -- GTIA's shift registers, for a row in whose middle HPOS, SIZE or GRAF is written ---------
 * (emulator/shifters.py has the facts; this is the same, colour clock by colour clock) */

#define LINE_CLOCKS 228
/* the pacing counter's next value by SIZE bits and counter; a shift as it reaches 0 */
static const uint8_t NEXT_COUNT[4][4] = {{0, 0, 0, 0}, {1, 0, 1, 0}, {0, 2, 2, 0}, {1, 2, 3, 0}};

typedef struct {
    int position, size;
    uint8_t latch, shift, count; /* missiles: bits 7-6 */
} Shifter;

/* One colour clock of an object (shifters.Shifter): triggered at its position, its bit shown,
 * the counter paced; returns the bit. */
static int shift_clock(Shifter *o, int clock)
{
    if (o->position == clock) {
        if (o->count) {
            o->count = 0;
            o->shift = (uint8_t)(o->shift << 1);
        }
        o->shift |= o->latch;
    }
    int bit = o->shift >> 7;
    o->count = NEXT_COUNT[o->size][o->count];
    if (!o->count) o->shift = (uint8_t)(o->shift << 1);
    return bit;
}

/* A write to HPOS, SIZE or GRAF reaching object `n` (0-3 players, 4-7 missiles), if it is one of
 * its registers (shifters.apply_write). */
static void apply_object_write(Shifter *o, int n, int reg, int value)
{
    int missile_bits = n >= 4 ? (value >> (2 * (n - 4))) & 3 : 0;
    if (reg == R_HPOSP0 + n)
        o->position = value;
    else if (n < 4 && reg == R_SIZEP0 + n)
        o->size = value & 3;
    else if (n >= 4 && reg == R_SIZEM)
        o->size = missile_bits;
    else if (n < 4 && reg == R_GRAFP0 + n)
        o->latch = (uint8_t)value;
    else if (n >= 4 && reg == R_GRAFM)
        o->latch = (uint8_t)(missile_bits << 6);
}

/* The line's colour clock a mid-row write takes effect at. */
static int write_clock(const MidWrite *w) { return w->x / 2 + HPOS_OFFSET; }

/* Object `n` shifted out along the line into bit n of objects[] (shifters.line_objects), with
 * the `count` writes of the row; the clocks where its register is empty and it is not
 * triggered are skipped (nothing shows there, and a trigger resets the counter anyway). */
static void shift_object(Shifter *o, int n, const MidWrite *writes, int count, uint8_t objects[CLOCKS])
{
    int next = 0;
    for (int clock = 0; clock < LINE_CLOCKS;) {
        for (; next < count && write_clock(&writes[next]) <= clock; next++)
            apply_object_write(o, n, writes[next].reg, writes[next].value);
        if (!o->shift) {
            int until = next < count ? write_clock(&writes[next]) : LINE_CLOCKS;
            if (o->position >= clock && o->position < until) until = o->position;
            if (until > clock) {
                clock = until;
                continue;
            }
        }
        int bit = shift_clock(o, clock), c = clock - HPOS_OFFSET;
        if (bit && c >= 0 && c < CLOCKS) objects[c] |= (uint8_t)(1 << n);
        clock++;
    }
}

/* A pseudo mode E row's playfield (pmg.piece_playfield): each colour clock's two hi-res bits
 * select PF0-PF3 (indices 1-4); the background stays. */
static void pseudo_mode_e(const uint8_t *hires, uint8_t *pseudo)
{
    for (int x = 0; x < WIDTH; x += 2) {
        uint8_t colour = (uint8_t)(1 + 2 * (hires[x] == HIRES) + (hires[x + 1] == HIRES));
        pseudo[x] = hires[x] == BK ? BK : colour;
        pseudo[x + 1] = hires[x + 1] == BK ? BK : colour;
    }
}

/* The first of the writes in the middle of `row` (f->mid is in order of rows). */
static const MidWrite *row_writes(const Frame *f, int row)
{
    Py_ssize_t i = 0;
    while (i < f->mid_count && f->mid[i].row != row) i++;
    return f->mid + i;
}

/* True if one of the `count` writes is to HPOS, SIZE or GRAF. */
static int writes_objects(const MidWrite *writes, int count)
{
    for (int i = 0; i < count; i++)
        if (writes[i].reg <= R_GRAFM) return 1;
    return 0;
}

/* The shifters a line leaves locked up with bits in them (shifters.carry_locked): bit n of
 * `objects` for object n, with its register and counter, which the next line starts with. */
typedef struct {
    uint8_t objects, shift[8], count[8];
} Locked;

/* objects[c] of a row whose `count` mid-row `writes` change its objects (shifters.line_objects),
 * or which a locked-up shifter carries into (`locked`, then what this row leaves locked): the
 * line shifted out clock by clock from the row's registers; 0 if no object shows. */
static int shifted_row(const Frame *f, int row, const MidWrite *writes, int count, Locked *locked,
                       uint8_t objects[CLOCKS])
{
    const uint8_t *regs = f->registers[row];
    uint8_t graf[5];
    Shifter s[8];
    object_graphics(f, row, regs, graf);
    for (int n = 0; n < 4; n++) {
        s[n] = (Shifter){regs[R_HPOSP0 + n], regs[R_SIZEP0 + n] & 3, graf[n], 0, 0};
        s[4 + n] = (Shifter){regs[R_HPOSM0 + n], (regs[R_SIZEM] >> (2 * n)) & 3,
                             (uint8_t)(((graf[4] >> (2 * n)) & 3) << 6), 0, 0};
    }
    for (int n = 0; n < 8; n++)
        if (locked->objects & (1 << n)) {
            s[n].shift = locked->shift[n];
            s[n].count = locked->count[n];
        }
    /* the objects that can show: graphics in the latch or the register, or written in the row */
    int active = 0;
    for (int n = 0; n < 8; n++)
        if (s[n].latch | s[n].shift) active |= 1 << n;
    for (int i = 0; i < count; i++)
        if (writes[i].reg >= R_GRAFP0 && writes[i].reg <= R_GRAFM)
            active |= writes[i].reg == R_GRAFM ? 0xF0 : 1 << (writes[i].reg - R_GRAFP0);
    memset(objects, 0, CLOCKS);
    for (int n = 0; n < 8; n++)
        if (active & (1 << n)) shift_object(&s[n], n, writes, count, objects);
    int any = 0;
    for (int c = 0; c < CLOCKS; c++) any |= objects[c];
    locked->objects = 0;
    for (int n = 0; n < 8; n++)
        if (s[n].shift && s[n].size == 2 && (s[n].count == 1 || s[n].count == 2)) {
            locked->objects |= (uint8_t)(1 << n);
            locked->shift[n] = s[n].shift;
            locked->count[n] = s[n].count;
        }
    return any != 0;
}

/* True if one of the `count` writes is to SIZEP0-3 or SIZEM (where a lock-up can start). */
static int writes_sizes(const MidWrite *writes, int count)
{
    for (int i = 0; i < count; i++)
        if (writes[i].reg >= R_SIZEP0 && writes[i].reg <= R_SIZEM) return 1;
    return 0;
}

/* Rows 0..first-1 for a render of rows from `first` on: only what they leave locked up. */
static void locked_before(const Frame *f, int first, Locked *locked)
{
    uint8_t objects[CLOCKS];
    for (int row = 0; row < first; row++) {
        const MidWrite *writes = row_writes(f, row);
        int count = f->mid_rows[row];
        if (locked->objects || writes_sizes(writes, count))
            shifted_row(f, row, writes, count, locked, objects);
    }
}

/* GTIA modes' pixel values: each four hi-res pixels of the row read as one 4-bit value
 * (pmg.gtia_nibbles); a pixel spans two colour clocks. */
static void gtia_nibbles(const Frame *f, uint8_t nibbles[WIDTH / 4])
{
    for (int x = 0; x < WIDTH; x += 4) {
        int nibble = 0;
        for (int k = 0; k < 4; k++) nibble = (nibble << 1) | (f->indices[x + k] == HIRES);
        nibbles[x >> 2] = (uint8_t)nibble;
    }
}

/* The colour of every pixel of the row without players and missiles (and GTIA modes 9-11;
 * mode 10 shows its pixels one colour clock late: pmg.mode10_delay). */
static void base_colours(const Frame *f, const uint8_t *regs, uint8_t *colours)
{
    int mode = regs[R_PRIOR] >> 6;
    uint8_t bk = regs[R_COLBK];
    if (!mode) {
        uint8_t table[6] = {bk, regs[R_COLPF0], regs[R_COLPF1], regs[R_COLPF2], regs[R_COLPF0 + 3],
                            (uint8_t)((regs[R_COLPF2] & 0xF0) | (regs[R_COLPF1] & 0x0E))};
        for (int x = 0; x < WIDTH; x++) colours[x] = table[f->indices[x]];
        return;
    }
    uint8_t nibbles[WIDTH / 4];
    gtia_nibbles(f, nibbles);
    for (int x = 0; x < WIDTH; x++) {
        int nibble = nibbles[x >> 2];
        uint8_t colour = mode == 1 ? (uint8_t)(bk | nibble)
                       : mode == 2 ? regs[MODE10[x >= 2 ? nibbles[(x - 2) >> 2] : 8]] /* a colour clock late */
                       : (uint8_t)(bk | (nibble << 4));
        colours[x] = f->indices[x] == BK ? bk : colour;
    }
}

/* Playfield bits PF0-PF3 (1, 2, 4, 8) of a pixel as the priority logic sees them. */
static int playfield_bits(int index)
{
    static const uint8_t BITS[6] = {0, 1, 2, 4, 8, 4};
    return BITS[index];
}

/* The GTIA data sheet's priority equations for one pixel (pmg._prioritise); `base` is the
 * pixel's colour without objects (the background's: COLBK or the GTIA mode's colour). */
static uint8_t prioritise(const uint8_t *regs, int index, int gtia, uint8_t objects, uint8_t base)
{
    int prior = regs[R_PRIOR], fifth = prior & 0x10;
    int pf = gtia ? 0 : playfield_bits(index);
    int p[4];
    for (int n = 0; n < 4; n++)
        p[n] = ((objects >> n) & 1) | (((objects >> (4 + n)) & 1) && !fifth);
    if (fifth && (objects & 0xF0)) pf |= 8;
    int pf0 = pf & 1, pf1 = (pf >> 1) & 1, pf2 = (pf >> 2) & 1, pf3 = (pf >> 3) & 1;
    int pri0 = prior & 1, pri1 = (prior >> 1) & 1, pri2 = (prior >> 2) & 1, pri3 = (prior >> 3) & 1;
    int multi = (prior & 0x20) != 0;
    int p01 = p[0] | p[1], p23 = p[2] | p[3], pf01 = pf0 | pf1, pf23 = pf2 | pf3;
    int pri01 = pri0 | pri1, pri12 = pri1 | pri2, pri23 = pri2 | pri3, pri03 = pri0 | pri3;
    int sp0 = p[0] && !(pf01 && pri23) && !(pri2 && pf23);
    int sp1 = p[1] && !(pf01 && pri23) && !(pri2 && pf23) && (!p[0] || multi);
    int sp2 = p[2] && !p01 && !(pf23 && pri12) && !(pf01 && !pri0);
    int sp3 = p[3] && !p01 && !(pf23 && pri12) && !(pf01 && !pri0) && (!p[2] || multi);
    int sf3 = pf3 && !(p23 && pri03) && !(p01 && !pri2);
    int sf0 = pf0 && !(p23 && pri0) && !(p01 && pri01) && !sf3;
    int sf1 = pf1 && !(p23 && pri0) && !(p01 && pri01) && !sf3;
    int sf2 = pf2 && !(p23 && pri03) && !(p01 && !pri2) && !sf3;
    int sb = !p01 && !p23 && !pf01 && !pf23;
    uint8_t colour = 0;
    if (sp0) colour |= regs[R_COLPM0];
    if (sp1) colour |= regs[R_COLPM0 + 1];
    if (sp2) colour |= regs[R_COLPM0 + 2];
    if (sp3) colour |= regs[R_COLPM0 + 3];
    if (sf0) colour |= regs[R_COLPF0];
    if (sf1) colour |= regs[R_COLPF0 + 1];
    if (sf2) colour |= regs[R_COLPF0 + 2];
    if (sf3) colour |= regs[R_COLPF0 + 3];
    if (sb) colour |= base;
    if (index == HIRES && !gtia) colour = (uint8_t)((colour & 0xF0) | (regs[R_COLPF1] & 0x0E));
    return colour;
}

/* Collisions: for each combination of objects (bits 0-3 players, 4-7 missiles) the playfield
 * bits seen under it, with SEEN set once it showed at all; folded into the registers at the end.
 * Four banks by colour clock & 3, so that neighbouring clocks do not wait on each other's store.
 * `gtia`: PRIOR bits 6-7 (pmg.collisions' rules for GTIA modes 9-11). */
#define SEEN 0x10

/* The 8 bytes from `bytes` as one number (to compare them at once). */
static uint64_t eight_bytes(const uint8_t *bytes)
{
    uint64_t eight;
    memcpy(&eight, bytes, sizeof eight);
    return eight;
}

/* True if no object shows on the 8 colour clocks from `objects` (their collisions are none). */
static int no_objects(const uint8_t *objects) { return eight_bytes(objects) == 0; }

static void collide_row(const Frame *f, int gtia, const uint8_t objects[CLOCKS], uint8_t seen[4][256], int c0,
                        int c1)
{
    /* PF0-PF3 bits a pixel collides with: a hi-res line's unlit pixels (PF2) do not collide */
    static const uint8_t NORMAL[6] = {0, 1, 2, 4, 8, 4}, HIRES_LINE[6] = {0, 1, 2, 0, 8, 4};
    const uint8_t *bits = f->hires_row ? HIRES_LINE : NORMAL;
    if (gtia == 2) { /* mode 10: a pixel of a COLPF0-3 colour collides as that playfield, a colour clock late */
        uint8_t nibbles[WIDTH / 4];
        gtia_nibbles(f, nibbles);
        for (int c = c0; c < c1; c++) {
            uint8_t pf = SEEN;
            for (int x = 2 * c - 2; c > 0 && x < 2 * c; x++) {
                int nibble = nibbles[x >> 2];
                if (f->indices[x] != BK && (nibble & 4)) pf |= (uint8_t)(1 << (nibble & 3));
            }
            seen[c & 3][objects[c]] |= pf;
        }
        return;
    }
    if (gtia) { /* modes 9 and 11: no playfield collisions */
        for (int c = c0; c < c1; c++) seen[c & 3][objects[c]] |= SEEN;
        return;
    }
    for (int c = c0; c < c1; c++) {
        if (!(c & 7) && c + 8 <= c1 && no_objects(objects + c)) { /* nothing there collides */
            c += 7;
            continue;
        }
        seen[c & 3][objects[c]] |= (uint8_t)(SEEN | bits[f->indices[2 * c]] | bits[f->indices[2 * c + 1]]);
    }
}

/* The 16 collision registers M0PF..P3PL from what collide_row saw (pmg.collisions). */
static void fold_collisions(const uint8_t seen[4][256], uint8_t hits[16])
{
    for (int here = 1; here < 256; here++) {
        uint8_t any = seen[0][here] | seen[1][here] | seen[2][here] | seen[3][here];
        if (!any) continue;
        uint8_t pf = any & 0x0F, players = here & 0x0F;
        for (int n = 0; n < 4; n++) {
            if ((here >> (4 + n)) & 1) { /* missile n */
                hits[n] |= pf;
                hits[8 + n] |= players;
            }
            if ((here >> n) & 1) { /* player n */
                hits[4 + n] |= pf;
                hits[12 + n] |= (uint8_t)(players & ~(1 << n));
            }
        }
    }
}

static int get_buffer(PyObject *object, Py_buffer *view, int writable, Py_ssize_t minimum, const char *what)
{
    if (PyObject_GetBuffer(object, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0)
        return -1;
    if (view->len < minimum) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, %zd needed", what, view->len, minimum);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static Frame frame; /* one frame at a time (the GIL is held throughout) */

/* A row without GTIA modes, a colour clock (two hi-res pixels) at a time: the two colours are
 * the priority logic's for the pixels' playfield indices and the objects over them, remembered
 * by (index pair, objects) while the registers stay the same (rows mostly share them: only
 * logged writes change them).  With `seen`, the collisions of colour clocks k0..k1-1 go there too. */
static void colour_row(const Frame *f, const uint8_t *regs, const uint8_t objects[CLOCKS], uint8_t *colours,
                       uint8_t (*seen)[256], int c0, int c1, int k0, int k1)
{
    static const uint8_t NORMAL[6] = {0, 1, 2, 4, 8, 4}, HIRES_LINE[6] = {0, 1, 2, 0, 8, 4};
    static uint8_t memo_registers[COLOUR_REGISTERS], known[36][256 / 8]; /* known: a bit per memo entry */
    static uint16_t memo[36][256];
    static int started;
    if (!started || memcmp(memo_registers, regs + R_COLPM0, COLOUR_REGISTERS) != 0) { /* new colours: forget */
        memcpy(memo_registers, regs + R_COLPM0, COLOUR_REGISTERS);
        memset(known, 0, sizeof known);
        started = 1;
    }
    const uint8_t base[6] = {regs[R_COLBK], regs[R_COLPF0], regs[R_COLPF1], regs[R_COLPF2], regs[R_COLPF0 + 3],
                             (uint8_t)((regs[R_COLPF2] & 0xF0) | (regs[R_COLPF1] & 0x0E))};
    const uint8_t *bits = f->hires_row ? HIRES_LINE : NORMAL;
    const uint8_t *indices = f->indices;
    for (int c = c0; c < c1; c++) {
        int left = indices[2 * c], right = indices[2 * c + 1], pair = left * 6 + right, here = objects[c];
        if (!(known[pair][here >> 3] & (1 << (here & 7)))) {
            uint8_t a = here ? prioritise(regs, left, 0, (uint8_t)here, base[left]) : base[left];
            uint8_t b = here ? prioritise(regs, right, 0, (uint8_t)here, base[right]) : base[right];
            memo[pair][here] = (uint16_t)(a | b << 8);
            known[pair][here >> 3] |= (uint8_t)(1 << (here & 7));
        }
        colours[2 * c] = (uint8_t)memo[pair][here];
        colours[2 * c + 1] = (uint8_t)(memo[pair][here] >> 8);
        if (seen && c >= k0 && c < k1) seen[c & 3][here] |= (uint8_t)(SEEN | bits[left] | bits[right]);
    }
}

/* What a row of the last picture was made from, so that an unchanged row is copied from it. */
typedef struct {
    uint8_t valid, hires_row;
    uint8_t indices[WIDTH], registers[COLOUR_REGISTERS], objects[CLOCKS];
} RowMemory;

/* How a row compares with the last picture's row `remembered`: made from the same inputs, from
 * the same playfield and colours with other objects on some colour clocks, or different. */
enum { ROW_DIFFERENT, ROW_OBJECTS_MOVED, ROW_SAME };

/* The last picture's row `remembered` against this one's inputs (which it then takes). */
static int compare_row(const Frame *f, RowMemory *remembered, const uint8_t *regs, const uint8_t *objects)
{
    int result = ROW_DIFFERENT;
    if (remembered->valid && remembered->hires_row == f->hires_row &&
        memcmp(remembered->registers, regs + R_COLPM0, COLOUR_REGISTERS) == 0 &&
        memcmp(remembered->indices, f->indices, WIDTH) == 0)
        result = memcmp(remembered->objects, objects, CLOCKS) == 0 ? ROW_SAME : ROW_OBJECTS_MOVED;
    if (result != ROW_SAME)
        memcpy(remembered->objects, objects, CLOCKS);
    if (result != ROW_DIFFERENT)
        return result;
    remembered->valid = 1;
    remembered->hires_row = f->hires_row;
    memcpy(remembered->registers, regs + R_COLPM0, COLOUR_REGISTERS);
    memcpy(remembered->indices, f->indices, WIDTH);
    return result;
}

#define CHUNK 8 /* colour clocks compared at a time (eight_bytes) */

/* A row whose playfield and colours are the last picture's but whose objects moved: the last
 * picture's row `previous`, with the colour clocks where the objects differ from `before`
 * (in runs of CHUNK clocks) drawn again. */
static void redraw_moved_objects(const Frame *f, const uint8_t *regs, const uint8_t before[CLOCKS],
                                 const uint8_t objects[CLOCKS], uint8_t *colours, const uint8_t *previous)
{
    memcpy(colours, previous, WIDTH);
    int run_start = -1;
    for (int c = 0; c <= CLOCKS; c += CHUNK) {
        int moved = c < CLOCKS && eight_bytes(before + c) != eight_bytes(objects + c);
        if (moved && run_start < 0) run_start = c;
        if (!moved && run_start >= 0) {
            colour_row(f, regs, objects, colours, NULL, run_start, c, 0, 0);
            run_start = -1;
        }
    }
}

/* Colour clocks c0..c1-1 of a row with the registers `regs` and the row's `objects` (NULL: none):
 * the colours into `colours` (the row's, if not NULL), the collisions of those of them in k0..k1-1
 * into `seen` (if not NULL).  With `remembered` (a whole row), a row made from the same inputs as
 * the last picture's `previous` row is copied. */
static void draw_piece(const Frame *f, const uint8_t *regs, const uint8_t *objects, int c0, int c1,
                       uint8_t *colours, uint8_t (*seen)[256], int k0, int k1, RowMemory *remembered,
                       const uint8_t *previous)
{
    static const uint8_t none[CLOCKS];
    uint8_t whole[WIDTH];
    int gtia = regs[R_PRIOR] >> 6;
    int any = objects != NULL;
    const uint8_t *here = any ? objects : none;
    if (k0 < c0) k0 = c0;
    if (k1 > c1) k1 = c1;
    if (k1 <= k0) seen = NULL;
    if (colours && remembered) {
        uint8_t before[CLOCKS];
        memcpy(before, remembered->objects, CLOCKS);
        int match = compare_row(f, remembered, regs, here);
        if (match == ROW_SAME || (match == ROW_OBJECTS_MOVED && !gtia)) {
            if (match == ROW_SAME)
                memcpy(colours, previous, WIDTH);
            else
                redraw_moved_objects(f, regs, before, here, colours, previous);
            if (any && seen) collide_row(f, gtia, objects, seen, k0, k1);
            return;
        }
    }
    if (colours && !gtia) {
        colour_row(f, regs, here, colours, any ? seen : NULL, c0, c1, k0, k1);
        return;
    }
    if (any && seen)
        collide_row(f, gtia, objects, seen, k0, k1);
    if (!colours) return;
    base_colours(f, regs, whole); /* a GTIA mode's pixels span four hi-res pixels: the whole row */
    for (int x = 2 * c0; x < 2 * c1; x++)
        colours[x] = here[x >> 1] ? prioritise(regs, f->indices[x], 1, here[x >> 1], whole[x]) : whole[x];
}

/* The playfield rows made last (any machine's: the key holds everything they are made from),
 * kept while the playfield's part of the render key stays the same: a game moving its players
 * over a still playfield does not decode the screen again. */
typedef struct {
    Key key;
    uint8_t made[ROWS], hires_row[ROWS];
    uint8_t indices[ROWS][WIDTH];
} PlayfieldCache;

static PlayfieldCache playfield_cache;

/* A new frame's playfield inputs: the cache's rows stand if they are the same. */
static int check_playfield_cache(const Key *frame_key, size_t length)
{
    PlayfieldCache *cache = &playfield_cache;
    if (cache->key.length == length && memcmp(cache->key.bytes, frame_key->bytes, length) == 0)
        return 0;
    memset(cache->made, 0, sizeof cache->made);
    cache->key.length = 0;
    return key_put(&cache->key, frame_key->bytes, length);
}

/* The playfield of `row` into f->indices and f->hires_row: from the cache, or made and kept. */
static void cached_playfield_row(Frame *f, int row)
{
    PlayfieldCache *cache = &playfield_cache;
    if (cache->made[row]) {
        memcpy(f->indices, cache->indices[row], WIDTH);
        f->hires_row = cache->hires_row[row];
        return;
    }
    playfield_row(f, row);
    memcpy(cache->indices[row], f->indices, WIDTH);
    cache->hires_row[row] = f->hires_row;
    cache->made[row] = 1;
}

/* True if the writes in the middle of `row` change nothing it shows: they only move or size
 * objects (HPOSP0..SIZEM), and no object shows on the row before or after any of them
 * (a program moving a player from BASIC writes HPOSP0 wherever the beam is). */
static int mid_writes_unseen(const Frame *f, int row)
{
    uint8_t regs[32], objects[CLOCKS];
    memcpy(regs, f->registers[row], 32);
    if (object_row(f, row, regs, objects)) return 0;
    for (Py_ssize_t i = 0; i < f->mid_count; i++) {
        const MidWrite *w = &f->mid[i];
        if (w->row != row) continue;
        if (w->reg > R_SIZEM) return 0; /* a GRAF write shows though DMA fills the register (the shifters' rule) */
        regs[w->reg] = (uint8_t)w->value;
        if (object_row(f, row, regs, objects)) return 0;
    }
    return 1;
}

/* Rows of the frame: the picture into `out` (if not NULL), the collisions of first..last-1 (of
 * row first from pixel start_pixel, of row last - 1 before end_pixel; never in the horizontal
 * blanks).  A row with writes in its middle is drawn in pieces, each with its registers
 * (pmg.row_segments). */
static void draw_frame(Frame *f, uint8_t *out, int first, int last, int start_pixel, int end_pixel, int rows,
                       uint8_t hits[16], RowMemory *memory, const uint8_t *previous)
{
    uint8_t seen[4][256] = {{0}};
    Locked locked = {0};
    if (!out) locked_before(f, first, &locked);
    for (int row = out ? 0 : first; row < rows; row++) {
        cached_playfield_row(f, row);
        uint8_t *colours = out ? out + row * WIDTH : NULL;
        uint8_t (*collide)[256] = row >= first && row < last ? seen : NULL;
        int k0 = COLLIDE_FIRST, k1 = COLLIDE_END; /* the colour clocks that collide */
        if (row == first && start_pixel / 2 > k0) k0 = start_pixel / 2;
        if (row == last - 1 && end_pixel / 2 < k1) k1 = end_pixel / 2;
        RowMemory *remembered = memory && out ? memory + row : NULL;
        uint8_t objects[CLOCKS];
        int pseudo = f->hires_row && (f->line_prior[row] & 0xC0);
        if ((!f->mid_rows[row] || (!locked.objects && mid_writes_unseen(f, row))) && !pseudo) {
            int any = locked.objects ? shifted_row(f, row, NULL, 0, &locked, objects)
                                     : object_row(f, row, f->registers[row], objects);
            draw_piece(f, f->registers[row], any ? objects : NULL, 0, CLOCKS, colours, collide, k0, k1, remembered,
                       previous ? previous + row * WIDTH : NULL);
            continue;
        }
        if (remembered) remembered->valid = 0;
        const MidWrite *writes = row_writes(f, row);
        int count = f->mid_rows[row];
        int shifted = writes_objects(writes, count) || locked.objects;
        int any = shifted ? shifted_row(f, row, writes, count, &locked, objects)
                          : object_row(f, row, f->registers[row], objects);
        uint8_t regs[32], hires_indices[WIDTH], pseudo_indices[WIDTH];
        memcpy(regs, f->registers[row], 32);
        if (pseudo) {
            memcpy(hires_indices, f->indices, WIDTH);
            pseudo_mode_e(hires_indices, pseudo_indices);
        }
        for (int i = 0, start = 0; i <= count; i++) {
            /* the piece before write i: from the previous write on (the row's start before the first) */
            int end = i < count ? writes[i].x : WIDTH;
            if (pseudo) { /* where PRIOR selects no GTIA mode, the line reads as pseudo mode E */
                int gtia = regs[R_PRIOR] & 0xC0;
                memcpy(f->indices, gtia ? hires_indices : pseudo_indices, WIDTH);
                f->hires_row = gtia != 0;
            }
            if (end > start)
                draw_piece(f, regs, any ? objects : NULL, start / 2, end / 2, colours, collide, k0, k1, NULL, NULL);
            if (i == count) break;
            regs[writes[i].reg] = (uint8_t)writes[i].value;
            start = writes[i].x;
        }
    }
    fold_collisions(seen, hits);
}

/* True if the key of this render equals `previous` (a bytearray); else `previous` becomes it. */
static int same_key(PyObject *previous, int *failed)
{
    Py_ssize_t length = PyByteArray_GET_SIZE(previous);
    if ((size_t)length == key.length && memcmp(PyByteArray_AS_STRING(previous), key.bytes, key.length) == 0)
        return 1;
    if (PyByteArray_Resize(previous, (Py_ssize_t)key.length) < 0) {
        *failed = 1;
        return 0;
    }
    memcpy(PyByteArray_AS_STRING(previous), key.bytes, key.length);
    return 0;
}

static PyObject *render(PyObject *self, PyObject *args)
{
    PyObject *ram_object, *out_object, *lines_object, *start_object, *log, *previous;
    PyObject *memory_object = Py_None, *last_picture_object = Py_None;
    int first, last, start_pixel, end_pixel, picture, failed = 0;
    PyObject *result = NULL;
    Frame *f = &frame;
    PyObject *chbase_object, *chactl_object;
    if (!PyArg_ParseTuple(args, "OOOiiOOiiOO!iiiipO!|OO", &ram_object, &out_object, &lines_object, &f->width,
                          &f->left, &chbase_object, &chactl_object, &f->dmactl, &f->pmbase, &start_object,
                          &PyList_Type, &log, &first, &last, &start_pixel, &end_pixel, &picture,
                          &PyByteArray_Type, &previous, &memory_object, &last_picture_object))
        return NULL;
    if (first < 0) first = 0;
    if (last > ROWS) last = ROWS;
    int reuse = picture && memory_object != Py_None && last_picture_object != Py_None;
    /* ram, mode lines, start registers; then out, the row memory and the last picture if used */
    PyObject *objects[8] = {ram_object, lines_object, start_object, chbase_object, chactl_object, out_object,
                            memory_object, last_picture_object};
    const Py_ssize_t minimum[8] = {0x10000, 0, 32, ROWS, ROWS, ROWS * WIDTH, ROWS * (Py_ssize_t)sizeof(RowMemory),
                                   ROWS * WIDTH};
    const char *names[8] = {"ram", "mode_lines", "start_registers", "chbase rows", "chactl rows", "out",
                            "row memory", "last picture"};
    Py_buffer views[8];
    int held = 0, needed = reuse ? 8 : picture ? 6 : 5;
    for (; held < needed; held++)
        if (get_buffer(objects[held], &views[held], held == 5 || held == 6, minimum[held], names[held]) < 0)
            goto done;
    f->chbase_rows = views[3].buf;
    f->chactl_rows = views[4].buf;
    f->ram = views[0].buf;
    f->mode_lines = views[1].buf;
    f->mode_line_count = views[1].len / (Py_ssize_t)(ML_FIELDS * sizeof(int32_t));
    int rows = picture ? ROWS : last;
    int extra[EXTRA] = {first, last, start_pixel, end_pixel, picture};
    if (frame_key(&key, f, views[2].buf, extra) == 0 && register_table(f, views[2].buf, log, rows > 0 ? rows : 1) == 0 &&
        check_playfield_cache(&key, f->playfield_key_length) == 0) {
        if (same_key(previous, &failed)) {
            result = Py_NewRef(Py_None);
        } else if (!failed) {
            uint8_t hits[16] = {0};
            draw_frame(f, picture ? views[5].buf : NULL, first, last, start_pixel, end_pixel, rows, hits,
                       reuse ? views[6].buf : NULL, reuse ? views[7].buf : NULL);
            result = PyBytes_FromStringAndSize((const char *)hits, 16);
        }
    }
done:
    while (held > 0) PyBuffer_Release(&views[--held]);
    return result;
}

#define RGB_CHUNK 16 /* colours compared at a time: a moving player changes a few of a row's */
#define RGB_BLOCK 384 /* colours compared first (a row): most of a frame's are as in the last one */

/* True if the `count` colours from `a` and from `b` are the same. */
static int same_colours(const uint8_t *a, const uint8_t *b, Py_ssize_t count)
{
    if (count == RGB_CHUNK)
        return eight_bytes(a) == eight_bytes(b) && eight_bytes(a + 8) == eight_bytes(b + 8);
    return memcmp(a, b, (size_t)count) == 0;
}

/* `count` colours to RGB, 3 bytes each, by the palette as 4-byte entries (R, G, B, 0): each
 * pixel but the last is one 4-byte store whose fourth byte the next pixel overwrites. */
static void palette_lookup(const uint8_t *colours, const uint8_t (*palette4)[4], uint8_t *rgb, Py_ssize_t count)
{
    Py_ssize_t i = 0;
    for (; i + 1 < count; i++)
        memcpy(rgb + 3 * i, palette4[colours[i]], 4);
    for (; i < count; i++)
        memcpy(rgb + 3 * i, palette4[colours[i]], 3);
}

/* rgb(colours, palette, out, previous_colours, previous_rgb) -> bool: out = palette[colours], 3
 * bytes a pixel; runs of RGB_CHUNK colours equal to previous_colours' are copied from
 * previous_rgb (both may be None; out may be previous_rgb, updated in place).  False if every
 * colour was as in previous_colours. */
static PyObject *rgb(PyObject *self, PyObject *args)
{
    PyObject *objects[5];
    Py_buffer views[5];
    int held = 0;
    PyObject *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4]))
        return NULL;
    int have_previous = objects[3] != Py_None && objects[4] != Py_None;
    int count = have_previous ? 5 : 3;
    for (; held < count; held++) {
        Py_ssize_t minimum = held == 1 ? 768 : held == 0 ? 0 : held == 2 || held == 4 ? views[0].len * 3 : views[0].len;
        if (get_buffer(objects[held], &views[held], held == 2, minimum, "rgb") < 0)
            goto done;
    }
    const uint8_t *src = views[0].buf, *pal = views[1].buf;
    uint8_t palette4[256][4] = {{0}};
    for (int n = 0; n < 256; n++)
        memcpy(palette4[n], pal + 3 * n, 3);
    const uint8_t *old_src = have_previous ? views[3].buf : NULL, *old_dst = have_previous ? views[4].buf : NULL;
    uint8_t *dst = views[2].buf;
    int changed = !old_src;
    for (Py_ssize_t block = 0; block < views[0].len; block += RGB_BLOCK) {
        Py_ssize_t end = views[0].len - block < RGB_BLOCK ? views[0].len : block + RGB_BLOCK;
        if (old_src && memcmp(src + block, old_src + block, (size_t)(end - block)) == 0) {
            if (dst != old_dst) /* out may be previous_rgb itself: its unchanged runs stand */
                memcpy(dst + 3 * block, old_dst + 3 * block, (size_t)(3 * (end - block)));
            continue;
        }
        for (Py_ssize_t start = block; start < end; start += RGB_CHUNK) {
            Py_ssize_t length = end - start < RGB_CHUNK ? end - start : RGB_CHUNK;
            if (old_src && same_colours(src + start, old_src + start, length)) {
                if (dst != old_dst)
                    memcpy(dst + 3 * start, old_dst + 3 * start, (size_t)(3 * length));
            } else {
                palette_lookup(src + start, palette4, dst + 3 * start, length);
                changed = 1;
            }
        }
    }
    result = PyBool_FromLong(changed);
done:
    while (held > 0) PyBuffer_Release(&views[--held]);
    return result;
}

static PyObject *row_memory_size(PyObject *self, PyObject *unused)
{
    return PyLong_FromSsize_t(ROWS * (Py_ssize_t)sizeof(RowMemory));
}

static PyMethodDef methods[] = {
    {"row_memory_size", row_memory_size, METH_NOARGS, "Bytes of the row memory render keeps."},
    {"render", render, METH_VARARGS, "Colour bytes of a frame and the collisions of rows first..last-1."},
    {"rgb", rgb, METH_VARARGS, "RGB bytes of colour bytes by a 256 x 3 palette; False if unchanged."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_videocore", "The compiled picture (ANTIC + GTIA).",
                                    -1, methods};

PyMODINIT_FUNC PyInit__videocore(void)
{
    fill_pixel_tables();
    return PyModule_Create(&module);
}
