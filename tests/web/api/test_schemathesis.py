"""Schemathesis against the OpenAPI document (issue 24): every operation of /api/v1/ is
called with generated requests on a live server, with a token of a player who has a
running game; no answer may be a server error, and every answer's status and body must be
one the document declares. The NDJSON stream is left
out (it stays open by design; tests/web/api/test_bot_server.py covers it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from .live import Browser, call, served

EXAMPLES = 6


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("api-schema"),
                {"MARCOMAGE_API_RATE": "100000", "AI_AUTOPLAY": "0"}) as base:
        yield base


@pytest.fixture(scope="module")
def token(site: str) -> str:
    """A player with a running game against the computer, and his token."""
    person = Browser(site)
    person.register("fuzzy")
    secret = person.token("schemathesis")
    status, decks = call(site, secret, "GET", "/decks")
    status, game = call(site, secret, "POST", "/games/computer",
                        {"deck": str(decks[0]["id"]), "level": "easy"})
    assert status == 201, game
    return secret


def test_no_operation_answers_with_a_server_error(site: str, token: str) -> None:
    schema = schemathesis.openapi.from_url(site + "api/v1/openapi.json").exclude(
        path="/api/v1/bot/stream")
    headers = {"Authorization": f"Bearer {token}"}
    failures: list[Any] = []
    mismatches: list[Any] = []
    codes: list[int] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def run(case: Any) -> None:
            response = case.call(base_url=site.rstrip("/"), headers=headers)
            codes.append(response.status_code)
            if response.status_code >= 500:
                failures.append((case.method, case.formatted_path, case.query, case.body,
                                 response.status_code, response.text[:300]))
                return
            try:  # the answer has a status and a shape the document declares
                case.validate_response(response, checks=[status_code_conformance,
                                                         response_schema_conformance])
            except Exception as problem:  # schemathesis raises a group of failures
                mismatches.append((case.method, case.formatted_path, response.status_code,
                                   str(problem)[:300]))

        run()
    assert operations >= 34
    assert len(codes) >= operations * 2
    assert {200, 400, 404} <= set(codes), sorted(set(codes))
    assert failures == []
    assert mismatches == []


def test_the_document_lists_every_section(site: str) -> None:
    import json
    import urllib.request

    with urllib.request.urlopen(site + "api/v1/openapi.json") as response:
        doc = json.loads(response.read())
    assert doc["openapi"].startswith("3.")
    tags = {tag for path in doc["paths"].values() for op in path.values()
            for tag in op.get("tags", [])}
    assert {"players", "game systems", "decks", "games", "replays", "statistics",
            "bot"} <= tags
