; ===========================================================================
;
;   S U R R O U N D   M I N I - D O S   -   DOS.SYS
;
;   A small, free disk operating system for the Atari XL/XE, written for
;   this project.  It reads and writes the Atari DOS 2.0S file system
;   (the layout: host/atari/dos2.py, after "Mapping the Atari" appendix 11 and
;   "Inside Atari DOS"), so a real DOS 2.0S or 2.5 reads what it writes.
;
;   The boot sectors (boot.s) load this file to $0880 and the OS calls
;   DINIT through DOSINI.  DINIT puts the D: handler into the OS's handler
;   table HATABS, raises MEMLO above our buffers and points DOSVEC at the
;   boot menu; the OS calls it again after every RESET, as it calls every
;   DOS ("Atari OS User's Manual", "DOSINI/DOSVEC").
;
;   D: through CIO, as DOS 2.0S offers it:
;     OPEN  mode 4 read (wildcards allowed: the first match), 8 write
;           (creates the file, or replaces one of that name), 9 append
;           (new sectors after the last one, as DOS 2.0S), 6 directory
;           ("D:*.*": one line per file "* NAME    EXT 001", then
;           "NNN FREE SECTORS")
;     GET / PUT bytes, CLOSE, STATUS (on a closed IOCB: does the file exist)
;     XIO 32 rename "D:OLD,NEW", 33 delete, 35 lock, 36 unlock (wildcards)
;   D1: to D4:, up to 7 files open at once (IOCBs 1-7; IOCB 0 is E:'s), one
;   of them for writing.  Errors are DOS 2's numbers (equates.s): 162 disk full, 170
;   file not found, 167 locked, 169 directory full, 165 bad name, 164
;   broken chain, 160 bad drive, 136 end of file, 146 not implemented.
;   Single density (707 sectors) and DOS 2.5's enhanced density (1010, the
;   VTOC2 in sector 1024).  Not offered: update (12) mode,
;   NOTE/POINT, format.
;
; MEMORY
;   $0700-$087F  boot sectors (only during the boot)
;   $0880-       this code, then (page aligned) the sector buffers: one
;                per IOCB, the directory sector, the VTOC; MEMLO above them
;   $43-$49      FMSZPG, the zero page the OS leaves to a DOS
;
; THE PARTS
;   dos.s       entry points, DINIT, the handler's six routines
;   files.s     directory, VTOC and sector chains
;   names.s     file names, wildcards, the directory listing's lines
;   menu.s      the boot menu and the binary loader
; ===========================================================================

.include "equates.s"


.org $0880
DOSSYS: JMP DINIT               ; $0880 DOSINI: init, after boot and RESET
        JMP MENU                ; $0883 the boot menu (DOSVEC)
DHAND:  .word DOPEN-1, DCLOSE-1, DGET-1, DPUT-1, DSTATUS-1, DSPEC-1
        JMP DINIT               ; $0892 the handler table's init entry

; ---------------------------------------------------------------------------
; DINIT - install D: in HATABS (replacing a D: that is there, else in the
; first free entry), set MEMLO and DOSVEC, forget every open file.  The
; first time, when a cartridge (BASIC) will take over after the boot, the
; boot menu is shown here, because the OS will not JMP (DOSVEC).
; ---------------------------------------------------------------------------
.scope
DINIT:
        LDX #0
_findd: LDA HATABS,X
        CMP #'D
        BEQ _set
        INX
        INX
        INX
        CPX #33
        BCC _findd
        LDX #0
_free:  LDA HATABS,X
        BEQ _set
        INX
        INX
        INX
        CPX #33
        BCC _free
        BCS _mem                ; the table is full: no D:
_set:   LDA #'D
        STA HATABS,X
        LDA #<DHAND
        STA HATABS+1,X
        LDA #>DHAND
        STA HATABS+2,X
_mem:   LDA #<DOSEND
        STA MEMLO
        LDA #>DOSEND
        STA MEMLO+1
        LDA #<MENU
        STA DOSVEC
        LDA #>MENU
        STA DOSVEC+1
        LDX #7
        LDA #0
