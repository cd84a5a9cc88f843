; ===========================================================================
; menu.s - the boot menu and the binary loader
;
;   SURROUND XL DISK
;   1  SURROUND (6502 MACHINE LANGUAGE)
;   2  SURROUND IN BASIC          (only when BASIC is switched on)
;   3  READY (BASIC) / MEMO PAD   (without BASIC)
;
; A key is read from K: (IOCB 7).  1 binary-loads D1:SURROUND.XEX; 2 lets
; BASIC start and types RUN "D1:SURROUND.BAS" for it; 3 leaves to BASIC
; (or, without BASIC, to the OS's memo pad through BLKBDV).
; ===========================================================================

; ---------------------------------------------------------------------------
; MENU - DOSVEC; also called by DINIT when a cartridge waits (INCART)
; ---------------------------------------------------------------------------
.scope
MENU:
        LDA #<MENUTXT
        LDY #>MENUTXT
        LDX #MENUEND-MENUTXT
        JSR PRINT
        JSR HASBASIC
        BCC _nobas
        LDA #<BASTXT
        LDY #>BASTXT
        LDX #BASEND-BASTXT
        JSR PRINT
        LDA #<READYTXT
        LDY #>READYTXT
        LDX #READYEND-READYTXT
        BNE _last
_nobas: LDA #<PADTXT
        LDY #>PADTXT
        LDX #PADEND-PADTXT
_last:  JSR PRINT
_key:   JSR GETKEY
        CMP #'1
        BEQ _game
        CMP #'3
        BEQ READY
        CMP #'2
        BNE _key
        JSR HASBASIC
        BCC _key
        JMP RUNBASIC
_game:  JSR LOADGAME            ; comes back only when the load failed
        JMP _key
.scend

; HASBASIC - carry set when BASIC is switched on (a cartridge is present,
; TRAMSZ, and BASICF says the built-in BASIC is on: "Mapping the Atari")
.scope
HASBASIC:
        CLC
        LDA TRAMSZ
        BEQ _no
        LDA BASICF
        BNE _no
        SEC
_no:    RTS
.scend

; READY - to BASIC (or the cartridge), else the memo pad
.scope
READY:
        LDA INCART
        BEQ _vec
        RTS                     ; back into DINIT: the OS starts the cartridge
_vec:   LDA TRAMSZ
        BEQ _pad
        JMP (CARTCS)
_pad:   JMP BLKBDV
.scend

; ---------------------------------------------------------------------------
; RUNBASIC - BASIC gets RUN "D1:SURROUND.BAS" as the first line it reads
; from E:.  The E: entry of HATABS is pointed at a copy of E:'s handler
; table whose GET hands out that line; after its EOL the entry points at
; the real table again.
; ---------------------------------------------------------------------------
.scope
RUNBASIC:
        LDX #0
_find:  LDA HATABS,X
        CMP #'E
        BEQ _found
        INX
        INX
        INX
        CPX #33
        BCC _find
        JMP READY
_found: STX EINDEX
        LDA HATABS+1,X
        STA ZPTR
        STA EORIG
        LDA HATABS+2,X
        STA ZPTR+1
        STA EORIG+1
        LDY #15
_copy:  LDA (ZPTR),Y
        STA EHOOK,Y
        DEY
        BPL _copy
        LDA #<[FEED-1]
        STA EHOOK+4
        LDA #>[FEED-1]
        STA EHOOK+5
        LDA #0
        STA FEEDPOS
        LDA #<EHOOK
        STA HATABS+1,X
        LDA #>EHOOK
        STA HATABS+2,X
        JMP READY
.scend

; FEED - the E: GET of the hook: the next character of the RUN line
.scope
FEED:   LDY FEEDPOS
        LDA RUNTXT,Y
        INC FEEDPOS
        CMP #EOL
        BNE _ok
        PHA
        LDX EINDEX              ; the whole line is out: E: as it was
        LDA EORIG
        STA HATABS+1,X
        LDA EORIG+1
        STA HATABS+2,X
        PLA
_ok:    LDY #SUCCES
        RTS
.scend

EINDEX:  .byte 0
EORIG:   .word 0
FEEDPOS: .byte 0
EHOOK:   .word 0, 0, 0, 0, 0, 0, 0, 0
RUNTXT:  .byte "RUN ", 34, "D1:SURROUND.BAS", 34, EOL

; ---------------------------------------------------------------------------
; LOADGAME - binary-load D1:SURROUND.XEX and run it; on an error print it
; and return
; ---------------------------------------------------------------------------
.scope
LOADGAME:
        LDA #<GAMENAME
        LDY #>GAMENAME
        JSR BLOAD
        STY COUNT               ; the error code
        LDA #0
        STA COUNT+1
        JSR DECIMAL
        LDA DIGITS+1
        STA ERRNUM
        LDA DIGITS+2
        STA ERRNUM+1
        LDA DIGITS+3
        STA ERRNUM+2
        LDA #<ERRTXT
        LDY #>ERRTXT
        LDX #ERREND-ERRTXT
        JMP PRINT
.scend

; ---------------------------------------------------------------------------
; BLOAD - load the binary file named at A (low), Y (high) through IOCB 1:
; $FF $FF, then segments (start, end, the bytes; another $FF $FF may come
; between them); after each segment that set INITAD, JSR (INITAD); at the
; end JMP (RUNAD), or to the first segment when RUNAD was not set
; ("Mapping the Atari", RUNAD/INITAD; De Re Atari, "binary load files").
; Returns only on an error, with its code in Y.
; ---------------------------------------------------------------------------
.scope
BLOAD:
        PHA
        TYA
        PHA
        LDX #$10
        LDA #CCLOSE
        STA ICCOM,X
        JSR CIOV
        LDX #$10
        LDA #COPEN
        STA ICCOM,X
        PLA
        STA ICBAH,X
        PLA
        STA ICBAL,X
        LDA #4
        STA ICAX1,X
        LDA #0
        STA ICAX2,X
        JSR CIOV
        BMI _bad
        LDA #0
        STA RUNAD
        STA RUNAD+1
        STA XEXSTART+1
        JSR READWORD            ; $FF $FF
        BMI _bad
        LDY #ENAME
        LDA XEXSEG
        AND XEXSEG+1
        CMP #$FF
        BNE _bad
_seg:   JSR READWORD            ; start (or $FF $FF again)
        BPL _got
        CPY #EOFERR
        BEQ _done
_bad:   JMP _fail
_got:   LDA XEXSEG
        AND XEXSEG+1
        CMP #$FF
        BEQ _seg
        LDA XEXSEG
        STA XEXSEG+2
        LDA XEXSEG+1
        STA XEXSEG+3
        LDA XEXSTART+1
        BNE _end
        LDA XEXSEG
        STA XEXSTART
        LDA XEXSEG+1
        STA XEXSTART+1
_end:   JSR READWORD            ; end
        BMI _fail
        LDA #0
        STA INITAD
        STA INITAD+1
        LDX #$10                ; the bytes: GET BYTES end - start + 1
        LDA #CGETBYT
        STA ICCOM,X
        LDA XEXSEG+2
        STA ICBAL,X
        LDA XEXSEG+3
        STA ICBAH,X
        LDA XEXSEG
        SEC
        SBC XEXSEG+2
        STA ICBLL,X
        LDA XEXSEG+1
        SBC XEXSEG+3
        STA ICBLH,X
        INC ICBLL,X
        BNE +
        INC ICBLH,X
*       JSR CIOV
        BMI _fail
        LDA INITAD
        ORA INITAD+1
        BEQ _again
        JSR _init
_again: JMP _seg
_done:  JSR CLOSE1
        LDA RUNAD
        ORA RUNAD+1
        BEQ _first
        JMP (RUNAD)
_first: JMP (XEXSTART)
_init:  JMP (INITAD)
_fail:  TYA
        PHA
        JSR CLOSE1
        PLA
        TAY
        RTS
.scend

; READWORD - two bytes from IOCB 1 into XEXSEG; Y = status (N on error)
.scope
READWORD:
        LDX #$10
        LDA #CGETBYT
        STA ICCOM,X
        LDA #<XEXSEG
        STA ICBAL,X
        LDA #>XEXSEG
        STA ICBAH,X
        LDA #2
        STA ICBLL,X
        LDA #0
        STA ICBLH,X
        JSR CIOV
        CPY #0
        RTS
.scend

; CLOSE1 - close IOCB 1
.scope
CLOSE1: LDX #$10
        LDA #CCLOSE
        STA ICCOM,X
        JMP CIOV
.scend

; ---------------------------------------------------------------------------
; GETKEY - one key from K: through IOCB 7, in A
; ---------------------------------------------------------------------------
.scope
GETKEY:
        LDX #$70
        LDA #COPEN
        STA ICCOM,X
        LDA #<KNAME
        STA ICBAL,X
        LDA #>KNAME
        STA ICBAH,X
        LDA #4
        STA ICAX1,X
        LDA #0
        STA ICAX2,X
        JSR CIOV
        LDX #$70
        LDA #CGETBYT
        STA ICCOM,X
        LDA #0
        STA ICBLL,X
        STA ICBLH,X
        JSR CIOV
        PHA
        LDX #$70
        LDA #CCLOSE
        STA ICCOM,X
        JSR CIOV
        PLA
        RTS
.scend

.scope
.include "../os/print.s"
.scend

KNAME:    .byte "K:", EOL
GAMENAME: .byte "D1:SURROUND.XEX", EOL

MENUTXT: .byte CLS, EOL
         .byte "  SURROUND XL DISK", EOL
         .byte "  (a free mini-DOS for DOS 2 disks)", EOL, EOL
         .byte "  1  SURROUND, 6502 MACHINE LANGUAGE", EOL
MENUEND:
BASTXT:  .byte "  2  SURROUND IN ATARI BASIC", EOL
BASEND:
READYTXT: .byte "  3  READY (BASIC)", EOL, EOL, "  CHOOSE 1, 2 OR 3", EOL
READYEND:
PADTXT:  .byte "  3  MEMO PAD (BASIC IS OFF)", EOL, EOL, "  CHOOSE 1 OR 3", EOL
PADEND:
ERRTXT:  .byte "  ERROR "
ERRNUM:  .byte "000 LOADING D1:SURROUND.XEX", EOL
ERREND:
