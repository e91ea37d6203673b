"""The words every part of the site shares, in Chinese (issue 15): the engine's moves
(grundy.words.zh, the twin of grundy.words.en), the engine's errors said by code, the widgets'
400 messages (grundy.widgets.params) and the /w/ pages' own words. English stays as it was."""
from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy import words
from grundy.games.core import Action, GameError
from grundy.games.moves import MOVE_KINDS
from grundy.i18n import say
from grundy.marks import Phrase
from tests.english import WORD, english_left, is_english
from tests.test_words_catalogue import engine_raises

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "site" / "grundy" / "games"
CJK = re.compile(r"[\u4e00-\u9fff]")


# Values and code a message quotes as they are typed: the option upto, a row of coins, rule keys.
TYPED = {"upto", "thhth", "powers", "two", "grundy", "solve", "every-sg", "every"}


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(re.sub(r"`[^`]*`", "", text)) if is_english(w) and w.lower() not in TYPED]


def chinese(text: str) -> bool:
    """Said in Chinese: Chinese characters, nothing left unfilled, no English word."""
    return bool(CJK.search(text)) and "{" not in text and "%(" not in text and not english_words(text)


@pytest.fixture()
def zh_request(app: Flask) -> Iterator[None]:
    """A request for a /zh/ page, as the language middleware leaves it."""
    with app.test_request_context("/", environ_base={"grundy.language": "zh"}):
        yield


# ---------------------------------------------------------------- moves


def engine_actions() -> dict[str, Action]:
    """One action of each kind the engine makes, taken from the engine itself."""
    from grundy.games import circle, staircase
    from grundy.games.core import _MisereAsNormal
    from grundy.games.nim import NimHeap
    from grundy.games.registry import FAMILIES, family

    found: dict[str, Action] = {}
    for key, kind in FAMILIES.items():
        fam = family(key, kind.example_rule)
        for text in (kind.example, "1,1", "2,2", "1,3", "3,1", "4", "row7"):
            try:
                c = fam.parse(text)
            except GameError:
                continue
            for action, _parts in fam.moves(c):
                found.setdefault(action.kind, action)
    games: list[tuple[Any, Any]] = [
        (circle.CircleGame(2), (5,)), (circle.CircleGame(2), ("ring", 7)), (staircase.BoxesGame(), (0, 0, 0, 0, 0, 0, 0, 2)),
        (staircase.GeorgiaBobGame(), (2, 5)), (staircase.StaircaseGame(), (1, 2)), (_MisereAsNormal(NimHeap()), 0),
    ]
    for game, position in games:
        for move in game.options(position):
            found.setdefault(move.action.kind, move.action)
    return found


def test_every_kind_has_its_words_once_in_both_languages() -> None:
    """One kind, one definition (grundy.games.moves.MOVE_KINDS), said in each language by the
    catalogue: no table of words per language in Python."""
    assert set(engine_actions()) == set(MOVE_KINDS)
    assert not hasattr(words, "en") and not hasattr(words, "zh")


def test_every_kind_the_engine_makes_is_said_in_chinese(app: Flask) -> None:
    actions = engine_actions()
    assert set(MOVE_KINDS) - set(actions) == set(), sorted(set(MOVE_KINDS) - set(actions))
    for kind, action in actions.items():
        said = words.describe(action, "zh")
        assert chinese(said), (kind, action, said)
        assert words.describe(action, "en") == words.describe(action)  # English outside a request
        for n in filter(None, action.args):  # every number of the move is said (0: the ground, no take)
            assert str(n) in said, (kind, said)
        if MOVE_KINDS[kind].words(action.args).group is not None:
            group, label = words.split(action, "zh")
            assert chinese(group) and chinese(label), (kind, group, label)


