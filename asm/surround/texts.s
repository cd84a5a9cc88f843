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
TXT_HELP:       .byte "N = NEW GAME    C = CLEAR BLACK LIST", ENDTXT
TXT_MOVE:       .byte "MOVE ", ARG1TXT, "/15 ", ENDTXT
TXT_WOLFMOVES:  .byte "THE WOLF MOVES FROM ", ARG1TXT, " TO ", ARG2TXT, ".", ENDTXT
TXT_LEARNS:     .byte "LEARNED: ", ENDTXT
TXT_ISLOST:     .byte " IS LOST (NR ", ENDTXT
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
