"""Routes for practice: /play (a game against the computer) and /quiz (self-quizzes).

Both answer htmx with the fragment they change and everyone else with a whole page, so they work
with JavaScript off. A game's whole state is in its URL; a quiz question is its (game, level, seed)
and the answer is worked out only when an answer is posted. Scores live in the signed session
cookie (see :mod:`grundy.web.scores`).
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from urllib.parse import urlencode
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from markupsafe import Markup

from grundy.games.core import GameError
from grundy.games.graph import Analysis
from grundy.i18n import _
from grundy.practice import play as play_mod
from grundy.practice import quiz as quiz_mod
from grundy.practice.arena import Arena, Position
from grundy.practice.every import PICKS, EveryArena
from grundy.practice.games import SPECS
from grundy.practice.games.spec import RULES_LESSON
from grundy.web import scores
from grundy.web.lessons import find_lesson
from grundy.web.respond import fragment_or_page, is_fragment_request
from grundy.games.family import refuse_foreign_digits
from grundy.marks import quoted
from grundy.numerals import is_negative, is_numeral, read_whole, typed_fields
from grundy.web.widgets import render_widget
from grundy.widgets import WIDGETS
from grundy.widgets.graph_svg import Drawing, draw
from grundy.words import error_message

bp = Blueprint("practice", __name__)


def _respond(page: str, fragment: str, status: int = 200, push: str | None = None, **context: Any) -> Response:
    """The fragment for htmx, else the page around it; ``push`` is the URL htmx shows."""
    return fragment_or_page(lambda: render_template(fragment, **context), lambda _body: render_template(page, **context),
                            status=status, push=push)


def _url(endpoint: str, query: Mapping[str, str], **values: Any) -> str:
    """``endpoint``'s URL with ``query`` as its query string. Query keys are never passed to
    url_for as keywords: a URL's own ``endpoint``, ``_external`` or ``_method`` must stay data."""
    base = url_for(endpoint, **values)
    return f"{base}?{urlencode(query, safe=',/;:')}" if query else base  # positions stay readable


def _lesson_link(slug_anchor: tuple[str, str] | None) -> dict[str, str] | None:
    """The URL and title of a lesson section, for "learn why" links."""
    if slug_anchor is None:
        return None
    slug, anchor = slug_anchor
    lesson, _stand_in = find_lesson(slug)  # in the reader's language where it is written
    if lesson is None:
        return None
    return {"url": url_for("lessons.lesson", slug=slug) + (f"#{anchor}" if anchor else ""),
            "title": _("Lesson %(number)s: %(title)s", number=lesson.number, title=lesson.title)}


# Chinese runs on without spaces: where words are joined from several messages (a move and where
# it was made, two sentences), a space between two Chinese characters (tags between them aside),
# or next to Chinese punctuation, is taken out. Latin letters and numbers keep their spaces next
# to Chinese ("从堆 2 取走 3 个"), and English, which has none of these characters, is untouched.
_HAN = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
_STOP = "，。：；！？、）」』”"
_OPEN = "（「『“"
_TAGS = "(?:<[^>]+>)*"
_LOOSE = re.compile(f"(?<=[{_HAN}])({_TAGS})\\s+({_TAGS})(?=[{_HAN}])|(?<=[{_STOP}])({_TAGS})\\s+|\\s+({_TAGS})(?=[{_STOP}{_OPEN}])")


def tidy(text: str) -> str:
    """Words joined from several messages, with the spaces Chinese does not write taken out."""
    tidied = _LOOSE.sub(lambda m: "".join(g or "" for g in m.groups()), str(text))
    return Markup(tidied) if isinstance(text, Markup) else tidied


def no_full_stop(text: str) -> str:
    """A message without its closing Chinese full stop, where a sentence around it ends it."""
    stripped = str(text).rstrip().removesuffix("。")
    return Markup(stripped) if isinstance(text, Markup) else stripped


def notation(text: str) -> Markup:
    """A position written out in a sentence ("THHTH", "row5"): notation, not words to translate."""
    return Markup('<span translate="no">{}</span>').format(text)


