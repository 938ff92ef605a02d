"""The security tests share the browser journeys' live server (uvicorn in a thread)."""

from tests.web.browser.conftest import chromium, live_site

__all__ = ["chromium", "live_site"]
