; ===========================================================================
; mp_move.s - FLD0R FLD0P FLD1R FLD1P FST0R FST0P FMOVE ($DD89-$DDBF)
; ===========================================================================
; Loading and storing the 6-byte registers.  The entry points follow one
; another so closely ($DD89, $DD8D, $DD98, $DD9C, $DDA7, $DDAB, $DDB6; Atari
; OS User's Manual, "Floating point arithmetic package"; Mapping the Atari,
; 56713-56758) that each "R" entry (pointer in X = low, Y = high) can only
; store FLPTR and fall into its "P" entry (pointer already in FLPTR), and
; each "P" routine has eleven bytes: ours jump to their unrolled bodies in
; mp_high.s (the OS's $C000 block), which copy from the last byte down.
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
FLD0P:  JMP FLD0PH               ; (mp_high.s: unrolled)
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
FLD1P:  JMP FLD1PH               ; (mp_high.s: unrolled)
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
FST0P:  JMP FST0PH               ; (mp_high.s: unrolled)
.scend

; ---------------------------------------------------------------------------
; FMOVE ($DDB6) - FR1 = FR0
; Exit: X = $FF, N set; A = FR0's exponent byte.  Y is kept.
; ---------------------------------------------------------------------------
.scope
.advance $DDB6, $FF
FMOVE:  JMP FMOVEH                ; (mp_high.s: unrolled)
.scend