def graph_drawing(analysis: Analysis, tokens: list[int], reveal: bool = False) -> Drawing:
    """A game graph as the widget draws it (grundy.widgets.graph_svg), for a picture of a
    position: its outcomes hidden until ``reveal`` (a question must not answer itself), the
    token outlined where there is one."""
    hidden = None if reveal else [False] * len(analysis.graph.names)
    return draw(analysis, uid="practice-graph", shown=hidden, current=tokens[0] if len(tokens) == 1 else None,
                label=_("The graph of the game"))


bp.add_app_template_filter(tidy, "tidy")
bp.add_app_template_filter(graph_drawing, "graph_drawing")
bp.add_app_template_filter(notation, "notation")
bp.add_app_template_filter(no_full_stop, "no_full_stop")


# ------------------------------------------------------------------ play


@bp.get("/play")
def play_index() -> str:
    games = [(key, spec, spec.start) for key, spec in SPECS.items()]
    return render_template("practice/play_index.html", games=games)


@bp.get("/play/<game>")
def play(game: str) -> Response:
    if game not in SPECS:
        abort(404, _("There is no game called %(game)s to play; choose one of %(games)s.", game=quoted(game, 40),
                     games=", ".join(SPECS)))
    args = typed_fields(request.args.to_dict())  # as typed on a phone: ５，０，５ is 5,0,5
    # A drawn or default start is made explicit in the URL, so a reload replays the same game.
    implicit_start = "random" in args or args.get("start", "random").strip() == "random"
    # An every-SG turn chosen in the form: the URL must say so (another game has no such form)
    picked = issubclass(SPECS[game].arena_type, EveryArena) and any(key in args for key in PICKS)
    if "random" in args:
        args["start"] = "random"
    try:
        refuse_foreign_digits(args)
        state = play_mod.parse(game, args)
        replied = state.reply()
    except GameError as error:
        return _respond("practice/play.html", "practice/_play.html", 400, None,
                        **_play_context(game, args, None, error_message(error)))
    url = _url("practice.play", replied.query(), game=game)
    if replied is not state or implicit_start or picked:
        if not is_fragment_request():  # the computer moved (or a start was drawn): the URL must say so
            return redirect(url, code=303)  # type: ignore[return-value]
    return _respond("practice/play.html", "practice/_play.html", 200, url,
                    **_play_context(game, args, replied, None))


def _play_context(game: str, args: Mapping[str, str], state: play_mod.GameState | None, error: str | None) -> dict[str, Any]:
    try:
        arena: Arena | None = state.arena if state else SPECS[game].arena(args)
    except GameError:
        arena = None
    spec = SPECS[game]
    context: dict[str, Any] = {
        "game": game, "kind": spec, "arena": arena, "state": state, "error": error,
        "form": {k: args.get(k, "") for k in (*spec.rule_keys, "start", "first", "hints")},
        "lesson": _lesson_link(spec.lesson),
        "default_start": spec.start,
    }
    if error is not None:
        context["form"]["start"] = args.get("start", spec.start)
        return context
    assert state is not None
    context["form"]["start"] = state.arena.format(state.start)

    def url(**changes: object) -> str:
        return _url("practice.play", state.query(**changes), game=game)

    context.update(
        url=url,
        moves=_annotated_moves(state) if not state.computer_to_move and not state.over and not state.arena.every_turn else [],
        turn_games=_turn_games(state) if state.arena.every_turn and not state.computer_to_move and not state.over else [],
        turns=state.turns(),
        grundy=_safe_grundy(state.arena, state.position) if state.hints else None,
        outcome=state.arena.verdict(state.position),
        reason=state.arena.reason(state.position) if state.hints or state.over else None,
        components=list(enumerate(state.position)),
        taught=_taught_note(state),
    )
    return context


