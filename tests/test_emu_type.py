"""Scripting the emulator: key scripts (`surround emu --type`, HeadlessAtari.type_script)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from emulator.keyboard import KEYCODES, KeyStep, parse_key_script
from host import cli
from host.engines.asm import ensure_built


def test_text_newlines_and_named_keys() -> None:
    assert parse_key_script("2,3\\n") == [KeyStep("text", "2,3\n")]
    assert parse_key_script("a\nb") == [KeyStep("text", "a\nb")]
    assert parse_key_script("x{HELP}y") == [
        KeyStep("text", "x"), KeyStep("key", (KEYCODES["HELP"], False, False)), KeyStep("text", "y")]
    assert parse_key_script("{ctrl-a}{SHIFT-DELETE}{up}") == [
        KeyStep("key", (KEYCODES["A"], False, True)),
        KeyStep("key", (KEYCODES["BACKSPACE"], True, False)),
        KeyStep("key", (KEYCODES["-"], False, True)),
    ]
    assert parse_key_script("{START}{RESET}") == [KeyStep("special", "START"), KeyStep("special", "RESET")]
    assert parse_key_script("\\{braces\\}\\\\") == [KeyStep("text", "{braces\\}\\")]
    assert parse_key_script("{CTRL--}") == [KeyStep("key", (KEYCODES["-"], False, True))]


@pytest.mark.parametrize("script, message", [
    ("{BOGUS}", "unknown key name {BOGUS}"),
    ("{ALT-A}", "unknown key name {ALT-A}"),
    ("{HELP", "has no closing"),
    ("AB{ }", "'{}' at position 3 names no key"),
])
def test_bad_scripts_are_named(script: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_key_script(script)


@given(st.text(max_size=40))
def test_any_script_parses_or_says_why(script: str) -> None:
    try:
        steps = parse_key_script(script)
    except ValueError as error:
        assert "key script" in str(error)
        return
    assert all(kind in ("text", "key", "special") for kind, _ in steps)


def test_emu_types_into_the_game_and_prints_the_screen(capsys) -> None:
    xex = ensure_built()
    status = cli.main(["emu", str(xex), "--frontend", "headless", "--type", "2,3\\n{HELP}", "--screen"])
    screen = capsys.readouterr().out.replace("█", " ")
    assert status == 0 and "HOW TO PLAY" in screen and "PRESS ANY KEY" in screen
    status = cli.main(["emu", str(xex), "--frontend", "headless", "--type", "2,3\\n1,4{DELETE}", "--screen"])
    lines = capsys.readouterr().out.splitlines()
    assert "MOVE 1/15" in "\n".join(lines) and lines[21].startswith("  1,█")


def test_emu_reports_a_bad_script_without_a_traceback(capsys) -> None:
    status = cli.main(["emu", "--frontend", "headless", "--type", "{NOPE}", "--screen"])
    err = capsys.readouterr().err
    assert status == 2 and "unknown key name {NOPE}" in err
