; ===========================================================================
; reset.s - cold start, warm start, disk boot, cartridge start, memo pad
; ===========================================================================
;
; A CPU reset (power on, or the RESET key of an XL) enters RESET.  It is a
; warm start when the previous start finished (COLDST = 0) and the check
; bytes PUPBT1-3 are intact; otherwise a cold start.
;
; Cold start: switch the built-in BASIC on unless OPTION is held, find the
; RAM, clear it all, initialise the OS, open E: on IOCB 0, initialise a
; cartridge, boot from disk (D1:), then run the cartridge or JMP (DOSVEC).
; Without a disk and a cartridge, DOSVEC is our memo pad.
; Warm start: keep the user's RAM (and BASICF, so BASIC stays as it was),
; clear only the OS variables, initialise again, JSR (DOSINI) when a disk
; was booted, then the same way out.
;
; BASIC as on the XL (Mapping the Atari, BASICF $03F8 and PORTB $D301;
; Altirra Hardware Reference Manual, "PIA"): PORTB bit 1 = 0 maps the
; 8K BASIC ROM at $A000-$BFFF.  It is an ordinary cartridge there: the
; header at $BFFA-$BFFF (CARTCS start, CART = 0, CARTFG flags, CARTAD
; init) is checked and run like any cartridge's.
; ===========================================================================

.scope
RESET:
        SEI
        CLD
        LDX #$FF
        TXS
        LDA COLDST
        BNE COLDSTART
        LDA PUPBT1
        CMP #$5C
        BNE COLDSTART
        LDA PUPBT2
        CMP #$93
        BNE COLDSTART
        LDA PUPBT3
        CMP #$25
        BNE COLDSTART
        JMP WARMSTART
.scend

; ---------------------------------------------------------------------------
; COLDSTART - power-up (also COLDSV $E477)
; ---------------------------------------------------------------------------
.scope
COLDSTART:
        SEI
        CLD
        LDX #$FF
        TXS
        JSR HWINIT
        LDA CONSOL              ; OPTION held at power-on: BASIC stays off
        AND #$04
        BEQ _nobas
        JSR BASICON
_nobas: JSR RAMSIZE
        TXA
        TAY                     ; Y = the first page without RAM
        LDA #0                  ; clear pages 0-3 (nothing on the stack now)
        TAX
_low:   STA $00,X
        STA $0100,X
        STA $0200,X
        STA $0300,X
        INX
        BNE _low
        STY RAMTOP
        ; clear pages 4 .. RAMTOP-1, four pages per round
        LDA #4
_block: STA $81
        CLC
        ADC #1
        STA $83
        ADC #1
        STA $85
        ADC #1
        STA $87
        LDA #0
        TAY
_page:  STA ($80),Y
        STA ($82),Y
        STA ($84),Y
        STA ($86),Y
        INY
        BNE _page
        LDA $81
        CLC
        ADC #4
        CMP RAMTOP
        BCC _block
        LDA #0
        STA $81
        STA $83
        STA $85
        STA $87
        LDA PORTB               ; BASICF: 0 = BASIC on (bit 1 of PORTB)
        AND #$02
        STA BASICF
        LDA #$FF                ; a cold start is under way
        STA COLDST
        LDA #<MEMOPAD           ; nothing booted yet: the memo pad
        STA DOSVEC
        LDA #>MEMOPAD
        STA DOSVEC+1
        LDA #<RTSVEC
        STA DOSINI
        LDA #>RTSVEC
        STA DOSINI+1
        JMP OSINIT
.scend

; ---------------------------------------------------------------------------
; WARMSTART - the RESET key (also WARMSV $E474)
; ---------------------------------------------------------------------------
.scope
WARMSTART:
        SEI
        CLD
        LDX #$FF
        TXS
        JSR HWINIT
        LDA #$FF
        STA WARMST
        LDA #0                  ; clear the OS variables
        LDX #$10
_zp:    STA $00,X
        INX
        CPX #$80
        BNE _zp
        TAX
_page:  STA $0200,X             ; $0200-$03ED: BASICF and the rest of
        STA $02EE,X             ; $03EE-$03FF survive (as on the XL)
        INX
        BNE _page
        LDA BASICF              ; BASIC as it was before RESET
        BNE _nobas
        JSR BASICON
