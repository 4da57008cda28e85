"""Title blocks: canonical fields per sheet, found by label vocabulary on the ruled cells.

Every text line that starts with a known label (``DWG NO``, ``Identification
number``, ``Zeichnungsnummer``, ``SCALE:``, ``SHEET`` ...) is a candidate field.
Its value is the rest of that line (``SCALE: 1:2``, ``SHEET 2 OF 5``), else the
other text in the same ruled cell (label small at the top, value below; or the
label at the left and the value at its right), else the next cell to the right.
Values on two lines are joined by a space. Fields some blocks print without
a label (a GOST number cell, an AutoCAD date cell, a title in a big cell) are
inferred from their form, with an empty ``label``. Fields whose cells touch form a
cluster; the title block is the cluster with the most distinct fields (at least
``min_fields``), so a stray "DATE" in a note never makes a title block, and a
page without one gets none. Lines inside tables found by the tables analyzer
are not labels. Labels turned 90° or 270° (a title strip along the edge) are
read in the turned frame.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(
...     text=[("DWG NO", 102, 106, 0, 3), ("A-100", 104, 116, 0, 5), ("REV", 152, 106, 0, 3), ("B", 154, 116, 0, 5),
...           ("SHEET 2 OF 5", 182, 114, 0, 4)],
...     rects=[(100, 100, 150, 120), (150, 100, 180, 120), (180, 100, 240, 120)])
>>> tb = find_title_block(sheet, TitleBlockSettings(), ())
>>> {k: f.value for k, f in tb.fields.items()}
{'drawing_number': 'A-100', 'revision': 'B', 'sheet_number': '2', 'sheet_count': '5'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from typing_extensions import TypedDict

from pdftract.analyzers.confidence import READ_BACK_FACTOR, clamp, drawn_text_factor, drawn_text_factor_in, recovery_factor
from pdftract.analyzers.labels import CJK_CLASS, LABELS, NAME_LABELS, _PHRASES, _norm_token  # _PHRASES: the leave-one-template-out benchmark edits it
from pdftract.analyzers.labels import match_texts as _match_texts
from pdftract.analyzers.grid import box_from_frame, box_to_frame, cell_around, rules_for
from pdftract.analyzers.notation import _LOOKALIKES, DATE_FORM, reader_code
from pdftract.analyzers.projection import projection_symbol
from pdftract.analyzers.tables import Table, TableKind, header_key
from pdftract.index import BoxIndex, BoxSet, components
from pdftract.geometry import BBox, clip, fmt_box
from pdftract.model.primitives import REPLACEMENT_CHARACTER
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Line, Word
from pdftract.jsonvalues import Box, bbox_out, r2
from pdftract.registry import analyzer, output
from pdftract.settings import Settings

FIELD_ORDER = ("drawing_number", "title", "revision", "sheet_number", "sheet_count", "scale", "size", "date", "drawn_by",
               "checked_by", "approved_by", "material", "finish", "weight", "part_number", "company", "projection", "units",
               "general_tolerance")

#: a sheet's number of a count: "2 OF 5", "2/5", German "von", Spanish and Portuguese "de", Italian "di", French "sur",
#: Dutch "van", Russian "из"; Polish and Czech "z", Danish and Norwegian "af"/"av" between spaces only
_SHEET_OF = re.compile(r"(\d+)(?:\s*(?:OF|0F|VON|DE|DI|SUR|VAN|ИЗ|/|of:?)\s*|\s+(?:Z|ZE|AF|AV|TOTAL)\s+)(\d+)", re.IGNORECASE)
_SHEET_ONE = re.compile(r"^\s*(?:NO\.?\s*)?(\d+)\s*$")


@dataclass(frozen=True, slots=True, kw_only=True)
class TitleBlockSettings(Settings):
    min_fields: int = 3  # distinct labelled fields a cluster needs to be a title block
    touch: float = 3.0  # cells closer than this (points) belong to one block

    def validate(self) -> None:
        if self.min_fields < 1:
            self.fail("min_fields", "must be >= 1")


class FieldJSON(TypedDict):
    """A title-block field in the JSON output."""

    value: str
    label: str
    bbox: Box
    label_bbox: Box
    evidence: str
    confidence: float | None
    printed: str | None


class TitleBlockJSON(TypedDict):
    """The title block in the JSON output (``pages[].title_block``; ``null`` when none was found)."""

    bbox: Box
    direction: int
    fields: dict[str, FieldJSON]
    other: dict[str, FieldJSON]


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """One title-block field: the value as printed, the label that named it, where both are, and how sure we are.

    ``evidence`` says where the value was found (see :data:`FIELD_EVIDENCE`); ``confidence`` (0-1) is that
    evidence's prior, lowered when the value does not have the form of its field (a scale that is no ratio,
    a date that is no date), holds another label's words, or is long for a short field; see
    :func:`field_confidence` and docs/title_blocks.md for its meaning and its measured calibration.
    """

    value: str
    label: str
    bbox: BBox
    label_bbox: BBox
    evidence: str = "inline"
    confidence: float = 1.0
    #: the text as printed when ``value`` was folded to what a reader sees (a Cyrillic ``А3`` size is ``A3``)
    printed: str | None = None

    def to_dict(self) -> FieldJSON:
        return {"value": self.value, "label": self.label, "bbox": bbox_out(self.bbox), "label_bbox": bbox_out(self.label_bbox),
                "evidence": self.evidence, "confidence": r2(self.confidence), "printed": self.printed}

    def __repr__(self) -> str:
        return f"<Field {self.label!r}: {clip(self.value, 50)!r} ({self.evidence}, {self.confidence:.2f})>"

@dataclass(frozen=True, slots=True, kw_only=True)
class TitleBlock:
    """The title block of a sheet: canonical ``fields`` (DESIGN §6 keys) and ``other`` fields keyed by their printed label."""

    bbox: BBox
    fields: dict[str, Field]
    other: dict[str, Field] = field(default_factory=dict)
    direction: int = 0

    def value(self, key: str) -> str | None:
        f = self.fields.get(key)
        return f.value if f is not None else None

    def to_dict(self) -> TitleBlockJSON:
        return {
            "bbox": bbox_out(self.bbox),
            "direction": self.direction,
            "fields": {k: f.to_dict() for k, f in self.fields.items()},
            "other": {k: f.to_dict() for k, f in self.other.items()},
        }

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={clip(f.value, 24)!r}" for k, f in list(self.fields.items())[:3])
        more = len(self.fields) + len(self.other) - min(3, len(self.fields))
        return f"<TitleBlock {shown}{f' +{more} fields' if more else ''} at {fmt_box(self.bbox)}>"

    def _repr_html_(self) -> str:
        from pdftract.notebook import title_block_html

        return title_block_html(self)

@dataclass
class _Candidate:
    key: str
    label: str
    label_box: BBox  # frame
    value: str
    value_box: BBox | None  # frame
    area: BBox  # frame: the cell, or the label and value boxes
    how: str = "inline"  # where the value was found: inline | cell | near | right | below (see FIELD_EVIDENCE)
    in_cell: bool = False  # the label stands in a ruled cell


def _match_label(words: Sequence[Word]) -> tuple[str, int, str] | None:
    """(key, number of words the label takes, remainder of a split first word) for a line starting with a label."""
    return _match_texts([w.text for w in words[:5]])


def _runs_in(sheet: SheetLike, direction: int, line: Sequence[BBox], rule_x: float, first: BBox, size: float) -> bool:
    """Whether the value word ``first`` (inside a cell whose left rule is at ``rule_x``, frame coordinates)
    continues a text line begun before that rule: a word of its line runs up to the rule (ending within one
    size of it) and ``first`` follows within 1.5 sizes, with a character-sized mark printed in between (an
    unread drawn character: ``Rev 1.PcbDoc`` overflowing its cell). Two cells' texts merely close to their
    rule ("8/24/2016 | Side view ...") have only the rule between them."""
    for b in line:
        if not (rule_x - 1.0 * size <= b.x1 <= rule_x + 0.5 and b.x1 < first.x0 and first.x0 - b.x1 < 1.5 * size):
            continue
        gap = box_from_frame(direction, (b.x1 + 0.2, first.top, first.x0 - 0.2, first.bottom))
        for sid in sheet.index.segments.intersection(gap):
            path = sheet.paths[sheet.segment(sid).path_id]
            fb = box_to_frame(direction, path.bbox)
            cx, cy = fb.center
            if b.x1 < cx < first.x0 and first.top - 0.2 * size <= cy <= first.bottom + 0.2 * size \
                    and max(fb.width, fb.height) <= 1.2 * size:
                return True
    return False


def _frame_words(sheet: SheetLike) -> list[Word]:
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    return [w for w in layout.words if w.line_id not in shadowed]


def _lines(words: list[Word]) -> dict[int, list[Word]]:
    out: dict[int, list[Word]] = {}
    for w in words:
        out.setdefault(w.line_id, []).append(w)
    return out


def _join(words: list[tuple[Word, BBox]]) -> str:
    """Words in reading order (in the frame): lines top to bottom, words left to right, joined by spaces."""
    words = sorted(words, key=lambda wb: ((wb[1].top + wb[1].bottom) / 2, wb[1].x0))
    lines: list[list[tuple[Word, BBox]]] = []
    for w, b in words:
        cy = (b.top + b.bottom) / 2
        if lines and abs(cy - (lines[-1][0][1].top + lines[-1][0][1].bottom) / 2) <= 0.4 * max(w.size, 1.0):
            lines[-1].append((w, b))
        else:
            lines.append([(w, b)])
    return " ".join(" ".join(w.text for w, _b in sorted(ln, key=lambda wb: wb[1].x0)) for ln in lines)


#: what a value of these fields looks like: a label alone in its cell may take the cell below when it fits
_TYPED = {
    "sheet": re.compile(r"^\d+(?:\s*(?:OF|/|von)\s*\d+)?$", re.IGNORECASE),
    "sheet_count": re.compile(r"^\d+$"),
    "scale": re.compile(r"^\d+(?:[.,]\d+)?\s*:\s*\d+(?:[.,]\d+)?$"),
    "weight": re.compile(r"^\d+(?:[.,]\d+)?\s*(?:kg|g|lb|lbs)?$", re.IGNORECASE),
    "date": re.compile(r"^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$"),
    "size": re.compile(r"^(?:A[0-4]|[A-E]|ANSI [A-E])(?:\s*(?:Q|L|H|P|(?i:quer|hoch|landscape|portrait)))?$"),
}
#: a text that starts with a label of its own ("Laboratory: ETHZ"): another field, never the value of the label left of it
_LABELLED = re.compile(r"^[^\W\d_][^\W\d_ .-]{1,20}(?: [^\W\d_]+){0,2}:\s")
#: the figures of a date: day, month and year in some order ("30.11.2018", "3/3/17", "2021-08-23")
_DAY = r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}"
_DATE_LIKE = re.compile(rf"^{_DAY}$")


def _segments(rules: Any, words: list[tuple[Word, BBox]]) -> list[list[tuple[Word, BBox]]]:
    """A line's words split where a vertical rule stands between two of them (they sit in different cells)."""
    out: list[list[tuple[Word, BBox]]] = [[words[0]]]
    for (wa, ba), (wb, bb) in zip(words, words[1:], strict=False):
        top, bottom = min(ba.top, bb.top), max(ba.bottom, bb.bottom)
        crossing = rules.v_near(ba.x1 - 0.5, bb.x0 + 0.5, top, bottom, 0.6 * (bottom - top)) if len(rules.v) else []
        if len(crossing):
            out.append([(wb, bb)])
        else:
            out[-1].append((wb, bb))
    return out


def _labels_in(segment: list[tuple[Word, BBox]]) -> list[tuple[int, str, int, str]]:
    """Labels starting anywhere in a segment: (word index, key, words taken, rest of a split first word)."""
    found: list[tuple[int, str, int, str]] = []
    i = 0
    while i < len(segment):
        m = _match_label([w for w, _b in segment[i:]])
        if m is not None and m[0] == "other" and not m[2] and not segment[i + m[1] - 1][0].text.endswith(":"):
            # a label word of no field before a field's label that ends the segment qualifies it, and the
            # field's label names the whole (``ISSUED DATE`` is a date): a label's value is never a bare label
            m2 = _match_label([w for w, _b in segment[i + m[1]:]])
            if m2 is not None and m2[0] != "other" and not m2[2] and i + m[1] + m2[1] == len(segment):
                m = (m2[0], m[1] + m2[1], "")
        # a label after other words must end with ":" (or be the last thing there), so "ring for the" is no label; a
        # label of CJK characters needs none (a GB block's "不按比例 图 幅": the value, then the next cell's label)
        if m is not None and (i == 0 or segment[i + m[1] - 1][0].text.endswith(":") or m[2]
                              or all(_CJK_LABEL.match(w.text) for w, _b in segment[i:i + m[1]])):
            found.append((i, m[0], m[1], m[2]))
            i += m[1]
        else:
            i += 1
    return found


def _cut_words(sheet: SheetLike, rules: Any, direction: int, words: list[Word]) -> list[Word]:
    """Words cut where a vertical rule runs through the gap between two of their glyphs, when a piece is a label: two
    labels of two cells set against each other's rule read as one word (Inventor's ``PodziałkaNazwa``). A piece
    gets a new negative id and keeps its line."""
    if not len(rules.v):
        return words
    out: list[Word] = []
    for w in words:
        fb = box_to_frame(direction, w.bbox)
        if len(w.glyph_ids) < 4 or not len(rules.v_near(fb.x0 + 1.0, fb.x1 - 1.0, fb.top, fb.bottom, 0.6 * fb.height)):
            out.append(w)
            continue
        glyphs = [sheet.glyph(g) for g in w.glyph_ids]
        if "".join(g.text for g in glyphs) != w.text:
            out.append(w)
            continue
        boxes = [box_to_frame(direction, g.bbox) for g in glyphs]
        cuts = [i + 1 for i in range(len(glyphs) - 1)
                if len(rules.v_near(boxes[i].x1 - 0.5, boxes[i + 1].x0 + 0.5, fb.top, fb.bottom, 0.6 * fb.height))
                and boxes[i].x1 - 0.5 <= boxes[i + 1].x0 + 0.5]
        spans = list(zip([0, *cuts], [*cuts, len(glyphs)], strict=True))
        if not cuts or not any(_match_texts(["".join(g.text for g in glyphs[a:b])]) is not None for a, b in spans):
            out.append(w)  # no label among the pieces: a stamp or a note lettered across the rules stays whole
            continue
        for k, (a, b) in enumerate(spans):
            part = glyphs[a:b]
            out.append(replace(w, id=-(w.id * 64 + k + 1), text="".join(g.text for g in part), glyph_ids=w.glyph_ids[a:b],
                               bbox=BBox.union_all(g.bbox for g in part)))
    return out


def _typed_on_its_row(key: str, label_box: BBox, cell: tuple[float, float, float, float], items: Iterable[tuple[Word, BBox]],
                      label_words: list[tuple[Word, BBox]]) -> bool:
    """Whether the words right of a label on its row, in its cell, read as a value of the label's field by form alone
    (``3 OF 23`` after ``PAGE``); only for the fields whose values have a form of their own (:data:`_TYPED`)."""
    typed = _TYPED.get(key)
    if typed is None:
        return False
    own = {w.id for w, _b in label_words}
    mid = (label_box.top + label_box.bottom) / 2
    row = sorted(((w, b) for w, b in items if w.id not in own and b.x0 > label_box.x1 and b.x1 <= cell[2] + 0.5
                  and abs((b.top + b.bottom) / 2 - mid) < 0.5 * label_box.height), key=lambda wb: wb[1].x0)
    return bool(row) and typed.match(_join(row)) is not None


