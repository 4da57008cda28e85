"""Numbered general notes and cross-sheet references.

``notes``: under a ``NOTES:`` / ``GENERAL NOTES`` / ``HINWEISE`` heading, the
lines that start with ``1.``, ``2)`` ... in the heading's column, each with the
lines that continue it. ``references``: phrases that point to another sheet,
detail or view (``SEE SHEET 4``, ``CONT. ON SH. 7``, ``SEE DETAIL B``,
``SECTION A-A ON SHEET 3``, ``SIEHE BLATT 2``) with their target.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("NOTES:", 20, 20), ("1. BREAK EDGES.", 20, 34), ("2. SEE SHEET 4 FOR WELDS.", 20, 48)])
>>> [(n.number, n.text) for n in find_notes(sheet)]
[(1, 'BREAK EDGES.'), (2, 'SEE SHEET 4 FOR WELDS.')]
>>> [(r.text, r.target) for r in find_references(sheet)]
[('SEE SHEET 4', {'sheet': 4})]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
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
    """A cross-sheet reference in the JSON output (``pages[].references[]``)."""

    text: str
    target: dict[str, Any]
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
    """A pointer to another sheet, detail or view, as printed, with its parsed target."""

    text: str
    target: dict[str, Any] = field(default_factory=dict)
    bbox: BBox

    def to_dict(self) -> ReferenceJSON:
        return {"text": self.text, "target": dict(self.target), "bbox": bbox_out(self.bbox)}

    def __repr__(self) -> str:
        return f"<Reference {clip(self.text)!r} -> {self.target}>"

def _visible_lines(sheet: SheetLike) -> list[Line]:
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    return [ln for ln in layout.lines if ln.id not in shadowed]


def find_notes(sheet: SheetLike) -> tuple[Note, ...]:
    lines = _visible_lines(sheet)
    notes: list[Note] = []
    for head in lines:
        if not _HEADING.match(head.text.strip()):
            continue
        d = round(head.direction) % 360
        if d not in (0, 90, 180, 270):
            continue
        hb = box_to_frame(d, head.bbox)
        below = sorted(
            ((ln, box_to_frame(d, ln.bbox)) for ln in lines if round(ln.direction) % 360 == d and ln.id != head.id),
            key=lambda t: (t[1].top, t[1].x0),
        )
        size = head.size
        last_bottom = hb.bottom
        current: list[tuple[int, list[str], BBox]] = []
        note_size = size
        for ln, b in below:
            if b.top < hb.bottom - 0.2 * size or b.x0 < hb.x0 - 2 * size or b.x0 > hb.x0 + 15 * size:
                continue
            if b.top - last_bottom > 2.5 * max(size, ln.size):
                break
            m = _NUMBERED.match(ln.text)
            if m:
                number = int(m.group(1))
                if current and number != current[-1][0] + 1:
                    break
                if not current and number != 1:
                    break
                current.append((number, [m.group(2)], b))
                note_size = ln.size
            elif current and b.x0 > hb.x0 - 0.5 * size and abs(ln.size - note_size) <= 0.25 * note_size \
                    and b.top - last_bottom <= 0.9 * note_size:
                # a continuation line of the note above: same size, right under it
                n, parts, box = current[-1]
                current[-1] = (n, parts + [ln.text], box.union(b))
            else:
                break
            last_bottom = b.bottom
        notes.extend(Note(number=n, text=" ".join(parts), bbox=box_from_frame(d, box)) for n, parts, box in current)
    return tuple(notes)


_REFS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"\bSECTION\s+([A-Z])\s*-\s*\1\s+ON\s+SH(?:EET|T)?\.?\s*(\d+)\b", re.IGNORECASE),
     lambda m: {"sheet": int(m.group(2)), "view": f"{m.group(1).upper()}-{m.group(1).upper()}"}),
    (re.compile(r"\b(?:DETAIL|VIEW)\s+([A-Z]{1,2})\s+ON\s+SH(?:EET|T)?\.?\s*(\d+)\b", re.IGNORECASE),
     lambda m: {"sheet": int(m.group(2)), "detail": m.group(1).upper()}),
    (re.compile(r"\bCONT(?:INUED|\.)?\s*ON\s+SH(?:EET|T)?\.?\s*(\d+)\b", re.IGNORECASE), lambda m: {"sheet": int(m.group(1))}),
    (re.compile(r"\bSEE\s+SH(?:EET|T)?\.?\s*(\d+)\b", re.IGNORECASE), lambda m: {"sheet": int(m.group(1))}),
    (re.compile(r"\bSIEHE\s+BLATT\s+(\d+)\b", re.IGNORECASE), lambda m: {"sheet": int(m.group(1))}),
    (re.compile(r"\bSEE\s+(?:DETAIL|DET\.)\s*([A-Z]{1,2})\b", re.IGNORECASE), lambda m: {"detail": m.group(1).upper()}),
]


def find_references(sheet: SheetLike) -> tuple[Reference, ...]:
    out: list[Reference] = []
    for ln in _visible_lines(sheet):
        text = ln.text
        taken: list[tuple[int, int]] = []
        for pattern, target in _REFS:
            for m in pattern.finditer(text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue  # a longer pattern already took this span
                taken.append((m.start(), m.end()))
                out.append(Reference(text=m.group(0), target=target(m), bbox=ln.bbox))
    return tuple(out)


@analyzer("notes", requires={"lines"}, assigns={"notes"})
def notes_analyzer(sheet: Sheet, settings: None) -> tuple[Note, ...]:
    """Numbered general notes under a NOTES heading."""
    return find_notes(sheet)


@analyzer("references", requires={"lines"}, assigns={"references"})
def references_analyzer(sheet: Sheet, settings: None) -> tuple[Reference, ...]:
    """Cross-sheet references (SEE SHEET 4, CONT. ON SH. 7, SEE DETAIL B, SECTION A-A ON SHEET 3)."""
    return find_references(sheet)



output("notes", schema=list[NoteJSON])
output("references", schema=list[ReferenceJSON])

__all__ = ["Note", "Reference", "find_notes", "find_references"]
