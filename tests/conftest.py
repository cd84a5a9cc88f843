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
#: out for a fast subset (about a quarter of the suite's time), `pytest -m slow` runs only them
SLOW_MODULES = frozenset({
    "test_mathpack_arith", "test_mathpack_convert", "test_basic_editor", "test_basic_runtime",
    "test_basic_tokenizer_emulator", "test_surround_basic_emulator", "test_minidos", "test_surround_disk",
    "test_play_basic", "test_blacklist_store",
})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.module is not None and item.module.__name__.rpartition(".")[2] in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
