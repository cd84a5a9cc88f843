; ===========================================================================
; program.s - the program in memory: finding, inserting and deleting lines,
; the variable tables, and moving memory (EXPAND, CONTRACT)
; ===========================================================================
;
; BASIC's memory, from LOMEM up ("The Atari BASIC Source Book", chapter 2;
; "Mapping the Atari" 128-145): token buffer | variable name table |
; variable value table | statement table | strings and arrays | run-time
; stack.  Each area begins where its pointer says; inserting into one area
; moves everything above it and every pointer above it.
; ===========================================================================

; ---------------------------------------------------------------------------
; EXPAND - open a gap of A/Y bytes (low/high) at the pointer in X
; In: X = zero-page address of one of VNTD..BMEMTOP, A/Y = n.
; The memory from (X) up to BMEMTOP moves n bytes up; the pointer at X and
; every later one up to BMEMTOP grow by n; the gap begins at the pointer's
; old value.  Error 2 (memory insufficient) if BMEMTOP + n passes the OS's
; MEMTOP ($02E5).  Out: ED_MVSRC = the gap.  APPMHI follows BMEMTOP.
; ---------------------------------------------------------------------------
.scope
EXPAND: JSR MOVESETUP
        CLC                     ; the new BMEMTOP must stay within MEMTOP
        LDA BMEMTOP
        ADC ED_LEN
        TAY
        LDA BMEMTOP+1
        ADC ED_LEN+1
        BCS _full
        CPY MEMTOP
        SBC MEMTOP+1
        BCS _full
        CLC                     ; to (X) + n
        LDA ED_MVSRC
        ADC ED_LEN
        STA ED_MVDST
        LDA ED_MVSRC+1
        ADC ED_LEN+1
        STA ED_MVDST+1
        JSR MOVEUP
        LDA $00,X               ; the gap
        STA ED_MVSRC
        LDA $01,X
        STA ED_MVSRC+1
        CLC
        BCC ADJUST
_full:  LDA #2                  ; memory insufficient
        JMP ERROR
.scend

; ---------------------------------------------------------------------------
; CONTRACT - close the A/Y bytes (low/high) just below the pointer in X
; In: X = zero-page address of one of VNTD..BMEMTOP, A/Y = n.
; The memory from (X) up to BMEMTOP moves n bytes down; the pointer at X
; and every later one shrink by n (the inverse of EXPAND).
; ---------------------------------------------------------------------------
.scope
CONTRACT:
        JSR MOVESETUP
        SEC                     ; to (X) - n
        LDA ED_MVSRC
        SBC ED_LEN
        STA ED_MVDST
        LDA ED_MVSRC+1
        SBC ED_LEN+1
        STA ED_MVDST+1
        JSR MOVEDOWN
        SEC
.scend
; ADJUST - the pointers from X to BMEMTOP += ED_LEN (C clear) or -=
; ED_LEN (C set); then APPMHI
.scope
ADJUST: PHP
_next:  PLP
        PHP
        LDA $00,X
        BCS _sub
        ADC ED_LEN
        STA $00,X
        LDA $01,X
        ADC ED_LEN+1
        JMP _high
_sub:   SBC ED_LEN
        STA $00,X
        LDA $01,X
        SBC ED_LEN+1
_high:  STA $01,X
        INX
        INX
        CPX #BMEMTOP+2
        BCC _next
        PLP
        JMP SETAPPMHI
.scend

; MOVESETUP - ED_LEN := A/Y; ED_MVSRC := (X); ED_MVCNT := BMEMTOP - (X)
.scope
MOVESETUP:
        STA ED_LEN
        STY ED_LEN+1
        LDA $00,X
        STA ED_MVSRC
        LDA $01,X
        STA ED_MVSRC+1
        SEC
        LDA BMEMTOP
        SBC $00,X
        STA ED_MVCNT
        LDA BMEMTOP+1
        SBC $01,X
        STA ED_MVCNT+1
        RTS
.scend

