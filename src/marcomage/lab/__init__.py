"""The balance lab (issue 25): bot-versus-bot tournaments over the card pools and decks of any
game system, on a local process pool or a Ray cluster, and what they say about each card.
Pure platform and games code: no Django."""
