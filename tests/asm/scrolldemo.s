; ===========================================================================
; scrolldemo.s - horizontal and vertical fine scrolling in ANTIC mode 2
; (tests/test_emu_scroll.py, the README's picture)
;
; Eight mode 2 lines, each with LMS and HS on a 48-byte line of its own
; (a normal playfield scrolled horizontally fetches the wide width); the
; first seven have VS set, so the eighth ends the vertical scrolling region.
; Character (row * 7 + column) & $3F + $21 fills the lines; HSCROL = 3,
; VSCROL = 2, written straight to ANTIC (the OS's VBI leaves them alone).
; Then the program waits for a key like the OS does.
; ===========================================================================

.include "../../asm/os/equates.s"
.alias SCREEN   $4000           ; 8 lines of 48 bytes
.alias PTR      $80

        .word $FFFF, BEGIN, FINISH-1
.org $2000
BEGIN:
DLIST:  .byte $70, $70, $70
        .byte $72, <SCREEN, >SCREEN
        .byte $72, <(SCREEN+48), >(SCREEN+48)
        .byte $72, <(SCREEN+96), >(SCREEN+96)
        .byte $72, <(SCREEN+144), >(SCREEN+144)
        .byte $72, <(SCREEN+192), >(SCREEN+192)
        .byte $72, <(SCREEN+240), >(SCREEN+240)
        .byte $72, <(SCREEN+288), >(SCREEN+288)
        .byte $52, <(SCREEN+336), >(SCREEN+336)
        .byte $41, <DLIST, >DLIST

START:  LDA #<SCREEN
        STA PTR
        LDA #>SCREEN
        STA PTR+1
        LDX #0                  ; row
_row:   LDY #0                  ; column
        TXA                     ; A = row * 7
        ASL
        ASL
        ASL
        STA PTR+2
        TXA
        EOR #$FF
        SEC
        ADC PTR+2               ; row * 8 - row
_col:   PHA
        AND #$3F
        CLC
        ADC #$21
        STA (PTR),Y
        PLA
        CLC
        ADC #1
        INY
        CPY #48
        BNE _col
        LDA PTR
        CLC
        ADC #48
        STA PTR
        BCC +
        INC PTR+1
*       INX
        CPX #8
        BNE _row
        LDA #3
        STA HSCROL
        LDA #2
        STA VSCROL
        LDA #<DLIST
        STA SDLSTL
        LDA #>DLIST
        STA SDLSTH
        LDA #$FF
        STA CH
_wait:  LDA CH
        CMP #$FF
        BEQ _wait
        LDA #$FF
        STA CH
        JMP _wait
FINISH:
        .word $02E0, $02E1, START
