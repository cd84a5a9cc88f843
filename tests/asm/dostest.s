; ===========================================================================
; dostest.s - a 6502 test program for the mini-DOS (tests/test_minidos.py)
;
; Loaded as a binary file after the system disk has booted.  Each step is a
; CIO call on D:; the status it returns (Y) goes into RESULTS, in order:
;   0 OPEN #1,8 "D:PROG.DAT"   1 PUT 300 bytes   2 CLOSE #1
;   3 OPEN #2,4 "D:PROG.DAT"   4 GET 400 bytes (136: the file has 300)
;   5/6 bytes read (low, high) 7 CLOSE #2
;   8 OPEN #3,6 "D:*.*"        9 lines read      10 status after them (136)
;  11 CLOSE #3                12 XIO 33 "D:PROG.DAT" (delete)
;  13 OPEN #4,4 "D:PROG.DAT" (170)
;  14 OPEN #5,8 "D:FULL"      15 PUT 300-byte blocks until an error (162)
;  16 CLOSE #5                17 blocks written
; DONE = 1 at the end; then the program waits for a key like the OS does.
; ===========================================================================

.include "../../asm/os/equates.s"
.alias CIOV     $E456

.alias RESULTS  $4000
.alias DONE     $401F
.alias PATTERN  $4200           ; 300 bytes: (i * 7) mod 256
.alias READBUF  $4400
.alias LINES    $4800           ; the directory listing, line after line
.alias PTR      $80

        .word $FFFF, START, FINISH-1
.org $3000
START:
        LDA #0
        STA DONE
        TAX                     ; the pattern
        LDY #0
*       STA PATTERN,Y
        STA PATTERN+256,Y
        CLC
        ADC #7
        INY
        BNE -
        ; the first 300 bytes are written; PATTERN+256.. repeats with the same
        ; step, so the file is (i * 7) mod 256 for i = 0..299 as the test expects
        LDA #$10
        LDY #8
        JSR OPENNAME            ; 0
        STY RESULTS+0
        LDX #$10
        JSR PUTBLOCK            ; 1
        STY RESULTS+1
        LDX #$10
        JSR CLOSE               ; 2
        STY RESULTS+2
        LDA #$20
        LDY #4
        JSR OPENNAME            ; 3
        STY RESULTS+3
        LDX #$20                ; 4: GET 400 bytes
        LDA #CGETBYT
        STA ICCOM,X
        LDA #<READBUF
        STA ICBAL,X
        LDA #>READBUF
        STA ICBAH,X
        LDA #<400
        STA ICBLL,X
        LDA #>400
        STA ICBLH,X
        JSR CIOV
        STY RESULTS+4
        LDX #$20
        LDA ICBLL,X
        STA RESULTS+5
        LDA ICBLH,X
        STA RESULTS+6
        JSR CLOSE               ; 7
        STY RESULTS+7
        LDX #$30                ; 8: the directory
        LDA #<ALLNAME
        LDY #>ALLNAME
        JSR SETNAME
        LDA #6
        JSR OPENX
        STY RESULTS+8
        LDA #<LINES
        STA PTR
        LDA #>LINES
        STA PTR+1
        LDA #0
        STA RESULTS+9
_line:  LDX #$30                ; 9, 10: GET RECORD until an error
        LDA #CGETREC
        STA ICCOM,X
        LDA PTR
        STA ICBAL,X
        LDA PTR+1
        STA ICBAH,X
        LDA #40
        STA ICBLL,X
        LDA #0
        STA ICBLH,X
        JSR CIOV
        CPY #128
        BCS _lines
        INC RESULTS+9
        LDA PTR
        CLC
        ADC #40
        STA PTR
        BCC _line
        INC PTR+1
        BNE _line
_lines: STY RESULTS+10
        LDX #$30
        JSR CLOSE               ; 11
        STY RESULTS+11
        LDX #$40                ; 12: delete
        LDA #<DATNAME
        LDY #>DATNAME
        JSR SETNAME
        LDA #33
        STA ICCOM,X
        LDA #0
        STA ICAX1,X
        STA ICAX2,X
        JSR CIOV
        STY RESULTS+12
        LDA #$40
        LDY #4
        JSR OPENNAME            ; 13: gone
        STY RESULTS+13
        LDX #$40
        JSR CLOSE
        LDX #$50                ; 14: a file until the disk is full
        LDA #<FULLNAME
        LDY #>FULLNAME
        JSR SETNAME
        LDA #8
        JSR OPENX
        STY RESULTS+14
        LDA #0
        STA RESULTS+17
_fill:  LDX #$50
        JSR PUTBLOCK
        CPY #128
        BCS _full
        INC RESULTS+17
        BNE _fill
_full:  STY RESULTS+15
        LDX #$50
        JSR CLOSE               ; 16
        STY RESULTS+16
        LDA #1
        STA DONE
WAIT:   LDA CH                  ; wait for a key, as the OS does
        CMP #$FF
        BEQ WAIT
        LDA #$FF
        STA CH
        JMP WAIT

; OPENNAME - OPEN IOCB A (times 16) on "D:PROG.DAT" with mode Y
OPENNAME:
        TAX
        TYA
        PHA
        LDA #<DATNAME
        LDY #>DATNAME
        JSR SETNAME
        PLA
; OPENX - OPEN IOCB X with mode A (the name is set)
OPENX:  STA ICAX1,X
        LDA #0
        STA ICAX2,X
        LDA #COPEN
        STA ICCOM,X
        JMP CIOV

; SETNAME - the buffer address of IOCB X = A (low), Y (high)
SETNAME:
        STA ICBAL,X
        TYA
        STA ICBAH,X
        RTS

; PUTBLOCK - PUT the 300 pattern bytes through IOCB X
PUTBLOCK:
        LDA #CPUTBYT
        STA ICCOM,X
        LDA #<PATTERN
        STA ICBAL,X
        LDA #>PATTERN
        STA ICBAH,X
        LDA #<300
        STA ICBLL,X
        LDA #>300
        STA ICBLH,X
        JMP CIOV

; CLOSE - CLOSE IOCB X
CLOSE:  LDA #CCLOSE
        STA ICCOM,X
        JMP CIOV

DATNAME:  .byte "D:PROG.DAT", EOL
ALLNAME:  .byte "D:*.*", EOL
FULLNAME: .byte "D:FULL", EOL
FINISH:
        .word RUNAD, RUNAD+1, START
