; ===========================================================================
; errors.s - run-time errors, TRAP, STOP and BREAK
; ===========================================================================
;
; Error numbers (Atari BASIC Reference Manual, Appendix B "Error messages"):
;   2 insufficient memory        3 value error            4 too many variables
;   5 string length error        6 out of data            7 number > 32767
;   8 input statement error      9 array or string DIM error
;  10 argument stack overflow   11 floating point overflow/underflow
;  12 line not found            13 no matching FOR       14 line too long
;  15 GOSUB or FOR line deleted 16 RETURN error           17 garbage
;  18 invalid string character  19 LOAD program too long 20 device number
;  21 LOAD file error          128-255: the CIO status of a failed I/O call
;
; The message is "ERROR-  n AT LINE l" ("ERROR-  n" for an immediate line),
; STOP and BREAK print "STOPPED AT LINE l".  The line is the one at STMCUR,
; also for an error the tokenizer raises (4, 14) while STMCUR still points
; at the line stored, run or failed last, as Rev. C reports it (its ERROR
; and STOP take the line at STMCUR, SYNTAX moves STMCUR only to store a
; line: "The Atari BASIC Source Book").  ERRSAVE ($C3) keeps the error
; number and STOPLN ($BA) the line, for PEEK and for CONT.  With a TRAP line
; set (TRAPLN < 32768) an error jumps there instead and TRAP is switched
; off (Atari BASIC Reference Manual, TRAP).
; ===========================================================================

.alias ERR_MEMORY   2
.alias ERR_VALUE    3
.alias ERR_STRLEN   5
.alias ERR_NODATA   6
.alias ERR_32767    7
.alias ERR_INPUT    8
.alias ERR_DIM      9
.alias ERR_ARGSTK   10
.alias ERR_FPOVF    11
.alias ERR_NOLINE   12
.alias ERR_NOFOR    13
.alias ERR_DELETED  15
.alias ERR_RETURN   16
.alias ERR_SYNTAX   17
.alias ERR_BADCHAR  18
.alias ERR_DEVICE   20

; ---------------------------------------------------------------------------
; E_VALUE ... E_DEVICE - jump here for that error (each loads its number;
; the BIT absolute opcode $2C skips the next entry's LDA)
; ---------------------------------------------------------------------------
E_VALUE:    LDA #ERR_VALUE
        .byte $2C
E_STRLEN:   LDA #ERR_STRLEN
        .byte $2C
E_NODATA:   LDA #ERR_NODATA
        .byte $2C
E_INPUT:    LDA #ERR_INPUT
        .byte $2C
E_DIM:      LDA #ERR_DIM
        .byte $2C
E_ARGSTK:   LDA #ERR_ARGSTK
        .byte $2C
E_FPOVF:    LDA #ERR_FPOVF
        .byte $2C
E_NOLINE:   LDA #ERR_NOLINE
        .byte $2C
E_NOFOR:    LDA #ERR_NOFOR
        .byte $2C
E_DELETED:  LDA #ERR_DELETED
        .byte $2C
E_RETURN:   LDA #ERR_RETURN
        .byte $2C
E_SYNTAX:   LDA #ERR_SYNTAX
        .byte $2C
E_BADCHAR:  LDA #ERR_BADCHAR
        .byte $2C
E_DEVICE:   LDA #ERR_DEVICE
        ; fall into ERROR

; ---------------------------------------------------------------------------
; ERROR - error number in A (never returns)
; ---------------------------------------------------------------------------
.scope
ERROR:
        STA ERRSAVE
        JSR SET_STOPLN
        LDA TRAPLN+1
        BMI _message
        ; TRAP: go to the trap line, TRAP off
        LDX RT_SP
        TXS
        LDX #0
        STX IODVC
        TAX                     ; the line, high
        LDA #$80
        STA TRAPLN+1
        LDA TRAPLN
        JSR GOTO_AX             ; error 12 now reports without TRAP
        JMP EXEC_LOOP
_message:
        JSR MSG_START
        LDA #<MSG_ERROR
        LDY #>MSG_ERROR
        JSR PUTSTR
        LDA ERRSAVE
        LDX #0
        JSR PUT_INT
        JMP MSG_AT_LINE
.scend

; ---------------------------------------------------------------------------
; BREAK_STOP - the BREAK key was pressed between two statements
; X_STOP - the STOP statement
; Both print "STOPPED AT LINE l" and return to READY; CONT goes on with
; the line after it.
; ---------------------------------------------------------------------------
.scope
BREAK_STOP:
        LDA #$FF
        STA BRKKEY
        ; fall into X_STOP
.scend
.scope
X_STOP:
        JSR SET_STOPLN
        JSR MSG_START
        LDA #<MSG_STOPPED
        LDY #>MSG_STOPPED
        JSR PUTSTR
        ; fall into MSG_AT_LINE
.scend

; MSG_AT_LINE - " AT LINE l" unless STOPLN is the immediate line, EOL,
; then READY
.scope
MSG_AT_LINE:
        LDA STOPLN+1
        BMI _eol
        LDA #<MSG_ATLINE
        LDY #>MSG_ATLINE
        JSR PUTSTR
        LDA STOPLN
        LDX STOPLN+1
        JSR PUT_INT
_eol:   JSR PUT_EOL
        JMP READY
.scend

; SET_STOPLN - STOPLN = the current line's number
.scope
SET_STOPLN:
        JSR CURRENT_LINE
        STA STOPLN
        STX STOPLN+1
        RTS
.scend

; MSG_START - messages go to the screen (IOCB 0), on a fresh line
.scope
MSG_START:
        JSR STOP_ENTER          ; editor: an ENTER in progress stops
        LDA #0
        STA IODVC
        LDA COX
        BEQ +
        JSR PUT_EOL
*       RTS
.scend

; X_SYNERR - statements not in this cartridge (the editor's stand-ins): error 17
.alias X_SYNERR E_SYNTAX

; ---------------------------------------------------------------------------
; X_TRAP - TRAP line: the line to go to on the next error (32768 and up
; switch TRAP off)
; ---------------------------------------------------------------------------
.scope
X_TRAP:
        JSR EVAL_INT
        STA TRAPLN
        STX TRAPLN+1
        RTS
.scend

; the messages, for the editor's PUTSTR (zero-terminated; they end in an
; EOL, which sets COX back to 0, so PUTSTR need not count their columns)
MSG_ERROR:      .byte "ERROR-  ", 0
MSG_STOPPED:    .byte "STOPPED", 0
MSG_ATLINE:     .byte " AT LINE ", 0
