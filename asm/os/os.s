; ===========================================================================
; SURROUND XL OS - a free operating system ROM for the Atari XL/XE
; ===========================================================================
;
; Written from scratch for the Surround XL project (MIT licence). It keeps
; the documented entry points, vectors and variables of the XL operating
; system, so that programs written for the real OS run on it unchanged.
;
; Build:  surround build      (Ophis: ophis -o surround-os.rom os.s)
; Every routine sits in its own .scope, so its _local labels stay private.
;
; The image is exactly 16384 bytes and covers $C000-$FFFF:
;
;   $C000-$CFFF  code: CIO, the keyboard, the screen editor (E:)
;   $D000-$D7FF  the self-test slice.  It lies under the I/O chips; with
;                PORTB bit 7 = 0 the XL maps it at $5000-$57FF.  Ours holds
;                a short notice instead of a hardware self test.
;   $D800-$DFFF  the floating point package (mathpack.s), its entry points
;                where the original has them (AFP $D800 ... LOG10 $DED1)
;   $E000-$E3FF  our own 8x8 character set, 128 glyphs in internal order
;   $E400-$E44F  device handler vector tables: E: $E400, S: $E410, K: $E420,
;                P: $E430, C: $E440
;   $E450-$E48F  the documented jump vectors (CIOV $E456, SIOV $E459, ...)
;   $E492-$FFF9  code: reset, boot, SIO, interrupts, the display handler (S:)
;   $FFFA-$FFFF  NMI, RESET and IRQ vectors
;
; Serial I/O: SIOV drives POKEY's serial port and the PIA's COMMAND line
; like the XL OS (sio.s), so disks, the printer and the program recorder
; work on real hardware.  Our emulator can also intercept SIOV and carry out
; the request itself (an "SIO patch", its fast mode).
; ===========================================================================

.include "equates.s"

; ---------------------------------------------------------------------------
; Private variables of this OS, in bytes the XL OS leaves reserved
; ($024E-$026A), and a scratch zero-page pointer of CIO.
; ---------------------------------------------------------------------------
.alias ICSPRZ   $2C     ; CIO: address of the handler table in use (word)
.alias CURSON   $0250   ; nonzero while the cursor is drawn at OLDADR
.alias EDSROW   $0251   ; where the current input line began (row)
.alias EDSCOL   $0252   ; ... and column
.alias EDPEND   $0253   ; nonzero while a typed line is being handed out
.alias EDROW    $0254   ; next screen position to hand out (row)
.alias EDCOL    $0255   ; ... and column
.alias SCRWID   $0256   ; bytes per row of the graphics screen
.alias SCRROW   $0257   ; rows of the graphics screen, its full height (split too)
.alias SCRBPP   $0258   ; bits per pixel, 0 for the text modes 0-2
.alias CIOIMP   $0259   ; nonzero: STATUS/SPECIAL on a closed IOCB
.alias TMPA     $025A   ; scratch bytes of the screen routines
.alias TMPB     $025B
.alias TMPC     $025C
.alias TMPD     $025D
.alias LMSROW   $025E   ; row that needs its own LMS (4K boundary), or $FF
.alias CARTOK   $025F   ; nonzero when a cartridge was found
.alias BOOTER   $0266   ; nonzero when the disk boot failed
.alias SCRVIS   $0267   ; rows the display list shows (above a text window)

.alias BRKCODE  $09     ; key code put into CH by BREAK (no key has it)
.alias LINBUF   $0400   ; boot sector buffer (the cassette buffer)

; ---------------------------------------------------------------------------
; $C000-$CFFF
; ---------------------------------------------------------------------------
.org $C000
        .byte "SURROUND XL OS"      ; an identifying string, not a checksum
        .include "cio.s"
        .include "keyboard.s"
        .include "editor.s"
        .include "mp_high.s"    ; the math pack's tables ($CD5A-$CFFF)
.checkpc $D000
.advance $D000, $FF

