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

; (X_NEW is in editor_late.s)

; ---------------------------------------------------------------------------
; X_SAVE - SAVE file;  X_CSAVE - CSAVE (to C:)
; ---------------------------------------------------------------------------
.scope
X_CSAVE:
        JSR CASNAME
        BNE _save               ; (always: X = $80)
X_SAVE: JSR FILEOPERAND
_save:  LDA #8                  ; for writing
.scend
; SAVEPROG - write the program to the file in ED_NAME (A = ICAX1, X = ICAX2)
.scope
SAVEPROG:
        JSR OPEN7
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
        LDA #CPUTBYT
        JSR HEADERIO
        LDA #CPUTBYT
        JSR PROGIO
        BMI ERROR7
.scend
; CLOSE7 - close IOCB 7; an error closing it -> ERROR (CLOSECHECK)
.scope
CLOSE7: LDX #IOCB7
        JMP CLOSECHECK
.scend
; ERROR7 - a CIO error on IOCB 7 (status in Y): close it, BASIC error Y
.scope
ERROR7: LDX #IOCB7
        JMP CLOSEERROR
.scend

; OPEN7 - open IOCB 7 on ED_NAME with ICAX1 = A, ICAX2 = X.  Out: X = IOCB7
.scope
OPEN7:  PHA
        TXA
        PHA
        LDX #IOCB7
        JSR CLOSEIO
        PLA
        STA ICAX2+IOCB7
        PLA
        JMP OPENIO
.scend

; HEADERIO - get or put (A = CGETBYT or CPUTBYT) the 14-byte header at
; ED_SAVEH through IOCB 7; an error ends (ERROR7)
.scope
HEADERIO:
        LDX #IOCB7
        STA ICCOM,X
        LDA #<ED_SAVEH
        STA ICBAL,X
        LDA #>ED_SAVEH
        STA ICBAH,X
        LDA #14
        LDY #0
        JSR BLOCK7
        BMI ERROR7
        RTS
.scend

; PROGIO - get or put (A) the program, VNTP up to STARP, through IOCB 7.
; Out: Y = the CIO status (N set on an error).
.scope
PROGIO: LDX #IOCB7
        STA ICCOM,X
        LDA VNTP
        STA ICBAL,X
        LDA VNTP+1
        STA ICBAH,X
        SEC
        LDA STARP
        SBC VNTP
        PHA
        LDA STARP+1
        SBC VNTP+1
        TAY
        PLA
.scend
; BLOCK7 - the length A/Y (low/high) into IOCB 7 (X = IOCB7), then CIO
.scope
BLOCK7: STA ICBLL,X
        TYA
        STA ICBLH,X
        JMP CIOV
.scend

; CASNAME - ED_NAME := "C:"; X = $80 (short gaps)
.scope
CASNAME:
        LDX #2
*       LDA _name,X
        STA ED_NAME,X
        DEX
        BPL -
        LDX #$80
        RTS
_name:  .byte "C:", EOL
.scend

; FILEOPERAND - the file name at STINDEX into ED_NAME; X = 0 (ICAX2)
.scope
FILEOPERAND:
        JSR EVAL_STR_NAME       ; (runtime: EVAL_STR, then SETNAME)
        LDX #0
        RTS
.scend

; ---------------------------------------------------------------------------
; X_LOAD - LOAD file: load the program, then READY
; X_CLOAD - CLOAD: the same from C:
; LOAD_FILE - LOAD's work for RUN "file": load, then RTS
; ---------------------------------------------------------------------------
.scope
X_CLOAD:
        JSR CASNAME
        BNE _load               ; (always: X = $80)
X_LOAD: JSR FILEOPERAND
_load:  JSR LOADPROG
        JMP READY
.scend
.scope
LOAD_FILE:
        JSR FILEOPERAND
.scend
; LOADPROG - read a SAVEd program from the file in ED_NAME (ICAX2 = X)
; Error 21 (load file error) if the file does not begin with a SAVE
; header, 19 (program too big) if it does not fit below MEMTOP.  An I/O
; error while the program is being read leaves an empty program.
.scope
LOADPROG:
        LDA #4
        JSR OPEN7
        LDA #CGETBYT
        JSR HEADERIO
        LDY #21                 ; LOMEM - LOMEM must be 0
        LDA ED_SAVEH
        ORA ED_SAVEH+1
        BNE _error
        LDY #19
        CLC                     ; the new STARP must fit below MEMTOP
        LDA ED_SAVEH+12
        ADC LOMEM
        TAX
        LDA ED_SAVEH+13
        ADC LOMEM+1
        BCS _error
        CPX MEMTOP
        SBC MEMTOP+1
        BCC _fits
_error: JMP ERROR7
_fits:
        DEC LOADFLG             ; from here on memory is being replaced
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
        LDA #CGETBYT
        JSR PROGIO
        BPL _ok
        JSR NEWPROG             ; half a program: start afresh
        JMP ERROR7
_ok:    JSR CLOSE7
        INC LOADFLG
        JSR CLEAR_VARS          ; (it sets RUNSTK = BMEMTOP = STARP)
        JMP FORGET_LINES        ; (and SETAPPMHI)
.scend

; ---------------------------------------------------------------------------
; X_ENTER - ENTER file: open it on IOCB 7; READY then reads its lines as if
; they were typed (without printing READY) until the end of the file
; ---------------------------------------------------------------------------
.scope
X_ENTER:
        JSR FILEOPERAND
        LDA #4
        JSR OPEN7
        STX ED_INIOCB           ; (X = IOCB7)
        RTS
.scend
