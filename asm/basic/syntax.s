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
; per statement, a small program of syntax codes (SY_BASE) or a routine.
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

; the syntax codes of the statements' programs (SY_BASE): 1-6 check a
; part and go on with the next code, 7 and up hand the rest of the
; statement to its own routine
.alias SY_END    0      ; the statement is complete
.alias SY_EXP    1      ; a numeric expression
.alias SY_SEXP   2      ; a string expression
.alias SY_NVAR   3      ; a numeric variable (not an array)
.alias SY_COMMA  4      ; ","
.alias SY_SHARP  5      ; "#" and a numeric expression (an IOCB)
.alias SY_OPTEND 6      ; complete here if the statement ends here
.alias SY_RAW    7      ; the statements' own routines (SYJUMP)
.alias SY_INPUT  8
.alias SY_LIST   9
.alias SY_LET    10
.alias SY_IF     11
.alias SY_FOR    12
.alias SY_DIM    13
.alias SY_ON     14
.alias SY_PRINT  15
.alias SY_LPRINT 16
.alias SY_READ   17

.alias STACKMIN  $50    ; a deeper expression is a syntax error

; ---------------------------------------------------------------------------
; SYNTAX - check and tokenize the line in LBUFF, store it or hand it back
; In: INBUFF = LBUFF, CIX = 0 (as GETLINE leaves them).
; Out: C clear = nothing to run (a numbered line was stored or deleted, the
; line was empty, or a syntax error was shown); C set = the immediate
; line is stored at STMCUR: run it.  COX is left 0.
; ---------------------------------------------------------------------------
.scope
SYNTAX: TSX
        STX ED_SAVX
        LDY #0
        STY COX
        JSR SKIPBL
        STY ED_LSTART
        CMP #EOL
        BNE _line
        CLC                     ; an empty line
        RTS
_line:  JSR AFP                 ; a line number? (GETLINE: INBUFF = LBUFF)
        BCS _immed
        JSR FPI
        BCS _badnum
        LDA FR0
        LDX FR0+1
        BPL _number
_badnum:
        JSR _immnum             ; above 32767: an immediate line, wrong
        JMP SYNERR
_immnum:
        LDY ED_LSTART           ; the number 32768, CIX back at the start
        STY CIX
        LDA #0
        LDX #>IMMLINE
EMIT2:  JSR EMIT                ; EMIT2: the bytes A, then X
        TXA
        JMP EMIT
_immed: JSR _immnum
        BNE _body               ; (always: EMIT leaves COX > 0)
_number:
        JSR EMIT2
_body:  JSR EMIT                ; the line length, set at the end
        JSR SKIPBL
        STY ED_LSTART
        CMP #EOL
        BEQ ENDLINE             ; a number alone: delete the line
_stmt:  LDA COX
        STA ED_STMT
        JSR EMIT                ; the statement length, set at its end
        JSR STMTNAME            ; (emitted)
        PHA
        JSR STMTSYN
        PLA
        BCC _next               ; THEN: another statement begins here
        CMP #TOK_DATA+1         ; REM and DATA hold the rest of the line
        BCC _end
        LDA #TOK_O_EOS          ; ":"
        JSR TRYWORD
        BCS _eol
_next:  JSR SETSLEN
        JSR SKIPBL
        CMP #EOL                ; nothing after ":" or THEN
        BNE _stmt
_bad:   JMP SYNERR
_eol:   JSR SKIPBL
        CMP #EOL
        BNE _bad
        LDA #TOK_O_EOL
        JSR EMIT
_end:                           ; (on into ENDSTMT)
.scend
; ENDSTMT - the statement is complete: set its length, then ENDLINE
; ENDLINE - the tokenized line is complete: its length := COX, store it,
; COX := 0.  Out: C set if it is the immediate line (to run).
.scope
ENDSTMT:
        JSR SETSLEN
