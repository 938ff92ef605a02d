"""Imports go one way: platform <- games <- web (ARCHITECTURE.md, the project charter). Every
module is read as a syntax tree, not as text: no module of web/ outside web/rulesets/<id>/
imports a game's internals (`marcomage.games.<anything>`; the package `marcomage.games` with
its registry is the door), nor one game's web folder (`marcomage.web.rulesets.<id>`; the
widget registry `web/core/widgets.py` is the door, issue 30), a widget folder imports only
its own game's internals and web folder, platform/ imports neither games, web nor Django,
and games/ imports neither web nor Django. Nothing probes a ruleset or a widget with
`getattr`/`hasattr` (their parts are declared, issue 30)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "marcomage"

KNOWN_VIOLATIONS: set[tuple[str, str]] = set()
"""(module, imported name) pairs still to fix; empty when the layering holds."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> Iterator[str]:
    """Every module name the file imports, relative imports resolved; `from a import b`
    yields both `a` and `a.b` (b may be a module)."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield module
            for alias in node.names:
                if alias.name != "*":
                    yield f"{module}.{alias.name}"


def is_module(name: str) -> bool:
    """Does `name` (under marcomage) name a module or package of the source tree?"""
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


SHARED_WIDGETS = "generic"
"""The one folder of web/rulesets/ that is no game's: the generic board, for every game."""


def game_folder(name: str) -> str | None:
    """The game id when `name` is (inside) one game's web folder `marcomage.web.rulesets.<id>`,
    else None (the generic board is no game's)."""
    parts = name.split(".")
    if len(parts) > 3 and parts[:3] == ["marcomage", "web", "rulesets"] and (
            parts[3] != SHARED_WIDGETS):
        return parts[3]
    return None


def violations_of(path: Path) -> Iterator[str]:
    """The imports of this file that break the layering."""
    relative = path.relative_to(PACKAGE).parts
    own_folder = relative[2] if len(relative) > 3 and relative[:2] == ("web", "rulesets") \
        else None
    for name in imports(path):
        folder = game_folder(name)
        if folder is not None and folder != own_folder and is_module(name):
            yield name
            continue
        game_internal = under(name, "marcomage.games") and name != "marcomage.games" and (
            is_module(name))
        forbidden = {"platform": ("marcomage.games", "marcomage.web", "django"),
                     "games": ("marcomage.web", "django")}.get(relative[0], ())
        if any(under(name, prefix) for prefix in forbidden):
            yield name
        elif relative[0] == "web" and game_internal:
            widget_game = relative[2] if relative[1] == "rulesets" and len(relative) > 3 else None
            if widget_game is None or not under(name, f"marcomage.games.{widget_game}"):
                yield name


def all_violations() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in violations_of(path):
            found.add((module_name(path), name))
    return found


def test_the_layers_hold() -> None:
    found = all_violations()
    assert found - KNOWN_VIOLATIONS == set(), sorted(found - KNOWN_VIOLATIONS)
    assert KNOWN_VIOLATIONS - found == set(), "fixed: remove from KNOWN_VIOLATIONS"


def test_the_walk_catches_each_kind_of_violation(tmp_path: Path) -> None:
    """The checker itself: a web app importing a game's internals (absolute, relative-free
    `from marcomage.games import marcomage`), a widget folder importing another game, and
    platform/ importing Django are all found; the registry import is not."""
    cases = {
        "web/decks/bad.py": ("from marcomage.games.marcomage import CARDS\n", True),
        "web/games/sub.py": ("from marcomage.games import marcomage\n", True),
        "web/games/good.py": ("from marcomage.games import find_ruleset\n", False),
        "web/rulesets/toy/board.py": ("import marcomage.games.marcomage.cards\n", True),
        "web/rulesets/marcomage/ok.py": ("from marcomage.games.marcomage import CARDS\n",
                                         False),
        "platform/bad.py": ("from django.db import models\n", True),
        "games/bad.py": ("from ..web import settings\n", True),
        "web/forum/bad.py": ("from marcomage.web.rulesets.marcomage.cardface import face\n",
                             True),
        "web/concepts/bad.py": ("from marcomage.web.rulesets.marcomage import keywords\n",
                                True),
        "web/games/generic_ok.py": ("from marcomage.web.rulesets.generic import board\n",
                                    False),
        "web/rulesets/toy/other.py": ("from marcomage.web.rulesets.marcomage import cards\n",
                                      True),
        "web/rulesets/marcomage/own.py": ("from .keywords import KEYWORDS\n", False),
    }
    global PACKAGE, SRC
    saved = (PACKAGE, SRC)
    SRC, PACKAGE = tmp_path, tmp_path / "marcomage"
    try:
        for relative, (text, _bad) in cases.items():
            path = PACKAGE / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        games = PACKAGE / "games" / "marcomage"
        games.mkdir(parents=True, exist_ok=True)
        (games / "__init__.py").write_text("")
        (games / "cards.py").write_text("")
        web_folder = PACKAGE / "web" / "rulesets" / "marcomage"
        for module in ("__init__", "cardface", "keywords", "cards"):
            (web_folder / f"{module}.py").write_text("")
        (PACKAGE / "web" / "rulesets" / "generic").mkdir(parents=True, exist_ok=True)
        (PACKAGE / "web" / "rulesets" / "generic" / "board.py").write_text("")
        for relative, (_text, bad) in cases.items():
            found = list(violations_of(PACKAGE / relative))
            assert bool(found) == bad, (relative, found)
    finally:
        PACKAGE, SRC = saved


