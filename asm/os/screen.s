; ===========================================================================
; screen.s - the display handler S: and the screen set-up shared with E:
; ===========================================================================
;
; OPEN "S:" with ICAX2 = GRAPHICS mode (0-11) and ICAX1 bit 4 = split
; screen (a 4-row text window at the bottom; modes 1-8 only, the GTIA
; modes 9-11 are full screen: Atari OS User's Manual, the display
; handler), bit 5 = keep the screen memory.  The screen goes at the top
; of RAM (RAMTOP), the display list just below it; MEMTOP is set below
; the display list.  A split screen keeps the full screen's memory and
; cursor range (rows 160-191 of GRAPHICS 8 exist, hidden by the window)
; and puts the window's 160 bytes after it, at the top of RAM, as the
; Atari OS lays it out (GR. 8 split: TXTMSC = SAVMSC + 7696); modes 1-11
; keep those 160 bytes without a window too.
;
;   mode  ANTIC  rows (split)  bytes/row  bits/pixel
;    0      2     24             40        text
;    1      6     24 (20)        20        text, colour in bits 6-7
;    2      7     12 (10)        20        text, colour in bits 6-7
;    3      8     24 (20)        10        2 (40 pixels)
;    4      9     48 (40)        10        1 (80 pixels)
;    5      A     48 (40)        20        2 (80 pixels)
;    6      B     96 (80)        20        1 (160 pixels)
;    7      D     96 (80)        40        2 (160 pixels)
;    8      F    192 (160)       40        1 (320 pixels)
;  9-11     F    192 (160)       40        4 (80 pixels, GTIA modes)
;
; PUT writes a character (modes 0-2) or a pixel of colour A (modes 3-11)
; at ROWCRS, COLCRS and moves right; GET reads one the same way.
; SPECIAL $11 (DRAWTO) draws a line from OLDROW, OLDCOL to ROWCRS, COLCRS
; in colour ATACHR; SPECIAL $12 (FILL) fills to the right of such a line
; with FILDAT up to the first non-zero pixel.
; ===========================================================================

.alias SCRPXW   $0260           ; width of the screen in pixels (word)
.alias SOMODE   $0262           ; the mode being opened
.alias SOFLAG   $0263           ; its ICAX1 flags
.alias DLSIZE   $0264           ; the size of its display list
.alias FILLFG   $0265           ; nonzero while DRAWTO is filling

; ---------------------------------------------------------------------------
; The S: handler entry points
; ---------------------------------------------------------------------------
.scope
SINIT:  RTS
.scend

.scope
SOPEN:  LDA ICAX2Z
        AND #$0F
        LDX ICAX1Z
        JMP SCROPEN
.scend

.scope
SCLOSE:
SSTAT:  LDY #SUCCES
        RTS
.scend

; SPUT - a character or pixel at the cursor
.scope
SPUT:   STA ATACHR
        LDA DINDEX
        BNE +
        LDA ATACHR              ; GRAPHICS 0: as the editor does it
        JMP EPUT
*       JSR SCHECK
        BCS _done
        LDA SCRBPP
        BNE _plot
        LDA ATACHR              ; text modes 1 and 2
        CMP #EOL
        BNE +
        INC ROWCRS
        LDA #0
        STA COLCRS
        STA COLCRS+1
        BEQ _ok
*       CMP #CLS
        BNE _plot
        JSR SCLEAR
        JMP _ok
_plot:  LDA ROWCRS              ; remember the point for DRAWTO
        STA OLDROW
        LDA COLCRS
        STA OLDCOL
        LDA COLCRS+1
        STA OLDCOL+1
        JSR CURTMP
        LDA ATACHR
        JSR PLOTAT
        JSR SRIGHT
_ok:    LDY #SUCCES
_done:  RTS
.scend

; SGET - read the character or pixel at the cursor (LOCATE)
.scope
SGET:   LDA DINDEX
        BNE +
        JSR HIDECUR
*       JSR SCHECK
        BCS _done
        JSR CURTMP
        JSR READAT
        STA ATACHR
        JSR SRIGHT
        LDA DINDEX
        BNE +
        JSR SHOWCUR
*       LDA ATACHR
        LDY #SUCCES
_done:  RTS
.scend

; SSPEC - DRAWTO ($11) and FILL ($12)
.scope
SSPEC:  LDA ICCOMZ
        LDX #0
        CMP #CDRAW
        BEQ +
        DEX
        CMP #CFILL
        BEQ +
        LDY #FNCNOT
        RTS
