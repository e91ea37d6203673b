"""Every fact lesson 11 (the circular game) states, checked against the engine and by brute force.

The ring is searched whole by a brute force that models the coins themselves (which are still
there, which are adjacent), not the engine's ring-and-rows notation, so the symmetry claims are
checked independently of the family that the site, the CLI, the quiz and play use.
"""
from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from grundy.games import circle
from grundy.games.registry import family
from grundy.games.solve import solve
from grundy.practice.games import make_arena
from grundy.widgets import ring
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("11-circular.md")


def runs(present: tuple[bool, ...], k: int) -> list[tuple[bool, ...]]:
    """Every position one move leaves: 1 to k coins, adjacent around the circle, all present."""
    n, out = len(present), set()
    for first in range(n):
        for t in range(1, min(k, n) + 1):
            cells = [(first + i) % n for i in range(t)]
            if len(set(cells)) == t and all(present[c] for c in cells):
                out.add(tuple(False if i in cells else p for i, p in enumerate(present)))
    return sorted(out)


@cache
def wins(present: tuple[bool, ...], k: int) -> bool:
    """Normal play on the coins themselves: does the player to move win?"""
    return any(not wins(after, k) for after in runs(present, k))


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_the_rule_for_any_k_against_brute_force(k: int) -> None:
    ns = LESSON.python("first_player_wins")
    for n in range(1, 13):
        truth = wins((True,) * n, k)
        assert ns["first_player_wins"](n, k) == truth, (n, k)
        assert circle.outcome(n, k) == ("N" if truth else "P")
        assert family("circle", {"k": str(k)}).outcome((circle.RING, n)) == ("N" if truth else "P")


def test_the_symmetric_reply_is_legal_and_wins() -> None:
    ns = LESSON.python("symmetric_reply")
    for n in range(3, 15):
        for first_move in (1, 2):
            row = n - first_move
            take, (a, b) = ns["symmetric_reply"](row)
            assert 1 <= take <= 2 and a == b and a + b + take == row
            view = ring.view(ring.parse({"n": str(n), "moves": "1" if first_move == 1 else "1-2"}))
            assert view.reply is not None and view.reply.run[1] == take
            assert view.reply.leaves == ((a, a) if a else ())
            # after the reply the coins left are P for the player to move (by brute force)
            present = [True] * n
            for i in range(first_move):
                present[i] = False
            start, count = view.reply.run
            for i in range(count):
                present[(start - 1 + i) % n] = False
            assert not wins(tuple(present), 2)


def test_the_story_and_the_sample() -> None:
    LESSON.says("With one or two coins Alice takes everything at once. With three,\nwhatever she takes, Bob takes what is left.")
    assert [wins((True,) * n, 2) for n in (1, 2, 3)] == [True, True, False]
    sample = judge_samples("POJ-2484")[0]
    assert sample["output"].split() == ["Alice", "Alice", "Bob"]
    LESSON.says("rings of 1 and 2 give `Alice`, a ring of\n3 gives `Bob`", "Alice wins exactly when \\(n \\le 2\\)")


def test_the_widgets_replies() -> None:
    fences = LESSON.widgets("ring")
    assert fences == [{"n": "9", "k": "2"}, {"n": "10", "k": "3"}]
    nine = ring.view(ring.parse(fences[0] | {"moves": "5"}))
    assert nine.rows == [(8, 1)] and nine.reply and nine.reply.run == (9, 2) and nine.reply.leaves == (3, 3)
    LESSON.says("take the **middle two\ncoins of the row**, 9 and 1, leaving two rows of 3")
    ten = ring.view(ring.parse(fences[1] | {"moves": "1-3"}))
    assert ten.rows == [(7, 3)] and ten.reply and ten.reply.run == (7, 1) and ten.reply.leaves == (3, 3)
    LESSON.says("a row of 7 is left, and the reply\ntakes its middle coin, leaving two rows of 3")


def test_kayles_values_and_the_rings_value() -> None:
    values = [circle.row_grundy(n, 2) for n in range(13)]
    assert values == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    # The lesson's tables of Kayles values (split in two, to fit a phone) say the same.
    stated: dict[int, int] = {}
    for header, sg in re.findall(r"^\| row of \|(.*)\|\n\|[- |]+\|\n\| SG \|(.*)\|$", LESSON.text, re.M):
        stated.update(zip(map(int, header.split("|")), map(int, sg.split("|"))))
    assert stated == dict(enumerate(values))
    LESSON.says("For \\(K = 2\\), a row game\nwhere a move removes one coin or two adjacent ones is exactly\n**Kayles**")
    octal = family("octal", {"code": ".77"})
    assert [octal.sg(n) for n in range(13)] == values  # the row game is Kayles
    assert all(circle.row_grundy(n, 2) > 0 for n in range(1, 300))
    assert all(circle.ring_grundy(n, 2) == 0 for n in range(3, 300))


def test_rows_of_4_and_7() -> None:
    LESSON.states(r"2 \oplus 2 = 0", r"3 \oplus 3 = 0", r"3 \oplus 2 \oplus 2 = 3")
    LESSON.says(r"\operatorname{SG}(5) = 3 \oplus 4 = 7", r"\(\operatorname{SG} = 1 \oplus 2 = 3\)")
    fam = family("circle")
    answer = solve(fam, ["row4", "row7"])
    assert answer.outcome == "N" and answer.sg == 3
    assert ("2",) in [m.becomes for m in answer.winning_moves]  # take 2 from the end of the 4: a row of 2
    assert solve(fam, ["○9"]).outcome == "P" and solve(fam, ["○9"]).sg == 0  # a ring of 9