def _taught_note(state: play_mod.GameState) -> str | None:
    """What the computer says of its last move, where it played the strategy the lesson teaches."""
    note = state.arena.spec.taught_note
    turns = state.played
    if note is None or not turns or state.computer_to_move:
        return None
    before = state.afters[-2] if len(state.afters) > 1 else state.start
    earlier = (state.afters[-3] if len(state.afters) > 2 else state.start) if len(state.afters) > 1 else None
    return note(state.arena, before, turns[-1], earlier)


def _safe_grundy(arena: Arena, position: Position) -> int | None:
    try:
        return arena.grundy(position)
    except GameError:
        return None  # too large for an SG search (the outcome still has a closed form)


def _annotated_moves(state: play_mod.GameState) -> list[dict[str, Any]]:
    """The learner's moves grouped by component, each with the history it would make and (for
    hints) the outcome and SG value of where it leads."""
    groups: dict[tuple[int, str], list[dict[str, Any]]] = {}
    history = state.afters
    for m in state.moves():
        entry: dict[str, Any] = {
            "label": state.arena.button(m),
            "moves": "/".join(state.arena.format(p) for p in history + (m.after,)),
        }
        if state.hints:
            entry["outcome"] = state.arena.verdict(m.after)
            entry["sg"] = _safe_grundy(state.arena, m.after)
        groups.setdefault((m.component, m.group), []).append(entry)
    return [{"component": c, "group": g, "moves": ms} for (c, g), ms in groups.items()]


def _turn_games(state: play_mod.GameState) -> list[dict[str, Any]]:
    """An every-SG turn's choices, game by game: each unfinished game's moves (the radio value is
    the game's new value), with the outcome, the step count, and for hints the strategy's move."""
    arena = state.arena
    assert isinstance(arena, EveryArena)
    position = state.position
    chosen = {p.component: p.after for p in arena.strategy(position).parts} if state.hints else {}
    games: list[dict[str, Any]] = []
    for i, c in enumerate(position):
        options = [{"label": m.label, "value": arena.format_component(m.after[0]),
                    "outcome": arena.family.outcome(m.after[0]), "steps": arena.steps(m.after[0]),
                    "chosen": chosen.get(i) == m.after} for m in arena.moves(position) if m.component == i]
        games.append({"index": i, "text": arena.format_component(c), "name": PICKS[i], "options": options,
                      "outcome": arena.family.outcome(c), "steps": arena.steps(c)})
    return games


# ------------------------------------------------------------------ quiz


def _int_arg(args: Mapping[str, str], name: str, label: str) -> int:
    raw = args.get(name, "").strip()
    value = read_whole(raw, max_digits=10)
    if value is None:
        if is_numeral(raw):
            raise GameError(_("%(what)s is too large; got %(got)s…", what=label, got=raw[:20]), "number-too-large")
        if is_negative(raw):
            raise GameError(_("%(what)s must be a whole number ≥ 0; got %(got)s", what=label, got=raw[:20]), "negative")
        raise GameError(_("%(what)s must be a whole number; got %(got)s", what=label, got=quoted(raw, 20)), "not-a-whole-number")
    return value


def _question(args: Mapping[str, str]) -> quiz_mod.Question:
    """The question a query or form names: its fields as typed (grundy.numerals.typed), a digit
    of another script refused with why."""
    refuse_foreign_digits({key: args.get(key, "") for key in ("game", "level", "seed")})
    game = args.get("game", "nim")
    return quiz_mod.question(game, _int_arg(args, "level", _("the level")), _int_arg(args, "seed", _("the seed")))


def next_seed(seed: int) -> int:
    """The next question's seed: a fixed sequence, so a class can step through the same questions."""
    return (seed * 69069 + 1) % (quiz_mod.MAX_SEED + 1)


@bp.get("/quiz")
def quiz_index() -> str:
    book = scores.load()
    return render_template("practice/quiz_index.html", arenas=SPECS, book=book,
                           rejected=scores.rejected())


@bp.get("/quiz/answer")
@bp.get("/quiz/move")
def quiz_back_to_question() -> Response:
    """Answers are posted; a GET here (a bookmark, Back with JavaScript off) goes to the question."""
    args = {k: v for k, v in request.args.items() if k in ("game", "level", "seed")}
    return redirect(_url("practice.quiz_question", args), code=303)  # type: ignore[return-value]