def _candidates(sheet: SheetLike, direction: int, words: list[Word], blocked: BoxSet) -> list[_Candidate]:
    rules = rules_for(sheet, direction)
    have_rules = bool(len(rules.h) and len(rules.v))
    words = _cut_words(sheet, rules, direction, words)
    framed = {w.id: (w, box_to_frame(direction, w.bbox)) for w in words}
    labels: list[tuple[list[tuple[Word, BBox]], list[tuple[Word, BBox]], str, str, float]] = []  # label, inline, key, rest, x_end
    for line_words in _lines(words).values():
        if any(w.bbox.center in blocked for w in line_words):
            continue
        items = sorted((framed[w.id] for w in line_words), key=lambda wb: wb[1].x0)
        for seg in _segments(rules, items) if have_rules else [items]:
            found = _labels_in(seg)
            for k, (i, key, n, rest) in enumerate(found):
                end = found[k + 1][0] if k + 1 < len(found) else len(seg)
                x_end = seg[end][1].x0 if end < len(seg) else seg[-1][1].x1 + 1e6
                labels.append((seg[i:i + n], seg[i + n:end], key, rest, x_end))
    # one label per ruled cell: a later label-like line in an occupied cell is value text
    cells: list[tuple[float, float, float, float] | None] = []
    page_big = max(sheet.width, sheet.height)
    for lab, _inl, _k, _r, _x in labels:
        cells.append(_closed_cell(rules, BBox.union_all(b for _w, b in lab), page_big) if have_rules else None)
    # labels side by side in one band each head a column; a label *below* another in the same cell is
    # part of that one's value
    kept = [True] * len(labels)
    boxes = [BBox.union_all(b for _w, b in lab) for lab, *_r in labels]
    for i in range(len(labels)):
        for j in range(len(labels)):
            ci, cj = cells[i], cells[j]
            if i == j or ci is None or ci != cj:
                continue
            if boxes[j].bottom <= boxes[i].top + 0.1 and boxes[j].x1 > boxes[i].x0 - 0.5 * boxes[i].height:
                if _stacked_labels(labels[j][0] + labels[j][1][:1], labels[i][0] + labels[i][1][:1]):
                    continue  # "Part number:" over its value over "Drawing number:" in one unruled cell
                if labels[i][3] and not labels[j][3]:
                    continue  # a label written with its value in one word under a plain label ("Fájlnév:Assem1")
                if labels[i][1] and labels[i][0][-1][0].text.endswith(":") and not labels[j][1] and labels[i][2] != labels[j][2]:
                    # "DRAWN BY: name" under an empty "REVISION:" (gEDA's title-B block): a field of its own (under a label
                    # of its own field, "TOLERANCES: ..." under "UNLESS OTHERWISE SPECIFIED", it goes on with its value)
                    continue
                if _typed_on_its_row(labels[i][2], boxes[i], ci, framed.values(), labels[j][0] + labels[i][0]):
                    # "PAGE 3 OF 23" under "FILE: name" in one cell (gEDA's title block): a label followed on its row by a
                    # value of its field's form is a field of its own, not more of the text above it
                    continue
                if labels[j][2] == "other" and labels[i][2] != "other" and labels[i][0][-1][0].text.endswith(":") \
                        and not labels[j][0][-1][0].text.endswith(":"):
                    # a field's label with its colon under a note that names no field ("GENERAL TOLERANCES:" under
                    # "DO NOT SCALE DRAWING" in one notes cell): a field of its own, which ends the note's text
                    continue
                kept[i] = False  # j sits above i in the same cell
                joined = [w.text for w, _b in labels[j][0] + labels[i][0]]
                hit = _match_texts(joined)
                if not labels[j][1] and not labels[j][3] and hit is not None and hit[1] == len(joined) and hit[0] != labels[j][2]:
                    # one label set in two lines ("PAGE" over "TITLE:"): the label the two lines spell together
                    labels[j] = (labels[j][0] + labels[i][0], labels[i][1], hit[0], "", labels[i][4])
                    boxes[j] = boxes[j].union(boxes[i])
                break
    label_ids = {w.id for (lab, *_r), k in zip(labels, kept, strict=True) if k for w, _b in lab}
    any_label = {w.id for lab, *_r in labels for w, _b in lab}  # the words of every label, kept or read as a value
    same_row_labels = [(idx, BBox.union_all(b for _w, b in lab)) for idx, (lab, *_r) in enumerate(labels) if kept[idx]]
    out: list[_Candidate] = []
    line_boxes: dict[int, list[BBox]] = {}
    for w, b in framed.values():
        line_boxes.setdefault(w.line_id, []).append(b)
    all_items = list(framed.values())
    for idx, (lab, inline, key, rest, x_end) in enumerate(labels):
        cell = cells[idx]
        if not kept[idx]:
            continue
        label_box = BBox.union_all(b for _w, b in lab)
        # the other labels on this label's band (a row of labels: overlapping it by a quarter of a line's height or more, not
        # a label of a taller cell beside it whose line just touches this one's)
        band = [lb for jdx, lb in same_row_labels if jdx != idx and _same_row(lb, label_box, 0.25)]
        label = " ".join(w.text for w, _b in lab).rstrip(":")
        if rest:
            label = label.split(":")[0]
        area = BBox(*cell) if cell is not None else label_box
        size = max(w.size for w, _b in lab)
        # a lone colon after the label ("DATE :") and a unit in brackets ("WEIGHT (kg)") belong to the label
        of_label: set[int] = set()
        while inline and (inline[0][0].text.strip() in (":", "-") or _LABEL_UNIT.fullmatch(inline[0][0].text.strip())):
            of_label.add(inline[0][0].id)
            inline = inline[1:]
        value_items: list[tuple[Word, BBox]] = [wb for wb in inline if wb[0].id not in label_ids]
        if value_items and _LABELLED.match(_join(value_items)):
            value_items = []  # the next cell's own label and value on the line ("Format: | Laboratory: ETHZ"), not this value
        how = "inline"
        if not rest and not value_items:
            how = "cell" if cell is not None else "near"
            # the value below the label, in its column (up to the next label on its line) and its cell
            x0 = label_box.x0 - 0.5 * size
            x1 = min(x_end, area.x1 if cell is not None else x_end) - 0.1
            for lb in band:  # the next label on the same row ends this label's column
                if lb.x0 > label_box.x1:
                    x1 = min(x1, lb.x0 - 0.1)
            bottom = area.bottom if cell is not None else label_box.bottom + 2.2 * size
            for jdx, lb in same_row_labels:  # a label below this one in its cell ends its value
                if jdx != idx and cell is not None and cells[jdx] == cell and lb.top >= label_box.bottom - 0.1:
                    bottom = min(bottom, lb.top)
            value_items = [wb for wb in all_items if wb[0].id not in label_ids and wb[0].id not in of_label
                           and x0 <= (wb[1].x0 + wb[1].x1) / 2 <= x1
                           and label_box.top < (wb[1].top + wb[1].bottom) / 2 <= bottom
                           and not any(jdx != idx and (wb[1].top + wb[1].bottom) / 2 > lb.bottom and lb.x0 <= wb[1].x0 <= lb.x1 + 1
                                       and lb.top > label_box.bottom for jdx, lb in same_row_labels)]
            if cell is not None:
                # a line with a word printed across this cell's left rule (a banner over the block) is not its value,
                # nor one running on into it from the cell before at a word's spacing (a file name overflowing
                # its own cell: "... Rev *.PcbDoc" reaching under DWG NO)
                value_items = [wb for wb in value_items
                               if not any(b.x0 + max(0.5, RULE_OVERHANG * wb[0].size) < area.x0 < b.x1 - 0.5
                                          for b in line_boxes[wb[0].line_id])
                               and not _runs_in(sheet, direction, line_boxes[wb[0].line_id], area.x0, wb[1], wb[0].size)]
            if cell is not None and value_items and key != "general_tolerance":
                # a line further down starting at the label's edge with a word of its own and a colon ("Copyright:")
                # is the next field of an unknown label, not more of this value (Proteus's rows in one cell); a
                # general tolerance goes on over its own sub-labels ("ANGULAR: ...")
                stops = [b.top for w, b in value_items if b.top >= label_box.bottom - 0.1 and abs(b.x0 - label_box.x0) <= size
                         and re.fullmatch(r"[^\W\d_]{2,}:", w.text) and abs(w.size - size) <= 0.1 * size
                         and lab[-1][0].text.endswith(":") and _match_texts([w.text]) is None]
                if stops:
                    value_items = [wb for wb in value_items if wb[1].top < min(stops) - 0.1]
            if cell is not None and value_items:
                value_items = _centred_lines(value_items, all_items, label_ids, area, label_box)
            if cell is not None and len(value_items) > 1:
                # a value on the label's own row goes on below only in its own size: a text several times as tall
                # under it is the cell's other content (an architectural block's big sheet code under "TAVOLA NO.: 1 DI 3")
                row = [wb for wb in value_items if _same_row(wb[1], label_box, 0.5)]
                if row:
                    s0 = max(w.size for w, _b in row)
                    value_items = [wb for wb in value_items if wb in row or abs(wb[0].size - s0) <= 0.3 * s0]
            if cell is not None and not value_items and label_box.top - area.top > 1.5 * size:
                # nothing under a label at the foot of its cell: the value printed over it in a larger size (gEDA's
                # "TITLE"), when no other label's cell holds it
                others = [BBox(*c) for jdx, c in enumerate(cells) if c is not None and c != cell and kept[jdx]]
                value_items = [wb for wb in all_items if wb[0].id not in label_ids and wb[0].id not in of_label
                               and area.x0 <= (wb[1].x0 + wb[1].x1) / 2 <= area.x1
                               and area.top < (wb[1].top + wb[1].bottom) / 2 < label_box.top and wb[0].size >= _TITLE_SIZE * size
                               and not any(o.contains_point(wb[1].center) for o in others)]
                if any(wb[0].id in any_label for wb in value_items):
                    value_items = []  # a label over it ("UNLESS OTHERWISE SPECIFIED," over "SURFACE FINISH"): another field's text
                if value_items:
                    value_items = _centred_lines(value_items, all_items, label_ids, area, label_box)
            if cell is None and value_items:
                first_line = min(value_items, key=lambda wb: wb[1].top)[0].line_id
                value_items = [wb for wb in value_items if wb[0].line_id == first_line]
        value = ((rest + " ") if rest else "") + _join(value_items)
        value = value.strip()
        if key == "sheet" and value and parse_sheet(value)[1] is None:
            # "Sheet: 1" ... "of: 10" printed as separate texts on one row
            right_edge = area.x1 if cell is not None else label_box.x1 + 12 * size
            row = [wb for wb in all_items if wb[0].id not in label_ids and wb[1].x0 > label_box.x1 and wb[1].x1 <= right_edge + 0.5
                   and abs((wb[1].top + wb[1].bottom) / 2 - (label_box.top + label_box.bottom) / 2) < 0.5 * size
                   and wb not in value_items]
            tail = _join(row)
            if re.match(r"^(?:of|OF|von|/)\s*:?\s*\d+", tail) and parse_sheet(f"{value} {tail}")[1] is not None:
                value = f"{value} {tail}"
                value_items = value_items + row
        connector = [b for w, b in value_items if re.fullmatch(r"(?i)of|von|de|/", w.text)] if key == "sheet" else []
        if cell is not None and len(connector) == 1 and parse_sheet(value)[1] is None:
            # "SHEET: 1 OF 4" with the label and its "OF" small at the cell's top, the figures large below them
            # (Altium's block): the figure before the "OF" is the number, the one after it the count
            conn = connector[0]
            figures = sorted((wb for wb in all_items if wb[0].id not in label_ids and area.contains_point(wb[1].center)
                              and re.fullmatch(r"\d{1,3}", wb[0].text) and wb[1].top >= label_box.top - 0.1),
                             key=lambda wb: wb[1].x0)
            before = [wb for wb in figures if wb[1].x1 <= conn.x0 + 0.1]
            after = [wb for wb in figures if wb[1].x0 >= conn.x1 - 0.1]
            if before and after:
                middle = next(wb for wb in value_items if wb[1] is conn)
                value_items = [before[-1], middle, after[0]]
                value = f"{before[-1][0].text} {middle[0].text} {after[0][0].text}"
        if not value and cell is not None and area.width < label_box.width + 8 * size:
            # a label cell: the value sits in the next cell to the right, in the same row
            probe = BBox(area.x1 + 1.0, area.top + 1.0, area.x1 + 2.0, area.bottom - 1.0)
            # (a short label's cell may be far narrower than its value's: Title | a board's name over a quarter of
            # the sheet's width is still a row's next cell, the drawing area is not)
            page_small = min(sheet.width, sheet.height)
            nxt = cell_around(rules, probe)
            person = key in ("drawn_by", "checked_by", "approved_by")
            if person and nxt is not None and (nxt[3] - nxt[1]) <= 1.5 * area.height:
                # an approvals matrix (Drawn | 30.11.2018 | voigt): past the date cell, the name cell
                first = [wb for wb in all_items if BBox(*nxt).contains_point(wb[1].center)]
                if first and _DATE_LIKE.match(_join(first)):
                    nxt2 = cell_around(rules, BBox(nxt[2] + 1.0, area.top + 1.0, nxt[2] + 2.0, area.bottom - 1.0))
                    if nxt2 is not None and abs(nxt2[1] - nxt[1]) < 1.0 and abs(nxt2[3] - nxt[3]) < 1.0:
                        nxt = nxt2
            if nxt is not None and (nxt[3] - nxt[1]) <= 1.5 * area.height:
                nbox = BBox(*nxt)
                inside = [wb for wb in all_items if nbox.contains_point(wb[1].center)]
                text = _join(inside)
                lone = len(text) == 1 and key not in ("revision", "size")  # a zone letter or number of the frame
                typed = _TYPED.get(key)
                if inside and not any(w.id in label_ids for w, _b in inside) and not (person and _DATE_LIKE.match(text)) \
                        and not lone and not _zone_run(text) and nbox.width <= max(8 * area.width, page_small / 4) \
                        and not _LABELLED.match(text) \
                        and not _next_header(lab, inside, label_box, band, all_items) \
                        and not (typed is not None and not typed.match(text)
                                 and _typed_below(rules, all_items, label_ids, label_box, area, typed, page_big)):
                    # (a text of the wrong form on the right, a value of the field's form below: the label heads its
                    # column, as GB/T 10609.1's scale and weight labels over their values do)
                    value_items = inside
                    value = text
                    area = area.union(nbox)
                    how = "right"
        # (a label ending in a colon, ``Date:``, is followed by its value on its line: it heads no column, and a
        # value below it must have its field's form)
        header_row = not lab[-1][0].text.rstrip().endswith(":") and any(abs(lb.x0 - label_box.x0) < 12 * size for lb in band)
        typed = _TYPED.get(key)
        if not value and cell is not None and (header_row or typed is not None):
            # a column header of an approvals grid (NAME | DATE): the value is in the cell below
            found_below = _cell_below(rules, all_items, label_box, area, page_big)
            if found_below is not None:
                bbox_b, inside = found_below
                text = _join(inside)
                # (one character alone under a field whose values are longer is the frame's zone mark in the margin
                # strip under the block: GB/T 10609.1's 图号 over an empty cell at the block's foot)
                lone = len(text) == 1 and key not in _SHORT_VALUES
                if inside and not any(w.id in label_ids for w, _b in inside) and (header_row or (typed and typed.match(text))) \
                        and not _zone_run(text) and not lone:
                    value_items = inside
                    value = text
                    area = area.union(bbox_b)
                    how = "below"
        if key == "sheet" and label.upper() == "ID" and not re.fullmatch(r"\d+\s*/\s*\d+", value):
            continue  # "Id" names a sheet only as "number/count" (KiCad); elsewhere it is some other identifier
        value_box = BBox.union_all(b for _w, b in value_items) if value_items else None
        if value_box is not None and cell is None:
            area = area.union(value_box)
        out.append(_Candidate(key=key, label=label, label_box=label_box, value=value, value_box=value_box, area=area, how=how,
                              in_cell=cell is not None))
    return out


