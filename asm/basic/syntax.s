; ===========================================================================
; syntax.s - the tokenizer: syntax check and tokenizing of a typed line
; ===========================================================================
;
; SYNTAX takes the line in LBUFF, checks it against Atari BASIC's syntax
; (Atari BASIC Reference Manual, chapters 2-11 and appendix A) and builds
; its tokens in the token buffer at LOMEM (format: tokens.s).  A numbered
; line goes into the program; an unnumbered one becomes the immediate line
; (number 32768) and runs.  Variables are added to the tables as they are
; met - also in a line that turns out to be wrong, as Atari BASIC does.
;
; A wrong line is kept as an "ERROR-" statement (token 55) holding the
; typed text with the character where the check failed in inverse video,
; stored like any line, and listed at once (Atari BASIC Reference Manual,
; "Error messages"; "The Atari BASIC Source Book", the syntax chapter).
;
; The checker: a recursive descent over the expression grammar (operands,
; unary operators, binary operators; string comparisons give numbers) and,
; per statement, a small program of syntax codes (SYNTAB) or a routine.
; Which token a symbol gets depends on what the parser expects there: "="
; after a LET target is an assignment ($2D numeric, $2E string), inside an
; expression a comparison ($22 numeric, $34 between strings); "(" after an
; array name is $38, after DIM's name $39 / $3B, after a function $3A,
; after a string name $37, elsewhere $2B.
; ===========================================================================

; ATASCII characters the checker looks for
.alias CH_BLANK  $20
.alias CH_QUOTE  $22
.alias CH_SHARP  $23
.alias CH_DOLLAR $24
.alias CH_LPAREN $28
.alias CH_RPAREN $29
.alias CH_PLUS   $2B
.alias CH_COMMA  $2C
.alias CH_MINUS  $2D
.alias CH_DOT    $2E
.alias CH_COLON  $3A
.alias CH_SEMI   $3B
.alias CH_EQUAL  $3D

; the syntax codes of SYNTAB's programs
.alias SY_END    0      ; the statement is complete
.alias SY_EXP    1      ; a numeric expression
.alias SY_SEXP   2      ; a string expression
.alias SY_NVAR   3      ; a numeric variable (not an array)
.alias SY_COMMA  4      ; ","
.alias SY_SHARP  5      ; "#" and a numeric expression (an IOCB)
.alias SY_OPTEND 6      ; complete here if the statement ends here
.alias SY_CALL   7      ; the rest is a routine: the next word is its address

.alias ED_SYNVEC $0551  ; (word) SY_CALL's routine
.alias ED_FTOK   $0553  ; the operator being tried
.alias ED_EMITY  $0554  ; EMIT's saved Y
.alias STACKMIN  $50    ; a deeper expression is a syntax error

; ---------------------------------------------------------------------------
; SYNTAX - check and tokenize the line in LBUFF, store it or hand it back
; Out: C set = nothing to run (a numbered line was stored or deleted, the
; line was empty, or a syntax error was shown); C clear = the immediate
; line is stored at STMCUR: run it.  COX is left 0.
; ---------------------------------------------------------------------------
.scope
SYNTAX: TSX
        STX ED_SAVX
        LDA #0
        STA CIX
        STA ED_LSTART
        JSR SKIPBL
        CMP #EOL
        BNE _line
        SEC                     ; an empty line
        RTS
_line:  LDA #<LBUFF
        STA INBUFF
        LDA #>LBUFF
        STA INBUFF+1
        LDA CIX
        PHA
        JSR AFP                 ; a line number?
        PLA
        BCS _immed
        PHA
        JSR FPI
        PLA
        BCS _badnum
        LDX FR0+1
        BMI _badnum             ; above 32767
        LDY #0
        LDA FR0
        STA (LOMEM),Y
        INY
        TXA
        STA (LOMEM),Y
        JMP _body
_badnum:
        STA CIX                 ; the error is at the number
        JMP SYNERR
_immed: STA CIX
        LDY #0
        TYA
        STA (LOMEM),Y
        INY
        LDA #>IMMLINE
        STA (LOMEM),Y
_body:  LDA #3
        STA COX
        JSR SKIPBL
        STY ED_LSTART
        CMP #EOL
        BNE _stmt
        JMP ENDLINE             ; a number alone: delete the line
