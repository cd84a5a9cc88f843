; ===========================================================================
; SURROUND - font.s
; A character set of our own in RAM: the OS character set is copied from
; ROM (where CHBAS points at start) to CHARSET, a 1K boundary, and a few
; graphics characters are redrawn as the pieces and the lines of the board.
; Then CHBAS is pointed at the copy.  The characters chosen already mean
; much the same in the standard set, so a listing or a text-only view of
; the screen still reads right (internal screen code, ATASCII key):
;
;   G_HLINE  $52  CTRL-R  horizontal line     G_SHEEP  $50  CTRL-P  club
;   G_VLINE  $7C  |       vertical line       G_WOLF   $7B  CTRL-;  spade
;   G_DIAGUP $46  CTRL-F  diagonal /          G_NODE   $54  CTRL-T  ball
;   G_DIAGDN $47  CTRL-G  diagonal \
; ===========================================================================

.alias G_HLINE  $52
.alias G_VLINE  $7C
.alias G_DIAGUP $46
.alias G_DIAGDN $47
.alias G_SHEEP  $50
.alias G_WOLF   $7B
.alias G_NODE   $54
.alias NGLYPHS  7

; ---------------------------------------------------------------------------
; MAKEFONT - copy the ROM character set to CHARSET, redraw our glyphs and
; switch the display to it
; ---------------------------------------------------------------------------
.scope
MakeFont:
        lda #0
        sta SRC
        sta DST
        lda CHBAS               ; the character set the OS uses now
        sta SRC+1
        lda #>CHARSET
        sta DST+1
        ldx #4                  ; 4 pages = 128 characters
        ldy #0
*       lda (SRC),y
        sta (DST),y
        iny
        bne -
        inc SRC+1
        inc DST+1
        dex
        bne -
        ; glyph X (8 bytes at GLYPHS + 8*X) goes to CHARSET + 8*code
        lda #<GLYPHS
        sta SRC
        lda #>GLYPHS
        sta SRC+1
        ldx #0
_glyph: lda GLYPHCODES,x        ; DST = CHARSET + 8*code
        asl
        asl
        asl
        sta DST
        lda GLYPHCODES,x
        lsr
        lsr
        lsr
        lsr
        lsr
        clc
        adc #>CHARSET           ; (CHARSET starts a page)
        sta DST+1
        ldy #7
*       lda (SRC),y
        sta (DST),y
        dey
        bpl -
        lda SRC                 ; the next glyph's 8 bytes
        clc
        adc #8
        sta SRC
        bcc +
        inc SRC+1
*       inx
        cpx #NGLYPHS
        bne _glyph
        lda #>CHARSET
        sta CHBAS
        rts
.scend

; the screen codes the glyphs below replace, in the same order
GLYPHCODES: .byte G_HLINE, G_VLINE, G_DIAGUP, G_DIAGDN, G_SHEEP, G_WOLF, G_NODE

; The glyphs, 8 rows of 8 pixels each, top row first (1 = light pixel)
GLYPHS:
        ; G_HLINE: a line through the middle
        .byte %00000000
        .byte %00000000
        .byte %00000000
        .byte %11111111
        .byte %11111111
        .byte %00000000
        .byte %00000000
        .byte %00000000
        ; G_VLINE
        .byte %00011000
        .byte %00011000
        .byte %00011000
        .byte %00011000
        .byte %00011000
        .byte %00011000
        .byte %00011000
        .byte %00011000
        ; G_DIAGUP: bottom left to top right, so that cells placed one row
        ; up and one column right join into one line
        .byte %00000011
        .byte %00000111
        .byte %00001110
        .byte %00011100
        .byte %00111000
        .byte %01110000
        .byte %11100000
        .byte %11000000
        ; G_DIAGDN: top left to bottom right
        .byte %11000000
        .byte %11100000
        .byte %01110000
        .byte %00111000
        .byte %00011100
        .byte %00001110
        .byte %00000111
        .byte %00000011
        ; G_SHEEP: a woolly sheep looking right
        .byte %00000000
        .byte %01101100
        .byte %11111110
        .byte %11111111
        .byte %11111110
        .byte %01111100
        .byte %01000100
        .byte %01000100
        ; G_WOLF: the wolf's head with pointed ears (shown inverse)
        .byte %10000001
        .byte %11000011
        .byte %11111111
        .byte %11011011
        .byte %11111111
        .byte %01111110
        .byte %00111100
        .byte %00011000
        ; G_NODE: a small ring for a free point
        .byte %00000000
        .byte %00111100
        .byte %01100110
        .byte %01000010
        .byte %01000010
        .byte %01100110
        .byte %00111100
        .byte %00000000