; ---------------------------------------------------------------------------
; MOVEUP - copy ED_MVCNT bytes from ED_MVSRC to ED_MVDST, the highest byte
; first (the destination lies above the source).  X is kept.
; The partial page at the top goes first, then the whole pages below it.
; ---------------------------------------------------------------------------
.scope
MOVEUP: TXA
        PHA
        CLC                     ; both pointers to the start of the top part
        LDA ED_MVSRC+1
        ADC ED_MVCNT+1
        STA ED_MVSRC+1
        CLC
        LDA ED_MVDST+1
        ADC ED_MVCNT+1
        STA ED_MVDST+1
        LDY ED_MVCNT
        BEQ _pages
_part:  DEY
        LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        CPY #0
        BNE _part
_pages: LDX ED_MVCNT+1
        BEQ _done
_page:  DEC ED_MVSRC+1
        DEC ED_MVDST+1
        LDY #$FF
_byte:  LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        DEY
        BNE _byte
        LDA (ED_MVSRC),Y        ; Y = 0
        STA (ED_MVDST),Y
        DEX
        BNE _page
_done:  PLA
        TAX
        RTS
.scend

; ---------------------------------------------------------------------------
; MOVEDOWN - copy ED_MVCNT bytes from ED_MVSRC to ED_MVDST, the lowest byte
; first (the destination lies below the source).  X is kept.
; ---------------------------------------------------------------------------
.scope
MOVEDOWN:
        TXA
        PHA
        LDY #0
        LDX ED_MVCNT+1
        BEQ _part
_page:  LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        INY
        BNE _page
        INC ED_MVSRC+1
        INC ED_MVDST+1
        DEX
        BNE _page
_part:  LDX ED_MVCNT
        BEQ _done
_byte:  LDA (ED_MVSRC),Y
        STA (ED_MVDST),Y
        INY
        DEX
        BNE _byte
_done:  PLA
        TAX
        RTS
.scend

; ---------------------------------------------------------------------------
; FIND_LINE - find a line in the statement table
; In: A = line number low, X = high.  Out: LINEPTR = that line, or the
; first line with a higher number (the immediate line, 32768, at the
; latest: numbers above 32767 find it); C clear = found exactly.
; ---------------------------------------------------------------------------
.scope
FIND_LINE:
        CPX #$80                ; 32768 and above: the immediate line
        BCC _keep
        LDA #0
        LDX #$80
_keep:  STA ED_LINE
        STX ED_LINE+1
        LDA STMTAB
        STA LINEPTR
        LDA STMTAB+1
        STA LINEPTR+1
_test:  LDY #1
        LDA (LINEPTR),Y
        CMP ED_LINE+1
        BCC _next
        BNE _past
        DEY
        LDA (LINEPTR),Y
        CMP ED_LINE
        BCC _next
        BNE _past
        CLC                     ; found
        RTS
_past:  SEC
        RTS
_next:  LDY #2
        LDA (LINEPTR),Y
        CLC
        ADC LINEPTR
        STA LINEPTR
        BCC _test
        INC LINEPTR+1
        BNE _test
.scend

; ---------------------------------------------------------------------------
; STORELINE - put the tokenized line at LOMEM into the statement table
; The line's number and length are its first three bytes.  An existing
; line with that number is replaced; a line of only 3 bytes (a number
; without statements) deletes it.  The immediate line (32768) replaces the
; previous one.  Out: STMCUR = the stored line (or the immediate line).
; ---------------------------------------------------------------------------
.scope
STORELINE:
        LDY #1
        LDA (LOMEM),Y
        TAX
        DEY
        LDA (LOMEM),Y
        JSR FIND_LINE
        LDA #0
        BCS +
        LDY #2                  ; the old line's length (0: none)
        LDA (LINEPTR),Y
*       STA ED_TMP1
        CLC                     ; STMCUR: just after the old line
        ADC LINEPTR
        STA STMCUR
        LDA LINEPTR+1
        ADC #0
        STA STMCUR+1
        LDY #2                  ; the new line's length (0: a number alone)
        LDA (LOMEM),Y
        CMP #4
        BCS +
        LDA #0
