"""Errors that the CLI reports as one clear line instead of a traceback."""


class SurroundError(Exception):
    """A problem the user can fix: a bad file, a bad option, an illegal move.

    The message names the file (or input) and the problem.
    """