_close: STA FMODE,X
        DEX
        BPL _close
        STA VTOCOK
        LDA #$FF
        STA WRITER
        STA DIRIDX
        LDA BOOTED
        BNE _done
        INC BOOTED
        LDA TRAMSZ              ; a cartridge starts after the boot:
        BEQ _done               ; show the menu now
        LDA #1
        STA INCART
        JSR MENU
        LDA #0
        STA INCART
_done:  RTS
.scend

; ---------------------------------------------------------------------------
; SETSLOT - X = SLOT = the IOCB number (0-7) of the current CIO call, and
; ZBUF = its sector buffer (BUFFERS + 128 * (slot - 1)).  IOCB 0 belongs to
; the screen editor E: and has no buffer here: OPEN and XIO refuse it
; with 161 (NOSLOT0).  Keeps A.
; ---------------------------------------------------------------------------
.scope
SETSLOT:
        PHA
        LDA ICIDNO
        LSR
        LSR
        LSR
        LSR
        TAX
        STX SLOT
        LSR                     ; BUFFERS + (slot - 1) * 128: slot/2
        PHA                     ; pages, odd: +$80
        LDA #0
        ROR
        ADC #<[BUFFERS-128]     ; (carry is clear after ROR of 0)
        STA ZBUF
        PLA
        ADC #>[BUFFERS-128]
        STA ZBUF+1
        PLA
        RTS
.scend

; NOSLOT0 - carry set, Y = 161 for IOCB 0 (it has no sector buffer)
.scope
NOSLOT0:
        LDY #ETOOMANY
        SEC
        TXA
        BEQ _no
        CLC
_no:    RTS
.scend

; ---------------------------------------------------------------------------
; SETDRIVE - DRIVE = the unit of the device name (D: = D1:); carry set and
; Y = 160 unless it is 1-4.  Every OPEN and XIO starts afresh: the disk may
; have been changed, so the directory is read again (and the VTOC, unless
; a file is open for writing).
; ---------------------------------------------------------------------------
.scope
SETDRIVE:
        LDA ICDNOZ
        BEQ _bad
        CMP #5
        BCS _bad
        STA DRIVE
        LDA #$FF
        STA DIRIDX
        LDA WRITER
        BPL _keep
        LDA #0
        STA VTOCOK
_keep:  CLC
        RTS
_bad:   LDY #EDRIVE
        SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; DOPEN - OPEN: ICAX1Z 4 read, 6 directory, 8 write
; ---------------------------------------------------------------------------
.scope
DOPEN:
        JSR SETSLOT
        JSR NOSLOT0
        BCS _exit
        JSR SETDRIVE
        BCS _exit
        LDA DRIVE
        STA FDRV,X
        LDA ICAX1Z
        CMP #4
        BEQ OPENREAD
        CMP #6
        BEQ OPENDIR
        CMP #8
        BNE +
        JMP OPENWRITE
*       CMP #9
        BNE _nfn
        JMP OPENAPPEND
_nfn:   LDY #FNCNOT
_exit:  RTS
.scend

; OPENREAD - the first file that matches the name
.scope
OPENREAD:
        JSR FINDNAMED
        BCS _exit
        LDX SLOT
        LDA ENTIDX
        STA FNUM,X
        LDY #1                  ; the sector count: no chain is longer
        LDA (ZENT),Y
        STA FSECL,X
        INY
        LDA (ZENT),Y
        STA FSECH,X
        INY                     ; the first sector is the "next" one
        LDA (ZENT),Y
        STA FNXTL,X
        INY
        LDA (ZENT),Y
        STA FNXTH,X
        LDA #0
        STA FPOS,X
        STA FCNT,X
        LDA #4
        STA FMODE,X
        LDY #SUCCES
_exit:  RTS
.scend

; OPENDIR - the listing: remember the pattern, the next entry to look at
.scope
OPENDIR:
        LDA #1                  ; "D:" alone lists everything
        JSR PARSENAME
        BCS _exit
        JSR PATINDEX            ; the pattern goes to FPAT + 11 * slot
        LDX #0
