"""The ``surround`` import name, so that ``python -m surround`` runs the command line.

pyproject.toml maps the package ``surround`` to this folder (``package-dir``); the code lives
in ``host`` (the game, the tools, the CLI) and ``emulator``.
"""
