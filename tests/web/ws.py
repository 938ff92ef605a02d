"""A WebSocket test client on asgiref's ApplicationCommunicator.

channels.testing would do, but importing it pulls in daphne, which this project does not use.
"""

from __future__ import annotations

from typing import Any

from asgiref.testing import ApplicationCommunicator


class WebsocketClient(ApplicationCommunicator):  # type: ignore[misc]
    """Talk to an ASGI application as a browser's WebSocket would."""

    def __init__(self, application: Any, path: str, headers: list[tuple[bytes, bytes]]) -> None:
        scope = {
            "type": "websocket",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "headers": headers,
            "subprotocols": [],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        super().__init__(application, scope)

    async def connect(self, timeout: float = 2) -> tuple[bool, Any]:
        """(True, subprotocol) when accepted, (False, close code) when refused."""
        await self.send_input({"type": "websocket.connect"})
        response = await self.receive_output(timeout)
        if response["type"] == "websocket.close":
            return False, response.get("code", 1000)
        assert response["type"] == "websocket.accept", response
        return True, response.get("subprotocol")

    async def receive_from(self, timeout: float = 2) -> str:
        """The next text frame the application sends."""
        response = await self.receive_output(timeout)
        assert response["type"] == "websocket.send", response
        return str(response["text"])

    async def disconnect(self, code: int = 1000, timeout: float = 2) -> None:
        """Close from the browser's side and let the application finish."""
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)

    async def send_to(self, text_data: str) -> None:
        """Send one text frame, as the page's script would."""
        await self.send_input({"type": "websocket.receive", "text": text_data})
