; ===========================================================================
; stmt_flow.s - assignment and program flow: LET, IF, GOTO, GOSUB, RETURN,
; POP, ON, FOR, NEXT, RUN, CONT, END, CLR, DIM/COM, POKE, DEG, RAD, REM,
; DATA, BYE, DOS
; ===========================================================================
;
; The run-time stack (The Atari BASIC Source Book, chapter 8; layout in
; asm/basic/README.md, "Agreed details") lies between RUNSTK and BMEMTOP
; ($8E/$90) and grows upward; BMEMTOP may not pass the OS's top of free
; memory (MEMTOP, $2E5): error 2.  Every entry ends with a 4-byte header
;     [type: 0 = GOSUB, $80 + variable = FOR] [line lo] [line hi] [offset]
; where line/offset name the statement after the GOSUB or FOR; a FOR entry
; has its limit (6 bytes) and step (6 bytes) below the header.
; ===========================================================================

.alias FOR_ENTRY   16
.alias GOSUB_ENTRY 4

; ---------------------------------------------------------------------------
; X_LET - LET var = expression, var$ = string, and the implied LET
; ---------------------------------------------------------------------------
.scope
X_LET:
        JSR NEXT_VAR
        BMI LET_STRING
        JSR NUM_VAR_ADDR
        ; fall into ASSIGN_NUM
.scend

; ASSIGN_NUM - "= expression" into the six bytes at VALPTR
.scope
ASSIGN_NUM:
        LDA VALPTR
        PHA
        LDA VALPTR+1
        PHA
        INC STINDEX             ; the "="
        JSR EVAL_NUM
        PLA
        STA VALPTR+1
        PLA
        STA VALPTR
        ; fall into STORE_FR0
.scend

; STORE_FR0 - FR0 into the six bytes at VALPTR
.scope
STORE_FR0:
        LDX VALPTR
        LDY VALPTR+1
        JMP FST0R
.scend

; ---------------------------------------------------------------------------
; LET_STRING - var$ [ (I [,J]) ] = string expression.  The characters are
; copied from the first on, so A$(2)=A$ repeats A$(1) along the string, as
; in Atari BASIC.  No more than fit are copied (the DIM, or J-I+1).  The
; new length: A$ = ... the copied count; A$(I) = ... I-1 + the count;
; A$(I,J) = ... the longer of the old length and I-1 + the count.
; ---------------------------------------------------------------------------
.scope
LET_STRING:
        JSR STRING_WHOLE        ; FR0 = address, length, DIM
        LDA #1
        STA RT_I
        LDA #0
        STA RT_I+1
        STA RT_JSET             ; mode 0: the whole string
        JSR PEEK_TOKEN
        CMP #TOK_O_SLPAREN
        BNE _mode
        JSR PUSH_FR0
        JSR SUBSCRIPTS          ; RT_JSET = $FF with J (mode $FF)
        JSR POP_FR0
        LDA RT_JSET
        BNE _mode
        INC RT_JSET             ; mode 1: A$(I)
_mode:  LDA RT_JSET
        PHA
        BMI _check
        LDA FR0+4               ; J = DIM
        STA RT_J
        LDA FR0+5
        STA RT_J+1
_check: LDA FR0+4               ; J <= DIM
        CMP RT_J
        LDA FR0+5
        SBC RT_J+1
        BCC _lenerr
        JSR SUBSTRING           ; FR0 = destination, room; RT_I = I - 1
        LDA RT_I
        STA FR0+4
        LDA RT_I+1
        STA FR0+5
        JSR PUSH_FR0            ; destination, room, I
        LDA VVTPTR
        PHA
        LDA VVTPTR+1
        PHA
        INC STINDEX             ; the "="
        JSR EVAL_STR
        JSR FMOVE               ; FR1 = source
        PLA
        STA VVTPTR+1
        PLA
        STA VVTPTR
        JSR POP_FR0
        PLA
        STA RT_JSET
        JMP STRING_STORE
_lenerr:
        JMP E_STRLEN
.scend

; STRING_STORE - copy the string FR1 (address, length) into FR0 (address,
; room, I - 1) of the string variable at VVTPTR and set its length, by the
; mode in RT_JSET (see LET_STRING)
.scope
STRING_STORE:
        ; count = min(source length, room) -> FR0+2/3
        LDA FR1+2
        CMP FR0+2
        LDA FR1+3
        SBC FR0+3
        BCS +
        LDA FR1+2
        STA FR0+2
        LDA FR1+3
        STA FR0+3
