; ===========================================================================
;
;    S U R R O U N D   -   the wolf that learns
;
;    For the Atari 400/800/XL/XE, machine language, Ophis syntax.
;    After "KI in QUICK?" by H. Schoenfeld and B. Spellenberg: three sheep
;    try to trap a wolf on an eleven-point board.  The computer plays the
;    wolf.  It starts out playing at random, and learns from every game it
;    loses by keeping a black list of lost positions (learner.s), found in
;    a perfect hash table (hash.s).  The exact rules: docs/rules.md.
;
;    Build:  surround build      (or: ophis -o build/surround.xex
;            -l build/surround.lst -m build/surround.map asm/surround.s)
;    The output is an Atari binary-load file: load it from DOS 2.0S
;    (L, SURROUND.XEX) or run it in the emulator.
;
;    PLAY:   type the sheep's move as FROM,TO (or FROM TO) and RETURN,
;            e.g. 2,3.  N = new game, C = clear the black list (asks Y/N);
;            when a game is over RETURN starts the next one.
;
; MEMORY
;    $2000-$23FF  CHARSET: our character set (filled at run time)
;    $2400-$24FF  buffers filled at run time (input line, screen tables)
;    $2500-$3407  the program, its tables and its state (loaded)
;    $4000-$43BF  SCREENCOPY: the game screen while the help page shows
;    $0080-$00A3  zero page: free for a machine-language program that does
;                 not use BASIC or the floating-point package (we use
;                 neither); listed below
;    Screen memory is the OS's own (SAVMSC) after opening E:.  Above DOS
;    2.0S (MEMLO $1CFC) and below the screen, so it runs from DOS.
;
; OS USE
;    Only documented entry points and locations: CIOV with IOCB 0 (E::
;    OPEN, CLOSE, PUT RECORD) and IOCB 1 (K:: OPEN, CLOSE, GET
;    CHARACTERS), CRSINH, SAVMSC, CHBAS, COLOR1/2/4, and POKEY's RANDOM.
;    Keys are read one at a time from K:, and the program draws the input
;    field and its cursor itself: no key can scroll or scribble on the
;    screen, on any OS that behaves as Atari's documents say.
;
; THE PARTS
;    surround.s          start-up, the main loop, the commands, the course
;                        of a game (SHEEPMOVE, ENDGAME), the state
;    surround/board.s    the board, its lines, the rules of moving
;    surround/hash.s     the perfect hash NR of a position
;    surround/learner.s  the wolf: black list, choice of move, random
;    surround/input.s    reading and understanding the typed line
;    surround/screen.s   drawing straight into screen memory
;    surround/font.s     our character set: pieces and board lines
;    surround/texts.s    every text on the screen
;
;    The main loop: show the prompt, read a line (key by key from K:),
;    find out what it says, obey it.  A sheep move is checked, played and
;    answered by the wolf before the next prompt; only the screen cells
;    that change are rewritten, so a move costs about 5000 cycles
;    (3 ms) besides the OS's reading of the keys.
;
; STATE FOR THE TEST HARNESS
;    The harness finds these labels in build/surround.map (Ophis writes the
;    names in lower case): SHEEP (3 points, ascending), WOLF, MOVENUM,
;    GAMESTATE (0 = sheep to move, 1 trapped, 2 escaped, 3 time, 4 sheep
;    stuck), WOLFFROM/WOLFTO (the wolf's move this turn, 0 if none),
;    BLACKLIST (165 bytes: NR is bit (NR-1) mod 8 of byte (NR-1) div 8),
;    LEARNED, SHEEPWINS, WOLFWINS, GAMENUM, INPUTWAIT, INPUTSEQ, ASKING,
;    LASTERR.  A black list may be put into BLACKLIST from outside (a saved
;    list, or a test); then call RECOUNTLEARNED (JSR) to count and show it.
;    (It loads empty with the program, and START counts what it holds, so
;    a saved list may also come as one more segment of the load file.)
;    POSNR (JSR) is the hash routine on its own: HS1-HS3, HW in,
;    NRLO/NRHI, NRBYTE, NRMASK out.
; ===========================================================================

.include "surround/equates.s"

; Text is stored as internal screen codes, so it can be copied straight
; into screen memory: ATASCII 32..95 (space, digits, capitals) become
; screen codes 0..63.
.charmap 32, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.charmap 48, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
.charmap 64, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47
.charmap 80, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63

; ---------------------------------------------------------------------------
; Zero page ($80-$A1)
; ---------------------------------------------------------------------------
.data zeropage
.org $80
.space PTR      2       ; the screen row being written
.space SRC      2       ; a source pointer (text, picture, font)
.space DST      2       ; a destination pointer
.space HS1      1       ; the position to number (POSNR): three sheep ...
.space HS2      1
.space HS3      1
.space HW       1       ; ... and the wolf
.space SV1      1       ; the sheep counted among the wolf's free points,
.space SV2      1       ; sorted
.space SV3      1
.space PLACE    1       ; place of the sheep among the 120 (0..119)
.space NRBYTE   1       ; POSNR's answer: byte of BLACKLIST,
.space NRMASK   1       ; bit in that byte,
.space NRLO     1       ; and NR itself
.space NRHI     1
.space TMP      1       ; scratch
.space TMP2     1
.space NUMLO    1       ; a number to print
.space NUMHI    1
.space FIELDW   1       ; width of the field it is printed in
.space SAVEX    1
.space CURCOL   1       ; column being written
.space TXTMASK  1       ; $80: write in inverse video
.space ARG1     1       ; numbers that texts print ($FE, $FD)
.space ARG2     1
.space MOVEIDX  1       ; the wolf move being examined
.space DIGITS   5       ; decimal digits of NUMLO/NUMHI
.space TBL      2       ; a table of texts to draw (DRAWTEXTS)
.checkpc $A4

; ---------------------------------------------------------------------------
; RAM filled at run time (not part of the file)
; ---------------------------------------------------------------------------
.data buffers
.org $2000
.space CHARSET  1024    ; the character set (1K boundary for CHBASE)
.space INBUF    128     ; the typed line
.space ROWLO    24      ; address of every screen row
.space ROWHI    24
.space CELLLO   12      ; address of every board point's cell
.space CELLHI   12
.checkpc $2500

.data screencopy
.org $4000
.space SCREENCOPY 960   ; the game screen while the help page shows

; ---------------------------------------------------------------------------
; The file: one segment with the program, one with the run address
; ---------------------------------------------------------------------------
.text
        .word $FFFF                     ; binary-load file
        .word PROGSTART, PROGEND-1
.org $2500
PROGSTART:

; ---------------------------------------------------------------------------
; START - the run address: set up the screen, then play forever
; ---------------------------------------------------------------------------
.scope
Start:
        cld
        jsr OpenScreen
        jsr MakeFont
        jsr MakeTables
        jsr InstallVbi
        jsr HookReset
        jsr CountLearned
        jsr DrawAll
        jsr NewGame
        jsr LoadBlacklist       ; the wolf remembers: D:SURROUND.BLK (blkfile.s)
MainLoop:
        jsr ShowPrompt
        jsr ReadLine
        jsr ParseLine
        jsr Obey
        jmp MainLoop
.scend

; ---------------------------------------------------------------------------
; RESTART - where a RESET brings the game back (the OS jumps through
; DOSVEC, see HOOKRESET).  The OS has cleared its own variables and opened
; a fresh screen, but our memory is as it was: the game, the score and the
; black list.  Only the screen, the font and the VBI are set up again.
; ---------------------------------------------------------------------------
.scope
Restart:
        cld
        jsr OpenScreen
        jsr MakeFont
        jsr MakeTables
        jsr InstallVbi
        lda #0
        sta ASKING
        sta INPUTWAIT
        sta HELPREQ
        jsr Redraw
        jmp MainLoop
.scend

; ---------------------------------------------------------------------------
; HOOKRESET - survive the RESET key, as a booted program does (Mapping the
; Atari, DOSINI and DOSVEC; De Re Atari): on a warm start the OS calls
; (DOSINI) when bit 0 of BOOT? is set, then jumps through DOSVEC.  The
; previous DOSINI (DOS's, when loaded from DOS) is kept in OLDINI and still
; called first; DOS may point DOSVEC back at itself, so RESETINIT points
; it at RESTART again afterwards.
; ---------------------------------------------------------------------------
.scope
HookReset:
        lda DOSINI              ; hooked already?  Then keep OLDINI.
        cmp #<ResetInit
        bne _save
        lda DOSINI+1
        cmp #>ResetInit
        beq _hook
_save:  lda DOSINI
        sta OLDINI
        lda DOSINI+1
        sta OLDINI+1
_hook:  lda #<ResetInit
        sta DOSINI
        lda #>ResetInit
        sta DOSINI+1
        lda BOOTQ
        ora #1
        sta BOOTQ
        jmp SetDosvec

ResetInit:
        lda OLDINI+1            ; the previous initialisation, if any
        beq SetDosvec
        jsr _old
SetDosvec:
        lda #<Restart
        sta DOSVEC
        lda #>Restart
        sta DOSVEC+1
        rts
_old:   jmp (OLDINI)
.scend

; ---------------------------------------------------------------------------
; INSTALLVBI - our deferred vertical blank routine (SETVBV, A = 7)
; HELPVBI - the XL's HELP key does not reach K: (the OS only sets HELPFG),
; so once a frame: if HELPFG is set and no key waits, clear it, note
; HELPREQ and put the ESC key into CH.  K: then returns, and READLINE
; sees HELPREQ and shows the help page.
; ---------------------------------------------------------------------------
.scope
InstallVbi:
        lda #7
        ldx #>HelpVbi
        ldy #<HelpVbi
        jmp SETVBV

HelpVbi:
        lda HELPFG
        beq _out
        lda CH
        cmp #$FF
        bne _out                ; a key waits: HELP comes next frame
        lda #0
        sta HELPFG
        lda #1
        sta HELPREQ
        lda #KEYESC
        sta CH
_out:   jmp XITVBV
.scend

; ---------------------------------------------------------------------------
; HELP - the help page: the game screen goes to SCREENCOPY, the page is
; drawn, any key brings the game screen back
; ---------------------------------------------------------------------------
.scope
Help:
        jsr SwapScreen
        jsr ClearScreen
        lda #<HELPTEXTS
        sta TBL
        lda #>HELPTEXTS
        sta TBL+1
        jsr DrawTexts
        jsr GetKey
        lda #0
        sta HELPREQ
        jmp SwapScreen
.scend

; ---------------------------------------------------------------------------
; OPENSCREEN - a fresh GRAPHICS 0 screen: CLOSE and OPEN E: on IOCB 0,
; then our colours (a dark green meadow)
; ---------------------------------------------------------------------------
.scope
OpenScreen:
        ldx #0
        lda #CCLOSE
        sta ICCOM,x
        jsr CIOV
        ldx #0
        lda #COPN
        sta ICCOM,x
        lda #<EDEVICE
        sta ICBAL,x
        lda #>EDEVICE
        sta ICBAH,x
        lda #OPIN+OPOUT
        sta ICAX1,x
        lda #0
        sta ICAX2,x
        jsr CIOV
        lda #1                  ; no OS cursor: the program draws its own
        sta CRSINH              ; in the input field (input.s)
        ldx #0                  ; one empty line: the cursor leaves row 0,
        lda #CPTXTR             ; and with CRSINH set the editor takes it
        sta ICCOM,x             ; off the screen without drawing it again
        lda #<EOLTEXT
        sta ICBAL,x
        lda #>EOLTEXT
        sta ICBAH,x
        lda #1
        sta ICBLL,x
        lda #0
        sta ICBLH,x
        jsr CIOV
        lda #$C2                ; text field: dark green
        sta COLOR2
        lda #$C0                ; border: darker green
        sta COLOR4
        lda #$0E                ; text: bright
        sta COLOR1
        jmp OpenKeyboard
EDEVICE: .byte $45, $3A         ; "E:" in ATASCII ...
EOLTEXT: .byte EOL              ; ... ended by EOL (also an empty line)
.scend

; ---------------------------------------------------------------------------
; OBEY - do what the typed line (CMD) asks for
; ---------------------------------------------------------------------------
.scope
Obey:
        ldx #ERR_NONE
        stx LASTERR
        cmp #CMD_MOVE
        beq DoMove
        cmp #CMD_NEW
        beq DoNew
        cmp #CMD_CLEAR
        beq DoClear
        cmp #CMD_EMPTY
        beq DoReturn
        lda #ERR_SYNTAX         ; Y, other letters, garbage
        jmp ShowError
.scend

; RETURN alone: a new game if this one is over
.scope
DoReturn:
        lda GAMESTATE
        bne NewGame
        lda #ERR_SYNTAX
        jmp ShowError
.scend

; N: a new game - after asking, if a game is under way
.scope
DoNew:
        lda GAMESTATE
        bne NewGame
        lda MOVENUM
        beq NewGame
        lda #<TXT_ASKNEW
        ldy #>TXT_ASKNEW
        jsr AskYesNo
        bcs NewGame
        rts
.scend

; C: clear the black list, after asking
.scope
DoClear:
        lda #<TXT_ASKCLEAR
        ldy #>TXT_ASKCLEAR
        jsr AskYesNo
        bcc _no
        lda #0
        ldx #BLACKLISTLEN-1
*       sta BLACKLIST,x
        dex
        cpx #$FF
        bne -
        jsr CountLearned
        jsr SaveBlacklist
        ldx #ROW_RESULT
        lda #<TXT_CLEARED
        ldy #>TXT_CLEARED
        jsr ShowLine
        lda #1
        sta ERRSHOWN
_no:    rts
.scend

; a move: check it, then play it
.scope
DoMove:
        lda GAMESTATE
        beq +
        lda #ERR_OVER
        jmp ShowError
*       jsr CheckMove
        beq +
        jmp ShowError
*       jmp SheepMove
.scend

; ---------------------------------------------------------------------------
; ASKYESNO - ask the question at A/Y (lo/hi) and read the answer
; Out: carry set for Y(es)
; ---------------------------------------------------------------------------
.scope
AskYesNo:
        ldx #ROW_PROMPT
        jsr ShowLine
        lda #0
        sta PROMPTSHOWN         ; the normal prompt must be shown again
        lda #1
        sta ASKING
        jsr ReadLine
        jsr ParseLine
        ldx #0
        stx ASKING
        cmp #CMD_YES
        beq +
        clc
        rts
*       sec
        rts
.scend

; ---------------------------------------------------------------------------
; NEWGAME - a new game from 1,2,4-6 (the black list and the score stay)
; ---------------------------------------------------------------------------
.scope
NewGame:
        jsr PlaceStart
        lda #0
        sta MOVENUM
        sta GAMELESSONS
        sta GAMESTATE
        sta WOLFFROM
        sta WOLFTO
        sta LEARNFLAG
        sta LEARNSHOWN
        sta ERRSHOWN
        inc GAMENUM
        bne +
        inc GAMENUM+1
*       jsr DrawPoints
        jsr ShowMove
        ldx #ROW_WOLFMSG
        jsr ClearRow
        ldx #ROW_LEARNMSG
        jsr ClearRow
        ldx #ROW_RESULT
        jmp ClearRow
.scend

; ---------------------------------------------------------------------------
; DRAWALL - the whole screen except the board's pieces
; ---------------------------------------------------------------------------
.scope
DrawAll:
        jsr DrawStatic
        jsr ShowScore
        lda #0
        sta PROMPTSHOWN
        jmp ShowLearned
.scend

; ---------------------------------------------------------------------------
; REDRAW - the whole screen as the game stands (after RESET): the pieces,
; the move counter, the wolf's last move and the result of a finished game
; ---------------------------------------------------------------------------
.scope
Redraw:
        jsr DrawAll
        jsr DrawPoints
        jsr ShowMove
        jsr ShowWolfMove
        lda #0
        sta LEARNSHOWN
        sta ERRSHOWN
        jsr ShowSaveErr         ; a save that failed still says so
        lda GAMESTATE
        beq +
        jsr ShowResult
        lda #1
        sta ERRSHOWN
*       rts
.scend

; ---------------------------------------------------------------------------
; SHEEPMOVE - play the checked sheep move FROMPT -> TOPT, then the game goes
; on as docs/rules.md says:
;   after the sheep's move: 1. the wolf cannot move: trapped (the sheep win)
;                           2. every sheep above the wolf: escaped
;                           3. the 15th sheep move: time is up
;   the wolf's turn (learner.s)
;   after the wolf's move:  1. every sheep above the wolf: escaped
;                           2. the sheep cannot move: stuck
; ---------------------------------------------------------------------------
.scope
SheepMove:
        ldx #2                  ; P = the position the sheep move from
*       lda SHEEP,x
        sta PSHEEP,x
        dex
        bpl -
        lda WOLF
        sta PWOLF
        lda #0
        sta WOLFFROM
        sta WOLFTO
        sta LEARNFLAG
        jsr MoveSheep
        inc MOVENUM
        ldx FROMPT
        jsr DrawPoint
        ldx TOPT
        jsr DrawPoint
        jsr ShowMove
        jsr ClearOldNews

        jsr WolfMoves           ; 1. can the wolf move at all?
        bne _canmove
        jsr LearnP              ; no: trapped, and the wolf learns P
        lda #RES_TRAPPED
        jmp EndGame
_canmove:
        lda WOLF                ; 2. the lowest sheep above the wolf?
        cmp SHEEP
        bcs _time
        lda #RES_ESCAPED
        jmp EndGame
_time:  lda MOVENUM             ; 3. the 15th move?
        cmp #15
        bcc _wolf
        lda #RES_TIME
        jmp EndGame

_wolf:  jsr ChooseWolfMove      ; the learner picks the wolf's move
        ldx WOLF
        stx WOLFFROM
        sta WOLFTO
        jsr MoveWolf
        ldx WOLFFROM
        jsr DrawPoint
        ldx WOLFTO
        jsr DrawPoint
        jsr ShowWolfMove
        lda LEARNFLAG
        beq +
        jsr ShowLesson
        jsr ShowLearned
        jsr SaveBlacklist       ; after every lesson
*       lda WOLF                ; 1. the wolf below every sheep?
        cmp SHEEP
        bcs _stuck
        lda #RES_ESCAPED
        jmp EndGame
_stuck: jsr SheepCanMove        ; 2. can the sheep still move?
        bcs _goon
        lda #RES_STUCK
        jmp EndGame
_goon:  rts
.scend

; ---------------------------------------------------------------------------
; ENDGAME - the game is over with result A: count it and say so
; ---------------------------------------------------------------------------
.scope
EndGame:
        sta GAMESTATE
        cmp #RES_TRAPPED
        bne _wolfwins
        inc SHEEPWINS
        bne _shown
        inc SHEEPWINS+1
        jmp _shown
_wolfwins:
        inc WOLFWINS
        bne _shown
        inc WOLFWINS+1
_shown: jsr ShowScore
        jsr ShowWolfMove        ; the wolf's last move, if it made one
        jsr ShowLearned
        lda LEARNFLAG
        beq +
        jsr SaveBlacklist       ; after every lesson (blkfile.s)
*       lda GAMESTATE
        cmp #RES_TRAPPED
        bne _wolfwon
        lda GAMELESSONS         ; the sheep won: what did this game teach?
        bne _lesson
        jsr ShowNothingNew      ; nothing: P was known already
        jmp _result
_wolfwon:
        lda LEARNFLAG           ; a lesson in the wolf's last turn
        beq _result
_lesson:
        jsr ShowLesson          ; this game's (latest) new lesson
_result:
        jsr ShowResult
        lda #1
        sta ERRSHOWN
        rts
.scend

; ---------------------------------------------------------------------------
; SHOWRESULT - the result of the finished game, in inverse video
; ---------------------------------------------------------------------------
.scope
ShowResult:
        ldx GAMESTATE
        lda RESULTLO-1,x
        ldy RESULTHI-1,x
        ldx #ROW_RESULT
        jsr ShowLine
        ldy CURCOL              ; from the text's end back to its start
_inv:   dey
        lda (PTR),y
        ora #INVERSE
        sta (PTR),y
        cpy #COL_TEXT
        bne _inv
        rts
.scend

; ---------------------------------------------------------------------------
; CLEAROLDNEWS - blank the lesson and the error/result rows if they show
; something (the wolf's row is rewritten every turn anyway)
; ---------------------------------------------------------------------------
.scope
ClearOldNews:
        lda LEARNSHOWN
        beq +
        ldx #ROW_LEARNMSG
        jsr ClearRow
        lda #0
        sta LEARNSHOWN
*       lda ERRSHOWN
        beq +
        ldx #ROW_RESULT
        jsr ClearRow
        lda #0
        sta ERRSHOWN
*       rts
.scend

; ---------------------------------------------------------------------------
; SHOWERROR - tell why the typed line was refused (A = ERR_ code)
; ---------------------------------------------------------------------------
.scope
ShowError:
        sta LASTERR
        tax
        lda FROMPT
        sta ARG1
        lda TOPT
        sta ARG2
        lda ERRLO-1,x
        ldy ERRHI-1,x
        ldx #ROW_RESULT
        jsr ShowLine
        lda #1
        sta ERRSHOWN
        rts
.scend

; ---------------------------------------------------------------------------
; SHOWPROMPT - the question in the prompt row: the sheep's move, or RETURN
; for a new game (written only when it changes)
; ---------------------------------------------------------------------------
.scope
ShowPrompt:
        ldx #1                  ; prompt 1: the sheep's move
        lda GAMESTATE
        beq +
        inx                     ; prompt 2: game over
*       cpx PROMPTSHOWN
        beq _same
        stx PROMPTSHOWN
        lda PROMPTLO-1,x
        ldy PROMPTHI-1,x
        ldx #ROW_PROMPT
        jmp ShowLine
_same:  rts
.scend

; ---------------------------------------------------------------------------
; COUNTLEARNED - count the positions on the black list (its 1-bits) into
; LEARNED and show the number.  RECOUNTLEARNED is the same routine for a
; caller from outside, after it has put a black list into BLACKLIST.
; ---------------------------------------------------------------------------
.scope
RecountLearned:
CountLearned:
        lda #0
        sta LEARNED
        sta LEARNED+1
        ldx #BLACKLISTLEN-1
_byte:  lda BLACKLIST,x
_bit:   beq _next
        asl
        bcc _bit
        inc LEARNED
        bne _bit
        inc LEARNED+1
        jmp _bit
_next:  dex
        cpx #$FF
        bne _byte
        jmp ShowLearned
.scend

.include "surround/board.s"
.include "surround/hash.s"
.include "surround/learner.s"
.include "surround/input.s"
.include "surround/screen.s"
.include "surround/font.s"
.include "surround/texts.s"
.include "surround/blkfile.s"

; ===========================================================================
; THE STATE - the harness reads these (see the header)
; ===========================================================================
.alias RES_TRAPPED  1
.alias RES_ESCAPED  2
.alias RES_TIME     3
.alias RES_STUCK    4
.alias BLACKLISTLEN 165

SHEEP:      .byte 1, 2, 4   ; the three sheep, ascending
WOLF:       .byte 6         ; the wolf
MOVENUM:    .byte 0         ; sheep moves made in this game (0..15)
GAMESTATE:  .byte 0         ; 0 = sheep to move, else RES_TRAPPED..RES_STUCK
WOLFFROM:   .byte 0         ; the wolf's move in this turn (0, 0: none)
WOLFTO:     .byte 0
LEARNED:    .word 0         ; positions on the black list
LEARNNR:    .word 0         ; NR of the position learned last
LEARNFLAG:  .byte 0         ; 1: the wolf learned something new this turn
GAMELESSONS: .byte 0        ; new positions learned in this game
SHEEPWINS:  .word 0         ; games won by the sheep
WOLFWINS:   .word 0         ; games won by the wolf
GAMENUM:    .word 0         ; games started
INPUTWAIT:  .byte 0         ; 1 while CIO waits for a typed line
INPUTSEQ:   .byte 0         ; lines read (counts on, mod 256)
ASKING:     .byte 0         ; 1 while a yes/no question waits
INLEN:      .byte 0         ; characters typed into the input field
LASTERR:    .byte 0         ; why the last line was refused (ERR_...)
CMD:        .byte 0         ; what the last line was (CMD_...)
FROMPT:     .byte 0         ; the typed move
TOPT:       .byte 0
PSHEEP:     .byte 1, 2, 4   ; P: the position the sheep last moved from
PWOLF:      .byte 6
LSHEEP:     .byte 0, 0, 0   ; the latest new lesson (right after P: PUTPOS)
LWOLF:      .byte 0
OLDINI:     .word 0         ; DOSINI before the game hooked RESET
HELPREQ:    .byte 0         ; 1: the HELP key was pressed (HELPVBI)
OCC:        .byte 0,0,0,0,0,0,0,0,0,0,0,0   ; what stands on points 0..11
WMOVES:     .byte 0,0,0,0,0,0,0,0   ; the wolf's legal moves (targets)
NWMOVES:    .byte 0
GOODMOVES:  .byte 0,0,0,0,0,0,0,0   ; those that are not bad
NGOOD:      .byte 0
PROMPTSHOWN: .byte 0        ; which prompt the screen shows
ERRSHOWN:   .byte 0         ; the result row shows something
LEARNSHOWN: .byte 0         ; the lesson row shows something
SAVEERR:    .byte 0         ; CIO status of the last failed save of SURROUND.BLK (0: none)
BLACKLIST:                  ; 1320 bits: the lost positions
            .advance BLACKLIST+BLACKLISTLEN, 0
PROGEND:
.checkpc SCREENCOPY

; the run address
        .word RUNAD, RUNAD+1
        .word Start