def module_imports(path: Path) -> set[str]:
    """The project modules this file imports at run time: `from pkg import mod` counts as
    importing `pkg.mod` only, and imports under `if TYPE_CHECKING:` do not count."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and ast.unparse(node.test).endswith("TYPE_CHECKING")
                   for n in ast.walk(node)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        candidates = [name for name in imports_of(node, path)]
        found.update(name for name in candidates if name.startswith("marcomage"))
    return {name for name in found if is_module(name)} - {module_name(path)}


def imports_of(node: ast.Import | ast.ImportFrom, path: Path) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    submodules = [f"{module}.{a.name}" for a in node.names if is_module(f"{module}.{a.name}")]
    return submodules if len(submodules) == len(node.names) else [module, *submodules]


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph.get(module, ()):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return cycles


def test_no_module_imports_itself_through_others() -> None:
    """No import cycles anywhere (issue 15: the games <-> computer and decks <-> scores cycles
    went): each module can be read after the ones it imports. Imports inside functions count,
    so a cycle cannot hide in a late import."""
    graph = {module_name(path): module_imports(path) for path in PACKAGE.rglob("*.py")
             if "migrations" not in path.parts}
    assert import_cycles(graph) == []
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


PROBED = ("ruleset", "board", "widget", "editor", "reports", "computer", "catalog")
"""Names of what has declared parts: a getattr/hasattr on one of them is a probe."""


def probes_of(path: Path) -> Iterator[str]:
    """The `getattr`/`hasattr` calls of this file on a ruleset or a widget."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and node.args):
            subject = ast.unparse(node.args[0]).lower()
            if any(word in subject for word in PROBED):
                yield f"{node.lineno}: {ast.unparse(node)}"


def test_nothing_probes_a_ruleset_or_a_widget() -> None:
    """Issue 30: the ruleset protocol's optional parts and the widget contract are declared
    (platform/ruleset_base.py, web/core/widgets.py), so no call site asks whether a part is
    there with getattr or hasattr."""
    found = {f"{module_name(path)}:{probe}" for path in PACKAGE.rglob("*.py")
             if path.relative_to(PACKAGE).parts[0] != "games"
             for probe in probes_of(path)}
    assert found == set(), sorted(found)


def test_the_probe_check_catches_a_probe(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text('own = getattr(ruleset, "bots", None)\nok = getattr(settings, "X", 1)\n'
                    'if hasattr(board_of(game), "describe"): pass\n')
    assert [line.split(":")[0] for line in probes_of(path)] == ["1", "3"]


def web_app(module: str) -> str | None:
    """The site app a module belongs to (`games`, `core`, `rulesets.marcomage` ...), None
    outside web/ and for the project's own files (settings, urls, asgi)."""
    parts = module.split(".")
    if len(parts) < 4 or parts[:2] != ["marcomage", "web"]:
        return None
    if parts[2] == "rulesets":
        return f"rulesets.{parts[3]}" if len(parts) > 4 or is_module(module) else None
    return parts[2]


def app_graph() -> dict[str, set[str]]:
    """Which site apps import which, from every module's run-time imports (imports inside
    functions included, `if TYPE_CHECKING:` ones not)."""
    graph: dict[str, set[str]] = {}
    for path in (PACKAGE / "web").rglob("*.py"):
        if "migrations" in path.parts:
            continue
        app = web_app(module_name(path))
        if app is None:
            continue
        graph.setdefault(app, set()).update(
            other for name in module_imports(path)
            if (other := web_app(name)) is not None and other != app)
    return graph


def test_the_web_apps_import_each_other_one_way() -> None:
    """Issue 30: the site's apps form no import cycle between them (the eight mutual pairs
    went: the home page and help moved out of `core` into `home`, account deletion announces
    itself to the sections that keep personal data, the players pages read the bot mark
    through the ORM), so each app can be read after the apps it uses."""
    graph = app_graph()
    assert {"core", "home", "games", "accounts", "players", "api"} <= set(graph)
    assert import_cycles(graph) == []
    assert graph["core"] <= {"preferences", "rulesets.generic"}, graph["core"]
