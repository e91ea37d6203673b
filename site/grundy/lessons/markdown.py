"""The Markdown dialect of the lessons: CommonMark plus math, titled boxes, anchored headings,
server-side code highlighting and the ```widget fence.

Math is not typeset here: it is protected from Markdown and written out between \\( \\) or
\\[ \\] delimiters, which KaTeX's auto-render typesets in the browser (in lessons and in widget
fragments alike).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast
import re
from html import escape

from markdown_it import MarkdownIt
from markdown_it.common.utils import isWhiteSpace
from markdown_it.renderer import RendererHTML
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.state_inline import Delimiter
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.anchors import anchors_plugin
from mdit_py_plugins.attrs import attrs_block_plugin, attrs_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
from mdit_py_plugins.texmath import texmath_plugin
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from grundy.i18n import N_, _
from grundy.lessons.tex import typeset

# Every word this module writes into a lesson is said with ``_``: lessons are rendered once per
# language at start-up, each inside a request of that language, so a Chinese lesson's boxes say
# 要点 and 证明 (outside a request, as in the fixture tests, ``_`` gives the English back).
BOXES = {
    "key-idea": N_("Key idea"),
    "proof": N_("Proof"),
    "example": N_("Example"),
    "try-it": N_("Try it"),
    "further": N_("Going further"),
    "side-proof": N_("Proof"),
    "answer": N_("Show the answer"),
}
# Boxes a reader may skip without losing the thread: a proof of a side claim, and what goes further
# than the lesson needs. They open on a click (issue 14, fix 10: lessons 4-8 ran to thousands of words).
COLLAPSED = {"further": "further", "side-proof": "proof"}
LANGUAGE_NAMES = {"python": "Python", "cpp": "C++", "c++": "C++", "c": "C", "text": N_("Text")}


class FenceError(ValueError):
    """A widget fence that cannot be rendered; ``line`` is 1-based in the lesson file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


# render_widget(name, params, widget_id) -> HTML, raising ValueError with a useful message
WidgetRenderer = Callable[[str, dict[str, str], str], str]


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    anchor: str
    text: str
    markup: str = ""  # the text as HTML, keeping a quoted English title's lang span

    @property
    def html(self) -> str:
        return self.markup or escape(self.text)


# CommonMark lets ** open or close beside a punctuation mark only when a space (or another mark)
# stands on its other side. Chinese puts no spaces round its words or after its full-width marks,
# so "**巴什博弈：**一堆", "**样例：**5、7、9" and "的**\\(x\\)**" kept their stars. For a run of *
# with a CJK character on either side, only spaces decide (the idea of the markdown-cjk-friendly
# amendment); English text has no CJK beside its stars, so it parses exactly as before.
_CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _emphasis(state: StateInline, silent: bool) -> bool:
    """markdown-it's emphasis rule, CJK-friendly for runs of *."""
    start = state.pos
    marker = state.src[start]
    if silent or marker not in ("_", "*"):
        return False
    scanned = state.scanDelims(start, marker == "*")
    can_open, can_close, length = scanned.can_open, scanned.can_close, scanned.length
    before = state.src[start - 1] if start > 0 else " "
    after = state.src[start + length] if start + length < state.posMax else " "
    if marker == "*" and (_CJK.match(before) or _CJK.match(after)):
        can_open, can_close = not isWhiteSpace(ord(after)), not isWhiteSpace(ord(before))
    for _count in range(length):
        token = state.push("text", "", 0)
        token.content = marker
        state.delimiters.append(Delimiter(marker=ord(marker), length=length, token=len(state.tokens) - 1, end=-1,
                                          open=can_open, close=can_close))
    state.pos += length
    return True


def _highlight(code: str, lang: str, _attrs: str) -> str:
    lang = lang.strip().lower()
    try:
        lexer = get_lexer_by_name(lang)
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    body = highlight(code, lexer, HtmlFormatter(nowrap=True))
    label = _(LANGUAGE_NAMES.get(lang, lang or "Text"))
    return f'<pre class="code highlight" data-lang="{escape(label)}"><code>{body}</code></pre>\n'


