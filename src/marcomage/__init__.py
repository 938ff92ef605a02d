"""MArcomage: the Arcomage card game for two players, in Python."""

__version__ = "0.1.0"
