; ===========================================================================
; exec.s - the program executor: statement dispatch, program flow and the
; run-time line search (the runtime side of the free Atari BASIC)
; ===========================================================================
;
; A line in the statement table (The Atari BASIC Source Book, chapter 2;
; De Re Atari, chapter 10):
;     line number (2 bytes, low first), line length (1 byte),
;     then statements: offset of the next statement from the line start,
;     the statement token, operand tokens, and ":" ($14) or EOL ($16).
; The immediate line is stored as line 32768 after the program.
;
; Executing: STMCUR points at the line, LLNGTH holds its length, NXTSTD the
; offset of the next statement, STINDEX the next operand token.  Each
; statement's executor is called with JSR through STMT_TABLE (indexed by
; the statement token) and returns with RTS; a statement that changes the
; flow (GOTO, GOSUB, NEXT, ...) sets STMCUR, LLNGTH and NXTSTD itself.
; ===========================================================================

; ---------------------------------------------------------------------------
; EXECUTE - run the line at STMCUR and whatever follows (entered with JMP
; from the editor for each immediate line; ends with JMP READY)
; ---------------------------------------------------------------------------
.scope
EXECUTE:
        TSX
        STX RT_SP               ; ERROR with TRAP comes back to this depth
.scend

; NEW_LINE - run the line at STMCUR from its first statement
; EXEC_LOOP - execute statements from NXTSTD on
.scope
NEW_LINE:
        JSR SET_LINE
EXEC_LOOP:
        LDY NXTSTD
        CPY LLNGTH
        BCS _next_line
        LDA (STMCUR),Y          ; offset of the statement after this one
        STA NXTSTD
        INY
        LDA (STMCUR),Y          ; the statement token
        INY
        STY STINDEX
        LDX #0
        STX ARSLVL
        JSR _dispatch
        LDA BRKKEY              ; the OS clears BRKKEY when BREAK is pressed
        BNE EXEC_LOOP
        JMP BREAK_STOP

_next_line:
        LDY #1
        LDA (STMCUR),Y
        BMI _ready              ; the immediate line is done
        CLC
        LDA STMCUR
        ADC LLNGTH
        STA STMCUR
        BCC +
        INC STMCUR+1
*       LDA (STMCUR),Y          ; Y = 1: high byte of the next line number
        BPL NEW_LINE
        JMP X_END               ; the program ran into the immediate line
_ready: JMP READY

_dispatch:
        CMP #STMT_COUNT
        BCC +
        LDA #TOK_SYNERR         ; a line that failed the syntax check
*       ASL
        TAX
        LDA STMT_TABLE+1,X
        PHA
        LDA STMT_TABLE,X
        PHA
        RTS
.scend

; ---------------------------------------------------------------------------
; STMT_TABLE - executor of each statement token, minus one (for RTS)
; (statement token values: The Atari BASIC Source Book, Statement Name
; Table; the names and values are in tokens.s)
; ---------------------------------------------------------------------------
STMT_TABLE:
        .word X_REM-1           ; 0 REM
        .word X_REM-1           ; 1 DATA
        .word X_INPUT-1         ; 2 INPUT
        .word X_COLOR-1         ; 3 COLOR
        .word X_LIST-1          ; 4 LIST (editor)
        .word X_ENTER-1         ; 5 ENTER (editor)
        .word X_LET-1           ; 6 LET
        .word X_IF-1            ; 7 IF
        .word X_FOR-1           ; 8 FOR
        .word X_NEXT-1          ; 9 NEXT
        .word X_GOTO-1          ; 10 GOTO
        .word X_GOTO-1          ; 11 GO TO
        .word X_GOSUB-1         ; 12 GOSUB
        .word X_TRAP-1          ; 13 TRAP
        .word BLKBDV-1          ; 14 BYE: the XL's self test (X_BYE)
        .word X_CONT-1          ; 15 CONT
        .word X_DIM-1           ; 16 COM
        .word X_CLOSE-1         ; 17 CLOSE
        .word CLEAR_VARS-1      ; 18 CLR
        .word X_DEG-1           ; 19 DEG
        .word X_DIM-1           ; 20 DIM
        .word X_END-1           ; 21 END
        .word X_NEW-1           ; 22 NEW (editor)
        .word X_OPEN-1          ; 23 OPEN
        .word X_LOAD-1          ; 24 LOAD (editor)
        .word X_SAVE-1          ; 25 SAVE (editor)
        .word X_STATUS-1        ; 26 STATUS
        .word X_NOTE-1          ; 27 NOTE
        .word X_POINT-1         ; 28 POINT
        .word X_XIO-1           ; 29 XIO
        .word X_ON-1            ; 30 ON
        .word X_POKE-1          ; 31 POKE
        .word X_PRINT-1         ; 32 PRINT
        .word X_RAD-1           ; 33 RAD
        .word X_READ-1          ; 34 READ
        .word X_RESTORE-1       ; 35 RESTORE
        .word X_RETURN-1        ; 36 RETURN
        .word X_RUN-1           ; 37 RUN
        .word X_STOP-1          ; 38 STOP
        .word X_POP-1           ; 39 POP
        .word X_PRINT-1         ; 40 ?
        .word X_GET-1           ; 41 GET
        .word X_PUT-1           ; 42 PUT
        .word X_GRAPHICS-1      ; 43 GRAPHICS
        .word X_PLOT-1          ; 44 PLOT
        .word X_POSITION-1      ; 45 POSITION
        .word X_DOS-1           ; 46 DOS
        .word X_DRAWTO-1        ; 47 DRAWTO
        .word X_SETCOLOR-1      ; 48 SETCOLOR
        .word X_LOCATE-1        ; 49 LOCATE
        .word X_SOUND-1         ; 50 SOUND
        .word X_LPRINT-1        ; 51 LPRINT
        .word X_CSAVE-1         ; 52 CSAVE (editor)
        .word X_CLOAD-1         ; 53 CLOAD (editor)
        .word X_LET-1           ; 54 implied LET
        .word E_SYNTAX-1        ; 55 a line with a syntax error: error 17
.alias STMT_COUNT 56


; CURRENT_LINE - A = low, X = high byte of the current line's number
.scope
CURRENT_LINE:
        LDY #1
        LDA (STMCUR),Y
        TAX
        DEY
        LDA (STMCUR),Y
        RTS
.scend

; AT_END_OF_STMT - Z set when the token at STINDEX ends the statement
; (":" or EOL); A = that token
.scope
AT_END_OF_STMT:
        JSR PEEK_TOKEN
        CMP #TOK_O_EOS
        BEQ +
        CMP #TOK_O_EOL
*       RTS
.scend