@pytest.mark.parametrize(
    "action, said",
    [
        (Action("take-from", (12, 3)), "从第 3 堆取走 12 个"),
        (Action("take", (3,)), "取走 3 个"),
        (Action("take-both", (4,)), "从两堆各取走 4 个"),
        (Action("take-multiple", (2, 3, 6, 10)), "从 10 那堆取走 2×3 = 6 个"),
        (Action("take-ring", (1,)), "从环上取走 1 枚硬币"),
        (Action("take-ring", (2,)), "从环上取走相邻的 2 枚硬币"),
        (Action("step-diagonal"), "往左下对角移一格"),
        (Action("explode", (2, 2, 1, 2, 2, 1)), "引爆 2,2，留下 1,2 和 2,1"),
        (Action("explode-edge", (1, 2, 1, 1)), "引爆 1,2（留在 1,1 的炸弹随即消失）"),
        (Action("move-step", (1, 1, 0)), "把第 1 级的 1 枚硬币移到地面"),
        (Action("move-step", (1, 4, 3)), "把第 4 级的 1 枚硬币移到第 3 级"),
        (Action("turn-over", (1, 2, 4)), "翻动硬币 1、2、4"),
        (Action("split", (0, 2, 3)), "把这堆分成 2 和 3"),
        (Action("split", (1, 3, 4)), "取走 1 个，留下 3 和 4"),
    ],
)
def test_moves_read_as_the_lessons_say_them(action: Action, said: str) -> None:
    assert words.describe(action, "zh") == said


def test_moves_follow_the_request_s_language(zh_request: None) -> None:
    move = Action("take-from", (12, 3))
    assert words.describe(move) == "从第 3 堆取走 12 个"
    assert words.split(move) == ("第 3 堆", "取走 12 个")
    assert words.split(Action("turn-over", (5,))) == ("硬币 5 翻成反面", "只翻这一枚")
    assert words.either(["a", "b", "c"]) == "a、b 或 c"


def test_moves_are_english_on_english_pages(app: Flask) -> None:
    with app.test_request_context("/"):
        assert words.describe(Action("take-from", (12, 3))) == "take 12 from pile 3"
        assert words.either(["a", "b", "c"]) == "a, b or c"


# ---------------------------------------------------------------- the engine's errors


@pytest.mark.parametrize("where, line, message, code, params", engine_raises(),
                         ids=lambda v: str(v) if isinstance(v, (str, int)) else "")
def test_every_engine_error_is_said_in_chinese(app: Flask, where: str, line: int, message: str, code: str,
                                               params: dict[str, object]) -> None:
    """(``app``: the site has loaded its catalogues, where the games' Chinese names are.)"""
    error = GameError(message, code, **params)
    said = words.error_message(error, "zh")
    assert CJK.search(said) and "%(" not in said, (where, line, said)
    assert not english_words(said), (where, line, said)
    assert words.error_message(error, "en") == str(error)


