"""Feature control frames and datum feature symbols (``gdt_frames``, ``datum_features``).

A feature control frame is a row of ruled compartments: the geometric
characteristic symbol, the tolerance (``⌀`` for a cylindrical zone, the value,
material-condition and other modifiers ``Ⓜ Ⓛ Ⓢ Ⓟ Ⓕ Ⓣ Ⓤ``), then up to three
datum references (``A``, ``B-C``, ``BⓂ``). A composite frame stacks two such rows
that share one tall characteristic compartment.

How frames are found, from the characteristic symbol outwards:

1. every glyph whose text is a characteristic symbol (from any rung of glyph
   recovery: ToUnicode, a font table, an outline match, a symbol drawn as
   paths) seeds a search;
2. the ruled cell round it (:func:`pdftract.analyzers.grid.cell_around`, in the
   glyph's own frame, so frames at 90° work the same) is the characteristic
   compartment when it is no taller than a few text heights;
3. probing just right of it finds one row of compartments of the same height,
   or two rows of half its height (composite); each row is walked rightwards
   while the next cell has the same top and bottom and holds something;
4. the text of each compartment is read from its glyphs in reading order.

Datum feature symbols are a single capital letter in a small closed square,
not part of a frame, with a line from the square to a filled triangle.

Links: ``dimension`` is the index of the dimension the frame sits against (in
``dimensions``), ``target`` the point a leader from the frame ends on. Partial:
a leader to a surface is given as its point only (no feature record exists
yet); frames whose compartments are not ruled are not found. A straightness
``⏤`` drawn as a bar is read at ingest when its compartment and the tolerance
after it say so (:func:`pdftract.ingest.path_symbols.compartment_bars`); a bar
ingest left alone is read from the frame around it, in frames at 0° only
(``symbol_source`` ``frame_context``).

>>> from pdftract.analyzers.gdt import parse_tolerance
>>> parse_tolerance("⌀0.05 Ⓜ")
{'value': 0.05, 'diameter_zone': True, 'modifiers': ['Ⓜ'], 'projected': False}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pdftract.analyzers.confidence import clamp, glyph_floor, recovery_factor
from pdftract.analyzers.grid import box_from_frame, box_to_frame, cell_around, rules_for
from pdftract.analyzers.leaders import geometry_for
from pdftract.analyzers.notation import canonical_symbols, parse_number
from pdftract.geometry import BBox, fmt_box
from pdftract.model.primitives import Glyph
from pdftract.model.sheet import Sheet, SheetLike
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.jsonvalues import Box, Pt, Value, bbox_out, pt_out, r2
from pdftract.registry import analyzer, output

#: ASME Y14.5 characteristic names by symbol
CHARACTERISTICS = {
    "⏤": "straightness", "⏥": "flatness", "○": "circularity", "⌭": "cylindricity", "⌒": "profile_of_line",
    "⌓": "profile_of_surface", "∠": "angularity", "⊥": "perpendicularity", "∥": "parallelism", "⌖": "position",
    "◎": "concentricity", "⌯": "symmetry", "↗": "circular_runout", "⌰": "total_runout",
    "⟂": "perpendicularity",  # U+27C2, which some fonts and symbol tables use for ⊥
}
#: modifier symbols that may follow a tolerance value or a datum letter
MODIFIERS = "ⓂⓁⓈⓅⒻⓉⓊ"
_VALUE = re.compile(r"\d*[.,]?\d+")
_DATUM = re.compile(r"^[A-Z](?:\s*-\s*[A-Z])*[" + MODIFIERS + r"]*$")


def parse_tolerance(text: str) -> dict[str, Any]:
    """The parts of a tolerance compartment: value, cylindrical zone, modifiers (in order), projected zone.

    >>> parse_tolerance("Ø0,02")["value"], parse_tolerance("0.1 Ⓟ 12")["projected"]
    (0.02, True)
    """
    t = canonical_symbols(text)
    m = _VALUE.search(t)
    value = parse_number(m.group(0)) if m else None
    mods = [c for c in t if c in MODIFIERS]
    return {"value": value, "diameter_zone": t.lstrip().startswith(("⌀", "S⌀")), "modifiers": mods, "projected": "Ⓟ" in mods}


class FrameJSON(TypedDict):
    """One feature control frame row in the JSON output (``pages[].gdt_frames[]``)."""

    characteristic: str
    symbol: str
    tolerance: str
    value: float | None
    diameter_zone: bool
    modifiers: list[str]
    datums: list[str]
    composite_row: int | None
    compartments: list[Box]
    bbox: Box
    glyph_ids: list[int]
    symbol_source: str
    dimension: int | None
    target: Pt | None
    confidence: float | None


@dataclass(frozen=True)
class FeatureControlFrame:
    """One row of a feature control frame (a composite frame is two, with ``composite_row`` 0 and 1)."""

    characteristic: str
    symbol: str
    tolerance: str
    value: float | None
    diameter_zone: bool
    modifiers: tuple[str, ...]
    datums: tuple[str, ...]
    composite_row: int | None
    compartments: tuple[BBox, ...]
    bbox: BBox
    glyph_ids: tuple[int, ...]
    symbol_source: str = ""
    #: index of the dimension the frame is attached to (in ``dimensions``), or None
    dimension: int | None = None
    #: where the frame's leader points (its terminator tip), or None
    target: tuple[float, float] | None = None
    #: how sure the reading is (see :func:`frame_confidence`)
    confidence: float = 1.0

    def to_dict(self) -> FrameJSON:
        return {
            "characteristic": self.characteristic, "symbol": self.symbol, "tolerance": self.tolerance,
            "value": Value(self.value) if self.value is not None else None, "diameter_zone": self.diameter_zone,
            "modifiers": list(self.modifiers), "datums": list(self.datums), "composite_row": self.composite_row,
            "compartments": [bbox_out(b) for b in self.compartments], "bbox": bbox_out(self.bbox),
            "glyph_ids": list(self.glyph_ids), "symbol_source": self.symbol_source, "dimension": self.dimension,
            "target": pt_out(self.target) if self.target else None,
            "confidence": r2(self.confidence),
        }

    def __repr__(self) -> str:
        datums = "|".join(self.datums)
        return f"<FeatureControlFrame {self.characteristic} {self.symbol} {self.tolerance}{' | ' + datums if datums else ''} ({self.confidence:.2f})>"

    def _repr_html_(self) -> str:
        from pdftract.notebook import item_html

        return item_html(self)

class DatumJSON(TypedDict):
    """A datum feature symbol in the JSON output (``pages[].datum_features[]``)."""

    letter: str
    bbox: Box
    box: Box
    target: Pt | None
    glyph_ids: list[int]


@dataclass(frozen=True)
class DatumFeature:
    """A datum feature symbol: the letter, its square, and the triangle on the feature (``target``)."""

    letter: str
    bbox: BBox
    box: BBox
    target: tuple[float, float] | None
    glyph_ids: tuple[int, ...] = field(default=())

    def to_dict(self) -> DatumJSON:
        return {"letter": self.letter, "bbox": bbox_out(self.bbox), "box": bbox_out(self.box),
                "target": pt_out(self.target) if self.target else None, "glyph_ids": list(self.glyph_ids)}


# -- compartments ------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<DatumFeature {self.letter} at {fmt_box(self.bbox)}>"

Cell = tuple[float, float, float, float]


def _same_band(a: Cell, b: Cell, tol: float) -> bool:
    return abs(a[1] - b[1]) <= tol and abs(a[3] - b[3]) <= tol


def _next_right(rules: Any, cell: Cell, top: float, bottom: float) -> Cell | None:
    y = (top + bottom) / 2
    h = bottom - top
    return cell_around(rules, (cell[2] + 0.4, y - h * 0.1, cell[2] + 0.8, y + h * 0.1), snap=0.3)


def _glyphs_in(sheet: SheetLike, d: int, cell: Cell) -> list[Glyph]:
    box = box_from_frame(d, cell).expand(-0.2)
    if box.x1 <= box.x0 or box.bottom <= box.top:
        return []
    out = [sheet.glyph(i) for i in sheet.index.glyphs.intersection(box)]
    return [g for g in out if box.contains_point(g.bbox.center) and g.text.strip()]


def _read(sheet: SheetLike, d: int, glyphs: list[Glyph]) -> str:
    """Compartment text in reading order: a space where the gap exceeds a fifth of the text size."""
    if not glyphs:
        return ""
    framed = sorted(((box_to_frame(d, g.bbox), g) for g in glyphs), key=lambda fg: (fg[0].x0, fg[1].id))
    out = ""
    prev_x1 = None
    for fb, g in framed:
        if prev_x1 is not None and fb.x0 - prev_x1 > 0.2 * max(g.size, 1e-6):
            out += " "
        out += g.text
        prev_x1 = fb.x1
    # a zone sign is written against its value (a drawn ⌀ often stands apart from the digits)
    return re.sub(r"([⌀Ø∅])\s+(?=[\d.,])", r"\1", re.sub(r"\s+", " ", out)).strip()


def _row(sheet: SheetLike, rules: Any, d: int, start: Cell, top: float, bottom: float, tol: float) -> list[Cell]:
    cells: list[Cell] = []
    cur = start
    for _ in range(8):
        nxt = _next_right(rules, cur, top, bottom)
        if nxt is None or not _same_band(nxt, (0, top, 0, bottom), tol) or nxt[2] - nxt[0] > 25 * (bottom - top):
            break
        if not _glyphs_in(sheet, d, nxt):
            break
        cells.append(nxt)
        cur = nxt
    return cells


def _cell_of(sheet: SheetLike, direction: float, bbox: BBox, size: float) -> tuple[int, Any, Cell] | None:
    """(frame direction, its rules, the ruled cell round the middle of ``bbox``) for text at a right angle.
    A flat glyph (a ``⏤`` drawn as a thin filled box, itself ruling-like) is probed past its own edges."""
    d = round(direction) % 360
    if d not in (0, 90, 180, 270):
        return None
    rules = rules_for(sheet, d)
    fb = box_to_frame(d, bbox)
    if fb.height < 0.3 * size:
        reach = max(0.5, 0.4 * size)
        probe = (fb.x0 + fb.width * 0.3, fb.top - reach, fb.x1 - fb.width * 0.3, fb.bottom + reach)
    else:
        probe = (fb.x0 + fb.width * 0.3, fb.top + fb.height * 0.3, fb.x1 - fb.width * 0.3, fb.bottom - fb.height * 0.3)
    cell = cell_around(rules, probe, snap=0.3)
    return None if cell is None else (d, rules, cell)


@dataclass(frozen=True)
class _Seed:
    """What fills a characteristic compartment: the symbol text, how it was read, its glyph (if any)."""

    text: str
    source: str
    glyph_ids: tuple[int, ...]


def find_frames(sheet: SheetLike) -> tuple[FeatureControlFrame, ...]:
    """Every feature control frame of the sheet, in reading order (see the module docstring)."""
    frames: list[FeatureControlFrame] = []
    seen: set[tuple[int, tuple[float, ...]]] = set()
    page = BBox(0.0, 0.0, sheet.width, sheet.height)
    for g in sheet.glyphs:
        if g.text not in CHARACTERISTICS or not page.contains_point(g.bbox.center):  # off the sheet: no reader sees it
            continue
        found = _cell_of(sheet, g.direction, g.bbox, g.size)
        if found is not None:
            frames += _frames_at(sheet, *found, max(g.size, 0.5), _Seed(g.text, g.source.value, (g.id,)), seen)
    for d, rules, cell, size in _drawn_bars(sheet, page):
        frames += _frames_at(sheet, d, rules, cell, size, _Seed("⏤", "frame_context", ()), seen)
    frames.sort(key=lambda f: (round(f.bbox.top, 1), round(f.bbox.x0, 1), f.composite_row or 0))
    return tuple(frames)


def _frames_at(sheet: SheetLike, d: int, rules: Any, sym_cell: Cell, size: float, seed: _Seed,
               seen: set[tuple[int, tuple[float, ...]]]) -> list[FeatureControlFrame]:
    """The frame row(s) whose characteristic compartment is ``sym_cell``, if the cells right of it make one."""
    x0, top, x1, bottom = sym_cell
    height = bottom - top
    if height > 6.0 * size or x1 - x0 > 4.0 * size or height < 0.8 * size:
        return []
    key = (d, tuple(round(v, 1) for v in sym_cell))
    if key in seen:
        return []
    seen.add(key)
    tol = max(0.6, 0.08 * height)
    bands: list[tuple[float, float]] = []
    mid = (top + bottom) / 2
    upper = _next_right(rules, sym_cell, top, mid)
    lower = _next_right(rules, sym_cell, mid, bottom)
    if upper is not None and lower is not None and _same_band(upper, (0, top, 0, mid), tol) and _same_band(lower, (0, mid, 0, bottom), tol):
        bands = [(top, mid), (mid, bottom)]  # composite: two rows share the characteristic compartment
    else:
        whole = _next_right(rules, sym_cell, top, bottom)
        if whole is not None and _same_band(whole, sym_cell, tol):
            bands = [(top, bottom)]
    rows = []
    for band in bands:
        cells = _row(sheet, rules, d, sym_cell, band[0], band[1], tol)
        if not cells:
            break
        rows.append(cells)
    if not rows or len(rows) != len(bands):
        return []
    out = []
    for i, cells in enumerate(rows):
        frame = _frame(sheet, d, seed, CHARACTERISTICS[seed.text], sym_cell, cells, i if len(rows) > 1 else None)
        if frame is not None:
            out.append(frame)
    return out


def _drawn_bars(sheet: SheetLike, page: BBox) -> list[tuple[int, Any, Cell, float]]:
    """Characteristic compartments that hold nothing but one horizontal bar (a stroked line or a thin filled
    box) across their middle: straightness ``⏤`` drawn as a path that ingest did not read (a compartment already holding its ``⏤``
    glyph is skipped). Read from the frame's structure alone; elsewhere a bar is just a short line."""
    sizes = sorted(g.size for g in sheet.glyphs if not g.invisible and g.text.strip())
    if not sizes:
        return []
    size = sizes[len(sizes) // 2]
    rules = rules_for(sheet, 0)
    out: list[tuple[int, Any, Cell, float]] = []
    for p in sheet.paths:
        if p.text_shape:
            continue
        b = p.bbox
        if not (0.3 * size <= b.width <= 3.0 * size) or b.height > 0.2 * b.width or not page.contains_point(b.center):
            continue
        if p.subpath_count != 1 or (p.stroke and not p.fill and sum(1 for sg in p.segments if sg.kind == "line") != 1):
            continue
        # probe past the bar's own edges (a thin filled box is ruling-like itself)
        reach = max(0.5, 0.4 * size)
        cell = cell_around(rules, (b.x0 + b.width * 0.3, b.top - reach, b.x1 - b.width * 0.3, b.bottom + reach), snap=0.3)
        if cell is None:
            continue
        cx0, ctop, cx1, cbottom = cell
        h, w = cbottom - ctop, cx1 - cx0
        centred = abs((b.top + b.bottom) / 2 - (ctop + cbottom) / 2) <= 0.15 * h and abs(b.center[0] - (cx0 + cx1) / 2) <= 0.15 * w
        if not centred or not (0.25 * w <= b.width <= 0.9 * w) or _glyphs_in(sheet, 0, cell):
            continue
        inside = [i for i in sheet.index.segments.intersection(BBox(*cell).expand(-0.3)) if sheet.segment(i).path_id != p.id]
        if inside:
            continue  # something else is drawn in the compartment too
        out.append((0, rules, cell, size))
    return out


def _frame(sheet: SheetLike, d: int, sym: _Seed, name: str, sym_cell: Cell, cells: list[Cell], row: int | None) -> FeatureControlFrame | None:
    tol_glyphs = _glyphs_in(sheet, d, cells[0])
    tolerance = _read(sheet, d, tol_glyphs)
    parsed = parse_tolerance(tolerance)
    if parsed["value"] is None:
        return None
    datums: list[str] = []
    glyph_ids = [*sym.glyph_ids] + [g.id for g in tol_glyphs]
    for c in cells[1:]:
        gl = _glyphs_in(sheet, d, c)
        text = _read(sheet, d, gl).replace(" ", "")
        if not _DATUM.match(text):
            break  # not a datum reference: the frame ends before it
        datums.append(text)
        glyph_ids += [g.id for g in gl]
    n = 1 + len(datums)
    used = cells[:n]
    own_sym = sym_cell  # shared by both rows of a composite frame
    bbox = box_from_frame(d, (sym_cell[0], used[0][1], used[-1][2], used[0][3]))
    return FeatureControlFrame(
        characteristic=name, symbol=sym.text, tolerance=canonical_symbols(tolerance), value=parsed["value"],
        diameter_zone=parsed["diameter_zone"], modifiers=tuple(parsed["modifiers"]), datums=tuple(datums), composite_row=row,
        compartments=tuple(box_from_frame(d, c) for c in [own_sym, *used]), bbox=bbox, glyph_ids=tuple(glyph_ids),
        symbol_source=sym.source, confidence=frame_confidence(sym.source, glyph_floor(sheet, glyph_ids)),
    )


def frame_confidence(symbol_source: str, glyphs: float) -> float:
    """How sure a frame's reading is: 0.95 for a ruled frame whose characteristic was printed as a glyph,
    0.8 when the characteristic is a bar inferred from the compartment it sits in (``frame_context``),
    times the :func:`~pdftract.analyzers.confidence.recovery_factor` of its least sure glyph (``glyphs``).

    >>> frame_confidence("tounicode", 1.0), frame_confidence("frame_context", 1.0), frame_confidence("path_match", 0.8)
    (0.95, 0.8, 0.85)
    """
    return clamp((0.8 if symbol_source == "frame_context" else 0.95) * recovery_factor(glyphs))


# -- datum feature symbols ---------------------------------------------------------------
def find_datum_features(sheet: SheetLike, frames: tuple[FeatureControlFrame, ...]) -> tuple[DatumFeature, ...]:
    """Boxed capital letters with a stem to a filled triangle, outside every frame."""
    in_frames = [f.bbox.expand(0.5) for f in frames]
    out: list[DatumFeature] = []
    for w in sheet.words:
        if not re.fullmatch(r"[A-Z]", w.text) or any(b.contains_point(w.bbox.center) for b in in_frames):
            continue
        found = _cell_of(sheet, w.direction, w.bbox, w.bbox.height)
        if found is None:
            continue
        d, rules, cell = found
        cw, ch = cell[2] - cell[0], cell[3] - cell[1]
        if not (0.6 <= cw / max(ch, 1e-6) <= 1.6) or ch > 4.0 * w.size or ch < w.size:
            continue
        box = box_from_frame(d, cell)
        # neighbours in a row would make it a compartment, not a datum symbol
        if cell_around(rules, (cell[2] + 0.4, cell[1] + ch * 0.4, cell[2] + 0.8, cell[3] - ch * 0.4), snap=0.3) is not None and \
                abs((cell_around(rules, (cell[2] + 0.4, cell[1] + ch * 0.4, cell[2] + 0.8, cell[3] - ch * 0.4), snap=0.3) or cell)[1] - cell[1]) < 0.6:
            continue
        tri = _triangle_on_stem(sheet, box, ch)
        if tri is None:
            continue
        tip, tri_box = tri
        out.append(DatumFeature(letter=w.text, bbox=box.union(tri_box), box=box, target=tip, glyph_ids=tuple(w.glyph_ids)))
    out.sort(key=lambda f: (round(f.bbox.top, 1), round(f.bbox.x0, 1)))
    return tuple(out)


def _triangle_on_stem(sheet: SheetLike, box: BBox, side: float) -> tuple[tuple[float, float], BBox] | None:
    """A line leaving the square from one side and a small filled triangle at its far end (the datum foot)."""
    reach = box.expand(side * 3.5)
    geo = geometry_for(sheet)
    for sid in sorted(sheet.index.segments.intersection(box.expand(0.8))):
        seg = sheet.segment(sid)
        if seg.kind not in ("line", "close"):
            continue
        (ax, ay), (bx, by) = seg.start, seg.end
        for (px, py), (qx, qy) in (((ax, ay), (bx, by)), ((bx, by), (ax, ay))):
            on_edge = box.expand(0.8).contains_point((px, py)) and not box.expand(-0.8).contains_point((px, py))
            if not on_edge or box.expand(0.8).contains_point((qx, qy)):
                continue
            # SolidWorks paints every arrowhead of a sheet as one filled path: the terminators are judged per subpath
            for ti in sorted(geo.terminator_index.intersection(BBox(qx - 1.5, qy - 1.5, qx + 1.5, qy + 1.5))):
                t = geo.terminators[ti]
                if t.kind == "filled" and t.bbox.width <= side * 1.5 and t.bbox.height <= side * 1.5:
                    return t.bbox.center, t.bbox
            for pid in sorted({sheet.segment(i).path_id for i in sheet.index.segments.intersection(BBox(qx - 1.5, qy - 1.5, qx + 1.5, qy + 1.5))}):
                p = sheet.paths[pid]
                if not p.fill or p.bbox.width > side * 1.5 or p.bbox.height > side * 1.5 or not reach.contains(p.bbox):
                    continue
                pts = [s.end for s in p.segments if s.kind == "line"]
                if 2 <= len(pts) <= 4:
                    far = max(pts + [p.segments[0].start], key=lambda t: (t[0] - qx) ** 2 + (t[1] - qy) ** 2)
                    return far, p.bbox
    return None


def link_frames(sheet: SheetLike, frames: tuple[FeatureControlFrame, ...], dimensions: Sequence[Any]) -> tuple[FeatureControlFrame, ...]:
    """Each frame with the dimension it is attached to (directly above or below it, overlapping in x, within a
    frame height) and the target of a leader whose free end touches it."""
    if not frames:
        return ()  # no frame: the sheet's leader geometry is not needed (it is costly on dense stroked sheets)
    geo = geometry_for(sheet)
    out = []
    for f in frames:
        h = f.bbox.height / (2 if f.composite_row is not None else 1)
        best: tuple[float, int] | None = None
        for i, d in enumerate(dimensions):
            b = d.bbox
            if min(b.x1, f.bbox.x1) - max(b.x0, f.bbox.x0) <= 0:
                continue
            gap = max(f.bbox.top - b.bottom, b.top - f.bbox.bottom)
            if -0.3 * h <= gap <= 1.2 * h and (best is None or (gap, i) < best):
                best = (gap, i)
        target = None
        near = f.bbox.expand(1.0)
        for li in sorted(geo.free_end_index.intersection(near)):
            leader = geo.leaders[li]
            if near.contains_point(leader.free_end) and not f.bbox.expand(-0.5).contains_point(leader.target):
                target = leader.target
                break
        out.append(replace(f, dimension=None if best is None else best[1], target=target))
    return tuple(out)


@analyzer("gdt", requires={"words", "paths", "dimensions"}, assigns={"gdt_frames", "datum_features"})
def gdt_analyzer(sheet: Sheet, settings: Any = None) -> dict[str, tuple[Any, ...]]:
    """Feature control frames (``gdt_frames``, linked to their dimension and leader) and datum feature symbols
    (``datum_features``)."""
    frames = link_frames(sheet, find_frames(sheet), sheet.results.get("dimensions", ()) or ())
    return {"gdt_frames": frames, "datum_features": find_datum_features(sheet, frames)}



def draw_frames(sheet: SheetLike, frames: Sequence[FeatureControlFrame]) -> list[str]:
    """Debug layer: each feature control frame (orange) with its compartments and its reading."""
    out: list[str] = []
    for f in frames:
        for c in f.compartments:
            out.append(svg.box(c, 'fill="none" stroke="#ea580c" stroke-width="0.4"'))
        label = f"{f.symbol} {f.tolerance} {' '.join(f.datums)}".strip()
        out.append(svg.box(f.bbox, 'fill="#f97316" fill-opacity="0.10" stroke="#c2410c" stroke-width="0.6"',
                           f"{f.characteristic}: {label} (symbol {f.symbol_source}, dimension {f.dimension})"))
        out.append(svg.text(f.bbox.x0, f.bbox.bottom + 4, label, 'font-size="4" fill="#c2410c"'))
    return out


def draw_datums(sheet: SheetLike, datums: Sequence[DatumFeature]) -> list[str]:
    """Debug layer: each datum feature symbol (dark orange)."""
    return [svg.box(d.bbox, 'fill="#f97316" fill-opacity="0.15" stroke="#9a3412" stroke-width="0.5"', f"datum {d.letter}")
            for d in datums]


output("gdt_frames", draw=draw_frames, schema=list[FrameJSON])
output("datum_features", draw=draw_datums, schema=list[DatumJSON])


__all__ = ["CHARACTERISTICS", "MODIFIERS", "DatumFeature", "FeatureControlFrame", "find_datum_features", "find_frames", "parse_tolerance"]
