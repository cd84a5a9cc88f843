; ===========================================================================
; SURROUND - screen.s
; Everything the player sees.  The screen is the OS's GRAPHICS 0 screen
; (40 x 24 characters, opened as E:).  The board and the messages are
; written straight into screen memory (SAVMSC): only the cells that change
; are rewritten, which is much faster than printing through CIO.  Text in
; this program is stored in internal screen codes (see the .charmap in
; surround.s), ended by $FF; $FE and $FD in a text stand for the numbers
; in ARG1 and ARG2.
;
; Layout (rows):  0 title, 2-10 board, 12 legend, 14-16 move counter,
; learned positions and the score table, 17 the wolf's move, 18 what the
; wolf learned, 19 result or error, 20 prompt, 21 the input field (at
; most INFIELD characters and the cursor, input.s), 22 a failed save of
; SURROUND.BLK (blkfile.s: it stays until a save succeeds), 23 help.
; ===========================================================================

.alias ROW_TITLE    0
.alias ROW_BOARD    2
.alias COL_BOARD    7
.alias ROW_LEGEND   12
.alias ROW_TABLE    14
.alias ROW_WOLFMSG  17
.alias ROW_LEARNMSG 18
.alias ROW_RESULT   19
.alias ROW_PROMPT   20
.alias ROW_INPUT    21
.alias ROW_SAVEMSG  22
.alias ROW_HELP     23
.alias BOARD_W      27
.alias BOARD_H      9
.alias COL_TEXT     2           ; left edge of text (as LMARGN on a TV)
.alias ENDTXT       $FF         ; ends a text
.alias ARG1TXT      $FE         ; "print ARG1 here"
.alias ARG2TXT      $FD         ; "print ARG2 here"
.alias INVERSE      $80         ; bit 7 of a screen code: inverse video
.alias DIGIT0       $10         ; screen code of "0"

; ---------------------------------------------------------------------------
; MAKETABLES - the address of every screen row, and of every board point
; (SAVMSC + 40*row + column), computed once after the screen is opened
; ---------------------------------------------------------------------------
.scope
MakeTables:
        lda SAVMSC
        sta PTR
        lda SAVMSC+1
        sta PTR+1
        ldx #0
*       lda PTR
        sta ROWLO,x
        clc
        adc #40
        sta PTR
        lda PTR+1
        sta ROWHI,x
        adc #0
        sta PTR+1
        inx
        cpx #24
        bne -
        ldx #11                 ; the cell of each point
*       ldy PTROW,x
        lda PTCOL,x
        clc
        adc ROWLO+ROW_BOARD,y
        sta CELLLO,x
        lda ROWHI+ROW_BOARD,y
        adc #0
        sta CELLHI,x
        dex
        bne -
        rts
.scend

; row and column of each point's cell inside the board picture
PTROW:  .byte 0, 4, 0, 4, 8, 0, 4, 8, 0, 4, 8, 4
PTCOL:  .byte 0, 0+COL_BOARD, 6+COL_BOARD, 6+COL_BOARD, 6+COL_BOARD
        .byte 12+COL_BOARD, 12+COL_BOARD, 12+COL_BOARD
        .byte 18+COL_BOARD, 18+COL_BOARD, 18+COL_BOARD, 24+COL_BOARD

; ---------------------------------------------------------------------------
; DRAWSTATIC - the parts of the screen that never change: title, board
; lines, legend, table headings and help.  Called at the start and whenever
; the screen was scrolled away (see NEWGAME).
; ---------------------------------------------------------------------------
.scope
DrawStatic:
        jsr ClearScreen
        ; the board picture, BOARD_H rows of BOARD_W characters
        lda #<BOARDPIC
        sta SRC
        lda #>BOARDPIC
        sta SRC+1
        ldx #ROW_BOARD
_row:   lda ROWLO,x
        clc
        adc #COL_BOARD
        sta DST
        lda ROWHI,x
        adc #0
        sta DST+1
        ldy #BOARD_W-1
