; ===========================================================================
; memory.s - moving BASIC's memory (EXPAND, SHRINK) and finding lines
; ===========================================================================
;
; BASIC's memory, from LOMEM up ("The Atari BASIC Source Book", chapter 2;
; "Mapping the Atari" 128-145): token buffer | variable name table |
; variable value table | statement table | strings and arrays | run-time
; stack.  Each area begins where its pointer says; inserting into one area
; moves everything above it and every pointer above it.  Both sides use
; these routines (asm/basic/README.md, "Agreed details").
; ===========================================================================

; ---------------------------------------------------------------------------
; EXPAND - open a gap of A/Y bytes (low/high) at the pointer in X
; In: X = zero-page address of one of VNTD..BMEMTOP, A/Y = n.
; The memory from (X) up to BMEMTOP moves n bytes up; the pointer at X and
; every later one up to BMEMTOP grow by n; the gap begins at the pointer's
; old value.  Error 2 (memory insufficient) if BMEMTOP + n passes the OS's
; MEMTOP ($02E5).  Out: ED_MVSRC = the gap, Y = 0.  APPMHI follows BMEMTOP.
; EXPANDED - the same after MOVESETUP_TO: the memory from (X) up to the
; pointer MOVESETUP_TO was given moves (FINDVAR: the value table alone).
; OPENED - only the move, no pointer changes (then ADJUST by what you need).
; ---------------------------------------------------------------------------
.scope
EXPAND: JSR MOVESETUP
EXPANDED:
        JSR OPENED
        JMP ADJUST
OPENED: CLC                     ; the new BMEMTOP must stay within MEMTOP
        LDA BMEMTOP
        ADC ED_LEN
        TAY
        LDA BMEMTOP+1
        ADC ED_LEN+1
        BCS _full
        CPY MEMTOP
        SBC MEMTOP+1
        BCS _full
        JSR MOVEDST             ; to (X) + n
        JMP MOVEUP              ; (ED_MVSRC is the gap again)
_full:  LDA #2                  ; memory insufficient
        JMP ERROR
.scend

; ---------------------------------------------------------------------------
; SHRINK - close n bytes just below the pointer in X (the inverse of EXPAND)
; In: X = zero-page address of one of VNTD..BMEMTOP, A/Y = -n (a negative
; size, as STORELINE computes it).  The memory from (X) up to BMEMTOP moves
; n bytes down; the pointer at X and every later one shrink by n.
; ---------------------------------------------------------------------------
.scope
SHRINK: JSR MOVESETUP
        JSR MOVEDST             ; to (X) - n
        JSR MOVEDOWN
.scend
; ADJUST - the pointers from X to BMEMTOP += ED_LEN; then APPMHI.  Below
; STARP the statement table moved: FIND_LINE's remembered lines go.
.scope
ADJUST: CPX #STARP
        BCS _loop
        JSR FORGET_LINES
_loop:  CLC
        LDA $00,X
        ADC ED_LEN
        STA $00,X
        LDA $01,X
        ADC ED_LEN+1
        STA $01,X
        INX
        INX
        CPX #BMEMTOP+2
        BCC _loop
        JMP SETAPPMHI
.scend

; MOVEDST - ED_MVDST := ED_MVSRC + ED_LEN
.scope
MOVEDST:
        CLC
        LDA ED_MVSRC
        ADC ED_LEN
        STA ED_MVDST
        LDA ED_MVSRC+1
        ADC ED_LEN+1
        STA ED_MVDST+1
        RTS
.scend

; MOVESETUP - ED_LEN := A/Y; ED_MVSRC := (X); ED_MVPAGES/ED_MVCNT := BMEMTOP - (X)
; MOVESETUP_TO - the same with ED_LEN set and the pointer at Y for BMEMTOP
.scope
MOVESETUP:
        STA ED_LEN
        STY ED_LEN+1
        LDY #BMEMTOP
MOVESETUP_TO:
        LDA $00,X
        STA ED_MVSRC
        LDA $01,X
        STA ED_MVSRC+1
        SEC
        LDA $0000,Y
        SBC $00,X
        STA ED_MVCNT
        LDA $0001,Y
        SBC $01,X
        STA ED_MVPAGES
        RTS
.scend

; ---------------------------------------------------------------------------
; MOVEUP - copy ED_MVPAGES*256+ED_MVCNT bytes from ED_MVSRC to ED_MVDST, the highest byte
; first (the destination lies above the source).  X is kept; ED_MVSRC and
; ED_MVDST end as they began, ED_MVPAGES ends 0.
; The partial page at the top goes first, then the whole pages below it.
; ---------------------------------------------------------------------------
.scope
MOVEUP: CLC                     ; both pointers to the start of the top part
        LDA ED_MVSRC+1
        ADC ED_MVPAGES
        STA ED_MVSRC+1
        LDA ED_MVDST+1          ; (no carry: the sum is an address)
        ADC ED_MVPAGES
        STA ED_MVDST+1
        LDY ED_MVCNT
        BEQ _page
