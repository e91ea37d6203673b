"""One translation system (issue 26): the engine's moves and errors are said through the gettext
catalogue, their English defined once where the engine makes them. Every kind of move and every
error the engine can produce is found here *from the engine* (its registry of move kinds, the
actions its games really make, the GameError raises in its source), so a new kind or error whose
Chinese is missing from the .po fails."""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from grundy.games.core import Action, GameError
from grundy.games.moves import MOVE_KINDS, MoveWords
from grundy.marks import ENGLISH, GameName, Listing, Phrase, fill
from grundy.web.language import SOURCE, read_catalogue
from grundy.words.moves import words

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "site" / "grundy" / "games"
PLACEHOLDER = re.compile(r"%\((\w+)\)([sr])")


@cache
def chinese() -> Catalog:
    return read_catalogue(sorted((SOURCE / "zh" / "LC_MESSAGES").glob("*.po")), locale="zh", strict=True)


def translated(message: str, context: str | None = None, plural: str | None = None) -> str:
    """The Chinese for a msgid (its one plural form for a plural), checked to exist, to be
    complete and to use the msgid's placeholders exactly."""
    key: str | tuple[str, str] = message if plural is None else (message, plural)
    entry = chinese().get(key, context=context)
    assert entry is not None, f"no Chinese in the catalogue for {message!r} (context {context!r})"
    string = entry.string[0] if isinstance(entry.string, tuple) else entry.string
    assert string and "fuzzy" not in entry.flags, f"no Chinese yet for {message!r}"
    assert set(PLACEHOLDER.findall(string)) == set(PLACEHOLDER.findall(message)), (message, string)
    return str(string)


def phrases(value: object) -> Iterator[Phrase]:
    """Every Phrase in a value, the words its placeholders are filled with included."""
    if isinstance(value, Phrase):
        yield value
        for v in value.params.values():
            yield from phrases(v)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from phrases(item)
        if value.last is not None:
            yield Phrase(value.last, {"items": "", "last": ""}, value.context)


# ---------------------------------------------------------------- moves


def engine_actions() -> list[Action]:
    """Actions the engine's games really make: every family's moves from many positions, and the
    games no family plays whole (boxes, Georgia and Bob, misère's extra move)."""
    from grundy.games import circle, staircase
    from grundy.games.core import _MisereAsNormal
    from grundy.games.nim import NimHeap
    from grundy.games.registry import FAMILIES, family

    texts = ("1", "2", "3", "4", "7", "9", "1,1", "2,2", "1,3", "3,1", "3,4", "5,5", "row1", "row2", "row7", "ring1", "ring5",
             "HTH", "THHTH", "1,2,3", "3,5,7", "7,7,7,7", "6,1", "2,9", "20:6")
    found: list[Action] = []
    for key, kind in FAMILIES.items():
        fam = family(key, kind.example_rule)
        for text in (kind.example, *texts):
            try:
                c = fam.parse(text)
            except GameError:
                continue
            found += [action for action, _parts in fam.moves(c)]
    games: list[tuple[Any, Any]] = [
        (circle.CircleGame(2), (5,)), (circle.CircleGame(2), ("ring", 7)), (circle.CircleGame(3), (1,)),
        (staircase.BoxesGame(), (0, 0, 0, 0, 0, 0, 0, 2)), (staircase.GeorgiaBobGame(), (2, 5)),
        (staircase.StaircaseGame(), (1, 2)), (_MisereAsNormal(NimHeap()), 0),
    ]
    for game, position in games:
        found += [move.action for move in game.options(position)]
    return found


def test_every_kind_the_engine_makes_is_defined_and_every_kind_defined_is_made() -> None:
    made = {action.kind for action in engine_actions()}
    assert made <= set(MOVE_KINDS), sorted(made - set(MOVE_KINDS))
    assert set(MOVE_KINDS) <= made, f"kinds no game makes: {sorted(set(MOVE_KINDS) - made)}"


