; ===========================================================================
; cio.s - Central Input/Output (CIOV $E456)
; ===========================================================================
;
; Call with X = IOCB number * 16 and the request in the IOCB at $0340+X:
;   ICCOM  command       ICBAL/H  buffer (or device name for OPEN)
;   ICBLL/H  length      ICAX1/2  auxiliary bytes
; A holds the data byte when the length is 0 ("one byte in A").
; Returns Y = status (1 = OK, >= 128 = error, N flag set), X unchanged,
; A = the byte read; ICBLL/H = the number of bytes transferred.
;
; CIO copies the IOCB to the zero-page IOCB ($20-$2B), looks the device up
; in HATABS, and calls the handler through its vector table:
;   +0 OPEN  +2 CLOSE  +4 GET  +6 PUT  +8 STATUS  +10 SPECIAL  (address-1)
; A handler gets X = IOCB*16 and A = the data byte, and returns Y = status
; (and A = the byte for GET).
; ===========================================================================

; ---------------------------------------------------------------------------
; CIOINIT - mark all eight IOCBs closed
; ---------------------------------------------------------------------------
.scope
CIOINIT:
        LDX #0
_close: LDA #$FF
        STA ICHID,X
        LDA #<[CIONOP-1]
        STA ICPTL,X
        LDA #>[CIONOP-1]
        STA ICPTH,X
        TXA
        CLC
        ADC #16
        TAX
        BPL _close
        RTS
.scend

; CIONOP - the PUT routine of a closed IOCB: "not open"
.scope
CIONOP: LDY #NOTOPN
        RTS
.scend

; NOTIMP - the answer of every unimplemented function
.scope
NOTIMP: LDY #FNCNOT
        RTS
.scend

; ---------------------------------------------------------------------------
; CIO - the central I/O routine (entered through CIOV)
; ---------------------------------------------------------------------------
.scope
CIO:
        STA CIOCHR
        STX ICIDNO
        TXA
        AND #$8F                ; a multiple of 16 below 128?
        BEQ _ok
        LDY #BADIOC
        LDA CIOCHR
        CPY #0                  ; N flag set: error
        RTS
_ok:    LDY #0
_copy:  LDA IOCB,X              ; copy the IOCB to zero page
        STA ICHIDZ,Y
        INX
        INY
        CPY #12
        BNE _copy
        LDA #0
        STA CIOIMP
        LDA ICCOMZ
        CMP #COPEN
        BEQ CIOOPEN
        BCC _bad
        LDY ICHIDZ
        CPY #$FF
        BNE _open
        ; the IOCB is closed
        CMP #CCLOSE
        BEQ _fine               ; closing a closed IOCB is fine
        BCS CIOSTAT             ; STATUS and SPECIAL open it for a moment
        LDY #NOTOPN
        JMP CIOEXIT
_fine:  LDY #SUCCES
        JMP CIOEXIT
_bad:   LDY #NVALID
        JMP CIOEXIT
_open:  CMP #CCLOSE
        BEQ CIOCLOSE
        BCS CIOSTAT
        CMP #CPUTREC-1          ; 4-7 read, 8-11 write
        BCC CIOGET
        JMP CIOPUT
.scend

; ---------------------------------------------------------------------------
; CIOOPEN - find the device, remember its handler, call its OPEN
; ---------------------------------------------------------------------------
.scope
CIOOPEN:
        LDY ICHIDZ
        CPY #$FF
        BEQ +
        LDY #PRVOPN
        JMP CIOEXIT
*       JSR DEVSRCH
        BCC +
        LDY #NONDEV
        JMP CIOEXIT
*       LDX #0
        JSR CALLHND
        STY ICSTAZ
        JSR HNDTAB
        LDY #6                  ; remember the handler's PUT routine
        LDA (ICSPRZ),Y          ; for programs that call it directly
        STA ICPTLZ
        INY
        LDA (ICSPRZ),Y
        STA ICPTHZ
        LDY ICSTAZ
        JMP CIOEXIT