_stmt:  JSR SKIPBL
        LDA COX
        STA ED_STMT
        JSR EMIT                ; the statement length, set at its end
        JSR STMTNAME
        JSR EMIT
        PHA
        JSR STMTSYN
        PLA
        BCS _next               ; THEN: another statement begins here
        CMP #TOK_DATA+1         ; REM and DATA hold the rest of the line
        BCC _raw
        JSR SKIPBL
        CMP #CH_COLON
        BNE _eol
        INC CIX
        LDA #TOK_O_EOS
        JSR EMIT
_next:  JSR SETSLEN
        JSR SKIPBL
        CMP #EOL                ; nothing after ":" or THEN
        BEQ _bad
        JMP _stmt
_bad:   JMP SYNERR
_eol:   CMP #EOL
        BNE _bad
        LDA #TOK_O_EOL
        JSR EMIT
_raw:   JSR SETSLEN
        JMP ENDLINE
.scend

; ---------------------------------------------------------------------------
; ENDLINE - the tokenized line is complete: set its length, store it
; Out: as SYNTAX.
; ---------------------------------------------------------------------------
.scope
ENDLINE:
        LDA COX
        LDY #2
        STA (LOMEM),Y
        JSR STORELINE
        LDA #0
        STA COX
        LDY #1
        LDA (LOMEM),Y
        BMI _run
        SEC
        RTS
_run:   CLC
        RTS
.scend

; SETSLEN - the current statement's length byte := COX
.scope
SETSLEN:
        LDY ED_STMT
        LDA COX
        STA (LOMEM),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; SYNERR - the line is wrong at CIX: keep it as an ERROR- line (the typed
; text with the character at CIX in inverse video; at the end of the line
; an inverse blank), store it and list it on the screen
; ---------------------------------------------------------------------------
.scope
SYNERR: LDX ED_SAVX             ; back to SYNTAX's level
        TXS
        LDA CIX
        STA ED_ERRCX
        LDA #3
        STA COX
        STA ED_STMT
        JSR EMIT
        LDA #TOK_SYNERR
        JSR EMIT
        LDY ED_LSTART
_copy:  LDA LBUFF,Y
        CPY ED_ERRCX
        BNE _plain
        CMP #EOL
        BNE _mark
        LDA #CH_BLANK|$80       ; the end of the line: an inverse blank
        JSR EMIT
        LDA #EOL
        BNE _plain
_mark:  EOR #$80
_plain: JSR EMIT
        CMP #EOL
        BEQ _done
        INY
        BNE _copy
_done:  JSR SETSLEN
        LDA COX
        LDY #2
        STA (LOMEM),Y
        JSR STORELINE
        LDA #0
        STA COX
        STA IODVC
        JSR LISTLINE
        SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; EMIT - append A to the token buffer (A, X, Y kept).  Error 14 (line too
; long) when the 256 bytes are full.
; ---------------------------------------------------------------------------
.scope
EMIT:   STY ED_EMITY
        LDY COX
        STA (LOMEM),Y
        LDY ED_EMITY
        INC COX
        BEQ _long
        RTS
_long:  LDA #14
        JMP ERROR
.scend

; ---------------------------------------------------------------------------
; SKIPBL - skip blanks at CIX.  Out: A = the character there, Y = CIX.
; ---------------------------------------------------------------------------
.scope
SKIPBL: LDY CIX
_next:  LDA LBUFF,Y
        CMP #CH_BLANK
        BNE _done
        INY
        BNE _next
_done:  STY CIX
        RTS
.scend

; ATEND - Z set if the statement ends here (":" or EOL after blanks)
.scope
ATEND:  JSR SKIPBL
        CMP #CH_COLON
        BEQ _done
        CMP #EOL
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; STMTNAME - the statement token for the name at CIX: the first name in
; STMTNAMES the text spells, or abbreviates with "." (so "." alone is REM,
; "L." LIST).  Without a name it is an implied LET (nothing consumed).
; Out: A = the token.
; ---------------------------------------------------------------------------
.scope
STMTNAME:
        LDA #<STMTNAMES
        STA ED_PTR3
        LDA #>STMTNAMES
        STA ED_PTR3+1
        LDX #0
