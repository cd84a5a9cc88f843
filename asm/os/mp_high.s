; ===========================================================================
; mp_high.s - math pack routines and tables in the OS's $C000 block
; ===========================================================================
; Nothing here is a documented entry point: these are the bodies of math
; pack routines whose entry points at $D800-$DFFF jump here, and tables they
; read (issue 19: what need not be at $D800 moves to the free OS space below
; $D000).  The tables fill $CD5A-$CFFF.  Each table lies within one page, so an indexed read
; never pays the page-crossing cycle.
;   HUNHI/HUNLO  p * 100 for p = 0..165 (a BCD byte's value, digits 0-15)
;   TENKLO/HI    p * 10000 for p = 0..6
;   BCDBIN       the binary value of a BCD byte: high digit * 10 + low
;                digit, for every byte (digits above 9 count as 10-15, as
;                the published FPI's multiply-by-ten steps count them)
; ===========================================================================

; ---------------------------------------------------------------------------
; FPIHI - FPI's work (FPI at $D9D2 jumps here; mp_convert.s describes it)
; ---------------------------------------------------------------------------
.scope
FPIHI:  LDA FR0
        CMP #$43
        BCS _return             ; negative, or 1,000,000 and more (C set)
        SBC #$3F                ; (C = 0) A = exponent - $40
        BCC _below              ; below 1: only the first digit rounds
        BEQ _one                ; 1 to 99
        LSR
        BCC _three              ; 10000 to 999999
        LDY FR0+1               ; 100 to 9999: p0 * 100 + p1
        LDX BCDBIN,Y
        LDY FR0+2
        LDA BCDBIN,Y
        CLC
        ADC HUNLO,X
        STA ZTEMP4+1
        LDA HUNHI,X
        ADC #0                  ; (at most 16665: C = 0)
        LDX #3                  ; the next digit is in FR0+3
        BCC _round              ; (always)
_below: LDX #1
        LDA #0
        STA ZTEMP4+1
        BEQ _round              ; (always)
_one:   LDY FR0+1
        LDA BCDBIN,Y
        STA ZTEMP4+1
        LDX #2
        LDA #0
        BEQ _round              ; (always)
_three: LDY FR0+1
        LDA BCDBIN,Y
        CMP #7
        BCS _return             ; 70000 and more
        TAX
        LDY FR0+2
        LDA BCDBIN,Y
        TAY
        LDA TENKLO,X            ; (C = 0)
        ADC HUNLO,Y
        STA ZTEMP4+1
        LDA TENKHI,X
        ADC HUNHI,Y
        BCS _return             ; past 65535
        STA ZTEMP4
        LDY FR0+3
        LDA BCDBIN,Y            ; + p2 (C = 0)
        ADC ZTEMP4+1
        STA ZTEMP4+1
        LDA ZTEMP4
        ADC #0
        BCS _return             ; past 65535
        LDX #4                  ; the next digit is in FR0+4
_round: STA ZTEMP4              ; A = the high byte
        LDA FR0,X               ; the next digit >= 5: one more
        CMP #$50
        LDA ZTEMP4+1
        ADC #0
        STA FR0
        LDA ZTEMP4
        ADC #0
        STA FR0+1
        CLC
_return:
        RTS
.scend

; ---------------------------------------------------------------------------
; The bodies of FLD0P, FLD1P, FST0P and FMOVE (mp_move.s), unrolled: 2 + 6 x 10
; cycles instead of the loop's 6 x 15, with the loop's exit state.
; ---------------------------------------------------------------------------
; FLD0PH - FLD0P's body: FR0 = the number at (FLPTR)
FLD0PH:
        LDY #5
        LDA (FLPTR),Y
        STA FR0+5
        DEY
        LDA (FLPTR),Y
        STA FR0+4
        DEY
        LDA (FLPTR),Y
        STA FR0+3
        DEY
        LDA (FLPTR),Y
        STA FR0+2
        DEY
        LDA (FLPTR),Y
        STA FR0+1
        DEY
        LDA (FLPTR),Y
        STA FR0
        DEY
        RTS                     ; (Y = $FF, N set, A = the exponent)
; FLD1PH - FLD1P's body: FR1 = the number at (FLPTR)
FLD1PH:
        LDY #5
        LDA (FLPTR),Y
        STA FR1+5
        DEY
        LDA (FLPTR),Y
        STA FR1+4
        DEY
        LDA (FLPTR),Y
        STA FR1+3
        DEY
        LDA (FLPTR),Y
        STA FR1+2
        DEY
        LDA (FLPTR),Y
        STA FR1+1
        DEY
        LDA (FLPTR),Y
        STA FR1
        DEY
        RTS                     ; (Y = $FF, N set, A = the exponent)
; FST0PH - FST0P's body: the number at (FLPTR) = FR0
FST0PH:
        LDY #5
        LDA FR0+5
        STA (FLPTR),Y
        DEY
        LDA FR0+4
        STA (FLPTR),Y
        DEY
        LDA FR0+3
        STA (FLPTR),Y
        DEY
        LDA FR0+2
        STA (FLPTR),Y
        DEY
        LDA FR0+1
        STA (FLPTR),Y
        DEY
        LDA FR0
        STA (FLPTR),Y
        DEY
        RTS                     ; (Y = $FF, N set, A = the exponent)
; FMOVEH - FMOVE's body: FR1 = FR0 (Y kept)
FMOVEH:
        LDA FR0+5
        STA FR1+5
        LDA FR0+4
        STA FR1+4
        LDA FR0+3
        STA FR1+3
        LDA FR0+2
        STA FR1+2
        LDA FR0+1
        STA FR1+1
        LDA FR0
        STA FR1
        LDX #$FF                ; (X = $FF, N set, as the loop left them)
        RTS

; ---------------------------------------------------------------------------
; MULBODY - FMUL after the checks (EEXP = sign | exponent; FMUL jumps here)
; As the listing: five passes over the multiplier's bytes from the last, each
; adding its units digit times the multiplicand and its tens digit times ten
; times it to the six bytes W = FR0..FR0+5, then W one byte right.  (The
; product is the same with the operands swapped: ours multiplies FR0's
; mantissa by FR1's.)
; Ours: each digit plus the carry of the one before (0..10) is recoded as
; 0..5 added, or 6..10 as 10 - d subtracted and a carry of one into the next
; digit; n = 0..5 is then n / 2 additions of the row doubled and one of the
; row when n is odd (DIGITM), so at most three additions a digit, 1.5 on
; average.  The rows: 1x in ZTEMP1 ($F5), 2x in FR1, 10x in FR2, 20x in FRE
; (the multiplier's bytes wait on the stack).  W is in ten's complement,
; negative exactly while a carry is pending into the next byte (its shift
; then brings in $99); only W is shifted: the bytes it drops are below the
; six FMUL keeps, but for the last pass's, the product's sixth (FRE).  A
; carry left over adds the multiplicand in front (MULEND), then N0E.
; ---------------------------------------------------------------------------
.scope
MULBODY:
        LDA FR1+1               ; the multiplier's bytes onto the stack (the
        PHA                     ; last comes off first)
        LDA FR1+2
        PHA
        LDA FR1+3
        PHA
        LDA FR1+4
        PHA
        LDA FR1+5
        PHA
        LDY #0
        STY FR0                 ; (the exponent is in EEXP)
        LDX #5
        STX FRX                 ; five passes
        SED
        CLC
_copy:  LDA FR0,X               ; ZTEMP1 = FR2 = 0|multiplicand, FR0 = 0,
        STA ZTEMP1,X            ; FR1 = 2 x ZTEMP1
        STA FR2,X
        STY FR0,X
        ADC ZTEMP1,X
        STA FR1,X
        DEX
        BPL _copy
        CLD
        STY FRSIGN              ; no carry into the last byte
        JSR TIMES10             ; FR2 = 10 x ZTEMP1
        SED
        CLC
        LDA FR2+5               ; FRE = 2 x FR2
        ADC FR2+5
        STA FRE+5
        LDA FR2+4
        ADC FR2+4
        STA FRE+4
        LDA FR2+3
        ADC FR2+3
        STA FRE+3
        LDA FR2+2
        ADC FR2+2
        STA FRE+2
        LDA FR2+1
        ADC FR2+1
        STA FRE+1
        LDA FR2
        ADC FR2
        STA FRE
        CLD
_pass:  PLA                     ; the multiplier's next byte
        PHA
        AND #$0F
        LDX #ZTEMP1
        LDY #FR1
        JSR DIGITM              ; units digit: rows 1x, 2x
        PLA
        LSR
        LSR
        LSR
        LSR
        LDX #FR2
        LDY #FRE
        JSR DIGITM              ; tens digit: rows 10x, 20x
        DEC FRX
        BNE _shift
        LDA FR0+5               ; the last pass: the byte W drops is the
        STA FR0+6               ; product's sixth (FRE is no row now)
_shift: LDA FR0+4               ; W one byte right
        STA FR0+5
        LDA FR0+3
        STA FR0+4
        LDA FR0+2
        STA FR0+3
        LDA FR0+1
        STA FR0+2
        LDA FR0
        STA FR0+1
        LDX FRSIGN              ; W < 0 while a carry is pending:
        LDA MDFILL,X            ; $99 in front
        STA FR0
        LDA FRX
        BNE _pass
        JMP MULEND              ; mp_explog.s

; ADDX/ADDY: FR0 = FR0 + the six bytes at zero-page X/Y; SUBX/SUBY: minus.
ADDX:   SED
        CLC
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
        CLD
        RTS
SUBX:   SED
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
ADDY:   SED
        CLC
        LDA FR0+5
        ADC 5,Y
        STA FR0+5
        LDA FR0+4
        ADC 4,Y
        STA FR0+4
        LDA FR0+3
        ADC 3,Y
        STA FR0+3
        LDA FR0+2
        ADC 2,Y
        STA FR0+2
        LDA FR0+1
        ADC 1,Y
        STA FR0+1
        LDA FR0
        ADC 0,Y
        STA FR0
        CLD
        RTS
SUBY:   SED
        SEC
        LDA FR0+5
        SBC 5,Y
        STA FR0+5
        LDA FR0+4
        SBC 4,Y
        STA FR0+4
        LDA FR0+3
        SBC 3,Y
        STA FR0+3
        LDA FR0+2
        SBC 2,Y
        STA FR0+2
        LDA FR0+1
        SBC 1,Y
        STA FR0+1
        LDA FR0
        SBC 0,Y
        STA FR0
        CLD
        RTS

; DIGITM: FR0 = FR0 + (A + the carry in FRSIGN) x the row at zero-page X,
; whose double is at zero-page Y; the digit d (0..10) recoded: 6..10 is
; -(10 - d) and a carry of one into the next digit (FRSIGN = 1).
DIGITM: LSR FRSIGN              ; C = the carry, FRSIGN = 0
        ADC #0
        CMP #6
        ROL FRSIGN              ; 6..10: carry (C clear after)
        BNE _minus
        LSR                     ; n / 2 doubles, n odd: one single
        BCC _twos
        PHA
        JSR ADDX
        PLA
_twos:  BEQ _done
        LSR
        BCS ADDY                ; one double
        JSR ADDY                ; two
        JMP ADDY
_minus: EOR #$FF
        ADC #11                 ; 10 - d (0..4)
        LSR
        BCC _stwos
        PHA
        JSR SUBX
        PLA
_stwos: BEQ _done
        LSR
        BCS SUBY
        JSR SUBY
        JMP SUBY
_done:  RTS

.scend

.advance $CD5A, $FF
HUNHI:
        .byte $00,$00,$00,$01,$01,$01,$02,$02,$03,$03,$03,$04,$04,$05,$05,$05
        .byte $06,$06,$07,$07,$07,$08,$08,$08,$09,$09,$0A,$0A,$0A,$0B,$0B,$0C
        .byte $0C,$0C,$0D,$0D,$0E,$0E,$0E,$0F,$0F,$10,$10,$10,$11,$11,$11,$12
        .byte $12,$13,$13,$13,$14,$14,$15,$15,$15,$16,$16,$17,$17,$17,$18,$18
        .byte $19,$19,$19,$1A,$1A,$1A,$1B,$1B,$1C,$1C,$1C,$1D,$1D,$1E,$1E,$1E
        .byte $1F,$1F,$20,$20,$20,$21,$21,$21,$22,$22,$23,$23,$23,$24,$24,$25
        .byte $25,$25,$26,$26,$27,$27,$27,$28,$28,$29,$29,$29,$2A,$2A,$2A,$2B
        .byte $2B,$2C,$2C,$2C,$2D,$2D,$2E,$2E,$2E,$2F,$2F,$30,$30,$30,$31,$31
        .byte $32,$32,$32,$33,$33,$33,$34,$34,$35,$35,$35,$36,$36,$37,$37,$37
        .byte $38,$38,$39,$39,$39,$3A,$3A,$3A,$3B,$3B,$3C,$3C,$3C,$3D,$3D,$3E
        .byte $3E,$3E,$3F,$3F,$40,$40
.checkpc $CE00
HUNLO:
        .byte $00,$64,$C8,$2C,$90,$F4,$58,$BC,$20,$84,$E8,$4C,$B0,$14,$78,$DC
        .byte $40,$A4,$08,$6C,$D0,$34,$98,$FC,$60,$C4,$28,$8C,$F0,$54,$B8,$1C
        .byte $80,$E4,$48,$AC,$10,$74,$D8,$3C,$A0,$04,$68,$CC,$30,$94,$F8,$5C
        .byte $C0,$24,$88,$EC,$50,$B4,$18,$7C,$E0,$44,$A8,$0C,$70,$D4,$38,$9C
        .byte $00,$64,$C8,$2C,$90,$F4,$58,$BC,$20,$84,$E8,$4C,$B0,$14,$78,$DC
        .byte $40,$A4,$08,$6C,$D0,$34,$98,$FC,$60,$C4,$28,$8C,$F0,$54,$B8,$1C
        .byte $80,$E4,$48,$AC,$10,$74,$D8,$3C,$A0,$04,$68,$CC,$30,$94,$F8,$5C
        .byte $C0,$24,$88,$EC,$50,$B4,$18,$7C,$E0,$44,$A8,$0C,$70,$D4,$38,$9C
        .byte $00,$64,$C8,$2C,$90,$F4,$58,$BC,$20,$84,$E8,$4C,$B0,$14,$78,$DC
        .byte $40,$A4,$08,$6C,$D0,$34,$98,$FC,$60,$C4,$28,$8C,$F0,$54,$B8,$1C
        .byte $80,$E4,$48,$AC,$10,$74
TENKLO:
        .byte $00,$10,$20,$30,$40,$50,$60
TENKHI:
        .byte $00,$27,$4E,$75,$9C,$C3,$EA
; ---------------------------------------------------------------------------
; AFPNUM - AFP's last part (mp_convert.s): the number from FR0 = n digits at
; FR0+1 (left-aligned), EEXP, DIGRT; then AFPEXP ($D9AD)
; ---------------------------------------------------------------------------
.scope
AFPNUM:
        LDA EEXP                ; p = EEXP - DIGRT (as the listing's AFP16)
        LDX DIGRT
        BMI _power
        SEC
        SBC DIGRT
_power: CMP #$80
        ROR                     ; A = h, the power of 100; C = p odd
        STA FRX
        LDA FR0
        ADC #0                  ; m = n + (p odd): digits of the original's
        LSR                     ; integer; C = m odd: one digit right
        BCC _aligned
        LDX #4
_nibble:
        LSR FR0+1
        ROR FR0+2
        ROR FR0+3
        ROR FR0+4
        ROR FR0+5
        DEX
        BNE _nibble
        SEC
_aligned:
        ADC #$3F                ; $3F + (m+1)/2
        JMP AFPEXP              ; (at $D9AD)
.scend
.checkpc $CF00
.advance $CF00, $FF
BCDBIN:
        .byte $00,$01,$02,$03,$04,$05,$06,$07,$08,$09,$0A,$0B,$0C,$0D,$0E,$0F
        .byte $0A,$0B,$0C,$0D,$0E,$0F,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19
        .byte $14,$15,$16,$17,$18,$19,$1A,$1B,$1C,$1D,$1E,$1F,$20,$21,$22,$23
        .byte $1E,$1F,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$2A,$2B,$2C,$2D
        .byte $28,$29,$2A,$2B,$2C,$2D,$2E,$2F,$30,$31,$32,$33,$34,$35,$36,$37
        .byte $32,$33,$34,$35,$36,$37,$38,$39,$3A,$3B,$3C,$3D,$3E,$3F,$40,$41
        .byte $3C,$3D,$3E,$3F,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$4A,$4B
        .byte $46,$47,$48,$49,$4A,$4B,$4C,$4D,$4E,$4F,$50,$51,$52,$53,$54,$55
        .byte $50,$51,$52,$53,$54,$55,$56,$57,$58,$59,$5A,$5B,$5C,$5D,$5E,$5F
        .byte $5A,$5B,$5C,$5D,$5E,$5F,$60,$61,$62,$63,$64,$65,$66,$67,$68,$69
        .byte $64,$65,$66,$67,$68,$69,$6A,$6B,$6C,$6D,$6E,$6F,$70,$71,$72,$73
        .byte $6E,$6F,$70,$71,$72,$73,$74,$75,$76,$77,$78,$79,$7A,$7B,$7C,$7D
        .byte $78,$79,$7A,$7B,$7C,$7D,$7E,$7F,$80,$81,$82,$83,$84,$85,$86,$87
        .byte $82,$83,$84,$85,$86,$87,$88,$89,$8A,$8B,$8C,$8D,$8E,$8F,$90,$91
        .byte $8C,$8D,$8E,$8F,$90,$91,$92,$93,$94,$95,$96,$97,$98,$99,$9A,$9B
        .byte $96,$97,$98,$99,$9A,$9B,$9C,$9D,$9E,$9F,$A0,$A1,$A2,$A3,$A4,$A5
