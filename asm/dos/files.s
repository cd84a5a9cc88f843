; ===========================================================================
; files.s - sectors, the directory, the VTOC and sector chains
;
; Conventions: carry clear = done; carry set = failed with the error code
; in Y.  X is the current IOCB's slot (SLOT) after every routine here.
; ===========================================================================

; ---------------------------------------------------------------------------
; READSEC / WRITESEC - sector SECLO/SECHI of DRIVE to / from the buffer at
; A (low), Y (high) through DSKINV; writes are verified ('W').
; ---------------------------------------------------------------------------
.scope
READSEC:
        LDX #'R
        BNE SECIO
WRITESEC:
        LDX #'W
SECIO:  STA DBUFLO
        STY DBUFHI
        STX DCOMND
        LDA DRIVE
        STA DUNIT
        LDA SECLO
        STA DAUX1
        LDA SECHI
        STA DAUX2
        JSR DSKINV
        LDX SLOT
        CPY #$80                ; carry set: an error, its code in Y
        RTS
.scend

; ---------------------------------------------------------------------------
; LOADDIR - bring the directory sector of entry A (0-63) of DRIVE into
; DIRBUF (unless it is there) and point ZENT at the entry
; ---------------------------------------------------------------------------
.scope
LOADDIR:
        PHA
        AND #$07                ; the entry's place: 16 bytes each
        ASL
        ASL
        ASL
        ASL
        CLC
        ADC #<DIRBUF
        STA ZENT
        LDA #>DIRBUF
        ADC #0
        STA ZENT+1
        PLA
        LSR
        LSR
        LSR
        CMP DIRIDX
        BNE _read
        LDY DIRDRV
        CPY DRIVE
        BEQ _ok
_read:  STA DIRIDX
        JSR DIRSECTOR
        LDA #<DIRBUF
        LDY #>DIRBUF
        JSR READSEC
        BCC _got
        LDA #$FF
        STA DIRIDX
        RTS
_got:   LDA DRIVE
        STA DIRDRV
_ok:    CLC
        RTS
.scend

; DIRSECTOR - SECLO/SECHI = 361 + DIRIDX
.scope
DIRSECTOR:
        LDA DIRIDX
        CLC
        ADC #<DIRSEC0
        STA SECLO
        LDA #>DIRSEC0
        ADC #0
        STA SECHI
        RTS
.scend

; SAVEDIR - write DIRBUF back to its sector
.scope
SAVEDIR:
        JSR DIRSECTOR
        LDA #<DIRBUF
        LDY #>DIRBUF
        JMP WRITESEC
.scend

; ---------------------------------------------------------------------------
; NEXTMATCH - the first file at or after entry ENTIDX whose name matches
; FNAME ('?' matches any character).  DOS stops at an entry that was never
; used (flags 0); deleted entries ($80) and free ones are skipped.
; Out: carry clear, ENTIDX and ZENT = the entry; carry set, Y = 170 when
; there is none (or an I/O error code).
; ---------------------------------------------------------------------------
.scope
NEXTMATCH:
        LDA ENTIDX
        CMP #64
        BCS _none
        JSR LOADDIR
        BCS _exit
        LDY #0
        LDA (ZENT),Y
        BEQ _none
        AND #$C0
        CMP #$40
        BNE _skip
        LDX #0
        LDY #5
_cmp:   LDA FNAME,X
        CMP #'?
        BEQ +
        CMP (ZENT),Y
        BNE _skip
*       INY
        INX
        CPX #11
        BNE _cmp
        LDX SLOT
        CLC
        RTS
_skip:  INC ENTIDX
        BNE NEXTMATCH
_none:  LDY #ENOTFND
        SEC
_exit:  LDX SLOT
        RTS
.scend

; ---------------------------------------------------------------------------
; FINDFREE - ENTIDX = the first entry that holds no file (never used,
; deleted, or not in use); carry set, Y = 169 when the directory is full
; ---------------------------------------------------------------------------
.scope
FINDFREE:
        LDA #0
        STA ENTIDX
_loop:  LDA ENTIDX
        JSR LOADDIR
        BCS _exit
        LDY #0
        LDA (ZENT),Y
        BEQ _found
        BMI _found
        AND #$40
        BEQ _found
        INC ENTIDX
        LDA ENTIDX
        CMP #64
        BCC _loop
        LDY #EDIRFULL
        SEC
_exit:  RTS
_found: CLC
        RTS
.scend

; ---------------------------------------------------------------------------
; LOADVTOC - the VTOC of DRIVE in VTOCBUF; carry set, Y = 163 unless it is
; a single-density DOS 2 VTOC (code 2, 707 sectors): we write no other
; ---------------------------------------------------------------------------
.scope
LOADVTOC:
        LDA VTOCOK
        BEQ _read
        LDA VTOCDRV
        CMP DRIVE
        BEQ _ok