def test_the_words_an_error_quotes_are_chinese_too(app: Flask) -> None:
    """Every ``what`` the engine (or practice) names a number with, every rule key's help and every
    game has Chinese words; a new one fails here until it has."""
    whats: set[ast.expr] = set()
    helps: set[ast.expr] = set()
    sources = [*ENGINE.glob("*.py"), *(ROOT / "site" / "grundy" / "practice").rglob("*.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "NP_" and len(node.args) == 2:
                    whats.add(node.args[1])
                elif name == "bounded" and node.args:
                    whats.add(node.args[0])
                elif name == "RuleKey" and len(node.args) > 2:
                    helps.add(node.args[2])

    def literal(nodes: set[ast.expr]) -> set[str]:
        """String literals, marked (``N_("…")``) or not."""
        found = set()
        for n in nodes:
            if isinstance(n, ast.Call) and n.args:
                n = n.args[0]
            if isinstance(n, ast.Constant) and isinstance(n.value, str):
                found.add(n.value)
        return found

    assert "a heap" in literal(whats) and "a marble row,column" in literal(whats)
    def said_what(what: str) -> str:
        """In the engine's words (context "what"), else practice's own (bounded(N_(…)))."""
        return next((s for s in (say(Phrase(what, context="what"), "zh"), say(Phrase(what), "zh")) if s != what), what)

    said_whats = [said_what(what) for what in literal(whats)]
    assert all(w != what or w in ("K", "k", "upto") for w, what in zip(said_whats, literal(whats))), said_whats
    said_helps = [say(Phrase(h), "zh") for h in literal(helps)]
    assert said_helps and all(CJK.search(h) for h in said_helps), said_helps
    from grundy.games.registry import FAMILIES

    # every game is named in Chinese: its family's title (the registry's one name) said through the catalogue
    games = {key: say(kind.name(), "zh") for key, kind in FAMILIES.items()}
    assert all(said != FAMILIES[key].title or key == "mock-turtles" for key, said in games.items()), games
    for said in [*said_whats, *said_helps, *games.values()]:
        assert not [w for w in english_words(said) if w.lower() not in ("turtles", "mock", "dawson's", "chess", "fibonacci")], said


def test_errors_the_engine_really_raises_are_said_in_chinese(app: Flask, zh_request: None) -> None:
    from grundy.games import octal
    from grundy.games.family import number
    from grundy.games.registry import family

    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: family("chess"), "没有名为 'chess' 的游戏；可选：bash、subtraction、nim"),
        (lambda: number("abc", "a heap"), "堆的大小必须是整数；收到的是 'abc'"),
        (lambda: number("12", "K", lo=1, hi=10), "K 必须在 1 到 10 之间；收到的是 12"),
        (lambda: number("0", "an amount in S", lo=1), "S 中的数必须至少为 1；收到的是 0"),
        (lambda: family("wythoff").parse("3"), "两堆石子要写成两个数，比如 3,5；收到的是 '3'"),
        (lambda: octal.OctalCode.parse("0.78"), "八进制数字只能是 0 到 7；收到的是 '0.78'"),
        (lambda: family("kiki").parse("0x3"), "棋盘至少要有 1 行 1 列；收到的是 0x3"),
        (lambda: family("bash").from_rule({}), "巴什博弈需要 --max（每次取 1 到 M 个），例如 --max"),
    ]
    for raise_it, said in cases:
        with pytest.raises(GameError) as caught:
            raise_it()
        assert words.error_message(caught.value).startswith(said), words.error_message(caught.value)
        assert words.error_message(caught.value, "en") == str(caught.value)
        assert CJK.search(said) and not CJK.search(str(caught.value))  # the English message is the engine's own


def test_an_error_said_already_keeps_its_words(zh_request: None) -> None:
    """Practice raises some of the engine's codes with its own words (gettext): without the
    engine's topic the Chinese catalogue leaves them be, and a raise missing a param its words
    need falls back to its own message rather than failing the page."""
    for code in ("out-of-range", "too-long", "illegal-move", "not-a-number", "unknown-game", "set-too-large"):
        assert words.error_message(GameError("已经是中文", code, most=3)) == "已经是中文"
    assert words.error_message(GameError("a ring holds at least one coin; got 0", "bad-ring")) == (
        "a ring holds at least one coin; got 0")


# ---------------------------------------------------------------- the widgets' 400 messages


