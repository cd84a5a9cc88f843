; ===========================================================================
; equates.s - the official names of the Atari XL/XE hardware registers and
; operating system variables, as documented for programmers.  Programs
; written for the real OS read and write these addresses, so our own OS
; keeps every documented variable where the documentation puts it.
; (Ophis folds names to lower case; we write them in capitals.)
; ===========================================================================

; ---------------------------------------------------------------------------
; Zero page
; ---------------------------------------------------------------------------
.alias LNFLG    $00
.alias NGFLAG   $01
.alias CASINI   $02     ; cassette boot init vector (word)
.alias RAMLO    $04     ; RAM test pointer (word)
.alias TRAMSZ   $06     ; 1 = a cartridge is present
.alias CMCMD    $07
.alias WARMST   $08     ; 0 during cold start, $FF during warm start
.alias BOOTQ    $09     ; BOOT? : bit 0 disk boot done, bit 1 cassette boot
.alias DOSVEC   $0A     ; run vector of the booted program (word)
.alias DOSINI   $0C     ; init vector of the booted program (word)
.alias APPMHI   $0E     ; highest address the application needs (word)
.alias POKMSK   $10     ; shadow of IRQEN
.alias BRKKEY   $11     ; 0 when BREAK was pressed
.alias RTCLOK   $12     ; 3-byte frame counter, high byte first
.alias BUFADR   $15
.alias ICCOMT   $17
.alias DSKFMS   $18
.alias DSKUTL   $1A
.alias ABUFPT   $1C
.alias PBPNT    $1D     ; P: the next free byte of PRNBUF
.alias PBUFSZ   $1E     ; P: the printer's record length (40)

; zero-page copy of the IOCB in use by CIO
.alias ICHIDZ   $20
.alias ICDNOZ   $21
.alias ICCOMZ   $22
.alias ICSTAZ   $23
.alias ICBALZ   $24
.alias ICBAHZ   $25
.alias ICPTLZ   $26
.alias ICPTHZ   $27
.alias ICBLLZ   $28
.alias ICBLHZ   $29
.alias ICAX1Z   $2A
.alias ICAX2Z   $2B
.alias ICAX3Z   $2C
.alias ICAX4Z   $2D
.alias ICIDNO   $2E     ; IOCB number times 16 of the current CIO call
.alias CIOCHR   $2F     ; the data byte of the current CIO call

.alias STATUS   $30
.alias CHKSUM   $31
.alias BUFRLO   $32
.alias BUFRHI   $33
.alias BFENLO   $34
.alias BFENHI   $35
.alias CRETRY   $36
.alias DRETRY   $37
.alias BUFRFL   $38
.alias RECVDN   $39
.alias XMTDON   $3A
.alias CHKSNT   $3B
.alias NOCKSM   $3C
.alias BPTR     $3D
.alias FTYPE    $3E
.alias FEOF     $3F
.alias FREQ     $40
.alias SOUNDR   $41     ; 0 = quiet I/O
.alias CRITIC   $42     ; nonzero: critical section, short VBI only
.alias FMSZPG   $43     ; 7 bytes for the disk file manager
.alias ZCHAIN   $4A
.alias DSTAT    $4C
.alias ATRACT   $4D     ; attract mode counter / flag
.alias DRKMSK   $4E     ; attract mode colour mask
.alias COLRSH   $4F     ; attract mode colour shift
.alias TMPCHR   $50
.alias HOLD1    $51
.alias LMARGN   $52     ; left margin of the text screen (2)
.alias RMARGN   $53     ; right margin of the text screen (39)
.alias ROWCRS   $54     ; cursor row
.alias COLCRS   $55     ; cursor column (word)
.alias DINDEX   $57     ; current screen mode
.alias SAVMSC   $58     ; start of screen memory (word)
.alias OLDROW   $5A     ; where the cursor was drawn / DRAWTO start
.alias OLDCOL   $5B     ; (word)
.alias OLDCHR   $5D     ; the character under the cursor
.alias OLDADR   $5E     ; the address of the cursor (word)
.alias FKDEF    $60
.alias PALNTS   $62     ; 0 = NTSC
.alias LOGCOL   $63     ; cursor column within the logical line
.alias ADRESS   $64     ; scratch pointer (word)
.alias MLTTMP   $66     ; scratch (word)
.alias SAVADR   $68     ; scratch pointer (word)
.alias RAMTOP   $6A     ; first page above usable RAM
.alias BUFCNT   $6B     ; characters left in the editor's input buffer
.alias BUFSTR   $6C     ; (word)
.alias BITMSK   $6E
.alias SHFAMT   $6F
.alias ROWAC    $70     ; DRAWTO accumulators (words)
.alias COLAC    $72
.alias ENDPT    $74
.alias DELTAR   $76
.alias DELTAC   $77     ; (word)
.alias KEYDEF   $79
.alias SWPFLG   $7B     ; nonzero while the text window variables are swapped in
.alias HOLDCH   $7C
.alias INSDAT   $7D
.alias COUNTR   $7E     ; (word)

