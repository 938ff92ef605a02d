"""The board that draws any game system from its view and its legal actions."""
