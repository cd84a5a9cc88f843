; ===========================================================================
; vbi.s - the interrupts: NMI (display list and vertical blank) and IRQ
; ===========================================================================

; ---------------------------------------------------------------------------
; NMI - a display list interrupt goes to (VDSLST); the vertical blank
; saves A, X, Y and goes to (VVBLKI), normally SYSVBL, which goes on to
; (VVBLKD), normally XITVBL.  NMIST bit 5 (the RESET key of the 400/800)
; warm-starts.
; ---------------------------------------------------------------------------
.scope
NMI:    BIT NMIST
        BPL _nodli
        JMP (VDSLST)
_nodli: CLD
        PHA
        TXA
        PHA
        TYA
        PHA
        BVS _vbi                ; (V = NMIST bit 6, from the BIT)
        LDA NMIST
        AND #$20
        BEQ _vbi
        STA NMIRES
        JMP WARMSV
_vbi:   STA NMIRES
        JMP (VVBLKI)
.scend

; ---------------------------------------------------------------------------
; SYSVBL - the OS part of the vertical blank (SYSVBV $E45F)
; Stage 1, always: the clock RTCLOK, attract mode, timer 1.
; Stage 2, unless CRITIC is set or an interrupt routine was interrupted:
; shadow registers to the chips, timers 2-5, the keyboard timers, the
; joysticks and paddles; then on to (VVBLKD).
; ---------------------------------------------------------------------------
.scope
SYSVBL:
        INC RTCLOK+2
        BNE _clock
        INC ATRACT              ; every 256 frames
        INC RTCLOK+1
        BNE _clock
        INC RTCLOK
_clock: LDA #$FE                ; attract mode: after ATRACT reaches 128
        LDX #0                  ; the colours dim and drift
        LDY ATRACT
        BPL _attr
        STA ATRACT
        LDX RTCLOK+1
        LDA #$F6
_attr:  STA DRKMSK
        STX COLRSH
        LDX #0                  ; timer 1
        JSR DECTMR
        BNE _crit
        JSR _call1
_crit:  LDA CRITIC
        BNE _exit
        TSX
        LDA $0104,X             ; the interrupted code's P register
        AND #$04
        BEQ STAGE2
_exit:  JMP XITVBL
_call1: JMP (CDTMA1)
.scend

.scope
STAGE2: CLI
        LDA SDLSTL              ; shadows to the chips
        STA DLISTL
        LDA SDLSTH
        STA DLISTH
        LDA SDMCTL
        STA DMACTL
        LDA CHBAS
        STA CHBASE
        LDA CHACT
        STA CHACTL
        LDA GPRIOR
        STA PRIOR
        LDX #8                  ; PCOLR0-3, COLOR0-4
_color: LDA PCOLR0,X
        EOR COLRSH
        AND DRKMSK
        STA COLPM0,X
        DEX
        BPL _color
        LDA #8                  ; the console speaker off
        STA CONSOL
        LDX #2                  ; timer 2 calls (CDTMA2)
        JSR DECTMR
        BNE _t3
        JSR _call2
_t3:    LDX #4                  ; timers 3-5 clear their flags
        JSR DECTMR
        BNE _t4
        STA CDTMF3
_t4:    LDX #6
        JSR DECTMR
        BNE _t5
        STA CDTMF4
_t5:    LDX #8
        JSR DECTMR
        BNE _keys
        STA CDTMF5
_keys:  LDA KEYDEL              ; keyboard debounce
        BEQ _rept
        DEC KEYDEL
_rept:  LDA SRTIMR              ; auto-repeat while a key is held
        BEQ _stick
        LDA SKSTAT
        AND #$04
        BNE _up
        DEC SRTIMR
        BNE _stick
        LDA KEYREP
        STA SRTIMR
        LDA KBCODE
        STA CH
        JMP _stick
_up:    LDA #0
        STA SRTIMR