; ---------------------------------------------------------------------------
; Page 2
; ---------------------------------------------------------------------------
.alias VDSLST   $0200   ; display list interrupt vector
.alias VPRCED   $0202
.alias VINTER   $0204
.alias VBREAK   $0206   ; BRK instruction vector
.alias VKEYBD   $0208   ; keyboard IRQ vector
.alias VSERIN   $020A
.alias VSEROR   $020C
.alias VSEROC   $020E
.alias VTIMR1   $0210
.alias VTIMR2   $0212
.alias VTIMR4   $0214
.alias VIMIRQ   $0216   ; the IRQ dispatcher
.alias CDTMV1   $0218   ; countdown timers 1-5 (words)
.alias CDTMV2   $021A
.alias CDTMV3   $021C
.alias CDTMV4   $021E
.alias CDTMV5   $0220
.alias VVBLKI   $0222   ; immediate vertical blank vector
.alias VVBLKD   $0224   ; deferred vertical blank vector
.alias CDTMA1   $0226   ; timer 1 and 2 routine addresses
.alias CDTMA2   $0228
.alias CDTMF3   $022A   ; timer 3-5 flags (0 when expired)
.alias SRTIMR   $022B   ; keyboard auto-repeat timer
.alias CDTMF4   $022C
.alias INTEMP   $022D
.alias CDTMF5   $022E
.alias SDMCTL   $022F   ; shadow of DMACTL
.alias SDLSTL   $0230   ; shadow of DLISTL/H
.alias SDLSTH   $0231
.alias SSKCTL   $0232   ; shadow of SKCTL
.alias LPENH    $0234
.alias LPENV    $0235
.alias BRKKY    $0236   ; BREAK key vector (XL)
.alias CDEVIC   $023A
.alias CCOMND   $023B
.alias CAUX1    $023C
.alias CAUX2    $023D
.alias ERRFLG   $023F
.alias DFLAGS   $0240   ; boot sector flags
.alias DBSECT   $0241   ; number of boot sectors
.alias BOOTAD   $0242   ; boot load address (word)
.alias COLDST   $0244   ; nonzero while a cold start is not finished
.alias DSKTIM   $0246   ; disk timeout
.alias PDVMSK   $0247
.alias SHPDVS   $0248
.alias PDIMSK   $0249
.alias GPRIOR   $026F   ; shadow of PRIOR
.alias PADDL0   $0270
.alias STICK0   $0278
.alias PTRIG0   $027C
.alias STRIG0   $0284
.alias WMODE    $0289   ; C: $80 while writing
.alias BLIM     $028A   ; C: data bytes in the record in CASBUF
.alias TXTROW   $0290   ; text window cursor and screen (split screens)
.alias TXTCOL   $0291
.alias TINDEX   $0293
.alias TXTMSC   $0294
.alias TXTOLD   $0296   ; OLDROW, OLDCOL (2), OLDCHR, OLDADR (2) of the window
.alias HOLD3    $029D
.alias SUBTMP   $029E
.alias HOLD2    $029F
.alias DMASK    $02A0
.alias TMPLBT   $02A1
.alias ESCFLG   $02A2   ; $80 after ESC: show the next character literally
.alias TABMAP   $02A3   ; 15 bytes, one bit per logical-line column
.alias LOGMAP   $02B2   ; 4 bytes, one bit per row that starts a logical line
.alias INVFLG   $02B6   ; $80 = keys type inverse characters
.alias FILFLG   $02B7
.alias TMPROW   $02B8
.alias TMPCOL   $02B9
.alias SCRFLG   $02BB
.alias HOLD4    $02BC
.alias SHFLOK   $02BE   ; 0 lower case, $40 caps lock, $80 control lock
.alias BOTSCR   $02BF   ; rows of the text screen: 24, or 4 in a split screen
.alias PCOLR0   $02C0   ; colour shadows
.alias COLOR0   $02C4
.alias COLOR1   $02C5
.alias COLOR2   $02C6
.alias COLOR3   $02C7
.alias COLOR4   $02C8
.alias DSCTLN   $02D5   ; disk sector length (word)
.alias KRPDEL   $02D9   ; auto-repeat delay
.alias KEYREP   $02DA   ; auto-repeat rate
.alias NOCLIK   $02DB
.alias HELPFG   $02DC
.alias DMASAV   $02DD
.alias RUNAD    $02E0   ; binary load run address (word)
.alias INITAD   $02E2   ; binary load init address (word)
.alias RAMSIZ   $02E4   ; RAM size in pages
.alias MEMTOP   $02E5   ; top of free memory (word)
.alias MEMLO    $02E7   ; bottom of free memory (word)
.alias DVSTAT   $02EA   ; 4 bytes of device status
.alias CRSINH   $02F0   ; nonzero hides the cursor
.alias KEYDEL   $02F1   ; keyboard debounce counter
.alias CH1      $02F2   ; the previous key code
.alias CHACT    $02F3   ; shadow of CHACTL
.alias CHBAS    $02F4   ; shadow of CHBASE
.alias NEWROW   $02F5   ; DRAWTO target (XL)
.alias NEWCOL   $02F6   ; (word)
.alias ROWINC   $02F8
.alias COLINC   $02F9
.alias CHAR     $02FA   ; internal code of the last character
.alias ATACHR   $02FB   ; ATASCII of the last character / DRAWTO colour
.alias CH       $02FC   ; key code of the pending key, $FF when none
.alias FILDAT   $02FD   ; fill colour
.alias DSPFLG   $02FE   ; nonzero: control characters are displayed
.alias SSFLAG   $02FF   ; nonzero: screen output stopped (CTRL-1)