_read:  LDA #0
        STA VTOCOK
        JSR VTOCPOS
        JSR READSEC
        BCS _exit
        LDY #ESYSIO
        LDA VTOCBUF
        CMP #2
        BNE _bad
        LDA VTOCBUF+1
        CMP #<707
        BNE _bad
        LDA VTOCBUF+2
        CMP #>707
        BNE _bad
        LDA DRIVE
        STA VTOCDRV
        INC VTOCOK
_ok:    CLC
_exit:  RTS
_bad:   SEC
        RTS
.scend

; SAVEVTOC - write VTOCBUF back to sector 360 of its drive
.scope
SAVEVTOC:
        LDA VTOCDRV
        STA DRIVE
        JSR VTOCPOS
        JMP WRITESEC
.scend

; ---------------------------------------------------------------------------
; ALLOC - take the lowest free sector from the VTOC's bitmap (bytes 10-99,
; bit 7 of byte 10 = sector 0, a set bit = free) and count one less free.
; Out: NEWLO/NEWHI; carry set, Y = 162 when the disk is full.
; ---------------------------------------------------------------------------
.scope
ALLOC:
        LDX #0
_byte:  LDA VTOCBUF+10,X
        BNE _found
        INX
        CPX #90
        BCC _byte
        LDX SLOT
        LDY #EFULL
        SEC
        RTS
_found: LDY #0                  ; the first set bit from the left
_bit:   ASL
        BCS _bitok
        INY
        BNE _bit
_bitok: LDA VTOCBUF+10,X        ; clear it
        AND NOTMASK,Y
        STA VTOCBUF+10,X
        STY NEWLO               ; sector = byte * 8 + bit
        TXA
        LDX #0
        STX NEWHI
        ASL
        ROL NEWHI
        ASL
        ROL NEWHI
        ASL
        ROL NEWHI
        ORA NEWLO
        STA NEWLO
        LDA VTOCBUF+3           ; one free sector less
        BNE +
        DEC VTOCBUF+4
*       DEC VTOCBUF+3
        LDX SLOT
        CLC
        RTS
.scend

; FREESEC - mark sector SECLO/SECHI free in the VTOC, count one more free
.scope
FREESEC:
        LDA SECHI               ; sectors 720 and up have no bit here
        CMP #>720
        BCC _ok
        BNE _exit
        LDA SECLO
        CMP #<720
        BCS _exit
_ok:    LDA SECHI               ; byte = sector / 8
        STA ZTMP
        LDA SECLO
        LSR ZTMP
        ROR
        LSR ZTMP
        ROR
        LSR ZTMP
        ROR
        TAX
        LDA SECLO
        AND #$07
        TAY
        LDA VTOCBUF+10,X
        ORA BITMASK,Y
        STA VTOCBUF+10,X
        INC VTOCBUF+3
        BNE _exit
        INC VTOCBUF+4
_exit:  LDX SLOT
        RTS
.scend

; VTOCPOS - SECLO/SECHI = 360, A/Y = VTOCBUF
.scope
VTOCPOS:
        LDA #<VTOCSEC
        STA SECLO
        LDA #>VTOCSEC
        STA SECHI
        LDA #<VTOCBUF
        LDY #>VTOCBUF
        RTS
.scend

BITMASK: .byte $80, $40, $20, $10, $08, $04, $02, $01
NOTMASK: .byte $7F, $BF, $DF, $EF, $F7, $FB, $FD, $FE

; ---------------------------------------------------------------------------
; DELENTRY - delete the file at ZENT: its flags become $80 (the rest of the
; entry stays, as DOS leaves it), then every sector of its chain is marked
; free in VTOCBUF (the caller writes the VTOC).  The chain is read through
; the slot's buffer; more than 1023 links mean a loop: 164.
; ---------------------------------------------------------------------------
.scope
DELENTRY:
        LDY #3
        LDA (ZENT),Y
        STA SECLO
        INY
        LDA (ZENT),Y
        STA SECHI
        LDA SECLO               ; keep the start while the entry is written
        PHA
        LDA SECHI
        PHA
        LDY #0
        LDA #FLAGDEL
        STA (ZENT),Y
        JSR SAVEDIR
        PLA
        STA SECHI
        PLA
        STA SECLO
        BCS _exit
        LDA #<1024
        STA COUNT
        LDA #>1024
        STA COUNT+1
_loop:  LDA SECLO
        ORA SECHI
        BEQ _done
        LDA ZBUF
        LDY ZBUF+1
        JSR READSEC
        BCS _exit
        JSR FREESEC
        LDY #125
        LDA (ZBUF),Y
        AND #$03
        STA SECHI
        INY
        LDA (ZBUF),Y
        STA SECLO
        LDA COUNT
        BNE +
        DEC COUNT+1
        BMI _loopy
*       DEC COUNT
        JMP _loop
_done:  CLC
_exit:  RTS
_loopy: LDY #EFILENUM
        SEC
        RTS
.scend