def test_every_move_the_engine_makes_has_its_chinese_in_the_catalogue() -> None:
    """Each of the move's words — whole, told after, its heading and button — is a msgid with
    Chinese, including those its placeholders are filled with; and every kind's every branch
    the sample reaches (one coin or several, a row left on one side or both…) is checked."""
    seen: set[tuple[str | None, str, str | None]] = set()
    for action in engine_actions():
        said: MoveWords = words(action)
        for part in (said.says, said.told, said.group, said.label, said.label_told):
            for p in phrases(part):
                key = (p.context, p.message, p.plural)
                if key not in seen:
                    seen.add(key)
                    translated(p.message, p.context, p.plural)
    assert len(seen) > 70, len(seen)  # the sample reaches the branches, not one message a kind


def test_a_move_is_said_whole_and_told_in_both_languages() -> None:
    from grundy.words.moves import describe

    assert describe(Action("take-from-row", (2, 0, 5))) == "leave a row of 5 by taking 2 adjacent coins"
    assert describe(Action("take-from-row", (2, 0, 5)), told=True) == "left a row of 5 by taking 2 adjacent coins"
    assert describe(Action("turn-over", (4,)), told=True) == "turned over coin 4"
    assert describe(Action("turn-over", (1, 4)), told=True) == "turned over coins 1, 4"
    assert describe(Action("split", (0, 2, 5)), told=True) == "split the heap into 2 and 5"


# ---------------------------------------------------------------- errors

# A value of the right kind for each param an engine raise passes (a new param fails here until
# it has one): numbers, text quoted as typed, and words said in the reader's language.
SAMPLES: dict[str, object] = {
    "got": "12,345", "most": "100,000", "what": Phrase("a heap", context="what"), "lo": "1", "hi": "9",
    "game": GameName("wythoff", "Wythoff's game"), "games": 2, "key": "wythoff", "option": "--max",
    "help": Phrase("take 1 to M"), "example": "3", "coins": 12, "k": 3, "a": 4, "b": 7, "r": 3, "c": 3,
    "rows": 4, "cols": 5, "digits": 31, "steps": "2,000,000", "octal": "0.137", "choices": Listing(("nim", "bash")),
    "reach": "3,000,000", "count": "2,000,000", "rule": Phrase("take 1 to %(m)s", {"m": 3}), "n": 200_000,
    "move": 2, "take": 4, "heap": 3, "allowed": Listing((1, 2, 3)), "digit": "'١'",
}


