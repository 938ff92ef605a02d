"""SQLite with one writer at a time per process, queued in Python (see base.py)."""
