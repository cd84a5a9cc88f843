; ===========================================================================
; cassette.s - the program recorder: C: and SIO for device $60
; ===========================================================================
.scope
COPENH:
CCLOSEH:
CGETH:
CPUTH:
CSTATH:
        LDY #FNCNOT
        RTS
.scend
.scope
CASIO:  LDY #TIMOUT
        RTS
.scend
