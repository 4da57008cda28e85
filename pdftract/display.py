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
from pdftract.registry import output_for
from pdftract.svg import box as _box
from pdftract.svg import num as _f
from pdftract.svg import num4 as _f4

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike

#: one colour per result key (distinct for the first twelve keys of a page)
_RESULT_COLOURS = ("#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#bcbd22", "#1f3a93",
                   "#7f7f7f", "#00a86b", "#b8860b")


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


LEGEND_WIDTH = 150.0


def result_colours(sheet: SheetLike) -> dict[str, str]:
    """The colour each result key of ``sheet`` is drawn in (by its place among the results)."""
    results = getattr(sheet, "results", None) or {}
    return {str(key): _RESULT_COLOURS[n % len(_RESULT_COLOURS)] for n, key in enumerate(results)}


def iter_result_boxes(sheet: SheetLike) -> Iterator[tuple[str, BBox, str]]:
    """(result key, box, label) for every box found in ``sheet``'s analyzer results."""
    for key, value in (getattr(sheet, "results", None) or {}).items():
        for box, label in _iter_boxes(value):
            yield str(key), box, label


def to_svg(
    sheet: SheetLike,
    *,
    glyph_boxes: bool = True,
    text: bool = True,
    results: bool = True,
    words: bool = False,
    debug: bool = False,
    legend: bool = True,
    scale: float = 1.0,
) -> str:
    """Draw ``sheet`` as an SVG document.

    Paths in their own stroke and fill colours; glyph boxes in light blue
    (invisible text in magenta); glyph text placed with its own matrix so
    rotated text reads as on the page. Characters recovered from drawn shapes
    (``path_match``, drawn text) are not written over the shapes they came
    from: their box is dashed green and the reading is its tooltip. Raster
    images are outlined (dashed brown) with their size as tooltip, never
    filled, so a shaded view does not hide the sheet. Analyzer results are
    labelled coloured boxes; with ``words=True`` also word boxes in green.
    ``debug=True`` adds what each analyzer registered to show how it decided
    (:func:`pdftract.registry.output`): table rules, bands and cells, cloud
    polygons, terminators, dimension lines, leaders, dimensions with their
    reading, callouts joined to their targets, GD&T compartments. ``legend``
    adds a key to the right of the sheet. ``scale`` sets the pixel size (1 px
    per point by default).
    """
    w, h = sheet.width, sheet.height
    full_w = w + (LEGEND_WIDTH if legend else 0.0)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(full_w * scale)}" height="{_f(h * scale)}" '
        f'viewBox="0 0 {_f(full_w)} {_f(h)}">',
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
    if sheet.images:
        out.append('<g id="images">')
        for img in sheet.images:
            style = 'fill="none" stroke="#b45309" stroke-width="0.6" stroke-dasharray="4 2"'
            out.append(_box(img.bbox, style, f"image {img.name or ''} {img.width_px}x{img.height_px} px".replace("  ", " ")))
        out.append("</g>")
    if glyph_boxes or text:
        out.append('<g id="glyphs">')
        for g in sheet.glyphs:
            if g.synthetic and not g.invisible:
                out.append(_box(g.bbox, 'fill="none" stroke="#16a34a" stroke-width="0.3" stroke-dasharray="1 0.5"',
                                f"{g.text} ({g.source.value}, {g.confidence:.2f})"))
                continue
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
    root_results = (getattr(sheet, "results", None) or {}) if results or debug else {}
    colours = result_colours(sheet)
    if results:
        for key, value in root_results.items():
            colour = colours[key]
            out.append(f"<g id={quoteattr('result-' + str(key))}>")
            style = f'fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-width="0.6"'
            for box, label in _iter_boxes(value):
                out.append(_box(box, style, f"{key}: {label}" if label else str(key)))
            out.append("</g>")
    drawn: list[str] = []
    if debug:
        out.append('<g id="debug">')
        for key, value in root_results.items():
            hook = output_for(key)
            if hook is not None and hook.draw is not None and value:
                out.append(f"<g id={quoteattr('debug-' + str(key))}>")
                out.extend(hook.draw(sheet, value))
                out.append("</g>")
                drawn.append(key)
        out.append("</g>")
    if legend:
        shown = {k: c for k, c in colours.items() if any(True for _ in _iter_boxes(root_results.get(k)))} if results else {}
        out.extend(_legend(sheet, w, shown, drawn))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(sheet: SheetLike, x: float, colours: dict[str, str], debug_keys: list[str]) -> list[str]:
    """A key to the drawing, in a column right of the sheet."""
    entries: list[tuple[str, str]] = [
        ('fill="none" stroke="#3b82f6" stroke-width="0.6"', "glyph box"),
        ('fill="none" stroke="#e11d48" stroke-width="0.6"', "invisible text (3 Tr)"),
        ('fill="none" stroke="#16a34a" stroke-width="0.6" stroke-dasharray="1 0.5"', "read from drawn shapes"),
        ('fill="none" stroke="#b45309" stroke-width="0.6" stroke-dasharray="4 2"', "raster image"),
    ]
    for key, colour in colours.items():
        entries.append((f'fill="{colour}" fill-opacity="0.15" stroke="{colour}" stroke-width="0.6"', f"result: {key}"))
    for key in debug_keys:
        entries.append(('fill="none" stroke="#64748b" stroke-width="0.6" stroke-dasharray="2 1"', f"how: {key}"))
    out = [f'<g id="legend" font-family="sans-serif" font-size="8" transform="translate({_f(x)} 0)">',
           f'<rect x="0" y="0" width="{_f(LEGEND_WIDTH)}" height="{_f(max(sheet.height, 14.0 * len(entries) + 24))}" fill="#f8fafc"/>',
           '<text x="6" y="14" font-weight="bold" font-size="9">legend</text>']
    for i, (style, label) in enumerate(entries):
        y = 24 + 14 * i
        out.append(f'<rect x="6" y="{_f(y)}" width="12" height="8" {style}/>')
        out.append(f'<text x="22" y="{_f(y + 7)}">{escape(label)}</text>')
    out.append("</g>")
    return out


__all__ = ["LEGEND_WIDTH", "iter_result_boxes", "result_colours", "to_svg"]
