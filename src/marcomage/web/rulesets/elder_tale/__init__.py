"""Elder Tale's widgets: the duel board, the card designer, the custom-card collection, the
deck editor and the computer opponent."""
