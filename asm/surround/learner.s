; ===========================================================================
; SURROUND - learner.s
; The wolf that learns from its defeats.
;
; THE IDEA (from the magazine series "KI in QUICK?")
; The wolf starts with random moves.  When it is trapped it has lost - but
; the position to remember is not the trap itself: the sheep made the last
; move into it.  The wolf remembers the position BEFORE the sheep's last
; move (P), because the wolf itself moved into P and could have avoided it.
; P goes on the BLACK LIST.
;
; Before every move the wolf looks at each legal move (in ascending order of
; the target point) and asks: does it lead to a position on the black list?
; Such a move is "bad".  It chooses at random among the moves that are not
; bad.  If every move is bad, the position it stands in now is lost as well,
; so P goes on the black list too, and it picks any move at random.
;
; Each lost position is one bit of BLACKLIST (1320 bits = 165 bytes), at
; the place the perfect hash NR gives (see hash.s).  The list only grows:
; the wolf gets better with every game.  Only the C command clears it.
; ===========================================================================

; ---------------------------------------------------------------------------
; LEARNP - put P (the position the sheep last moved from) on the black list
; Out: when P is new: LEARNFLAG = 1, the lesson LSHEEP/LWOLF = P, LEARNNR =
;      its NR, GAMELESSONS counts it; LEARNED counts the positions on the
;      list.  A position already there teaches nothing: LEARNFLAG stays 0.
; ---------------------------------------------------------------------------
.scope
LearnP:
        ldx #2
*       lda PSHEEP,x
        sta HS1,x
        dex
        bpl -
        lda PWOLF
        sta HW
        jsr PosNr
        ldx NRBYTE
        lda BLACKLIST,x
        and NRMASK
        bne _known              ; already on the list: nothing new
        lda BLACKLIST,x
        ora NRMASK
        sta BLACKLIST,x
        inc LEARNED
        bne +
        inc LEARNED+1
*       lda NRLO                ; the lesson, for the screen
        sta LEARNNR
        lda NRHI
        sta LEARNNR+1
        ldx #3
*       lda PSHEEP,x            ; (PSHEEP, PWOLF -> LSHEEP, LWOLF)
        sta LSHEEP,x
        dex
        bpl -
        inc GAMELESSONS
        lda #1
        sta LEARNFLAG           ; tell the screen to show the lesson
_known: rts
.scend

; ---------------------------------------------------------------------------
; CHOOSEWOLFMOVE - the learner's decision for the wolf
; In:  WMOVES/NWMOVES = the legal wolf moves (at least one), ascending
; Out: A = the chosen target point
;      GOODMOVES/NGOOD = the moves that are not bad
; ---------------------------------------------------------------------------
.scope
ChooseWolfMove:
        ldx #2                  ; the sheep stay where they are
*       lda SHEEP,x
        sta HS1,x
        dex
        bpl -
        lda #0
        sta NGOOD
        sta MOVEIDX
_look:  ldx MOVEIDX             ; where would this move lead?
        lda WMOVES,x
        sta HW
        jsr PosNr
        ldx NRBYTE
        lda BLACKLIST,x
        and NRMASK
        bne _bad                ; onto the black list: a bad move
        lda HW
        ldx NGOOD
        sta GOODMOVES,x
        inc NGOOD
_bad:   inc MOVEIDX
        lda MOVEIDX
        cmp NWMOVES
        bcc _look

        lda NGOOD
        beq _allbad
        jsr RandomIndex         ; a good move, at random
        lda GOODMOVES,x
        rts
_allbad:
        jsr LearnP              ; every move is bad: P is lost as well
        lda NWMOVES
        jsr RandomIndex         ; any legal move, at random
        lda WMOVES,x
        rts
.scend

; ---------------------------------------------------------------------------
; RANDOMINDEX - a random number 0..N-1, every value equally likely
; In:  A = N (1..8)
; Out: X = the random index
; Takes a random byte from POKEY, keeps just enough low bits to cover N-1
; (1, 2 or 3 bits) and tries again while the value is N or more
; ("rejection sampling"): no value is favoured.
; ---------------------------------------------------------------------------
.scope
RandomIndex:
        sta TMP
        tax
        lda RANDMASK,x
        sta TMP2
*       lda RANDOM
        and TMP2
        cmp TMP
        bcs -                   ; N or more: draw again
        tax
        rts
; the smallest mask 2^k-1 that covers 0..N-1, for N = 0..8
RANDMASK:   .byte 0, 0, 1, 3, 3, 7, 7, 7, 7
.scend
