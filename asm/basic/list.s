; ===========================================================================
; list.s - LIST: turning tokenized lines back into text
; ===========================================================================
;
; LIST prints each line as Atari BASIC does ("The Atari BASIC Source Book",
; chapter 7, LIST; Atari BASIC Reference Manual, LIST): the line number
; and a blank, then each statement's name and a blank (nothing for the
; implied LET), the operands with no blanks between them except around the
; operators that are words (GOTO GOSUB TO STEP THEN NOT OR AND), numbers as
; the math pack's FASC writes them, strings in quotes, ":" between
; statements.  REM, DATA and ERROR- print the rest of their text as typed.
; ===========================================================================

; ---------------------------------------------------------------------------
; X_LIST - the LIST statement: LIST [file,] [first [,last]]
; STINDEX is on the first operand.  A file is opened on IOCB 7 for writing,
; listed to and closed.  Without a last line only the first is listed.
; ---------------------------------------------------------------------------
.scope
X_LIST: LDA #0                  ; to E:
        STA IODVC
        JSR AT_END_OF_STMT      ; no operands: ":" or EOL
        BEQ _all
        JSR EVAL_ANY
        BIT VTYPE
        BPL _number
        JSR STR_NAME            ; a file, opened for writing on IOCB 7
        LDX #0
        LDA #8
        JSR OPEN7
        STX IODVC               ; (X = $70)
        JSR SKIPCOMMA
        BCS _all
        JSR EVAL_ANY            ; (a number: the tokenizer saw to that)
_number:
        JSR FR0_TO_INT
        STA ED_LISTHI           ; the first line (and the last, unless a
        STX ED_LISTHI+1         ; second number follows)
        JSR FIND_LINE
        JSR SKIPCOMMA
        BCS _line
        JSR EVAL_INT
_last:  STA ED_LISTHI
        STX ED_LISTHI+1
_line:  LDY #0                  ; past the last line asked for?
        LDA ED_LISTHI
        CMP (LINEPTR),Y
        INY
        LDA ED_LISTHI+1
        SBC (LINEPTR),Y
        BCC _done
        LDA (LINEPTR),Y         ; the immediate line: the end
        BMI _done
        LDA BRKKEY              ; BREAK stops the listing
        BEQ _done
        JSR LISTLINE
        JSR NEXTLINE
        JMP _line
_done:  LDX IODVC
        BEQ _screen
        LDA #0                  ; E: again, IOCB 7 (X) closed (an
        STA IODVC               ; error closing it -> ERROR)
        JMP CLOSECHECK
_screen:
        RTS
_all:   LDA #0                  ; from the first line to 32767
        TAX
        JSR FIND_LINE
        LDA #<MAXLINE
        LDX #>MAXLINE
        BNE _last
.scend

; (SKIPCOMMA is in editor_late.s)

; ---------------------------------------------------------------------------
; LISTLINE - print the line at LINEPTR (and an EOL) to the IOCB in IODVC
; The immediate line (32768) is printed without its number.
; ---------------------------------------------------------------------------
.scope
LISTLINE:
        LDY #1
        LDA (LINEPTR),Y
        BMI _body
        TAX
        DEY
        LDA (LINEPTR),Y
        JSR PUTINT
        JSR PUTBLANK
_body:  LDY #2
        LDA (LINEPTR),Y
        STA ED_LLEN
        INY
        STY ED_LIDX
_stmt:  LDY ED_LIDX
        CPY ED_LLEN
        BCC +
_eol:   JMP PUTEOL
*       JSR NEXTBYTE            ; the offset of the next statement
        STA ED_LNEXT
        JSR NEXTBYTE            ; the statement token
        CMP #TOK_ILET
        BEQ _ops
        PHA
        JSR PUTSTMTNAME         ; the name and a blank
        JSR PUTBLANK
        PLA
        CMP #TOK_DATA+1
        BCC _raw
        CMP #TOK_SYNERR
        BEQ _raw
_ops:   LDY ED_LIDX
        CPY ED_LNEXT
        BCS _stmt
        JSR _operand
        JMP _ops
_raw:   JSR NEXTBYTE            ; REM, DATA, ERROR-: the text as typed
        CMP #EOL
        BEQ _eol
        JSR PUTC
        JMP _raw
_operand:                       ; one operand token and what it holds
        JSR NEXTBYTE
        BMI _var                ; $80 and up: a variable
        CMP #TOK_O_NCONST
        BEQ _num
        CMP #TOK_O_SCONST
        BEQ _str
        JMP PUTOP
_var:   AND #$7F
        JMP PUTVARNAME
_num:   LDX #0
*       JSR NEXTBYTE
        STA FR0,X
        INX
        CPX #6
        BCC -
        JMP PUTFR0
_str:   JSR _quote
        JSR NEXTBYTE
        TAX
        BEQ _quote
*       JSR NEXTBYTE
        JSR PUTC
        DEX
        BNE -
_quote: LDA #CH_QUOTE
        JMP PUTC
.scend

; NEXTBYTE - A = the byte at LINEPTR + ED_LIDX (N and Z by it), ED_LIDX + 1
; (X kept)
.scope
NEXTBYTE:
        LDY ED_LIDX
        INC ED_LIDX
        LDA (LINEPTR),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; PUTOP - print operator token A; the word operators with a blank before
; and after (GOTO GOSUB TO STEP THEN, NOT OR AND)
; ---------------------------------------------------------------------------
.scope
PUTOP:  PHA
        JSR OPNAME
        PLA
        CMP #TOK_O_ON_GOTO
        BCC _plain
        CMP #TOK_O_THEN+1
        BCC _word
        CMP #TOK_O_NOT
        BCC _plain
        CMP #TOK_O_AND+1
        BCC _word
_plain: JMP PUTNAME
_word:  JSR PUTBLANK
        JSR PUTNAME
.scend
; PUTBLANK - print a blank
.scope
PUTBLANK:
        LDA #CH_BLANK
        JMP PUTC
.scend

; PUTSTMTNAME - print the name of statement token A
; PUTVARNAME - print the name of variable A (its name table entry)
.scope
PUTSTMTNAME:
        LDX #<STMTNAMES
        LDY #>STMTNAMES
        BNE _nth
PUTVARNAME:
        LDX VNTP
        LDY VNTP+1
_nth:   JSR NAMEOF
        JMP PUTNAME
.scend

; PUTINT - print the number 0-65535 in A (low) and X (high) in decimal
; PUTFR0 - print the number in FR0 as FASC writes it
.scope
PUTINT: STA FR0
        STX FR0+1
        JSR IFP
PUTFR0: JSR FASC
.scend
; PUTFASC - print FASC's text at INBUFF (its last character has bit 7 set)
; through PUTNAME (ED_PTR3 := INBUFF)
.scope
PUTFASC:
        LDA INBUFF
        STA ED_PTR3
        LDA INBUFF+1
        STA ED_PTR3+1
        JMP PUTNAME
.scend
