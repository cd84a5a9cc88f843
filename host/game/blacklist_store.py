"""Where the wolf's black list lives between sessions, and keeping it there.

By default the list is the file ``blacklist.bin`` in the user's data directory (the
platform's own place, found with platformdirs: ``~/.local/share/surround-xl`` on Linux,
``~/Library/Application Support/surround-xl`` on macOS, ``%LOCALAPPDATA%\\surround-xl`` on
Windows); ``--blacklist FILE`` names another file. The file is the 165-byte bitmap of
docs/rules.md. `BlacklistStore.save_if_changed` replaces it atomically whenever the list
changed, so a session that is killed, hung up or interrupted loses no lesson that was
saved before. ``--empty-blacklist`` starts with an empty list and saves nothing: the saved
list stays as it is.

A file that cannot be read or has the wrong size stops the program with a message naming
it; it is never overwritten silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from host.errors import SurroundError
from host.game.records import read_blacklist_file, write_blacklist_file
from host.game.rules import BLACKLIST_BYTES

APP_NAME = "surround-xl"
FILE_NAME = "blacklist.bin"


def default_path() -> Path:
    """The per-user black-list file (it need not exist yet)."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / FILE_NAME


def positions_in(data: bytes) -> int:
    """How many positions a black-list bitmap holds."""
    return sum(bin(byte).count("1") for byte in data)


@dataclass
class BlacklistStore:
    """The black list of one session: what it started with and where it is saved (None: nowhere)."""

    path: Path | None
    saved: bytes
    default: bool = False  # the path is the per-user default, not --blacklist

    @classmethod
    def open(cls, option: str | None = None, empty: bool = False) -> BlacklistStore:
        """The store for ``--blacklist option`` (None: the per-user file) and ``--empty-blacklist``.

        An existing file is read and checked (SurroundError naming it if it is broken); a
        missing one starts empty and is created with the first lesson.
        """
        if empty:
            return cls(None, bytes(BLACKLIST_BYTES))
        path = Path(option).expanduser() if option else default_path()
        if path.exists():
            try:
                data = read_blacklist_file(path)
            except SurroundError as error:
                raise SurroundError(
                    f"{error}; it was left as it is: move it away, or start with "
                    "--empty-blacklist (which neither reads nor writes it)"
                ) from None
        else:
            data = bytes(BLACKLIST_BYTES)
        return cls(path, data, default=option is None)

    def save_if_changed(self, data: bytes) -> bool:
        """Write ``data`` (atomically) when it differs from what was saved; True if written."""
        data = bytes(data)
        if self.path is None or data == self.saved:
            return False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_blacklist_file(self.path, data)
        self.saved = data
        return True

    def flush(self, data: bytes) -> None:
        """At the end of a session: save ``data`` if it changed, or if the file is not there yet."""
        if not self.save_if_changed(data) and self.path is not None and not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_blacklist_file(self.path, bytes(data))

    def describe(self) -> str:
        """One line for the player: where the list is kept and how much it holds."""
        count = positions_in(self.saved)
        if self.path is None:
            return (f"The wolf starts with an empty black list; this session's lessons are not saved "
                    f"(the saved list in {default_path()} or --blacklist FILE is left alone).")
        where = "the per-user file" if self.default else "the file"
        state = "" if self.path.exists() else " (a new file)"
        known = f"{count} lost position" + ("" if count == 1 else "s")
        return f"The wolf knows {known}; its black list is kept in {where} {self.path}{state}."
