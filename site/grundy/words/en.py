"""English words for the engine's move kinds (see ``grundy.games.core.Action``).

Each entry is a format string over the action's numbers, or a function of them where English
needs a plural or a list.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

Template = str | Callable[[tuple[int, ...]], str]


def _coins(t: int) -> str:
    """One coin, or t adjacent coins (the circular game's moves)."""
    return "1 coin" if t == 1 else f"{t} adjacent coins"


def _from_row(t: int, left: int, right: int) -> str:
    """A move in a row of the circular game: the rows it leaves and what it takes, worded so
    that where it was made can follow ("… by taking 1 coin from row 2")."""
    if not left and not right:
        return "take the only coin" if t == 1 else f"take all {t} coins"
    if not left or not right:
        return f"leave a row of {left or right} by taking {_coins(t)}"
    return f"leave rows of {left} and {right} by taking {_coins(t)}"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _turned(args: tuple[int, ...]) -> str:
    return f"turn over coin{_s(len(args))} {', '.join(map(str, args))}"


def _edge_explosion(args: tuple[int, ...]) -> str:
    """A bomb on an edge leaves one bomb; on 1,1 that bomb vanishes at once (HDU 2873)."""
    p, q, u, v = args
    if (u, v) == (1, 1):
        return f"explode {p},{q} (the bomb it leaves on 1,1 vanishes)"
    return f"explode {p},{q} into {u},{v}"


def _split(args: tuple[int, ...]) -> str:
    """Take-and-break: (removed, *what is left of the heap)."""
    removed, *parts = args
    if not removed:
        return f"split the heap into {parts[0]} and {parts[1]}"
    if not parts:
        return f"take all {removed}"
    return f"take {removed}, leaving {' and '.join(map(str, parts))}"


def _step(args: tuple[int, ...]) -> str:
    moved, step, to = args
    return f"move {moved} from step {step} to {'the ground' if to == 0 else f'step {to}'}"


MOVES: dict[str, Template] = {
    "take": "take {0}",
    "take-from": "take {0} from pile {1}",
    "take-heap": "take {0} from heap {1}",
    "take-both": "take {0} from both piles",
    "take-multiple": "take {0}×{1} = {2} from the pile of {3}",
    "take-ring": lambda a: f"take {_coins(a[0])} from the ring",
    "take-row": lambda a: f"take {_coins(a[0])} from row {a[1]}, leaving {a[2]} and {a[3]}",
    "take-from-row": lambda a: _from_row(*a),
    "step-left": "move left",
    "step-down": "move down",
    "step-diagonal": "move diagonally down-left",
    "slide-up": "move {0} up",
    "slide-left": "move {0} left",
    "slide-diagonal": "move {0} diagonally",
    "explode": "explode {0},{1} into {2},{3} and {4},{5}",
    "explode-edge": _edge_explosion,
    "move-step": _step,
    "move-box": "move {0} from box {1} to box {2}",
    "move-piece": "move the piece on {0} to {1}",
    "turn-over": _turned,
    "split": _split,
    "nothing-left": "(nothing left: the player to move wins)",
}

def _turned_group(args: tuple[int, ...]) -> tuple[str, str]:
    """Coin turning: moves grouped by the head turned to tails, labelled by the coins with it."""
    *others, x = args
    return f"coin {x} to tails", ("alone" if not others else f"and {', '.join(map(str, others))}")


# Kinds that a list of moves groups by pile: (group, label) format strings, or a function of the
# move's arguments giving both.
GROUPS: dict[str, tuple[str, str] | Callable[[tuple[int, ...]], tuple[str, str]]] = {
    "take-from": ("pile {1}", "take {0}"),
    "take-both": ("both piles", "take {0}"),
    "move-step": ("step {1}", "move {0} down"),
    "turn-over": _turned_group,
}


def either(items: Iterable[str]) -> str:
    """A choice among items: "a, b or c" (the widgets' messages for a value not among them)."""
    listed = list(items)
    if len(listed) < 2:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " or " + listed[-1]