_copy:  LDA FNAME,X
        STA FPAT,Y
        INY
        INX
        CPX #11
        BNE _copy
        LDX SLOT
        LDA #0
        STA FNUM,X              ; next directory entry
        STA FPOS,X
        STA FCNT,X
        STA FNXTL,X             ; 0: files, 1: free line given, 2: done
        LDA #6
        STA FMODE,X
        LDY #SUCCES
_exit:  RTS
.scend

; OPENWRITE - create the file (an old one of that name is deleted first)
.scope
OPENWRITE:
        LDA #0
        JSR PARSENAME
        BCS _exit0
        LDY #ENAME
        LDA WILD
        BNE _err0
        LDY #ETOOMANY
        LDA WRITER
        BPL _err0
        JSR LOADVTOC
        BCS _exit0
        LDA #0
        STA ENTIDX
        JSR NEXTMATCH
        BCC _old
        CPY #ENOTFND
        BEQ _new
        RTS
_err0:  SEC
_exit0: RTS
_old:   JSR NOTLOCKED           ; a locked file stays
        BCS _exit0
        JSR DELENTRY
        BCS _exit0
_new:   JSR FINDFREE
        BCS _exit
        JSR ALLOC
        BCS _exit
        LDA ENTIDX
        JSR LOADDIR
        BCS _exit
        LDY #0
        LDA #FLAGOPEN
        STA (ZENT),Y
        INY
        LDA #0
        STA (ZENT),Y            ; sector count: set at CLOSE
        INY
        STA (ZENT),Y
        INY
        LDA NEWLO
        STA (ZENT),Y
        INY
        LDA NEWHI
        STA (ZENT),Y
        LDX #0
_name:  INY
        LDA FNAME,X
        STA (ZENT),Y
        INX
        CPX #11
        BNE _name
        JSR SAVEDIR
        BCS _exit
        LDX SLOT
        LDA ENTIDX
        STA FNUM,X
        LDA #0
        STA FSECL,X
        STA FSECH,X
        JSR NEWSECTOR
        STX WRITER
        LDY #SUCCES
        RTS
_err:   SEC
_exit:  RTS
.scend

; OPENAPPEND - mode 9: more data after the end of a file.  As DOS 2.0S
; appends, the file's last sector stays as it is (perhaps short: any
; sector may be, "Inside Atari DOS") and is linked to a new sector where
; the new data begins.
.scope
OPENAPPEND:
        LDY #ETOOMANY
        LDA WRITER
        BPL _err
        JSR LOADVTOC
        BCS _exit
        JSR FINDNAMED
        BCS _exit
        JSR NOTLOCKED
        BCC _open
        RTS
_err:   SEC
_exit:  RTS
_open:  LDX SLOT
        LDA ENTIDX
        STA FNUM,X
        INY                     ; the sector count goes on from here
        LDA (ZENT),Y
        STA FSECL,X
        STA COUNT               ; (and no chain is longer)
        INY
        LDA (ZENT),Y
        STA FSECH,X
        STA COUNT+1
        INY
        LDA (ZENT),Y            ; the first sector
        STA FCURL,X
        INY
        LDA (ZENT),Y
        STA FCURH,X
_walk:  LDA COUNT               ; to the last sector
        BNE +
        DEC COUNT+1
        BMI _broken
*       DEC COUNT
        LDA FCURL,X
        STA SECLO
        LDA FCURH,X
        STA SECHI
        JSR READZBUF
        BCS _exit
        LDY #125
        LDA (ZBUF),Y
        AND #$03
        STA NEWHI
        INY
        LDA (ZBUF),Y
        STA NEWLO
        ORA NEWHI
        BEQ _last
        LDA NEWLO
        STA FCURL,X
        LDA NEWHI
        STA FCURH,X
        JMP _walk
_broken:
        LDY #EFILENUM
        SEC
        RTS
_last:
        JSR ALLOC               ; the new sector ...
        BCS _exit
        LDY #127                ; ... linked from the last one (FCUR),
        LDA (ZBUF),Y            ; whose byte count stays
        JSR WRITEDATA
        BCS _fail
        LDY #0                  ; the entry: open for output
        LDA #FLAGOPEN
        STA (ZENT),Y
        JSR SAVEDIR
        BCS _fail
        JSR NEWSECTOR
        STX WRITER
        LDY #SUCCES
        CLC
