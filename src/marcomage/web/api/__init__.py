"""The public JSON API (/api/v1/), personal API tokens, bot accounts and the bot event stream."""