_nobas: JSR RAMSIZE
        STX RAMTOP
.scend
        ; fall into OSINIT

; ---------------------------------------------------------------------------
; OSINIT - initialise the OS variables, the handlers and E:, then start
; the booted program, the cartridge or the memo pad
; ---------------------------------------------------------------------------
.scope
OSINIT:
        LDA RAMTOP
        STA RAMSIZ
        LDA #$00                ; free memory begins at $0700 (no DOS)
        STA MEMLO
        LDA #$07
        STA MEMLO+1
        JSR INTINIT
        LDX #4                  ; the colours
_col:   LDA COLDEF,X
        STA COLOR0,X
        DEX
        BPL _col
        LDA #$FF                ; the keyboard
        STA CH
        STA CH1
        STA BRKKEY
        LDA #$40
        STA SHFLOK
        LDA #48
        STA KRPDEL
        LDA #5
        STA KEYREP
        LDA #1
        LDX #7                  ; paddle triggers not pressed
_trig:  STA PTRIG0,X
        DEX
        BPL _trig
        LDA #$E0                ; the display
        STA CHBAS
        LDA #2
        STA CHACT
        LDA #$22
        STA SDMCTL
        LDA #$FE
        STA DRKMSK
        LDA #2
        STA LMARGN
        LDA #39
        STA RMARGN
        LDX #14                 ; the handlers P:, C:, E:, S:, K:
_hat:   LDA HATINIT,X
        STA HATABS,X
        DEX
        BPL _hat
        LDA #$5C                ; the power-up check bytes
        STA PUPBT1
        LDA #$93
        STA PUPBT2
        LDA #$25
        STA PUPBT3
        JSR DSKINIT
        JSR SIOINIT
        JSR CIOINIT
        JSR EDITRV+12
        JSR SCRENV+12
        JSR KEYBDV+12
        LDA #$40                ; vertical blank interrupts on
        STA NMIEN
        CLI
        JSR OPENE
        JSR CARTCHK
        LDA WARMST
        BNE _warm
        ; cold start: the cartridge's init, then the disk boot (without a
        ; cartridge, or when the cartridge asks for it)
        LDA CARTOK
        BEQ _boot
        JSR CARTINIT
        LDA CARTFG
        LSR
        BCC _start
_boot:  JSR DSKBOOT
        JMP _start
_warm:  LDA BOOTQ               ; warm start: the booted program again
        LSR
        BCC _cart
        JSR DOSINIT
_cart:  LDA CARTOK
        BEQ _start
        JSR CARTINIT
_start: LDA #0                  ; the start is complete
        STA COLDST
        LDA CARTOK
        BEQ _dos
        LDA CARTFG
        AND #$04
        BEQ _dos
        JMP (CARTCS)
_dos:   JMP (DOSVEC)
.scend

.scope
DOSINIT:
        JMP (DOSINI)
.scend
.scope
CARTINIT:
        JMP (CARTAD)
.scend
.scope
RTSVEC: RTS
.scend

; the first HATABS entries, in the XL OS's order (Mapping the Atari,
; HATABS $031A): P:, C:, E:, S:, K:  (D: comes with a DOS)
.scope
HATINIT:
        .byte 'P
        .word PRINTV
        .byte 'C
        .word CASETV
        .byte 'E
        .word EDITRV
        .byte 'S
        .word SCRENV
        .byte 'K
        .word KEYBDV
.scend

; ---------------------------------------------------------------------------
; HWINIT - quiet the chips; PIA port A input, port B output with the OS
; ROM on, BASIC off, the self-test ROM off
; ---------------------------------------------------------------------------
.scope
HWINIT:
        LDA #0
        LDX #$1F
_gtia:  STA GTIA,X
        DEX
        BPL _gtia
        LDX #$0F
_chip:  STA POKEY,X
        STA ANTIC,X
        DEX
        BPL _chip
        LDA #$38                ; port A: direction register, all inputs
        STA PACTL
        LDA #$00
        STA PORTA
        LDA #$3C
        STA PACTL
        LDA #$38                ; port B: direction register, all outputs
        STA PBCTL
        LDA #$FF
        STA PORTB
        LDA #$3C
        STA PBCTL
        LDA #$FF                ; OS on, BASIC off, self test off
        STA PORTB
        RTS
