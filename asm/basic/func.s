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
; SUBK / DIVK - FR0 = FR0 (op) that constant
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
; RND(x): Atari BASIC Rev. C's method (The Atari BASIC Source Book, RND):
; two bytes of POKEY's RANDOM ($D20A) as an integer 0..65535 (IFP), divided
; by 65536, so RND has 65,536 values (also "Random Atari", ANTIC 7/11: "a
; value between zero and 65,535 ... divided by 65,536").  The argument is
; ignored.
; The same six bytes as IFP and FDIV, without them: k/65536 is an exact
; decimal of 16 places, built in RND_W+1..8 (FR0+4 to FRE+5, the 8 base-100
; bytes after the point, the last one first) from k's bits, lowest first:
; v = (v + bit) / 2, sixteen times.  Each halving is a ROR through the bytes
; (the bit comes in as the carry), then each digit that got a carried-in 8
; loses 3 (it should be 5); after the n-th halving v has n places, so only
; its first (n+1)/2 bytes need that.  The first five non-zero bytes are the
; mantissa, truncated as FDIV truncates; k = 0 gives zero.  FR1 is kept.
; RND_K: the same from k in FR0 (low) / FR0+1 (high).
; ---------------------------------------------------------------------------
.alias RND_W   [FR0+3]          ; RND_W+1..RND_W+8: v, least significant first
.alias RND_LIM [FR0+2]          ; the last byte the fix-up visits
.scope
F_RND:
        LDA RANDOM
        STA FR0
        LDA RANDOM
        STA FR0+1
RND_K:
        LDX #8
        LDA #0
*       STA RND_W,X             ; v = 0
        DEX
        BNE -
        LDY #16                 ; halvings still to do
_bit:   TYA
        LSR
        ADC #0
        STA RND_LIM             ; (Y+1)/2: the bytes from 8 down to it
        LSR FR0+1
        ROR FR0                 ; the carry: k's next bit
        ROR RND_W+8             ; (v + bit) / 2 in binary
        ROR RND_W+7
        ROR RND_W+6
        ROR RND_W+5
        ROR RND_W+4
        ROR RND_W+3
        ROR RND_W+2
        ROR RND_W+1
        LDX #8
        SEC
_fix:   LDA RND_W,X
        BPL +
        SBC #$30                ; tens digit: 8 + n should be 5 + n
*       BIT _eight
        BEQ +
        SBC #3                  ; units digit likewise (the carry stays set)
*       STA RND_W,X
        DEX
        CPX RND_LIM
        BCS _fix
        DEY
        BNE _bit
        LDA #$3F                ; 100^-1: the first byte after the point
        STA FR0
        LDX #8
_norm:  LDA RND_W,X
        BNE _copy
        DEC FR0
        DEX
        BNE _norm
        JMP ZFR0                ; k = 0
_copy:  LDY #1
*       LDA RND_W,X             ; (k >= 1: X >= 6, so X - 4 >= 2)
        STA FR0,Y
        DEX
        INY
        CPY #6
        BNE -
        RTS
_eight: .byte $08
.scend

; ---------------------------------------------------------------------------
; SIN(x), COS(x): Atari BASIC Rev. C's method (The Atari BASIC Source Book,
; SIN/COS, and its table SCOEF):
;  RT_QUAD starts at 4 for SIN of x >= 0, 2 for SIN of x < 0 (sin(-x) =
;  -sin(x)), 1 for COS (cos(-x) = cos(x), a quarter turn on);
;  t = |x| / (pi/2), or |x| / 90 in DEG mode (RADFLG = 6 selects the entry
;  after PIOV2 in the table);
;  t >= 1: its integer part mod 4 (from its units byte: the units digit's
;  two low bits, plus 2 for an odd tens digit) is added to RT_QUAD and
;  t becomes its fraction (t - INT(t) by FSUB); t >= 100^4: error 3;
;  RT_QUAD odd: t = 1 - t; then sin(pi/2 * t) = t * P(t^2) with SCOEF's six
;  coefficients through PLYEVL; RT_QUAD's next bit set: the result negated.
; A t^2 too small for FMUL (|x| below about 1E-65): error 11.
; ---------------------------------------------------------------------------
.scope
F_COS:
        LDA #1
        BNE _go
F_SIN:
        LDA #4
        BIT FR0
        BPL _go
        LDA #2
_go:    STA RT_QUAD
        LDA FR0
        AND #$7F
        STA FR0                 ; |x|
        LDA RADFLG
        CLC
        ADC #K_HALFPI
        TAX
        JSR DIVK                ; t = |x| / (pi/2) or / 90
        LDA FR0
        SEC
        SBC #$40
        BCC _fold               ; t < 1: quadrant 0
        CMP #4
        BCS FUNC_VALUE_ERROR_T  ; t >= 100^4
        TAX
        LDA FR0+1,X             ; the units byte
        AND #$10
        BEQ +
        LDA #2                  ; an odd tens digit: 2 more