_name:  LDY #0
_char:  STY ED_TMP1
        TYA
        CLC
        ADC CIX
        TAY
        LDA LBUFF,Y
        LDY ED_TMP1
        CMP #CH_DOT
        BEQ _found              ; an abbreviation
        STA ED_TMP2
        LDA (ED_PTR3),Y
        AND #$7F
        CMP ED_TMP2
        BNE _skip
        LDA (ED_PTR3),Y
        BMI _found              ; the whole name
        INY
        BNE _char
_found: INY                     ; consume the name (and the ".")
        TYA
        CLC
        ADC CIX
        STA CIX
        TXA
        RTS
_skip:  LDY #0                  ; to the next name
_skip1: LDA (ED_PTR3),Y
        INY
        AND #$80
        BEQ _skip1
        TYA
        CLC
        ADC ED_PTR3
        STA ED_PTR3
        BCC +
        INC ED_PTR3+1
*       INX
        CPX #TOK_ILET           ; the implied LET and ERROR- have no name
        BCC _name
        LDA #TOK_ILET
        RTS
.scend

; ---------------------------------------------------------------------------
; OPNAME - ED_PTR3 := the name of operator token A ($10-$54) in OPNAMES
; ---------------------------------------------------------------------------
.scope
OPNAME: SEC
        SBC #$10
        TAX
        LDA #<OPNAMES
        STA ED_PTR3
        LDA #>OPNAMES
        STA ED_PTR3+1
        LDY #0
_skip:  DEX
        BMI _done
_char:  LDA (ED_PTR3),Y
        INC ED_PTR3
        BNE +
        INC ED_PTR3+1
*       AND #$80
        BEQ _char
        BNE _skip
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; MATCHOP - does the text at CIX (after blanks) spell operator A's name?
; Out: C clear = yes, CIX past it, A = the token; C set = no (CIX on the
; first non-blank).  Empty names never match.
; ---------------------------------------------------------------------------
.scope
MATCHOP:
        STA ED_FTOK
        JSR SKIPBL
        LDA ED_FTOK
        JSR OPNAME
        LDY #0
        LDX CIX
_char:  LDA (ED_PTR3),Y
        AND #$7F
        BEQ _no
        CMP LBUFF,X
        BNE _no
        LDA (ED_PTR3),Y
        BMI _yes
        INX
        INY
        BNE _char
_yes:   INX
        STX CIX
        LDA ED_FTOK
        CLC
        RTS
_no:    SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; MATCHRANGE - the first operator from A up to X (inclusive) whose name is
; at CIX.  Out: C clear, A = its token, CIX past it; or C set.
; ---------------------------------------------------------------------------
.scope
MATCHRANGE:
        STX ED_TMP3
_try:   PHA
        JSR MATCHOP
        PLA
        BCC _yes
        CMP ED_TMP3
        BCS _no
        ADC #1
        BNE _try
_yes:   LDA ED_FTOK
_no:    RTS
.scend

; MATCHREL - a comparison operator ($1D-$22): "<=" "<>" ">=" "<" ">" "="
.scope
MATCHREL:
        LDA #TOK_O_NLE
        LDX #TOK_O_NEQ
        JMP MATCHRANGE
.scend

; MATCHBIN - a binary operator: comparisons, ^ * + - /, OR, AND
.scope
MATCHBIN:
        LDA #TOK_O_NLE
        LDX #TOK_O_DIV
        JSR MATCHRANGE
        BCC _done
        LDA #TOK_O_OR
        LDX #TOK_O_AND
        JMP MATCHRANGE
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; EXPECT - the character A must come next (after blanks): consume it, or
; a syntax error
; ---------------------------------------------------------------------------
.scope
EXPECT: STA ED_TMP2
        JSR SKIPBL
        CMP ED_TMP2
        BNE _bad
        INC CIX
        RTS
_bad:   JMP SYNERR
.scend

; EXPECTRP - ")" must come next: emit TOK_O_RPAREN
.scope
EXPECTRP:
        LDA #CH_RPAREN
        JSR EXPECT
        LDA #TOK_O_RPAREN
        JMP EMIT
.scend

; ---------------------------------------------------------------------------
; P_EXP - a numeric expression;  P_SEXP - a string expression
; ---------------------------------------------------------------------------
.scope
P_EXP:  JSR P_ANY
        LDA ED_TYPE
        BNE _bad
        RTS
_bad:   JMP SYNERR
.scend

.scope
P_SEXP: JSR P_ANY
        LDA ED_TYPE
        BEQ _bad
        RTS
_bad:   JMP SYNERR
.scend

