"""The page review: what a page could not be read for, said loudly as page diagnostics.

Runs after the structure analyzers and looks at the page and their results:

* ``TEXT_AS_GRAPHICS``: the visible text is drawn as vector shapes. Glyph-sized shapes (paths, or subpaths
  of larger paths, whose longest side is 0.8-20 pt) outnumber the visible text characters (those read
  from the page's text layer; characters read back from shapes do not count) more than
  :data:`SHAPES_PER_CHAR` to one (at least :data:`MIN_SHAPES` of them; counting stops there, so the
  message gives a lower bound); a hidden text layer beside them is counted in the message. On the shared
  corpus, pages with a real text layer have at most 9 such shapes per visible character, and pages drawn
  as outlines or strokes have at least 200 (docs/confidence.md). Said only when ingest read none of it
  back (:mod:`pdftract.ingest.drawn_text` says itself what it read, ``GLYPHS_RECOVERED``, and what it left
  unread, ``TEXT_AS_GRAPHICS``).
* ``NO_TITLE_BLOCK``: the sheet has a drawing frame (long rules near all four edges), linework beyond it
  (:data:`MIN_LINEWORK` segments: a bordered manual cover is no sheet) and no title block was found.
* ``LOW_CONFIDENCE``: title-block fields, tables, dimensions or feature control frames whose
  ``confidence`` is below :data:`pdftract.analyzers.confidence.LOW`, listed by key or index.

Its own result (``review``) summarises the same: ``{"text_as_graphics": bool, "framed": bool,
"low_confidence": int}``.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("DWG NO", 10, 10)])
>>> review_page(sheet, None, (), (), ()).value
{'framed': False, 'low_confidence': 0, 'text_as_graphics': False}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from typing_extensions import TypedDict

import numpy as np

from pdftract.analyzers.confidence import LOW
from pdftract.analyzers.dimensions import Dimension
from pdftract.analyzers.gdt import FeatureControlFrame
from pdftract.analyzers.tables import Table
from pdftract.analyzers.title_block import TitleBlock
from pdftract.errors import Code
from pdftract.ingest.drawn_text import MIN_SHAPES, SHAPES_PER_CHAR, glyph_sized_shapes, path_boxes, text_looks_drawn
from pdftract.model.primitives import UnicodeSource, stroked_rows
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.registry import Reported, analyzer, output

#: path segments a framed page needs to count as a drawing sheet for NO_TITLE_BLOCK (a frame is 4-20; the
#: bordered cover of a Word manual has 82, the sparsest framed sheet of the corpora without a block 440)
MIN_LINEWORK = 200


def _framed(sheet: SheetLike) -> bool:
    """Stroked straight lines near all four edges of the page, each edge's pieces on one line covering 60 %
    of it: a drawing frame (a border, often broken by zone ticks), as a sheet has and a manual page or a
    sketch has not. Only stroked paths reaching into an edge band (the outer 12 %) are looked into."""
    w, h = sheet.width, sheet.height
    paths = sheet.paths
    stroked = stroked_rows(paths)  # (a page of a million paths is not made into objects to ask this)
    if not len(stroked):
        return False
    boxes = path_boxes(paths)[stroked]
    near = (boxes[:, 1] <= 0.12 * h) | (boxes[:, 3] >= 0.88 * h) | (boxes[:, 0] <= 0.12 * w) | (boxes[:, 2] >= 0.88 * w)
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for i in np.flatnonzero(near).tolist():
        for kind, points in paths[int(stroked[i])].pieces():  # (no Segment objects made)
            if kind not in ("line", "close"):
                continue
            (x0, y0), (x1, y1) = points[0], points[-1]
            if abs(y1 - y0) <= 1.0 and (y0 <= 0.12 * h or y0 >= 0.88 * h):
                runs.setdefault(("top" if y0 <= 0.12 * h else "bottom", round(y0)), []).append((min(x0, x1), max(x0, x1)))
            elif abs(x1 - x0) <= 1.0 and (x0 <= 0.12 * w or x0 >= 0.88 * w):
                runs.setdefault(("left" if x0 <= 0.12 * w else "right", round(x0)), []).append((min(y0, y1), max(y0, y1)))
    covered = set()
    for (edge, _pos), pieces in runs.items():
        total, end = 0.0, float("-inf")
        for a, b in sorted(pieces):
            if b > end:
                total += b - max(a, end)
                end = b
        if total >= 0.6 * (w if edge in ("top", "bottom") else h):
            covered.add(edge)
    return len(covered) == 4


class ReviewJSON(TypedDict):
    """The page review in the JSON output (``pages[].review``; its diagnostics are in ``pages[].diagnostics``)."""

    framed: bool
    low_confidence: int
    text_as_graphics: bool


def review_page(sheet: SheetLike, title_block: TitleBlock | None, tables: Sequence[Table], dimensions: Sequence[Dimension],
                frames: Sequence[FeatureControlFrame]) -> Reported:
    """The review of one page: its diagnostics and a summary (see the module docstring)."""
    diags: list[Diagnostic] = []
    hidden = sum(1 for g in sheet.glyphs if g.invisible and g.text.strip())
    # the page's own text layer decides whether its text is drawn; ingest says what it read back and left unread
    drawn, shapes, visible = text_looks_drawn([g for g in sheet.glyphs if not g.synthetic], sheet.paths)
    recovered = sum(1 for g in sheet.glyphs if g.synthetic and g.source is not UnicodeSource.PATH_MATCH and g.text.strip())
    said = any(d.code is Code.TEXT_AS_GRAPHICS for d in sheet.root.diagnostics)
    if drawn and not said and not recovered:
        layer = f"; a hidden text layer of {hidden} characters lies beside them" if hidden else ""
        diags.append(Diagnostic.make(
            Code.TEXT_AS_GRAPHICS,
            f"the visible text looks drawn as vector shapes: at least {shapes} glyph-sized shapes against {visible} visible "
            f"text characters{layer}; none of it could be read back, so text, title block, tables and dimensions drawn "
            "that way are not read",
            severity=Severity.WARNING, page=sheet.number, analyzer="review",
            shapes=shapes, visible_chars=visible, hidden_chars=hidden))
    framed = _framed(sheet)
    # a frame round a page with little linework (a manual's bordered cover) is no drawing sheet
    if framed and title_block is None and sum(p.segment_count for p in sheet.paths) >= MIN_LINEWORK:
        why = " (its text is drawn as graphics)" if drawn else ""
        diags.append(Diagnostic.make(
            Code.NO_TITLE_BLOCK, f"the sheet has a drawing frame but no title block was found{why}",
            severity=Severity.WARNING, page=sheet.number, analyzer="review"))
    low: dict[str, list[Any]] = {}
    if title_block is not None:
        fields = [k for k, f in title_block.fields.items() if f.confidence < LOW]
        if fields:
            low["title_block"] = fields
    groups: tuple[tuple[str, Sequence[Table | Dimension | FeatureControlFrame]], ...] = (
        ("tables", tables), ("dimensions", dimensions), ("gdt_frames", frames))
    for name, items in groups:
        idx = [i for i, it in enumerate(items) if it.confidence < LOW]
        if idx:
            low[name] = idx
    count = sum(len(v) for v in low.values())
    if count:
        parts = "; ".join(f"{k} {', '.join(str(x) for x in v)}" for k, v in low.items())
        diags.append(Diagnostic.make(
            Code.LOW_CONFIDENCE, f"{count} results read with confidence below {LOW}: {parts}",
            severity=Severity.WARNING, page=sheet.number, analyzer="review", **low))
    summary: ReviewJSON = {"framed": framed, "low_confidence": count, "text_as_graphics": drawn}
    return Reported(summary, tuple(diags))


@analyzer("review", requires={"glyphs", "paths", "title_block", "tables", "dimensions", "gdt_frames"}, assigns={"review"})
def review_analyzer(sheet: Sheet, settings: None) -> Reported:
    """Page diagnostics for what could not be read: text drawn as graphics, a frame without a title block,
    results of low confidence."""
    r = sheet.results
    return review_page(sheet, r.get("title_block"), r.get("tables", ()), r.get("dimensions", ()), r.get("gdt_frames", ()))



output("review", schema=ReviewJSON)

__all__ = ["MIN_SHAPES", "SHAPES_PER_CHAR", "glyph_sized_shapes", "review_page"]