ENDLINE:
        LDY #2
        LDA COX
        STA (LOMEM),Y
        JSR STORELINE
        LDA #0
        STA COX
        LDY #1
        LDA (LOMEM),Y
        ASL                     ; the immediate line ($80..) runs: C set
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
        LDA #3
        STA COX
        STA ED_STMT
        JSR EMIT
        LDA #TOK_SYNERR
        JSR EMIT
        LDY ED_LSTART
_copy:  LDA LBUFF,Y
        CPY CIX
        BNE _plain
        EOR #$80                ; inverse
        CMP #EOL^$80
        BNE _plain
        LDA #CH_BLANK|$80       ; the end of the line: an inverse blank
        JSR EMIT
        LDA #EOL
_plain: JSR EMIT
        INY
        CMP #EOL
        BNE _copy
        JSR ENDSTMT
        JSR LISTLINE            ; (to IODVC = 0, as READY set it)
        CLC
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

; SKIPBL - skip blanks at CIX.  Out: A = the character there, Y = CIX.
.scope
SKIPBL: LDY CIX
        DEY
_next:  INY
        LDA LBUFF,Y
        CMP #CH_BLANK
        BEQ _next
        STY CIX
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
; Name lists (STMTNAMES, OPNAMES, the variable name table): each name ends
; with bit 7 set.  NEXTNAME: ED_PTR3 past one name; NTHNAME: past X names.
; NAMEOF: ED_PTR3 := name A of the list at X/Y (low/high).
; OPNAME: ED_PTR3 := the name of operator token A ($10-$54) in OPNAMES.
; ---------------------------------------------------------------------------
.scope
OPNAME: SEC                     ; (the walk starts at OPNAMES_NOT from
        SBC #$10                ; NOT on, at OPNAMES_UPLUS from the unary
        LDX #<OPNAMES           ; "+" on: ENTER spent a fifth of its time
        LDY #>OPNAMES           ; walking to the function names)
        CMP #TOK_O_NOT-$10
        BCC NAMEOF
        SBC #TOK_O_NOT-$10
        LDX #<OPNAMES_NOT
        LDY #>OPNAMES_NOT
        CMP #TOK_O_UPLUS-TOK_O_NOT
        BCC NAMEOF
        SBC #TOK_O_UPLUS-TOK_O_NOT
        LDX #<OPNAMES_UPLUS
        LDY #>OPNAMES_UPLUS
NAMEOF: STX ED_PTR3
        STY ED_PTR3+1
        TAX
NTHNAME:
        DEX
        BMI _done
        JSR NEXTNAME
        JMP NTHNAME
NEXTNAME:
        LDY #$FF
_char:  INY
        LDA (ED_PTR3),Y
        BPL _char
        SEC                     ; + Y + 1, the name's length
        TYA
        ADC ED_PTR3
        STA ED_PTR3
        BCC _done
        INC ED_PTR3+1
_done:  RTS
.scend


; ---------------------------------------------------------------------------
; NAMEAT - does the text at CIX spell the name at ED_PTR3?  With bit 7 of
; X clear (STMTNAME: the statement's number; MATCHOP calls with X = $FF) a
; "." after some of its letters abbreviates it.
; Out: C clear and CIX past the name (and the "."); else C set.  X kept.
; ---------------------------------------------------------------------------
.scope
NAMEAT: STX ED_TMP1
        LDX CIX
        LDY #0
_char:  LDA LBUFF,X
        CMP #CH_DOT
        BNE _cmp
        BIT ED_TMP1             ; (the caller's X)
        BPL _yes                ; an abbreviation
_cmp:   EOR (ED_PTR3),Y
        ASL                     ; C = bit 7 of the name's character
        BNE _no                 ; the characters differ
        INX
        INY
        BCC _char
        DEX
_yes:   INX                     ; consume the name (and the ".")
        STX CIX
        CLC
        BCC _done
_no:    SEC
_done:  LDX ED_TMP1
        RTS
.scend

; ---------------------------------------------------------------------------
; STMTNAME - the statement token for the name at CIX: the first name in
; STMTNAMES the text spells, or abbreviates with "." (so "." alone is REM,
; "L." LIST).  Without a name it is an implied LET (nothing consumed).
; Out: A = the token, emitted.
; ---------------------------------------------------------------------------
.scope
STMTNAME:
        LDA #<STMTNAMES
        STA ED_PTR3
        LDA #>STMTNAMES
        STA ED_PTR3+1
        LDX #0                  ; (X < $80: abbreviations allowed)
_name:  JSR NAMEAT
        BCC _found
        JSR NEXTNAME
        INX
        CPX #TOK_ILET           ; the implied LET and ERROR- have no name
        BCC _name
_found: TXA
        JMP EMIT
.scend

; ---------------------------------------------------------------------------
; MATCHOP - does the text at CIX (after blanks) spell operator A's name
; (OPNAMES: a word, or a character such as "," "(" "=")?
; Out: C clear = yes, CIX past it, A = the token; C set = no.  X lost.
; TRYWORD - the same, and emit it when it matched;  TRYCOMMA: ",".
; NEEDOP / NEEDWORD - MATCHOP / TRYWORD, or a syntax error.
; P_COMMA: ",";  EXPECTRP: ")".
; ---------------------------------------------------------------------------
.scope
TRYCOMMA:
        LDA #TOK_O_COMMA
TRYWORD:
        JSR MATCHOP
        BCS _no
EMITJ:  JMP EMIT                ; (TRYRANGE's way there too)
_no:    RTS
EXPECTRP:
        LDA #TOK_O_RPAREN
        BNE NEEDWORD
P_COMMA:
        LDA #TOK_O_COMMA
NEEDWORD:
        JSR NEEDOP
        JMP EMIT
NEEDOP: JSR MATCHOP
        BCS _bad
        RTS
_bad:   JMP SYNERR
MATCHOP:
        STA ED_FTOK
        JSR OPNAME              ; (it leaves X = $FF: no abbreviations)
MATCHAT:                        ; (ED_PTR3 at ED_FTOK's name, X = $FF)
        JSR SKIPBL
        JSR NAMEAT
        LDA ED_FTOK
        RTS
.scend

; MATCHRANGE - the first operator from A up to X (inclusive) whose name is
; at CIX.  Out: C clear, A = its token, CIX past it; or C set.  Each next
; name is the one after the last tried (NEXTNAME), not a walk through
; OPNAMES from its start: ENTER of a long listing spent most of its time
; there.
.scope
MATCHRANGE:
        STX ED_TMP3
        JSR MATCHOP
        BCC _yes
_next:  LDA ED_FTOK
        CMP ED_TMP3
        BCS _no                 ; (C set: none)
        INC ED_FTOK
        JSR NEXTNAME            ; (X kept: $FF)
        JSR MATCHAT
        BCS _next
_yes:
_no:    RTS
.scend

; TRYRANGE - MATCHRANGE, and emit the token when one matched
.scope
TRYRANGE:
        JSR MATCHRANGE
        BCC EMITJ
        RTS
.scend

; MATCHREL - a comparison operator ($1D-$22): "<=" "<>" ">=" "<" ">" "="
.scope
MATCHREL:
        LDA #TOK_O_NLE
        LDX #TOK_O_NEQ
        BNE MATCHRANGE
.scend

; ---------------------------------------------------------------------------
; P_EXP - a numeric expression;  P_SEXP - a string expression
; P_ANY - an expression of either type.  Out: ED_TYPE = 0 (a number) or
; $80 (a string: a string operand not compared with another)
; ---------------------------------------------------------------------------
; OPTCEXP - "," and a numeric expression, or nothing;  OPTEXP - the
; same with operator A.  C set in every case (as P_EXP leaves it).
; P_XEXP - an expression of type X (0 a number, $80 a string)
.scope
OPTCEXP:
        LDA #TOK_O_COMMA
OPTEXP: JSR TRYWORD
        BCC P_EXP
        RTS
P_EXP:  LDX #0
        BEQ P_XEXP
P_SEXP: LDX #$80
P_XEXP: JSR SKIPBL              ; (the expression's start: a wrong type
        TYA                     ; is marked there)
        PHA
        TXA
        PHA
        JSR P_ANY
        PLA
        EOR ED_TYPE
        BMI _bad
        PLA
        RTS
_bad:   PLA
        STA CIX
        JMP SYNERR
.scend

; (P_ANY and so P_EXP return with C set)
.scope
P_ANY:  JSR P_OPERAND
        BPL _binop
        JSR MATCHREL
        BCS _done               ; a string
        JSR P_STRCOMPARE
_binop: LDA #TOK_O_NLE          ; comparisons, ^ * + - /, OR, AND
        LDX #TOK_O_DIV
        JSR TRYRANGE
        BCC _emit
        LDA #TOK_O_OR
        LDX #TOK_O_AND
        JSR TRYRANGE
        BCS _done
_emit:  JSR P_NUMOPERAND
        BEQ _binop              ; (always: it leaves A = 0)
_done:  LDA ED_TYPE
        RTS
.scend

; P_NUMOPERAND - an operand that gives a number (a string operand must be
; compared with another string).  Out: ED_TYPE = 0, A = 0 (Z set, N clear).
.scope
P_NUMOPERAND:
        JSR P_OPERAND
        BPL _done
        JSR MATCHREL
        BCC P_STRCOMPARE
SYNBAD1:                        ; (a branch's way to SYNERR)
        JMP SYNERR
_done:  RTS
.scend

; P_STRCOMPARE - after a string operand and comparison A: emit the string
; comparison token, then a string operand must follow.  Out: ED_TYPE = 0.
.scope
P_STRCOMPARE:
        CLC
        ADC #TOK_O_SLE-TOK_O_NLE
        JSR EMIT
        JSR P_OPERAND
        BPL SYNBAD1
        LDA #0
        STA ED_TYPE
        RTS
.scend

; ---------------------------------------------------------------------------
; P_OPERAND - one operand: a unary + - NOT with its operand, ( expression ),
; a string constant, a number, a function call, a variable (with
; subscripts).  Out: ED_TYPE, and A = ED_TYPE (N set for a string).
; (Every way out ends in NUMBER or STRING, so N is A's bit 7.)
; ---------------------------------------------------------------------------
.scope
P_OPERAND:
        TSX                     ; too deeply nested for our stack
        CPX #STACKMIN
        BCC _bad
        LDA #TOK_O_NOT          ; a unary operator and its operand (it
        JSR TRYWORD             ; leaves ED_TYPE = 0, N clear)
        BCC P_NUMOPERAND
        LDA #TOK_O_UPLUS        ; unary "+" "-"
        LDX #TOK_O_UMINUS
        JSR TRYRANGE
        BCC P_NUMOPERAND
        LDA #TOK_O_LPAREN
        JSR TRYWORD
        BCC _paren
        LDY CIX
        LDA LBUFF,Y
        CMP #CH_QUOTE
        BEQ P_STRCONST
        CMP #CH_DOT
        BEQ _number
        JSR ISDIGIT
        BCC _number
        STY ED_VSTART           ; (Y = CIX)
        LDA #TOK_O_STR          ; a function name and "(": a call
        LDX #TOK_O_STRIG
        JSR MATCHRANGE
        BCS _var
        PHA
        LDA #TOK_O_FLPAREN
        JSR MATCHOP
        PLA
        BCC P_FUNCTION
        LDY ED_VSTART           ; no "(": back to the name's start, a
        STY CIX                 ; variable (INTEREST, LENGTH, COST)
_var:   JMP P_VARREF
_paren: JSR P_EXP
        JSR EXPECTRP
        JMP NUMBER
_bad:   JMP SYNERR
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
.scend                          ; (on into NUMBER)

; NUMBER / STRING - ED_TYPE and A := 0 (a number) / $80 (a string)
.scope
NUMBER: LDA #0
        BEQ +
STRING: LDA #$80
*       STA ED_TYPE
        RTS
.scend

; ISDIGIT - C clear if A is "0"-"9";  ISLETTER - C clear if "A"-"Z"
.scope
ISDIGIT:
        CMP #'0
        BCC _no
        CMP #'9+1
        RTS
ISLETTER:
        CMP #'A
        BCC _no
        CMP #'Z+1
        RTS
_no:    SEC
        RTS
.scend

; P_STRCONST - a string constant: up to the closing quote or the end of
; the line (a missing closing quote is allowed, as in Atari BASIC)
.scope
P_STRCONST:
        LDA #TOK_O_SCONST
        JSR EMIT
        LDX COX                 ; where the length goes
        JSR EMIT
_char:  INY
        LDA LBUFF,Y
        CMP #EOL
        BEQ _end
        CMP #CH_QUOTE
        BEQ _close
        JSR EMIT
        BNE _char               ; (always: EMIT leaves COX > 0)
_close: INY
_end:   STY CIX
        TXA                     ; length = COX - (its index + 1)
        TAY                     ; (C set: the CMP found EOL or the quote)
        SBC COX
        EOR #$FF
        STA (LOMEM),Y
        JMP STRING
.scend

; P_FUNCTION - a function call; A = its token, CIX past its "(" (nothing
; emitted yet).  STR$ and CHR$ give a string, the others a number; ASC VAL
; LEN ADR take a string, USR one or more numbers separated by ",", the
; others one number.
.scope
P_FUNCTION:
        PHA
        LDX #TOK_O_FLPAREN
        JSR EMIT2               ; the token and its "("
        PLA
        PHA
        CMP #TOK_O_ASC
        BCC _num
        CMP #TOK_O_ADR+1
        BCS _num
        JSR P_SEXP
        BCS _close              ; (always: P_SEXP leaves C set)
_num:   JSR P_EXP
        PLA
        PHA
        CMP #TOK_O_USR
        BNE _close
        JSR TRYCOMMA
        BCC _num
_close: JSR EXPECTRP
        PLA
        CMP #TOK_O_USR          ; STR$ and CHR$: strings
        BCC STRING
        BCS NUMBER
.scend

; ---------------------------------------------------------------------------
; SCANNAME - a variable name at CIX: a letter, then letters and digits.
; Out: ED_VSTART, ED_VLEN; CIX after it; A = the character after it.
; A syntax error if there is no letter.
; ---------------------------------------------------------------------------
.scope
SCANNAME:
        JSR SKIPBL
        STY ED_VSTART
        JSR ISLETTER
        BCS _bad
        LDX #0                  ; the length
_next:  INX
        INY
        LDA LBUFF,Y
        JSR ISDIGIT
        BCC _next
        JSR ISLETTER
        BCC _next
        STY CIX
        STX ED_VLEN
        RTS
_bad:
SYNBAD2:                        ; (a branch's way to SYNERR)
        JMP SYNERR
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
; string, a substring A$(I) or A$(I,J).  Out: ED_TYPE (and A, N).
; ---------------------------------------------------------------------------
.scope
P_VARREF:
        JSR SCANNAME
        CMP #CH_DOLLAR
        BEQ _string
        JSR SKIPBL
        CMP #CH_LPAREN          ; an array: its name ends in "("
        BEQ +
        LDA #0                  ; a number
*       JSR EMITVAR
        LDA ED_VSUFX
        BEQ _num
        LDA #TOK_O_ALPAREN
        JSR _subs
_num:   JMP NUMBER
_string:
        INC CIX
        JSR EMITVAR             ; (A = "$")
        JSR SKIPBL
        CMP #CH_LPAREN
        BNE _str
        LDA #TOK_O_SLPAREN
        JSR _subs
_str:   JMP STRING
_subs:  INC CIX                 ; the "(" at CIX: token A, subscripts, ")"
        JSR EMIT
.scend
; P_SUBSCRIPTS - "I)" or "I,J)" after an opening parenthesis
.scope
P_SUBSCRIPTS:
        JSR P_EXP
        LDA #TOK_O_ACOMMA
        JSR OPTEXP
        JMP EXPECTRP
.scend

; P_NSVAR - a numeric or a string variable without subscripts (INPUT and
; READ: Atari BASIC's variable-list rule, The Atari BASIC Source Book's
; syntax tables; COMPUTE! 52, p. 10: "READ X(I) is just as illegal as
; INPUT X(I)");  P_NVAR - a numeric variable, not an array
.scope
P_NSVAR:
        JSR SCANNAME
        CMP #CH_DOLLAR
        BNE _num
        INC CIX                 ; (A = "$")
        BNE _plain              ; (always)
P_NVAR: JSR SCANNAME
        CMP #CH_DOLLAR
        BEQ SYNBAD2
_num:   LDA #0
_plain: TAX                     ; (the suffix)
        JSR SKIPBL
        CMP #CH_LPAREN          ; no subscripts
        BEQ SYNBAD2
        TXA
        JMP EMITVAR
.scend

; P_SHARP - "#" and an expression (an IOCB number)
; WORDEXP - operator A (NEEDWORD), then a numeric expression
.scope
P_SHARP:
        LDA #TOK_O_SHARP
WORDEXP:
        JSR NEEDWORD
        JMP P_EXP
.scend

; ---------------------------------------------------------------------------
; STMTSYN - check the operands of statement A (its token emitted) with its
; program in SY_BASE: codes 1-6 in turn up to SY_END, or a code 7 and up
; that hands the rest to the statement's own routine.
; Out: C set = the statement is complete (":" or EOL must follow);
; C clear = an IF's THEN: another statement begins at CIX.
; ---------------------------------------------------------------------------
.scope
STMTSYN:
        TAX
        LDA SYNOFF,X            ; the offset of its program
_code:  PHA
        TAX
        LDA SY_BASE,X
        BEQ _end                ; SY_END
        CMP #SY_RAW
        BCS _tail               ; the statement's own routine
        JSR _go
        PLA                     ; the next code
        CLC
        ADC #1
        BNE _code               ; (always)
_end:   PLA
        SEC
        RTS
_tail:  TAY                     ; (the offset off the stack: the routine
        PLA                     ; returns for STMTSYN)
        TYA
_go:    TAX                     ; RTS to the routine for code X
        LDA SYJUMP-1,X
        PHA
        LDA SYJUMP+SY_READ-1,X
        PHA
        RTS
.scend

; P_OPTEND - (code SY_OPTEND) if the statement ends here, it is complete:
; return from STMTSYN with C set
.scope
P_OPTEND:
        JSR ATEND
        BNE _more
        PLA                     ; (STMTSYN's JSR _go and its offset)
        PLA
        PLA
_more:  RTS
.scend

; SYJUMP - the routines of the codes 1-17 (high bytes, then low bytes; -1
; for RTS)
SYJUMP: .byte >[P_EXP-1], >[P_SEXP-1], >[P_NVAR-1], >[P_COMMA-1], >[P_SHARP-1]
        .byte >[P_OPTEND-1], >[S_RAW-1], >[S_INPUT-1], >[S_LIST-1], >[S_LET-1]
        .byte >[S_IF-1], >[S_FOR-1], >[S_DIM-1], >[S_ON-1], >[S_PRINT-1]
        .byte >[S_LPRINT-1], >[S_VARLIST-1]
        .byte <[P_EXP-1], <[P_SEXP-1], <[P_NVAR-1], <[P_COMMA-1], <[P_SHARP-1]
        .byte <[P_OPTEND-1], <[S_RAW-1], <[S_INPUT-1], <[S_LIST-1], <[S_LET-1]
        .byte <[S_IF-1], <[S_FOR-1], <[S_DIM-1], <[S_ON-1], <[S_PRINT-1]
        .byte <[S_LPRINT-1], <[S_VARLIST-1]

; ---------------------------------------------------------------------------
; The statements' syntax programs (Atari BASIC Reference Manual); they all
; lie in one page after SY_BASE, SYNOFF holds their offsets by token
; ---------------------------------------------------------------------------
.scope
SY_BASE:
_4exp:  .byte SY_EXP, SY_COMMA
_3exp:  .byte SY_EXP, SY_COMMA
_2exp:  .byte SY_EXP, SY_COMMA
_1exp:  .byte SY_EXP
_none:  .byte SY_END
_osexp: .byte SY_OPTEND
_1sexp: .byte SY_SEXP, SY_END
_oexp:  .byte SY_OPTEND, SY_EXP, SY_END
_xio:   .byte SY_EXP, SY_COMMA
_open:  .byte SY_SHARP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_COMMA, SY_SEXP, SY_END
_point: .byte SY_SHARP, SY_COMMA, SY_EXP, SY_COMMA, SY_EXP, SY_END
_put:   .byte SY_SHARP, SY_COMMA, SY_EXP, SY_END
_loc:   .byte SY_EXP, SY_COMMA, SY_EXP, SY_COMMA
_nvar:  .byte SY_NVAR, SY_END
_note:  .byte SY_SHARP, SY_COMMA, SY_NVAR, SY_COMMA, SY_NVAR, SY_END
_stat:  .byte SY_SHARP, SY_COMMA, SY_NVAR, SY_END
_close: .byte SY_SHARP, SY_END
_raw:   .byte SY_RAW
_input: .byte SY_INPUT
_list:  .byte SY_LIST
_let:   .byte SY_LET
_if:    .byte SY_IF
_for:   .byte SY_FOR
_dim:   .byte SY_DIM
_on:    .byte SY_ON
_print: .byte SY_PRINT
_lprt:  .byte SY_LPRINT
_read:  .byte SY_READ
.checkpc SY_BASE+$FF

; SYNOFF - the syntax program of each statement token 0-55
SYNOFF: .byte _raw-SY_BASE, _raw-SY_BASE, _input-SY_BASE, _1exp-SY_BASE             ; REM DATA INPUT COLOR
        .byte _list-SY_BASE, _1sexp-SY_BASE, _let-SY_BASE, _if-SY_BASE              ; LIST ENTER LET IF
        .byte _for-SY_BASE, _nvar-SY_BASE, _1exp-SY_BASE, _1exp-SY_BASE             ; FOR NEXT GOTO GO TO
        .byte _1exp-SY_BASE, _1exp-SY_BASE, _none-SY_BASE, _none-SY_BASE            ; GOSUB TRAP BYE CONT
        .byte _dim-SY_BASE, _close-SY_BASE, _none-SY_BASE, _none-SY_BASE            ; COM CLOSE CLR DEG
        .byte _dim-SY_BASE, _none-SY_BASE, _none-SY_BASE, _open-SY_BASE             ; DIM END NEW OPEN
        .byte _1sexp-SY_BASE, _1sexp-SY_BASE, _stat-SY_BASE, _note-SY_BASE          ; LOAD SAVE STATUS NOTE
        .byte _point-SY_BASE, _xio-SY_BASE, _on-SY_BASE, _2exp-SY_BASE              ; POINT XIO ON POKE
        .byte _print-SY_BASE, _none-SY_BASE, _read-SY_BASE, _oexp-SY_BASE           ; PRINT RAD READ RESTORE
        .byte _none-SY_BASE, _osexp-SY_BASE, _none-SY_BASE, _none-SY_BASE           ; RETURN RUN STOP POP
        .byte _print-SY_BASE, _stat-SY_BASE, _put-SY_BASE, _1exp-SY_BASE            ; ? GET PUT GRAPHICS
        .byte _2exp-SY_BASE, _2exp-SY_BASE, _none-SY_BASE, _2exp-SY_BASE            ; PLOT POSITION DOS DRAWTO
        .byte _3exp-SY_BASE, _loc-SY_BASE, _4exp-SY_BASE, _lprt-SY_BASE             ; SETCOLOR LOCATE SOUND LPRINT
        .byte _none-SY_BASE, _none-SY_BASE, _let-SY_BASE, _none-SY_BASE             ; CSAVE CLOAD (LET) (ERROR-)
.scend

; ---------------------------------------------------------------------------
; The statements with their own routines (each returns as STMTSYN does:
; C set = complete)
; ---------------------------------------------------------------------------

; S_RAW - REM and DATA: the rest of the line as typed, with its EOL
.scope
S_RAW:  JSR SKIPBL
_char:  LDA LBUFF,Y
        JSR EMIT
        INY
        CMP #EOL
        BNE _char
        RTS                     ; (C set: A = EOL; SYNTAX ends the line)
.scend

; S_LET - LET and the implied LET: a variable, "=", an expression of its type
.scope
S_LET:  JSR P_VARREF
        PHA
        ASL                     ; a string: TOK_O_SASSIGN
        LDA #TOK_O_NASSIGN
        ADC #0
        JSR NEEDWORD
        PLA
        TAX
        JMP P_XEXP
.scend

; S_IF - IF expression THEN line number, or THEN statements
.scope
S_IF:   JSR P_EXP
        LDA #TOK_O_THEN
        JSR NEEDWORD
        JSR SKIPBL
        CMP #CH_DOT
        BEQ _line
        JSR ISDIGIT
        BCC _line
        CLC                     ; another statement
        RTS
_line:  JMP P_EXP
.scend

; S_FOR - FOR variable = expression TO expression [STEP expression]
.scope
S_FOR:  JSR P_NVAR
        LDA #TOK_O_NASSIGN
        JSR WORDEXP
        LDA #TOK_O_TO
        JSR WORDEXP
        LDA #TOK_O_STEP
        JMP OPTEXP
.scend

; S_ON - ON expression GOTO|GOSUB expression {, expression}
.scope
S_ON:   JSR P_EXP
        LDA #TOK_O_ON_GOTO
        LDX #TOK_O_ON_GOSUB
        JSR TRYRANGE
        BCS _bad
_line:  JSR P_EXP
        JSR TRYCOMMA
        BCC _line
        RTS
_bad:
SYNBAD3:                        ; (a branch's way to SYNERR)
        JMP SYNERR
.scend

; S_DIM - DIM and COM: A(n) A(n,m) A$(n), separated by ","
.scope
S_DIM:  JSR SCANNAME
        CMP #CH_DOLLAR
        BEQ _string
        LDA #CH_LPAREN
        JSR EMITVAR
        LDA #TOK_O_LPAREN       ; "(" as the token DIM's arrays use
        JSR NEEDOP
        LDA #TOK_O_DLPAREN
        JSR EMIT
        JSR P_SUBSCRIPTS
        BNE _more               ; (always: EMIT leaves COX > 0)
_string:
        INC CIX
        JSR EMITVAR
        LDA #TOK_O_DSLPAREN
        JSR WORDEXP
        JSR EXPECTRP
_more:  JSR TRYCOMMA
        BCC S_DIM
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
S_LPRINT:
        JSR ATEND
        BEQ _done               ; (C set)
        JSR _sep
        BCC S_LPRINT
        JSR P_ANY               ; an expression: a separator or the end
        JSR _sep                ; must follow
        BCC S_LPRINT
        JSR ATEND
        BNE SYNBAD3
_done:  RTS
_sep:   JSR TRYCOMMA            ; "," or ";": C clear
        BCC _done
        LDA #TOK_O_SEMI
        JMP TRYWORD
.scend

; S_INPUT - INPUT [#iocb , or ;] variables;  S_VARLIST - READ (and
; INPUT's list): variables separated by ","
.scope
S_INPUT:
        JSR SKIPBL
        CMP #CH_SHARP
        BNE S_VARLIST
        JSR P_SHARP
        LDA #TOK_O_SEMI
        JSR TRYWORD
        BCC S_VARLIST
        JSR P_COMMA
S_VARLIST:
        JSR P_NSVAR
        JSR TRYCOMMA
        BCC S_VARLIST
        RTS
.scend

; S_LIST - LIST [file,] [line [,line]]  or  LIST file  (after a file name
; without "," the second OPTCEXP finds no "," either)
.scope
S_LIST: JSR ATEND
        BEQ _done
        JSR P_ANY
        BPL _lines
        JSR OPTCEXP             ; a file: line numbers may follow
_lines: JMP OPTCEXP
_done:  RTS
.scend
