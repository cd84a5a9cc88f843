; ===========================================================================
; files.s - NEW, SAVE, LOAD, CSAVE, CLOAD and ENTER
; ===========================================================================
;
; The SAVE format ("Mapping the Atari" 128; "De Re Atari" chapter 10): a
; header of seven words, the pointers LOMEM, VNTP, VNTD, VVTP, STMTAB,
; STMCUR, STARP each minus LOMEM (so it begins 0, 0), then the memory from
; VNTP up to STARP: the name table, the value table, the statement table
; with the immediate line.  LOAD puts it at VNTP again (above our own
; LOMEM) and moves the pointers accordingly; the values of the variables
; are cleared (CLR).  CSAVE and CLOAD do the same through the cassette
; (C:, with short inter-record gaps: AUX2 = $80).  ENTER reads text lines
; from a file as if they were typed.
; ===========================================================================

.alias IOCB7    $70     ; the IOCB the editor's file statements use

; ---------------------------------------------------------------------------
; X_NEW - NEW: an empty program, the variables cleared, READY
; ---------------------------------------------------------------------------
.scope
X_NEW:  JSR NEWPROG
        JSR CLEAR_VARS
        JMP READY
.scend

; ---------------------------------------------------------------------------
; X_SAVE - SAVE file;  X_CSAVE - CSAVE (to C:)
; ---------------------------------------------------------------------------
.scope
X_SAVE: JSR EVAL_STR
        JSR NAMEFROMFR0
        LDA #0
        BEQ SAVEPROG
.scend
.scope
X_CSAVE:
        JSR CASNAME
        LDA #$80
.scend
; SAVEPROG - write the program to the file in ED_NAME (A = AUX2)
.scope
SAVEPROG:
        PHA
        LDX #IOCB7
        LDA #8
        JSR OPENIO
        PLA
        STA ICAX2+IOCB7         ; (used by C: at the first record)
        LDX #0                  ; the header: pointers - LOMEM
_head:  SEC
        LDA LOMEM,X
        SBC LOMEM
        STA ED_SAVEH,X
        LDA LOMEM+1,X
        SBC LOMEM+1
        STA ED_SAVEH+1,X
        INX
        INX
        CPX #14
        BCC _head
        LDA #<ED_SAVEH
        STA ED_PTR3
        LDA #>ED_SAVEH
        STA ED_PTR3+1
        LDA #14
        STA ED_LEN
        LDA #0
        STA ED_LEN+1
        LDX #IOCB7
        LDA #CPUTBYT
        JSR BLOCKIO
        JSR PROGBLOCK
        LDA #CPUTBYT
        JSR BLOCKIO
        LDX #IOCB7
        JMP CLOSEIO
.scend

; PROGBLOCK - ED_PTR3 = VNTP, ED_LEN = STARP - VNTP, X = IOCB7
.scope
PROGBLOCK:
        LDA VNTP
        STA ED_PTR3
        LDA VNTP+1
        STA ED_PTR3+1
        SEC
        LDA STARP
        SBC VNTP
        STA ED_LEN
        LDA STARP+1
        SBC VNTP+1
        STA ED_LEN+1
        LDX #IOCB7
        RTS
.scend

; CASNAME - ED_NAME := "C:"
.scope
CASNAME:
        LDX #2
*       LDA _name,X
        STA ED_NAME,X
        DEX
        BPL -
        RTS
_name:  .byte "C:", EOL
.scend

; ---------------------------------------------------------------------------
; X_LOAD - LOAD file: load the program, then READY
; X_CLOAD - CLOAD: the same from C:
; LOAD_FILE - LOAD's work for RUN "file": load, then RTS
; ---------------------------------------------------------------------------
.scope
X_LOAD: JSR LOAD_FILE
        JMP READY
.scend
.scope
X_CLOAD:
        JSR CASNAME
        LDA #$80
        JSR LOADPROG
        JMP READY
