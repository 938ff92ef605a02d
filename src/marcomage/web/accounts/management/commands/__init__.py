"""Commands: `moderator`."""
