"""Practice in Chromium: a whole quiz round and a whole game against the computer, clicked through
as a learner would (htmx swaps, the address bar following along), and the quiz with JS off."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from grundy.practice.quiz import question, winning_moves
from tests.browser.conftest import Watch


def seed_of(url: str) -> int:
    return int(parse_qs(urlsplit(url).query)["seed"][0])


def test_a_quiz_round(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/quiz")
    page.locator("li", has=page.get_by_role("heading", name="Nim", exact=True)).get_by_role("link", name="Level 1").click()
    expect(page.get_by_role("button", name="Winning (N)")).to_be_visible()
    answered = 0
    for _ in range(4):  # until both kinds of question have come up at least once, or four rounds
        seed = seed_of(page.url)
        q = question("nim", 1, seed)
        truth = q.outcome()
        page.get_by_role("button", name="Winning (N)" if truth == "N" else "Losing (P)").focus()
        page.keyboard.press("Enter")  # keyboard use: the focus must land in the new card, not the page top
        expect(page.locator(".feedback .verdict")).to_contain_text("Right.")
        expect(page.locator("#quiz-card :focus")).to_have_count(1)
        answered += 1
        expect(page.locator(".score-line")).to_contain_text(f"Score: {answered} of {answered}")
        if truth == "N":
            # the XOR table would show the move, so it waits until a move has been tried
            expect(page.locator(".quiz-visual")).to_have_count(0)
            box = page.get_by_label("Position after your move")
            box.fill(q.arena.format(winning_moves(q)[0].after))
            page.get_by_role("button", name="Check my move").click()
            expect(page.locator(".feedback").last).to_contain_text("A winning move.")
        expect(page.locator(".quiz-visual .widget-xor-columns")).to_be_visible()
        page.get_by_role("link", name="Next question →").click()
        expect(page.get_by_role("button", name="Losing (P)")).to_be_visible()
        # the address bar follows the new question (htmx pushes it once the swap has settled)
        expect(page).not_to_have_url(re.compile(rf"[?&]seed={seed}(&|$)"))
    assert "streak" in page.locator(".score-line").inner_text()


def test_a_wrong_answer_then_an_illegal_move(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, watch = watched
    seed = next(s for s in range(100) if question("wythoff", 1, s).outcome() == "N")
    page.goto(f"{live_server}/quiz/q?game=wythoff&level=1&seed={seed}")
    page.get_by_role("button", name="Losing (P)").click()
    expect(page.locator(".feedback .verdict")).to_contain_text("Not quite.")
    box = page.get_by_label("Position after your move")
    box.fill("99,99")
    box.press("Enter")
    expect(page.locator(".quiz-move .widget-error")).to_contain_text("No single move")
    expect(page.get_by_label("Position after your move")).to_have_value("99,99")
    # Chromium logs the illegal move's 400 as a console error; that one, and only it, is expected.
    expected = [e for e in watch.errors if "status of 400" in e]
    assert len(expected) == 1
    watch.errors.remove(expected[0])
    q = question("wythoff", 1, seed)
    box.fill(q.arena.format(winning_moves(q)[0].after))
    box.press("Enter")
    expect(page.locator(".feedback").last).to_contain_text("A winning move.")
    expect(page.locator(".quiz-visual .plot .main-svg").first).to_be_visible()  # the lesson's Wythoff plot


def test_the_quiz_works_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    q = question("bash", 1, 2)
    page.goto(f"{live_server}/quiz/q?game=bash&level=1&seed=2")
    assert q.outcome() == "P"  # so the P/N table shows at once
    page.get_by_role("button", name="Losing (P)").click()
    expect(page.locator(".feedback .verdict")).to_contain_text("Right.")
    expect(page.locator(".quiz-visual .widget-pn-table")).to_be_visible()


def test_a_whole_game_the_computer_wins_from_an_n_position(live_server: str, watched: tuple[Page, Watch]) -> None:
    """(3, 4, 6) is N and the computer moves first: whatever the learner clicks, it wins."""
    page, _ = watched
    page.goto(live_server + "/play/nim?start=3,4,6&first=computer")
    expect(page.locator(".play-status")).to_contain_text("The computer took")
    board = page.locator("#play-board")
    for _ in range(20):
        if "The computer wins." in board.inner_text():
            break
        moves_before = parse_qs(urlsplit(page.url).query)["moves"][0].count("/")
        page.locator("button.move").first.click()
        expect(page).to_have_url(re.compile(r"moves=" + r"[^&]*/" * (moves_before + 1)))
        expect(page.locator("#play :focus")).to_have_count(1)  # the focus stays in the game
    expect(board).to_contain_text("The computer wins.")
    expect(board).to_contain_text("You never had a winning position")
    # Undo returns to the learner's last turn; the hints then colour the moves.
    page.get_by_role("link", name="↶ Undo").click()
    expect(board).to_contain_text("Your move.")
    page.get_by_role("link", name="Show hints").click()
    expect(page.locator("button.move.leads-N").first).to_be_visible()
    assert "hints=1" in page.url


def test_a_whole_game_won_by_following_the_hints(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    page.goto(live_server + "/play/wythoff?start=4,9&hints=1")
    board = page.locator("#play-board")
    for _ in range(20):
        if "You win!" in board.inner_text():
            break
        played = len(parse_qs(urlsplit(page.url).query).get("moves", [""])[0].split("/"))
        page.locator("button.move.leads-P").first.click()
        # the learner's move and the computer's reply both reach the address bar (or the game ends)
        expect(page).to_have_url(re.compile(r"moves=" + r"[^&/]+/" * (played if "moves=" in page.url else 0) + r"[^&/]+"))
    expect(board).to_contain_text("You win!")


def _play_every_sg_by_the_stars(page: Page) -> None:
    """Choose the ★ move in every game (the strategy, shown with hints) and play the turn, until
    the game ends."""
    board = page.locator("#play-board")
    for _ in range(20):
        if "You win!" in board.inner_text() or "The computer wins." in board.inner_text():
            return
        turns = len(parse_qs(urlsplit(page.url).query).get("moves", [""])[0].split("/"))
        for option in page.locator("label.every-option").all():
            if "★" in option.inner_text():
                option.locator("input").check()
        page.get_by_role("button", name="Play this turn").click()
        expect(page).to_have_url(re.compile(r"moves=" + r"[^&/]+/" * (turns if "moves=" in page.url else 0) + r"[^&/]+"))


def test_every_sg_turns_with_htmx(live_server: str, watched: tuple[Page, Watch]) -> None:
    """Lesson 10's game: each turn is one move in every unfinished game, chosen and played together."""
    page, _ = watched
    page.goto(live_server + "/play/every-euclid?start=5,8;2,7;4,4&first=computer&hints=1")
    expect(page.locator(".play-status")).to_contain_text("The computer took")
    _play_every_sg_by_the_stars(page)
    expect(page.locator("#play-board")).to_contain_text("You win!")  # (5,8) lasts 4 turns: even, P for the computer


def test_every_sg_turns_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    page.goto(live_server + "/play/every-euclid?start=3,5;2,7&hints=1")
    _play_every_sg_by_the_stars(page)
    expect(page.locator("#play-board")).to_contain_text("You win!")
    assert "g1=" not in page.url  # the turn went into the history; the form's keys did not stay
