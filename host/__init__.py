"""Surround XL host side: the Python reference game, learner, solver, harness and CLI."""
