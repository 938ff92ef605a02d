"""What a person does again and again in the journeys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from marcomage.web.accounts.models import User

PASSWORD = "secret words"


def player(name: str, password: str = PASSWORD) -> User:
    """A registered player (made directly in the database)."""
    user: User = User.objects.create_user(name, password)
    return user


def log_in(page: Any, name: str, password: str = PASSWORD) -> None:
    """Log in through the form."""
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    page.click("#login-form button[type=submit]")
    expect(page.locator(".whoami")).to_have_text(name)


AXE = Path(__file__).resolve().parents[2] / "data" / "axe" / "axe.min.js"
"""axe-core, vendored from the npm registry (tests/data/axe/README.txt)."""
AXE_RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical accessibility violations axe-core finds on the page as it is
    now (WCAG 2.1 A and AA, contrast included, and axe's best practices). The script is
    evaluated through the DevTools protocol, so the site's Content-Security-Policy is not
    loosened for it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                                    resultTypes: ["violations"]});
            return result.violations
                .filter(v => v.impact === "serious" || v.impact === "critical")
                .map(v => ({id: v.id, impact: v.impact, help: v.help,
                            nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")
                                                           + " :: " + n.failureSummary)}));
        }""", AXE_RULES)
    return found


def assert_accessible(page: Any, where: str = "") -> None:
    """No serious or critical axe-core violation on the page (issue 31)."""
    found = axe_violations(page)
    assert found == [], f"{where or page.url}: {found}"
