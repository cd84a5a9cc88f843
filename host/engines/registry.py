"""The one list of engines: find an engine by name and build it (its module is imported only then)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from host.engines.base import Engine
from host.errors import SurroundError

if TYPE_CHECKING:
    from emulator.headless import MachineOptions

#: engine name -> (module, class name inside it)
ENGINES: dict[str, tuple[str, str]] = {
    "reference": ("host.engines.reference", "ReferenceEngine"),
    "asm": ("host.engines.asm", "AsmEngine"),
    "basic": ("host.engines.basic", "BasicEngine"),
}


def engine_names() -> list[str]:
    """Every engine's name, the reference first."""
    return list(ENGINES)


def make_engine(name: str, machine: MachineOptions | None = None, **options: object) -> Engine:
    """Build the engine called ``name``; options (e.g. seed=1) go to its constructor, and so
    do the emulated ``machine``'s options for an engine that runs in the emulator (the
    reference builds no machine and leaves them alone)."""
    if name not in ENGINES:
        raise SurroundError(f"unknown engine {name!r}; known engines: {', '.join(ENGINES)}")
    module_name, class_name = ENGINES[name]
    engine_class = getattr(importlib.import_module(module_name), class_name)
    if machine is not None and engine_class.emulated:
        options["machine"] = machine
    return engine_class(**options)


def emulated_engine_names() -> list[str]:
    """The engines that run a program in the emulator (every one but the reference)."""
    return [name for name in ENGINES if name != "reference"]
