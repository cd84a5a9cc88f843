; ===========================================================================
; editor.s - the screen editor E: (GRAPHICS 0, or the text window)
; ===========================================================================
;
; The text screen is BOTSCR rows (24, or 4 in a split screen) of 40 bytes
; at SAVMSC, holding internal character codes.  The cursor is at ROWCRS,
; COLCRS, drawn as the inverse of the character under it (OLDCHR at OLDADR)
; unless CRSINH is set.  Text is written between the margins LMARGN (2)
; and RMARGN (39).
;
; Logical lines: up to three physical rows form one logical line of up to
; 120 characters.  LOGMAP has one bit per row (bit 7 of LOGMAP+0 = row 0):
; set when the row begins a logical line.
;
; Input: GET waits for keys and echoes them (editing the screen as they
; arrive) until RETURN.  Then the logical line the cursor is on is handed
; out character by character, without trailing blanks, followed by EOL.
; If the input began on that same logical line (after a prompt), only the
; part from where it began is handed out.
;
; In a split screen the text window has its own cursor variables (TXTROW,
; TXTCOL, TXTMSC, TXTOLD); E: swaps them with ROWCRS.. while it works.
; ===========================================================================

; ---------------------------------------------------------------------------
; The E: handler entry points
; ---------------------------------------------------------------------------
.scope
EINIT:  RTS
.scend

; EOPEN - open E: : a fresh GRAPHICS 0 screen
.scope
EOPEN:  LDA #0
        TAX
        JMP SCROPEN
.scend

.scope
ECLOSE:
ESTAT:  LDY #SUCCES
        RTS
.scend

.scope
ESPEC:  LDY #FNCNOT
        RTS
.scend

; EPUT - show the character in A, or perform its editing function
.scope
EPUT:   STA ATACHR
        JSR ETEXT
        BCS _done
        LDA ATACHR
        JSR EOUT
        JSR ELEAVE
        LDY #SUCCES
_done:  RTS
.scend

; EGET - the next character of the input line (waits for RETURN first)
.scope
EGET:   JSR ETEXT
        BCS _done
        JSR EGETCH
        STA ATACHR
        TYA
        PHA
        JSR ELEAVE
        PLA
        TAY
        LDA ATACHR
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; ETEXT - prepare an E: operation: wait while output is stopped (CTRL-1),
; reopen GRAPHICS 0 if a full-screen graphics mode is on, swap in the text
; window, take the cursor off the screen and check the cursor position.
; Out: C clear to go on; C set with Y = status (BREAK 128, cursor 141).
; A cursor off the screen (a row past BOTSCR, a column past 39) or margins
; that make no sense (RMARGN > 39, LMARGN > RMARGN) are error 141, as on
; the XL; the cursor then goes home (top row, left margin), so the next
; operation, such as BASIC's error message, works instead of failing again.
; ELEAVE - draw the cursor again and swap the window variables back.
; ---------------------------------------------------------------------------
.scope
ETEXT:
*       LDA SSFLAG              ; stopped by CTRL-1
        BNE -
        LDA BRKKEY
        BNE +
        LDA #$80
        STA BRKKEY
        LDY #BRKABT
        SEC
        RTS
