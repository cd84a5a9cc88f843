"""Words that extended Atari BASICs reserve and Atari BASIC Rev. C does not (issue 19, item 5).

A listing printed for every Atari owner is ENTERed on these too; their tokenizers read a
word at the start of a statement (an implied LET) or inside an expression as their keyword
when a variable name begins with it (Altirra BASIC reads ``MOVES=0`` as ``MOVE S=0``).
Only the words are listed here (facts, not code), each list from its documentation:

* Altirra BASIC 1.58: the Altirra BASIC Reference Manual (Avery Lee, 2018-08-12 edition:
  "Memory access", "Player/missile graphics", "File management", "Input/output") and the
  token names of its published source (src/ATBasic/source/tokens.inc and the function name
  table in list.s of the Altirra source distribution).
* Turbo-BASIC XL 1.5: "Turbo BASIC Command List", compiled and translated by Dave and Laura
  Yearke, Western New York Atari Users Group (comp.sys.atari.8bit, 10 Dec 1986).
* BASIC XL / BASIC XE (OSS): the BASIC XL statement and function tokens as the Altirra
  source's tokens.inc numbers them ($38-$4C: WHILE ... MOVE) and the OSS manuals' command
  summaries (BASIC XL 1983, BASIC XE 1985).
"""

from __future__ import annotations

#: Altirra BASIC's statements and functions beyond Atari BASIC.
ALTIRRA_BASIC: frozenset[str] = frozenset({
    "BGET", "BPUT", "CP", "DIR", "DPOKE", "ERASE", "MOVE", "PROTECT", "UNPROTECT", "RENAME",
    "PMGRAPHICS", "PMCLR", "PMCOLOR", "PMMOVE", "MISSILE", "LOMEM",
    "DPEEK", "HEX$", "VSTICK", "HSTICK", "PMADR", "BUMP", "ERR",
})

#: Turbo-BASIC XL's statements, functions and operators beyond Atari BASIC.
TURBO_BASIC_XL: frozenset[str] = frozenset({
    # disk I/O
    "BLOAD", "BRUN", "DELETE", "DIR", "LOCK", "RENAME", "UNLOCK",
    # graphics and sound
    "CIRCLE", "CLS", "FCOLOR", "FILLTO", "PAINT", "TEXT", "DSOUND",
    # memory and I/O
    "BGET", "BPUT", "DPOKE", "MOVE", "PAUSE", "%GET", "%PUT",
    # program editing and flow
    "DEL", "DUMP", "RENUM", "TRACE", "PROC", "ENDPROC", "EXEC", "REPEAT", "UNTIL", "WHILE",
    "WEND", "DO", "LOOP", "EXIT", "ELSE", "ENDIF", "GO#",
    # functions and operators
    "DPEEK", "TIME", "TIME$", "INKEY$", "INSTR", "UINSTR", "HEX$", "DEC", "FRAC", "TRUNC",
    "RAND", "ERR", "ERL", "DIV", "MOD", "EXOR",
})

#: BASIC XL / XE statements and functions beyond Atari BASIC.
BASIC_XL_XE: frozenset[str] = frozenset({
    "WHILE", "ENDWHILE", "TRACEOFF", "TRACE", "ELSE", "ENDIF", "DPOKE", "LOMEM", "DEL",
    "RPUT", "RGET", "BPUT", "BGET", "TAB", "CP", "ERASE", "PROTECT", "UNPROTECT", "DIR",
    "RENAME", "MOVE", "MISSILE", "PMCLR", "PMCOLOR", "PMGRAPHICS", "PMMOVE", "NUM", "SET",
    "FAST", "LVAR", "RENUM", "LOCAL", "EXIT", "PROCEDURE", "CALL", "SORTUP", "SORTDOWN",
    "INVERSE", "NORMAL", "BLOAD", "BSAVE", "HITCLR",
    "DPEEK", "ERR", "HEX$", "RANDOM", "SYS", "VSTICK", "HSTICK", "PEN", "FIND", "LEFT$",
    "RIGHT$", "MID$", "BUMP", "PMADR", "HSTR$",
})

EXTENDED_BASICS: dict[str, frozenset[str]] = {
    "Altirra BASIC": ALTIRRA_BASIC,
    "Turbo-BASIC XL": TURBO_BASIC_XL,
    "BASIC XL/XE": BASIC_XL_XE,
}


def clashes(name: str) -> list[tuple[str, str]]:
    """(BASIC, keyword) pairs whose keyword a variable called ``name`` begins with."""
    return sorted((basic, word) for basic, words in EXTENDED_BASICS.items()
                  for word in words if name.startswith(word))
