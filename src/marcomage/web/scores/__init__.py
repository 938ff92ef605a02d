"""Scores, levels and the ladder (manual: "Player rating system")."""
