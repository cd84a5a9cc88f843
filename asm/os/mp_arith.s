; ===========================================================================
; mp_arith.s - FSUB FADD FMUL FDIV ($DA60-$DBA0)
; ===========================================================================
; The four operations at the addresses the Atari OS User's Manual and
; Mapping the Atari (55904 FSUB, 55910 FADD, 56027 FMUL, 56104 FDIV) give.
; The results are the original's digit for digit (the published OS source
; listing, "FPP - Floating Point Package", Shepardson Microsystems 1978):
; FADD aligns by whole bytes and truncates, FMUL and FDIV truncate the
; exact product/quotient to the bytes the original keeps; errors return
; with the carry set.  The code is our own: FADD without shifting loops
; (about three times faster than the original); FMUL with its multiplier's
; digits recoded to -4..5, FDIV with one call of the unrolled additions or
; subtractions per quotient digit (mp_normal.s).
;
; Work areas (all documented as the math pack's): FR0 FRE FR1 FR2 FRX
; EEXP FRSIGN ZTEMP4 and the stack.
; Not touched: PLYARG, FPSCR, FPSCR1, FPTR2, PLYCNT, SGNFLG, XFMFLG (the
; callers PLYEVL, EXP10 and LOG keep their state there), CIX, INBUFF.
; ===========================================================================

.alias FRSIGN   $EE             ; sign of a product/quotient (the listing's name)

; The other half of the math pack (mp_convert.s, mp_move.s), called by the
; documented addresses (Atari OS User's Manual; Mapping the Atari), so that
; each half assembles without the other.
.alias MP_IFP   $D9AA
.alias MP_FPI   $D9D2
.alias MP_FLD0R $DD89
.alias MP_FLD1R $DD98
.alias MP_FST0R $DDA7
.alias MP_FMOVE $DDB6
.alias MP_ZFR0  $DA44

; ---------------------------------------------------------------------------
; FSUB ($DA60) - FR0 = FR0 - FR1
; Entry: FR0, FR1.  Exit: FR0; C set on overflow.  FR1's sign is flipped,
; then FADD (as the original: FR1 keeps the flipped sign).
; ---------------------------------------------------------------------------
.scope
FSUB:   LDA FR1
        EOR #$80
        STA FR1
        ; falls into FADD
.scend

; ---------------------------------------------------------------------------
; FADD ($DA66) - FR0 = FR0 + FR1
; Entry: FR0, FR1 (normalised).  Exit: FR0 normalised; C set on overflow
; (1E+98 or more), a result below 1E-98 is zero.  A, X, Y, FR1, FRE changed.
; As the listing: the operand with the smaller exponent is shifted right by
; the difference in whole bytes (its last digits are lost; 5 or more bytes
; apart it counts as nothing); a carry out shifts the sum right one byte.
; Ours: no shifting of FR1 - the sum reads FR1's bytes through X = -d with
; zero-page wrap-around, FRE+3..FR1 (the bytes below FR1's mantissa) zeroed.
; ---------------------------------------------------------------------------
.advance $DA66, $FF
.scope
FADD:   LDA FR1
        AND #$7F
        STA ZTEMP4
        LDA FR0
        AND #$7F
        SEC
        SBC ZTEMP4              ; d = |exp0| - |exp1|
        BCS FADDORD
        JMP FADDSWAP            ; FR1 is the larger: swap
.scend
.scope
FADDORD:                        ; A = d >= 0, FR0 the larger
        CMP #5
        BCS _keep               ; FR1 shifts out completely
        EOR #$FF
        ADC #1                  ; (C clear) A = -d
        TAX
        LDA FR0
        EOR FR1
        TAY                     ; bit 7: the signs differ
        LDA #0
        STA FRE+3
        STA FRE+4
        STA FRE+5
        STA FR1
        SED
        TYA
        BMI _sub
        CLC
        LDA FR0+5
        ADC FR1+5,X
        STA FR0+5
        LDA FR0+4
        ADC FR1+4,X
        STA FR0+4
        LDA FR0+3
        ADC FR1+3,X
        STA FR0+3
        LDA FR0+2
        ADC FR1+2,X
        STA FR0+2
        LDA FR0+1
        ADC FR1+1,X
        STA FR0+1
        CLD
        BCS _carry
        RTS
_sub:   JMP FADDSUB
_keep:  CLC
        RTS
; the sum carried out of the first byte: shift right one byte (the last
; two digits are lost), first byte 1, exponent + 1; C set when that makes
; the exponent $71 (overflow)
_carry: LDX #3
_right: LDA FR0+1,X
        STA FR0+2,X
        DEX
        BPL _right
        LDA #1
        STA FR0+1
        INC FR0
        LDA FR0
        AND #$7F
        CMP #$71
        RTS
.scend

; ---------------------------------------------------------------------------
; MDEXIT - the end of FMUL and FDIV: FR0 = EEXP, then N0E
; ---------------------------------------------------------------------------
MDEXIT: LDA EEXP
        STA FR0
        JMP N0E

; ---------------------------------------------------------------------------
; FMUL ($DADB) - FR0 = FR0 * FR1
; Entry: FR0, FR1.  Exit: FR0; C set on error.  A, X, Y, FRE, FR1, FR2
; changed.
; As the listing: FR0 = 0 returns at once (C clear); FR1 = 0 gives 0; the
; exponent |e0| + |e1| - $3F outside 0..$7F is an error (so also a product
; far below 1E-98, which the original reports instead of returning 0); the
; 20-digit product is kept to ten digits after at most one leading zero
; byte (truncated, never rounded), then NORMALIZE's checks.
; Ours: the listing's shift-and-add by digits with the digits recoded to
; -4..5 (MULBODY, mp_normal.s), about 2,800 cycles for ten-digit operands.
; ---------------------------------------------------------------------------
.advance $DADB, $FF
.scope
FMUL:   LDA FR0
        BEQ MDOK                ; 0 * x: FR0 stays (C clear)
        LDA FR1
        BEQ _zero               ; x * 0 = 0
        AND #$7F                ; |e1|
        JSR MDEXP               ; |e0| + |e1| - $3F (returns from FMUL on error)
        JMP MULBODY             ; mp_normal.s
_zero:  JMP ZEROCLC
MDERR:  SEC
        RTS
MDOK:   CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; MDEXP - FMUL/FDIV: EEXP = the sign | |e0| - $3F + A (A = |e1| for FMUL,
; $7F - |e1| for FDIV); outside 0..$7F an error, which returns to FMUL's or
; FDIV's caller with C set and FR0 unchanged.
; ---------------------------------------------------------------------------
.scope
MDEXP:  STA ZTEMP4
        LDA FR0
        AND #$7F
        SEC
        SBC #$40
        SEC
        ADC ZTEMP4
        BMI _err
        ASL
        STA EEXP
        LDA FR0
        EOR FR1
        ASL                     ; C = the sign
        ROR EEXP
        RTS
_err:   PLA                     ; not back to FMUL/FDIV
        PLA
        SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; FADDSWAP - FADD with |exp1| > |exp0|: swap FR0 and FR1, A = -d -> d
; ---------------------------------------------------------------------------
.scope
FADDSWAP:
        EOR #$FF
        ADC #1                  ; (C clear) d = |exp1| - |exp0|
        STA ZTEMP4
        LDX #5
_swap:  LDY FR0,X
        LDA FR1,X
        STA FR0,X
        STY FR1,X
        DEX
        BPL _swap
        LDA ZTEMP4
        JMP FADDORD
.scend

; ---------------------------------------------------------------------------
; FDIV ($DB28) - FR0 = FR0 / FR1
; Entry: FR0 dividend, FR1 divisor.  Exit: FR0; C set on error (division
; by zero, exponent |e0| - |e1| + $40 outside 0..$7F, overflow).  A, X, Y,
; FRE, FR1, FR2, FRX, ZTEMP1/4/3 changed.
; As the listing: the quotient's digits truncated; when the dividend's
; mantissa is below the divisor's, one more byte of quotient and the
; exponent one lower (NORMALIZE shifts it in).
; Ours: the same long division (six quotient bytes, each a tens digit by
; subtracting 10 x divisor and a units digit by adding back the divisor,
; DIVBODY in mp_normal.s), about 5,000 cycles for ten-digit operands.
; ---------------------------------------------------------------------------
.advance $DB28, $FF
.scope
FDIV:   LDA FR1
        BEQ MDERR               ; division by zero
        LDA FR0
        BEQ MDOK                ; 0 / x: FR0 stays
        LDA FR1
        AND #$7F
        EOR #$7F                ; $7F - |e1|
        JSR MDEXP               ; |e0| - |e1| + $40 (returns on error)
        JMP DIVBODY             ; mp_normal.s
.scend

; ---------------------------------------------------------------------------
; FADDSUB - FADD when the signs differ (decimal mode on, X = -d)
; FR0's mantissa minus FR1's aligned mantissa; a borrow (only for equal
; exponents) negates the difference and flips the sign; then NORMALIZE
; when the first byte became zero.
; ---------------------------------------------------------------------------
.scope
FADDSUB:
        SEC
        LDA FR0+5
        SBC FR1+5,X
        STA FR0+5
        LDA FR0+4
        SBC FR1+4,X
        STA FR0+4
        LDA FR0+3
        SBC FR1+3,X
        STA FR0+3
        LDA FR0+2
        SBC FR1+2,X
        STA FR0+2
        LDA FR0+1
        SBC FR1+1,X
        STA FR0+1
        BCS _test
        SEC
        LDX #4                  ; borrow: 0 - mantissa, sign flipped
_neg:   LDA #0
        SBC FR0+1,X
        STA FR0+1,X
        DEX
        BPL _neg
        LDA FR0
        EOR #$80
        STA FR0
_test:  CLD
        LDA FR0+1
        BEQ _norm
        CLC
        RTS
_norm:  JMP NORMALIZE
.scend


; ---------------------------------------------------------------------------
; MDPRE - FDIV: FRX = 6, FR0's, FRE's and FR1's first bytes 0, FR2 = 10 x FR1
; TIMES10 - FR2 = FR2 * 10 (a nibble left)
; ---------------------------------------------------------------------------
.scope
MDPRE:  LDA #6
        STA FRX                 ; (FDIV's six quotient bytes)
        LDA #0
        STA FR0
        STA FRE
        STA FR1
        LDX #5
_copy:  LDA FR1,X
        STA FR2,X
        DEX
        BPL _copy
TIMES10:
        LDX #4
_x10:   ASL FR2+5
        ROL FR2+4
        ROL FR2+3
        ROL FR2+2
        ROL FR2+1
        ROL FR2
        DEX
        BNE _x10
        RTS
.scend
