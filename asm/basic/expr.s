; ===========================================================================
; expr.s - expression evaluation (the runtime side of the free Atari BASIC)
; ===========================================================================
;
; Expressions arrive in the statement table in infix order, as the tokenizer
; stored them (The Atari BASIC Source Book, chapter 7 "Execute Expression";
; operator token values from its Operator Name Table, see tokens.s).  The
; distinct tokens for string comparisons ($2F-$34), unary signs ($35/$36)
; and the different left parentheses ($37 string, $38 array, $3A function)
; tell the runtime what each operand is, so evaluation needs no look-back.
;
; Precedence, highest first (Atari BASIC Reference Manual, "Operator
; precedence"; The Atari BASIC Source Book, chapter 7):
;     ( )
;     string comparisons  <  >  =  <=  >=  <>
;     unary minus and plus          (so -2^2 is 4)
;     ^
;     *  /
;     +  -
;     numeric comparisons <  >  =  <=  >=  <>
;     NOT
;     AND
;     OR
; Operators of equal precedence group from the left (2^3^2 is 64).
;
; This code evaluates by precedence climbing: EXPR(level) reads an operand,
; then applies every binary operator whose level is at least `level`,
; reading each right operand with EXPR(operator level + 1).  Pending left
; operands wait on the argument stack ARGSTK (six bytes per entry); the
; current value is always in FR0.  VTYPE tells what FR0 holds:
;     VTYPE = 0    a number (six bytes of BCD floating point)
;     VTYPE = $80  a string: FR0/FR0+1 address, FR0+2/FR0+3 length,
;                  FR0+4/FR0+5 its DIM size (0 for constants and results)
; All arithmetic goes through the OS math pack (FADD, FSUB, FMUL, FDIV ...).
; ===========================================================================

; ---------------------------------------------------------------------------
; NEXT_TOKEN - A = token at STINDEX, STINDEX advanced; Y = the old STINDEX
; PEEK_TOKEN - A = token at STINDEX, Y = STINDEX (nothing consumed)
; ---------------------------------------------------------------------------
.scope
NEXT_TOKEN:
        LDY STINDEX
        INC STINDEX
        LDA (STMCUR),Y
        RTS
.scend

.scope
PEEK_TOKEN:
        LDY STINDEX
        LDA (STMCUR),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; EVAL_NUM - evaluate a numeric expression at STINDEX into FR0
; EVAL_ANY - evaluate any expression (number or string); VTYPE says which
; EVAL_STR - evaluate a string expression: FR0/1 address, FR0+2/3 length
; EVAL_INT - a numeric expression rounded to 0..65535 (error 3 otherwise):
;            A = low byte, X = high byte (also in FR0/FR0+1)
; EVAL_BYTE - EVAL_INT limited to 0..255 (error 3 otherwise), in A and X
; All stop before the first token that cannot continue the expression.
; ---------------------------------------------------------------------------
.scope
EVAL_NUM:
        JSR EVAL_ANY
        BIT VTYPE
        BMI TYPE_ERROR
        RTS
.scend

.scope
EVAL_STR:
        JSR EVAL_ANY
        BIT VTYPE
        BPL TYPE_ERROR
        RTS
.scend

; A string where a number belongs or the other way round: only a program
; altered behind the tokenizer's back gets here.  Atari BASIC's nearest
; error is 3 (value error).
.scope
TYPE_ERROR:
        JMP E_VALUE
.scend

.scope
EVAL_INT:
        JSR EVAL_NUM
        ; fall into FR0_TO_INT
.scend

; FR0_TO_INT - FR0 rounded to an integer 0..65535 (FPI); error 3 outside.
; Returns A = low, X = high.
.scope
FR0_TO_INT:
        JSR FPI
        BCS TYPE_ERROR          ; (error 3)
        LDA FR0
        LDX FR0+1
        RTS
.scend

; FR0_TO_BYTE - FR0 rounded to 0..255 (error 3 otherwise), in A and X
.scope
EVAL_BYTE:
        JSR EVAL_NUM
FR0_TO_BYTE:
        JSR FR0_TO_INT
        CPX #0
        BNE TYPE_ERROR          ; (error 3)
        TAX
        RTS
.scend

; ---------------------------------------------------------------------------
; EXPR - evaluate operators of level >= A (see the table above)
; The minimum level stays on the 6502 stack while the loop runs; a pending
; operator and its left operand wait on the 6502 stack and ARGSTK.
; ---------------------------------------------------------------------------
.alias LVL_OR   1
.alias LVL_AND  2
.alias LVL_NOT  3
.alias LVL_REL  4
.alias LVL_ADD  5
.alias LVL_MUL  6
.alias LVL_POW  7

.scope
EVAL_ANY:
        LDA #LVL_OR
        ; fall into EXPR
.scend
.scope
EXPR:
        PHA                     ; the minimum level
        JSR UNARY
_loop:  LDY STINDEX
        LDA (STMCUR),Y
        SEC
        SBC #TOK_O_NLE             ; binary operators are $1D-$2A
        CMP #[TOK_O_AND-TOK_O_NLE+1]
        BCS _done
        TAX
        LDA OP_LEVEL,X
        BEQ _done               ; NOT is not a binary operator
        STA RT_LEVEL
        PLA
        PHA
        CMP RT_LEVEL            ; minimum > this operator's level: done
        BEQ _take
        BCS _done
_take:  INC STINDEX
        LDA (STMCUR),Y
        PHA                     ; the operator
        JSR PUSH_FR0            ; the left operand
        LDX RT_LEVEL
        INX
        TXA
        JSR EXPR                ; the right operand into FR0
        JSR FMOVE               ; FR1 = right
        JSR POP_FR0             ; FR0 = left
        PLA
        JSR APPLY_OP
        JMP _loop
_done:  PLA
        RTS
.scend

; Level of each binary operator token $1D-$2A (0 = not binary).
OP_LEVEL:
        .byte LVL_REL, LVL_REL, LVL_REL, LVL_REL, LVL_REL, LVL_REL   ; <= <> >= < > =
        .byte LVL_POW, LVL_MUL, LVL_ADD, LVL_ADD, LVL_MUL            ; ^ * + - /
        .byte 0, LVL_OR, LVL_AND                                     ; NOT OR AND

; ---------------------------------------------------------------------------
; APPLY_OP - FR0 = FR0 (op) FR1 for the binary operator token in A
; ---------------------------------------------------------------------------
.scope
APPLY_OP:
        CMP #TOK_O_POWER
        BCC _compare
        CMP #TOK_O_OR
        BEQ _or
        BCS _and
        SBC #TOK_O_POWER-1      ; ^ * + - /: 0-4 (C clear)
        ASL
        TAX
        LDA _arith+1,X          ; the routine, through RTS
        PHA
        LDA _arith,X
        PHA
        RTS
_arith: .word FPOWER-1, FMUL_CHK-1, FADD_CHK-1, FSUB_CHK-1, FDIV_CHK-1
_and:   LDA FR0                 ; AND: both nonzero
        BEQ BOOL_RESULT
        LDA FR1
        JMP BOOL_RESULT
_or:    LDA FR0
        ORA FR1
        JMP BOOL_RESULT
_compare:
        SEC                     ; numeric comparison: its index 0-5
        SBC #TOK_O_NLE
        PHA
        JSR FCOMPARE            ; A = 1 (<), 2 (=) or 4 (>)
        JMP REL_RESULT
.scend

; REL_RESULT - (jump here) A = the relation found (1, 2 or 4), the
; comparison's index 0-5 on the 6502 stack: FR0 = 1 if it holds, else 0
; BOOL_RESULT - FR0 = 1 if A is nonzero, else 0; a number either way
.scope
REL_RESULT:
        STA RT_LEVEL
        PLA
        TAX
        LDA REL_MASK,X
        AND RT_LEVEL
        ; fall into BOOL_RESULT
.scend
.scope
BOOL_RESULT:
        LDX #0
        STX VTYPE
        TAX
        BNE FR0_ONE
        JMP ZFR0
.scend

; FR0_ONE - FR0 = 1 (a number)
.scope
FR0_ONE:
        LDX #<[FP_CONSTS+K_ONE]
        LDY #>[FP_CONSTS+K_ONE]
        JMP FLD0R
.scend

; Which results of a comparison make each relational operator true,
; in token order <= <> >= < > = (1 = less, 2 = equal, 4 = greater).
REL_MASK:
        .byte 3, 5, 6, 1, 4, 2

; CHECK_FP - after a math pack call: carry set means overflow or division
; by zero, which Atari BASIC reports as error 11.
.scope
CHECK_FP:
        BCS _e_fpovf
        RTS
_e_fpovf:JMP E_FPOVF
.scend


; ---------------------------------------------------------------------------
; FCOMPARE - compare FR0 with FR1 exactly: A = 1 if FR0 < FR1, 2 if equal,
; 4 if FR0 > FR1.  Normalised BCD numbers compare like their bytes: the
; sign first, then exponent and digits (reversed for negative numbers).
; ---------------------------------------------------------------------------
.scope
FCOMPARE:
        LDX #0
_byte:  LDA FR0,X
        CMP FR1,X
        BNE _differ
        INX
        CPX #6
        BNE _byte
        LDA #2
        RTS
_differ:
        LDA #4                  ; carry set: FR0's byte is larger
        BCS +
        LDA #1
*       BIT FR0                 ; either one negative: the other way round
        BMI _flip               ; (both negative: the larger magnitude is
        BIT FR1                 ; less; signs differ: the bytes compare
        BPL _done               ; the wrong way, the sign bit first)
_flip:  EOR #5
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; PUSH_FR0 / POP_FR0 - the argument stack ARGSTK (error 10 when full)
; ---------------------------------------------------------------------------
.alias ARGSTK_SIZE 84           ; 14 pending operands

.scope
PUSH_FR0:
        LDA ARSLVL
        CMP #ARGSTK_SIZE
        BCS ARGSTK_FULL
        ADC #6                  ; (C clear)
        STA ARSLVL
        TAX
        LDY #5
*       DEX
        LDA FR0,Y
        STA ARGSTK,X
        DEY
        BPL -
        RTS
.scend

; ARGSTK_FULL - the argument stack or the 6502 stack is full: error 10
.scope
ARGSTK_FULL:
        JMP E_ARGSTK
.scend

.scope
POP_FR0:
        LDX ARSLVL
        TXA
        SEC
        SBC #6
        STA ARSLVL
        LDY #5
*       DEX
        LDA ARGSTK,X
        STA FR0,Y
        DEY
        BPL -
        RTS
.scend

; ---------------------------------------------------------------------------
; UNARY - one operand with its unary operators: a constant, a variable, an
; array element, a (sub)string, a function, ( expression ), -x, +x, NOT x.
; A string operand followed by a string comparison is compared at once
; (string comparisons bind tightest), which yields a number.
; ---------------------------------------------------------------------------
.scope
_variable:                      ; (the operand's token in A)
        JSR VAR_ENTRY           ; (A = the type, Y = 0)
        BMI _strvar
        JSR NUM_VAR_ADDR        ; scalar or array element -> VALPTR
        LDY #5
*       LDA (VALPTR),Y
        STA FR0,Y
        DEY
        BPL -
        INY
        STY VTYPE
        RTS
_strvar:
        JSR STRING_VALUE
        JMP STRING_TAIL
_e_syntax:
        JMP E_SYNTAX

UNARY:
        TSX                     ; nested too deep for the 6502 stack
        CPX #$40                ; (-----X, NOT NOT ..., ((((X)))) ): error 10
        BCC ARGSTK_FULL
        JSR NEXT_TOKEN
        CMP #$80
        BCS _variable
        CMP #TOK_O_NCONST
        BEQ _number
        CMP #TOK_O_SCONST
        BEQ _string
        CMP #TOK_O_UMINUS
        BEQ _minus
        CMP #TOK_O_UPLUS
        BEQ UNARY
        CMP #TOK_O_NOT
        BEQ _not
        CMP #TOK_O_LPAREN
        BEQ _paren
        CMP #TOK_O_STR
        BCC _e_syntax
        CMP #[TOK_O_STRIG+1]
        BCS _e_syntax
        JSR FUNCTION
        BIT VTYPE
        BMI STRING_TAIL
        RTS

_number:                        ; $0E and six bytes of BCD
        LDX #0
        STX VTYPE
*       INY
        LDA (STMCUR),Y
        STA FR0,X
        INX
        CPX #6
        BNE -
        INY
        STY STINDEX
        RTS

_minus: JSR UNARY
NEGATE_FR0:                     ; (FR0 = -FR0; zero stays zero)
        LDA FR0
        BEQ +
        EOR #$80
        STA FR0
*       RTS

_not:   LDA #LVL_REL
        JSR EXPR
        LDA FR0                 ; 1 if FR0 is 0, else 0
        CMP #1
        LDA #0
        ROL
        EOR #1
        JMP BOOL_RESULT

_paren: JSR EVAL_ANY
        INC STINDEX             ; the ")"
        RTS

_string:                        ; $0F, length, characters
        INY
        LDA (STMCUR),Y          ; length
        STA FR0+2
        INY
        TYA
        CLC
        ADC STMCUR
        STA FR0
        LDA #0
        STA FR0+3
        STA FR0+4
        STA FR0+5
        ADC STMCUR+1
        STA FR0+1
        TYA
        CLC
        ADC FR0+2
        STA STINDEX
        ; fall into STRING_TAIL
.scend

; STRING_TAIL - a string is in FR0; if a string comparison follows, compare.
.scope
STRING_TAIL:
        LDA #$80
        STA VTYPE
        JSR PEEK_TOKEN
        CMP #TOK_O_SLE
        BCC _done
        CMP #[TOK_O_SEQ+1]
        BCS _done
        INC STINDEX
        SEC
        SBC #TOK_O_SLE          ; the comparison's index 0-5
        PHA
        JSR PUSH_FR0            ; the left string
        JSR UNARY               ; the right string
        JSR FMOVE               ; FR1 = right
        JSR POP_FR0             ; FR0 = left
        JSR STRCOMPARE          ; 1 / 2 / 4
        JMP REL_RESULT
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; STRCOMPARE - compare the string in FR0 with the one in FR1 byte by byte
; (ATASCII codes); a string that is the start of the other is the smaller.
; A = 1 (FR0 < FR1), 2 (equal), 4 (FR0 > FR1).  Uses RT_T0/RT_T1.
; ---------------------------------------------------------------------------
.scope
STRCOMPARE:
        LDY #0
_next:  LDA FR0+2               ; the left string ended?
        ORA FR0+3
        BEQ _left_end
        LDA FR1+2               ; the right one?
        ORA FR1+3
        BEQ _greater
        LDA (FR0),Y
        CMP (FR1),Y
        BCC _less
        BNE _greater
        LDX #FR1-FR0            ; both pointers on, both lengths down
_step:  INC FR0,X
        BNE +
        INC FR0+1,X
*       LDA FR0+2,X
        BNE +
        DEC FR0+3,X
*       DEC FR0+2,X
        TXA
        BEQ _next               ; FR0's done too
        LDX #0
        BEQ _step
_left_end:
        LDA FR1+2
        ORA FR1+3
        BNE _less
        LDA #2
        RTS
_less:  LDA #1
        RTS
_greater:
        LDA #4
        RTS
.scend

; ---------------------------------------------------------------------------
; NEXT_VAR - the variable token at STINDEX (consumed), into VAR_ENTRY.
; LET, DIM, READ and INPUT begin so.
; ---------------------------------------------------------------------------
.scope
NEXT_VAR:
        LDY STINDEX
        INC STINDEX
        LDA (STMCUR),Y
        ; fall into VAR_ENTRY
.scend

; ---------------------------------------------------------------------------
; VAR_ENTRY - VVTPTR = address of the variable value table entry of the
; variable token in A ($80 + number): VVTP + 8 * number; then A = the
; entry's type byte (N set for a string), Y = 0, C clear.  Each entry is 8
; bytes (The Atari BASIC Source Book, chapter 3; De Re Atari, chapter 10):
;   byte 0  type: $00 number, $40 array ($41 dimensioned),
;                 $80 string ($81 dimensioned)
;   byte 1  the variable number
;   bytes 2-7  number: its value; array: offset from STARP, first DIM + 1,
;              second DIM + 1; string: offset from STARP, length, DIM.
; ---------------------------------------------------------------------------
.scope
VAR_ENTRY:
        LDX #0
        STX VVTPTR+1
        ASL                     ; 2 * number (bit 7, the $80, drops out)
        ASL
        ROL VVTPTR+1
        ASL
        ROL VVTPTR+1
        CLC
        ADC VVTP
        STA VVTPTR
        LDA VVTPTR+1
        ADC VVTP+1
        STA VVTPTR+1
        LDY #0
        LDA (VVTPTR),Y
        RTS
.scend

; ---------------------------------------------------------------------------
; NUM_VAR_ADDR - VALPTR = address of the six value bytes of the numeric
; variable at VVTPTR: the scalar's own entry, or the array element named by
; the subscripts that follow at STINDEX ( "(" I [ "," J ] ")" ).
; In: A = its type byte, Y = 0 (as VAR_ENTRY leaves them).
; Error 9 for an undimensioned array or a subscript out of range.
; ---------------------------------------------------------------------------
.scope
NUM_VAR_ADDR:
        AND #$40
        BNE _array
        LDA VVTPTR
        CLC
        ADC #2
        STA VALPTR
        LDA VVTPTR+1
        ADC #0
        STA VALPTR+1
        RTS
_array: LDA (VVTPTR),Y
        LSR                     ; bit 0: dimensioned
        BCC _e_dim
        JSR SUBSCRIPTS          ; RT_I, RT_J (VVTPTR kept)
        ; I < DIM1+1 and J < DIM2+1
        LDX #0
        LDY #4
_check: LDA RT_I,X
        CMP (VVTPTR),Y
        INY
        LDA RT_I+1,X
        SBC (VVTPTR),Y
        BCS _e_dim
        INY
        INX
        INX
        CPX #4
        BNE _check
        ; VALPTR = (I * (DIM2+1) + J) * 6 + STARP + offset
        LDY #6
        LDA (VVTPTR),Y
        STA RT_T0
        INY
        LDA (VVTPTR),Y
        STA RT_T0+1
        JSR MUL_I_T0            ; VALPTR = RT_I * RT_T0
        CLC
        LDA VALPTR
        ADC RT_J
        STA VALPTR
        LDA VALPTR+1
        ADC RT_J+1
        STA VALPTR+1
        JSR TIMES6
        JMP ADD_AREA_OFFSET
_e_dim: JMP E_DIM
.scend

; ADD_AREA_OFFSET - VALPTR += STARP + the offset in bytes 2-3 of the entry
.scope
ADD_AREA_OFFSET:
        LDY #2
        CLC
        LDA VALPTR
        ADC (VVTPTR),Y
        STA VALPTR
        INY
        LDA VALPTR+1
        ADC (VVTPTR),Y
        STA VALPTR+1
        CLC
        LDA VALPTR
        ADC STARP
        STA VALPTR
        LDA VALPTR+1
        ADC STARP+1
        STA VALPTR+1
        RTS
.scend

; MUL_I_T0 - RT_T2:VALPTR = RT_I * RT_T0 (32 bits; RT_T0 is consumed).
; For an array element the high word is always 0 (the array fits in memory);
; DIM checks it.  RT_T0 = 1 (every element of a one-dimensional array:
; DIM2+1) is the product RT_I at once.
.scope
MUL_I_T0:
        LDA #0
        STA RT_T2
        STA RT_T2+1
        LDX RT_T0+1
        BNE _mul
        LDX RT_T0
        DEX
        BNE _mul
        LDA RT_I
        STA VALPTR
        LDA RT_I+1
        STA VALPTR+1
        RTS
_mul:   LDX #16
_bit:   LSR RT_T0+1
        ROR RT_T0
        BCC _shift
        CLC
        LDA RT_T2
        ADC RT_I
        STA RT_T2
        LDA RT_T2+1
        ADC RT_I+1
        STA RT_T2+1
_shift: ROR RT_T2+1
        ROR RT_T2
        ROR VALPTR+1
        ROR VALPTR
        DEX
        BNE _bit
        RTS
.scend

; TIMES6 - VALPTR = VALPTR * 6; carry set if it overflowed 16 bits
.scope
TIMES6:
        LDA VALPTR              ; times 2 ...
        ASL
        STA VALPTR
        ROL VALPTR+1
        BCS _done
        LDX VALPTR+1
        ASL                     ; ... plus times 4
        ROL VALPTR+1
        BCS _done
        ADC VALPTR
        STA VALPTR
        TXA
        ADC VALPTR+1
        STA VALPTR+1
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; SUBSCRIPTS - read "(" I [ "," J ] ")" at STINDEX into RT_I and RT_J
; (J = 0 and RT_JSET = 0 when there is no second subscript).  VVTPTR is
; preserved: the subscripts may themselves use variables and arrays.
; ---------------------------------------------------------------------------
.scope
SUBSCRIPTS:
        INC STINDEX             ; the "("
        LDA VVTPTR
        PHA
        LDA VVTPTR+1
        PHA
        JSR EVAL_INT
        PHA
        TXA
        PHA
        LDA #0
        STA RT_J
        STA RT_J+1
        STA RT_JSET
        JSR NEXT_TOKEN
        CMP #TOK_O_RPAREN
        BEQ _one
        JSR EVAL_INT
        STA RT_J
        STX RT_J+1
        DEC RT_JSET             ; $FF
        INC STINDEX             ; the ")"
_one:   PLA
        STA RT_I+1
        PLA
        STA RT_I
        PLA
        STA VVTPTR+1
        PLA
        STA VVTPTR
        RTS
.scend

; ---------------------------------------------------------------------------
; STRING_VALUE - the string variable at VVTPTR (and a substring "(" I
; [ "," J ] ")" if one follows) into FR0: address, length, DIM.
; Substring rules (Atari BASIC Reference Manual, "Strings"): positions
; count from 1; A$(I) runs from I to the current length, A$(I,J) from I to
; J; error 5 if I is 0, J < I or J beyond the current length.  Error 9 if
; the string was never dimensioned.
; ---------------------------------------------------------------------------
.scope
STRING_VALUE:
        JSR STRING_WHOLE
        JSR PEEK_TOKEN
        CMP #TOK_O_SLPAREN
        BEQ +
        RTS
*       JSR PUSH_FR0
        JSR SUBSCRIPTS
        JSR POP_FR0
        ; J defaults to the current length
        BIT RT_JSET
        BMI +
        LDA FR0+2
        STA RT_J
        LDA FR0+3
        STA RT_J+1
*       LDA FR0+2               ; J <= length
        CMP RT_J
        LDA FR0+3
        SBC RT_J+1
        BCC STRLEN_ERROR
        ; fall into SUBSTRING
.scend

; SUBSTRING - FR0 (a string) narrowed to positions RT_I..RT_J, which must
; satisfy 1 <= I <= J (checked here; the caller checks J against the
; string's length or DIM).  Error 5 otherwise.  RT_I becomes I - 1.
.scope
SUBSTRING:
        LDA RT_I                ; RT_I = I - 1, error if I = 0
        BNE +
        LDA RT_I+1
        BEQ STRLEN_ERROR
        DEC RT_I+1
*       DEC RT_I
        ; length = J - (I - 1), error if J < I
        SEC
        LDA RT_J
        SBC RT_I
        STA FR0+2
        LDA RT_J+1
        SBC RT_I+1
        STA FR0+3
        BCC STRLEN_ERROR
        ORA FR0+2
        BEQ STRLEN_ERROR
        ; address += I - 1
        CLC
        LDA FR0
        ADC RT_I
        STA FR0
        LDA FR0+1
        ADC RT_I+1
        STA FR0+1
        RTS
STRLEN_ERROR:
        JMP E_STRLEN
.scend

; STRING_WHOLE - the whole string variable at VVTPTR into FR0 (error 9 if
; not dimensioned): address = STARP + offset, length, DIM.  In: A = its
; type byte (as VAR_ENTRY leaves it).
.scope
STRING_WHOLE:
        LSR
        BCC E_DIM               ; (errors.s follows: in reach)
        LDY #2
        CLC
        LDA (VVTPTR),Y
        ADC STARP
        STA FR0
        INY
        LDA (VVTPTR),Y
        ADC STARP+1
        STA FR0+1
*       INY
        LDA (VVTPTR),Y
        STA FR0-2,Y
        CPY #7
        BNE -
        LDA #$80
        STA VTYPE
        RTS
.scend
