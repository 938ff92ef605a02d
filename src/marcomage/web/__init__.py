"""The MArcomage web site: a Django + Channels project, one app per site section."""
