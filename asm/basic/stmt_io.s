; ===========================================================================
; stmt_io.s - input/output statements: OPEN, CLOSE, GET, PUT, STATUS, NOTE,
; POINT, XIO, INPUT, READ, RESTORE
; ===========================================================================
;
; Everything goes through CIO (CIOV $E456) with the IOCB named by "#n"
; (Atari BASIC Reference Manual, chapter 5 "Input/output commands"; Atari OS
; User's Manual, CIO).  A failed call stops with its CIO status as the
; error number (128-255).
; ===========================================================================

.alias CIO_NOTE  38
.alias CIO_POINT 37

; ---------------------------------------------------------------------------
; X_OPEN - OPEN #n, aux1, aux2, filespec
; X_XIO  - XIO command, #n, aux1, aux2, filespec
; ---------------------------------------------------------------------------
.scope
X_OPEN:
        LDA #COPEN
        PHA
        JMP XIO_CHANNEL
.scend
.scope
X_XIO:
        JSR EVAL_BYTE
        PHA
        INC STINDEX             ; ","
        ; fall into XIO_CHANNEL
.scend
.scope
XIO_CHANNEL:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        INC STINDEX
        JSR EVAL_BYTE
        PHA                     ; aux1
        INC STINDEX
        JSR EVAL_BYTE
        PHA                     ; aux2
        INC STINDEX
        JSR EVAL_STR
        JSR FILESPEC_TO_LBUFF
        LDX IODVC
        PLA
        STA ICAX2,X
        PLA
        STA ICAX1,X
        LDA #<LBUFF
        STA ICBAL,X
        LDA #>LBUFF
        STA ICBAH,X
        PLA
        JSR CIO_CALL
        LDA #0
        STA IODVC
        RTS
.scend

; FILESPEC_TO_LBUFF - the string in FR0 (at most 127 characters) to LBUFF,
; followed by an EOL, as CIO wants a device/file name
.scope
FILESPEC_TO_LBUFF:
        LDY FR0+3
        BEQ +
        LDA #127
        STA FR0+2
*       LDY #0
*       CPY FR0+2
        BEQ +
        CPY #127
        BEQ +
        LDA (FR0),Y
        STA LBUFF,Y
        INY
        BNE -
*       LDA #EOL
        STA LBUFF,Y
        RTS
.scend

; ---------------------------------------------------------------------------
; X_CLOSE - CLOSE #n
; ---------------------------------------------------------------------------
.scope
X_CLOSE:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        LDA #CCLOSE
        JMP IOCB_COMMAND
.scend

; IOCB_COMMAND - command A on the IOCB in IODVC, IODVC back to 0
.scope
IOCB_COMMAND:
        LDX IODVC
        JSR CIO_CALL
        LDX #0
        STX IODVC
        RTS
.scend

; ---------------------------------------------------------------------------
; X_GET - GET #n, var: one byte
; ---------------------------------------------------------------------------
.scope
X_GET:
        JSR CHANNEL_AND_VAR     ; IODVC, VALPTR (pushed)
        LDX IODVC
        LDA #CGETBYT
        STA ICCOM,X
        LDA #0
        STA ICBLL,X
        STA ICBLH,X
        JSR CIOV
        CPY #128
        BCC +
        TYA
        JMP ERROR
*       JMP STORE_BYTE_VAR
.scend

; CHANNEL_AND_VAR - "#n, var": IODVC = n*16, then the variable's value
; address, which is left on the 6502 stack (under the return address)
.scope
CHANNEL_AND_VAR:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        INC STINDEX             ; "," or ";"
        ; fall into VAR_TARGET_PUSH
.scend

; VAR_TARGET_PUSH - the numeric variable (or element) at STINDEX: its
; value address is pushed on the 6502 stack for STORE_BYTE_VAR/STORE_VAR
.scope
VAR_TARGET_PUSH:
        LDA IODVC
        PHA
        JSR NEXT_TOKEN
        JSR VAR_ENTRY
        JSR NUM_VAR_ADDR
        PLA
        STA IODVC
        PLA                     ; our return address
        TAX
        PLA
        TAY
        LDA VALPTR
        PHA
        LDA VALPTR+1
        PHA
        TYA
        PHA
        TXA
        PHA
        RTS
.scend

; STORE_BYTE_VAR - the byte in A as a number into the variable pushed by
; VAR_TARGET_PUSH (jump here with that address on top of the stack)
.scope
STORE_BYTE_VAR:
        STA FR0
        LDA #0
        STA FR0+1
        JSR IFP
        ; fall into STORE_VAR
.scend
.scope
STORE_VAR:
        PLA
        STA VALPTR+1
        PLA
        STA VALPTR
        LDA #0
        STA IODVC
        JMP STORE_FR0
.scend

; ---------------------------------------------------------------------------
; X_PUT - PUT #n, byte
; ---------------------------------------------------------------------------
.scope
X_PUT:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        LDA IODVC
        PHA
        INC STINDEX             ; ","
        JSR EVAL_BYTE
        TAY
        PLA
        STA IODVC
        TAX
        LDA #CPUTBYT
        STA ICCOM,X
        LDA #0
        STA ICBLL,X
        STA ICBLH,X
        TYA
        JSR CIOV
        TYA
        BPL +
        JMP ERROR
*       LDA #0
        STA IODVC
        RTS
.scend

; ---------------------------------------------------------------------------
; X_STATUS - STATUS #n, var: the status CIO returns (not an error)
; ---------------------------------------------------------------------------
.scope
X_STATUS:
        JSR CHANNEL_AND_VAR
        LDX IODVC
        LDA #CSTATUS
        STA ICCOM,X
        JSR CIOV
        TYA
        JMP STORE_BYTE_VAR
.scend

; ---------------------------------------------------------------------------
; X_NOTE - NOTE #n, sector, byte: XIO 38, the sector from ICAX3/4, the
; byte from ICAX5
; ---------------------------------------------------------------------------
.scope
X_NOTE:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        LDA #CIO_NOTE
        LDX IODVC
        JSR CIO_CALL
        INC STINDEX             ; ","
        JSR VAR_TARGET_PUSH
        LDX IODVC
        LDA ICAX3,X
        STA FR0
        LDA ICAX4,X
        STA FR0+1
        JSR IFP
        JSR STORE_VAR_KEEP
        INC STINDEX             ; ","
        JSR VAR_TARGET_PUSH
        LDX IODVC
        LDA ICAX5,X
        JMP STORE_BYTE_VAR
.scend

; STORE_VAR_KEEP - STORE_VAR for a caller that goes on with the same IOCB
.scope
STORE_VAR_KEEP:
        PLA                     ; our return address
        TAX
        PLA
        TAY
        PLA
        STA VALPTR+1
        PLA
        STA VALPTR
        TYA
        PHA
        TXA
        PHA
        JMP STORE_FR0
.scend

; ---------------------------------------------------------------------------
; X_POINT - POINT #n, sector, byte: ICAX3/4 and ICAX5, then XIO 37
; ---------------------------------------------------------------------------
.scope
X_POINT:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        LDA IODVC
        PHA
        INC STINDEX
        JSR EVAL_INT
        PHA
        TXA
        PHA
        INC STINDEX
        JSR EVAL_BYTE
        TAY
        PLA
        STA RT_T0+1
        PLA
        STA RT_T0
        PLA
        STA IODVC
        TAX
        TYA
        STA ICAX5,X
        LDA RT_T0
        STA ICAX3,X
        LDA RT_T0+1
        STA ICAX4,X
        LDA #CIO_POINT
        JMP IOCB_COMMAND
.scend

; ---------------------------------------------------------------------------
; X_INPUT - INPUT [#n {,|;}] var {, var}: a line is read into LBUFF (with a
; "?" prompt on the screen); numbers are separated by commas, a string
; takes the rest of the line.  When the line runs out before the variables
; another line is read.  Error 8 for a number that does not parse.
; ---------------------------------------------------------------------------
.scope
X_INPUT:
        LDA #0
        STA IODVC
        JSR PEEK_TOKEN
        CMP #TOK_O_SHARP
        BNE _start
        INC STINDEX
        JSR EVAL_IOCB
        INC STINDEX             ; "," or ";"
_start: LDA IODVC
        STA RT_INIOCB
        JSR INPUT_LINE
_var:   LDA RT_INIOCB
        STA IODVC
        JSR NEXT_TOKEN
        JSR VAR_ENTRY
        LDY #0
        LDA (VVTPTR),Y
        BMI _string
        JSR NUM_VAR_ADDR
        LDA VALPTR
        PHA
        LDA VALPTR+1
        PHA
        LDA CIX
        PHA
        JSR INPUT_NUMBER        ; FR0, error 8
        PLA
        PLA
        STA VALPTR+1
        PLA
        STA VALPTR
        JSR STORE_FR0
        JMP _after
_string:
        JSR INPUT_STRING
_after: JSR NEXT_TOKEN
        CMP #TOK_O_COMMA
        BNE _done
        ; another variable: the line must still have something
        LDY CIX
        LDA LBUFF,Y
        CMP #EOL
        BNE _var
        JSR INPUT_LINE
        JMP _var
_done:  DEC STINDEX
        LDA #0
        STA IODVC
        RTS
.scend

; INPUT_LINE - "?" on the screen (when reading from IOCB 0), then a line
; from the IOCB RT_INIOCB into LBUFF; CIX = 0
.scope
INPUT_LINE:
        LDA RT_INIOCB
        BNE _read
        STA IODVC
        LDA #'?
        JSR PUT_CHAR
_read:  LDX RT_INIOCB
        JSR GETLINE             ; LBUFF, INBUFF = LBUFF, CIX = 0
        BPL +
        TYA
        JMP ERROR
*       LDA #0
        STA COX
        RTS
.scend

; INPUT_NUMBER - a number at LBUFF+CIX into FR0; CIX past it and past the
; comma after it.  Error 8 if there is no number or it is not followed by
; a comma or the end of the line.
.scope
INPUT_NUMBER:
        JSR AFP
        BCS _e_input
        LDY CIX
        LDA (INBUFF),Y
        CMP #EOL
        BEQ _ok
        CMP #$2C
        BNE _e_input
        INC CIX
_ok:    RTS
_e_input:JMP E_INPUT
.scend

; INPUT_STRING - the rest of the line at LBUFF+CIX into the string
; variable at VVTPTR (as LET would assign it); CIX then points at the EOL
.scope
INPUT_STRING:
        LDY CIX
        LDX #0
*       LDA (INBUFF),Y
        CMP #EOL
        BEQ +
        INY
        INX
        BNE -
*       STY RT_T3               ; where the EOL is
        TXA
        PHA                     ; the length
        LDA CIX
        CLC
        ADC INBUFF
        PHA
        LDA INBUFF+1
        ADC #0
        PHA
        LDA RT_T3
        STA CIX
        PLA
        STA RT_T3+1
        PLA
        STA RT_T3
        PLA
        STA RT_N
        JMP ASSIGN_TEXT
.scend

; ASSIGN_TEXT - the whole string variable at VVTPTR = RT_N characters at
; RT_T3 (at most its DIM; error 9 if not dimensioned)
.scope
ASSIGN_TEXT:
        JSR STRING_WHOLE        ; FR0 = address, length, DIM
        LDA FR0
        STA FR1
        LDA FR0+1
        STA FR1+1
        LDA RT_T3
        STA FR0
        LDA RT_T3+1
        STA FR0+1
        LDA RT_N
        STA FR0+2
        LDA #0
        STA FR0+3
        ; count = min(n, DIM)
        LDA FR0+5
        BNE _fits
        LDA FR0+4
        CMP RT_N
        BCS _fits
        STA FR0+2
_fits:  JSR COPY_FR0_TO_FR1
        LDY #4
        LDA FR0+2
        STA (VVTPTR),Y
        INY
        LDA #0
        STA (VVTPTR),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; X_READ - READ var {, var}: the next elements of the DATA statements
; DATALN ($B7) is the line and DATAD ($B6) the number of elements already
; read in it (Mapping the Atari, locations 182-184).  Elements are the
; text between commas; a number must parse completely (error 8), a string
; takes the text as it stands.  Error 6 when the DATA run out.
; ---------------------------------------------------------------------------
.scope
X_READ:
        JSR FIND_DATUM          ; INBUFF/CIX at the element
        JSR NEXT_TOKEN
        JSR VAR_ENTRY
        LDY #0
        LDA (VVTPTR),Y
        BMI _string
        LDA CIX
        PHA
        JSR NUM_VAR_ADDR        ; (subscripts may use INBUFF? no: AFP only)
        PLA
        STA CIX
        JSR AFP
        BCS _e_input
        LDY CIX
        LDA (INBUFF),Y
        CMP #$2C
        BEQ _num_ok
        CMP #EOL
        BNE _e_input
_num_ok:
        JSR STORE_FR0
        JMP _next
_string:
        ; the element runs to the next comma or the EOL
        LDY CIX
        LDX #0
*       LDA (INBUFF),Y
        CMP #$2C
        BEQ +
        CMP #EOL
        BEQ +
        INY
        INX
        BNE -
*       STX RT_N
        CLC
        LDA INBUFF
        ADC CIX
        STA RT_T3
        LDA INBUFF+1
        ADC #0
        STA RT_T3+1
        JSR ASSIGN_TEXT
_next:  INC DATAD
        JSR NEXT_TOKEN
        CMP #TOK_O_COMMA
        BEQ X_READ
        DEC STINDEX
        RTS
_e_input:JMP E_INPUT
.scend

; FIND_DATUM - INBUFF/CIX = element DATAD of the DATA in line DATALN or
; the lines after it (DATALN/DATAD move on past lines that have run out)
.scope
FIND_DATUM:
        LDA STMCUR
        PHA
        LDA STMCUR+1
        PHA
        LDA DATALN
        STA TSLNUM
        LDA DATALN+1
        STA TSLNUM+1
        LDA STMTAB              ; search from the top
        STA STMCUR
        LDA STMTAB+1
        STA STMCUR+1
        JSR FIND_RUN_LINE       ; RT_LINEP = that line or the next
        PLA
        STA STMCUR+1
        PLA
        STA STMCUR
_line:  LDY #1
        LDA (RT_LINEP),Y
        BMI _e_nodata
        STA DATALN+1
        DEY
        LDA (RT_LINEP),Y
        STA DATALN
        ; the DATA statements of this line, element by element
        LDA DATAD
        STA RT_N                ; elements to skip
        LDY #3
_stmt:  STY RT_T3               ; the statement's start
        LDY #2
        LDA RT_T3
        CMP (RT_LINEP),Y
        BCS _next_line
        LDY RT_T3
        INY
        LDA (RT_LINEP),Y
        CMP #TOK_DATA
        BEQ _data
_skip:  LDY RT_T3
        LDA (RT_LINEP),Y         ; the next statement
        TAY
        JMP _stmt
_data:  INY                     ; the first character
        STY CIX
        LDA RT_LINEP
        STA INBUFF
        LDA RT_LINEP+1
        STA INBUFF+1
_elem:  LDA RT_N
        BEQ _found
        ; skip one element: to after the next comma, or the end
        LDY CIX
*       LDA (INBUFF),Y
        CMP #EOL
        BEQ _skip
        INY
        CMP #$2C
        BNE -
        STY CIX
        DEC RT_N
        JMP _elem
_found: RTS
_next_line:
        LDY #2
        LDA (RT_LINEP),Y
        CLC
        ADC RT_LINEP
        STA RT_LINEP
        BCC +
        INC RT_LINEP+1
*       LDA #0
        STA DATAD
        JMP _line
_e_nodata:JMP E_NODATA
.scend

; ---------------------------------------------------------------------------
; X_RESTORE - RESTORE [line]: READ starts again at that line (or the first)
; ---------------------------------------------------------------------------
.scope
X_RESTORE:
        JSR AT_END_OF_STMT
        BEQ RESTORE_START
        JSR EVAL_INT
        STA DATALN
        STX DATALN+1
        LDA #0
        STA DATAD
        RTS
.scend
.scope
RESTORE_START:
        LDA #0
        STA DATALN
        STA DATALN+1
        STA DATAD
        RTS
.scend
