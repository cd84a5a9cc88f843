; standin.s - (being written)
; ===========================================================================
; standin.s - the editor's stand-ins for run-time routines not landed yet
; ===========================================================================
; pending.s points EXECUTE, ERROR, EVAL_INT, EVAL_STR and CLEAR_VARS here
; until the run-time side lands them.  Delete this file then.
; ===========================================================================

; ED_IMMEDIATE_ONLY - run only the editor's own statements of the
; immediate line (LIST, NEW, ...); anything else does nothing
ED_IMMEDIATE_ONLY:
        JMP READY
ED_SHOW_ERROR:
        JMP READY
ED_EVAL_CONST_INT:
        RTS
ED_EVAL_CONST_STR:
        RTS
ED_CLEAR_VARS:
        RTS
