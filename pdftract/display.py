"""SVG drawings of sheets: paths, glyph boxes and text, and any analyzer results present.

Our coordinates already point down, as SVG's do, so nothing is flipped. The
drawing is deterministic (same sheet, same bytes) and needs no rasterizer;
notebooks show it through ``Sheet._repr_svg_``.

>>> from pdftract.testing import make_sheet
>>> svg = to_svg(make_sheet(text=[("A-A", 20, 20)]))
>>> svg.startswith("<svg") and "A-A" not in svg and ">A<" in svg
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from pdftract.geometry import BBox
from pdftract.model.primitives import Color

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike

_RESULT_COLOURS = ("#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#bcbd22")


def _f(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _rgb(c: Color | None, default: str) -> str:
    if c is None:
        return default
    if len(c) == 1:
        g = max(0.0, min(1.0, c[0]))
        r = gg = b = g
    elif len(c) == 3:
        r, gg, b = (max(0.0, min(1.0, v)) for v in c)
    elif len(c) == 4:
        cy, m, y, k = (max(0.0, min(1.0, v)) for v in c)
        r, gg, b = (1 - cy) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    else:
        return default
    return f"#{round(r * 255):02x}{round(gg * 255):02x}{round(b * 255):02x}"


def _box(b: BBox, style: str, title: str | None = None) -> str:
    """An SVG rect over ``b`` with the given style attributes and an optional tooltip."""
    head = f'<rect x="{_f(b.x0)}" y="{_f(b.top)}" width="{_f(b.width)}" height="{_f(b.height)}" {style}'
    return f"{head}><title>{escape(title)}</title></rect>" if title is not None else f"{head}/>"


def _iter_boxes(value: Any, depth: int = 0) -> Iterator[tuple[BBox, str]]:
    """(bbox, label) pairs found in an analyzer result, a few levels deep."""
    if depth > 4 or value is None:
        return
    if isinstance(value, BBox):
        yield value, ""
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        box = getattr(value, "bbox", None)
        if isinstance(box, BBox):
            label = getattr(value, "kind", None) or getattr(value, "text", None) or type(value).__name__
            yield box, str(getattr(label, "value", label))
        for f in dataclasses.fields(value):
            if f.name in ("bbox", "debug"):
                continue
            yield from _iter_boxes(getattr(value, f.name), depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _iter_boxes(v, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _iter_boxes(v, depth + 1)


def to_svg(
    sheet: SheetLike,
    *,
    glyph_boxes: bool = True,
    text: bool = True,
    results: bool = True,
    words: bool = False,
    debug: bool = False,
    scale: float = 1.0,
) -> str:
    """Draw ``sheet`` as an SVG document.

    Paths in their own stroke and fill colours; glyph boxes in light blue
    (invisible text in magenta); glyph text placed with its own matrix so
    rotated text reads as on the page; analyzer results as labelled coloured
    boxes; with ``words=True`` also word boxes in green. ``debug=True`` draws
    how the analyzers decided, like pdfplumber's ``debug_tablefinder``: each
    table's column rules and row bands (orange), its cells (green) and each
    revision cloud's polygon (red), terminators, dimension lines and leaders
    (purple), dimensions (blue, labelled with their reading) and callouts (teal,
    joined to their target). ``scale`` sets the pixel size (1 px per
    point by default).
    """
    w, h = sheet.width, sheet.height
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w * scale)}" height="{_f(h * scale)}" '
        f'viewBox="0 0 {_f(w)} {_f(h)}">',
        f'<rect x="0" y="0" width="{_f(w)}" height="{_f(h)}" fill="white"/>',
        '<g id="paths" stroke-linecap="round" stroke-linejoin="round">',
    ]
    for p in sheet.paths:
        d: list[str] = []
        for s in p.segments:
            pts = s.points
            if s.kind == "move":
                d.append(f"M{_f(pts[0][0])} {_f(pts[0][1])}")
            elif s.kind == "line":
                d.append(f"L{_f(pts[1][0])} {_f(pts[1][1])}")
            elif s.kind == "curve":
                d.append("C" + " ".join(f"{_f(x)} {_f(y)}" for x, y in pts[1:]))
            else:
                d.append("Z")
        if d and not d[0].startswith("M"):
            first = p.segments[0].points[0]
            d.insert(0, f"M{_f(first[0])} {_f(first[1])}")
        fill = _rgb(p.fill_color, "#000000") if p.fill else "none"
        stroke = _rgb(p.stroke_color, "#000000") if p.stroke else "none"
        attrs = f'd="{" ".join(d)}" fill="{fill}" stroke="{stroke}"'
        if p.stroke:
            attrs += f' stroke-width="{_f(max(p.line_width, 0.1))}"'
            if p.dash is not None and any(v > 0 for v in p.dash[0]):
                attrs += f' stroke-dasharray="{",".join(_f(v) for v in p.dash[0])}"'
        if p.fill and p.evenodd:
            attrs += ' fill-rule="evenodd"'
        out.append(f"<path {attrs}/>")
    out.append("</g>")
    for img in sheet.images:
        style = 'fill="#fde68a" fill-opacity="0.3" stroke="#b45309" stroke-width="0.3"'
        out.append(_box(img.bbox, style, f"image {img.width_px}x{img.height_px}"))
    if glyph_boxes or text:
        out.append('<g id="glyphs">')
        for g in sheet.glyphs:
            colour = "#e11d48" if g.invisible else "#3b82f6"
            if glyph_boxes:
                out.append(_box(g.bbox, f'fill="none" stroke="{colour}" stroke-width="0.15" stroke-opacity="0.6"'))
            if text and not g.invisible and g.text.strip():
                a, bb, c, dd, e, ff = g.matrix
                out.append(
                    f'<text transform="matrix({_f4(a)} {_f4(bb)} {_f4(-c)} {_f4(-dd)} {_f(e)} {_f(ff)})" '
                    f'font-size="1" font-family="sans-serif" fill="#1e3a8a" fill-opacity="0.8">{escape(g.text)}</text>'
                )
        out.append("</g>")
    if words:
        out.append('<g id="words">')
        for word in sheet.words:
            out.append(_box(word.bbox, 'fill="#16a34a" fill-opacity="0.12" stroke="#16a34a" stroke-width="0.4"', word.text))
        out.append("</g>")
    if results:
        root_results = getattr(sheet, "results", None) or {}
        for n, (key, value) in enumerate(root_results.items()):
            colour = _RESULT_COLOURS[n % len(_RESULT_COLOURS)]
            out.append(f"<g id={quoteattr('result-' + str(key))}>")
            style = f'fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-width="0.6"'
            for box, label in _iter_boxes(value):
                out.append(_box(box, style, f"{key}: {label}" if label else str(key)))
            out.append("</g>")
    if debug:
        out.extend(_debug_layers(sheet))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _debug_layers(sheet: SheetLike) -> list[str]:
    from pdftract.analyzers.grid import from_frame

    out = ['<g id="debug">']
    results = getattr(sheet, "results", None) or {}
    for table in results.get("tables", ()):
        info = getattr(table, "debug", {}) or {}
        d = int(info.get("frame", 0))
        xs, bands = info.get("columns_x", []), info.get("bands", [])
        if xs and bands:
            top, bottom = bands[0][0], bands[-1][1]
            for x in xs:
                (ax, ay), (bx, by) = from_frame(d, x, top), from_frame(d, x, bottom)
                out.append(f'<line x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}" stroke="#f97316" stroke-width="0.8"/>')
            for y in sorted({b for band in bands for b in band}):
                (ax, ay), (bx, by) = from_frame(d, xs[0], y), from_frame(d, xs[-1], y)
                out.append(f'<line x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}" stroke="#f97316" stroke-width="0.8"/>')
        for cell in getattr(table, "cells", ()):
            out.append(_box(cell.bbox, 'fill="#22c55e" fill-opacity="0.10" stroke="#15803d" stroke-width="0.3"',
                            f"r{cell.row} c{cell.col} {cell.rowspan}x{cell.colspan}: {cell.text}"))
    for cloud in results.get("revision_clouds", ()):
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in cloud.polygon)
        out.append(f'<polygon points="{pts}" fill="#ef4444" fill-opacity="0.08" stroke="#dc2626" stroke-width="0.8">'
                   f"<title>cloud {escape(str(cloud.marker))} row {cloud.revision_row}</title></polygon>")
    if "dimensions" in results or "callouts" in results:
        out.extend(_leader_layers(sheet, results))
    for f in results.get("gdt_frames", ()):
        for c in f.compartments:
            out.append(_box(c, 'fill="none" stroke="#ea580c" stroke-width="0.4"'))
        label = f"{f.symbol} {f.tolerance} {' '.join(f.datums)}".strip()
        out.append(_box(f.bbox, 'fill="#f97316" fill-opacity="0.10" stroke="#c2410c" stroke-width="0.6"',
                        f"{f.characteristic}: {label} (symbol {f.symbol_source}, dimension {f.dimension})"))
        out.append(f'<text x="{_f(f.bbox.x0)}" y="{_f(f.bbox.bottom + 4)}" font-size="4" fill="#c2410c">{escape(label)}</text>')
    for d in results.get("datum_features", ()):
        out.append(_box(d.bbox, 'fill="#f97316" fill-opacity="0.15" stroke="#9a3412" stroke-width="0.5"', f"datum {d.letter}"))
    out.append("</g>")
    return out


def _leader_layers(sheet: SheetLike, results: Any) -> list[str]:
    """Terminators (purple dots), leaders (purple lines), dimensions (blue, with their reading) and callouts
    (teal, a line from the text to the target)."""
    from pdftract.analyzers.leaders import geometry_for

    out: list[str] = []
    geo = geometry_for(sheet)
    for t in geo.terminators:
        out.append(f'<circle cx="{_f(t.tip[0])}" cy="{_f(t.tip[1])}" r="1.2" fill="#7c3aed"><title>{t.kind}</title></circle>')
    for dl in geo.dimension_lines:
        out.append(f'<line x1="{_f(dl.p0[0])}" y1="{_f(dl.p0[1])}" x2="{_f(dl.p1[0])}" y2="{_f(dl.p1[1])}" stroke="#7c3aed" '
                   'stroke-width="0.6" stroke-dasharray="2 1"/>')
    for lead in geo.leaders:
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in lead.points)
        out.append(f'<polyline points="{pts}" fill="none" stroke="#a855f7" stroke-width="0.6"/>')
    for d in results.get("dimensions", ()):
        out.append(_box(d.bbox, 'fill="#3b82f6" fill-opacity="0.12" stroke="#1d4ed8" stroke-width="0.5"',
                        f"{d.kind}: {d.text} = {d.nominal} {d.upper}/{d.lower} ({d.geometry})"))
        out.append(f'<text x="{_f(d.bbox.x0)}" y="{_f(d.bbox.top - 1)}" font-size="4" fill="#1d4ed8">{escape(d.text)}</text>')
    for c in results.get("callouts", ()):
        cx, cy = c.bbox.center
        out.append(_box(c.bbox, 'fill="#14b8a6" fill-opacity="0.12" stroke="#0f766e" stroke-width="0.5"', f"{c.kind}: {c.text}"))
        out.append(f'<line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(c.target[0])}" y2="{_f(c.target[1])}" stroke="#0f766e" '
                   'stroke-width="0.4" stroke-dasharray="1 1"/>')
    return out


def _f4(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


__all__ = ["to_svg"]