*       JSR COPY_FR1_TO_FR0
        ; the end of the copy: I - 1 + count -> FR1
        CLC
        LDA FR0+4
        ADC FR0+2
        STA FR1
        LDA FR0+5
        ADC FR0+3
        STA FR1+1
        LDY #4
        BIT RT_JSET
        BPL _set
        ; mode $FF: keep the old length if it is longer
        LDA (VVTPTR),Y
        CMP FR1
        INY
        LDA (VVTPTR),Y
        SBC FR1+1
        BCS _done
        DEY
_set:   LDA FR1
        STA (VVTPTR),Y
        INY
        LDA FR1+1
        STA (VVTPTR),Y
_done:  RTS
.scend

; COPY_FR1_TO_FR0 - copy FR0+2/3 bytes from address FR1 to address FR0,
; first byte first.  Uses RT_T0, RT_T1.
.scope
COPY_FR1_TO_FR0:
        LDA FR1
        STA RT_T0
        LDA FR1+1
        STA RT_T0+1
        LDA FR0
        STA RT_T1
        LDA FR0+1
        STA RT_T1+1
        LDX FR0+3               ; whole pages
        LDY #0
        TXA
        BEQ _part
_page:  LDA (RT_T0),Y
        STA (RT_T1),Y
        INY
        BNE _page
        INC RT_T0+1
        INC RT_T1+1
        DEX
        BNE _page
_part:  LDX FR0+2
        BEQ _done
*       LDA (RT_T0),Y
        STA (RT_T1),Y
        INY
        DEX
        BNE -
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; X_IF - IF expression THEN line | IF expression THEN statements
; False: the rest of the line is skipped.  True: a line number after THEN
; is a GOTO; otherwise execution goes on with the statement after THEN.
; ---------------------------------------------------------------------------
.scope
X_IF:
        JSR EVAL_NUM
        INC STINDEX             ; THEN
        LDA FR0
        BEQ _false
        LDA STINDEX
        CMP NXTSTD
        BCS _done               ; statements follow THEN
        JSR AT_END_OF_STMT
        BNE X_GOTO
_done:  RTS
_false: LDA LLNGTH
        STA NXTSTD
        RTS
.scend

; ---------------------------------------------------------------------------
; X_GOTO - GOTO / GO TO expression (error 12 if the line does not exist)
; GOTO_AX - continue at the first statement of line A (low) / X (high)
; GOTO_LINEPTR - continue at the first statement of the line at LINEPTR
; ---------------------------------------------------------------------------
.scope
X_GOTO:
        JSR EVAL_INT
GOTO_AX:
        CPX #$80                ; 32768 and up: never a program line
        BCS NOLINE_ERROR
        JSR FIND_LINE
        BCS NOLINE_ERROR
GOTO_LINEPTR:
        LDA LINEPTR
        STA STMCUR
        LDA LINEPTR+1
        STA STMCUR+1
        ; fall into SET_LINE
.scend

; SET_LINE - prepare the line at STMCUR: LLNGTH, NXTSTD = first statement
.scope
SET_LINE:
        LDY #2
        LDA (STMCUR),Y
        STA LLNGTH
        LDA #3
        STA NXTSTD
        RTS
.scend

.scope
NOLINE_ERROR:
        JMP E_NOLINE
.scend

; ---------------------------------------------------------------------------
; X_GOSUB - GOSUB expression: remember the next statement, then GOTO
; (RUNSTK_PUSH's EXPAND keeps LINEPTR: it moves memory with its own
; pointers)
; ---------------------------------------------------------------------------
.scope
X_GOSUB:
        JSR EVAL_INT
        CPX #$80                ; 32768 and up: never a program line (as
        BCS NOLINE_ERROR        ; GOTO; FIND_LINE would give the immediate line)
        JSR FIND_LINE
        BCS NOLINE_ERROR
        LDA #GOSUB_ENTRY
        JSR RUNSTK_PUSH         ; RT_T1 = the entry (EXPAND leaves Y = 0)
        TYA
        JSR WRITE_HEADER
        JMP GOTO_LINEPTR