.scend

; ---------------------------------------------------------------------------
; BASICON - map the built-in BASIC ROM at $A000-$BFFF (PORTB bit 1 = 0)
; ---------------------------------------------------------------------------
.scope
BASICON:
        LDA PORTB
        AND #$FD
        STA PORTB
        RTS
.scend

; ---------------------------------------------------------------------------
; RAMSIZE - X = the first page above the RAM (tested in 4K steps up to
; $C000; a cartridge's ROM at $A000 ends the RAM there)
; ---------------------------------------------------------------------------
.scope
RAMSIZE:
        LDA #0
        STA RAMLO
        LDX #$10
_test:  STX RAMLO+1
        LDY #0
        LDA (RAMLO),Y
        EOR #$FF
        STA (RAMLO),Y
        CMP (RAMLO),Y
        BNE _top
        EOR #$FF
        STA (RAMLO),Y
        CMP (RAMLO),Y
        BNE _top
        TXA
        CLC
        ADC #$10
        TAX
        CPX #$C0
        BCC _test
_top:   RTS
.scend

; ---------------------------------------------------------------------------
; INTINIT - the interrupt vectors (INTINV $E46B)
; ---------------------------------------------------------------------------
.scope
INTINIT:
        LDX #VECEND-VECTAB-1
_copy:  LDA VECTAB,X
        STA VDSLST,X
        DEX
        BPL _copy
        LDA #<BRKIRQ
        STA BRKKY
        LDA #>BRKIRQ
        STA BRKKY+1
        LDA #3                  ; keyboard scanning on
        STA SSKCTL
        STA SKCTL
        LDA #$C0                ; BREAK and keyboard interrupts
        STA POKMSK
        STA IRQEN
        RTS
.scend

; the vectors $0200-$0229
.scope
VECTAB: .word JUSTRTI           ; VDSLST
        .word PLARTI            ; VPRCED
        .word PLARTI            ; VINTER
        .word PLARTI            ; VBREAK
        .word KEYIRQ            ; VKEYBD
        .word PLARTI            ; VSERIN
        .word PLARTI            ; VSEROR
        .word PLARTI            ; VSEROC
        .word PLARTI            ; VTIMR1
        .word PLARTI            ; VTIMR2
        .word PLARTI            ; VTIMR4
        .word IRQDISP           ; VIMIRQ
        .word 0, 0, 0, 0, 0     ; CDTMV1-5
        .word SYSVBL            ; VVBLKI
        .word XITVBL            ; VVBLKD
        .word RTSVEC            ; CDTMA1
        .word RTSVEC            ; CDTMA2
.scend
.scope
VECEND:

; ---------------------------------------------------------------------------
; OPENE - open E: on IOCB 0 for reading and writing
; ---------------------------------------------------------------------------
OPENE:  LDX #0
        LDA #CCLOSE
        STA ICCOM
        JSR CIOV
        LDX #0
        LDA #COPEN
        STA ICCOM
        LDA #<ENAME
        STA ICBAL
        LDA #>ENAME
        STA ICBAH
        LDA #$0C
        STA ICAX1
        LDA #0
        STA ICAX2
        JMP CIOV
.scend

.scope
ENAME:  .byte "E:", EOL
.scend

; ---------------------------------------------------------------------------
; CARTCHK - CARTOK, TRAMSZ = 1 if a cartridge is present: $BFFC reads 0
; and is ROM (it does not change when written)
; ---------------------------------------------------------------------------
.scope
CARTCHK:
        LDA #0
        STA CARTOK
        STA TRAMSZ
        LDA CART
        BNE _none
        INC CART
        LDA CART
        BEQ _rom
        DEC CART                ; RAM: put it back
_none:  RTS
_rom:   LDA #1
        STA CARTOK
        STA TRAMSZ
        RTS
.scend

; ---------------------------------------------------------------------------
; DSKBOOT - boot from D1:
; Sector 1 begins with the boot header: flags, number of sectors, load
; address, init address.  The sectors are loaded at the load address, the
; program's own code at load address + 6 runs (carry set = failed), then
; JSR (DOSINI).  Without a drive (timeout) nothing happens.
; The load pointer is BUFADR ($15/$16), the disk handler's own buffer pointer,
; as the OS listing's boot code keeps it (Atari OS User's Manual, "Disk boot";
; Mapping the Atari, $15 BUFADR, $0241 DBSECT, $0242 BOOTAD): BUFRLO/HI are
; SIO's, and its receive loop leaves them at the end of the sector it read.
; Out: C clear when a program was booted.
; ---------------------------------------------------------------------------
.scope
DSKBOOT:
        LDA #<LINBUF
        STA DBUFLO
        LDA #>LINBUF
        STA DBUFHI
        LDA #1
        JSR BOOTSEC
        BPL _head
        CPY #TIMOUT
        BEQ _none
        JMP _error
