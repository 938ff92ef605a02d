"""The API's routers, one per site section; each calls that section's services."""
