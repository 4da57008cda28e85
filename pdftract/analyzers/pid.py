"""P&IDs: instrument tags checked against ISA-5.1, equipment tags and line numbers.

* **Instruments in bubbles.** A bubble is a closed round shape (curves, or a polygon of many sides) two to
  nine text heights across, holding one or two text lines: the function letters over the loop number
  (``LIC`` over ``205``) or both on one line (``PI 310``). Its location comes from the shape: a plain
  circle is ``field``; a line across it ``panel``, two lines ``aux_panel``, a dashed line ``behind_panel``;
  a circle in a square ``dcs`` (shared display). A diamond holding ``I`` is an interlock, a hexagon a
  computer function (location ``null``; the drawn shape is in ``symbol``).
* **Tags without a bubble**: a text that is a whole tag, letters and loop joined by a dash (``XV-207``,
  ``PRV-1204B``), is an instrument when its letters read as an ISA-5.1 function (first letter and at least
  one function letter), and equipment when it has one letter or an equipment code (``P-204B``, ``T-310``,
  ``HX-102``; a code such as ``TK`` wins over its ISA reading when there is no bubble). A tag inside a sentence (a note), a table or the title block is neither.
* **Validation** (:func:`validate`) parses the letters with the ISA-5.1-2009 identification table: first
  letter, optional variable modifier right after it (``D`` differential, ``Q`` totalize, ...), readout and
  passive letters, output letters, then function modifiers (``H``, ``L``, ``HH``, ``LL``). ``readings``
  lists every parse. Reasons when invalid: ``LOWERCASE_LETTER``, ``UNKNOWN_SUCCEEDING_LETTER``,
  ``REPEATED_LETTER``, ``LETTER_ORDER``, ``NO_FUNCTION_LETTER``, ``LOOP_NOT_NUMERIC``, ``MISSING_LOOP``, and
  ``LOOP_UNREAD`` when a bubble holds drawn shapes where its loop number goes that could not be read (a
  reading failure, not a fault of the drawing).
* **Line numbers**: size (``4"``, ``3/8"``, ``DN150``, ``NPS 6``), then dash-separated fluid code,
  sequence number, pipe class and insulation code (``4"-CW-2101-B2-IH``), read along the line in any
  direction.

Partial: equipment ``kind`` comes from the tag's letter code (``P`` pump, ``T``/``TK`` tank, ``E``/``HX``
heat exchanger ...), not from the drawn symbol; off-page connectors are not read yet.

>>> validate("LIC", "205").valid, validate("LIC", "205").readings
(True, ['level indicating controller'])
>>> v = validate("LCI", "205"); (v.valid, v.reason)
(False, 'LETTER_ORDER')
>>> validate("Lic", "205").reason, validate("FT", "2O5").reason, validate("TIIC", "7").reason
('LOWERCASE_LETTER', 'LOOP_NOT_NUMERIC', 'REPEATED_LETTER')
>>> parse_line_number('4"-CW-2101-B2-IH')
LineParts(size='4"', fluid_code='CW', sequence='2101', pipe_class='B2', insulation='IH', extra=())
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.geometry import BBox
from pdftract.index import BoxIndex, components
from pdftract.jsonvalues import Box, bbox_out, r2
from pdftract.model.primitives import Segment, drawn_pieces
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.registry import analyzer, output

# -- ISA-5.1-2009 identification letters (Table 1) ----------------------------------------------------------

FIRST = {
    "A": "analysis", "B": "burner, combustion", "C": "user's choice", "D": "user's choice", "E": "voltage",
    "F": "flow", "G": "user's choice", "H": "hand", "I": "current", "J": "power", "K": "time", "L": "level",
    "M": "user's choice", "N": "user's choice", "O": "user's choice", "P": "pressure", "Q": "quantity",
    "R": "radiation", "S": "speed, frequency", "T": "temperature", "U": "multivariable",
    "V": "vibration, machine analysis", "W": "weight, force", "X": "unclassified", "Y": "event, state, presence",
    "Z": "position, dimension",
}
VARIABLE_MODIFIER = {"D": "differential", "F": "ratio", "J": "scan", "K": "time rate of change", "M": "momentary",
                     "Q": "integrate, totalize", "S": "safety", "X": "x-axis", "Y": "y-axis", "Z": "z-axis"}
READOUT = {"A": "alarm", "B": "user's choice", "E": "primary element", "G": "glass, gauge", "I": "indicating",
           "L": "light", "N": "user's choice", "O": "orifice, restriction", "P": "test point",
           "Q": "integrating, totalizing", "R": "recording", "U": "multifunction", "W": "well, probe",
           "X": "unclassified"}
OUTPUT = {"B": "user's choice", "C": "controller", "K": "control station", "N": "user's choice", "S": "switch",
          "T": "transmitter", "U": "multifunction", "V": "valve, damper", "X": "unclassified",
          "Y": "auxiliary device, relay, compute", "Z": "driver, actuator"}
FUNCTION_MODIFIER = {"B": "user's choice", "H": "high", "L": "low", "M": "middle", "N": "user's choice",
                     "U": "multifunction", "X": "unclassified"}
_DOUBLE_MODIFIERS = {"HH": "high-high", "LL": "low-low"}
#: equipment letter codes (a common plant convention; the kind is a hint, not read from the symbol)
EQUIPMENT_CODES = {"P": "pump", "T": "tank", "TK": "tank", "V": "vessel", "E": "heat_exchanger",
                   "HX": "heat_exchanger", "C": "compressor", "K": "compressor", "B": "blower", "F": "filter",
                   "R": "reactor", "D": "drum", "AG": "agitator", "S": "separator", "H": "heater",
                   "FL": "filter", "CT": "cooling_tower", "PU": "pump"}

_LOOP = re.compile(r"^\d{1,6}[A-Z]{0,2}$")
_TAG = re.compile(r"^([A-Za-z]{1,6})\s*[-‐]\s*([0-9A-Za-z]{1,7})$")
_SPLIT_ONE_LINE = re.compile(r"^([A-Za-z]{1,6})\s*[-‐ ]\s*(\S{1,7})$")
#: an inch mark as drawn or read back from outlines (two primes side by side read as two apostrophes)
_INCH = r"(?:\"|”|''|′′|″|in\b)"
_SIZE = re.compile(rf"^(\d+(?:[.,]\d+)?(?:[- ]\d+/\d+)?\s*{_INCH}|\d+(?:[.,]\d+)?\s*mm\b|\d+/\d+\s*{_INCH}?|DN\s?\d+|NPS\s?\d+(?:[.,]\d+)?)"
                   r"\s*[-‐]\s*(.+)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Validation:
    """What ISA-5.1 makes of a tag's letters and loop."""

    valid: bool
    reason: str | None
    readings: list[str]