#: fields whose value may be one character (a revision letter, a sheet number, a size, a person's initial)
_SHORT_VALUES = frozenset({"revision", "size", "sheet", "sheet_count", "drawn_by", "checked_by", "approved_by", "units",
                           "projection", "weight"})


#: an architectural sheet's code: a discipline letter or two, the series figure and the sheet's two (A101, S-201, M2.01;
#: not A001, a project's code as often as a sheet's)
_SHEET_CODE = re.compile(r"^[A-Z]{1,2}-?[1-9]\.?\d{2}$")
#: ... read as the drawing number when it is the block's largest text, this many label heights tall at least
_SHEET_CODE_SIZE = 2.5


#: a word of CJK characters only (a label of a Chinese or Japanese block, written whole or letter-spaced)
_CJK_LABEL = re.compile(rf"^{CJK_CLASS}+[:\uff1a]?$")


def _closed_cell(rules: Any, box: BBox, page_big: float) -> tuple[float, float, float, float] | None:
    """The ruled cell around ``box``, no wider than its top and bottom rules run: a column of panels ruled across with
    no rule down its open side (a title column at the sheet's edge) reaches no farther than its rules, not to the next
    vertical line somewhere in the drawing; ``None`` where there is no cell or it is the open drawing area."""
    c = cell_around(rules, box)
    if c is None or _open_area(c, page_big):
        return None  # the open drawing area inside the frame is no title-block cell, clipped or not
    x0, top, x1, bottom = c
    cx = (box.x0 + box.x1) / 2
    lo, hi = x0, x1
    for y in (top, bottom):
        edges = rules.h_near(y - 1.0, y + 1.0, cx - 0.5, cx + 0.5, 0.5)
        if not len(edges):
            return c
        lo, hi = max(lo, float(edges[:, 1].min()) - 1.0), min(hi, float(edges[:, 2].max()) + 1.0)
    return (lo, top, hi, bottom) if hi > lo else c


def _folded_name(text: str) -> str:
    """A name compared whatever its case and spacing (``Lucas Pombo`` and ``LUCAS POMBO`` are one name)."""
    return " ".join(text.casefold().split())


def _zone_run(text: str) -> bool:
    """Whether a text is a run of three or more consecutive numbers or letters: a drawing frame's zone marks, read from
    the frame's border strip, never a field's value.

    >>> _zone_run("1 2 3 4 5"), _zone_run("12 13 14"), _zone_run("A B C D"), _zone_run("1 2 4"), _zone_run("M6 x 20")
    (True, True, True, False, False)
    """
    toks = text.split()
    if len(toks) < 3:
        return False
    if all(t.isdigit() for t in toks):
        vals = [int(t) for t in toks]
    elif all(len(t) == 1 and t.isalpha() for t in toks):
        vals = [ord(t.upper()) for t in toks]
    else:
        return False
    return all(b - a == 1 for a, b in zip(vals, vals[1:], strict=False))


def _open_area(cell: tuple[float, float, float, float], page_big: float) -> bool:
    """Whether a ruled "cell" is too large for a title block's cell: the open drawing area inside the frame, the
    margin between the frame and the page's edge (more than half the sheet wide or 0.3 of it tall)."""
    return (cell[2] - cell[0]) > 0.5 * page_big or (cell[3] - cell[1]) > 0.3 * page_big


def _cell_below(rules: Any, items: list[tuple[Word, BBox]], label_box: BBox, area: BBox,
                page_big: float) -> tuple[BBox, list[tuple[Word, BBox]]] | None:
    """The ruled cell right under a label's cell (at most 3.5 times as tall, no wider than a block's cell: below
    a block's bottom row lies the sheet's margin) and the words centred in it."""
    below = cell_around(rules, BBox(label_box.x0 + 0.5, area.bottom + 1.0, label_box.x1 - 0.5, area.bottom + 2.0))
    if below is None or (below[3] - below[1]) > 3.5 * area.height or _open_area(below, page_big):
        return None
    box = BBox(*below)
    inside = [wb for wb in items if box.contains_point(wb[1].center)]
    if _zone_strip(items, box, inside):
        return None  # under the block's bottom row: the frame's strip of zone marks ("4 3 2 1"), no field's cell
    return box, inside


def _zone_strip(items: list[tuple[Word, BBox]], box: BBox, inside: list[tuple[Word, BBox]]) -> bool:
    """Whether a cell holding one mark lies in a drawing frame's strip of zone marks: every text centred in its band,
    across the sheet, is one figure or letter, three or more of them, in a run up or down (``4 3 2 1``)."""
    if len(inside) != 1 or len(inside[0][0].text.strip()) != 1:
        return False
    band = sorted((wb for wb in items if box.top <= wb[1].center[1] <= box.bottom), key=lambda wb: wb[1].x0)
    if len(band) < 3 or any(len(w.text.strip()) != 1 for w, _b in band):
        return False
    text = " ".join(w.text.strip() for w, _b in band)
    return _zone_run(text) or _zone_run(" ".join(reversed(text.split())))


def _typed_below(rules: Any, items: list[tuple[Word, BBox]], label_ids: set[int], label_box: BBox, area: BBox,
                 typed: re.Pattern[str], page_big: float) -> bool:
    """Whether the ruled cell right under a label's cell holds a value of the label's form (and no label)."""
    found = _cell_below(rules, items, label_box, area, page_big)
    inside = found[1] if found is not None else []
    return bool(inside) and not any(w.id in label_ids for w, _b in inside) and bool(typed.match(_join(inside)))


def _centred_lines(value_items: list[tuple[Word, BBox]], all_items: list[tuple[Word, BBox]], label_ids: set[int],
                   area: BBox, label_box: BBox) -> list[tuple[Word, BBox]]:
    """A value line under its label in the label's cell, with the words of that line before the label's column
    at the line's word spacing (a value centred under a shorter label starts left of it: ``2 OF 4`` under
    ``SHEET``; only below the label's band, where nothing else of the label's line can lie)."""
    taken = {w.id for w, _b in value_items}
    out = list(value_items)
    for line_id in sorted({w.line_id for w, b in value_items if b.top >= label_box.bottom - 0.1}):
        line = sorted((wb for wb in all_items if wb[0].line_id == line_id and wb[0].id not in label_ids
                       and wb[1].x0 >= area.x0 - max(0.1, RULE_OVERHANG * wb[0].size)), key=lambda wb: wb[1].x0)
        if not line:
            continue
        first = next((k for k, wb in enumerate(line) if wb[0].id in taken), None)
        k = first if first is not None else 0
        # (at the line's own spacing between its words already taken: a stroke font's spaces run wide)
        gaps = [b[1].x0 - a[1].x1 for a, b in zip(line[k:], line[k + 1:]) if a[0].id in taken and b[0].id in taken]
        spacing = max([0.6 * max(w.size for w, _b in line)] + [1.25 * g for g in gaps])
        while k > 0 and line[k][1].x0 - line[k - 1][1].x1 <= spacing:
            k -= 1
            out.append(line[k])
            taken.add(line[k][0].id)
    return out


def _next_header(lab: list[tuple[Word, BBox]], inside: list[tuple[Word, BBox]], label_box: BBox, band: list[BBox],
                 all_items: Sequence[tuple[Word, BBox]]) -> bool:
    """Whether the text of the cell right of a label is the next column's header, not the label's value: the
    label heads a row of labels (another label on its band), and that text is words without a figure on the
    label's band in the label's own font and size (``PART NUMBER | DESCRIPTION | SPECIFICATION`` under
    empty cells: a header the vocabulary does not know). Not when the label and that text each have a text
    of their kind right under them, in the label's centre and at the text's start or centre: rows of name and
    value (CATIA prints ``Material | PLA`` over ``Direction | XXXX`` in one font and size)."""
    if not band:  # the other labels on the label's band
        return False
    fonts = {w.font for w, _b in lab}
    size = max(w.size for w, _b in lab)

    def label_type(w: Word) -> bool:
        return w.font in fonts and abs(w.size - size) <= 0.05 * size

    mid = (label_box.top + label_box.bottom) / 2
    if not all(label_type(w) and not any(ch.isdigit() for ch in w.text) and abs((b.top + b.bottom) / 2 - mid) <= 0.25 * size
               for w, b in inside):
        return False
    text = " ".join(w.text for w, _b in inside)
    if not re.search(r"[^\W\d_]{3}", text) and header_key(text) is None:
        return False  # initials ("N.B", "JL") head no column: a header is a word

    start = min(b.x0 for _w, b in inside)
    middle = (start + max(b.x1 for _w, b in inside)) / 2
    cx = (label_box.x0 + label_box.x1) / 2
    # (the next row down: rows of a block set in larger cells stand more than a line's height apart)
    below = [(w, b) for w, b in all_items
             if label_box.bottom < (b.top + b.bottom) / 2 <= label_box.bottom + 2.5 * label_box.height]
    named_below = any(label_type(w) and abs((b.x0 + b.x1) / 2 - cx) <= 0.6 * size for w, b in below)
    # (a value column's texts start where the text does, or are centred on its centre: a Chinese block's cells)
    valued_below = any(abs(b.x0 - start) <= 0.6 * size or abs((b.x0 + b.x1) / 2 - middle) <= 0.6 * size for _w, b in below)
    return not (named_below and valued_below)


#: a unit in brackets printed after a label: WEIGHT (kg), MASS [g]
_LABEL_UNIT = re.compile(r"[(\[][A-Za-zµ²³/]{1,5}[)\]]:?")


def _stacked_labels(upper: list[tuple[Word, BBox]], lower: list[tuple[Word, BBox]]) -> bool:
    """Two labels over each other in one cell that are both labels by their form: each ends in a colon (the
    label's words and the first word after them are given: ``DATE :``) and they share one type size (a value
    in that cell reading like a label has neither)."""
    def colon(words: list[tuple[Word, BBox]]) -> bool:
        return any(w.text.endswith(":") for w, _b in words[-2:])

    if not (upper and lower and colon(upper) and colon(lower)):
        return False
    a, b = max(w.size for w, _b in upper), max(w.size for w, _b in lower)
    return abs(a - b) <= 0.1 * max(a, b)


def _clusters(cands: list[_Candidate], touch: float) -> list[list[_Candidate]]:
    parent = list(range(len(cands)))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    boxes = [c.area.expand(touch) for c in cands]
    order = sorted(range(len(cands)), key=lambda i: boxes[i].x0)
    for k, i in enumerate(order):  # sweep on x: only boxes that overlap in x are compared
        for j in order[k + 1:]:
            if boxes[j].x0 > boxes[i].x1:
                break
            if boxes[i].intersects(boxes[j]):
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, list[_Candidate]] = {}
    for i, c in enumerate(cands):
        groups.setdefault(find(i), []).append(c)
    return list(groups.values())


def _rows_shared(a: list[_Candidate], b: list[_Candidate], h: float) -> int:
    """Label rows two groups share: labels of one on the other's label lines (within a third of a label height)."""
    tops = sorted({round(c.label_box.top / (h / 3.0)) for c in b})
    return sum(1 for t in {round(c.label_box.top / (h / 3.0)) for c in a} if any(abs(t - u) <= 1 for u in tops))


def _merge_near(groups: list[list[_Candidate]], ruled: Callable[[BBox], BBox] | None = None,
                strip: Callable[[BBox, BBox], bool] | None = None,
                column: Callable[[BBox, BBox], bool] | None = None) -> list[list[_Candidate]]:
    """Join groups lying within four label heights of each other: cells without labels can split a block; with
    ``ruled`` (a group's box grown along the rules that touch it), also groups up to :data:`RULED_REACH` label
    heights apart whose rules run together (an empty band of cells between a block's top row and the rest: the
    SolidWorks ANSI block's REVISION over an empty band over TITLE). Then two columns of labels whose rows line
    up (two rows or more, within :data:`ALIGNED_REACH` label heights side by side) are one block too, ruled or not
    (a block whose rules are filled outlines has no cells to join them). With ``strip``, groups that one strip of
    ruled cells along the sheet holds are one block however far apart (EPLAN's block runs the sheet's width); with
    ``column``, groups one above the next in one column of stacked ruled panels (see :func:`_one_column`)."""
    joined = _join_groups(_join_groups(groups, aligned=False, ruled=ruled), aligned=True)
    if column is not None:
        joined = _join_column(joined, column)
    return joined if strip is None else _join_strips(joined, strip)


def _join_column(groups: list[list[_Candidate]], column: Callable[[BBox, BBox], bool]) -> list[list[_Candidate]]:
    """Join the groups that lie in one column of stacked ruled panels (see :func:`_one_column`), a label or more
    each: a title column along the sheet's right edge, one labelled panel over the next (course, teacher, subject,
    file, sheet of an architectural sheet)."""
    boxes = [BBox.union_all(c.value_box.union(c.label_box) if c.value_box is not None else c.label_box for c in g)
             for g in groups]
    order = sorted(range(len(groups)), key=lambda i: boxes[i].top)
    edges = [(i, j) for k, i in enumerate(order) for j in order[k + 1:k + 2] if column(boxes[i], boxes[j])]
    return [[c for k in part for c in groups[k]] for part in components(len(groups), edges)] if edges else groups


#: a column of stacked panels is at most this share of the sheet's width wide ...
COLUMN_WIDTH = 0.2
#: ... and has at least this many rules of its width
COLUMN_RULES = 3


def _one_column(sheet: SheetLike, direction: int, a: BBox, b: BBox) -> bool:
    """Whether boxes ``a`` (above) and ``b`` (below) stand in one column of stacked panels: horizontal rules of one
    and the same extent (within a point at each end), :data:`COLUMN_RULES` or more, at most :data:`COLUMN_WIDTH` of
    the sheet wide, run across both boxes, one of them within :data:`RULED_REACH` times the smaller box's height of
    one box, and no gap between the boxes and the rules between them is wider than that (a title column whose
    panels are ruled across, with or without a rule down their side)."""
    rules = rules_for(sheet, direction)
    if not len(rules.h) or b.top < a.bottom:
        return False
    lo, hi = min(a.x0, b.x0), max(a.x1, b.x1)
    width = sheet.width if direction % 180 == 0 else sheet.height
    h = rules.h[(rules.h[:, 1] <= lo + 1.0) & (rules.h[:, 2] >= hi - 1.0)
                & (rules.h[:, 2] - rules.h[:, 1] <= COLUMN_WIDTH * width)]
    if len(h) < COLUMN_RULES:
        return False
    x0, x1 = np.round(h[:, 1]), np.round(h[:, 2])
    for ext0, ext1 in {(float(u), float(v)) for u, v in zip(x0, x1, strict=True)}:
        same = h[(np.abs(h[:, 1] - ext0) <= 1.0) & (np.abs(h[:, 2] - ext1) <= 1.0)]
        if len(same) < COLUMN_RULES:
            continue
        ys = np.sort(same[:, 0])
        reach = RULED_REACH * min(a.height, b.height)
        if not (np.abs(ys - (a.top + a.bottom) / 2) <= reach).any() and not (np.abs(ys - (b.top + b.bottom) / 2) <= reach).any():
            continue  # the column's rules run by the boxes
        stops = np.concatenate(([a.bottom], ys[(ys > a.bottom) & (ys < b.top)], [b.top]))
        if float(np.diff(stops).max()) <= reach:
            return True
    return False


def _join_strips(groups: list[list[_Candidate]], strip: Callable[[BBox, BBox], bool]) -> list[list[_Candidate]]:
    """Join the groups of at least two labels that lie in one ruled strip (see :func:`_one_strip`)."""
    boxes = [BBox.union_all(c.area for c in g) for g in groups]
    big = [i for i, g in enumerate(groups) if len(g) >= 2]
    edges = [(i, j) for k, i in enumerate(big) for j in big[k + 1:] if strip(boxes[i], boxes[j])]
    return [[c for k in part for c in groups[k]] for part in components(len(groups), edges)] if edges else groups


