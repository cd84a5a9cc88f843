; ===========================================================================
; mp_normal.s - NORMALIZE, helpers ($DC00-$DD3F)
; ===========================================================================
; NORMALIZE at $DC00, where the original has it (Mapping the Atari, 56320
; "NORMALIZE"; the published OS listing calls it NORM), and the rest of the
; arithmetic of mp_arith.s: the body of FDIV with its unrolled additions
; (ADDN) and subtractions (SUBN); FMUL's body is in mp_high.s.
; ===========================================================================

; ---------------------------------------------------------------------------
; NORMALIZE ($DC00) - normalise FR0
; Entry: FR0 with up to four leading zero mantissa bytes.
; Exit: FR0 normalised, C clear; C set when the exponent is $71 or more
; (overflow, FR0 left as it is); below $0F the result is zero.
; As the listing's NORM: FRE is set to 0 and N0E follows.
; N0E: the same with FRE's first byte shifted in behind the mantissa (FMUL
; and FDIV keep a sixth result byte there).  An exponent byte of 0 returns
; at once, whatever the mantissa (as the original, see FMUL).
; ---------------------------------------------------------------------------
.advance $DC00, $FF
.scope
NORMALIZE:
        LDX #0
        STX FRE
N0E:    LDA FR0
        BEQ _ok
        LDY #4
_shift: LDA FR0+1
        BNE _check
        LDX #$FB
_left:  LDA FR0+7,X             ; one byte left, FRE's first shifted in
        STA FR0+6,X             ; (zero-page wrap-around: FR0+2 ... FRE)
        INX
        BNE _left
        DEC FR0
        DEY
        BNE _shift
        LDA FR0+1
        BEQ ZEROCLC             ; the mantissa is zero: so is the number
_check: LDA FR0
        AND #$7F
        CMP #$71
        BCS _rts                ; overflow: C set
        CMP #$0F
        BCS _ok
ZEROCLC:                        ; underflow: zero (also FMUL's x * 0)
        JSR MP_ZFR0
_ok:    CLC
_rts:   RTS
.scend

; ---------------------------------------------------------------------------
; ADDN/ADDNY, SUBN/SUBNY: FDIV's digits and MULEND (FMUL's body, MULBODY, is
; in mp_high.s)
; ---------------------------------------------------------------------------
.scope
; ADDN: FR0 = FR0 + A times the six bytes at zero-page X (FR1 or FR2);
; ADDNY: Y times (0 < Y < $80); Y >= $80: until the first carry (C set,
; Y = $100 - the number of additions).
ADDN:   TAY
        BEQ _done
ADDNY:  SED
_times: CLC
        LDA FR0+5
        ADC 5,X
        STA FR0+5
        LDA FR0+4
        ADC 4,X
        STA FR0+4
        LDA FR0+3
        ADC 3,X
        STA FR0+3
        LDA FR0+2
        ADC 2,X
        STA FR0+2
        LDA FR0+1
        ADC 1,X
        STA FR0+1
        LDA FR0
        ADC 0,X
        STA FR0
        BCC _next
        CPY #$80
        BCS _end                ; (FDIV: Y from $FF) stop at the first carry
_next:  DEY
        BNE _times
_end:   CLD
_done:  RTS
; SUBN: FR0 = FR0 - (256 - A) times the six bytes at zero-page X (A = -n);
; SUBNY: Y = -n times; Y < $80: until the first borrow (C clear, Y = its
; number from 0).
SUBN:   TAY
        BEQ _done
SUBNY:  SED
_stimes:
        SEC
        LDA FR0+5
        SBC 5,X
        STA FR0+5
        LDA FR0+4
        SBC 4,X
        STA FR0+4
        LDA FR0+3
        SBC 3,X
        STA FR0+3
        LDA FR0+2
        SBC 2,X
        STA FR0+2
        LDA FR0+1
        SBC 1,X
        STA FR0+1
        LDA FR0
        SBC 0,X
        STA FR0
        BCS _snext
        CPY #$80
        BCC _end                ; (FDIV: Y from 0) stop at the first borrow
_snext: INY
        BNE _stimes
        CLD
        RTS
.scend

; ---------------------------------------------------------------------------
; DIVBODY - FDIV after the checks (EEXP = sign | exponent)
; As the listing: the remainder R (six bytes, the dividend's mantissa behind
; a zero byte) gives six quotient bytes, each a tens digit (R - 10 x divisor
; in FR2 while no borrow) and a units digit (from the divisor in FR1), R
; moving one byte left between them; the bytes end in FR0+1..FRE and N0E
; shifts out a leading zero byte.  Ours keeps R in FR0 (FMUL's unrolled
; additions and subtractions serve, each digit one call of SUBNY/ADDNY that
; stops at the first borrow/carry), the quotient bytes on the stack, and
; does not restore R after the tens digit: the units digit is 10 - the
; number of additions of the divisor that bring R back to >= 0.  Once R is
; 0 the remaining quotient bytes are 0 without their 11 steps each.
; ---------------------------------------------------------------------------
.scope
DIVBODY:
        JSR MDPRE               ; FR2 = 10 x divisor, FR0 = 0: R, FRX = 6
        LDA FR0+1
        CMP FR1+1
        LDA #0
        BCC _push               ; the dividend's first byte below the
_byte:  LDA FR0                 ; R = 0 (an exact quotient, as K/2 or K/K
        ORA FR0+1               ; in BASIC): every byte still to come is 0
        ORA FR0+2
        ORA FR0+3
        ORA FR0+4
        ORA FR0+5
        BEQ _zeros
        LDX #FR2
        LDY #0
        JSR SUBNY               ; R - 10 x divisor until R < 0: Y = tens digit
        TYA
        ASL
        ASL
        ASL
        ASL
        STA FRSIGN
        LDX #FR1
        LDY #$FF
        JSR ADDNY               ; R + divisor until R >= 0: Y = units - 10
        TYA
        ADC #9                  ; (C set) the units digit
        ORA FRSIGN              ; (divisor's: a first quotient byte 0)
_push:  PHA                     ; the quotient byte
        LDA FR0+1               ; R one byte left (its first byte is 0,
        STA FR0                 ; FRE's first, shifted in, too)
        LDA FR0+2
        STA FR0+1
        LDA FR0+3
        STA FR0+2
        LDA FR0+4
        STA FR0+3
        LDA FR0+5
        STA FR0+4
        LDA FR0+6
        STA FR0+5
        DEC FRX
        BNE _byte
        JMP DIVOUT              ; mp_poly.s
_zeros: PHA                     ; (A = 0) the rest of the quotient bytes
        DEC FRX
        BNE _zeros
        JMP DIVOUT
.scend
