; ===========================================================================
; selftest.s - the self-test slice ($D000-$D7FF, seen at $5000 when
; PORTB bit 7 = 0).  The real XL has a hardware self test here; ours only
; says so and returns to the memo pad.
; ===========================================================================

.scope
SELFTEST:
        LDX #0
        LDA #CPUTBYT
        STA ICCOM
        LDA #<STMSG
        STA ICBAL
        LDA #>STMSG
        STA ICBAH
        LDA #STEND-STMSG
        STA ICBLL
        LDA #0
        STA ICBLH
        JSR CIOV
        JMP SELFOUT
.scend

.scope
STMSG:  .byte CLS
        .byte "SURROUND XL OS - SELF TEST", EOL
        .byte EOL
        .byte "This free OS has no hardware self", EOL
        .byte "test. Memory, sound and keyboard", EOL
        .byte "are emulated.", EOL
        .byte EOL
.scend
.scope
STEND:
.scend