def _one_strip(sheet: SheetLike, direction: int, a: BBox, b: BBox) -> bool:
    """Whether boxes ``a`` and ``b`` lie in one horizontal strip of the sheet: the nearest rules above and below each
    that run across both are the same two rules, at most a fifth of the sheet apart (a title block laid out as a
    band along the frame's edge). The groups of such blocks are few; this is asked for pairs of them only."""
    rules = rules_for(sheet, direction)
    if not len(rules.h):
        return False
    lo, hi = min(a.x0, b.x0), max(a.x1, b.x1)
    h = rules.h[(rules.h[:, 1] <= lo + 1.0) & (rules.h[:, 2] >= hi - 1.0)]
    if not len(h):
        return False
    ys = h[:, 0]

    def bounds(box: BBox) -> tuple[float, float] | None:
        above, below = ys[ys <= box.top + 1.0], ys[ys >= box.bottom - 1.0]
        return (float(above.max()), float(below.min())) if len(above) and len(below) else None

    ba, bb = bounds(a), bounds(b)
    if ba is None or bb is None:
        return False
    return abs(ba[0] - bb[0]) <= 1.0 and abs(ba[1] - bb[1]) <= 1.0 and ba[1] - ba[0] <= 0.2 * min(sheet.width, sheet.height)


def _box_gap(a: BBox, b: BBox) -> float:
    """The larger of the horizontal and vertical gaps between two boxes (0 where they overlap).

    >>> _box_gap(BBox(0, 0, 10, 10), BBox(12, 3, 15, 4)), _box_gap(BBox(0, 0, 10, 10), BBox(5, 5, 20, 20))
    (2, 0.0)
    """
    return max(0.0, max(a.x0, b.x0) - min(a.x1, b.x1), max(a.top, b.top) - min(a.bottom, b.bottom))