*       lda (SRC),y
        sta (DST),y
        dey
        bpl -
        lda SRC
        clc
        adc #BOARD_W
        sta SRC
        bcc +
        inc SRC+1
*       inx
        cpx #ROW_BOARD+BOARD_H
        bne _row
        lda #<STATICTEXTS       ; the texts
        sta TBL
        lda #>STATICTEXTS
        sta TBL+1
        jmp DrawTexts
.scend

; ---------------------------------------------------------------------------
; DRAWTEXTS - draw the texts of the table at TBL: entries of row, column,
; inverse mask and text address (5 bytes), ended by a negative row
; ---------------------------------------------------------------------------
.scope
DrawTexts:
        ldy #0
        lda (TBL),y
        bmi _done
        tax
        jsr SetRow
        iny
        lda (TBL),y
        sta CURCOL
        iny
        lda (TBL),y
        sta TXTMASK
        iny
        lda (TBL),y
        pha
        iny
        lda (TBL),y
        tay
        pla
        jsr PutStr
        lda TBL
        clc
        adc #5
        sta TBL
        bcc DrawTexts
        inc TBL+1
        bne DrawTexts
_done:  lda #0
        sta TXTMASK
        rts
.scend

; ---------------------------------------------------------------------------
; CLEARSCREEN - blank all 24 rows
; ---------------------------------------------------------------------------
.scope
ClearScreen:
        ldx #23
*       jsr ClearRow            ; (keeps X)
        dex
        bpl -
        rts
.scend

; ---------------------------------------------------------------------------
; SWAPSCREEN - exchange the 24 rows of the screen with SCREENCOPY (done
; twice, everything is back as it was)
; ---------------------------------------------------------------------------
.scope
SwapScreen:
        lda #<SCREENCOPY
        sta DST
        lda #>SCREENCOPY
        sta DST+1
        ldx #0
_row:   jsr SetRow
        ldy #39
*       lda (PTR),y
        pha
        lda (DST),y
        sta (PTR),y
        pla
        sta (DST),y
        dey
        bpl -
        lda DST
        clc
        adc #40
        sta DST
        bcc +
        inc DST+1
*       inx
        cpx #24
        bne _row
        rts
.scend

; row, column, inverse mask, text address - ended by a negative row
STATICTEXTS:
        .byte ROW_TITLE, 2, INVERSE
        .word TXT_TITLE
        .byte ROW_LEGEND, 6, 0
        .word TXT_LEGEND
        .byte ROW_TABLE, 17, 0
        .word TXT_TABLEHEAD
        .byte ROW_TABLE+1, 17, 0
        .word TXT_SHEEPROW
        .byte ROW_TABLE+2, 17, 0
        .word TXT_WOLFROW
        .byte ROW_TABLE+1, 2, 0
        .word TXT_LEARNED
        .byte ROW_TABLE+2, 2, 0
        .word TXT_POSITIONS
        .byte ROW_HELP, 2, 0
        .word TXT_HELP
        .byte $FF

; ---------------------------------------------------------------------------
; DRAWPOINT - draw point X (1..11) as it is now: a ring for a free point,
; a sheep, or the wolf (in inverse video), followed by the point's number
; ---------------------------------------------------------------------------
.scope
DrawPoint:
        lda CELLLO,x
        sta DST
        lda CELLHI,x
        sta DST+1
        ldy OCC,x
        lda PIECEINV,y
        sta TMP
        lda PIECEGLYPH,y
        ora TMP
        ldy #0
        sta (DST),y
        lda TENS,x
        ora TMP
        iny
        sta (DST),y
        lda ONES,x
        ora TMP
        iny
        sta (DST),y
        rts
.scend

