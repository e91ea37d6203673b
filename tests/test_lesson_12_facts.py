"""Every fact lesson 12 (staircase Nim) states, checked by brute force over the games as the
problems state them: coins that slide, chessmen that move left, cards between boxes — searched
move by move, not through the staircase rule the lesson derives."""
from __future__ import annotations

import itertools
import random
from functools import cache
from pathlib import Path

from grundy.games import staircase
from grundy.widgets import boxes, staircase as staircase_widget
from tests import lesson_code
from tests.judge import judge_samples
from tests.lesson_code import needs_cxx

LESSON = lesson_code.Lesson("12-staircase.md")


@cache
def stairs_win(coins: tuple[int, ...]) -> bool:
    """Slide x ≥ 1 coins from step i (1-based) to step i − 1 (off the staircase from step 1)."""
    for i, c in enumerate(coins):
        for x in range(1, c + 1):
            after = list(coins)
            after[i] -= x
            if i:
                after[i - 1] += x
            if not stairs_win(tuple(after)):
                return True
    return False


@cache
def chessmen_win(squares: tuple[int, ...]) -> bool:
    """POJ 1704: slide one chessman left, not onto or past another, not off square 1."""
    for k, p in enumerate(squares):
        lowest = squares[k - 1] + 1 if k else 1
        for to in range(lowest, p):
            if not chessmen_win(squares[:k] + (to,) + squares[k + 1 :]):
                return True
    return False


@cache
def boxes_win(cards: tuple[int, ...]) -> bool:
    """HDU 3389: cards from box B to a box A < B with A + B odd and divisible by 3."""
    for b in range(1, len(cards) + 1):
        for a in range(1, b):
            if (a + b) % 2 == 1 and (a + b) % 3 == 0:
                for x in range(1, cards[b - 1] + 1):
                    after = list(cards)
                    after[b - 1] -= x
                    after[a - 1] += x
                    if not boxes_win(tuple(after)):
                        return True
    return False


def test_only_the_odd_steps_count() -> None:
    LESSON.says("The position is a P-position exactly when", "The even steps do not count at all.")
    for n in range(1, 5):
        for coins in itertools.product(range(4), repeat=n):
            assert stairs_win(coins) == (staircase.outcome(coins) == "N"), coins


def test_a_move_from_an_even_step_is_undone_by_carrying_the_same_coins() -> None:
    for coins in itertools.product(range(4), repeat=4):
        for i in (1, 3):  # steps 2 and 4
            for x in range(1, coins[i] + 1):
                after = list(coins)
                after[i] -= x
                after[i - 1] += x
                undone = list(after)
                undone[i - 1] -= x
                if i > 1:
                    undone[i - 2] += x
                assert staircase.grundy(undone) == staircase.grundy(coins)


def test_the_widgets_staircase() -> None:
    assert LESSON.widgets("staircase") == [{"coins": "3,5,4,2,6", "step": "0"},
                                           {"coins": "2,1,2,1,0,0,3,0", "shown": "the text just above works this staircase out"}]
    LESSON.says("among the winning moves now\nlisted, the reply that carries the same coins one step further is\nmarked ★")
    played = staircase_widget.view(staircase_widget.parse({"coins": "2,5,4,2,6", "play": "7,0,4,2,6"}))
    assert played.carry and played.carry.after == (2, 0, 4, 2, 6) and played.carried == 5
    assert played.carry.after in {m.after for m in played.winning}
    view = staircase_widget.view(staircase_widget.parse({"coins": "3,5,4,2,6"}))
    LESSON.says("\\(3 \\oplus 4 \\oplus 6 = 1\\): N", "step 1 off the staircase) and one starts on an **even** step: move 1\ncoin from step 4 to step 3")
    assert view.total == 1 and {m.after for m in view.winning} == {(2, 5, 4, 2, 6), (3, 5, 5, 1, 6)}
    LESSON.states(r"3 \oplus 5 \oplus 6 = 0")
    for coins in itertools.product(range(5), repeat=4):
        for m in staircase.moves_to_value(coins, 0):
            _x, step, _to = m.action.args
            if step % 2 == 0:
                assert m.position[step - 2] > coins[step - 2]


