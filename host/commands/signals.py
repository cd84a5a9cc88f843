"""How the commands that keep a black list meet SIGINT (Ctrl-C), SIGTERM and SIGHUP.

* `ending_signals_exit()`: an interactive session (`play`) ends on SIGTERM and SIGHUP as on
  Ctrl-C: SystemExit(128 + signal) is raised where the program is, so the front-ends restore
  the terminal and the session's ``finally`` saves the black list once more.
* `stop_requests()`: a long run (`train`) is asked to stop: each of the three signals only
  notes which one came (`StopRequest.signum`); the run looks between two games, saves what
  it learned and ends. Nothing is interrupted half-way, a save least of all.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

#: the signals that end a session or a run, where the platform has them
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def ending_signals_exit() -> Iterator[None]:
    """SIGTERM and SIGHUP end the session like Ctrl-C does (front-ends restore the terminal,
    the black list is saved once more) instead of killing Python on the spot."""
    def leave(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    wanted = [signum for signum in ENDING_SIGNALS if signum != signal.SIGINT]
    previous = {signum: signal.signal(signum, leave) for signum in wanted}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@dataclass
class StopRequest:
    """Which ending signal came while a run was going (None: none yet)."""

    signum: int | None = None

    @property
    def name(self) -> str:
        """The signal's name, e.g. "SIGTERM" ("" if none came)."""
        return signal.Signals(self.signum).name if self.signum is not None else ""

    @property
    def exit_status(self) -> int:
        """The shell's status for a program ended by the signal: 128 + its number."""
        return 128 + (self.signum or 0)


@contextmanager
def stop_requests() -> Iterator[StopRequest]:
    """For the ``with`` block, SIGINT, SIGTERM and SIGHUP only set the yielded StopRequest."""
    request = StopRequest()

    def note(signum: int, _frame: object) -> None:
        request.signum = signum

    previous = {signum: signal.signal(signum, note) for signum in ENDING_SIGNALS}
    try:
        yield request
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
