"""Find an engine by name and build it; engine modules are imported only when asked for."""

from __future__ import annotations

import importlib

from host.engines.base import Engine
from host.errors import SurroundError

#: engine name -> (module, class name inside it)
ENGINES: dict[str, tuple[str, str]] = {
    "reference": ("host.engines.reference", "ReferenceEngine"),
    "asm": ("host.engines.asm", "AsmEngine"),
    "basic": ("host.engines.basic", "BasicEngine"),
}


def engine_names() -> list[str]:
    return list(ENGINES)


def make_engine(name: str, **options: object) -> Engine:
    """Build the engine called ``name``; options (e.g. seed=1) go to its constructor."""
    if name not in ENGINES:
        raise SurroundError(f"unknown engine {name!r}; known engines: {', '.join(ENGINES)}")
    module_name, class_name = ENGINES[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise SurroundError(f"the {name!r} engine is not available yet ({module_name} is missing)") from None
    engine_class = getattr(module, class_name, None)
    if engine_class is None:
        raise SurroundError(f"{module_name} has no engine class {class_name}")
    return engine_class(**options)
