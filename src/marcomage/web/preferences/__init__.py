"""Settings section: profile, account options, layout options, avatar."""
