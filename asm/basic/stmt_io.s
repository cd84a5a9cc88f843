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
; EVAL_ARGS - A integer expressions, one separator token between two, into
; RT_ARGV (a word each)
; ---------------------------------------------------------------------------
.scope
EVAL_ARGS:
        ASL
        STA RT_ARGN             ; the end index
        LDA #0
_next:  PHA
        JSR EVAL_INT
        STA RT_T0
        PLA
        TAY
        LDA RT_T0
        STA RT_ARGV,Y
        TXA
        STA RT_ARGV+1,Y
        INY
        INY
        CPY RT_ARGN
        BCS +
        INC STINDEX             ; the separator
        TYA
        BCC _next
*       RTS
.scend

; SHARP_IOCB - "#n" and the separator after it: IODVC = n * 16, X = IODVC
.scope
SHARP_IOCB:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        INC STINDEX             ; "," or ";"
        TAX
        RTS
.scend

; ---------------------------------------------------------------------------
; X_OPEN - OPEN #n, aux1, aux2, filespec
; X_XIO  - XIO command, #n, aux1, aux2, filespec
; ---------------------------------------------------------------------------
.scope
X_OPEN:
        LDA #COPEN
        BNE XIO_CHANNEL
.scend
.scope
X_XIO:
        JSR EVAL_BYTE
        INC STINDEX             ; ","
        ; fall into XIO_CHANNEL
.scend
.scope
XIO_CHANNEL:
        PHA                     ; the command
        JSR SHARP_IOCB
        LDA #2
        JSR EVAL_ARGS           ; aux1, aux2
        INC STINDEX
        JSR EVAL_STR_NAME       ; the file specification into ED_NAME
        LDX IODVC
        LDA RT_ARGV
        STA ICAX1,X
        LDA RT_ARGV+2
        STA ICAX2,X
        LDA #<ED_NAME
        STA ICBAL,X
        LDA #>ED_NAME
        STA ICBAH,X
        PLA
        ; fall into IOCB_COMMAND
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