def test_parameter_messages_are_whole_chinese_sentences(zh_request: None) -> None:
    from grundy.widgets.params import BadParameter, choice_param, flag_param, hide_param, int_list_param, int_param

    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: int_param({"n": "abc"}, "n", lo=0, hi=9, default=3, label="Show SG values"),
         "“显示 SG 值”必须是 0 到 9 之间的整数，收到的却是 'abc'。"),
        (lambda: int_param({"n": "12"}, "n", lo=0, hi=9, default=3, label="Show SG values"),
         "“显示 SG 值”必须在 0 到 9 之间，收到的却是 12。"),
        (lambda: int_param({"n": " "}, "n", lo=0, hi=9, default=3, label="Show SG values"),
         "“显示 SG 值”是空的：请填 0 到 9 之间的整数。"),
        (lambda: int_param({}, "n", lo=0, hi=9, default=None, label="Show SG values"),
         "缺少“显示 SG 值”：请给出 0 到 9 之间的整数。"),
        (lambda: hide_param({"hide": "maybe"}), "“揭示前隐藏”是开关，只能填 1 或 0，收到的却是 'maybe'。"),
        (lambda: flag_param({"f": "2"}, "f", label="Show SG values"), "“显示 SG 值”是开关，只能填 1 或 0，收到的却是 '2'。"),
        (lambda: choice_param({"r": "z"}, "r", ("a", "b", "c"), default="a", label="Show SG values"),
         "“显示 SG 值”没有 'z' 这一项：请从 a、b 或 c 中选一个。"),
        (lambda: int_list_param({"s": "1,,2"}, "s", lo=1, hi=9, min_items=1, max_items=3, default="1,3", label="Show SG values"),
         "“显示 SG 值”的 '1,,2' 里有空项：数与数之间只用一个逗号隔开，例如 1,3。"),
        (lambda: int_list_param({"s": "1,2,3,4"}, "s", lo=1, hi=9, min_items=1, max_items=3, default="1", label="Show SG values"),
         "“显示 SG 值”至多只能有 3 个数，这里却有 4 个。"),
        (lambda: int_list_param({"s": ""}, "s", lo=1, hi=9, min_items=1, max_items=3, default="1,3", label="Show SG values"),
         "“显示 SG 值”是空的：请写几个用逗号隔开的数，例如 1,3。"),
        (lambda: int_list_param({"s": "0"}, "s", lo=1, hi=5000, min_items=1, max_items=3, default="1", label="Show SG values"),
         "“显示 SG 值”里只能写 1 到 5,000 之间的整数，收到的却是 0。"),
        (lambda: int_list_param({"s": "x"}, "s", lo=0, hi=10**9, min_items=1, max_items=3, default="1", label="Show SG values"),
         "“显示 SG 值”里只能写 0 到 10^9 之间的整数，'x' 不是。"),
        (lambda: int_list_param({"s": "-1"}, "s", lo=0, hi=10**18 - 1, min_items=1, max_items=3, default="1",
                                label="Show SG values"),
         "“显示 SG 值”里只能写非负整数，收到的却是 -1。"),
    ]
    for raise_it, said in cases:
        with pytest.raises(BadParameter) as caught:
            raise_it()
        assert caught.value.message == said


def test_parameter_messages_stay_english_outside_a_request() -> None:
    from grundy.widgets.params import BadParameter, choice_param, hide_param, int_list_param

    with pytest.raises(BadParameter, match="^Hide until revealed is a switch: use 1 or 0; got 'maybe'.$"):
        hide_param({"hide": "maybe"})
    with pytest.raises(BadParameter, match="^Unknown rule 'z': choose a, b or c.$"):
        choice_param({"r": "z"}, "r", ("a", "b", "c"), default="a", label="rule")
    with pytest.raises(BadParameter, match=r"^S must list whole numbers ≥ 0; got -1.$"):
        int_list_param({"s": "-1"}, "s", lo=0, hi=10**18 - 1, min_items=1, max_items=3, default="1", label="S")


# ---------------------------------------------------------------- the /w/ pages


def alert(page: str) -> str:
    found = re.search(r'<p class="widget-error" role="alert"><strong>(.*?)</strong> (.*?)</p>', page)
    assert found, page[:2000]
    return f"{found.group(1)} {found.group(2)}"


