"""Numbered general notes and cross-sheet references.

``notes``: under a ``NOTES:`` / ``GENERAL NOTES`` / ``HINWEISE`` heading, the
lines that start with ``1.``, ``2)`` ... in the heading's column, each with the
lines that continue it. ``references``: phrases that point to another sheet,
detail, view, figure, table or section (``SEE SHEET 4``, ``CONT. ON SH. 7``,
``SEE DETAIL B``, ``SECTION A-A ON SHEET 3``, ``SIEHE BLATT 2``, ``see Figure 3-4``,
``Table 4-2``, ``Section 5.1``, ``sheet 2 of 3``) with their kind and target.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("NOTES:", 20, 20), ("1. BREAK EDGES.", 20, 34), ("2. SEE SHEET 4 FOR WELDS.", 20, 48)])
>>> [(n.number, n.text) for n in find_notes(sheet)]
[(1, 'BREAK EDGES.'), (2, 'SEE SHEET 4 FOR WELDS.')]
>>> headless = make_sheet(text=[("1. REMOVE BURRS.", 20, 20), ("2. ISO 2768-m.", 20, 34), ("3. PAINT RAL 7035.", 20, 48)])
>>> [n.number for n in find_notes(headless)]
[1, 2, 3]
>>> [(r.text, r.kind, r.target, r.sheet) for r in find_references(sheet)]
[('SEE SHEET 4', 'sheet', '4', 4)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from pdftract.analyzers.grid import box_from_frame, box_to_frame
from pdftract.geometry import BBox, clip
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Line
from pdftract.jsonvalues import Box, bbox_out
from pdftract.registry import analyzer, output

_HEADING = re.compile(r"^(?:GENERAL\s+)?(?:NOTES?|HINWEISE|ANMERKUNGEN|BEMERKUNGEN|NOTAS)\s*:?$", re.IGNORECASE)
_NUMBERED = re.compile(r"^(\d{1,2})\s*[.)]\s+(.+)$")


class NoteJSON(TypedDict):
    """A numbered general note in the JSON output (``pages[].notes[]``)."""

    number: int
    text: str
    bbox: Box


class ReferenceJSON(TypedDict):
    """A reference in the JSON output (``pages[].references[]``): ``kind`` (``figure``, ``table``, ``detail``,
    ``view``, ``section``, ``sheet``), ``target`` as printed (``3-4``, ``B``, ``A-A``, ``2``), ``sheet`` (the sheet
    it names, or null)."""

    kind: str
    target: str
    sheet: int | None
    text: str
    bbox: Box


@dataclass(frozen=True, slots=True, kw_only=True)
class Note:
    number: int
    text: str
    bbox: BBox

    def to_dict(self) -> NoteJSON:
        return {"number": self.number, "text": self.text, "bbox": bbox_out(self.bbox)}

    def __repr__(self) -> str:
        return f"<Note {self.number}: {clip(self.text, 50)!r}>"

@dataclass(frozen=True, slots=True, kw_only=True)
class Reference:
    """A pointer to a figure, table, detail, view, section or sheet, as printed: its ``kind``, ``target``
    (``3-4``, ``B``, ``A-A``, ``2``) and the ``sheet`` it names (``SECTION A-A ON SHEET 3``: view ``A-A``,
    sheet 3)."""

    kind: str
    target: str
    sheet: int | None = None
    text: str
    bbox: BBox

    @property
    def targets(self) -> dict[str, Any]:
        """The target by kind, with the sheet: ``{"view": "A-A", "sheet": 3}``."""
        out: dict[str, Any] = {} if self.kind == "sheet" else {self.kind: self.target}
        if self.sheet is not None:
            out["sheet"] = self.sheet
        return out

    def to_dict(self) -> ReferenceJSON:
        return {"kind": self.kind, "target": self.target, "sheet": self.sheet, "text": self.text, "bbox": bbox_out(self.bbox)}

    def __repr__(self) -> str:
        return f"<Reference {self.kind} {self.target!r}: {clip(self.text)!r}>"

def _visible_lines(sheet: SheetLike) -> list[Line]:
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    return [ln for ln in layout.lines if ln.id not in shadowed]


#: a list of numbered notes without a heading needs this many notes, numbered from 1, in one column
HEADLESS_MIN = 3


def _collect(lines: list[tuple[Line, BBox]], anchor: BBox, size: float, first: bool) -> list[tuple[int, list[str], BBox, list[int]]]:
    """The numbered notes under ``anchor`` (a heading, or the note ``1.`` itself when ``first``), in the frame of
    their direction: consecutive numbers from 1 in the anchor's column, each with its continuation lines."""
    last_bottom = anchor.top if first else anchor.bottom
    current: list[tuple[int, list[str], BBox, list[int]]] = []
    note_size = size
    for ln, b in lines:
        if b.top < (anchor.top if first else anchor.bottom) - 0.2 * size or b.x0 < anchor.x0 - 2 * size \
                or b.x0 > anchor.x0 + 15 * size:
            continue
        if b.top - last_bottom > 2.5 * max(size, ln.size):
            break
        m = _NUMBERED.match(ln.text)
        if m and (not first or abs(b.x0 - anchor.x0) <= 0.5 * size):
            number = int(m.group(1))
            if current and number != current[-1][0] + 1:
                break
            if not current and number != 1:
                break
            current.append((number, [m.group(2)], b, [ln.id]))
            note_size = ln.size
        elif current and b.x0 > anchor.x0 - 0.5 * size and abs(ln.size - note_size) <= 0.25 * note_size \
                and b.top - last_bottom <= 0.9 * note_size:
            # a continuation line of the note above: same size, right under it
            n, parts, box, ids = current[-1]
            current[-1] = (n, parts + [ln.text], box.union(b), ids + [ln.id])
        else:
            break
        last_bottom = b.bottom
    return current


