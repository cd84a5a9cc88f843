; ===========================================================================
; mp_convert.s - AFP FASC IFP FPI ZFR0 ZF1 ZFL LDBUFA SHL16 ($D800-$DA5F)
; ===========================================================================
; The conversions between text, integers and the 6-byte numbers, and the
; small helpers that sit between them.  Entry points as in the original OS
; (Atari OS User's Manual, "Floating point arithmetic package"; Mapping the
; Atari, 55296-55903; the published OS source listing): programs call these
; addresses directly.  What each routine computes is the original's, digit
; for digit (host/atari/fp.py models it; tests/test_mathpack_convert.py
; compares the two); how it computes it is our own, and faster.
;
; Work areas: only the ones the original uses for the same routine (the
; listing; Altirra's math pack notes list which ones programs rely on:
; FPI must keep FR1, IFP must keep FRE+4/5 = $DE/$DF, FASC must keep FR2).
; ===========================================================================

; ---------------------------------------------------------------------------
; AFP ($D800) - ASCII to floating point
; Entry: INBUFF = the text, CIX = where the number may start.
; Exit:  carry clear: FR0 = the number, CIX = the first character after it.
;        carry set: no number (FR0 kept; CIX after the characters looked at),
;        or 1E+98 and more (CIX after the number).
; Uses:  A X Y, FR0, FRX, EEXP, NSIGN, ESIGN, DIGRT, CIX.
;
; The syntax and the results are the published listing's:
; * blanks are skipped (SKPSPC); then the number must begin with a digit,
;   a '.' and a digit, or a sign and either of those;
; * digits with at most one '.'; nine significant digits are kept (the
;   original shifts digits in while FR0's first mantissa byte is zero:
;   Altirra's notes, "000000123456789100 is parsed as 123456789000"), later
;   ones before the point count in EEXP;
; * an 'E', a sign and one or two digits; with no digit, or when exponent
;   and dropped digits add up to zero, CIX goes back to the 'E' (the value
;   is right either way); all exponent arithmetic is 8-bit, as there;
; * "-0" gives $80 00 00 00 00 00, the original's signed zero, and so does
;   a negative number too small for the format.
;
; How: each digit is stored as it comes, left-aligned from FR0+1 (FR0
; counts them: even, a high nibble; odd, a low one), instead of shifting
; all of FR0 four bits per digit as the original does.  At the end the
; power of ten p = EEXP - DIGRT becomes the power of 100, h = p/2
; (arithmetic shift), and with m = n + (p odd) for n significant digits the
; result is what the original's "shift left if p is odd, exponent h+$44,
; NORM" gives: exponent h + $3F + (m+1)/2, the mantissa one digit right if
; m is odd.  AFPGETC (mp_scan.s) reads the characters; AFPEXP ($D9AD) does
; the range tests and the sign: AFP's 230 bytes hold the rest.
; ---------------------------------------------------------------------------
.scope
.advance $D800, $FF
AFP:    JSR SKPSPC              ; Y = CIX = the first non-blank
        LDX #0                  ; NSIGN: 0, or $80 for a minus
        LDA (INBUFF),Y
        CMP #$2B                ; '+'
        BEQ _signed
        CMP #$2D                ; '-'
        BNE _first
        LDX #$80
_signed:
        INY
_first: STX NSIGN
        LDX #$FF                ; DIGRT $FF: no point yet
        LDA (INBUFF),Y
        CMP #$2E                ; '.'
        BNE _digit1
        INX                     ; DIGRT 0: the point came first
        INY
_digit1:
        JSR AFPGETC               ; a digit must come now
        BCC _valid
        STY CIX                 ; CIX after the character that failed
        RTS                     ; (C = 1)
_valid: DEY
        STX DIGRT
        LDA #0
        STA EEXP
        LDX #5
_clear: STA FR0,X               ; FR0 counts the digits stored
        DEX
        BPL _clear
        INX                     ; X = the mantissa byte for the digits
; -- the digits: nine are stored, left-aligned from FR0+1.  The loop has a
; copy for each nibble: _next while FR0 (the count) is even, a high nibble;
; _nextlo while it is odd, a low one.
_next:  LDA (INBUFF),Y          ; (AFPGETC, inline in the digit loop)
        INY
        EOR #$30
        CMP #10
        BCS _other
        CMP #1
        BCS _high
        LDA FR0                 ; a zero before anything was stored
        BEQ _count              ; is not stored, only counted after a point
        LDA #0
_high:  ASL
        ASL
        ASL
        ASL
        STA FR0+1,X
        INC FR0
        BIT DIGRT
        BMI _nextlo
        INC DIGRT
_nextlo:
        LDA (INBUFF),Y
        INY
        EOR #$30
        CMP #10
        BCS _other
        CPX #4
        BEQ _drop               ; the tenth significant digit
        ORA FR0+1,X
        STA FR0+1,X
        INX
        INC FR0
_count: BIT DIGRT
        BMI _next
        INC DIGRT
        BNE _next               ; (always: DIGRT was $00-$7F)
_drop:  BIT DIGRT               ; a dropped digit before the point: x10
        BPL _nextlo
        INC EEXP
        BCS _nextlo             ; (always: C from CPX #4)
; -- not a digit
_other: CMP #$75                ; 'E'
        BEQ _exp
        CMP #$1E                ; '.'
        BNE _end
        BIT DIGRT
        BPL _end                ; a second point ends the number
        INC DIGRT
        BNE _exp                ; DIGRT $80 (128 digits after the point):
                                ; the original runs on into its 'E' code
        LDA FR0                 ; the point: on with the nibble the count
        LSR                     ; says
        BCS _nextlo
        BCC _next
; -- the exponent: Y is after the 'E'
_exp:   STY FRX                 ; where CIX goes back to (then minus 1)
        LDX #0                  ; the exponent's sign: 0 or $FF
        JSR AFPGETC
        BCC _edigit
        CMP #$1B                ; '+'
        BEQ _esign
        CMP #$1D                ; '-'
        BNE _eback
        DEX
_esign: JSR AFPGETC
        BCS _eback
_edigit:
        STX ESIGN
        TAX                     ; the first digit
        JSR AFPGETC
        BCS _eone
        INY                     ; two digits: CIX ends after the second
_tens:  DEX                     ; + 10 * the first (C = 0)
        BMI _etwo
        ADC #10
        BCC _tens               ; (always)
_etwo:  TAX
_eone:  TXA
        EOR ESIGN               ; minus: one's complement ...
        LSR ESIGN               ; ... plus one (C = bit 0 of $FF)
        ADC EEXP                ; + the dropped digits
        STA EEXP
        BNE _end
_eback: LDY FRX                 ; no exponent after all: back to the 'E'
_end:   DEY
        STY CIX
        JMP AFPNUM              ; (mp_high.s: the rest does not fit here)
.scend

; ---------------------------------------------------------------------------
; FASC ($D8E6) - floating point to ASCII
; Entry: FR0 = the number.
; Exit:  the text in LBUFF, INBUFF pointing at its first character (LBUFF-2
;        ... LBUFF+1), its last character with bit 7 set.
; Uses:  A X Y, ZTEMP4, INBUFF, LBUFF-2 ... LBUFF+14.
; Subroutine: FASCDIG (mp_scan.s).
;
; The text is the listing's, byte for byte (FR0 is only read):
; * LBUFF-1 always gets a '0'.  An exponent byte of zero prints "0".
; * 0.01 <= x < 1E10 (exponent $3F-$44): the ten digits with a '.' after
;   (exponent-$3F) bytes; from the end, zeros after the point and then the
;   point are dropped; a leading '0' is skipped (INBUFF+1) and ".5" gets
;   the '0' in front (INBUFF-1): "0.5", "100", "1000000000", "12.5".
; * otherwise E notation, as the listing builds it: the '.' after the first
;   byte, zeros dropped (never the two digits before the point); a leading
;   '0' is skipped, otherwise the '.' moves one digit left and the exponent
;   grows by one ("1E+10", "1.0E+11", "1.23456789E+10", "1.0E-03",
;   "1E-04"); then 'E', the sign and two digits.
; * a '-' in front for a negative number (INBUFF-1).
; Digits beyond the last character stay in LBUFF as the original leaves
; them (after an integer comes its '.').
; ---------------------------------------------------------------------------
.scope
.advance $D8E6, $FF
FASC:   JSR LDBUFA
        LDA #$30
        STA LBUFF-1             ; the '0' for "0.": INBUFF may move back
        LDA FR0
        BNE _number
        LDA #$B0                ; "0"
        STA LBUFF
        RTS
_number:
        AND #$7F
        SEC
        SBC #$3F
        CMP #6                  ; below 0.01 (borrow wraps) or 1E10 and up:
        BCC _plain
        LDA #1                  ; E notation, the '.' after one byte
_plain: PHP
        JSR FASCDIG             ; '.' after A bytes; X = the last to keep
        PLP
        BCS _enote
        ORA #$80
        STA LBUFF,X
        LDA LBUFF
        CMP #$2E
        BNE _lead
        DEC INBUFF              ; ".ddd": "0.ddd"
        BNE _sign               ; (always: INBUFF = $057F)
_enote: INX                     ; X = where the 'E' goes
        LDY LBUFF
        CPY #$31
        BCC _epower             ; "0d.ddd": the '0' is skipped below (C = 0)
        LDY LBUFF+1             ; "dd.ddd" -> "d.dddd", one more in the
        STY LBUFF+2             ; exponent (C = 1)
        LDY #$2E
        STY LBUFF+1
        CPX #2                  ; "d." alone keeps one digit: "1.0E+11"
        BNE _epower
        INX
_epower:
        LDA FR0
        ROL
        EOR #$80                ; 2*(exponent-$40) + C, 8-bit
        LDY #$2B                ; '+'
        CMP #$80
        BCC _esign
        EOR #$FF                ; (C = 1) the magnitude
        ADC #0
        LDY #$2D                ; '-'
_esign: PHA
        LDA #$45                ; 'E'
        STA LBUFF,X
        TYA
        STA LBUFF+1,X
        PLA
        LDY #$2F
        SEC
_tens:  INY
        SBC #10
        BCS _tens
        ADC #$BA                ; the units + '0' + bit 7 (C = 0)
        STA LBUFF+3,X
        TYA
        STA LBUFF+2,X
_lead:  LDA LBUFF
        CMP #$30
        BNE _sign
        INC INBUFF              ; skip the leading '0'
_sign:  BIT FR0
        BPL _done
        DEC INBUFF              ; (INBUFF stays in page 5)
        LDA #$2D                ; '-'
        LDY #0
        STA (INBUFF),Y
_done:  RTS

.scend

; ---------------------------------------------------------------------------
; IFPBODY - IFP ($D9AA) jumps here: its 40 bytes hold the end of AFP.
; Binary to BCD by doubling in decimal mode, adding each bit, sixteen
; times, into FR0+1..3 (the listing's method, unrolled, the bits taken from
; FR0+4/5 instead of ZTEMP4); then the exponent $42 and NORMALIZE ($DC00,
; the original's NORM), as the listing's IFP.
; ---------------------------------------------------------------------------
.scope
IFPBODY:
        LDA FR0
        STA FR0+5               ; the low byte, shifted out through
        LDA FR0+1               ; FR0+4, the high byte: both are zero
        STA FR0+4               ; at the end, as NORMALIZE wants them
        LDA #0
        STA FR0+1
        STA FR0+2
        STA FR0+3
        LDY #16
        SED
_bit:   ASL FR0+5
        ROL FR0+4
        LDA FR0+3
        ADC FR0+3
        STA FR0+3
        LDA FR0+2
        ADC FR0+2
        STA FR0+2
        LDA FR0+1
        ADC FR0+1
        STA FR0+1
        DEY
        BNE _bit
        CLD
        LDA #$42
        STA FR0
        JMP $DC00               ; NORMALIZE (mp_normal.s)
.scend

; ---------------------------------------------------------------------------
; IFP ($D9AA) - integer to floating point
; Entry: FR0 (low), FR0+1 (high) = 0..65535.
; Exit:  FR0 = the number (exact); carry clear.
; Uses:  A X Y, FR0, FRE (NORMALIZE; never FR1, FR2, FRE+1..: MAC/65 keeps
;        data at $DE/$DF, Altirra's notes).
; The work is in IFPBODY (after FASC).
; ---------------------------------------------------------------------------
.scope
.advance $D9AA, $FF
IFP:    JMP IFPBODY
.scend

; ---------------------------------------------------------------------------
; AFPEXP - the end of AFP: A = $3F + (m+1)/2 (C = 0), FRX = h; FR0 = n.
; The exponent byte NORM would give is A + h; then the listing's two tests:
; $71 and more (without the sign) is an overflow (carry set), below $0F a
; zero; the sign goes on last, also onto a zero ("-0": $80 00 ... 00).
; h is -64..63 and (m+1)/2 1..5, so the byte is $00..$83: from $80 on it
; is below $0F after the sign is masked, as in the original.
; ---------------------------------------------------------------------------
.scope
AFPEXP: CLC
        ADC FRX
        LDX FR0
        BEQ _zero               ; no significant digit: zero
        CMP #$80
        BCS _under
        CMP #$71
        BCC _range
        RTS                     ; 1E+98 or more: carry set
_range: CMP #$0F
        BCC _under
        ORA NSIGN
        BNE _store              ; (always)
_under: JSR ZFR0                ; below 1E-98: zero
_zero:  LDA NSIGN
_store: STA FR0
        CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; FPI ($D9D2) - floating point to integer
; Entry: FR0 = the number.
; Exit:  carry clear: FR0 (low), FR0+1 (high) = the number rounded;
;        carry set: negative, or 65536 and more before rounding.
; Uses:  A X Y, FR0, ZTEMP1, ZTEMP4, ZTEMP3 (never FR1: DARG keeps a
;        number there across FPI, Altirra's notes).
; As the listing: the integer digits, plus one when the next digit is 5 or
; more, in 16 bits (so 65535.5 gives 0 without an error); below 1 only the
; first mantissa digit is looked at, whatever the exponent (so 0.5 and
; also 0.005 give 1, 0.05 gives 0; Altirra's math pack returns 0 below
; 0.01, the listing does not).
; Ours (FPIHI in mp_high.s) takes a digit pair at a time from tables (BCDBIN,
; HUNLO/HUNHI, TENKLO/TENKHI): p0 for 1-99, p0*100+p1 below 10000,
; p0*10000+p1*100+p2 up to 999999 (an error above 65535, as the listing's
; ten-fold steps find).  ZTEMP4 is the integer, high byte first, as the
; listing has it.
; ---------------------------------------------------------------------------
.advance $D9D2, $FF
FPI:    JMP FPIHI               ; (mp_high.s)

; ---------------------------------------------------------------------------
; ZFR0 ($DA44) - FR0 = 0
; ZF1  ($DA46) - six zero bytes from X (a page zero register: FR1 = $E0 ...)
; ZFL  ($DA48) - Y zero bytes from X (listing: ZXLY; Altirra's notes: "ZFL,
;                undocumented", called by programs)
; Exit: A = 0, Y = 0, X = after the last byte.  (Zero page,X: the nine
; bytes from $DA48 end where LDBUFA begins, $DA51, as in the original.)
; ---------------------------------------------------------------------------
.scope
.advance $DA44, $FF
ZFR0:   LDX #FR0
.advance $DA46, $FF
ZF1:    LDY #6
.advance $DA48, $FF
ZFL:    LDA #0
_zero:  STA $00,X
        INX
        DEY
        BNE _zero
        RTS
.scend

; ---------------------------------------------------------------------------
; LDBUFA ($DA51) - INBUFF = LBUFF (listing: ILP, "initialize line buffer
; pointer"; Altirra's notes: LDBUFA $DA51).  A = <LBUFF.
; ---------------------------------------------------------------------------
.scope
.advance $DA51, $FF
LDBUFA: LDA #>LBUFF
        STA INBUFF+1
        LDA #<LBUFF
        STA INBUFF
        RTS
.scend

; ---------------------------------------------------------------------------
; SHL16 ($DA5A) - ZTEMP4+1 (low), ZTEMP4 (high) shifted left one bit; C =
; the bit out.  The listing's SIL, a helper of FPI; Altirra's notes: called
; by MAC/65 at this address.
; ---------------------------------------------------------------------------
.scope
.advance $DA5A, $FF
SHL16:  ASL ZTEMP4+1
        ROL ZTEMP4
        RTS
.scend
