"""Small SVG element writers shared by the sheet drawing and the analyzers' debug layers.

Numbers are written with at most two decimals and never as ``-0``, so drawings are deterministic.

>>> box(BBox(1, 2, 30, 40), 'fill="none"', "a <b>")
'<rect x="1" y="2" width="29" height="38" fill="none"><title>a &lt;b&gt;</title></rect>'
>>> line((0, 0), (1.005, -0.001), 'stroke="red"')
'<line x1="0" y1="0" x2="1" y2="0" stroke="red"/>'
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from pdftract.geometry import BBox


def num(v: float) -> str:
    """``v`` with at most two decimals, trailing zeros and negative zero removed."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def num4(v: float) -> str:
    """``v`` with at most four decimals (matrix entries)."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def box(b: BBox, style: str, title: str | None = None) -> str:
    """An SVG rect over ``b`` with the given style attributes and an optional tooltip."""
    head = f'<rect x="{num(b.x0)}" y="{num(b.top)}" width="{num(b.width)}" height="{num(b.height)}" {style}'
    return f"{head}><title>{escape(title)}</title></rect>" if title is not None else f"{head}/>"


def line(p0: Sequence[float], p1: Sequence[float], style: str) -> str:
    """An SVG line from ``p0`` to ``p1``."""
    return f'<line x1="{num(p0[0])}" y1="{num(p0[1])}" x2="{num(p1[0])}" y2="{num(p1[1])}" {style}/>'


def text(x: float, y: float, content: str, style: str) -> str:
    """An SVG text element at ``(x, y)`` (baseline), escaped."""
    return f'<text x="{num(x)}" y="{num(y)}" {style}>{escape(content)}</text>'


def points(pts: Sequence[Sequence[float]]) -> str:
    """A ``points`` attribute value for a polyline or polygon."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


__all__ = ["box", "escape", "line", "num", "num4", "points", "text"]
