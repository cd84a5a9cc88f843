; ===========================================================================
; editor_stub.s - the part of the editor side that fits next to the
; run-time side today (owner: basic-editor)
; ===========================================================================
; The whole editor (editor.s) and the run-time side do not fit into 8 KiB
; together yet (asm/basic/README.md, "Size budget").  Until they do, the
; cartridge has the cold start, READY, the I/O helpers, EXPAND/CONTRACT
; and FIND_LINE, and these stand-ins: typed lines are ignored, LIST NEW
; SAVE LOAD ENTER CSAVE CLOAD stop with error 17.  The editor is tested on its own
; in editor_test.s.  When both fit, basic.s includes editor.s instead.
; ===========================================================================
.include "main.s"
.include "io.s"
.include "memory.s"
.include "tokens.s"

SYNTAX: SEC                     ; no tokenizer: nothing to store or run
        RTS
.alias X_LIST    X_SYNERR
.alias X_ENTER   X_SYNERR
.alias X_LOAD    X_SYNERR
.alias X_SAVE    X_SYNERR
.alias X_CSAVE   X_SYNERR
.alias X_CLOAD   X_SYNERR
.alias X_NEW     X_SYNERR
.alias LOAD_FILE X_SYNERR
