; ===========================================================================
; func.s - the functions of Atari BASIC, and the ^ operator
; ===========================================================================
;
; A function token ($3D STR$ ... $54 STRIG, tokens.s) is followed by "(",
; its argument(s) and ")" (Atari BASIC Reference Manual, chapter 6
; "Functions").  FUNCTION reads "(" expression ")" for all but USR (which
; has a list) and dispatches; each handler leaves its result in FR0 and
; sets VTYPE (STR$ and CHR$ give strings, all others numbers).
; Arithmetic is the OS math pack's: FADD, FSUB, FMUL, FDIV, EXP, LOG,
; LOG10, EXP10, PLYEVL, IFP, FPI, AFP, FASC.
; ===========================================================================

; ---------------------------------------------------------------------------
; FUNCTION - the function whose token is in A (already read)
; ---------------------------------------------------------------------------
.scope
FUNCTION:
        CMP #TOK_O_USR
        BNE +
        JMP F_USR
*       PHA
        INC STINDEX             ; "("
        JSR EVAL_ANY
        INC STINDEX             ; ")"
        PLA
        SEC
        SBC #TOK_O_STR
        ASL
        TAX
        LDA FUNC_TABLE+1,X
        PHA
        LDA FUNC_TABLE,X
        PHA
        RTS                     ; to the handler
.scend

FUNC_TABLE:
        .word F_STR-1, F_CHR-1, F_USR-1, F_ASC-1, F_VAL-1, F_LEN-1
        .word F_ADR-1, F_ATN-1, F_COS-1, F_PEEK-1, F_SIN-1, F_RND-1
        .word F_FRE-1, F_EXP-1, F_LOG-1, F_CLOG-1, F_SQR-1, F_SGN-1
        .word F_ABS-1, F_INT-1, F_PADDLE-1, F_STICK-1, F_PTRIG-1, F_STRIG-1

; ---------------------------------------------------------------------------
; Small helpers
; ---------------------------------------------------------------------------

; LOAD1K - FR1 = the constant at FP_CONSTS+X
; ADDK / SUBK / MULK / DIVK - FR0 = FR0 (op) that constant; CMPK - compare
; FADD_CHK ... FDIV_CHK - the operation, error 11 on overflow
.scope
LOAD1K:
        LDY #0
*       LDA FP_CONSTS,X
        STA FR1,Y
        INX
        INY
        CPY #6
        BNE -
        RTS
.scend
.scope
CMPK:   JSR LOAD1K
        JMP FCOMPARE
.scend
.scope
ADDK:   JSR LOAD1K
FADD_CHK:
        JSR FADD
        JMP CHECK_FP
.scend
.scope
SUBK:   JSR LOAD1K
FSUB_CHK:
        JSR FSUB
        JMP CHECK_FP
.scend
.scope
MULK:   JSR LOAD1K
FMUL_CHK:
        JSR FMUL
        JMP CHECK_FP
.scend
.scope
DIVK:   JSR LOAD1K
FDIV_CHK:
        JSR FDIV
        JMP CHECK_FP
.scend

; NUMBER_RESULT_INT - FR0 = the integer A (low) / X (high); VTYPE = number
.scope
NUMBER_RESULT_INT:
        STA FR0
        STX FR0+1
        LDA #0
        STA VTYPE
        JMP IFP
.scend

; BYTE_RESULT - FR0 = the byte in A
.scope
BYTE_RESULT:
        LDX #0
        BEQ NUMBER_RESULT_INT
.scend

; ---------------------------------------------------------------------------
; Number functions
; ---------------------------------------------------------------------------

; ABS(x): the sign bit cleared
.scope
F_ABS:
        LDA FR0
        AND #$7F
        STA FR0
        RTS
.scend

; SGN(x): -1, 0 or 1
.scope
F_SGN:
        LDA FR0
        BEQ _done
        PHA
        JSR FR0_ONE
        PLA
        AND #$80
        ORA FR0
        STA FR0
_done:  RTS
.scend

