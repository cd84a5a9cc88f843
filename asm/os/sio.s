; ===========================================================================
; sio.s - serial I/O (SIOV $E459), the disk handler (DSKINV $E453) and the
; printer handler P:
; ===========================================================================
;
; SIOV performs the request in the device control block at $0300:
;   DDEVIC device ($31 = D1:-D4: with DUNIT, $40 the printer), DCOMND
;   command, DSTATS direction ($40 read, $80 write, 0 neither), DBUFLO/HI
;   buffer, DTIMLO timeout (in units of 64 frames, about a second),
;   DBYTLO/HI length, DAUX1/2 auxiliary bytes (the sector number).
; It returns the status in DSTATS and Y (N set on an error).
;
; The serial bus (Atari OS User's Manual, "Serial I/O interface"; De Re
; Atari, chapter 8; Mapping the Atari, $D20D-$D20F and $D303):
;   1. PBCTL = $34 pulls the COMMAND line; after about a millisecond the
;      five-byte command frame goes out through SEROUT: device + unit - 1,
;      command, aux 1, aux 2, checksum; PBCTL = $3C releases the line.
;   2. The device answers ACK 'A' ($41) or NAK 'N' ($4E).
;   3. A write: the data frame (the buffer and its checksum) goes out and
;      is ACKed too.
;   4. The device sends COMPLETE 'C' ($43) or ERROR 'E' ($45); for a read,
;      the data frame follows, whose checksum is checked.
; The checksum is the sum of the bytes with end-around carry.  19,200 baud
; is POKEY's channels 3+4 joined at 1.79 MHz with the divisor $0028.
;
; The bytes are sent and received by polling IRQST with the CPU's IRQs
; masked (a key pressed meanwhile waits in IRQST).  Timeouts come from the
; OS timer 1 (CDTMV1, counted by every vertical blank): CDTMA1 clears
; TIMFLG when it runs out.  Errors: 138 timeout, 139 NAK, 140 framing
; error, 142 overrun, 143 checksum, 144 the device reported ERROR.  A
; failing request is repeated: up to 14 times when the command frame gets
; no ACK, twice as a whole otherwise (as the XL OS's CRETRY/DRETRY).
; ===========================================================================

.alias SIOMSK  $38              ; IRQEN bits of the serial port: in, out, done
.alias ACKTIM  3                ; frames to wait for an ACK (t2 is up to 16 ms)

; ---------------------------------------------------------------------------
; SIO - the serial I/O routine (SIOV)
; ---------------------------------------------------------------------------
.scope
SIO:    PHP
        SEI
        LDA #1
        STA CRITIC
        STA DRETRY              ; two tries of the whole request
        LDA #<SIOTIM            ; timer 1 ends a wait
        STA CDTMA1
        LDA #>SIOTIM
        STA CDTMA1+1
        LDA DDEVIC
        CMP #$60
        BNE _dev
        JSR CASIO               ; the program recorder has no command frames
        JMP _done
_dev:   LDA #13
        STA CRETRY
_try:   JSR SIOONE
        BCC _done
        CPX #1                  ; X = 1: no ACK for the command frame
        BNE _whole
        DEC CRETRY
        BPL _try
        BMI _done
_whole: DEC DRETRY
        BPL _dev
_done:  STY DSTATS
        LDA POKMSK              ; the serial interrupts off again
        AND #[SIOMSK ^ $FF]
        STA POKMSK
        STA IRQEN
        LDA #$3C                ; the COMMAND line up
        STA PBCTL
        LDX #0                  ; timer 1 stopped
        LDY #0
        JSR SETTIM
        LDA #0
        STA CRITIC
        PLP
        LDY DSTATS
        RTS
.scend

; SIOTIM - CDTMA1 during SIO: the time is up
.scope
SIOTIM: LDA #0
        STA TIMFLG
        RTS
.scend

; DTIMER - run timer 1 for the device's timeout: DTIMLO ($0306, in seconds)
; times 64 frames (about a second each 64; Atari OS User's Manual, the DCB),
; X = DTIMLO / 4 (high), Y = DTIMLO * 64 mod 256 (low); goes on into SETTIM
.scope
DTIMER: LDY DTIMLO
        TYA
        LSR
        LSR
        TAX
        TYA                     ; bits 1-0 to bits 7-6: the rest shifts out
        LSR
        ROR
        ROR
        AND #$C0
        TAY
.scend

; SETTIM - run timer 1 for X (high) / Y (low) frames; TIMFLG = 1 until it ends
.scope
SETTIM: LDA #1
        STA TIMFLG
        JMP SETVBV
.scend

; ---------------------------------------------------------------------------
; SIOONE - one try of the request.  Out: C clear, Y = 1: done; C set,
; Y = the error, X = 1 when the command frame was not ACKed.
; ---------------------------------------------------------------------------
.scope
SIOONE: LDA #$28                ; 19,200 baud: channels 3+4 at 1.79 MHz
        STA AUDF3
        STA AUDCTL
        LDA #0
        STA AUDF4
        LDA #$A0                ; channels 3 and 4 silent
        STA AUDC3
        STA AUDC4
        LDX DUNIT               ; the command frame: DDEVIC + DUNIT - 1
        DEX
        TXA
        CLC
        ADC DDEVIC
        STA CDEVIC
        LDA DCOMND
        STA CCOMND
        LDA DAUX1
        STA CAUX1
        LDA DAUX2
        STA CAUX2
        STA SKRES               ; no overrun or framing error left from before
        LDA #$20                ; nor a byte received before (Mapping the Atari,
        JSR ACKIRQ              ; $D20A SKRES; a program may leave the port so)
        LDA #$34                ; COMMAND down, then wait t0 (about 1 ms)
        STA PBCTL
        LDX #2
        LDY #0
*       DEY
        BNE -
        DEX
        BNE -
        LDA #<CDEVIC
        STA BUFRLO
        LDA #>CDEVIC
        STA BUFRHI
        LDA #<[CDEVIC+4]
        STA BFENLO
        LDA #>[CDEVIC+4]
        STA BFENHI
        JSR SENDBUF
        LDA #$3C                ; COMMAND up
        STA PBCTL
        JSR GETACK
        LDX #1
        BCS _out
        BIT DSTATS              ; a write: the data frame
        BPL _nowr
        JSR DBUFSET
        JSR SENDBUF
        JSR GETACK
        LDX #0
        BCS _out
_nowr:  JSR DTIMER              ; COMPLETE within DTIMLO * 64 frames
        JSR RECVB
        LDX #0
        BCS _out
        LDY #SUCCES
        CMP #'C
        BEQ _read
        LDY #DERROR
        CMP #'E
        BEQ _read
        LDY #DNACK
        SEC
        RTS
_read:  STY STATUS
        BIT DSTATS              ; a read: the data frame
        BVC _end
        JSR DBUFSET
        JSR RECVBUF
        BCS _out
_end:   LDY STATUS
        CPY #SUCCES
        CLC
        BEQ _out
        SEC
_out:   RTS
.scend

; DBUFSET - BUFRLO/HI = DBUFLO/HI, BFENLO/HI = the end of the buffer
.scope
DBUFSET:
        LDA DBUFLO
        STA BUFRLO
        CLC
        ADC DBYTLO
        STA BFENLO
        LDA DBUFHI
        STA BUFRHI
        ADC DBYTHI
        STA BFENHI
        RTS
.scend

; GETACK - wait ACKTIM frames for 'A'.  Out: C clear; C set, Y = 138 or 139
.scope
GETACK: LDX #0
        LDY #ACKTIM
        JSR SETTIM
        JSR RECVB
        BCS _out
        LDY #DNACK
        CMP #'A
        CLC
        BEQ _out
        SEC
_out:   RTS
.scend

; ---------------------------------------------------------------------------
; SENDBUF - send the bytes from (BUFRLO) up to (BFENLO) and their checksum;
; return when the last bit has left POKEY
; ---------------------------------------------------------------------------
.scope
SENDBUF:
        LDA #$23                ; SKCTL: keyboard on, transmit mode
        STA SSKCTL
        STA SKCTL
        LDA #0
        STA CHKSUM
_next:  JSR ATEND
        BCS _sum
        LDY #0
        LDA (BUFRLO),Y
        JSR ADDSUM
        JSR SENDB
        INC BUFRLO
        BNE _next
        INC BUFRHI
        BNE _next
_sum:   LDA CHKSUM
        JSR SENDB
        LDA POKMSK              ; wait for "transmission finished"
        ORA #$08
        STA IRQEN
*       LDA IRQST
        AND #$08
        BNE -
        LDA POKMSK
        STA IRQEN
        RTS
.scend

; SENDB - A into SEROUT, then wait until POKEY has taken it from the holding
; register (IRQST bit 4, "serial output data needed")
.scope
SENDB:  PHA
        LDA POKMSK
        ORA #$10
        STA POKMSK
        STA IRQEN
        PLA
        STA SEROUT
*       LDA IRQST
        AND #$10
        BNE -
        LDA #$10
        JMP ACKIRQ
.scend

; ATEND - C set when (BUFRLO) has reached (BFENLO): the buffer is done
.scope
ATEND:  LDA BUFRLO
        CMP BFENLO
        LDA BUFRHI
        SBC BFENHI
        RTS
.scend

; ACKIRQ - acknowledge the POKEY interrupt of bit A (off and on in IRQEN)
.scope
ACKIRQ: EOR #$FF
        AND POKMSK
        STA IRQEN
        LDA POKMSK
        STA IRQEN
        RTS
.scend

; ADDSUM - CHKSUM = CHKSUM + A with end-around carry (A is kept)
.scope
ADDSUM: PHA
        CLC
        ADC CHKSUM
        ADC #0
        STA CHKSUM
        PLA
        RTS
.scend

; ---------------------------------------------------------------------------
; RECVB - one byte from SERIN before timer 1 ends.  Out: C clear, A = the
; byte; C set, Y = 138 timeout, 140 framing error or 142 overrun
; ---------------------------------------------------------------------------
.scope
RECVB:  LDA #$13                ; SKCTL: keyboard on, asynchronous receive
        STA SSKCTL
        STA SKCTL
        LDA POKMSK
        ORA #$20
        STA POKMSK
        STA IRQEN
_wait:  LDY #TIMOUT
        LDA TIMFLG
        BEQ _err
        LDA IRQST
        AND #$20
        BNE _wait
        LDA #$20
        JSR ACKIRQ
        LDA SKSTAT              ; bit 7 = 0: framing error, bit 5 = 0: overrun
        STA SKRES
        LDY #FRMERR
        ASL
        BCC _err
        LDY #OVRRUN
        ASL
        ASL
        BCC _err
        LDA SERIN
        CLC
        RTS
_err:   SEC
        RTS
.scend

; RECVBUF - receive the data frame into (BUFRLO) up to (BFENLO) and check
; its checksum.  Out: C clear; C set, Y = the error (143 checksum)
.scope
RECVBUF:
        LDA #0
        STA CHKSUM
_next:  JSR ATEND
        BCS _sum
        JSR RECVB
        BCS _out
        LDY #0
        STA (BUFRLO),Y
        JSR ADDSUM
        INC BUFRLO
        BNE _next
        INC BUFRHI
        BNE _next
_sum:   JSR RECVB
        BCS _out
        LDY #CHKERR
        CMP CHKSUM
        CLC
        BEQ _out
        SEC
_out:   RTS
.scend

; SIOINIT - SIOINV $E465: the serial port at rest
.scope
SIOINIT:
        LDA #$3C                ; the command line and the cassette motor off
        STA PBCTL
        STA PACTL
        LDA SSKCTL
        STA SKCTL
        RTS
.scend

; DSKINIT - DISKIV $E450: disk timeouts and sector length
.scope
DSKINIT:
        LDA #160
        STA DSKTIM
        LDA #128
        STA DSCTLN
        LDA #0
        STA DSCTLN+1
        RTS
.scend

; ---------------------------------------------------------------------------
; DSKIO - DSKINV $E453: one disk command through SIO
; In: DUNIT, DCOMND ('R' read, 'W' write, 'P' put, 'S' status, '!' format),
;     DBUFLO/HI, DAUX1/2 (sector).  Out: Y = DSTATS = status (N on error).
; Sectors are DSCTLN bytes long (128; 256 after a status from a double-density
; drive), the boot sectors 1-3 always 128.
; ---------------------------------------------------------------------------
.scope
DSKIO:
        LDA #$31
        STA DDEVIC
        LDA DSKTIM
        STA DTIMLO
        LDA DSCTLN              ; the sector length: DSCTLN, but 128 for
        LDY DSCTLN+1            ; the boot sectors 1-3
        LDX DAUX2
        BNE _len
        LDX DAUX1
        CPX #4
        BCS _len
        LDA #128
        LDY #0
_len:   STA DBYTLO
        STY DBYTHI
        LDX #$40                ; reading
        LDA DCOMND
        CMP #'W
        BEQ _write
        CMP #'P
        BEQ _write
        CMP #'S
        BNE _go
        LDA #<DVSTAT            ; status: four bytes into DVSTAT
        STA DBUFLO
        LDA #>DVSTAT
        STA DBUFHI
        LDA #4
        STA DBYTLO
        LDA #0
        STA DBYTHI
        BEQ _go
_write: LDX #$80
_go:    STX DSTATS
        JSR SIOV
        BMI _out
        LDA DCOMND              ; a status: the drive's density (bit 5 of
        CMP #'S                 ; its first byte) gives the sector length
        BNE _out
        LDX #128
        LDY #0
        LDA DVSTAT
        AND #$20
        BEQ +
        LDX #0
        INY
*       STX DSCTLN
        STY DSCTLN+1
_out:   LDY DSTATS
        RTS
.scend

; ---------------------------------------------------------------------------
; P: - the printer (device $40).  PUT collects a line in PRNBUF; at EOL (or
; when it is full) the record goes to the printer with 'W', padded with
; blanks after the EOL.  OPEN's AUX2 picks the mode (Atari OS User's
; Manual, "Printer handler"): 'N' normal, 40 characters a line (also for
; any other value), 'D' double width, 20, 'S' sideways, 29; the mode goes
; to the printer as the command's aux 1.  OPEN asks the printer for its
; status, so without a printer OPEN ends in 138.  CLOSE prints what is
; left.  GET and SPECIAL: 146.
; ---------------------------------------------------------------------------
.scope
POPEN:  LDA #0
        STA PBPNT
        JSR PMODE
