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

; READZBUF - sector SECLO/SECHI of DRIVE into the slot's buffer (ZBUF)
.scope
READZBUF:
        LDA ZBUF
        LDY ZBUF+1
        JMP READSEC
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
; LOADVTOC - the VTOC of DRIVE in VTOCBUF: DOS code 2 and 707 sectors
; (single density), or 1010 (DOS 2.5's enhanced density: then VTOC2,
; sector 1024, in VTOC2BUF and EDDISK = 1); carry set, Y = 163 otherwise
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
        STA EDDISK
        JSR VTOCPOS
        JSR READSEC
        BCS _exit
        LDY #ESYSIO
        LDA VTOCBUF
        CMP #2
        BNE _bad
        JSR ISENHANCED
        BCS _ed
        LDA VTOCBUF+1
        CMP #<707
        BNE _bad
        LDA VTOCBUF+2
        CMP #>707
        BNE _bad
        BEQ _good
_ed:    INC EDDISK
        JSR VTOC2POS
        JSR READSEC
        BCS _exit
_good:  LDA DRIVE
        STA VTOCDRV
        INC VTOCOK
_ok:    CLC
_exit:  RTS
_bad:   SEC
        RTS
.scend

; ISENHANCED - carry set when the VTOC in VTOCBUF counts 1010 sectors
.scope
ISENHANCED:
        LDA VTOCBUF+1
        CMP #<1010
        BNE _no
        LDA VTOCBUF+2
        CMP #>1010
        BNE _no
        SEC
        RTS
_no:    CLC
        RTS
.scend

; SAVEVTOC - write VTOCBUF back to sector 360 of its drive; on enhanced
; density first VTOC2, with its copy of the bitmap of sectors 48-719
; (VTOC bytes 16-99 = VTOC2 bytes 0-83, as DOS 2.5 keeps it)
.scope
SAVEVTOC:
        LDA VTOCDRV
        STA DRIVE
        LDA EDDISK
        BEQ _vtoc
        LDX #83
_copy:  LDA VTOCBUF+16,X
        STA VTOC2BUF,X
        DEX
        BPL _copy
        JSR VTOC2POS
        JSR WRITESEC
        BCS _exit
_vtoc:  JSR VTOCPOS
        JMP WRITESEC
_exit:  RTS
.scend

; ---------------------------------------------------------------------------
; ALLOC - take the lowest free sector from the VTOC's bitmap (bytes 10-99,
; bit 7 of byte 10 = sector 0, a set bit = free) and count one less free;
; on enhanced density, when 1-719 are all taken, from VTOC2's bitmap of
; sectors 720-1023 (bytes 84-121; its free count in bytes 122-123).
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
        LDA EDDISK
        BEQ _full
        LDX #0
_byte2: LDA VTOC2BUF+84,X
        BNE _found2
        INX
        CPX #38
        BCC _byte2
_full:  LDX SLOT
        LDY #EFULL
        SEC
        RTS
_found: JSR FIRSTBIT            ; Y = the bit, sector = X * 8 + Y
        LDA VTOCBUF+10,X        ; clear it
        AND NOTMASK,Y
        STA VTOCBUF+10,X
        JSR SECTOROF
        LDA VTOCBUF+3           ; one free sector less
        BNE +
        DEC VTOCBUF+4
*       DEC VTOCBUF+3
        LDX SLOT
        CLC
        RTS
_found2:
        JSR FIRSTBIT            ; sector = 720 + X * 8 + Y
        LDA VTOC2BUF+84,X
        AND NOTMASK,Y
        STA VTOC2BUF+84,X
        JSR SECTOROF
        LDA NEWLO
        CLC
        ADC #<720
        STA NEWLO
        LDA NEWHI
        ADC #>720
        STA NEWHI
        LDA VTOC2BUF+122
        BNE +
        DEC VTOC2BUF+123
*       DEC VTOC2BUF+122
        LDX SLOT
        CLC
        RTS
.scend

; FIRSTBIT - Y = the place of the first set bit of A, from the left
.scope
FIRSTBIT:
        LDY #0
_bit:   ASL
        BCS _done
        INY
        BNE _bit
_done:  RTS
.scend

; SECTOROF - NEWLO/NEWHI = X * 8 + Y
.scope
SECTOROF:
        STY NEWLO
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
        RTS
.scend

; FREESEC - mark sector SECLO/SECHI free in the VTOC (or, 720-1023 on
; enhanced density, in VTOC2) and count one more free
.scope
FREESEC:
        LDA SECLO               ; ZTMP:A = the sector, or sector - 720
        STA NEWLO
        LDA SECHI
        STA ZTMP
        CMP #>720
        BCC _low
        BNE _high
        LDA SECLO
        CMP #<720
        BCC _low
_high:  LDA EDDISK
        BEQ _exit
        LDA SECLO
        SEC
        SBC #<720
        STA NEWLO
        LDA SECHI
        SBC #>720
        STA ZTMP
        JSR BYTEBIT
        LDA VTOC2BUF+84,X
        ORA BITMASK,Y
        STA VTOC2BUF+84,X
        INC VTOC2BUF+122
        BNE _exit
        INC VTOC2BUF+123
        BNE _exit
_low:   JSR BYTEBIT
        LDA VTOCBUF+10,X
        ORA BITMASK,Y
        STA VTOCBUF+10,X
        INC VTOCBUF+3
        BNE _exit
        INC VTOCBUF+4
_exit:  LDX SLOT
        RTS
.scend

; BYTEBIT - X = ZTMP:NEWLO / 8, Y = NEWLO mod 8 (a sector's bitmap place)
.scope
BYTEBIT:
        LDA NEWLO
        AND #$07
        TAY
        LDA NEWLO
        LSR ZTMP
        ROR
        LSR ZTMP
        ROR
        LSR ZTMP
        ROR
        TAX
        RTS
.scend

; VTOCPOS - SECLO/SECHI = 360, A/Y = VTOCBUF;  VTOC2POS - 1024, VTOC2BUF
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
.scope
VTOC2POS:
        LDA #<VTOC2SEC
        STA SECLO
        LDA #>VTOC2SEC
        STA SECHI
        LDA #<VTOC2BUF
        LDY #>VTOC2BUF
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
        JSR READZBUF
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