@bp.get("/quiz/q")
def quiz_question() -> Response:
    args = typed_fields(request.args.to_dict())  # as typed on a phone
    args.setdefault("level", "1")
    if "seed" not in args:
        args["seed"] = str(secrets.randbelow(quiz_mod.MAX_SEED + 1))
        kept = {k: v for k, v in args.items() if k in ("game", "level", "seed")}
        return redirect(_url("practice.quiz_question", kept), code=303)  # type: ignore[return-value]
    try:
        q = _question(args)
    except GameError as error:
        return _respond("practice/quiz.html", "practice/_quiz_card.html", 400, None, **_quiz_context(None, error=error_message(error)))
    # A question this browser has answered shows its answer again (the twin page after a language
    # switch, Back, a reload), counted as it was the first time; its move step is open again.
    says = scores.said(_score_tag(q))
    answer = feedback(q, says, q.verdict(), True, reveal=False) if says else {}
    return _respond("practice/quiz.html", "practice/_quiz_card.html", 200, _question_url(q), **_quiz_context(q, **answer))


def _score_tag(q: quiz_mod.Question) -> str:
    """How the score book names a question (its steps' tags are made from it)."""
    return f"{q.game}:{q.level}:{q.seed}"


def _question_url(q: quiz_mod.Question) -> str:
    return url_for("practice.quiz_question", game=q.game, level=q.level, seed=q.seed)


def _quiz_context(q: quiz_mod.Question | None, **extra: Any) -> dict[str, Any]:
    context: dict[str, Any] = {"q": q, "error": None, "stage": "ask", "book": scores.load(), "rejected": scores.rejected(),
                               "arenas": SPECS}
    if q is not None:
        context.update(
            arena=q.arena, position=q.position, components=list(enumerate(q.position)),
            next_url=url_for("practice.quiz_question", game=q.game, level=q.level, seed=next_seed(q.seed)),
            question_url=_question_url(q), needs_plotly=_visual_draws_figure(q.arena, q.position),
            values_lesson=_lesson_link(q.arena.spec.values_lesson),
            play_url=_url("practice.play", q.arena.rule_query() | (
                {} if q.arena.unplayable(q.position) else {"start": q.position_text}), game=q.game),
        )
    context.update(extra)
    return context


@bp.post("/quiz/answer")
def quiz_answer() -> Response:
    """Step one: the learner said P or N (or D, where the game can be drawn). Only now is the outcome computed."""
    form = typed_fields(request.form.to_dict())
    try:
        q = _question(form)
        says = form.get("says", "")
        if says not in q.arena.spec.answers:
            raise GameError(_("answer with P (losing for the player to move), N (winning) or D (a draw)") if "D" in q.arena.spec.answers
                            else _("answer with P (losing for the player to move) or N (winning)"), "bad-answer")
    except GameError as error:
        return _respond("practice/quiz.html", "practice/_quiz_card.html", 400, None, **_quiz_context(None, error=error_message(error)))
    truth = q.verdict()
    counted = scores.record_answer(q.game, _score_tag(q), says == truth, says)
    # The address bar already shows the question: pushing it again would double the Back steps.
    return _respond("practice/quiz.html", "practice/_quiz_card.html", 200, None,
                    **_quiz_context(q, **feedback(q, says, truth, counted, reveal=False)))


