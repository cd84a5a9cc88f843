; ===========================================================================
; main.s - cold start, warm start, READY and the line loop
; ===========================================================================
;
; The OS starts the cartridge through CARTCS ($BFFA) after a cold start and
; after every RESET (warm start).  A cold start (or a warm start while a
; LOAD was unfinished, LOADFLG <> 0) empties the program (NEW); a warm
; start keeps the program and its variables.  Then READY: print "READY",
; read a line from E: (or from the file ENTER opened on IOCB 7), tokenize
; it (syntax.s) and either store it in the program or run it.
; ===========================================================================

; ---------------------------------------------------------------------------
; COLDSTART - the cartridge start (CARTCS), cold and warm
; ---------------------------------------------------------------------------
.scope
COLDSTART:
        CLD                     ; (READY resets the stack)
        LDA LOADFLG             ; memory left half loaded: start afresh
        BNE _cold
        LDA WARMST
        BNE WARMSTART
_cold:  JSR NEWPROG             ; (A = 0)
        STA RADFLG              ; radians ("Mapping the Atari" 251)
        LDA #10                 ; PRINT's tab stops every 10 columns
        STA PTABW
        BNE READY               ; (always)
.scend

; ---------------------------------------------------------------------------
; WARMSTART - RESET while BASIC runs: keep the program and the variables,
; empty the run-time stack, read lines from E: again
; ---------------------------------------------------------------------------
.scope
WARMSTART:
        LDA RUNSTK
        STA BMEMTOP
        LDA RUNSTK+1
        STA BMEMTOP+1
        JSR SETAPPMHI
.scend                          ; (on into READY)

; ---------------------------------------------------------------------------
; READY - print READY and go on reading lines (the runtime's statements end
; here).  While ENTER reads a file, READY is not printed.
; ---------------------------------------------------------------------------
.scope
READY:  CLD
        LDX #$FF
        TXS
        LDA #0
        STA IODVC
        STA LOADFLG
        LDA ED_INIOCB
        BNE GETCMD
        LDA #<RDYMSG
        LDY #>RDYMSG
        JSR PUTSTR
.scend
        ; fall into GETCMD

; ---------------------------------------------------------------------------
; GETCMD - read a line and hand it to the tokenizer; numbered lines go into
; the program and the next line is read, others run (EXECUTE).  The stack
; and IODVC are as READY left them (SYNTAX returns, with IODVC 0).
; ---------------------------------------------------------------------------
.scope
GETCMD: LDX ED_INIOCB
        JSR GETLINE
        BPL _line
        CPX #0                  ; an error while reading (X = the IOCB)
        BEQ GETCMD              ; from E: (BREAK): forget the line
        TYA
        PHA
        JSR STOP_ENTER
        PLA
        CMP #EOFERR             ; the end of an ENTERed file
        BEQ READY
        JMP ERROR
_line:  JSR SYNTAX              ; C set: an immediate line to run
        BCC GETCMD
        JMP EXECUTE
.scend

; ---------------------------------------------------------------------------
; STOP_ENTER - stop reading lines from the ENTER file: close IOCB 7, read
; from E: again (the runtime's ERROR calls this too)
; ---------------------------------------------------------------------------
.scope
STOP_ENTER:
        LDX ED_INIOCB           ; ($70 while ENTER reads)
        BEQ _done
        LDA #0
        STA ED_INIOCB
        JMP CLOSEIO
_done:
; CARTINIT - the cartridge init routine (CARTAD, an RTS shared with
; STOP_ENTER): nothing to do before the disk boot; BASIC initialises itself
; when started
CARTINIT:
        RTS
.scend

RDYMSG: .byte EOL, "READY", EOL, 0

; ---------------------------------------------------------------------------
; NEWPROG - an empty program (NEW): LOMEM from MEMLO, the token buffer, an
; empty variable name table (its zero byte), no variables, only the
; immediate line in the statement table, no strings, arrays or stack
; ("The Atari BASIC Source Book", the memory layout; "Mapping the Atari"
; 128-145)
; ---------------------------------------------------------------------------
.scope
NEWPROG:
        LDA MEMLO
        STA LOMEM
        LDY MEMLO+1
        STY LOMEM+1
        INY                     ; every pointer at VNTP, after the token
        LDX #BMEMTOP-VNTP       ; buffer's 256 bytes
_set:   STA VNTP,X
        STY VNTP+1,X
        DEX
        DEX
        BPL _set
        LDA #1                  ; the name table's zero byte
        LDY #0
        LDX #VVTP
        JSR EXPAND
        LDA #3                  ; the immediate line: 32768, 3 bytes long
        LDX #STARP              ; (EXPAND left Y = 0)
        JSR EXPAND
        LDY #3
_line:  LDA _empty,Y
        STA (VNTP),Y
        DEY
        BPL _line
        STA STOPLN              ; (A = 0)
        STA STOPLN+1
        STA LOADFLG
        LDX #$80                ; no TRAP: the first error after power-on
        STX TRAPLN+1            ; or NEW reports itself (PEEK(189) >= 128)
        RTS                     ; (A = 0)
_empty: .byte 0, 0, >IMMLINE, 3
.scend

; ---------------------------------------------------------------------------
; SETAPPMHI - tell the screen handler where BASIC's memory ends (APPMHI,
; "Mapping the Atari" 14): a GRAPHICS screen must not overwrite it
; FORGET_LINES - empty LCACHE, FIND_LINE's remembered lines (memory.s),
; then SETAPPMHI.  Y = 0.
; ---------------------------------------------------------------------------
.scope
FORGET_LINES:                   ; (the statement table moved or was
        LDA #0                  ; loaded: FIND_LINE's lines go)
        LDY #LCSLOTS*2
*       DEY
        STA LCACHE,Y
        BNE -                   ; (Y = 0 at the end: EXPAND's Out)
SETAPPMHI:
        LDA BMEMTOP
        STA APPMHI
        LDA BMEMTOP+1
        STA APPMHI+1
        RTS                     ; (Z clear: STORELINE relies on it)
.scend
