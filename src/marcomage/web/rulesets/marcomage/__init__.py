"""MArcomage's widgets: the card face, the card database, the deck editor with its filters,
token counters and deck files, and the battle report. The one folder of web/ that may import
`marcomage.games.marcomage`."""