*       STA ED_TMP2
        LDX #STMCUR             ; make room: the difference
        LDY #0
        SEC
        SBC ED_TMP1
        BEQ _copy
        BCS _grow
        EOR #$FF                ; shorter: close old - new bytes
        ADC #1
        JSR CONTRACT
        JMP _copy
_grow:  JSR EXPAND
_copy:  LDY ED_TMP2
        BEQ _done
*       DEY
        LDA (LOMEM),Y
        STA (LINEPTR),Y
        TYA
        BNE -
_done:  LDA LINEPTR             ; STMCUR: the line stored (or the next)
        STA STMCUR
        LDA LINEPTR+1
        STA STMCUR+1
        RTS
.scend

; ---------------------------------------------------------------------------
; NAMECHAR - character Y of the variable name described by ED_VSTART (its
; position in LBUFF), ED_VLEN (letters and digits) and ED_VSUFX ("$", "("
; or 0 for none)
; In: Y.  Out: A = the character, with bit 7 set if it is the last.
; ---------------------------------------------------------------------------
.scope
NAMECHAR:
        STY ED_TMP3
        CPY ED_VLEN
        BCS _suffix
        TYA
        CLC
        ADC ED_VSTART
        TAY
        LDA LBUFF,Y
        LDY ED_TMP3
        INY
        CPY ED_VLEN
        BCC _plain              ; not the last letter
        PHA
        LDA ED_VSUFX
        BNE _pop                ; a suffix follows
        PLA
        ORA #$80
        DEY
        RTS
_pop:   PLA
_plain: DEY
        RTS
_suffix:
        LDA ED_VSUFX
        ORA #$80
        RTS
.scend

; ---------------------------------------------------------------------------
; FINDVAR - the number of the variable whose name NAMECHAR describes; a new
; variable is created: its name appended to the variable name table (before
; the final zero byte), 8 bytes appended to the value table: the type ($00
; number, $40 array, $80 string), the number, 6 zero bytes ("Mapping the
; Atari" 134: the value table's layout).
; Out: A = the variable number (0-127).  Error 4 (too many variables) for
; a 129th variable; error 2 if memory is full.
; ---------------------------------------------------------------------------
.scope
FINDVAR:
        LDA VNTP
        STA ED_PTR3
        LDA VNTP+1
        STA ED_PTR3+1
        LDX #0                  ; the variable number
_entry: LDY #0
        LDA (ED_PTR3),Y
        BEQ _new                ; the end of the table
_cmp:   JSR NAMECHAR
        CMP (ED_PTR3),Y
        BNE _skip
        INY
        ASL
        BCC _cmp
        TXA                     ; the whole name matched
        RTS
_skip:  JSR NEXTNAME
        INX
        BNE _entry
_new:   STX ED_TMP4
        TXA
        BPL _room
        LDA #4                  ; too many variables
        JMP ERROR
_room:  LDA ED_VLEN             ; the name's length
        LDX ED_VSUFX
        BEQ +
        CLC
        ADC #1
*       PHA
        LDY #0
        LDX #VNTD
        JSR EXPAND
        PLA
        TAY
_name:  DEY                     ; the name into the gap
        JSR NAMECHAR
        STA (ED_MVSRC),Y
        TYA
        BNE _name
        LDA #8                  ; 8 bytes at the end of the value table
        LDY #0
        LDX #STMTAB
        JSR EXPAND
        LDA #0
        LDY #7
_zero:  STA (ED_MVSRC),Y
        DEY
        BNE _zero
        LDA ED_TMP4
        INY
        STA (ED_MVSRC),Y        ; byte 1: the number
        LDA #$00                ; byte 0: the type
        LDX ED_VSUFX
        CPX #$24                ; "$"
        BNE +
        LDA #$80
*       CPX #$28                ; "("
        BNE +
        LDA #$40
*       DEY
        STA (ED_MVSRC),Y
        LDA ED_TMP4
        RTS
.scend
