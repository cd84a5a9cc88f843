; ===========================================================================
; editor_test.s - a test cartridge: the editor side alone (tests only)
; ===========================================================================
; The editor (editor.s) with the least of a run-time side that lets the
; editor's own statements run, so the tests (tests/test_basic_editor.py)
; can check the editor while the whole BASIC does not fit into 8 KiB yet.
; EXECUTE runs only LIST, NEW, SAVE, LOAD, CSAVE, CLOAD and ENTER of the
; immediate line; their operands may only be constants; ERROR prints
; "ERROR-  n" and goes back to READY.  Not part of the product.
; ===========================================================================

.include "../os/equates.s"
.include "../os/fpentry.s"
.include "equates.s"

.alias VTYPE    $054B   ; (the runtime's is in its zero page)

.org $A000
.include "editor.s"
ED_END:

; ---------------------------------------------------------------------------
; EXECUTE - the editor's statements of the immediate line
; ---------------------------------------------------------------------------
.scope
EXECUTE:
        LDA #3
        STA NXTSTD
_stmt:  LDY NXTSTD
        LDA (STMCUR),Y
        STA ED_TMP2             ; the next statement
        INY
        LDA (STMCUR),Y
        INY
        STY STINDEX
        LDX #6
*       CMP _tokens,X
        BEQ _run
        DEX
        BPL -
        BMI _next
_run:   JSR _call
_next:  LDA ED_TMP2
        STA NXTSTD
        LDY #2
        CMP (STMCUR),Y
        BCC _stmt
        JMP READY
_call:  LDA _hi,X
        PHA
        LDA _lo,X
        PHA
        RTS
_tokens: .byte TOK_LIST, TOK_NEW, TOK_SAVE, TOK_LOAD, TOK_CSAVE, TOK_CLOAD, TOK_ENTER
_lo:    .byte <[X_LIST-1], <[X_NEW-1], <[X_SAVE-1], <[X_LOAD-1], <[X_CSAVE-1], <[X_CLOAD-1], <[X_ENTER-1]
_hi:    .byte >[X_LIST-1], >[X_NEW-1], >[X_SAVE-1], >[X_LOAD-1], >[X_CSAVE-1], >[X_CLOAD-1], >[X_ENTER-1]
.scend

; ERROR - "ERROR-  n", READY
.scope
ERROR:  PHA
        JSR STOP_ENTER
        LDA #0
        STA IODVC
        LDA #<_msg
        LDY #>_msg
        JSR PUTSTR
        PLA
        LDX #0
        JSR PUTINT
        JSR PUTEOL
        JMP READY
_msg:   .byte "ERROR-  ", 0
.scend

; EVAL_ANY - a numeric or a string constant at STINDEX: FR0 (a number or
; the string's address and length), VTYPE 0 or $80
.scope
EVAL_ANY:
        LDY STINDEX
        LDA (STMCUR),Y
        STA VTYPE               ; SCONST $0F: bit 7 clear, so:
        CMP #TOK_O_SCONST
        BNE _num
        LDA #$80
        STA VTYPE
        JMP EVAL_STR
_num:   LDA #0
        STA VTYPE
        JSR EVAL_INT
        JMP IFP
.scend

; FR0_TO_INT - FR0 -> A/X (error 3 if not 0-65535)
.scope
FR0_TO_INT:
        JSR FPI
        BCS _bad
        LDA FR0
        LDX FR0+1
        RTS
_bad:   LDA #3
        JMP ERROR
.scend

; EVAL_INT - a numeric constant at STINDEX -> A/X (error 3 otherwise)
.scope
EVAL_INT:
        LDY STINDEX
        LDA (STMCUR),Y
        CMP #TOK_O_NCONST
        BNE _bad
        LDX #0
*       INY
        LDA (STMCUR),Y
        STA FR0,X
        INX
        CPX #6
        BCC -
        INY
        STY STINDEX
        JSR FPI
        BCS _bad
        LDA FR0
        LDX FR0+1
        RTS
_bad:   LDA #3
        JMP ERROR
.scend

; EVAL_STR - a string constant at STINDEX -> FR0 address, FR0+2 length
.scope
EVAL_STR:
        LDY STINDEX
        LDA (STMCUR),Y
        CMP #TOK_O_SCONST
        BNE _bad
        INY
        LDA (STMCUR),Y
        STA FR0+2
        LDA #0
        STA FR0+3
        INY
        TYA
        CLC
        ADC STMCUR
        STA FR0
        LDA STMCUR+1
        ADC #0
        STA FR0+1
        TYA
        CLC
        ADC FR0+2
        STA STINDEX
        RTS
_bad:   LDA #3
        JMP ERROR
.scend

; CLEAR_VARS - no variables to clear; the run-time stack emptied (RUNSTK =
; BMEMTOP = STARP), as the runtime's does
CLEAR_VARS:
        LDA STARP
        STA RUNSTK
        STA BMEMTOP
        LDA STARP+1
        STA RUNSTK+1
        STA BMEMTOP+1
        RTS

; EVAL_STR_NAME - a string constant into ED_NAME (the runtime's does this
; for any string expression);  STR_NAME - the string in FR0
EVAL_STR_NAME:
        JSR EVAL_STR
STR_NAME:
        LDA FR0
        STA ED_PTR3
        LDA FR0+1
        STA ED_PTR3+1
        LDA FR0+2
        JMP SETNAME

.checkpc $BFFA
.advance $BFFA, $FF
        .word COLDSTART
        .byte 0, $05
        .word CARTINIT
