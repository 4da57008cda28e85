"""Dimensions: exploded dimension text reassembled, parsed into a tolerance zone, checked against geometry.

CAD exporters write ``24.500 ±0.005`` as separate text objects: the nominal, the
tolerance (often smaller, often stacked ``+0.05`` over ``-0.02``), a count
``4X``, a ``⌀`` from a symbol font. The pass works in three steps.

1. **Pieces and links** (before any reading order): every visible word that
   can be part of a dimension, outside title blocks, tables, notes and GD&T
   frame compartments, measured in its own text frame (baseline position
   and extent along the baseline, from its glyph origins, so text at any angle
   is handled the same way). Two pieces link when the geometry, *normalised
   by font size*, says they belong together: on one baseline with a gap under
   ``inline_gap`` × size and one of them a lead (count, ``⌀``, ``R``, ``(``) or
   a follow-on (tolerance, fit, ``THRU``, ``)``, ``[dual]``); a smaller
   deviation right of a number; two deviations stacked over each other; a
   tolerance or dual-unit line right under a number. The linked components
   (connected components of the sparse link graph, ``scipy.sparse.csgraph``)
   are the dimension candidates; pairs come from R-tree queries, never from all
   pairs.
2. **Reading**: the main baseline in order; stacked pieces as
   ``upper/lower``; lines below appended; then one grammar reads count,
   prefix, nominal (or limits), fit, tolerance, dual value and suffix. Limits
   ``8.01/7.99`` become nominal 8.0 with deviations +0.01/-0.01 (the mid value,
   the convention of the fixtures' truth). A lone printed deviation (``+0.018``
   beside ``⌀10 H7``) leaves the other one 0, as ISO 286 prints them.
3. **Geometry**: a candidate is kept when a dimension line or leader (see
   :mod:`pdftract.analyzers.leaders`) passes within ``support_reach`` × size of
   it, or when it carries a tolerance or a fit (text no drawing prints by
   accident). A text box drawn tightly around it marks a basic dimension.

Threads (``M6x1.0-6H``, ``1/4-20 UNC-2B``) are callouts, not dimensions (see
:mod:`pdftract.analyzers.callouts`).

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("84.00", 100, 100), ("+0.05", 128, 95, 0, 6), ("-0.02", 128, 101, 0, 6)])
>>> (d,) = find_dimensions(sheet, DimensionSettings(require_geometry=False))
>>> d.text, d.nominal, d.upper, d.lower
('84.00 +0.05/-0.02', 84.0, 0.05, -0.02)
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass, field, replace
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pdftract.analyzers.confidence import clamp, glyph_floor, recovery_factor
from pdftract.analyzers.grid import box_from_frame, box_to_frame, cell_around, rules_for
from pdftract.analyzers.leaders import (
    geometry_for,
    point_box_distance,
    segment_box_distance,
)
from pdftract.analyzers.notation import (
    NUMBER,
    VALUE,
    canonical_fraction,
    canonical_symbols,
    parse_number,
)
from pdftract.geometry import BBox
from pdftract.index import BoxIndex, BoxSet, components
from pdftract.model.primitives import drawn_pieces
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Word
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.jsonvalues import Box, Pt, bbox_out, pt_out, r2, value_out
from pdftract.registry import analyzer, output
from pdftract.settings import Settings


@dataclass(frozen=True, slots=True, kw_only=True)
class DimensionSettings(Settings):
    inline_gap: float = 1.0  # largest gap between pieces on one baseline, × font size
    stack_reach: float = 1.2  # how far right of a number a smaller deviation may start, × size
    support_reach: float = 1.5  # how far a dimension line or leader may pass from the text, × size
    require_geometry: bool = True  # drop plain numbers with no dimension line or leader near them

    def validate(self) -> None:
        for name in ("inline_gap", "stack_reach", "support_reach"):
            if getattr(self, name) <= 0:
                self.fail(name, "must be > 0")


class DimensionJSON(TypedDict):
    """A dimension in the JSON output (``pages[].dimensions[]``)."""

    text: str
    nominal: float | None
    upper: float | None
    lower: float | None
    kind: str
    count: int
    unit: str | None
    unit_source: str | None
    fit: str | None
    basic: bool
    reference: bool
    dual: str | None
    suffix: str | None
    direction: float | None
    geometry: str
    target: Pt | None
    confidence: float | None
    bbox: Box
    glyph_ids: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Dimension:
    """One dimension as printed, with its parsed tolerance zone (DESIGN §6 ``pages[].dimensions[]``)."""

    text: str
    nominal: float | None
    upper: float | None
    lower: float | None
    kind: str  # linear | diameter | radius | angular | chamfer | other
    count: int
    unit: str | None
    fit: str | None
    basic: bool
    reference: bool
    dual: str | None
    suffix: str | None
    bbox: BBox
    direction: float
    glyph_ids: tuple[int, ...]
    word_ids: tuple[int, ...]
    geometry: str  # dimension_line | leader | ordinate | scaled_line | none
    target: tuple[float, float] | None = None  # the leader's terminator point, for leader dimensions
    unit_source: str | None = None
    confidence: float = 1.0  # see dimension_confidence
    debug: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_dict(self) -> DimensionJSON:
        return {
            "text": self.text, "nominal": value_out(self.nominal), "upper": value_out(self.upper),
            "lower": value_out(self.lower), "kind": self.kind,
            "count": self.count, "unit": self.unit, "unit_source": self.unit_source, "fit": self.fit,
            "basic": self.basic, "reference": self.reference, "dual": self.dual, "suffix": self.suffix,
            "direction": r2(self.direction), "geometry": self.geometry,
            "target": None if self.target is None else pt_out(self.target),
            "confidence": r2(self.confidence), "bbox": bbox_out(self.bbox), "glyph_ids": list(self.glyph_ids),
        }


# -- tokens ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        zone = f" {self.upper:+g}/{self.lower:+g}" if self.upper is not None and self.lower is not None else ""
        return f"<Dimension {self.kind} {self.text!r} = {self.nominal}{zone} {self.unit or ''} ({self.confidence:.2f})>"

    def _repr_html_(self) -> str:
        from pdftract.notebook import item_html

        return item_html(self)

_PREFIX_ONLY = re.compile(r"^(?:[⌀ØøR□(\[\uFFFD⌴⌵↧]|S⌀|SR|R\s*=|\d+\s*[xX×*])$")
_COUNT = re.compile(r"^\d+$")
_COUNT_LEAD = re.compile(r"^\d+\s*[xX×*]$")  # "4x", "3*" (a count written with an asterisk)
_FRACTION = re.compile(r"^\d+/\d+\"?$")
#: feet and whole inches with no inch mark yet: a fraction of an inch follows (``7'-10`` ``1/2"``)
_FEET_WHOLE_INCHES = re.compile(r"^\d{1,4}['′’]\s*-?\s*\d{1,2}$")
_TIMES = re.compile(r"^[xX×]$")
#: an ISO 286 tolerance class: fundamental deviation letter(s) and IT grade (H7, g6, js6, h11, H7/g6)
#: (A, B and C come in the coarse grades only: ``A4`` beside a figure is a sheet size, the frame's ``9 A4`` no fit)
_ISO_CLASS = (r"(?![ABCabc][0-5](?!\d))"
              r"(?:CD|EF|FG|JS|ZA|ZB|ZC|cd|ef|fg|js|za|zb|zc|[A-HJKMNPR-Z]|[a-hjkmnpr-z])(?:1[0-8]|0?1|[2-9])")
_FIT = rf"(?:{_ISO_CLASS}(?:/{_ISO_CLASS})?)"
_FOLLOW = re.compile(
    rf"^(?:[±](?:[\d.,]|$)|\+/-|[+\-−][\d.,]|{_FIT}$|THRU\b|贯穿|通孔|DEEP\b|↧|TYP\.?$|MAX\.?|MIN\.?|REF\.?$|[)\]]|\[[\d.,/ ]+\]$|[xX×]\s*\d|°|\*+$|max\.?|mm$|mils?$|\([+\-−]\d)"
    # a word that names what the value counts or where it holds (``4-⌀3 Holes``, ``2 PLACES``, ``⌀6 mm through``),
    # or a limit written in capitals and small letters (``□42,30 Max``): a suffix of it
    r"|^(?:(?i:holes?|through|counterbore|countersink)|TYPICAL|PLACES|EQS|Max\.?|Min\.?)$"
)
_DEV = re.compile(r"^(?:[±+\-−]?(?:\d+(?:[.,]\d+)?|[.,]\d+)|0)$")
_TOL_LINE = re.compile(rf"^(?:±\s*{NUMBER}|{NUMBER}\s*/\s*{NUMBER}|[+\-]{NUMBER})$")
_DUAL = re.compile(r"^\[\s*(?:[⌀R]\s*)?[\d.,/ ]+\s*[\"″]?\s*\]$")
#: a dual-unit value in brackets right after a value (``0.50 [0.020"] X 45°``): its figures, perhaps with ⌀ or R
#: before them and an inch mark after
_DUAL_AFTER = re.compile(r"(?<=[\dA-Za-z\"″°.)])\s*\[\s*((?:[⌀R]\s*)?(?:\d+(?:[.,]\d+)?|[.,]\d+)\s*[\"″]?)\s*\]")
#: a value with an inch mark alone on the line under a metric value: its dual, the brackets drawn as lines
_DUAL_BARE = re.compile(r"^(?:[⌀R]\s*)?(?:\d+(?:[.,]\d+)?|[.,]\d+)\s*[\"″]$")
#: an inch mark anywhere in a text (a value in inches is no metric value's dual primary)
_INCH = re.compile(r"[\"″]")
_THREAD = re.compile(r"(?:^|\s)(?:M\d+(?:[.,]\d+)?\s*[xX×]\s*\d|M\d+\b(?!\s*$)|\d+/\d+\s*-\s*\d+|#\d+\s*-\s*\d+|#?\d+-\d+\s*UN|UN[CFS]\b|NPT\b|\bG\s?\d/\d)")
_HAS_DIGIT = re.compile(r"\d")
#: a length's unit written after its figures ("152mm", "6320 mils", "0.062 in")
_LENGTH_UNIT = re.compile(r"\d\s*(?:mm|mils?|thou|in)$")
#: what may follow the value of a dimension
_SUFFIX = re.compile(
    r"^(?:(?:THRU(?:\s+ALL)?|贯穿|通孔|DEEP|TIEF|TYP\.?|TYPICAL|(?i:max|min)\.?|REF\.?|EQ\.?\s*SP\.?|EQS|PLACES|PL\.?|ALL\s+AROUND|"
    r"(?:AT\s+)?BOTH\s+SIDES|(?i:holes?|through|counterbore|countersink)|"
    # (a US building drawing's clear distance and spacing on centres)
    r"CLR\.?|CLEAR|O\.C\.|OC|"
    r"mm|m|in|mils?|thou|\*+|↧\s*[\d.,]+|[xX×]\s*[\d.,]+\s*(?:DEEP|°)?|°)\s*)+$")

#: a value (with its unit or its fit) followed by its two deviations in brackets, each signed or a bare zero and
#: perhaps with the unit ("820 mm (-0 +5mm)"; GB drawings stack them: "⌀56f9(-0.03/-0.104)", "16(0/-0.043)"); the
#: closing bracket may be lost (a stroke the text layer does not hold)
_DEVIATIONS_IN_BRACKETS = re.compile(
    rf"^(?P<v>[⌀R]?\s*\d+(?:[.,]\d+)?)\s*(?P<u>mm)?\s*(?P<f>{_FIT})?\s*\(\s*(?P<a>[+\-]\s*\d+(?:[.,]\d+)?|0)\s*(?:mm)?"
    r"\s*/?\s*(?P<b>[+\-]?\s*\d+(?:[.,]\d+)?)\s*(?:mm)?\s*(?:\)|$)$")
#: "1 x 45", "0,5 x 45": a length by one of the usual chamfer angles, the degree sign left out; read as a count
#: and a value it would count one place, or a fraction of one
_CHAMFER_BY_ONE = re.compile(r"^\s*(1|\d*[.,]\d+)\s*[xX×]\s+(30|45|60)\s*$")

#: a length in feet and inches as US architectural and structural drawings print it (``12'-6"``, ``3'-0 1/2"``,
#: ``10'-0"``, ``8'``; the inch mark may be left out after the dash): read in inches
_FEET_INCHES = re.compile(
    r"^(?P<ft>\d{1,4})\s*['′’]\s*(?:-?\s*(?P<in>\d{1,2}(?:\s+\d{1,2}/\d{1,2})?|\d{1,2}/\d{1,2})\s*[\"″”]?)?"
    r"\s*(?P<suffix>.*?)\s*$")

#: limits are decimals (8.01/7.99, .3154/.3146); 3/8 is a fraction
_DECIMAL = r"(?:\d+[.,]\d+|[.,]\d+)"

_GRAMMAR = re.compile(
    rf"""^\s*
    (?:(?P<count>\d+)\s*(?:[xX×*]\s+|-\s*(?=S?[⌀R]\s*\d)))?
    (?P<open>[(\[])?\s*
    (?P<chamfer_word>CHAMFER|FASE|C(?=\d*[.,]\d))?\s*
    (?P<hole>[⌴⌵])?\s*
    (?P<prefix>S⌀|SR|⌀|R|□|\uFFFD)?\s*
    (?:(?P<hi>{_DECIMAL})\s*/\s*(?P<lo>{_DECIMAL})(?![\d/])|(?P<nominal>{VALUE}))\s*(?P<inch>["″])?\s*(?P<deg>°)?
    (?:\s*[xX×]\s*(?P<chamfer_angle>\d+(?:[.,]\d+)?)\s*(?P<chamfer_deg>°)?)?
    \s*(?P<close>[)\]])?
    (?:\s*(?P<fit>{_FIT})(?![\d.,]))?
    (?:\s*(?P<sym>±)\s*(?P<symval>{NUMBER})(?P<symdeg>°)?|\s*(?P<dev1>[+\-]{NUMBER}|0(?:[.,]0+)?)(?:\s*/\s*(?P<dev2>[+\-]?{NUMBER}|0(?:[.,]0+)?))?)?
    (?:\s*\[(?P<dual>[^\]]+)\])?
    \s*(?P<suffix>.*?)\s*$""",
    re.VERBOSE,
)


@dataclass
class _Piece:
    word: Word
    text: str
    x0: float  # along the baseline, in the frame of ``angle``
    x1: float
    base: float  # baseline position across
    size: float
    angle: float
    lead: bool = False
    follow: bool = False
    dev: bool = False
    stacked: bool = False  # a deviation with a signed one over or under it at its own size (see _same_size_stacks)


def _frame_axes(angle: float) -> tuple[float, float, float, float]:
    th = math.radians(angle)
    return math.cos(th), -math.sin(th), math.sin(th), math.cos(th)


def _symbol_marks(sheet: SheetLike, w: Word) -> str:
    """The word's text with letters and private-use characters from another font than its digits as U+FFFD.

    A symbol font that puts ``⌀`` on the letter ``n`` or on a private-use code reads as
    ``n10``; until glyph recovery names the symbol, the dimension says it does not know it.
    """
    gs = [sheet.glyph(g) for g in w.glyph_ids]
    digit_fonts = {g.font for g in gs if g.text.isdigit()}
    if not digit_fonts or len({g.font for g in gs}) == 1:
        return w.text
    out = []
    for g in gs:
        ch = g.text
        foreign = g.font not in digit_fonts and len(ch) == 1 and ((ch.isascii() and ch.isalpha()) or 0xE000 <= ord(ch) <= 0xF8FF)
        out.append("\uFFFD" if foreign else ch)
    return "".join(out)


def _piece(sheet: SheetLike, w: Word, text: str) -> _Piece:
    bx, by, nx, ny = _frame_axes(w.direction)
    gs = [sheet.glyph(g) for g in w.glyph_ids]
    along = [g.origin[0] * bx + g.origin[1] * by for g in gs]
    ends = [a + g.advance for a, g in zip(along, gs, strict=True)]
    perp = sorted(g.origin[0] * nx + g.origin[1] * ny for g in gs)
    return _Piece(word=w, text=text, x0=min(along), x1=max(ends), base=perp[len(perp) // 2], size=w.size, angle=w.direction,
                  lead=bool(_PREFIX_ONLY.match(text)) or bool(_COUNT.match(text)) or bool(_TIMES.match(text)),
                  follow=bool(_FOLLOW.match(text)), dev=bool(_DEV.match(text)))


def _linked(a: _Piece, b: _Piece, s: DimensionSettings) -> bool:
    """Whether two pieces of one direction belong to one dimension (``a`` starts before ``b`` along the baseline)."""
    size = max(a.size, b.size)
    small = min(a.size, b.size)
    db = b.base - a.base
    gap = b.x0 - a.x1
    # on one baseline: a lead before anything, anything before a follow-on piece
    reach = s.inline_gap * (1.8 if _COUNT_LEAD.match(a.text) or _TIMES.match(a.text) else 1.0)  # a count may sit across a symbol drawn as paths
    if abs(db) <= 0.3 * size and small >= 0.55 * size and -0.3 * size <= gap <= reach * size:
        if a.lead and (_COUNT.match(a.text) is None or _TIMES.match(b.text) or b.text[:1].isdigit() is False):
            return True
        if b.follow or _TIMES.match(a.text) is not None or _TIMES.match(b.text) is not None:
            return True
        if a.text in ("±", "+/-") and b.text[:1].isdigit():  # "80.0 ± 0.1" printed with spaces (FreeCAD)
            return True
        if b.text == "[" and _HAS_DIGIT.search(a.text):  # the other unit's bracket opens after the value
            return True
        if _COUNT.match(a.text) and _FRACTION.match(b.text):  # a mixed number: 1 3/8
            return True
        if _FEET_WHOLE_INCHES.match(a.text) and _FRACTION.match(b.text):  # feet and a mixed number of inches: 7'-10 1/2"
            return True
        if _COUNT.match(a.text) and _TIMES.match(b.text):
            return True
        if re.search(r"\d[.,]$", a.text) and re.match(r"\d+$", b.text) and gap <= 0.5 * size:
            return True  # a decimal number split at its separator by the word spacing ("R3," "1": drawn text)
    # a smaller deviation right of a number (above, on or under its baseline), smaller than the number too (a
    # border's zone number beside a column of ordinates printed at half its size is no nominal of theirs)
    for big, sm in ((a, b), (b, a)):
        if sm.dev and sm.size <= 0.9 * big.size and _HAS_DIGIT.search(big.text) and not _not_smaller(sm.text, big.text):
            g = sm.x0 - big.x1
            d = sm.base - big.base
            if -0.3 * big.size <= g <= s.stack_reach * big.size and -0.95 * big.size <= d <= 0.45 * big.size:
                return True
    # a stack of deviations at the number's own size (SolidWorks with a tolerance font scale of 1): the stack's
    # piece on the number's baseline, right after it, or either piece of a stack centred on the number (half a
    # line over and under it: Prusa's ``⌀6 +0,2/+0``, at any angle)
    for big, sm in ((a, b), (b, a)):
        if sm.stacked and not big.stacked and _HAS_DIGIT.search(big.text) and abs(sm.size - big.size) <= 0.1 * big.size:
            if -0.3 * big.size <= sm.x0 - big.x1 <= s.stack_reach * big.size and abs(sm.base - big.base) <= 0.65 * big.size:
                return True
    # two deviations stacked over each other, left aligned or overlapping
    if a.dev and b.dev and 0.4 * size <= abs(db) <= 1.7 * size:
        ov = min(a.x1, b.x1) - max(a.x0, b.x0)
        if ov >= 0.4 * min(a.x1 - a.x0, b.x1 - b.x0) and abs(a.x0 - b.x0) <= 0.8 * size:
            signed = a.text[:1] in "+-±−" or b.text[:1] in "+-±−" or a.text == "0" or b.text == "0"
            same_places = _places(a.text) == _places(b.text) and _places(a.text) > 0
            if signed or (same_places and abs(db) <= 1.25 * size and small <= size):
                return True
    # a tolerance or dual-unit line right under a number
    for up, down in ((a, b), (b, a)):
        d = down.base - up.base
        dual = _DUAL.match(down.text) or (_DUAL_BARE.match(down.text) and not _INCH.search(up.text))
        if 0.85 * up.size <= d <= 1.9 * up.size and _HAS_DIGIT.search(up.text) and (_TOL_LINE.match(down.text) or dual):
            ov = min(up.x1, down.x1) - max(up.x0, down.x0)
            # a small lone signed deviation beside (not under) the number is half of a stack of the dimension
            # below (FreeCAD stacks "+0.1 / -0.1" right of its nominal, one dimension over another)
            lone = down.text[:1] in "+-−" and "/" not in down.text and down.size < 0.8 * up.size
            if ov > 0 or (abs(up.x0 - down.x0) <= 1.5 * up.size and not lone):
                return True
    return False


def _not_smaller(dev: str, value: str) -> bool:
    """Whether an unsigned deviation-like number is at least as large as the plain number it would follow.

    >>> _not_smaller("24.75", "4"), _not_smaller("0.02", "4"), _not_smaller("+0.1", "4"), _not_smaller("0.1", "⌀4")
    (True, False, False, False)
    """
    if not _PLAIN.match(dev) or not _PLAIN.match(value):
        return False
    d, v = parse_number(dev), parse_number(value)
    return d is not None and v is not None and d >= v


def _polygon_rings(sheet: SheetLike) -> BoxIndex | None:
    """Closed stroked polygons of eight or more straight sides, as wide as high: balloons drawn without
    curves (some exporters flatten every circle)."""
    boxes = []
    for p in sheet.paths:
        if p.segment_count < 9 or not p.stroke or p.text_shape:
            continue
        b = p.bbox
        if not (0.85 * max(b.width, b.height) <= min(b.width, b.height)) or max(b.width, b.height) > 60:
            continue
        segs = drawn_pieces(p)
        if len(segs) >= 8 and all(sg.kind in ("line", "close") for sg in segs) and \
                abs(segs[0].points[0][0] - segs[-1].points[-1][0]) + abs(segs[0].points[0][1] - segs[-1].points[-1][1]) < 0.05 * b.width:
            boxes.append(b)
    return BoxIndex.from_arrays(np.arange(len(boxes)), [tuple(b) for b in boxes]) if boxes else None


def _same_size_stacks(pieces: list[_Piece], index: BoxIndex) -> set[int]:
    """Deviations stacked a line apart at one size, one of them signed (``+0.2`` over ``0``, ``0`` over
    ``-0,012``): the pieces of such stacks, which may then join the number they follow at its own size."""
    out: set[int] = set()
    for i, p in enumerate(pieces):
        if not p.dev:
            continue
        for j in index.intersection(p.word.bbox.expand(2.0 * p.size)):
            q = pieces[j]
            if j <= i or not q.dev or abs((p.angle - q.angle + 180) % 360 - 180) > 2.0:
                continue
            size = max(p.size, q.size)
            ov = min(p.x1, q.x1) - max(p.x0, q.x0)
            if 0.8 * size <= abs(q.base - p.base) <= 1.3 * size and ov >= 0.4 * min(p.x1 - p.x0, q.x1 - q.x0) \
                    and abs(p.size - q.size) <= 0.1 * size and (p.text[:1] in "+-−" or q.text[:1] in "+-−"):
                out.update((i, j))
    return out


#: a plain unsigned value (``47.85``, ``0,52``)
_PLAIN = re.compile(r"^(?:\d+(?:[.,]\d+)?|[.,]\d+)$")  # 12, 12.5, and inch decimals without their zero: .500


def _limits_close(a: str, b: str) -> bool:
    """Whether two plain unsigned values (:data:`_PLAIN`) stacked over each other can be a limit dimension's limits: they differ by a
    tolerance band, at most 0.1 or a twentieth of the value (``8.01`` over ``7.99``, ``0.52`` over ``0.48``), not
    two ordinates of a column (``51.88`` over ``47.85``).

    >>> _limits_close("8.01", "7.99"), _limits_close("0,52", "0,48"), _limits_close("51.88", "47.85")
    (True, True, False)
    """
    x, y = (float(t.replace(",", ".")) for t in (a, b))  # plain values (_PLAIN) only
    return abs(x - y) <= max(0.1, 0.05 * max(x, y))


def _places(t: str) -> int:
    m = re.search(r"[.,](\d+)", t)
    return len(m.group(1)) if m else 0


# -- reading --------------------------------------------------------------------------
def _stack_pairs(pieces: list[_Piece]) -> list[tuple[_Piece, _Piece]]:
    """Deviation pieces stacked over each other (upper first): ``+0.05`` over ``-0.02``, ``8.01`` over ``7.99``."""
    pairs: list[tuple[_Piece, _Piece]] = []
    taken: set[int] = set()
    devs = sorted((p for p in pieces if p.dev), key=lambda p: (p.x0, p.base))
    for i, p in enumerate(devs):
        if id(p) in taken:
            continue
        best = None
        for q in devs[i + 1:]:
            if id(q) in taken:
                continue
            size = max(p.size, q.size)
            db = abs(q.base - p.base)
            ov = min(p.x1, q.x1) - max(p.x0, q.x0)
            stacked = 0.4 * size <= db <= 1.3 * size and ov >= 0.4 * min(p.x1 - p.x0, q.x1 - q.x0) and abs(p.size - q.size) <= 0.25 * size
            if stacked and (best is None or db < abs(best.base - p.base)):
                best = q
        if best is not None:
            taken.update((id(p), id(best)))
            pairs.append((p, best) if p.base < best.base else (best, p))
    return pairs


def _compose(pieces: list[_Piece]) -> tuple[str, list[_Piece]]:
    """The reading string of one linked group: the main baseline, stacks as ``upper/lower``, lines under it appended."""
    tokens: list[tuple[float, str]] = []
    pairs = _stack_pairs(pieces)
    in_pair = {id(p) for pair in pairs for p in pair}
    for up, low in pairs:
        tokens.append((min(up.x0, low.x0), f"{canonical_symbols(up.text)}/{canonical_symbols(low.text)}"))
    rest = [p for p in pieces if id(p) not in in_pair]
    numeric = [p for p in rest if _HAS_DIGIT.search(p.text)]
    below: list[_Piece] = []
    if numeric:
        # the nominal: the largest plain number (a tolerance line under it starts with a sign)
        # (not an inch value right under a metric one: its dual, printed without brackets)
        duals = {id(p) for p in numeric if _DUAL_BARE.match(p.text) and any(
            q.base <= p.base - 0.5 * q.size and not _INCH.search(q.text) and q.text[:1] not in "+-±[" for q in numeric)}
        main = max((p for p in numeric if id(p) not in duals),
                   key=lambda p: (p.size, p.text[:1] not in "+-±" and "/" not in p.text, -p.x0))
        size = main.size
        for p in rest:
            if (abs(p.base - main.base) <= 0.3 * size and p.size >= 0.7 * size) or _FRACTION.match(p.text):
                tokens.append((p.x0, canonical_symbols(p.text)))
            elif p.base - main.base >= 0.85 * size and p.size >= 0.7 * size:
                below.append(p)
            else:
                # a lone smaller deviation: its sign says which one; unsigned, its place above or under the baseline
                t = canonical_symbols(p.text)
                if t[:1] not in "+-±":
                    t = ("+" if p.base < main.base - 0.1 * size else "-") + t
                tokens.append((p.x0, t))
    else:
        for p in rest:
            tokens.append((p.x0, canonical_symbols(p.text)))
    tokens.sort(key=lambda t: t[0])
    text = " ".join(t for _x, t in tokens)
    bracketed = any(p.text in ("[", "]") for p in below)
    for p in sorted(below, key=lambda q: (q.base, q.x0)):
        t = canonical_symbols(p.text)
        # an inch value under a metric one is its dual, whose brackets were drawn as lines
        text += f" [{t}]" if _DUAL_BARE.match(t) and not bracketed and not _INCH.search(text) else " " + t
    return _tidy(text), list(pieces)


def _tidy(text: str) -> str:
    s = canonical_fraction(text)
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"(^|\s)([⌀R])\s*=\s*(?=[\d.,])", r"\1\2", s)  # "R=3mm", "R = 3mm" (a radius said with =) -> "R3mm"
    s = re.sub(r"([⌀R])\s+(?=[\d.,])", r"\1", s)  # "⌀ 10" -> "⌀10"
    s = re.sub(r"(^|\s)(\d+)\s*[xX×](?=\s)", r"\1\2×", s)  # "2 x" / "2X" -> "2×"
    s = re.sub(r"(^|\s)(\d+)[xX×](?=[⌀R\uFFFD(\[]|\d+[.,]\d)", r"\1\2× ", s)  # "2X⌀10" -> "2× ⌀10"
    s = re.sub(r"±\s+", "±", s)
    s = re.sub(r"(\d[.,])\s+(?=\d+(?:\s|$))", r"\1", s)  # "R3, 1" -> "R3,1" (a number split at its separator)
    return s


@dataclass
class _Reading:
    text: str
    nominal: float | None
    upper: float | None
    lower: float | None
    kind: str
    count: int
    fit: str | None
    basic: bool
    reference: bool
    dual: str | None
    suffix: str | None
    strong: bool  # carries a tolerance or a fit
    inch_mark: bool = False


def _feet_and_inches(m: re.Match[str]) -> _Reading | None:
    """A length in feet and inches (:data:`_FEET_INCHES`): its value in inches, its text as printed with one
    dash between feet and inches (``12'-6"``). ``None`` for inches of 12 or more (no such length) or words
    after it that no dimension carries."""
    suffix = m.group("suffix") or None
    if suffix and not _SUFFIX.match(suffix):
        return None
    inches = parse_number(m.group("in")) if m.group("in") else 0.0
    if inches is None or inches >= 12:
        return None
    shown = f"{m.group('ft')}'" + (f"-{m.group('in')}\"" if m.group("in") else "") + (f" {suffix}" if suffix else "")
    return _Reading(text=shown, nominal=round(int(m.group("ft")) * 12 + inches, 6), upper=None, lower=None, kind="linear",
                    count=1, fit=None, basic=False, reference=False, dual=None, suffix=suffix, strong=False, inch_mark=True)


def read_dimension(text: str) -> _Reading | None:
    """Parse the reading string of one dimension (see :func:`_read_dimension`); inches set with a typographic
    quote or a double prime (``1/8”``) are read as ``"`` and printed as they were.

    >>> read_dimension("1/8\u201d").text, read_dimension("1/8\u201d").nominal
    ('1/8”', 0.125)
    """
    r = _read_dimension(text)
    mark = next((c for c in "\u201d\u2033" if c in text), None)
    if r is not None and mark is not None and '"' not in text:
        r = replace(r, text=r.text.replace('"', mark))
    return r


def _read_dimension(text: str) -> _Reading | None:
    """Parse the reading string of one dimension; ``None`` when it is not one.

    A value in square brackets after a value is its other unit (ASME dual dimensioning): ``0.50 [0.020"] X 45°``,
    ``10X ⌀2.50 [0.098"] ↧ 5.3 [0.209"]``. The first such value is the reading's ``dual``; the others (the
    depth's) are dropped from the reading, which is made of the rest.

    >>> r = read_dimension("2× ⌀10 H7 THRU")
    >>> (r.count, r.kind, r.nominal, r.fit, r.suffix)
    (2, 'diameter', 10.0, 'H7', 'THRU')
    >>> r = read_dimension("8.01/7.99"); (r.nominal, r.upper, r.lower, r.text)
    (8.0, 0.01, -0.01, '8.01/7.99')
    >>> read_dimension("⌀6,00 -30,00 DEEP").suffix
    '↧30,00 DEEP'

    US architectural lengths in feet and inches are read in inches:

    >>> [read_dimension(t).nominal for t in ("12'-6", "3' - 0 1/2", "10'")]
    [150.0, 36.5, 120.0]
    """
    s = re.sub(r"(?<=[\d/])[\u201d\u2033]", '"', _tidy(text))  # inches set with a typographic quote or a double prime
    if (fi := _FEET_INCHES.match(s)) is not None:
        return _feet_and_inches(fi)
    duals = [m.group(1) for m in _DUAL_AFTER.finditer(s)] if not s.startswith("[") else []
    if duals:
        rest = read_dimension(_tidy(_DUAL_AFTER.sub(" ", s)))
        if rest is None or rest.dual is not None:
            return None
        dual = re.sub(r"\s+", "", duals[0])
        shown = rest.text
        if rest.suffix and shown.endswith(rest.suffix):
            shown = f"{shown[: -len(rest.suffix)]}[{dual}] {rest.suffix}"
        else:
            shown = f"{shown} [{dual}]"
        return replace(rest, text=shown, dual=dual)
    if _THREAD.search(s):
        return None
    if (t := _DEVIATIONS_IN_BRACKETS.match(s)) and (t.group("a")[0] in "+-" or t.group("b")[0] in "+-"):
        # "820 mm (-0 +5mm)": the two deviations in brackets after the value, each with its unit
        s = f"{t.group('v')}{t.group('f') or ''} {t.group('a').replace(' ', '')}/{t.group('b').replace(' ', '')}" \
            + (" mm" if t.group("u") else "")
    if c := _CHAMFER_BY_ONE.match(s):
        s = f"{c.group(1)}×{c.group(2)}"  # "1 x 45": a count of one is never printed; a 1 mm by 45° chamfer
    m = _GRAMMAR.match(s)
    if m is None:
        return None
    g = m.groupdict()
    if g["open"] and g["close"] and {"(": ")", "[": "]"}[g["open"]] != g["close"]:
        return None
    if bool(g["open"]) != bool(g["close"]):
        return None
    suffix = g["suffix"] or None
    dev1, dev2 = g["dev1"], g["dev2"]
    # "⌀6,00 -30,00 DEEP": a signed value before DEEP is the depth, not a deviation
    if dev1 and not dev2 and suffix and re.match(r"^DEEP\b", suffix, re.IGNORECASE):
        suffix = f"↧{dev1.lstrip('+-')} {suffix}"
        dev1 = None
    if suffix and suffix[:1] in "×xX/" and not re.match(r"^[xX×]\s*\d+(?:[.,]\d+)?\s*(?:DEEP|°)", suffix):
        return None
    if suffix and not _SUFFIX.match(suffix):
        return None  # words after the value that no dimension carries: a note, not a dimension
    if suffix and (_HAS_DIGIT.search(suffix.split()[0]) and not re.match(r"^(?:↧|DEEP|X\s)", suffix)):
        return None  # a second value: not one dimension
    prefix = g["prefix"] or ""
    kind = {"⌀": "diameter", "S⌀": "diameter", "R": "radius", "SR": "radius"}.get(prefix, "other" if prefix else "linear")
    nominal = upper = lower = None
    core = ""
    if g["hi"] is not None:
        hi, lo = parse_number(g["hi"]), parse_number(g["lo"])
        if hi is None or lo is None or hi < lo:
            return None
        nominal = round((hi + lo) / 2, 6)
        upper, lower = round(hi - nominal, 6), round(lo - nominal, 6)
        core = f"{prefix}{g['hi']}/{g['lo']}"
    else:
        nominal = parse_number(g["nominal"])
        if nominal is None:
            return None
        core = f"{prefix}{g['nominal']}{g['inch'] or ''}{g['deg'] or ''}"
    if g["deg"]:
        kind = "angular"
    if g["chamfer_angle"] and not g["chamfer_deg"] and not (g["chamfer_word"] or g["chamfer_angle"] in ("30", "45", "60")):
        return None  # "⌀10,50 X 6,50": a diameter and a depth (a counterbore note), no chamfer angle
    chamfer = bool(g["chamfer_angle"]) or bool(g["chamfer_word"])
    if g["hole"] and (not prefix.endswith("⌀") or g["chamfer_word"]):
        return None  # a counterbore or countersink symbol stands before a diameter
    if chamfer:
        # "⌵⌀5.52×90°", "⌀8×90°": a countersink's diameter and included angle, no chamfer
        kind = "diameter" if prefix.endswith("⌀") and not g["chamfer_word"] else "chamfer"
        if g["chamfer_angle"]:
            core += f"×{g['chamfer_angle']}°"
    tol = ""
    if g["sym"]:
        v = parse_number(g["symval"])
        if v is None:
            return None
        upper, lower = abs(v), -abs(v)
        tol = f"±{g['symval']}{g['symdeg'] or ''}"
    elif dev1 is not None:
        a = parse_number(dev1)
        b = parse_number(dev2) if dev2 is not None else None
        if a is None:
            return None
        if dev2 is None:
            # one printed deviation: the other one is 0
            upper, lower = (a, 0.0) if a > 0 or dev1.startswith("+") else (0.0, a)
            tol = dev1
        else:
            if b is None:
                return None
            upper, lower = max(a, b), min(a, b)
            tol = f"{dev1}/{dev2}"
    if nominal == 0 and g["hi"] is None and (dev1 is not None or g["sym"]):
        return None  # a size of nought with a deviation: a station along a route ("0+045"), no dimension
    if nominal and upper is not None and lower is not None and g["hi"] is None \
            and max(abs(upper), abs(lower)) >= abs(nominal) and kind != "angular":
        return None  # a deviation as large as the size itself ("400 -6133": a phone number, not a tolerance)
    basic = g["open"] == "["
    reference = g["open"] == "("
    if basic:
        core = f"[{core}]"
    if reference:
        core = f"({core})"
    parts = []
    count = int(g["count"]) if g["count"] else 1
    if g["count"]:
        parts.append(f"{count}×")
    if g["chamfer_word"] and g["chamfer_word"] != "C":
        parts.append(g["chamfer_word"])
    parts.append(("C" if g["chamfer_word"] == "C" else "") + (g["hole"] or "") + core)
    if g["fit"]:
        parts.append(g["fit"])
    if tol:
        parts.append(tol)
    if g["dual"]:
        parts.append(f"[{g['dual'].strip()}]")
    if suffix:
        parts.append(suffix)
    return _Reading(text=" ".join(parts), nominal=nominal, upper=upper, lower=lower, kind=kind, count=count, fit=g["fit"],
                    basic=basic, reference=reference, dual=g["dual"].strip() if g["dual"] else None, suffix=suffix,
                    strong=bool(tol or g["fit"] or g["hi"]), inch_mark=bool(g["inch"]))


# -- the pass -------------------------------------------------------------------------
def _blocked(sheet: SheetLike) -> BoxSet:
    results = getattr(sheet, "results", {}) or {}
    out: list[BBox] = []
    tb = results.get("title_block")
    if tb is not None:
        out.append(tb.bbox)
    out.extend(t.bbox for t in results.get("tables", ()) or ())
    out.extend(n.bbox for n in results.get("notes", ()) or ())
    return BoxSet(out)


def _item_numbers(sheet: SheetLike) -> frozenset[int]:
    """The item numbers of the sheet's parts lists: the values of a column of whole numbers, each once, starting at
    1 (whatever its header calls it: ``Item``, ``Pos.``, ``Part``), of a table read as a parts list.

    >>> from pdftract.testing import make_sheet
    >>> _item_numbers(make_sheet())
    frozenset()
    """
    from pdftract.analyzers.tables import TableKind

    results = getattr(sheet, "results", {}) or {}
    out: set[int] = set()
    for t in results.get("tables", ()) or ():
        if t.kind != TableKind.BOM:
            continue
        for k in range(len(t.columns)):
            cells = [row[k].strip().rstrip(".") for row in t.rows if k < len(row) and row[k].strip()]
            if len(cells) < 2 or not all(c.isdigit() and len(c) <= 3 for c in cells):
                continue
            values = [int(c) for c in cells]
            if len(set(values)) == len(values) and min(values) == 1:
                out.update(values)
    return frozenset(out)


def _in_frame_compartment(sheet: SheetLike, w: Word) -> bool:
    """Inside a small ruled cell that has a neighbour cell of the same height (a GD&T frame compartment)."""
    d = round(w.direction) % 360
    if d not in (0, 90, 180, 270) or abs(w.direction - round(w.direction)) > 0.5:
        return False
    rules = rules_for(sheet, d)
    fb = box_to_frame(d, w.bbox)
    cell = cell_around(rules, fb)
    if cell is None or cell[3] - cell[1] > 3.0 * w.size:
        return False
    x0, top, x1, bottom = cell
    h = bottom - top
    if x1 - x0 > 15.0 * w.size:
        return False
    # a frame's compartments are parted by rules as high as the frame (or as frames stacked up to three high share);
    # a value in a channel between two long lines crossed by long lines (a diameter between an extension line and a
    # shaft's outline) is in no frame
    if not any(len(side) and bool(((side[:, 1] >= top - 2.2 * h) & (side[:, 2] <= bottom + 2.2 * h)).any())
               for side in (rules.v_near(x - 1.0, x + 1.0, top, bottom, 0.8 * h) for x in (x0, x1))):
        return False
    for probe in ((x1 + 0.5, x1 + 0.5 + h * 0.3), (x0 - 0.5 - h * 0.3, x0 - 0.5)):
        other = cell_around(rules, (probe[0], top + h * 0.4, probe[1], bottom - h * 0.4))
        if other is not None and abs(other[1] - top) <= 1.0 and abs(other[3] - bottom) <= 1.0 \
                and other[2] - other[0] <= 15.0 * w.size and _cell_has_content(sheet, d, other, w):  # a compartment, not a band
            return True
    return False


def _cell_has_content(sheet: SheetLike, d: int, cell: tuple[float, float, float, float], w: Word) -> bool:
    """A neighbouring compartment holds text or a small drawn symbol (a frame's ◎ drawn as paths), unlike the
    space between two extension lines next to a dimension (an arrowhead there is a terminator, not a symbol)."""
    box = box_from_frame(d, cell).expand(-0.3)
    if box.x1 <= box.x0 or box.bottom <= box.top:
        return False
    if any(box.contains_point(sheet.word(i).bbox.center) for i in sheet.index.words.intersection(box) if i != w.id):
        return True
    arrowheads = {pid for t in geometry_for(sheet).terminators if box.contains_point(t.tip) or box.intersects(t.bbox)
                  for pid in t.path_ids}
    for sid in sheet.index.segments.intersection(box):
        path_id = sheet.segment(sid).path_id
        p = sheet.paths[path_id]
        if path_id in arrowheads:
            continue
        if p.bbox.width < box.width and p.bbox.height < box.height and box.contains(p.bbox):
            return True
    return False


def _basic_box(sheet: SheetLike, bbox: BBox, direction: float, size: float) -> bool:
    """A rectangle drawn tightly round the text (one closed path of four sides, not a cell formed by
    extension lines): the frame of a basic dimension."""
    near = bbox.expand(1.5 * size)
    for pid in sorted({sheet.segment(sid).path_id for sid in sheet.index.segments.intersection(near)}):
        p = sheet.paths[pid]
        pb = p.bbox
        if not (pb.x0 <= bbox.x0 + 0.5 and pb.top <= bbox.top + 0.5 and pb.x1 >= bbox.x1 - 0.5 and pb.bottom >= bbox.bottom - 0.5):
            continue
        if not near.contains(pb) or p.fill and not p.stroke:
            continue
        straight = [sg for sg in p.segments if sg.kind in ("line", "close")]
        if p.is_rect:
            return True
        if p.subpath_count == 1 and 3 <= len(straight) <= 5 and len(straight) == len(p.segments) - 1:
            start, end = straight[0].points[0], straight[-1].points[-1]
            closed = straight[-1].kind == "close" or math.hypot(start[0] - end[0], start[1] - end[1]) <= 0.5
            if closed:  # an open L of an extension and a dimension line round the text is no frame
                return True
    return False


_UNIT_NOTE = re.compile(r"(?:DIMENSIONS?\s+(?:ARE\s+)?IN|ALL\s+DIMENSIONS\s+(?:ARE\s+)?IN|UNITS?\s*:?|MASSE\s+IN|MAẞE\s+IN)\s*(MM|MILLIMETERS?|MILLIMETRES?|INCH(?:ES)?|IN\b)",
                        re.IGNORECASE)


def sheet_unit(sheet: SheetLike) -> tuple[str | None, str | None]:
    """The length unit a sheet states (title-block units field, then a note), with where it was found."""
    results = getattr(sheet, "results", {}) or {}
    tb = results.get("title_block")
    if tb is not None:
        v = tb.value("units")
        if v:
            u = _unit_word(v)
            if u:
                return u, "title_block"
    m = _UNIT_NOTE.search(sheet.text)
    if m:
        return _unit_word(m.group(1)), "note"
    return None, None


def _unit_word(v: str) -> str | None:
    t = v.strip().upper()
    if t.startswith(("MM", "MILLIM", "毫米")):
        return "mm"
    if t.startswith(("IN", "英寸")):
        return "in"
    return None


_DESIGNATOR = re.compile(r"^(R|C|U|J|Q|D|L|IC|CN|SW|TP|FB|Y|X|P|K|F|T|LED)\d{1,4}[A-Z]?$")


def schematic_like(sheet: SheetLike) -> bool:
    """A page full of reference designators (``R12``, ``C3``, ``U1``, ``J2`` of at least three kinds, 12 or more):
    an electrical schematic or assembly print, where numbers next to arrows are pins and nets, not dimensions."""
    cache = sheet._cache()
    hit = cache.get("schematic_like")
    if isinstance(hit, bool):
        return hit
    kinds: dict[str, int] = {}
    for w in sheet.layout.words:
        m = _DESIGNATOR.match(w.text.strip())
        if m:
            kinds[m.group(1)] = kinds.get(m.group(1), 0) + 1
    out = len(kinds) >= 3 and sum(kinds.values()) >= 12
    cache["schematic_like"] = out
    return out


def find_dimensions(sheet: SheetLike, settings: DimensionSettings | None = None) -> tuple[Dimension, ...]:
    """Dimensions of a sheet (see the module docstring). On schematic-like sheets only decimal values that carry a
    tolerance or a fit, or sit on a dimension line with a terminator at each end, are kept."""
    s = settings or DimensionSettings()
    schematic = schematic_like(sheet)
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    blocked = _blocked(sheet)
    if not any(w.text.strip() for w in layout.words):
        return ()  # no text: nothing to read, and the line geometry is not needed
    geo = geometry_for(sheet)
    rings = BoxIndex((i, c.bbox) for i, c in enumerate(geo.circles))
    polygon_rings = _polygon_rings(sheet)
    pieces: list[_Piece] = []
    for w in layout.words:
        if w.line_id in shadowed or not w.text.strip():
            continue
        if w.size <= 0.0 or (w.bbox.width <= 0.0 and w.bbox.height <= 0.0):
            continue  # text set at size 0 (AutoCAD writes some so): nothing on the sheet shows it
        text = canonical_symbols(_symbol_marks(sheet, w).strip())
        if not (_HAS_DIGIT.search(text) or _PREFIX_ONLY.match(text) or _FOLLOW.match(text) or _TIMES.match(text)):
            continue
        c = w.bbox.center
        if c in blocked:
            continue
        if _HAS_DIGIT.search(text) and _in_frame_compartment(sheet, w):
            continue
        if any(geo.circles[i].radius <= 2.0 * w.size and geo.circles[i].bbox.contains(w.bbox) for i in rings.intersection(w.bbox)):
            continue  # an item number in a balloon
        if polygon_rings is not None and any(polygon_rings.bbox_of(i).width <= 4.0 * w.size and polygon_rings.bbox_of(i).contains(w.bbox)
                                             for i in polygon_rings.intersection(w.bbox)):
            continue  # an item number in a balloon drawn as a polygon
        pieces.append(_piece(sheet, w, text))
    if not pieces:
        return ()
    piece_words = {p.word.id for p in pieces}
    index = BoxIndex((i, p.word.bbox.expand(2.0 * p.size)) for i, p in enumerate(pieces))
    for i in _same_size_stacks(pieces, index):
        pieces[i] = replace(pieces[i], stacked=True)
    rows: list[int] = []
    cols: list[int] = []
    for i, p in enumerate(pieces):
        for j in index.intersection(p.word.bbox.expand(2.0 * p.size)):
            if j <= i:
                continue
            q = pieces[j]
            if abs((p.angle - q.angle + 180) % 360 - 180) > 2.0:
                continue
            a, b = (p, q) if p.x0 <= q.x0 else (q, p)
            if _linked(a, b, s):
                rows.append(i)
                cols.append(j)
    groups = components(len(pieces), zip(rows, cols))
    unit, unit_source = sheet_unit(sheet)
    items = _item_numbers(sheet)
    out: list[Dimension] = []
    loose: list[_Found] = []  # plain numbers without geometry
    anchors: list[_Found] = []  # plain numbers with geometry
    work = deque(groups)
    while work:
        members = work.popleft()
        group = [pieces[i] for i in members]
        if not any(_HAS_DIGIT.search(p.text) for p in group):
            continue
        if _in_prose(sheet, group, piece_words):
            continue
        text, ordered = _compose(group)
        reading = read_dimension(text)
        if reading is not None and len(members) == 2 and len(_rows(group)) == 2 and all(_PLAIN.match(p.text) for p in group) \
                and not _limits_close(group[0].text, group[1].text):
            # two plain values a line apart, further apart than a tolerance band: two ordinates of a column
            # (51.88 over 47.85), each read alone, not a limit dimension
            work.extendleft([[members[1]], [members[0]]])
            continue
        if reading is None:
            rows_ = _rows(group)
            # lines one under another that read as no dimension together: each alone, when they are a column of
            # values or every line reads as a dimension by its form alone (a two-line hole callout)
            # (a thread's line under a drill's, "M3x0.5-6H ↧ 4.0", is no dimension of this reader but parts them too)
            threads = [_thread_row(group, row) for row in rows_] if len(rows_) == 2 else []
            if len(rows_) >= MIN_COLUMN or (len(rows_) == 2 and not all(threads)
                                            and all(t or _strong_row(group, row) for t, row in zip(threads, rows_, strict=True))):
                work.extendleft(reversed([[members[k] for k in row] for row in rows_]))
            continue
        bbox = BBox.union_all(p.word.bbox for p in ordered)
        size = max(p.size for p in ordered)
        angle = group[0].angle
        geometry, target = _support(geo, bbox, size * s.support_reach, size, reading.kind == "angular")
        plain = reading.kind == "linear" and reading.count == 1 and not reading.strong and not schematic
        if geometry == "leader" and re.fullmatch(r"\d{1,3}", text) and int(text) in items:
            continue  # a bare number on a leader naming a row of the parts list: an item reference, not a size
        if geometry == "none" and s.require_geometry and not reading.strong:
            if plain:
                loose.append((reading, text, ordered, bbox, size, angle))
            continue
        if plain:
            anchors.append((reading, text, ordered, bbox, size, angle))  # may be the datum of an ordinate set
        if not reading.strong and re.fullmatch(r"\d{1,2}", text) and _near_page_edge(sheet, bbox):
            continue  # a zone number of the border, between its ticks
        if schematic and not (re.search(r"\d[.,]\d", text) and (reading.strong or _between_terminators(geo, bbox, size))) \
                and not (_LENGTH_UNIT.search(text) and geometry != "none"):
            # (a length with its unit on a dimension line, "152mm" on a board drawing among designators, is one)
            continue
        out.append(_dimension(sheet, reading, text, ordered, bbox, size, angle, geometry, target, (unit, unit_source)))
    built: list[BoxIndex] = []

    def stroke_index() -> BoxIndex:
        """An R-tree over the sheet's strokes (ids index ``geo.strokes``), built once, when a pass first asks."""
        if not built:
            built.append(BoxIndex((i, st.bbox) for i, st in enumerate(geo.strokes)))
        return built[0]

    ordinates = _ordinates(geo, loose, anchors, stroke_index)
    for reading, text, ordered, bbox, size, angle in ordinates:
        out.append(_dimension(sheet, reading, text, ordered, bbox, size, angle, "ordinate", None, (unit, unit_source)))
    taken = {id(f) for f in ordinates}
    rest = [f for f in loose if id(f) not in taken]
    for reading, text, ordered, bbox, size, angle in _scaled_lines(sheet, geo, rest, stroke_index):
        out.append(_dimension(sheet, reading, text, ordered, bbox, size, angle, "scaled_line", None, (unit, unit_source)))
    out.sort(key=lambda d: (round(d.bbox.top, 1), round(d.bbox.x0, 1), d.text))
    return tuple(out)


def _strong_row(group: list[_Piece], row: list[int]) -> bool:
    """Whether the pieces ``row`` of ``group`` read as a dimension by their text form alone (a diameter, a
    radius, an angle, a count, a tolerance or a fit: not a bare number)."""
    reading = read_dimension(_compose([group[k] for k in row])[0])
    return reading is not None and (reading.strong or reading.kind != "linear" or reading.count > 1)


def _thread_row(group: list[_Piece], row: list[int]) -> bool:
    """Whether the pieces ``row`` of ``group`` name a thread (``M3x0.5-6H``, ``1/4-20 UNC``)."""
    return _THREAD.search(_compose([group[k] for k in row])[0]) is not None


def _rows(group: list[_Piece]) -> list[list[int]]:
    """The pieces of a group by text row (positions in ``group``, rows in order across), when every row stands
    a line or more from the next: a column of values (an ordinate set, stacked values a line and a fifth
    apart) or a callout of two lines (``6X ⌀.129 ↧1.000`` over ``⌵ ⌀.225 X 100°``), not one dimension with its
    deviations stacked beside it. One row otherwise.

    >>> def piece(base: float) -> _Piece:
    ...     return _Piece(word=None, text="1.202", x0=0.0, x1=5.0, base=base, size=2.0, angle=0.0)  # type: ignore[arg-type]
    >>> _rows([piece(0.0), piece(2.4), piece(4.8), piece(2.5)]), _rows([piece(0.0), piece(1.0), piece(2.4)])
    ([[0], [1, 3], [2]], [[0, 1, 2]])
    """
    size = max(p.size for p in group)
    order = sorted(range(len(group)), key=lambda k: (group[k].base, group[k].x0))
    rows: list[list[int]] = [[order[0]]]
    for a, b in zip(order[:-1], order[1:], strict=True):
        gap = group[b].base - group[a].base
        if gap >= ROW_PITCH * size:
            rows.append([b])
        elif gap <= ROW_SAME * size:
            rows[-1].append(b)
        else:
            return [list(range(len(group)))]  # a piece between rows: a stacked deviation, kept whole
    return [sorted(r, key=lambda k: group[k].x0) for r in rows]


def _dimension(sheet: SheetLike, reading: _Reading, text: str, ordered: list[_Piece], bbox: BBox, size: float, angle: float,
               geometry: str, target: tuple[float, float] | None, sheet_units: tuple[str | None, str | None]) -> Dimension:
    """The :class:`Dimension` of one accepted reading."""
    unit, unit_source = sheet_units
    basic = reading.basic or _basic_box(sheet, bbox, angle, size)
    txt = reading.text
    if basic and not reading.basic:
        txt = re.sub(r"^((?:\d+× )?)(\S+)", r"\1[\2]", txt)
    d_unit, d_source = ("deg", "angle") if reading.kind == "angular" else (("in", "inch_mark") if reading.inch_mark else (unit, unit_source))
    if d_unit is None and reading.kind != "angular":
        nom = re.search(r"(?<![\d])[.]\d", text)
        if nom:
            d_unit, d_source = "in", "number_style"
    glyph_ids = tuple(sorted(g for p in ordered for g in p.word.glyph_ids))
    return Dimension(
        confidence=dimension_confidence(geometry, reading.kind, reading.strong, glyph_floor(sheet, glyph_ids)),
        text=txt, nominal=reading.nominal, upper=reading.upper, lower=reading.lower, kind=reading.kind,
        count=reading.count, unit=d_unit, unit_source=d_source, fit=reading.fit, basic=basic,
        reference=reading.reference, dual=reading.dual, suffix=reading.suffix, bbox=bbox, direction=angle,
        glyph_ids=glyph_ids, word_ids=tuple(sorted({p.word.id for p in ordered})),
        geometry=geometry, target=target, debug={"reading": text},
    )


#: a reading accepted as a dimension candidate: reading, composed text, pieces in order, box, text size, angle
_Found = tuple[_Reading, str, list[_Piece], BBox, float, float]
#: a column of values read value by value holds at least this many (two lines are read apart only when
#: each reads as a dimension by its form)
MIN_COLUMN = 3
#: rows of a group read apart (:func:`_rows`) stand at least this many text sizes apart; pieces of one row
#: within this many
ROW_PITCH, ROW_SAME = 0.8, 0.3
#: an ordinate set: at least this many values, one of them the zero datum
MIN_ORDINATES = 3


def _ordinates(geo: Any, loose: list[_Found], anchors: list[_Found], stroke_index: Callable[[], BoxIndex]) -> list[_Found]:
    """Ordinate dimensions among plain numbers that have no dimension line (``loose``): each has a straight
    line starting at one end of its text and running on along its baseline (the jog of the leader to its
    feature), and the numbers stand in a column or a row aligned on that end, one of them ``0`` (the
    datum, which may have geometry of its own: ``anchors``), at least :data:`MIN_ORDINATES` of them.
    Returns the loose ones of each such set.
    """
    if len(loose) + len(anchors) < MIN_ORDINATES or not loose or not geo.strokes:
        return []
    n_loose = len(loose)
    loose = loose + anchors
    index = stroke_index()
    attached: list[tuple[int, str, float, int]] = []  # (loose index, side, end coordinate along, direction)
    for k, (_r, _t, _o, bbox, size, angle) in enumerate(loose):
        rad = math.radians(angle)
        ux, uy = math.cos(rad), math.sin(rad)
        cx, cy = bbox.center
        half = 0.5 * (abs(bbox.width * ux) + abs(bbox.height * uy))
        for side, sign in (("start", -1.0), ("end", 1.0)):
            ex, ey = cx + sign * half * ux, cy + sign * half * uy
            probe = BBox(ex - size, ey - size, ex + size, ey + size)
            for i in index.intersection(probe):
                st = geo.strokes[i]
                dx, dy = st.p1[0] - st.p0[0], st.p1[1] - st.p0[1]
                length = math.hypot(dx, dy)
                if length < 0.1 * size or abs(dx * uy - dy * ux) > 0.1 * length:
                    continue  # too short, or not along the baseline
                near = min((st.p0, st.p1), key=lambda q: math.hypot(q[0] - ex, q[1] - ey))
                far = st.p1 if near is st.p0 else st.p0
                if length < 0.3 * size and not any(
                        j != i and min(math.hypot(q[0] - far[0], q[1] - far[1]) for q in (geo.strokes[j].p0, geo.strokes[j].p1)) <= 0.3
                        for j in index.intersection(BBox(far[0] - 0.3, far[1] - 0.3, far[0] + 0.3, far[1] + 0.3))):
                    continue  # a short stroke is the jog of a leader only where the leader goes on from its far end
                if math.hypot(near[0] - ex, near[1] - ey) > 1.2 * size or ((far[0] - near[0]) * ux + (far[1] - near[1]) * uy) * sign <= 0:
                    continue  # not starting at this end, or running back over the text
                attached.append((k, side, ex * ux + ey * uy, round(angle) % 360))
                break
    groups: dict[tuple[str, int], list[tuple[int, float]]] = {}
    for k, side, along, direction in attached:
        groups.setdefault((side, direction), []).append((k, along))
    accepted: set[int] = set()
    for members in groups.values():
        members.sort(key=lambda m: m[1])
        run: list[tuple[int, float]] = []
        for m in members + [(-1, math.inf)]:
            if run and m[1] - run[0][1] > 1.0 * loose[run[0][0]][4]:
                ks = [r[0] for r in run]
                if len(ks) >= MIN_ORDINATES and any(loose[x][0].nominal == 0.0 for x in ks):
                    accepted.update(ks)
                run = []
            run.append(m)
    return [loose[k] for k in sorted(accepted) if k < n_loose]


#: plain numbers beside bare lines are dimensions when at least this many of them, of at least
#: :data:`MIN_SCALED_VALUES` different values, agree on one drawing scale
MIN_SCALED = 4
MIN_SCALED_VALUES = 3
#: how far (in decades) a value's ratio to its line's length may stray from the scale its fellows agree on (about 8 %)
SCALE_TOLERANCE = 0.035


def _mantissa(value: float | None) -> float:
    """A value's figures without its decade (70, 7 and 0.7 alike), to four places."""
    if not value:
        return 0.0
    return round(abs(value) / 10.0 ** math.floor(math.log10(abs(value))), 4)


def _scaled_lines(sheet: SheetLike, geo: Any, loose: list[_Found], stroke_index: Callable[[], BoxIndex]) -> list[_Found]:
    """Dimensions drawn as bare lines (a plan drawn by hand in an illustration program: no arrowheads, no ticks,
    the value centred beside the line it measures). A plain number standing beside a straight line parallel to it,
    longer than the number, with the number's middle over the line's middle half, is a candidate; the candidates
    are dimensions when they are drawn to one scale: the ratio of value to line length, taken modulo powers of ten
    (metres and centimetres on one plan), agrees within :data:`SCALE_TOLERANCE` for :data:`MIN_SCALED` of them or
    more, of :data:`MIN_SCALED_VALUES` different values. A number beside a table's rule or a frame's line matches
    no scale with its fellows. Returns the loose ones of the largest agreeing set."""
    if len(loose) < MIN_SCALED or not geo.strokes:
        return []
    index = stroke_index()
    pairs: list[tuple[int, float]] = []  # (loose index, log10 of value per point, modulo 1)
    for k, (reading, _t, _o, bbox, size, angle) in enumerate(loose):
        value = reading.nominal
        if value is None or value <= 0.0 or _near_page_edge(sheet, bbox):
            continue  # (a zone number of the border, between its ticks)
        rad = math.radians(angle)
        ux, uy = math.cos(rad), math.sin(rad)
        cx, cy = bbox.center
        text_len = abs(bbox.width * ux) + abs(bbox.height * uy)
        best: tuple[float, float] | None = None  # (distance, length)
        for i in index.intersection(bbox.expand(1.0 * size)):
            st = geo.strokes[i]
            dx, dy = st.p1[0] - st.p0[0], st.p1[1] - st.p0[1]
            length = math.hypot(dx, dy)
            if length < 1.5 * text_len or abs(dx * uy - dy * ux) > 0.02 * length:
                continue  # shorter than the number, or not parallel to it
            t = ((cx - st.p0[0]) * dx + (cy - st.p0[1]) * dy) / (length * length)
            if abs(t - 0.5) > 0.25:
                continue  # the number stands beside the line's middle
            gap = segment_box_distance(st.p0, st.p1, bbox)
            if gap > 0.8 * size or (best is not None and gap >= best[0]):
                continue
            best = (gap, length)
        if best is not None:
            pairs.append((k, math.log10(value / best[1]) % 1.0))
    if len(pairs) < MIN_SCALED:
        return []
    logs = np.array([r for _k, r in pairs])
    # how many agree with each, on the circle of one decade (sorted, so a page of thousands of numbers costs n log n)
    ring = np.sort(np.concatenate((logs - 1.0, logs, logs + 1.0)))
    counts = np.searchsorted(ring, logs + SCALE_TOLERANCE, side="right") \
        - np.searchsorted(ring, logs - SCALE_TOLERANCE, side="left")
    centre = int(np.argmax(counts))
    diff = np.abs(logs - logs[centre])
    members = [pairs[j][0] for j in np.nonzero(np.minimum(diff, 1.0 - diff) <= SCALE_TOLERANCE)[0].tolist()]
    # (values different modulo powers of ten: a frame's zone numbers 1, 10 and 11 between ticks of one pitch agree
    # on a "scale" only through the decades)
    if len(members) < MIN_SCALED or len({_mantissa(loose[k][0].nominal) for k in members}) < MIN_SCALED_VALUES:
        return []
    return [loose[k] for k in sorted(members)]


#: prior confidence of a dimension by the drawing geometry found round its text: a dimension line with a
#: terminator at each end, a leader, an ordinate set (a line from each value, a 0 datum), a bare line drawn to the
#: scale its fellows agree on, or none (kept on the strength of its text form alone)
GEOMETRY_EVIDENCE = {"dimension_line": 0.9, "leader": 0.85, "ordinate": 0.8, "scaled_line": 0.7, "none": 0.6}


def dimension_confidence(geometry: str, kind: str, strong: bool, glyphs: float) -> float:
    """How sure a dimension is: the prior of its geometry (:data:`GEOMETRY_EVIDENCE`), raised to 0.75 when
    text without geometry carries a tolerance or fit (a strong form), times 0.8 for kind ``other`` (a
    symbol we could not place), times the :func:`~pdftract.analyzers.confidence.recovery_factor` of its
    least sure glyph (``glyphs``).

    >>> dimension_confidence("dimension_line", "linear", False, 1.0), dimension_confidence("none", "linear", False, 1.0)
    (0.9, 0.6)
    >>> dimension_confidence("none", "diameter", True, 0.8), dimension_confidence("leader", "other", False, 0.0)
    (0.68, 0.2)
    """
    conf = GEOMETRY_EVIDENCE.get(geometry, 0.6)
    if geometry == "none" and strong:
        conf = 0.75
    if kind == "other":
        conf *= 0.8
    return clamp(conf * recovery_factor(glyphs))


def _near_page_edge(sheet: SheetLike, bbox: BBox, margin: float = 30.0) -> bool:
    """Whether the text lies wholly in the band of ``margin`` points along an edge of the page, where a frame's
    zone numbers stand (a large dimension value reaching into it from the drawing is no zone number)."""
    return bbox.x1 < margin or bbox.bottom < margin or bbox.x0 > sheet.width - margin or bbox.top > sheet.height - margin


def _between_terminators(geo: Any, bbox: BBox, size: float) -> bool:
    """A dimension line with a terminator at each end passes within 1.5 × size of the text, or the text stands in
    the gap of a dimension line broken for it: two straight leaders on one line, their free ends facing each other
    across the text, each within 4 × size of it."""
    for dl in geo.dimension_lines:
        if segment_box_distance(dl.p0, dl.p1, bbox) <= 1.5 * size:
            return True
    halves = [geo.leaders[k] for k in geo.free_end_index.intersection(bbox.expand(4.0 * size))
              if len(geo.leaders[k].stroke_ids) == 1]
    for i, a in enumerate(halves):
        for b in halves[i + 1:]:
            ua, ub = a.last_direction, b.last_direction
            if ua[0] * ub[0] + ua[1] * ub[1] > -0.995:
                continue  # not pointing at each other
            gx, gy = b.free_end[0] - a.free_end[0], b.free_end[1] - a.free_end[1]
            gap = math.hypot(gx, gy)
            if gap < 1e-6 or abs(gx * ua[1] - gy * ua[0]) > 0.5 or gx * ua[0] + gy * ua[1] <= 0.0:
                continue  # not on one line, or the free ends do not face each other
            if segment_box_distance(a.free_end, b.free_end, bbox) <= 0.5 * size:
                return True
    return False


def _in_prose(sheet: SheetLike, group: list[_Piece], piece_words: set[int]) -> bool:
    """A number inside a sentence (``Ra 2,5``, ``4 x CHAMFER 0,2``, ``DIN 974``): a word that is no dimension
    piece sits right next to one of the group's pieces on its line (gap measured along the baseline)."""
    layout = sheet.layout
    for p in group:
        line = layout.lines[p.word.line_id]
        ids = line.word_ids
        k = ids.index(p.word.id)
        for j in (k - 1, k + 1):
            if 0 <= j < len(ids) and ids[j] not in piece_words:
                other = layout.words[ids[j]]
                if not other.text.strip() or not any(ch.isalnum() for ch in other.text):
                    continue
                q = _piece(sheet, other, other.text)
                if max(q.x0 - p.x1, p.x0 - q.x1) <= 1.0 * p.size:
                    return True
    return False


def _support(geo: Any, bbox: BBox, reach: float, size: float, angular: bool = False) -> tuple[str, tuple[float, float] | None]:
    """``dimension_line`` / ``leader`` when such a line passes within ``reach`` of the text box, else ``none``.

    Arrowheads outside the extension lines (``→| 5.25 |←``) count when the axis of
    one within 4 × size runs through the text; an angle value needs a terminator
    within 6 × size (its arc is not a straight line).
    """
    best: tuple[float, str, tuple[float, float] | None] | None = None
    for k in geo.free_end_index.intersection(bbox.expand(reach)):
        lead = geo.leaders[k]
        d = point_box_distance(lead.free_end, bbox)
        if d <= reach and (best is None or d < best[0]):
            best = (d, "leader", lead.target)
    if best is not None:
        return best[1], best[2]
    for sid in geo.stem_index.intersection(bbox.expand(reach)):
        st = geo.strokes[sid]
        if segment_box_distance(st.p0, st.p1, bbox) <= reach:
            return "dimension_line", None
    cx, cy = bbox.center
    for i in geo.terminator_index.intersection(bbox.expand((6.0 if angular else 4.0) * size)):
        t = geo.terminators[i]
        if angular:
            return "dimension_line", None
        if t.direction is None:
            continue
        off = abs((cx - t.tip[0]) * t.direction[1] - (cy - t.tip[1]) * t.direction[0])
        if off <= 0.6 * min(bbox.width, bbox.height) + 0.2 * size:
            return "dimension_line", None
    return "none", None


@analyzer("dimensions", requires={"words", "paths", "title_block", "tables", "notes"}, assigns={"dimensions"},
          settings=DimensionSettings)
def dimensions_analyzer(sheet: Sheet, settings: DimensionSettings) -> tuple[Dimension, ...]:
    """Dimensions with their tolerance zones, from exploded CAD text and the dimension lines near it."""
    return find_dimensions(sheet, settings)



def draw_dimensions(sheet: SheetLike, dimensions: Sequence[Dimension]) -> list[str]:
    """Debug layer: terminators (purple dots), dimension lines and leaders (purple), and each dimension
    (blue, labelled with its reading)."""
    out: list[str] = []
    geo = geometry_for(sheet)
    for t in geo.terminators:
        out.append(f'<circle cx="{svg.num(t.tip[0])}" cy="{svg.num(t.tip[1])}" r="1.2" fill="#7c3aed"><title>{t.kind}</title></circle>')
    for dl in geo.dimension_lines:
        out.append(svg.line(dl.p0, dl.p1, 'stroke="#7c3aed" stroke-width="0.6" stroke-dasharray="2 1"'))
    for lead in geo.leaders:
        out.append(f'<polyline points="{svg.points(lead.points)}" fill="none" stroke="#a855f7" stroke-width="0.6"/>')
    for d in dimensions:
        out.append(svg.box(d.bbox, 'fill="#3b82f6" fill-opacity="0.12" stroke="#1d4ed8" stroke-width="0.5"',
                           f"{d.kind}: {d.text} = {d.nominal} {d.upper}/{d.lower} ({d.geometry})"))
        out.append(svg.text(d.bbox.x0, d.bbox.top - 1, d.text, 'font-size="4" fill="#1d4ed8"'))
    return out


output("dimensions", draw=draw_dimensions, schema=list[DimensionJSON])


__all__ = ["Dimension", "DimensionSettings", "find_dimensions", "read_dimension", "schematic_like", "sheet_unit"]
