"""A stand-in for the messaging section, to test notifications as a real section plugs in.

It is what a section does: a model (the truth), a source registered for its icon, and
`wake()` after each change.
"""
