"""Predict first (issue 25, point 3): every stepping widget in a lesson opens at its first step,
its answers not yet in the HTML (not merely hidden by the stylesheet), unless its fence says why
it opens with them shown (``shown: <why>``, and the lesson's text beside it says so to the
reader); and one press of Show all, the stepper's own button, reveals everything."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.lessons.markdown import FenceError, build_markdown, parse_fence_lines
from grundy.web.widgets import SHOWN, lesson_widget_renderer
from grundy.widgets import WIDGETS

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "content" / "en").glob("*.md")) + sorted((ROOT / "content" / "zh").glob("*.md"))
FENCE = re.compile(r"^```widget (\S+)\n(.*?)^```", re.MULTILINE | re.DOTALL)

# What each stepping widget shows only once its step reaches it: an outcome, a value, a bit.
# (A legend's sample chip is not an answer: each pattern matches only the filled-in content.)
ANSWERS = {
    "pn-table": r'<li class="cell is-[PN]',
    "misere-table": r'<td class="cell is-[PN]',
    "grid": r'<td class="is-(?:P|N|home)\b',
    "every-sg": r'class="cell is-[PN]\b',
    "xor-columns": r'<td class="bit b[01]',
    "staircase": r'<span class="chip is-[PN]">',
    "k-multiple": r'<span class="chip is-[PN]">',
    "coins": r'<span class="coin-g">',
    "mex-steps": r'<li class="(?:done|ahead) is-[PN]',
    "wythoff": r'<li class="is-P\b|<span class="chip is-[PN]">',
    "octal-sequence": r'<li class="done band-',
    "graph": r'class="gw-node is-[PND]\b',
}
# What stands in for an answer not yet revealed.
PLACEHOLDER = re.compile(r'is-blank|class="unrevealed"|class="todo"|not yet (?:filled|revealed|shown)')


def fences(path: Path) -> list[tuple[str, str, dict[str, str]]]:
    """Each widget fence of a lesson: (name, its id on the page, its parameters)."""
    found, count = [], {}
    for name, body in FENCE.findall(path.read_text(encoding="utf-8")):
        count[name] = count.get(name, 0) + 1
        found.append((name, f"{name}-{count[name]}", parse_fence_lines(body, 0)))
    return found


def stepping(path: Path) -> list[tuple[str, str, dict[str, str]]]:
    return [f for f in fences(path) if WIDGETS[f[0]].steps]


def section(html: str, wid: str) -> str:
    """The widget's <section> in a page, nested sections and all."""
    start = html.index(f'id="{wid}"')
    start = html.rindex("<section", 0, start)
    depth, pos = 0, start
    for tag in re.finditer(r"<(/?)section\b", html[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            pos = start + tag.end()
            break
    return html[start : html.index(">", pos) + 1]


def slug(path: Path) -> str:
    return path.stem.split("-", 1)[1]


def url(path: Path) -> str:
    return f"/{'zh/' if path.parent.name == 'zh' else ''}lessons/{slug(path)}"


ids = [f"{p.parent.name}/{p.name}" for p in LESSONS]


def test_every_stepping_widget_has_its_answers_named_here() -> None:
    """A new stepping widget in a lesson joins ANSWERS, so the tests below can see its answers."""
    used = {name for path in LESSONS for name, _, _ in stepping(path)}
    assert used <= set(ANSWERS), used - set(ANSWERS)
    assert {"staircase", "k-multiple", "coins", "every-sg", "misere-table"} <= used  # the five


@pytest.mark.parametrize("path", LESSONS, ids=ids)
def test_a_lessons_stepping_widgets_open_at_step_0_with_their_answers_not_on_the_page(client: FlaskClient,
                                                                                       path: Path) -> None:
    page = client.get(url(path)).get_data(as_text=True)
    for name, wid, params in stepping(path):
        widget = WIDGETS[name]
        html = section(page, wid)
        answers = re.findall(ANSWERS[name], html)
        if SHOWN in params:  # opened worked out on purpose, and the fence says why
            assert len(params[SHOWN].split()) >= 3 and widget.start_key not in params, wid
            assert answers, f"{wid} says it opens shown, but shows no answer"
            continue
        assert params.get(widget.start_key) == "0", f"{path.name}: {wid} opens with its answers shown; give " \
            f"{widget.start_key}: 0, or {SHOWN}: <why> with the reason in the text beside it"
        assert "data-stepping" in html and not answers, f"{path.name}: {wid} has answers in its HTML at step 0: {answers[:3]}"
        assert PLACEHOLDER.search(html) or name in ("staircase", "k-multiple", "coins"), wid
        assert 'data-step="all"' in html and f'id="{wid}-all"' in html, f"{wid} has no Show all"


def show_all(client: FlaskClient, name: str, wid: str, params: dict[str, str], html: str) -> str:
    """What pressing the widget's Show all sends: its settings, the form's hidden fields and the
    button's own name and value (as htmx or a plain GET form would), and the answer."""
    button = re.search(r'<button type="submit" name="([^"]+)" value="([^"]*)" data-step="all"[^>]*>', html)
    assert button is not None and "disabled" not in button.group(0), f"{wid}: Show all is missing or disabled"
    query = {k: v for k, v in params.items() if k != SHOWN}
    query |= dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    query |= {button.group(1): button.group(2).replace("&amp;", "&"), "id": wid}
    response = client.get(f"/w/{name}?{urlencode(query)}", headers={"HX-Request": "true"})
    assert response.status_code == 200, (wid, response.status_code)
    return response.get_data(as_text=True)


@pytest.mark.parametrize("path", [p for p in LESSONS if p.parent.name == "en"], ids=lambda p: p.name)
def test_show_all_reveals_everything_in_one_press(client: FlaskClient, path: Path) -> None:
    page = client.get(url(path)).get_data(as_text=True)
    for name, wid, params in stepping(path):
        if SHOWN in params:
            continue
        shown = show_all(client, name, wid, params, section(page, wid))
        assert re.search(ANSWERS[name], shown), f"{wid}: Show all shows no answer"
        assert not PLACEHOLDER.search(shown), f"{wid}: Show all leaves a cell unrevealed"
        if name != "mex-steps":  # the mex stepper is always stepping: its last step shows every value
            assert "data-stepping" not in shown and re.search(r'id="[^"]+-all"[^>]*disabled', shown), wid


def test_the_show_all_state_is_in_the_url(client: FlaskClient) -> None:
    """Stepping and everything shown are two URL states of one widget: step=0 and no step."""
    html = client.get("/w/staircase?coins=3,5,4,2,6&step=0").get_data(as_text=True)
    assert "Winning moves" not in html and 'href="/w/staircase?coins=3,5,4,2,6&amp;step=0"' in html
    full = client.get("/w/staircase?coins=3,5,4,2,6&step=").get_data(as_text=True)
    assert "Winning moves" in full and 'href="/w/staircase?coins=3,5,4,2,6"' in full


@pytest.mark.parametrize("fence, message", [
    ("```widget ring\nn: 9\nshown: the ring has no steps at all\n```\n", "stepping widget"),
    ("```widget staircase\ncoins: 1,2\nstep: 0\nshown: both a step and a reason\n```\n", "stepping widget"),
    ("```widget staircase\ncoins: 1,2\nshown: because\n```\n", "a few words"),
])
def test_a_reason_to_open_shown_belongs_to_a_stepping_widget_without_a_step(app: Flask, fence: str, message: str) -> None:
    with app.test_request_context("/"):
        md = build_markdown(lesson_widget_renderer())
        with pytest.raises(FenceError, match=message):
            md.render(fence)
        assert "Winning moves" in md.render("```widget staircase\ncoins: 1,2\nshown: the text says why here\n```\n")