*       STX FILLFG
        JSR SCHECK
        BCS _done
        JSR DRAWTO
        LDY #SUCCES
_done:  RTS
.scend

; SCHECK - C set and Y = 141 unless the cursor is on the screen
.scope
SCHECK: LDA ROWCRS
        CMP SCRROW
        BCS _bad
        LDA COLCRS
        CMP SCRPXW
        LDA COLCRS+1
        SBC SCRPXW+1
        BCS _bad
        CLC
        RTS
_bad:   LDY #CRSROR
        SEC
        RTS
.scend

; SRIGHT - the cursor moves right, to the next row at the right edge
.scope
SRIGHT: INC COLCRS
        BNE +
        INC COLCRS+1
*       LDA COLCRS
        CMP SCRPXW
        LDA COLCRS+1
        SBC SCRPXW+1
        BCC +
        LDA #0
        STA COLCRS
        STA COLCRS+1
        INC ROWCRS
*       RTS
.scend

; CURTMP - TMPROW, TMPCOL = the cursor
.scope
CURTMP: LDA ROWCRS
        STA TMPROW
        LDA COLCRS
        STA TMPCOL
        LDA COLCRS+1
        STA TMPCOL+1
        RTS
.scend

; ---------------------------------------------------------------------------
; PLOTAT - put A at TMPROW, TMPCOL: an ATASCII character in the text
; modes, a pixel of colour A (its low bits) in the others
; READAT - A = what is at TMPROW, TMPCOL
; ---------------------------------------------------------------------------
.scope
PLOTAT: STA HOLDCH
        JSR PIXADR
        LDY #0
        LDA SCRBPP
        BNE _pixel
        LDA HOLDCH
        JSR ATAINT
        STA (ADRESS),Y
        RTS
_pixel: LDA HOLDCH              ; colour and mask, moved into place
        AND BITMSK
        LDX SHFAMT
        BEQ _put
_shift: ASL
        ASL BITMSK
        DEX
        BNE _shift
_put:   STA HOLDCH
        LDA BITMSK
        EOR #$FF
        AND (ADRESS),Y
        ORA HOLDCH
        STA (ADRESS),Y
        RTS
.scend

.scope
READAT: JSR PIXADR
        LDY #0
        LDA (ADRESS),Y
        LDX SCRBPP
        BNE _pixel
        JMP INTATA
_pixel: LDX SHFAMT
        BEQ _mask
_shift: LSR
        DEX
        BNE _shift
_mask:  AND BITMSK
        RTS
.scend

; PIXADR - ADRESS = the byte of TMPROW, TMPCOL; BITMSK = the pixel mask
; (not shifted), SHFAMT = how far left the pixel lies in its byte
.scope
PIXADR: LDA TMPROW
        LDX SCRWID
        JSR MUL8
        LDA TMPCOL
        STA MLTTMP
        LDA TMPCOL+1
        STA MLTTMP+1
        LDX SCRBPP
        LDA #0
        STA SHFAMT
        LDA PIXMSK,X
        STA BITMSK
        LDA PIXSHR,X            ; byte offset = column >> PIXSHR
        BEQ _add
        TAY
*       LSR MLTTMP+1
        ROR MLTTMP
        DEY
        BNE -
        LDA TMPCOL              ; pixel index within the byte
        AND PIXLST,X
        EOR PIXLST,X            ; = pixels to its right
        TAY
        BEQ _add
*       TXA
        CLC
        ADC SHFAMT
        STA SHFAMT
        DEY
        BNE -
_add:   LDA ADRESS
        CLC
        ADC MLTTMP
        STA ADRESS
        LDA ADRESS+1
        ADC MLTTMP+1
        STA ADRESS+1
