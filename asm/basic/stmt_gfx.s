; ===========================================================================
; stmt_gfx.s - graphics and sound: GRAPHICS, COLOR, POSITION, PLOT, DRAWTO,
; LOCATE, SETCOLOR, SOUND
; ===========================================================================
;
; Graphics go through the OS's screen handler S: on IOCB 6, as in Atari
; BASIC (Atari BASIC Reference Manual, chapter 9 "Graphics modes and
; commands"; Mapping the Atari: ROWCRS $54, COLCRS $55, ATACHR $2FB,
; COLOR0-4 $2C4-$2C8, AUDF1/AUDC1 $D200/$D201, AUDCTL $D208, SKCTL $D20F).
; ===========================================================================

.alias IOCB6  $60

; ---------------------------------------------------------------------------
; X_GRAPHICS - GRAPHICS n: IOCB 6 closed and opened to "S:" with ICAX2 =
; n AND 15 and ICAX1 = 12 (read/write) + 16 unless n has 16 (16: no text
; window) + 32 if n has 32 (32: keep the screen)
; ---------------------------------------------------------------------------
.scope
X_GRAPHICS:
        JSR EVAL_BYTE
        PHA
        AND #$0F                ; ICAX2: the mode
        LDX #IOCB6
        LDY #'S
        JSR OPEN_DEVICE
        PLA
        AND #$30
        EOR #$10
        ORA #$0C
        JMP OPENIO              ; ICAX1: read/write, text window, clear
.scend

; OPEN_DEVICE - close IOCB X, ICAX2 = A, ED_NAME = the device letter Y
; and ":"; the caller then opens it with OPENIO (A = ICAX1)
; OPEN_DEVICE_W - all that and the OPEN for writing
.scope
OPEN_DEVICE_W:
        JSR OPEN_DEVICE
        LDA #8
        JMP OPENIO
.scend
.scope
OPEN_DEVICE:
        STY ED_NAME
        PHA
        JSR CLOSEIO
        PLA
        STA ICAX2,X
        LDA #$3A               ; ":"
        STA ED_NAME+1
        LDA #EOL
        STA ED_NAME+2
        RTS
.scend

; X_COLOR - COLOR n: the colour PLOT and DRAWTO use
.scope
X_COLOR:
        JSR EVAL_BYTE
        STA COLOR
        RTS
.scend

; ---------------------------------------------------------------------------
; X_POSITION - POSITION x, y: the graphics cursor (COLCRS, ROWCRS)
; ---------------------------------------------------------------------------
.scope
X_POSITION:
        LDA #2
        JSR EVAL_ARGS
        LDA RT_ARGV
        STA COLCRS
        LDA RT_ARGV+1
        STA COLCRS+1
        LDA RT_ARGV+2
        STA ROWCRS
        LDX #IOCB6
        RTS
.scend

; X_PLOT - PLOT x, y: POSITION, then PUT the colour to IOCB 6
.scope
X_PLOT:
        JSR X_POSITION
        LDA COLOR
        STA RT_T0
        LDA #CPUTBYT
        JMP ONE_BYTE_IO
.scend

; X_DRAWTO - DRAWTO x, y: POSITION, ATACHR = the colour, XIO 17 on IOCB 6
.scope
X_DRAWTO:
        JSR X_POSITION
        LDA COLOR
        STA ATACHR
        LDA #$0C
        STA ICAX1,X
        LDA #0
        STA ICAX2,X
        LDA #CDRAW
        JMP CIO_CALL
.scend

; X_LOCATE - LOCATE x, y, var: POSITION, then GET from IOCB 6
.scope
X_LOCATE:
        JSR X_POSITION
        INC STINDEX             ; ","
        JSR VAR_TARGET
        LDX #IOCB6
        JSR GET_BYTE
        JMP STORE_BYTE_TGT
.scend

; ---------------------------------------------------------------------------
; X_SETCOLOR - SETCOLOR register, hue, luminance: COLOR0+register ($2C4) =
; hue * 16 + luminance (register 0-4, error 3 otherwise)
; ---------------------------------------------------------------------------
.scope
X_SETCOLOR:
        LDA #3
        JSR EVAL_ARGS
        LDX RT_ARGV
        CPX #5
        BCS GFX_VALUE_ERROR
        LDY #2
        JSR HUE_TIMES_16        ; A = RT_ARGV+2 * 16 + RT_ARGV+4
        STA COLOR0,X
        RTS
.scend

; HUE_TIMES_16 - A = (RT_ARGV+Y) * 16 + (RT_ARGV+Y+2) (X kept)
.scope
HUE_TIMES_16:
        LDA RT_ARGV,Y
        ASL
        ASL
        ASL
        ASL
        CLC
        ADC RT_ARGV+2,Y
        RTS
.scend

; GFX_VALUE_ERROR - a register or voice out of range: error 3
.scope
GFX_VALUE_ERROR:
        JMP E_VALUE
.scend

; ---------------------------------------------------------------------------
; X_SOUND - SOUND voice, pitch, distortion, volume: AUDF(voice) = pitch,
; AUDC(voice) = distortion * 16 + volume (voice 0-3, error 3 otherwise);
; AUDCTL = 0 and SKCTL = 3 as Atari BASIC sets them
; ---------------------------------------------------------------------------
.scope
X_SOUND:
        LDA #4
        JSR EVAL_ARGS
        LDA RT_ARGV
        CMP #4
        BCS GFX_VALUE_ERROR
        ASL
        TAX
        LDA RT_ARGV+2
        STA AUDF1,X
        LDY #4
        JSR HUE_TIMES_16        ; distortion * 16 + volume
        STA AUDF1+1,X
        LDA #0
        STA AUDCTL
        LDA #3
        STA SKCTL
        RTS
.scend