.scend
.scope
PSTAT:  LDA #'S                 ; status: four bytes into DVSTAT
        LDX #$40
        LDY #4
        JSR PSIO
        LDA #<DVSTAT
        STA DBUFLO
        LDA #>DVSTAT
        STA DBUFHI
        JMP SIOV
.scend

.scope
PPUT:   LDY PBPNT
        STA PRNBUF,Y
        INY
        STY PBPNT
        CMP #EOL
        BEQ PSEND
        CPY PBUFSZ
        BCS PSEND
        LDY #SUCCES
        RTS
.scend

.scope
PCLOSE: LDY PBPNT
        BEQ _ok
        LDA #EOL
        STA PRNBUF,Y
        INC PBPNT
        JMP PSEND
_ok:    LDY #SUCCES
        RTS
.scend

; PSEND - the record in PRNBUF to the printer, blanks after PBPNT
.scope
PSEND:  LDY PBPNT
        LDA #$20
_pad:   CPY PBUFSZ
        BCS _go
        STA PRNBUF,Y
        INY
        BNE _pad
_go:    LDA #0
        STA PBPNT
        LDA #'W
        LDX #$80
        LDY PBUFSZ
        JSR PSIO
        LDA #<PRNBUF
        STA DBUFLO
        LDA #>PRNBUF
        STA DBUFHI
        JMP SIOV
.scend

; PSIO - the DCB for the printer: command A, direction X, Y bytes, the mode
.scope
PSIO:   STA DCOMND
        STX DSTATS
        STY DBYTLO
        LDA #$40
        STA DDEVIC
        LDA #1
        STA DUNIT
        LDA #0
        STA DBYTHI
        STA DAUX2
        LDA #30
        STA DTIMLO
        JSR PMODE
        STA DAUX1
        RTS
.scend

; PMODE - the mode from OPEN's AUX2: A = 'N', 'D' or 'S', PBUFSZ its length
.scope
PMODE:  LDA ICAX2Z
        LDX #20
        CMP #'D
        BEQ _set
        LDX #29
        CMP #'S
        BEQ _set
        LDA #'N
        LDX #40
_set:   STX PBUFSZ
        RTS
.scend

.scope
PNOTIMP:
        LDY #FNCNOT
        RTS
.scend
