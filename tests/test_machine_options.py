"""Machine options as values (issue 24 item 2): one MachineOptions from one add_machine_options,
the same options on every command that builds a machine, and none read from the environment."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from emulator.headless import HeadlessAtari, MachineOptions
from host.cli import build_parser, main
from host.commands.basic import runner_parser
from host.commands.machine_options import machine_options_from_args

ROOT = Path(__file__).resolve().parents[1]
#: every command that builds an emulated machine, with what it needs besides the machine options
MACHINE_COMMANDS = {
    "emu": [],
    "play": [],
    "check": ["--engine", "asm"],
    "train": ["--engine", "asm"],
    "bench": ["--engine", "asm"],
}
SHARED = ["--os", "original", "--basic", "free", "--video", "pal", "--sio", "serial",
          "--printer", "p.txt", "--cassette", "t.cas"]
EXPECTED = MachineOptions(os_rom="original", basic_rom="free", video="pal", sio="serial",
                          printer="p.txt", cassette="t.cas")
OLD_VARIABLES = {"SURROUND_SIO": "serial", "SURROUND_PRINTER": "p.txt", "SURROUND_CASSETTE": "t.cas"}


def parsed(command: str, argv: list[str]) -> argparse.Namespace:
    if command == "basic":
        return runner_parser().parse_args(argv)
    return build_parser().parse_args([command, *argv])


@pytest.mark.parametrize("command", [*MACHINE_COMMANDS, "basic"])
def test_every_machine_command_takes_the_shared_options(command: str) -> None:
    args = parsed(command, MACHINE_COMMANDS.get(command, []) + SHARED)
    assert machine_options_from_args(args) == EXPECTED


def test_bench_keeps_its_own_basic_option() -> None:
    args = parsed("bench", ["--engine", "asm", "--video", "pal", "--sio", "serial"])
    assert machine_options_from_args(args) == MachineOptions(video="pal", sio="serial")
    assert parsed("bench", ["--basic"]).basic == "free"  # the BASIC benchmark, on the free BASIC


@pytest.mark.parametrize("command", [*MACHINE_COMMANDS, "basic"])
def test_the_defaults_are_the_standard_machine(command: str) -> None:
    args = parsed(command, MACHINE_COMMANDS.get(command, []))
    assert machine_options_from_args(args) == MachineOptions()


def sio_patched(atari: HeadlessAtari) -> bool:
    """True if SIOV runs as the emulator's trap (``--sio fast``), not the OS's own SIO."""
    machine = atari.machine
    return machine.siov_target is not None and machine.siov_target in machine.cpu.traps


def test_the_environment_changes_no_machine(monkeypatch) -> None:
    from host.engines.registry import make_engine

    for name, value in OLD_VARIABLES.items():
        monkeypatch.setenv(name, value)
    atari = HeadlessAtari()
    assert sio_patched(atari) and atari.options == MachineOptions()
    assert 0x40 not in atari.machine.serial.bus.devices and atari.machine.serial.bus.cassette is None
    with make_engine("asm", seed=1) as engine:
        assert sio_patched(engine.atari)
        assert engine.atari.options == MachineOptions()


def test_no_emulator_module_reads_a_machine_option_from_the_environment() -> None:
    for path in (ROOT / "emulator").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in OLD_VARIABLES:
            assert name not in text, f"{path} still names {name}"


@pytest.fixture
def built_machines(monkeypatch) -> list[MachineOptions]:
    """The options of every HeadlessAtari built from options while the test runs."""
    built: list[MachineOptions] = []
    original = HeadlessAtari.from_options.__func__

    def spy(cls, options: MachineOptions, seed: int = 0) -> HeadlessAtari:
        built.append(options)
        return original(cls, options, seed)

    monkeypatch.setattr(HeadlessAtari, "from_options", classmethod(spy))
    return built


@pytest.mark.parametrize("argv", [
    ["emu", "--frontend", "headless", "--frames", "2"],
    ["basic", "--frontend", "headless", "--frames", "2"],
    ["play", "--frontend", "headless", "--empty-blacklist"],
    ["play", "--engine", "basic", "--frontend", "headless", "--empty-blacklist"],
    ["check", "--engine", "asm", "--games", "1", "--json"],
    ["train", "--engine", "asm", "--games", "1", "--json"],
    ["bench", "--engine", "asm", "--games", "1", "--json"],
], ids=lambda argv: "-".join(argv[:3]))
def test_each_command_builds_its_machine_from_the_options(argv: list[str], built_machines, tmp_path: Path,
                                                          capsys) -> None:
    printer = tmp_path / "printer.txt"
    assert main([*argv, "--video", "pal", "--sio", "serial", "--printer", str(printer)]) == 0
    capsys.readouterr()
    assert built_machines, "no machine was built"
    for options in built_machines:
        assert (options.video, options.sio, options.printer) == ("pal", "serial", str(printer))


@pytest.mark.parametrize("argv", [
    ["play", "--engine", "reference", "--sio", "serial"],
    ["check", "--engine", "reference", "--video", "pal"],
    ["train", "--printer", "p.txt"],
    ["bench", "--fp", "--sio", "serial"],
    ["bench", "--emulator", "--os", "original"],
    ["check", "--engine", "asm", "--basic", "free"],
])
def test_machine_options_where_no_machine_is_built_are_refused(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("surround: --"), error


def test_the_environment_changes_no_machine_a_command_builds(tmp_path: Path) -> None:
    """The Surround disk is at its menu after 100 frames over fast SIO, not over the serial bus
    (4.2 emulated seconds): the same screen with the old variables set shows they are ignored."""
    import os
    import subprocess
    import sys

    from host.toolchain.disk import build_disk

    image = tmp_path / "surround.atr"
    build_disk(image)
    argv = [sys.executable, "-m", "host", "emu", str(image), "--frontend", "headless", "--frames", "100", "--screen"]
    base = {**os.environ, "PYTHONPATH": str(ROOT)}
    screens = [subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=120, env=env).stdout
               for env in (base, {**base, **OLD_VARIABLES})]
    assert "SURROUND XL DISK" in screens[0] and screens[0] == screens[1]
    assert not (tmp_path / "p.txt").exists() and not (tmp_path / "t.cas").exists()
