"""Surround XL, the host side: the reference game, the engines, the Atari models, the CLI.

Layers, top to bottom (each imports only from the layers below it; docs/architecture.md):

    cli, commands      the `surround` command line and its interactive sessions
    bench, lab         benchmarks; the games lab of the other seeds
    engines            the Engine interface, the three engines, the lockstep harness
    build              the one builder of every 6502 target; the mini-DOS and the Surround disk
    atari, game        Atari formats and models (BASIC, DOS 2, floating point); the rules,
                       the learner, the solver, sheep players, records, the black-list store
    errors, resources  one-line errors; where the data lives

The emulator (package ``emulator``) sits below all of them and imports nothing from here.
"""

from host.resources import configure_emulator

configure_emulator()
