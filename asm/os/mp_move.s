; ===========================================================================
; mp_move.s - FLD0R FLD0P FLD1R FLD1P FST0R FST0P FMOVE ($DD89-$DDBF)
; ===========================================================================
; Loading and storing the 6-byte registers.  The entry points follow one
; another so closely ($DD89, $DD8D, $DD98, $DD9C, $DDA7, $DDAB, $DDB6; Atari
; OS User's Manual, "Floating point arithmetic package"; Mapping the Atari,
; 56713-56758) that each "R" entry (pointer in X = low, Y = high) can only
; store FLPTR and fall into its "P" entry (pointer already in FLPTR), and
; each "P" routine has eleven bytes: a loop from the last byte down.
; The loops end with Y (or X) = $FF and the N flag set: the published OS
; listing's PLYEVL relies on that after FLD1R (its "BMI" back to the
; multiplication).  They touch nothing but FLPTR and the registers.
; ===========================================================================

; ---------------------------------------------------------------------------
; FLD0R ($DD89) - FR0 = the number at X (low), Y (high); FLPTR = that address
; FLD0P ($DD8D) - FR0 = the number at (FLPTR)
; Exit: Y = $FF, N set; A = the number's exponent byte.
; ---------------------------------------------------------------------------
.scope
.advance $DD89, $FF
FLD0R:  STX FLPTR
        STY FLPTR+1
.advance $DD8D, $FF
FLD0P:  LDY #5
_copy:  LDA (FLPTR),Y
        STA FR0,Y               ; absolute,Y: there is no STA zero page,Y
        DEY
        BPL _copy
        RTS
.scend

; ---------------------------------------------------------------------------
; FLD1R ($DD98) - FR1 = the number at X (low), Y (high); FLPTR = that address
; FLD1P ($DD9C) - FR1 = the number at (FLPTR)
; Exit: Y = $FF, N set; A = the number's exponent byte.
; ---------------------------------------------------------------------------
.scope
.advance $DD98, $FF
FLD1R:  STX FLPTR
        STY FLPTR+1
.advance $DD9C, $FF
FLD1P:  LDY #5
_copy:  LDA (FLPTR),Y
        STA FR1,Y
        DEY
        BPL _copy
        RTS
.scend

; ---------------------------------------------------------------------------
; FST0R ($DDA7) - store FR0 at X (low), Y (high); FLPTR = that address
; FST0P ($DDAB) - store FR0 at (FLPTR)
; Exit: Y = $FF, N set; A = FR0's exponent byte.
; ---------------------------------------------------------------------------
.scope
.advance $DDA7, $FF
FST0R:  STX FLPTR
        STY FLPTR+1
.advance $DDAB, $FF
FST0P:  LDY #5
_copy:  LDA FR0,Y
        STA (FLPTR),Y
        DEY
        BPL _copy
        RTS
.scend

; ---------------------------------------------------------------------------
; FMOVE ($DDB6) - FR1 = FR0
; Exit: X = $FF, N set; A = FR0's exponent byte.  Y is kept.
; ---------------------------------------------------------------------------
.scope
.advance $DDB6, $FF
FMOVE:  LDX #5
_copy:  LDA FR0,X
        STA FR1,X
        DEX
        BPL _copy
        RTS
.scend
