"""Chinese words for the engine's move kinds and errors (the twin of ``grundy.words.en``).

Moves are said as the Chinese lessons say them: 从第 3 堆取走 12 个, 往左移一格, 引爆 2,2,
把第 4 级的 1 枚硬币滑到第 3 级, 翻动硬币 1、2、4. Errors are said by ``GameError.code`` from the
error's ``params``; where one code covers several messages the raise names which with ``topic``.
A function that gets params it does not know (an error a web layer raised already in the
reader's words, under a code the engine uses too) returns None, and the error's own message
stands.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from grundy.games.registry import FAMILIES
from grundy.i18n import in_language

Template = str | Callable[[tuple[int, ...]], str]
ErrorTemplate = str | Callable[[dict[str, object]], str | None]


# ---------------------------------------------------------------- moves


def _take_coins(t: int) -> str:
    """One coin, or t adjacent coins (the circular game's moves)."""
    return "取走 1 枚硬币" if t == 1 else f"取走相邻的 {t} 枚硬币"


def _listed(items: Iterable[object]) -> str:
    return "、".join(map(str, items))


def _turned(args: tuple[int, ...]) -> str:
    return f"翻动硬币 {_listed(args)}"


def _edge_explosion(args: tuple[int, ...]) -> str:
    """A bomb on an edge leaves one bomb; on 1,1 that bomb vanishes at once (HDU 2873)."""
    p, q, u, v = args
    if (u, v) == (1, 1):
        return f"引爆 {p},{q}（留在 1,1 的炸弹随即消失）"
    return f"引爆 {p},{q}，留下 {u},{v}"


def _from_row(t: int, left: int, right: int) -> str:
    """A move in a row of the circular game: what it takes, and the rows it leaves."""
    if not left and not right:
        return "取走仅剩的 1 枚硬币" if t == 1 else f"取走全部 {t} 枚硬币"
    if not left or not right:
        return f"取走一端{'的 1 枚硬币' if t == 1 else f'相邻的 {t} 枚硬币'}，留下一行 {left or right} 枚"
    return f"{_take_coins(t)}，留下 {left} 枚和 {right} 枚两行"


def _split(args: tuple[int, ...]) -> str:
    """Take-and-break: (removed, *what is left of the heap)."""
    removed, *parts = args
    if not removed:
        return f"把这堆分成 {parts[0]} 和 {parts[1]}"
    if not parts:
        return f"把 {removed} 个全部取走"
    return f"取走 {removed} 个，留下 {' 和 '.join(map(str, parts))}"


def _step(args: tuple[int, ...]) -> str:
    moved, step, to = args
    if to == 0:
        return f"把第 {step} 级的 {moved} 枚硬币滑出楼梯"
    return f"把第 {step} 级的 {moved} 枚硬币滑到第 {to} 级"


MOVES: dict[str, Template] = {
    "take": "取走 {0} 个",
    "take-from": "从第 {1} 堆取走 {0} 个",
    "take-heap": "从第 {1} 堆取走 {0} 个",
    "take-both": "从两堆各取走 {0} 个",
    "take-multiple": "从 {3} 那堆取走 {0}×{1} = {2} 个",
    "take-ring": lambda a: f"从环上{_take_coins(a[0])}",
    "take-row": lambda a: f"从第 {a[1]} 行{_take_coins(a[0])}，留下 {a[2]} 枚和 {a[3]} 枚",
    "take-from-row": lambda a: _from_row(*a),
    "step-left": "往左移一格",
    "step-down": "往下移一格",
    "step-diagonal": "往左下对角移一格",
    "slide-up": "往上移 {0} 格",
    "slide-left": "往左移 {0} 格",
    "slide-diagonal": "往左上对角移 {0} 格",
    "explode": "引爆 {0},{1}，留下 {2},{3} 和 {4},{5}",
    "explode-edge": _edge_explosion,
    "move-step": _step,
    "move-box": "把盒子 {1} 里的 {0} 张卡片放进盒子 {2}",
    "move-piece": "把第 {0} 格的棋子滑到第 {1} 格",
    "turn-over": _turned,
    "split": _split,
    "nothing-left": "（无步可走：轮到的一方获胜）",
}


def _turned_group(args: tuple[int, ...]) -> tuple[str, str]:
    """Coin turning: moves grouped by the head turned to tails, labelled by the coins with it."""
    *others, x = args
    return f"硬币 {x} 翻成反面", ("只翻这一枚" if not others else f"连同 {_listed(others)}")


GROUPS: dict[str, tuple[str, str] | Callable[[tuple[int, ...]], tuple[str, str]]] = {
    "take-from": ("第 {1} 堆", "取走 {0} 个"),
    "take-both": ("两堆", "各取走 {0} 个"),
    "move-step": ("第 {1} 级", "滑下 {0} 枚"),
    "turn-over": _turned_group,
}


def either(items: Iterable[str]) -> str:
    """A choice among items: "bash、nim 或 wythoff"."""
    listed = list(items)
    if len(listed) < 2:
        return "".join(listed)
    return f"{'、'.join(listed[:-1])} 或 {listed[-1]}"


# ---------------------------------------------------------------- the words errors are built from

# What a number or a cell names (``what`` in family.number, family.pair and grids' checks, and
# practice's rule keys), in Chinese; one not listed is shown as given.
WHAT: dict[str, str] = {
    "a heap": "堆的大小",
    "heap": "堆的大小",
    "upto": "upto",
    "--upto": "--upto",
    "an amount in S": "S 中的数",
    "M (take 1 to M)": "M（每次取 1 到 M 个）",
    "m (take 1 to m)": "m（每次取 1 到 m 个）",
    "K (take 1 to K adjacent coins)": "K（每次取 1 到 K 枚相邻的硬币）",
    "K": "K",
    "k": "k",
    "the most the next move may take": "下一步最多能取的数",
    "a row of coins": "一行的硬币数",
    "a ring of coins": "环上的硬币数",
    "a step": "每一级的硬币数",
    "a board rows x columns": "棋盘的“行数 x 列数”",
    "a bomb row,column": "炸弹的“行,列”",
    "a marble row,column": "弹珠的“行,列”",
    "a pair of piles": "两堆石子",
    "a position a,b": "局面 a,b",
    "kiki's game": "kiki 的游戏",
    "a board": "棋盘",
    "a marble": "弹珠",
    "a marble off the home lines": "不在回家线上的弹珠",
    "a bomb": "炸弹",
}

# A rule key's help (RuleKey.help), for "rule-missing".
RULE_HELP: dict[str, str] = {
    "take 1 to M": "每次取 1 到 M 个",
    "take 1 to K adjacent coins": "每次取 1 到 K 枚相邻的硬币",
    "each move takes at most K times the last": "每一步至多取上一步的 K 倍",
    "the set S: 1,3,4 | powers-of-two | fibonacci": "集合 S：1,3,4、powers-of-two 或 fibonacci",
    "the octal code: .77 Kayles, .07 Dawson's Kayles, .137 Dawson's chess":
        "八进制代码：.77 是 Kayles，.07 是 Dawson's Kayles，.137 是 Dawson 国际象棋",
}


def _what(params: Mapping[str, object]) -> str:
    what = str(params["what"])
    return WHAT.get(what, what)


def _game(params: Mapping[str, object]) -> str:
    """A game by its key, named as the lessons name it: its family's title (the one name the
    registry keeps), in the Chinese catalogue; a key that names no game is shown as given."""
    game = str(params["game"])
    family = FAMILIES.get(game)
    return in_language("zh", family.title) if family is not None else game


def _rule(label: object) -> str:
    """A take-away rule's label (``TakeAwayRule.label``) in Chinese."""
    text = str(label)
    if text == "take 1":
        return "每次取 1 个"
    if text.startswith("take 1 to "):
        return f"每次取 1 到 {text.removeprefix('take 1 to ')} 个"
    return {"take a power of two": "每次取 2 的幂个", "take a Fibonacci number": "每次取斐波那契数个"}.get(text, text)


def _cat(*parts: str) -> str:
    """Join a Chinese sentence's parts, with a space where Latin letters or digits meet Chinese
    (``K`` + ``必须…`` → ``K 必须…``, ``堆的大小`` + ``必须…`` → ``堆的大小必须…``)."""
    out = ""
    for part in parts:
        if out and part and _latin(out[-1]) != _latin(part[0]) and not _punct(out[-1]) and not _punct(part[0]):
            out += " "
        out += part
    return out


def _latin(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "'-_")


def _punct(ch: str) -> bool:
    return ch in " ，。：；（）“”、？！,.:;()" or (not ch.isalnum() and ch.isascii())


def _by_topic(**said: Callable[[dict[str, object]], str]) -> Callable[[dict[str, object]], str | None]:
    """A code the engine raises with several messages (or that a web layer uses too): the raise
    names its message with ``topic``; without one, the error's own message stands."""

    def say(params: dict[str, object]) -> str | None:
        topic = params.get("topic")
        pick = said.get(str(topic).replace("-", "_")) if topic is not None else None
        return pick(params) if pick is not None else None

    return say


def _got(params: Mapping[str, object]) -> str:
    return f"收到的是 {params['got']!r}"


# ---------------------------------------------------------------- errors, by GameError.code

ERRORS: dict[str, ErrorTemplate] = {
    # a position or rule that is not one
    "bad-ring": "环上至少要有 1 枚硬币；收到的是 {got!r}",
    "bad-pile": "一堆石子的个数必须是 0 或更大的整数；收到的是 {got!r}",
    "bad-step": "每一级上的硬币数必须是 0 或更大的整数；收到的是 {got!r}",
    "bad-row": "一行硬币用 H（正面）和 T（反面）表示，比如 THHTH；收到的是 {got!r}",
    "bad-squares": "棋子要放在互不相同的格子 1、2、……上；收到的是 {got!r}",
    "empty-board": "棋盘至少要有 1 行 1 列；收到的是 {rows}x{cols}",
    "wrong-component-count": "{games} 个游戏的和需要 {games} 个分量；收到的是 {got!r}",
    "bad-cell": lambda p: _cat(_what(p), f"的两个数都必须是不小于 {p['lo']} 的整数；{_got(p)}"),
    "bad-heap": lambda p: (
        _cat(_what(p), f"必须是不小于 0 的整数；{_got(p)}") if "what" in p
        else f"这一堆至少要有 1 个石子；{_got(p)}" if p.get("least") == 1
        else f"一堆石子的个数必须是 0 或更大的整数；{_got(p)}"
    ),
    "bad-rule": _by_topic(
        ring_k=lambda p: f"一步取 1 到 K 枚硬币，K 至少为 1；收到的是 K = {p['got']!r}",
        k_multiple_k=lambda p: f"k 必须是至少为 1 的整数；{_got(p)}",
        bash_m=lambda p: f"巴什博弈要求 m ≥ 1（每次取 1 到 m 个）；{_got(p)}",
        set=lambda p: f"减法集合里只能有正整数；{_got(p)}",
    ),
    "bad-index": _by_topic(
        position=lambda p: f"位置从 0 开始数；收到的是 {p['got']}",
        k=lambda p: f"k 必须是 0 或更大的数；收到的是 {p['got']}",
    ),
    "bad-code": _by_topic(
        first_digit=lambda p: f"小数点前的数字必须是 0 或 4；{_got(p)}",
        digits=lambda p: f"八进制数字只能是 0 到 7；{_got(p)}",
        no_digits=lambda p: "八进制代码的小数点后至少要有一位数字",
        too_many_digits=lambda p: f"小数点后至多 {p['most']} 位数字；收到了 {p['got']} 位",
        last_zero=lambda p: "八进制代码的最后一位不能是 0",
        form=lambda p: f"八进制代码写成 .77 或 4.07 这样；{_got(p)}",
    ),
    "unknown-rule": lambda p: f"没有名为 {p['got']!r} 的翻硬币规则；可选：{_listed(_items(p['choices']))}",
    "unknown-game": _by_topic(
        family=lambda p: f"没有名为 {p['game']!r} 的游戏；可选：{_listed(_items(p['choices']))}",
    ),
    "rule-missing": lambda p: _cat(
        _game(p), f"需要 {p['option']}（{RULE_HELP.get(str(p['help']), str(p['help']))}），例如 {p['option']} {p['example']}"
    ),
    "set-empty": "减法集合至少要有一个数",
    "set-empty-item": "集合 S 在 {got!r} 里有空项；请写成 1,3,4 这样",
    "set-too-large": _by_topic(
        set=lambda p: f"集合 S 至多有 {p['most']} 个数；收到了 {p['got']} 个",
    ),
    "no-components": _by_topic(
        every_sg=lambda p: "every-SG 至少需要一个游戏",
        sum=lambda p: "至少要给一个分量",
        staircase=lambda p: "楼梯至少要有一级",
    ),
    "every-and-misere": "every-SG 和反常规则不能同时使用",
    "not-a-sum": lambda p: _cat(_game(p), f"是一整个游戏，不是几个游戏的和：请把整个局面写成一个参数，例如 {p['example']}；"
                                          f"收到了 {p['got']} 个"),
    "no-sg-home-line": "{r},{c} 处的弹珠一步就能回家：挖掉回家线之后的游戏里没有它，也就没有 SG 值",
    # a number typed by a person (family.number and family.pair)
    "not-a-number": _by_topic(number=lambda p: _cat(_what(p), f"必须是整数；{_got(p)}")),
    "not-a-pair": lambda p: _cat(_what(p), f"要写成两个数，比如 {p['example']}；{_got(p)}"),
    "too-long": _by_topic(
        digits=lambda p: _cat(_what(p), f"超过了 {p['most']:,} 位"),
        coins=lambda p: f"这里一行硬币至多 {p['most']} 枚；收到了 {p['got']} 枚",
    ),
    "out-of-range": _by_topic(
        number=lambda p: (
            _cat(_what(p), f"必须至少为 {p['lo']:,}；收到的是 {p['got']:,}") if p.get("hi") is None
            else _cat(_what(p), f"必须在 {p['lo']:,} 到 {p['hi']:,} 之间；收到的是 {p['got']:,}")
        ),
        upto=lambda p: f"upto 至多为 {p['most']}；收到的是 {p['got']}",
        table=lambda p: _cat(_game(p), f"的 --upto 至多为 {p['most']}；收到的是 {p['got']}"),
    ),
    # what the site will not search or list
    "sg-out-of-reach": _by_topic(
        ring=lambda p: f"超过 {p['most']} 枚硬币的环太大，无法搜索；收到的是 {p['got']}",
        ring_rows=lambda p: f"环和行的 SG 值只在“硬币数 × K ≤ {p['most']:,}”时才搜索；这里是 {p['coins']} × {p['k']}",
        euclid=lambda p: f"欧几里得游戏局面的 SG 值只对不超过 {p['most']} 的堆搜索；收到的是 {p['a']},{p['b']}",
        euclid_steps=lambda p: f"步数只对不超过 {p['most']} 的堆搜索；收到的是 {p['a']},{p['b']}",
        marbles=lambda p: f"弹珠只搜索到第 {p['most']} 行、第 {p['most']} 列；收到的是 {p['r']},{p['c']}",
        kiki=lambda p: f"kiki 棋盘的 SG 值靠搜索求出，最大到 {p['most']}×{p['most']}；收到的是 {p['rows']}x{p['cols']}",
        bomb=lambda p: f"超出第 {p['most']} 行或第 {p['most']} 列的炸弹太远，无法搜索；收到的是 {p['got']}",
        k_multiple=lambda p: f"K 倍动态减法游戏的 SG 值靠搜索求出，堆最大到 {p['most']}；收到的是 {p['got']}",
        octal=lambda p: f"{p['octal']}：没有证明过的周期，只有到堆 {p['most']} 为止的值",
        grundys_game=lambda p: f"Grundy 博弈只算到堆 {p['most']}；收到的是 {p['got']}",
        take_away=lambda p: f"规则“{_rule(p['rule'])}”在 n = {p['n']} 处没有已知的通项公式，而 n 太大，无法打表",
        wythoff=lambda p: f"威佐夫博弈局面的 SG 值靠搜索求出，堆最大到 {p['most']}；收到的是 {p['a']},{p['b']}",
    ),
    "search-too-large": "从 {got!r} 出发的搜索要访问超过 {most} 个局面",
    "cycle": "这个游戏有经过 {got!r} 的循环：走法不能回到走过的局面",
    "too-large": "为 k = {k:,} 构造必败数直到 {digits:,} 位的堆，可能要 {steps:,} 步，超过了 {most:,}；请把堆或 k 改小",
    "too-many-moves": _by_topic(
        bash=lambda p: f"要列出 {p['count']:,} 步太多了；巴什博弈有通项公式可用",
        heap=lambda p: f"只对不超过 {p['most']:,} 的堆列出走法；收到的是 {p['got']:,}",
        row=lambda p: f"超过 {p['most']} 枚硬币的行走法太多，不列出；收到的是 {p['got']}",
    ),
    "misere-too-large": lambda p: (
        f"反常规则靠搜索求解，只解可达局面不超过 {p['most']:,} 个的局面；这个局面可能达到 {p['reach']:,} 个"
        if "reach" in p else f"反常规则靠搜索求解，只解可达局面不超过 {p['most']:,} 个的局面；这个局面的可达局面更多"
    ),
    "no-every": lambda p: _cat(_game(p), "没有 every-SG 步数"),
    "no-search": lambda p: _cat(_game(p), "无法整体搜索"),
    "no-table": _by_topic(
        single=lambda p: _cat(_game(p), "没有单个分量的表"),
        pairs=lambda p: _cat(_game(p), "没有数对的表"),
        cli=lambda p: _cat(_game(p), f"没有单个分量的表；请用 `grundy solve {p['game']}`"),
    ),
    "illegal-move": _by_topic(
        replay=lambda p: (
            f"第 {p['move']} 步不能从 {p['heap']} 个的堆里取走 {p['take']} 个"
            f"（可以取：{_listed(_items(p['allowed'])) or '无，游戏已经结束'}）"
        ),
    ),
}


def _items(value: object) -> list[object]:
    return list(value) if isinstance(value, (list, tuple, frozenset, set)) else [value]


__all__ = ["ERRORS", "GROUPS", "MOVES", "RULE_HELP", "WHAT", "either"]