; ---------------------------------------------------------------------------
; P_ANY - an expression of either type.  Out: ED_TYPE = 0 (a number) or
; $80 (a string: a string operand not compared with another)
; ---------------------------------------------------------------------------
.scope
P_ANY:  JSR P_OPERAND
        LDA ED_TYPE
        BEQ _binop
        JSR MATCHREL
        BCS _done               ; a string
        JSR P_STRCOMPARE
_binop: JSR MATCHBIN
        BCS _done
        JSR EMIT
        JSR P_NUMOPERAND
        JMP _binop
_done:  RTS
.scend

; P_NUMOPERAND - an operand that gives a number (a string operand must be
; compared with another string)
.scope
P_NUMOPERAND:
        JSR P_OPERAND
        LDA ED_TYPE
        BEQ _done
        JSR MATCHREL
        BCS _bad
        JMP P_STRCOMPARE
_done:  RTS
_bad:   JMP SYNERR
.scend

; P_STRCOMPARE - after a string operand and comparison A: emit the string
; comparison token, then a string operand must follow.  Out: ED_TYPE = 0.
.scope
P_STRCOMPARE:
        CLC
        ADC #TOK_O_SLE-TOK_O_NLE
        JSR EMIT
        JSR P_OPERAND
        LDA ED_TYPE
        BEQ _bad
        LDA #0
        STA ED_TYPE
        RTS
_bad:   JMP SYNERR
.scend

; ---------------------------------------------------------------------------
; P_OPERAND - one operand: a unary + - NOT with its operand, ( expression ),
; a string constant, a number, a function call, a variable (with
; subscripts).  Out: ED_TYPE.
; ---------------------------------------------------------------------------
.scope
P_OPERAND:
        TSX                     ; too deeply nested for our stack
        CPX #STACKMIN
        BCC _bad
        JSR SKIPBL
        CMP #CH_PLUS
        BNE +
        LDA #TOK_O_UPLUS
        BNE _unary
*       CMP #CH_MINUS
        BNE +
        LDA #TOK_O_UMINUS
        BNE _unary
*       CMP #CH_LPAREN
        BEQ _paren
        CMP #CH_QUOTE
        BEQ _string
        CMP #CH_DOT
        BEQ _number
        CMP #'0
        BCC _bad
        CMP #'9+1
        BCC _number
        CMP #'A                 ; no letter: nothing we know
        BCC _bad
        CMP #'Z+1
        BCS _bad
        LDA #TOK_O_NOT
        JSR MATCHOP
        BCS _func
        JSR EMIT
        JMP _unop
_unary: INC CIX
        JSR EMIT
_unop:  JSR P_NUMOPERAND
        LDA #0
        STA ED_TYPE
        RTS
_bad:   JMP SYNERR
_paren: INC CIX
        LDA #TOK_O_LPAREN
        JSR EMIT
        JSR P_EXP
        JMP EXPECTRP
_number:
        JSR AFP
        BCS _bad
        LDA #TOK_O_NCONST
        JSR EMIT
        LDX #0
*       LDA FR0,X
        JSR EMIT
        INX
        CPX #6
        BCC -
        LDA #0
        STA ED_TYPE
        RTS
_string:
        JMP P_STRCONST
_func:  LDA #TOK_O_STR
        LDX #TOK_O_STRIG
        JSR MATCHRANGE
        BCS _var
        JMP P_FUNCTION
_var:   JMP P_VARREF
.scend

; P_STRCONST - a string constant: up to the closing quote or the end of
; the line (a missing closing quote is allowed, as in Atari BASIC)
.scope
P_STRCONST:
        INC CIX
        LDA #TOK_O_SCONST
        JSR EMIT
        LDX COX                 ; where the length goes
        JSR EMIT
        LDY CIX
_char:  LDA LBUFF,Y
        CMP #EOL
        BEQ _end
        INY
        CMP #CH_QUOTE
        BEQ _end
        JSR EMIT
        JMP _char
_end:   STY CIX
        TXA                     ; length = COX - (its index + 1)
        TAY
        SEC
        SBC COX
        EOR #$FF
        STA (LOMEM),Y
        LDA #$80
        STA ED_TYPE
        RTS
.scend

