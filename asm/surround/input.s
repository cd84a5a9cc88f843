; ===========================================================================
; SURROUND - input.s
; The player types a line through the screen editor E: (IOCB 0) with CIO's
; GET RECORD, just like BASIC's INPUT: the sheep's move as "FROM,TO" or
; "FROM TO" (for example 4,7) and RETURN, or a command letter:
;   N  new game            C  clear the black list
;   Y  yes (to a question)  RETURN alone: a new game once a game is over
; ===========================================================================

.alias INBUFLEN     120         ; the longest logical line of the editor

; what PARSELINE found (CMD)
.alias CMD_EMPTY    0           ; just RETURN
.alias CMD_MOVE     1           ; FROMPT, TOPT hold the two numbers
.alias CMD_NEW      2           ; N
.alias CMD_CLEAR    3           ; C
.alias CMD_YES      4           ; Y
.alias CMD_OTHER    5           ; some other letter
.alias CMD_BAD      6           ; neither a move nor a command

; ---------------------------------------------------------------------------
; READLINE - let the player type one line into INBUF
; The cursor is put on the input row, CIO reads the line (the OS echoes the
; keys and handles DELETE, cursor keys and so on).  Afterwards the typed
; characters are wiped from the screen again.
; Out: INBUF = the line, ended by EOL; INPUTSEQ counts the lines read.
; ---------------------------------------------------------------------------
.scope
ReadLine:
        lda #ROW_INPUT          ; cursor to the start of the input row
        sta ROWCRS
        lda LMARGN
        sta COLCRS
        lda #0
        sta COLCRS+1
        ldx #0                  ; IOCB 0: the screen editor
        lda #CGTXTR
        sta ICCOM,x
        lda #<INBUF
        sta ICBAL,x
        lda #>INBUF
        sta ICBAH,x
        lda #INBUFLEN
        sta ICBLL,x
        lda #0
        sta ICBLH,x
        lda #1
        sta INPUTWAIT           ; the program waits for the player now
        jsr CIOV
        lda #0
        sta INPUTWAIT
        inc INPUTSEQ
        tya                     ; an error (BREAK key, ...) counts as an
        bpl _ok                 ; empty line
        lda #EOL
        sta INBUF
_ok:    ; wipe what was typed: LMARGN + the length read + the cursor cell,
        ; at most the three rows of a logical line
        lda ICBLL
        sec                     ; the +1 for the cursor
        adc LMARGN
        cmp #INBUFLEN
        bcc +
        lda #INBUFLEN
*       tay
        ldx #ROW_INPUT
        jsr SetRow
        lda #0
*       sta (PTR),y
        dey
        bpl -
        rts
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
_cmd:   tya
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
