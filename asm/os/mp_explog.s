; ===========================================================================
; mp_explog.s - EXP EXP10 LOG LOG10 ($DDC0-$DFFF)
; ===========================================================================
; The transcendental functions and the constant tables, where the original
; OS has them (Mapping the Atari 56768 EXP, 56780 EXP10, 57037 LOG, 57041
; LOG10; the tables' addresses as the published OS listing lays them out
; and as Atari BASIC reads them: P10COF $DE4D, LOG10E $DE89, FONE $DE8F,
; SQR10 $DF66, FHALF $DF6C, LGCOEF $DF72, ATCOEF $DFAE, FP9S $DFEA, PIOV4
; $DFF0).  The values are the published ones, byte for byte.
; The functions evaluate the same polynomials through PLYEVL in the same
; order as the listing, so their results are the original's digits.
; The last ten bytes, after PIOV4, hold FMUL's last step (MULEND).
; ===========================================================================

.alias SGNFLG   $F0             ; EXP10: the argument's sign; LOG: 1 = base e
.alias XFMFLG   $F1             ; EXP10: the integer part; LOG: the power of 10

; ---------------------------------------------------------------------------
; EXP ($DDC0) - FR0 = e ^ FR0, as EXP10(FR0 * LOG10E); C set on error.
; ---------------------------------------------------------------------------
.scope
EXP:    LDX #<LOG10E
        LDY #>LOG10E
        JSR MP_FLD1R
        JSR FMUL                ; x * log10(e)
        BCS EXP10ERR            ; (then falls into EXP10)
.scend

; ---------------------------------------------------------------------------
; EXP10 ($DDCC) - FR0 = 10 ^ FR0; C set on error.
; As the published listing: |x| = n + f with n = |x| rounded (FPI rounds:
; 2.7 = 3 - 0.3) and f = |x| - n by FSUB (so -0.5 <= f < 0.5 for |x| >= 1;
; f = |x| below 1); 10^f = P(f)^2 with P = P10COF through PLYEVL; times
; 10^n (exponent n/2, mantissa 1 or 10: an error when n >= 128), then
; 1 / that for x < 0.  The carry of the last FMUL/FDIV is returned, so a
; failed FMUL (FR0 left as the original leaves it) can still give a result
; after the division, as in the original.
; Ours: |x| >= 10000 (where the original's FPI fails and EXP10 goes on
; with what FPI left in FR0) is simply an error.
; ---------------------------------------------------------------------------
.advance $DDCC, $FF
.scope
EXP10:  LDA #0
        STA XFMFLG
        LDA FR0
        STA SGNFLG
        AND #$7F
        STA FR0                 ; |x|
        SEC
        SBC #$40
        BMI _frac               ; |x| < 1: f = |x|
        CMP #2
        BCS _err                ; |x| >= 10000 (ours)
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FST0R
        JSR MP_FPI                 ; n = |x| rounded
        LDA FR0
        STA XFMFLG
        LDA FR0+1
        BNE _err                ; n > 255
        JSR MP_IFP
        JSR MP_FMOVE
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FLD0R
        JSR FSUB                ; f = |x| - n
_frac:  LDA #10
        LDX #<P10COF
        LDY #>P10COF
        JSR PLYEVL              ; P(f)
        JSR MP_FMOVE
        JSR FMUL                ; P(f)^2
        LDA XFMFLG
        BEQ _sign
        LSR                     ; 10^n: exponent n/2, mantissa 1 or 10
        TAX
        LDA #$01
        BCC +
        LDA #$10
*       STA FR1+1
        LDA #0
        STA FR1+2
        STA FR1+3
        STA FR1+4
        STA FR1+5
        TXA
        CLC
        ADC #$40
        BMI _err                ; n >= 128
        STA FR1
        JSR FMUL
_sign:  LDA SGNFLG
        BPL _done
        JMP EXPINV
EXP10ERR:
_err:   SEC
_done:  RTS
.scend