def _box_renderer(name: str) -> Callable[..., str]:
    def render(self: RendererHTML, tokens: Sequence[Token], idx: int, _options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        if token.nesting == -1:
            return "</details>\n" if name == "answer" else "</div></details>\n" if name in COLLAPSED else "</div></aside>\n"
        kind = _(BOXES[name])
        title = token.info.strip()[len(name) :].strip() or kind
        if name == "answer":
            return f'<details class="answer"><summary>{_title(title)}</summary>\n'
        if name in COLLAPSED:
            optional = _("(optional: open it)")
            return (
                f'<details class="box box-{COLLAPSED[name]} box-collapsed"><summary class="box-title">'
                f'<span class="box-kind">{escape(kind)}</span>'
                + (f' <span class="box-name">{_title(title)}</span>' if title != kind else "")
                + f' <span class="box-open">{escape(optional)}</span></summary><div class="box-body">\n'
            )
        return (
            f'<aside class="box box-{name}"><p class="box-title">'
            f'<span class="box-kind">{escape(kind)}</span>'
            + (f' <span class="box-name">{_title(title)}</span>' if title != kind else "")
            + '</p><div class="box-body">\n'
        )

    return render


# Punctuation that must not wrap onto a line of its own after a formula.
_TRAILING = re.compile(r"[.,;:!?)\]’”…]+")


def _math_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, _o: OptionsDict, _e: EnvType) -> str:
    math = f'<span class="math">{typeset(tokens[idx].content)}</span>'
    after = tokens[idx + 1] if idx + 1 < len(tokens) else None
    if after is not None and after.type == "text" and (glued := _TRAILING.match(after.content)):
        # Move "." or ")" into an unbreakable span with the formula (this render owns the tokens).
        after.content = after.content[glued.end() :]
        return f'<span class="nowrap">{math}{escape(glued.group())}</span>'
    return math


def _math_display(self: RendererHTML, tokens: Sequence[Token], idx: int, _o: OptionsDict, _e: EnvType) -> str:
    return f'<div class="math display">{typeset(tokens[idx].content.strip(), display=True)}</div>\n'


def _math_display_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, _o: OptionsDict, _e: EnvType) -> str:
    # $$…$$ inside a paragraph: a span, since a <div> may not sit inside a <p>.
    return f'<span class="math display">{typeset(tokens[idx].content.strip(), display=True)}</span>'


_ANSWER_LIST = re.compile(r'<details class="answer"><summary>([^<]*)</summary>\n<ol>\n(.*?)</ol>\n</details>', re.DOTALL)
_LI = re.compile(r"<(/?)li\b[^>]*>")


def _items(html: str) -> list[str] | None:
    """The top-level <li> contents of a list's inside (nested lists kept whole), or None if
    anything but list items stands at the top level."""
    items, depth, start = [], 0, 0
    for tag in _LI.finditer(html):
        if not tag.group(1):
            if depth == 0:
                if html[start:tag.start()].strip():
                    return None
                start = tag.end()
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                items.append(html[start:tag.start()])
                start = tag.end()
    return items if depth == 0 and not html[start:].strip() and items else None


def separate_answers(html: str) -> str:
    """A try-it box's answers, one disclosure per question ("Answer 1", "Answer 2", …), so that
    opening one does not give away the others; an answer that is not a numbered list stays whole."""

    def split(found: re.Match[str]) -> str:
        items = _items(found.group(2))
        if items is None:
            return found.group(0)
        summaries = [_("Answer %(number)s", number=i) for i in range(1, len(items) + 1)]
        return '<div class="answers">\n' + "".join(
            f'<details class="answer"><summary>{escape(summary)}</summary>\n<div class="answer-body">{item.strip()}</div>\n</details>\n'
            for summary, item in zip(summaries, items)) + "</div>\n"

    return _ANSWER_LIST.sub(split, html)


