"""How documents, sheets and results show themselves in a notebook (Jupyter's ``_repr_html_``/``_repr_svg_``).

* a :class:`~pdftract.model.document.Document`: one row per selected page with a small drawing of the
  sheet and its counts (the first :data:`MAX_THUMBNAILS` pages; the rest are listed without a drawing);
* a title block: its fields with label, evidence and confidence;
* a table: an HTML table under its printed header;
* a dimension, feature control frame or callout: its values;
* ``sheet.view(item)``: the part of the sheet around one result with the result drawn over it;
  ``sheet.view("dimensions")``: every result under a key, each with its crop.

Everything here is deterministic HTML/SVG text with no scripts.

>>> from pdftract.testing import make_sheet
>>> html = ResultView(make_sheet(text=[("R1", 20, 20)]), "missing")._repr_html_()
>>> "no results under" in html
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from pdftract.display import to_svg
from pdftract.geometry import BBox
from pdftract.svg import num

if TYPE_CHECKING:
    from pdftract.model.sheet import SheetLike

#: pages drawn as thumbnails in a document's notebook view
MAX_THUMBNAILS = 12
#: pages with more paths than this are drawn without their paths (results and text boxes only)
THUMBNAIL_MAX_PATHS = 20000
_STYLE = "border-collapse:collapse;font-family:sans-serif;font-size:12px"
_CELL = "border:1px solid #cbd5e1;padding:2px 6px;text-align:left;vertical-align:top"


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]], caption: str = "") -> str:
    head = "".join(f'<th style="{_CELL};background:#f1f5f9">{escape(str(h))}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{c if isinstance(c, _Raw) else escape(_text(c))}</td>' for c in row)
                   + "</tr>" for row in rows)
    cap = f'<caption style="text-align:left;font-weight:bold">{escape(caption)}</caption>' if caption else ""
    return f'<table style="{_STYLE}">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


class _Raw(str):
    """Markup placed into a cell as is."""


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (tuple, list)):
        return ", ".join(_text(x) for x in v)
    return str(getattr(v, "value", v)) if hasattr(v, "value") and not isinstance(v, str) else str(v)


def table_html(table: Any) -> str:
    """A table as HTML: its printed header, its data rows, kind and confidence in the caption."""
    caption = f"{table.kind.value} table, {len(table.rows)} rows, confidence {table.confidence:.2f}"
    return _table(list(table.header) or list(table.columns), table.rows, caption)


def title_block_html(tb: Any) -> str:
    """A title block as HTML: one row per field (canonical fields first, then the others by their label)."""
    rows = [(k, f.value, f.label, f.evidence, f"{f.confidence:.2f}") for k, f in tb.fields.items()]
    rows += [(f"({k})", f.value, f.label, f.evidence, f"{f.confidence:.2f}") for k, f in tb.other.items()]
    return _table(("field", "value", "label", "found", "confidence"), rows, "title block")


def item_html(item: Any) -> str:
    """One result (a dimension, a frame, a callout) as a two-column table of its JSON values."""
    data = item.to_dict()
    rows = [(k, v) for k, v in data.items() if k not in ("glyph_ids", "compartments", "leader")]
    return _table(("", type(item).__name__), rows)


def _bbox_of(item: Any) -> BBox | None:
    box = getattr(item, "bbox", None)
    return box if isinstance(box, BBox) else None


def crop_svg(sheet: SheetLike, box: BBox, *, margin: float = 30.0, width_px: float = 320.0) -> str:
    """The part of ``sheet`` around ``box`` (``margin`` points each side) as an SVG ``width_px`` wide, with
    ``box`` outlined in red (only the primitives touching that part are written)."""
    x0, top = max(0.0, box.x0 - margin), max(0.0, box.top - margin)
    x1, bottom = min(sheet.width, box.x1 + margin), min(sheet.height, box.bottom + margin)
    full = to_svg(sheet.crop((x0, top, x1, bottom)), legend=False, glyph_boxes=False, results=False)
    w, h = max(x1 - x0, 1.0), max(bottom - top, 1.0)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width_px)}" height="{num(width_px * h / w)}" '
            f'viewBox="{num(x0)} {num(top)} {num(w)} {num(h)}">')
    body = re.sub(r"^<svg[^>]*>", "", full, count=1)
    mark = (f'<rect x="{num(box.x0)}" y="{num(box.top)}" width="{num(box.width)}" height="{num(box.height)}" '
            'fill="none" stroke="#dc2626" stroke-width="1.2"/></svg>')
    return head + body.replace("</svg>", mark, 1)


class ResultView:
    """A notebook view of one result (``sheet.view(item)``) or of every result under a key (``sheet.view("tables")``)."""

    def __init__(self, sheet: SheetLike, what: Any) -> None:
        self.sheet = sheet
        self.what = what

    def __repr__(self) -> str:
        what = self.what if isinstance(self.what, str) else type(self.what).__name__
        return f"<ResultView {what} on page {self.sheet.number}>"

    def _items(self) -> list[Any]:
        if isinstance(self.what, str):
            value = (getattr(self.sheet, "results", None) or {}).get(self.what)
            if value is None:
                return []
            return list(value) if isinstance(value, (list, tuple)) else [value]
        return [self.what]

    def _repr_html_(self) -> str:
        items = self._items()
        if not items:
            keys = ", ".join(getattr(self.sheet, "results", None) or {}) or "none (run pdftract.analyze)"
            return (f"<p>no results under {escape(str(self.what))!s} on page {self.sheet.number} "
                    f"(result keys here: {escape(keys)})</p>")
        rows = []
        for i, item in enumerate(items):
            box = _bbox_of(item)
            crop = _Raw(crop_svg(self.sheet, box)) if box is not None else ""
            rows.append((i, _Raw(escape(repr(item))), crop))
        return _table(("#", "result", "on the sheet"), rows, f"page {self.sheet.number}")


def document_html(doc: Any) -> str:
    """A document as HTML: its source, then one row per selected page with a thumbnail and its counts."""
    rows = []
    for i, number in enumerate(doc.page_numbers):
        sheet = doc.page(number)
        r = sheet.results
        tb = r.get("title_block")
        dn = tb.value("drawing_number") if tb is not None and hasattr(tb, "value") else None
        thumb: Any = ""
        if i < MAX_THUMBNAILS:
            few_paths = len(sheet.paths) <= THUMBNAIL_MAX_PATHS
            svg = to_svg(sheet, legend=False, glyph_boxes=False, text=few_paths, scale=180.0 / max(sheet.width, 1.0))
            if not few_paths:
                svg = re.sub(r'<g id="paths".*?</g>\n', "", svg, count=1, flags=re.S)
            thumb = _Raw(svg)
        problems = sum(1 for d in sheet.diagnostics if d.severity.value != "info")
        rows.append((number, thumb, len(sheet.glyphs), len(sheet.paths), dn or "",
                     len(r.get("tables", ())), len(r.get("dimensions", ())), len(r.get("gdt_frames", ())), problems))
    name = doc.source.path or "<bytes>"
    caption = f"{name}: {doc.page_count} page{'s' if doc.page_count != 1 else ''}"
    return _table(("page", "sheet", "glyphs", "paths", "drawing number", "tables", "dimensions", "GD&T frames",
                   "diagnostics"), rows, caption)


__all__ = ["MAX_THUMBNAILS", "ResultView", "crop_svg", "document_html", "item_html", "table_html", "title_block_html"]
