; ===========================================================================
; stmt_print.s - PRINT, ?, LPRINT and the runtime's output helpers
; ===========================================================================
;
; PRINT [#n {,|;}] item {,|;} item ...  (Atari BASIC Reference Manual,
; PRINT): a number prints as the math pack's FASC writes it, a string as
; its characters.  ";" joins items, "," moves to the next tab stop (a
; multiple of PTABW, $C9, 10 at power-on; at least two blanks), and a
; statement that ends with "," or ";" prints no EOL.  COX ($94) counts the
; columns printed since the last EOL.  Output goes through CIO to the IOCB
; in IODVC (IOCB number times 16), 0 (E:) unless #n names another.
; ===========================================================================

; ---------------------------------------------------------------------------
; X_PRINT - PRINT and ?
; PRINT_ITEMS - the item list, on the IOCB already in IODVC
; ---------------------------------------------------------------------------
.scope
X_PRINT:
        LDA #0
        STA IODVC
        JSR PEEK_TOKEN
        CMP #TOK_O_SHARP
        BNE PRINT_ITEMS
        INC STINDEX
        JSR EVAL_IOCB           ; IODVC = n * 16
        JSR AT_END_OF_STMT      ; "PRINT #n" alone: just an EOL
        BEQ PRINT_ITEMS
        INC STINDEX             ; the "," or ";" after #n
        JMP PRINT_AFTER_SEP
.scend

; PRINT_AFTER_SEP - after "," or ";": at the end of the statement no EOL
; is printed
.scope
PRINT_ITEMS:
        JSR AT_END_OF_STMT
        BEQ _eol
        CMP #TOK_O_COMMA
        BEQ _comma
        CMP #TOK_O_SEMI
        BEQ _semi
        JSR EVAL_ANY
        BIT VTYPE
        BMI _string
        LDA FR0+1               ; a number: as Rev. B/C (The Atari BASIC
        CMP #$10                ; Source Book, XPRINT), a tenth digit (two
        BCC +                   ; in the first byte) is dropped first
        LDA FR0+5
        AND #$F0
        STA FR0+5
*       JSR FASC_STRING         ; then FASC's text
_string:
        JSR PUT_STRING
        JMP PRINT_ITEMS
_comma: JSR PUT_TAB
_semi:  INC STINDEX
PRINT_AFTER_SEP:
        JSR AT_END_OF_STMT
        BNE PRINT_ITEMS
        BEQ PRINT_DONE
_eol:   JSR PUT_EOL
        ; fall into PRINT_DONE
.scend
.scope
PRINT_DONE:
        LDA #0
        STA IODVC
        RTS
.scend

; ---------------------------------------------------------------------------
; X_LPRINT - print to the printer: PRINT on IOCB 7 opened to "P:" for
; writing, closed afterwards (Atari BASIC Reference Manual, LPRINT)
; ---------------------------------------------------------------------------
.scope
X_LPRINT:
        LDA #0                  ; ICAX2
        LDX #$70
        LDY #'P
        JSR OPEN_DEVICE_W
        LDA #$70
        STA IODVC
        JSR PRINT_ITEMS
        LDX #$70
        JMP CLOSEIO
.scend

; ---------------------------------------------------------------------------
; Output helpers on top of the editor's io.s (PUTC, CIOCALL): all on the
; IOCB in IODVC; CIO errors become BASIC errors
; ---------------------------------------------------------------------------

; PUT_CHAR - one character in A; COX counts it (an EOL sets COX to 0)
.scope
PUT_CHAR:
        CMP #EOL
        BNE +
        LDX #$FF                ; (then 0)
        STX COX
*       INC COX
        JMP PUTC
.scend

; PUT_EOL - an end of line
.scope
PUT_EOL:
        LDA #EOL
        JMP PUT_CHAR
.scend

; PUT_TAB - PRINT's comma: blanks up to the next tab stop (a multiple of
; PTABW, $C9) that leaves at least two blanks.  Mapping the Atari,
; location 201: "The minimum number of spaces between TABS is three. If
; you POKE 201,2, it will be treated as four spaces, and POKE 201,1 is
; treated as three": one-character items stand 3 apart with PTABW 1 and
; 4 apart with PTABW 2, and with the default 10 "ABCDEFGH","X" puts X at
; column 10.  PTABW 0, which hangs Atari BASIC, gives just two blanks.
.scope
PUT_TAB:
        LDX #2
_blank: LDA #$20
        JSR PUT_CHAR            ; (PUTC keeps X)
        DEX
        BNE _blank
        INX                     ; from now on one blank at a time
        LDA PTABW
        BEQ _done
        LDA COX
*       SEC                     ; COX mod PTABW
        SBC PTABW
        BCS -
        ADC PTABW
        BNE _blank
_done:  RTS
.scend

; PUT_STRING - the string described in FR0 (address, 16-bit length)
.scope
PUT_STRING:
        LDA FR0+2
        ORA FR0+3
        BEQ _done
        LDX IODVC
        LDA FR0
        STA ICBAL,X
        LDA FR0+1
        STA ICBAH,X
        LDA FR0+2
        STA ICBLL,X
        LDA FR0+3
        STA ICBLH,X
        ; COX counts the characters (modulo 256, as a byte)
        CLC
        LDA COX
        ADC FR0+2
        STA COX
        LDA #CPUTBYT
        JMP CIO_CALL
_done:  RTS
.scend

; CIO_CALL - ICCOM = A on the IOCB X, call CIO; errors become BASIC errors
.scope
CIO_CALL:
        STA ICCOM,X
        JMP CIOCALL
.scend

; PUT_INT - the integer A (low) / X (high) in decimal
.scope
PUT_INT:
        STA FR0
        STX FR0+1
        JSR IFP
        ; fall into PUT_FR0
.scend

; PUT_FR0 - the number in FR0 as FASC writes it
.scope
PUT_FR0:
        JSR FASC_STRING
        JMP PUT_STRING
.scend

; FASC_STRING - FR0 = the string FASC makes of the number in FR0: its
; address (INBUFF, inside LBUFF) and length; FASC's bit 7 on the last
; character is cleared
.scope
FASC_STRING:
        JSR FASC
        LDY #0
*       LDA (INBUFF),Y
        BMI +
        INY
        BNE -
*       AND #$7F
        STA (INBUFF),Y
        INY
        STY FR0+2
        LDA #0
        STA FR0+3
        LDA INBUFF
        STA FR0
        LDA INBUFF+1
        STA FR0+1
        RTS
.scend
; ---------------------------------------------------------------------------
; EVAL_IOCB - "#n": IODVC = n * 16 in one byte, as Rev. C computes it (The
; Atari BASIC Source Book: the channel's low byte shifted four times, error
; 20 when bit 7 comes out set), so #16 is #0 and #23 is #7; n = 8-15, 24-31,
; ... give error 20 (device number larger), n above 65535 error 3.
; ---------------------------------------------------------------------------
.scope
EVAL_IOCB:
        JSR EVAL_INT            ; (A = the low byte)
        ASL
        ASL
        ASL
        ASL
        BMI _e_device
        STA IODVC
        RTS
_e_device:JMP E_DEVICE
.scend