def engine_raises() -> list[tuple[str, int, str, str, dict[str, object]]]:
    """(file, line, message, code, params) of every GameError the engine raises, read from its
    source: each raise gives its English as ``N_("…")`` and its code as a literal."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "GameError"):
                continue
            where = f"{path.name}:{node.lineno}"
            message = node.args[0] if node.args else None
            assert (isinstance(message, ast.Call) and getattr(message.func, "id", None) == "N_" and message.args
                    and isinstance(message.args[0], ast.Constant)), f"{where}: raise GameError(N_(\"…\"), code, …)"
            assert len(node.args) == 2 and isinstance(node.args[1], ast.Constant), f"{where}: the code is a literal"
            params = {}
            for kw in node.keywords:
                assert kw.arg in SAMPLES, f"{where}: no sample for param {kw.arg!r}"
                params[kw.arg] = SAMPLES[kw.arg]
            found.append((path.name, node.lineno, str(message.args[0].value), str(node.args[1].value), params))
    return found


def test_the_engine_raises_are_all_found() -> None:
    raises = engine_raises()
    assert len(raises) > 70
    assert {code for *_, code, _ in raises} >= {"sg-out-of-reach", "bad-code", "not-a-number", "unknown-game"}


@pytest.mark.parametrize("where, line, message, code, params", engine_raises(),
                         ids=lambda v: str(v) if isinstance(v, (str, int)) else "")
def test_every_engine_error_has_its_chinese_in_the_catalogue(where: str, line: int, message: str, code: str,
                                                             params: dict[str, object]) -> None:
    """The raise passes every placeholder its message names, and the catalogue says it in Chinese."""
    names = {name for name, _ in PLACEHOLDER.findall(message)}
    assert names <= set(params), f"{where}:{line}: the message names {sorted(names - set(params))}, not passed"
    zh = translated(message)
    assert re.search(r"[\u4e00-\u9fff]", zh), (where, line, zh)
    assert str(GameError(message, code, **params)) == fill(message, params, ENGLISH)


def test_the_words_an_error_quotes_are_in_the_catalogue() -> None:
    """What a number names (``NP_("what", …)``), a rule key's help and a game's title are said in
    Chinese too; a new one fails here until it has its Chinese."""
    from grundy.games.registry import FAMILIES

    whats, helps = set(), set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NP_":
                context, message = (a.value for a in node.args if isinstance(a, ast.Constant))
                if context == "what":
                    whats.add(message)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleKey" and len(node.args) > 2:
                help_text = node.args[2]
                assert isinstance(help_text, ast.Call) and getattr(help_text.func, "id", None) == "N_", \
                    f"{path.name}:{node.lineno}: a rule key's help is marked N_(…)"
                helps.add(help_text.args[0].value)  # type: ignore[attr-defined]
    assert {"a heap", "a marble row,column", "upto"} <= whats and "take 1 to M" in helps
    for what in whats:
        translated(what, "what")
    for help_text in helps:
        translated(help_text)
    for kind in FAMILIES.values():
        translated(kind.title)


# ---------------------------------------------------------------- saying a Phrase


class Chinese:
    """A catalogue that says a few messages in Chinese, as a loaded .mo would (gettext's API)."""

    def __init__(self, said: dict[tuple[str | None, str], str]) -> None:
        self.said = said

    def gettext(self, message: str) -> str:
        return self.said.get((None, message), message)

    def pgettext(self, context: str, message: str) -> str:
        return self.said.get((context, message), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.said.get((None, singular), singular if n == 1 else plural)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.said.get((context, singular), singular if n == 1 else plural)


def test_a_phrase_is_english_and_says_itself_in_a_catalogue_s_language() -> None:
    zh = Chinese({(None, "take %(n)s from pile %(pile)s"): "从第 %(pile)s 堆取走 %(n)s 个", (None, ", "): "、",
                  ("what", "a heap"): "堆的大小", (None, "%(what)s must be a whole number; got %(got)r"): "%(what)s必须是整数；收到的是 %(got)r",
                  (None, "turn over coin %(coins)s"): "翻动硬币 %(coins)s", (None, "%(move)s %(where)s"): "%(where)s%(move)s"})
    move = Phrase("take %(n)s from pile %(pile)s", {"n": 12, "pile": 3})
    assert str(move) == "take 12 from pile 3" and move.say(zh) == "从第 3 堆取走 12 个"  # the placeholders reordered
    error = Phrase("%(what)s must be a whole number; got %(got)r", {"what": Phrase("a heap", context="what"), "got": "x"})
    assert str(error) == "a heap must be a whole number; got 'x'" and error.say(zh) == "堆的大小必须是整数；收到的是 'x'"
    coins = Phrase("turn over coin %(coins)s", {"coins": Listing((1, 2))}, plural="turn over coins %(coins)s", count=2)
    assert str(coins) == "turn over coins 1, 2" and coins.say(zh) == "翻动硬币 1、2"
    assert Listing((1, 2, 4), last="%(items)s or %(last)s").say() == "1, 2 or 4"
    assert GameName("bash", "Bash's game").say() == "bash"  # English, the command line's, names the key


def test_a_value_s_latin_letters_meet_chinese_with_a_space() -> None:
    """Chinese typesetting: a space where a value's letters or digits touch a Chinese character,
    whichever side the value is on, and between two values; none between Chinese and Chinese."""
    assert fill("%(what)s必须是整数", {"what": "K"}) == "K 必须是整数"
    assert fill("%(what)s必须是整数", {"what": "堆的大小"}) == "堆的大小必须是整数"
    assert fill("%(what)s必须是整数", {"what": "M（每次取 1 到 M 个）"}) == "M（每次取 1 到 M 个）必须是整数"
    assert fill("收到%(got)s个", {"got": 3}) == "收到 3 个"
    assert fill("%(where)s%(move)s", {"where": "从行 1", "move": "取走 2 枚"}) == "从行 1 取走 2 枚"
    assert fill("%(where)s%(move)s", {"where": "在第 1 局", "move": "从 5 那堆取走"}) == "在第 1 局从 5 那堆取走"
    assert fill("got %(got)r, 100%%", {"got": "你好"}) == "got '你好', 100%"


def test_an_error_said_already_stays_as_it_was() -> None:
    """The web layer raises GameError with its message said already, and no params: nothing to
    fill, whatever it quotes."""
    assert str(GameError("第 3 步不合法：%(x)s 50%", "not-a-legal-move")) == "第 3 步不合法：%(x)s 50%"