def build_markdown(render_widget: WidgetRenderer) -> MarkdownIt:
    """A MarkdownIt parser for lessons; widget fences are handed to ``render_widget``."""
    md = (
        MarkdownIt("commonmark", {"typographer": True, "highlight": _highlight})
        .enable(["table", "smartquotes", "strikethrough"])  # no "replacements": (c) would become ©
        .use(front_matter_plugin)
        # "{#the-rules}" on the line before a heading gives it that anchor: a Chinese lesson's
        # sections keep their English twins' anchors, so a language switch keeps the section.
        .use(attrs_block_plugin)
        # "[Good Luck in CET-4 Everybody!]{lang=en}": an English title or term quoted in a Chinese
        # lesson is marked as English (screen readers say it in English; the untranslated-text
        # test skips it). Only lang, and only on such spans.
        .use(attrs_plugin, after=("span_close",), spans=True, allowed=("lang",))
        .use(dollarmath_plugin, double_inline=True)
        .use(texmath_plugin, delimiters="brackets")
        .use(anchors_plugin, min_level=2, max_level=3, permalink=True, permalinkSymbol="#",
             permalinkBefore=False)
    )
    md.inline.ruler.at("emphasis", _emphasis)
    for name in BOXES:
        md.use(container_plugin, name=name, render=_box_renderer(name))
    # Both math plugins emit tokens of the same types; one set of renderers serves them all.
    md.add_render_rule("math_inline", _math_inline)
    md.add_render_rule("math_inline_double", _math_display_inline)
    for kind in ("math_block", "math_block_eqno", "math_block_label"):
        md.add_render_rule(kind, _math_display)

    default_fence = cast(RendererHTML, md.renderer).rules["fence"]

    def fence(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        info = token.info.split()
        if not info or info[0] != "widget":
            return str(default_fence(tokens, idx, options, env))
        line = (token.map[0] if token.map else 0) + 1
        if len(info) != 2:
            raise FenceError(line, "a widget fence names exactly one widget: ```widget NAME")
        params = parse_fence_lines(token.content, line)
        counter: dict[str, int] = env.setdefault("widget_count", {})
        counter[info[1]] = counter.get(info[1], 0) + 1
        widget_id = f"{info[1]}-{counter[info[1]]}"
        try:
            return render_widget(info[1], params, widget_id) + "\n"
        except ValueError as error:
            raise FenceError(line, f"widget {info[1]}: {error}") from error

    md.add_render_rule("fence", fence)
    return md


def parse_fence_lines(content: str, fence_line: int) -> dict[str, str]:
    """``key: value`` lines (blank lines and # comments allowed) → a dict; duplicates are errors."""
    params: dict[str, str] = {}
    for offset, raw in enumerate(content.splitlines(), start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        key, sep, value = text.partition(":")
        if not sep or not key.strip():
            raise FenceError(fence_line + offset, f"expected 'key: value', got {text!r}")
        key = key.strip()
        if key in params:
            raise FenceError(fence_line + offset, f"the key {key!r} is given twice")
        params[key] = value.strip()
    return params


_LANG_SPAN = re.compile(r"\[([^\[\]]+)\]\{lang=(en)\}")


_TITLE_MATH = re.compile(r"\\\((.+?)\\\)")


def _title(title: str) -> str:
    """A box's title as HTML: plain text, except that ``[Public Sale]{lang=en}`` (an English
    judge title in a Chinese box) keeps its language, and ``\\(n\\)`` is typeset, as both are in
    the lesson's text."""
    parts = _TITLE_MATH.split(title)  # text, formula, text, …
    return "".join(f'<span class="math">{typeset(part)}</span>' if i % 2 else _LANG_SPAN.sub(r'<span lang="\2">\1</span>', escape(part))
                   for i, part in enumerate(parts))


def headings(tokens: Sequence[Token]) -> list[Heading]:
    """The h2/h3 headings with their anchors, for the table of contents."""
    found = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in ("h2", "h3"):
            inline = tokens[i + 1]
            children = inline.children or []
            text = "".join(c.content for c in children if c.type in ("text", "code_inline"))
            markup = "".join(escape(c.content) if c.type in ("text", "code_inline")
                             else f'<span lang="{escape(str(c.attrs["lang"]))}">' if c.type == "span_open" and "lang" in c.attrs
                             else "</span>" if c.type == "span_close" and any(o.type == "span_open" and "lang" in o.attrs for o in children)
                             else "" for c in children)
            found.append(Heading(int(token.tag[1]), str(token.attrs.get("id", "")), text.strip(), markup.strip()))
    return found


def pygments_css() -> str:
    """Token colours for highlighted code: a light palette, and a dark one for dark mode."""
    # xcode: every token at a contrast of 4.5 or more on white (friendly's comments had 2.9; the
    # accessibility test runs axe-core on the lessons' code).
    light = HtmlFormatter(style="xcode").get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    dark = HtmlFormatter(style="github-dark").get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    # The page's own surface colours behind the code, so code blocks sit calmly in either theme.
    surface = ("pre.code.highlight { background: var(--surface); }\n"
               "@media (prefers-color-scheme: dark) { pre.code.highlight { background: var(--surface-2); } }")
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n{surface}\n"

