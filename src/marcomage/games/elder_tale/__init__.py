"""Elder Tale: the card design rules of the Elder Tale Online MUSH (a calculator and a
validator for custom cards) and its 1v1 carded duel behind the platform protocol
(ELDERTALE.md)."""
