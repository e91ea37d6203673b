"""The Wythoff plot drawn on the server, as SVG, for a page read without JavaScript (a phone in
a live class with scripts off): the plotly figure needs a script, and without one its box was
left blank. The same picture in plain shapes: the grid, the P-positions shown (filled dots, their
mirror images hollow), the one just found, the reader's position (a star) and its winning moves
(lines to where they lead). Integers throughout: a cell is :data:`CELL` units."""
from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup, escape

CELL = 20  # SVG units per pile
PAD = 30  # room for the axis numbers


def plot_svg(span: int, pairs: Iterable[tuple[int, int]], *, current: tuple[int, int] | None = None,
             here: tuple[int, int] | None = None, moves: Iterable[tuple[int, int]] = (), label: str = "") -> Markup:
    """The plot of piles 0…``span`` each way (a right, b up), ``pairs`` as P-positions (a ≤ b)
    with their mirror images, ``current`` marked, ``here`` a star with lines to ``moves``."""
    side = span * CELL

    def x(a: int) -> int:
        return PAD + a * CELL

    def y(b: int) -> int:
        return PAD // 2 + side - b * CELL

    parts = [f'<svg class="plot-fallback" viewBox="0 0 {side + PAD + CELL} {side + PAD + CELL}" role="img" aria-label="{escape(label)}">',
             f'<rect x="{x(0)}" y="{y(span)}" width="{side}" height="{side}" class="pf-frame"/>']
    tick = 5 if span <= 60 else 25
    for n in range(0, span + 1, tick):
        parts.append(f'<line x1="{x(n)}" y1="{y(0)}" x2="{x(n)}" y2="{y(span)}" class="pf-grid"/>'
                     f'<line x1="{x(0)}" y1="{y(n)}" x2="{x(span)}" y2="{y(n)}" class="pf-grid"/>'
                     f'<text x="{x(n)}" y="{y(0) + 18}" class="pf-tick">{n}</text>'
                     f'<text x="{x(0) - 6}" y="{y(n) + 5}" class="pf-tick pf-left">{n}</text>')
    r = max(3, CELL // 3)
    for a, b in pairs:
        if b <= span:
            parts.append(f'<circle cx="{x(a)}" cy="{y(b)}" r="{r}" class="pf-p"/>')
            if a != b:
                parts.append(f'<circle cx="{x(b)}" cy="{y(a)}" r="{r}" class="pf-p pf-mirror"/>')
    if current is not None and current[1] <= span:
        parts.append(f'<circle cx="{x(current[0])}" cy="{y(current[1])}" r="{r * 2}" class="pf-current"/>')
    if here is not None and max(here) <= span:
        for a, b in moves:
            if max(a, b) <= span:
                parts.append(f'<line x1="{x(here[0])}" y1="{y(here[1])}" x2="{x(a)}" y2="{y(b)}" class="pf-move"/>')
        parts.append(f'<text x="{x(here[0])}" y="{y(here[1]) + r * 2}" class="pf-here">★</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


__all__ = ["CELL", "PAD", "plot_svg"]