_none:  SEC
        RTS
_head:  LDA LINBUF              ; the boot header
        STA DFLAGS
        LDA LINBUF+1
        STA DBSECT
        LDA LINBUF+2
        STA BOOTAD
        STA BUFADR
        LDA LINBUF+3
        STA BOOTAD+1
        STA BUFADR+1
        LDA LINBUF+4
        STA DOSINI
        LDA LINBUF+5
        STA DOSINI+1
        LDY #127                ; sector 1 goes to the load address too
_copy:  LDA LINBUF,Y
        STA (BUFADR),Y
        DEY
        BPL _copy
        LDA #2
        STA TMPB                ; the next sector
_next:  LDA DBSECT
        CMP TMPB
        BCC _loaded
        LDA BUFADR              ; 128 bytes further
        CLC
        ADC #128
        STA BUFADR
        STA DBUFLO
        LDA BUFADR+1
        ADC #0
        STA BUFADR+1
        STA DBUFHI
        LDA TMPB
        JSR BOOTSEC
        BMI _error
        INC TMPB
        BNE _next
_loaded:
        LDA BOOTAD              ; run the boot code at load address + 6
        CLC
        ADC #6
        STA RAMLO
        LDA BOOTAD+1
        ADC #0
        STA RAMLO+1
        JSR _run
        BCS _error
        JSR DOSINIT
        LDA BOOTQ
        ORA #1
        STA BOOTQ
        CLC
        RTS
_run:   JMP (RAMLO)
_error: LDA #1                  ; give up; the memo pad will say so
        STA BOOTER
        SEC
        RTS
.scend

; BOOTSEC - read sector A of D1: into DBUFLO/HI; Y = status (N = error)
.scope
BOOTSEC:
        STA DAUX1
        LDA #0
        STA DAUX2
        LDA #1
        STA DUNIT
        LDA #'R
        STA DCOMND
        JMP DSKINV
.scend


; ---------------------------------------------------------------------------
; MEMOPAD - the screen when nothing boots (BLKBDV $E471): our name, and
; then whatever is typed is echoed, line after line
; ---------------------------------------------------------------------------
.scope
MEMOPAD:
        LDA #<PADMSG
        LDY #>PADMSG
        LDX #PADEND-PADMSG
        JSR PRINT
        LDA BOOTER              ; the disk did not boot
        BEQ MEMOLOOP
        LDA #<BOOTMSG
        LDY #>BOOTMSG
        LDX #BOOTEND-BOOTMSG
        JSR PRINT
.scend
.scope
MEMOLOOP:
        LDX #0
        LDA #CGETBYT
        STA ICCOM
        LDA #0
        STA ICBLL
        STA ICBLH
        JSR CIOV
        JMP MEMOLOOP
.scend

.scope
PADMSG: .byte CLS
        .byte "SURROUND XL OS", EOL
        .byte "a free operating system for the", EOL
        .byte "Atari XL/XE computers", EOL
        .byte EOL
        .byte "No disk, no cartridge: memo pad", EOL
        .byte EOL
.scend
.scope
PADEND:
BOOTMSG: .byte "BOOT ERROR", EOL, EOL
.scend
.scope
BOOTEND:

.include "print.s"
.scend

; ---------------------------------------------------------------------------
; SELFTV - the self test (SLFTSV $E483): map the self-test ROM at $5000
; and run it; SELFOUT maps it out again and continues in the memo pad
; ---------------------------------------------------------------------------
.scope
SELFTV: LDA PORTB
        AND #$7F
        STA PORTB
        JMP SELFTEST
.scend
.scope
SELFOUT:
        LDA PORTB
        ORA #$80
        STA PORTB
        JMP MEMOLOOP
.scend
