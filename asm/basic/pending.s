; ===========================================================================
; pending.s - seam labels whose real owner has not landed them yet
; ===========================================================================
; One line each, marked with the owner.  The owner deletes the line when
; the real label lands, so main always assembles.  The stand-ins are the
; least that keeps BASIC usable; none of them is the real thing.
; ===========================================================================

; --- math pack (owner: mathpack; the real names go into asm/os/equates.s) ---
.alias AFP      $D800   ; owner: mathpack - ASCII at INBUFF+CIX -> FR0
.alias FASC     $D8E6   ; owner: mathpack - FR0 -> ASCII at LBUFF (INBUFF)
.alias IFP      $D9AA   ; owner: mathpack - FR0 word -> FR0 floating point
.alias FPI      $D9D2   ; owner: mathpack - FR0 floating point -> FR0 word
.alias FR0      $D4     ; owner: mathpack - floating point register 0
.alias FR1      $E0     ; owner: mathpack - floating point register 1
.alias CIX      $F2     ; owner: mathpack - index into the buffer at INBUFF
.alias INBUFF   $F3     ; owner: mathpack - (word) the math pack's text buffer
.alias LBUFF    $0580   ; owner: mathpack - the line buffer (128 bytes)

; --- run-time side (owner: basic-runtime) -----------------------------------
EXECUTE:        JMP ED_IMMEDIATE_ONLY   ; owner: basic-runtime
ERROR:          JMP ED_SHOW_ERROR       ; owner: basic-runtime
EVAL_INT:       JMP ED_EVAL_CONST_INT   ; owner: basic-runtime
EVAL_STR:       JMP ED_EVAL_CONST_STR   ; owner: basic-runtime
CLEAR_VARS:     JMP ED_CLEAR_VARS       ; owner: basic-runtime
