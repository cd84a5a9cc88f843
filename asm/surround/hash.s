; ===========================================================================
; SURROUND - hash.s
; The perfect hash NR: one number 1..1320 for every placement of three
; sheep and the wolf, and with it the place of the position on the black
; list (a byte and a bit).
;
; HOW THE NUMBER IS MADE
; The wolf stands on one of 11 points: W = wolf-1 (0..10).  The three
; sheep stand on three of the 10 points the wolf leaves free.  Count those
; 10 free points 0..9: a sheep on point p gets p-1, or p-2 if it stands
; above the wolf.  Sorted, these are S1 < S2 < S3.  There are
; C(10,3) = 120 ways to choose them, so
;
;     NR = (place of S1,S2,S3 among the 120) + 1 + 120*W
;
; The magazine wrote the place as one cubic formula in S1, S2, S3:
;
;     ((( -2*S2 + 30)*S2 - 6*S1 - 34)*S2 + 54*S1 + 6*S3) / 6
;
; which splits into three parts a 6502 can do without dividing:
;
;     T(S2)           = (-2*S2^3 + 30*S2^2 - 34*S2)/6  -> a table (S2 = 1..8)
;     S1 * (9 - S2)   -> one small multiply (at most 7 additions)
;     S3              -> just added
;
; Here PLACE = T(S2) + S1*(9-S2) + S3 - 1 runs 0..119.  The table TPLUS1
; holds T(S2)+1, so PLACE = TPLUS1(S2) + S1*(9-S2) + S3 - 2 (S3 >= 2 keeps
; every step positive).
;
; WHERE THE BIT IS
; Position NR is bit (NR-1) MOD 8 of byte (NR-1) DIV 8 of the black list.
; NR-1 = PLACE + 120*W, and 120 = 8*15, so
;
;     byte = 15*W + PLACE DIV 8      (always 0..164: one 8-bit index!)
;     bit  = PLACE MOD 8
;
; No 16-bit shifting is needed to look a position up.
; ===========================================================================

; ---------------------------------------------------------------------------
; POSNR - number a position
; In:   HS1, HS2, HS3 = the sheep points (1..11, any order)
;       HW            = the wolf point (1..11)
; Out:  NRBYTE = byte index 0..164 into BLACKLIST
;       NRMASK = the bit inside that byte ($01 for bit 0 ... $80 for bit 7)
;       NRLO/NRHI = NR itself (1..1320), for the screen and for tests
; Uses: A, X, Y, SV1..SV3, PLACE, TMP
; About 200 cycles.
; ---------------------------------------------------------------------------
.scope
PosNr:
        ; --- 1. count every sheep among the ten points left free by the wolf
        ldx #2
_free:  lda HS1,x
        cmp HW                  ; carry set: the sheep stands above the wolf
        bcc _below
        sbc #1                  ; (carry is set) one less for the wolf's point
_below: sec
        sbc #1                  ; and one less to count from 0
        sta SV1,x
        dex
        bpl _free

        ; --- 2. sort them: SV1 < SV2 < SV3 (three compare-and-swaps)
        lda SV1
        cmp SV2
        bcc +
        ldx SV2
        sta SV2
        stx SV1
*       lda SV2
        cmp SV3
        bcc +
        ldx SV3
        sta SV3
        stx SV2
*       lda SV1
        cmp SV2
        bcc +
        ldx SV2
        sta SV2
        stx SV1
*
        ; --- 3. PLACE = TPLUS1(S2) + S3 - 2 + S1*(9-S2)
        ldy SV2
        lda TPLUS1,y
        clc
        adc SV3
        sec
        sbc #2
        ldx SV1                 ; S1 times ...
        beq _placed
        sta PLACE
        lda #9                  ; ... (9 - S2)
        sec
        sbc SV2
        sta TMP
        lda PLACE
_mul:   clc
        adc TMP
        dex
        bne _mul
_placed:
        sta PLACE               ; 0..119

        ; --- 4. byte and bit on the black list
        and #7
        tax
        lda BITMASK,x
        sta NRMASK
        lda PLACE
        lsr
        lsr
        lsr                     ; PLACE DIV 8 (0..14)
        clc
        ldx HW
        adc TIMES15-1,x         ; + 15*(wolf-1)
        sta NRBYTE

        ; --- 5. NR = PLACE + 1 + 120*W, 16 bits
        lda PLACE
        sec                     ; the +1
        adc TIMES120LO-1,x
        sta NRLO
        lda TIMES120HI-1,x
        adc #0
        sta NRHI
        rts

.scend

; ---------------------------------------------------------------------------
; Tables of the hash
; ---------------------------------------------------------------------------
; TPLUS1(S2) = (-2*S2^3 + 30*S2^2 - 34*S2)/6 + 1 for S2 = 0..8
; (S2 = 0 cannot happen, S1 < S2; the entry is there for indexing)
TPLUS1:     .byte 0, 0, 7, 20, 37, 56, 75, 92, 105
; 15*W and 120*W for W = 0..10 (indexed by the wolf's point minus 1)
TIMES15:    .byte 0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150
TIMES120LO: .byte <0, <120, <240, <360, <480, <600, <720, <840, <960, <1080, <1200
TIMES120HI: .byte >0, >120, >240, >360, >480, >600, >720, >840, >960, >1080, >1200
; the bit masks for bit 0..7
BITMASK:    .byte $01, $02, $04, $08, $10, $20, $40, $80
