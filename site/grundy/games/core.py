"""What every impartial game shares: moves, mex, the generic Grundy solver, sums and traces.

A game is anything with an ``options(position)`` method that yields :class:`Move` objects; a
position is any immutable, hashable value. :class:`Solver` computes Grundy values by memoised
search *without recursion*, so a game thousands of moves deep cannot overflow Python's stack.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import reduce
from operator import xor
from typing import Generic, Literal, Protocol, TypeVar

from grundy.games.moves import NOTHING_LEFT
from grundy.marks import N_, Phrase

Outcome = Literal["P", "N"]
# An outcome where a game may go on for ever (a graph with a cycle): D, a draw, is a position from
# which neither player can force a win. Only games that can last for ever have D-positions.
Verdict = Literal["P", "N", "D"]
# gettext's context for the words that name a number or a cell in an error: NP_("what", "a heap")
# where they are written, Phrase(what, context=WHAT) where the error is raised.
WHAT = "what"
P = TypeVar("P", bound=Hashable)


class GameError(ValueError):
    """A position, rule or parameter that the mathematics does not allow.

    ``message`` is English with named placeholders, marked where it is raised so the catalogue
    has it (``GameError(N_("a heap holds … got %(got)r"), "bad-heap", got=n)``); ``params`` fill
    them (numbers the message groups with commas are passed formatted: ``most=f"{m:,}"``), and
    ``code`` names the kind of error for code that tells errors apart. ``str(error)`` is the
    English, which quotes the input; ``grundy.words.error_message`` says it in the reader's
    language. The web layer, which says its own messages as it raises them, gives the said
    message and no params.
    """

    def __init__(self, message: str, code: str, **params: object) -> None:
        self.phrase = Phrase(message, params)
        super().__init__(str(self.phrase))
        self.code = code
        self.params = params


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least natural number not among ``values``.

    >>> mex([0, 1, 2, 4])
    3
    >>> mex([2, 3, 5])
    0
    >>> mex([])
    0
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def outcome_of(grundy: int) -> Outcome:
    """P exactly when the Grundy value is 0 (the player to move has no winning move)."""
    return "P" if grundy == 0 else "N"


def nim_sum(values: Iterable[int]) -> int:
    """XOR of the values: the Grundy value of a sum of games (Sprague–Grundy).

    >>> nim_sum([14, 21, 39])
    60
    """
    return reduce(xor, values, 0)


@dataclass(frozen=True, slots=True)
class Action:
    """What a move does, as data: its kind and its numbers (``Action("take-from", (12, 3))`` is
    "take 12 from pile 3"). Each kind is a :class:`~grundy.games.moves.MoveKind`, defined with
    its English beside the code that makes it; ``grundy.words.moves`` says it in any language."""

    kind: str
    args: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Move(Generic[P]):
    """One move: what it does (an :class:`Action`) and where it leads."""

    action: Action
    position: P


class Game(Protocol[P]):
    """An impartial game under normal play: both players have the same options everywhere."""

    def options(self, position: P) -> Iterable[Move[P]]:
        """Every move from ``position``; none means the position is terminal."""
        ...


@dataclass(frozen=True, slots=True)
class Trace(Generic[P]):
    """How a Grundy value is found: each option with its value, the set, and its mex."""

    position: P
    options: tuple[tuple[Move[P], int], ...]

    @property
    def values(self) -> list[int]:
        return sorted({g for _, g in self.options})

    @property
    def grundy(self) -> int:
        return mex(self.values)


def bottom_up(
    game: Game[P],
    position: P,
    memo: dict[P, int],
    value: Callable[[P, list[P]], int],
    *,
    max_positions: int,
) -> int:
    """Give ``position`` and everything it reaches a value, options first: ``value(here,
    options)`` is called once every option is in ``memo``. Iterative depth-first search with an
    explicit stack, so a game thousands of moves deep cannot overflow Python's stack; a cycle or
    a search larger than ``max_positions`` raises GameError."""
    if position in memo:
        return memo[position]
    waiting: dict[P, list[P]] = {}  # positions on the stack → their options
    stack = [position]
    while stack:
        here = stack[-1]
        if here in memo:
            stack.pop()
            continue
        successors = waiting.get(here)
        if successors is None:
            successors = [m.position for m in game.options(here)]
            waiting[here] = successors
            if len(memo) + len(waiting) > max_positions:
                raise GameError(N_("searching from %(got)r visits more than %(most)s positions"), "search-too-large",
                                got=position, most=max_positions)
            unknown = [s for s in successors if s not in memo]
            for s in unknown:
                if s in waiting:
                    raise GameError(N_("the game has a cycle through %(got)r: no move may return to a position"), "cycle",
                                    got=s)
            stack.extend(unknown)
            if unknown:
                continue
        memo[here] = value(here, successors)
        del waiting[here]
        stack.pop()
    return memo[position]


@dataclass
class Solver(Generic[P]):
    """Memoised Grundy values of one game's positions, found by iterative depth-first search.

    ``max_positions`` bounds the work: a search that would visit more positions raises
    GameError instead of running on (a web request or a typo on the command line must stay fast).
    """

    game: Game[P]
    max_positions: int = 2_000_000
    memo: dict[P, int] = field(default_factory=dict)

    def grundy(self, position: P) -> int:
        """The Grundy value of ``position``.

        >>> from grundy.games.nim import NimHeap
        >>> Solver(NimHeap()).grundy(7)
        7
        """
        memo = self.memo
        return bottom_up(self.game, position, memo, lambda _here, options: mex(memo[o] for o in options),
                         max_positions=self.max_positions)

    def outcome(self, position: P) -> Outcome:
        return outcome_of(self.grundy(position))

    def trace(self, position: P) -> Trace[P]:
        """The options of ``position`` with their values: the steps of one mex."""
        return Trace(position, tuple((m, self.grundy(m.position)) for m in self.game.options(position)))

    def moves_to(self, position: P, target: int) -> list[Move[P]]:
        """The moves from ``position`` to a position whose Grundy value is ``target``."""
        return [m for m in self.game.options(position) if self.grundy(m.position) == target]

    def winning_moves(self, position: P) -> list[Move[P]]:
        """Every move to a P-position (none exactly when ``position`` is P)."""
        return self.moves_to(position, 0)


@dataclass(frozen=True, slots=True)
class SumGame:
    """The disjunctive sum of games: a move is a move in exactly one component.

    Positions are tuples with one component position per game. Its Grundy value is the XOR of
    the components' values (the Sprague–Grundy theorem), which the tests check by brute force.
    """

    games: tuple[Game[Hashable], ...]

    def options(self, position: tuple[Hashable, ...]) -> Iterator[Move[tuple[Hashable, ...]]]:
        if len(position) != len(self.games):
            raise GameError(N_("a sum of %(games)s games needs %(games)s components; got %(got)r"), "wrong-component-count",
                            games=len(self.games), got=position)
        for i, (game, part) in enumerate(zip(self.games, position)):
            for move in game.options(part):
                yield Move(move.action, position[:i] + (move.position,) + position[i + 1 :])


def misere_outcome(game: Game[P], position: P, *, max_positions: int = 200_000) -> Outcome:
    """P or N when the player who cannot move *wins* (misère play), by memoised search.

    A terminal position is N under misère play: the player to move has nothing to do and wins.
    Otherwise the usual rules hold: N if some option is P.
    """
    return misere_solver(game, max_positions=max_positions).outcome(position)


def misere_solver(game: Game[P], *, max_positions: int = 200_000) -> Solver[P]:
    """A solver whose outcomes are misère outcomes (reuse it to share its memo)."""
    return Solver(_MisereAsNormal(game), max_positions=max_positions)


@dataclass(frozen=True, slots=True)
class _MisereAsNormal(Generic[P]):
    """Misère play turned into normal play: every terminal position gets one extra move to a
    fresh terminal, so the player who faced it now makes the last move."""

    game: Game[P]

    def options(self, position: P) -> Iterator[Move[P]]:
        if position is _END:
            return
        moves = list(self.game.options(position))
        if not moves:
            yield Move(Action(NOTHING_LEFT.name), _END)  # type: ignore[arg-type]
        yield from moves


class _EndOfGame:
    def __repr__(self) -> str:
        return "END"


_END = _EndOfGame()


def every_sg_steps(
    game: Game[P], position: P, solver: Solver[P], memo: dict[P, int] | None = None
) -> int:
    """The number of moves the game lasts when the winner makes it last as long as possible
    and the loser as short as possible (the every-SG step count).

    step(v) = 0 for a terminal v; for an N-position the winner picks the longest move to a
    P-position, max(step(u)) + 1; for a P-position the loser picks the shortest, min(step(u)) + 1.
    """
    steps: dict[P, int] = {} if memo is None else memo

    def step(here: P, options: list[P]) -> int:
        if not options:
            return 0
        if solver.grundy(here) != 0:
            return max(steps[o] for o in options if solver.grundy(o) == 0) + 1
        return min(steps[o] for o in options) + 1

    return bottom_up(game, position, steps, step, max_positions=solver.max_positions)


def remoteness(
    game: Game[P], position: P, memo: dict[P, int], *, misere: bool = False, max_positions: int = 200_000
) -> int:
    """How many moves the game lasts when the winner hurries and the loser stalls (Smith's
    remoteness): 0 at a terminal position; at an N-position one more than the *least* even
    remoteness among the options (a quickest win); at a P-position one more than the *largest*
    remoteness among them (every option is odd: the longest defence). Even ⇔ P, so the value
    carries the outcome too.

    Under misère play the player facing a terminal position wins at once; its remoteness is 1 (as
    if one last move were left to make), which keeps even ⇔ P.

    >>> from grundy.games.nim import NimHeap
    >>> [remoteness(NimHeap(), n, {}) for n in range(4)]
    [0, 1, 1, 1]
    >>> [remoteness(NimHeap(), n, {}, misere=True) for n in range(4)]
    [1, 2, 3, 3]
    """

    def value(_here: P, options: list[P]) -> int:
        if not options:
            return 1 if misere else 0
        found = [memo[o] for o in options]
        wins = [r for r in found if r % 2 == 0]
        return 1 + (min(wins) if wins else max(found))

    return bottom_up(game, position, memo, value, max_positions=max_positions)


@dataclass(frozen=True, slots=True)
class Board:
    """How a game whose position is two numbers is drawn as a grid (the grid widget reads it)."""

    name: str  # in the grid's game menu, with what the axes mean (marked with N_)
    corner: str  # the table's corner label: what its rows and columns count (N_, or letters)
    first: int = 0  # the first row and column (the Bomb game counts from 1)
    rows_up: bool = False  # row 0 at the bottom (a coin that moves down the screen)
    home: bool = False  # a target cell at (0, 0) that pieces race to (Marbles)


__all__ = [
    "Action",
    "Board",
    "Game",
    "bottom_up",
    "GameError",
    "Move",
    "Outcome",
    "Solver",
    "SumGame",
    "Trace",
    "Verdict",
    "every_sg_steps",
    "mex",
    "misere_outcome",
    "misere_solver",
    "nim_sum",
    "outcome_of",
    "remoteness",
]
