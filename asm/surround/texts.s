; ===========================================================================
; SURROUND - texts.s
; Every text on the screen, in internal screen codes (the .charmap of
; surround.s), each ended by ENDTXT.  ARG1TXT / ARG2TXT print ARG1 / ARG2.
; ===========================================================================

TXT_TITLE:      .byte " SURROUND  -  THE WOLF THAT LEARNS  ", ENDTXT
TXT_LEGEND:     .byte G_NODE, " FREE     ", G_SHEEP, " SHEEP    "
                .byte G_WOLF+INVERSE, " WOLF", ENDTXT
TXT_TABLEHEAD:  .byte "        WON  LOST", ENDTXT
TXT_SHEEPROW:   .byte "SHEEP", ENDTXT
TXT_WOLFROW:    .byte "WOLF", ENDTXT
TXT_LEARNED:    .byte "LEARNED", ENDTXT
TXT_POSITIONS:  .byte "POSITIONS", ENDTXT
TXT_HELP:       .byte "N NEW GAME  C CLEAR LIST  HELP: RULES", ENDTXT
TXT_MOVE:       .byte "MOVE ", ARG1TXT, "/15 ", ENDTXT
TXT_WOLFMOVES:  .byte "THE WOLF MOVES FROM ", ARG1TXT, " TO ", ARG2TXT, ".", ENDTXT
TXT_LEARNS:     .byte "LEARNED: ", ENDTXT
TXT_ISLOST:     .byte " IS LOST (NR ", ENDTXT
TXT_NOTHINGNEW: .byte "NOTHING NEW: ", ENDTXT
TXT_WASKNOWN:   .byte " WAS KNOWN.", ENDTXT
TXT_CLEARED:    .byte "THE BLACK LIST IS EMPTY NOW.", ENDTXT
TXT_ASKNEW:     .byte "ABANDON THIS GAME (Y/N)?", ENDTXT
TXT_ASKCLEAR:   .byte "CLEAR THE BLACK LIST (Y/N)?", ENDTXT

; the prompts: 1 = the sheep's move, 2 = the game is over
TXT_PROMPT1:    .byte "YOUR MOVE, SHEEP (FROM,TO)?", ENDTXT
TXT_PROMPT2:    .byte "PRESS RETURN FOR A NEW GAME.", ENDTXT
PROMPTLO:       .byte <TXT_PROMPT1, <TXT_PROMPT2
PROMPTHI:       .byte >TXT_PROMPT1, >TXT_PROMPT2

; the results, RES_TRAPPED .. RES_STUCK
TXT_RES1:       .byte "THE WOLF IS TRAPPED - THE SHEEP WIN!", ENDTXT
TXT_RES2:       .byte "THE WOLF ESCAPED - THE WOLF WINS!", ENDTXT
TXT_RES3:       .byte "15 MOVES ARE UP - THE WOLF WINS!", ENDTXT
TXT_RES4:       .byte "THE SHEEP ARE STUCK - THE WOLF WINS!", ENDTXT
RESULTLO:       .byte <TXT_RES1, <TXT_RES2, <TXT_RES3, <TXT_RES4
RESULTHI:       .byte >TXT_RES1, >TXT_RES2, >TXT_RES3, >TXT_RES4

; why a typed line is refused, ERR_RANGE .. ERR_OVER
TXT_ERR1:       .byte "THE POINTS ARE NUMBERED 1 TO 11.", ENDTXT
TXT_ERR2:       .byte "THERE IS NO SHEEP ON POINT ", ARG1TXT, ".", ENDTXT
TXT_ERR3:       .byte "NO LINE JOINS ", ARG1TXT, " AND ", ARG2TXT, ".", ENDTXT
TXT_ERR4:       .byte "POINT ", ARG2TXT, " IS TAKEN.", ENDTXT
TXT_ERR5:       .byte "A SHEEP MAY NOT MOVE BACK.", ENDTXT
TXT_ERR6:       .byte "TYPE FROM,TO - FOR EXAMPLE 2,3", ENDTXT
TXT_ERR7:       .byte "THE GAME IS OVER - PRESS RETURN.", ENDTXT
ERRLO:          .byte <TXT_ERR1, <TXT_ERR2, <TXT_ERR3, <TXT_ERR4
                .byte <TXT_ERR5, <TXT_ERR6, <TXT_ERR7
ERRHI:          .byte >TXT_ERR1, >TXT_ERR2, >TXT_ERR3, >TXT_ERR4
                .byte >TXT_ERR5, >TXT_ERR6, >TXT_ERR7

; the help page (the HELP key): row, column, inverse mask, text - as
; STATICTEXTS in screen.s
HELPTEXTS:
        .byte 0, 2, INVERSE
        .word TXT_H0
        .byte 2, 2, 0
        .word TXT_H1
        .byte 3, 2, 0
        .word TXT_H2
        .byte 4, 2, 0
        .word TXT_H3
        .byte 5, 2, 0
        .word TXT_H4
        .byte 7, 2, 0
        .word TXT_H5
        .byte 8, 2, 0
        .word TXT_H6
        .byte 9, 2, 0
        .word TXT_H7
        .byte 10, 2, 0
        .word TXT_H8
        .byte 12, 2, 0
        .word TXT_H9
        .byte 13, 2, 0
        .word TXT_H10
        .byte 14, 2, 0
        .word TXT_H11
        .byte 15, 2, 0
        .word TXT_H12
        .byte 17, 2, 0
        .word TXT_H13
        .byte 18, 2, 0
        .word TXT_H14
        .byte 19, 2, 0
        .word TXT_H15
        .byte 20, 2, 0
        .word TXT_H16
        .byte 22, 2, INVERSE
        .word TXT_H17
        .byte $FF
TXT_H0:  .byte " SURROUND - HOW TO PLAY              ", ENDTXT
TXT_H1:  .byte "YOU MOVE THE THREE SHEEP: ONE MOVE", ENDTXT
TXT_H2:  .byte "GOES ALONG A LINE TO A FREE POINT.", ENDTXT
TXT_H3:  .byte "TYPE FROM,TO AND RETURN, E.G. 2,3.", ENDTXT
TXT_H4:  .byte "SHEEP NEVER MOVE BACK (TO THE LEFT).", ENDTXT
TXT_H5:  .byte "THE SHEEP WIN WHEN THE WOLF CANNOT", ENDTXT
TXT_H6:  .byte "MOVE. THE WOLF WINS WHEN IT GETS", ENDTXT
TXT_H7:  .byte "LEFT OF ALL SHEEP, WHEN THE SHEEP", ENDTXT
TXT_H8:  .byte "ARE STUCK, OR AFTER 15 SHEEP MOVES.", ENDTXT
TXT_H9:  .byte "THE WOLF LEARNS: A POSITION FROM", ENDTXT
TXT_H10: .byte "WHICH IT LOST GOES ON ITS BLACK", ENDTXT
TXT_H11: .byte "LIST, AND IT NEVER MOVES INTO ONE", ENDTXT
TXT_H12: .byte "OF THOSE AGAIN.", ENDTXT
TXT_H13: .byte "N       NEW GAME", ENDTXT
TXT_H14: .byte "C       CLEAR THE BLACK LIST", ENDTXT
TXT_H15: .byte "RETURN  NEXT GAME, WHEN ONE IS OVER", ENDTXT
TXT_H16: .byte "DELETE  TAKE BACK A TYPED CHARACTER", ENDTXT
TXT_H17: .byte " PRESS ANY KEY TO GO ON PLAYING.     ", ENDTXT
