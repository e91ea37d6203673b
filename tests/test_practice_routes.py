"""/play and /quiz over HTTP: full games, the computer's replies in the URL, illegal moves, quiz
questions that do not give their answer away, scoring, and a tampered score cookie."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from grundy.practice.games import SPECS as ARENAS, SUMS_LESSON
from grundy.practice.quiz import LEVELS, question

HX = {"HX-Request": "true", "HX-Current-URL": "http://localhost/play/nim"}


# The app is the test session's own (tests/conftest.py): these tests need nothing else of it.


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def text(response) -> str:
    return response.get_data(as_text=True)


# ------------------------------------------------------------------ play


def query_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


def test_the_play_index_lists_every_game(client):
    page = text(client.get("/play"))
    for key in ARENAS:
        assert f"/play/{key}?" in page


def test_the_computers_reply_is_put_in_the_url(client):
    r = client.get("/play/nim?start=3,4,5&moves=1,4,5")
    assert r.status_code == 303
    q = query_of(r.headers["Location"])
    assert q["moves"].startswith("1,4,5/") and q["start"] == "3,4,5" and q["first"] == "you"
    page = text(client.get(r.headers["Location"]))
    assert "Your move." in page and "The computer took" in page


def test_a_move_replays_the_game_s_history_once_a_request(client, monkeypatch):
    """The history in the URL is checked (replayed) once when it is read; the computer's reply,
    or a turn chosen in the form, is one more checked step, not another replay."""
    from grundy.practice import play as play_mod

    replayed: list[int] = []
    real = play_mod.replay
    monkeypatch.setattr(play_mod, "replay", lambda arena, start, afters: replayed.append(len(afters)) or real(arena, start, afters))
    r = client.get("/play/nim?start=3,4,5&moves=1,4,5")  # the learner's move
    assert r.status_code == 303 and replayed == [1]
    replayed.clear()
    page = client.get(r.headers["Location"])  # the page after it, with the computer's reply
    assert page.status_code == 200 and "The computer took" in text(page) and replayed == [2]
    replayed.clear()
    assert client.get("/play/nim?start=3,4,5&moves=1,4,5", headers=HX).status_code == 200 and replayed == [1]
    replayed.clear()
    turn = client.get("/play/every-euclid?start=3,5;2,7&first=you&g1=2,3&g2=1,2")  # an every-SG turn from the form
    assert turn.status_code == 303 and replayed == [0]
    replayed.clear()
    illegal = client.get("/play/nim?start=1,2&first=computer&moves=0,2/0,3")
    assert illegal.status_code == 400 and "move 2 is not legal" in text(illegal) and replayed == [2]


def test_htmx_gets_the_board_alone_and_the_url_to_push(client):
    r = client.get("/play/nim?start=3,4,5&moves=1,4,5", headers=HX)
    assert r.status_code == 200
    body = text(r)
    assert body.lstrip().startswith('<div class="play" id="play">') and "<html" not in body
    assert "moves=1,4,5/" in r.headers["HX-Push-Url"]
    assert "HX-Request" in r.headers["Vary"]


def winning_history(client, url: str) -> str:
    """Play the game at ``url`` to the end, always choosing a move the hints mark as winning
    (or the first move, when there is none); return the final page."""
    for _ in range(100):
        r = client.get(url)
        if r.status_code == 303:
            url = r.headers["Location"]
            continue
        page = text(r)
        assert r.status_code == 200, page
        game = urlsplit(url).path
        turn = re.search(r'<form class="game-moves every-turn".*?</form>', page, re.S)
        if turn:  # every-SG: one move in each game, the one the hints star (the strategy's)
            form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', turn.group(0)))
            for name in dict.fromkeys(re.findall(r'name="(g\d)"', turn.group(0))):
                options = re.findall(rf'name="{name}" value="([^"]*)"(.*?)</label>', turn.group(0), re.S)
                form[name] = next((v for v, label in options if "★" in label), options[0][0])
            url = game + "?" + "&".join(f"{k}={v}" for k, v in form.items())
            continue
        buttons = re.findall(r'<button type="submit" name="moves" value="([^"]*)"[^>]*? class="move( leads-([PN]))?', page)
        if not buttons:
            return page
        good = [v for v, _, o in buttons if o == "P"] or [buttons[0][0]]
        q = query_of(url) | {"moves": good[0]}
        url = game + "?" + "&".join(f"{k}={v}" for k, v in q.items())
    raise AssertionError("the game did not end")


# Every practice game's own start, and a few more; each is an N-position (checked below).
N_STARTS = sorted({(key, spec.start) for key, spec in ARENAS.items()} | {
    ("nim", "3,4,6"), ("bash", "10"), ("misere-nim", "2,3")})


def test_the_starts_are_n_positions():
    for game, start in N_STARTS:
        arena = ARENAS[game].arena()
        assert arena.outcome(arena.parse(start)) == "N", (game, start)


@pytest.mark.parametrize("game, start", N_STARTS)
def test_a_learner_following_the_hints_beats_the_computer(client, game, start):
    assert "You win!" in winning_history(client, f"/play/{game}?start={start}&hints=1")


@pytest.mark.parametrize("game, start", N_STARTS)
def test_the_computer_wins_from_an_n_position_it_starts_in(client, game, start):
    # without hints the learner just takes the first move listed each time
    page = winning_history(client, f"/play/{game}?start={start}&first=computer")
    assert "The computer wins." in page
    assert "You never had a winning position" in page or "where the win slipped away" in page


def test_a_slip_is_marked_when_the_computer_wins(client):
    # (3, 4, 6) is N; taking 1 from heap 1 leaves (2, 4, 6), which is P? 2^4^6 = 0: a good move.
    # Taking 3 from heap 1 leaves (0, 4, 6), N: a slip the log should mark.
    page = winning_history(client, "/play/nim?start=3,4,6&moves=0,4,6")
    assert "The computer wins." in page and 'class="by-you slip"' in page and "A slip" in page


def test_undo_and_restart_links(client):
    r = client.get("/play/nim?start=3,4,5&moves=1,4,5", follow_redirects=True)
    page = text(r)
    undo = re.search(r'<a href="([^"]+)" hx-get="[^"]+" hx-target="#play" hx-swap="outerHTML" class="button-link">↶ Undo', page)
    assert undo is not None
    assert "moves" not in query_of(undo.group(1).replace("&amp;", "&"))


@pytest.mark.parametrize("url, message", [
    ("/play/nim?start=3,4,5&moves=3,4,9", "move 1 is not legal"),
    ("/play/nim?start=3,4,5&moves=1,4,5/1,4,5", "move 2 is not legal"),
    ("/play/nim?start=3,x", "whole number"),
    ("/play/nim?start=15,15,15,15,15", "make the heaps smaller or fewer"),
    ("/play/nim?start=3&first=nobody", "who moves first"),
    ("/play/bash?m=0&start=5", "m (take 1 to m)"),
    ("/play/subtraction?set=1,,3&start=5", "whole number"),
    ("/play/wythoff?start=3", "two numbers"),
    ("/play/kiki?start=0x5", "at least 1 row"),
    ("/play/nim?start=" + "1," * 200, "at most 200 characters"),
])
def test_bad_games_get_a_message_and_400(client, url, message):
    r = client.get(url)
    assert r.status_code == 400
    assert message in text(r)
    assert "Start a fresh game" in text(r)


def test_an_unknown_game_is_404(client):
    r = client.get("/play/chess")
    assert r.status_code == 404 and "nim" in text(r)


def test_hints_colour_exactly_the_winning_moves(client):
    page = text(client.get("/play/nim?start=3,4,5&hints=1"))
    winning = re.findall(r'class="move leads-P"', page)
    assert len(winning) == 1  # (3,4,5): only take 2 from heap 1
    assert "SG = 2" in page


def test_a_random_start_redirects_to_a_concrete_position(client):
    r = client.get("/play/wythoff?random=1")
    assert r.status_code == 303 and re.search(r"start=\d+,\d+", r.headers["Location"])


def test_play_works_without_javascript_the_moves_are_a_plain_form(client):
    page = text(client.get("/play/nim?start=1,2"))
    assert '<form class="game-moves" action="/play/nim" method="get"' in page


# ------------------------------------------------------------------ quiz


class _Skeleton(HTMLParser):
    """The page with the drawn position left out: tags, attributes and text, minus digits."""

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        if self.skip or (tag == "div" and "position" in classes.split()) or "q-position-text" in classes:
            self.skip += tag not in ("input", "br", "img")
            return
        self.out.append(f"<{tag} {sorted(attrs)}>")

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1
            return
        self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)

    def skeleton(self) -> str:
        # numbers (and lists of them, like a set S of any size) are the rule's and the position's
        return re.sub(r"#(, #)+", "#", re.sub(r"\d+", "#", "".join(self.out)))


def card(html: str) -> str:
    start = html.index('<section class="quiz-card"')
    return html[start : html.index("</section>", start) + len("</section>")]


@pytest.mark.parametrize("game", list(ARENAS))
def test_the_question_page_does_not_depend_on_the_answer(client, game):
    """P- and N-questions (and D, where a game can be drawn) of one game and level render alike
    once the position itself is left out: nothing else on the page can carry the answer."""
    for level in LEVELS:
        skeletons: dict[str, set[str]] = {answer: set() for answer in ARENAS[game].answers}
        for seed in range(30):
            url = f"/quiz/q?game={game}&level={level}&seed={seed}"
            html = card(text(client.get(url, headers={"HX-Request": "true"})))  # the card alone: what htmx swaps
            if seed == 0:  # and the page around it holds that same card
                assert card(text(client.get(url))) == html
            parser = _Skeleton()
            parser.feed(html)
            skeletons[question(game, level, seed).verdict()].add(parser.skeleton())
            assert not re.search(r"is-[PND]\b|(?<!Every-)SG|P-position|N-position", html)  # "Every-SG" names a game
        assert all(skeletons.values()), skeletons.keys()
        assert len(set(map(frozenset, skeletons.values()))) == 1 and len(skeletons["P"]) == 1


def test_a_question_without_a_seed_gets_one(client):
    r = client.get("/quiz/q?game=bash&level=2")
    assert r.status_code == 303 and re.search(r"seed=\d+", r.headers["Location"])


@pytest.mark.parametrize("url, message", [
    ("/quiz/q?game=chess&level=1&seed=1", "no quiz for"),
    ("/quiz/q?game=nim&level=4&seed=1", "level is 1, 2 or 3"),
    ("/quiz/q?game=nim&level=1&seed=-3", "seed must be a whole number"),
    ("/quiz/q?game=nim&level=1&seed=12345678901", "seed is too large"),
    ("/quiz/q?game=nim&level=1&seed=1000000000", "from 0 to 999,999,999"),
])
def test_bad_questions_get_a_message_and_400(client, url, message):
    r = client.get(url)
    assert r.status_code == 400 and message in text(r)


def answer(client, game, level, seed, says):
    return client.post("/quiz/answer", data={"game": game, "level": level, "seed": seed, "says": says})


def test_answering_scores_and_explains(client):
    q = question("nim", 1, 3)
    truth = q.outcome()
    r = answer(client, "nim", 1, 3, truth)
    page = text(r)
    assert r.status_code == 200 and "Right." in page and "⊕" in page
    # the lesson's own visual: at once for a P-position, after a move for an N-position (it shows the move)
    assert ('data-widget="xor-columns"' in page) == (truth == "P")
    assert "/lessons/nim#the-theorem" in page
    wrong = "P" if truth == "N" else "N"
    page = text(answer(client, "nim", 1, 4 if question("nim", 1, 4).outcome() != wrong else 5, wrong))
    index = text(client.get("/quiz"))
    assert "1 right of 2; streak 0 (best 1)" in index


def test_answering_the_same_question_twice_counts_once(client):
    answer(client, "bash", 1, 9, "P")
    page = text(answer(client, "bash", 1, 9, "P"))
    assert "Already answered" in page
    assert "of 1" in text(client.get("/quiz"))


def test_an_answered_question_shows_its_answer_at_its_own_address_in_either_language(client):
    """Switching language on an answered quiz card went back to the unanswered question (the card
    is a POST's answer): the question's address now shows what this browser answered, in the
    language asked for, counted once, with the move step open again."""
    q = question("nim", 1, 3)
    truth = q.outcome()
    address = "/quiz/q?game=nim&level=1&seed=3"
    assert "quiz-answer" in text(client.get(address))  # not answered yet: the question
    answer(client, "nim", 1, 3, truth)
    for prefix, right in (("/zh", "答对了。"), ("", "Right.")):
        page = text(client.get(prefix + address))
        assert "quiz-answer" not in page and right in page, prefix
        assert "Already answered" not in page and "不再计分" not in page
        assert ("quiz-move" in page) == (truth == "N")  # an N-position's move is still to find
    other = "/quiz/q?game=nim&level=1&seed=4"
    assert "quiz-answer" in text(client.get(other))  # another question is asked as ever
    answer(client, "nim", 1, 4, "P" if question("nim", 1, 4).outcome() == "N" else "N")  # wrongly
    assert "Not quite." in text(client.get(other)) and "不对。" in text(client.get("/zh" + other))
    assert "1 right of 2" in text(client.get("/quiz"))  # each counted once, however often shown


def seed_with(game: str, level: int, outcome: str) -> int:
    return next(s for s in range(100) if question(game, level, s).outcome() == outcome)


@pytest.mark.parametrize("game", list(ARENAS))
def test_finding_a_winning_move(client, game):
    from grundy.practice.quiz import winning_moves

    seed = seed_with(game, 1, "N")
    q = question(game, 1, seed)
    page = text(answer(client, game, 1, seed, "N"))
    assert re.search(r"Now find a winning (move|turn)", page)
    good = q.arena.format(winning_moves(q)[0].after)
    r = client.post("/quiz/move", data={"game": game, "level": 1, "seed": seed, "after": good})
    assert r.status_code == 200 and "A winning move." in text(r)
    # the lesson's widget, where the game's spec names one (misère Nim has none: Nim's would name
    # Nim's moves; kiki's grid stops at 24)
    assert ('class="quiz-visual"' in text(r)) == (q.arena.spec.visual(q.arena, q.position) is not None)
    if game == "misere-nim" or (game == "kiki" and max(q.position[0]) > 24):
        assert 'class="quiz-visual"' not in text(r)


def test_a_losing_move_is_explained_and_an_illegal_one_is_400(client):
    seed = seed_with("nim", 1, "N")
    q = question("nim", 1, seed)
    losing = next(m for m in q.arena.moves(q.position) if q.arena.outcome(m.after) == "N")
    answer(client, "nim", 1, seed, "N")
    r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": q.arena.format(losing.after)})
    page = text(r)
    assert r.status_code == 200 and "does not win" in page and "Stuck? Show the winning moves" in page
    # the opponent's refutation: a reply from the learner's position to a P-position, and a retry
    reply = q.arena.winning_moves(losing.after, 1)[0]
    assert "Your opponent’s answer:" in page and f"<code>{q.arena.format(reply.after)}</code>, a P-position" in page
    assert "Try another move" in page and 'class="quiz-move"' in page and "Only your first move counts" in page
    winning = q.arena.winning_moves(q.position, 1)[0]
    r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": q.arena.format(winning.after)})
    again = text(r)
    assert "A winning move." in again and "Already tried: not counted again" in again and "Try another move" not in again
    with client.session_transaction() as session:
        assert session["scores"]["nim"]["moves"] == 1 and session["scores"]["nim"]["moves_right"] == 0
    bigger = ",".join(str(h + 1) for h in q.position)
    r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": bigger})
    assert r.status_code == 400 and "exactly one heap" in text(r)
    r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": "lots"})
    assert r.status_code == 400 and "whole number" in text(r)


def test_a_marble_moved_onto_a_home_line_is_an_instant_loss(client):
    seed = next(s for s in range(500) if (q := question("marbles", 1, s)).outcome() == "N" and len(q.position) == 1
                and 0 not in q.position[0] and q.position[0][0] != q.position[0][1])
    q = question("marbles", 1, seed)
    onto = next(m for m in q.arena.moves(q.position) if m.after[0] != (0, 0) and 0 in m.after[0])
    answer(client, "marbles", 1, seed, "N")
    page = text(client.post("/quiz/move", data={"game": "marbles", "level": 1, "seed": seed,
                                                "after": q.arena.format(onto.after)}))
    assert "does not win" in page and "can go to (0, 0) in one move" in page
    assert "your opponent moved a marble onto (0, 0) and won" in page and "an instant loss" in page


def test_bomb_and_marbles_feedback_name_lesson_8s_patterns() -> None:
    from grundy.practice.games import SPECS

    bomb, marbles, kiki = (SPECS[k].arena() for k in ("bomb", "marbles", "kiki"))
    assert "row 2 is all 0s" in bomb.reason(((2, 30),)) and "P" in bomb.reason(((2, 30),))
    assert "diagonal is all 1s" in bomb.reason(((9, 9),))
    assert "Nim heap of 6" in bomb.reason(((1, 7),))
    assert "comes from the search: SG(17,8) = 27" in bomb.reason(((17, 8),))
    assert "the pair holding 12 is (12, 20), not (12, 21)" in marbles.reason(((12, 21),))
    assert "one of them, so the position is P" in marbles.reason(((20, 12),))
    assert "d = 8 cells below it and l = 5 to its left" in kiki.reason(kiki.parse("9x6"))


def test_a_p_position_has_no_move_step(client):
    seed = seed_with("kiki", 1, "P")
    page = text(answer(client, "kiki", 1, seed, "P"))
    assert "Now find a winning move" not in page and "Next question" in page
    r = client.post("/quiz/move", data={"game": "kiki", "level": 1, "seed": seed, "after": "1x1"})
    assert r.status_code == 400 and "no winning move to find" in text(r)


def test_a_bad_answer_is_400(client):
    r = answer(client, "nim", 1, 1, "maybe")
    assert r.status_code == 400 and "answer with P" in text(r)


def test_the_score_cookie_is_signed_and_a_tampered_one_is_rejected(app, client):
    answer(client, "nim", 1, 3, question("nim", 1, 3).outcome())
    cookie = client.get_cookie("session")
    assert cookie is not None
    value = cookie.value
    # Flip a character of the payload: the signature no longer matches.
    forged = value[:5] + ("A" if value[5] != "A" else "B") + value[6:]
    client.set_cookie("session", forged)
    r = client.get("/quiz")
    page = text(r)
    assert r.status_code == 200 and "could not be verified" in page
    assert "right of" not in page  # the score starts again from zero
    # the bad cookie is replaced: the next page says nothing more
    assert "could not be verified" not in text(client.get("/quiz"))


def test_a_signed_cookie_with_a_foreign_shape_is_rejected(app, client):
    with client.session_transaction() as s:
        s["scores"] = {"nim": {"asked": "lots"}}
    page = text(client.get("/quiz"))
    assert "could not be verified" in page


def test_htmx_answers_swap_the_card_and_keep_the_question_url(client):
    r = client.post("/quiz/answer", data={"game": "nim", "level": 1, "seed": 3, "says": "N"}, headers={"HX-Request": "true"})
    assert text(r).lstrip().startswith('<section class="quiz-card"')
    assert r.headers["HX-Push-Url"] == "false"  # the address bar already shows the question


def test_the_next_question_is_a_fixed_sequence(client):
    page = text(answer(client, "nim", 1, 3, "N"))
    nexts = re.findall(r'href="(/quiz/q\?[^"]+)" hx-get', page)
    assert nexts and "seed=" in nexts[0]
    again = text(answer(client, "nim", 1, 3, "P"))
    assert nexts[0] in again


# ------------------------------------------------------------------ the way in from the lessons


def test_each_practice_games_lesson_links_exist(app):
    catalog = app.extensions["grundy.catalog"]
    for kind in ARENAS.values():
        for slug, anchor in filter(None, (kind.lesson, kind.move_lesson, SUMS_LESSON)):
            lesson = catalog.get(slug)
            assert lesson is not None, slug
            assert not anchor or f'id="{anchor}"' in lesson.html, (slug, anchor)
        assert all(catalog.get(slug) is not None for slug in kind.also_in), kind.also_in


def test_lessons_offer_practice_for_their_games(client):
    page = text(client.get("/lessons/bash-game"))
    assert "/quiz/q?game=bash&amp;level=1" in page and 'href="/play/bash"' in page
    sums = text(client.get("/lessons/sums-of-games"))
    assert "/quiz/q?game=wythoff&amp;level=3" in sums
    first = text(client.get("/lessons/impartial-games"))  # lesson 1 plays Bash's game before lesson 3 names it
    box = first[first.index('class="practice-box"'):]
    assert 'href="/play/bash"' in box and "/quiz/q?game=bash&amp;level=1" in box


# ------------------------------------------------------------------ what the new-user review found


def test_a_hand_edited_url_cannot_make_the_computer_lose(client):
    r = client.get("/play/nim?start=1,2&first=computer&moves=0,2/0,0")
    assert r.status_code == 400 and "move 1 is not the computer" in text(r)


@pytest.mark.parametrize("url, message", [
    ("/play/nim?start=5000&first=computer", "too long for a web page"),
    ("/play/nim?start=255,255", "too long for a web page"),
    ("/play/wythoff?start=140,140", "too long for a web page"),
    ("/play/bash?m=1&start=3000", "more than a link to the game can hold"),
    ("/play/nim?start=", "type a start position"),
    ("/play/bomb?start=5,5", "at most 2 bombs within rows and columns 1 to 4"),
    ("/play/marbles?start=0,x", "whole number"),
])
def test_starts_the_computer_cannot_play_quickly_are_refused_at_once(client, url, message):
    import time

    began = time.perf_counter()
    r = client.get(url)
    assert r.status_code == 400 and message in text(r)
    assert time.perf_counter() - began < 2  # refused before any search


def test_a_default_start_is_written_into_the_url(client):
    r = client.get("/play/kiki")
    assert r.status_code == 303 and "start=6x7" in r.headers["Location"]


def test_a_get_to_an_answer_url_goes_back_to_the_question(client):
    r = client.get("/quiz/answer?game=nim&level=2&seed=4")
    assert r.status_code == 303 and r.headers["Location"].endswith("/quiz/q?game=nim&level=2&seed=4")


def test_a_question_without_a_level_starts_at_level_1(client):
    r = client.get("/quiz/q?game=kiki")
    assert r.status_code == 303 and "level=1" in r.headers["Location"]


def test_wythoff_piles_may_be_written_either_way_round(client):
    seed = next(s for s in range(100) if question("wythoff", 1, s).outcome() == "N")
    q = question("wythoff", 1, seed)
    from grundy.practice.quiz import winning_moves

    x, y = winning_moves(q)[0].after[0]
    answer(client, "wythoff", 1, seed, "N")
    r = client.post("/quiz/move", data={"game": "wythoff", "level": 1, "seed": seed, "after": f"{y},{x}"})
    assert r.status_code == 200 and "A winning move." in text(r)


def test_misere_nim_game_over_says_who_won_and_why(client):
    page = winning_history(client, "/play/misere-nim?start=1,2,4&hints=1")
    assert "You win!" in page and "No coins are left" in page
    assert "whoever takes the last coin loses; whoever" not in page


def test_the_first_answer_does_not_name_the_winning_move(client):
    """Step two asks for a winning move, so step one's explanation must not give it away."""
    seed = next(s for s in range(100) if question("bash", 1, s).outcome() == "N")
    q = question("bash", 1, seed)
    from grundy.practice.quiz import winning_moves

    move = winning_moves(q)[0]
    page = text(answer(client, "bash", 1, seed, "N"))
    assert "some move leaves a multiple" in page and f"{move.label} to leave" not in page
    r = client.post("/quiz/move", data={"game": "bash", "level": 1, "seed": seed, "after": q.arena.format(move.after)})
    assert f"{move.label} to leave" in text(r)  # after the move, the full reason


# ------------------------------------------------------------------ what the second review found


def test_a_typed_move_may_list_the_components_in_any_order():
    from grundy.practice.games import make_arena
    from grundy.practice.quiz import Question, check_move

    arena = make_arena("marbles")
    q = Question("marbles", 3, 0, arena, arena.parse("5,1;8,2;8,1"))
    assert check_move(q, "5,1;7,1;8,1").move is not None
    reordered = check_move(q, "5,1;8,1;7,1")
    assert reordered.move is not None and reordered.move.component == 1 and reordered.wins == check_move(q, "5,1;7,1;8,1").wins


@pytest.mark.parametrize("url", ["/play/marbles?start=0,0;3,4", "/play/bomb?start=1,1", "/play/bomb?start=2,2;2,2"])
def test_a_start_with_no_move_is_refused(client, url):
    r = client.get(url)
    assert r.status_code == 400 and "no move to make" in text(r)


def test_marbles_end_when_a_marble_reaches_home(client):
    page = winning_history(client, "/play/marbles?start=5,8;2,7&hints=1")
    assert "You win!" in page and "You moved a marble onto (0, 0)." in page and "no move left" not in page


def test_bomb_games_end_with_a_reason_for_the_empty_board(client):
    page = winning_history(client, "/play/bomb?start=3,4;2,2&hints=1")
    assert "You win!" in page and "No bombs are left" in page and "SG values:  =" not in page


def test_bomb_rows_start_at_1_and_an_unchanged_position_is_named(client):
    r = client.get("/play/bomb?start=0,3")
    assert r.status_code == 400 and "from 1 to 60" in text(r)
    seed = next(s for s in range(100) if question("bomb", 1, s).outcome() == "N")
    q = question("bomb", 1, seed)
    answer(client, "bomb", 1, seed, "N")
    r = client.post("/quiz/move", data={"game": "bomb", "level": 1, "seed": seed, "after": q.position_text})
    assert r.status_code == 400 and "as it stands" in text(r)


@pytest.mark.parametrize("url", ["/quiz/q?game=nim&endpoint=x", "/quiz/q?_method=POST", "/quiz/q?game=nim&_external=1",
                                 "/quiz/answer?game=nim&level=1&seed=3&endpoint=x", "/play/nim?start=3,4,5&endpoint=x&first=computer"])
def test_query_keys_that_url_for_reserves_stay_data(client, url):
    """A URL's own endpoint, _method or _external is never handed to url_for as a keyword (that
    was a 500, or an absolute Location built from a forged Host)."""
    r = client.get(url)
    assert r.status_code in (200, 303), r.status_code
    if r.status_code == 303:
        assert r.headers["Location"].startswith("/")


def test_a_move_cannot_be_checked_before_the_outcome_is_answered(client):
    """Posting a move first used to say "this position is P" or list the winning moves: a script
    scored 39 of 39 knowing nothing. Now the move step waits for the answer, and a wrong move's
    message names no winning move."""
    for outcome in ("P", "N"):
        seed = seed_with("nim", 1, outcome)
        q = question("nim", 1, seed)
        r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": "0"})
        page = text(r)
        assert r.status_code == 400 and "first say whether" in page
        assert "is P" not in page and "The winning moves" not in page and "Stuck?" not in page
    seed = seed_with("nim", 1, "N")
    q = question("nim", 1, seed)
    answer(client, "nim", 1, seed, "N")
    r = client.post("/quiz/move", data={"game": "nim", "level": 1, "seed": seed, "after": "99,99,99"})
    assert r.status_code == 400 and "Stuck?" not in text(r)
    from grundy.practice.quiz import winning_moves

    for m in winning_moves(q):
        assert f"<code>{q.arena.format(m.after)}</code>" not in text(r)


def test_a_post_from_another_site_is_refused(client):
    data = {"game": "nim", "level": 1, "seed": 3, "says": "N"}
    assert client.post("/quiz/answer", data=data, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.post("/quiz/answer", data=data, headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.post("/quiz/answer", data=data, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200


def test_the_session_cookie_is_samesite_lax_and_http_only(client):
    r = answer(client, "nim", 1, 3, "N")
    cookie = next(c for c in r.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


@pytest.mark.parametrize("score", [
    {"asked": 1, "right": 999, "streak": 0, "best": 0, "moves": 0, "moves_right": 0},
    {"asked": True, "right": False, "streak": 0, "best": 0, "moves": 0, "moves_right": 0},
    {"asked": 5, "right": 5, "streak": 9, "best": 3, "moves": 0, "moves_right": 0},
])
def test_a_signed_cookie_of_the_wrong_shape_is_treated_as_tampered(client, score):
    with client.session_transaction() as s:
        s["scores"] = {"nim": score}
    r = client.get("/quiz")
    assert r.status_code == 200 and "999 of 1" not in text(r)
    with client.session_transaction() as s:
        assert "scores" not in s or s["scores"].get("nim") != score


def test_the_key_file_is_made_whole_once_and_an_empty_one_is_replaced(tmp_path, monkeypatch):
    from grundy.web.scores import secret_key

    monkeypatch.delenv("GRUNDY_SECRET_KEY", raising=False)
    first = secret_key(tmp_path)
    assert len(first) == 64 and secret_key(tmp_path) == first  # every worker reads the same key
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no temporary file left behind
    (tmp_path / "secret_key").write_text("")  # what a crash between create and write used to leave
    again = secret_key(tmp_path)
    assert len(again) == 64 and (tmp_path / "secret_key").read_text() == again


def test_misere_nim_is_taught_in_lesson_9_and_linked_both_ways(client: FlaskClient) -> None:
    """Its quiz feedback and play page say where it is taught; lesson 9's Practise box offers them."""
    link = 'href="/lessons/misere#misère-nim">Lesson 9: Misère play</a>'
    assert link in client.get("/play/misere-nim?start=1,2,4").text
    answered = client.post("/quiz/answer", data={"game": "misere-nim", "level": "1", "seed": "3", "says": "N"})
    assert link in answered.text and "Lesson 3" not in answered.text
    lesson = client.get("/lessons/misere").text
    box = lesson[lesson.index('class="practice-box"'):]
    assert "Misère Nim" in box and "/quiz/q?game=misere-nim" in box and "/play/misere-nim" in box


def test_a_quiz_whose_visual_is_a_plot_loads_plotly(client):
    wythoff = text(client.get(f"/quiz/q?game=wythoff&level=1&seed={seed_with('wythoff', 1, 'N')}"))
    assert "<script defer src=\"/static/vendor/plotly/plotly-cartesian.min.js" in wythoff
    nim = text(client.get(f"/quiz/q?game=nim&level=1&seed={seed_with('nim', 1, 'N')}"))
    assert "<script defer src=\"/static/vendor/plotly/plotly-cartesian.min.js" not in nim


def test_a_coin_turning_move_reads_as_a_sentence(client):
    """The buttons group a Mock Turtles move under "coin 5 to tails"; a sentence says the whole
    move ("turned over coins 0, 2"), not "and 0 from coin 2 to tails"."""
    page = client.get("/play/mock-turtles?start=THHTHH&first=computer&moves=HHTTHH").get_data(as_text=True)
    assert "The computer turned over coins 0, 2." in page and " from coin " not in page