_fail:  RTS
.scend

; ---------------------------------------------------------------------------
; DCLOSE - CLOSE: a file being written gets its last sector, its directory
; entry (flags $42, the sector count) and the VTOC written
; ---------------------------------------------------------------------------
.scope
DCLOSE:
        JSR SETSLOT
        LDA FMODE,X
        CMP #8
        BNE _done
        LDA FDRV,X
        STA DRIVE
        LDA #0                  ; the last sector: no link
        STA NEWLO
        STA NEWHI
        LDA FPOS,X
        JSR WRITEDATA
        BCS _fail
        LDX SLOT
        LDA #$FF                ; the directory sector afresh
        STA DIRIDX
        LDA FNUM,X
        JSR LOADDIR
        BCS _fail
        LDX SLOT
        LDY #0
        LDA #FLAGFILE
        STA (ZENT),Y
        INY
        LDA FSECL,X
        STA (ZENT),Y
        INY
        LDA FSECH,X
        STA (ZENT),Y
        JSR SAVEDIR
        BCS _fail
        JSR SAVEVTOC
        BCS _fail
_done:  LDY #SUCCES
_fail:  LDX SLOT
        LDA #0
        STA FMODE,X
        CPX WRITER
        BNE +
        LDA #$FF
        STA WRITER
*       RTS
.scend

; ---------------------------------------------------------------------------
; DGET - GET: the next byte of the file (or of the directory listing);
; Y = 136 at the end
; ---------------------------------------------------------------------------
.scope
DGET:
        JSR SETSLOT
        LDA FMODE,X
        CMP #6
        BNE _loop
        JMP DIRGET
_loop:  LDA FPOS,X
        CMP FCNT,X
        BCC _byte
        LDA FNXTL,X
        ORA FNXTH,X
        BEQ _eof
        JSR READNEXT
        BCS _exit
        BCC _loop
_byte:  INC FPOS,X
        TAY
        LDA (ZBUF),Y
        LDY #SUCCES
        RTS
_eof:   LDY #EOFERR
_exit:  RTS
.scend

; READNEXT - read sector FNXT of file X into its buffer; check that it
; belongs to the file and that the chain is not longer than the directory
; says (a broken chain, even a loop, ends in error 164 instead of reading
; on forever); FCNT = its byte count, FNXT = its link, FPOS = 0
.scope
READNEXT:
        LDA FSECL,X             ; one sector less may follow
        BNE +
        LDA FSECH,X
        BEQ _mismatch
        DEC FSECH,X
*       DEC FSECL,X
        LDA FDRV,X
        STA DRIVE
        LDA FNXTL,X
        STA SECLO
        LDA FNXTH,X
        STA SECHI
        JSR READZBUF
        BCS _exit
        LDY #125
        LDA (ZBUF),Y
        LSR
        LSR
        CMP FNUM,X
        BNE _mismatch
        LDA (ZBUF),Y
        AND #$03
        STA FNXTH,X
        INY
        LDA (ZBUF),Y
        STA FNXTL,X
        INY
        LDA (ZBUF),Y
        CMP #126
        BCS _mismatch
        STA FCNT,X
        LDA #0
        STA FPOS,X
        CLC
_exit:  RTS
_mismatch:
        LDY #EFILENUM
        SEC
        RTS
.scend

; ---------------------------------------------------------------------------
; DPUT - PUT: one byte into the file; a full sector (125 bytes) is written
; when the next byte comes, linked to a newly allocated sector
; ---------------------------------------------------------------------------
.scope
DPUT:
        JSR SETSLOT
        STA ZTMP
        LDA FPOS,X
        CMP #125
        BCC _store
        LDA FDRV,X
        STA DRIVE
        JSR ALLOC               ; the next sector
        BCS _exit
        LDX SLOT
        LDA #125
        JSR WRITEDATA           ; this one, linked to it
        BCS _exit
        LDX SLOT
        JSR NEWSECTOR
_store: LDY FPOS,X
        LDA ZTMP
        STA (ZBUF),Y
        INC FPOS,X
        LDY #SUCCES
_exit:  RTS
.scend