_stick: LDA PORTA               ; joysticks 0 and 1 (an XL has two ports)
        TAY
        AND #$0F
        STA STICK0
        TYA
        LSR
        LSR
        LSR
        LSR
        STA STICK0+1
        LDA #$0F
        STA STICK0+2
        STA STICK0+3
        LDA TRIG0
        STA STRIG0
        LDA TRIG0+1
        STA STRIG0+1
        LDA #1
        STA STRIG0+2
        STA STRIG0+3
        LDX #7                  ; paddles
_pot:   LDA POT0,X
        STA PADDL0,X
        DEX
        BPL _pot
        STA POTGO
        JMP (VVBLKD)
_call2: JMP (CDTMA2)
.scend

; DECTMR - count down the timer at CDTMV1+X (a word) if it runs.
; Out: Z set (and A = 0) when it has just reached zero.
.scope
DECTMR: LDA CDTMV1,X
        BNE _low
        LDA CDTMV1+1,X
        BEQ _idle
        DEC CDTMV1+1,X
_low:   DEC CDTMV1,X
        LDA CDTMV1,X
        ORA CDTMV1+1,X
        RTS
_idle:  LDA #1
        RTS
.scend

; XITVBL - the end of a vertical blank routine (XITVBV $E462)
.scope
XITVBL: PLA
        TAY
        PLA
        TAX
        PLA
.scend
.scope
JUSTRTI:
        RTI
.scend

; PLARTI - the end of an IRQ routine that has nothing to do
.scope
PLARTI: PLA
        RTI
.scend

; ---------------------------------------------------------------------------
; SETVBL - SETVBV $E45C: A = 1-5 timer, 6 immediate, 7 deferred VBI
; vector; X = high byte, Y = low byte.  The two bytes are stored together
; right after a WSYNC, so that the VBI never sees half of the change.
; ---------------------------------------------------------------------------
.scope
SETVBL: ASL
        STA INTEMP
        TXA
        LDX INTEMP
        STA WSYNC
        STA CDTMV1-1,X
        TYA
        STA CDTMV1-2,X
        RTS
.scend

; ---------------------------------------------------------------------------
; IRQ - the 6502 IRQ vector goes through VIMIRQ to IRQDISP, which finds
; the cause, acknowledges it in IRQEN and jumps to its vector with A on
; the stack (the vector's routine ends with PLA, RTI).
; ---------------------------------------------------------------------------
.scope
IRQ:    JMP (VIMIRQ)

.macro pokeyirq
        LDA IRQST
        AND #_1
        BNE _next
        LDA POKMSK
        AND #[_1 ^ $FF]
        STA IRQEN
        LDA POKMSK
        STA IRQEN
        JMP (_2)
_next:
.macend
.scend

.scope
IRQDISP:
        CLD
        PHA
        `pokeyirq $40, VKEYBD   ; keyboard
        `pokeyirq $80, BRKKY    ; BREAK
        `pokeyirq $20, VSERIN   ; serial input ready
        `pokeyirq $10, VSEROR   ; serial output needed
        LDA POKMSK              ; serial output complete: IRQST bit 3 is the output's
        AND #$08                ; state, not masked by IRQEN, so it counts only while
        BEQ _timers             ; POKMSK enables it (as the Atari OS listing's handler)
        `pokeyirq $08, VSEROC   ; serial output complete
_timers:
        `pokeyirq $01, VTIMR1   ; POKEY timers
        `pokeyirq $02, VTIMR2
        `pokeyirq $04, VTIMR4
        LDA PACTL               ; PIA interrupts
        BPL _pbctl
        LDA PORTA               ; (reading the port clears it)
        JMP (VPRCED)
_pbctl: LDA PBCTL
        BPL _brk
        LDA PORTB
        JMP (VINTER)
_brk:   TXA                     ; a BRK instruction?
        PHA
        TSX
        LDA $0103,X             ; the P register under A and X
        AND #$10
        BEQ _none
        PLA
        TAX
        JMP (VBREAK)
_none:  PLA
        TAX
        PLA
        RTI
.scend