; INT(x): the greatest integer not above x (Atari BASIC Reference Manual,
; INT: "INT(-3.5) is -4").  Digits below the units are cut off in BCD; a
; negative number that lost digits is one less.
.scope
F_INT:
FLOOR_FR0:
        LDA FR0
        BEQ _done
        AND #$7F
        SEC
        SBC #$40                ; the number of base-100 digits before the point - 1
        BCC _fraction
        CMP #4
        BCS _done               ; no fraction digits left
        TAX
        LDA #0
        STA RT_T0               ; nonzero if any digit is cut
        INX                     ; X = index of the first fraction byte - 1
*       INX
        CPX #6
        BCS _cut
        LDA FR0,X
        ORA RT_T0
        STA RT_T0
        LDA #0
        STA FR0,X
        BEQ -
_cut:   LDA RT_T0
        BEQ _done
        LDA FR0
        BPL _done
        JMP MINUS_ONE           ; negative: one less
_fraction:                      ; |x| < 1: 0, or -1 for a negative x
        LDA FR0
        BMI +
        JMP ZFR0
*       JSR FR0_ONE
        LDA #$C0
        STA FR0
_done:  RTS
.scend

; MINUS_ONE - FR0 = FR0 - 1
.scope
MINUS_ONE:
        LDX #K_ONE
        JMP SUBK
.scend

; EXP(x) = e^x, LOG(x) natural, CLOG(x) decimal (the math pack's EXP, LOG,
; LOG10).  Overflow: error 11; the logarithm of x <= 0: error 3.
.scope
F_EXP:
        JSR EXP
        JMP CHECK_FP
.scend
.scope
F_LOG:
        JSR LOG
        JMP CHECK_LOG
.scend
.scope
F_CLOG:
        JSR LOG10
        ; fall into CHECK_LOG
.scend
.scope
CHECK_LOG:
        BCS FUNC_VALUE_ERROR
        RTS
.scend

; FUNC_VALUE_ERROR - an argument out of the function's range: error 3
.scope
FUNC_VALUE_ERROR:
        JMP E_VALUE
.scend