@bp.post("/quiz/move")
def quiz_move() -> Response:
    """Step two (N-positions only): the learner typed the position their winning move leaves."""
    form = typed_fields(request.form.to_dict())  # ５，２，３ is 5,2,3
    try:
        q = _question(form)
    except GameError as error:
        return _respond("practice/quiz.html", "practice/_quiz_card.html", 400, None, **_quiz_context(None, error=error_message(error)))
    tag = _score_tag(q)
    if not scores.answered(tag):  # the move step must not tell a P from an N before the answer
        not_yet = GameError(_("first say whether this position is winning (N) or losing (P)"), "not-answered")
        return _respond("practice/quiz.html", "practice/_quiz_card.html", 400, None, **_quiz_context(q, error=error_message(not_yet)))
    truth = q.verdict()
    typed = form.get("after", "")
    try:
        if truth == "P":
            raise GameError(_("this position is P: there is no winning move to find"), "no-winning-move")
        if truth == "D":
            raise GameError(_("this position is a draw: there is no winning move to find"), "no-winning-move")
        refuse_foreign_digits({"after": typed})
        verdict = quiz_mod.check_move(q, typed)
        if verdict.move is None:
            raise GameError(verdict.message, "not-a-move")  # said already in the reader's words
    except GameError as error:  # not a move: the step stays open, with the learner's text and why
        # the step stays open and names no winning move: an illegal guess must not buy the answer
        retry = feedback(q, truth, truth, False, reveal=False) | {"stage": "move", "typed": typed, "move_error": error_message(error),
                                                                   "winning": []}
        return _respond("practice/quiz.html", "practice/_quiz_card.html", 400, None, **_quiz_context(q, **retry))
    counted = scores.record_move(q.game, tag, verdict.wins)
    done = feedback(q, truth, truth, False, reveal=True) | {"stage": "moved", "typed": typed, "verdict": verdict,
                                                             "move_counted": counted}
    return _respond("practice/quiz.html", "practice/_quiz_card.html", 200, None, **_quiz_context(q, **done))


def explanation(arena: Arena, position: Position, reveal_move: bool, at: str | None = None) -> tuple[str, tuple[str, str]]:
    """Why ``position`` is P or N, and the lesson section that explains it, said at the level of
    the lesson ``at`` (a slug) the question comes from: the game's own reason (its lesson's SG
    values, XOR, formula) once that lesson is reached, else lesson 2's three rules only (a class
    at lesson 2 asked about a subtraction game is not told of SG values and lesson 6). None:
    the game's own lesson (the quiz, where the question comes from the game)."""
    own = arena.spec.lesson_for(position)
    if at is not None and _lesson_number(at) < _lesson_number(own[0]):
        return arena.spec.rules_reason(arena, position, reveal_move), RULES_LESSON
    return arena.reason(position, reveal_move), own


def _lesson_number(slug: str) -> int:
    lesson, _stand_in = find_lesson(slug)
    return lesson.number if lesson is not None else 0  # a lesson that is not written yet holds nothing back


def feedback(q: quiz_mod.Question, says: str, truth: str, counted: bool, *, reveal: bool, at: str | None = None) -> dict[str, Any]:
    """What follows an answer. Until a move has been tried (``reveal``), nothing names a winning
    move: the second step asks the learner to find one. ``at``: the lesson the question comes
    from (:func:`explanation`)."""
    reason, lesson = explanation(q.arena, q.position, reveal or truth != "N", at)
    return {
        "stage": "answered", "says": says, "truth": truth, "right": says == truth, "counted": counted,
        "reason": reason,
        "visual": _visual(q.arena, q.position),
        "lesson": _lesson_link(lesson),
        "move_lesson": _lesson_link(q.arena.spec.move_lesson),
        "winning": quiz_mod.winning_moves(q) if truth == "N" else [],
    }


def _visual(arena: Arena, position: Position) -> Markup | None:
    """The lesson's own widget for this position, as the game's spec chooses it (the P/N table,
    the period, the XOR columns, the Wythoff plot or the grid; none where it would mislead, such
    as the XOR table for a sum of other games, whose moves are not Nim moves)."""
    chosen = arena.spec.visual(arena, position)
    if chosen is None:
        return None
    name, args = chosen
    rendered = render_widget(WIDGETS[name], args, "quiz-visual", standalone=False)
    return Markup(rendered.html) if rendered.status == 200 else None


def _visual_draws_figure(arena: Arena, position: Position) -> bool:
    """Whether the lesson's widget for this position draws a Plotly figure (the page then loads
    plotly.js before the answer swaps the widget in)."""
    chosen = arena.spec.visual(arena, position)
    return chosen is not None and WIDGETS[chosen[0]].draws_figure