.scend

; ---------------------------------------------------------------------------
; X_ON - ON expression GOTO|GOSUB line, line, ...: the n-th line; with n = 0
; or n beyond the list execution goes on after ON (error 3 if n > 255).
; The expressions before the n-th are evaluated and skipped; at the n-th,
; GOTO or GOSUB takes over.  n (counted down) and the GOTO/GOSUB token wait
; on the 6502 stack.
; ---------------------------------------------------------------------------
.scope
X_ON:
        JSR EVAL_BYTE
        BEQ _done               ; n = 0
        PHA                     ; n
        JSR NEXT_TOKEN
        PHA                     ; GOTO or GOSUB
_next:  TSX
        DEC $0102,X
        BEQ _found
        JSR EVAL_INT            ; not this one
        JSR NEXT_TOKEN          ; "," or the end
        CMP #TOK_O_COMMA
        BEQ _next
        PLA
        PLA
_done:  RTS
_found: PLA
        TAY
        PLA
        CPY #TOK_O_ON_GOSUB
        BEQ X_GOSUB             ; returns to the statement after ON
        BNE X_GOTO
.scend

; ---------------------------------------------------------------------------
; RUNSTK_PUSH - reserve A bytes on the run-time stack: RT_T1 = the entry,
; BMEMTOP raised by the editor's EXPAND at BMEMTOP (which moves nothing,
; stops with error 2 if BMEMTOP would reach MEMTOP and sets APPMHI, as
; Atari BASIC's own run-time stack push does)
; ---------------------------------------------------------------------------
.scope
RUNSTK_PUSH:
        LDX BMEMTOP
        STX RT_T1
        LDX BMEMTOP+1
        STX RT_T1+1
        LDX #BMEMTOP
        LDY #0
        JMP EXPAND
.scend

; RUNSTK_TOP - Z set if the run-time stack is empty; else RT_T1 = its top
; header (BMEMTOP - 4) and A = the header's type byte (Y = 0).  RT_T2 =
; BMEMTOP.  HEADER_BELOW - the same for the entry that ends at RT_T2
; (C set either way).
.scope
RUNSTK_TOP:
        LDA BMEMTOP
        STA RT_T2
        LDA BMEMTOP+1
        STA RT_T2+1
HEADER_BELOW:
        LDA RT_T2
        CMP RUNSTK
        BNE +
        LDA RT_T2+1
        CMP RUNSTK+1
        BEQ _empty
*       SEC
        LDA RT_T2
        SBC #4
        STA RT_T1
        LDA RT_T2+1
        SBC #0
        STA RT_T1+1
        LDY #0
        LDA (RT_T1),Y
        LDX #1                  ; Z clear
_empty: RTS
.scend

; RUNSTK_DROP - remove the top entry (4 or 16 bytes, by the type in A:
; 0 or $80 + a variable)
.scope
RUNSTK_DROP:
        ASL                     ; C set: a FOR entry
        LDA #GOSUB_ENTRY
        BCC _drop
        LDA #FOR_ENTRY
_drop:  STA RT_T2
        SEC
        LDA BMEMTOP
        SBC RT_T2
        STA BMEMTOP
        BCS +
        DEC BMEMTOP+1
*       RTS
.scend

; ---------------------------------------------------------------------------
; X_RETURN - back to the statement after the last GOSUB; FOR entries above
; it are dropped.  Error 16 if there is no GOSUB.  (On into RESUME_HEADER.)
; ---------------------------------------------------------------------------
.scope
_e_return:JMP E_RETURN
X_RETURN:
        JSR RUNSTK_TOP
        BEQ _e_return
        PHA
        JSR RUNSTK_DROP
        PLA
        BNE X_RETURN            ; a FOR entry: dropped
.scend                          ; the header bytes stay readable above BMEMTOP

; RESUME_HEADER - continue at the line and offset of the header at RT_T1;
; error 15 if that line was deleted
.scope
RESUME_HEADER:
        LDY #3
        LDA (RT_T1),Y
        PHA                     ; the offset
        DEY
        LDA (RT_T1),Y
        TAX                     ; the line, high
        DEY
        LDA (RT_T1),Y           ; ... and low
        DEY
        CMP (STMCUR),Y          ; the current line needs no search
        BNE _search
        INY
        TXA
        CMP (STMCUR),Y
        BEQ _same
        LDA (RT_T1),Y           ; (Y = 1) the low byte again