def test_when_a_move_from_an_even_step_wins() -> None:
    """Growing the odd step below is not enough: the even step must hold the coins it takes
    (checked by brute force, move by move, on every staircase of up to 5 steps of up to 4 coins)."""
    LESSON.says("A move from an even step \\(i\\) wins exactly\nwhen the odd step below it needs to *grow* to balance the XOR",
                "**and** step \\(i\\) holds enough coins\nfor that: at least \\((c_{i-1} \\oplus s) - c_{i-1}\\)")
    for n in range(2, 6):
        for coins in itertools.product(range(5), repeat=n):
            s = _xor(coins[0::2])
            for i in range(2, n + 1, 2):  # the even steps, numbered from 1
                need = (coins[i - 2] ^ s) - coins[i - 2]
                for x in range(1, coins[i - 1] + 1):
                    assert (not stairs_win(_slid(coins, i, x))) == (x == need), (coins, i, x)
                wins = any(not stairs_win(_slid(coins, i, x)) for x in range(1, coins[i - 1] + 1))
                assert wins == (0 < need <= coins[i - 1]), (coins, i)
    LESSON.says("The staircase 0, 1, 2", "step 1 would have to grow from 0 to 2, but step 2\nholds only 1 coin: the only winning move takes 2 coins from step 3")
    LESSON.states(r"0 \oplus 2 = 2")
    winning = [(i, x) for i in (1, 2, 3) for x in range((0, 1, 2)[i - 1] + 1) if x and not stairs_win(_slid((0, 1, 2), i, x))]
    assert winning == [(3, 2)]


def _slid(coins: tuple[int, ...], step: int, x: int) -> tuple[int, ...]:
    """x coins slid from ``step`` (1-based) to the step below, or off the staircase from step 1."""
    after = list(coins)
    after[step - 1] -= x
    if step > 1:
        after[step - 2] += x
    return tuple(after)


def test_the_example_2_7_2() -> None:
    LESSON.states(r"2 \oplus 2 = 0", r"9 \oplus 2 = 11")
    assert not stairs_win((2, 7, 2)) and stairs_win((9, 0, 2)) and not stairs_win((2, 0, 2))


def test_poj_1704_by_brute_force_and_the_samples() -> None:
    for n in range(1, 4):
        for squares in itertools.combinations(range(1, 9), n):
            assert chessmen_win(squares) == (staircase.georgia_bob_grundy(squares) != 0), squares
    ns = LESSON.python("georgia_wins")
    rng = random.Random(1704)
    for _ in range(200):
        squares = tuple(sorted(rng.sample(range(1, 12), rng.randint(1, 4))))
        assert ns["georgia_wins"](squares) == chessmen_win(squares)
    LESSON.says("has gaps 0, 3, 0, 0, 1, 2, 1, 2;\nread from the right they are the staircase 2, 1, 2, 1, 0, 0, 3, 0",
                "whose odd steps are 2, 2, 0, 3")
    ns1704 = LESSON.python("georgia_wins")
    squares = [1, 5, 6, 7, 9, 12, 14, 17]
    gaps = [squares[i] - (squares[i - 1] if i else 0) - 1 for i in range(len(squares))]
    assert gaps[::-1] == [2, 1, 2, 1, 0, 0, 3, 0] and gaps[::-1][0::2] == [2, 2, 0, 3]
    assert ns1704["georgia_wins"](list(reversed(squares))) is True  # the input may list them in any order
    LESSON.says(r"\(T \le 20\) cases", "listed in any order (sort them first)", "`Not sure`, but it is never\nright")
    LESSON.states(r"2 \oplus 2 \oplus 0 \oplus 3 = 3")
    assert staircase.georgia_bob_grundy([1, 2, 3]) == 0
    assert staircase.georgia_bob_grundy([1, 5, 6, 7, 9, 12, 14, 17]) == 3


def test_cses_1099_stair_1_is_the_floor() -> None:
    """Stairs 1..n, balls from stair k ≥ 2 to k − 1: the even stairs decide."""
    LESSON.says("\\(p_2 \\oplus p_4 \\oplus p_6 \\oplus \\cdots \\ne 0\\)")
    for n in range(1, 5):
        for balls in itertools.product(range(3), repeat=n):
            # stair 1 is the ground: stairs 2..n are steps 1..n−1
            assert stairs_win(balls[1:]) == (_xor(balls[1::2]) != 0), balls


def _xor(values: tuple[int, ...]) -> int:
    x = 0
    for v in values:
        x ^= v
    return x


def test_hdu_3389_by_brute_force() -> None:
    LESSON.says("Boxes **1, 3 and 4** have no move", "box 8 can move to box 1 or to box\n7")
    assert [b for b in range(1, 40) if not boxes.targets(b)] == [1, 3, 4]
    assert boxes.targets(8) == [1, 7]
    for b in range(1, 200):  # every move crosses between the classes; the counted class can always move
        for a in boxes.targets(b):
            assert (a % 6 in boxes.ODD_CLASS) != (b % 6 in boxes.ODD_CLASS)
        if b % 6 in boxes.ODD_CLASS:
            assert min(boxes.targets(b)) == {0: 3, 2: 1, 5: 4}[b % 6]
    for n in range(1, 7):
        for cards in itertools.product(range(2), repeat=n):
            assert boxes_win(cards) == (staircase.boxes_grundy(cards) != 0), cards
    rng = random.Random(3389)
    for _ in range(60):
        cards = tuple(rng.randint(0, 2) for _ in range(rng.randint(1, 8)))
        assert boxes_win(cards) == LESSON.python("alice_wins")["alice_wins"](cards)