def test_the_chinese_lesson_shows_rows_of_4_and_7_in_the_widget() -> None:
    """The Chinese lesson shows what the page shows, not the command line: the first ring widget
    set to 13 coins, after coin 1 and then coin 6, leaves the example's rows of 4 and 7 (coins 2-5
    and 7-13), worth 1 ⊕ 2 = 3, N, and its winning move takes coins 2 and 3; the ring of 9 opens P."""
    zh = LESSON.twins["zh"]
    assert "grundy solve" not in zh and "硬币数改成 13，点硬币 1，再点硬币 6" in zh and "取走硬币 2 和 3" in zh
    fence = LESSON.widgets("ring")[0]
    nine = ring.view(ring.parse(fence))
    assert nine.whole and nine.outcome == "P" and nine.total == 0
    rows = ring.view(ring.parse(fence | {"n": "13", "moves": "1,6"}))
    assert rows.rows == [(4, 1), (7, 2)] and rows.total == 3 and rows.outcome == "N"
    assert rows.reply and rows.reply.run == (2, 2) and rows.reply.leaves == (7, 2)


def test_the_chinese_lesson_writes_positions_as_the_quiz_and_play_do() -> None:
    """The Chinese lesson shows no command line, so it says how the quiz and play write a position
    (the circular game's notation, read from the engine): a ring ○9 (环9 typed is the same ring),
    rows by their lengths with commas (the example's rows are 4,7), 0 when no coin is left."""
    zh = LESSON.twins["zh"]
    assert "环写成 `○9`" in zh and "`环9`" in zh and "就是 `4,7`" in zh and "就写 `0`" in zh
    arena = make_arena("circle", {"k": "2"})
    assert circle.RING_MARK + "9" == "○9" and arena.parse("○9") == arena.parse("环9") == ((circle.RING, 9),)
    assert arena.parse("4,7") == ((circle.ROW, 4), (circle.ROW, 7)) and arena.family.format_sum(arena.parse("4,7")) == "4,7"
    assert arena.family.empty == "0" and arena.family.format_sum(()) == "0"


def test_try_it_answers() -> None:
    view = ring.view(ring.parse({"n": "10", "moves": "1-2"}))
    assert view.reply and view.reply.run == (6, 2) and view.reply.leaves == (3, 3)
    assert not wins((True,) * 6, 4) and wins((True,) * 4, 4)
    assert circle.row_grundy(3, 2) ^ circle.row_grundy(5, 2) == 7
    assert solve(family("circle"), ["row3", "row5"]).outcome == "N"
    assert circle.row_grundy(3, 2) ^ circle.row_grundy(3, 2) == 0


@needs_cxx
def test_cpp_poj_2484(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"Alice" : "Bob"'), tmp_path)
    for sample in judge_samples("POJ-2484"):
        assert LESSON.run(program, sample["input"]).split() == sample["output"].split()
    rng = random.Random(2484)
    ns = [rng.randint(1, 10**6) for _ in range(500)] + [1, 2, 3, 10**6]
    want = ["Alice" if n <= 2 else "Bob" for n in ns]
    assert LESSON.run(program, "\n".join(map(str, ns)) + "\n0\n").split() == want


def test_after_the_reply_the_widget_copies_alices_move() -> None:
    """The lesson says Bob copies Alice's move in the other row; the widget names that copy (not
    another winning move the SG values would find), and it wins, by brute force, on every line."""
    LESSON.says("whatever Alice takes from one row, Bob takes\nthe same coins from the other: the widget names the copy")
    view = ring.view(ring.parse({"n": "9", "k": "2", "moves": "5,9-1,3-4"}))
    assert view.reply and view.reply.kind == "copy" and view.reply.run == (7, 2)  # coins 7 and 8 copy 3 and 4
    copy = view.reply.copy
    assert copy and copy.source == (2, 3) and copy.target == (6, 3) and copy.places == (2, 3)
    for n in range(5, 12):  # every first move, its middle reply, every move of Alice's, the copy
        for first in ("1", "1-2"):
            start = ring.view(ring.parse({"n": str(n), "moves": first}))
            assert start.reply and start.reply.kind in ("middle", "all")
            played = ring.parse({"n": str(n), "moves": f"{first},{ring.Params(n, 2, 1, ()).run_text(start.reply.run)}"})
            for coin in range(1, n + 1):
                for take in (1, 2):
                    try:
                        after = ring.parse({"n": str(n), "moves": played.moves_text((coin, take))})
                    except ring.BadParameter:
                        continue
                    answer = ring.view(after)
                    if not answer.left:
                        continue
                    assert answer.reply and answer.reply.kind == "copy", (n, after.moves)
                    present = [True] * n
                    for a, t in after.moves + (answer.reply.run,):
                        for i in range(t):
                            present[(a - 1 + i) % n] = False
                    assert not wins(tuple(present), 2), (n, after.moves)


def test_hdu_3951_by_the_rule_for_any_k() -> None:
    LESSON.says("### HDU 3951 Coin Game", "`Case i: first`", "\\(1 \\le K \\le 10\\)",
                "the\nsample's rings of 3 with \\(K = 1\\) and \\(K = 2\\) give `first` and\n`second`")
    ns = LESSON.python("first_player_wins")
    assert [ns["first_player_wins"](3, 1), ns["first_player_wins"](3, 2)] == [True, False]
    for k in range(1, 5):
        for n in range(3, 12):
            assert ns["first_player_wins"](n, k) == wins((True,) * n, k)
    LESSON.says("[Lesson 15](take-and-break) studies\nKayles and its period")
    assert "The site's quiz and play" not in LESSON.plain