.scend

; ---------------------------------------------------------------------------
; CIOCLOSE - call the handler's CLOSE and free the IOCB
; ---------------------------------------------------------------------------
.scope
CIOCLOSE:
        LDX #2
        JSR CALLHND
        LDA #$FF
        STA ICHIDZ
        LDA #<[CIONOP-1]
        STA ICPTLZ
        LDA #>[CIONOP-1]
        STA ICPTHZ
        JMP CIOEXIT
.scend

; ---------------------------------------------------------------------------
; CIOSTAT - STATUS ($0D) and SPECIAL ($0E and up); on a closed IOCB the
; device named at ICBAL/H is looked up for this one call.
; ---------------------------------------------------------------------------
.scope
CIOSTAT:
        LDY ICHIDZ
        CPY #$FF
        BNE _call
        JSR DEVSRCH
        BCC +
        LDY #NONDEV
        JMP CIOEXIT
*       INC CIOIMP
_call:  LDX #8
        LDA ICCOMZ
        CMP #CSTATUS
        BEQ +
        LDX #10
*       JSR CALLHND
        LDA CIOIMP
        BEQ +
        LDA #$FF                ; close the temporary IOCB again
        STA ICHIDZ
*       JMP CIOEXIT
.scend

; ---------------------------------------------------------------------------
; CIOGET - GET RECORD (4, 5) and GET BYTES (6, 7)
; ---------------------------------------------------------------------------
.scope
CIOGET:
        LDA ICAX1Z
        AND #$04                ; opened for reading?
        BNE +
        LDY #WRONLY
        JMP CIOEXIT
*       LDA ICBLLZ
        ORA ICBLHZ
        BNE _loop
        JSR HGET                ; length 0: one byte in A
        JMP CIOEXIT
_loop:  JSR HGET
        CPY #$80
        BCS _done               ; error: stop here
        LDA ICBLLZ              ; room left in the buffer?
        ORA ICBLHZ
        BEQ _full
        LDY #0
        LDA CIOCHR
        STA (ICBALZ),Y
        JSR CIOSTEP
        LDA ICCOMZ
        AND #$02
        BNE _bytes
        LDA CIOCHR              ; GET RECORD ends with the EOL
        CMP #EOL
        BEQ _ok
        BNE _loop
_bytes: LDA ICBLLZ              ; GET BYTES ends when the buffer is full
        ORA ICBLHZ
        BNE _loop
_ok:    LDY #SUCCES
_done:  JMP CIOEXIT
_full:  LDA CIOCHR              ; record too long: skip to its EOL
        CMP #EOL
        BNE _loop
        LDY #TRNRCD
        JMP CIOEXIT
.scend

; HGET - call the handler's GET; A = CIOCHR = the byte, Y = status
.scope
HGET:   LDX #4
        JSR CALLHND
        STA CIOCHR
        RTS
.scend

; CIOSTEP - advance the buffer pointer, count one byte less
.scope
CIOSTEP:
        INC ICBALZ
        BNE +
        INC ICBAHZ
*       LDA ICBLLZ
        BNE +
        DEC ICBLHZ
*       DEC ICBLLZ
        RTS
.scend

; ---------------------------------------------------------------------------
; CIOPUT - PUT RECORD (8, 9) and PUT BYTES (10, 11)
; ---------------------------------------------------------------------------
.scope
CIOPUT:
        LDA ICAX1Z
        AND #$08                ; opened for writing?
        BNE +
        LDY #RDONLY
        JMP CIOEXIT
*       LDA ICBLLZ
        ORA ICBLHZ
        BNE _loop
        JSR HPUT                ; length 0: the byte in A
        JMP CIOEXIT
