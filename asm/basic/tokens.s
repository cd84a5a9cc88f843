; ===========================================================================
; tokens.s - the token values of Atari BASIC (Rev. C) and the name tables
; ===========================================================================
;
; A tokenized line ("The Atari BASIC Source Book", chapter 3; "De Re Atari",
; chapter 10; "Mapping the Atari", locations 136-137):
;
;   line number (word, low byte first), line length (offset of the next line)
;   then statements, each:
;     statement length (offset of the next statement from the line's start),
;     statement token (TOK_*), the operand tokens (TOK_O_*, variables $80+N,
;     TOK_O_NCONST + 6 bytes of BCD floating point, TOK_O_SCONST + length +
;     characters), ending in TOK_O_EOS (":") or, the last one, TOK_O_EOL.
;   REM, DATA and the syntax-error line (ERROR-) keep the rest of the typed
;   text as it was typed, ending in the ATASCII EOL ($9B).
;
; Statement tokens are the position of the statement's name in STMTNAMES,
; operator and function tokens are $10 + the position in OPNAMES.  The
; tokenizer searches STMTNAMES in this order, so an abbreviation ("L.")
; means the first statement that begins with those letters (LIST before
; LET), as in Atari BASIC (Atari BASIC Reference Manual, appendix A).
;
; The name tables: each name is ATASCII with bit 7 set on its last
; character; an empty name is the single byte $80.  The array left
; parentheses (TOK_O_ALPAREN, TOK_O_DLPAREN) have empty names: an array's
; name in the variable name table ends in "(" itself ("Mapping the Atari"
; 130), so LIST prints the "(" with the name.
; ===========================================================================

; statement tokens (the first token of a statement)
.alias TOK_REM       $00   ; REM
.alias TOK_DATA      $01   ; DATA
.alias TOK_INPUT     $02   ; INPUT
.alias TOK_COLOR     $03   ; COLOR
.alias TOK_LIST      $04   ; LIST
.alias TOK_ENTER     $05   ; ENTER
.alias TOK_LET       $06   ; LET
.alias TOK_IF        $07   ; IF
.alias TOK_FOR       $08   ; FOR
.alias TOK_NEXT      $09   ; NEXT
.alias TOK_GOTO      $0A   ; GOTO
.alias TOK_GO_TO     $0B   ; GO TO
.alias TOK_GOSUB     $0C   ; GOSUB
.alias TOK_TRAP      $0D   ; TRAP
.alias TOK_BYE       $0E   ; BYE
.alias TOK_CONT      $0F   ; CONT
.alias TOK_COM       $10   ; COM
.alias TOK_CLOSE     $11   ; CLOSE
.alias TOK_CLR       $12   ; CLR
.alias TOK_DEG       $13   ; DEG
.alias TOK_DIM       $14   ; DIM
.alias TOK_END       $15   ; END
.alias TOK_NEW       $16   ; NEW
.alias TOK_OPEN      $17   ; OPEN
.alias TOK_LOAD      $18   ; LOAD
.alias TOK_SAVE      $19   ; SAVE
.alias TOK_STATUS    $1A   ; STATUS
.alias TOK_NOTE      $1B   ; NOTE
.alias TOK_POINT     $1C   ; POINT
.alias TOK_XIO       $1D   ; XIO
.alias TOK_ON        $1E   ; ON
.alias TOK_POKE      $1F   ; POKE
.alias TOK_PRINT     $20   ; PRINT
.alias TOK_RAD       $21   ; RAD
.alias TOK_READ      $22   ; READ
.alias TOK_RESTORE   $23   ; RESTORE
.alias TOK_RETURN    $24   ; RETURN
.alias TOK_RUN       $25   ; RUN
.alias TOK_STOP      $26   ; STOP
.alias TOK_POP       $27   ; POP
.alias TOK_QPRINT    $28   ; ?
.alias TOK_GET       $29   ; GET
.alias TOK_PUT       $2A   ; PUT
.alias TOK_GRAPHICS  $2B   ; GRAPHICS
.alias TOK_PLOT      $2C   ; PLOT
.alias TOK_POSITION  $2D   ; POSITION
.alias TOK_DOS       $2E   ; DOS
.alias TOK_DRAWTO    $2F   ; DRAWTO
.alias TOK_SETCOLOR  $30   ; SETCOLOR
.alias TOK_LOCATE    $31   ; LOCATE
.alias TOK_SOUND     $32   ; SOUND
.alias TOK_LPRINT    $33   ; LPRINT
.alias TOK_CSAVE     $34   ; CSAVE
.alias TOK_CLOAD     $35   ; CLOAD
.alias TOK_ILET      $36   ; (implied LET)
.alias TOK_SYNERR    $37   ; ERROR-
.alias TOK_LASTSTMT $37

; operator and function tokens (inside a statement)
.alias TOK_O_NCONST $0E   ; 
.alias TOK_O_SCONST $0F   ; 
.alias TOK_O_NOUSE1 $10   ; 
.alias TOK_O_NOUSE2 $11   ; 
.alias TOK_O_COMMA $12   ; ,
.alias TOK_O_DOLLAR $13   ; $
.alias TOK_O_EOS $14   ; :
.alias TOK_O_SEMI $15   ; ;
.alias TOK_O_EOL $16   ; 
.alias TOK_O_ON_GOTO $17   ; GOTO
.alias TOK_O_ON_GOSUB $18   ; GOSUB
.alias TOK_O_TO $19   ; TO
.alias TOK_O_STEP $1A   ; STEP
.alias TOK_O_THEN $1B   ; THEN
.alias TOK_O_SHARP $1C   ; #
.alias TOK_O_NLE $1D   ; <=
.alias TOK_O_NNE $1E   ; <>
.alias TOK_O_NGE $1F   ; >=
.alias TOK_O_NLT $20   ; <
.alias TOK_O_NGT $21   ; >
.alias TOK_O_NEQ $22   ; =
.alias TOK_O_POWER $23   ; ^
.alias TOK_O_MUL $24   ; *
.alias TOK_O_PLUS $25   ; +
.alias TOK_O_MINUS $26   ; -
.alias TOK_O_DIV $27   ; /
.alias TOK_O_NOT $28   ; NOT
.alias TOK_O_OR $29   ; OR
.alias TOK_O_AND $2A   ; AND
.alias TOK_O_LPAREN $2B   ; (
.alias TOK_O_RPAREN $2C   ; )
.alias TOK_O_NASSIGN $2D   ; =
.alias TOK_O_SASSIGN $2E   ; =
.alias TOK_O_SLE $2F   ; <=
.alias TOK_O_SNE $30   ; <>
.alias TOK_O_SGE $31   ; >=
.alias TOK_O_SLT $32   ; <
.alias TOK_O_SGT $33   ; >
.alias TOK_O_SEQ $34   ; =
.alias TOK_O_UPLUS $35   ; +
.alias TOK_O_UMINUS $36   ; -
.alias TOK_O_SLPAREN $37   ; (
.alias TOK_O_ALPAREN $38   ; 
.alias TOK_O_DLPAREN $39   ; 
.alias TOK_O_FLPAREN $3A   ; (
.alias TOK_O_DSLPAREN $3B   ; (
.alias TOK_O_ACOMMA $3C   ; ,
.alias TOK_O_STR $3D   ; STR$
.alias TOK_O_CHR $3E   ; CHR$
.alias TOK_O_USR $3F   ; USR
.alias TOK_O_ASC $40   ; ASC
.alias TOK_O_VAL $41   ; VAL
.alias TOK_O_LEN $42   ; LEN
.alias TOK_O_ADR $43   ; ADR
.alias TOK_O_ATN $44   ; ATN
.alias TOK_O_COS $45   ; COS
.alias TOK_O_PEEK $46   ; PEEK
.alias TOK_O_SIN $47   ; SIN
.alias TOK_O_RND $48   ; RND
.alias TOK_O_FRE $49   ; FRE
.alias TOK_O_EXP $4A   ; EXP
.alias TOK_O_LOG $4B   ; LOG
.alias TOK_O_CLOG $4C   ; CLOG
.alias TOK_O_SQR $4D   ; SQR
.alias TOK_O_SGN $4E   ; SGN
.alias TOK_O_ABS $4F   ; ABS
.alias TOK_O_INT $50   ; INT
.alias TOK_O_PADDLE $51   ; PADDLE
.alias TOK_O_STICK $52   ; STICK
.alias TOK_O_PTRIG $53   ; PTRIG
.alias TOK_O_STRIG $54   ; STRIG

STMTNAMES:
        .byte "RE", $CD              ; $00
        .byte "DAT", $C1             ; $01
        .byte "INPU", $D4            ; $02
        .byte "COLO", $D2            ; $03
        .byte "LIS", $D4             ; $04
        .byte "ENTE", $D2            ; $05
        .byte "LE", $D4              ; $06
        .byte "I", $C6               ; $07
        .byte "FO", $D2              ; $08
        .byte "NEX", $D4             ; $09
        .byte "GOT", $CF             ; $0A
        .byte "GO T", $CF            ; $0B
        .byte "GOSU", $C2            ; $0C
        .byte "TRA", $D0             ; $0D
        .byte "BY", $C5              ; $0E
        .byte "CON", $D4             ; $0F
        .byte "CO", $CD              ; $10
        .byte "CLOS", $C5            ; $11
        .byte "CL", $D2              ; $12
        .byte "DE", $C7              ; $13
        .byte "DI", $CD              ; $14
        .byte "EN", $C4              ; $15
        .byte "NE", $D7              ; $16
        .byte "OPE", $CE             ; $17
        .byte "LOA", $C4             ; $18
        .byte "SAV", $C5             ; $19
        .byte "STATU", $D3           ; $1A
        .byte "NOT", $C5             ; $1B
        .byte "POIN", $D4            ; $1C
        .byte "XI", $CF              ; $1D
        .byte "O", $CE               ; $1E
        .byte "POK", $C5             ; $1F
        .byte "PRIN", $D4            ; $20
        .byte "RA", $C4              ; $21
        .byte "REA", $C4             ; $22
        .byte "RESTOR", $C5          ; $23
        .byte "RETUR", $CE           ; $24
        .byte "RU", $CE              ; $25
        .byte "STO", $D0             ; $26
        .byte "PO", $D0              ; $27
        .byte $BF                    ; $28
        .byte "GE", $D4              ; $29
        .byte "PU", $D4              ; $2A
        .byte "GRAPHIC", $D3         ; $2B
        .byte "PLO", $D4             ; $2C
        .byte "POSITIO", $CE         ; $2D
        .byte "DO", $D3              ; $2E
        .byte "DRAWT", $CF           ; $2F
        .byte "SETCOLO", $D2         ; $30
        .byte "LOCAT", $C5           ; $31
        .byte "SOUN", $C4            ; $32
        .byte "LPRIN", $D4           ; $33
        .byte "CSAV", $C5            ; $34
        .byte "CLOA", $C4            ; $35
        .byte $80                    ; $36
        .byte "ERROR", $AD           ; $37
OPNAMES:                        ; from TOK_O_COMMA-2 = $10 on
        .byte $80                    ; $10
        .byte $80                    ; $11
        .byte $AC                    ; $12
        .byte $A4                    ; $13
        .byte $BA                    ; $14
        .byte $BB                    ; $15
        .byte $80                    ; $16
        .byte "GOT", $CF             ; $17
        .byte "GOSU", $C2            ; $18
        .byte "T", $CF               ; $19
        .byte "STE", $D0             ; $1A
        .byte "THE", $CE             ; $1B
        .byte $A3                    ; $1C
        .byte "<", $BD               ; $1D
        .byte "<", $BE               ; $1E
        .byte ">", $BD               ; $1F
        .byte $BC                    ; $20
        .byte $BE                    ; $21
        .byte $BD                    ; $22
        .byte $DE                    ; $23
        .byte $AA                    ; $24
        .byte $AB                    ; $25
        .byte $AD                    ; $26
        .byte $AF                    ; $27
OPNAMES_NOT:                    ; (OPNAME starts here for NOT and after)
        .byte "NO", $D4              ; $28
        .byte "O", $D2               ; $29
        .byte "AN", $C4              ; $2A
        .byte $A8                    ; $2B
        .byte $A9                    ; $2C
        .byte $BD                    ; $2D
        .byte $BD                    ; $2E
        .byte "<", $BD               ; $2F
        .byte "<", $BE               ; $30
        .byte ">", $BD               ; $31
        .byte $BC                    ; $32
        .byte $BE                    ; $33
        .byte $BD                    ; $34
OPNAMES_UPLUS:                  ; (and here for the unary "+" and after)
        .byte $AB                    ; $35
        .byte $AD                    ; $36
        .byte $A8                    ; $37
        .byte $80                    ; $38
        .byte $80                    ; $39
        .byte $A8                    ; $3A
        .byte $A8                    ; $3B
        .byte $AC                    ; $3C
        .byte "STR", $A4             ; $3D
        .byte "CHR", $A4             ; $3E
        .byte "US", $D2              ; $3F
        .byte "AS", $C3              ; $40
        .byte "VA", $CC              ; $41
        .byte "LE", $CE              ; $42
        .byte "AD", $D2              ; $43
        .byte "AT", $CE              ; $44
        .byte "CO", $D3              ; $45
        .byte "PEE", $CB             ; $46
        .byte "SI", $CE              ; $47
        .byte "RN", $C4              ; $48
        .byte "FR", $C5              ; $49
        .byte "EX", $D0              ; $4A
        .byte "LO", $C7              ; $4B
        .byte "CLO", $C7             ; $4C
        .byte "SQ", $D2              ; $4D
        .byte "SG", $CE              ; $4E
        .byte "AB", $D3              ; $4F
        .byte "IN", $D4              ; $50
        .byte "PADDL", $C5           ; $51
        .byte "STIC", $CB            ; $52
        .byte "PTRI", $C7            ; $53
        .byte "STRI", $C7            ; $54