; P_FUNCTION - a function call; A = its token.  STR$ and CHR$ give a
; string, the others a number; ASC VAL LEN ADR take a string, USR one or
; more numbers separated by ",", the others one number.
.scope
P_FUNCTION:
        JSR EMIT
        PHA
        LDA #CH_LPAREN
        JSR EXPECT
        LDA #TOK_O_FLPAREN
        JSR EMIT
        PLA
        PHA
        CMP #TOK_O_ASC
        BCC _num
        CMP #TOK_O_ADR+1
        BCS _num
        JSR P_SEXP
        JMP _close
_num:   JSR P_EXP
        PLA
        PHA
        CMP #TOK_O_USR
        BNE _close
        JSR SKIPBL
        CMP #CH_COMMA
        BNE _close
        INC CIX
        LDA #TOK_O_COMMA
        JSR EMIT
        JMP _num
_close: JSR EXPECTRP
        PLA
        LDX #$80                ; STR$ and CHR$: strings
        CMP #TOK_O_USR
        BCC +
        LDX #0
*       STX ED_TYPE
        RTS
.scend

; ---------------------------------------------------------------------------
; SCANNAME - a variable name at CIX: a letter, then letters and digits.
; Out: ED_VSTART, ED_VLEN; CIX after it.  A syntax error if no letter.
; ---------------------------------------------------------------------------
.scope
SCANNAME:
        JSR SKIPBL
        STY ED_VSTART
        CMP #'A
        BCC _bad
        CMP #'Z+1
        BCS _bad
_next:  INY
        LDA LBUFF,Y
        CMP #'0
        BCC _end
        CMP #'9+1
        BCC _next
        CMP #'A
        BCC _end
        CMP #'Z+1
        BCC _next
_end:   STY CIX
        TYA
        SEC
        SBC ED_VSTART
        STA ED_VLEN
        LDA #0
        STA ED_VSUFX
        RTS
_bad:   JMP SYNERR
.scend

; EMITVAR - find or create the variable (suffix A), emit its token $80+n
.scope
EMITVAR:
        STA ED_VSUFX
        JSR FINDVAR
        ORA #$80
        JMP EMIT
.scend

; ---------------------------------------------------------------------------
; P_VARREF - a variable: a number, an array element A(I) or A(I,J), a
; string, a substring A$(I) or A$(I,J).  Out: ED_TYPE.
; ---------------------------------------------------------------------------
.scope
P_VARREF:
        JSR SCANNAME
        LDA LBUFF,Y
        CMP #CH_DOLLAR
        BEQ _string
        JSR SKIPBL
        CMP #CH_LPAREN
        BEQ _array
        LDA #0                  ; a number
        JSR EMITVAR
        LDA #0
        STA ED_TYPE
        RTS
_array: INC CIX
        LDA #CH_LPAREN
        JSR EMITVAR
        LDA #TOK_O_ALPAREN
        JSR EMIT
        JSR P_SUBSCRIPTS
        LDA #0
        STA ED_TYPE
        RTS
_string:
        INC CIX
        LDA #CH_DOLLAR
        JSR EMITVAR
        JSR SKIPBL
        CMP #CH_LPAREN
        BNE _sdone
        INC CIX
        LDA #TOK_O_SLPAREN
        JSR EMIT
        JSR P_SUBSCRIPTS
_sdone: LDA #$80
        STA ED_TYPE
        RTS
.scend

; P_SUBSCRIPTS - "I)" or "I,J)" after an opening parenthesis
.scope
P_SUBSCRIPTS:
        JSR P_EXP
        JSR SKIPBL
        CMP #CH_COMMA
        BNE _close
        INC CIX
        LDA #TOK_O_ACOMMA
        JSR EMIT
        JSR P_EXP
_close: JMP EXPECTRP
.scend

; P_NVAR - a numeric variable, not an array
.scope
P_NVAR: JSR SCANNAME
        LDA LBUFF,Y
        CMP #CH_DOLLAR
        BEQ _bad
        JSR SKIPBL
        CMP #CH_LPAREN
        BEQ _bad
        LDA #0
        JMP EMITVAR
_bad:   JMP SYNERR
.scend

; P_COMMA - "," must come next: emit TOK_O_COMMA
.scope
P_COMMA:
        LDA #CH_COMMA
        JSR EXPECT
        LDA #TOK_O_COMMA
        JMP EMIT
.scend

