"""Players section: the paged, filtered players list and each player's details."""
