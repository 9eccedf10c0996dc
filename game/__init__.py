"""Hanjie: a nonogram game with a solver you can watch think."""

__version__ = "0.1.0"