; ---------------------------------------------------------------------------
; $D000-$D7FF: the self-test slice, assembled for its mapped address $5000
; ---------------------------------------------------------------------------
.org $5000
        .include "selftest.s"
.checkpc $5800
.advance $5800, $FF

; ---------------------------------------------------------------------------
; $D800-$DFFF: the floating point package
; ---------------------------------------------------------------------------
.org $D800
        .include "mathpack.s"
.checkpc $E000
.advance $E000, $FF

; ---------------------------------------------------------------------------
; $E000-$E3FF: the character set
; ---------------------------------------------------------------------------
        .include "charset.s"
.checkpc $E400

; ---------------------------------------------------------------------------
; $E400: device handler vector tables
; Each: OPEN-1, CLOSE-1, GET-1, PUT-1, STATUS-1, SPECIAL-1, JMP INIT, spare
; ---------------------------------------------------------------------------
EDITRV: .word EOPEN-1, ECLOSE-1, EGET-1, EPUT-1, ESTAT-1, ESPEC-1
        JMP EINIT
        .byte 0
SCRENV: .word SOPEN-1, SCLOSE-1, SGET-1, SPUT-1, SSTAT-1, SSPEC-1
        JMP SINIT
        .byte 0
KEYBDV: .word KOPEN-1, KCLOSE-1, KGET-1, KPUT-1, KSTAT-1, KSPEC-1
        JMP KINIT
        .byte 0
PRINTV: .word POPEN-1, PCLOSE-1, PNOTIMP-1, PPUT-1, PSTAT-1, PNOTIMP-1
        JMP RTSVEC
        .byte 0
CASETV: .word COPENH-1, CCLOSEH-1, CGETH-1, CPUTH-1, CSTATH-1, PNOTIMP-1
        JMP RTSVEC
        .byte 0
.advance $E450, $FF

; ---------------------------------------------------------------------------
; $E450: the documented jump vectors
; ---------------------------------------------------------------------------
DISKIV: JMP DSKINIT             ; $E450 disk handler init
DSKINV: JMP DSKIO               ; $E453 disk sector I/O
CIOV:   JMP CIO                 ; $E456 central I/O
SIOV:   JMP SIO                 ; $E459 serial I/O
SETVBV: JMP SETVBL              ; $E45C set a VBI vector or timer
SYSVBV: JMP SYSVBL              ; $E45F the OS vertical blank routine
XITVBV: JMP XITVBL              ; $E462 exit from a vertical blank routine
SIOINV: JMP SIOINIT             ; $E465 SIO init
SENDEV: JMP SIOINIT             ; $E468 send enable (nothing to do)
INTINV: JMP INTINIT             ; $E46B interrupt handler init
CIOINV: JMP CIOINIT             ; $E46E CIO init
BLKBDV: JMP MEMOPAD             ; $E471 the memo pad ("blackboard")
WARMSV: JMP WARMSTART           ; $E474 warm start
COLDSV: JMP COLDSTART           ; $E477 cold start
RBLOKV: JMP NOTIMP              ; $E47A cassette read block
CSOPIV: JMP NOTIMP              ; $E47D cassette open for input
PUPDIV: JMP MEMOPAD             ; $E480 power-up display
SLFTSV: JMP SELFTV              ; $E483 self test
PHENTV: JMP NOTIMP              ; $E486 peripheral handler enter
PHUNLV: JMP NOTIMP              ; $E489 peripheral handler unlink
PHINIV: JMP NOTIMP              ; $E48C peripheral handler init
GPDVV:  JMP NOTIMP              ; $E48F generic parallel device
.checkpc $E492

; ---------------------------------------------------------------------------
; $E492-$FFF9
; ---------------------------------------------------------------------------
        .include "reset.s"
        .include "sio.s"
        .include "cassette.s"
        .include "vbi.s"
        .include "screen.s"
.checkpc $FFFA
.advance $FFFA, $FF

; ---------------------------------------------------------------------------
; $FFFA: the 6502 vectors
; ---------------------------------------------------------------------------
        .word NMI, RESET, IRQ