; ADDSAVMSC - ADRESS = ADRESS + SAVMSC: a screen offset becomes an address
; (also the end of the editor's ROWADR)
ADDSAVMSC:
        LDA ADRESS
        CLC
        ADC SAVMSC
        STA ADRESS
        LDA ADRESS+1
        ADC SAVMSC+1
        STA ADRESS+1
        RTS
.scend

; indexed by bits per pixel (0 = text, 1, 2, 4)
.scope
PIXMSK: .byte $FF, $01, $03, $00, $0F   ; mask of one pixel
.scend
.scope
PIXSHR: .byte 0, 3, 2, 0, 1             ; column -> byte: shift right
.scend
.scope
PIXLST: .byte 0, 7, 3, 0, 1             ; pixels per byte - 1
.scend

; MUL8 - ADRESS = A * X
.scope
MUL8:   STA MLTTMP
        STX MLTTMP+1
        LDA #0
        STA ADRESS
        STA ADRESS+1
        LDX #8
*       ASL ADRESS
        ROL ADRESS+1
        ASL MLTTMP
        BCC +
        LDA ADRESS
        CLC
        ADC MLTTMP+1
        STA ADRESS
        BCC +
        INC ADRESS+1
*       DEX
        BNE --
        RTS
.scend

; ---------------------------------------------------------------------------
; DRAWTO - a line from OLDROW, OLDCOL to ROWCRS, COLCRS in colour ATACHR
; (the first point is not drawn again).  With FILLFG set, each point of
; the line is followed to the right by FILDAT up to a non-zero pixel.
; Afterwards OLDROW, OLDCOL = ROWCRS, COLCRS = the end point.
; ---------------------------------------------------------------------------
.scope
DRAWTO:
        LDA ROWCRS              ; the end point
        STA NEWROW
        LDA COLCRS
        STA NEWCOL
        LDA COLCRS+1
        STA NEWCOL+1
        LDA OLDROW              ; start at the old point
        STA TMPROW
        LDA OLDCOL
        STA TMPCOL
        LDA OLDCOL+1
        STA TMPCOL+1
        ; DELTAR = |NEWROW - OLDROW|, ROWINC = its sign
        LDX #1
        LDA NEWROW
        SEC
        SBC OLDROW
        BCS +
        EOR #$FF
        ADC #1
        LDX #$FF
*       STA DELTAR
        STX ROWINC
        ; DELTAC = |NEWCOL - OLDCOL|, COLINC = its sign
        LDX #1
        LDA NEWCOL
        SEC
        SBC OLDCOL
        STA DELTAC
        LDA NEWCOL+1
        SBC OLDCOL+1
        STA DELTAC+1
        BCS +
        LDA #0
        SEC
        SBC DELTAC
        STA DELTAC
        LDA #0
        SBC DELTAC+1
        STA DELTAC+1
        LDX #$FF
*       STX COLINC
        ; ENDPT = COUNTR = the larger delta; ROWAC = COLAC = ENDPT / 2
        LDA DELTAC
        STA ENDPT
        LDA DELTAC+1
        STA ENDPT+1
        BNE +
        LDA DELTAC
        CMP DELTAR
        BCS +
        LDA DELTAR
        STA ENDPT
*       LDA ENDPT
        STA COUNTR
        LDA ENDPT+1
        STA COUNTR+1
        LSR
        STA ROWAC+1
        STA COLAC+1
        LDA ENDPT
        ROR
        STA ROWAC
        STA COLAC
_step:  LDA COUNTR
        ORA COUNTR+1
        BNE +
        JMP _end
*       LDA COUNTR
        BNE +
        DEC COUNTR+1
*       DEC COUNTR
        ; row: ROWAC += DELTAR; past ENDPT: one row further
        LDA ROWAC
        CLC
        ADC DELTAR
        STA ROWAC
        BCC +
        INC ROWAC+1
*       JSR _isend              ; ROWAC >= ENDPT ?
        BCC +
        STA ROWAC+1
        STX ROWAC
        LDA TMPROW
        CLC
        ADC ROWINC
        STA TMPROW
*       ; column: COLAC += DELTAC; past ENDPT: one column further
        LDA COLAC
        CLC
        ADC DELTAC
        STA COLAC
        LDA COLAC+1
        ADC DELTAC+1
        STA COLAC+1
        LDA COLAC
        LDY COLAC+1
        JSR _ge
        BCC _plot
        STA COLAC+1
        STX COLAC
        LDA COLINC
        BMI +
        INC TMPCOL
        BNE _plot
        INC TMPCOL+1
        JMP _plot
*       LDA TMPCOL
        BNE +
        DEC TMPCOL+1
*       DEC TMPCOL
_plot:  LDA ATACHR
        JSR PLOTAT
        LDA FILLFG
        BEQ +
        JSR FILLRT
*       JMP _step
_end:   LDA NEWROW
        STA ROWCRS
        STA OLDROW
        LDA NEWCOL
        STA COLCRS
        STA OLDCOL
        LDA NEWCOL+1
        STA COLCRS+1
        STA OLDCOL+1
        RTS

; _isend - compare ROWAC with ENDPT; C set if ROWAC >= ENDPT, and then
; X (low), A (high) = ROWAC - ENDPT
_isend: LDA ROWAC
        LDY ROWAC+1
; _ge - the same for the value in A (low), Y (high)
_ge:    SEC
        SBC ENDPT
        TAX
        TYA
        SBC ENDPT+1
        RTS
.scend

; FILLRT - FILL: from the point right of TMPROW, TMPCOL, paint FILDAT
; up to the first non-zero pixel (or the right edge)
.scope
FILLRT: LDA TMPCOL
        PHA
        LDA TMPCOL+1
        PHA
_next:  INC TMPCOL
        BNE +
        INC TMPCOL+1
*       LDA TMPCOL
        CMP SCRPXW
        LDA TMPCOL+1
        SBC SCRPXW+1
        BCS _done
        JSR READAT
        BNE _done
        LDA FILDAT
        JSR PLOTAT
        JMP _next
_done:  PLA
        STA TMPCOL+1
        PLA
        STA TMPCOL
        RTS
.scend

; ---------------------------------------------------------------------------
; SCROPEN - set up GRAPHICS mode A; X = flags (bit 4 split, bit 5 keep)
; Out: Y = status (145 bad mode, 147 not enough memory)
; ---------------------------------------------------------------------------
.scope
SCROPEN:
        CMP #12
        BCC +
        LDY #BADMOD
        RTS
*       STA SOMODE
        TAY
        BNE +
        LDX #0                  ; GRAPHICS 0 has no window
*       CPY #9                  ; nor have the GTIA modes 9-11
        BCC +
        TXA
        AND #$EF
        TAX
*       STX SOFLAG
        LDA #0
        STA SDMCTL              ; no display while the list is rebuilt
        JSR HIDECUR
        JSR SLAYOUT
        BCC +
        LDA #0                  ; not enough memory: fall back to GR. 0
        TAX
        JSR SCROPEN
        LDY #SCRMEM
        RTS
*       JSR SBUILD
        JSR SVARS
        JSR SWIPE
        LDA #$22
        STA SDMCTL
        LDA DINDEX
        BNE +
        JSR ECLEAR              ; the text screen: logical lines, cursor
        JSR SHOWCUR
*       LDY #SUCCES
        RTS
.scend

; SMODE - Y = the index of SOMODE in the mode tables
.scope
SMODE:  LDY SOMODE
        RTS
.scend

; ---------------------------------------------------------------------------
; SLAYOUT - place the screen: SAVMSC, TXTMSC, the display list (SAVADR),
; MEMTOP.  C set if the screen does not fit above APPMHI.
; ---------------------------------------------------------------------------
.scope
SLAYOUT:
        JSR SMODE
        LDA MROWS,Y             ; the full height, split or not
        STA SCRROW
        STA SCRVIS
        LDA SOFLAG
        AND #$10
        BEQ +
        LDA MROWSS,Y            ; the rows shown above the window
        STA SCRVIS
*       LDA MWIDTH,Y
        STA SCRWID
        ; the top: RAMTOP, less the text window's 160 bytes in every mode
        ; but 0, split or not: the Atari OS allocates each mode's full
        ; screen and the window as one block (its allocation table counts
        ; 24, 16, 10, 10, 16, 28, 52, 100, 196 units of 40 bytes for
        ; modes 0-8), so a GR. 8 screen starts at the same address split
        ; or full
        LDA #0
        STA SAVADR
        LDA RAMTOP
        STA SAVADR+1
        TYA                     ; (SOMODE)
        BEQ +
        LDA #$60                ; 160 bytes below RAMTOP
        STA SAVADR
        STA TXTMSC
        LDX RAMTOP
        DEX
        STX SAVADR+1
        STX TXTMSC+1
*       ; SAVMSC = top - rows * width
        LDA SCRROW
        LDX SCRWID
        JSR MUL8
        LDA SAVADR
        SEC
        SBC ADRESS
        STA SAVMSC
        LDA SAVADR+1
        SBC ADRESS+1
        STA SAVMSC+1
        ; ANTIC cannot cross a 4K boundary inside a row: if the screen
        ; crosses one, move it down until a row begins at the boundary
        LDA #$FF
        STA LMSROW
        LDA SAVADR
        SEC
        SBC #1
        LDA SAVADR+1
        SBC #0
        AND #$F0
        STA TMPD                ; the 4K block of the last byte
        LDA SAVMSC+1
        AND #$F0
        CMP TMPD
        BEQ _dl
        LDA #0                  ; bytes from SAVMSC up to the boundary
        SEC
        SBC SAVMSC
        STA MLTTMP
        LDA TMPD
        SBC SAVMSC+1
        STA MLTTMP+1
        LDA #0                  ; divide by the row width
        STA LMSROW
*       LDA MLTTMP
        SEC
        SBC SCRWID
        TAX
        LDA MLTTMP+1
        SBC #0
        BCC +
        STA MLTTMP+1
        STX MLTTMP
        INC LMSROW
        JMP -
*       LDA MLTTMP              ; a remainder: lower the screen
        BEQ _dl
        LDA SCRWID
        SEC
        SBC MLTTMP
        STA MLTTMP
        LDA SAVMSC
        SEC
        SBC MLTTMP
        STA SAVMSC
        BCS +
        DEC SAVMSC+1
*       INC LMSROW
_dl:    ; the display list: 3 blank + LMS + rows-1 (+2 for a second LMS)
        ; (+6 for the window) + JVB
        LDA SCRVIS
        CLC
        ADC #8
        LDX LMSROW
        INX
        BEQ +
        ADC #2
*       TAX
        LDA SOFLAG
        AND #$10
        BEQ +
        TXA
        CLC
        ADC #6
        TAX
*       STX DLSIZE
        LDA SAVMSC              ; SAVADR = SAVMSC - size
        SEC
        SBC DLSIZE
        STA SAVADR
        LDA SAVMSC+1
        SBC #0
        STA SAVADR+1
        ; a display list must not cross a 1K boundary
        AND #$FC
        STA TMPD
        LDA SAVMSC
        SEC
        SBC #1
        LDA SAVMSC+1
        SBC #0
        AND #$FC
        CMP TMPD
        BEQ +
        STA SAVADR+1            ; start it just below that boundary
        LDA #0
        SEC
        SBC DLSIZE
        STA SAVADR
        DEC SAVADR+1
*       ; MEMTOP = the byte below the display list; it must stay >= APPMHI
        LDA SAVADR
        SEC
        SBC #1
        STA MEMTOP
        LDA SAVADR+1
        SBC #0
        STA MEMTOP+1
        LDA MEMTOP
        CMP APPMHI
        LDA MEMTOP+1
        SBC APPMHI+1
        BCC _small
        CLC
        RTS
_small: SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; SBUILD - write the display list at SAVADR
; ---------------------------------------------------------------------------
.scope
SBUILD:
        LDY #0
        LDA #$70                ; 24 blank lines
        JSR _put
        JSR _put
        JSR _put
        LDX SOMODE
        LDA MANTIC,X
        STA TMPA
        ORA #$40                ; the first row loads the memory scan
        JSR _put
        LDA SAVMSC
        JSR _put
        LDA SAVMSC+1
        JSR _put
        LDX #1
_row:   CPX SCRVIS
        BEQ _win
        CPX LMSROW
        BNE +
        LDA TMPA                ; the row at the 4K boundary
        ORA #$40
        JSR _put
        LDA #0
        JSR _put
        LDA SAVMSC+1
        AND #$F0
        CLC
        ADC #$10
        JSR _put
        JMP ++
*       LDA TMPA
        JSR _put
*       INX
        JMP _row
_win:   LDA SOFLAG
        AND #$10
        BEQ _jvb
        LDA #$42                ; the text window: four GRAPHICS 0 rows
        JSR _put
        LDA TXTMSC
        JSR _put
        LDA TXTMSC+1
        JSR _put
        LDA #$02
        JSR _put
        JSR _put
        JSR _put
_jvb:   LDA #$41                ; wait for vertical blank, start again
        JSR _put
        LDA SAVADR
        JSR _put
        LDA SAVADR+1
_put:   STA (SAVADR),Y
        INY
        RTS
.scend

; ---------------------------------------------------------------------------
; SVARS - the screen variables of the new mode
; ---------------------------------------------------------------------------
.scope
SVARS:
        LDA SAVADR
        STA SDLSTL
        LDA SAVADR+1
        STA SDLSTH
        LDX SOMODE
        STX DINDEX
        LDA MBPP,X
        STA SCRBPP
        ; width in pixels = bytes * 8 / bits per pixel (text: bytes)
        LDA SCRWID
        STA SCRPXW
        LDA #0
        STA SCRPXW+1
        LDA SCRBPP
        BEQ _cur
        LDY #3
*       ASL SCRPXW
        ROL SCRPXW+1
        DEY
        BNE -
        LDA SCRBPP
*       LSR
        BEQ _cur
        LSR SCRPXW+1
        ROR SCRPXW
        JMP -
_cur:   LDA #0
        STA ROWCRS
        STA COLCRS
        STA COLCRS+1
        STA OLDROW
        STA OLDCOL
        STA OLDCOL+1
        STA CURSON
        STA SWPFLG
        STA ESCFLG
        STA EDPEND
        STA BUFCNT
        STA TXTROW
        STA TXTCOL+1
        STA TINDEX
        LDX #5
*       STA TXTOLD,X
        DEX
        BPL -
        LDA LMARGN
        STA TXTCOL
        LDA DINDEX
        BNE +
        LDA LMARGN
        STA COLCRS
*       ; rows of text: 24, 4 in a split screen, 0 without text; 24 in
        ; the GTIA modes (Mapping the Atari, 703: 24 means no window)
        LDX #24
        LDA DINDEX
        BEQ +
        CMP #9
        BCS +
        LDX #4
        LDA SOFLAG
        AND #$10
        BNE +
        LDX #0
*       STX BOTSCR
        LDA #$FF                ; every row its own logical line
        LDX #3
*       STA LOGMAP,X
        DEX
        BPL -
        LDA #$01                ; tab stops every 8 columns
        LDX #14
*       STA TABMAP,X
        DEX
        BPL -
        LDX #4                  ; the colours as at power-up
*       LDA COLDEF,X
        STA COLOR0,X
        DEX
        BPL -
        LDA GPRIOR              ; GTIA modes 9-11
        AND #$3F
        LDX SOMODE
        ORA MPRIOR,X
        STA GPRIOR
        RTS
.scend

; SWIPE - clear the screen memory (keep the graphics with ICAX1 bit 5)
.scope
SWIPE:
        LDA SAVMSC
        STA ADRESS
        LDA SAVMSC+1
        STA ADRESS+1
        LDA SOFLAG
        AND #$20
        BEQ +
        LDA TXTMSC              ; keep the graphics: wipe only the window
        STA ADRESS
        LDA TXTMSC+1
        STA ADRESS+1
        LDA SOFLAG
        AND #$10
        BNE +
        RTS
*       LDY #0
        LDA #0
*       STA (ADRESS),Y
        INC ADRESS
        BNE -
        INC ADRESS+1
        LDX ADRESS+1
        CPX RAMTOP
        BCC -
        RTS
.scend

; SCLEAR - clear a text mode 1 or 2 screen (ATASCII clear-screen)
.scope
SCLEAR: LDA SCRROW
        LDX SCRWID
        JSR MUL8
        LDA ADRESS
        STA COUNTR
        LDA ADRESS+1
        STA COUNTR+1
        LDA SAVMSC
        STA ADRESS
        LDA SAVMSC+1
        STA ADRESS+1
        LDY #0
*       TYA
        STA (ADRESS),Y
        INC ADRESS
        BNE +
        INC ADRESS+1
*       LDA COUNTR
        BNE +
        DEC COUNTR+1
*       DEC COUNTR
        LDA COUNTR
        ORA COUNTR+1
        BNE ---
        STA ROWCRS
        STA COLCRS
        STA COLCRS+1
        RTS
.scend

; ---------------------------------------------------------------------------
; The mode tables (GRAPHICS 0-11)
; ---------------------------------------------------------------------------
.scope
MANTIC: .byte $02, $06, $07, $08, $09, $0A, $0B, $0D, $0F, $0F, $0F, $0F
.scend
.scope
MROWS:  .byte  24,  24,  12,  24,  48,  48,  96,  96, 192, 192, 192, 192
.scend
.scope
MROWSS: .byte  24,  20,  10,  20,  40,  40,  80,  80, 160, 160, 160, 160
.scend
.scope
MWIDTH: .byte  40,  20,  20,  10,  10,  20,  20,  40,  40,  40,  40,  40
.scend
.scope
MBPP:   .byte   0,   0,   0,   2,   1,   2,   1,   2,   1,   4,   4,   4
.scend
.scope
MPRIOR: .byte   0,   0,   0,   0,   0,   0,   0,   0,   0, $40, $80, $C0
.scend

; the colours at power-up: COLOR0-COLOR4
.scope
COLDEF: .byte $28, $CA, $94, $46, $00
.scend
