"""docs/rules.md, the project's own statement of the rules, agrees with host/game/rules.py."""

from __future__ import annotations

import re
from pathlib import Path

from host.game.rules import COLUMN, NEIGHBOURS, Position

ROOT = Path(__file__).resolve().parents[1]
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def table_after(heading: str) -> list[tuple[str, str]]:
    """The two-column rows of the Markdown table whose heading row is `heading`."""
    rows = RULES.split(heading, 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\| (\d+) \| ([\d, ]+) \|$", rows, flags=re.MULTILINE)


def test_the_neighbour_table_is_the_one_the_code_plays_by() -> None:
    rows = table_after("| point | its neighbours |")
    table = {int(point): tuple(int(n) for n in neighbours.split(",")) for point, neighbours in rows}
    assert table == {point: tuple(NEIGHBOURS[point]) for point in range(1, 12)}


def test_the_columns_are_the_ones_the_code_plays_by() -> None:
    rows = table_after("| column | points |")
    columns = {int(p): int(c) for c, points in rows for p in points.split(",")}
    assert columns == COLUMN


def test_every_nr_example_is_right() -> None:
    examples = re.findall(r"(\d+,\d+,\d+-\d+) is (?:NR )?(\d+)", RULES)
    assert len(examples) >= 5
    for text, nr in examples:
        assert Position.parse(text).nr == int(nr), text


def test_nothing_points_at_the_design_documents_any_more() -> None:
    root = Path(__file__).resolve().parents[1]
    for folder in ("host", "emulator", "asm", "tests"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".s", ".md") and path.name != "test_docs.py":
                assert "RULES.md" not in path.read_text(encoding="utf-8", errors="replace"), path
    assert "RULES.md" not in (root / "README.md").read_text(encoding="utf-8")


def _table_cells(row: str) -> int:
    """The cells of a Markdown table row (an escaped \\| stays inside its cell)."""
    return len(re.split(r"(?<!\\)\|", row.strip().strip("|")))


def test_every_readme_table_row_has_its_headers_cells() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    wrong = []
    for number, line in enumerate(lines):
        if re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line.strip()):
            width = _table_cells(lines[number - 1])
            for row_number in range(number + 1, len(lines)):
                row = lines[row_number]
                if not row.startswith("|"):
                    break
                if _table_cells(row) != width:
                    wrong.append(f"README.md:{row_number + 1}: {row[:60]}")
    assert not wrong, "an unescaped | splits a cell:\n" + "\n".join(wrong)


def test_the_engines_line_names_every_engine() -> None:
    from host.engines.registry import engine_names

    text = (ROOT / "README.md").read_text()
    line = text[text.index("Engines: "):].split("\n\n")[0].split("Sheep players")[0]
    assert all(f"`{name}`" in line for name in engine_names()), line
