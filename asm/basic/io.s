; ===========================================================================
; io.s - the low-level input/output helpers both sides use
; ===========================================================================
;
; Everything goes through CIO (CIOV $E456, IOCBs at $0340; Atari OS User's
; Manual, chapter 5), so every device works.  Output goes to the IOCB whose
; number * 16 is in IODVC (0 = the screen editor E:, which the OS opens
; on IOCB 0).  A CIO error (status >= 128) is a BASIC error with the same
; number (Atari BASIC Reference Manual, appendix B: errors 128-255).
; ===========================================================================

; ---------------------------------------------------------------------------
; PUTC - put the character in A to the IOCB in IODVC
; In: A = character.  Out: A, X, Y preserved.  A CIO error -> ERROR.
; ---------------------------------------------------------------------------
.scope
PUTC:   STA ED_IOCHR            ; the character
        TXA                     ; the caller's X and Y
        PHA
        TYA
        PHA
        LDX IODVC
        LDA #CPUTBYT
        STA ICCOM,X
        LDA #0
        STA ICBLL,X
        STA ICBLH,X
        LDA ED_IOCHR
        JSR CIOV
        BMI IOERROR
        PLA
        TAY
        PLA
        TAX
        LDA ED_IOCHR
        RTS
.scend

; ---------------------------------------------------------------------------
; IOERROR - a CIO call returned the error status in Y: BASIC error Y
; ---------------------------------------------------------------------------
.scope
IOERROR:
        TYA
        JMP ERROR
.scend

; ---------------------------------------------------------------------------
; PUTEOL - put an end of line ($9B) to the IOCB in IODVC
; ---------------------------------------------------------------------------
.scope
PUTEOL: LDA #EOL
        JMP PUTC
.scend

; ---------------------------------------------------------------------------
; PUTSTR - put a zero-terminated string
; In: A = address low, Y = address high (the string is at most 255 bytes).
; ---------------------------------------------------------------------------
.scope
PUTSTR: STA ED_PTR3
        STY ED_PTR3+1
        LDY #0
_next:  LDA (ED_PTR3),Y
        BEQ _done
        JSR PUTC
        INY
        BNE _next
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; PUTNAME - put a name whose last character has bit 7 set (the format of
; the token name tables and of the variable name table)
; In: ED_PTR3 = the name.  Out: Y = its length; an empty name ($80) puts
; nothing and returns Y = 1.
; ---------------------------------------------------------------------------
.scope
PUTNAME:
        LDY #0
_next:  LDA (ED_PTR3),Y
        INY
        PHA
        AND #$7F
        BEQ _skip               ; the empty name: a lone $80
        JSR PUTC
_skip:  PLA
        BPL _next
        RTS
.scend

; ---------------------------------------------------------------------------
; CIOCALL - call CIO for the IOCB in X; a CIO error -> ERROR
; In: X = IOCB * 16, the IOCB set up.  Out: Y = status (1).
; ---------------------------------------------------------------------------
.scope
CIOCALL:
        JSR CIOV
        BMI IOERROR
        RTS
.scend

; ---------------------------------------------------------------------------
; GETLINE - read one line (a record) into LBUFF
; In: X = IOCB * 16.  Out: Y = the CIO status (N set on an error, which the
; caller handles: end of file ends ENTER, BREAK abandons the line);
; INBUFF = LBUFF, CIX = 0.  The line ends in EOL; a full buffer gets an EOL
; in its last byte.
; ---------------------------------------------------------------------------
.scope
GETLINE:
        LDA #<LBUFF             ; (= $80: up to 128 bytes)
        STA INBUFF
        STA ICBAL,X
        STA ICBLL,X
        LDA #>LBUFF
        STA INBUFF+1
        STA ICBAH,X
        LDA #0
        STA ICBLH,X
        STA CIX
        LDA #CGETREC
        STA ICCOM,X
        JSR CIOV
        LDA #EOL                ; a truncated line still ends
        STA LBUFF+$7F
        CPY #0
        RTS
.scend

; ---------------------------------------------------------------------------
; CLOSEIO - close the IOCB in X (errors ignored)
; ---------------------------------------------------------------------------
.scope
CLOSEIO:
        LDA #CCLOSE
        STA ICCOM,X
        JMP CIOV
.scend

; ---------------------------------------------------------------------------
; OPENIO - open IOCB X (closed) on the device/file name in ED_NAME (ending
; in EOL).  In: X = IOCB * 16, A = ICAX1 (4 read, 8 write, 6 directory),
; ICAX2 set.  A CIO error -> ERROR (after closing the IOCB again).
; ---------------------------------------------------------------------------
.scope
OPENIO: STA ICAX1,X
        LDA #<ED_NAME
        STA ICBAL,X
        LDA #>ED_NAME
        STA ICBAH,X
        LDA #COPEN
        STA ICCOM,X
        JSR CIOV
        BMI CLOSEERROR
        RTS
.scend

; ---------------------------------------------------------------------------
; CLOSECHECK - close the IOCB in X; a CIO error -> ERROR.  A file written
; through SAVE or LIST may reach its device only at CLOSE (a buffered last
; sector; H: puts the host file in place), so READY after SAVE means saved.
; ---------------------------------------------------------------------------
.scope
CLOSECHECK:
        JSR CLOSEIO
        BMI CLOSEERROR
        RTS
.scend

; ---------------------------------------------------------------------------
; CLOSEERROR - a CIO error (status in Y) on IOCB X: close it, BASIC error Y
; ---------------------------------------------------------------------------
.scope
CLOSEERROR:
        TYA
        PHA
        JSR CLOSEIO
        PLA
        JMP ERROR
.scend

; ---------------------------------------------------------------------------
; SETNAME - copy a string (a file specification) into ED_NAME, ending it
; with EOL
; In: ED_PTR3 = the string, A = its length (at most 39 bytes are used).
; ---------------------------------------------------------------------------
.scope
SETNAME:
        CMP #40
        BCC _len
        LDA #39
_len:   TAY
        LDA #EOL                ; the EOL, then the characters backwards
_store: STA ED_NAME,Y
        DEY
        BMI _done
        LDA (ED_PTR3),Y
        JMP _store
_done:  RTS
.scend

