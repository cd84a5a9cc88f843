; ===========================================================================
; editor.s - the editor side of the free BASIC (owner: basic-editor)
; ===========================================================================
; Cold/warm start and READY (main.s), the I/O helpers (io.s), the tokenizer
; (syntax.s), moving memory and finding lines (memory.s), storing lines and
; variables (program.s), LIST (list.s), NEW SAVE
; LOAD ENTER CSAVE CLOAD (files.s), the token values and names (tokens.s).
; ===========================================================================
.include "main.s"
.include "io.s"
.include "syntax.s"
.include "memory.s"
.include "program.s"
.include "list.s"
.include "files.s"
.include "tokens.s"
