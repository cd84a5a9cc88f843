; ===========================================================================
; SURROUND - equates.s
; Official Atari names for the operating-system locations and hardware
; registers this program uses.  Every address below is documented in the
; Atari OS User's Manual / Hardware Manual; nothing private to one OS
; version is used.
; ===========================================================================

; --- Page zero, OS (read or set through their documented meaning) --------
.alias BOOTQ    $09     ; BOOT?: bit 0 set = a disk program was booted, and
                        ; a RESET calls its DOSINI (Mapping the Atari, 9)
.alias DOSVEC   $0A     ; where the OS goes at the end of a RESET (word)
.alias DOSINI   $0C     ; the booted program's initialisation (word)
.alias RTCLOK   $12     ; real-time clock, 3 bytes, +1 every VBLANK
.alias LMARGN   $52     ; left margin of the screen editor (normally 2)
.alias ROWCRS   $54     ; cursor row (0..23), as set by BASIC's POSITION
.alias COLCRS   $55     ; cursor column, 2 bytes (lo, hi)
.alias SAVMSC   $58     ; address of the screen memory (2 bytes)

; --- Page two and three, OS shadows and IOCBs ---------------------------
.alias RUNAD    $02E0   ; run address of a binary-load file
.alias INITAD   $02E2   ; init address of a binary-load file
.alias VVBLKD   $0224   ; deferred vertical blank vector
.alias HELPFG   $02DC   ; XL HELP key flag: $11 after HELP (+$40 SHIFT, +$80 CTRL)
.alias CRSINH   $02F0   ; cursor inhibit (0 = cursor shown)
.alias CHBAS    $02F4   ; character-set base, shadow of CHBASE (page number)
.alias CH       $02FC   ; last key pressed ($FF = none)
.alias COLOR0   $02C4   ; playfield colour shadows
.alias COLOR1   $02C5   ; GRAPHICS 0: luminance of the text
.alias COLOR2   $02C6   ; GRAPHICS 0: colour of the text field
.alias COLOR3   $02C7
.alias COLOR4   $02C8   ; border (background) colour

.alias ICHID    $0340   ; IOCB 0 (the screen editor E:), 16 bytes per IOCB
.alias ICCOM    $0342   ; command byte
.alias ICSTA    $0343   ; status of the last operation
.alias ICBAL    $0344   ; buffer address, lo
.alias ICBAH    $0345   ; buffer address, hi
.alias ICBLL    $0348   ; buffer length, lo
.alias ICBLH    $0349   ; buffer length, hi
.alias ICAX1    $034A   ; auxiliary byte 1 (open mode)
.alias ICAX2    $034B   ; auxiliary byte 2

; --- CIO commands and codes ----------------------------------------------
.alias COPN     $03     ; OPEN
.alias CGTXTR   $05     ; GET RECORD (a text line up to EOL)
.alias CGBINR   $07     ; GET CHARACTERS (length 0: one byte in A)
.alias CPTXTR   $09     ; PUT RECORD
.alias CCLOSE   $0C     ; CLOSE
.alias OPIN     $04     ; open for input
.alias OPOUT    $08     ; open for output
.alias EOL      $9B     ; ATASCII end of line (RETURN)

; --- OS entry points (jump vectors in ROM) -------------------------------
.alias CIOV     $E456   ; central input/output
.alias SETVBV   $E45C   ; set a VBI vector: A = 7 (deferred), X = hi, Y = lo
.alias XITVBV   $E462   ; the end of a deferred VBI routine

; --- Key codes (as in CH) -------------------------------------------------
.alias KEYESC   $1C     ; the ESC key

; --- Hardware ------------------------------------------------------------
.alias RANDOM   $D20A   ; POKEY: random byte (read)
