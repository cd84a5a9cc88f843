; ===========================================================================
; program.s - the program in memory: storing a tokenized line, the
; variable tables
; ===========================================================================
;
; A line goes into the statement table in line-number order (memory.s
; moves the memory); a variable's name goes into the name table and its 8
; bytes into the value table ("Mapping the Atari" 130-137).
; ===========================================================================

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
        DEY                     ; shorter: A/Y = new - old, negative
        JSR SHRINK
        BNE _copy               ; (always: SETAPPMHI's high byte)
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
; position in LBUFF), ED_VLEN (letters and digits), ED_VSUFX ("$", "("
; or 0 for none) and ED_NLEN (its whole length, as FINDVAR sets it)
; In: Y.  Out: A = the character, with bit 7 set if it is the last; Y, X
; kept.
; ---------------------------------------------------------------------------
.scope
NAMECHAR:
        STY ED_TMP1
        CPY ED_VLEN
        BCS _suffix
        TYA                     ; (C clear)
        ADC ED_VSTART
        TAY
        LDA LBUFF,Y
        LDY ED_TMP1
        BCC _mark               ; (always: positions are below 128)
_suffix:
        LDA ED_VSUFX
_mark:  INY
        CPY ED_NLEN
        DEY
        BCC _done               ; not the last
        ORA #$80
_done:  RTS
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
        LDA ED_VSUFX            ; the name's length: + 1 with a suffix
        CMP #1
        LDA ED_VLEN
        ADC #0
        STA ED_NLEN
        LDY #0                  ; its first character: a name that
        JSR NAMECHAR            ; begins otherwise is skipped at once
        STA ED_VFIRST
        LDA VNTP
        STA ED_PTR3
        LDA VNTP+1
        STA ED_PTR3+1
        LDX #0                  ; the variable number
_entry: LDY #0
        LDA (ED_PTR3),Y
        BEQ _new                ; the end of the table
        CMP ED_VFIRST
        BNE _skip
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
_new:   TXA
        BMI _full
        PHA                     ; the new variable's number
        LDA ED_NLEN             ; one move of the statement table and all
        CLC                     ; above it, for the name and the 8 bytes:
        ADC #8                  ; the gap at STMTAB (ED_MVSRC)
        LDY #0
        LDX #STMTAB
        JSR MOVESETUP
        JSR OPENED
        LDA #8                  ; STMTAB and the later pointers + 8 (the
        STA ED_LEN              ; name's share follows with the value
        JSR ADJUST              ; table)
        LDA #0                  ; the 8 bytes: the value table's new end
        LDY #7
_zero:  STA (ED_MVSRC),Y
        DEY
        BNE _zero
        INY
        PLA
        STA (ED_MVSRC),Y        ; byte 1: the number
        PHA
        LDA ED_VSUFX            ; byte 0: the type, from the suffix:
        BEQ +                   ; none $00, "$" ($24) $80, "(" ($28) $40
        EOR #$2C
        ASL
        ASL
        ASL
        ASL
*       DEY
        STA (ED_MVSRC),Y
        LDA ED_NLEN             ; then the name table's end and the value
        STA ED_LEN              ; table (up to STMTAB) move up by the
        LDX #VNTD               ; name's length, every pointer from VNTD
        LDY #STMTAB             ; on with them (ED_LEN+1 = 0)
        JSR MOVESETUP_TO
        JSR EXPANDED
        LDY ED_NLEN
_name:  DEY                     ; the name into the gap
        JSR NAMECHAR
        STA (ED_MVSRC),Y
        TYA
        BNE _name
        PLA
        RTS
_full:  LDA #4                  ; too many variables
        JMP ERROR
.scend
