"""The Atari XL/XE keyboard: keycodes, typing ATASCII, and PC key names.

POKEY reports a key as a 6-bit keycode (KBCODE bits 0-5) plus SHIFT ($40) and
CONTROL ($80).  ``KEYCODES`` names every key; ``key_for_atascii`` gives the
key press that types an ATASCII character through the OS keyboard handler
(capital letters are typed with SHIFT so that they come out upper case whatever
the caps-lock state; lower-case letters are typed unshifted, so they appear in
upper case while the OS is in its start-up caps mode); ``PC_KEYS`` maps pygame
key names to Atari keys for the window front-end.
"""

from __future__ import annotations

from typing import Any

KEYCODES: dict[str, int] = {
    "L": 0x00, "J": 0x01, ";": 0x02, "K": 0x05, "+": 0x06, "*": 0x07,
    "O": 0x08, "P": 0x0A, "U": 0x0B, "RETURN": 0x0C, "I": 0x0D, "-": 0x0E, "=": 0x0F,
    "V": 0x10, "HELP": 0x11, "C": 0x12, "B": 0x15, "X": 0x16, "Z": 0x17,
    "4": 0x18, "3": 0x1A, "6": 0x1B, "ESC": 0x1C, "5": 0x1D, "2": 0x1E, "1": 0x1F,
    ",": 0x20, "SPACE": 0x21, ".": 0x22, "N": 0x23, "M": 0x25, "/": 0x26, "INVERSE": 0x27,
    "R": 0x28, "E": 0x2A, "Y": 0x2B, "TAB": 0x2C, "T": 0x2D, "W": 0x2E, "Q": 0x2F,
    "9": 0x30, "0": 0x32, "7": 0x33, "BACKSPACE": 0x34, "8": 0x35, "<": 0x36, ">": 0x37,
    "F": 0x38, "H": 0x39, "D": 0x3A, "CAPS": 0x3C, "G": 0x3D, "S": 0x3E, "A": 0x3F,
}

KeyPress = tuple[int, bool, bool]  # (keycode, shift, ctrl)

_SHIFTED = {
    "!": "1", '"': "2", "#": "3", "$": "4", "%": "5", "&": "6", "'": "7", "@": "8",
    "(": "9", ")": "0", "_": "-", "|": "=", "\\": "+", "^": "*", ":": ";", "[": ",",
    "]": ".", "?": "/",
}
_CONTROL_ATASCII = {  # ATASCII codes typed with CONTROL + key
    0x00: ",", 0x60: ".", 0x7B: ";", 0x1C: "-", 0x1D: "=", 0x1E: "+", 0x1F: "*",
    0xFE: "BACKSPACE", 0xFF: ">", 0xFD: "2", 0x9E: "TAB",
}
_SPECIAL_ATASCII = {  # ATASCII -> key press for editing keys
    0x9B: (KEYCODES["RETURN"], False, False), 0x20: (KEYCODES["SPACE"], False, False),
    0x1B: (KEYCODES["ESC"], False, False), 0x7E: (KEYCODES["BACKSPACE"], False, False),
    0x7F: (KEYCODES["TAB"], False, False), 0x7D: (KEYCODES["<"], True, False),
    0x9C: (KEYCODES["BACKSPACE"], True, False), 0x9D: (KEYCODES[">"], True, False),
    0x9F: (KEYCODES["TAB"], True, False), 0x3C: (KEYCODES["<"], False, False),
    0x3E: (KEYCODES[">"], False, False),
}


def _build_atascii_keys() -> dict[int, KeyPress]:
    keys: dict[int, KeyPress] = dict(_SPECIAL_ATASCII)
    for name, code in KEYCODES.items():
        if len(name) != 1:
            continue
        if name.isalpha():
            keys[ord(name)] = (code, True, False)
            keys[ord(name.lower())] = (code, False, False)
            keys[ord(name) - 0x40] = (code, False, True)  # CONTROL + letter: ATASCII 1-26
        else:
            keys.setdefault(ord(name), (code, False, False))
    for char, base in _SHIFTED.items():
        keys[ord(char)] = (KEYCODES[base], True, False)
    for atascii, base in _CONTROL_ATASCII.items():
        keys[atascii] = (KEYCODES[base], False, True)
    return keys


ATASCII_KEYS: dict[int, KeyPress] = _build_atascii_keys()


def key_for_atascii(code: int) -> KeyPress:
    """The (keycode, shift, ctrl) that types ATASCII ``code``; ValueError if no key does."""
    try:
        return ATASCII_KEYS[code]
    except KeyError:
        raise ValueError(f"no Atari key types ATASCII ${code:02X}") from None