def _parses(letters: str) -> list[list[tuple[str, str]]]:
    """Every way to read ``letters`` (upper case) as ISA-5.1 positions: (role, meaning) per letter or pair."""
    out: list[list[tuple[str, str]]] = []
    if not letters or letters[0] not in FIRST:
        return out
    first = [("first", FIRST[letters[0]])]
    starts = [(1, first)]
    if len(letters) > 1 and letters[1] in VARIABLE_MODIFIER:
        starts.append((2, first + [("variable_modifier", VARIABLE_MODIFIER[letters[1]])]))

    def rest(i: int, stage: int, acc: list[tuple[str, str]]) -> None:
        if i == len(letters):
            out.append(acc)
            return
        c = letters[i]
        pair = letters[i:i + 2]
        if c in letters[1:i] and stage < 2:
            return  # a succeeding letter is used once (HH and LL are one modifier)
        if stage <= 0 and c in READOUT:
            rest(i + 1, 0, acc + [("readout", READOUT[c])])
        if stage <= 1 and c in OUTPUT:
            rest(i + 1, 1, acc + [("output", OUTPUT[c])])
        if pair in _DOUBLE_MODIFIERS:
            rest(i + 2, 2, acc + [("function_modifier", _DOUBLE_MODIFIERS[pair])])
        if c in FUNCTION_MODIFIER and i > 1 and c not in letters[1:i]:
            rest(i + 1, 2, acc + [("function_modifier", FUNCTION_MODIFIER[c])])

    for i, acc in starts:
        rest(i, 0, acc)
    return out


