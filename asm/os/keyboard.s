; ===========================================================================
; keyboard.s - the keyboard: its interrupt, the K: handler, key codes
; ===========================================================================
;
; POKEY raises the keyboard IRQ with the key code in KBCODE:
;   bits 0-5 the key, bit 6 SHIFT, bit 7 CONTROL.
; The IRQ handler stores the code in CH ($02FC); K: waits for CH to become
; something other than $FF, translates the code to ATASCII and sets CH
; back to $FF.  BREAK is a separate IRQ (IRQST bit 7): it clears BRKKEY.
; ===========================================================================

; ---------------------------------------------------------------------------
; KEYIRQ - the keyboard interrupt (through VKEYBD).  A is on the stack.
; A key repeats only after the debounce time KEYDEL; CTRL-1 stops and
; restarts screen output (SSFLAG), HELP sets HELPFG.
; ---------------------------------------------------------------------------
.scope
KEYIRQ:
        TXA
        PHA
        LDA KBCODE
        CMP CH1                 ; the same key again so soon? bounce.
        BNE _new
        LDX KEYDEL
        BNE _exit
_new:   STA CH1
        CMP #$9F                ; CTRL-1: stop / go
        BNE _help
        LDA SSFLAG
        EOR #$FF
        STA SSFLAG
        JMP _timer
_help:  AND #$3F
        CMP #$11                ; HELP
        BNE _store
        LDA #$11
        STA HELPFG
        JMP _timer
_store: LDA CH1
        STA CH
_timer: LDA #3
        STA KEYDEL
        LDA KRPDEL
        STA SRTIMR
        LDA #0
        STA ATRACT
_exit:  PLA
        TAX
        PLA
        RTI
.scend

; ---------------------------------------------------------------------------
; BRKIRQ - the BREAK key interrupt (through BRKKY).  A is on the stack.
; Clears BRKKEY, restarts stopped output and puts BRKCODE into CH so that
; a program waiting for a key wakes up and sees the BREAK.
; ---------------------------------------------------------------------------
.scope
BRKIRQ:
        LDA #0
        STA BRKKEY
        STA SSFLAG
        STA ATRACT
        LDA #BRKCODE
        STA CH
        PLA
        RTI
.scend

; ---------------------------------------------------------------------------
; The K: handler
; ---------------------------------------------------------------------------
.scope
KOPEN:
KCLOSE:
KSTAT:
KINIT:  LDY #SUCCES
        RTS
.scend
.scope
KPUT:
KSPEC:  LDY #FNCNOT
        RTS
.scend

; KGET - wait for a key, return its ATASCII code in A (Y = status)
.scope
KGET:   JMP KGETCH
.scend

; ---------------------------------------------------------------------------
; KGETCH - wait for a key and return it as ATASCII
; Out: A = the character, Y = 1; Y = 128 after BREAK, 136 for CTRL-3.
; CAPS, SHIFT-CAPS and CTRL-CAPS set SHFLOK, the Atari key toggles
; INVFLG; those keys, and keys without a meaning, are not returned.
; ---------------------------------------------------------------------------
.scope
KGETCH:
        ; The only keyboard wait loop of the OS.  The emulator recognises
        ; exactly these bytes (AD FC 02 C9 FF F0 F9) and sleeps meanwhile.
KWAIT:  LDA CH
        CMP #$FF
        BEQ KWAIT
        LDX #$FF                ; take the key
        STX CH
        LDX BRKKEY
        BNE _key
        LDX #$80
        STX BRKKEY
        LDY #BRKABT
        RTS
_key:   JSR KCLICK              ; every key taken clicks (A kept)
        CMP #$C0                ; CTRL-SHIFT combinations mean nothing
        BCS KGETCH
        TAX
        LDA KEYTAB,X
        CMP #KYCAPS
        BCC _char
        CMP #KYLAST+1
        BCS _char
        ; one of the special keys KYCAPS..KYLAST
        SEC
        SBC #KYCAPS
        TAX
        BEQ _caps
        DEX
        BEQ _shcap
        DEX
        BEQ _ctcap
        DEX
        BEQ _inv
        DEX
        BEQ _eof
        JMP KGETCH              ; KYNONE
_caps:  LDA SHFLOK              ; CAPS toggles capitals on and off
        BEQ _shcap
        LDA #0
        BEQ _lock
_shcap: LDA #$40
        BNE _lock
_ctcap: LDA #$80
_lock:  STA SHFLOK
        JMP KGETCH
_inv:   LDA INVFLG
        EOR #$80
        STA INVFLG
        JMP KGETCH
_eof:   LDA #EOL
        LDY #EOFERR
        RTS
_char:  JSR KLOCK
        JSR KINVERSE
        LDY #SUCCES
        RTS
.scend

; ---------------------------------------------------------------------------
; KCLICK - the key click on the console speaker, unless NOCLIK is non-zero
; The speaker is CONSOL bit 3 ($D01F, 1 = at rest; Mapping the Atari); the
; XL OS clicks for each key the K: handler takes and stays silent while
; NOCLIK ($02DB) is not 0 (Mapping the Atari, XL/XE appendix: POKE 731,255
; off, 0 on).  The count is 127, the buzzer and key click time Mapping the
; Atari gives (App. 18): 128 scan lines, the counter written to CONSOL at
; every eighth line, so bit 3 turns over every 8 lines (about 980 Hz,
; 8 ms); CONSOL is written only when its bit 3 changes.  The VBI sets
; CONSOL back to 8.  Uses Y; A and X are kept.
; ---------------------------------------------------------------------------
.scope
KCLICK: LDY NOCLIK
        BNE _done
        PHA
        LDY #$7F
