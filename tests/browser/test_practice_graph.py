"""Practice on a game graph in Chromium: the quiz's third answer (D) and play against the
computer, with JavaScript on (htmx swaps) and off (plain forms). Every answer clicked is the
engine's, read from the question the page shows."""
from __future__ import annotations

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from grundy.practice import play
from grundy.practice.draws import DRAWN_AFTER
from grundy.practice.games.graphs import GRAPH
from grundy.practice.quiz import question, winning_moves
from tests.browser.conftest import Watch

GAME = GRAPH.key
SAYS = {"P": "Losing (P)", "N": "Winning (N)", "D": "A draw (D)"}


def seed_with(verdict: str) -> int:
    return next(s for s in range(200) if question(GAME, 1, s).verdict() == verdict)


def test_a_draw_answered_with_htmx_then_a_winning_move(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    seed = seed_with("D")
    page.goto(f"{live_server}/quiz/q?game={GAME}&level=1&seed={seed}")
    expect(page.locator("#quiz-card .graph-svg")).to_be_visible()  # the graph, drawn, outcomes hidden
    expect(page.locator("#quiz-card .gw-node.is-D")).to_have_count(0)
    page.get_by_role("button", name=SAYS["D"]).click()
    expect(page.locator(".feedback .verdict")).to_contain_text("Right.")
    expect(page.locator(".feedback .verdict .chip.is-D")).to_be_visible()
    expect(page.locator(".quiz-visual .widget-graph .gw-node.is-D").first).to_be_visible()  # now every outcome is shown
    expect(page.get_by_label("Position after your move")).to_have_count(0)  # a draw has no winning move to find
    # the next N-question, reached by its link: the winning move typed by name
    seed = seed_with("N")
    page.goto(f"{live_server}/quiz/q?game={GAME}&level=1&seed={seed}")
    page.get_by_role("button", name=SAYS["N"]).click()
    expect(page.locator(".feedback .verdict")).to_contain_text("Right.")
    q = question(GAME, 1, seed)
    box = page.get_by_label("Position after your move")
    box.fill(q.arena.format(winning_moves(q)[0].after))
    box.press("Enter")
    expect(page.locator(".feedback").last).to_contain_text("A winning move.")


def test_the_graph_quiz_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    seed = seed_with("P")
    page.goto(f"{live_server}/quiz/q?game={GAME}&level=1&seed={seed}")
    page.get_by_role("button", name=SAYS["D"]).click()  # a wrong answer: the page says why
    expect(page.locator(".feedback .verdict")).to_contain_text("Not quite.")
    expect(page.locator(".feedback .reason")).to_contain_text("leads to an N-position")
    expect(page.locator(".quiz-visual .widget-graph")).to_be_visible()


def _url(live_server: str, **query: str) -> str:
    return f"{live_server}/play/{GAME}?" + urlencode(query)


def test_a_game_won_by_the_winning_move_with_htmx(live_server: str, watched: tuple[Page, Watch]) -> None:
    page, _ = watched
    arena = GRAPH.arena()
    page.goto(_url(live_server, start=GRAPH.start, hints="1"))
    board = page.locator("#play-board")
    expect(board.locator(".hint-line .chip.is-N")).to_be_visible()
    expect(board.locator(".graph-svg .gw-node.is-D").first).to_be_visible()  # hints show the outcomes on the graph
    for turn in range(1, 10):
        if "You win!" in board.inner_text():
            break
        here = arena.parse(re.search(r"The token is on (\S+), outlined", board.inner_text())[1])  # type: ignore[index]
        win = arena.winning_moves(here, 1)[0]
        page.get_by_role("button", name=arena.button(win)).click()
        # the swap has come when the address bar holds this move and, unless it ended the game, the reply
        moves = 2 * turn - (0 if arena.moves(win.after) else 1)
        expect(page).to_have_url(re.compile(rf"moves=[^&/]+(/[^&/]+){{{moves - 1}}}(&|$)"))
        expect(page.locator("#play :focus")).to_have_count(1)
    expect(board).to_contain_text("You win!")


def test_a_drawn_game_stops_as_a_draw_without_javascript(live_server: str, no_js_page: tuple[Page, Watch]) -> None:
    page, _ = no_js_page
    arena = GRAPH.arena()
    start = next(n for n in arena.family.graph.names if arena.verdict(arena.parse(n)) == "D")
    state = play.parse(GAME, {"start": start})
    while len(state.afters) < DRAWN_AFTER - 2:  # both keep the draw, up to the learner's last move
        if state.computer_to_move:
            state = state.reply()
        else:
            state = state.then(next(m for m in state.moves() if arena.verdict(m.after) == "D").after)
    page.goto(_url(live_server, start=start, moves="/".join(arena.format(p) for p in state.afters)))
    board = page.locator("#play-board")
    expect(board).to_contain_text("Your move.")
    keep = next(m for m in state.moves() if arena.verdict(m.after) == "D")
    page.get_by_role("button", name=arena.button(keep)).click()
    expect(board).to_contain_text("A draw.")
    expect(board).to_contain_text(f"The game has lasted {DRAWN_AFTER} moves")
    expect(board.locator("button.move")).to_have_count(0)
