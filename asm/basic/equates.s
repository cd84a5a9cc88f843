; ===========================================================================
; equates.s - the names the whole free BASIC shares
; ===========================================================================
;
; The OS names (CIOV, ICCOM, MEMLO, ...) come from ../os/equates.s, which
; basic.s includes first.  This file adds BASIC's own documented locations
; and the private blocks of the two halves of the interpreter:
;
;   ED_*  the editor side  (main, tokenizer, program, list, files)
;   RT_*  the run-time side (exec, expressions, statements, functions)
;
; Each side uses only its own private block and the documented locations
; below.  Addresses a program may PEEK or POKE are where Atari BASIC keeps
; them ("Mapping the Atari", zero page 128-255 and page 5; "The Atari BASIC
; Source Book", the memory layout chapter).
;
; Zero page use, as documented for Atari BASIC ("Mapping the Atari", 128):
;   $80-$91  BASIC's program pointers          (the same addresses here)
;   $92-$CA  miscellaneous BASIC RAM            (ours: the blocks below)
;   $CB-$D1  unused by BASIC - free for the user (we never touch them)
;   $D2-$D3  BASIC's spare bytes                (run-time side)
;   $D4-$FF  the floating point package's area  (FR0, FR1, CIX, INBUFF ...)
; ===========================================================================

; ---------------------------------------------------------------------------
; The OS entry points BASIC calls (Atari OS User's Manual; "Mapping the
; Atari" 58448-58495).  The OS defines them as labels in its own source, so
; they are named here.
; ---------------------------------------------------------------------------
.alias CIOV     $E456   ; central I/O
.alias SIOV     $E459   ; serial I/O
.alias SETVBV   $E45C   ; set the vertical blank vectors and timers
.alias BLKBDV   $E471   ; memo pad (400/800) / self test (XL): BYE
.alias WARMSV   $E474   ; warm start
.alias COLDSV   $E477   ; cold start

; ---------------------------------------------------------------------------
; The program pointers ("Mapping the Atari" 128-145; each a word).  The
; memory they describe, from low to high:
;
;   LOMEM   the 256-byte token output buffer (the tokenizer builds a line here)
;   VNTP    the variable name table: names in ATASCII, the last character of
;           each with bit 7 set (A$ ends in "$"+128, an array in "("+128),
;           then one zero byte (VNTD points at it)
;   VVTP    the variable value table, 8 bytes per variable
;   STMTAB  the statement table: the program's lines in line-number order,
;           ending with the immediate line, numbered 32768 ($8000)
;   STMCUR  the line being executed (or the immediate line)
;   STARP   the string and array area
;   RUNSTK  the run-time stack (FOR and GOSUB entries)
;   MEMTOP  the top of BASIC's memory in use (BMEMTOP here: the OS's MEMTOP
;           $02E5 is a different location with the same name)
; ---------------------------------------------------------------------------
.alias LOMEM    $80     ; = the token output buffer (OUTBUFF)
.alias VNTP     $82
.alias VNTD     $84
.alias VVTP     $86
.alias STMTAB   $88
.alias STMCUR   $8A
.alias STARP    $8C
.alias RUNSTK   $8E
.alias BMEMTOP  $90     ; "MEMTOP" in Mapping the Atari, location 144

; ---------------------------------------------------------------------------
; Other documented BASIC locations
; ---------------------------------------------------------------------------
.alias MEOLFLG  $92     ; nonzero while an EOL was put into a line temporarily
.alias COX      $94     ; the tokenizer's output index; PRINT's column
.alias LLNGTH   $9F     ; the length byte of the line at STMCUR
.alias NXTSTD   $A7     ; offset of the next statement in the line at STMCUR
.alias STINDEX  $A8     ; offset of the next token in the line at STMCUR
.alias IODVC    $C1     ; IOCB * 16 that PUTC and PRINT write to (0 = E:)
.alias DATALN   $B7     ; (word) line number of the current DATA statement
.alias STOPLN   $BA     ; (word) the line where the program stopped or failed
.alias ERRSAVE  $C3     ; the number of the last error
.alias TRAPLN   $BC     ; (word) TRAP line; >= 32768: no TRAP (NEW sets it)
.alias NORM     $DC00   ; the math pack's NORMALIZE (Mapping the Atari 56320; the
                        ; Atari BASIC Source Book's NORM): FR0's leading zero bytes out
.alias PTABW    $C9     ; PRINT's comma tab width (10 after a cold start)
.alias LOADFLG  $CA     ; nonzero while a LOAD is in progress

; ---------------------------------------------------------------------------
; The floating point package's zero page and buffers ("Mapping the Atari"
; 212-255, 1406-1535; "De Re Atari" chapter 11; Atari OS User's Manual).
; (FR0, FR1, CIX, INBUFF, LBUFF, ... are in asm/os/equates.s, the math
; pack's entry points AFP, FASC, IFP, FPI, ... in asm/os/fpentry.s.)
; ---------------------------------------------------------------------------
.alias RADFLG   $FB     ; 0 = radians, 6 = degrees (DEG/RAD; Atari BASIC)
.alias ATCOEF   $DFAE   ; the math pack's ATN coefficients (11 with FP9S)
.alias FP9S     $DFEA   ; 0.9999999999
.alias PIOV4    $DFF0   ; pi/4 (Atari BASIC Source Book, ATN; the OS listing)

; ---------------------------------------------------------------------------
; Private zero page of the editor side ($95-$9E, $A0-$A6)
; ---------------------------------------------------------------------------
.alias ED_PTR1  $95     ; (word) general pointers of the editor routines
.alias LINEPTR  $95     ; (word) FIND_LINE's result (= ED_PTR1)
.alias ED_TYPE  $97     ; the type of the last operand parsed (0 number, $80 string)
.alias ED_LIDX  $98     ; LIST: the index of the next byte of the line
.alias ED_PTR3  $99     ; (word)
.alias ED_LEN   $9B     ; (word) a byte count (EXPAND, SHRINK, SAVE)
.alias ED_MVSRC $9D     ; (word) the memory mover's source
.alias ED_MVDST $A0     ; (word) ... and destination
.alias ED_LINE  $A2     ; (word) a line number being entered or searched
.alias ED_STMT  $A4     ; output index of the current statement's length byte
.alias ED_TMP1  $A5     ; scratch bytes (NAMEAT, NAMECHAR, STORELINE before it moves memory)
.alias ED_MVPAGES $A5   ; the memory mover's count of whole pages (= ED_TMP1)
.alias ED_IOCHR $A5     ; PUTC's character (= ED_TMP1; nothing prints while those run)
.alias ED_TMP2  $A6
; While a line is tokenized (SYNTAX up to its STORELINE; no LIST, no
; FIND_LINE then) these share the bytes above:
.alias ED_VSTART $95    ; a variable name: its input position (= LINEPTR),
.alias ED_VLEN  $96     ;   its length (letters and digits)
.alias ED_VSUFX $98     ;   and its suffix: "$", "(" or 0 (= ED_LIDX)
.alias ED_SAVX  $A2     ; the stack pointer at the start of SYNTAX (= ED_LINE)
.alias ED_LSTART $A3    ; the input position of the first statement
.alias ED_NLEN  $A6     ; FINDVAR: the length of the variable's name (= ED_TMP2)
.alias ED_VFIRST $9B    ; FINDVAR: the name's first character (= ED_LEN)
.alias ED_EMITY $A6     ; EMIT's saved Y (= ED_TMP2)
.alias ED_FTOK  $A6     ; MATCHOP: the operator being tried (= ED_TMP2)
; While LIST lists (no EXPAND, no FIND_LINE then):
.alias ED_LISTHI $9B    ; (word) LIST's last line (= ED_LEN)
.alias ED_LNEXT $A2     ; LISTLINE: the offset of the statement after this one
.alias ED_LLEN  $A3     ;   and the line's length (= ED_LINE)

; ---------------------------------------------------------------------------
; Private zero page of the run-time side ($A9-$B6, $BC-$C0, $C2, $C4-$C8,
; and BASIC's spare bytes $D2-$D3)
; ---------------------------------------------------------------------------
.alias RT_ZP    $A9     ; first byte of the run-time block ($A9-$B6)
.alias RT_ZP2   $BC     ; the second part ($BC-$C0, $C2)
.alias RT_ZP3   $C4     ; the third part ($C4-$C8)
.alias RT_D2    $D2     ; BASIC's two spare bytes before FR0

; ---------------------------------------------------------------------------
; Pages 4 and 5.  $0580-$05FF is LBUFF, the line buffer (the math pack's
; output buffer too; "Mapping the Atari" 1408).  Atari BASIC keeps its
; stacks below it.  Ours:
;   $0480-$04FF  the run-time side (RT_PAGE4)
;   $0500-$057D  the editor side (ED_PAGE5)
; ---------------------------------------------------------------------------
.alias RT_PAGE4 $0480
.alias ED_PAGE5 $0500
.alias ED_SAVEH $0500   ; 14 bytes: the SAVE/LOAD file header
.alias ED_NAME  $0510   ; 40 bytes: a device/file name with its EOL
.alias ED_INIOCB $0540  ; the IOCB * 16 lines come from: 0, or $70 during ENTER
.alias ED_MVCNT $0545   ; the memory mover's byte count: the bytes after the whole pages
.alias ED_ERRCX $0548   ; the input position of a syntax error
.alias ED_FLAGS $054A   ; LIST: bit 7 = a blank is due before the next name
.alias ED_TMP3  $054B   ; scratch bytes
.alias ED_TMP4  $054C
.alias LCACHE   $0550   ; 32 bytes: FIND_LINE's remembered lines (LCSLOTS
.alias LCSLOTS  16      ; addresses, high byte 0: none), used by both sides

; ---------------------------------------------------------------------------
; Fixed values
; ---------------------------------------------------------------------------
.alias IMMLINE  $8000   ; the line number of the immediate line (32768)
.alias MAXLINE  32767   ; the highest line number a program may use
.alias OUTBUFSZ 256     ; size of the token output buffer at LOMEM