; what stands on a point: nothing, a sheep, the wolf
PIECEGLYPH: .byte G_NODE, G_SHEEP, G_WOLF
PIECEINV:   .byte 0, 0, INVERSE
; the digits of the point numbers 01..11 (screen codes)
TENS:   .byte 0, DIGIT0, DIGIT0, DIGIT0, DIGIT0, DIGIT0, DIGIT0, DIGIT0
        .byte DIGIT0, DIGIT0, DIGIT0+1, DIGIT0+1
ONES:   .byte 0, DIGIT0+1, DIGIT0+2, DIGIT0+3, DIGIT0+4, DIGIT0+5, DIGIT0+6
        .byte DIGIT0+7, DIGIT0+8, DIGIT0+9, DIGIT0, DIGIT0+1

; ---------------------------------------------------------------------------
; DRAWPOINTS - draw all eleven points
; ---------------------------------------------------------------------------
.scope
DrawPoints:
        ldx #11
*       jsr DrawPoint
        dex
        bne -
        rts
.scend

; ---------------------------------------------------------------------------
; SHOWMOVE - "MOVE  n/15"
; ---------------------------------------------------------------------------
.scope
ShowMove:
        ldx #ROW_TABLE
        lda #COL_TEXT
        jsr SetPos
        lda MOVENUM
        sta ARG1
        lda #<TXT_MOVE
        ldy #>TXT_MOVE
        jmp PutStr
.scend

; ---------------------------------------------------------------------------
; SHOWLEARNED - the number of positions on the black list
; ---------------------------------------------------------------------------
.scope
ShowLearned:
        ldx #ROW_TABLE+1
        lda #10
        jsr SetPos
        lda LEARNED
        sta NUMLO
        lda LEARNED+1
        sta NUMHI
        lda #5
        jmp PutNum
.scend

; ---------------------------------------------------------------------------
; SHOWSCORE - games won and lost by the sheep and by the wolf
; ---------------------------------------------------------------------------
.scope
ShowScore:
        ldx #ROW_TABLE+1        ; sheep: won = SHEEPWINS, lost = WOLFWINS
        lda #23
        jsr SetPos
        lda SHEEPWINS
        ldy SHEEPWINS+1
        jsr _num
        lda #29
        sta CURCOL
        lda WOLFWINS
        ldy WOLFWINS+1
        jsr _num
        ldx #ROW_TABLE+2        ; wolf: won = WOLFWINS, lost = SHEEPWINS
        lda #23
        jsr SetPos
        lda WOLFWINS
        ldy WOLFWINS+1
        jsr _num
        lda #29
        sta CURCOL
        lda SHEEPWINS
        ldy SHEEPWINS+1
_num:   sta NUMLO
        sty NUMHI
        lda #5
        jmp PutNum
.scend

; ---------------------------------------------------------------------------
; SHOWWOLFMOVE - "THE WOLF MOVES FROM a TO b" (or clears the row when the
; wolf did not move)
; ---------------------------------------------------------------------------
.scope
ShowWolfMove:
        ldx #ROW_WOLFMSG
        lda WOLFTO
        beq _clear
        sta ARG2
        lda WOLFFROM
        sta ARG1
        lda #<TXT_WOLFMOVES
        ldy #>TXT_WOLFMOVES
        jmp ShowLine
_clear: jmp ClearRow
.scend

; ---------------------------------------------------------------------------
; SHOWLESSON - "LEARNED: s,s,s-w IS LOST (NR n)": the latest new lesson
; (LSHEEP/LWOLF, LEARNNR, set by LEARNP)
; ---------------------------------------------------------------------------
.scope
ShowLesson:
        ldx #ROW_LEARNMSG
        lda #COL_TEXT
        jsr SetPos
        lda #<TXT_LEARNS
        ldy #>TXT_LEARNS
        jsr PutStr
        ldx #LSHEEP-PSHEEP
        jsr PutPos
        lda #<TXT_ISLOST
        ldy #>TXT_ISLOST
        jsr PutStr
        lda LEARNNR
        sta NUMLO
        lda LEARNNR+1
        sta NUMHI
        lda #0
        jsr PutNum
        lda #$09                ; ")"
        jsr PutChar
        lda #1
        sta LEARNSHOWN
        jmp ClearRest
