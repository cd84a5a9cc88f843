; ===========================================================================
; asm/dos/equates.s - the names the mini-DOS uses
; The OS variables and hardware registers come from the OS's own list of
; documented names (asm/os/equates.s); here are the ROM entry points (the
; documented jump vectors at $E450-$E48F, "Atari OS User's Manual",
; "Mapping the Atari") and the DOS 2 error codes (Atari DOS 2.0S Reference
; Manual, appendix "error messages"; "Mapping the Atari", appendix 11).
; ===========================================================================

.include "../os/equates.s"

.alias DSKINV   $E453   ; one disk sector through SIO (DCB at $0300)
.alias CIOV     $E456   ; central I/O
.alias BLKBDV   $E471   ; the memo pad ("blackboard")

; zero page set aside for the disk file manager (FMSZPG, 7 bytes $43-$49)
.alias ZBUF     FMSZPG      ; pointer to the open file's sector buffer
.alias ZENT     FMSZPG+2    ; pointer to a directory entry in DIRBUF
.alias ZPTR     FMSZPG+4    ; general pointer (loader, printing)
.alias ZTMP     FMSZPG+6    ; a spare byte

; DOS 2 error codes
.alias EDRIVE   160     ; drive number error
.alias ETOOMANY 161     ; too many files open (here: a second writer)
.alias EFULL    162     ; disk full
.alias ESYSIO   163     ; unrecoverable system data I/O error (bad VTOC)
.alias EFILENUM 164     ; file number mismatch (a broken sector chain)
.alias ENAME    165     ; file name error
.alias ELOCKED  167     ; file locked
.alias EDIRFULL 169     ; directory full
.alias ENOTFND  170     ; file not found

; the DOS 2 layout (host/atari/dos2.py has the same, with its references)
.alias VTOCSEC  360     ; the volume table of contents
.alias DIRSEC0  361     ; the first of the eight directory sectors
.alias VTOC2SEC 1024    ; enhanced density (DOS 2.5): the bitmap of 720-1023
.alias FLAGFILE $42     ; a closed file: in use, created by DOS 2
.alias FLAGOPEN $43     ; ... while it is open for writing
.alias FLAGDEL  $80     ; deleted
.alias FLAGLOCK $20     ; locked