; P_SHARP - "#" and an expression (an IOCB number)
.scope
P_SHARP:
        LDA #CH_SHARP
        JSR EXPECT
        LDA #TOK_O_SHARP
        JSR EMIT
        JMP P_EXP
.scend

; ---------------------------------------------------------------------------
; STMTSYN - check the operands of statement A (its token emitted)
; Out: C clear = the statement is complete (":" or EOL must follow);
; C set = an IF's THEN: another statement begins at CIX.
; ---------------------------------------------------------------------------
.scope
STMTSYN:
        TAX
        LDA SYNLO,X
        STA ED_PTR1
        LDA SYNHI,X
        STA ED_PTR1+1
_code:  LDY #0
        LDA (ED_PTR1),Y
        INC ED_PTR1
        BNE +
        INC ED_PTR1+1
*       CMP #SY_END
        BEQ _done
        CMP #SY_EXP
        BNE +
        JSR P_EXP
        JMP _code
*       CMP #SY_SEXP
        BNE +
        JSR P_SEXP
        JMP _code
*       CMP #SY_NVAR
        BNE +
        JSR P_NVAR
        JMP _code
*       CMP #SY_COMMA
        BNE +
        JSR P_COMMA
        JMP _code
*       CMP #SY_SHARP
        BNE +
        JSR P_SHARP
        JMP _code
*       CMP #SY_OPTEND
        BNE _call
        JSR ATEND
        BEQ _done
        JMP _code
_call:  LDA (ED_PTR1),Y         ; SY_CALL: the routine's address
        STA ED_SYNVEC
        INY
        LDA (ED_PTR1),Y
        STA ED_SYNVEC+1
        JMP (ED_SYNVEC)
_done:  CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; The statements' syntax, by token (Atari BASIC Reference Manual)
; ---------------------------------------------------------------------------
SY_NONE:    .byte SY_END
SY_1EXP:    .byte SY_EXP, SY_END
SY_2EXP:    .byte SY_EXP, SY_COMMA, SY_EXP, SY_END
SY_3EXP:    .byte SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_END
SY_4EXP:    .byte SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_END
SY_1SEXP:   .byte SY_SEXP, SY_END
SY_OPTSEXP: .byte SY_OPTEND, SY_SEXP, SY_END
SY_OPTEXP:  .byte SY_OPTEND, SY_EXP, SY_END
SY_NVARONLY: .byte SY_NVAR, SY_END
SY_CLOSE:   .byte SY_SHARP, SY_END
SY_OPEN:    .byte SY_SHARP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_SEXP, SY_END
SY_STATUS:  .byte SY_SHARP, SY_COMMA, SY_NVAR, SY_END
SY_NOTE:    .byte SY_SHARP, SY_COMMA, SY_NVAR, SY_COMMA, SY_NVAR, SY_END
SY_POINT:   .byte SY_SHARP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_END
SY_XIO:     .byte SY_EXP, SY_COMMA, SY_SHARP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_SEXP, SY_END
SY_PUT:     .byte SY_SHARP, SY_COMMA, SY_EXP, SY_END
SY_LOCATE:  .byte SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_NVAR, SY_END
SY_REM:     .byte SY_CALL
            .word S_RAW
SY_INPUT:   .byte SY_CALL
            .word S_INPUT
SY_LIST:    .byte SY_CALL
            .word S_LIST
SY_LET:     .byte SY_CALL
            .word S_LET
SY_IF:      .byte SY_CALL
            .word S_IF
SY_FOR:     .byte SY_CALL
            .word S_FOR
SY_DIM:     .byte SY_CALL
            .word S_DIM
SY_ON:      .byte SY_CALL
            .word S_ON
SY_PRINT:   .byte SY_CALL
            .word S_PRINT
SY_LPRINT:  .byte SY_CALL
            .word S_LPRINT
SY_READ:    .byte SY_CALL
            .word S_VARLIST

