"""Browser journeys in real headless Chromium against a live server with WebSockets."""