; ---------------------------------------------------------------------------
; SQR(x): Atari BASIC Rev. C's own algorithm (The Atari BASIC Source Book,
; SQR), so that every root comes out digit for digit as there:
;  x = m * 100^e is scaled to x' = x / 100^(e+1), 0.01 <= x' < 1;
;  the first guess is y = x' * (2 - x');
;  then at most seven passes of d = (x'/y - y) * 0.5: d = 0 ends with y,
;  otherwise y = y + d; when the seventh pass still has d <> 0 the result
;  is the y that pass began with (Rev. C's FSCR1, the sum is dropped);
;  last the root of the scale, y * 10^(e+1).
; Rev. C scales with FDIV by [e+1, 01, 0...] and FMUL by [(e+1)/2, 01 or
; 10, 0...] and halves with FMUL by 0.5; here those three give the same
; bytes without the math pack (the first only sets x's exponent byte to
; $3F; the others shift the mantissa as FMUL's truncated product does), so
; a root costs its FDIVs and little else.  The seventh pass is not made:
; its d cannot change the result (d = 0 gives y, and so does the count).
; A better first guess would be faster but not the same: half of all roots
; end on the pass count with a y that still moves.  Error 3 for x < 0.
; ---------------------------------------------------------------------------
.scope
F_SQR:
        LDA FR0
        BNE +
        RTS                     ; SQR(0) = 0, as in Rev. C
*       BMI FUNC_VALUE_ERROR
        PHA                     ; x's exponent byte E = e + $40
        LDA #$3F
        STA FR0                 ; x' = x / 100^(e+1)
        JSR STORE_X             ; FTMP1 = x'
        LDX #K_TWO
        JSR SUBK                ; x' - 2
        LDX #<FTMP1
        LDY #>FTMP1
        JSR FLD1R
        JSR FMUL                ; (x' - 2) * x' = -y (the same digits)
        ASL FR0
        LSR FR0                 ; y = x' * (2 - x')
        LDA #5
        STA RT_CNT
_pass:  JSR FST_G               ; FTMP2 = y
        JSR FMOVE
        JSR LOAD_X
        JSR FDIV                ; x' / y
        JSR LOAD_G1
        JSR FSUB                ; x'/y - y
        LDA FR0
        BEQ _end                ; d = 0
        ; d = that * 0.5 as FMUL gives it: the mantissa and a zero byte
        ; (FRE), halved in BCD from the top, then _finish
        LDA #0
        STA FR0+6
        TAX                     ; A: the half carried from the byte above
_half:  STA RT_T0
        LDA FR0+1,X
        LSR                     ; C = the byte is odd
        PHP
        CLC
        ADC RT_T0
        TAY
        AND #$08                ; the tens digit was odd: its 8 is a 5
        BEQ +
        DEY
        DEY
        DEY
*       STY FR0+1,X
        LDA #0
        PLP
        BCC +
        LDA #$50
*       INX
        CPX #6
        BNE _half
        JSR _finish
        JSR LOAD_G1
        JSR FADD                ; y = d + y
        DEC RT_CNT
        BPL _pass
        BMI _scale              ; six sums: Rev. C's seventh pass keeps y whatever d is
_end:   LDX #<FTMP2
        LDY #>FTMP2
        JSR FLD0R               ; FR0 = y
_scale:
        ; y * 10^(e+1): t = e + 1; 100^(t/2) for an even t, 10 * 100^((t-1)/2)
        ; for an odd one, as FMUL's product: the exponent byte, and for the
        ; ten the mantissa and a zero byte (FRE) a digit to the right, then
        ; _finish
        PLA
        SEC
        SBC #$3F                ; t
        CMP #$80
        ROR                     ; t/2 rounded down, C = t odd
        PHP
        ADC FR0                 ; (+1 for the ten)
        STA FR0
        PLP
        BCC _done
        LDA #0
        STA FR0+6
        LDY #4
_right: LSR FR0+1
        ROR FR0+2
        ROR FR0+3
        ROR FR0+4
        ROR FR0+5
        ROR FR0+6
        DEY
        BNE _right
        ; _finish: FMUL's end for a six-byte mantissa FR0+1 ... FR0+6: a
        ; first byte 0 drops out (the exponent one less), else the sixth
_finish:LDA FR0+1
        BNE _done
        DEC FR0
        LDX #0
_drop:  LDY FR0+2,X
        STY FR0+1,X
        INX
        CPX #5
        BNE _drop
_done:  RTS
.scend

; STORE_X / LOAD_X - FR0 to/from FTMP1; FST_G - FR0 to FTMP2; LOAD_G1 - FR1 from it
.scope
STORE_X:
        LDX #<FTMP1
        LDY #>FTMP1
        JMP FST0R
.scend
.scope
LOAD_X:
        LDX #<FTMP1
        LDY #>FTMP1
        JMP FLD0R
.scend
.scope
FST_G:
        LDX #<FTMP2
        LDY #>FTMP2
        JMP FST0R
.scend
.scope
LOAD_G1:                        ; FR1 = FTMP2
        LDX #<FTMP2
        LDY #>FTMP2
        JMP FLD1R
.scend

; ---------------------------------------------------------------------------
; FPOWER - FR0 = FR0 ^ FR1 as Atari BASIC Rev. C computes it (The Atari
; BASIC Source Book, XPPOWER): x^0 = 1; 0^y = 0, error 3 for y < 0; a
; negative x needs an integer y (error 3) and is used as |x|, the result
; negative for an odd y; then 10^(y * LOG10(x)) through the math pack's
; LOG10, FMUL and EXP10 (error 11 on overflow).  When x and y are integers
; and y > 0, a result with digits after the point is rounded up at its
; units digit (so 2^2 is 4, not EXP10's 3.99999996).
; ---------------------------------------------------------------------------
.scope
FPOWER:
        LDA FR1
        BNE +
        JMP FR0_ONE             ; x^0 = 1
*       LDA FR0
        BNE _x
        LDA FR1                 ; 0^y = 0, error 3 for y < 0
        BMI _e_value
        RTS
_e_value:JMP E_VALUE
_x:     LDX #FR0
        JSR INT_TEST
        ROR RT_QUAD             ; (bit 5 at the end) x is an integer
        LDX #FR1
        JSR INT_TEST
        PHP                     ; C: y is an integer
        LDA FR0
        BPL _even
        PLP
        PHP
        BCC _e_value            ; x < 0 needs an integer y
        AND #$7F
        STA FR0
        LDY RT_CNT              ; y's units byte
        CPY #6
        BCS _even               ; 1E10 and beyond: even
        LDA FR1,Y
        LSR
        BCS _odd
_even:  CLC
_odd:   ROR RT_QUAD             ; (bit 6) negate the result
        PLP
        LDA FR1
        BPL +
        CLC                     ; y < 0: no rounding
*       ROR RT_QUAD             ; (bit 7) round up to an integer
        LDX #5                  ; y into FTMP2
*       LDA FR1,X
        STA FTMP2,X
        DEX
        BPL -
        JSR LOG10               ; of |x| > 0
        JSR LOAD_G1
        JSR FMUL_CHK
        JSR EXP10
        JSR CHECK_FP
        BIT RT_QUAD
        BVC +
        LDA FR0
        ORA #$80
        STA FR0
*       LDA RT_QUAD
        AND #$A0
        CMP #$A0
        BNE _done               ; not both integers with y > 0
        LDX #FR0
        JSR INT_TEST
        BCS _done               ; an integer already
        LDX RT_CNT              ; its units byte (x^y >= 1 here: INT_TEST
        TXA                     ; set it)
        TAY
        SED
        SEC
_up:    LDA FR0,X               ; one more at the units, carried up
        ADC #0
        STA FR0,X
        DEX
        BNE _up
        CLD
        BCC _cut
        INC FR0                 ; 99...+1: 1 and the exponent one more
        INC FR0+1
_cut:   INY                     ; the digits after the point go
        CPY #6
        BCS _done
        STX FR0,Y
        BCC _cut
_done:  RTS
.scend

; INT_TEST - C set if the number at zero page X (FR0 or FR1) has no digits
; after the point (zero and numbers below 1: clear); RT_CNT = the index of
; its units byte (1 = the first mantissa byte) for a number >= 1
.scope
INT_TEST:
        STX RT_T0
        LDY #0
        STY RT_T0+1
        LDA 0,X
        AND #$7F
        SEC
        SBC #$40
        BCC _ret                ; below 1
        TAY
        INY
        STY RT_CNT
_chk:   INY
        CPY #6
        BCS _ret                ; no bytes left: an integer
        LDA (RT_T0),Y
        BEQ _chk
        CLC
_ret:   RTS
.scend

; ---------------------------------------------------------------------------
; RND(x): a number 0 <= r < 1 with ten random BCD digits, each byte read
; from POKEY's RANDOM ($D20A) until it is valid BCD, then normalised by
; the math pack's NORMALIZE (The Atari BASIC Source Book, RND; the
; argument is ignored).
; ---------------------------------------------------------------------------
.scope
F_RND:
        LDA #$3F
        STA FR0
        LDX #1
_byte:  LDA RANDOM
        CMP #$A0
        BCS _byte               ; high digit above 9: another byte
        TAY
        AND #$0F
        CMP #$0A
        BCS _byte               ; low digit above 9: another byte
        TYA
        STA FR0,X
        INX
        CPX #6
        BNE _byte
        JMP NORM                ; leading zero bytes move out (all zero: 0)
.scend

; ---------------------------------------------------------------------------
; SIN(x), COS(x): x in radians (RAD) or degrees (DEG, RADFLG = 6).
; t = x / (pi/2) (or x / 90) is reduced to 0 <= t < 4 and folded into
; -1..1, then sin(pi/2 * t) = t * P(t^2) through PLYEVL (seven terms,
; accurate to the math pack's ten digits).
; COS(x) is SIN at t + 1.
; ---------------------------------------------------------------------------
.scope
F_COS:
        JSR TRIG_ARG
        LDX #K_ONE
        JSR ADDK
        JMP SIN_T
.scend
.scope
F_SIN:
        JSR TRIG_ARG
        ; fall into SIN_T
.scend

; SIN_T - FR0 = sin(pi/2 * FR0)
.scope
SIN_T:
        ; t = t - 4 * INT(t / 4)
        JSR STORE_X             ; FTMP1 = t
        LDX #K_FOUR
        JSR DIVK
        JSR FLOOR_FR0
        LDX #K_FOUR
        JSR MULK
        JSR FMOVE
        JSR LOAD_X
        JSR FSUB_CHK            ; 0 <= t < 4
        LDA #0
        STA RT_QUAD
        ; while t > 1: t - 2 and the result negated (sin(pi/2 * (t-2))
        ; = -sin(pi/2 * t)); at most twice, leaving -1 < t <= 1
_fold:  LDX #K_ONE
        JSR CMPK
        CMP #4
        BNE _poly
        LDX #K_TWO
        JSR SUBK                ; (carry clear: no overflow)
        LDA RT_QUAD
        EOR #$80
        STA RT_QUAD
        BCC _fold
_poly:  LDX #<SIN_COEFF
        LDY #>SIN_COEFF
        LDA #7
        JSR ODD_SERIES          ; t * P(t^2)
        LDA FR0
        BEQ +
        EOR RT_QUAD
        STA FR0
*       RTS
.scend

; TRIG_ARG - FR0 = x * 2/pi, or x / 90 in DEG mode (a division, so that
; 90 degrees give exactly 1)
.scope
TRIG_ARG:
        LDA RADFLG
        BNE _deg
        LDX #K_TWO_OVER_PI
        JMP MULK
_deg:   LDX #K_NINETY
        JMP DIVK
.scend

; ---------------------------------------------------------------------------
; ATN(x): atn(-x) = -atn(x); |x| > 1 uses atn(x) = pi/2 - atn(1/x); and
; x > tan(pi/8) uses atn(x) = pi/4 + atn((x-1)/(x+1)), which leaves
; |x| <= tan(pi/8), where x * Q(x^2) (eight terms through PLYEVL) is
; exact to ten digits.
; In DEG mode the result is in degrees.
; ---------------------------------------------------------------------------
.scope
F_ATN:
        LDA FR0
        AND #$80
        STA RT_QUAD             ; bit 7: the sign of x
        EOR FR0
        STA FR0                 ; |x|
        LDA #0
        STA RT_CNT              ; the angle to add: none yet
        ; |x| > 1: 1 / |x|, and pi/2 - ... at the end
        LDX #K_ONE
        JSR CMPK
        CMP #4
        BNE +
        INC RT_QUAD             ; bit 0: pi/2 minus the result
        JSR FMOVE
        JSR FR0_ONE
        JSR FDIV_CHK
*       ; x > tan(pi/8): (x-1)/(x+1), and pi/4 + ... at the end
        LDX #K_TANPI8
        JSR CMPK
        CMP #4
        BNE _series
        DEC RT_CNT              ; $FF: add pi/4
        JSR STORE_X             ; FTMP1 = x
        LDX #K_ONE
        JSR ADDK
        JSR FST_G               ; FTMP2 = x + 1
        JSR LOAD_X
        LDX #K_ONE
        JSR SUBK
        JSR LOAD_G1
        JSR FDIV_CHK
_series:
        LDX #<ATN_COEFF
        LDY #>ATN_COEFF
        LDA #8
        JSR ODD_SERIES
        BIT RT_CNT
        BPL +
        LDX #K_QUARTERPI
        JSR ADDK
*       LDA RT_QUAD
        LSR
        BCC +
        JSR NEGATE_FR0          ; pi/2 - y
        LDX #K_HALFPI
        JSR ADDK
*       LDA RADFLG
        BEQ +
        LDX #K_RAD2DEG
        JSR MULK
*       LDA FR0
        BEQ +
        LDA RT_QUAD             ; the sign of x
        AND #$80
        ORA FR0
        STA FR0
*       RTS
.scend

; ODD_SERIES - FR0 = x * P(x^2) for x in FR0, P's A coefficients at (X,Y)
; (highest power first, as PLYEVL wants them); FTMP1 keeps x
.scope
ODD_SERIES:
        PHA
        TXA
        PHA
        TYA
        PHA
        JSR STORE_X
        JSR FMOVE
        JSR FMUL                ; x^2
        PLA
        TAY
        PLA
        TAX
        PLA
        JSR PLYEVL
        LDX #<FTMP1
        LDY #>FTMP1
        JSR FLD1R
        JMP FMUL_CHK
.scend

; ---------------------------------------------------------------------------
; Memory and hardware
; ---------------------------------------------------------------------------

; PEEK(address)
.scope
F_PEEK:
        JSR FR0_TO_INT          ; (the address in FR0/FR0+1 too)
        LDY #0
        LDA (FR0),Y
        JMP BYTE_RESULT
.scend

; FRE(x): free bytes, the OS's MEMTOP ($2E5) minus BASIC's top (BMEMTOP)
.scope
F_FRE:
        SEC
        LDA MEMTOP
        SBC BMEMTOP
        PHA
        LDA MEMTOP+1
        SBC BMEMTOP+1
        TAX
        PLA
        JMP NUMBER_RESULT_INT
.scend

; PADDLE(n), STICK(n), PTRIG(n), STRIG(n): the OS's shadow registers
; PADDL0 ($270), STICK0 ($278), PTRIG0 ($27C), STRIG0 ($284) + n
; (each entry loads its offset from PADDL0; $2C skips the next entry's LDY)
.scope
F_PADDLE:
        LDY #0
        .byte $2C
F_STICK:
        LDY #STICK0-PADDL0
        .byte $2C
F_PTRIG:
        LDY #PTRIG0-PADDL0
        .byte $2C
F_STRIG:
        LDY #STRIG0-PADDL0
        STY RT_T0
        JSR FR0_TO_BYTE
        TXA
        CLC
        ADC RT_T0
        TAX
        LDA PADDL0,X
        JMP BYTE_RESULT
.scend

; ---------------------------------------------------------------------------
; String functions
; ---------------------------------------------------------------------------

; LEN(s$), ADR(s$), ASC(s$) (the first character's code)
.scope
F_LEN:
        LDA FR0+2
        LDX FR0+3
        JMP NUMBER_RESULT_INT
.scend
.scope
F_ADR:
        LDA FR0
        LDX FR0+1
        JMP NUMBER_RESULT_INT
.scend
.scope
F_ASC:
        LDY #0
        LDA (FR0),Y
        JMP BYTE_RESULT
.scend

; VAL(s$): the number at the start of the string (AFP); error 18 if none
.scope
F_VAL:
        JSR STR_NAME            ; the text, ending in EOL, in ED_NAME
        LDA #<ED_NAME
        STA INBUFF
        LDA #>ED_NAME
        STA INBUFF+1
        LDA #0
        STA CIX
        STA VTYPE
        JSR AFP
        BCS _e_badchar
        RTS
_e_badchar:JMP E_BADCHAR
.scend

; STR$(x): the text FASC makes (in LBUFF, so a second STR$ in the same
; expression overwrites the first, as in Atari BASIC)
.scope
F_STR:
        JSR FASC_STRING
        ; fall into STRING_RESULT
.scend
.scope
STRING_RESULT:
        LDA #0
        STA FR0+3
        STA FR0+4
        STA FR0+5
        LDA #$80
        STA VTYPE
        RTS
.scend

; CHR$(n): the one-character string of code n (0..255, error 3 otherwise)
.scope
F_CHR:
        JSR FR0_TO_BYTE
        STX RT_CHR
        LDA #<RT_CHR
        STA FR0
        LDA #>RT_CHR
        STA FR0+1
        LDA #1
        STA FR0+2
        BNE STRING_RESULT
.scend

; ---------------------------------------------------------------------------
; USR(address [, arg ...]): calls a machine language routine (Atari BASIC
; Reference Manual, USR; De Re Atari, chapter 10).  Each argument is
; converted to a 16-bit integer and pushed on the 6502 stack (low byte
; first, so the routine pulls the high byte first), the first argument
; last; then the number of arguments.  The routine must pull them all and
; return with RTS; its result is the integer it leaves in FR0/FR0+1.
; ---------------------------------------------------------------------------
.scope
F_USR:
        INC STINDEX             ; "("
        JSR EVAL_NUM
        JSR PUSH_FR0            ; the address
        LDA #0
        PHA                     ; the count (on the 6502 stack meanwhile)
_arg:   JSR NEXT_TOKEN
        CMP #TOK_O_RPAREN
        BEQ _call
        JSR EVAL_NUM
        JSR PUSH_FR0
        TSX
        INC $0101,X             ; the count
        BNE _arg
_call:  PLA
        STA RT_T0
        STA RT_CNT
        ; where the routine returns to
        LDA #>[_back-1]
        PHA
        LDA #<[_back-1]
        PHA
        LDA RT_T0
        BEQ _address
_push:  JSR POP_FR0
        JSR FR0_TO_INT
        PHA                     ; low
        TXA
        PHA                     ; high
        DEC RT_T0
        BNE _push
_address:
        JSR POP_FR0
        JSR FR0_TO_INT
        STA RT_USR
        STX RT_USR+1
        LDA RT_CNT
        PHA
        JMP (RT_USR)
_back:  LDA FR0
        LDX FR0+1
        JMP NUMBER_RESULT_INT
.scend

; ---------------------------------------------------------------------------
; Constants (six-byte BCD floating point)
; ---------------------------------------------------------------------------
FP_CONSTS:                              ; (1 and pi/2 end the tables below)
        .byte $40, $02, $00, $00, $00, $00      ; 2
        .byte $40, $04, $00, $00, $00, $00      ; 4
        .byte $3F, $63, $66, $19, $77, $23      ; 2/pi
        .byte $40, $90, $00, $00, $00, $00      ; 90
        .byte $40, $57, $29, $57, $79, $51      ; 180/pi
        .byte $3F, $41, $42, $13, $56, $24      ; tan(pi/8)
        .byte $3F, $78, $53, $98, $16, $34      ; pi/4
.alias K_TWO 0
.alias K_FOUR 6
.alias K_TWO_OVER_PI 12
.alias K_NINETY 18
.alias K_RAD2DEG 24
.alias K_TANPI8 30
.alias K_QUARTERPI 36
.alias K_HALFPI [SIN_COEFF+36-FP_CONSTS]        ; SIN_COEFF's last term
.alias K_ONE [ATN_COEFF+42-FP_CONSTS]           ; ATN_COEFF's last term

; sin(pi/2 * t) = t * P(t^2) for 0 <= t <= 1: P is a degree-6 polynomial
; fitted to sin(pi/2 * t)/t at the Chebyshev points (error below 1E-13,
; far under the math pack's ten digits); highest power first for PLYEVL
SIN_COEFF:
        .byte $3C, $05, $46, $26, $63, $56       ; +5.462663569e-08
        .byte $BD, $03, $59, $57, $09, $40       ; -3.595709405e-06
        .byte $3E, $01, $60, $43, $90, $56       ; +1.604390564e-04
        .byte $BE, $46, $81, $75, $33, $92       ; -4.681753393e-03
        .byte $3F, $07, $96, $92, $62, $61       ; +7.969262612e-02
        .byte $BF, $64, $59, $64, $09, $75       ; -6.459640975e-01
        .byte $40, $01, $57, $07, $96, $32       ; +1.570796327e+00

; atn(x) = x * Q(x^2) for |x| <= tan(pi/8): Q is a degree-7 polynomial
; fitted to atn(x)/x the same way (error below 1E-12)
ATN_COEFF:
        .byte $BF, $03, $76, $54, $90, $50       ; -3.765490503e-02
        .byte $3F, $06, $97, $41, $85, $92       ; +6.974185924e-02
        .byte $BF, $08, $99, $25, $50, $18       ; -8.992550182e-02
        .byte $3F, $11, $10, $34, $56, $59       ; +1.110345659e-01
        .byte $BF, $14, $28, $53, $86, $53       ; -1.428538653e-01
        .byte $3F, $19, $99, $99, $93, $05       ; +1.999999305e-01
        .byte $BF, $33, $33, $33, $33, $27       ; -3.333333328e-01
        .byte $40, $01, $00, $00, $00, $00       ; +1.000000000e+00
