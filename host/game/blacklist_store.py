"""Where the wolf's black list lives between sessions, and keeping it there.

By default the list is the file ``blacklist.bin`` in the user's data directory (the
platform's own place, found with platformdirs: ``~/.local/share/surround-xl`` on Linux,
``~/Library/Application Support/surround-xl`` on macOS, ``%LOCALAPPDATA%\\surround-xl`` on
Windows); ``--blacklist FILE`` names another file. The file is the 165-byte bitmap of
docs/rules.md (host.game.blacklist_file reads and writes it). ``--empty-blacklist`` starts
with an empty list and saves nothing: the saved list stays as it is.

Every command that writes a black list goes through this store: `play` (every engine) and
`train --blacklist`.

* The location is checked when the session starts (`BlacklistStore.open`): a folder that
  cannot be made or written, a path under a regular file, a file that cannot be read or has
  the wrong size stop the program with one line naming it; a broken file is never
  overwritten.
* `BlacklistStore.save_if_changed` saves whenever the list changed. Several sessions may
  share the file: each save holds the file's lock (host.game.file_lock), reads what is on
  disk and merges: the positions this session learned since its last save are added, the
  ones it removed (the C command) are removed, everything else on disk (another session's
  lessons) stays. The file is then replaced atomically.
* A save that fails later (the disk full, the folder gone) does not end the session: the
  store keeps the reason in `problem`, the game shows ``NOT SAVED: reason`` and goes on, and
  the next change or the end of the session tries again.
* `BlacklistStore.flush` saves at the end; `closing_line` then says how many positions the
  file holds and how many this session added, or that the list is NOT SAVED and why.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from host.errors import SurroundError
from host.game.blacklist_file import impossible_warning, positions_in, read_blacklist_file, write_blacklist_file
from host.game.file_lock import locked
from host.game.rules import BLACKLIST_BYTES

APP_NAME = "surround-xl"
FILE_NAME = "blacklist.bin"

#: after a failed save, the same list is tried again at most this often (the game asks every frame)
RETRY_SECONDS = 2.0


def default_path() -> Path:
    """The per-user black-list file (it need not exist yet)."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / FILE_NAME


def read_blacklist_and_warn(path: str | os.PathLike[str]) -> bytes:
    """A black-list file that a command only reads (`check --blacklist`, `disk --blacklist`):
    read, with a warning on stderr if it holds positions that cannot be lost."""
    data = read_blacklist_file(path)
    warning = impossible_warning(path, data)
    if warning:
        print(warning, file=sys.stderr)
    return data


def counted_positions(count: int) -> str:
    """"1 position", "2 positions"."""
    return f"{count} position{'' if count == 1 else 's'}"


def merged(on_disk: bytes, base: bytes, data: bytes) -> bytes:
    """What to save when this session's list went from ``base`` to ``data`` while the file
    holds ``on_disk``: its own additions added, its own removals removed, the rest kept."""
    return bytes((disk | (new & ~old)) & ~(old & ~new) & 0xFF for disk, old, new in zip(on_disk, base, data))