#: pygame key names (pygame.key.name) -> Atari key press, for keys that are not plain text.
#: The front-end adds the PC's SHIFT/CTRL state for letters and digits.
PC_KEYS: dict[str, KeyPress] = {
    "return": (KEYCODES["RETURN"], False, False),
    "enter": (KEYCODES["RETURN"], False, False),
    "backspace": (KEYCODES["BACKSPACE"], False, False),
    "delete": (KEYCODES["BACKSPACE"], False, True),
    "insert": (KEYCODES[">"], False, True),
    "escape": (KEYCODES["ESC"], False, False),
    "tab": (KEYCODES["TAB"], False, False),
    "space": (KEYCODES["SPACE"], False, False),
    "caps lock": (KEYCODES["CAPS"], False, False),
    "home": (KEYCODES["<"], True, False),  # CLEAR
    "up": (KEYCODES["-"], False, True),
    "down": (KEYCODES["="], False, True),
    "left": (KEYCODES["+"], False, True),
    "right": (KEYCODES["*"], False, True),
    "f1": (KEYCODES["HELP"], False, False),
    "page up": (KEYCODES["INVERSE"], False, False),
}
for _name, _code in KEYCODES.items():
    if len(_name) == 1:
        PC_KEYS.setdefault(_name.lower(), (_code, False, False))


# ---------------------------------------------------------------------------------------------
# Key scripts: text with named keys, for `surround emu --type` and HeadlessAtari.type_script
# ---------------------------------------------------------------------------------------------

#: names in {...} that are not in KEYCODES: the cursor keys and other CONTROL/SHIFT combinations
KEY_ALIASES: dict[str, KeyPress] = {
    "DELETE": (KEYCODES["BACKSPACE"], False, False),  # DELETE BACK S, as the key is labelled
    **{name.upper(): PC_KEYS[name] for name in ("up", "down", "left", "right", "insert")},
    "CLEAR": PC_KEYS["home"],
}
#: names in {...} that are not keyboard keys
SPECIAL_KEYS = ("START", "SELECT", "OPTION", "RESET", "BREAK")


class KeyStep(tuple[Any, ...]):
    """One step of a key script: ("text", characters), ("key", (keycode, shift, ctrl)) or
    ("special", name) for START, SELECT, OPTION, RESET and BREAK."""

    __slots__ = ()

    def __new__(cls, kind: str, value: object) -> KeyStep:
        return super().__new__(cls, (kind, value))


def parse_key_script(script: str) -> list[KeyStep]:
    """Split a key script into steps.

    Plain characters are typed as they are; a real newline or the two characters ``\\n`` are
    RETURN; ``\\\\`` is a backslash and ``\\{`` a brace. ``{NAME}`` presses a named key: a key
    of KEYCODES (RETURN, ESC, TAB, HELP, CAPS, INVERSE, SPACE, BACKSPACE, A, 1, ...), DELETE,
    UP, DOWN, LEFT, RIGHT, CLEAR, INSERT, optionally with ``CTRL-`` and/or ``SHIFT-`` before it
    ({CTRL-A}, {SHIFT-DELETE}); or START, SELECT, OPTION, RESET (warm) or BREAK. Names are
    case-blind. ValueError names what is wrong.
    """
    steps: list[KeyStep] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            steps.append(KeyStep("text", "".join(text)))
            text.clear()

    index = 0
    while index < len(script):
        char = script[index]
        if char == "\\" and index + 1 < len(script):
            following = script[index + 1]
            text.append({"n": "\n", "\\": "\\", "{": "{"}.get(following, char + following))
            index += 2
        elif char == "{":
            end = script.find("}", index)
            if end < 0:
                raise ValueError(f"key script: '{{' at position {index + 1} has no closing '}}'")
            if not script[index + 1:end].strip():  # `{}` typed a minus sign
                raise ValueError(f"key script: '{{}}' at position {index + 1} names no key")
            flush()
            steps.append(_named_step(script[index + 1:end]))
            index = end + 1
        else:
            text.append(char)
            index += 1
    flush()
    return steps


def _named_step(name: str) -> KeyStep:
    """The step for ``{name}``."""
    words = name.strip().upper().split("-")
    base = words[-1] if words[-1] else "-"  # {CTRL--} is CONTROL and the minus key
    modifiers = set(words[:-1]) - {""}
    if base in SPECIAL_KEYS and not modifiers:
        return KeyStep("special", base)
    unknown = modifiers - {"CTRL", "SHIFT"}
    if base in KEY_ALIASES:
        keycode, shift, ctrl = KEY_ALIASES[base]
    elif base in KEYCODES:
        keycode, shift, ctrl = KEYCODES[base], False, False
    else:
        unknown.add(base)
    if unknown:
        names = sorted(key for key in [*KEYCODES, *KEY_ALIASES, *SPECIAL_KEYS] if len(key) > 1)
        raise ValueError(f"key script: unknown key name {{{name}}} (a letter, a digit, a sign, or one "
                         f"of {', '.join(names)}; CTRL- and SHIFT- may stand before it)")
    return KeyStep("key", (keycode, shift or "SHIFT" in modifiers, ctrl or "CTRL" in modifiers))