def _reading(parse: list[tuple[str, str]]) -> str:
    """A parse said in words: ``level indicating controller``, ``temperature alarm high``."""
    words = [m.split(",")[0] for _r, m in parse]
    return " ".join(words)


def validate(letters: str, loop: str | None) -> Validation:
    """Check a tag's letters and loop number against ISA-5.1-2009 (see the module docstring)."""
    readings: list[str] = []
    if letters != letters.upper():
        parses = [p for p in _parses(letters.upper()) if any(r in ("readout", "output") for r, _m in p)]
        return Validation(False, "LOWERCASE_LETTER", [_reading(p) for p in parses])
    parses = _parses(letters)
    useful = [p for p in parses if any(r in ("readout", "output") for r, _m in p)]
    # the reading with the fewest function letters first (PSV: safety valve before switch valve; TAL: alarm
    # low before alarm light)
    useful.sort(key=lambda p: sum(1 for r, _m in p if r in ("readout", "output")))
    readings = list(dict.fromkeys(_reading(p) for p in useful))
    if not useful:
        succeeding = letters[1:]
        known = set(READOUT) | set(OUTPUT) | set(FUNCTION_MODIFIER)
        if any(c not in known and not (k == 0 and c in VARIABLE_MODIFIER) for k, c in enumerate(succeeding)):
            reason = "UNKNOWN_SUCCEEDING_LETTER"
        elif any(succeeding.count(c) > 1 and not (c * 2 in _DOUBLE_MODIFIERS and c * 2 in succeeding)
                 for c in set(succeeding)):
            reason = "REPEATED_LETTER"
        elif len(letters) < 2 or not any(c in READOUT or c in OUTPUT for c in succeeding):
            reason = "NO_FUNCTION_LETTER"
        else:
            reason = "LETTER_ORDER"
        return Validation(False, reason, readings)
    if loop is None or loop == "":
        return Validation(False, "MISSING_LOOP", readings)
    if not _LOOP.match(loop):
        return Validation(False, "LOOP_NOT_NUMERIC", readings)
    return Validation(True, None, readings)


@dataclass(frozen=True, slots=True)
class LineParts:
    """The parts of a line number."""

    size: str
    fluid_code: str
    sequence: str
    pipe_class: str | None
    insulation: str | None
    extra: tuple[str, ...]


def parse_line_number(text: str) -> LineParts | None:
    """A pipe line number split into size, fluid code, sequence, pipe class and insulation (None when the
    text is not one)."""
    m = _SIZE.match(text.strip())
    if not m:
        return None
    size, rest = re.sub(r"”|''|′′|″", '"', m.group(1)).strip(), m.group(2)
    tokens = [t.strip() for t in re.split(r"\s*[-‐]\s*", rest) if t.strip()]
    fluid = seq = pclass = insul = None
    extra: list[str] = []
    i = 0
    while i < len(tokens) and not re.fullmatch(r"[A-Z]{1,5}", tokens[i]):
        extra.append(tokens[i])
        i += 1
    if i < len(tokens):
        fluid = tokens[i]
        i += 1
    if i < len(tokens) and re.fullmatch(r"\d{1,6}[A-Z]?", tokens[i]):
        seq = tokens[i]
        i += 1
    if fluid is None or seq is None:
        return None
    if i < len(tokens) and re.fullmatch(r"[A-Z0-9]{1,6}", tokens[i]):
        pclass = tokens[i]
        i += 1
    if i < len(tokens) and re.fullmatch(r"[A-Z]{1,4}", tokens[i]):
        insul = tokens[i]
        i += 1
    extra += tokens[i:]
    return LineParts(size, fluid, seq, pclass, insul, tuple(extra))


# -- output types -----------------------------------------------------------------------------------------------

class InstrumentJSON(TypedDict):
    """An instrument in the JSON output (``pages[].instruments[]``)."""

    tag: str
    printed: list[str]
    letters: str
    loop: str | None
    valid: bool
    reason: str | None
    readings: list[str]
    location: str | None
    symbol: str | None
    bbox: Box
    confidence: float


class EquipmentJSON(TypedDict):
    """An equipment tag in the JSON output (``pages[].equipment[]``)."""

    tag: str
    kind: str | None
    bbox: Box
    confidence: float