; ---------------------------------------------------------------------------
; EXPINV - EXP10's last step for x < 0: FR0 = 1 / FR0
; ---------------------------------------------------------------------------
.scope
EXPINV: JSR MP_FMOVE
        LDX #<FONE
        LDY #>FONE
        JSR MP_FLD0R
        JMP FDIV
.scend

; ---------------------------------------------------------------------------
; P10COF ($DE4D) - 10^x ~ P(x)^2, ten coefficients, highest power first
; (published OS listing; the listing's comment says 0.0032176227 for the
; fourth, its bytes are 0.0032196227)
; ---------------------------------------------------------------------------
.advance $DE4D, $FF
P10COF: .byte $3D,$17,$94,$19,$00,$00   ; 0.0000179419
        .byte $3D,$57,$33,$05,$00,$00   ; 0.0000573305
        .byte $3E,$05,$54,$76,$62,$00   ; 0.0005547662
        .byte $3E,$32,$19,$62,$27,$00   ; 0.0032196227
        .byte $3F,$01,$68,$60,$30,$36   ; 0.0168603036
        .byte $3F,$07,$32,$03,$27,$41   ; 0.0732032741
        .byte $3F,$25,$43,$34,$56,$75   ; 0.2543345675
        .byte $3F,$66,$27,$37,$30,$50   ; 0.6627373050
        .byte $40,$01,$15,$12,$92,$55   ; 1.15129255
        .byte $3F,$99,$99,$99,$99,$99   ; 0.9999999999
LOG10E: .byte $3F,$43,$42,$94,$48,$19   ; $DE89: log10(e) = 0.4342944819
FONE:   .byte $40,$01,$00,$00,$00,$00   ; $DE8F: 1

; ---------------------------------------------------------------------------
; LOGEND - LOG's last steps (here for want of room among the tables):
; FR1 = the polynomial's part, FR0 = IFP of the power of ten XFMFLG with
; its sign, FR0 + FR1, and for LOG the division by LOG10E.  C clear.
; ---------------------------------------------------------------------------
.scope
LOGEND: JSR MP_FMOVE
        LDA #0
        STA FR0+1
        LDA XFMFLG
        BPL +
        EOR #$FF
        CLC
        ADC #1
*       STA FR0
        JSR MP_IFP
        ASL FR0                 ; XFMFLG's sign in front
        LDA XFMFLG
        ASL
        ROR FR0
        JSR FADD                ; + the power of ten
        LDA SGNFLG
        BEQ _done
        LDX #<LOG10E
        LDY #>LOG10E
        JSR MP_FLD1R
        JSR FDIV                ; LOG = LOG10 / log10(e)
_done:  CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; LOG ($DECD) - FR0 = ln FR0;  LOG10 ($DED1) - FR0 = log10 FR0
; C set for an argument <= 0.  As the published listing: x = m * 10^p with
; 1 <= m < 10 (m = the mantissa over 1 or 10, the original's FDIV by 10
; truncates like our nibble shift), z = (m - SQR10) / (m + SQR10) (XFORM:
; PLYARG = m, FPSCR = m + SQR10), log10 m = 0.5 + z * P(z*z) with P =
; LGCOEF, plus p; LOG divides that by LOG10E.
; ---------------------------------------------------------------------------
.advance $DECD, $FF
.scope
LOG:    LDA #1
        BNE LOGS
