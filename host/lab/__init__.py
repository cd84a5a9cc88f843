"""The games lab: the learning machines of the other seed documents, in pure Python.

One game interface (:mod:`host.lab.game`), an exact solver for it, and the games and learners
of seeds 000 (Robbimat on Kascha), 002 (minimax and alpha-beta on Grundy's game and
tic-tac-toe), 003 (the 1976 Mühle program) and 004 (tic-tac-toe up to symmetry and its genome).
Nothing here depends on the 8-bit work.
"""
