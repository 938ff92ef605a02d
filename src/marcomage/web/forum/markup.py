"""Post text: BBCode through the `bbcode` renderer, then sanitised with nh3.

Supported tags: [b] [i] [u] [s] [code] [quote] [quote=name] [url] [url=address] [list]
[list=1] [*] and [card=ID] (a MArcomage card, drawn by the card component). Everything else
is shown as typed: the renderer escapes all HTML, and nh3 keeps only the tags above produce,
so a post can never carry markup of its own. Cards are put in after sanitising, from a
marker no author can guess, so the trusted card component is never filtered.
"""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Callable
from typing import Any

import bbcode
import nh3

TAGS = ("b", "i", "u", "s", "code", "quote", "url", "list", "*", "card")
ALLOWED_TAGS = {"strong", "em", "u", "s", "code", "blockquote", "cite", "a", "ul", "ol", "li",
                "br", "span"}
ALLOWED_ATTRIBUTES = {"a": {"href"}}
ALLOWED_CLASSES = {"blockquote": {"bb-quote"}, "cite": {"bb-cite"}, "span": {"bb-missing"}}
URL_SCHEMES = {"http", "https", "mailto"}
MAX_CARD_ID = 10_000
_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*):", re.IGNORECASE)
_DOMAIN = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+(/|$)", re.IGNORECASE)

CardDrawer = Callable[[int], str | None]


def safe_href(raw: str) -> str | None:
    """A link target a post may carry (http, https, mailto; a bare domain gets http://), or
    None for anything else (javascript:, data:, relative paths …)."""
    href = html.unescape(raw).strip()
    href = "".join(ch for ch in href if ch.isprintable() and not ch.isspace())
    if not href:
        return None
    scheme = _SCHEME.match(href)
    if scheme is None:
        return f"http://{href}" if _DOMAIN.match(href) else None
    if scheme.group(1).lower() not in URL_SCHEMES:
        return None
    if scheme.group(1).lower() != "mailto" and not href.lower().startswith(
            ("http://", "https://")):
        return None
    return href


def _render_url(name: str, value: str, options: dict[str, str], parent: Any,
                context: dict[str, Any]) -> str:
    target = options.get("url") if options else None
    href = safe_href(target if target is not None else value)
    if href is None:
        return value
    return f'<a href="{html.escape(href, quote=True)}">{value}</a>'


def _render_quote(name: str, value: str, options: dict[str, str], parent: Any,
                  context: dict[str, Any]) -> str:
    who = (options.get("quote") or "").strip() if options else ""
    cite = f'<cite class="bb-cite">{html.escape(who[:40])} wrote:</cite>' if who else ""
    return f'<blockquote class="bb-quote">{cite}{value}</blockquote>'


def _render_list(name: str, value: str, options: dict[str, str], parent: Any,
                 context: dict[str, Any]) -> str:
    ordered = bool(options) and options.get("list", "").strip() == "1"
    tag = "ol" if ordered else "ul"
    return f"<{tag}>{value}</{tag}>"


def _render_item(name: str, value: str, options: dict[str, str], parent: Any,
                 context: dict[str, Any]) -> str:
    if parent is None or parent.tag_name != "list":
        return f"[*]{value}"
    return f"<li>{value}</li>"


def _render_card(name: str, value: str, options: dict[str, str], parent: Any,
                 context: dict[str, Any]) -> str:
    raw = (options.get("card") or "").strip() if options else ""
    if not raw.isdigit() or int(raw) > MAX_CARD_ID:
        return html.escape(f"[card={raw}]")
    return f"{context['nonce']}:{int(raw)}:{context['nonce']}"


def _parser() -> bbcode.Parser:
    parser = bbcode.Parser(
        install_defaults=False, escape_html=True, replace_links=True, replace_cosmetic=False,
        newline="<br>", drop_unrecognized=False, max_tag_depth=20,
        url_template='<a href="{href}">{text}</a>',
    )
    parser.add_simple_formatter("b", "<strong>%(value)s</strong>")
    parser.add_simple_formatter("i", "<em>%(value)s</em>")
    parser.add_simple_formatter("u", "<u>%(value)s</u>")
    parser.add_simple_formatter("s", "<s>%(value)s</s>")
    parser.add_simple_formatter(
        "code", "<code>%(value)s</code>", render_embedded=False, replace_links=False,
        replace_cosmetic=False)
    parser.add_formatter("quote", _render_quote, strip=True, swallow_trailing_newline=True)
    parser.add_formatter("url", _render_url, replace_links=False, render_embedded=False)
    parser.add_formatter("list", _render_list, transform_newlines=False, strip=True,
                         swallow_trailing_newline=True)
    parser.add_formatter("*", _render_item, newline_closes=True, transform_newlines=False,
                         same_tag_closes=True, strip=True)
    parser.add_formatter("card", _render_card, standalone=True)
    return parser


PARSER = _parser()


def sanitise(markup: str) -> str:
    """Keep only the markup the BBCode tags produce (nh3)."""
    return nh3.clean(
        markup, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, url_schemes=URL_SCHEMES,
        allowed_classes=ALLOWED_CLASSES, link_rel="nofollow noopener noreferrer",
        strip_comments=True,
    )


def render(text: str, draw_card: CardDrawer) -> str:
    """A post's BBCode as safe HTML; `draw_card(id)` gives a card's trusted HTML (None: no
    such card)."""
    nonce = "bbcard" + secrets.token_hex(12)
    body = PARSER.format(text.replace("\x00", ""), nonce=nonce)
    clean = sanitise(body)

    def card(match: re.Match[str]) -> str:
        card_id = int(match.group(1))
        drawn = draw_card(card_id)
        if drawn is None:
            return f'<span class="bb-missing">[no card {card_id}]</span>'
        return drawn

    return re.sub(re.escape(nonce) + r":(\d+):" + re.escape(nonce), card, clean)


def quote(author: str, text: str) -> str:
    """The reply text that quotes a post (the Quote button)."""
    name = author.replace("]", "").replace("[", "")
    return f"[quote={name}]{text}[/quote]\n"