_block: DEY                     ; bytes Y-1 .. 1 of this page, two a
        BEQ _last               ; turn (14.5 cycles a byte: the new
        TYA                     ; variables of an ENTER move the whole
        LSR                     ; program); an odd count starts with
        BCS _odd                ; the loop's second half
_pair:  LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        DEY
_odd:   LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        DEY
        BNE _pair
_last:  LDA (ED_MVSRC),Y        ; then byte 0
        STA (ED_MVDST),Y
_page:  LDA ED_MVPAGES          ; whole pages left?
        BEQ _done
        DEC ED_MVPAGES
        DEC ED_MVSRC+1
        DEC ED_MVDST+1
        TYA
        BEQ _block              ; (always: Y = 0, so 256 bytes)
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; MOVEDOWN - copy ED_MVPAGES*256+ED_MVCNT bytes from ED_MVSRC to ED_MVDST, the lowest byte
; first (the destination lies below the source).  X is kept.
; ---------------------------------------------------------------------------
.scope
MOVEDOWN:
        LDY #0
        LDA ED_MVPAGES          ; the whole pages first
        BEQ _part
_page:  LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        INY
        BNE _page
        INC ED_MVSRC+1
        INC ED_MVDST+1
        DEC ED_MVPAGES
        BNE _page
_part:  CPY ED_MVCNT            ; then the rest (Y = 0)
        BEQ _done
        LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        INY
        BNE _part
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; FIND_LINE - find a line in the statement table
; In: A = line number low, X = high.  Out: LINEPTR = that line, or the
; first line with a higher number (the immediate line, 32768, at the
; latest: numbers above 32767 find it); C clear = found exactly.
; The lines found are remembered in LCACHE, 16 addresses, slot (low EOR
; high * 2) AND $1E (so lines 10, 20, ... 160 each have their own); a
; remembered address counts only if the line number stored there is the
; one sought.  FORGET_LINES empties it whenever the statement table moves
; (EXPAND or SHRINK below STARP, LOAD, NEW), so a program that changes
; its lines, or is changed while stopped, finds them as Rev. C does: the
; first line from the start with that number or a higher one.  A line not
; remembered is sought from STMCUR on when STMCUR's line is lower (the lines
; are in order, so the first line from there with that number or a higher
; one is that line too), else from STMTAB.
; ---------------------------------------------------------------------------
.scope
FIND_LINE:
        CPX #$80                ; 32768 and above: the immediate line
        BCC _keep
        LDA #0
        LDX #$80
_keep:  STA ED_LINE
        STX ED_LINE+1
        TXA                     ; the slot: (low EOR high * 2) AND $1E
        ASL
        EOR ED_LINE
        AND #LCSLOTS*2-2
        TAX                     ; (X = the slot from here on)
        LDY LCACHE+1,X          ; remembered: is it still that line?
        BEQ _top
        STY LINEPTR+1
        LDY LCACHE,X
        STY LINEPTR
        LDY #0
        LDA ED_LINE
        CMP (LINEPTR),Y
        BNE _top
        INY
        LDA ED_LINE+1
        CMP (LINEPTR),Y
        BEQ _hit
_top:   LDY #0                  ; not remembered: from STMCUR if its line
        LDA (STMCUR),Y          ; is below the one sought (the next line
        CMP ED_LINE             ; ENTER stores, a GOTO forward), else from
        INY                     ; the start
        LDA (STMCUR),Y
        SBC ED_LINE+1
        LDY #STMTAB
        BCS +
        LDY #STMCUR
*       LDA $0000,Y
        STA LINEPTR
        LDA $0001,Y
        STA LINEPTR+1
_test:  LDY #0                  ; (run-time hot path: GOTO, NEXT, RETURN)
        LDA (LINEPTR),Y
        CMP ED_LINE
        INY
        LDA (LINEPTR),Y
        SBC ED_LINE+1
        BCS _at                 ; this line's number >= the one sought
        INY                     ; the next line (NEXTLINE inline, C clear)
        LDA (LINEPTR),Y
        ADC LINEPTR
        STA LINEPTR
        BCC _test
        INC LINEPTR+1
        BCS _test
_at:    BNE _past               ; the high bytes differ: past it (C set)
        DEY
        LDA (LINEPTR),Y
        EOR ED_LINE
        BNE _past
        LDA LINEPTR             ; found: remembered in its slot
        STA LCACHE,X
        LDA LINEPTR+1
        STA LCACHE+1,X
_hit:   CLC
_past:  RTS
.scend


; NEXTLINE - LINEPTR := the line after the one at LINEPTR
.scope
NEXTLINE:
        LDY #2
        LDA (LINEPTR),Y
        CLC
        ADC LINEPTR
        STA LINEPTR
        BCC _done
        INC LINEPTR+1
_done:  RTS
.scend

