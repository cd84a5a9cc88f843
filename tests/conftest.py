"""Shared pytest set-up: no real display or sound device is ever needed."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


@pytest.fixture(autouse=True)
def private_user_data(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's real data directory (the wolf's saved black list):
    platformdirs follows XDG_DATA_HOME on Linux."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))


#: test modules that run whole programs in the emulator for many frames (the BASIC and the math
#: pack over thousands of cases, disks, processes on a pty); `pytest -m "not slow"` leaves them
#: out for a fast subset, `pytest -m slow` runs only them
SLOW_MODULES = frozenset({
    "test_mathpack_arith", "test_mathpack_convert", "test_basic_editor", "test_basic_runtime",
    "test_basic_tokenizer_emulator", "test_surround_basic_emulator", "test_minidos", "test_surround_disk",
    "test_play_basic", "test_blacklist_store",
})


def pytest_addoption(parser):
    parser.addoption(
        "--python-core", action="store_true",
        help="run only the tests marked python_core, on the pure-Python 6502 core (SURROUND_CPU=python)",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "python_core: CPU and machine tests that `pytest --python-core` also runs on the Python core"
    )
    if config.getoption("--python-core"):
        os.environ["SURROUND_CPU"] = "python"


#: modules whose tests are all python_core (besides those that carry the marker themselves)
PYTHON_CORE_MODULES = {"test_emu_machine.py", "test_emu_dma.py", "test_os_boot.py"}


def pytest_collection_modifyitems(config, items):
    """Mark the slow modules slow and PYTHON_CORE_MODULES python_core; with --python-core keep only
    the python_core tests."""
    for item in items:
        if item.path.stem in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
        if item.path.name in PYTHON_CORE_MODULES:
            item.add_marker(pytest.mark.python_core)
    if not config.getoption("--python-core"):
        return
    keep = [item for item in items if item.get_closest_marker("python_core")]
    dropped = [item for item in items if not item.get_closest_marker("python_core")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


@pytest.fixture()
def read_only_dir(tmp_path):
    """A folder on a read-only file system (tests/filesystem_support.py)."""
    from tests.filesystem_support import read_only_folder

    with read_only_folder(tmp_path / "read-only") as folder:
        yield folder


@pytest.fixture()
def full_dir(tmp_path):
    """A folder on a full file system (tests/filesystem_support.py)."""
    from tests.filesystem_support import full_folder

    with full_folder(tmp_path / "full") as folder:
        yield folder


@pytest.fixture
def display():
    """pygame's display (SDL's dummy driver) for the window's tests."""
    import pygame

    pygame.display.init()
    yield
    pygame.display.quit()