*       LDA BOTSCR              ; no text on this screen (BOTSCR 0, or
        BEQ _gr0                ; a GTIA mode's 24): back to GR. 0
        CMP #4
        BEQ +
        LDA DINDEX
        BEQ +
_gr0:   JSR EOPEN
*       JSR SWAPIN
        JSR HIDECUR
        LDA RMARGN              ; the margins: LMARGN <= RMARGN <= 39
        CMP #40
        BCS _margin
        CMP LMARGN
        BCC _margin
        LDA ROWCRS              ; the cursor: row < BOTSCR, column < 40
        CMP BOTSCR
        BCS _bad
        LDA COLCRS+1
        BNE _bad
        LDA COLCRS
        CMP #40
        BCS _bad
        CLC
        RTS
_margin:
        LDA #2                  ; margins that make no sense: the usual ones
        STA LMARGN
        LDA #39
        STA RMARGN
_bad:   LDA #0                  ; report 141, and home the cursor so that
        STA ROWCRS              ; the next output (the error message) shows
        STA COLCRS+1
        LDA LMARGN
        STA COLCRS
        JSR SWAPOUT
        LDY #CRSROR
        SEC
        RTS
.scend

.scope
ELEAVE: JSR SHOWCUR
        JMP SWAPOUT
.scend

; SWAPIN - in a split screen, exchange ROWCRS..OLDADR with TXTROW..TXTOLD
.scope
SWAPIN: LDA BOTSCR
        CMP #4
        BNE _done
        LDA SWPFLG
        BNE _done
        JSR SWAP12
        LDA #$FF
        STA SWPFLG
_done:  RTS
.scend

; SWAPOUT - undo SWAPIN
.scope
SWAPOUT:
        LDA SWPFLG
        BEQ _done
        JSR SWAP12
        LDA #0
        STA SWPFLG
_done:  RTS
.scend

.scope
SWAP12: LDX #11
*       LDA ROWCRS,X
        LDY TXTROW,X
        STA TXTROW,X
        TYA
        STA ROWCRS,X
        DEX
        BPL -
        RTS
.scend

; ---------------------------------------------------------------------------
; SHOWCUR - draw the cursor (the inverse of the character under it) after
;           an output; with CRSINH set no cursor is left on the screen
; HIDECUR - put the character under the cursor back for an operation
;           (CURSON = $80: it stood at OLDADR when the operation began)
; SHOWOLD - at the start of an input: the cursor stays where the last
;           output left it (drawn again at OLDADR if HIDECUR took it off)
; The cursor follows outputs: a program that moves ROWCRS/COLCRS or sets
; CRSINH sees the change at the next output, the echo of the first key of
; an input included (Atari 400/800 Technical Reference Manual, "Cursor
; Control", CRSINH).  CURSON: bit 0 set while the cursor is drawn.
; ---------------------------------------------------------------------------
.scope
SHOWCUR:
        LDA CURSON
        LSR
        BCS _done               ; drawn already
        LDA CRSINH
        BEQ _draw
        LDA #0                  ; inhibited: no cursor after this output
        STA CURSON
        RTS
_draw:  LDA ROWCRS
        LDX COLCRS
        JSR CELLADR
        LDA ADRESS
        STA OLDADR
        LDA ADRESS+1
        STA OLDADR+1
        LDY #0
        LDA (OLDADR),Y
        STA OLDCHR
        EOR #$80
        STA (OLDADR),Y
        LDA #1
        STA CURSON
_done:  RTS
.scend

.scope
HIDECUR:
        LDA CURSON
        LSR
        BCC _done
        LDY #0
        LDA OLDCHR
        STA (OLDADR),Y
        LDA #$80
        STA CURSON
_done:  RTS
.scend

.scope
SHOWOLD:
        LDA CURSON
        BPL _done
        LDY #0
        LDA OLDCHR
        EOR #$80
        STA (OLDADR),Y
        LDA #1
        STA CURSON
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; EOUT - output one ATASCII character to the text screen (cursor hidden)
; ---------------------------------------------------------------------------
.scope
EOUT:
        CMP #EOL
        BEQ ENEWLN
        LDX ESCFLG
        BNE _lit
        LDX DSPFLG
        BNE _lit
        CMP #ESC
        BNE _ctl
        LDA #$80                ; ESC: show the next character as it is
        STA ESCFLG
        RTS
_ctl:   LDX #CTLNUM-1
*       CMP CTLCHR,X
        BEQ _do
        DEX
        BPL -
_lit:   LDX #0
        STX ESCFLG
        JSR ATAINT
        JSR PUTCHR
        JMP ADVANCE
_do:    LDA CTLHI,X             ; jump to the editing function
        PHA
        LDA CTLLO,X
        PHA
        RTS
.scend

; The editing functions of the control characters
.scope
CTLCHR: .byte CUP,   CDOWN,  CLEFT,  CRIGHT, CLS,    BS,     TAB
        .byte DELLIN,INSLIN, CLRTAB, SETTAB, BELL,   DELCHR, INSCHR
.alias CTLNUM 14
.scend
.scope
CTLLO:  .byte <[ECUP-1],   <[ECDOWN-1], <[ECLEFT-1], <[ECRIGHT-1]
        .byte <[ECLEAR-1], <[EBACK-1],  <[ETAB-1],   <[EDELLN-1]
        .byte <[EINSLN-1], <[ECLRTB-1], <[ESETTB-1], <[EBELL-1]
        .byte <[EDELCH-1], <[EINSCH-1]
.scend
.scope
CTLHI:  .byte >[ECUP-1],   >[ECDOWN-1], >[ECLEFT-1], >[ECRIGHT-1]
        .byte >[ECLEAR-1], >[EBACK-1],  >[ETAB-1],   >[EDELLN-1]
        .byte >[EINSLN-1], >[ECLRTB-1], >[ESETTB-1], >[EBELL-1]
        .byte >[EDELCH-1], >[EINSCH-1]
.scend

; ---------------------------------------------------------------------------
; ENEWLN - EOL: go to the start of the row after this logical line
; ---------------------------------------------------------------------------
.scope
ENEWLN:
        LDA #0
        STA ESCFLG
        LDA ROWCRS
        JSR LINEEND
        STA ROWCRS
        SEC
        JMP NEXTLN
.scend

; ---------------------------------------------------------------------------
; ADVANCE - move the cursor right after a character was written; past the
; right margin the logical line grows by a row (up to three rows).
; ---------------------------------------------------------------------------
.scope
ADVANCE:
        INC COLCRS
        LDA RMARGN
        CMP COLCRS
        BCS _done
        LDA ROWCRS
        JSR LINESTART
        STA TMPA
        LDA ROWCRS
        SEC
        SBC TMPA                ; rows of this logical line so far - 1
        CMP #2                  ; three rows: the next row starts a new line
        JMP NEXTLN
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; NEXTLN - move the cursor to the left margin of the next row, scrolling
; at the bottom.  C set: the row starts a new logical line.  C clear: it
; continues this one (a blank row is inserted if it began another line).
; ---------------------------------------------------------------------------
.scope
NEXTLN:
        ROR HOLD1               ; bit 7 = new logical line
        LDA LMARGN
        STA COLCRS
        LDA #0
        STA COLCRS+1
        INC ROWCRS
        LDA ROWCRS
        CMP BOTSCR
        BCC _inside
        JSR SCROLL              ; below the bottom: scroll up one row
        DEC ROWCRS
        BIT HOLD1
        BMI _done
        LDA ROWCRS
        JMP CLRLOG
_inside:
        BIT HOLD1
        BMI _start
        LDA ROWCRS
        JSR TSTLOG
        BEQ _done               ; a continuation row already
        LDA ROWCRS
        JSR INSROW
        LDA ROWCRS
        JMP CLRLOG
_start: LDA ROWCRS
        JMP SETLOG
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; Cursor movement: up, down, left, right (wrapping around the screen)
; ---------------------------------------------------------------------------
.scope
ECUP:   LDX ROWCRS
        BNE +
        LDX BOTSCR
*       DEX
        STX ROWCRS
        RTS
.scend

.scope
ECDOWN: LDX ROWCRS
        INX
        CPX BOTSCR
        BCC +
        LDX #0
*       STX ROWCRS
        RTS
.scend

.scope
ECLEFT: LDX COLCRS
        CPX LMARGN
        BEQ _wrap
        BCC _wrap
        DEX
        STX COLCRS
        RTS
_wrap:  LDA RMARGN
        STA COLCRS
        RTS
.scend

.scope
ECRIGHT:
        LDX COLCRS
        INX
        CPX RMARGN
        BEQ +
        BCC +
        LDX LMARGN
*       STX COLCRS
        RTS
.scend

; ---------------------------------------------------------------------------
; ECLEAR - clear the screen, home the cursor
; ---------------------------------------------------------------------------
.scope
ECLEAR:
        LDA #0
        STA TMPA
*       LDA TMPA
        JSR CLRROW
        INC TMPA
        LDA TMPA
        CMP BOTSCR
        BCC -
        LDA #$FF
        LDX #3
*       STA LOGMAP,X
        DEX
        BPL -
        LDA #0
        STA ROWCRS
        STA COLCRS+1
        STA EDSROW
        STA EDPEND
        STA BUFCNT
        LDA LMARGN
        STA COLCRS
        STA EDSCOL
        RTS
.scend

; ---------------------------------------------------------------------------
; EBACK - backspace: one position back (to the previous row of the same
; logical line at the left margin) and blank it
; ---------------------------------------------------------------------------
.scope
EBACK:
        LDA COLCRS
        CMP LMARGN
        BEQ _edge
        BCC _edge
        DEC COLCRS
        JMP _blank
_edge:  LDA ROWCRS
        BEQ _done
        JSR TSTLOG
        BNE _done
        DEC ROWCRS
        LDA RMARGN
        STA COLCRS
_blank: LDA #0
        JMP PUTCHR
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; ETAB - move right to the next tab stop (TABMAP) or to the next line
; ---------------------------------------------------------------------------
.scope
ETAB:
        LDA #120
        STA COUNTR
_step:  JSR ADVANCE
        LDA COLCRS
        CMP LMARGN
        BNE _tab
        LDA ROWCRS
        JSR TSTLOG
        BNE _done               ; reached the start of a logical line
_tab:   JSR LOGPOS
        JSR TABBIT
        AND TABMAP,X
        BNE _done
        DEC COUNTR
        BNE _step
_done:  RTS
.scend

; ESETTB, ECLRTB - set or clear a tab stop at the cursor
.scope
ESETTB: JSR LOGPOS
        JSR TABBIT
        ORA TABMAP,X
        STA TABMAP,X
        RTS
.scend

.scope
ECLRTB: JSR LOGPOS
        JSR TABBIT
        EOR #$FF
        AND TABMAP,X
        STA TABMAP,X
        RTS
.scend

; TABBIT - A = logical column -> X = TABMAP byte, A = its bit
.scope
TABBIT: PHA
        LSR
        LSR
        LSR
        TAX
        PLA
        AND #7
        TAY
        LDA BITMASK,Y
        RTS
.scend

; LOGPOS - A = the cursor's column within its logical line (0-119)
.scope
LOGPOS: LDA ROWCRS
        JSR LINESTART
        LDA ROWCRS
        SEC
        SBC TMPC
        TAX
        LDA COLCRS
*       DEX
        BMI +
        CLC
        ADC #40
        BNE -
*       RTS
.scend

; ---------------------------------------------------------------------------
; EDELLN - delete the logical line under the cursor
; EINSLN - insert a blank row at the cursor
; ---------------------------------------------------------------------------
.scope
EDELLN:
        LDA ROWCRS
        JSR LINESTART
        STA ROWCRS
        JSR LINEEND
        SEC
        SBC ROWCRS
        STA COUNTR              ; rows - 1
*       LDA ROWCRS
        JSR DELROW
        DEC COUNTR
        BPL -
        LDA LMARGN
        STA COLCRS
        RTS
.scend

.scope
EINSLN:
        LDA ROWCRS
        JSR INSROW
        LDX ROWCRS              ; the moved row keeps beginning its line
        INX
        CPX BOTSCR
        BCS +
        TXA
        JSR SETLOG
*       LDA LMARGN
        STA COLCRS
        RTS
.scend

; ---------------------------------------------------------------------------
; EDELCH - delete the character under the cursor; the rest of the logical
; line moves left.  EINSCH - insert a blank; the rest moves right.
; (TMPA, TMPB) walks the positions; COUNTR guards the loop.
; ---------------------------------------------------------------------------
.scope
EDELCH:
        LDA ROWCRS
        JSR LINEEND
        STA TMPD                ; the last row of the line
        LDA ROWCRS
        STA TMPA
        LDA COLCRS
        STA TMPB
        LDA #120
        STA COUNTR
_loop:  LDA TMPA
        CMP TMPD
        BNE _move
        LDA TMPB
        CMP RMARGN
        BCS _last
_move:  LDA TMPA                ; remember this position
        PHA
        LDA TMPB
        PHA
        INC TMPB                ; the next position
        LDA RMARGN
        CMP TMPB
        BCS +
        LDA LMARGN
        STA TMPB
        INC TMPA
*       LDA TMPA
        LDX TMPB
        JSR CELLADR
        LDY #0
        LDA (ADRESS),Y
        STA HOLD1
        PLA
        TAX
        PLA
        JSR CELLADR
        LDY #0
        LDA HOLD1
        STA (ADRESS),Y
        DEC COUNTR
        BNE _loop
_last:  LDA TMPA
        LDX TMPB
        JSR CELLADR
        LDA #0
        TAY
        STA (ADRESS),Y
        RTS
.scend

.scope
EINSCH:
        LDA ROWCRS
        JSR LINEEND
        STA TMPA                ; start at the end of the logical line
        LDA RMARGN
        STA TMPB
        LDA #120
        STA COUNTR
_loop:  LDA TMPA
        CMP ROWCRS
        BNE _move
        LDA TMPB
        CMP COLCRS
        BEQ _last
        BCC _last
_move:  LDA TMPA
        PHA
        LDA TMPB
        PHA
        LDA TMPB                ; the previous position
        CMP LMARGN
        BEQ +
        BCC +
        DEC TMPB
        JMP ++
*       LDA RMARGN
        STA TMPB
        DEC TMPA
*       LDA TMPA
        LDX TMPB
        JSR CELLADR
        LDY #0
        LDA (ADRESS),Y
        STA HOLD1
        PLA
        TAX
        PLA
        JSR CELLADR
        LDY #0
        LDA HOLD1
        STA (ADRESS),Y
        DEC COUNTR
        BNE _loop
_last:  LDA #0
        JMP PUTCHR
.scend

; ---------------------------------------------------------------------------
; EBELL - a short buzz on the console speaker
; ---------------------------------------------------------------------------
.scope
EBELL:  LDX #64
*       LDA #$08
        STA CONSOL
        STA WSYNC
        STA WSYNC
        LDA #0
        STA CONSOL
        STA WSYNC
        STA WSYNC
        DEX
        BNE -
        RTS
.scend

; ---------------------------------------------------------------------------
; EGETCH - one character of keyboard input through the editor
; Out: A = character, Y = status (128 after BREAK, 136 after CTRL-3).
; ---------------------------------------------------------------------------
.scope
EGETCH:
        LDA EDPEND
        BNE _give               ; a typed line is being handed out
        LDA ROWCRS              ; a new input begins here
        STA EDSROW
        LDA COLCRS
        STA EDSCOL
        LDA ICAX1Z              ; "forced read": take the line as it is
        LSR
        BCS _line
        JSR SHOWOLD             ; the first key: the cursor stays put
        JMP _wait
_key:   LDA ICAX1Z
        LSR
        BCS _line
        JSR SHOWCUR
_wait:  JSR KGETCH
        STA ATACHR
        TYA
        PHA
        JSR HIDECUR
        PLA
        TAY
        LDA ATACHR
        CPY #$80
        BCC +
        RTS                     ; BREAK or end of file
*       CMP #EOL
        BEQ _line
        JSR EOUT                ; echo the key and edit with it
        JMP _key
_line:  JSR EDLINE
        LDA #1
        STA EDPEND
_give:  LDA BUFCNT
        BEQ _eol
        DEC BUFCNT
        LDA EDROW
        LDX EDCOL
        JSR CELLADR
        LDY #0
        LDA (ADRESS),Y
        JSR INTATA
        PHA
        INC EDCOL               ; step to the next position
        LDA RMARGN
        CMP EDCOL
        BCS +
        LDA LMARGN
        STA EDCOL
        INC EDROW
*       PLA
        LDY #SUCCES
        RTS
_eol:   LDA #0                  ; the line is done: EOL, cursor down
        STA EDPEND
        JSR ENEWLN
        LDA #EOL
        LDY #SUCCES
        RTS
.scend

; ---------------------------------------------------------------------------
; EDLINE - after RETURN: find the text to hand out.  It is the logical line
; of the cursor (from the place the input began, if that is on this line),
; without trailing blanks.  Sets EDROW, EDCOL and BUFCNT (its length).
; ---------------------------------------------------------------------------
.scope
EDLINE:
        LDA ROWCRS
        JSR LINESTART
        STA TMPA                ; first row
        LDA ROWCRS
        JSR LINEEND
        STA TMPB                ; last row
        LDA EDSROW
        CMP TMPA
        BCC _whole
        CMP TMPB
        BEQ +
        BCS _whole
*       STA EDROW               ; the input began on this logical line
        LDA EDSCOL
        STA EDCOL
        JMP _count
_whole: LDA TMPA
        STA EDROW
        LDA LMARGN
        STA EDCOL
_count: ; cells from (EDROW, EDCOL) to (last row, RMARGN)
        LDA RMARGN
        SEC
        SBC EDCOL
        STA BUFCNT
        INC BUFCNT
        LDA TMPB
        SEC
        SBC EDROW
        TAX
*       DEX
        BMI +
        LDA RMARGN
        SEC
        SBC LMARGN
        SEC                     ; + width (RMARGN - LMARGN + 1)
        ADC BUFCNT
        STA BUFCNT
        JMP -
*       ; drop the trailing blanks
        LDA TMPB
        STA TMPA
        LDA RMARGN
        STA TMPD
_trim:  LDA BUFCNT
        BEQ _done
        LDA TMPA                ; the row's address once per row,
        JSR ROWADR              ; then the column indexes it
_cell:  LDY TMPD
        LDA (ADRESS),Y
        BNE _done
        DEC BUFCNT
        BEQ _done
        LDA TMPD                ; one position back
        CMP LMARGN
        BEQ +
        BCC +
        DEC TMPD
        JMP _cell
*       LDA RMARGN              ; back to the end of the row above
        STA TMPD
        DEC TMPA
        JMP _trim
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; Rows and logical lines
; ---------------------------------------------------------------------------

; LINESTART - A = row -> A = TMPC = the first row of its logical line
.scope
LINESTART:
        STA TMPC
*       LDA TMPC
        BEQ +
        JSR TSTLOG
        BNE +
        DEC TMPC
        JMP -
*       LDA TMPC
        RTS
.scend

; LINEEND - A = row -> A = TMPC = the last row of its logical line
.scope
LINEEND:
        STA TMPC
*       LDX TMPC
        INX
        CPX BOTSCR
        BCS +
        TXA
        JSR TSTLOG
        BNE +
        INC TMPC
        JMP -
*       LDA TMPC
        RTS
.scend

; LOGBIT - A = row -> X = LOGMAP byte, A = the row's bit (uses Y)
.scope
LOGBIT: PHA
        LSR
        LSR
        LSR
        TAX
        PLA
        AND #7
        TAY
        LDA BITMASK,Y
        RTS
.scend

; TSTLOG - Z clear if row A begins a logical line
.scope
TSTLOG: JSR LOGBIT
        AND LOGMAP,X
        RTS
.scend

; SETLOG - row A begins a logical line
.scope
SETLOG: JSR LOGBIT
        ORA LOGMAP,X
        STA LOGMAP,X
        RTS
.scend

; CLRLOG - row A continues the logical line above it
.scope
CLRLOG: JSR LOGBIT
        EOR #$FF
        AND LOGMAP,X
        STA LOGMAP,X
        RTS
.scend

.scope
BITMASK: .byte $80, $40, $20, $10, $08, $04, $02, $01
.scend

; SCROLL - the whole text moves up one row; the bottom row is blank
.scope
SCROLL: LDA #0
        JSR DELROW
        LDA #0
        JSR SETLOG
        LDA EDSROW              ; the input start moves with the text
        BEQ +
        DEC EDSROW
*       RTS
.scend

; DELROW - delete row A: the rows below move up, the bottom row is blank
.scope
DELROW: STA TMPD
*       LDX TMPD
        INX
        CPX BOTSCR
        BCS +
        STX TMPB
        JSR MOVROW
        INC TMPD
        JMP -
*       LDA TMPD
        JSR CLRROW
        LDA TMPD
        JMP SETLOG
.scend

; INSROW - insert a blank row at row A (a new logical line); the rows
; below move down and the bottom row is lost
.scope
INSROW: STA TMPA
        LDX BOTSCR
        DEX
        STX TMPD
*       LDA TMPD
        CMP TMPA
        BEQ +
        BCC +
        SEC
        SBC #1
        STA TMPB
        JSR MOVROW
        DEC TMPD
        JMP -
*       LDA TMPA
        JSR CLRROW
        LDA TMPA
        JMP SETLOG
.scend

; MOVROW - copy row TMPB to row TMPD, with its LOGMAP bit
.scope
MOVROW: LDA TMPD
        JSR ROWADR
        LDA ADRESS
        STA SAVADR
        LDA ADRESS+1
        STA SAVADR+1
        LDA TMPB
        JSR ROWADR
        LDY #39
*       LDA (ADRESS),Y
        STA (SAVADR),Y
        DEY
        BPL -
        LDA TMPB
        JSR TSTLOG
        BEQ +
        LDA TMPD
        JMP SETLOG
*       LDA TMPD
        JMP CLRLOG
.scend

; CLRROW - blank row A
.scope
CLRROW: JSR ROWADR
        LDA #0
        LDY #39
*       STA (ADRESS),Y
        DEY
        BPL -
        RTS
.scend

; ---------------------------------------------------------------------------
; Addresses on the 40-column text screen
; ---------------------------------------------------------------------------

; ROWADR - ADRESS = SAVMSC + A * 40   (A = row 0-24)
.scope
ROWADR: STA ADRESS
        LDA #0
        STA ADRESS+1
        LDA ADRESS
        ASL
        ASL
        ADC ADRESS              ; * 5
        ASL
        ROL ADRESS+1            ; * 10
        ASL
        ROL ADRESS+1            ; * 20
        ASL
        ROL ADRESS+1            ; * 40
        STA ADRESS
        JMP ADDSAVMSC           ; + SAVMSC (screen.s)
.scend

; CELLADR - ADRESS = the address of row A, column X
.scope
CELLADR:
        JSR ROWADR
        TXA
        CLC
        ADC ADRESS
        STA ADRESS
        BCC +
        INC ADRESS+1
*       RTS
.scend

; PUTCHR - store the internal code A at the cursor
.scope
PUTCHR: PHA
        LDA ROWCRS
        LDX COLCRS
        JSR CELLADR
        PLA
        LDY #0
        STA (ADRESS),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; ATAINT - ATASCII -> internal code     INTATA - internal code -> ATASCII
;   ATASCII $00-$1F <-> internal $40-$5F
;   ATASCII $20-$5F <-> internal $00-$3F
;   ATASCII $60-$7F <-> internal $60-$7F      (bit 7, inverse, is kept)
; ---------------------------------------------------------------------------
.scope
ATAINT: STA TMPCHR
        AND #$7F
        CMP #$60
        BCS _bit7
        CMP #$20
        BCS _sub
        ADC #$40
        BCC _bit7
_sub:   SBC #$20
_bit7:  BIT TMPCHR
        BPL +
        ORA #$80
*       RTS
.scend

.scope
INTATA: STA TMPCHR
        AND #$7F
        CMP #$60
        BCS _bit7
        CMP #$40
        BCS _sub
        ADC #$20
        BCC _bit7
_sub:   SBC #$40
_bit7:  BIT TMPCHR
        BPL +
        ORA #$80
*       RTS
.scend