; SYNLO/SYNHI - the syntax of each statement token 0-55
.scope
SYNLO:  .byte <SY_REM, <SY_REM, <SY_INPUT, <SY_1EXP               ; REM DATA INPUT COLOR
        .byte <SY_LIST, <SY_1SEXP, <SY_LET, <SY_IF                  ; LIST ENTER LET IF
        .byte <SY_FOR, <SY_NVARONLY, <SY_1EXP, <SY_1EXP             ; FOR NEXT GOTO GO TO
        .byte <SY_1EXP, <SY_1EXP, <SY_NONE, <SY_NONE                ; GOSUB TRAP BYE CONT
        .byte <SY_DIM, <SY_CLOSE, <SY_NONE, <SY_NONE                ; COM CLOSE CLR DEG
        .byte <SY_DIM, <SY_NONE, <SY_NONE, <SY_OPEN                 ; DIM END NEW OPEN
        .byte <SY_1SEXP, <SY_1SEXP, <SY_STATUS, <SY_NOTE            ; LOAD SAVE STATUS NOTE
        .byte <SY_POINT, <SY_XIO, <SY_ON, <SY_2EXP                  ; POINT XIO ON POKE
        .byte <SY_PRINT, <SY_NONE, <SY_READ, <SY_OPTEXP             ; PRINT RAD READ RESTORE
        .byte <SY_NONE, <SY_OPTSEXP, <SY_NONE, <SY_NONE             ; RETURN RUN STOP POP
        .byte <SY_PRINT, <SY_STATUS, <SY_PUT, <SY_1EXP              ; ? GET PUT GRAPHICS
        .byte <SY_2EXP, <SY_2EXP, <SY_NONE, <SY_2EXP                ; PLOT POSITION DOS DRAWTO
        .byte <SY_3EXP, <SY_LOCATE, <SY_4EXP, <SY_LPRINT            ; SETCOLOR LOCATE SOUND LPRINT
        .byte <SY_NONE, <SY_NONE, <SY_LET, <SY_NONE                 ; CSAVE CLOAD (LET) (ERROR-)
SYNHI:  .byte >SY_REM, >SY_REM, >SY_INPUT, >SY_1EXP
        .byte >SY_LIST, >SY_1SEXP, >SY_LET, >SY_IF
        .byte >SY_FOR, >SY_NVARONLY, >SY_1EXP, >SY_1EXP
        .byte >SY_1EXP, >SY_1EXP, >SY_NONE, >SY_NONE
        .byte >SY_DIM, >SY_CLOSE, >SY_NONE, >SY_NONE
        .byte >SY_DIM, >SY_NONE, >SY_NONE, >SY_OPEN
        .byte >SY_1SEXP, >SY_1SEXP, >SY_STATUS, >SY_NOTE
        .byte >SY_POINT, >SY_XIO, >SY_ON, >SY_2EXP
        .byte >SY_PRINT, >SY_NONE, >SY_READ, >SY_OPTEXP
        .byte >SY_NONE, >SY_OPTSEXP, >SY_NONE, >SY_NONE
        .byte >SY_PRINT, >SY_STATUS, >SY_PUT, >SY_1EXP
        .byte >SY_2EXP, >SY_2EXP, >SY_NONE, >SY_2EXP
        .byte >SY_3EXP, >SY_LOCATE, >SY_4EXP, >SY_LPRINT
        .byte >SY_NONE, >SY_NONE, >SY_LET, >SY_NONE
.scend

; ---------------------------------------------------------------------------
; The statements with their own routines (each ends like STMTSYN)
; ---------------------------------------------------------------------------

; S_RAW - REM and DATA: the rest of the line as typed, with its EOL
.scope
S_RAW:  JSR SKIPBL
_char:  LDA LBUFF,Y
        JSR EMIT
        INY
        CMP #EOL
        BNE _char
        STY CIX
        CLC
        RTS
.scend

; S_LET - LET and the implied LET: a variable, "=", an expression of its type
.scope
S_LET:  JSR P_VARREF
        LDA #CH_EQUAL
        JSR EXPECT
        LDA ED_TYPE
        BNE _string
        LDA #TOK_O_NASSIGN
        JSR EMIT
        JSR P_EXP
        CLC
        RTS
_string:
        LDA #TOK_O_SASSIGN
        JSR EMIT
        JSR P_SEXP
        CLC
        RTS
.scend

; S_IF - IF expression THEN line number, or THEN statements
.scope
S_IF:   JSR P_EXP
        LDA #TOK_O_THEN
        JSR MATCHOP
        BCS _bad
        JSR EMIT
        JSR SKIPBL
        CMP #CH_DOT
        BEQ _line
        CMP #'0
        BCC _stmts
        CMP #'9+1
        BCS _stmts
_line:  JSR P_EXP
        CLC
        RTS
_stmts: SEC
        RTS
_bad:   JMP SYNERR
.scend

