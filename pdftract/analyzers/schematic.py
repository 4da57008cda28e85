"""Schematics: components with their designators and values, net labels by kind, sheet symbols.

In a schematic PDF a field text is tied to its symbol by nothing but position, so everything here is
geometry over the text layer (with text read back from strokes or a hidden layer by ingest) and the
non-text paths:

* **Texts** are cut from the layout's lines at wide gaps (a pin name each side of an IC body is two
  texts). A hidden text copy that no visible text covers (KiCad's searchable layer where the strokes were
  not read) is used with its markup decoded. A text has an overbar from its own markup (``~{RESET}``), or
  a thin stroke drawn just over it (Altium, Eagle).
* **Graphics** are the non-text paths. Long straight strokes are wires; the rest, grouped by touching
  boxes, are symbol bodies (a body with its pin stubs; a power symbol).
* **Roles**, in this order: a text inside a closed body is a pin name, except a designator alone in a
  small rectangle (a reference printed inside a resistor's body); inside a tight pointed outline a
  ``global`` label; beside a small shape at its baseline (KiCad's flag at the connection point) a
  ``hierarchical`` label; centred over or under a small symbol with a supply name (``GND``, ``+3V3``,
  ``VCC``) a ``power`` label; with a wire end at its baseline's start or end, or a wire under it, a
  ``local`` label. The others are component fields.
* **Components**: a field of designator form (class letters of IEEE 315 / ASME Y14.44 and a number, an
  optional unit letter: ``R12``, ``U201B``, ``IC3``; hyphenated as AutoCAD Electrical and IEC 81346 print
  tags: ``R-1``, ``-K1``) with a body near it. Its value is the field stacked
  under or beside it (within 1.6 text heights), the next text along its own row either way (within 4, when
  nothing lies between: ``Y1   20MHz``), or the one on the other side of the same body (KiCad puts an
  op-amp's reference over the triangle and its value under it); each field goes to one designator,
  nearest pairs first. A designator-form field stacked under another (``BC847`` under ``Q1``) is a value.
  A third stacked field of package form (``SOT-23``, ``R_0603``) is the footprint; other fields are kept
  under ``fields``.
* **Sheet symbols**: a large rectangle with a file name under it (``File: power.kicad_sch``,
  ``sensors.SchDoc``) and its name over it.

A page is analysed only when it looks like a schematic: at least three components with a value and a
body, of at least two classes. Partial: ``nets[]`` are not built; bus entries, no-connect flags and
off-sheet connectors are not told apart; a value placed far from its body (more than a body's width away)
is missed.

>>> sorted(DESIGNATOR_CLASSES)[:5]
['A', 'AR', 'AT', 'B', 'BT']
>>> is_designator("U201B"), is_designator("BC847"), is_designator("GND"), is_designator("10k")
(True, True, False, False)
>>> decode_markup("~{RESET}"), decode_markup("V_{REF}")
(('RESET', True), ('VREF', False))
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.geometry import BBox
from pdftract.index import BoxIndex, box_pair_blocks, pair_components
from pdftract.index import components as connected
from pdftract.jsonvalues import Box, bbox_out, r2
from pdftract.model.document import SCHEMATIC_EXTENSIONS
from pdftract.model.primitives import UnicodeSource, drawn_pieces
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Word
from pdftract.errors import Code
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.registry import Reported, analyzer, output

#: reference-designator class letters (IEEE 315-1975 / ASME Y14.44 and the common EDA ones)
DESIGNATOR_CLASSES = frozenset(
    "A AR AT B BT C CB CN CON D DS E F FB FL FS G H HY IC J JP K L LED LS M MK MOV MP N P PS Q R RN RP RT RV "
    "S SW T TP TR U V VR W X XTAL Y Z".split())
_DESIGNATOR = re.compile(r"^-?([A-Z]{1,4})-?(\d{1,4})([A-Z]{0,2})$")
_DIGITS = re.compile(r"^\d+$")
_POWER_NAME = re.compile(
    r"^(?:[+-]\d+(?:[.,]\d+)?V\d*\w*|[+-]?\d+V\d+\w*|[+-]?\d+(?:[.,]\d+)?V|[+-]?V[A-Z]{1,4}\d*(?:_\w+)?|"
    r"(?:[ADP]|SIG)?GND\w*|[AD]?V(?:CC|DD|SS|EE|BAT|BUS|IN|REF|IO)\w*|EARTH|CHASSIS)$", re.IGNORECASE)
_FILE = re.compile(rf"^(?:(?:sheet)?file(?:name)?\s*:\s*)?(\S+\.(?:{'|'.join(SCHEMATIC_EXTENSIONS)}))$", re.IGNORECASE)
_SHEET_NAME = re.compile(r"^(?:sheet\s*(?:name)?\s*:\s*)?(.+)$", re.IGNORECASE)
_PACKAGE = re.compile(
    r"^(?:\w+:)?(?:[RCLDQ]_\d{4}\w*|LED_\w+|(?:SOT|SOD|SOIC|SSOP|TSSOP|MSOP|QFN|DFN|QFP|LQFP|TQFP|BGA|TO|DO|SMA|SMB|"
    r"SMC|DIP|PDIP|SIP|SC|HVQFN|VQFN|WSON|SON|UDFN|LGA|PinHeader|PinSocket|Conn|JST|MountingHole|TestPoint)[-_]?"
    r"[\w.\-x]*|\d{4}(?:_\d{4}Metric)?)$", re.IGNORECASE)
_MARKUP = re.compile(r"([~_^])\{([^{}]*)\}")
#: a component value's form: a number with a multiplier or unit right after it (10k, 2.2k/R0402, 100nF/10V,
#: 49.9R/1%, 4u7, 1nF), or one not fitted (NA(10k/R0402), DNP 10k)
_VALUE_FORM = re.compile(r"^(?:NA\(|DNP\s*)?\d+(?:[.,]\d+)?\s?(?:[pnuµμmkKMGR](?:\d+|[FHΩ]|Hz|ohm)?|[FHVAW%Ω]|ohm|Hz)"
                         r"(?:$|[/\s(,;±])")
#: what a field in a footprint's form (or a bare number across a body) adds to its distance as a candidate
#: value, in text heights: taken only when the component has no other field
_LAST_RESORT = 8.0
#: a footprint name's form: words joined by ``_`` or ``-``, the last join an underscore, with a size in it
#: (``Fuse_1206``, ``SW_SPST_B3U``; a part number joins with a hyphen: ``HF46F-12``, ``BC817-40``)
_FOOTPRINT_FORM = re.compile(r"^(?:[\w.]+:)?[A-Za-z][A-Za-z0-9.]*(?:[_-][A-Za-z0-9.]+)*_[A-Za-z0-9.]*\d[A-Za-z0-9.]*$")


def _footprint_like(text: str) -> bool:
    """Whether ``text`` reads as a package or footprint name (``SOT-23``, ``R_0603``, ``Fuse_1206``)."""
    return bool(_PACKAGE.match(text) or _FOOTPRINT_FORM.match(text))


def is_designator(text: str) -> bool:
    """Whether ``text`` has the form of a reference designator: one to four letters, a number, an optional
    unit letter, a hyphen between letters and number or before them allowed (``R-1``, ``-K1``) but no
    package's name (``SOT-23``). A part number such as ``BC847`` has the form too: the pairing tells them
    apart, and a standard class letter is preferred.

    >>> [is_designator(t) for t in ("R12", "U201B", "TI-1", "-K1", "SOT-23", "GND")]
    [True, True, True, True, False, False]
    """
    if "-" in text and _PACKAGE.match(text.lstrip("-")):
        return False  # a package (SOT-23, QFN-48), not a hyphenated device tag (R-1, -K1)
    return _DESIGNATOR.match(text) is not None


def decode_markup(text: str) -> tuple[str, bool]:
    """KiCad's text markup made plain: the text and whether part of it has an overbar."""
    overbar = "~{" in text
    return _MARKUP.sub(lambda m: m.group(2), text), overbar


# -- the output types -------------------------------------------------------------------------------------------

class ComponentJSON(TypedDict):
    """A component in the JSON output (``pages[].components[]``)."""

    designator: str
    value: str | None
    footprint: str | None
    fields: dict[str, str]
    bbox: Box
    symbol_bbox: Box | None
    confidence: float