_search:
        JSR FIND_LINE
        BCS _e_deleted
        JSR GOTO_LINEPTR
_same:  PLA
        STA NXTSTD
        RTS
_e_deleted:JMP E_DELETED
.scend

; X_POP - drop the top entry of the run-time stack (nothing if empty)
.scope
X_POP:
        JSR RUNSTK_TOP
        BNE RUNSTK_DROP
        RTS
.scend

; ---------------------------------------------------------------------------
; X_FOR - FOR var = start TO limit [STEP step]: assign, then push a FOR
; entry (an older entry for the same variable is removed first, with any
; entries above it).  The loop body always runs at least once.
; ---------------------------------------------------------------------------
.scope
X_FOR:
        JSR NEXT_TOKEN
        PHA                     ; the variable token
        JSR VAR_ENTRY
        JSR NUM_VAR_ADDR
        JSR ASSIGN_NUM
        INC STINDEX             ; TO
        JSR EVAL_NUM
        JSR PUSH_FR0            ; the limit
        JSR FR0_ONE             ; the step: 1 unless STEP follows
        JSR NEXT_TOKEN
        CMP #TOK_O_STEP
        BNE _step
        JSR EVAL_NUM
_step:  JSR PUSH_FR0            ; the step, after the limit on ARGSTK
        PLA
        STA RT_T0               ; the variable token
        JSR REMOVE_FOR
        LDA #FOR_ENTRY
        JSR RUNSTK_PUSH
        LDX ARSLVL              ; limit and step: 12 bytes from ARGSTK
        LDY #11
*       DEX
        LDA ARGSTK,X
        STA (RT_T1),Y
        DEY
        BPL -
        LDY #12
        LDA RT_T0
        JMP WRITE_HEADER
.scend

; WRITE_HEADER - the header at (RT_T1),Y: type A, current line, NXTSTD
.scope
WRITE_HEADER:
        STA (RT_T1),Y
        INY
        STY RT_T2
        JSR CURRENT_LINE
        LDY RT_T2
        STA (RT_T1),Y
        INY
        TXA
        STA (RT_T1),Y
        INY
        LDA NXTSTD
        STA (RT_T1),Y
        RTS
.scend

; REMOVE_FOR - if a FOR entry for the variable RT_T0 lies on the stack
; above the last GOSUB entry, cut the stack below it
; CUT_AT_T2 - BMEMTOP := RT_T2 (the stack ends below that entry)
.scope
REMOVE_FOR:
        JSR FIND_FOR
        BCS +
CUT_AT_T2:
        LDA RT_T2               ; BMEMTOP = the entry's start
        STA BMEMTOP
        LDA RT_T2+1
        STA BMEMTOP+1
*       RTS
.scend

; FIND_FOR - the FOR entry of the variable RT_T0 above the last GOSUB:
; carry clear, RT_T1 = its header, RT_T2 = its start (RT_T1 - 12); carry
; set if none
.scope
FIND_FOR:
        JSR RUNSTK_TOP
_loop:  BEQ _none               ; the stack's bottom
        TAX
        BEQ _none               ; a GOSUB: stop
        SEC                     ; a FOR entry: RT_T2 = its start
        LDA RT_T2
        SBC #FOR_ENTRY
        STA RT_T2
        BCS +
        DEC RT_T2+1
*       CPX RT_T0
        BEQ _found
        JSR HEADER_BELOW        ; the entry below it (C set)
        BCS _loop
_found: CLC
        RTS