class LineNumberJSON(TypedDict):
    """A pipe line number in the JSON output (``pages[].line_numbers[]``)."""

    text: str
    size: str
    fluid_code: str
    sequence: str
    pipe_class: str | None
    insulation: str | None
    extra: list[str]
    bbox: Box
    confidence: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Instrument:
    """An instrument tag: as printed, normalised, and what ISA-5.1 makes of it."""

    tag: str
    printed: list[str]
    letters: str
    loop: str | None
    valid: bool
    reason: str | None
    readings: list[str]
    location: str | None
    symbol: str | None
    bbox: BBox
    confidence: float

    def to_dict(self) -> InstrumentJSON:
        return {"tag": self.tag, "printed": list(self.printed), "letters": self.letters, "loop": self.loop,
                "valid": self.valid, "reason": self.reason, "readings": list(self.readings), "location": self.location,
                "symbol": self.symbol, "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<Instrument {self.tag} {'valid' if self.valid else self.reason}>"


@dataclass(frozen=True, slots=True, kw_only=True)
class Equipment:
    tag: str
    kind: str | None
    bbox: BBox
    confidence: float

    def to_dict(self) -> EquipmentJSON:
        return {"tag": self.tag, "kind": self.kind, "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<Equipment {self.tag} {self.kind}>"


@dataclass(frozen=True, slots=True, kw_only=True)
class LineNumber:
    text: str
    size: str
    fluid_code: str
    sequence: str
    pipe_class: str | None
    insulation: str | None
    extra: list[str]
    bbox: BBox
    confidence: float

    def to_dict(self) -> LineNumberJSON:
        return {"text": self.text, "size": self.size, "fluid_code": self.fluid_code, "sequence": self.sequence,
                "pipe_class": self.pipe_class, "insulation": self.insulation, "extra": list(self.extra),
                "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<LineNumber {self.text}>"


# -- shapes ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Bubble:
    bbox: BBox
    symbol: str  # circle | hexagon | diamond


def _shapes(sheet: SheetLike, size: float) -> tuple[list[_Bubble], list[tuple[BBox, bool]], list[BBox]]:
    """Round bubbles, hexagons and diamonds; single straight strokes (box, dashed); every horizontal and
    vertical straight piece (a square round a bubble may be drawn in several paths)."""
    bubbles: list[_Bubble] = []
    strokes: list[tuple[BBox, bool]] = []
    pieces_hv: list[BBox] = []
    arcs: list[tuple[BBox, tuple[float, float], tuple[float, float]]] = []
    for p in sheet.paths:
        if p.text_shape or (p.segment_count <= 2 and p.kinds[-1] != "curve"):
            continue  # a glyph's stroke, or one straight stroke (looked at near the bubbles only, below)
        b = p.bbox
        w, h = b.width, b.height
        if not (1.0 * size <= max(w, h) <= 12 * size):
            continue  # neither an arc of a circle nor a bubble (both tests below ask this much)
        segs = drawn_pieces(p)
        if not segs:
            continue
        lines = sum(1 for s in segs if s.kind == "line")
        curves = sum(1 for s in segs if s.kind == "curve")
        first, last = segs[0].points[0], segs[-1].points[-1]
        closed = any(s.kind == "close" for s in segs) or math.dist(first, last) < 0.05 * max(w, h)
        if curves and not lines and not closed:
            arcs.append((b, first, last))  # a circle drawn in arcs (AutoCAD: two halves)
            continue
        if not (2.0 * size <= max(w, h) <= 12 * size) or min(w, h) < 0.75 * max(w, h):
            continue
        if not closed:
            continue
        corners = [s.points[-1] for s in segs if s.kind in ("line", "close")]
        if curves >= 4 or (lines >= 12 and not curves):
            bubbles.append(_Bubble(b, "circle"))
        elif p.is_rect or (lines in (4, 5) and _axis_aligned(corners)):
            continue  # a square: its sides are among the straight pieces
        elif lines in (4, 5):
            bubbles.append(_Bubble(b, "diamond"))
        elif lines in (6, 7):
            bubbles.append(_Bubble(b, "hexagon"))
    bubbles += _arc_circles(arcs, size)
    # near the bubbles: single straight strokes (a panel line across, dashed or not) and every horizontal or
    # vertical piece (the sides of a square round a bubble, perhaps drawn in several paths)
    seen: set[int] = set()
    seen_paths: set[int] = set()
    for bub in bubbles:
        for sid in sheet.index.segments.intersection(tuple(bub.bbox.expand(0.1 * bub.bbox.width))):
            sg = sheet.segment(sid)
            if sid in seen or sg.kind not in ("line", "close") or len(sg.points) < 2:
                continue
            seen.add(sid)
            p = sheet.paths[sg.path_id]
            if p.text_shape:
                continue
            (x0, y0), (x1, y1) = sg.points[0], sg.points[-1]
            box = BBox(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            if abs(x0 - x1) < 0.02 * size or abs(y0 - y1) < 0.02 * size:
                pieces_hv.append(box)
            if p.id in seen_paths:
                continue
            seen_paths.add(p.id)
            pieces = [s for s in p.segments if s.kind != "move"]
            if len(pieces) == 1:
                strokes.append((box, p.dash is not None and bool(p.dash[0])))
            elif pieces and all(s.kind == "line" for s in pieces) and _collinear(pieces, size):
                # a dashed line drawn dash by dash: one path of pieces on one line
                strokes.append((p.bbox, True))
    return bubbles, strokes, pieces_hv


def _collinear(pieces: Sequence[Segment], size: float) -> bool:
    """Whether straight pieces (two or more) lie on one horizontal or vertical line with gaps between them."""
    if len(pieces) < 2:
        return False
    ys = [c for s in pieces for c in (s.points[0][1], s.points[-1][1])]
    xs = [c for s in pieces for c in (s.points[0][0], s.points[-1][0])]
    return max(ys) - min(ys) < 0.02 * size or max(xs) - min(xs) < 0.02 * size


def _arc_circles(arcs: list[tuple[BBox, tuple[float, float], tuple[float, float]]], size: float) -> list[_Bubble]:
    """Circles drawn as arcs meeting end to end: groups whose ends all meet and whose box is round."""
    if not arcs:
        return []
    tol = 0.05 * size
    key: dict[tuple[int, int], list[int]] = {}
    for i, (_b, p0, p1) in enumerate(arcs):
        for p in (p0, p1):
            key.setdefault((round(p[0] / tol), round(p[1] / tol)), []).append(i)
    groups = components(len(arcs), [(members[0], j) for members in key.values() for j in members[1:]])
    group_of = {i: g for g, members in enumerate(groups) for i in members}
    # a group with an end that meets no other end is a chain, not a loop
    open_ends = {group_of[members[0]] for members in key.values() if len(members) % 2}
    out = []
    for g, members in enumerate(groups):
        if len(members) < 2 or g in open_ends:
            continue
        b = BBox.union_all(arcs[i][0] for i in members)
        if 2.0 * size <= max(b.width, b.height) <= 12 * size and min(b.width, b.height) >= 0.85 * max(b.width, b.height):
            out.append(_Bubble(b, "circle"))
    return out


def _axis_aligned(points: Sequence[tuple[float, float]]) -> bool:
    xs = sorted({round(x, 1) for x, _y in points})
    ys = sorted({round(y, 1) for _x, y in points})
    return len(xs) <= 2 and len(ys) <= 2 or (len({round(x) for x, _ in points}) <= 2 and len({round(y) for _, y in points}) <= 2)


def _location(bubble: _Bubble, strokes_index: BoxIndex | None, strokes: list[tuple[BBox, bool]],
              in_square: bool) -> str | None:
    if bubble.symbol != "circle":
        return None
    if in_square:
        return "dcs"
    b = bubble.bbox
    d = max(b.width, b.height)
    solid = dashed = 0
    if strokes_index is not None:
        cx, cy = b.center
        for i in strokes_index.intersection(tuple(b)):
            s, dash = strokes[i]
            # across the bubble from side to side (a stem leaving it at the bottom is not)
            across = (s.height < 0.02 * d and s.x0 <= b.x0 + 0.15 * d and s.x1 >= b.x1 - 0.15 * d and abs(s.top - cy) <= 0.25 * d) or \
                (s.width < 0.02 * d and s.top <= b.top + 0.15 * d and s.bottom >= b.bottom - 0.15 * d
                 and abs(s.x0 - cx) <= 0.25 * d)  # a page turned 90°
            if across:
                if dash:
                    dashed += 1
                else:
                    solid += 1
    if dashed:
        return "behind_panel"
    if solid >= 2:
        return "aux_panel"
    if solid == 1:
        return "panel"
    return "field"


# -- the analyzer ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PID:
    instruments: tuple[Instrument, ...] = ()
    equipment: tuple[Equipment, ...] = ()
    line_numbers: tuple[LineNumber, ...] = ()


def _texts(sheet: SheetLike, exclude: Sequence[BBox]) -> list[tuple[str, BBox, float, float]]:
    """Visible lines (and hidden ones no visible text covers) as (text, box, size, direction)."""
    layout = sheet.layout
    vis = [ln for ln in layout.lines if not ln.invisible]
    idx = BoxIndex.from_arrays(np.arange(len(vis)), [tuple(ln.bbox) for ln in vis]) if vis else None
    xidx = BoxIndex.from_arrays(np.arange(len(exclude)), [tuple(x) for x in exclude]) if exclude else None
    out = []
    for ln in layout.lines:
        if ln.invisible and idx is not None and idx.intersection(tuple(ln.bbox)):
            continue
        if xidx is not None and any(exclude[k].contains(ln.bbox) for k in xidx.intersection(tuple(ln.bbox))):
            continue
        # a space read between two digits of drawn text is kerning, not a word gap (``1 517``)
        text = re.sub(r"(?<=\d) (?=\d)", "", " ".join(ln.text.split()))
        if text:
            out.append((text, ln.bbox, ln.size, ln.direction))
    return out


def read_pid(sheet: SheetLike, *, exclude: Sequence[BBox] = (), gate: bool = True) -> PID:
    """Instruments, equipment and line numbers of a page (see the module docstring)."""
    texts = _texts(sheet, exclude)
    if not texts:
        return PID()
    size = float(np.median([t[2] for t in texts]))
    bubbles, strokes, pieces_hv = _shapes(sheet, size)
    sidx = BoxIndex.from_arrays(np.arange(len(strokes)), [tuple(s) for s, _d in strokes]) if strokes else None
    pidx = BoxIndex.from_arrays(np.arange(len(pieces_hv)), [tuple(s) for s in pieces_hv]) if pieces_hv else None
    tidx = BoxIndex.from_arrays(np.arange(len(texts)), [tuple(t[1]) for t in texts])
    used: set[int] = set()
    instruments: list[Instrument] = []
    for bub in sorted(bubbles, key=lambda x: (x.bbox.top, x.bbox.x0)):
        b = bub.bbox
        inner = b.expand(-0.08 * b.width, -0.08 * b.height)
        inside = [i for i in tidx.intersection(tuple(inner)) if i not in used and inner.contains_point(texts[i][1].center)]
        if not inside or len(inside) > 3:
            continue
        inside.sort(key=lambda i: _line_order(texts[i][1], texts[i][3]))
        printed = [texts[i][0] for i in inside]
        letters, loop = _split_printed(printed)
        if letters is None or (len(letters) == 1 and loop is None and bub.symbol != "diamond"):
            continue  # a lone letter in a circle is a motor or a symbol's mark, not a tag
        used.update(inside)
        if bub.symbol == "diamond" and letters.upper() == "I":
            v = Validation(True, None, ["interlock"])
        else:
            v = validate(letters, loop)
            if v.reason == "MISSING_LOOP" and _unread_ink(sheet, b, [texts[i][1] for i in inside]):
                # something is drawn where the loop number goes but was not read: our failure, not the drawing's
                v = Validation(False, "LOOP_UNREAD", v.readings)
        tag = f"{letters.upper()}-{loop}" if loop else letters.upper()
        boxed = _in_square(bub, pidx, pieces_hv)
        instruments.append(Instrument(tag=tag, printed=printed, letters=letters, loop=loop, valid=v.valid, reason=v.reason,
                                      readings=v.readings, location=_location(bub, sidx, strokes, boxed),
                                      symbol="circle_in_square" if boxed else bub.symbol,
                                      bbox=b, confidence=0.9 if v.valid else 0.7))
    equipment: list[Equipment] = []
    lines: list[LineNumber] = []
    for i, (text, box, tsize, _d) in enumerate(texts):
        if i in used:
            continue
        ln = parse_line_number(text)
        if ln is not None:
            # the inch mark as printed (two primes read back from outlines come as two apostrophes)
            m = _SIZE.match(text.strip())
            if m:
                text = ln.size + text.strip()[m.end(1):]
            lines.append(LineNumber(text=text, size=ln.size, fluid_code=ln.fluid_code, sequence=ln.sequence,
                                    pipe_class=ln.pipe_class, insulation=ln.insulation, extra=list(ln.extra), bbox=box,
                                    confidence=0.85))
            continue
        m = _TAG.match(text)
        if not m:
            continue
        letters, loop = m.group(1), m.group(2)
        if not any(c.isdigit() for c in loop):
            continue
        if letters.upper() in EQUIPMENT_CODES or len(letters) == 1:
            # an equipment number read back from strokes may have O for 0 (no ISA check depends on it here)
            if re.fullmatch(r"[0-9O]*\d[0-9O]*[A-Z]?", loop):
                loop = loop[:-1].replace("O", "0") + loop[-1] if loop[-1].isalpha() and loop[-1] != "O" else loop.replace("O", "0")
            kind = EQUIPMENT_CODES.get(letters.upper())
            equipment.append(Equipment(tag=f"{letters}-{loop}", kind=kind, bbox=box, confidence=0.7 if kind else 0.5))
            continue
        v = validate(letters, loop)
        if len(letters) >= 2 and v.readings:
            instruments.append(Instrument(tag=f"{letters.upper()}-{loop}", printed=[text], letters=letters, loop=loop,
                                          valid=v.valid, reason=v.reason, readings=v.readings, location=None, symbol=None,
                                          bbox=box, confidence=0.75 if v.valid else 0.6))
    if gate and sum(1 for x in instruments if x.symbol is not None or x.location) + len(lines) < 2 and len(instruments) < 3:
        return PID()
    instruments.sort(key=lambda x: (x.bbox.top, x.bbox.x0))
    return PID(tuple(instruments), tuple(equipment), tuple(lines))


def _unread_ink(sheet: SheetLike, bubble: BBox, read: list[BBox]) -> bool:
    """Whether small non-text shapes lie inside the bubble away from the texts read in it (characters the
    drawn-text pass left unread)."""
    d = max(bubble.width, bubble.height)
    inner = bubble.expand(-0.15 * d)
    for sid in sheet.index.segments.intersection(tuple(inner)):
        p = sheet.paths[sheet.segment(sid).path_id]
        pb = p.bbox
        if p.text_shape or max(pb.width, pb.height) > 0.45 * d or not inner.contains(pb):
            continue
        if not any(r.expand(0.05 * d).intersects(pb) for r in read):
            return True
    return False


def _line_order(box: BBox, direction: float) -> tuple[float, float]:
    """Sort key putting lines of one direction in reading order (the line under another comes after it)."""
    d = round(direction) % 360
    if d == 90:
        return (box.x0, -box.bottom)
    if d == 270:
        return (-box.x1, box.top)
    if d == 180:
        return (-box.bottom, -box.x1)
    return (box.top, box.x0)


def _in_square(bub: _Bubble, pieces: BoxIndex | None, boxes: list[BBox]) -> bool:
    """Whether straight pieces run along all four sides of the bubble's box (a circle in a square)."""
    if pieces is None or bub.symbol != "circle":
        return False
    b = bub.bbox
    d = max(b.width, b.height)
    tol = 0.06 * d
    for side in ((b.x0, b.top, b.x1, b.top), (b.x0, b.bottom, b.x1, b.bottom), (b.x0, b.top, b.x0, b.bottom),
                 (b.x1, b.top, b.x1, b.bottom)):
        horizontal = side[1] == side[3]
        covered = 0.0
        for i in pieces.intersection((side[0] - tol, side[1] - tol, side[2] + tol, side[3] + tol)):
            pb = boxes[i]
            if horizontal and pb.height <= tol:
                covered += max(0.0, min(pb.x1, b.x1) - max(pb.x0, b.x0))
            elif not horizontal and pb.width <= tol:
                covered += max(0.0, min(pb.bottom, b.bottom) - max(pb.top, b.top))
        if covered < 0.8 * d:
            return False
    return True


def _split_printed(printed: list[str]) -> tuple[str | None, str | None]:
    """The function letters and the loop of a bubble's text lines (``["LIC", "205"]``, ``["PI 310"]``)."""
    if len(printed) >= 2:
        letters = printed[0].replace(" ", "")
        loop = "".join(printed[1:]).replace(" ", "")
    else:
        # (inside a bubble the letters may run straight into the loop's digits: FE103)
        m = _SPLIT_ONE_LINE.match(printed[0]) or re.fullmatch(r"([A-Za-z]{1,6})(\d\S{0,6})", printed[0])
        if m:
            letters, loop = m.group(1), m.group(2)
        else:
            letters, loop = printed[0].replace(" ", ""), None
    if not re.fullmatch(r"[A-Za-z]{1,6}", letters):
        return None, None
    return letters, loop


@analyzer("pid", requires={"lines", "paths", "title_block", "tables"}, assigns={"instruments", "equipment", "line_numbers"})
def pid_analyzer(sheet: Sheet, settings: None) -> dict[str, object]:
    """Instrument tags (ISA-5.1 checked), equipment tags and line numbers on pages that look like P&IDs."""
    exclude: list[BBox] = []
    tb = sheet.results.get("title_block") if hasattr(sheet.results, "get") else None
    if getattr(tb, "bbox", None) is not None:
        exclude.append(tb.bbox)  # type: ignore[union-attr]
    for t in (sheet.results.get("tables") or []) if hasattr(sheet.results, "get") else []:
        if getattr(t, "bbox", None) is not None:
            exclude.append(t.bbox)
    found = read_pid(sheet, exclude=exclude)
    return {"instruments": list(found.instruments), "equipment": list(found.equipment),
            "line_numbers": list(found.line_numbers)}


def draw_instruments(sheet: SheetLike, items: Sequence[Instrument]) -> list[str]:
    """Each instrument's bubble, green when ISA-5.1 accepts its tag and red with the reason when not."""
    out = []
    for x in items:
        colour = "#2e7d32" if x.valid else "#c62828"
        out.append(svg.box(x.bbox, f'fill="none" stroke="{colour}" stroke-width="0.8"',
                           f"{x.tag} ({x.location or '-'}): {'; '.join(x.readings) or x.reason}"))
    return out


def draw_equipment(sheet: SheetLike, items: Sequence[Equipment]) -> list[str]:
    return [svg.box(x.bbox, 'fill="none" stroke="#6a1b9a" stroke-width="0.6"', f"{x.tag} {x.kind or ''}") for x in items]


def draw_line_numbers(sheet: SheetLike, items: Sequence[LineNumber]) -> list[str]:
    return [svg.box(x.bbox, 'fill="none" stroke="#0277bd" stroke-width="0.6"',
                    f"{x.text}: {x.size} {x.fluid_code} {x.sequence} {x.pipe_class or ''} {x.insulation or ''}") for x in items]


def instrument_rows(items: Sequence[Instrument]) -> list[dict[str, object]]:
    return [{"tag": x.tag, "printed": " / ".join(x.printed), "letters": x.letters, "loop": x.loop, "valid": x.valid,
             "reason": x.reason, "readings": "; ".join(x.readings), "location": x.location, "symbol": x.symbol,
             "confidence": x.confidence} for x in items]


output("instruments", draw=draw_instruments, rows=instrument_rows, schema=list[InstrumentJSON])
output("equipment", draw=draw_equipment, schema=list[EquipmentJSON])
output("line_numbers", draw=draw_line_numbers, schema=list[LineNumberJSON])

__all__ = ["EQUIPMENT_CODES", "Equipment", "Instrument", "LineNumber", "LineParts", "PID", "Validation", "parse_line_number",
           "read_pid", "validate"]
