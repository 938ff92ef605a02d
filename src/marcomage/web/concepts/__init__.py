"""Card concepts: players' card suggestions in the card template's form (manual: "Concepts",
"Card template"), each with its forum thread, and an effect that can be tried in a game."""
