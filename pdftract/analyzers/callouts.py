"""Callouts: leaders and balloons paired with their text (DESIGN §6 ``pages[].callouts[]``).

Every leader of :mod:`pdftract.analyzers.leaders` (a line chain with a
terminator at one end) is followed to its free end:

* a circle there (the free end on its rim) is a **balloon**: its text is the
  item number, linked to the BOM row with that item when the sheet has a BOM;
* else the text block nearest the free end (within ``reach`` × its font size)
  is the callout text: its line plus the lines stacked with it in one block
  (a two-line hole note). Leaders whose text is a dimension (``⌀10 H7``) are
  the dimension's, not a callout.

``kind``: ``balloon``, ``thread`` (``M6x1.0-6H``, ``1/4-20 UNC-2B``, ``#4-40``),
``hole`` (``⌀`` with ``THRU``/``DEEP``/counterbore/countersink or ``DIN 974``),
``chamfer``, ``surface_finish`` (``Ra``/``Rz``), ``weld``, ``view_label`` (a lone section letter at a
cutting-plane arrow), else ``note``. The
``target`` is the terminator point (the tip of the arrow, the centre of the dot).

>>> from pdftract.testing import make_sheet, line_path
>>> arrow = line_path(0, [(100.0, 100.0), (106.9, 97.3), (105.2, 94.8)], closed=True, fill=True)
>>> sheet = make_sheet(lines=[(100, 100, 130, 80), (130, 80, 150, 80)], paths=[arrow],
...                    text=[("2X M6x1.0-6H THRU", 152, 83)])
>>> (c,) = find_callouts(sheet)
>>> c.kind, c.text, c.target
('thread', '2X M6x1.0-6H THRU', (100.0, 100.0))
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pdftract.analyzers.dimensions import Dimension, schematic_like
from pdftract.analyzers.leaders import (
    Leader,
    LeaderGeometry,
    geometry_for,
    point_box_distance,
    segment_box_distance,
)
from pdftract.analyzers.notation import canonical_symbols
from pdftract.analyzers.tables import Table, TableKind
from pdftract.geometry import BBox, clip
from pdftract.index import BoxIndex, BoxSet
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Line
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.jsonvalues import Box, Pt, bbox_out, pt_out
from pdftract.registry import analyzer, output
from pdftract.settings import Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class CalloutSettings(Settings):
    reach: float = 1.3  # how far the text may sit from the leader's free end, × its font size
    rim: float = 0.12  # how far off a balloon's rim the free end may be, × its radius (at least 1 pt)

    def validate(self) -> None:
        if self.reach <= 0:
            self.fail("reach", "must be > 0")


class CalloutJSON(TypedDict):
    """A leader callout or balloon in the JSON output (``pages[].callouts[]``)."""

    text: str
    kind: str
    target: Pt
    terminator: str
    item: int | None
    bom: dict[str, Any] | None
    bbox: Box
    leader: list[Pt]
    glyph_ids: list[int]
    thread: dict[str, Any] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Callout:
    text: str
    kind: str
    target: tuple[float, float]
    bbox: BBox
    terminator: str
    item: int | None = None
    bom: dict[str, Any] | None = None  # {"table": i, "row": j, "record": {...}} for a balloon naming a BOM item
    glyph_ids: tuple[int, ...] = ()
    leader: tuple[tuple[float, float], ...] = ()
    thread: dict[str, Any] | None = None  # the parsed designation of a thread callout (see parse_thread)
    debug: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_dict(self) -> CalloutJSON:
        return {
            "text": self.text, "kind": self.kind, "target": pt_out(self.target),
            "terminator": self.terminator, "item": self.item, "bom": self.bom, "bbox": bbox_out(self.bbox),
            "leader": [pt_out(p) for p in self.leader], "glyph_ids": list(self.glyph_ids),
            "thread": self.thread,
        }

    def __repr__(self) -> str:
        return f"<Callout {self.kind} {clip(self.text)!r} -> ({self.target[0]:.1f}, {self.target[1]:.1f})>"

    def _repr_html_(self) -> str:
        from pdftract.notebook import item_html

        return item_html(self)

_THREAD = re.compile(r"\bM\d+(?:[.,]\d+)?(?:\s*[xX×]\s*\d+(?:[.,]\d+)?)?\s*(?:-\s*\d[gGhH]|\b)|\d+/\d+\s*-\s*\d+\s*UN|#?\d+\s*-\s*\d+\s*UN|\bUN[CFS]\b|\bNPT\b|\bG\s?\d/\d|\btapped\b", re.IGNORECASE)
_HOLE = re.compile(r"\b(?:THRU|DEEP|TIEF)\b|[⌴⌵↧]|\bDIN\s*974\b|\bC(?:BORE|SINK)\b|\bSPOTFACE\b", re.IGNORECASE)
_CHAMFER = re.compile(r"\bCHAMFER\b|\bFASE\b|\d\s*[xX×]\s*45\s*°?|45\s*°\s*[xX×]", re.IGNORECASE)
_FINISH = re.compile(r"\bR[az]\s*\d|\bRMAX\b", re.IGNORECASE)
_WELD = re.compile(r"\bWELD\b|\bFILLET\b", re.IGNORECASE)


_METRIC = re.compile(r"\bM(\d+(?:[.,]\d+)?)(?:\s*[xX×]\s*(\d+(?:[.,]\d+)?))?(?:\s*-\s*(\d[gGhHeEfF](?:\d[gGhHeEfF])?))?")
_UNIFIED = re.compile(r"(#\d+|\d+/\d+|\d+(?:\.\d+)?)\s*-\s*(\d+)\s*(UNC|UNF|UNEF|UNS|UN)?(?:\s*-\s*(\d[AB]))?", re.IGNORECASE)
_COUNT_PREFIX = re.compile(r"^\s*(\d+)\s*[xX×]\s")
_DEPTH = re.compile(r"↧\s*(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s*DEEP\b|\bDEEP\s*(\d+(?:[.,]\d+)?)", re.IGNORECASE)


def parse_thread(text: str) -> dict[str, Any] | None:
    """The thread a callout names: ISO metric (``M6x1.0-6H``) or unified (``1/4-20 UNC-2B``, ``#4-40``),
    with the count (``2X``) and the depth (``THRU``, ``↧12``, ``12 DEEP``) when printed.

    >>> parse_thread("2X M6x1.0-6H THRU")
    {'standard': 'metric', 'designation': 'M6x1.0-6H', 'diameter': 6.0, 'pitch': 1.0, 'class': '6H', 'count': 2, 'depth': 'THRU'}
    >>> parse_thread("4-40 UNC - 2B")["designation"], parse_thread("3x #4-40 tapped hole")["tpi"]
    ('4-40 UNC-2B', 40)
    """
    from pdftract.analyzers.notation import parse_number

    out: dict[str, Any] | None = None
    m = _METRIC.search(text)
    if m and (m.group(2) or m.group(3) or re.search(r"\bM\d+(?:[.,]\d+)?\s*(?:-|THRU|DEEP|↧|$)", text)):
        pitch = parse_number(m.group(2)) if m.group(2) else None
        designation = f"M{m.group(1)}" + (f"x{m.group(2)}" if m.group(2) else "") + (f"-{m.group(3)}" if m.group(3) else "")
        out = {"standard": "metric", "designation": designation, "diameter": parse_number(m.group(1)), "pitch": pitch,
               "class": m.group(3)}
    else:
        u = _UNIFIED.search(text)
        if u and (u.group(3) or u.group(1).startswith("#") or "/" in u.group(1)):
            series = u.group(3).upper() if u.group(3) else None
            designation = f"{u.group(1)}-{u.group(2)}" + (f" {series}" if series else "") + (f"-{u.group(4).upper()}" if u.group(4) else "")
            out = {"standard": "unified", "designation": designation, "size": u.group(1), "tpi": int(u.group(2)),
                   "series": series, "class": u.group(4).upper() if u.group(4) else None}
    if out is None:
        return None
    c = _COUNT_PREFIX.match(text)
    out["count"] = int(c.group(1)) if c else 1
    d = _DEPTH.search(text)
    out["depth"] = "THRU" if re.search(r"\bTHRU\b", text, re.IGNORECASE) else (next(g for g in d.groups() if g) if d else None)
    return out


_VIEW = re.compile(r"^[A-Z]{1,2}\d?$")


def callout_kind(text: str) -> str:
    """The callout kind a note's text says (``thread``, ``hole``, ``chamfer``, ``surface_finish``, ``weld``, ``note``).

    >>> callout_kind("⌀6,00 THRU DIN 974 - ⌀10,50 X 6,50"), callout_kind("4 x CHAMFER 0,2"), callout_kind("Ra 1.6")
    ('hole', 'chamfer', 'surface_finish')
    """
    if _VIEW.match(text.strip()):
        return "view_label"  # a section or detail letter at a cutting-plane arrow
    if _THREAD.search(text):
        return "thread"
    if _HOLE.search(text):
        return "hole"
    if _CHAMFER.search(text):
        return "chamfer"
    if _FINISH.search(text):
        return "surface_finish"
    if _WELD.search(text):
        return "weld"
    return "note"


def _block(lines: dict[int, Line], start: Line, index: BoxIndex) -> list[Line]:
    """``start`` and the lines stacked with it (same direction, aligned, gap under 0.9 × size), top to bottom."""
    from pdftract.analyzers.dimensions import _frame_axes

    bx, by, nx, ny = _frame_axes(start.direction)

    def frame(ln: Line) -> tuple[float, float, float, float]:
        xs = [ln.bbox.x0 * bx + ln.bbox.top * by, ln.bbox.x1 * bx + ln.bbox.bottom * by, ln.bbox.x0 * bx + ln.bbox.bottom * by,
              ln.bbox.x1 * bx + ln.bbox.top * by]
        ys = [ln.bbox.x0 * nx + ln.bbox.top * ny, ln.bbox.x1 * nx + ln.bbox.bottom * ny, ln.bbox.x0 * nx + ln.bbox.bottom * ny,
              ln.bbox.x1 * nx + ln.bbox.top * ny]
        return min(xs), min(ys), max(xs), max(ys)

    block = [start]
    frames = {start.id: frame(start)}
    grew = True
    while grew and len(block) < 6:
        grew = False
        box = BBox.union_all(ln.bbox for ln in block).expand(1.5 * start.size)
        for lid in index.intersection(box):
            ln = lines[lid]
            if ln in block or abs((ln.direction - start.direction + 180) % 360 - 180) > 2.0 or ln.invisible != start.invisible:
                continue
            if not 0.6 * start.size <= ln.size <= 1.6 * start.size or len(ln.text.strip()) <= 2:
                continue  # a lone letter or number next to a note is a marker or a label, not a line of it
            f = frame(ln)
            ok = False
            for other in block:
                g = frames[other.id]
                gap = max(f[1] - g[3], g[1] - f[3])
                overlap = min(f[2], g[2]) - max(f[0], g[0])
                if gap <= 0.9 * start.size and (abs(f[0] - g[0]) <= 1.5 * start.size or overlap > 0.5 * min(f[2] - f[0], g[2] - g[0])):
                    ok = True
                    break
            if ok:
                block.append(ln)
                frames[ln.id] = f
                grew = True
    block.sort(key=lambda ln: (frames[ln.id][1], frames[ln.id][0]))
    return block


def _bom_link(tables: Sequence[Table], item: int) -> dict[str, Any] | None:
    for ti, t in enumerate(tables):
        if t.kind != TableKind.BOM or "item" not in t.columns:
            continue
        col = t.columns.index("item")
        for ri, row in enumerate(t.rows):
            cell = row[col].strip().rstrip(".")
            if cell.isdigit() and int(cell) == item:
                return {"table": ti, "row": ri, "record": t.to_records()[ri]}
    return None


def find_callouts(sheet: SheetLike, settings: CalloutSettings | None = None, dimensions: Sequence[Dimension] = (),
                  tables: Sequence[Table] = ()) -> tuple[Callout, ...]:
    s = settings or CalloutSettings()
    if not sheet.layout.words or schematic_like(sheet):
        return ()  # arrows on wires and pins name nets, not features (schematic labels are their own analyzer)
    geo: LeaderGeometry = geometry_for(sheet)
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    lines = [ln for ln in layout.lines if ln.id not in shadowed and ln.text.strip()]
    by_id = {ln.id: ln for ln in layout.lines}
    line_index = BoxIndex((ln.id, ln.bbox) for ln in lines)
    word_index = sheet.index.words
    table_boxes = BoxSet(t.bbox for t in tables)
    ring_index = BoxIndex((i, c.bbox.expand(max(1.0, s.rim * c.radius))) for i, c in enumerate(geo.circles))
    dim_glyphs = {g for d in dimensions for g in d.glyph_ids}  # every glyph some dimension was read from
    out: list[Callout] = []
    seen: set[tuple[float, float]] = set()
    for lead in geo.leaders:
        key = (round(lead.target[0], 1), round(lead.target[1], 1))
        if key in seen:
            continue
        callout = _balloon(sheet, geo, lead, ring_index, s, tables) or _note(sheet, geo, lead, by_id, line_index, word_index, s,
                                                                         dim_glyphs, table_boxes)
        if callout is not None:
            seen.add(key)
            out.append(callout)
    out.sort(key=lambda c: (round(c.target[1], 1), round(c.target[0], 1), c.text))
    return tuple(out)


def _balloon(sheet: SheetLike, geo: LeaderGeometry, lead: Leader, rings: BoxIndex, s: CalloutSettings,
             tables: Sequence[Table]) -> Callout | None:
    e = lead.free_end
    for i in rings.intersection(BBox(e[0], e[1], e[0], e[1])):
        c = geo.circles[i]
        if abs(math.hypot(e[0] - c.center[0], e[1] - c.center[1]) - c.radius) > max(1.0, s.rim * c.radius):
            continue
        words = [sheet.word(w) for w in sheet.index.words.intersection(c.bbox)]
        inside = [w for w in words if c.bbox.contains_point(w.bbox.center) and not w.invisible]
        if not inside:
            continue
        text = " ".join(w.text for w in sorted(inside, key=lambda w: (w.bbox.top, w.bbox.x0)))
        item = int(text) if text.isdigit() else None
        return Callout(text=text, kind="balloon", target=lead.target, bbox=c.bbox.union(BBox.union_all(w.bbox for w in inside)),
                       terminator=geo.terminators[lead.terminator].kind, item=item,
                       bom=_bom_link(tables, item) if item is not None else None,
                       glyph_ids=tuple(sorted(g for w in inside for g in w.glyph_ids)), leader=lead.points)
    return None


#: what makes a multi-line note a hole callout: counterbore, countersink, depth (symbols or words)
_HOLE_FEATURE = re.compile(r"[⌴⌵↧]|\b(?:CBORE|C'BORE|CSK|CSINK|C'SINK|DEEP|SPOTFACE|SF)\b", re.IGNORECASE)


def _note(sheet: SheetLike, geo: LeaderGeometry, lead: Leader, by_id: dict[int, Line], line_index: BoxIndex, word_index: BoxIndex,
          s: CalloutSettings, dim_glyphs: set[int], table_boxes: BoxSet) -> Callout | None:
    e = lead.free_end
    p_last = lead.points[-2]
    seg_dir = math.degrees(math.atan2(-(e[1] - p_last[1]), e[0] - p_last[0])) % 360
    best: tuple[float, int] | None = None
    box = BBox.from_points((p_last, e)).expand(40.0) if len(lead.points) > 2 else BBox(e[0] - 40, e[1] - 40, e[0] + 40, e[1] + 40)
    for wid in word_index.intersection(box):
        w = sheet.word(wid)
        if w.invisible or not w.text.strip() or w.line_id not in by_id:
            continue
        d = point_box_distance(e, w.bbox)
        if d > s.reach * w.size and len(lead.points) > 2:
            # text written along the shoulder, which runs on under it (Inventor, AutoCAD)
            turn = abs((w.direction - seg_dir + 90) % 180 - 90)
            if turn <= 5.0 and segment_box_distance(p_last, e, w.bbox) <= 0.8 * w.size:
                d = s.reach * w.size
        if d <= s.reach * w.size and (best is None or d < best[0]):
            best = (d, wid)
    if best is None:
        return None
    word = sheet.word(best[1])
    start = by_id[word.line_id]
    if start.bbox.center in table_boxes:
        return None
    block = _block(by_id, start, line_index)
    glyphs = tuple(sorted(g for ln in block for g in ln.glyph_ids))
    text = canonical_symbols(" ".join(ln.text.strip() for ln in block))
    # a hole note over several lines (⌀4,00 THRU / ⌴ ⌀7,00) is one callout even when its values are dimensions
    composite = len(block) > 1 and _HOLE_FEATURE.search(text) is not None
    if glyphs and not composite and sum(1 for g in glyphs if g in dim_glyphs) >= 0.9 * len(glyphs):
        return None  # the leader or dimension line of dimensions (⌀10 H7 THRU): reported with them
    kind = callout_kind(text)
    return Callout(text=text, kind=kind, target=lead.target, bbox=BBox.union_all(ln.bbox for ln in block),
                   terminator=geo.terminators[lead.terminator].kind, glyph_ids=glyphs, leader=lead.points,
                   thread=parse_thread(text) if kind == "thread" else None)


@analyzer("callouts", requires={"words", "paths", "dimensions", "tables"}, assigns={"callouts"}, settings=CalloutSettings)
def callouts_analyzer(sheet: Sheet, settings: CalloutSettings) -> tuple[Callout, ...]:
    """Leader notes and item balloons with their targets; balloons linked to BOM rows."""
    return find_callouts(sheet, settings, sheet.results.get("dimensions", ()), sheet.results.get("tables", ()))



def draw_callouts(sheet: SheetLike, callouts: Sequence[Callout]) -> list[str]:
    """Debug layer: each callout (teal) joined to its target by a dotted line."""
    out: list[str] = []
    for c in callouts:
        out.append(svg.box(c.bbox, 'fill="#14b8a6" fill-opacity="0.12" stroke="#0f766e" stroke-width="0.5"', f"{c.kind}: {c.text}"))
        out.append(svg.line(c.bbox.center, c.target, 'stroke="#0f766e" stroke-width="0.4" stroke-dasharray="1 1"'))
    return out


output("callouts", draw=draw_callouts, schema=list[CalloutJSON])


__all__ = ["Callout", "CalloutSettings", "callout_kind", "find_callouts", "parse_thread"]
