; ===========================================================================
; SURROUND XL BASIC - a free Atari BASIC for the Atari XL/XE
; ===========================================================================
;
; Written from scratch for the Surround XL project (MIT licence).  It runs
; programs written for Atari BASIC (Rev. C) unchanged: the same tokens,
; the same tables in memory, the same zero-page pointers, the same SAVE
; format (facts from the Atari BASIC Reference Manual, "The Atari BASIC
; Source Book", "De Re Atari" and "Mapping the Atari"; the code is ours).
;
; Build:  surround build     -> roms/surround-basic.rom (8192 bytes)
;
; The image is an 8 KiB left cartridge at $A000-$BFFF.  The OS finds it by
; its trailer at $BFFA-$BFFF ("Mapping the Atari" 49146-49151; Altirra
; Hardware Reference Manual, cartridges):
;   $BFFA  CARTCS  the start address (word): our cold/warm start
;   $BFFC  CART    0 = a cartridge is present
;   $BFFD  CARTFG  option bits: bit 0 = boot the disk first, bit 2 = start
;                  the cartridge (JMP (CARTCS)) after the boot
;   $BFFE  CARTAD  the init address (word), called (JSR) before the boot
;
; The parts (see README.md in this folder for who owns which):
;   editor side:  editor.s (main.s io.s syntax.s memory.s program.s list.s
;                 files.s tokens.s), and editor_late.s after the run-time
;   run-time side: runtime.s (and the files it includes)
; ===========================================================================

.include "../os/equates.s"
.include "../os/fpentry.s"
.include "equates.s"

.org $A000

; --- the editor side ---------------------------------------------------------
.include "editor.s"
ED_END:                         ; the size report: end of the editor side

; --- the run-time side ----------------------------------------------------------
RT_BEGIN:
.include "runtime.s"
RT_END:                         ; the size report: end of the run-time side

; --- the editor side, continued (the run-time keeps its addresses) ----------------
ED_LATE:                        ; the size report: editor code after the run-time
.include "editor_late.s"
BASIC_END:                      ; the size report: first free byte

; --- the cartridge trailer -------------------------------------------------------
.checkpc $BFFA
.advance $BFFA, $FF
        .word COLDSTART         ; CARTCS
        .byte 0                 ; CART: a cartridge is present
        .byte $05               ; CARTFG: boot the disk, then start BASIC
        .word CARTINIT          ; CARTAD