@pytest.mark.parametrize(
    "query, chinese_said, english_said",
    [
        ("pn-table?upto=999", "必须在 0 到 300 之间，收到的却是 999。", "must be from 0 to 300; got 999."),
        ("pn-table?upto=abc", "必须是 0 到 300 之间的整数，收到的却是 &#39;abc&#39;。",
         "must be a whole number from 0 to 300; got &#39;abc&#39;."),
        ("pn-table?upto=", "是空的：请填 0 到 300 之间的整数。", "is empty: give a whole number from 0 to 300."),
        ("pn-table?sg=maybe", "“显示 SG 值”是开关，只能填 1 或 0，收到的却是 &#39;maybe&#39;。",
         "Show SG values is a switch: use 1 or 0; got &#39;maybe&#39;."),
        ("pn-table?rule=nope", "没有 &#39;nope&#39; 这一项：请从 bash、set、powers-of-two 或 fibonacci 中选一个。",
         "Unknown rule &#39;nope&#39;: choose bash, set, powers-of-two or fibonacci."),
        ("xor-columns?heaps=1,,2", "的 &#39;1,,2&#39; 里有空项：数与数之间只用一个逗号隔开，例如 14,21,39。",
         "has an empty item in &#39;1,,2&#39;: write numbers separated by single commas, like 14,21,39."),
        ("xor-columns?heaps=" + ",".join(map(str, range(1, 22))), "至多只能有 12 个数，这里却有 21 个。",
         "may hold at most 12 numbers; got 21."),
        ("pn-table?id=Bad!", "小工具的 id 只能由小写字母、数字和连字符组成（至多 40 个字符）。",
         "The widget id must be lower-case letters, digits and hyphens (at most 40)."),
    ],
)
def test_a_bad_parameter_is_said_in_the_reader_s_language(client: FlaskClient, query: str, chinese_said: str,
                                                          english_said: str) -> None:
    zh_page = client.get(f"/zh/w/{query}")
    assert zh_page.status_code == 400
    said = alert(zh_page.get_data(as_text=True))
    assert said.startswith("无法显示： ") and said.endswith(chinese_said), said
    en_page = client.get(f"/w/{query}")
    assert en_page.status_code == 400
    said = alert(en_page.get_data(as_text=True))
    assert said.startswith("Can’t show this: ") and said.endswith(english_said), said


def test_an_unknown_widget_is_a_chinese_404(client: FlaskClient) -> None:
    page = client.get("/zh/w/xx")
    html = page.get_data(as_text=True)
    assert page.status_code == 404
    assert "<title>找不到页面 — Grundy</title>" in html and "<h1>找不到页面</h1>" in html
    assert '<p class="lead">没有名为 &#39;xx&#39; 的小工具。</p>' in html
    assert english_left(html) == []
    english = client.get("/w/nowhere")
    html = english.get_data(as_text=True)
    assert english.status_code == 404 and "<h1>Not found</h1>" in html
    assert '<p class="lead">There is no widget called &#39;nowhere&#39;.</p>' in html


def test_the_widget_page_names_its_lessons_in_chinese(client: FlaskClient) -> None:
    html = client.get("/zh/w/pn-table").get_data(as_text=True)
    used = re.search(r'<p class="used-in">(.*?)</p>', html, re.S)
    assert used, html
    assert '<a href="/zh/lessons/bash-game">第 3 课《巴什博弈》</a>、' in used.group(1)
    assert english_left(used.group(0)) == []
    html = client.get("/w/pn-table").get_data(as_text=True)
    assert '<a href="/lessons/p-and-n-positions">2. P- and N-positions</a>, <a href="/lessons/bash-game">3. Bash&#39;s game</a>' in html


def test_the_widget_page_says_its_title_through_the_catalogue(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's title, heading and blurb are the widget's TITLE and BLURB said with _(); a
    widget's owner gives them their Chinese."""
    from dataclasses import replace

    from grundy.widgets import WIDGETS

    # messages the catalogue has, standing in for the widget's own (a query of its own: the memo)
    monkeypatch.setitem(WIDGETS, "pn-table", replace(WIDGETS["pn-table"], title="Show SG values", blurb="Hide until revealed"))
    html = client.get("/zh/w/pn-table?upto=19").get_data(as_text=True)
    assert "<title>显示 SG 值 — Grundy</title>" in html and "<h1>显示 SG 值</h1>" in html
    assert '<p class="lead">揭示前隐藏</p>' in html


def test_a_message_whose_words_are_all_mine_leaves_no_english(client: FlaskClient) -> None:
    """The shared switch's message, label and all, in Chinese (its input is a number: no word)."""
    html = client.get("/zh/w/pn-table?sg=2").get_data(as_text=True)
    found = re.search(r'<p class="widget-error" role="alert">.*?</p>', html, re.S)
    assert found and "“显示 SG 值”是开关，只能填 1 或 0，收到的却是 &#39;2&#39;。" in found.group(0)
    assert english_left(found.group(0)) == []
