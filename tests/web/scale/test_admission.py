"""core/admission.py: at most HTTP_CONCURRENCY HTTP requests at work at once per process,
the others waiting in the event loop; WebSockets are never held back."""

from __future__ import annotations

import asyncio
from typing import Any

from marcomage.web.core.admission import Admission


def test_http_requests_beyond_the_limit_wait_and_websockets_pass() -> None:
    running = {"now": 0, "most": 0, "sockets": 0}

    async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            running["sockets"] += 1
            return
        running["now"] += 1
        running["most"] = max(running["most"], running["now"])
        await asyncio.sleep(0.01)
        running["now"] -= 1

    gate = Admission(application, 3)

    async def burst() -> None:
        await asyncio.gather(*[gate({"type": "http"}, None, None) for _ in range(20)],
                             *[gate({"type": "websocket"}, None, None) for _ in range(5)])

    asyncio.run(burst())
    assert running["most"] == 3
    assert running["sockets"] == 5
    assert running["now"] == 0
