"""The architecture checks itself: no import loops, the layer contracts of pyproject.toml.

The contracts (import-linter, [tool.importlinter] in pyproject.toml) say which package may
import which: host/ in layers from the CLI down to its base modules, the emulator below
the whole host and importing nothing from it. .ci/run also runs `lint-imports`; this test
lets `pytest` alone catch a broken contract, and adds what import-linter does not check:
a loop of imports anywhere.  Every import statement counts, also one under TYPE_CHECKING
(a type-only import is an arrow too), and every module of the emulator is in a layer.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.application.use_cases import read_user_options
from importlinter.cli import lint_imports

REPO = Path(__file__).resolve().parents[1]


def import_linter_config() -> dict:
    with (REPO / "pyproject.toml").open("rb") as file:
        config: dict = tomllib.load(file)["tool"]["importlinter"]
    return config


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("host", "emulator", exclude_type_checking_imports=False)


def module_cycle(graph: grimp.ImportGraph) -> list[str] | None:
    """One loop of imports between modules, or None (depth-first search)."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if state.get(imported) == 1:
                return path[path.index(imported):] + [imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph.modules):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_no_module_imports_itself_through_others(graph: grimp.ImportGraph) -> None:
    cycle = module_cycle(graph)
    assert cycle is None, "an import loop: " + " -> ".join(cycle or [])


def test_the_emulator_imports_nothing_from_the_host(graph: grimp.ImportGraph) -> None:
    for module in graph.modules:
        if module.split(".")[0] == "emulator":
            imported = graph.find_modules_directly_imported_by(module)
            assert not [name for name in imported if name.split(".")[0] == "host"], module


def test_type_only_imports_count_and_every_emulator_module_has_a_layer() -> None:
    config = import_linter_config()
    assert config.get("exclude_type_checking_imports") is False
    emulator_layers = [contract for contract in config["contracts"] if contract.get("containers") == ["emulator"]]
    assert [contract.get("exhaustive") for contract in emulator_layers] == [True]


def test_the_layer_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert len(read_user_options().contracts_options) == 3, "pyproject.toml declares the contracts"
    assert lint_imports(config_filename="pyproject.toml") == 0, "run `lint-imports` to see the broken contract"


def test_the_cycle_finder_finds_a_loop() -> None:
    loop = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        loop.add_module(name)
    loop.add_import(importer="a.x", imported="a.y")
    loop.add_import(importer="a.y", imported="a.z")
    loop.add_import(importer="a.z", imported="a.x")
    assert module_cycle(loop) == ["a.x", "a.y", "a.z", "a.x"]
