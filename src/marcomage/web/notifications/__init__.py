"""Menubar notifications and the per-player WebSocket that keeps them up to date."""