class NetLabelJSON(TypedDict):
    """A net label in the JSON output (``pages[].net_labels[]``)."""

    text: str
    kind: str
    overbar: bool
    bbox: Box
    confidence: float


class SheetSymbolJSON(TypedDict):
    """A sheet symbol in the JSON output (``pages[].sheet_symbols[]``)."""

    name: str | None
    file: str
    bbox: Box
    confidence: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Component:
    """A placed symbol: its designator as printed (unit letter kept), value, footprint and other fields."""

    designator: str
    value: str | None
    footprint: str | None
    fields: dict[str, str]
    bbox: BBox
    symbol_bbox: BBox | None
    designator_bbox: BBox
    value_bbox: BBox | None
    confidence: float

    def to_dict(self) -> ComponentJSON:
        return {"designator": self.designator, "value": self.value, "footprint": self.footprint,
                "fields": dict(self.fields), "bbox": bbox_out(self.bbox),
                "symbol_bbox": bbox_out(self.symbol_bbox) if self.symbol_bbox else None,
                "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<Component {self.designator} {self.value!r}>"


@dataclass(frozen=True, slots=True, kw_only=True)
class NetLabel:
    """A net name printed on the sheet and what kind of label its drawing makes it."""

    text: str
    kind: str  # local | global | hierarchical | power
    overbar: bool
    bbox: BBox
    anchor: BBox | None  # the wire end, outline or symbol that made the kind
    confidence: float

    def to_dict(self) -> NetLabelJSON:
        return {"text": self.text, "kind": self.kind, "overbar": self.overbar, "bbox": bbox_out(self.bbox),
                "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<NetLabel {self.kind} {self.text!r}>"


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetSymbol:
    """A box standing for a sub-sheet: its name and file."""

    name: str | None
    file: str
    bbox: BBox
    confidence: float

    def to_dict(self) -> SheetSymbolJSON:
        return {"name": self.name, "file": self.file, "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<SheetSymbol {self.name!r} {self.file!r}>"


@dataclass(frozen=True, slots=True)
class Schematic:
    """Everything the schematic analyzer read off one page (the ``debug`` parts are for drawing)."""

    components: tuple[Component, ...] = ()
    net_labels: tuple[NetLabel, ...] = ()
    sheet_symbols: tuple[SheetSymbol, ...] = ()
    bodies: tuple[BBox, ...] = ()
    #: on a page the gate turned down: the components with a body and the net labels read before it did
    turned_down: tuple[int, int] = (0, 0)


# -- texts -------------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Text:
    text: str
    bbox: BBox
    size: float
    direction: float
    overbar: bool
    hidden: bool = False
    synthetic: bool = False
    role: str = ""

    @property
    def vertical(self) -> bool:
        return self.direction % 180 == 90


#: how far along its own row (text heights) a designator's value may be printed when nothing lies between
_ROW_REACH = 4.0
#: glyph sources whose size is estimated from the shapes read
_RECOGNISED = frozenset({UnicodeSource.STROKE_MATCH, UnicodeSource.OUTLINE_MATCH, UnicodeSource.OCR})


def _texts(sheet: SheetLike) -> list[_Text]:
    """The page's texts: lines cut at gaps wider than 0.6 text heights (1.3 for text read back from strokes
    or a hidden copy: a stroke font's space is wide), and at 0.6 (0.85 for strokes) before or after a bare
    number or a word of designator form (a pin number beside a label; a reference on its value's row). Text
    turned 90° reads from the bottom of the page up.

    A hidden text line (KiCad's searchable copy) is used, markup decoded, where no visible text covers it,
    and, where it holds markup, in place of the visible text ingest placed from it (that copy lost the
    markup's grouping: a superscript is a line of its own)."""
    layout = sheet.layout
    words = layout.words
    visible = [w for w in words if not w.invisible]
    vis_index = BoxIndex.from_arrays(np.arange(len(visible)), [tuple(w.bbox) for w in visible]) if visible else None
    replaced: set[int] = set()
    use_hidden: set[int] = set()
    for line in layout.lines:
        if not line.invisible:
            continue
        covered = set()
        if vis_index is not None:
            for wid in line.word_ids:
                covered.update(vis_index.intersection(tuple(words[wid].bbox)))
        # covered by visible words that lie mostly on it (a pin number touching a value's edge is not its copy)
        covered = {k for k in covered if (inter := visible[k].bbox.intersection(line.bbox)) is not None
                   and inter.area >= 0.5 * visible[k].bbox.area}
        if not covered:
            use_hidden.add(line.id)
        elif _MARKUP.search(line.text) and all(all(sheet.glyph(g).source == UnicodeSource.HIDDEN_LAYER for g in visible[k].glyph_ids) for k in covered):
            use_hidden.add(line.id)
            replaced.update(visible[k].id for k in covered)
    out: list[_Text] = []
    for line in layout.lines:
        if line.invisible and line.id not in use_hidden:
            continue
        ws = [words[i] for i in line.word_ids if i not in replaced]
        if not ws:
            continue
        vertical = line.direction % 180 == 90
        upward = round(line.direction) % 360 == 90  # read from the bottom of the page up: the lowest word first
        ws.sort(key=lambda w: (-w.bbox.bottom, w.bbox.x0) if upward else (w.bbox.top, w.bbox.x0) if vertical
                else (w.bbox.x0, w.bbox.top))
        groups: list[list[Word]] = []
        for w in ws:
            if groups:
                prev = groups[-1][-1]
                gap = (prev.bbox.top - w.bbox.bottom) if upward else (w.bbox.top - prev.bbox.bottom) if vertical \
                    else (w.bbox.x0 - prev.bbox.x1)
                # a stroke font's space is wide: 1.3 text heights for text read back from strokes or a hidden
                # copy, 0.6 for a font's own text
                limit = 1.3 if sheet.glyph(w.glyph_ids[0]).synthetic or line.invisible else 0.6
                # (a stroke font's own space is near 0.7 text heights: FB 0603)
                wide = (0.85 if sheet.glyph(w.glyph_ids[0]).synthetic else 0.6) * max(w.size, prev.size)
                # words whose sizes are known exactly (a font's, a hidden copy's) and differ are two fields
                # (a supply's name beside a footprint of another size)
                other_size = max(w.size, prev.size) > 1.05 * min(w.size, prev.size) and \
                    _exact_size(sheet, w) and _exact_size(sheet, prev)
                if gap <= limit * max(w.size, prev.size) and not other_size and \
                        not (gap > wide and (_DIGITS.match(w.text) or _DIGITS.match(prev.text)
                                             or is_designator(w.text) or is_designator(prev.text))):
                    groups[-1].append(w)
                    continue
            groups.append([w])
        for g in groups:
            raw = g[0].text
            for prev, w in zip(g, g[1:]):
                script = {sheet.glyph(prev.glyph_ids[-1]).decoration, sheet.glyph(w.glyph_ids[0]).decoration} & \
                    {"subscript", "superscript"}
                raw += ("" if script else " ") + w.text
            text, overbar = decode_markup(raw)
            if not line.invisible:
                overbar = any(sheet.glyph(gid).decoration == "overbar" for w in g for gid in w.glyph_ids)
            text = text.strip()
            if text:
                out.append(_Text(text, BBox.union_all(w.bbox for w in g), max(w.size for w in g), line.direction, overbar,
                                 line.invisible, all(sheet.glyph(gid).synthetic for w in g for gid in w.glyph_ids)))
    return _join_scripts(out)


def _exact_size(sheet: SheetLike, w: Word) -> bool:
    """Whether a word's size is a font's (or a hidden copy's), not estimated from recognised shapes."""
    return sheet.glyph(w.glyph_ids[0]).source not in _RECOGNISED


def _join_scripts(texts: list[_Text]) -> list[_Text]:
    """Texts of one horizontal run split by a sub- or superscript (``V`` ``REF``, ``I`` ``2`` ``C_EN``) made one."""
    flat = sorted((t for t in texts if not t.vertical), key=lambda t: (t.bbox.x0, t.bbox.top))
    if not flat:
        return texts
    index = BoxIndex.from_arrays(np.arange(len(flat)), [tuple(t.bbox) for t in flat])
    absorbed: set[int] = set()
    for i, t in enumerate(flat):
        if i in absorbed:
            continue
        while True:
            b = t.bbox
            reach = 0.25 * t.size
            nxt = None
            for j in index.intersection((b.x1, b.top, b.x1 + reach, b.bottom)):
                o = flat[j]
                if j == i or j in absorbed or o.bbox.x0 < b.x1 - 0.1 * t.size or o.bbox.x0 > b.x1 + reach:
                    continue
                overlap = min(b.bottom, o.bbox.bottom) - max(b.top, o.bbox.top)
                if 0.5 * t.size <= o.size <= 2.0 * t.size and overlap >= 0.4 * min(b.height, o.bbox.height) and (nxt is None or o.bbox.x0 < flat[nxt].bbox.x0):
                    nxt = j
            if nxt is None:
                break
            o = flat[nxt]
            absorbed.add(nxt)
            t = _Text(t.text + o.text, b.union(o.bbox), max(t.size, o.size), t.direction, t.overbar or o.overbar,
                      t.hidden and o.hidden, t.synthetic and o.synthetic)
        flat[i] = t
    return [t for i, t in enumerate(flat) if i not in absorbed] + [t for t in texts if t.vertical]


# -- graphics ----------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Graphics:
    boxes: np.ndarray  # non-text path boxes
    closed: np.ndarray  # bool: a closed shape (rectangle, polygon, circle)
    straight: np.ndarray  # bool: one straight segment
    round: np.ndarray  # bool: a filled shape with curves (a junction dot)
    rect: np.ndarray  # bool: a rectangle (``re``), not a label's pointed outline
    wires: list[tuple[float, float, float, float]]  # straight strokes (x0, y0, x1, y1)
    bodies: list[BBox]
    body_index: BoxIndex | None
    wire_index: BoxIndex | None
    path_index: BoxIndex | None
    power: set[int] = field(default_factory=set)  # bodies that are supply symbols (no component's body)


def _graphics(sheet: SheetLike, size: float, exclude: BBox | None, skip: Sequence[BBox] = (),
              hidden: Sequence[BBox] = (), extra_bodies: Sequence[BBox] = ()) -> _Graphics:
    """Non-text paths, the symbol bodies among them and the wires.

    Short strokes under a hidden text or a text read back from the drawing (glyph strokes ingest did not
    take: the 4 of IO4 touching a junction dot) are left out. Straight strokes longer
    than 1.5 text heights that ingest took for glyph strokes are wires here (a
    wire under a label reads like an underline). Paths are grouped by touching boxes, except that two straight strokes meeting end to end in one line
    stay apart (a wire continues a pin stub, or a power symbol's stem, that way) and a straight stroke
    longer than 4 text heights joins nothing (a wire). A group with a closed shape, a curve, a polyline or
    two short strokes is a body (a resistor with its stubs, a capacitor's plates, a ground symbol); every
    straight stroke outside the bodies is a wire."""
    boxes: list[tuple[float, float, float, float]] = []
    closed: list[bool] = []
    straight: list[bool] = []
    ends: list[tuple[float, float, float, float]] = []
    stroked: list[bool] = []
    rounds: list[bool] = []
    rects: list[bool] = []
    page = sheet.bbox
    hidden_index = BoxIndex.from_arrays(np.arange(len(hidden)), [tuple(h) for h in hidden]) if hidden else None
    for p in sheet.paths:
        b = p.bbox
        if p.text_shape and (max(b.width, b.height) <= 1.5 * size or p.segment_count > 2):
            continue  # a glyph's stroke (a long straight one taken as text is a wire under a label)
        if b.width > 0.5 * page.width or b.height > 0.5 * page.height:
            continue  # the frame and its zones
        if exclude is not None and exclude.contains(b):
            continue
        if skip and any(abs(b.x0 - k.x0) + abs(b.top - k.top) + abs(b.x1 - k.x1) + abs(b.bottom - k.bottom) < 0.1 * size
                        for k in skip):
            continue  # a sheet symbol's box: wires end on it
        if hidden_index is not None and max(b.width, b.height) <= 1.5 * size and \
                any(hidden[k].expand(0.2 * size).contains(b) for k in hidden_index.intersection(tuple(b))):
            continue  # a stroke of a glyph not read, under the hidden text that says it
        segs = drawn_pieces(p)
        is_line = len(segs) == 1 and segs[0].kind == "line"
        first, last = (segs[0].points[0], segs[-1].points[-1]) if segs else ((0.0, 0.0), (0.0, 0.0))
        is_closed = p.is_rect or any(sg.kind == "close" for sg in segs) or \
            (len(segs) >= 3 and math.dist(first, last) < 0.05 * size) or (p.fill and len(segs) >= 3)
        boxes.append((b.x0, b.top, b.x1, b.bottom))
        closed.append(bool(is_closed))
        straight.append(is_line)
        stroked.append(p.stroke)
        rounds.append(p.fill and any(sg.kind == "curve" for sg in segs))
        rects.append(p.is_rect)
        ends.append((first[0], first[1], last[0], last[1]))
    arr = np.asarray(boxes, dtype=np.float64).reshape(-1, 4)
    closed_a = np.asarray(closed, dtype=bool)
    straight_a = np.asarray(straight, dtype=bool)
    n = len(arr)
    dims = np.maximum(arr[:, 2] - arr[:, 0], arr[:, 3] - arr[:, 1]) if n else np.zeros(0)
    # junction dots join wires, not bodies (a filled round one keeps its size when the text is small)
    dot = closed_a & ((dims < 0.5 * size) | (np.asarray(rounds, dtype=bool) & (dims < 1.0 * size)))
    member = ~((straight_a & (dims > 4.0 * size)) | (dims > 30 * size) | dot)
    tol = 0.1 * size
    grown = arr + np.array([-tol, -tol, tol, tol])
    # touching pairs a bounded block at a time (a dense assembly drawing's 130 000 paths touch in millions of
    # pairs), those of two members only; a pair without a straight stroke joins as it is
    line, dim = straight_a.tolist(), dims.tolist()
    ends_a = np.asarray(ends, dtype=np.float64).reshape(-1, 4)
    join_a: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    join_b: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    for rows, hits in box_pair_blocks(grown, grown):
        keep = (rows < hits) & member[rows] & member[hits]
        rows, hits = rows[keep], hits[keep]
        plain = ~(straight_a[rows] | straight_a[hits])
        join_a.append(rows[plain])
        join_b.append(hits[plain])
        rows, hits = rows[~plain], hits[~plain]
        sa, sb = straight_a[rows], straight_a[hits]
        long_a, long_b = dims[rows] > 2.5 * size, dims[hits] > 2.5 * size
        # a straight stroke and another shape: joined unless the stroke is long (a wire ends on an outline)
        ok = (sa ^ sb) & ~np.where(sa, long_a, long_b)
        # two straight strokes, neither long, no end of one near an end of the other: joined (they cross or
        # touch side on); the others are judged one by one below (the margin keeps that judgement exact)
        both = sa & sb
        ea, eb = ends_a[rows], ends_a[hits]
        near = np.full(len(rows), np.inf)
        for i in (0, 2):
            for j in (0, 2):
                near = np.minimum(near, np.hypot(ea[:, i] - eb[:, j], ea[:, i + 1] - eb[:, j + 1]))
        easy = both & ~long_a & ~long_b & (near > tol * (1 + 1e-9))
        ok |= easy
        check = np.flatnonzero(both & ~easy)
        for k, a, b in zip(check.tolist(), rows[check].tolist(), hits[check].tolist()):
            if line[a] and line[b] and _end_to_end(ends[a], ends[b], tol):
                continue
            if (line[a] and dim[a] > 2.5 * size and not (line[b] and _t_contact([ends[b], ends[a]], 2 * tol))) or \
                    (line[b] and dim[b] > 2.5 * size and not (line[a] and _t_contact([ends[a], ends[b]], 2 * tol))):
                continue  # a wire joins a body only as the bar of a T (a plate); it ends on flags and outlines
            ok[k] = True
        join_a.append(rows[ok])
        join_b.append(hits[ok])
    bodies: list[BBox] = []
    in_body = np.zeros(n, dtype=bool)
    short = dims < 1.5 * size
    for members in pair_components(n, np.concatenate(join_a), np.concatenate(join_b)):
        if not member[members[0]]:
            continue
        ms = np.asarray(members)
        body = bool((~straight_a[ms]).any()) or int((straight_a[ms] & short[ms]).sum()) >= 2 or \
            (len(members) >= 2 and _t_contact([ends[i] for i in members], 2 * tol))
        m = arr[ms]
        bb = BBox(float(m[:, 0].min()), float(m[:, 1].min()), float(m[:, 2].max()), float(m[:, 3].max()))
        if body and max(bb.width, bb.height) >= 0.8 * size:
            bodies.append(bb)
            in_body[ms] = True
    bodies = _join_facing(bodies, 0.8 * size)
    bodies.extend(extra_bodies)
    wires = [ends[i] for i in range(n) if straight_a[i] and stroked[i] and not in_body[i]]
    body_index = BoxIndex.from_arrays(np.arange(len(bodies)), [tuple(b) for b in bodies]) if bodies else None
    wire_boxes = [(min(a, c), min(b, d), max(a, c), max(b, d)) for a, b, c, d in wires]
    wire_index = BoxIndex.from_arrays(np.arange(len(wires)), wire_boxes) if wires else None
    path_index = BoxIndex.from_arrays(np.arange(n), arr) if n else None
    return _Graphics(arr, closed_a, straight_a, np.asarray(rounds, dtype=bool), np.asarray(rects, dtype=bool), wires, bodies, body_index, wire_index,
                     path_index)


def _join_facing(bodies: list[BBox], reach: float) -> list[BBox]:
    """Bodies that face each other across a narrow gap, the narrower facing the other along its length,
    made one: the two plates of a capacitor, each with its own stub, are one symbol (a crystal's plates and
    its case too)."""
    if len(bodies) < 2:
        return bodies
    idx = BoxIndex.from_arrays(np.arange(len(bodies)), [tuple(b.expand(reach)) for b in bodies])
    edges: list[tuple[int, int]] = []
    for a, b in enumerate(bodies):
        for k in idx.intersection(tuple(b)):
            if k <= a:
                continue
            o = bodies[k]
            for lo, hi, olo, ohi, gap in ((b.x0, b.x1, o.x0, o.x1, max(o.top - b.bottom, b.top - o.bottom)),
                                          (b.top, b.bottom, o.top, o.bottom, max(o.x0 - b.x1, b.x0 - o.x1))):
                span, ospan = hi - lo, ohi - olo
                shared = min(hi, ohi) - max(lo, olo)
                if 0.0 < gap <= reach and min(span, ospan) > 0 and shared >= 0.8 * min(span, ospan) and \
                        max(span, ospan) <= 2.0 * min(span, ospan):
                    edges.append((a, k))
                    break
    if not edges:
        return bodies
    return [BBox.union_all(bodies[i] for i in members) for members in connected(len(bodies), edges)]


def _t_contact(lines: list[tuple[float, float, float, float]], tol: float) -> bool:
    """Whether one straight stroke ends on the middle of another (a capacitor's stub on its plate)."""
    for a in lines:
        for p in ((a[0], a[1]), (a[2], a[3])):
            for b in lines:
                if b is a:
                    continue
                (x0, y0, x1, y1) = b
                length = math.hypot(x1 - x0, y1 - y0)
                if length <= 4 * tol:
                    continue
                t = ((p[0] - x0) * (x1 - x0) + (p[1] - y0) * (y1 - y0)) / (length * length)
                if 0.2 < t < 0.8 and abs((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)) / length <= tol:
                    return True
    return False


def _end_to_end(a: tuple[float, float, float, float], b: tuple[float, float, float, float], tol: float) -> bool:
    """Two straight strokes that meet at an end of each and run on in one line."""
    pa = ((a[0], a[1]), (a[2], a[3]))
    pb = ((b[0], b[1]), (b[2], b[3]))
    if not any(math.dist(p, q) <= tol for p in pa for q in pb):
        return False
    ax, ay = a[2] - a[0], a[3] - a[1]
    bx, by = b[2] - b[0], b[3] - b[1]
    la, lb = math.hypot(ax, ay), math.hypot(bx, by)
    if la == 0 or lb == 0:
        return True
    return abs(ax * by - ay * bx) / (la * lb) < 0.05


def _gap(a: BBox, b: BBox) -> float:
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.top - b.bottom, b.top - a.bottom, 0.0)
    return math.hypot(dx, dy)


def _nearest_body(g: _Graphics, box: BBox, reach: float) -> tuple[int, float] | None:
    if g.body_index is None:
        return None
    best: tuple[float, int] | None = None
    h = min(box.width, box.height)
    for i in g.body_index.intersection(tuple(box.expand(reach))):
        b = g.bodies[i]
        if (b.contains(box) and (b.width > box.width + 4 * h or b.height > box.height + 4 * h)) or i in g.power:
            # a body far larger than a text around it is not the text's symbol (a frame, a sheet), nor is a
            # supply's (a value printed across a capacitor's plates lies within its small symbol and is its)
            continue
        d = _gap(box, b)
        if best is None or (d, i) < best:
            best = (d, i)
    return (best[1], best[0]) if best else None


# -- roles -------------------------------------------------------------------------------------------------------

def _inside_closed(g: _Graphics, t: _Text) -> int | None:
    """The closed shape that holds ``t`` (smallest first), or None."""
    if g.path_index is None:
        return None
    best: tuple[float, int] | None = None
    for i in g.path_index.intersection(tuple(t.bbox)):
        if not g.closed[i]:
            continue
        x0, top, x1, bottom = g.boxes[i]
        b = BBox(x0, top, x1, bottom)
        inter = b.intersection(t.bbox)
        if inter is not None and inter.area >= 0.85 * max(t.bbox.area, 1e-9):
            area = b.width * b.height
            if best is None or area < best[0]:
                best = (area, i)
    return best[1] if best else None


def _in_body_box(g: _Graphics, t: _Text) -> bool:
    """Whether most of ``t`` lies within a body's box (a pin number over its stub, inside the body's reach)."""
    if g.body_index is None:
        return False
    for i in g.body_index.intersection(tuple(t.bbox)):
        inter = g.bodies[i].expand(0.3 * t.size).intersection(t.bbox)
        if inter is not None and inter.area >= 0.6 * max(t.bbox.area, 1e-9):
            return True
    return False


def _over_stub(g: _Graphics, t: _Text) -> bool:
    """Whether a short straight stroke runs just under or over ``t`` along its length (a pin stub under its
    number)."""
    if g.path_index is None:
        return False
    b, s = t.bbox, t.size
    for i in g.path_index.intersection((b.x0, b.top - 0.6 * s, b.x1, b.bottom + 0.6 * s)):
        if not g.straight[i]:
            continue
        x0, top, x1, bottom = g.boxes[i]
        if t.vertical:
            if x1 - x0 < 0.05 * s and min(bottom, b.bottom) - max(top, b.top) >= 0.6 * b.height:
                return True
        elif bottom - top < 0.05 * s and min(x1, b.x1) - max(x0, b.x0) >= 0.6 * b.width:
            return True
    return False


def _wire_touch(g: _Graphics, t: _Text) -> BBox | None:
    """A wire along ``t``'s baseline that ends at its start or end and runs away from it, or runs under it:
    the wire's box."""
    if g.wire_index is None:
        return None
    s = t.size
    b = t.bbox
    if t.vertical:
        # the baseline is on the right of text turned 90° (read bottom to top), on the left at 270°
        base = b.x1 if t.direction % 360 == 90 else b.x0
        lo, hi = b.top, b.bottom
    else:
        base = b.bottom
        lo, hi = b.x0, b.x1
    zone = (base - 0.5 * s, lo - 1.0 * s, base + 0.5 * s, hi + 1.0 * s) if t.vertical else \
        (lo - 1.0 * s, base - 0.5 * s, hi + 1.0 * s, base + 0.5 * s)
    for i in g.wire_index.intersection(zone):
        x0, y0, x1, y1 = g.wires[i]
        if math.hypot(x1 - x0, y1 - y0) < 0.8 * s:
            continue  # a mark (a polarity sign's bar), not a wire
        if t.vertical:
            along0, along1, across0, across1 = y0, y1, x0, x1
        else:
            along0, along1, across0, across1 = x0, x1, y0, y1
        if abs(across0 - across1) > 0.05 * s:
            # a wire across the baseline: it must end at the baseline's start or end, outside the text
            for ex, ey, ox, oy in ((x0, y0, x1, y1), (x1, y1, x0, y0)):
                e_along, e_across = (ey, ex) if t.vertical else (ex, ey)
                if abs(e_across - base) <= 0.5 * s and min(abs(e_along - lo), abs(e_along - hi)) <= 0.4 * s \
                        and not b.expand(-0.1 * s).contains_point((0.5 * (ex + ox), 0.5 * (ey + oy))):
                    return BBox(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            continue
        if abs(across0 - base) > 0.5 * s:
            continue  # not along the baseline
        a, z = min(along0, along1), max(along0, along1)
        before = z <= lo + 0.3 * s and z >= lo - 1.0 * s  # ends at the text's start
        after = a >= hi - 0.3 * s and a <= hi + 1.0 * s  # starts at the text's end
        under = min(z, hi) - max(a, lo) >= 0.5 * (hi - lo)
        if before or after or under:
            return BBox(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return None


def _flag_beside(g: _Graphics, t: _Text) -> BBox | None:
    """A small shape (at most 1.6 text heights) at ``t``'s start or end, level with it, with a wire ending
    on it: KiCad's hierarchical-label flag."""
    if g.path_index is None or t.vertical:
        return None
    s = t.size
    b = t.bbox
    for side in (b.x0, b.x1):
        zone = (side - 1.8 * s, b.top, side + 1.8 * s, b.bottom)
        for i in g.path_index.intersection(zone):
            x0, top, x1, bottom = g.boxes[i]
            w, h = x1 - x0, bottom - top
            if g.straight[i] or g.round[i] or max(w, h) > 1.6 * s or h < 0.5 * b.height:
                continue
            if not (g.closed[i] or (x1 <= b.x0 + 0.2 * s or x0 >= b.x1 - 0.2 * s)):
                continue
            if x1 <= b.x0 + 0.2 * s or x0 >= b.x1 - 0.2 * s:
                cy = (top + bottom) / 2
                flag = BBox(x0, top, x1, bottom)
                if b.top - 0.2 * s <= cy <= b.bottom + 0.2 * s and _wire_ends_on(g, flag, 0.2 * s):
                    return flag
    return None


def _wire_ends_on(g: _Graphics, box: BBox, tol: float) -> bool:
    """Whether a wire ends on ``box``'s edge (a flag or a port at a wire's end)."""
    if g.wire_index is None:
        return False
    grown = box.expand(tol)
    for i in g.wire_index.intersection(tuple(grown)):
        x0, y0, x1, y1 = g.wires[i]
        if grown.contains_point((x0, y0)) != grown.contains_point((x1, y1)):
            return True
    return False


def _power_symbol(g: _Graphics, t: _Text) -> BBox | None:
    """A small symbol centred over or under ``t`` (within 1.2 text heights): a supply or ground symbol."""
    if g.body_index is None or t.vertical:
        return None
    s = t.size
    b = t.bbox
    cx = (b.x0 + b.x1) / 2
    for i in g.body_index.intersection((b.x0 - s, b.top - 1.5 * s, b.x1 + s, b.bottom + 1.5 * s)):
        bb = g.bodies[i]
        if max(bb.width, bb.height) > 4.5 * s or bb.intersects(b):
            continue
        if abs((bb.x0 + bb.x1) / 2 - cx) > max(0.35 * b.width, 0.6 * s):
            continue
        if bb.bottom <= b.top + 0.2 * s and b.top - bb.bottom <= 1.2 * s or \
                bb.top >= b.bottom - 0.2 * s and bb.top - b.bottom <= 1.2 * s:
            g.power.add(i)
            return bb
    return None


def _overbar_stroke(g: _Graphics, t: _Text) -> bool:
    """A thin straight stroke just over ``t`` spanning most of it (an overbar drawn as a line)."""
    if g.wire_index is None or t.vertical:
        return False
    b = t.bbox
    s = t.size
    for i in g.wire_index.intersection((b.x0, b.top - 0.4 * s, b.x1, b.top + 0.15 * s)):
        x0, y0, x1, y1 = g.wires[i]
        if abs(y0 - y1) < 0.02 * s and b.top - 0.4 * s <= y0 <= b.top + 0.15 * s:
            if min(max(x0, x1), b.x1) - max(min(x0, x1), b.x0) >= 0.5 * b.width and abs(x1 - x0) <= 1.3 * b.width:
                return True
    return False


# -- pairing -----------------------------------------------------------------------------------------------------

def _stack_gap(a: BBox, b: BBox, size: float) -> float | None:
    """The gap between two texts stacked one over the other or side by side on one row (None otherwise)."""
    ox = min(a.x1, b.x1) - max(a.x0, b.x0)
    oy = min(a.bottom, b.bottom) - max(a.top, b.top)
    if ox > -0.5 * size:  # stacked
        return max(b.top - a.bottom, a.top - b.bottom, 0.0)
    if oy > 0.3 * min(a.height, b.height):  # one row
        return max(b.x0 - a.x1, a.x0 - b.x1, 0.0)
    return None


def _next_on_row(t: _Text, o: _Text, fields: list[_Text], index: BoxIndex) -> bool:
    """Whether ``o`` follows ``t`` on its reading row (same direction, their bands shared), with no other
    field between them."""
    if o.direction != t.direction:
        return False
    a, b = t.bbox, o.bbox
    # (the middle of the shared band: a field stacked under one of them may touch its edge)
    if t.vertical:
        lo, hi = max(a.x0, b.x0), min(a.x1, b.x1)
        if hi - lo < 0.5 * min(a.width, b.width):
            return False
        between = BBox(lo + 0.25 * (hi - lo), min(a.bottom, b.bottom), hi - 0.25 * (hi - lo), max(a.top, b.top))
    else:
        lo, hi = max(a.top, b.top), min(a.bottom, b.bottom)
        if hi - lo < 0.5 * min(a.height, b.height):
            return False
        between = BBox(min(a.x1, b.x1), lo + 0.25 * (hi - lo), max(a.x0, b.x0), hi - 0.25 * (hi - lo))
    if between.x0 >= between.x1 or between.top >= between.bottom:
        return False  # (they overlap along the row: no gap between them to be on one row across)
    return not any(fields[k] is not t and fields[k] is not o for k in index.intersection(tuple(between)))


def _order(a: BBox, b: BBox, direction: float = 0.0) -> int:
    """0 when ``b`` reads after ``a`` in the frame of text turned ``direction`` degrees (under it or after it
    on its line), 1 otherwise. Text turned 90° (read upwards) has its next line to the right; at 270° to the
    left."""
    d = round(direction) % 360
    if d in (90, 270):
        w = a.width
        if d == 90:
            return 0 if (b.x0 > a.x1 - 0.3 * w or (b.x0 >= a.x0 - 0.1 * w and b.bottom <= a.top + 0.1 * w)) else 1
        return 0 if (b.x1 < a.x0 + 0.3 * w or (b.x1 <= a.x1 + 0.1 * w and b.top >= a.bottom - 0.1 * w)) else 1
    return 0 if (b.top >= a.top - 0.1 * a.height and (b.top > a.bottom - 0.3 * a.height or b.x0 >= a.x1 - 0.1 * a.height)) else 1


def _sheet_symbols(sheet: SheetLike, texts: list[_Text], exclude: BBox | None) -> list[SheetSymbol]:
    """Rectangles with a file name at their left corner: under them with the sheet name over them (KiCad),
    or over them with the sheet name stacked over the file name (Altium's designator and file name)."""
    files = [(t, m) for t in texts if (m := _FILE.match(t.text))]
    if not files:
        return []
    rects = [p.bbox for p in sheet.paths if not p.text_shape and (p.is_rect or "close" in p.kinds)
             and (exclude is None or not exclude.contains(p.bbox))]
    out: list[SheetSymbol] = []
    for t, m in files:
        b = t.bbox
        s = t.size
        best = None
        gap = math.inf
        for r in rects:
            if r.width < 5 * s or r.height < 2.5 * s or r.width > 0.5 * sheet.width or abs(r.x0 - b.x0) > 2 * s:
                continue
            # (the file name may touch the rectangle's edge a little)
            for g in (b.top - r.bottom, r.top - b.bottom):
                if -0.3 * s <= g <= 1.8 * s and abs(g) < gap:
                    best, gap = r, abs(g)
        if best is None:
            continue
        above = best.top >= b.bottom - 0.3 * s  # the file name over the rectangle: its name over the file name
        over = b if above else best
        name = None
        for other in texts:
            ob = other.bbox
            if other is not t and not other.role and -0.3 * other.size <= over.top - ob.bottom <= 1.8 * other.size \
                    and abs(ob.x0 - over.x0) <= 2 * other.size:
                nm = _SHEET_NAME.match(other.text)
                name = nm.group(1).strip() if nm else other.text
                other.role = "sheet_name"
                break
        t.role = "sheet_file"
        out.append(SheetSymbol(name=name, file=m.group(1), bbox=best, confidence=0.9 if name else 0.7))
    return out


def read_schematic(sheet: SheetLike, *, exclude: BBox | None = None, gate: bool = True) -> Schematic:
    """Components, net labels and sheet symbols of a page (see the module docstring). ``exclude`` is a
    region whose texts and shapes are left alone (the title block); with ``gate`` a page that does not look
    like a schematic gives an empty result."""
    texts = [t for t in _texts(sheet) if exclude is None or not exclude.contains(t.bbox)]
    if not texts:
        return Schematic()
    size = float(np.median([t.size for t in texts]))
    # one synthetic character far larger than the page's text is a symbol body read as a glyph (a resistor's
    # rectangle as "0"): a body, not a text
    misread = [t for t in texts if t.synthetic and len(t.text) == 1 and t.size > 2.5 * size]
    texts = [t for t in texts if t not in misread]
    sheets = _sheet_symbols(sheet, texts, exclude)
    sheet_boxes = [sh.bbox for sh in sheets]
    g = _graphics(sheet, size, exclude, sheet_boxes, [t.bbox for t in texts if t.hidden or t.synthetic], [t.bbox for t in misread])
    ref_sizes = [t.size for t in texts if is_designator(t.text)]
    if ref_sizes:
        # print much smaller than the references (Eagle's "pas 1", "io 0" pin marks) is neither label nor field
        floor = 0.6 * float(np.median(ref_sizes))
        for t in texts:
            if not t.role and t.size < floor and not _VALUE_FORM.match(t.text):  # (a value may be printed small)
                t.role = "mark"
    labels: list[NetLabel] = []
    fields: list[_Text] = []
    holder_of = {id(t): _inside_closed(g, t) for t in texts if not t.role}
    holder_count: dict[int, int] = {}
    for h in holder_of.values():
        if h is not None:
            holder_count[h] = holder_count.get(h, 0) + 1
    for t in texts:
        if t.role:
            continue
        if any(sb.contains(t.bbox) for sb in sheet_boxes):
            t.role = "sheet_pin"
            continue
        if not t.overbar:
            t.overbar = _overbar_stroke(g, t)
        holder = holder_of[id(t)]
        if holder is not None:
            x0, top, x1, bottom = g.boxes[holder]
            hb = BBox(x0, top, x1, bottom)
            tight = hb.height <= 3.2 * t.size and hb.width <= t.bbox.width + 5 * t.size
            if g.rect[holder] and holder_count.get(holder, 0) <= 2 and is_designator(t.text):
                fields.append(t)  # a reference printed inside its resistor's or diode's body (Olimex)
                continue
            if tight and not _DIGITS.match(t.text) and not g.rect[holder]:
                labels.append(NetLabel(text=t.text, kind="global", overbar=t.overbar, bbox=t.bbox, anchor=hb, confidence=0.85))
                t.role = "label"
            else:
                t.role = "pin"
            continue
        if _DIGITS.match(t.text) and (_in_body_box(g, t) or _over_stub(g, t) or _wire_touch(g, t) is not None):
            t.role = "pin"  # a pin number over its stub or on a line (a bare number beside a body can be a value: 330)
            continue
        flag = _flag_beside(g, t)
        if flag is not None and not is_designator(t.text) and not _DIGITS.match(t.text):
            labels.append(NetLabel(text=t.text, kind="hierarchical", overbar=t.overbar, bbox=t.bbox, anchor=flag, confidence=0.7))
            t.role = "label"
            continue
        if _POWER_NAME.match(t.text):
            sym = _power_symbol(g, t)
            if sym is not None:
                labels.append(NetLabel(text=t.text, kind="power", overbar=t.overbar, bbox=t.bbox, anchor=sym, confidence=0.85))
                t.role = "label"
                continue
        wire = _wire_touch(g, t)
        if wire is not None and (is_designator(t.text) or (_VALUE_FORM.match(t.text) and not _POWER_NAME.match(t.text))):
            near_body = _nearest_body(g, t.bbox, 1.0 * t.size)
            if near_body is not None and near_body[1] <= 1.0 * t.size:
                # a reference beside its body, along the wire that leaves it; a value so too (Olimex prints
                # 10k/R0402 along the wire over the resistor): no net is named like a value
                wire = None
        if wire is not None and not _DIGITS.match(t.text):
            labels.append(NetLabel(text=t.text, kind="local", overbar=t.overbar, bbox=t.bbox, anchor=wire, confidence=0.75))
            t.role = "label"
            continue
        fields.append(t)
    comps = _components(g, fields, size)
    if gate and not _looks_like_schematic(comps, labels):
        return Schematic(turned_down=(sum(1 for c in comps if c.symbol_bbox is not None), len(labels)))
    return Schematic(tuple(comps), tuple(sorted(labels, key=lambda lab: (lab.bbox.top, lab.bbox.x0))),
                     tuple(sheets), tuple(g.bodies))


def _looks_like_schematic(comps: Sequence[Component], labels: Sequence[NetLabel]) -> bool:
    """Enough evidence that a page is a schematic: three components with a body and a value, of two classes
    or more; or, on a sheet of connectors and labels where few values are printed, four components with a
    body, of two classes, and twice as many net labels as components, two of them or more told by their
    drawn shape (a flag, an outline, a supply symbol) or a dozen in all."""
    def classes(cs: Sequence[Component]) -> int:
        return len({m.group(1) for c in cs if (m := _DESIGNATOR.match(c.designator)) is not None})

    bodied = [c for c in comps if c.symbol_bbox is not None]
    valued = [c for c in bodied if c.value]
    if len(valued) >= 3 and classes(valued) >= 2:
        return True
    shaped = sum(1 for lab in labels if lab.kind in ("global", "hierarchical", "power"))
    return len(bodied) >= 4 and classes(bodied) >= 2 and len(labels) >= 2 * len(bodied) and (shaped >= 2 or len(labels) >= 12)


def _components(g: _Graphics, fields: list[_Text], size: float) -> list[Component]:
    ref_sizes = [t.size for t in fields if is_designator(t.text)]
    if ref_sizes:
        # much smaller print beside pins (Eagle's "pas 1", "sup 0": pin direction and swap level) is no field
        floor = 0.6 * float(np.median(ref_sizes))
        fields = [t for t in fields if t.size >= floor or _VALUE_FORM.match(t.text)]
    near: list[tuple[int, float] | None] = [_nearest_body(g, t.bbox, 3.0 * t.size) for t in fields]
    index = BoxIndex.from_arrays(np.arange(len(fields)), [tuple(t.bbox) for t in fields]) if fields else None
    cands = [i for i, t in enumerate(fields) if is_designator(t.text) and (
        near[i] is not None or _DESIGNATOR.match(t.text).group(1) in DESIGNATOR_CLASSES)]  # type: ignore[union-attr]
    # letters outside the standard classes (FET1, CHRG1) make a designator only as part of a series (FET1,
    # FET2) or with a one-digit number; a part number's letters (BC847, LM358, SS14) do neither
    numbers: dict[str, set[str]] = {}
    for i in cands:
        m = _DESIGNATOR.match(fields[i].text)
        assert m is not None
        numbers.setdefault(m.group(1), set()).add(m.group(2))

    def plausible(text: str) -> bool:
        m = _DESIGNATOR.match(text)
        assert m is not None
        letters, number = m.group(1), m.group(2)
        if letters in DESIGNATOR_CLASSES:
            return True
        return not number.startswith("0") and (len(numbers[letters]) >= 2 or len(number) == 1)

    units: dict[tuple[str, str], set[str]] = {}
    for i in cands:
        m = _DESIGNATOR.match(fields[i].text)
        assert m is not None
        units.setdefault((m.group(1), m.group(2)), set()).add(m.group(3))

    def in_series(text: str) -> bool:
        """One of several units of one part on the page (RM2A, RM2B). (A series of numbers is no such
        evidence: pin names run ADC1, ADC2 too.)"""
        m = _DESIGNATOR.match(text)
        assert m is not None
        return len(units[(m.group(1), m.group(2))]) >= 2

    weak = {i for i in cands if not plausible(fields[i].text)}
    # a designator-form field read after another one in the same stack is that one's value (BC847 under Q1)
    value_only: set[int] = set()
    pairs: list[tuple[float, int, int, int]] = []  # (distance, order, designator, value)
    on_row: set[tuple[int, int]] = set()  # (designator, field) next to each other on one row
    digits_by_body: dict[int, int] = {}
    for j, t in enumerate(fields):
        if near[j] is not None and _DIGITS.match(t.text):
            digits_by_body[near[j][0]] = digits_by_body.get(near[j][0], 0) + 1  # type: ignore[index]
    for i in cands:
        t = fields[i]
        assert index is not None
        reach = 1.6 * t.size
        for j in index.intersection(tuple(t.bbox.expand(_ROW_REACH * t.size))):
            if j == i:
                continue
            gap = _stack_gap(t.bbox, fields[j].bbox, t.size)
            if gap is None:
                continue
            order = _order(t.bbox, fields[j].bbox, t.direction)
            row = 0.0 < gap <= _ROW_REACH * t.size and _next_on_row(t, fields[j], fields, index)
            if row:
                on_row.add((i, j))
            if gap > reach and not row:
                # farther along the designator's own row, the next text there either way (Y1   20MHz, or the
                # value first): a value only when no nearer field is taken, and not when anything lies between
                continue
            if order == 0 and is_designator(fields[j].text) and j in cands and \
                    _DESIGNATOR.match(fields[j].text).group(1) not in DESIGNATOR_CLASSES and not in_series(fields[j].text):  # type: ignore[union-attr]
                value_only.add(j)  # BC847 under Q1; R11 beside R10, RM2B under RM2A are designators of their own
            # a field in a footprint's form is a value only when the component has no other (L_0805 packed
            # against L1, 10uH a little further off; R_0805 under R1, 5k1 across the body)
            form = _footprint_like(fields[j].text)
            pairs.append((gap + (_LAST_RESORT * t.size if form else 0.0), order, i, j))
        # across the body: the nearest other field of the same body
        if near[i] is not None:
            body = near[i][0]  # type: ignore[index]
            bb = g.bodies[body]
            across: list[tuple[float, int]] = []
            for j in index.intersection(tuple(bb.expand(3.0 * t.size))):
                nj = near[j]
                if j == i or nj is None or nj[0] != body or (_DIGITS.match(fields[j].text) and digits_by_body.get(body, 0) > 1):
                    continue  # bare numbers round a body are its pin numbers
                gap = _gap(t.bbox, fields[j].bbox)
                cx, cy = (fields[j].bbox.x0 + fields[j].bbox.x1) / 2, (fields[j].bbox.top + fields[j].bbox.bottom) / 2
                if gap > 1.6 * t.size and not (bb.x0 < cx < bb.x1 and bb.top < cy < bb.bottom):
                    across.append((gap, j))  # (a text centred in the body is a pin's name there)
            for gap, j in across:
                # across the body the value is the first of a stack there (a footprint reads under it), and a
                # field in a footprint's form is the value only when nothing else is
                fb = fields[j].bbox
                later = any(k != j and (sg := _stack_gap(fields[k].bbox, fb, t.size)) is not None and sg <= 1.6 * t.size
                            and _order(fields[k].bbox, fb, fields[k].direction) == 0 for _, k in across)
                # (a bare number there is a value, 330, only when nothing else is: it is more often a pin's)
                form = _footprint_like(fields[j].text) or bool(_DIGITS.match(fields[j].text))
                pairs.append((gap + 2.0 * t.size + (0.5 * t.size if later else 0.0) + (_LAST_RESORT * t.size if form else 0.0),
                              _order(t.bbox, fb, t.direction), i, j))
    by_body: dict[int, list[int]] = {}
    for i in cands:
        if near[i] is not None:
            by_body.setdefault(near[i][0], []).append(i)  # type: ignore[index]
    for members in by_body.values():
        classed = [i for i in members if _DESIGNATOR.match(fields[i].text).group(1) in DESIGNATOR_CLASSES]  # type: ignore[union-attr]
        if classed and len(classed) < len(members):
            value_only.update(i for i in members if i not in classed)
        elif len(members) >= 2:
            # two of designator form by one body: one with a long number in no series on the page is the
            # other's part number (B5819W by D1)
            lone = [i for i in members if len(_DESIGNATOR.match(fields[i].text).group(2)) >= 3  # type: ignore[union-attr]
                    and len(numbers[_DESIGNATOR.match(fields[i].text).group(1)]) == 1]  # type: ignore[union-attr]
            if 0 < len(lone) < len(members):
                value_only.update(lone)
    designators = [i for i in cands if i not in value_only and i not in weak]
    dset = set(designators)
    # a sentence (a note) is no value
    # (a lone letter is a pin's name: A, K, G; a lone sign is a symbol's mark read as text: a trimmer's ⊥)
    novalue = {j for j, t in enumerate(fields) if len(t.text.split()) > 3 or len(t.text) > 40
               or (len(t.text) == 1 and not t.text.isdigit())}
    # a supply's form (5V1, 3V3) is a value only stacked right on its designator (a Zener's voltage)
    # (or next to it on its row: a battery's 3V)
    supply = {j for j, t in enumerate(fields) if _POWER_NAME.match(t.text)}
    pairs = [p for p in pairs if p[2] in dset and p[3] not in dset and p[3] not in novalue
             and not (p[3] in supply and (p[0] > 0.6 * fields[p[2]].size or p[1]) and (p[2], p[3]) not in on_row)]
    value_of: dict[int, int] = {}
    doubt: dict[int, float] = {}
    taken: set[int] = set()
    # nearest pairs first (a one-to-one matching of least total distance was tried: it read more of the
    # tuned files' values and fewer of the held-out ones, and was dropped)
    for gap, order, i, j in sorted(pairs, key=lambda p: (p[0] + (0.5 * size if p[1] else 0.0), p[2], p[3])):
        if i in value_of or j in taken:
            continue
        value_of[i] = j
        taken.add(j)
        # a value across the body (or taken as a last resort), or read before its designator, is less sure
        # than one stacked under it
        doubt[i] = (0.15 if gap > 1.6 * fields[i].size else 0.0) + (0.1 if order else 0.0)
    out: list[Component] = []
    for i in designators:
        t = fields[i]
        v = value_of.get(i)
        if near[i] is None and v is None:
            continue  # a designator's form alone, with neither a body nor a value by it
        # (a designator printed away from its body, past its value on their row, has the value's body)
        own = near[i] if near[i] is not None else (near[v] if v is not None else None)
        body = g.bodies[own[0]] if own is not None else None
        value = fields[v].text if v is not None else None
        footprint = None
        extra: dict[str, str] = {}
        boxes = [t.bbox] + ([fields[v].bbox] if v is not None else []) + ([body] if body else [])
        if v is not None and index is not None:
            vb = fields[v].bbox
            for j in index.intersection(tuple(vb.expand(1.6 * t.size))):
                if j in (i, v) or j in dset or j in taken or fields[j].direction != fields[v].direction:
                    continue  # (a stack of fields reads one way)
                gap = _stack_gap(vb, fields[j].bbox, t.size)
                if gap is None or gap > 1.6 * t.size or _order(vb, fields[j].bbox, fields[v].direction) != 0:
                    continue
                if footprint is None and _footprint_like(fields[j].text):
                    footprint = fields[j].text
                else:
                    extra[f"field{len(extra) + 3}"] = fields[j].text
                taken.add(j)
                boxes.append(fields[j].bbox)
        if footprint is None and v is not None and index is not None:
            # a footprint packed on the other side of the reference, in the same direction (a turned stack
            # reads footprint, reference, value)
            for j in index.intersection(tuple(t.bbox.expand(1.0 * t.size))):
                if j in (i, v) or j in dset or j in taken or fields[j].direction != t.direction or \
                        not _footprint_like(fields[j].text):
                    continue
                gap = _stack_gap(t.bbox, fields[j].bbox, t.size)
                if gap is not None and gap <= 1.0 * t.size:
                    footprint = fields[j].text
                    taken.add(j)
                    boxes.append(fields[j].bbox)
                    break
        if footprint is None and body is not None and index is not None:
            # or on the far side of the body, alone: the nearest unclaimed field in a footprint's form whose
            # own nearest body is this one
            best: tuple[float, int] | None = None
            for j in index.intersection(tuple(body.expand(3.0 * t.size))):
                nj = near[j]
                if j in (i, v) or j in dset or j in taken or nj is None or own is None or nj[0] != own[0] or \
                        not _footprint_like(fields[j].text):
                    continue
                if best is None or (nj[1], j) < best:
                    best = (nj[1], j)
            if best is not None:
                footprint = fields[best[1]].text
                taken.add(best[1])
                boxes.append(fields[best[1]].bbox)
        conf = 0.55 + (0.2 - doubt.get(i, 0.0) if value else 0.0) + (0.15 if body else 0.0) + \
            (0.05 if _DESIGNATOR.match(t.text).group(1) in DESIGNATOR_CLASSES else 0.0)  # type: ignore[union-attr]
        out.append(Component(designator=t.text, value=value, footprint=footprint, fields=extra,
                             bbox=BBox.union_all(boxes), symbol_bbox=body, designator_bbox=t.bbox,
                             value_bbox=fields[v].bbox if v is not None else None, confidence=min(conf, 0.95)))
    out.sort(key=lambda c: (c.designator_bbox.top, c.designator_bbox.x0))
    return out


# -- the analyzer ------------------------------------------------------------------------------------------------

@analyzer("schematic", requires={"lines", "paths", "title_block"}, assigns={"components", "net_labels", "sheet_symbols"})
def schematic_analyzer(sheet: Sheet, settings: None) -> dict[str, object] | Reported:
    """Components, net labels and sheet symbols on pages that look like schematics. Said in a
    ``LOW_CONFIDENCE`` diagnostic: a designator read twice on a page (a warning), and a page turned down by
    the gate though three components or more and twice as many net labels were read on it (information:
    nothing of it is reported, and it may be a small schematic sheet)."""
    tb = sheet.results.get("title_block") if hasattr(sheet.results, "get") else None
    found = read_schematic(sheet, exclude=getattr(tb, "bbox", None))
    value = {"components": list(found.components), "net_labels": list(found.net_labels),
             "sheet_symbols": list(found.sheet_symbols)}
    seen: dict[str, int] = {}
    for c in found.components:
        seen[c.designator] = seen.get(c.designator, 0) + 1
    twice = sorted(d for d, n in seen.items() if n > 1)
    bodied, labelled = found.turned_down
    if bodied >= 3 and labelled >= 2 * bodied:
        # components and net labels were read, too few to call the page a schematic: said, not dropped unseen
        diag = Diagnostic.make(Code.LOW_CONFIDENCE, f"{bodied} components with a symbol body and {labelled} net labels "
                               "were read but are not reported: too little evidence that the page is a schematic",
                               severity=Severity.INFO, page=sheet.number, analyzer="schematic",
                               turned_down_components=bodied, turned_down_labels=labelled)
        return Reported(value, (diag,))
    if not twice:
        return value
    # a reference printed twice on one sheet is a misread, a pin name taken for a reference, or a drawing error
    diag = Diagnostic.make(Code.LOW_CONFIDENCE, f"{len(twice)} designators read more than once on the page: "
                           f"{', '.join(twice[:20])}{' ...' if len(twice) > 20 else ''}", severity=Severity.WARNING,
                           page=sheet.number, analyzer="schematic", duplicate_designators=twice)
    return Reported(value, (diag,))


def draw_components(sheet: SheetLike, comps: Sequence[Component]) -> list[str]:
    """Each component's symbol body, its designator and value, and a line from each field to the body."""
    out: list[str] = []
    for c in comps:
        if c.symbol_bbox:
            out.append(svg.box(c.symbol_bbox, 'fill="#1e88e5" fill-opacity="0.08" stroke="#1e88e5" stroke-width="0.4"',
                               f"{c.designator} body"))
        out.append(svg.box(c.designator_bbox, 'fill="none" stroke="#e53935" stroke-width="0.5"',
                           f"{c.designator}: {c.value or '-'}"))
        for fb in ([c.value_bbox] if c.value_bbox else []):
            out.append(svg.box(fb, 'fill="none" stroke="#43a047" stroke-width="0.5"', f"value of {c.designator}"))
        if c.symbol_bbox:
            for fb in [c.designator_bbox] + ([c.value_bbox] if c.value_bbox else []):
                out.append(svg.line(fb.center, c.symbol_bbox.center, 'stroke="#8e24aa" stroke-width="0.3"'))
    return out


_KIND_COLOURS = {"local": "#00897b", "global": "#f4511e", "hierarchical": "#6d4c41", "power": "#c62828"}


def draw_labels(sheet: SheetLike, labels: Sequence[NetLabel]) -> list[str]:
    """Each label in the colour of its kind, linked to the wire, outline or symbol that gave the kind."""
    out: list[str] = []
    for lab in labels:
        colour = _KIND_COLOURS.get(lab.kind, "#000000")
        out.append(svg.box(lab.bbox, f'fill="none" stroke="{colour}" stroke-width="0.5"', f"{lab.kind} label {lab.text}"))
        if lab.anchor is not None:
            out.append(svg.line(lab.bbox.center, lab.anchor.center, f'stroke="{colour}" stroke-width="0.3"'))
    return out


def draw_sheet_symbols(sheet: SheetLike, symbols: Sequence[SheetSymbol]) -> list[str]:
    return [svg.box(s.bbox, 'fill="none" stroke="#3949ab" stroke-width="0.8"', f"sheet {s.name}: {s.file}") for s in symbols]


def component_rows(comps: Sequence[Component]) -> list[dict[str, object]]:
    """One row per component: its fields (``name=value`` joined by ``; ``), its box and its symbol's box."""
    rows: list[dict[str, object]] = []
    for c in comps:
        sb = bbox_out(c.symbol_bbox) if c.symbol_bbox else (None, None, None, None)
        x0, top, x1, bottom = bbox_out(c.bbox)
        rows.append({"designator": c.designator, "value": c.value, "footprint": c.footprint,
                     "fields": "; ".join(f"{k}={v}" for k, v in c.fields.items()), "confidence": c.confidence,
                     "x0": x0, "top": top, "x1": x1, "bottom": bottom, "symbol_x0": sb[0], "symbol_top": sb[1],
                     "symbol_x1": sb[2], "symbol_bottom": sb[3]})
    return rows


def sheet_symbol_rows(symbols: Sequence[SheetSymbol]) -> list[dict[str, object]]:
    """One row per sheet symbol; its file is ``sheet_file`` (``file`` is the PDF's)."""
    rows: list[dict[str, object]] = []
    for sym in symbols:
        x0, top, x1, bottom = bbox_out(sym.bbox)
        rows.append({"name": sym.name, "sheet_file": sym.file, "confidence": sym.confidence, "x0": x0, "top": top,
                     "x1": x1, "bottom": bottom})
    return rows


output("components", draw=draw_components, rows=component_rows, schema=list[ComponentJSON])
output("net_labels", draw=draw_labels, schema=list[NetLabelJSON])
output("sheet_symbols", draw=draw_sheet_symbols, rows=sheet_symbol_rows, schema=list[SheetSymbolJSON])

__all__ = ["DESIGNATOR_CLASSES", "Component", "NetLabel", "Schematic", "SheetSymbol", "decode_markup", "is_designator",
           "read_schematic"]
