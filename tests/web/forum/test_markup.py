"""Post text in BBCode: the supported tags render, everything else is shown as typed."""

from __future__ import annotations

from unittest import TestCase

from marcomage.web.forum.markup import quote, render, safe_href


def cards(card_id: int) -> str | None:
    return f'<article class="card" data-card="{card_id}"></article>' if card_id < 500 else None


class MarkupTestCase(TestCase):
    def test_bold_italic_underline_strike_and_code(self) -> None:
        html = render("[b]B[/b] [i]I[/i] [u]U[/u] [s]S[/s] [code][b]raw[/b][/code]", cards)
        self.assertIn("<strong>B</strong>", html)
        self.assertIn("<em>I</em>", html)
        self.assertIn("<u>U</u>", html)
        self.assertIn("<s>S</s>", html)
        self.assertIn("<code>[b]raw[/b]</code>", html)

    def test_lists_bulleted_and_numbered(self) -> None:
        html = render("[list][*]a\n[*]b[/list][list=1][*]one[/list]", cards)
        self.assertIn("<ul><li>a</li><li>b</li></ul>", html)
        self.assertIn("<ol><li>one</li></ol>", html)

    def test_quote_with_and_without_a_name(self) -> None:
        html = render("[quote=alice]hello[/quote][quote]plain[/quote]", cards)
        self.assertIn('<cite class="bb-cite">alice wrote:</cite>hello', html)
        self.assertIn('<blockquote class="bb-quote">plain</blockquote>', html)

    def test_urls_keep_only_web_and_mail_addresses(self) -> None:
        html = render("[url=https://example.org/a?b=1&c=2]site[/url] [url]www.ex.com[/url]", cards)
        self.assertIn('href="https://example.org/a?b=1&amp;c=2"', html)
        self.assertIn('href="http://www.ex.com"', html)
        for bad in ("javascript:alert(1)", "data:text/html,x", "vbscript:x", " JaVa\tscript:x"):
            rendered = render(f"[url={bad}]x[/url]", cards)
            self.assertNotIn("href", rendered, bad)
        self.assertIsNone(safe_href("/relative/path"))

    def test_card_embeds_use_the_card_drawer_and_unknown_cards_say_so(self) -> None:
        html = render("look [card=12] and [card=9999] and [card=abc]", cards)
        self.assertIn('<article class="card" data-card="12"></article>', html)
        self.assertIn("[no card 9999]", html)
        self.assertIn("[card=abc]", html)

    def test_html_and_unknown_tags_are_shown_as_typed(self) -> None:
        html = render('<script>alert(1)</script> <img src=x onerror=alert(1)> [foo]x[/foo]', cards)
        self.assertNotIn("<script", html)
        self.assertNotIn("<img", html)
        self.assertIn("&lt;script&gt;", html)
        self.assertIn("[foo]x[/foo]", html)

    def test_a_forged_card_marker_stays_text(self) -> None:
        html = render("bbcard0000:12:bbcard0000", cards)
        self.assertNotIn("<article", html)

    def test_quote_helper_wraps_the_post(self) -> None:
        self.assertEqual(quote("al[i]ce", "hi"), "[quote=alice]hi[/quote]\n")