def find_notes(sheet: SheetLike) -> tuple[Note, ...]:
    """Numbered notes under a ``NOTES`` heading; and, on a page that is no running text, a column of at least
    :data:`HEADLESS_MIN` notes numbered from 1 without a heading (``1. * Reference dimensions.``,
    ``2. General tolerance DIN ISO 2768 - medium.`` ...)."""
    lines = _visible_lines(sheet)
    notes: list[Note] = []
    used: set[int] = set()

    def column(d: int, skip: int) -> list[tuple[Line, BBox]]:
        return sorted(((ln, box_to_frame(d, ln.bbox)) for ln in lines if round(ln.direction) % 360 == d and ln.id != skip),
                      key=lambda t: (t[1].top, t[1].x0))

    for head in lines:
        if not _HEADING.match(head.text.strip()):
            continue
        d = round(head.direction) % 360
        if d not in (0, 90, 180, 270):
            continue
        found = _collect(column(d, head.id), box_to_frame(d, head.bbox), head.size, first=False)
        for _, _, _, ids in found:
            used.update(ids)
        notes.extend(Note(number=n, text=" ".join(parts), bbox=box_from_frame(d, box)) for n, parts, box, _ in found)
    if not sheet.reading.text_page:
        by_direction: dict[int, list[tuple[Line, BBox]]] = {}  # each direction's lines sorted once
        for ln in lines:
            m = _NUMBERED.match(ln.text)
            d = round(ln.direction) % 360
            if m is None or m.group(1) != "1" or ln.id in used or d not in (0, 90, 180, 270):
                continue
            if d not in by_direction:
                by_direction[d] = column(d, -1)
            found = _collect(by_direction[d], box_to_frame(d, ln.bbox), ln.size, first=True)
            if len(found) < HEADLESS_MIN:
                continue
            for _, _, _, ids in found:
                used.update(ids)
            notes.extend(Note(number=n, text=" ".join(parts), bbox=box_from_frame(d, box)) for n, parts, box, _ in found)
    return tuple(notes)