def test_hdu_3389_samples_and_the_widget() -> None:
    LESSON.states(r"3 \oplus 2 \oplus 1 = 0")
    assert LESSON.widgets("boxes") == [{"n": "15", "cards": "1,3,3,2,2,1,2"}]
    view = boxes.view(boxes.parse({"n": "15", "cards": "1,3,3,2,2,1,2"}))
    assert view.outcome == "P"
    assert staircase.boxes_grundy([1, 2]) == 2 and staircase.boxes_grundy([1, 3, 3, 2, 2, 1, 2]) == 0
    LESSON.says("\\(n \\le 10000\\) boxes of at most 100 cards")


def test_try_it_answers() -> None:
    assert not stairs_win((4, 1, 4))
    LESSON.says("A move from step 1 or 3 is answered as in Nim (take\n   the same number from the other odd step); a move from step 2 is\n   answered by carrying the same coins off the staircase.")
    for i in range(3):  # every move from 4, 1, 4 and the answer the text gives: back to odd steps XOR 0
        for x in range(1, (4, 1, 4)[i] + 1):
            after = [4, 1, 4]
            after[i] -= x
            if i:
                after[i - 1] += x
            if i == 1:
                after[0] -= x  # the same coins carried off
            else:
                after[2 - i] -= x  # the same number from the other odd step, off the staircase or onto step 2
                if 2 - i == 2:
                    after[1] += x
            assert not stairs_win(tuple(after)), (i, x, after)
    assert chessmen_win((2, 3, 7)) and not chessmen_win((2, 3, 5))
    LESSON.states(r"3 \oplus 1 = 2", r"1 \oplus 1 = 0", r"5 \oplus 5 = 0")
    assert not boxes_win((0, 5, 0, 0, 5))


def test_python_code_matches_the_engine() -> None:
    assert "the boxes ≡ 0, 2, 5 (mod 6) are the odd steps" in LESSON.text and "the boxes = 0, 2, 5" not in LESSON.text
    # the Chinese twin's docstring says it in Chinese, with the same ≡
    assert "编号 ≡ 0, 2, 5 (mod 6) 的盒子就是奇数级" in LESSON.twins["zh"] and "= 0, 2, 5 (mod 6)" not in LESSON.twins["zh"]
    ns = LESSON.python()
    for coins in itertools.product(range(4), repeat=3):
        assert ns["staircase_wins"](list(coins)) == stairs_win(coins)


@needs_cxx
def test_cpp_poj_1704(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp("Georgia will win"), tmp_path)
    for sample in judge_samples("POJ-1704"):
        assert LESSON.run(program, sample["input"]).splitlines() == sample["output"].splitlines()
    rng = random.Random(17040)
    cases = [sorted(rng.sample(range(1, 10001), rng.randint(1, 1000))) for _ in range(20)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, rng.sample(c, len(c))))}\n" for c in cases)
    want = ["Georgia will win" if staircase.georgia_bob_grundy(c) else "Bob will win" for c in cases]
    assert LESSON.run(program, text).splitlines() == want


@needs_cxx
def test_cpp_hdu_3389(tmp_path: Path) -> None:
    program = LESSON.compile(LESSON.cpp('"Case "'), tmp_path)
    for sample in judge_samples("HDU-3389"):
        assert LESSON.run(program, sample["input"]).splitlines() == sample["output"].splitlines()
    rng = random.Random(33890)
    cases = [[rng.randint(0, 100) for _ in range(rng.randint(1, 10000))] for _ in range(10)]
    text = f"{len(cases)}\n" + "".join(f"{len(c)}\n{' '.join(map(str, c))}\n" for c in cases)
    want = [f"Case {k}: {'Alice' if staircase.boxes_grundy(c) else 'Bob'}" for k, c in enumerate(cases, start=1)]
    assert LESSON.run(program, text).splitlines() == want


def test_the_staircase_search_bounds_hold() -> None:
    """Play against the computer refuses a start by StaircaseFamily's size, move count and
    longest game, before any search: each must bound what a search really meets."""
    from grundy.games.registry import family

    fam = family("staircase")

    @cache
    def longest(c: tuple[int, ...]) -> int:
        return max((1 + longest(m.position) for m in staircase.StaircaseGame().options(c)), default=0)

    for coins in itertools.product(range(3), repeat=3):
        seen, todo = {coins}, [coins]
        while todo:
            for m in staircase.StaircaseGame().options(todo.pop()):
                if m.position not in seen:
                    seen.add(m.position)
                    todo.append(m.position)
        assert len(seen) <= fam.size(coins)
        assert max(fam.move_count(c) for c in seen) <= fam.move_count(coins)
        assert longest(coins) <= fam.longest(coins)