; NOTLOCKED - carry set, Y = 167 when the file at ZENT is locked
.scope
NOTLOCKED:
        LDY #0
        LDA (ZENT),Y
        AND #FLAGLOCK
        CLC
        BEQ _ok
        LDY #ELOCKED
        SEC
_ok:    RTS
.scend

; NEWSECTOR - file X (being written) goes on in sector NEWLO/NEWHI: it is
; the current one, counted, empty; the file's mode is 8
.scope
NEWSECTOR:
        LDA NEWLO
        STA FCURL,X
        LDA NEWHI
        STA FCURH,X
        INC FSECL,X
        BNE +
        INC FSECH,X
*       LDA #0
        STA FPOS,X
        LDA #8
        STA FMODE,X
        RTS
.scend

; WRITEDATA - write the buffer of file X as its sector FCUR with A data
; bytes, linked to NEWLO/NEWHI (0: the last sector)
.scope
WRITEDATA:
        LDY #127
        STA (ZBUF),Y
        DEY
        LDA NEWLO
        STA (ZBUF),Y
        DEY
        LDA FNUM,X
        ASL
        ASL
        ORA NEWHI
        STA (ZBUF),Y
        LDA FCURL,X
        STA SECLO
        LDA FCURH,X
        STA SECHI
        LDA ZBUF
        LDY ZBUF+1
        JMP WRITESEC
.scend

; ---------------------------------------------------------------------------
; DSTATUS - STATUS: an open file is fine; on a closed IOCB the named file
; is looked up (170 not found, 167 locked)
; ---------------------------------------------------------------------------
.scope
DSTATUS:
        JSR SETSLOT
        LDA FMODE,X
        BNE _ok
        JSR SETDRIVE
        BCS _exit
        JSR FINDNAMED
        BCS _exit
        JSR NOTLOCKED
        BCS _exit
_ok:    LDY #SUCCES
_exit:  RTS
.scend

; ---------------------------------------------------------------------------
; DSPEC - XIO: 32 rename ("D:OLD,NEW"), 33 delete, 35 lock, 36 unlock every
; file that matches; a '?' (or '*') in the new name keeps the old character
; there, as DOS 2.0S renames ("D:*.DAT,*.OLD")
; ---------------------------------------------------------------------------
.scope
DSPEC:
        JSR SETSLOT
        JSR NOSLOT0
        BCS _fail
        LDA ICCOMZ
        CMP #32
        BCC _nfn
        CMP #34
        BEQ _nfn
        CMP #37
        BCC _go
_nfn:   LDY #FNCNOT
_fail:  RTS
_go:    JSR SETDRIVE
        BCS _exit
        LDA #0
        JSR PARSENAME
        BCS _exit
        LDA ICCOMZ
        CMP #32
        BNE _notren
        JSR NEWNAMES
        BCS _exit
        BCC _scan
_notren:
        CMP #33
        BNE _scan
        LDA WRITER              ; delete needs the VTOC of this drive
        BMI _vtoc
        TAX
        LDA FDRV,X
        CMP DRIVE
        BEQ _vtoc
        LDY #ETOOMANY
        SEC
        RTS
_vtoc:  JSR LOADVTOC
        BCS _exit
_scan:  LDA #0
        STA ENTIDX
        STA FOUND
_next:  JSR NEXTMATCH
        BCC _match
        CPY #ENOTFND
        BNE _exit
        LDA FOUND
        BEQ _exit               ; nothing matched: 170
        LDA ICCOMZ
        CMP #33
        BNE _ok
        JSR SAVEVTOC
        BCS _exit
_ok:    LDY #SUCCES
_exit:  RTS
_match: INC FOUND
        LDY #0
        LDA (ZENT),Y
        LDX ICCOMZ
        CPX #35
        BCS _lock
        AND #FLAGLOCK           ; rename and delete leave a locked file
        BEQ _unlocked
        LDY #ELOCKED
        SEC
        RTS
_unlocked:
        CPX #33
        BEQ _free
        JSR RENAME1
        JMP _save
_lock:  ORA #FLAGLOCK
        CPX #35
        BEQ _put
        AND #$FF-FLAGLOCK