_SH = r"SH(?:EET|T)?\.?\s*(\d+)"
#: (pattern, kind, target group, sheet group); longer patterns first, a span taken once
_REFS: list[tuple[re.Pattern[str], str, int, int | None]] = [
    (re.compile(rf"\bSECTION\s+(([A-Z])\s*-\s*\2)\s+ON\s+{_SH}\b", re.IGNORECASE), "view", 1, 3),
    (re.compile(rf"\b(?:DETAIL|VIEW)\s+([A-Z]{{1,2}})\s+ON\s+{_SH}\b", re.IGNORECASE), "detail", 1, 2),
    (re.compile(rf"\bCONT(?:INUED|\.)?\s*ON\s+{_SH}\b", re.IGNORECASE), "sheet", 1, 1),
    (re.compile(rf"\bSEE\s+{_SH}\b", re.IGNORECASE), "sheet", 1, 1),
    (re.compile(r"\bSIEHE\s+BLATT\s+(\d+)\b", re.IGNORECASE), "sheet", 1, 1),
    (re.compile(r"\bSEE\s+(?:DETAIL|DET\.)\s*([A-Z]{1,2})\b", re.IGNORECASE), "detail", 1, None),
]
#: references only read on pages of running text (on a drawing ``SECTION A-A`` and ``SHEET 1 OF 2`` are labels)
_PROSE_REFS: list[tuple[re.Pattern[str], str, int, int | None]] = [
    (re.compile(r"\b(?:Figure|Fig\.|FIGURE|FIG\.|Abb\.|Abbildung|Bild)\s*(\d{1,3}(?:[-.]\d{1,3})?[a-z]?)\b"), "figure", 1, None),
    (re.compile(r"\b(?:Table|TABLE|Tab\.|Tabelle|Tableau)\s*(\d{1,3}(?:[-.]\d{1,3})?)\b"), "table", 1, None),
    (re.compile(r"\b(?:Detail|DETAIL)\s+([A-Z]{1,2})\b"), "detail", 1, None),
    (re.compile(r"\b(?:Section|SECTION)\s+(([A-Z])\s*-\s*\2)\b"), "view", 1, None),
    (re.compile(r"\b(?:View|VIEW)\s+([A-Z]{1,2}(?:\s*-\s*[A-Z]{1,2})?)\b"), "view", 1, None),
    (re.compile(r"\b(?:Section|SECTION|Chapter|CHAPTER|Kapitel|Abschnitt|\u00a7)\s*(\d{1,2}(?:\.\d{1,2}){0,3})\b"), "section", 1, None),
    (re.compile(r"\b(?:sheet|Sheet|SHEET|Blatt)\s+(\d{1,3})(?:\s*(?:of|OF|von|/)\s*\d{1,3})?\b"), "sheet", 1, 1),
]


def find_references(sheet: SheetLike) -> tuple[Reference, ...]:
    """References on the page's lines; on a page of running text also those broken across two rows
    (``see Fig.`` at a row end, ``3-4`` opening the next)."""
    out: list[Reference] = []
    order = sheet.reading
    prose = order.text_page
    patterns = _REFS + _PROSE_REFS if prose else _REFS
    for ln in _visible_lines(sheet):
        out.extend(_references_in(ln.text, ln.bbox, patterns, lambda a, b: True))
    if prose:
        rows = [(" ".join(c.text for c in row), BBox.union_all(c.bbox for c in row)) for row in order.rows if row]
        for (t0, b0), (t1, b1) in zip(rows, rows[1:], strict=False):
            cut = len(t0)
            out.extend(_references_in(f"{t0} {t1}", b0.union(b1), patterns, lambda a, b, cut=cut: a < cut < b))
    return tuple(out)


def _references_in(text: str, bbox: BBox, patterns: list[tuple[re.Pattern[str], str, int, int | None]],
                   keep: Any) -> list[Reference]:
    out: list[Reference] = []
    taken: list[tuple[int, int]] = []
    for pattern, kind, target, sheet_group in patterns:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue  # a longer pattern already took this span
            taken.append((m.start(), m.end()))
            if not keep(m.start(), m.end()):
                continue
            if kind in ("figure", "table") and not text[:m.start()].strip() and re.match(r"\s*[:.\u2013\u2014-]\s", text[m.end():]):
                continue  # a caption ("Figure 4: Block diagram") names its figure, it does not refer to it
            value = re.sub(r"\s+", "", m.group(target)).upper() if kind in ("view", "detail") else m.group(target)
            out.append(Reference(kind=kind, target=value, sheet=int(m.group(sheet_group)) if sheet_group else None,
                                 text=re.sub(r"\s+", " ", m.group(0)), bbox=bbox))
    return out


@analyzer("notes", requires={"lines"}, assigns={"notes"})
def notes_analyzer(sheet: Sheet, settings: None) -> tuple[Note, ...]:
    """Numbered general notes under a NOTES heading."""
    return find_notes(sheet)


@analyzer("references", requires={"lines"}, assigns={"references"})
def references_analyzer(sheet: Sheet, settings: None) -> tuple[Reference, ...]:
    """References to sheets, details, views, figures, tables and sections (SEE SHEET 4, CONT. ON SH. 7, SEE DETAIL B,
    SECTION A-A ON SHEET 3, see Figure 3-4, Table 4-2)."""
    return find_references(sheet)



output("notes", schema=list[NoteJSON])
output("references", schema=list[ReferenceJSON])

__all__ = ["Note", "Reference", "find_notes", "find_references"]