.scend

; ---------------------------------------------------------------------------
; SHOWNOTHINGNEW - "NOTHING NEW: s,s,s-w WAS KNOWN.": the sheep won from a
; position P that was on the black list already
; ---------------------------------------------------------------------------
.scope
ShowNothingNew:
        ldx #ROW_LEARNMSG
        lda #COL_TEXT
        jsr SetPos
        lda #<TXT_NOTHINGNEW
        ldy #>TXT_NOTHINGNEW
        jsr PutStr
        ldx #0                  ; P
        jsr PutPos
        lda #<TXT_WASKNOWN
        ldy #>TXT_WASKNOWN
        jsr PutStr
        lda #1
        sta LEARNSHOWN
        jmp ClearRest
.scend

; ---------------------------------------------------------------------------
; PUTPOS - write a position as s,s,s-w: the four bytes at PSHEEP+X
; (X = 0: P;  X = LSHEEP-PSHEEP: the latest lesson)
; ---------------------------------------------------------------------------
.scope
PutPos:
        lda #3
        sta TMP2                ; sheep still to write
_sheep: lda PSHEEP,x
        jsr PutByte
        lda #$0C                ; ","
        dec TMP2
        bne +
        lda #$0D                ; "-" before the wolf
*       jsr PutChar
        inx
        lda TMP2
        bne _sheep
        lda PSHEEP,x            ; the wolf
        jmp PutByte
.scend

; ---------------------------------------------------------------------------
; SHOWLINE - show a whole message row: text A/Y (lo/hi) in row X from
; column COL_TEXT, the rest of the row cleared
; ---------------------------------------------------------------------------
.scope
ShowLine:
        pha
        lda #COL_TEXT
        sta CURCOL
        jsr SetRow
        pla
        jsr PutStr
        jmp ClearRest
.scend

; ---------------------------------------------------------------------------
; SETPOS - start writing at row X, column A.   SETROW: row X, column CURCOL
; ---------------------------------------------------------------------------
SetPos:
        sta CURCOL
SetRow:
        lda ROWLO,x
        sta PTR
        lda ROWHI,x
        sta PTR+1
        rts

; ---------------------------------------------------------------------------
; PUTCHAR - write screen code A at the current place, one column on
; (the inverse mask TXTMASK is applied).  Keeps X.
; ---------------------------------------------------------------------------
PutChar:
        ldy CURCOL
        eor TXTMASK
        sta (PTR),y
        inc CURCOL
        rts

; ---------------------------------------------------------------------------
; PUTSTR - write the text at A/Y (lo/hi); $FE and $FD print ARG1 and ARG2
; The characters between two specials are copied in one quick run: DST
; points at the screen cell of the run's first character, so one index
; (Y) serves the text and the screen.  Keeps X.
; ---------------------------------------------------------------------------
.scope
PutStr:
        sta SRC
        sty SRC+1
_run:   lda PTR                 ; DST = where the run goes on the screen
        clc
        adc CURCOL
        sta DST
        lda PTR+1
        adc #0
        sta DST+1
        ldy #0
_char:  lda (SRC),y
        cmp #ARG2TXT            ; $FD, $FE, $FF are not characters
        bcs _special
        eor TXTMASK
        sta (DST),y
        iny
        bne _char
_special:
        pha
        tya                     ; the run was Y characters long
        clc
        adc CURCOL
        sta CURCOL
        tya                     ; SRC past the run and the special
        sec
        adc SRC
        sta SRC
        bcc +
        inc SRC+1
*       pla
        cmp #ENDTXT
        beq _end
        cmp #ARG1TXT
        bne _arg2
        lda ARG1
        jmp _num
_arg2:  lda ARG2
_num:   jsr PutByte
        jmp _run
_end:   rts
.scend

