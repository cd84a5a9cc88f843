; ===========================================================================
;
;   S U R R O U N D   M I N I - D O S   -   boot sectors 1 to 3
;
;   The OS reads sector 1 to $0700, finds the boot header there (Atari OS
;   User's Manual, "disk boot"; De Re Atari, chapter 10) and loads the
;   number of sectors it names; then it calls the code at $0706 (carry set
;   means the boot failed) and afterwards JSR (DOSINI).
;
;   The header keeps DOS 2.0S's layout (Inside Atari DOS, "the boot
;   process"; Mapping the Atari, locations 1792-1811): after the OS's six
;   bytes come the number of file buffers, the drive bits, DFSFLG (a
;   DOS.SYS is on the disk), DFLINK (its first sector) and BLDISP (where
;   a data sector keeps its link: byte 125).  The disk builder
;   (host/build/assembler/assembler/minidos.py) fills DFSFLG and DFLINK.
;
;   Our code here loads DOS.SYS, the file, sector after sector along its
;   links, to DFLADR ($0880): 125 bytes from each sector, so each sector
;   is read straight to its place and the next one overwrites its three
;   link bytes.  DOS.SYS begins with JMP DINIT at $0880, the address the
;   header gives the OS as DOSINI.
; ===========================================================================

.include "equates.s"

.org $0700
BFLAG:  .byte 0                 ; $0700 boot flag
BRCNT:  .byte 3                 ; $0701 three boot sectors
BLDADR: .word $0700             ; $0702 load address
BIWTARR: .word DOSSYS           ; $0704 init address (DOSINI): DOS.SYS's JMP DINIT
        JMP BOOTCONT            ; $0706 the boot continues here
SABYTE: .byte 3                 ; $0709 (DOS 2.0S: file buffers)
DRVBYT: .byte 3                 ; $070A drives 1 and 2
        .byte 0                 ; $070B
        .word 0                 ; $070C
DFSFLG: .byte 0                 ; $070E 1 = DOS.SYS is on the disk
DFLINK: .word 0                 ; $070F its first sector
BLDISP: .byte 125               ; $0711 the link's place in a sector
DFLADR: .word DOSSYS            ; $0712 where DOS.SYS goes

.alias DOSSYS   $0880           ; the fixed start of DOS.SYS (asm/dos/dos.s)

; ---------------------------------------------------------------------------
; BOOTCONT - load DOS.SYS along its sector links.
; Out: carry clear when loaded; carry set (the OS says BOOT ERROR) when
; the disk has no DOS.SYS or a sector cannot be read.
; ---------------------------------------------------------------------------
.scope
BOOTCONT:
        LDA DFSFLG
        BEQ _nodos
        LDA DFLADR
        STA ZPTR
        LDA DFLADR+1
        STA ZPTR+1
        LDA DFLINK
        STA DAUX1
        LDA DFLINK+1
        STA DAUX2
_next:  LDA ZPTR
        STA DBUFLO
        LDA ZPTR+1
        STA DBUFHI
        LDA #1
        STA DUNIT
        LDA #'R
        STA DCOMND
        JSR DSKINV
        CPY #$80
        BCS _fail
        LDY #125                ; the link: bits 9-8 in byte 125, 7-0 in 126
        LDA (ZPTR),Y
        AND #$03
        STA DAUX2
        INY
        LDA (ZPTR),Y
        STA DAUX1
        LDA ZPTR                ; 125 bytes further
        CLC
        ADC #125
        STA ZPTR
        BCC +
        INC ZPTR+1
*       LDA DAUX1
        ORA DAUX2
        BNE _next
        CLC
        RTS
_nodos: LDX #0                  ; say so on the screen (IOCB 0, E:)
        LDA #CPUTBYT
        STA ICCOM
        LDA #<NODOSMSG
        STA ICBAL
        LDA #>NODOSMSG
        STA ICBAH
        LDA #NODOSEND-NODOSMSG
        STA ICBLL
        STX ICBLH
        JSR CIOV
_fail:  SEC
        RTS
.scend

NODOSMSG: .byte EOL, "NOT A SYSTEM DISK: NO DOS.SYS", EOL
NODOSEND:

.checkpc $0880
.advance $0880, 0
