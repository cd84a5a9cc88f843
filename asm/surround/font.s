; ===========================================================================
; SURROUND - font.s
; A character set of our own in RAM: the OS character set is copied from
; ROM (where CHBAS points at start) to CHARSET, a 1K boundary, and a few
; graphics characters are redrawn as the pieces and the lines of the board.
; Then CHBAS is pointed at the copy.  Redrawn (internal screen codes):
;
;   G_HLINE  $40   horizontal line        G_SHEEP  $44   a sheep
;   G_VLINE  $41   vertical line          G_WOLF   $45   the wolf
;   G_DIAGUP $42   diagonal, like /       G_NODE   $46   an empty point
;   G_DIAGDN $43   diagonal, like \
; ===========================================================================

.alias G_HLINE  $40
.alias G_VLINE  $41
.alias G_DIAGUP $42
.alias G_DIAGDN $43
.alias G_SHEEP  $44
.alias G_WOLF   $45
.alias G_NODE   $46
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
        ; our glyphs go to CHARSET + 8*code
        ldx #NGLYPHS*8-1
*       lda GLYPHS,x
        sta CHARSET+[G_HLINE*8],x
        dex
        bpl -
        lda #>CHARSET
        sta CHBAS
        rts
.scend

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