def _join_groups(groups: list[list[_Candidate]], aligned: bool,
                 ruled: Callable[[BBox], BBox] | None = None) -> list[list[_Candidate]]:
    boxes = [BBox.union_all(c.area for c in g) for g in groups]
    heights = [sorted(c.label_box.height for c in g)[len(g) // 2] for g in groups]
    # groups are joined only within a few label heights of each other: the pairs come from an R-tree of the
    # groups' boxes grown by that reach (a page of many small labelled blocks is not compared all against all)
    near = BoxIndex((i, b) for i, b in enumerate(boxes))
    reach = max(4.0, ALIGNED_REACH, RULED_SAME_REACH if ruled is not None and not aligned else 0.0)
    edges: list[tuple[int, int]] = []
    extents: dict[int, BBox] = {}  # a group's box grown along its rules (asked only for groups near another)
    for i in range(len(groups)):
        r = reach * heights[i] + 1e-6 * (1.0 + abs(boxes[i].x1) + abs(boxes[i].bottom))
        for j in sorted(k for k in near.intersection((boxes[i].x0 - r, boxes[i].top - r, boxes[i].x1 + r, boxes[i].bottom + r)) if k > i):
            gap_x = max(0.0, max(boxes[i].x0, boxes[j].x0) - min(boxes[i].x1, boxes[j].x1))
            gap_y = max(0.0, max(boxes[i].top, boxes[j].top) - min(boxes[i].bottom, boxes[j].bottom))
            h = min(heights[i], heights[j])
            if aligned:
                join = gap_y == 0.0 and gap_x <= ALIGNED_REACH * h and min(len(groups[i]), len(groups[j])) >= 2 \
                    and abs(heights[i] - heights[j]) <= 0.25 * h and _rows_shared(groups[i], groups[j], h) >= 2
            else:
                join = max(gap_x, gap_y) <= 4.0 * h
                if not join and ruled is not None and max(gap_x, gap_y) <= RULED_SAME_REACH * h:
                    for k in (i, j):
                        if k not in extents:
                            extents[k] = ruled(boxes[k])
                    ei, ej = extents[i], extents[j]
                    if max(gap_x, gap_y) <= RULED_REACH * h:
                        # (or a label just outside the other's ruled box: ESKD prints ``Формат А3`` under the frame, by
                        # the block; or two ruled panels of one width stacked in one column: a block set as a stack of
                        # boxes)
                        join = ei.contains_point(boxes[j].center) or ej.contains_point(boxes[i].center) \
                            or (len(groups[j]) == 1 and _box_gap(ei, boxes[j]) <= 4.0 * h) \
                            or (len(groups[i]) == 1 and _box_gap(ej, boxes[i]) <= 4.0 * h) or (
                            abs(ei.x0 - ej.x0) <= 2.0 and abs(ei.x1 - ej.x1) <= 2.0 and ei.width > 0.0
                            and max(ei.top, ej.top) - min(ei.bottom, ej.bottom) <= RULED_REACH * h)
                    else:
                        # farther apart, only two groups whose rules grow to one ruled box: each one's box holds the
                        # other's centre (a label under the box, ``Формат А4``, may widen one of them)
                        join = ei.width > 0.0 and ej.width > 0.0 and ei.contains_point(ej.center) \
                            and ej.contains_point(ei.center)
            if join:
                edges.append((i, j))
    return [[c for k in part for c in groups[k]] for part in components(len(groups), edges)]


#: a value's first glyph box may stand this many of its sizes left of its cell's rule and still be the cell's
#: (a side bearing, a large "1:4" set against the rule)
RULE_OVERHANG = 0.25
#: label columns of one block stand at most this many label heights apart (see _merge_near)
ALIGNED_REACH = 12.0
#: groups of labels in one ruled block stand at most this many label heights apart (an ESKD block's approval
#: columns and its sheet cells, 70 mm of title and material cells between them)
RULED_REACH = 20.0
#: a label's value found this many label heights away or more, that no field took, does not keep the text from the
#: unlabelled fields (see _infer_unlabelled)
FAR_VALUE = 2.5
#: ... and up to this many when the rules of both grow to one and the same ruled box (GOST 2.104 form 1 in 2.5 mm
#: lettering: its change and approval columns stand 77 mm, some 40 label heights, from its letter, mass and scale)
RULED_SAME_REACH = 45.0


def parse_sheet(value: str) -> tuple[str | None, str | None]:
    """``"2 OF 5"``, ``"2/5"``, ``"Blatt 2 von 5"``, ``"2"`` -> (number, count).

    >>> parse_sheet("2 OF 5"), parse_sheet("1/1"), parse_sheet("3"), parse_sheet("of: 10")
    (('2', '5'), ('1', '1'), ('3', None), (None, None))
    >>> parse_sheet("1 di 1"), parse_sheet("2 sur 3"), parse_sheet("1 z 4"), parse_sheet("12z4")
    (('1', '1'), ('2', '3'), ('1', '4'), (None, None))
    """
    m = _SHEET_OF.search(value)
    if m:
        return m.group(1), m.group(2)
    m = _SHEET_ONE.match(value)
    if m:
        return m.group(1), None
    return None, None


#: where a field's value was found, and the prior confidence of that evidence: printed on the label's line
#: (``SCALE: 1:2``) or in the label's own ruled cell; in the next cell to the right; in the cell below a
#: column-header label; near a label with no ruled cell round it; a label-less cell read by the form of its
#: value alone (a drawing number, a date, a sheet size); the largest text of the block taken as the title; a
#: company without a label: a name in its own cell beside a logo image, or in the block's top row of cells; a
#: statement of the whole sheet printed outside the block (the projection method over the views); the projection
#: method read from its symbol (``first angle`` or ``third angle``)
FIELD_EVIDENCE: dict[str, float] = {"inline": 0.9, "cell": 0.9, "right": 0.8, "below": 0.75, "near": 0.65, "form": 0.6,
                                    "typography": 0.6, "logo": 0.6, "cell_top": 0.5, "emphasis": 0.5, "sheet": 0.6,
                                    "symbol": 0.6}
#: what values of these fields look like; a value without that form is doubted
FIELD_FORMS: dict[str, re.Pattern[str]] = {
    "sheet_number": re.compile(r"^\d{1,4}$"),
    "sheet_count": re.compile(r"^\d{1,4}$"),
    "scale": re.compile(r"^(?:\d+(?:[.,]\d+)?\s*[:/]\s*\d+(?:[.,]\d+)?(?:\s*\(.*\))?|N\.?T\.?S\.?|NONE|N/A|AS SHOWN|FULL|-)$",
                        re.IGNORECASE),
    "size": re.compile(r"^(?:[A-E]|[AaАа][0-4]|ANSI\s*[A-E]|ISO\s*A[0-4]|LETTER|TABLOID)$", re.IGNORECASE),
    "date": re.compile(r"^(?:[A-Za-z]{3,9},? )?(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?)?|\d{1,2}[ .-]?[A-Za-zÄäÖöÜü]{3,9}\.?[ .-]?\d{2,4}"
                       r"|[A-Za-z]{3,9}\.? \d{1,2},? \d{4}"
                       r"|(?:[A-Za-z]{3} )?[A-Za-z]{3} +\d{1,2} \d{1,2}:\d{2}(?::\d{2})? \d{4})$"),  # and C's ctime()
    "revision": re.compile(r"^[A-Za-z0-9]{1,3}(?:[.\-][A-Za-z0-9]{1,3}){0,2}$"),
    "weight": re.compile(r"^~?\d+(?:[.,]\d+)?\s*(?:kg|g|lb|lbs|gr)?$", re.IGNORECASE),
    "units": re.compile(r"^(?:MM|MILLIMET(?:ER|RE)S?|IN|INCH(?:ES)?|INCH/MM|MM/INCH|M)$", re.IGNORECASE),
}
#: a value that says there is no value: dashes, dots, underscores, or a template's XXX or ****
_PLACEHOLDER = re.compile(r"^(?:[-–—_.\s]+|[Xx]{2,}|\*{2,})$")
#: a label by its form: one to three words of letters, the last ending in a colon ("Materiales:", "Part name:")
_LABEL_FORM = re.compile(r"^[^\W\d_][^\W\d_.]*\.?(?:\s+[^\W\d_]+\.?){0,2}:$")


def _dated(value: str) -> bool:
    """Whether a value of the form of a date is one by its figures: a four-digit year or two groups of two
    digits (``04-07-21``), not a version number (``0.4.2``, ``1.0.12``).

    >>> [_dated(v) for v in ("04-07-21", "2026.03.29", "0.4.2", "1.0.12")]
    [True, True, False, False]
    """
    groups = re.findall(r"\d+", value)
    return bool(_DATE.match(value)) and (any(len(g) == 4 for g in groups) or sum(len(g) == 2 for g in groups) >= 2)


#: a standard's name: a general tolerance that cites one needs no figure of its own ("S/DIN", "per ISO")
_STANDARD = re.compile(r"\b(?:DIN|ISO|ASME|ANSI|JIS|GB|BS|EN|GOST|UNE|NF|UNI|ABNT|STAS)\b")


def _blank_tolerance(value: str) -> bool:
    """Whether a tolerance block's values are all a template's placeholders (``ANGLES ±X.X° 2 PL ±X.XX``).

    >>> _blank_tolerance("ANGLES ±X.X° 2 PL ±X.XX 3 PL ±X.XXX"), _blank_tolerance("ANGLES ±0.5° 2 PL ±0.05")
    (True, False)
    """
    values = re.findall(r"±\s*(\S+)", value)
    return bool(values) and all(re.fullmatch(r"[Xx.,]+°?", v) for v in values)


def _no_calendar_date(value: str) -> bool:
    """Whether a value of the form of a date (three groups of figures) is no day of any calendar in any of the
    orders drawings write (day-month-year, month-day-year, year-month-day): a template's placeholder.

    >>> [_no_calendar_date(v) for v in ("99.99.2000", "31.12.2020", "12/31/20", "2026-13-01", "00.00.00", "Rev A")]
    [True, False, False, True, True, False]
    """
    m = re.match(rf"^\s*({_DAY})", value)
    if m is None:
        return False
    a, b, c = (int(g) for g in re.findall(r"\d+", m.group(1))[:3])

    def day(d: int, mo: int) -> bool:
        return 1 <= d <= 31 and 1 <= mo <= 12

    return not (day(a, b) or day(b, a) or day(c, b))


#: a sheet's place in its set and nothing else ("1/7", "2 / 12")
_SHEET_IN_SET = re.compile(r"^\d{1,3}\s*/\s*\d{1,3}$")
#: a numbering, not a title: a word, a number word and a number ("Lámina No. 1", "Sheet Nr 3")
_NUMBERING = re.compile(r"(?i)^[^\W\d_]+\.?\s+(?:no|nr|n°|nº|#)\.?\s*\d+$")
#: a sheet size written as a code in any case: ISO A0-A4, an ANSI letter A-E
_SIZE_ANY_CASE = re.compile(r"(?i)a[0-4]|[a-e]")
#: fields whose values are codes a reader reads in Latin letters (look-alike letters of other scripts folded)
_CODE_FIELDS = ("drawing_number", "revision", "sheet_number", "sheet_count", "scale", "size", "part_number")
#: Cyrillic letters that no Latin letter looks like
_CYRILLIC_ONLY = re.compile(r"[бвгдёжзийлмнптфцчшщъыьэюяБГДЁЖЗИЙЛПФЦЧШЩЪЫЬЭЮЯ]")
#: fields whose values are short: a value longer than this many characters is doubted
_SHORT_FIELDS = {"drawing_number": 40, "part_number": 40, "revision": 12, "sheet_number": 8, "sheet_count": 8, "scale": 20,
                 "size": 12, "date": 24, "weight": 20, "units": 16, "projection": 40}


def field_confidence(key: str, f: Field, named: int) -> float:
    """How sure the analyzer is of field ``key`` (0-1): the prior of its evidence, times 0.6 when the value
    lacks the form of its field, times 0.6 when it holds another label's words (two or more words, or one
    ending in a colon), times 0.7 when it is long for a short field, times 0.85 when the block has fewer than
    three fields.

    >>> box = BBox(0, 0, 1, 1)
    >>> field_confidence("scale", Field(value="1:2", label="SCALE", bbox=box, label_bbox=box, evidence="cell"), 5)
    0.9
    >>> field_confidence("scale", Field(value="SHEET: 1", label="SCALE", bbox=box, label_bbox=box, evidence="cell"), 5)
    0.32
    """
    conf = FIELD_EVIDENCE.get(f.evidence, 0.6)
    value = f.value.strip()
    form = FIELD_FORMS.get(key)
    if form is not None and not form.match(value):
        conf *= 0.6
    words = value.split()
    for i in range(min(len(words), 12)):
        m = _match_texts(words[i:])
        if m is not None and (m[1] >= 2 or words[i + m[1] - 1].endswith(":")):
            conf *= 0.6  # another label's words in the value: labels running into each other
            break
    if len(value) > _SHORT_FIELDS.get(key, 10_000):
        conf *= 0.7
    if named < 3:
        conf *= 0.85
    return round(conf, 2)


def find_title_block(sheet: SheetLike, settings: TitleBlockSettings, tables: Sequence[Table]) -> TitleBlock | None:
    """The sheet's title block, its labels and values read outside the ``tables`` found on the sheet.

    A table inside the block found that is a ruled grid of values whose header names no kind of table
    (``TableKind.OTHER``), or a header with no rows under it, is read again as part of the block: the
    names-and-dates grid of a block whose labels are unknown words (``DRAWN | JL | 2023-06-18``) is also a
    grid of values with no known header, and a block's top row of labelled cells (``USED ON | MATERIAL |
    QTY | SCALE 5:1``) looks like a parts list's header.
    """
    tb = _find_title_block(sheet, settings, tables)
    if tb is None:
        return None
    inside = [t for t in tables if (t.kind is TableKind.OTHER or not t.rows) and tb.bbox.expand(1.0).contains(t.bbox)]
    if inside:
        again = _find_title_block(sheet, settings, [t for t in tables if not any(t is i for i in inside)])
        tb = again if again is not None and len(again.fields) > len(tb.fields) else tb
    return _with_projection(sheet, tb)


def _with_projection(sheet: SheetLike, tb: TitleBlock) -> TitleBlock:
    """The block with the projection method it does not print in a cell: stated in words anywhere on the sheet,
    else shown by its symbol in the block or beside it, as far again as the block is large (a block found in part
    still finds it)."""
    if "projection" in tb.fields:
        return tb
    found = _sheet_projection(sheet)
    if found is None:
        reach = max(tb.bbox.width, tb.bbox.height)
        if (symbol := projection_symbol(sheet, tb.bbox.expand(reach))) is not None:
            found = Field(value=symbol[0], label="", bbox=symbol[1], label_bbox=symbol[1], evidence="symbol")
    if found is None:
        return tb
    fields = {**tb.fields, "projection": found}
    n = len(fields)  # (a block's confidence counts its fields: the projection is one of them)
    return replace(tb, fields={k: replace(fields[k], confidence=field_confidence(k, fields[k], n)) for k in FIELD_ORDER if k in fields},
                   other={k: replace(f, confidence=field_confidence("other", f, n)) for k, f in tb.other.items()})


def _find_title_block(sheet: SheetLike, settings: TitleBlockSettings, tables: Sequence[Table]) -> TitleBlock | None:
    words = _frame_words(sheet)
    if not words:
        return None
    blocked = BoxSet([t.bbox for t in tables])
    best: tuple[int, int, list[_Candidate]] | None = None
    seed: tuple[int, list[_Candidate]] | None = None
    all_groups: dict[int, list[list[_Candidate]]] = {}
    for direction in (0, 90, 270, 180):
        dwords = [w for w in words if round(w.direction) % 360 == direction]
        if not dwords:
            continue
        cands = _candidates(sheet, direction, dwords, blocked)
        all_groups[direction] = _merge_near(_clusters(cands, settings.touch), partial(_ruled_extent, sheet, direction),
                                            partial(_one_strip, sheet, direction), partial(_one_column, sheet, direction))
        for cluster in all_groups[direction]:
            keys = {c.key for c in cluster if c.key != "other"}
            score = (len(keys), direction == 0)
            # two fields suffice when both stand in ruled cells with values (a continuation sheet's small block)
            named = [c for c in cluster if c.key != "other"]
            enough = len(keys) >= settings.min_fields or (
                len(keys) >= 2 and all(c.value for c in named) and any(c.area != c.label_box for c in named))
            if enough and (best is None or score > (best[0], best[1] == 0)):
                best = (len(keys), direction, cluster)
            elif seed is None and keys == {"sheet"}:
                # "Sheet: 2/5" alone in a ruled cell: a small block whose other cells have no labels
                sheet_cells = [c for c in named if c.in_cell and parse_sheet(c.value)[1] is not None]
                if sheet_cells:
                    seed = (direction, sheet_cells[:1])
    tentative = best is None
    if best is None and seed is None:
        structural = _structural_block(sheet, blocked, settings)
        if structural is not None:
            best, tentative = structural, False
    if best is None:
        if seed is None:
            return None
        best = (1, *seed)
    _n, direction, cluster = best
    # of two candidates for one key, the one in a ruled cell first, then the one nearer the middle of the
    # block's labels (a detail view's "SCALE 4:1" beside the block is not the sheet's scale)
    mx = sorted(c.label_box.center[0] for c in cluster)[len(cluster) // 2]
    my = sorted(c.label_box.center[1] for c in cluster)[len(cluster) // 2]
    # (a sheet's "number of count" before a bare number: EPLAN's "Seite 7 / 35" over "Blatt 1" of a section)
    cluster.sort(key=lambda c: (c.key == "sheet" and parse_sheet(c.value)[1] is None, not c.in_cell, round(abs(c.label_box.center[0] - mx) + abs(c.label_box.center[1] - my), 3),
                                c.label_box.top, c.label_box.x0))
    fields: dict[str, Field] = {}
    other: dict[str, Field] = {}
    named_title: Field | None = None
    sheet_title: Field | None = None
    for c in cluster:
        if not c.value or _PLACEHOLDER.match(c.value) or (c.key == "date" and _no_calendar_date(c.value)):
            continue  # an empty cell, one holding only a dash ("--": nothing to say), a template's 99.99.2000
        vbox = box_from_frame(direction, c.value_box or c.area)
        lbox = box_from_frame(direction, c.label_box)
        if c.key == "other":
            if _norm_token(c.label.strip()) in _NAME_LABELS and c.value_box is not None \
                    and c.value_box.height >= _NAMED_TITLE * c.label_box.height and sum(ch.isalpha() for ch in c.value) >= 3:
                # "name:" over a value printed larger than the labels names the part, not a person (a person's
                # name stands at label size in its approval row): the title, unless a labelled title comes
                named_title = named_title or Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
                continue
            other.setdefault(c.label, Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how))
            continue
        if c.key == "drawing_number" and _norm_token(c.label) == "DRAWING" and not any(ch.isdigit() for ch in c.value) \
                and len(c.value.split()) >= 2:
            # "Drawing: Construction Details and Notes": a bare "Drawing" label names the drawing; words without a
            # figure are its title, not its number
            c = replace(c, key="title")
        if c.key == "drawn_by" and _norm_token(c.label) == "CREATED" and _DATE.match(c.value):
            c = replace(c, key="date")  # "Created: 2021-03-04" says when; ISO 7200's "Created by" (or "Created") who
        if c.key == "date" and (m := _DATE_THEN_INITIALS.match(c.value)):
            c = replace(c, value=m.group(1))  # "09.03.89 SM": the day and the drafter's initials signed after it
        if c.key == "date" and not _DATE.match(c.value) and _DATE.match(joined := re.sub(r"(?<=\d) (?=\d)", "", c.value)):
            c = replace(c, value=joined)  # "2026-06-1 0": a gap inside a figure group of drawn text, not in the date
        if c.key == "drawing_number" and _SHEET_IN_SET.match(c.value) and not re.search(r"(?i)draw|dwg", c.label):
            # a "Number" cell holding "1/7": the sheet's number of the set, by its form (Horizon EDA's block); a
            # label that names the drawing ("Drawing.No.") says whose number it is
            c = replace(c, key="sheet")
        if c.key == "sheet":
            number, count = parse_sheet(c.value)
            if number is None and (m := re.fullmatch(r"(\d{1,3})\s*:\s*(\d{1,3})", c.value)):
                number, count = m.groups()  # "Foglio: 1 : 1" under a sheet label: sheet 1 of 1 (a scale's form elsewhere)
            if number is not None and "sheet_number" not in fields:
                fields["sheet_number"] = Field(value=number, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
            if count is not None and "sheet_count" not in fields:
                fields["sheet_count"] = Field(value=count, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
            if number is None and count is None and sum(ch.isalpha() for ch in c.value) >= 3 and not any(ch.isdigit() for ch in c.value) \
                    and not re.fullmatch(r"\S+\.[A-Za-z]{2,7}", c.value.strip()):  # (a file name, "DOC_BOM.PCBDwf", is no title)
                # a "Sheet" cell holding a name: the sheet's title, the block's title when nothing else gives one
                sheet_title = sheet_title or Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
            continue
        if c.key == "sheet_count":
            m = re.search(r"(\d+)\s*$", c.value)
            if m and "sheet_count" not in fields:
                fields["sheet_count"] = Field(value=m.group(1), label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
            continue
        if _LABEL_FORM.match(c.value):
            continue  # the next cell's label ("Peso:" over "Materiales:"): the cell is empty
        if c.key == "size" and not any(ch.isalpha() for ch in c.value):
            continue  # a sheet size names its series (A3, B, ANSI D, Letter): figures alone are another cell's text
        if c.value and c.key != "revision" and not any(ch.isalnum() for ch in c.value):
            continue  # a placeholder ("*", "—"): the template's field left unfilled (a revision "-" or "*" is the first issue)
        if c.key in ("weight", "general_tolerance") and ((not any(ch.isdigit() for ch in c.value)
                                                          and not (c.key == "general_tolerance" and _STANDARD.search(c.value)))
                                                         or _blank_tolerance(c.value)):
            # the unit printed in an empty mass cell ("kg"), a tolerance block with its values left blank
            # ("ANGULAR= ± °"): no value; units stated there are still read below
            if c.key == "general_tolerance":
                other.setdefault(c.label, Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how))
            continue
        if c.key in fields or (c.key == "revision" and _dated(c.value)):
            # a second value of a field, or a date beside "Rev." (a reviser's row of an approval table): kept aside
            other.setdefault(c.label if c.label not in other else f"{c.label} ({len(other) + 1})",
                             Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how))
            continue
        fields[c.key] = Field(value=c.value, label=c.label, bbox=vbox, label_bbox=lbox, evidence=c.how)
    if named_title is not None:
        if "title" in fields:
            other.setdefault(named_title.label, named_title)
        else:
            fields["title"] = named_title
    if "date" not in fields:
        # a person's label over a date (``DRAWN: 09/06/2014``, the name under ``DRAWN BY``): the label says when,
        # the value's form says what; the first such one is the block's date
        persons = ("drawn_by", "checked_by", "approved_by")
        for where, key in [(fields, k) for k in persons] + [(other, k) for k in other]:
            f = where.get(key)
            person_label = _match_texts(f.label.split()) if f is not None else None
            if f is None or person_label is None or person_label[0] not in persons:
                continue
            if _DATE.match(f.value):
                fields["date"] = f
                del where[key]
                break
            if m := _NAME_THEN_DATE.match(f.value):
                # a name and the day it was signed in one cell (``Romario Kavin 28-04-2023``): the date is the
                # block's, the name stays the person's
                fields["date"] = replace(f, value=m.group(2))
                where[key] = replace(f, value=m.group(1))
                break
    if "date" not in fields:
        # a date in a person's row, after the name (GB/T 10609.1: ``设计 | 赵强 | 2026-05-20``), even where a label
        # of another table's header above it claimed it: the block's date
        for key in ("drawn_by", "checked_by", "approved_by"):
            person = fields.get(key)
            if person is None:
                continue
            pb = box_to_frame(direction, person.bbox)
            for name, f in list(other.items()):
                fb = box_to_frame(direction, f.bbox)
                if _DATE.match(f.value) and fb.x0 >= pb.x1 and _same_row(fb, pb, 0.5):
                    fields["date"] = replace(f, label=person.label, label_bbox=person.bbox, evidence="right")
                    del other[name]
                    break
            if "date" in fields:
                break
    area = BBox.union_all(c.area for c in cluster)
    _infer_unlabelled(sheet, direction, cluster, area, fields, blocked)
    if "title" not in fields and sheet_title is not None:
        fields["title"] = sheet_title
    if "title" not in fields and (headline := _headline_value(sheet, direction, other, area)) is not None:
        fields["title"] = replace(other.pop(headline), evidence="typography")
    if "units" not in fields:
        # the units stated in the text of a label of no field (``UNLESS OTHERWISE SPECIFIED: DIMENSIONS ARE IN
        # MILLIMETERS`` where TOLERANCES holds the general tolerance; a general tolerance that states them keeps them)
        for f in other.values():
            if m := _UNITS_SENTENCE.search(f.value):
                fields["units"] = Field(value=m.group(1), label=f.label, bbox=f.bbox, label_bbox=f.label_bbox, evidence="form")
                break
    if tentative and len(fields) < 3:
        return None  # a lone sheet number with nothing readable round it is no title block
    # a block written in Cyrillic (letters no Latin one looks like in its labels) spells its designations in
    # Cyrillic on purpose (ESKD "СМ7.18.00.01"): only sizes, sheets and scales are folded there
    cyrillic = bool(_CYRILLIC_ONLY.search(" ".join(f"{f.label} {f.value}" for f in fields.values())))
    for key in _CODE_FIELDS:
        f = fields.get(key)
        if cyrillic and key in ("drawing_number", "revision", "part_number"):
            continue
        if f is not None and (code := reader_code(f.value)) != f.value:
            fields[key] = replace(f, value=code, printed=f.value)
    size = fields.get("size")
    if size is not None and _SIZE_ANY_CASE.fullmatch(size.value) and size.value != size.value.upper():
        # sheet sizes are capitals (ISO A3, ANSI B); a small letter is a reading of the same size (a lone drawn
        # c and C differ only in height)
        fields["size"] = replace(size, value=size.value.upper(), printed=size.printed or size.value)
    n_fields = len(fields)
    ordered = {k: replace(fields[k], confidence=field_confidence(k, fields[k], n_fields)) for k in FIELD_ORDER if k in fields}
    other = {k: replace(f, confidence=field_confidence("other", f, n_fields)) for k, f in other.items()}
    return TitleBlock(bbox=box_from_frame(direction, area), fields=ordered, other=other, direction=direction)


#: a drawing number printed without a label: capitals in Latin or Cyrillic (ESKD "СМ7.18.00.01"), figures and
#: separators; no decimal, no date, no month/year ("4/2020"), no cut end ("6.04.")
_DWG_NO = re.compile(r"^(?=.*\d)(?=.*[.\-/_])(?!\d+[.,]\d+$)(?!\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$)(?!\d{1,2}/(?:19|20)\d\d$)"
                     r"[A-Z0-9А-ЯЁ][A-Z0-9А-ЯЁ.\-/_]{3,}[A-Z0-9А-ЯЁ]$")
#: a date printed alone in a cell, perhaps with the time of day ("3/3/17 9:29 PM")
_DATE = re.compile(rf"^{_DAY}(?:\s+\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:\s*[AaPp][Mm])?)?$")
#: a weight as a block prints it in its cell: a number, its unit perhaps
_WEIGHT_VALUE = re.compile(r"^\d+(?:[.,]\d+)?(?:\s*(?:kg|g|lb|lbs|LB|LBS|KG))?$")
#: the sheets of a Chinese block, as a phrase: all of them, then this one's number, or the other way round
_SHEETS_PHRASE = re.compile(r"^(?:共\s*(?P<count>\d{1,3})\s*[张页]\s*第\s*(?P<number>\d{1,3})\s*[张页]"
                            r"|第\s*(?P<number2>\d{1,3})\s*[张页]\s*共\s*(?P<count2>\d{1,3})\s*[张页])")
#: a person's name (letters first) followed by a date
_NAME_THEN_DATE = re.compile(rf"^([^\W\d_][^\d]*?[^\W\d_]\.?)\s+({_DAY})$")
#: a date followed by a person's initials in one cell (a DIN block's Datum and Name read as one value)
_DATE_THEN_INITIALS = re.compile(rf"^({_DAY})\s+([A-Z]{{1,3}}\.?)$")
_SIZE = re.compile(r"^(\()?(?P<size>A[0-4]|ANSI [A-E]|[Аа][0-4])(?(1)\))$")  # bare or in parentheses: "(A4)" beside the scale
#: an unlabelled text this many times the labels' height (or more) can be the title (GB/T 10609.1 prints its name cell
#: in 3.5 mm lettering over 2.5-3 mm labels)
_TITLE_SIZE = 1.15
#: a revision printed without its label: one or two capitals or figures
_REVISION_CODE = re.compile(r"^[A-Z0-9]{1,2}$")
#: ASME Y14.1's sheet sizes (A-F, and the roll sizes G, H, J, K)
_ASME_SIZE = re.compile(r"^[A-HJK]$")
#: the approvals' name column in the label vocabulary's languages; over a large value, the part's name
_NAME_LABELS = frozenset(_norm_token(t) for t in NAME_LABELS)
#: a value printed this many times the labels' height under a ``name`` label is a part's name
_NAMED_TITLE = 1.2


#: legal forms of companies that end a company's name, beyond the English and German ones: s.r.o. and a.s. (Czech,
#: Slovak), sp. z o.o. (Polish), S.r.l. and S.p.A. (Italian), S.L. (Spanish), SARL (French), B.V. and N.V. (Dutch),
#: ApS (Danish), Pty Ltd (Australian), K.K. (Japanese); the short undotted ones (AB, Oy, SAS) end too many other
#: words to tell a name by
_LEGAL_FORMS = r"s\.\s?r\.\s?o|a\.\s?s|sp\.\s?z\s?o\.\s?o|s\.\s?r\.\s?l|s\.\s?p\.\s?a|s\.\s?l|sarl|b\.\s?v|n\.\s?v|aps|pty\.?\s?ltd|k\.\s?k"
_COMPANY = re.compile(r"(?i)\b(?:co|ltd|inc|gmbh|llc|corp|ag|kg|s\.?a)\b\.?|公司|有限|\b(?:" + _LEGAL_FORMS + r")\.?$")
#: an institution's name by the word for its kind (university, polytechnic, institute, college, academy, school,
#: faculty in the languages of the label vocabulary; 大学, 学院, 研究所/院): a school's or lab's block prints it where a
#: company's stands
_INSTITUTION = re.compile(r"(?i)\b(?:universit(?:y|ät|at|é|e|à|a|ate|eit|et|atea)|universidad|universidade|uniwersytet|"
                          r"egyetem|politecnico|politechnika|polytechni(?:c|que|kum)|institut(?:e|o)?|istituto|college|"
                          r"(?:fach)?hochschule|academy|akademie|akademia|académie|accademia|école|ecole|escola|escuela|"
                          r"faculty|fakultät|facoltà|facultad|faculdade|faculté|facultatea|facultate)\b|大学|学院|研究所|研究院")
#: a CAD program's name printed in its own template (a logo's lettering, an edition banner): neither the company nor
#: the title ("Solid Edge ST", "SOLIDWORKS Educational Product")
_CAD_PRODUCT = re.compile(r"(?i)^(?:solid\s*edge|solidworks|autocad|autodesk\s+inventor|inventor|catia|creo|fusion\s*360|onshape|"
                          r"freecad|draftsight|spaceclaim|microstation|bricscad|kicad|altium\s+designer|eagle|easyeda)"
                          r"(?:\s+(?:ST\d*|\d{2,4}|educational|student|edition|version|product|professional|premium|[A-Z]{1,3}\d*)){0,3}$")
#: the projection method printed in words ("THIRD ANGLE PROJECTION", "1st angle", "projection européenne")
_PROJECTION = re.compile(r"(?i)^(?:(?:first|third|1st|3rd)[\s-]+angle(?:\s+(?:projection|method))?|(?:european|american)\s+projection"
                         r"|projection\s+(?:européenne|europeenne|américaine|americaine))$")
#: the units stated as a sentence in the block ("DIMENSIONS ARE IN INCHES", "ALL DIMENSIONS IN MM"; Italian "QUOTE IN
#: MILLIMETRI", Spanish "COTAS EN MILÍMETROS", French "COTES EN MILLIMÈTRES")
_UNITS_SENTENCE = re.compile(r"(?i)\b(?:DIMENSIONS\s+(?:ARE\s+)?IN|QUOTE\s+IN|COTAS\s+EN|COTES\s+EN)\s+"
                             r"(INCH(?:ES)?|MILLIMET(?:ER|RE)S|MM|IN|MILLIMETRI|POLLICI|MIL[IÍ]METROS|PULGADAS"
                             r"|MILLIM[EÈ]TRES)\b")
#: a company name by its form: a legal-form suffix at its end (``... Co., Ltd``, ``... GmbH``), no address or link
_COMPANY_NAME = re.compile(r"(?i)^[^/@:]{2,}?\b(?:co\s*\.?\s*,?\s*ltd|ltd|inc|gmbh|llc|corp(?:oration)?|ag|kg|s\.\s?a|co|"
                           + _LEGAL_FORMS + r")\.?$|^[^/@:]{2,}公司$")
#: a Russian legal form before the name (``ООО Вектор``, ``АО Механика``), matched with look-alike letters folded
_RU_LEGAL_FORM = re.compile(r"^(?:OOO|OAO|ЗAO|ПAO|AO|HПO|HПП|HИИ|ФГУП|ГУП|ФГБУ)\s+\S{2,}")


def _company_name(text: str) -> bool:
    """A company's name by its legal form: after it (``Ltd``, ``GmbH``, ``公司``) or, in Russian, before it.

    >>> _company_name("ACME GmbH"), _company_name("ООО Техпром"), _company_name("OOO Техпром"), _company_name("Ось")
    (True, True, True, False)
    """
    return _COMPANY_NAME.match(text) is not None or _RU_LEGAL_FORM.match(text.translate(_LOOKALIKES)) is not None


#: what a value says of itself when its label is in no vocabulary we know
_FORM_KEYS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("date", DATE_FORM),
    ("scale", re.compile(r"^\d+(?:[.,]\d+)?\s*:\s*\d+(?:[.,]\d+)?$")),
    ("size", re.compile(r"^(?:[AaАа][0-4]|ANSI\s*[A-E])$")),
    ("sheet", re.compile(r"^\d{1,3}\s*(?:/|OF|VON|DE)\s*\d{1,3}$", re.IGNORECASE)),
)


_FORM = dict(_FORM_KEYS)


def _structural_block(sheet: SheetLike, blocked: BoxSet, settings: TitleBlockSettings) -> tuple[int, int, list[_Candidate]] | None:
    """A title block found without known label words: ruled cells holding a small text at the top (a label,
    in whatever language) over a larger one (its value). A value whose form says what it is (a date, a
    scale, a sheet size, a sheet x of y, a drawing number) gets that key; any other keeps its printed label
    under ``other``. The cells must cluster into one block with at least ``min_fields`` values of which two
    have a key by form."""
    layout = sheet.layout
    best: tuple[int, int, list[_Candidate]] | None = None
    page_big = max(sheet.width, sheet.height)
    for direction in (0, 90, 270, 180):
        rules = rules_for(sheet, direction)
        if not len(rules.h) or not len(rules.v):
            continue
        by_cell: dict[tuple[float, float, float, float], list[tuple[Any, BBox]]] = {}
        for ln in layout.lines:
            if ln.invisible or round(ln.direction) % 360 != direction or ln.bbox.center in blocked:
                continue
            fb = box_to_frame(direction, ln.bbox)
            cell = cell_around(rules, fb)
            if cell is None or (cell[2] - cell[0]) > 0.5 * page_big or (cell[3] - cell[1]) > 0.15 * page_big:
                continue
            by_cell.setdefault(tuple(round(v, 1) for v in cell), []).append((ln, fb))  # type: ignore[arg-type]
        cands: list[_Candidate] = []
        for cell, lines in by_cell.items():
            if len(lines) < 2:
                continue
            lines.sort(key=lambda t: (t[0].size, t[1].top, t[1].x0))
            (label, lbox), rest = lines[0], sorted(lines[1:], key=lambda t: (t[1].top, t[1].x0))
            first = rest[0][1]
            before = lbox.bottom <= first.center[1] or lbox.x1 <= first.x0 + 0.5 * label.size  # above it, or left of it
            if label.size > 0.85 * min(ln.size for ln, _b in rest) or not before:
                continue  # no small label before the value
            value = " ".join(ln.text for ln, _b in rest)
            named = _match_texts(label.text.split())
            if named is not None and named[1] == len(label.text.split()):
                key: str | None = named[0]  # the printed label names the field, whatever the value looks like
            else:
                key = next((k for k, form in _FORM_KEYS if form.match(value)), None)
                if key is None and _DWG_NO.match(value):
                    key = "drawing_number"
            vbox = BBox.union_all(b for _ln, b in rest)
            cands.append(_Candidate(key=key or "other", label=label.text.rstrip(":"), label_box=lbox, value=value,
                                    value_box=vbox, area=BBox(*cell), how="form" if key else "cell", in_cell=True))
        for cluster in _merge_near(_clusters(cands, settings.touch)):
            keyed = {c.key for c in cluster if c.key != "other"}
            if len(cluster) >= settings.min_fields and len(keyed) >= 2 and (best is None or len(cluster) > best[0]):
                best = (len(cluster), direction, cluster)
    return best


def _ruled_extent(sheet: SheetLike, direction: int, area: BBox) -> BBox:
    """Grow ``area`` along the rules that touch it (not the sheet frame): the whole ruled title block."""
    rules = rules_for(sheet, direction)
    limit_w, limit_h = 0.7 * max(sheet.width, sheet.height), 0.3 * max(sheet.width, sheet.height)
    h = rules.h[(rules.h[:, 2] - rules.h[:, 1]) < limit_w] if len(rules.h) else rules.h
    v = rules.v[(rules.v[:, 2] - rules.v[:, 1]) < limit_h] if len(rules.v) else rules.v
    for _ in range(4):
        grown = area
        if len(h):
            touch = (h[:, 0] >= area.top - 1) & (h[:, 0] <= area.bottom + 1) & (h[:, 2] >= area.x0 - 1) & (h[:, 1] <= area.x1 + 1)
            if touch.any():
                grown = grown.union(BBox(float(h[touch, 1].min()), area.top, float(h[touch, 2].max()), area.bottom))
        if len(v):
            touch = (v[:, 0] >= area.x0 - 1) & (v[:, 0] <= area.x1 + 1) & (v[:, 2] >= area.top - 1) & (v[:, 1] <= area.bottom + 1)
            if touch.any():
                grown = grown.union(BBox(area.x0, float(v[touch, 1].min()), area.x1, float(v[touch, 2].max())))
        if grown == area:
            break
        area = grown
    return area


def _infer_unlabelled(sheet: SheetLike, direction: int, cluster: list[_Candidate], area: BBox, fields: dict[str, Field],
                      blocked: BoxSet) -> None:
    """Fields some title blocks print without a label (GOST/ISO number and title cells, an AutoCAD date cell).

    Only texts in and right around the labelled block that are no label or value already; a drawing
    number needs digits and separators and no lower case, a title is the largest other text. The
    ``label`` of an inferred field is empty.
    """
    size = sorted(c.label_box.height for c in cluster)[len(cluster) // 2]
    area = _ruled_extent(sheet, direction, area)
    reach = area.expand(3.0 * size)
    used: set[int] = set()
    for c in cluster:
        for b in (c.label_box, c.value_box):
            if b is not None:
                used.add(hash((round(b.x0), round(b.top))))
    layout = sheet.layout
    pieces = _cell_pieces(sheet, direction, layout.lines)
    if "sheet_number" not in fields:
        framed = [(ln, box_to_frame(direction, ln.bbox)) for ln in pieces]
        fields.update(_sheets_phrase(direction, [(ln, fb) for ln, fb in framed if area.contains_point(fb.center)]))
    lines = []
    # (a value found outside its label's cell and line, farther than FAR_VALUE label heights from it, that no field
    # took is no value: the empty sheet-number cell of a one-sheet ESKD drawing reached down for the organisation's
    # name two rows under it)
    kept = [f.bbox for f in fields.values()]

    def claimed(c: _Candidate, ln: Any, fb: BBox) -> bool:
        """Whether candidate ``c`` holds the text piece as its label or its value."""
        if c.label_box.contains_point(fb.center):
            return True
        if c.value_box is None or not c.value_box.intersects(fb):
            return False
        near = c.how in ("cell", "inline", "right") or _box_gap(c.label_box, c.value_box) <= FAR_VALUE * c.label_box.height
        return near or any(k.intersects(ln.bbox) for k in kept)

    for ln in pieces:
        fb = box_to_frame(direction, ln.bbox)
        if not reach.contains_point(fb.center) or ln.bbox.center in blocked:
            continue
        if any(claimed(c, ln, fb) for c in cluster):
            continue
        if _match_label([sheet.word(w) for w in ln.word_ids]) is not None:
            continue
        lines.append((ln, fb))
    taken: set[int] = set()

    def put(key: str, ln: Any, fb: BBox, value: str | None = None) -> None:
        box = box_from_frame(direction, fb)
        fields[key] = Field(value=ln.text if value is None else value, label="", bbox=box, label_bbox=box, evidence="form")
        taken.add(ln.id)

    rules = rules_for(sheet, direction)
    tol = max(1.0, 0.5 * size)
    # the ruled cells of labels whose values stand in the next cell of their row (Title | name, Date | date): a column
    # of label cells. A text right of another word in that column is the value of a label we do not know (Espressif's
    # "Task | HWD-61" between "Title" and "Date"), neither an unlabelled drawing number nor a title
    label_cells = [c for c in (cell_around(rules, k.label_box) for k in cluster if k.how == "right") if c is not None]

    def unknown_labels_value(fb: BBox) -> bool:
        cell = cell_around(rules, fb)
        if cell is None or not label_cells:
            return False
        left = cell_around(rules, BBox(cell[0] - 2.0, cell[1] + 1.0, cell[0] - 1.0, cell[3] - 1.0))
        if left is None or abs(left[3] - left[1] - (cell[3] - cell[1])) > tol:
            return False
        if not any(abs(left[0] - lc[0]) <= tol and abs(left[2] - lc[2]) <= tol for lc in label_cells):
            return False
        words = [o for o, ob in lines if BBox(*left).contains_point(ob.center)]
        return len(words) == 1 and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)?:?", words[0].text.strip()) is not None

    biggest = max((ln.size for ln, _fb in lines), default=0.0)  # a material is no title, the block's largest text
    for ln, fb in sorted(lines, key=lambda t: -t[0].size):
        if "drawing_number" not in fields and area.contains_point(fb.center) and not unknown_labels_value(fb) and (
                (_DWG_NO.match(ln.text) and ln.size >= size)
                or (_SHEET_CODE.match(ln.text.strip()) and ln.size >= _SHEET_CODE_SIZE * size and ln.size >= biggest)):
            # (inside the ruled block: a part's name on the sheet beside it is no number; an architectural sheet's code,
            # A101, set as the block's largest text, is its number)
            put("drawing_number", ln, fb)
        elif "date" not in fields and _DATE.match(ln.text) and area.contains_point(fb.center):
            put("date", ln, fb)
        elif "size" not in fields and (m := _SIZE.match(ln.text)) and area.contains_point(fb.center):
            put("size", ln, fb, m.group("size"))
        elif "units" not in fields and (m := _UNITS_SENTENCE.search(ln.text)) and area.contains_point(fb.center):
            put("units", ln, fb, m.group(1))
        elif "projection" not in fields and _PROJECTION.match(ln.text.strip()) and area.contains_point(fb.center):
            put("projection", ln, fb, _projection_words(sheet, direction, ln, fb))
        elif "company" not in fields and (_company_name(ln.text) or _institution(ln.text)) \
                and area.contains_point(fb.center) and len(ln.text) <= 80:
            # (an institution's name set in two lines: "POLITECNICO DI" over "BARI"; or its cell, a logo of a few
            # names alone: "UTN" over "FRCH" over "FACULTAD REGIONAL CHUBUT")
            more = (_logo_cell_names(sheet, direction, ln, fb, lines, area) if _institution(ln.text) else []) or \
                [(o, ob) for o, ob in lines if o.id != ln.id and _second_name_line(ln, fb, o, ob)][:1]
            group = sorted([(ln, fb), *more], key=lambda t: (t[1].top, t[1].x0))
            put("company", ln, fb, " ".join(o.text for o, _ob in group))
            taken.update(o.id for o, _ob in more)
        elif "scale" not in fields and _FORM["scale"].match(ln.text) and area.contains_point(fb.center):
            put("scale", ln, fb)
        elif "material" not in fields and _material_name(ln.text) and ln.size < 0.9 * biggest and len(ln.text) <= 60 \
                and (cell_text := _cell_value(sheet, direction, ln, fb, area, size)) is not None:
            put("material", ln, fb, cell_text)
        elif "sheet_number" not in fields and _FORM["sheet"].match(sheet_text := _read_sheet_of(sheet, ln)) \
                and area.contains_point(fb.center):
            number, count = parse_sheet(sheet_text)
            if number is not None:
                put("sheet_number", ln, fb, number)
                if count is not None and "sheet_count" not in fields:
                    put("sheet_count", ln, fb, count)
    # the drawing number's ruled cell, and the cells of its row (ASME Y14.1's SIZE | FSCM | DWG NO | REV) below
    dwg_field = fields.get("drawing_number")
    dwg = cell_around(rules, box_to_frame(direction, dwg_field.bbox)) if dwg_field is not None else None

    def alone(ln: Any, cell: tuple[float, float, float, float]) -> bool:
        return not any(o.id != ln.id and BBox(*cell).contains_point(ob.center) for o, ob in lines)

    if dwg is not None and "revision" not in fields:
        # an ASME Y14.1 row without labels (SIZE | FSCM | DWG NO | REV): a short code alone in the cell right after
        # the drawing number's, in the same row, is its revision
        for ln, fb in lines:
            code = ln.text.strip()
            if ln.id in taken or not _REVISION_CODE.match(code) or _SIZE.match(code):
                continue
            cell = cell_around(rules, fb)
            if cell is not None and abs(cell[0] - dwg[2]) <= tol and abs(cell[1] - dwg[1]) <= tol and abs(cell[3] - dwg[3]) <= tol \
                    and alone(ln, cell):
                put("revision", ln, fb, code)
                break
    if dwg is not None and "size" not in fields:
        # the same row's first cell: ASME Y14.1's sheet size, one letter of its series alone in a cell before the
        # drawing number's (the FSCM/CAGE code's cell may stand between), as tall as that cell
        for ln, fb in lines:
            if ln.id in taken or not _ASME_SIZE.match(ln.text.strip()):
                continue
            cell = cell_around(rules, fb)
            if cell is not None and cell[2] <= dwg[0] + tol and abs(cell[1] - dwg[1]) <= tol and abs(cell[3] - dwg[3]) <= tol \
                    and alone(ln, cell) \
                    and not any(o.id != ln.id and o.id not in taken and cell[2] - tol <= ob.center[0] <= dwg[0] + tol
                                and dwg[1] <= ob.center[1] <= dwg[3] for o, ob in lines):
                put("size", ln, fb, ln.text.strip())
                break
    scale_f, sheet_f = fields.get("scale"), fields.get("sheet_number")
    if dwg is not None and "weight" not in fields and scale_f is not None and sheet_f is not None:
        # ASME Y14.1's row under the drawing number's: SCALE | WEIGHT | SHEET. A number alone in the cell between the
        # scale's and the sheet's, in that row, is the weight (FreeCAD's ANSI blocks print the row without labels)
        sc = cell_around(rules, box_to_frame(direction, scale_f.bbox))
        sh = cell_around(rules, box_to_frame(direction, sheet_f.bbox))
        if sc is not None and sh is not None and abs(sc[1] - sh[1]) <= tol and abs(sc[3] - sh[3]) <= tol \
                and sc[1] >= dwg[3] - tol and sc[2] <= sh[0] + tol:
            for ln, fb in lines:
                if ln.id in taken or not _WEIGHT_VALUE.match(ln.text.strip()):
                    continue
                cell = cell_around(rules, fb)
                if cell is not None and cell[0] >= sc[2] - tol and cell[2] <= sh[0] + tol and abs(cell[1] - sc[1]) <= tol \
                        and abs(cell[3] - sc[3]) <= tol and alone(ln, cell):
                    put("weight", ln, fb, ln.text.strip())
                    break

    def owned_cells() -> list[BBox]:
        """The ruled cells of the material and company read here: what else they hold is theirs (a stock's
        thickness under its material, a logo's lettering), never the title."""
        rules = rules_for(sheet, direction)
        out = []
        for key in ("material", "company"):
            f = fields.get(key)
            if f is not None and (c := cell_around(rules, box_to_frame(direction, f.bbox))) is not None:
                out.append(BBox(*c))
        return out

    def pick_title() -> list[tuple[Any, BBox]]:
        """Of the unlabelled lines left, the largest (the longest of those): the title, with a second line under it."""
        owned = owned_cells()
        rest = [(ln, fb) for ln, fb in lines if ln.id not in taken and sum(ch.isalpha() for ch in ln.text) >= 3
                and not any(c.contains_point(fb.center) for c in owned)
                and ln.size >= _TITLE_SIZE * size and area.contains_point(fb.center) and not _COMPANY.search(ln.text)
                and not _INSTITUTION.search(ln.text) and not _NUMBERING.match(ln.text) and not _CAD_PRODUCT.match(ln.text.strip())
                and not _QUANTITY.match(ln.text.strip()) and not unknown_labels_value(fb)]
        if not rest:
            return []
        biggest = max(ln.size for ln, _fb in rest)
        top = sorted((t for t in rest if t[0].size >= 0.95 * biggest), key=lambda t: (t[1].top, t[1].x0))
        first = max(top, key=lambda t: len(t[0].text))  # of the biggest texts, the longest ("As-Built" is a status)
        # a title over two lines: the next line of the same size right under it, same cell column
        group = [first]
        for ln, fb in sorted(rest, key=lambda t: t[1].top):
            last = group[-1][1]
            if ln.id != first[0].id and ln.size >= 0.85 * first[0].size and 0 <= fb.top - last.bottom <= 1.0 * ln.size \
                    and abs(fb.center[0] - last.center[0]) < 4 * ln.size:
                group.append((ln, fb))
        taken.update(ln.id for ln, _fb in group)
        return group

    def typeset(group: list[tuple[Any, BBox]], evidence: str) -> Field:
        box = box_from_frame(direction, BBox.union_all(fb for _ln, fb in group))
        return Field(value=" ".join(ln.text for ln, _fb in group), label="", evidence=evidence, bbox=box, label_bbox=box)

    title_group: list[tuple[Any, BBox]] = []
    if "title" not in fields and (title_group := pick_title()):
        fields["title"] = typeset(title_group, "typography")
    if "company" not in fields:
        rest = [(ln, fb) for ln, fb in lines if ln.id not in taken]
        title = fields.get("title")
        found = _company_cell(sheet, direction, rest, area, size, None if title is None else box_to_frame(direction, title.bbox))
        if found is None and (heavy := _emphasised_company(sheet, direction, rest, area)) is not None:
            found = (heavy[0].text, heavy[1], "emphasis")
        persons = {_folded_name(f.value) for k, f in fields.items() if k in ("drawn_by", "checked_by", "approved_by")}
        if found is not None and _folded_name(found[0]) in persons:
            found = None  # the drafter's name again (over the approvals grid, in another case): a person, no company
        if found is not None:
            text, fb, how = found
            box = box_from_frame(direction, fb)
            fields["company"] = Field(value=text, label="", bbox=box, label_bbox=box, evidence=how)
            if len(title_group) == 1 and title_group[0][0].text.startswith(f"{text} "):
                # the "title" is the company's name written out ("ibk" over the logo, "ibk IngenieurConsult"
                # beside it): the company, and the title is the next largest text
                fields["company"] = replace(typeset(title_group, how), value=title_group[0][0].text)
                del fields["title"]
                if again := pick_title():
                    fields["title"] = typeset(again, "typography")


#: a count of pieces ("1pcs", "2 PCS", "4 Stk."): a quantity cell's value, never a title
_QUANTITY = re.compile(r"(?i)^\d+\s*(?:pcs?|pieces?|stk|st|off|ea|x)\.?$")


def _same_row(a: BBox, b: BBox, share: float) -> bool:
    """Whether two boxes (in the reading frame) overlap across the line by ``share`` of the lower one's height."""
    return min(a.bottom, b.bottom) - max(a.top, b.top) >= share * min(a.height, b.height)


def _sheets_phrase(direction: int, pieces: list[tuple[Any, BBox]]) -> dict[str, Field]:
    """The sheet count and number of a Chinese block, printed as a phrase round two blanks (``共 3 张 第 2 张``:
    3 sheets in all, the 2nd; or the number first), from the block's text pieces (with their frame boxes): the
    texts from a ``共`` or ``第`` along its row, joined."""
    for ln, fb in pieces:
        if not ln.text.startswith(("共", "第")):
            continue
        size = fb.height
        row = sorted(((o, ob) for o, ob in pieces if _same_row(ob, fb, 0.5) and fb.x0 - 0.5 * size <= ob.x0 <= fb.x0 + 40 * size),
                     key=lambda t: t[1].x0)
        if m := _SHEETS_PHRASE.match(" ".join(o.text for o, _ob in row)):
            box = box_from_frame(direction, BBox.union_all([ob for _o, ob in row]))
            lbox = box_from_frame(direction, fb)
            return {"sheet_count": Field(value=m.group("count") or m.group("count2"), label=ln.text[:1], bbox=box,
                                         label_bbox=lbox, evidence="form"),
                    "sheet_number": Field(value=m.group("number") or m.group("number2"), label=ln.text[:1], bbox=box,
                                          label_bbox=lbox, evidence="form")}
    return {}


def _logo_cell_names(sheet: SheetLike, direction: int, ln: Any, fb: BBox, lines: list[tuple[Any, BBox]],
                     area: BBox) -> list[tuple[Any, BBox]]:
    """The other lines of an institution's ruled cell when the cell holds nothing but its name, set in a few
    lines (four at most, each a name of letters, none a label and none taken by a field): a logo's lettering
    (``UTN`` over ``FRCH`` over ``FACULTAD REGIONAL CHUBUT``). Empty when the cell holds anything else."""
    cell = cell_around(rules_for(sheet, direction), fb)
    if cell is None:
        return []
    cb = BBox(*cell)
    if not area.expand(1.0).contains(cb):
        return []  # not a cell of the block
    mates = [(o, ob) for o, ob in lines if o.id != ln.id and cb.contains_point(ob.center)]
    inside = [o for o in sheet.layout.lines if not o.invisible and cb.contains_point(box_to_frame(direction, o.bbox).center)]
    if not mates or len(inside) != len(mates) + 1 or len(inside) > 4:
        return []  # a label or a taken value in the cell, or a cell of many lines
    if not all(_NAME_LIKE.match(o.text.strip()) and len(o.text.split()) <= 4 and not any(ch.isdigit() for ch in o.text)
               for o, _ob in mates):
        return []
    if any(ob.bottom <= fb.top + 0.1 and o.size < 0.9 * ln.size for o, ob in mates):
        return []  # a smaller line over the name: a label the vocabulary does not know ("Legal owner"), not lettering
    return mates


def _institution(text: str) -> bool:
    """An institution's name: a word for its kind (:data:`_INSTITUTION`) and a name beside it, two letters at least
    (``UNIVERSITET`` alone is a piece of a logo's lettering, ``Aalborg Universitet`` a name).

    >>> _institution("POLITECNICO DI BARI"), _institution("北京化工大学"), _institution("UNIVERSITET"), _institution("Bracket")
    (True, True, False, False)
    """
    m = _INSTITUTION.search(text)
    return m is not None and sum(ch.isalpha() for ch in text[:m.start()] + text[m.end():]) >= 2


def _cell_pieces(sheet: SheetLike, direction: int, lines: Sequence[Line]) -> list[Line]:
    """The visible lines of one direction, each cut where a vertical rule stands between two of its words: text
    in two ruled cells is two values (``(A4)`` at the end of the scale cell is no part of ``Approved by: ****``
    the line runs on into). A cut line's pieces get new negative ids."""
    rules = rules_for(sheet, direction)
    out: list[Line] = []
    for ln in lines:
        if ln.invisible or round(ln.direction) % 360 != direction:
            continue
        if len(ln.word_ids) < 2 or not len(rules.v):
            out.append(ln)
            continue
        items = sorted(((w, box_to_frame(direction, w.bbox)) for w in map(sheet.word, ln.word_ids)), key=lambda wb: wb[1].x0)
        segs = _segments(rules, items)
        if len(segs) == 1:
            out.append(ln)
            continue
        for k, seg in enumerate(segs):
            ws = [w for w, _b in seg]
            out.append(Line(id=-(ln.id * 64 + k + 1), text=" ".join(w.text for w in ws), word_ids=tuple(w.id for w in ws),
                            glyph_ids=tuple(g for w in ws for g in w.glyph_ids), bbox=BBox.union_all(w.bbox for w in ws),
                            direction=ln.direction, size=max(w.size for w in ws), invisible=False))
    return out


#: a material by the form of its designation (EN 10027 steel names ``S235JR``, ``C45E``, ``42CrMo4``,
#: ``X5CrNi18-10``; AISI/SAE numbers; aluminium alloys ``6061-T6``, ``EN AW-6082``, ``AlMg3``) or by its kind
#: (steel, aluminium, brass, the common engineering polymers)
_MATERIAL = re.compile(
    r"(?i)\b(?:steel|stainless|alumin(?:i)?um|brass|bronze|copper|titanium|cast iron|polyamide|polycarbonate|"
    r"acetal|nylon|abs|pla|petg|pom|peek|ptfe|pmma|fr-?4)\b"
    r"|\b[SE]\d{3}[A-Z]{1,2}\d?\b|\bC\d{2}E?\b|\b\d{1,3}(?:Cr|Mo|Mn|Ni|Si|V|Al|B){1,3}\d{1,2}(?:-\d{1,2})*\b"
    r"|\bX\d{1,3}(?:Cr|Ni|Mo|Ti|Mn|N|Si){1,4}\d{1,2}(?:-\d{1,2})*\b|\b(?:AISI|SAE)\s*\d{3,4}L?\b"
    r"|\b[1-7]\d{3}-T\d{1,4}\b|\bEN\s*AW-?\s?\d{4}\b|\bAl(?:Mg|Si|Cu|Zn|Mn)\w*\d\b")

#: Russian names of materials (steel, aluminium, brass, bronze, cast iron, copper, titanium, polyamide and the
#: plastics ESKD parts are made of), matched on the text with look-alike capitals folded, then lowered
_MATERIAL_RU = re.compile("|".join(re.escape(w.upper().translate(_LOOKALIKES).lower()) for w in (
    "сталь", "алюмини", "латун", "бронз", "чугун", "медь", "титан", "полиамид", "капролон", "фторопласт",
    "текстолит", "стеклотекстолит", "оргстекло")))


def _material_name(text: str) -> bool:
    """A material by its name or grade.

    >>> _material_name("Сталь 20 ГОСТ 1050-2013"), _material_name("CTAЛЬ 45"), _material_name("S235JR"), _material_name("Крышка")
    (True, True, True, False)
    """
    return _MATERIAL.search(text) is not None or _MATERIAL_RU.search(text.upper().translate(_LOOKALIKES).lower()) is not None


def _cell_value(sheet: SheetLike, direction: int, ln: Any, fb: BBox, area: BBox, size: float, lines: int = 3) -> str | None:
    """The text of the line's ruled cell, a cell of the block, when it is one value printed without a label: the
    line alone, or with at most ``lines`` lines in all of about its size stacked over each other at the type's
    line spacing (an ESKD material cell: ``Стеклотекстолит фольгированный`` over ``FR-4 ГОСТ 26246.5-89``), read
    top to bottom."""
    cell = cell_around(rules_for(sheet, direction), fb)
    if cell is None:
        return None
    cb = BBox(*cell)
    tol = max(1.0, 0.5 * size)
    if cb.x0 < area.x0 - tol or cb.x1 > area.x1 + tol or cb.top < area.top - tol or cb.bottom > area.bottom + tol:
        return None
    inside = [(o, ob) for o in sheet.layout.lines if not o.invisible
              and cb.contains_point((ob := box_to_frame(direction, o.bbox)).center)]
    if not any(o.id == ln.id for o, _b in inside):
        inside.append((ln, fb))
    if len(inside) > lines or any(abs(o.size - ln.size) > 0.15 * ln.size or b.x1 < fb.x0 or b.x0 > fb.x1 for o, b in inside):
        return None
    inside.sort(key=lambda t: t[1].top)
    # the lines of one value follow each other at the type's line spacing (a note under a value stands apart)
    if any(b.top - a.top > 1.4 * ln.size for (_o, a), (_p, b) in zip(inside, inside[1:])):
        return None
    return " ".join(o.text for o, _b in inside)


#: a name: three letters or more, no label colon, no path, link or formula characters, at most 50 characters
_NAME_LIKE = re.compile(r"^(?=(?:.*[^\W\d_]){3})[^:_\\/@|=<>]{3,50}$")
#: a document status printed where a company could stand (an ASME block's top cell holding "As-Built")
_STATUS = re.compile(r"(?i)^(?:as[- ]?built|preliminary|draft|released|obsolete|superseded|approved|confidential|"
                     r"proprietary|(?:not )?for (?:review|construction|information|approval|production)|void|"
                     # (the heading of an ASME tolerance block, first in its top-row cell: ``UNLESS OTHERWISE SPECIFIED``)
                     r"unless\s+otherwise\s+(?:specified|specifed|stated|noted)\s*:?)$")


def _company_like(text: str) -> bool:
    """A name: letters, a few words, no value of another field's form, no document status, no table column's
    header word (``QTY`` over an empty cell of the block's parts row).

    >>> _company_like("NORTHWIND MACHINE WORKS"), _company_like("QTY"), _company_like("Part Number")
    (True, False, False)
    >>> _company_like("UNLESS OTHERWISE SPECIFIED")
    False
    """
    t = text.strip()
    if re.match(r"^\d+\s*,?\s+[^\W\d_]", t) or _CAD_PRODUCT.match(t) or header_key(t) is not None:
        return False  # a house number before a street ("40, montée Saint-Barthélémy"): an address; a CAD program
    # (a character left unread in it: no name told by its place alone, ``S[GNA�URES`` of a column's header)
    return bool(_NAME_LIKE.match(t)) and len(t.split()) <= 6 and not _STATUS.match(t) and not _DWG_NO.match(text) \
        and REPLACEMENT_CHARACTER not in t \
        and not _DATE.match(text) and not any(form.match(text) for _k, form in _FORM_KEYS) \
        and sum(ch.isdigit() for ch in text) * 2 <= sum(ch.isalpha() for ch in text)


_HEAVY = re.compile(r"(?i)bold|black|heavy|demi|semibold")


def _heavy(sheet: SheetLike, ln: Any) -> bool:
    """Every character of the line set in a bold (black, heavy, demi) font."""
    fonts = sheet.root.fonts  # the document's fonts, kept on the page itself
    names = [fonts[g.font].name if g.font in fonts else "" for g in map(sheet.glyph, ln.glyph_ids) if g.text.strip()]
    return bool(names) and all(_HEAVY.search(n) for n in names)


def _emphasised_company(sheet: SheetLike, direction: int, lines: list[tuple[Any, BBox]], area: BBox) -> tuple[Any, BBox] | None:
    """The company printed without a label among other unlabelled lines of its cell (notes, a licence, a web
    address over it: KiCad's top cell), set apart by weight: the one name-like line of the block in a bold
    font, in a ruled cell of the block whose other lines are not bold. ``None`` when no line, or more than
    one, is so set apart."""
    rules = rules_for(sheet, direction)
    found = []
    for ln, fb in lines:
        if not area.contains_point(fb.center) or not _company_like(ln.text) or not _heavy(sheet, ln):
            continue
        cell = cell_around(rules, fb)
        if cell is None:
            continue
        cb = BBox(*cell)
        mates = [o for o in sheet.layout.lines if o.id != ln.id and not o.invisible and round(o.direction) % 360 == direction
                 and cb.contains_point(box_to_frame(direction, o.bbox).center)]
        if mates and not any(_heavy(sheet, o) for o in mates):
            found.append((ln, fb))
    return found[0] if len(found) == 1 else None


def _company_cell(sheet: SheetLike, direction: int, lines: list[tuple[Any, BBox]], area: BBox,
                  size: float, title: BBox | None = None) -> tuple[str, BBox, str] | None:
    """The company printed without a label: a name (letters, a few words, no value of another field's form)
    that is the first line of its own ruled cell in the block (at most two lines under it), no smaller than
    the cell's other text (a small unknown label over its value is no company), in the block's top row of
    cells or in the cell right above the title's cell and as wide (ASME Y14.1's name cell; both
    ``cell_top``), or beside a logo image in the same cell (``logo``). Document statuses ("As-Built", "Preliminary") are no company.
    Of several, a logo's first, then the largest, then the topmost. A cell of two name-like lines in one size and
    one alignment, the second right under the first, is one name in two lines (``COLLEGE OF ENGINEERING`` over
    ``UNIVERSITY OF NORTH DAKOTA``). Returns the name, its box and the evidence."""
    names = [(ln, fb) for ln, fb in lines if _company_like(ln.text)]
    if not names:
        return None
    rules = rules_for(sheet, direction)
    others = [(o, box_to_frame(direction, o.bbox)) for o in sheet.layout.lines
              if not o.invisible and round(o.direction) % 360 == direction and area.expand(size).intersects(box_to_frame(direction, o.bbox))]
    images = [box_to_frame(direction, im.bbox) for im in sheet.images]
    best: tuple[tuple[bool, float, float], str, BBox, str] | None = None
    tol = max(1.0, 0.5 * size)
    title_cell = None if title is None or (tc := cell_around(rules, title)) is None else BBox(*tc)
    for ln, fb in names:
        cell = cell_around(rules, fb)
        if cell is None:
            continue
        cb = BBox(*cell)
        if cb.x0 < area.x0 - tol or cb.x1 > area.x1 + tol or cb.top < area.top - tol or cb.bottom > area.bottom + tol:
            continue  # a cell of the block, not a view or the frame round it
        mates = [(o, ob) for o, ob in others if o.id != ln.id and cb.contains_point(ob.center)]
        if len(mates) > 2 or any(ob.center[1] < fb.top for _o, ob in mates) or any(o.size > 1.15 * ln.size for o, _ob in mates):
            continue  # a cell of many lines (notes, a view), not the first line of its cell, or smaller than its other text
        if mates and _CONTINUED.search(ln.text):
            continue  # a line that stops mid-phrase goes on below it: a note wrapped in its cell (DEBURR AND / BREAK ...)
        logo = any(cb.contains_point(ib.center) and ib.width < 0.9 * cb.width for ib in images)
        # (a cell as tall as the block between other cells is the block's middle, where a strip prints its title)
        top_row = cb.top <= area.top + tol and (cb.bottom < area.bottom - tol or cb.x0 <= area.x0 + tol or cb.x1 >= area.x1 - tol)
        if not (logo or top_row or (title_cell is not None and _stacked_on(cb, title_cell, tol))):
            continue
        rank = (logo, round(ln.size, 1), -fb.top)
        if best is None or rank > best[0]:
            text, box = ln.text, fb
            if len(mates) == 1 and _second_name_line(ln, fb, *mates[0]):
                text, box = f"{ln.text} {mates[0][0].text}", BBox.union_all((fb, mates[0][1]))
            best = (rank, text, box, "logo" if logo else "cell_top")
    return None if best is None else (best[1], best[2], best[3])


def _headline_value(sheet: SheetLike, direction: int, other: dict[str, Field], area: BBox) -> str | None:
    """The label (of no field) whose value is the block's headline: set larger than every other line of the
    block, by a quarter at least (``Project:`` over ``WULPUS High-voltage MUX PCB`` in a block with no title
    label). A block with no title names its drawing in its largest text."""
    sizes: list[tuple[float, str | None]] = []
    values = {key: f.bbox for key, f in other.items() if sum(ch.isalpha() for ch in f.value) >= 3}
    for ln in sheet.layout.lines:
        if ln.invisible or round(ln.direction) % 360 != direction:
            continue
        fb = box_to_frame(direction, ln.bbox)
        if not area.contains_point(fb.center):
            continue
        owner = next((key for key, b in values.items() if b.contains_point(ln.bbox.center)), None)
        sizes.append((ln.size, owner))
    if not sizes:
        return None
    top_size, owner = max(sizes, key=lambda t: t[0])
    if owner is None or any(sz > top_size / 1.25 for sz, o in sizes if o != owner):
        return None
    return owner


def _stacked_on(cell: BBox, below: BBox, tol: float) -> bool:
    """Whether ruled ``cell`` sits right on top of cell ``below``, with the same left and right edges.

    >>> _stacked_on(BBox(10, 0, 90, 20), BBox(10, 20, 90, 60), 1.0), _stacked_on(BBox(10, 0, 50, 20), BBox(10, 20, 90, 60), 1.0)
    (True, False)
    """
    return abs(cell.bottom - below.top) <= tol and abs(cell.x0 - below.x0) <= tol and abs(cell.x1 - below.x1) <= tol


def _second_name_line(ln: Any, fb: BBox, other: Any, ob: BBox) -> bool:
    """Whether line ``other`` continues name ``ln`` of the same cell: name-like, in the same size (within 5 %),
    right under it (its top less than a line's height below) and aligned with it (centres or left edges within
    a line's height)."""
    h = fb.height
    return (_company_like(other.text) and abs(other.size - ln.size) <= 0.05 * ln.size and 0 <= ob.top - fb.bottom < h
            and (abs(ob.center[0] - fb.center[0]) < h or abs(ob.x0 - fb.x0) < h))


#: a line ending in a word that joins it to the next (and, or, of, with, for, to, the; und, oder; et, de) or in
#: a joining sign: the first line of a wrapped phrase, no name
_CONTINUED = re.compile(r"(?i)(?:\b(?:and|or|of|with|for|to|the|und|oder|et|ou|de)|[&,+-])\s*$")


@analyzer("title_block", requires={"words", "paths", "tables"}, assigns={"title_block"}, settings=TitleBlockSettings)
def title_block_analyzer(sheet: Sheet, settings: TitleBlockSettings) -> TitleBlock | None:
    """The title block: drawing number, revision, title, sheet x of y and the other labelled fields (each
    field's confidence lowered where its value was read back from drawn shapes, and to a third where it holds
    a character that could not be read, U+FFFD)."""
    tb = find_title_block(sheet, settings, sheet.results.get("tables", ()))
    if tb is None:
        return None

    def lowered(key: str, f: Field) -> Field:
        if REPLACEMENT_CHARACTER in f.value:  # a character that could not be read: the value is incomplete
            f = replace(f, confidence=clamp(f.confidence * recovery_factor(0.0)))
        factor = drawn_text_factor_in(sheet, f.bbox)
        if factor == 1.0:
            return f
        if factor == READ_BACK_FACTOR and key in _CODE_FIELDS and (digits := digit_lookalikes(f.value)) != f.value:
            f = replace(f, value=digits, printed=f.printed or f.value)
        return replace(f, confidence=clamp(f.confidence * factor))

    return replace(tb, fields={k: lowered(k, f) for k, f in tb.fields.items()}, other={k: lowered("other", f) for k, f in tb.other.items()})


def _sheet_projection(sheet: SheetLike) -> Field | None:
    """The projection method stated in words anywhere on the sheet (``THIRD ANGLE PROJECTION`` printed over
    the views, outside the block): a statement about the whole sheet, taken when the sheet states one method
    only (every such line says the same)."""
    found = [ln for ln in sheet.layout.lines if not ln.invisible and _PROJECTION.match(ln.text.strip())]
    if not found or len({_projection_method(ln.text) for ln in found}) != 1:
        return None
    ln = found[0]
    direction = round(ln.direction) % 360
    value = _projection_words(sheet, direction, ln, box_to_frame(direction, ln.bbox))
    return Field(value=value, label="", bbox=ln.bbox, label_bbox=ln.bbox, evidence="sheet")


def _projection_method(text: str) -> str:
    """``first`` or ``third``: the method a projection statement names.

    >>> [_projection_method(t) for t in ("THIRD ANGLE PROJECTION", "1st angle", "projection européenne")]
    ['third', 'first', 'first']
    """
    low = text.lower()
    return "third" if re.search(r"third|3rd|americ", low) else "first"


def _projection_words(sheet: SheetLike, direction: int, ln: Any, fb: BBox) -> str:
    """``THIRD ANGLE`` with the word ``PROJECTION`` printed on the line under it (or over it) read as one value."""
    text = str(ln.text).strip()
    if "projection" in text.lower():
        return text
    for other in sheet.layout.lines:
        if other.text.strip().lower() != "projection" or other.invisible or round(other.direction) % 360 != direction:
            continue
        ob = box_to_frame(direction, other.bbox)
        if ob.x0 >= fb.x1 or ob.x1 <= fb.x0:
            continue
        if 0 <= ob.top - fb.bottom <= 0.8 * ln.size:
            return f"{text} {other.text.strip()}"
        if 0 <= fb.top - ob.bottom <= 0.8 * ln.size:
            return f"{other.text.strip()} {text}"
    return text


def _read_sheet_of(sheet: SheetLike, ln: Any) -> str:
    """A line's text, with the count of a "1 of 1" read from drawn shapes taken as digits ("1ofl" -> "1of1")."""
    m = _SHEET_OF_READ.match(ln.text)
    if m is None or drawn_text_factor(sheet, ln.glyph_ids) != READ_BACK_FACTOR:
        return str(ln.text)
    return m.group(1) + m.group(2).translate(_DIGITS_OF)


_SHEET_OF_READ = re.compile(r"^(\d{1,3}\s*(?:of|OF|Of)\s*)([\dlIO|]{1,3})$")
#: letters a shape reader confuses with digits
_DIGIT_LOOKALIKES = {"O": "0", "o": "0", "l": "1", "I": "1", "|": "1"}
_DIGITS_OF = str.maketrans(_DIGIT_LOOKALIKES)


def digit_lookalikes(code: str) -> str:
    """A code read from drawn shapes with a letter that touches a digit and no other letter taken for that
    digit: ``AF-O093`` -> ``AF-0093``, ``1l`` -> ``11``; ``AF-OPT1`` and ``IO-12`` are left as they are (a
    letter beside the look-alike makes it a letter).

    >>> digit_lookalikes("AF-O093"), digit_lookalikes("AF-OPT1"), digit_lookalikes("2O"), digit_lookalikes("IO-12")
    ('AF-0093', 'AF-OPT1', '20', 'IO-12')
    """
    out = list(code)
    for i, ch in enumerate(code):
        if ch not in _DIGIT_LOOKALIKES:
            continue
        prev, nxt = code[i - 1] if i else "", code[i + 1] if i + 1 < len(code) else ""
        if (prev.isdigit() or nxt.isdigit()) and not prev.isalpha() and not nxt.isalpha():
            out[i] = _DIGIT_LOOKALIKES[ch]
    return "".join(out)



def title_block_rows(tb: TitleBlock | None) -> list[dict[str, Any]]:
    """One record per field: ``key`` (a DESIGN §6 key, or the printed label of an other field), ``other``,
    ``value``, ``label``, ``evidence``, ``confidence`` and the value's box."""
    if tb is None:
        return []
    rows: list[dict[str, Any]] = []
    for other, fields in ((False, tb.fields), (True, tb.other)):
        for key, f in fields.items():
            x0, top, x1, bottom = bbox_out(f.bbox)
            rows.append({"key": key, "other": other, "value": f.value, "label": f.label, "evidence": f.evidence,
                         "confidence": r2(f.confidence), "printed": f.printed, "x0": x0, "top": top, "x1": x1, "bottom": bottom})
    return rows


output("title_block", rows=title_block_rows, schema=TitleBlockJSON | None)

__all__ = ["FIELD_ORDER", "LABELS", "Field", "TitleBlock", "TitleBlockSettings", "find_title_block", "parse_sheet"]