_loop:  TYA
        AND #$07
        BNE _line               ; bit 3 changes only when the low bits are 0
        STY CONSOL
_line:  STA WSYNC
        DEY
        BPL _loop
        PLA
_done:  RTS
.scend

; KLOCK - apply the caps lock or control lock to a lower case letter in A
.scope
KLOCK:  CMP #'a
        BCC _done
        CMP #'z+1
        BCS _done
        BIT SHFLOK
        BVS _upper
        BPL _done
        SEC                     ; control lock: a -> $01 ... z -> $1A
        SBC #$60
        RTS
_upper: SEC
        SBC #$20
_done:  RTS
.scend

; KINVERSE - with INVFLG set, printable characters become inverse
; (not ESC, the cursor keys, clear, backspace, tab or codes >= $80)
.scope
KINVERSE:
        LDX INVFLG
        BEQ _done
        CMP #$80
        BCS _done
        CMP #ESC
        BCC _inv
        CMP #CRIGHT+1
        BCC _done
        CMP #CLS
        BCS _done
_inv:   ORA #$80
_done:  RTS

; ---------------------------------------------------------------------------
; KEYTAB - key code -> ATASCII: 64 plain keys, 64 with SHIFT, 64 with CTRL
; ---------------------------------------------------------------------------
.alias KYCAPS   $80             ; CAPS: toggle capitals
.alias KYSHCAP  $81             ; SHIFT-CAPS: capitals
.alias KYCTCAP  $82             ; CTRL-CAPS: control lock
.alias KYINV    $83             ; the Atari (inverse) key
.alias KYEOF    $84             ; CTRL-3: end of file
.alias KYNONE   $85             ; no key, or a key without meaning here
.alias KYLAST   $85
.scend

.scope
KEYTAB:
;       L       J       ;       F1      F2      K       +       *
  .byte 'l,     'j,     $3B,    KYNONE, KYNONE, 'k,     $2B,    $2A
;       O       -       P       U       RETURN  I       -       =
  .byte 'o,     KYNONE, 'p,     'u,     EOL,    'i,     $2D,    '=
;       V       HELP    C       F3      F4      B       X       Z
  .byte 'v,     KYNONE, 'c,     KYNONE, KYNONE, 'b,     'x,     'z
;       4       -       3       6       ESC     5       2       1
  .byte '4,     KYNONE, '3,     '6,     ESC,    '5,     '2,     '1
;       ,       SPACE   .       N       -       M       /       ATARI
  .byte $2C,    $20,    '.,     'n,     KYNONE, 'm,     $2F,    KYINV
;       R       -       E       Y       TAB     T       W       Q
  .byte 'r,     KYNONE, 'e,     'y,     TAB,    't,     'w,     'q
;       9       -       0       7       BKSP    8       <       >
  .byte '9,     KYNONE, '0,     '7,     BS,     '8,     $3C,    $3E
;       F       H       D       -       CAPS    G       S       A
  .byte 'f,     'h,     'd,     KYNONE, KYCAPS, 'g,     's,     'a

; with SHIFT
  .byte 'L,     'J,     $3A,    KYNONE, KYNONE, 'K,     $5C,    $5E
  .byte 'O,     KYNONE, 'P,     'U,     EOL,    'I,     '_,     $7C
  .byte 'V,     KYNONE, 'C,     KYNONE, KYNONE, 'B,     'X,     'Z
  .byte '$,     KYNONE, $23,    $26,    ESC,    '%,     $22,    '!
  .byte $5B,    $20,    $5D,    'N,     KYNONE, 'M,     '?,     KYINV
  .byte 'R,     KYNONE, 'E,     'Y,     SETTAB, 'T,     'W,     'Q
  .byte $28,    KYNONE, $29,    $27,    DELLIN, '@,     CLS,    INSLIN
  .byte 'F,     'H,     'D,     KYNONE, KYSHCAP,'G,     'S,     'A

; with CTRL
  .byte $0C,    $0A,    $7B,    KYNONE, KYNONE, $0B,    CLEFT,  CRIGHT
  .byte $0F,    KYNONE, $10,    $15,    EOL,    $09,    CUP,    CDOWN
  .byte $16,    KYNONE, $03,    KYNONE, KYNONE, $02,    $18,    $1A
  .byte KYNONE, KYNONE, KYEOF,  KYNONE, ESC,    KYNONE, BELL,   KYNONE
  .byte $00,    $20,    $60,    $0E,    KYNONE, $0D,    KYNONE, KYINV
  .byte $12,    KYNONE, $05,    $19,    CLRTAB, $14,    $17,    $11
  .byte KYNONE, KYNONE, KYNONE, KYNONE, DELCHR, KYNONE, CLS,    INSCHR
  .byte $06,    $08,    $04,    KYNONE, KYCTCAP,$07,    $13,    $01
.scend
