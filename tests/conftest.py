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