.scend
.advance $DED1, $FF
.scope
LOG10:  LDA #0
LOGS:   STA SGNFLG
        LDA FR0
        BNE +                   ; (_err is beyond a branch's reach: a JMP)
        JMP _err                ; LOG(0)
*       BPL +
        JMP _err                ; LOG(x < 0)
*       SEC
        SBC #$40
        ASL
        STA XFMFLG              ; p = 2 * exponent
        LDA #$40
        STA FR0
        LDA FR0+1
        CMP #$10
        BCC _xform
        INC XFMFLG              ; 10 <= mantissa < 100: / 10
        LDX #4
_div10: LSR FR0+1
        ROR FR0+2
        ROR FR0+3
        ROR FR0+4
        ROR FR0+5
        DEX
        BNE _div10
_xform: LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FST0R
        LDX #<SQR10
        LDY #>SQR10
        JSR MP_FLD1R
        JSR FADD                ; m + SQR10
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FST0R
        LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FLD0R
        LDX #<SQR10
        LDY #>SQR10
        JSR MP_FLD1R
        JSR FSUB                ; m - SQR10
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FLD1R
        JSR FDIV                ; z
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FST0R
        JSR MP_FMOVE
        JSR FMUL                ; z * z
        LDA #10
        LDX #<LGCOEF
        LDY #>LGCOEF
        JSR PLYEVL
        LDX #<FPSCR
        LDY #>FPSCR
        JSR MP_FLD1R
        JSR FMUL                ; z * P(z * z)
        LDX #<FHALF
        LDY #>FHALF
        JSR MP_FLD1R
        JSR FADD                ; + 0.5
        JMP LOGEND
_err:   SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; The constants of LOG and of Atari BASIC's ATN (published OS listing;
; Mapping the Atari and the Atari BASIC Source Book give the addresses)
; ---------------------------------------------------------------------------
.advance $DF66, $FF
SQR10:  .byte $40,$03,$16,$22,$77,$66   ; $DF66: sqrt(10) = 3.16227766
FHALF:  .byte $3F,$50,$00,$00,$00,$00   ; $DF6C: 0.5
LGCOEF: .byte $3F,$49,$15,$57,$11,$08   ; $DF72: 0.4915571108
        .byte $BF,$51,$70,$49,$47,$08   ; -0.5170494708
        .byte $3F,$39,$20,$57,$61,$95   ; 0.3920576195
        .byte $BF,$04,$39,$63,$03,$55   ; -0.0439630355
        .byte $3F,$10,$09,$30,$12,$64   ; 0.1009301264
        .byte $3F,$09,$39,$08,$04,$60   ; 0.0939080460
        .byte $3F,$12,$42,$58,$47,$42   ; 0.1242584742
        .byte $3F,$17,$37,$12,$06,$08   ; 0.1737120608
        .byte $3F,$28,$95,$29,$71,$17   ; 0.2895297117
        .byte $3F,$86,$85,$88,$96,$44   ; 0.8685889644
ATCOEF: .byte $3E,$16,$05,$44,$49,$00   ; $DFAE: 0.001605444900
        .byte $BE,$95,$68,$38,$45,$00   ; -0.009568384500
        .byte $3F,$02,$68,$79,$94,$16   ; 0.0268799416
        .byte $BF,$04,$92,$78,$90,$80   ; -0.0492789080
        .byte $3F,$07,$03,$15,$20,$00   ; 0.0703152000
        .byte $BF,$08,$92,$29,$12,$44   ; -0.0892291244
        .byte $3F,$11,$08,$40,$09,$11   ; 0.1108400911
        .byte $BF,$14,$28,$31,$56,$04   ; -0.1428315604
        .byte $3F,$19,$99,$98,$77,$44   ; 0.1999987744
        .byte $BF,$33,$33,$33,$31,$13   ; -0.3333333113
FP9S:   .byte $3F,$99,$99,$99,$99,$99   ; $DFEA: 0.9999999999 (ATN's last)
PIOV4:  .byte $3F,$78,$53,$98,$16,$34   ; $DFF0: pi/4 = 0.7853981634

; ---------------------------------------------------------------------------
; MULEND - FMUL's last step (here for want of room in mp_normal.s): a carry
; left from the multiplier's first byte adds the multiplicand (ZTEMP1) x 100^5, then MDEXIT.
; ---------------------------------------------------------------------------
MULEND: LDA FRSIGN
        LDX #ZTEMP1
        JSR ADDN
        JMP MDEXIT
