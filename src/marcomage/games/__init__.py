"""The game systems the site hosts, each a pure ruleset behind the platform protocol."""
