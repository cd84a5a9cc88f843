; ===========================================================================
; cassette.s - the program recorder: the C: handler and SIO for device $60
; ===========================================================================
;
; The tape (De Re Atari, appendix C "The Atari cassette"; Atari OS User's
; Manual, "Cassette handler"): 600 baud; a file is a 20-second leader of
; mark tone, then records, each after its pre-record write tone (PRWT: 3 s,
; or 0.25 s with short inter-record gaps, OPEN's AUX2 bit 7 as BASIC's
; CSAVE/CLOAD use), the last an end-of-file record.  A record is 132
; bytes: $55 $55 (speed measurement), a control byte ($FC full, $FA
; partial: its last data byte holds the count, $FE end of file), 128 data
; bytes, the checksum.  The motor runs while PACTL = $34 (CA2 low).
;
; Like the XL OS, OPEN waits for a key (press PLAY, or PLAY and RECORD,
; then any key); BREAK gives 128.  The record is kept in CASBUF ($03FD).
; The speed-measurement bytes are read as they come: this SIO listens at
; 600 baud and does not measure the tape's speed.
; ===========================================================================

.alias CASDAT  CASBUF+3         ; the record's 128 data bytes

; COPENH - OPEN C: for reading (AUX1 bit 2) or writing (AUX1 bit 3)
.scope
COPENH: LDA ICAX2Z
        STA FTYPE               ; bit 7: short inter-record gaps
        LDA #0
        STA BPTR
        STA BLIM
        STA FEOF
        LDA ICAX1Z
        AND #$08
        BEQ _mode
        LDA #$80
_mode:  STA WMODE
        LDA #$FF                ; wait for a key (PLAY / RECORD pressed)
        STA CH
        JSR KGETCH
        CPY #BRKABT
        BEQ _out
        LDA #$34                ; the motor on
        STA PACTL
        BIT WMODE
        BPL _ok
        LDX #>1200              ; writing: the 20-second leader
        LDY #<1200
        JSR CWAIT
_ok:    LDY #SUCCES
_out:   RTS
.scend

; CWAIT - wait X (high) / Y (low) frames on timer 1
.scope
CWAIT:  LDA #<SIOTIM            ; timer 1 clears TIMFLG
        STA CDTMA1
        LDA #>SIOTIM
        STA CDTMA1+1
        JSR SETTIM
_wait:  LDA TIMFLG
        BNE _wait
        RTS
.scend

; CPUTH - PUT: the byte into the record; a full record goes to the tape
.scope
CPUTH:  LDY BPTR
        STA CASDAT,Y
        INC BPTR
        BMI _full               ; (BPTR = 128)
        LDY #SUCCES
        RTS
_full:  LDA #$FC
        JMP CWRITE
.scend

; CCLOSEH - CLOSE: when writing, the partial record and the end-of-file
; record go to the tape; the motor stops
.scope
CCLOSEH:
        LDY #SUCCES
        BIT WMODE
        BPL _stop
        LDA BPTR
        BEQ _eof
        STA CASDAT+127          ; a partial record: the count in its last byte
        LDA #$FA
        JSR CWRITE
        BMI _stop
_eof:   LDY #127                ; the end-of-file record: zeros
        LDA #0
_zero:  STA CASDAT,Y
        DEY
        BPL _zero
        LDA #$FE
        JSR CWRITE
_stop:  LDA #$3C                ; the motor off
        STA PACTL
        LDA #0
        STA WMODE
        RTS
.scend

; CWRITE - write the record in CASBUF with control byte A after its PRWT
.scope
CWRITE: STA CASBUF+2
        LDA #$55
        STA CASBUF
        STA CASBUF+1
        LDX #0                  ; PRWT: 0.25 s (15 frames) or 3 s (180)
        LDY #15
        BIT FTYPE
        BMI +
        LDY #180
*       JSR CWAIT
        LDA #0
        STA BPTR
        LDA #$80
        JMP CSIO
.scend

; CGETH - GET: the next byte; a new record is read when this one is used up
.scope
CGETH:  LDA FEOF
        BNE _eof
        LDA BPTR
        CMP BLIM
        BCC _byte
        LDA #$40                ; read the next record
        JSR CSIO
        BMI _out
        LDA #0
        STA BPTR
        LDX #128
        LDA CASBUF+2
        CMP #$FC
        BEQ _lim
        LDX CASDAT+127
        CMP #$FA
        BEQ _lim
        STA FEOF                ; $FE (or anything else): the end
_eof:   LDY #EOFERR
        RTS
_lim:   STX BLIM
        JMP CGETH
_byte:  TAY
        LDA CASDAT,Y
        INC BPTR
        LDY #SUCCES
_out:   RTS
.scend

; CSTATH - STATUS: nothing to ask a recorder
.scope
CSTATH: LDY #SUCCES
        RTS
.scend

; CSIO - one record through SIO: direction A ($40 read, $80 write)
.scope
CSIO:   STA DSTATS
        LDA #$60
        STA DDEVIC
        LDA #0
        STA DUNIT
        STA DBYTHI
        LDA #131                ; 132 bytes on tape with the checksum
        STA DBYTLO
        LDA #<CASBUF
        STA DBUFLO
        LDA #>CASBUF
        STA DBUFHI
        LDA #35                 ; reading: the leader may take 20 seconds
        STA DTIMLO
        JMP SIOV
.scend

; ---------------------------------------------------------------------------
; CASIO - SIO for the recorder: no command frame, the record at 600 baud
; (channels 3+4 at 1.79 MHz with the divisor $05CC).  Out: Y = status.
; ---------------------------------------------------------------------------
.scope
CASIO:  LDA #$CC
        STA AUDF3
        LDA #$05
        STA AUDF4
        LDA #$28
        STA AUDCTL
        JSR DBUFSET
        BIT DSTATS
        BPL _read
        JSR SENDBUF
        LDY #SUCCES
        RTS
_read:  JSR DTIMER              ; DTIMLO * 64 frames
        JSR RECVBUF
        BCS _out
        LDY #SUCCES
_out:   RTS
.scend
