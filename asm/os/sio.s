; ===========================================================================
; sio.s - serial I/O (SIOV $E459) and the disk handler (DSKINV $E453)
; ===========================================================================
;
; SIOV performs the request in the device control block at $0300:
;   DDEVIC device ($31 = D1:-D4: with DUNIT), DCOMND command, DSTATS
;   direction ($40 read, $80 write), DBUFLO/HI buffer, DTIMLO timeout,
;   DBYTLO/HI length, DAUX1/2 auxiliary bytes (the sector number).
; It returns the status in DSTATS and Y.
;
; Our emulator intercepts the CPU at SIO, the target of the JMP at SIOV,
; and carries out the whole request itself (an "SIO patch"), returning as
; if from this routine.  Real serial I/O over POKEY is not implemented in
; this OS: on real hardware every request ends in a timeout (138).
; ===========================================================================

; ---------------------------------------------------------------------------
; SIO - the serial I/O routine (patched by the emulator)
; ---------------------------------------------------------------------------
.scope
SIO:    LDA #TIMOUT
        STA DSTATS
        LDY #TIMOUT
        RTS
.scend

; SIOINIT - SIOINV $E465: the serial port at rest
.scope
SIOINIT:
        LDA #$3C                ; the command line off
        STA PBCTL
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
; ---------------------------------------------------------------------------
.scope
DSKIO:
        LDA #$31
        STA DDEVIC
        LDA DSKTIM
        STA DTIMLO
        LDA #128
        STA DBYTLO
        LDA #0
        STA DBYTHI
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
        BNE _go
_write: LDX #$80
_go:    STX DSTATS
        JSR SIOV
        LDY DSTATS
        RTS
.scend