_loop:  LDY #0
        LDA (ICBALZ),Y
        STA CIOCHR
        JSR HPUT
        CPY #$80
        BCS _done
        JSR CIOSTEP
        LDA ICCOMZ
        AND #$02
        BNE _bytes
        LDA CIOCHR              ; PUT RECORD stops after the EOL
        CMP #EOL
        BEQ _ok
        LDA ICBLLZ
        ORA ICBLHZ
        BNE _loop
        LDA #EOL                ; ... or adds one when the buffer ends
        STA CIOCHR
        JSR HPUT
        JMP _done
_bytes: LDA ICBLLZ
        ORA ICBLHZ
        BNE _loop
_ok:    LDY #SUCCES
_done:  JMP CIOEXIT
.scend

; HPUT - call the handler's PUT with CIOCHR; Y = status
.scope
HPUT:   LDX #6
        JMP CALLHND
.scend

; ---------------------------------------------------------------------------
; CIOEXIT - store the status, report the count, copy the IOCB back
; In: Y = status.  Out: A = CIOCHR, X = ICIDNO, Y = status (N flag).
; ---------------------------------------------------------------------------
.scope
CIOEXIT:
        STY ICSTAZ
        LDX ICIDNO
        LDA ICCOMZ              ; data transfers: count = length - remaining
        CMP #4
        BCC _back
        CMP #CCLOSE
        BCS _back
        LDA ICBLL,X
        SEC
        SBC ICBLLZ
        STA ICBLLZ
        LDA ICBLH,X
        SBC ICBLHZ
        STA ICBLHZ
        LDA ICBAL,X             ; and the buffer address as it was
        STA ICBALZ
        LDA ICBAH,X
        STA ICBAHZ
_back:  LDY #0
_copy:  LDA ICHIDZ,Y
        STA IOCB,X
        INX
        INY
        CPY #12
        BNE _copy
        LDX ICIDNO
        LDA CIOCHR
        LDY ICSTAZ
        RTS
.scend

; ---------------------------------------------------------------------------
; DEVSRCH - look up the device named at (ICBALZ) in HATABS
; "K:" is unit 1, "D2:" unit 2.  Out: C clear and ICHIDZ = the HATABS
; offset, ICDNOZ = the unit; C set when no handler has that letter.
; The table (11 entries) is searched from its end, so a handler added later wins.
; ---------------------------------------------------------------------------
.scope
DEVSRCH:
        LDY #1
        LDA (ICBALZ),Y          ; a unit digit 1-9?
        SEC
        SBC #'1
        CMP #9
        BCC +
        LDA #0
*       CLC
        ADC #1
        STA ICDNOZ
        DEY
        LDA (ICBALZ),Y          ; the device letter
        BEQ _none
        LDX #30                 ; 11 entries of 3 bytes
_find:  CMP HATABS,X
        BEQ _found
        DEX
        DEX
        DEX
        BPL _find
_none:  SEC
        RTS
_found: STX ICHIDZ
        CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; CALLHND - call routine number X/2 of the handler of the current IOCB
; In: X = 0 OPEN, 2 CLOSE, 4 GET, 6 PUT, 8 STATUS, 10 SPECIAL.
; The handler is entered with X = ICIDNO and A = CIOCHR; it returns to our
; caller with its Y (status) and A.
; ---------------------------------------------------------------------------
.scope
CALLHND:
        JSR HNDTAB
        TXA
        TAY
        INY
        LDA (ICSPRZ),Y          ; push the routine's address-1 ...
        PHA
        DEY
        LDA (ICSPRZ),Y
        PHA
        LDX ICIDNO
        LDA CIOCHR
        RTS                     ; ... and "return" into it
.scend

; HNDTAB - ICSPRZ = the vector table of the handler of the current IOCB
.scope
HNDTAB: LDY ICHIDZ
        LDA HATABS+1,Y
        STA ICSPRZ
        LDA HATABS+2,Y
        STA ICSPRZ+1
        RTS
.scend
