; ===========================================================================
; pending.s - seam labels whose real owner has not landed them yet
; ===========================================================================
; One line each, marked with the owner.  The owner deletes the line when
; the real label lands, so main always assembles.  The stand-ins are the
; least that keeps BASIC usable; none of them is the real thing.
; ===========================================================================

; --- math pack (owner: mathpack; the real names go into asm/os/equates.s) ---
.alias AFP      $D800   ; owner: mathpack - ASCII at INBUFF+CIX -> FR0
.alias FASC     $D8E6   ; owner: mathpack - FR0 -> ASCII at LBUFF (INBUFF)
.alias IFP      $D9AA   ; owner: mathpack - FR0 word -> FR0 floating point
.alias FPI      $D9D2   ; owner: mathpack - FR0 floating point -> FR0 word

.alias ZFR0     $DA44   ; owner: mathpack - FR0 = 0
.alias FSUB     $DA60   ; owner: mathpack - FR0 = FR0 - FR1
.alias FADD     $DA66   ; owner: mathpack - FR0 = FR0 + FR1
.alias FMUL     $DADB   ; owner: mathpack - FR0 = FR0 * FR1
.alias FDIV     $DB28   ; owner: mathpack - FR0 = FR0 / FR1
.alias PLYEVL   $DD40   ; owner: mathpack - polynomial at (X,Y), A terms, in FR0
.alias FLD0R    $DD89   ; owner: mathpack - FR0 = 6 bytes at (X,Y)
.alias FLD1R    $DD98   ; owner: mathpack - FR1 = 6 bytes at (X,Y)
.alias FST0R    $DDA7   ; owner: mathpack - 6 bytes at (X,Y) = FR0
.alias FMOVE    $DDB6   ; owner: mathpack - FR1 = FR0
.alias EXP      $DDC0   ; owner: mathpack - FR0 = e ^ FR0
.alias EXP10    $DDCC   ; owner: mathpack - FR0 = 10 ^ FR0
.alias LOG      $DECD   ; owner: mathpack - FR0 = ln FR0
.alias LOG10    $DED1   ; owner: mathpack - FR0 = log10 FR0
