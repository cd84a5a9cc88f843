; ===========================================================================
; names.s - file names and the directory listing
; ===========================================================================

; ---------------------------------------------------------------------------
; PARSENAME - the file name after "D:" / "Dn:" at (ICBALZ) into FNAME: 8
; name and 3 extension characters, padded with spaces.  A name is 1-8
; letters or digits beginning with a letter, an extension up to 3 (Atari
; DOS 2.0S Reference Manual, "file names"); small letters count as
; capitals.  '?' matches any one character, '*' the rest of the name or
; extension; "*" alone also means any extension.  The name ends at the
; first other character (EOL, space, comma).
; In: A = 1 when an empty name is allowed (the listing: then it is *.*).
; Out: carry clear, WILD nonzero for wildcards; carry set, Y = 165.
; ---------------------------------------------------------------------------
.scope
PARSENAME:
        PHA
        LDY #0
_dev:   LDA (ICBALZ),Y          ; skip "D:" or "D1:"
        INY
        CMP #$3A                ; ':'
        BEQ _found
        CPY #3
        BCC _dev
        PLA
        JMP _bad
_found: PLA
; PARSEAT - the same for the name at (ICBALZ),Y; A as for PARSENAME.
; Out also: NAMEEND = the place of the character that ended the name.
PARSEAT:
        STA _empty
        LDX #10
        LDA #32
_clear: STA FNAME,X
        DEX
        BPL _clear
        LDA #0
        STA WILD
        STA _star1
_name:  LDX #0
        LDA #8
        STA _limit
_char:  LDA (ICBALZ),Y
        CMP #'a
        BCC +
        CMP #'z+1
        BCS +
        AND #$DF                ; capital
*       CMP #$2E                ; '.'
        BEQ _dot
        CMP #$2A                ; '*'
        BEQ _star
        CMP #'?
        BEQ _store
        CMP #'0
        BCC _end
        CMP #'9+1
        BCC _digit
        CMP #'A
        BCC _end
        CMP #'Z+1
        BCS _end
        BCC _store
_digit: CPX #0                  ; not as the first character of a name
        BEQ _bad
_store: CPX _limit
        BCS _bad
        STA FNAME,X
        CMP #'?
        BNE +
        STA WILD
*       INX
        INY
        BNE _char
_star:  CPX #0
        BNE +
        INC _star1              ; "*" at the start of the name
*       LDA #'?
        STA WILD
_fill:  CPX _limit
        BCS _next
        STA FNAME,X
        INX
        BNE _fill
_next:  INY
        BNE _char
_dot:   LDA _limit
        CMP #11
        BEQ _bad                ; a second dot
        LDA #11
        STA _limit
        LDX #8
        INY
        BNE _char
_end:   STY NAMEEND
        LDA FNAME               ; no name at all?
        CMP #32
        BNE _ok
        LDA _empty
        BEQ _bad
        LDA #'?                 ; the listing of everything
        STA WILD
        LDX #10
_all:   STA FNAME,X
        DEX
        BPL _all
        BMI _done
_ok:    LDA _limit              ; "*" without a dot: any extension
        CMP #8
        BNE _done
        LDA _star1
        BEQ _done
        LDA #'?
        STA FNAME+8
        STA FNAME+9
        STA FNAME+10
_done:  LDX SLOT
        CLC
        RTS
_bad:   LDX SLOT
        LDY #ENAME
        SEC
        RTS
_empty: .byte 0
_limit: .byte 0
_star1: .byte 0
.scend

; FINDNAMED - parse the name (no empty name) and find the first file that
; matches it: NEXTMATCH's results
.scope
FINDNAMED:
        LDA #0
        JSR PARSENAME
        BCS _exit
        LDA #0
        STA ENTIDX
        JMP NEXTMATCH
_exit:  RTS
.scend

; PATINDEX - Y = 11 * SLOT, the place of the slot's pattern in FPAT
.scope
PATINDEX:
        LDA SLOT
        ASL
        ASL
        ASL
        CLC
        ADC SLOT
        ADC SLOT
        ADC SLOT
        TAY
        RTS
.scend

; ---------------------------------------------------------------------------
; DIRGET - GET for a directory listing (OPEN mode 6): one line per matching
; file as DOS 2.0S prints it - "*" for a locked file or a space, a space,
; the name (8), the extension (3), a space, the sector count (3 digits),
; EOL - and at the end "NNN FREE SECTORS" EOL.  Each line is made in the
; slot's buffer when the previous one is used up.
; ---------------------------------------------------------------------------
.scope
DIRGET:
        LDA FPOS,X
        CMP FCNT,X
        BCC _byte
        LDA FNXTL,X             ; the free line was given: the end
        BEQ _more
        LDY #EOFERR
        RTS