; ---------------------------------------------------------------------------
; Page 3
; ---------------------------------------------------------------------------
.alias DDEVIC   $0300   ; the device control block for SIO
.alias DUNIT    $0301
.alias DCOMND   $0302
.alias DSTATS   $0303
.alias DBUFLO   $0304
.alias DBUFHI   $0305
.alias DTIMLO   $0306
.alias DUNUSE   $0307
.alias DBYTLO   $0308
.alias DBYTHI   $0309
.alias DAUX1    $030A
.alias DAUX2    $030B
.alias TIMER1   $030C
.alias JMPERS   $030E
.alias CASFLG   $030F
.alias TIMER2   $0310
.alias TEMP1    $0312
.alias TEMP2    $0314
.alias TEMP3    $0315
.alias SAVIO    $0316
.alias TIMFLG   $0317
.alias STACKP   $0318
.alias TSTAT    $0319
.alias HATABS   $031A   ; device handler table: letter, address (11 entries)
.alias PUPBT1   $033D   ; power-up check bytes: $5C $93 $25
.alias PUPBT2   $033E
.alias PUPBT3   $033F

.alias IOCB     $0340   ; eight IOCBs of 16 bytes
.alias ICHID    $0340   ; handler index into HATABS, $FF = closed
.alias ICDNO    $0341   ; device number (D1: -> 1)
.alias ICCOM    $0342   ; command
.alias ICSTA    $0343   ; status of the last operation
.alias ICBAL    $0344   ; buffer address
.alias ICBAH    $0345
.alias ICPTL    $0346   ; the handler's PUT routine minus one
.alias ICPTH    $0347
.alias ICBLL    $0348   ; buffer length / count transferred
.alias ICBLH    $0349
.alias ICAX1    $034A   ; auxiliary bytes
.alias ICAX2    $034B
.alias ICAX3    $034C
.alias ICAX4    $034D
.alias ICAX5    $034E
.alias ICAX6    $034F

