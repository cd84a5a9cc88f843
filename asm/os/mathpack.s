; ===========================================================================
; mathpack.s - the floating point package at $D800-$DFFF
; ===========================================================================
; Our own 6502 code, at the entry points where the original OS has them:
; programs call these addresses directly, there is no vector table
; (Mapping the Atari, locations 55296-57343; Atari OS User's Manual,
; "Floating point arithmetic package").  The registers and work areas are
; in equates.s (FR0 $D4, FR1 $E0, CIX $F2, INBUFF $F3, LBUFF $0580, ...).
;
; Numbers are 6 bytes: sign and excess-64 exponent of 100, then ten BCD
; digits, normalised; zero is six zero bytes.  host/atari/fp.py is the
; Python model of every routine, digit for digit, and the oracle of the
; tests (tests/test_mathpack_*.py).
;
; The 2 KiB are laid out in regions that end where the next documented
; entry point begins; each region is one file.  Every routine placed at
; an entry point uses .advance to its address, so a routine that grows
; too long stops the build instead of moving an entry point.
;
;   $D800-$DA5F  mp_convert.s  AFP FASC IFP FPI ZFR0 ZF1 ...
;   $DA60-$DBA0  mp_arith.s    FSUB FADD FMUL FDIV
;   $DBA1-$DBFF  mp_scan.s     SKPSPC ISDIGT ...
;   $DC00-$DD3F  mp_normal.s   NORMALIZE and the arithmetic's helpers
;   $DD40-$DD88  mp_poly.s     PLYEVL
;   $DD89-$DDBF  mp_move.s     FLD0R FLD0P FLD1R FLD1P FST0R FST0P FMOVE
;   $DDC0-$DFFF  mp_explog.s   EXP EXP10 LOG LOG10, coefficient tables
; ===========================================================================

        .include "mp_convert.s"
.checkpc $DA60
.advance $DA60, $FF
        .include "mp_arith.s"
.checkpc $DBA1
.advance $DBA1, $FF
        .include "mp_scan.s"
.checkpc $DC00
.advance $DC00, $FF
        .include "mp_normal.s"
.checkpc $DD40
.advance $DD40, $FF
        .include "mp_poly.s"
.checkpc $DD89
.advance $DD89, $FF
        .include "mp_move.s"
.checkpc $DDC0
.advance $DDC0, $FF
        .include "mp_explog.s"
