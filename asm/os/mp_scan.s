; ===========================================================================
; mp_scan.s - SKPSPC ISDIGT ($DBA1-$DBFF)
; ===========================================================================
; Two small text helpers of the math pack that programs call directly
; (Altirra's math pack notes them at $DBA1 and $DBAF; the published OS
; listing has them as SLB "skip leading blanks" and TNC "test for numeric
; character"), then helpers of AFP and FASC that do not fit in $D800-$DA5F.
; ===========================================================================

; ---------------------------------------------------------------------------
; SKPSPC ($DBA1) - move CIX past the blanks at INBUFF+CIX
; Entry: INBUFF, CIX.  Exit: CIX and Y = the first non-blank (Y wraps at
; 256 and stops there, as in the original); A = ' '.
; ---------------------------------------------------------------------------
.scope
.advance $DBA1, $FF
SKPSPC: LDY CIX
        LDA #$20
_next:  CMP (INBUFF),Y
        BNE _done
        INY
        BNE _next
_done:  STY CIX
        RTS
.scend

; ---------------------------------------------------------------------------
; ISDIGT ($DBAF) - is the character at INBUFF+CIX a digit?
; Entry: INBUFF, CIX.  Exit: carry clear and A = 0..9 for '0'..'9'; carry
; set otherwise.  Y = CIX.
; ---------------------------------------------------------------------------
.scope
.advance $DBAF, $FF
ISDIGT: LDY CIX
        JSR AFPGETC
        DEY
        RTS
.scend

; ---------------------------------------------------------------------------
; AFPGETC - the character at INBUFF+Y, and Y + 1 (AFP's "get next
; character"): carry clear and A = 0..9 for a digit; carry set otherwise,
; A = the character EOR '0' ('.' $1E, 'E' $75, '+' $1B, '-' $1D).
; ---------------------------------------------------------------------------
.scope
AFPGETC:
        LDA (INBUFF),Y
        INY
        EOR #$30
        CMP #10
        RTS
.scend

; ---------------------------------------------------------------------------
; FASCDIG - FASC's ten digits: FR0's mantissa as digits at LBUFF, with a
; '.' before byte A (A = 5: after the last), as the listing's C0A.
; Exit: X = the last character to keep, A = it: the last digit that is not
; a '0', or the one before the '.' if that comes later (the listing's FNZ:
; looked for from the end, where the '.' stops the search).
; Uses: Y, ZTEMP4.
; ---------------------------------------------------------------------------
.scope
FASCDIG:
        STA ZTEMP4
        LDX #0
        LDY #0
_byte:  CPX ZTEMP4
        BNE _pair
        LDA #$2E                ; '.'
        STA LBUFF,Y
        INY
_pair:  CPX #5
        BEQ _back
        LDA FR0+1,X
        LSR
        LSR
        LSR
        LSR
        ORA #$30
        STA LBUFF,Y
        INY
        LDA FR0+1,X
        AND #$0F
        ORA #$30
        STA LBUFF,Y
        INY
        INX
        BNE _byte               ; (always)
_back:  DEY                     ; from the end: past the '0's
        LDA LBUFF,Y
        CMP #$30
        BEQ _back
        CMP #$2E
        BNE _keep
        DEY                     ; the '.': the digit before it
_keep:  TYA
        TAX
        LDA LBUFF,X
        RTS
.scend
