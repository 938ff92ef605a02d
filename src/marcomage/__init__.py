"""MArcomage: the Arcomage card game for two players, in Python."""

from . import native as _native

__version__ = "0.1.0"

ENGINE = _native.install()
"""The MArcomage engine this process runs: mypyc-compiled when built, else pure Python."""
