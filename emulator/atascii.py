"""ATASCII, ANTIC's internal screen codes, and Unicode.

Screen memory holds *internal* codes, a reordering of ATASCII:

=================  ================
ATASCII            internal code
=================  ================
$20-$5F (space..)  $00-$3F
$00-$1F (graphics) $40-$5F
$60-$7F            $60-$7F
=================  ================

Bit 7 (inverse video) is kept in both.  For Unicode the printable ASCII range
maps to itself and the graphics characters to the nearest Unicode symbols
(box drawing, blocks, card suits, arrows); this mapping is our own choice.
"""

from __future__ import annotations

EOL = 0x9B
CLEAR_SCREEN = 0x7D

#: Unicode for ATASCII $00-$1F, the graphics characters.
_GRAPHICS = "♥├▕┘┤┐╱╲◢▗◣▝▘▔▁▖♣┌─┼•▄▎┬┴▌└␛↑↓←→"
#: Unicode for ATASCII $60 and $7B-$7F.
_SPECIAL = {0x60: "◆", 0x7B: "♠", 0x7C: "|", 0x7D: "↰", 0x7E: "◀", 0x7F: "▶"}

INVERSE_SPACE = "█"


def atascii_to_internal(code: int) -> int:
    """ATASCII -> internal screen code (bit 7 kept)."""
    low = code & 0x7F
    if low < 0x20:
        internal = low + 0x40
    elif low < 0x60:
        internal = low - 0x20
    else:
        internal = low
    return internal | (code & 0x80)


def internal_to_atascii(code: int) -> int:
    """Internal screen code -> ATASCII (bit 7 kept)."""
    low = code & 0x7F
    if low < 0x40:
        atascii = low + 0x20
    elif low < 0x60:
        atascii = low - 0x40
    else:
        atascii = low
    return atascii | (code & 0x80)


def _atascii_char(code: int) -> str:
    low = code & 0x7F
    if low < 0x20:
        return _GRAPHICS[low]
    if low in _SPECIAL:
        return _SPECIAL[low]
    return chr(low)


#: Unicode for every ATASCII code; inverse video shows as the plain character.
ATASCII_TO_UNICODE = tuple(_atascii_char(code) for code in range(256))

#: Unicode for every internal screen code; the inverse space (the cursor) is a full block.
INTERNAL_TO_UNICODE = tuple(
    INVERSE_SPACE if code == 0x80 else ATASCII_TO_UNICODE[internal_to_atascii(code)] for code in range(256)
)

_UNICODE_TO_ATASCII = {char: code for code, char in enumerate(ATASCII_TO_UNICODE[:128])}
_UNICODE_TO_ATASCII["\n"] = EOL


def internal_to_text(codes: bytes) -> str:
    """A row of internal codes as a Unicode string."""
    return "".join(INTERNAL_TO_UNICODE[code] for code in codes)


def unicode_to_atascii(char: str) -> int:
    """One character -> ATASCII ("\\n" becomes EOL $9B); ValueError if it has none."""
    try:
        return _UNICODE_TO_ATASCII[char]
    except KeyError:
        raise ValueError(f"no ATASCII code for {char!r}") from None


def text_to_atascii(text: str) -> bytes:
    """A Unicode string -> ATASCII bytes ("\\n" becomes EOL)."""
    return bytes(unicode_to_atascii(char) for char in text)