; EVAL_STR_NAME - a string expression into ED_NAME, ending in EOL (the
; editor's SETNAME: at most 39 characters), as CIO wants a file name
; STR_NAME - the same for the string already in FR0 (VAL uses it)
.scope
EVAL_STR_NAME:
        JSR EVAL_STR
        ; fall into STR_NAME
.scend
.scope
STR_NAME:
        LDA FR0
        STA ED_PTR3
        LDA FR0+1
        STA ED_PTR3+1
        LDA FR0+2
        LDX FR0+3
        BEQ +
        LDA #39
*       JMP SETNAME
.scend

; ---------------------------------------------------------------------------
; X_CLOSE - CLOSE #n
; ---------------------------------------------------------------------------
.scope
X_CLOSE:
        INC STINDEX             ; "#"
        JSR EVAL_IOCB
        LDA #CCLOSE
        BNE IOCB_COMMAND
.scend

; ---------------------------------------------------------------------------
; X_NOTE - NOTE #n, sector, byte: XIO 38, the sector from ICAX3/4, the
; byte from ICAX5
; X_POINT - POINT #n, sector, byte: ICAX3/4 and ICAX5, then XIO 37
; ---------------------------------------------------------------------------
.scope
X_NOTE:
        JSR SHARP_IOCB
        LDA #CIO_NOTE
        JSR CIO_CALL
        JSR VAR_TARGET
        LDX IODVC
        LDY ICAX3,X
        LDA ICAX4,X
        TAX
        TYA
        JSR STORE_INT_TGT
        INC STINDEX             ; ","
        JSR VAR_TARGET
        LDX IODVC
        LDA ICAX5,X
        JMP STORE_BYTE_TGT
.scend
.scope
X_POINT:
        JSR SHARP_IOCB
        LDA #2
        JSR EVAL_ARGS
        LDX IODVC
        LDA RT_ARGV
        STA ICAX3,X
        LDA RT_ARGV+1
        STA ICAX4,X
        LDA RT_ARGV+2
        STA ICAX5,X
        LDA #CIO_POINT
        BNE IOCB_COMMAND
.scend

; ---------------------------------------------------------------------------
; X_GET - GET #n, var: one byte
; X_STATUS - STATUS #n, var: the status CIO returns (not an error)
; ---------------------------------------------------------------------------
.scope
X_GET:
        JSR SHARP_IOCB
        JSR VAR_TARGET
        LDX IODVC
        JSR GET_BYTE
        JMP STORE_BYTE_TGT
.scend
.scope
X_STATUS:
        JSR SHARP_IOCB
        JSR VAR_TARGET
        LDX IODVC
        LDA #CSTATUS
        STA ICCOM,X
        JSR CIOV
        TYA
        JMP STORE_BYTE_TGT
.scend

; GET_BYTE - one byte from the IOCB X into A (CIO errors are BASIC errors)
.scope
GET_BYTE:
        LDA #CGETBYT
        ; fall into ONE_BYTE_IO
.scend

; ONE_BYTE_IO - CIO command A with length 0 (the byte in / out in A) on the
; IOCB X; the byte to put is in RT_T0
.scope
ONE_BYTE_IO:
        STA ICCOM,X
        LDA #0
        STA ICBLL,X
        STA ICBLH,X
        LDA RT_T0
        JSR CIOCALL
        LDY #0
        STY IODVC
        RTS
.scend

; VAR_TARGET - the numeric variable (or array element) at STINDEX: its
; value address into RT_TGT
; STORE_BYTE_TGT - the byte in A as a number into it; STORE_INT_TGT - the
; integer A (low) / X (high); STORE_TGT - FR0
.scope
VAR_TARGET:
        JSR NEXT_VAR
        JSR NUM_VAR_ADDR
        LDA VALPTR
        STA RT_TGT
        LDA VALPTR+1
        STA RT_TGT+1
        RTS
.scend
.scope
STORE_BYTE_TGT:
        LDX #0
STORE_INT_TGT:
        JSR NUMBER_RESULT_INT
        ; fall into STORE_TGT
.scend
.scope
STORE_TGT:
        LDA RT_TGT
        STA VALPTR
        LDA RT_TGT+1
        STA VALPTR+1
        JMP STORE_FR0
.scend

; ---------------------------------------------------------------------------
; X_PUT - PUT #n, byte
; ---------------------------------------------------------------------------
.scope
X_PUT:
        JSR SHARP_IOCB
        JSR EVAL_BYTE
        STA RT_T0
        LDX IODVC
        LDA #CPUTBYT
        BNE ONE_BYTE_IO
.scend

; ---------------------------------------------------------------------------
; X_INPUT - INPUT [#n {,|;}] var {, var}: a line is read into LBUFF (with a
; "?" prompt on the screen); its elements are separated by commas, a string
; takes the rest of the line.  When the line runs out before the variables
; another line is read.  Error 8 for a number that does not parse.
; ---------------------------------------------------------------------------
.scope
X_INPUT:
        LDA #0
        STA IODVC
        JSR PEEK_TOKEN
        CMP #TOK_O_SHARP
        BNE +
        JSR SHARP_IOCB
*       LDA IODVC
        STA RT_INIOCB
        LDA #EOL                ; a string takes the whole rest of the line
        STA RT_STOPCH
_line:  JSR INPUT_LINE
_var:   JSR READ_ITEM
        JSR NEXT_TOKEN
        CMP #TOK_O_COMMA
        BNE _done
        LDY CIX                 ; another variable: a new line if this one ran out
        LDA (INBUFF),Y
        CMP #EOL
        BNE _var
        BEQ _line
_done:  LDA #0
        STA IODVC
        RTS
.scend

; INPUT_LINE - "?" on the screen (when reading from IOCB 0), then a line
; from the IOCB RT_INIOCB into LBUFF; INBUFF = LBUFF, CIX = 0
.scope
INPUT_LINE:
        LDA RT_INIOCB
        BNE _read
        STA IODVC
        LDA #'?
        JSR PUT_CHAR
_read:  LDX RT_INIOCB
        JSR GETLINE
        BPL +
        JMP IOERROR             ; (the CIO status in Y)
*       LDA #0
        STA COX
        RTS
.scend

; ---------------------------------------------------------------------------
; READ_ITEM - the element of text at (INBUFF)+CIX into the variable named at
; STINDEX (a plain numeric or string variable: Rev. C's variable-list rule).  A number is read by AFP and must end at "," or EOL (error 8);
; a string runs to RT_STOPCH ("," for READ, EOL for INPUT) or the EOL.
; CIX ends past the element and its comma.
; ---------------------------------------------------------------------------
.scope
READ_ITEM:
        JSR NEXT_VAR
        BMI _string
        JSR NUM_VAR_ADDR        ; (a plain variable: the syntax allows no
        JSR AFP                 ; array element here, so CIX stays)
        BCS _bad
        JSR STORE_FR0
        JMP _end
_string:
        JSR STRING_WHOLE        ; FR0 = address, length, DIM (error 9)
        LDY CIX
        LDX #0
*       LDA (INBUFF),Y
        CMP #EOL
        BEQ +
        CMP RT_STOPCH
        BEQ +
        INY
        INX
        BNE -
*       STX FR1+2               ; FR1 = the text: address, length
        CLC
        LDA INBUFF
        ADC CIX
        STA FR1
        LDA INBUFF+1
        ADC #0
        STA FR1+1
        STY CIX
        LDA FR0+4               ; the whole string variable = that text
        STA FR0+2               ; (at most its DIM): room = DIM
        LDA FR0+5
        STA FR0+3
        LDA #0                  ; I - 1 = 0
        STA FR0+4
        STA FR0+5
        STA FR1+3
        STA RT_JSET             ; mode 0
        JSR STRING_STORE
_end:   LDY CIX
        LDA (INBUFF),Y
        CMP #EOL
        BEQ +
        CMP #$2C                ; ","
        BNE _bad
        INC CIX
*       RTS
_bad:   JMP E_INPUT
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
        LDA #$2C                ; a string element ends at a comma
        STA RT_STOPCH
_var:   JSR FIND_DATUM          ; INBUFF/CIX at the element
        JSR READ_ITEM
        INC DATAD
        JSR NEXT_TOKEN
        CMP #TOK_O_COMMA
        BEQ _var
        RTS                     ; (EXECUTE goes on at NXTSTD)
.scend

; FIND_DATUM - INBUFF/CIX = element DATAD of the DATA in line DATALN or
; the lines after it (DATALN/DATAD move on past lines that have run out).
; RT_T0 = the statement's start, RT_T0+1 = the elements still to skip.
.scope
FIND_DATUM:
        LDA DATALN
        LDX DATALN+1
        JSR FIND_LINE           ; LINEPTR = that line or the next
_line:  LDY #1
        LDA (LINEPTR),Y
        BMI _nodata
        STA DATALN+1
        DEY
        LDA (LINEPTR),Y
        STA DATALN
        LDA LINEPTR            ; the elements are read from the line itself
        STA INBUFF
        LDA LINEPTR+1
        STA INBUFF+1
        LDA DATAD
        STA RT_T0+1             ; elements to skip
        LDY #3
_stmt:  STY RT_T0               ; the statement's start
        TYA
        LDY #2
        CMP (INBUFF),Y          ; past the line's end?
        BCS _next_line
        LDY RT_T0
        INY
        LDA (INBUFF),Y
        CMP #TOK_DATA
        BEQ _data
_skip:  LDY RT_T0
        LDA (INBUFF),Y          ; the next statement
        TAY
        BNE _stmt
_data:  INY                     ; the first character
_elem:  STY CIX
        LDA RT_T0+1
        BEQ _found
        DEC RT_T0+1
*       LDA (INBUFF),Y          ; skip one element: past its comma
        CMP #EOL
        BEQ _skip
        INY
        CMP #$2C
        BNE -
        BEQ _elem
_found: RTS
_next_line:
        JSR NEXTLINE
        LDA #0
        STA DATAD
        BEQ _line
_nodata:
        JMP E_NODATA
.scend

; ---------------------------------------------------------------------------
; X_RESTORE - RESTORE [line]: READ starts again at that line (or the first)
; RESTORE_START - READ starts again at the first line (returns A = X = 0)
; RESTORE_AX - READ starts again at line A (low) / X (high)
; ---------------------------------------------------------------------------
.scope
RESTORE_START:
        LDA #0
        TAX
        BEQ RESTORE_AX
X_RESTORE:
        JSR AT_END_OF_STMT
        BEQ RESTORE_START
        JSR EVAL_INT
RESTORE_AX:
        STA DATALN
        STX DATALN+1
        LDA #0
        STA DATAD
        RTS
.scend