.alias PRNBUF   $03C0
.alias CARTCK   $03EB
.alias DERRF    $03EC
.alias BASICF   $03F8   ; 0 = BASIC enabled
.alias GINTLK   $03FA
.alias CASBUF   $03FD   ; cassette buffer; our editor keeps its input line here

; ---------------------------------------------------------------------------
; Cartridge header (left cartridge, $A000-$BFFF)
; ---------------------------------------------------------------------------
.alias CARTCS   $BFFA   ; cartridge start address (word)
.alias CART     $BFFC   ; 0 when a cartridge is present
.alias CARTFG   $BFFD   ; option bits: 0 boot disk, 2 run cartridge, 7 diagnostic
.alias CARTAD   $BFFE   ; cartridge init address (word)

; ---------------------------------------------------------------------------
; Hardware: GTIA
; ---------------------------------------------------------------------------
.alias GTIA     $D000
.alias TRIG0    $D010
.alias PAL      $D014
.alias COLPM0   $D012
.alias COLPF0   $D016
.alias COLPF1   $D017
.alias COLPF2   $D018
.alias COLPF3   $D019
.alias COLBK    $D01A
.alias PRIOR    $D01B
.alias GRACTL   $D01D
.alias HITCLR   $D01E
.alias CONSOL   $D01F   ; read: START/SELECT/OPTION, write bit 3: speaker

; POKEY
.alias POKEY    $D200
.alias AUDF1    $D200
.alias AUDC1    $D201
.alias POT0     $D200
.alias AUDCTL   $D208
.alias ALLPOT   $D208
.alias KBCODE   $D209   ; read: key code (bit 6 shift, bit 7 control)
.alias STIMER   $D209
.alias RANDOM   $D20A
.alias SKRES    $D20A
.alias AUDF3    $D204
.alias AUDC3    $D205
.alias AUDF4    $D206
.alias AUDC4    $D207
.alias POTGO    $D20B
.alias SEROUT   $D20D
.alias SERIN    $D20D
.alias IRQEN    $D20E   ; write: interrupt enable
.alias IRQST    $D20E   ; read: interrupt status (0 = pending)
.alias SKCTL    $D20F
.alias SKSTAT   $D20F   ; bit 2: 0 while a key is held down

; PIA
.alias PORTA    $D300
.alias PORTB    $D301   ; XL: bit 0 OS ROM, bit 1 BASIC (0 = on), bit 7 self-test
.alias PACTL    $D302
.alias PBCTL    $D303

; ANTIC
.alias ANTIC    $D400
.alias DMACTL   $D400
.alias CHACTL   $D401
.alias DLISTL   $D402
.alias DLISTH   $D403
.alias HSCROL   $D404
.alias VSCROL   $D405
.alias PMBASE   $D407
.alias CHBASE   $D409
.alias WSYNC    $D40A
.alias VCOUNT   $D40B
.alias NMIEN    $D40E   ; bit 7 DLI, bit 6 VBI
.alias NMIST    $D40F   ; read: which NMI (bit 7 DLI, bit 6 VBI, bit 5 RESET key)
.alias NMIRES   $D40F   ; write: reset NMIST