def check_location(path: Path) -> None:
    """SurroundError (one line) unless a black list can be kept at ``path``: its folder is made if
    needed and a file is written into it and removed again."""
    folder = path.parent
    if path.is_dir():
        raise SurroundError(f"{path}: cannot keep the black list there: it is a folder")
    blocker = next((parent for parent in [folder, *folder.parents] if parent.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise SurroundError(f"{path}: cannot keep the black list there: {blocker} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder, prefix=f".{path.name}.", suffix=".probe"):
            pass
    except OSError as error:
        raise SurroundError(
            f"{path}: cannot keep the black list there ({error.strerror or error}); "
            "choose another file with --blacklist FILE, or --empty-blacklist to save nothing"
        ) from None


@dataclass
class BlacklistStore:
    """The black list of one session: what it last saved and where (None: nowhere)."""

    path: Path | None
    saved: bytes  # this session's list as it last saved it (or found it at the start)
    started: bytes = bytes(BLACKLIST_BYTES)  # the list found at the start
    latest: bytes = bytes(BLACKLIST_BYTES)  # this session's list as it was last handed over
    default: bool = False  # the path is the per-user default, not --blacklist
    problem: str | None = None  # why the last save failed (None: it did not)
    warning: str | None = None  # something odd about the file found at the start
    _failed: tuple[bytes, float] | None = field(default=None, repr=False)  # the list that failed, and when

    @classmethod
    def open(cls, option: str | None = None, empty: bool = False) -> BlacklistStore:
        """The store for ``--blacklist option`` (None: the per-user file) and ``--empty-blacklist``.

        The location is checked first (SurroundError naming it if the list cannot be kept
        there). An existing file is read and checked (SurroundError naming it if it is
        broken); a missing one starts empty and is created with the first lesson.
        """
        if empty:
            return cls(None, bytes(BLACKLIST_BYTES))
        path = Path(option).expanduser() if option else default_path()
        check_location(path)
        data = _read_at_start(path) if path.exists() else bytes(BLACKLIST_BYTES)
        store = cls(path, data, started=data, latest=data, default=option is None)
        store.warning = impossible_warning(path, data)
        return store

    def save_if_changed(self, data: bytes) -> bool:
        """Save ``data`` (merged with the file under its lock, atomically) when it differs from
        what this session saved last; True if written. A failure is kept in ``problem``."""
        data = self.latest = bytes(data)
        if self.path is None or (data == self.saved and self.problem is None):
            return False
        if self._failed is not None and self._failed[0] == data and time.monotonic() - self._failed[1] < RETRY_SECONDS:
            return False
        return self._save(data)

    def flush(self, data: bytes) -> None:
        """At the end of a session: save ``data`` if it changed (or the last save failed), or
        if the file is not there yet."""
        data = self.latest = bytes(data)
        if self.path is not None and (data != self.saved or self.problem or not self.path.exists()):
            self._save(data)

    def _save(self, data: bytes) -> bool:
        assert self.path is not None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with locked(self.path):
                on_disk = _read_for_merge(self.path)
                write_blacklist_file(self.path, merged(on_disk, self.saved, data))
        except (OSError, SurroundError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            if self.path.parent.exists() and not self.path.parent.is_dir():
                reason = f"its folder {self.path.parent} is now a file"
            elif not self.path.parent.exists():
                reason = f"its folder {self.path.parent} is gone ({reason})"
            self.problem = f"{self.path}: {reason}" if str(self.path) not in reason else reason
            self._failed = (data, time.monotonic())
            return False
        self.saved = data
        self.problem = None
        self._failed = None
        return True

    def added(self) -> int:
        """How many positions this session's list holds that the list at the start did not."""
        return positions_in(bytes(new & ~old & 0xFF for new, old in zip(self.latest, self.started)))

    def closing_line(self) -> str | None:
        """The last line of a session (after `flush`): how many positions the file holds now and
        how many this session added, or that (and why) the list is NOT SAVED; None without a file."""
        if self.path is None:
            return None
        added = f"{counted_positions(self.added())} new from this session"
        if self.problem:
            return f"surround: the wolf's black list is NOT SAVED ({added}): {self.problem}"
        try:
            held = positions_in(read_blacklist_file(self.path))
        except SurroundError:  # gone or changed since: say what this session saved
            held = positions_in(self.saved)
        return f"The wolf's black list in {self.path} holds {counted_positions(held)} ({added})."

    def opening_lines(self) -> list[str]:
        """What a session says before it starts: where the list is kept, and anything odd about it."""
        return [self.describe(), *([self.warning] if self.warning else [])]

    def status(self) -> str:
        """One short line for a front-end: where the list is kept, or why it was not saved."""
        if self.problem:
            return f"NOT SAVED: {self.problem}"
        if self.path is None:
            return "Black list: not saved (--empty-blacklist)"
        return f"Black list: {self.path}"

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


def _read_at_start(path: Path) -> bytes:
    try:
        return read_blacklist_file(path)
    except SurroundError as error:
        raise SurroundError(
            f"{error}; it was left as it is: move it away, or start with "
            "--empty-blacklist (which neither reads nor writes it)"
        ) from None


def _read_for_merge(path: Path) -> bytes:
    """The list on disk now (empty if there is none); SurroundError if it is broken, so that
    a file someone else damaged is never overwritten unseen."""
    if not path.exists():
        return bytes(BLACKLIST_BYTES)
    return read_blacklist_file(path)
