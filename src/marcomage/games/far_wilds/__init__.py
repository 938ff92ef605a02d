"""The Far Wilds: a tactical card game on a small hex map (FARWILDS.md, rule ids FW-*)."""
