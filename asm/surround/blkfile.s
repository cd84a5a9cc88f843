; ===========================================================================
; SURROUND - blkfile.s
; The wolf remembers on the floppy: the black list (the 165 bytes at
; BLACKLIST, docs/rules.md) lives in the file D:SURROUND.BLK.
;
;   LOADBLACKLIST  at the start: read the file; when it is missing or not
;                  exactly 165 bytes the wolf starts with an empty list and
;                  the screen says why
;   SAVEBLACKLIST  after every lesson (and after C): write the file anew;
;                  a failure is shown on its own row (ROW_SAVEMSG, under
;                  the input field), where neither the result of the game
;                  nor the next move's messages overwrite it, until a
;                  later save succeeds
;
; Both go through CIO on IOCB 2 (E: has 0, K: 1), so any DOS with a D:
; handler will do: our mini-DOS (asm/dos) or Atari's DOS 2.0S.  Without a
; D: device (the program loaded straight into the emulator, error 130)
; nothing is read or written and nothing is said.
; ===========================================================================

.alias BLKIOCB  $20     ; IOCB 2
.alias CPBINR   $0B     ; PUT CHARACTERS
.alias BLKNODEV 130     ; CIO: nonexistent device (no DOS)
.alias BLKEOF   136     ; CIO: end of file
.alias BLKNOTFOUND 170  ; DOS 2: file not found

; ---------------------------------------------------------------------------
; LOADBLACKLIST - BLACKLIST from D:SURROUND.BLK, then count and show it,
; and say on the result row what happened
; ---------------------------------------------------------------------------
.scope
LoadBlacklist:
        lda #OPIN
        jsr BlkOpen
        cpy #BLKNODEV
        beq _quiet
        cpy #128
        bcs _missing
        lda #CGBINR             ; the 165 bytes ...
        ldx #BLKIOCB
        jsr BlkTransfer
        cpy #128
        bcs _damaged
        ldx #BLKIOCB            ; all of them?
        lda ICBLL,x
        cmp #BLACKLISTLEN
        bne _damaged
        ldx #BLKIOCB            ; ... and then the end of the file
        lda #CGBINR
        sta ICCOM,x
        lda #0
        sta ICBLL,x
        sta ICBLH,x
        jsr CIOV
        cpy #BLKEOF
        bne _damaged
        jsr BlkClose
        lda #<TXT_BLKLOADED
        ldy #>TXT_BLKLOADED
        bne _say
_missing:
        lda #<TXT_BLKNONE
        ldy #>TXT_BLKNONE
        bne _empty
_damaged:
        lda #<TXT_BLKBAD
        ldy #>TXT_BLKBAD
_empty: pha
        tya
        pha
        lda #0                  ; the wolf starts from nothing
        ldx #BLACKLISTLEN-1
*       sta BLACKLIST,x
        dex
        cpx #$FF
        bne -
        pla
        tay
        pla
_say:   pha
        tya
        pha
        jsr BlkClose
        jsr CountLearned
        pla
        tay
        pla
        jmp BlkSay
_quiet: jmp BlkClose
.scend

; ---------------------------------------------------------------------------
; SAVEBLACKLIST - write BLACKLIST to D:SURROUND.BLK (a new file each time);
; the outcome goes to SAVEERR (0 or the CIO status) and to its row
; ---------------------------------------------------------------------------
.scope
SaveBlacklist:
        lda #OPOUT
        jsr BlkOpen
        cpy #BLKNODEV
        beq _quiet
        cpy #128
        bcs _error
        lda #CPBINR
        ldx #BLKIOCB
        jsr BlkTransfer
        cpy #128
        bcs _error
        jsr BlkClose
        cpy #128
        bcs _error
        lda #0                  ; saved: the row is blanked if it told of an error
        sta SAVEERR
        jmp ShowSaveErr
_error: sty SAVEERR
        jsr BlkClose
        jmp ShowSaveErr
_quiet: jmp BlkClose
.scend

; ---------------------------------------------------------------------------
; SHOWSAVEERR - the save row: "SURROUND.BLK NOT SAVED: ERROR n." while
; SAVEERR holds a CIO status, else blank
; ---------------------------------------------------------------------------
.scope
ShowSaveErr:
        ldx #ROW_SAVEMSG
        lda SAVEERR
        bne _say
        jmp ClearRow
_say:   sta ARG1
        lda #<TXT_BLKNOTSAVED
        ldy #>TXT_BLKNOTSAVED
        jmp ShowLine
.scend

; BLKSAY - show the text at A/Y (lo/hi) on the result row
.scope
BlkSay:
        ldx #ROW_RESULT
        jsr ShowLine
        lda #1
        sta ERRSHOWN
        rts
.scend

; BLKOPEN - OPEN #2 on D:SURROUND.BLK with mode A; Y = status
.scope
BlkOpen:
        ldx #BLKIOCB
        sta ICAX1,x
        lda #COPN
        sta ICCOM,x
        lda #<BLKNAME
        sta ICBAL,x
        lda #>BLKNAME
        sta ICBAH,x
        lda #0
        sta ICAX2,x
        jmp CIOV
.scend

; BLKTRANSFER - command A (GET or PUT CHARACTERS) of the 165 bytes of
; BLACKLIST through IOCB X; Y = status
.scope
BlkTransfer:
        sta ICCOM,x
        lda #<BLACKLIST
        sta ICBAL,x
        lda #>BLACKLIST
        sta ICBAH,x
        lda #BLACKLISTLEN
        sta ICBLL,x
        lda #0
        sta ICBLH,x
        jmp CIOV
.scend

; BLKCLOSE - CLOSE #2; Y = status
.scope
BlkClose:
        ldx #BLKIOCB
        lda #CCLOSE
        sta ICCOM,x
        jmp CIOV
.scend

; "D:SURROUND.BLK" in ATASCII (not in screen codes, like every text here)
BLKNAME: .byte $44, $3A, $53, $55, $52, $52, $4F, $55, $4E, $44, $2E, $42, $4C, $4B, EOL

TXT_BLKLOADED:   .byte "THE BLACK LIST CAME FROM THE DISK.", ENDTXT
TXT_BLKNONE:     .byte "NO SURROUND.BLK YET: EMPTY LIST.", ENDTXT
TXT_BLKBAD:      .byte "SURROUND.BLK IS DAMAGED: EMPTY LIST.", ENDTXT
TXT_BLKNOTSAVED: .byte "SURROUND.BLK NOT SAVED: ERROR ", ARG1TXT, ".", ENDTXT
