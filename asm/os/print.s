; ---------------------------------------------------------------------------
; PRINT - put X bytes from (A low, Y high) to E: through IOCB 0
;
; One source for two programs: the OS's boot messages (reset.s) and the
; mini-DOS's menu (asm/dos/menu.s) both include this file. The DOS keeps
; its own copy in its binary because it must also run on Atari's OS, where
; this routine has no documented address.
;
; Entry: A/Y = buffer address, X = length (< 256). Exit: as CIOV (Y = status).
; IOCB 0 is E:, opened by the OS at power-up (Atari OS User's Manual, CIO).
; ---------------------------------------------------------------------------
PRINT:  STA ICBAL
        STY ICBAH
        STX ICBLL
        LDX #0
        STX ICBLH
        LDA #CPUTBYT
        STA ICCOM
        JMP CIOV