_more:  LDA FDRV,X
        STA DRIVE
        JSR PATINDEX            ; the pattern back into FNAME
        LDX #0
_pat:   LDA FPAT,Y
        STA FNAME,X
        INY
        INX
        CPX #11
        BNE _pat
        LDX SLOT
        LDA FNUM,X
        STA ENTIDX
        JSR NEXTMATCH
        BCC _file
        CPY #ENOTFND
        BEQ _free
        RTS
_file:  LDA ENTIDX
        CLC
        ADC #1
        STA FNUM,X
        JSR FILELINE
        JMP DIRGET
_free:  JSR FREELINE
        BCS _exit
        JMP DIRGET
_byte:  INC FPOS,X
        TAY
        LDA (ZBUF),Y
        LDY #SUCCES
_exit:  RTS
.scend

; FILELINE - the listing line of the entry at ZENT into the slot's buffer
.scope
FILELINE:
        LDY #0
        LDA (ZENT),Y
        AND #FLAGLOCK
        BEQ _open
        LDA #$2A                ; '*': locked
        BNE _mark
_open:  LDA #32
_mark:  STA (ZBUF),Y
        INY
        LDA #32
        STA (ZBUF),Y
        LDY #5                  ; the name: entry bytes 5-15 to line 2-12
_name:  LDA (ZENT),Y
        DEY
        DEY
        DEY
        STA (ZBUF),Y
        INY
        INY
        INY
        INY
        CPY #16
        BNE _name
        LDY #1
        LDA (ZENT),Y
        STA COUNT
        INY
        LDA (ZENT),Y
        STA COUNT+1
        LDY #13
        LDA #32
        STA (ZBUF),Y
        INY
        JSR PUTCOUNT
        LDA #EOL
        STA (ZBUF),Y
        INY
        LDX SLOT
        TYA
        STA FCNT,X
        LDA #0
        STA FPOS,X
        RTS
.scend

; FREELINE - "NNN FREE SECTORS" from the VTOC (read into the slot's
; buffer, so a file being written keeps its own VTOC copy); on enhanced
; density VTOC2's count of free sectors above 719 is added
.scope
FREELINE:
        JSR VTOCPOS
        JSR READZBUF
        BCS _exit
        LDY #3
        LDA (ZBUF),Y
        STA COUNT
        INY
        LDA (ZBUF),Y
        STA COUNT+1
        LDY #1                  ; 1010 sectors: enhanced density
        LDA (ZBUF),Y
        CMP #<1010
        BNE _digits
        INY
        LDA (ZBUF),Y
        CMP #>1010
        BNE _digits
        JSR VTOC2POS
        JSR READZBUF
        BCS _exit
        LDY #122
        LDA (ZBUF),Y
        CLC
        ADC COUNT
        STA COUNT
        INY
        LDA (ZBUF),Y
        ADC COUNT+1
        STA COUNT+1
_digits:
        LDY #0
        JSR PUTCOUNT
        LDX #0
_text:  LDA FREETXT,X
        STA (ZBUF),Y
        INY
        INX
        CPX #FREEEND-FREETXT
        BNE _text
        LDX SLOT
        TYA
        STA FCNT,X
        LDA #0
        STA FPOS,X
        LDA #2
        STA FNXTL,X             ; after this line: the end
        CLC
_exit:  RTS
.scend

FREETXT: .byte " FREE SECTORS", EOL
FREEEND:

; PUTCOUNT - COUNT in decimal into the slot's buffer from place Y: three
; digits (four from 1000), as DOS 2 prints them; Y = the place after them
.scope
PUTCOUNT:
        TYA
        PHA
        JSR DECIMAL             ; (it needs Y)
        PLA
        TAY
        LDX #1
        LDA DIGITS
        CMP #'0
        BEQ _digit
        DEX
_digit: LDA DIGITS,X
        STA (ZBUF),Y
        INY
        INX
        CPX #4
        BNE _digit
        RTS
.scend

; ---------------------------------------------------------------------------
; DECIMAL - COUNT (0-9999) as four ASCII digits in DIGITS..DIGITS+3
; ---------------------------------------------------------------------------
.scope
DECIMAL:
        LDX #0
_place: LDA #'0
        STA DIGITS,X
_sub:   LDA COUNT
        SEC
        SBC POWLO,X
        TAY
        LDA COUNT+1
        SBC POWHI,X
        BCC _nextp
        STA COUNT+1
        STY COUNT
        INC DIGITS,X
        BNE _sub
_nextp: INX
        CPX #4
        BNE _place
        LDX SLOT
        RTS
POWLO:  .byte <1000, <100, <10, <1
POWHI:  .byte >1000, >100, >10, >1
.scend
