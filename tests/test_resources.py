"""host.resources: the data of a checkout or of an installed package, and where builds go."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from host import resources
from host.errors import SurroundError


def test_a_checkout_uses_its_own_folders() -> None:
    assert resources.is_checkout()
    assert resources.data_root() == resources.CHECKOUT
    assert (resources.asm_dir() / "surround.s").is_file()
    assert (resources.roms_dir() / "surround-os.rom").is_file()
    assert resources.build_dir() == resources.CHECKOUT / "build"


def test_an_installed_package_reads_its_data_and_builds_into_the_cache(tmp_path: Path, monkeypatch) -> None:
    installed = tmp_path / "site-packages" / "host" / "_data"
    shutil.copytree(resources.CHECKOUT / "asm" / "surround", installed / "asm" / "surround")
    shutil.copy2(resources.CHECKOUT / "asm" / "surround.s", installed / "asm" / "surround.s")
    monkeypatch.setattr(resources, "CHECKOUT", tmp_path / "site-packages")
    monkeypatch.setattr(resources, "INSTALLED_DATA", installed)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert not resources.is_checkout()
    assert resources.data_root() == installed
    assert resources.build_dir() == tmp_path / "cache" / "surround-xl" / "build"
    assert resources.original_roms_dir() == tmp_path / "data" / "surround-xl" / "roms"


def test_a_broken_installation_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(resources, "CHECKOUT", tmp_path)
    monkeypatch.setattr(resources, "INSTALLED_DATA", tmp_path / "_data")
    with pytest.raises(SurroundError, match="reinstall"):
        resources.data_root()


def test_the_package_data_is_the_sources_and_only_the_shipped_roms(tmp_path: Path) -> None:
    """setup.py's build step copies asm/, basic/ and roms/surround-* into host/_data/, never an
    original ROM a user put into roms/ (CI installs the wheel and plays from it)."""
    spec = importlib.util.spec_from_file_location("surround_setup", resources.CHECKOUT / "setup.py")
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    source = tmp_path / "checkout"
    shutil.copytree(resources.CHECKOUT / "asm", source / "asm", ignore=shutil.ignore_patterns("__pycache__"))
    (source / "roms").mkdir()
    for name in ("surround-os.rom", "atarixl.rom", "ataribas.rom", "README.md"):
        (source / "roms" / name).write_bytes(b"x")
    target = tmp_path / "build" / "host" / "_data"
    setup_module.copy_package_data(target, source)
    assert (target / "asm" / "surround.s").is_file() and (target / "asm" / "surround" / "input.s").is_file()
    assert (target / "asm" / "os" / "os.s").is_file()
    assert sorted(path.name for path in (target / "roms").iterdir()) == ["surround-os.rom"]

def test_a_build_from_other_sources_is_stale(tmp_path: Path) -> None:
    """The 6502 game is rebuilt when its sources changed, whatever the files' times say."""
    from host.engines import asm
    from host.toolchain import targets

    asm.ensure_built()
    xex, labels = tmp_path / "surround.xex", tmp_path / "surround.map"
    shutil.copy2(asm.XEX, xex)
    shutil.copy2(asm.LABELS, labels)
    assert asm.is_stale(xex, labels), "no digest beside it: stale"
    (tmp_path / "surround.xex.sources").write_text("0" * 64 + "\n")
    assert asm.is_stale(xex, labels), "built from other sources: stale, even though it is newer"
    (tmp_path / "surround.xex.sources").write_text(targets.GAME.digest(resources.data_root()) + "\n")
    assert not asm.is_stale(xex, labels)


def test_a_foreign_emulator_package_is_named_not_used(monkeypatch, capsys) -> None:
    """Another distribution's top-level ``emulator`` would shadow ours: one clear line."""
    import types

    from host import cli

    foreign = types.ModuleType("emulator")
    foreign.__file__ = "/somewhere/else/emulator/__init__.py"
    monkeypatch.setitem(sys.modules, "emulator", foreign)
    assert cli.main(["solve", "--json"]) == 2
    assert "is not surround-xl's" in capsys.readouterr().err


def test_our_emulator_package_passes_the_check() -> None:
    resources.check_emulator_package()
