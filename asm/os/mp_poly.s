; ===========================================================================
; mp_poly.s - PLYEVL ($DD40-$DD88)
; ===========================================================================

; ---------------------------------------------------------------------------
; PLYEVL ($DD40) - evaluate a polynomial by Horner's rule
;   FR0 = ((c0 * x + c1) * x + c2) * x ... + c(n-1)
; Entry: FR0 = x, A = n (the number of coefficients, >= 1), X/Y = low/high
; address of c0 (six bytes each, highest power first).
; Exit: FR0; C set when an FMUL or FADD failed (stops there, as the
; original).  Uses PLYARG (x), FPTR2 (the coefficient), PLYCNT ($EF).
; As the published OS listing's PLYEVL (Atari OS User's Manual, "PLYEVL";
; Mapping the Atari 56640): FR0 = sum, FR1 = x for FMUL, then FR1 = the
; next coefficient for FADD.
; ---------------------------------------------------------------------------
.alias PLYCNT   $EF

.scope
PLYEVL: STX FPTR2
        STY FPTR2+1
        STA PLYCNT
        LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FST0R               ; x
        JSR MP_FMOVE
        LDX FPTR2
        LDY FPTR2+1
        JSR MP_FLD0R               ; sum = c0
        DEC PLYCNT
        BEQ _done
_step:  JSR FMUL                ; sum * x
        BCS _done
        LDA FPTR2
        CLC
        ADC #6
        STA FPTR2
        BCC +
        INC FPTR2+1
*       LDX FPTR2
        LDY FPTR2+1
        JSR MP_FLD1R
        JSR FADD                ; + the next coefficient
        BCS _done
        DEC PLYCNT
        BEQ _done
        LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FLD1R
        JMP _step
_done:  RTS
.scend