; S_FOR - FOR variable = expression TO expression [STEP expression]
.scope
S_FOR:  JSR P_NVAR
        LDA #CH_EQUAL
        JSR EXPECT
        LDA #TOK_O_NASSIGN
        JSR EMIT
        JSR P_EXP
        LDA #TOK_O_TO
        JSR MATCHOP
        BCS _bad
        JSR EMIT
        JSR P_EXP
        LDA #TOK_O_STEP
        JSR MATCHOP
        BCS _done
        JSR EMIT
        JSR P_EXP
_done:  CLC
        RTS
_bad:   JMP SYNERR
.scend

; S_ON - ON expression GOTO|GOSUB expression {, expression}
.scope
S_ON:   JSR P_EXP
        LDA #TOK_O_ON_GOTO
        LDX #TOK_O_ON_GOSUB
        JSR MATCHRANGE
        BCS _bad
        JSR EMIT
_line:  JSR P_EXP
        JSR SKIPBL
        CMP #CH_COMMA
        BNE _done
        JSR P_COMMA
        JMP _line
_done:  CLC
        RTS
_bad:   JMP SYNERR
.scend

; S_DIM - DIM and COM: A(n) A(n,m) A$(n), separated by ","
.scope
S_DIM:  JSR SCANNAME
        LDA LBUFF,Y
        CMP #CH_DOLLAR
        BEQ _string
        LDA #CH_LPAREN
        JSR EXPECT
        LDA #CH_LPAREN
        JSR EMITVAR
        LDA #TOK_O_DLPAREN
        JSR EMIT
        JSR P_SUBSCRIPTS
        JMP _more
_string:
        INC CIX
        LDA #CH_LPAREN
        JSR EXPECT
        LDA #CH_DOLLAR
        JSR EMITVAR
        LDA #TOK_O_DSLPAREN
        JSR EMIT
        JSR P_EXP
        JSR EXPECTRP
_more:  JSR SKIPBL
        CMP #CH_COMMA
        BNE _done
        JSR P_COMMA
        JMP S_DIM
_done:  CLC
        RTS
.scend

; S_PRINT - PRINT and ?: [#iocb] then the list;  S_LPRINT: the list.
; The list: expressions of either type, "," and ";" in any order.
.scope
S_PRINT:
        JSR SKIPBL
        CMP #CH_SHARP
        BNE S_LPRINT
        JSR P_SHARP
.scend
.scope
S_LPRINT:
_item:  JSR ATEND
        BEQ _done
        CMP #CH_COMMA
        BNE +
        INC CIX
        LDA #TOK_O_COMMA
        JSR EMIT
        JMP _item
*       CMP #CH_SEMI
        BNE +
        INC CIX
        LDA #TOK_O_SEMI
        JSR EMIT
        JMP _item
*       JSR P_ANY
        JSR ATEND
        BEQ _done
        CMP #CH_COMMA
        BEQ _item
        CMP #CH_SEMI
        BEQ _item
        JMP SYNERR
_done:  CLC
        RTS
.scend

; S_INPUT - INPUT [#iocb , or ;] variables
.scope
S_INPUT:
        JSR SKIPBL
        CMP #CH_SHARP
        BNE S_VARLIST
        JSR P_SHARP
        JSR SKIPBL
        CMP #CH_SEMI
        BEQ _semi
        JSR P_COMMA
        JMP S_VARLIST
_semi:  INC CIX
        LDA #TOK_O_SEMI
        JSR EMIT
.scend
; S_VARLIST - READ (and INPUT's list): variables separated by ","
.scope
S_VARLIST:
        JSR P_VARREF
        JSR SKIPBL
        CMP #CH_COMMA
        BNE _done
        JSR P_COMMA
        JMP S_VARLIST
_done:  CLC
        RTS
.scend

; S_LIST - LIST [file,] [line [,line]]  or  LIST file
.scope
S_LIST: JSR ATEND
        BEQ _done
        JSR P_ANY
        LDA ED_TYPE
        BEQ _lines
        JSR SKIPBL              ; a file: line numbers may follow
        CMP #CH_COMMA
        BNE _done
        JSR P_COMMA
        JSR P_EXP
_lines: JSR SKIPBL
        CMP #CH_COMMA
        BNE _done
        JSR P_COMMA
        JSR P_EXP
_done:  CLC
        RTS
.scend
