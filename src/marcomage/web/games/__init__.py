"""The Games section: challenges, hosted games, the game screen in real time, and chat."""
