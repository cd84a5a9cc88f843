; ===========================================================================
; rt_vars.s - the run-time side's RAM, inside the blocks equates.s gives it
; ===========================================================================
; Zero page: RT_ZP ($A9-$B6), RT_ZP2 ($BC-$C0, $C2), RT_ZP3 ($C4-$C8),
; RT_D2 ($D2-$D3).  Page 4: RT_PAGE4 ($0480-$04FF).  Locations that Atari
; BASIC documents keep their documented addresses ("Mapping the Atari",
; locations 182-200): DATAD $B6, COLOR $C8 (TRAPLN $BC is in equates.s).
; ===========================================================================

; --- zero page: pointers used with (zp),Y and the hottest bytes -----------
.alias VVTPTR   RT_ZP+0         ; (word) the variable's value table entry
.alias VALPTR   RT_ZP+2         ; (word) the six value bytes of a number
.alias RT_T0    RT_ZP+4         ; (word) scratch pointers
.alias RT_T1    RT_ZP+6         ; (word)  (RT_T1: a run-time stack entry)
.alias RT_T2    RT_ZP+8         ; (word)
.alias RT_TGT   RT_ZP+10        ; (word) GET/STATUS/NOTE/LOCATE's variable
.alias VTYPE    RT_ZP+12        ; what FR0 holds: 0 number, $80 string
.alias DATAD    $B6             ; READ: elements already read in DATALN
.alias ARSLVL   RT_ZP2+2        ; the argument stack's fill (bytes)
.alias RT_LEVEL RT_ZP2+3        ; EXPR: the operator level at hand
.alias RT_JSET  RT_ZP2+4        ; $FF when a second subscript was given
.alias RT_QUAD  RT_ZP2+6        ; SIN/COS: the quadrant; ATN, ^: flags
.alias RT_I     RT_ZP3+0        ; (word) first subscript
.alias RT_J     RT_ZP3+2        ; (word) second subscript
.alias COLOR    $C8             ; the colour of PLOT and DRAWTO (COLOR)
.alias RT_CNT   RT_D2           ; SQR: the iteration count; ATN, USR
.alias RT_STOPCH RT_D2+1        ; READ_ITEM: the character ending a string

; --- page 4 -----------------------------------------------------------------
.alias ARGSTK   RT_PAGE4        ; 84 bytes: pending operands, 6 bytes each
.alias RT_ARGV  RT_PAGE4+$56    ; 4 words: EVAL_ARGS's values
.alias RT_ARGN  RT_PAGE4+$5E    ; EVAL_ARGS: 2 * the count
.alias RT_SP    RT_PAGE4+$60    ; the 6502 stack pointer when EXECUTE began
.alias RT_N     RT_PAGE4+$62    ; a count
.alias RT_INIOCB RT_PAGE4+$63   ; INPUT's IOCB * 16
.alias RT_T3    RT_PAGE4+$64    ; (word) scratch
.alias RT_USR   RT_PAGE4+$68    ; (word) USR's routine address
.alias RT_CHR   RT_PAGE4+$6A    ; CHR$'s one-character result
.alias FTMP1    RT_PAGE4+$6B    ; three 6-byte floating point temporaries
.alias FTMP2    RT_PAGE4+$71
.alias FTMP3    RT_PAGE4+$77
; RT_PAGE4+$7D-$7F: free
