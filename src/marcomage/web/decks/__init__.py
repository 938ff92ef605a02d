"""The Decks section: a player's decks, the deck editor and the card database."""
