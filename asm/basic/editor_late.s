; ===========================================================================
; editor_late.s - editor routines placed after the run-time side
; ===========================================================================
; Exactly as many bytes as the editor grew in issue 27's ENTER speed-up
; (MOVEUP two bytes a turn +9, FINDVAR's first-character test +11), so the
; run-time side keeps the addresses it had: its loops take one cycle more
; for each taken branch that crosses a page, and with the run-time 20 bytes
; higher the BYTE Sieve took 0.04 s longer (FCOMPARE's byte loop then
; straddled a page).  Keep the editor side and this file together at the
; size they have, or measure `surround bench --basic` again.  Neither
; routine is on a speed path; both are reached by JSR or STMT_TABLE only.
; ===========================================================================

; SKIPCOMMA - if a "," is at STINDEX, step over it (C clear); else C set
; (LIST's operands; list.s)
.scope
SKIPCOMMA:
        JSR PEEK_TOKEN
        CMP #TOK_O_COMMA        ; (else ":" or EOL, $14/$16: C set)
        BNE _none
        INC STINDEX
        CLC
_none:  RTS
.scend

; X_NEW - NEW: an empty program, the variables cleared, READY (files.s)
.scope
X_NEW:  JSR NEWPROG
        JSR CLEAR_VARS
        JMP READY
.scend
