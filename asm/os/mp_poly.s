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
; next coefficient for FADD (ours loads x from PLYARG each time).
; ---------------------------------------------------------------------------
.alias PLYCNT   $EF

.scope
PLYEVL: STX FPTR2
        STY FPTR2+1
        STA PLYCNT
        LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FST0R               ; x
        LDX FPTR2
        LDY FPTR2+1
        JSR MP_FLD0R               ; sum = c0
_step:  DEC PLYCNT
        BEQ _done
        LDX #<PLYARG
        LDY #>PLYARG
        JSR MP_FLD1R               ; x
        JSR FMUL                ; sum * x
        BCS _done
        LDA FPTR2
        CLC
        ADC #6
        STA FPTR2
        TAX
        BCC +
        INC FPTR2+1
*       LDY FPTR2+1
        JSR MP_FLD1R
        JSR FADD                ; + the next coefficient
        BCC _step
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; DIVOUT - FDIV's end (here for want of room in mp_normal.s): the six
; quotient bytes from the stack to FR0+1..FRE, then MDEXIT.
; MDFILL - FMUL: the byte a W shifted right brings in, by FRSIGN (0/1).
; ---------------------------------------------------------------------------
.scope
DIVOUT: LDX #5
_out:   PLA
        STA FR0+1,X
        DEX
        BPL _out
        JMP MDEXIT
.scend
MDFILL: .byte $00,$99
