; ===========================================================================
; pmgdemo.s - players and missiles over a playfield in every priority mode
; (tests/test_emu_pmg.py, the README's picture)
;
; The screen: seven bands of three ANTIC mode 4 rows (multicolour text, 24
; scanlines a band).  Each row shows stripes 8 colour clocks wide, repeating
; every 40: PF0, PF1, PF2, PF3 (an inverse character), background.  A display
; list interrupt before each band sets PRIOR from PRIORS: 1, 2, 4, 8, $11 (the
; missiles as a fifth player), $21 (multicolour players 0+1), 0.
; Players 0-3 are vertical bars from player DMA (one scanline per byte,
; PMBASE $3000), double width; missiles 0 and 3 likewise, quadruple width.
; After WAITFR frames the 16 collision registers are copied to HITS and DONE
; is set to 1; then the program waits for a key like the OS does.
; ===========================================================================

.include "../../asm/os/equates.s"
.alias HPOSP0   $D000
.alias HPOSM0   $D004
.alias SIZEP0   $D008
.alias SIZEM    $D00C
.alias M0PF     $D000
.alias PMBASE_V $30             ; players and missiles at $3000 (2K)
.alias PMAREA   $3000
.alias CHSET    $3800           ; the stripe characters
.alias SCREEN   $4000           ; 21 rows of 40 characters
.alias HITS     $0600           ; 16 collision registers, copied
.alias DONE     $0610
.alias BAND     $0611           ; band of the next DLI
.alias PTR      $80
.alias WAITFR   10

        .word $FFFF, BEGIN, FINISH-1
.org $2000
BEGIN:
; --- PRIORS: PRIOR of each band ---------------------------------------------
PRIORS: .byte $01, $02, $04, $08, $11, $21, $00
; --- the display list: 3 x 8 blank (the third with a DLI), 7 bands -----------
DLIST:  .byte $70, $70, $F0
        .byte $44, <SCREEN, >SCREEN, $04, $84
        .byte $04, $04, $84
        .byte $04, $04, $84
        .byte $04, $04, $84
        .byte $04, $04, $84
        .byte $04, $04, $84
        .byte $04, $04, $04
        .byte $41, <DLIST, >DLIST
; --- the stripes: 10 characters, 40 colour clocks --------------------------
STRIPE: .byte 1, 1, 2, 2, 3, 3, $83, $83, 0, 0

; ---------------------------------------------------------------------------
; DLI - PRIOR for the band that starts on the next scanline
; ---------------------------------------------------------------------------
DLI:    PHA
        TXA
        PHA
        LDX BAND
        LDA PRIORS,X
        STA WSYNC
        STA PRIOR
        INX
        CPX #7
        BNE +
        LDX #0
*       STX BAND
        PLA
        TAX
        PLA
        RTI

START:  LDA #0
        STA DONE
        STA SDMCTL              ; the screen off while we build it
        STA NMIEN
        ; the character set: 0 blank, 1 = %01 (PF0), 2 = %10 (PF1), 3 = %11 (PF2/PF3)
        LDX #0
        TXA
*       STA CHSET,X
        STA CHSET+$100,X
        STA CHSET+$200,X
        STA CHSET+$300,X
        INX
        BNE -
        LDX #7
*       LDA #$55
        STA CHSET+8,X
        LDA #$AA
        STA CHSET+16,X
        LDA #$FF
        STA CHSET+24,X
        DEX
        BPL -
        ; the screen: 21 rows of 40 stripe characters
        LDA #<SCREEN
        STA PTR
        LDA #>SCREEN
        STA PTR+1
        LDX #0                  ; stripe index
        LDY #0
_fill:  LDA STRIPE,X
        STA (PTR),Y
        INX
        CPX #10
        BNE +
        LDX #0
*       INY
        BNE _fill
        INC PTR+1
        LDA PTR+1
        CMP #>(SCREEN+$400)
        BNE _fill
        ; players and missiles: clear the area, then bars on scanlines 32-207
        LDA #<PMAREA
        STA PTR
        LDA #>PMAREA
        STA PTR+1
        LDY #0
        TYA
*       STA (PTR),Y
        INY
        BNE -
        INC PTR+1
        LDX PTR+1
        CPX #>(PMAREA+$800)
        BNE -
        LDY #32
*       LDA #$FF
        STA PMAREA+$400,Y
        STA PMAREA+$500,Y
        STA PMAREA+$600,Y
        STA PMAREA+$700,Y
        LDA #$C3                ; missiles 0 and 3
        STA PMAREA+$300,Y
        INY
        CPY #208
        BNE -
        ; positions and sizes
        LDX #7
*       LDA POSITIONS,X
        STA HPOSP0,X
        DEX
        BPL -
        LDX #3
        LDA #1                  ; players double width
*       STA SIZEP0,X
        DEX
        BPL -
        LDA #$FF                ; missiles quadruple width
        STA SIZEM
        ; colours (the OS's VBI copies the shadows)
        LDX #8
*       LDA COLOURS,X
        STA PCOLR0,X
        DEX
        BPL -
        LDA #>CHSET
        STA CHBAS
        LDA #PMBASE_V
        STA PMBASE
        LDA #3                  ; GRACTL: latch players and missiles from DMA
        STA GRACTL
        LDA #0
        STA GPRIOR
        STA BAND
        LDA #<DLI
        STA VDSLST
        LDA #>DLI
        STA VDSLST+1
        LDA #<DLIST
        STA SDLSTL
        LDA #>DLIST
        STA SDLSTH
        LDA #$3E                ; playfield normal, missiles, players, one line, display list
        STA SDMCTL
        LDA #$C0                ; DLI and VBI
        STA NMIEN
        ; let WAITFR frames pass, clear the collisions, one more frame, copy them
        LDA RTCLOK+2
        CLC
        ADC #WAITFR
*       CMP RTCLOK+2
        BNE -
        STA HITCLR
        LDA RTCLOK+2
*       CMP RTCLOK+2
        BEQ -
        LDX #15
*       LDA M0PF,X
        STA HITS,X
        DEX
        BPL -
        LDA #1
        STA DONE
        ; wait for a key as the OS does (the emulator idles here)
        LDA #$FF
        STA CH
_wait:  LDA CH
        CMP #$FF
        BEQ _wait
        LDA #$FF
        STA CH
        JMP _wait

POSITIONS: .byte 64, 72, 104, 112, 144, 64, 64, 184    ; HPOSP0-3, HPOSM0-3
COLOURS:   .byte $46, $86, $C6, $1A                      ; PCOLR0-3
           .byte $28, $5A, $94, $0E, $00                 ; COLOR0-4
FINISH:
        .word $02E0, $02E1, START