_put:   STA (ZENT),Y
_save:  JSR SAVEDIR
        BCS _exit
        JMP _step
_free:  JSR DELENTRY
        BCS _exit
_step:  INC ENTIDX
        JMP _next
.scend

; NEWNAMES - after "D:OLD" a comma and the new name: NEWNAME = the new
; one, FNAME = the old pattern again; carry set, Y = 165 when it is missing
.scope
NEWNAMES:
        LDY NAMEEND
        LDA (ICBALZ),Y
        CMP #$2C                ; ','
        BNE _bad
        LDX #10
_save:  LDA FNAME,X             ; the old pattern, for a moment in NEWNAME
        STA NEWNAME,X
        DEX
        BPL _save
        INY
        LDA #0
        JSR PARSEAT
        BCS _exit
        LDX #10
_swap:  LDA FNAME,X
        PHA
        LDA NEWNAME,X
        STA FNAME,X
        PLA
        STA NEWNAME,X
        DEX
        BPL _swap
        CLC
_exit:  RTS
_bad:   LDY #ENAME
        SEC
        RTS
.scend

; RENAME1 - give the entry at ZENT the new name ('?' keeps a character)
.scope
RENAME1:
        LDX #0
        LDY #5
_char:  LDA NEWNAME,X
        CMP #'?
        BEQ +
        STA (ZENT),Y
*       INY
        INX
        CPX #11
        BNE _char
        RTS
.scend

BOOTED: .byte 0                 ; DINIT ran once (part of the file: 0 at boot)
INCART: .byte 0                 ; the menu runs inside DINIT (a cartridge waits)

.include "files.s"
.include "names.s"
.include "menu.s"

CODEEND:

; ---------------------------------------------------------------------------
; Variables and buffers (not part of the file: right after the code)
; ---------------------------------------------------------------------------
.data dosdata
.org CODEEND
.space BUFFERS  896             ; one sector buffer per IOCB 1-7 (128 * 7)
.space DIRBUF   128             ; the directory sector DIRIDX of DIRDRV
.space VTOCBUF  128             ; the VTOC of VTOCDRV (valid: VTOCOK)
.space VTOC2BUF 128             ; enhanced density: VTOC2 (sector 1024) of VTOCDRV
.space EDDISK   1               ; 1: VTOCDRV holds an enhanced-density disk
.space FMODE    8               ; per IOCB: 0 closed, 4 read, 6 listing, 8 write
.space FDRV     8               ; drive
.space FNUM     8               ; file number (directory index); listing: next entry
.space FCURL    8               ; writing: the sector in the buffer
.space FCURH    8
.space FNXTL    8               ; reading: the next sector; listing: state
.space FNXTH    8
.space FPOS     8               ; the next byte in the buffer
.space FCNT     8               ; reading: the bytes in the buffer
.space FSECL    8               ; writing: sectors so far; reading: sectors left
.space FSECH    8
.space FPAT     88              ; listing: the pattern, 11 bytes per IOCB
.space FNAME    11              ; the parsed name: 8 + 3, space padded, ? = any
.space NEWNAME  11              ; rename: the new name ('?' keeps the old character)
.space NAMEEND  1               ; where the parsed name ended in the caller's text
.space WILD     1               ; the name has wildcards
.space SLOT     1               ; the IOCB number of this call
.space DRIVE    1               ; the drive of this call
.space SECLO    1               ; the sector of READSEC / WRITESEC
.space SECHI    1
.space NEWLO    1               ; a sector from ALLOC / a link
.space NEWHI    1
.space ENTIDX   1               ; a directory index
.space DIRIDX   1               ; which directory sector is in DIRBUF ($FF none)
.space DIRDRV   1
.space VTOCOK   1
.space VTOCDRV  1
.space WRITER   1               ; the IOCB writing a file ($FF none)
.space FOUND    1
.space COUNT    2               ; a loop guard / a number to print
.space DIGITS   5               ; a number in decimal
.space XEXSTART 2               ; loader: the first segment's address
.space XEXSEG   4               ; loader: start, end of the segment
.alias DOSEND XEXSEG+4        ; MEMLO: the first free byte
.text