.scend
.scope
LOAD_FILE:
        JSR EVAL_STR
        JSR NAMEFROMFR0
        LDA #0
.scend
; LOADPROG - read a SAVEd program from the file in ED_NAME (A = AUX2)
; Error 21 (load file error) if the file does not begin with a SAVE
; header, 19 (program too big) if it does not fit below MEMTOP.  An I/O
; error while the program is being read leaves an empty program.
.scope
LOADPROG:
        PHA
        LDX #IOCB7
        LDA #4
        JSR OPENIO
        PLA
        STA ICAX2+IOCB7
        LDA #<ED_SAVEH
        STA ED_PTR3
        LDA #>ED_SAVEH
        STA ED_PTR3+1
        LDA #14
        STA ED_LEN
        LDA #0
        STA ED_LEN+1
        LDX #IOCB7
        LDA #CGETBYT
        JSR BLOCKIO
        JSR CHECKHEADER
        BCC +
        JMP _bad
*
        CLC                     ; the new STARP must fit below MEMTOP
        LDA ED_SAVEH+12
        ADC LOMEM
        STA ED_PTR2
        LDA ED_SAVEH+13
        ADC LOMEM+1
        STA ED_PTR2+1
        BCS _big
        LDA MEMTOP
        CMP ED_PTR2
        LDA MEMTOP+1
        SBC ED_PTR2+1
        BCC _big
        LDA #$FF                ; from here on memory is being replaced
        STA LOADFLG
        LDX #2                  ; the new pointers VNTP .. STARP
_set:   CLC
        LDA ED_SAVEH,X
        ADC LOMEM
        STA LOMEM,X
        LDA ED_SAVEH+1,X
        ADC LOMEM+1
        STA LOMEM+1,X
        INX
        INX
        CPX #14
        BCC _set
        LDA STARP
        STA RUNSTK
        STA BMEMTOP
        LDA STARP+1
        STA RUNSTK+1
        STA BMEMTOP+1
        JSR PROGBLOCK
        LDA #CGETBYT
        STA ICCOM,X
        LDA ED_PTR3
        STA ICBAL,X
        LDA ED_PTR3+1
        STA ICBAH,X
        LDA ED_LEN
        STA ICBLL,X
        LDA ED_LEN+1
        STA ICBLH,X
        JSR CIOV
        BMI _ioerr
        LDX #IOCB7
        JSR CLOSEIO
        LDA #0
        STA LOADFLG
        JSR SETAPPMHI
        JMP CLEAR_VARS
_ioerr: TYA                     ; half a program: start afresh
        PHA
        LDX #IOCB7
        JSR CLOSEIO
        JSR NEWPROG
        PLA
        JMP ERROR
_bad:   LDA #21
        BNE _fail
_big:   LDA #19
_fail:  PHA
        LDX #IOCB7
        JSR CLOSEIO
        PLA
        JMP ERROR
.scend

; CHECKHEADER - C clear if ED_SAVEH is a SAVE header: LOMEM - LOMEM = 0
; and the pointers do not decrease
.scope
CHECKHEADER:
        LDA ED_SAVEH
        ORA ED_SAVEH+1
        BNE _bad
        LDX #2
_order: LDA ED_SAVEH+2,X
        CMP ED_SAVEH,X
        LDA ED_SAVEH+3,X
        SBC ED_SAVEH+1,X
        BCC _bad
        INX
        INX
        CPX #12
        BCC _order
        CLC
        RTS
_bad:   SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; X_ENTER - ENTER file: open it on IOCB 7; READY then reads its lines as if
; they were typed (without printing READY) until the end of the file
; ---------------------------------------------------------------------------
.scope
X_ENTER:
        JSR EVAL_STR
        JSR NAMEFROMFR0
        LDX #IOCB7
        LDA #4
        JSR OPENIO
        LDA #IOCB7
        STA ED_INIOCB
        RTS
.scend
