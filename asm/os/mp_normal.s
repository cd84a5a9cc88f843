; ===========================================================================
; mp_normal.s - NORMALIZE, helpers ($DC00-$DD3F)
; ===========================================================================
; NORMALIZE at $DC00, where the original has it (Mapping the Atari, 56320
; "NORMALIZE"; the published OS listing calls it NORM), and the rest of the
; arithmetic of mp_arith.s: the bodies of FMUL and FDIV with their
; unrolled additions (ADDN) and subtraction (SUB6).
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
        LDX #4
_shift: LDA FR0+1
        BNE _check
        LDY #0
_left:  LDA FR0+2,Y             ; one byte left, FRE's first shifted in
        STA FR0+1,Y
        INY
        CPY #5
        BNE _left
        DEC FR0
        DEX
        BNE _shift
        LDA FR0+1
        BNE _check
        STA FR0                 ; the mantissa is zero: so is the number
        CLC
        RTS
_check: LDA FR0
        AND #$7F
        CMP #$71
        BCS _rts                ; overflow: C set
        CMP #$0F
        BCS _ok
ZEROCLC:                        ; underflow: zero (also FMUL's x * 0)
        LDA #0
        LDX #5
_zero:  STA FR0,X
        DEX
        BPL _zero
_ok:    CLC
_rts:   RTS
.scend

; ---------------------------------------------------------------------------
; MULBODY - FMUL after the checks (EEXP = sign | exponent)
; As the listing: FR1 = the multiplicand behind a zero byte, FR2 = ten times
; it, FRE = the multiplier's mantissa, FR0 = 0; five passes, each adding
; FR1 (units digit of FRE's last byte) and FR2 (its tens digit) to FR0 as
; often as the digit says, then FR0/FRE one byte right.  The product's ten
; bytes end in FR0+1..FRE+4, N0E normalises (FRE's first byte shifted in).
; ---------------------------------------------------------------------------
.scope
MULBODY:
        LDA #0
        STA FR1
        LDX #5
_copy:  LDA FR1,X               ; FR2 = FR1
        STA FR2,X
        LDA FR0,X               ; FRE = FR0, FR0 = 0
        STA FRE,X
        LDA #0
        STA FR0,X
        DEX
        BPL _copy
        STA FRE
        JSR TIMES10             ; FR2 = 10 x FR1
        LDA #5
        STA FRX
_pass:  LDA FRE+5
        AND #$0F
        LDX #FR1
        JSR ADDN
        LDA FRE+5
        LSR
        LSR
        LSR
        LSR
        LDX #FR2
        JSR ADDN
        LDX #10
_right: LDA FR0,X               ; FR0/FRE one byte right
        STA FR0+1,X
        DEX
        BPL _right
        LDA #0
        STA FR0
        DEC FRX
        BNE _pass
MDEXIT: LDA EEXP                ; (FDIV's end too)
        STA FR0
        JMP N0E
; ADDN: FR0 = FR0 + A times the six bytes at zero-page X (FR1 or FR2).
ADDN:   TAY
        BEQ _done
        SED
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
        DEY
        BNE _times
        CLD
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; DIVBODY - FDIV after the checks (EEXP = sign | exponent)
; As the listing: the remainder R (six bytes, the dividend's mantissa behind
; a zero byte) gives six quotient bytes, each a tens digit (R - 10 x divisor
; in FR2 while no borrow) and a units digit (from the divisor in FR1), R
; moving one byte left between them; the bytes end in FR0+1..FRE and N0E
; shifts out a leading zero byte.  Ours keeps R in FR0 (the unrolled
; additions of FMUL serve), the quotient in ZTEMP1..ZTEMP3+1, and does not
; restore R after the tens digit: the units digit is 10 - the number of
; additions of the divisor that bring R back to >= 0.
; ---------------------------------------------------------------------------
.scope
DIVBODY:
        LDX #5
        LDA #0
        STA FR1                 ; the divisor behind a zero byte
        STA FR0                 ; R = 0, the dividend's mantissa
_copy:  LDA FR1,X               ; FR2 = 10 x divisor
        STA FR2,X
        DEX
        BPL _copy
        JSR TIMES10             ; (X = 0 after)
_byte:  STX FRX                 ; the quotient byte (0..5)
        LDA #0
        STA FRSIGN
        LDA #10
        STA FRE                 ; 10 - units digit
_tens:  LDX #FR2                ; tens digit: R - 10 x divisor until R < 0
        JSR SUB6
        BCC _units
        LDA FRSIGN
        ADC #$0F                ; (C set) + $10
        STA FRSIGN
        BCC _tens
_units: LDA #1                  ; units digit: R + divisor until R >= 0
        LDX #FR1
        JSR ADDN
        DEC FRE
        BCC _units
        LDA FRSIGN
        ORA FRE
        LDX FRX
        STA ZTEMP1,X
        LDY #0
_left:  LDA FR0+1,Y             ; R one byte left (its first byte is 0)
        STA FR0,Y
        INY
        CPY #5
        BNE _left
        LDA #0
        STA FR0+5
        INX
        CPX #6
        BNE _byte
        LDX #5
_out:   LDA ZTEMP1,X            ; the quotient to FR0+1..FRE
        STA FR0+1,X
        DEX
        BPL _out
        JMP MDEXIT
; SUB6: FR0 = FR0 - the six bytes at zero-page X; C clear on a borrow.
SUB6:   SED
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
        CLD
        RTS
.scend