*       CLC
        ADC FR0+1,X
        AND #3                  ; INT(t) mod 4
        ADC RT_QUAD             ; (carry clear)
        STA RT_QUAD
        JSR STORE_X             ; FTMP1 = t
        JSR FLOOR_FR0
        JSR FMOVE
        JSR LOAD_X
        JSR FSUB                ; t - INT(t)
_fold:  LSR RT_QUAD
        BCC +
        JSR FMOVE               ; an odd quadrant: 1 - t
        JSR FR0_ONE
        JSR FSUB
*       LDX #<SCOEF
        LDY #>SCOEF
        LDA #6
        JSR ODD_SERIES          ; t * P(t^2)
        LSR RT_QUAD
        BCC +
        LDA FR0                 ; quadrants 2 and 3: negated (not 0)
        BEQ +
        EOR #$80
        STA FR0
*       RTS
.scend

; FUNC_VALUE_ERROR_T - error 3, within a branch's reach of SIN
.scope
FUNC_VALUE_ERROR_T:
        JMP E_VALUE
.scend

; ---------------------------------------------------------------------------
; ATN(x): Atari BASIC Rev. C's method (The Atari BASIC Source Book, ATN):
;  |x| >= 1: its sign kept aside, x = (|x| - z) / (|x| + z) with z = FP9S
;  (0.9999999999, the OS's $DFEA; the math pack's XFORM, done here);
;  then x * P(x^2) with the OS's eleven coefficients ATCOEF ($DFAE, FP9S
;  the last) through PLYEVL; after the transform + PIOV4 (pi/4, $DFF0) and
;  the sign put back; in DEG mode divided by pi/180.
;  (Atari OS User's Manual, floating point; Mapping the Atari 57262.)
; ---------------------------------------------------------------------------
.scope
F_ATN:
        LDA #0
        STA RT_QUAD             ; the sign of x, for |x| >= 1
        STA RT_CNT              ; nonzero: transformed
        LDA FR0
        AND #$7F
        CMP #$40
        BCC _series             ; |x| < 1
        EOR FR0
        STA RT_QUAD             ; x's sign bit
        EOR FR0
        STA FR0                 ; |x|
        INC RT_CNT
        JSR STORE_X             ; FTMP1 = |x|
        JSR _fp9s
        JSR FADD
        JSR FST_G               ; FTMP2 = |x| + z
        JSR LOAD_X
        JSR _fp9s
        JSR FSUB                ; |x| - z
        JSR LOAD_G1
        JSR FDIV
_series:
        LDX #<ATCOEF
        LDY #>ATCOEF
        LDA #11
        JSR ODD_SERIES
        LDA RT_CNT
        BEQ _deg
        LDX #<PIOV4
        LDY #>PIOV4
        JSR FLD1R
        JSR FADD                ; + atn(1)
        LDA RT_QUAD
        ORA FR0
        STA FR0
_deg:   LDA RADFLG
        BEQ +
        LDX #K_PIOV180
        JMP DIVK                ; radians / (pi/180)
*       RTS
_fp9s:  LDX #<FP9S
        LDY #>FP9S
        JMP FLD1R
.scend

; ODD_SERIES - FR0 = x * P(x^2) for x in FR0, P's A coefficients at (X,Y)
; (highest power first, as PLYEVL wants them); FTMP1 keeps x; error 11
; when x^2 is beyond FMUL (as Rev. C's SIN and ATN give up there)
.scope
ODD_SERIES:
        PHA
        TXA
        PHA
        TYA
        PHA
        JSR STORE_X
        JSR FMOVE
        JSR FMUL_CHK            ; x^2
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
FP_CONSTS:
        .byte $40, $02, $00, $00, $00, $00      ; 2
        .byte $40, $01, $00, $00, $00, $00      ; 1
.alias K_TWO 0
.alias K_ONE 6
.alias K_HALFPI [SCOEF+30-FP_CONSTS]            ; PIOV2, SCOEF's last term
.alias K_PIOV180 [K_HALFPI+12]

; SCOEF: sin(pi/2 * t) = t * P(t^2) for 0 <= t <= 1, highest power first
; for PLYEVL; then 90 (DEG's quarter turn, 6 bytes after PIOV2: RADFLG
; picks it) and pi/180.  The values of Rev. C's table (The Atari BASIC
; Source Book, SCOEF, PIOV2, PIOV18).
SCOEF:
        .byte $BD, $03, $55, $14, $99, $39       ; -0.00000355149939
        .byte $3E, $01, $60, $44, $27, $52       ; 0.000160442752
        .byte $BE, $46, $81, $75, $43, $55       ; -0.004681754355
        .byte $3F, $07, $96, $92, $62, $39       ; 0.0796926239
        .byte $BF, $64, $59, $64, $08, $67       ; -0.6459640867
        .byte $40, $01, $57, $07, $96, $32       ; pi/2 = 1.570796327
        .byte $40, $90, $00, $00, $00, $00       ; 90
        .byte $3F, $01, $74, $53, $29, $25       ; pi/180 = 0.0174532925
