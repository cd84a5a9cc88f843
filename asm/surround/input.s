; ===========================================================================
; SURROUND - input.s
; The player types a line, key by key from the keyboard K: (IOCB 1), into
; an input field the program draws itself: the sheep's move as "FROM,TO" or
; "FROM TO" (for example 4,7) and RETURN, or a command key, which acts at
; once as the line's first key (as the footer "N NEW GAME" reads):
;   N  new game            C  clear the black list
;   Y  yes (to a question)  RETURN alone: a new game once a game is over
; A letter after spaces needs RETURN and must stand alone on the line.
; ===========================================================================

.alias KIOCB        $10         ; IOCB 1 (X = IOCB number * 16): K:
.alias INFIELD      30          ; the longest line the player can type
.alias CURSORCELL   $80         ; our cursor: an inverse blank
.alias KBACKSP      $7E         ; ATASCII DELETE BACK S
.alias KCLEAR       $7D         ; ATASCII CLEAR (SHIFT-< or CTRL-<)
.alias KDELLINE     $9C         ; ATASCII DELETE LINE (SHIFT-DELETE)

; what PARSELINE found (CMD)
.alias CMD_EMPTY    0           ; just RETURN
.alias CMD_MOVE     1           ; FROMPT, TOPT hold the two numbers
.alias CMD_NEW      2           ; N
.alias CMD_CLEAR    3           ; C
.alias CMD_YES      4           ; Y
.alias CMD_OTHER    5           ; some other letter
.alias CMD_BAD      6           ; neither a move nor a command

; ---------------------------------------------------------------------------
; OPENKEYBOARD - open the keyboard K: on IOCB 1 for reading single keys
; (CLOSE first, so a second call - after RESET - is harmless)
; ---------------------------------------------------------------------------
.scope
OpenKeyboard:
        ldx #KIOCB
        lda #CCLOSE
        sta ICCOM,x
        jsr CIOV
        ldx #KIOCB
        lda #COPN
        sta ICCOM,x
        lda #<KDEVICE
        sta ICBAL,x
        lda #>KDEVICE
        sta ICBAH,x
        lda #OPIN
        sta ICAX1,x
        lda #0
        sta ICAX2,x
        jmp CIOV
KDEVICE: .byte $4B, $3A, EOL    ; "K:" in ATASCII
.scend

; ---------------------------------------------------------------------------
; GETKEY - wait for one key from K: (CIO GET CHARACTERS with length 0:
; the byte comes back in A, the status in Y)
; ---------------------------------------------------------------------------
.scope
GetKey:
        ldx #KIOCB
        lda #CGBINR
        sta ICCOM,x
        lda #0
        sta ICBLL,x
        sta ICBLH,x
        jmp CIOV
.scend

; ---------------------------------------------------------------------------
; READLINE - let the player type one line into INBUF
; The keys come one by one from K:, and the program draws the input field
; itself: at most INFIELD characters in the input row, followed by its own
; cursor (an inverse blank).  So no key - a very long line, the cursor
; keys, CLEAR - can reach the rest of the screen, whatever the OS's editor
; would do with it.  Taken: the characters from space to "z" (an inverse
; character counts as the plain one); DELETE BACK S removes the last
; character, SHIFT-DELETE and CLEAR the whole line; RETURN ends it.
; Other keys (cursor keys, ESC, TAB, ...) and keys past a full field are
; ignored; so is an error status from K: (BREAK).  HELP shows the help
; page and comes back to the line as it was.
; Out: INBUF = the line, ended by EOL; INPUTSEQ counts the lines read.
; ---------------------------------------------------------------------------
.scope
ReadLine:
        lda #0
        sta INLEN
        lda #1
        sta INPUTWAIT           ; the program waits for the player now
_show:  jsr ShowField
_key:   jsr GetKey
        ldx HELPREQ             ; the HELP key (HELPVBI)?
        beq +
        jsr Help
        jmp _show
*       cpy #128                ; an error (BREAK): no key
        bcs _key
        cmp #EOL
        beq _done
        cmp #KBACKSP
        beq _back
        cmp #KCLEAR
        beq _clear
        cmp #KDELLINE
        beq _clear
        cmp #$80                ; inverse video: the plain character
        bcc +
        and #$7F
*       cmp #$20                ; space .. "z"
        bcc _key
        cmp #$7B
        bcs _key
        ldx INLEN
        cpx #INFIELD
        bcs _key                ; the field is full
        sta INBUF,x
        inc INLEN
        cpx #0                  ; the line's first key N, C or Y is a
        bne _show               ; command: it acts at once, no RETURN
        and #$DF                ; (lower case as upper case)
        cmp #$4E                ; N
        beq _done
        cmp #$43                ; C
        beq _done
        cmp #$59                ; Y
        beq _done
        bne _show
