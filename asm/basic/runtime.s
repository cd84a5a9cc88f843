; ===========================================================================
; runtime.s - the run-time side of the interpreter (owner: basic-runtime)
; ===========================================================================
; The run-time engineer includes the files of the run-time side here
; (exec.s, expr.s, stmt_*.s, func.s, errors.s).  Until they land, the seam
; labels the editor needs are in pending.s.
; ===========================================================================
