; ===========================================================================
; SURROUND - board.s
; The board of eleven points, its lines, and the rules of moving.
;
;         02----05----08
;       /  |  \  |  /  |  \
;     01--03----06----09--11
;       \  |  /  |  \  |  /
;         04----07----10
;
; OCC(p) tells what stands on point p: 0 = nothing, 1 = a sheep, 2 = the
; wolf.  SHEEP (three points, kept in ascending order) and WOLF are the
; positions the rest of the program and the test harness read.
; ===========================================================================

.alias EMPTY    0
.alias ASHEEP   1
.alias AWOLF    2

; Reasons why a typed sheep move is refused (LASTERR after CHECKMOVE)
.alias ERR_NONE     0
.alias ERR_RANGE    1   ; a point outside 1..11
.alias ERR_NOSHEEP  2   ; no sheep on the source point
.alias ERR_NOLINE   3   ; no line joins the two points
.alias ERR_TAKEN    4   ; the target point is occupied
.alias ERR_BACK     5   ; a sheep may not move back
.alias ERR_SYNTAX   6   ; not of the form FROM,TO
.alias ERR_OVER     7   ; the game is over: RETURN starts a new one

; ---------------------------------------------------------------------------
; PLACESTART - put the pieces on the start points 1,2,4 and 6
; ---------------------------------------------------------------------------
.scope
PlaceStart:
        ldx #11
        lda #EMPTY
*       sta OCC,x
        dex
        bpl -
        ldx #2
*       lda STARTSHEEP,x
        sta SHEEP,x
        tay
        lda #ASHEEP
        sta OCC,y
        dex
        bpl -
        lda #6
        sta WOLF
        tay
        lda #AWOLF
        sta OCC,y
        rts

STARTSHEEP: .byte 1, 2, 4

.scend

; ---------------------------------------------------------------------------
; JOINED - is there a line from point X to point A?
; In:  X = point 1..11, A = point 1..11
; Out: carry set when joined.  Keeps A.
; ---------------------------------------------------------------------------
.scope
Joined:
        ldy NBRFIRST,x
*       ldx NBRLIST,y
        beq _no                 ; 0 ends the list
        iny
        cmp NBRLIST-1,y
        bne -
        sec
        rts
_no:    clc
        rts

.scend

; ---------------------------------------------------------------------------
; CHECKMOVE - may a sheep go from FROMPT to TOPT?
; Checks in this order: both points on the board, a sheep on FROMPT, a line
; between them, TOPT empty, no step back (column of TOPT >= column of FROMPT).
; Out: A = LASTERR = ERR_NONE (0) if the move is legal, else the reason;
;      the Z flag is set for a legal move.
; ---------------------------------------------------------------------------
.scope
CheckMove:
        lda #ERR_RANGE
        ldx FROMPT
        beq _done
        cpx #12
        bcs _done
        ldx TOPT
        beq _done
        cpx #12
        bcs _done
        lda #ERR_NOSHEEP
        ldx FROMPT
        ldy OCC,x
        cpy #ASHEEP
        bne _done
        lda TOPT
        jsr Joined
        lda #ERR_NOLINE
        bcc _done
        lda #ERR_TAKEN
        ldx TOPT
        ldy OCC,x
        bne _done
        lda COLUMN,x            ; column of the target ...
        ldx FROMPT
        cmp COLUMN,x            ; ... must not be less than the source's
        lda #ERR_BACK
        bcc _done
        lda #ERR_NONE
_done:  sta LASTERR
        cmp #ERR_NONE           ; Z flag for the caller (STA leaves the flags)
        rts

.scend

; ---------------------------------------------------------------------------
; MOVESHEEP - move the sheep from FROMPT to TOPT (already checked)
; Keeps SHEEP sorted ascending (so SHEEP+0 is the lowest sheep).
; ---------------------------------------------------------------------------
.scope
MoveSheep:
        ldx FROMPT
        lda #EMPTY
        sta OCC,x
        ldx TOPT
        lda #ASHEEP
        sta OCC,x
        ldx #2
