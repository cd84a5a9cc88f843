; ===========================================================================
; fpentry.s - the floating point package's entry points, for programs
; ===========================================================================
; Programs outside the OS ROM (our BASIC, asm/basic) call the math pack at
; these fixed addresses, where the original OS has them (Mapping the Atari,
; locations 55296-57343; Atari OS User's Manual, "Floating point arithmetic
; package").  The OS itself defines them as labels in mathpack.s's region
; files; tests/test_mathpack_*.py check that both agree with
; host/atari/fp.py's ENTRY_POINTS.
; ===========================================================================
.alias AFP      $D800   ; ASCII at INBUFF+CIX -> FR0 (carry set: no number)
.alias FASC     $D8E6   ; FR0 -> ASCII at LBUFF, INBUFF points at it
.alias IFP      $D9AA   ; FR0 word (0-65535) -> FR0 floating point
.alias FPI      $D9D2   ; FR0 floating point -> FR0 word (carry set: out of range)
.alias ZFR0     $DA44   ; FR0 = 0
.alias ZF1      $DA46   ; the 6 bytes at zero page X = 0
.alias FSUB     $DA60   ; FR0 = FR0 - FR1
.alias FADD     $DA66   ; FR0 = FR0 + FR1
.alias FMUL     $DADB   ; FR0 = FR0 * FR1
.alias FDIV     $DB28   ; FR0 = FR0 / FR1
.alias PLYEVL   $DD40   ; FR0 = polynomial at (X,Y) with A coefficients, of FR0
.alias FLD0R    $DD89   ; FR0 = the 6 bytes at (X,Y)
.alias FLD0P    $DD8D   ; FR0 = the 6 bytes at (FLPTR)
.alias FLD1R    $DD98   ; FR1 = the 6 bytes at (X,Y)
.alias FLD1P    $DD9C   ; FR1 = the 6 bytes at (FLPTR)
.alias FST0R    $DDA7   ; the 6 bytes at (X,Y) = FR0
.alias FST0P    $DDAB   ; the 6 bytes at (FLPTR) = FR0
.alias FMOVE    $DDB6   ; FR1 = FR0
.alias EXP      $DDC0   ; FR0 = e ^ FR0
.alias EXP10    $DDCC   ; FR0 = 10 ^ FR0
.alias LOG      $DECD   ; FR0 = ln FR0 (carry set: FR0 <= 0)
.alias LOG10    $DED1   ; FR0 = log10 FR0