; ---------------------------------------------------------------------------
; PUTBYTE - write A as a decimal number without leading blanks.  Keeps X.
; Numbers below 100 (the points, the move counter) take a quick way: the
; tens are counted by subtracting 10.
; ---------------------------------------------------------------------------
.scope
PutByte:
        cmp #100
        bcs _big
        ldy #0
*       cmp #10
        bcc +
        sbc #10                 ; (carry is set)
        iny
        bne -
*       sta TMP                 ; the ones
        tya
        beq _ones               ; no tens: no leading zero
        ora #DIGIT0
        jsr PutChar
_ones:  lda TMP
        ora #DIGIT0
        jmp PutChar
_big:   sta NUMLO
        lda #0
        sta NUMHI
        jmp PutNum              ; A = 0: no padding
.scend

; ---------------------------------------------------------------------------
; PUTNUM - write NUMLO/NUMHI in decimal, right-aligned in a field of A
; characters (A = 0: just the digits).  Keeps X.
; Each decimal digit is found by subtracting 10000, 1000, 100, 10 as
; often as it goes.
; ---------------------------------------------------------------------------
.scope
PutNum:
        sta FIELDW
        stx SAVEX
        ldx #0
_digit: ldy #0
_sub:   lda NUMLO
        sec
        sbc POW10LO,x
        sta TMP
        lda NUMHI
        sbc POW10HI,x
        bcc _got
        sta NUMHI
        lda TMP
        sta NUMLO
        iny
        bne _sub
_got:   tya
        sta DIGITS,x
        inx
        cpx #5
        bne _digit
        ldx #0                  ; skip leading zeros, keep the last digit
*       lda DIGITS,x
        bne +
        inx
        cpx #4
        bne -
*       stx TMP                 ; TMP = first digit shown; 5-TMP digits
        lda FIELDW              ; blanks = FIELDW - (5 - TMP)
        clc
        adc TMP
        sec
        sbc #5
        bcc _digits
        beq _digits
        tax
*       lda #0
        jsr PutChar
        dex
        bne -
_digits:
        ldx TMP
*       lda DIGITS,x
        ora #DIGIT0
        jsr PutChar
        inx
        cpx #5
        bne -
        ldx SAVEX
        rts
.scend

POW10LO:    .byte <10000, <1000, <100, <10, <1
POW10HI:    .byte >10000, >1000, >100, >10, >1

; ---------------------------------------------------------------------------
; CLEARREST - blank the current row from CURCOL to the right edge
; CLEARROW  - blank row X
; ---------------------------------------------------------------------------
.scope
ClearRest:
        ldy CURCOL
        lda #0
*       cpy #40
        bcs +
        sta (PTR),y
        iny
        bne -
*       rts
.scend

.scope
ClearRow:                       ; (keeps X)
        jsr SetRow
        lda #0
        ldy #39
*       sta (PTR),y
        dey
        bpl -
        rts
.scend

; ---------------------------------------------------------------------------
; The board picture (9 rows of 27 characters); the cells of the points are
; left blank here and drawn by DRAWPOINT.  Its own character map turns
; - | / \ into the line glyphs of font.s.
; ---------------------------------------------------------------------------
.charmap 45, $52                ; -  G_HLINE
.charmap 124, $7C               ; |  G_VLINE
.charmap 47, $46                ; /  G_DIAGUP
.charmap 92, $47                ; \  G_DIAGDN
BOARDPIC:
        .byte "         ---   ---         "
        .byte "     / | \\   |   / | \\     "
        .byte "    /  |  \\  |  /  |  \\    "
        .byte "   /   |   \\ | /   |   \\   "
        .byte "   ---   ---   ---   ---   "
        .byte "   \\   |   / | \\   |   /   "
        .byte "    \\  |  /  |  \\  |  /    "
        .byte "     \\ | /   |   \\ | /     "
        .byte "         ---   ---         "
.charmap 45, 13                 ; back to the text map (see surround.s)
.charmap 124, 124
.charmap 47, 15
.charmap 92, 60