_none:  SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; X_NEXT - NEXT var: find its FOR entry (dropping inner FOR entries; error
; 13 at a GOSUB entry or an empty stack), add the step, and loop back
; unless the variable has passed the limit (beyond it in the direction
; of the step's sign).
; ---------------------------------------------------------------------------
.scope
X_NEXT:
        JSR NEXT_TOKEN
        STA RT_T0
        JSR FIND_FOR            ; (RT_T2 = the entry's start)
        BCS _e_nofor
        CLC                     ; inner FOR entries go: BMEMTOP = the
        LDA RT_T1               ; header's end
        ADC #4
        STA BMEMTOP
        LDA RT_T1+1
        ADC #0
        STA BMEMTOP+1
        LDA RT_T0
        JSR VAR_ENTRY           ; (C clear)
        LDA VVTPTR              ; VALPTR: a FOR variable is never an array
        ADC #2                  ; (NUM_VAR_ADDR's scalar case)
        TAX
        STX VALPTR
        LDA VVTPTR+1
        ADC #0
        TAY
        STY VALPTR+1
        JSR FLD0R               ; FR0 = variable
        CLC                     ; FR1 = step, at the entry's start + 6
        LDA RT_T2
        ADC #6
        TAX
        LDA RT_T2+1
        ADC #0
        TAY
        JSR FLD1R
        JSR FADD
        BCS _e_fpovf            ; (FADD_CHK inline: the loop's hot path)
        JSR STORE_FR0
        LDY #0                  ; the variable against the limit, byte by
_cmp:   LDA FR0,Y               ; byte as FCOMPARE does, but in place
        CMP (RT_T2),Y
        BNE _differ
        INY
        CPY #6
        BNE _cmp
        BEQ _loop               ; equal: not past it
_differ:ROR RT_T0               ; bit 7: the variable's byte is larger;
        LDY #0                  ; the other way round if either number is
        LDA FR0                 ; negative; and with a negative step, past
        ORA (RT_T2),Y           ; the limit means below it
        EOR RT_T0
        LDY #6
        EOR (RT_T2),Y           ; (the step's sign)
        BMI _exit
_loop:  JMP RESUME_HEADER       ; RT_T1 still points at the header
_exit:  JMP CUT_AT_T2            ; drop the FOR entry
_e_nofor:JMP E_NOFOR
_e_fpovf:JMP E_FPOVF
.scend

; ---------------------------------------------------------------------------
; X_RUN - RUN [filespec]: (load the program,) clear the variables, RESTORE,
; TRAP off, and start at the first line
; ---------------------------------------------------------------------------
.scope
X_RUN:
        JSR AT_END_OF_STMT
        BEQ +
        JSR LOAD_FILE           ; editor: LOAD from the filespec at STINDEX
*       JSR CLEAR_VARS
        LDA #$80
        STA TRAPLN+1
        JSR RESTORE_START       ; (returns A = X = 0)
        JSR FIND_LINE           ; the first line
        LDY #1
        LDA (LINEPTR),Y
        BMI X_END               ; none: the immediate line
        JMP GOTO_LINEPTR
.scend

; ---------------------------------------------------------------------------
; X_CONT - go on with the line after STOPLN (the line of the last STOP,
; BREAK or error)
; ---------------------------------------------------------------------------
.scope
X_CONT:
        LDA STOPLN
        LDX STOPLN+1
        BMI _done
        JSR FIND_LINE
        BCS _there              ; gone: the next higher line
        JSR NEXTLINE
_there: LDY #1
        LDA (LINEPTR),Y
        BMI _done
        JMP GOTO_LINEPTR
_done:  JMP READY
.scend

; ---------------------------------------------------------------------------
; X_END - END (also the end of the program): sound off, IOCBs 1-7 closed,
; READY (Atari BASIC Reference Manual, END)
; ---------------------------------------------------------------------------
.scope
X_END:
        LDA #0                  ; the four sound channels off
        LDX #7
*       STA AUDF1,X
        DEX
        BPL -
        LDX #$10
*       TXA
        PHA
        JSR CLOSEIO
        PLA
        CLC
        ADC #$10
        TAX
        BPL -
        JMP READY
.scend

; ---------------------------------------------------------------------------
; CLEAR_VARS - CLR: every numeric variable 0, every array and string
; undimensioned, the array/string area and the run-time stack emptied
; ---------------------------------------------------------------------------
.scope
CLEAR_VARS:
        LDA VVTP
        STA RT_T1
        LDA VVTP+1
        STA RT_T1+1
_entry: LDA RT_T1
        CMP STMTAB
        LDA RT_T1+1
        SBC STMTAB+1
        BCS _area
        LDY #0
        LDA (RT_T1),Y
        AND #$C0                ; undimensioned
        STA (RT_T1),Y
        LDA #0
        LDY #7
*       STA (RT_T1),Y
        DEY
        CPY #1
        BNE -
        CLC
        LDA RT_T1
        ADC #8
        STA RT_T1
        BCC _entry
        INC RT_T1+1
        BCS _entry
_area:  LDA STARP
        STA RUNSTK
        STA BMEMTOP
        LDA STARP+1
        STA RUNSTK+1
        STA BMEMTOP+1
        RTS
.scend


; ---------------------------------------------------------------------------
; X_DIM - DIM / COM: var$(n), var(n), var(m,n), ...  Space comes from the
; end of the array/string area (EXPAND at RUNSTK).  Error 9: already
; dimensioned, a size of 0 for a string, or too large.  Atari BASIC does
; not clear the new space, and neither do we.
; ---------------------------------------------------------------------------
.scope
X_DIM:
        JSR NEXT_VAR
        PHA                     ; the type (an error resets the stack)
        LSR
        BCS _dimerr             ; already dimensioned
        JSR SUBSCRIPTS          ; RT_I = m, RT_J = n (0 if absent)
        PLA
        BMI _string
        ; an array: DIM1+1 and DIM2+1 into bytes 4-7, then 6 bytes each
        INC RT_I
        BNE +
        INC RT_I+1
        BEQ _dimerr
*       INC RT_J
        BNE +
        INC RT_J+1
        BEQ _dimerr
*       LDY #7
        LDX #3
*       LDA RT_I,X
        STA (VVTPTR),Y
        DEY
        DEX
        BPL -
        LDA RT_J
        STA RT_T0
        LDA RT_J+1
        STA RT_T0+1
        JSR MUL_I_T0            ; RT_T2:VALPTR = elements
        LDA RT_T2
        ORA RT_T2+1
        BNE _dimerr
        JSR TIMES6              ; bytes
        BCC _allocate
_dimerr:
        JMP E_DIM
_string:
        LDA RT_I                ; the size: not 0
        ORA RT_I+1
        BEQ _dimerr
        LDY #4
        LDA #0
        STA (VVTPTR),Y          ; length 0
        INY
        STA (VVTPTR),Y
        INY
        LDA RT_I
        STA VALPTR
        STA (VVTPTR),Y          ; DIM
        INY
        LDA RT_I+1
        STA VALPTR+1
        STA (VVTPTR),Y
_allocate:
        ; offset = RUNSTK - STARP
        LDY #2
        SEC
        LDA RUNSTK
        SBC STARP
        STA (VVTPTR),Y
        INY
        LDA RUNSTK+1
        SBC STARP+1
        STA (VVTPTR),Y
        LDX #RUNSTK             ; (EXPAND keeps the runtime's zero page)
        LDA VALPTR
        LDY VALPTR+1
        JSR EXPAND
        LDY #0
        LDA (VVTPTR),Y
        ORA #1                  ; dimensioned
        STA (VVTPTR),Y
        JSR NEXT_TOKEN
        CMP #TOK_O_COMMA
        BNE +
        JMP X_DIM               ; another array (beyond a branch's reach)
*       RTS                     ; (EXECUTE goes on at NXTSTD)
.scend

; ---------------------------------------------------------------------------
; X_POKE - POKE address, byte
; ---------------------------------------------------------------------------
.scope
X_POKE:
        JSR EVAL_INT            ; the address, on the 6502 stack meanwhile
        PHA
        TXA
        PHA
        INC STINDEX             ; ","
        JSR EVAL_BYTE           ; A = X = the byte
        PLA
        STA RT_T0+1
        PLA
        STA RT_T0
        TXA
        LDY #0
        STA (RT_T0),Y
        RTS
.scend

; X_DEG / X_RAD - the unit of SIN, COS and ATN: RADFLG ($FB) 6 or 0
; (Mapping the Atari, location 251; $2C skips X_RAD's LDA)
; X_REM - REM and DATA: nothing to do at run time
; (BYE: the dispatch table goes straight to BLKBDV $E471, the XL's self
; test; CLR: straight to CLEAR_VARS)
.scope
X_DEG:
        LDA #6
        .byte $2C
X_RAD:
        LDA #0
        STA RADFLG
X_REM:
        RTS
.scend

; X_DOS - to DOS through DOSVEC ($0A)
.scope
X_DOS:
        JMP (DOSVEC)
.scend