_back:  lda INLEN
        beq _key
        dec INLEN
        jmp _show
_clear: lda #0
        sta INLEN
        jmp _show
_done:  ldx INLEN
        lda #EOL
        sta INBUF,x
        lda #0
        sta INPUTWAIT
        inc INPUTSEQ
        ldx #ROW_INPUT          ; the typed line disappears again
        jmp ClearRow
.scend

; ---------------------------------------------------------------------------
; SHOWFIELD - draw the input field: the INLEN characters of INBUF from
; column COL_TEXT of the input row, the cursor after them, blanks up to
; the field's end.  ATASCII $20-$5F are screen codes $00-$3F; $60-$7F are
; the same in both.
; ---------------------------------------------------------------------------
.scope
ShowField:
        ldx #ROW_INPUT
        lda ROWLO,x
        clc
        adc #COL_TEXT
        sta DST
        lda ROWHI,x
        adc #0
        sta DST+1
        ldy #0
_char:  cpy INLEN
        bcs _cursor
        lda INBUF,y
        cmp #$60
        bcs +
        sbc #$1F                ; (carry clear: subtracts $20)
*       sta (DST),y
        iny
        bne _char
_cursor:
        lda #CURSORCELL
        sta (DST),y
        lda #0
_rest:  iny
        cpy #INFIELD+1
        bcs _done
        sta (DST),y
        bcc _rest
_done:  rts
.scend

; ---------------------------------------------------------------------------
; PARSELINE - what did the player type?
; Out: A = CMD = one of the CMD_ values; for CMD_MOVE, FROMPT and TOPT.
; Spaces may stand before, between and after; between the two numbers a
; comma, one or more spaces, or both.
; ---------------------------------------------------------------------------
.scope
ParseLine:
        ldx #0
        jsr SkipSpaces
        cmp #EOL
        bne +
        lda #CMD_EMPTY
        jmp _done
*       jsr IsDigit
        bcs _number
        and #$DF                ; a letter: lower case to upper case
        ldy #CMD_NEW
        cmp #$4E                ; N
        beq _cmd
        iny
        cmp #$43                ; C
        beq _cmd
        iny
        cmp #$59                ; Y
        beq _cmd
        iny                     ; CMD_OTHER
_cmd:   inx                     ; the letter alone: only spaces after it
        jsr SkipSpaces
        cmp #EOL
        bne _bad
        tya
        jmp _done
_number:
        jsr GetNumber
        sta FROMPT
        stx TMP2                ; where the spaces start
        jsr SkipSpaces
        cmp #$2C                ; a comma?
        bne _nocomma
        inx
        jsr SkipSpaces
        jmp _second
_nocomma:
        cpx TMP2                ; no comma: at least one space, then
        beq _bad
_second:
        jsr IsDigit
        bcc _bad
        jsr GetNumber
        sta TOPT
        jsr SkipSpaces
        cmp #EOL
        bne _bad
        lda #CMD_MOVE
        jmp _done
_bad:   lda #CMD_BAD
_done:  sta CMD
        rts
.scend

; ---------------------------------------------------------------------------
; SKIPSPACES - X on the first character of INBUF (from X on) that is not a
; space; A = that character
; ---------------------------------------------------------------------------
.scope
SkipSpaces:
*       lda INBUF,x
        cmp #$20
        bne +
        inx
        bne -
*       rts
.scend

; ---------------------------------------------------------------------------
; ISDIGIT - carry set when A is an ATASCII digit 0..9.  Keeps A.
; ---------------------------------------------------------------------------
.scope
IsDigit:
        cmp #$30
        bcc _no
        cmp #$3A
        bcs _not
        sec
        rts
_not:   clc
_no:    rts
.scend

; ---------------------------------------------------------------------------
; GETNUMBER - read the decimal number at INBUF+X (X on its first digit)
; Out: A = its value (255 for anything larger), X after the last digit
; ---------------------------------------------------------------------------
.scope
GetNumber:
        lda #0
        sta TMP
_next:  lda INBUF,x
        jsr IsDigit
        bcc _end
        and #$0F                ; the digit's value
        pha
        lda TMP                 ; TMP = TMP*10 + digit, stuck at 255
        cmp #25
        bcs _big
        asl                     ; *2
        asl                     ; *4
        adc TMP                 ; *5
        asl                     ; *10
        sta TMP
        pla
        clc
        adc TMP
        bcs _big2
        sta TMP
        inx
        bne _next
_big:   pla
_big2:  lda #255
        sta TMP
        inx
        bne _next
_end:   lda TMP
        rts
.scend
