"""What every game system and the site share, with no Django and no I/O: the protocol
(PL-PROTO), the seeded generator (PL-STATE-1), rounding, deck documents, replays, rating,
bots and the conformance suite (PL-SHARED)."""
