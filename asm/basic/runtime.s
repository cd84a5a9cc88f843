; ===========================================================================
; runtime.s - the run-time side of the interpreter (owner: basic-runtime)
; ===========================================================================
; Running statements (exec.s), expressions (expr.s), the statements
; (stmt_*.s), the functions (func.s) and errors (errors.s).  Conventions:
; asm/basic/README.md, "Agreed details".
; ===========================================================================
.include "rt_vars.s"
.include "exec.s"
.include "expr.s"
.include "errors.s"
.include "stmt_flow.s"
.include "stmt_print.s"
.include "stmt_io.s"
.include "stmt_gfx.s"
.include "func.s"