; ---------------------------------------------------------------------------
; Characters and status codes
; ---------------------------------------------------------------------------
.alias EOL      $9B     ; ATASCII end of line
.alias CLS      $7D     ; clear screen
.alias BS       $7E     ; backspace
.alias TAB      $7F
.alias ESC      $1B
.alias CUP      $1C     ; cursor up, down, left, right
.alias CDOWN    $1D
.alias CLEFT    $1E
.alias CRIGHT   $1F
.alias DELLIN   $9C
.alias INSLIN   $9D
.alias CLRTAB   $9E
.alias SETTAB   $9F
.alias BELL     $FD
.alias DELCHR   $FE
.alias INSCHR   $FF

; CIO commands
.alias COPEN    $03
.alias CGETREC  $05
.alias CGETBYT  $07
.alias CPUTREC  $09
.alias CPUTBYT  $0B
.alias CCLOSE   $0C
.alias CSTATUS  $0D
.alias CDRAW    $11
.alias CFILL    $12

; status codes
.alias SUCCES   $01
.alias BRKABT   128     ; BREAK abort
.alias PRVOPN   129     ; IOCB already open
.alias NONDEV   130     ; nonexistent device
.alias WRONLY   131     ; IOCB is write only
.alias NVALID   132     ; invalid command
.alias NOTOPN   133     ; IOCB not open
.alias BADIOC   134     ; bad IOCB number
.alias RDONLY   135     ; IOCB is read only
.alias EOFERR   136     ; end of file
.alias TRNRCD   137     ; truncated record
.alias TIMOUT   138     ; device timeout
.alias DNACK    139     ; device does not acknowledge
.alias FRMERR   140     ; serial bus input framing error
.alias OVRRUN   142     ; serial bus data frame overrun
.alias CHKERR   143     ; serial bus data frame checksum error
.alias DERROR   144     ; device done error
.alias CRSROR   141     ; cursor out of range
.alias BADMOD   145     ; bad screen mode
.alias FNCNOT   146     ; function not implemented
.alias SCRMEM   147     ; insufficient memory for the screen mode

; ---------------------------------------------------------------------------
; The floating point package's registers and work areas (Mapping the Atari,
; locations 212-255 and 1406-1535; Atari OS User's Manual, "Floating point
; arithmetic package").  Programs use these addresses directly.
; ---------------------------------------------------------------------------
.alias FR0      $D4     ; floating point register 0 (6 bytes): argument and result
.alias FRE      $DA     ; extra register (6 bytes)
.alias FR1      $E0     ; floating point register 1 (6 bytes): second argument
.alias FR2      $E6     ; register 2 (6 bytes)
.alias FRX      $EC     ; spare byte
.alias EEXP     $ED     ; AFP: the value of the E exponent
.alias NSIGN    $EE     ; AFP: sign of the number
.alias ESIGN    $EF     ; AFP: sign of the exponent
.alias FCHRFLG  $F0     ; AFP: first character flag
.alias DIGRT    $F1     ; AFP: digits to the right of the decimal point
.alias CIX      $F2     ; index into the text at INBUFF
.alias INBUFF   $F3     ; (word) the text AFP reads and FASC writes
.alias ZTEMP1   $F5     ; (word) temporaries
.alias ZTEMP4   $F7     ; (word)
.alias ZTEMP3   $F9     ; (word)
.alias DEGFLG   $FB     ; 0 radians, 6 degrees (BASIC's RADFLG)
.alias FLPTR    $FC     ; (word) pointer to a number for FLD0P/FLD1P/FST0P
.alias FPTR2    $FE     ; (word) pointer to the coefficients of PLYEVL
.alias LBUFF    $0580   ; line buffer: FASC's output (128 bytes)
.alias PLYARG   $05E0   ; PLYEVL's argument (6 bytes)
.alias FPSCR    $05E6   ; scratch number (6 bytes)
.alias FPSCR1   $05EC   ; scratch number (6 bytes)