*       lda SHEEP,x
        cmp FROMPT
        beq +
        dex
        bpl -
*       lda TOPT
        sta SHEEP,x
        ; one pass of sorting each way restores the order of three
        ldx #0
        jsr _swap
        ldx #1
        jsr _swap
        ldx #0
_swap:  lda SHEEP,x             ; swap SHEEP(X) and SHEEP(X+1) if out of order
        cmp SHEEP+1,x
        bcc +
        ldy SHEEP+1,x
        sta SHEEP+1,x
        tya
        sta SHEEP,x
*       rts

.scend

; ---------------------------------------------------------------------------
; MOVEWOLF - move the wolf to point A
; ---------------------------------------------------------------------------
.scope
MoveWolf:
        ldx WOLF
        sta WOLF
        lda #EMPTY
        sta OCC,x
        ldx WOLF
        lda #AWOLF
        sta OCC,x
        rts

.scend

; ---------------------------------------------------------------------------
; WOLFMOVES - list the wolf's legal moves, ascending by target point
; Out: WMOVES(0..NWMOVES-1) = the free neighbours of the wolf; A = NWMOVES
;      (the neighbour lists are stored in ascending order, so the list is too)
; ---------------------------------------------------------------------------
.scope
WolfMoves:
        ldx WOLF
        ldy NBRFIRST,x
        ldx #0
_next:  lda NBRLIST,y
        beq _end
        iny
        sty TMP
        tay
        lda OCC,y
        bne _skip               ; occupied: no move there
        tya
        sta WMOVES,x
        inx
_skip:  ldy TMP
        jmp _next
_end:   stx NWMOVES
        txa
        rts

.scend

; ---------------------------------------------------------------------------
; SHEEPCANMOVE - does any sheep have a legal move?
; Out: carry set when at least one sheep can move
; ---------------------------------------------------------------------------
.scope
SheepCanMove:
        lda #2
        sta TMP2                ; sheep number 2, 1, 0
_sheep: ldx TMP2
        lda SHEEP,x
        tax
        lda COLUMN,x
        sta TMP                 ; the column the sheep stands in
        ldy NBRFIRST,x
_nbr:   ldx NBRLIST,y
        beq _nextsheep
        iny
        lda OCC,x
        bne _nbr                ; occupied
        lda COLUMN,x
        cmp TMP
        bcc _nbr                ; that would be a step back
        rts                     ; carry set: a legal move exists
_nextsheep:
        dec TMP2
        bpl _sheep
        clc
        rts

.scend

; ---------------------------------------------------------------------------
; Board tables
; ---------------------------------------------------------------------------
; column of each point (index 0 unused)
COLUMN:     .byte 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4
.scope
; where the neighbour list of each point starts in NBRLIST
NBRFIRST:   .byte 0, _n1-NBRLIST, _n2-NBRLIST, _n3-NBRLIST, _n4-NBRLIST
            .byte _n5-NBRLIST, _n6-NBRLIST, _n7-NBRLIST, _n8-NBRLIST
            .byte _n9-NBRLIST, _n10-NBRLIST, _n11-NBRLIST
; the neighbours of each point in ascending order, each list ended by 0
NBRLIST:
_n1:        .byte 2, 3, 4, 0
_n2:        .byte 1, 3, 5, 6, 0
_n3:        .byte 1, 2, 4, 6, 0
_n4:        .byte 1, 3, 6, 7, 0
_n5:        .byte 2, 6, 8, 0
_n6:        .byte 2, 3, 4, 5, 7, 8, 9, 10, 0
_n7:        .byte 4, 6, 10, 0
_n8:        .byte 5, 6, 9, 11, 0
_n9:        .byte 6, 8, 10, 11, 0
_n10:       .byte 6, 7, 9, 11, 0
_n11:       .byte 8, 9, 10, 0
.scend
