"""Technical manuals: numbered procedures with their hierarchy, safety callouts, part numbers.

Runs on pages of running text only (:func:`pdftract.model.reading.prose_lines`, or a page whose running
header or footer was found): a drawing sheet or a schematic gets nothing. It reads the body rows in
reading order (columns one after the other, :mod:`pdftract.model.reading`).

* ``safety_callouts``: a signal word (``DANGER``, ``WARNING``, ``CAUTION``, ``NOTICE``, ``NOTE``, and their
  German, French and Spanish equivalents) in capitals opening a row, alone or followed by ``:``/``!``, or
  capitalised with a colon (``Note:``). Its body is, by the ruled cell around the word: the rest of that
  cell (word above the body in one box, a box opening with a triangle and the word), else the cell beside
  it (the word in the left cell of a two-cell box) or under it (a coloured header band over the body
  cell); without a box, the rest of the row and the paragraph under the word. The colour is the hue of a
  filled shape under the word, else of the word's own ink (red, orange, yellow, blue, green).
  Signal words inside a sentence (``the WARNING lamp``) are prose, not callouts.
* ``procedures``: rows opening with a step label (``1.``, ``1)``, ``1.1``, ``1.1.a``, ``Step 2``, ``a.``,
  ``a)``, ``(1)``, ``(a)``, ``A.``, ``i.``, ``(iv)``), each a step only where it starts a sequence (1, a,
  A, i) or continues an open one (the next value of the same pattern, the one nearest in indent). The
  level comes from the label pattern and the indent (label start and text start) together: a new pattern
  deeper in starts a sub-level, a pattern already open returns to its level, a dotted number sits under
  the step it extends (``2.1`` under ``2.``). Numbering that goes on after a note, a callout, a figure or
  a heading stays in its procedure; a first step under a heading, or a new pattern at the top indent,
  starts a new one. A page that opens with a step going on from the page before takes the level of its
  indent among the steps further down. Rows continue a step when they sit at its indent in the same
  paragraph, or when the step's row ran to the right edge (text wrapping back to the margin); a word
  hyphenated at the line end is joined. Numbered rows of ruled tables, contents lines and numbers opening
  sentences are not steps.
* ``part_numbers``: after ``P/N``, ``PN``, ``Part No.``/``part number`` (confidence 0.95), or on their own
  as tokens of at least four digits with a dash, slash or dot inside (``45-8812-002``, ``MS21042/3-08``,
  ``NAS1611-012``; confidence 0.7) or of capitals and digits run together (``ISL9307``, ``E16G301``;
  0.6); a number hyphenated across two rows is rejoined; words, file names and URL pieces are not.
  Look-alikes are kept out by their form (NSN ``5310-01-123-4567``, dates, specifications ``MIL-PRF-…``,
  ``ISO …``, ``IEEE754``, instrument tags ``FV-101``, plain decimals, small ranges) and by the word before
  them (NSN, form, task, drawing, model, valve, figure, table, section, sheet, page, phone ...).

Partial: a step or callout broken by a page break is two pieces (analyzers run per page); a page that
opens mid-procedure without its top level in view can be a level too shallow. Unruled tables are read by
:mod:`pdftract.analyzers.unruled` (reported by the table analyzer).

>>> from pdftract.testing import make_sheet
>>> rows = ["Replace the filter of the main unit before the season starts, every year again.",
...         "1. Remove the cover from the housing and set it aside on the bench.",
...         "2. Take out the old filter element (P/N 45-8812-002) and discard it safely.",
...         "a. Check the seal ring of the housing for cracks and wear before you go on.",
...         "3. Fit the new filter element and close the cover of the housing again.",
...         "WARNING: The housing can be hot after use. Let it cool down first."]
>>> sheet = make_sheet(text=[(t, 40 + (14 if t.startswith("a.") else 0), 60 + 20 * i) for i, t in enumerate(rows)],
...                    width=612, height=792)
>>> [(s.number, s.level) for s in find_procedures(sheet)]
[('1.', 1), ('2.', 1), ('a.', 2), ('3.', 1)]
>>> [(c.kind, c.text) for c in find_safety_callouts(sheet)]
[('WARNING', 'The housing can be hot after use. Let it cool down first.')]
>>> [p.text for p in find_part_numbers(sheet)]
['45-8812-002']
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from typing_extensions import TypedDict

from pdftract.analyzers.grid import Rules, cell_around, rules_for
from pdftract.geometry import BBox, clip
from pdftract.jsonvalues import Box, bbox_out, r2
from pdftract.model.reading import Chunk, chunk_bold
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.registry import analyzer, output
from pdftract import svg

# -- the rows of a page ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One body row in reading order: its chunks (left to right), text, box and size."""

    index: int
    chunks: tuple[Chunk, ...]
    text: str
    bbox: BBox
    size: float
    bold: bool


def _bold(sheet: SheetLike, chunk: Chunk) -> bool:
    return chunk_bold(chunk, sheet.word, sheet.root.fonts)


def bold_body(rows: Sequence[Row], size: float) -> bool:
    """Whether most rows at the body size are bold (then bold marks no heading and no table header)."""
    body = [r for r in rows if abs(r.size - size) <= 0.1 * size]
    return sum(r.bold for r in body) > 0.5 * len(body)


def _baseline_rows(chunks: list[Chunk]) -> list[tuple[Chunk, ...]]:
    """Chunks of one baseline and size (bottoms within a third of the size, sizes within 30 %) as rows, top to
    bottom, each left to right."""
    rows: list[list[Chunk]] = []
    for c in sorted(chunks, key=lambda c: (c.bbox.bottom, c.bbox.x0)):
        for row in rows[-3:]:
            ref = row[0]
            if abs(ref.bbox.bottom - c.bbox.bottom) <= 0.35 * min(ref.size, c.size) \
                    and max(ref.size, c.size) <= 1.3 * min(ref.size, c.size):
                row.append(c)
                break
        else:
            rows.append([c])
    return [tuple(sorted(r, key=lambda c: c.bbox.x0)) for r in sorted(rows, key=lambda r: (min(c.bbox.top for c in r), r[0].bbox.x0))]


def page_rows(sheet: SheetLike, *, any_page: bool = False) -> list[Row]:
    """The page's horizontal body rows in reading order (empty unless it is a page of running text, or
    ``any_page``: then a page of no running text gives its text layer's lines, as a figure page does)."""
    order = sheet.reading
    if not order.text_page and not any_page:
        return []
    found = [row for row in order.rows if row and row[0].word_ids and sheet.word(row[0].word_ids[0]).direction == 0.0]
    if not order.prose:
        # a figure page keeps the text layer's lines: pieces of one baseline (a label and its text) are one row
        found = _baseline_rows([c for row in found for c in row])
    rows: list[Row] = []
    for row in found:
        rows.append(Row(len(rows), row, " ".join(c.text for c in row), BBox.union_all(c.bbox for c in row),
                        max(c.size for c in row), _bold(sheet, row[0])))
    return rows


def _pitch(rows: Sequence[Row], size: float) -> float:
    """The usual distance from one row's top to the next one's within a paragraph (the leading): the 10th
    percentile of the distances between consecutive rows of one column (on a page of one-line list items
    most distances include an item space)."""
    steps = sorted(b.bbox.top - a.bbox.top for a, b in zip(rows, rows[1:], strict=False)
                   if 0.8 * size <= b.bbox.top - a.bbox.top <= 2.5 * size and abs(a.bbox.x0 - b.bbox.x0) < 20 * size)
    return steps[len(steps) // 10] if steps else 1.2 * size


def _right_edge(rows: Sequence[Row]) -> float:
    """Where the rows of the page end when full (the 90th percentile of their right ends)."""
    ends = sorted(r.bbox.x1 for r in rows)
    return ends[(len(ends) * 9) // 10] if ends else 0.0


def _wrapped(sheet: SheetLike, prev: Row, nxt: Row, right: float) -> bool:
    """Whether ``nxt`` holds text that wrapped from ``prev``: its first word would not have fitted at the end
    of ``prev`` (a new paragraph starts after a row that stopped short)."""
    first = sheet.word(nxt.chunks[0].word_ids[0]) if nxt.chunks and nxt.chunks[0].word_ids else None
    width = first.bbox.width if first is not None else 0.0
    return prev.bbox.x1 + width + 0.3 * prev.size > right


def _same_paragraph(prev: Row, nxt: Row, pitch: float, size: float) -> bool:
    """Whether ``nxt`` goes on the paragraph of ``prev``: right under it at the usual leading (a paragraph or
    list-item space makes the step a quarter size longer)."""
    step = nxt.bbox.top - prev.bbox.top
    # under it, or wrapping back to a margin left of it (a list item whose lines return to the page margin)
    return 0 < step <= pitch + 0.25 * size and nxt.bbox.x0 < prev.bbox.x1 and nxt.bbox.x1 > prev.bbox.x0 - 10 * size


def _joined(parts: Sequence[str]) -> str:
    """Row texts joined with spaces; a word hyphenated at a row end (``mainte-`` + ``nance``) is joined
    without its hyphen, a number or code broken after a dash (``45-8812-`` + ``002``) keeps the dash."""
    out = ""
    for p in parts:
        p = p.strip()
        if not p:
            continue
        if out.endswith("-") and len(out) >= 2:
            if out[-2].islower() and p[:1].islower():
                out = out[:-1] + p
                continue
            if out[-2].isalnum() and p[:1].isalnum():
                out += p
                continue
        out = f"{out} {p}" if out else p
    return out


# -- safety callouts --------------------------------------------------------------------------------------------

_KINDS = {
    "DANGER": "DANGER", "WARNING": "WARNING", "CAUTION": "CAUTION", "NOTICE": "NOTICE", "NOTE": "NOTE",
    "IMPORTANT": "NOTICE", "GEFAHR": "DANGER", "WARNUNG": "WARNING", "VORSICHT": "CAUTION", "ACHTUNG": "CAUTION",
    "HINWEIS": "NOTE", "AVERTISSEMENT": "WARNING", "ATTENTION": "CAUTION", "REMARQUE": "NOTE",
    "PELIGRO": "DANGER", "ADVERTENCIA": "WARNING", "PRECAUCIÓN": "CAUTION", "AVISO": "NOTICE", "NOTA": "NOTE",
}
_WORDS = "|".join(sorted(_KINDS, key=len, reverse=True))
_SIGNAL_UPPER = re.compile(rf"^(?P<sym>[\u26a0\u25b2\u25b3!]\s*)?(?P<word>{_WORDS})\b(?P<punct>\s*[:!.\u2013\u2014-])?\s*(?P<rest>.*)$")
_SIGNAL_TITLE = re.compile(rf"^(?P<sym>[\u26a0\u25b2\u25b3]\s*)?(?P<word>{_WORDS})(?P<punct>\s*[:!])\s*(?P<rest>.*)$", re.IGNORECASE)

_HUES = ((15, "red"), (40, "orange"), (70, "yellow"), (170, "green"), (260, "blue"), (345, None), (360, "red"))


def colour_name(c: Sequence[float] | None) -> str | None:
    """The hue name of a colour (``red``, ``orange``, ``yellow``, ``green``, ``blue``), None for black, white,
    grey and unknown colour spaces.

    >>> colour_name((1.0, 0.5, 0.0)), colour_name((0.0,)), colour_name((1.0, 0.6, 0.0, 0.0))
    ('orange', None, 'blue')
    """
    if c is None:
        return None
    if len(c) == 4:  # CMYK
        k = c[3]
        rgb = tuple((1 - v) * (1 - k) for v in c[:3])
    elif len(c) == 3:
        rgb = tuple(c)
    else:
        return None
    h, lum, s = colorsys.rgb_to_hls(*rgb)
    if s < 0.35 or lum < 0.15 or lum > 0.93:
        return None
    deg = h * 360
    for limit, name in _HUES:
        if deg < limit:
            return name
    return None


class SafetyCalloutJSON(TypedDict):
    """A safety callout in the JSON output (``pages[].safety_callouts[]``)."""

    kind: str
    label: str
    text: str
    colour: str | None
    boxed: bool
    bbox: Box
    confidence: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SafetyCallout:
    """A DANGER / WARNING / CAUTION / NOTICE / NOTE callout: ``kind`` (normalised), ``label`` as printed, the
    body ``text`` without the label, the ``colour`` of its band or word, whether it is ``boxed``."""

    kind: str
    label: str
    text: str
    colour: str | None
    boxed: bool
    bbox: BBox
    confidence: float
    rows: tuple[int, ...] = field(default=(), repr=False)

    def to_dict(self) -> SafetyCalloutJSON:
        return {"kind": self.kind, "label": self.label, "text": self.text, "colour": self.colour, "boxed": self.boxed,
                "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<SafetyCallout {self.kind}: {clip(self.text, 50)!r}>"


def _signal(row: Row, sheet: SheetLike) -> tuple[str, str, str, Chunk] | None:
    """(kind, label as printed, rest of the row after the label, the chunk of the word) when ``row`` opens
    with a signal word (after a sign drawn or set in a tiny size, if any)."""
    chunks = list(row.chunks)
    sym = ""
    while len(chunks) > 1 and not any(ch.isalnum() for ch in chunks[0].text):
        sym += chunks.pop(0).text.strip() + " "  # a drawn or tiny warning sign before the word
    first = chunks[0].text
    m = _SIGNAL_UPPER.match(first)
    if m and m.group("word").isupper():
        rest = m.group("rest")
        if rest and not m.group("punct"):
            # "WARNING LIGHTS ..." is a sentence; the word alone in bold before plain text is a label
            words = [sheet.word(w) for w in chunks[0].word_ids]
            head = words[0].font
            if len(words) < 2 or words[1].font == head or rest[:1].isupper() and rest.split()[0].isupper():
                return None
    else:
        m = _SIGNAL_TITLE.match(first)
        if not m:
            return None
    word = m.group("word").upper()
    label = (m.group("sym") or "") + m.group("word") + (m.group("punct") or "").strip()
    rest = " ".join([m.group("rest")] + [c.text for c in chunks[1:]]).strip()
    return _KINDS[word], label.strip(), rest, chunks[0]


def _within(box: BBox, region: BBox, tol: float = 1.0) -> bool:
    return box.x0 >= region.x0 - tol and box.x1 <= region.x1 + tol and box.top >= region.top - tol \
        and box.bottom <= region.bottom + tol


def _wordy(row: Row) -> bool:
    """A row with a letter or digit in it (not a sign alone)."""
    return any(ch.isalnum() for ch in row.text)


def _inside(rows: Sequence[Row], box: BBox, tol: float = 1.0) -> list[Row]:
    return [r for r in rows if _within(r.bbox, box, tol)]


def _colour_under(sheet: SheetLike, box: BBox) -> str | None:
    best: tuple[float, str | None] | None = None
    cx, cy = (box.x0 + box.x1) / 2, (box.top + box.bottom) / 2
    for p in sheet.paths:
        if not p.fill or p.text_shape:
            continue
        b = p.bbox
        if b.x0 <= cx <= b.x1 and b.top <= cy <= b.bottom and b.width >= box.width and b.height >= 0.8 * box.height:
            name = colour_name(p.fill_color)
            if name is not None and (best is None or b.area < best[0]):
                best = (b.area, name)
    return best[1] if best else None


def _word_ink(sheet: SheetLike, chunk: Chunk) -> str | None:
    gids = [g for w in chunk.word_ids[:1] for g in sheet.word(w).glyph_ids]
    names = {colour_name(sheet.glyph(g).fill_color) for g in gids}
    return names.pop() if len(names) == 1 else None


def _cell(rules: Rules, box: BBox, page: BBox) -> BBox | None:
    """The ruled cell around ``box``, unless it is as large as half the page (a frame, not a callout box)."""
    c = cell_around(rules, (box.x0, box.top, box.x1, box.bottom))
    if c is None:
        return None
    cell = BBox(*c)
    if cell.height > 0.5 * page.height or cell.width > 0.98 * page.width:
        return None
    return cell


def find_safety_callouts(sheet: SheetLike, rows: Sequence[Row] | None = None) -> tuple[SafetyCallout, ...]:
    """The safety callouts of a page of running text (see the module docstring)."""
    rows = page_rows(sheet) if rows is None else rows
    if not rows:
        return ()
    size = sheet.reading.body_size or rows[0].size
    pitch = _pitch(rows, size)
    rules = rules_for(sheet, 0)
    page = sheet.bbox
    out: list[SafetyCallout] = []
    used: set[int] = set()
    for row in rows:
        if row.index in used:
            continue
        sig = _signal(row, sheet)
        if sig is None:
            continue
        kind, label, rest, word_chunk = sig
        word_box = word_chunk.bbox
        cell = _cell(rules, word_box, page)
        body_rows: list[Row] = []
        box = word_box
        boxed = False
        if cell is not None:
            boxed = True
            # the rest of the label row past the word: text in the word's own chunk, or chunks beside it
            own = rest if not any(c.bbox.x0 >= word_box.x1 for c in row.chunks) else ""
            beside = [c for c in row.chunks if c.bbox.x0 >= word_box.x1 - 0.5]
            here = [r for r in _inside(rows, cell) if r.index != row.index and _wordy(r)]
            body_box = cell
            if not here and not own and not any(_within(c.bbox, cell) for c in beside):
                mid = (cell.top + cell.bottom) / 2
                right = _cell(rules, BBox(cell.x1 + 2, mid - 0.5, cell.x1 + 3, mid + 0.5), page)
                below = _cell(rules, BBox((cell.x0 + cell.x1) / 2 - 0.5, cell.bottom + 2, (cell.x0 + cell.x1) / 2 + 0.5,
                                          cell.bottom + 3), page)
                if right is not None and abs(right.top - cell.top) <= 2 and abs(right.bottom - cell.bottom) <= 2:
                    body_box = right
                elif below is not None and abs(below.x0 - cell.x0) <= 3 and abs(below.x1 - cell.x1) <= 3:
                    body_box = below
                here = [r for r in _inside(rows, body_box) if r.index != row.index and _wordy(r)]
            body_rows = here
            box = cell.union(body_box)
            first = [own] if own else [c.text for c in beside if _within(c.bbox, body_box)]
            texts = first + [r.text for r in body_rows]
        else:
            texts = [rest] if rest else []
            last = row
            for nxt in rows[row.index + 1:]:
                if _signal(nxt, sheet) is not None or _step_label(nxt.text) is not None or nxt.size > 1.15 * size:
                    break
                if rest or body_rows:
                    # the paragraph goes on: next row at the leading, at the left edge of the body so far
                    edge = body_rows[0].bbox.x0 if body_rows else row.bbox.x0
                    if not _same_paragraph(last, nxt, pitch, size) or abs(nxt.bbox.x0 - edge) > size:
                        break
                elif not (0 < nxt.bbox.top - last.bbox.bottom <= 2.0 * size and nxt.bbox.x0 < row.bbox.x1):
                    break  # the word alone on its row: the paragraph right under it is the body
                body_rows.append(nxt)
                last = nxt
            texts += [r.text for r in body_rows]
            box = BBox.union_all([row.bbox] + [r.bbox for r in body_rows])
        text = _joined(texts)
        if not text:
            continue
        colour = _colour_under(sheet, word_box) or _word_ink(sheet, word_chunk)
        confidence = 0.95 if boxed or colour else (0.85 if label.isupper() else 0.7)
        used.update(r.index for r in body_rows)
        used.add(row.index)
        out.append(SafetyCallout(kind=kind, label=label, text=text, colour=colour, boxed=boxed, bbox=box,
                                 confidence=confidence, rows=tuple(sorted({row.index} | {r.index for r in body_rows}))))
    return tuple(out)


# -- procedures -------------------------------------------------------------------------------------------------

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10, "xi": 11, "xii": 12}
_LABEL = re.compile(
    r"^(?:(?P<step>(?:Step|STEP|Schritt|SCHRITT|Paso|PASO|\u00c9tape|Etape)\s*(?P<stepn>\d{1,3})"
    r"(?:\s+(?:Step|STEP|Schritt|SCHRITT|Paso|PASO|\u00c9tape|Etape)\s*(?P=stepn))?)[.:]?"  # bilingual "Paso 1 Step 1"
    r"|(?P<dec>\d{1,2}(?:\.\d{1,2}){1,3})(?:\.(?P<decl>[a-z]))?\.?"
    r"|(?P<num>\d{1,3})(?P<nump>[.)])"
    r"|\((?P<pnum>\d{1,3})\)"
    r"|\((?P<palpha>[a-z]{1,4})\)"
    r"|(?P<alpha>[a-z]{1,4})(?P<alphap>[.)])"
    r"|(?P<Alpha>[A-Z])\.)(?=\s|$|(?<=\d[.)])[A-Z])"  # "1.Thermistor": a capital right after a number label
)


@dataclass(frozen=True, slots=True)
class Label:
    """A step label: its printed text, pattern class, parent numbers (dotted labels) and value."""

    text: str
    cls: str
    parent: tuple[int, ...]
    value: int


def _step_label(text: str) -> list[Label] | None:
    """The readings of a step label opening ``text`` (several where ``i.`` is a letter or a roman one)."""
    m = _LABEL.match(text)
    if not m:
        return None
    printed = m.group(0)
    if m.group("step"):
        return [Label(printed, "step", (), int(m.group("stepn")))]
    if m.group("dec"):
        parts = tuple(int(p) for p in m.group("dec").split("."))
        if m.group("decl"):
            return [Label(printed, f"dec{len(parts)}a", parts, ord(m.group("decl")) - 96)]
        return [Label(printed, f"dec{len(parts)}", parts[:-1], parts[-1])]
    if m.group("num"):
        return [Label(printed, "num" + m.group("nump"), (), int(m.group("num")))]
    if m.group("pnum"):
        return [Label(printed, "(num)", (), int(m.group("pnum")))]
    letters = m.group("palpha") or m.group("alpha")
    if letters:
        punct = "()" if m.group("palpha") else m.group("alphap")
        out: list[Label] = []
        if len(letters) == 1:
            out.append(Label(printed, "alpha" + punct, (), ord(letters) - 96))
        if letters in _ROMAN:
            out.append(Label(printed, "roman" + punct, (), _ROMAN[letters]))
        return out or None
    return [Label(printed, "Alpha.", (), ord(m.group("Alpha")) - 64)]


class ProcedureStepJSON(TypedDict):
    """A procedure step in the JSON output (``pages[].procedures[]``)."""

    number: str
    level: int
    text: str
    procedure: int
    bbox: Box
    confidence: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ProcedureStep:
    """One step: its ``number`` as printed, ``level`` (1-based depth in its procedure), ``text`` without the
    label (continuation rows joined), and which ``procedure`` of the page it belongs to (1-based)."""

    number: str
    level: int
    text: str
    procedure: int
    bbox: BBox
    confidence: float

    def to_dict(self) -> ProcedureStepJSON:
        return {"number": self.number, "level": self.level, "text": self.text, "procedure": self.procedure,
                "bbox": bbox_out(self.bbox), "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<Step {self.number} (level {self.level}): {clip(self.text, 50)!r}>"


@dataclass
class _Draft:
    """A step while its rows are gathered."""

    label: Label
    level: int
    procedure: int
    rows: list[Row]
    texts: list[str]
    x_text: float

    def add(self, row: Row) -> None:
        self.rows.append(row)
        self.texts.append(row.text)


@dataclass
class _Open:
    """An open step sequence: label class (``*`` for an unknown parent), last value, level, text and label
    indents."""

    cls: str
    value: int
    level: int
    x: float
    path: tuple[int, ...]
    lx: float = 0.0  # where the label starts

    def shallower(self, x: float, lx: float, size: float) -> bool:
        """Whether a step with text at ``x`` and label at ``lx`` sits deeper than this one, by either edge (a
        label wider than its tab pushes the text out; a right-aligned label moves its left edge)."""
        return self.x < x - 0.5 * size or self.lx < lx - 1.0 * size


_TOC_END = re.compile(r"(?:\.{3,}|\u2026+)\s*\d{1,4}$|\s\d{1,4}$")


def _in_table(rules: Rules, row: Row) -> bool:
    """Whether the row's label sits in a ruled cell that the rest of the row runs out of (a table row)."""
    c = row.chunks[0].bbox
    cell = cell_around(rules, (c.x0, c.top, c.x1, c.bottom))
    return cell is not None and row.bbox.x1 > cell[2] + 1.0


def _is_heading(row: Row, size: float, body_is_bold: bool = False) -> bool:
    """Larger than the body, or a short bold row that does not end a sentence (bold only counts where the
    body text is not bold itself)."""
    return row.size > 1.15 * size or (row.bold and not body_is_bold and len(row.text.split()) <= 10
                                      and not row.text.rstrip().endswith("."))


def _label_split(sheet: SheetLike, row: Row, label: Label) -> tuple[str, float]:
    """The row's text after the label, and where that text starts (x): the first word after the label, or
    the label's own word where the text is glued to it (``1.Thermistor``)."""
    words = [sheet.word(w) for c in row.chunks for w in c.word_ids]
    seen = 0
    for k, w in enumerate(words):
        seen += len(w.text)
        if seen >= len(label.text.replace(" ", "")):
            glued = w.text[len(w.text) - (seen - len(label.text.replace(" ", ""))):] if seen > len(label.text.replace(" ", "")) else ""
            rest = ([glued] if glued else []) + [x.text for x in words[k + 1:]]
            start = w.bbox.x0 if glued else (words[k + 1].bbox.x0 if k + 1 < len(words) else row.bbox.x1)
            return " ".join(rest), start
    return "", row.bbox.x1


def find_procedures(sheet: SheetLike, rows: Sequence[Row] | None = None,
                    callouts: Sequence[SafetyCallout] | None = None) -> tuple[ProcedureStep, ...]:
    """The numbered procedure steps of a page of running text (see the module docstring)."""
    rows = page_rows(sheet) if rows is None else rows
    if not rows:
        return ()
    size = sheet.reading.body_size or rows[0].size
    pitch = _pitch(rows, size)
    right = _right_edge(rows)
    bold = bold_body(rows, size)
    callouts = find_safety_callouts(sheet, rows) if callouts is None else callouts
    taken = {i for c in callouts for i in c.rows}
    stack: list[_Open] = []
    procedure = 0
    rules = rules_for(sheet, 0)
    labelled: dict[int, tuple[list[Label], str, float]] = {}
    for row in rows:
        labels = _step_label(row.text) if row.index not in taken else None
        if labels and _TOC_END.search(row.text) and len(row.chunks) > 1 and row.chunks[-1].text.strip().isdigit():
            labels = None  # a contents line: title and page number
        if labels and _in_table(rules, row):
            labels = None  # a numbered row of a ruled table, not a step
        if labels:
            labelled[row.index] = (labels, *_label_split(sheet, row, labels[0]))
    first = next((r for r in rows if r.index not in taken), None)
    first_body = first.index if first is not None and not _is_heading(first, size, bold) else -1
    # the labelled rows of the run the page opens with (up to its first heading)
    opening: list[int] = []
    for r in rows[first_body:] if first_body >= 0 else ():
        if _is_heading(r, size, bold) and r.index not in taken:
            break
        if r.index in labelled:
            opening.append(r.index)
    steps: list[_Draft] = []
    current: _Draft | None = None
    after_heading = False
    for row in rows:
        if row.index in taken:
            current = None
            continue
        if current is not None and row.index not in labelled and abs(row.size - current.rows[-1].size) <= 0.15 * size \
                and _wrapped(sheet, current.rows[-1], row, right) \
                and _same_paragraph(current.rows[-1], row, 1.8 * pitch - 0.25 * size, size):
            current.add(row)  # text wrapped from the step (even a bold word)
            continue
        if _is_heading(row, size, bold):
            # a heading ends the step above; numbering that goes on under it (4. after 3.) stays in its
            # procedure, a new 1. starts another
            current, after_heading = None, True
            continue
        placed = None
        if row.index in labelled:
            labels, text, x_text = labelled[row.index]
            if after_heading and any(lb.value == 1 and not lb.parent for lb in labels):
                stack = []  # a first step under a heading opens a procedure of its own
            after_heading = False
            indents: list[float] = []
            if not stack and row.index == first_body:
                # a page opening with a step: going on from the page before when it is not a first step or
                # when steps further down sit shallower (as deep as their distinct indents)
                lx = row.bbox.x0
                shallower = [(rows[k].bbox.x0, labelled[k][2]) for k in opening
                             if rows[k].bbox.x0 < lx - size or (labelled[k][2] < x_text - 0.5 * size and rows[k].bbox.x0 <= lx + 0.5 * size)]
                indents = _clusters(shallower, size)
            placed = None if indents else _place(labels, stack, x_text, row.bbox.x0, size)
            # the page's first step going on with numbering from the page before (under a running heading)
            first_step = not steps and all(lb.value > 1 for lb in labels)
            if placed is None and not stack and (row.index == first_body or first_step):
                # the reading the next steps go on with (``v.`` is a letter or a roman five)
                later = [lb for k in opening if k != row.index for lb in labelled[k][0]]
                labels = sorted(labels, key=lambda lb: not any(o.cls == lb.cls and o.value > lb.value for o in later))
                placed = _continued(labels, stack, x_text, row.bbox.x0, indents)
        if placed is None:
            if current is not None:
                last = current.rows[-1]
                x_text = current.x_text
                x_label = current.rows[0].bbox.x0
                indented = x_label - 0.6 * size <= row.bbox.x0 <= x_text + 3 * size
                if _same_paragraph(last, row, pitch, size) and (indented or _wrapped(sheet, last, row, right)):
                    current.add(row)
                    continue
            current = None
            continue
        label, level, new = placed
        if new:
            procedure += 1
        text, x_text = _label_split(sheet, row, label)
        current = _Draft(label, level, procedure, [row], [text], x_text)
        steps.append(current)
    out: list[ProcedureStep] = []
    counts: dict[int, int] = {}
    for d in steps:
        counts[d.procedure] = counts.get(d.procedure, 0) + 1
    for d in steps:
        if counts[d.procedure] < 2:
            continue  # a lone "1." is a numbered paragraph, not a procedure
        out.append(ProcedureStep(number=d.label.text, level=d.level, text=_joined(d.texts), procedure=d.procedure,
                                 bbox=BBox.union_all(r.bbox for r in d.rows),
                                 confidence=0.9 if d.label.cls.startswith(("dec", "step", "num")) else 0.8))
    # renumber procedures 1.. in order of appearance after lone labels were dropped
    ids = {p: k + 1 for k, p in enumerate(dict.fromkeys(s.procedure for s in out))}
    return tuple(ProcedureStep(number=s.number, level=s.level, text=s.text, procedure=ids[s.procedure], bbox=s.bbox,
                               confidence=s.confidence) for s in out)


def _clusters(steps: list[tuple[float, float]], size: float) -> list[float]:
    """The distinct indents among steps given as (label start, text start), shallowest first: label starts
    within a size of their neighbour are one indent (right-aligned labels of one level differ a little);
    each indent is given by the text start of its first step."""
    out: list[tuple[float, float]] = []
    for lx, x in sorted(steps):
        if not out or lx - out[-1][0] > size:
            out.append((lx, x))
    return [x for _, x in out]


def _continued(labels: list[Label], stack: list[_Open], x: float, lx: float, indents: list[float]) -> tuple[Label, int, bool]:
    """The first row of a page going on with a numbered procedure of the page before (``5.`` or ``(b)`` at
    the top): one level deeper than the distinct shallower text indents of the steps further down the
    run it opens (a dotted label: the depth its dots give). The steps it hangs under are unknown:
    wildcards at those indents, taken over by the first step printed there."""
    label = labels[0]
    level = len(label.parent) + 1 if label.cls.startswith("dec") else len(indents) + 1
    path = (label.parent + (label.value,)) if label.cls.startswith("dec") else (0,) * (level - 1) + (label.value,)
    for k in range(level - 1):
        at = indents[k] if k < len(indents) else x - (level - 1 - k) * 1e-3
        stack.append(_Open("*", 0, k + 1, at, path[:k + 1], -1e9))
    stack.append(_Open(label.cls, label.value, level, x, path, lx))
    return label, level, True


def _place(labels: list[Label], stack: list[_Open], x: float, lx: float, size: float) -> tuple[Label, int, bool] | None:
    """Where a labelled row goes: (its label reading, level, whether it starts a new procedure), or None when
    the label neither starts nor continues a sequence (a number opening a sentence). ``x`` is where the
    step's text starts, ``lx`` where its label starts (its indents)."""
    # 1. continuing an open sequence of the same pattern (the one nearest in indent: a list may nest the
    # same pattern deeper)
    for label in labels:
        match = [k for k, e in enumerate(stack) if e.cls == label.cls and e.value + 1 == label.value
                 and (not label.parent or e.path[:-1] == label.parent)]
        if match:
            k = min(match, key=lambda i: (abs(stack[i].x - x) + abs(stack[i].lx - lx), -i))
            e = stack[k]
            del stack[k + 1:]
            e.value = label.value
            e.path = e.path[:-1] + (label.value,)
            return label, e.level, False
    # a step under a wildcard (a procedure continued from the page before) takes the wildcard's place
    for label in labels:
        for k in range(len(stack) - 1, -1, -1):
            e = stack[k]
            if e.cls == "*" and abs(e.x - x) <= 0.5 * size:
                del stack[k + 1:]
                e.cls, e.value, e.x, e.lx, e.path = label.cls, label.value, x, lx, e.path[:-1] + (label.value,)
                return label, e.level, False
    # 2. a dotted label under the step it extends
    for label in labels:
        if label.parent and label.value == 1:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k].path == label.parent:
                    del stack[k + 1:]
                    stack.append(_Open(label.cls, 1, stack[k].level + 1, x, label.parent + (1,), lx))
                    return label, stack[-1].level, False
    # 3. a new sequence: a procedure of its own at the top indent, else a sub-level under the step above
    for label in labels:
        if label.value != 1 or label.parent:
            continue
        if not stack or not stack[0].shallower(x, lx, size):
            stack.clear()
            stack.append(_Open(label.cls, 1, 1, x, (1,), lx))
            return label, 1, True
        same = next((k for k, e in enumerate(stack) if e.cls == label.cls and not e.shallower(x, lx, size)), None)
        if same is not None:  # the same pattern restarting under a new parent step
            del stack[same:]
        while len(stack) > 1 and not stack[-1].shallower(x, lx, size):
            stack.pop()
        parent = stack[-1]
        stack.append(_Open(label.cls, 1, parent.level + 1, x, parent.path + (1,), lx))
        return label, stack[-1].level, False
    return None


# -- part numbers -----------------------------------------------------------------------------------------------

_PN_PREFIX = re.compile(r"(?:\bP/N|\bPN|\bP\.N\.|\bpart\s+(?:no\.?|number|#))\s*[:#]?\s*$", re.IGNORECASE)
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9./\-]*[A-Za-z0-9]-?")
_NOT_BEFORE = re.compile(
    r"\b(?:NSN|NIIN|form|task|drawing|dwg|model|spec|specification|standard|std|valve|tag|figure|fig|table|tab|"
    r"section|sheet|sh|page|chapter|para|paragraph|tel|phone|fax|rev|revision|version|ver|serial|s/n|sn|date|"
    r"detail|view|step|ISO|DIN|EN|ASTM|SAE|ANSI|IEC|MIL|AMS|ASME|NFPA|UL|BS|JIS|GB|IP|order\s+no|lot|batch|"
    r"code|ata|eco|ecn)\.?\s*(?:no\.?|number|#)?\s*[:#]?\s*$", re.IGNORECASE)
_LOOKALIKE = [
    re.compile(r"^\d{4}-\d{2}-\d{3}-\d{4}$"),  # NSN
    re.compile(r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{2}|\d{4}))$"),  # dates
    re.compile(r"^(?:MIL|ISO|DIN|EN|ASTM|SAE|ANSI|IEC|IEEE|AMS|ASME|NFPA|UL|BS|JIS|GB|DOD|FED|QQ)(?:[-/]|\d|$)", re.IGNORECASE),
    re.compile(r"^[A-Z]{1,4}-\d{1,5}[A-Z]?$"),  # instrument and equipment tags
    re.compile(r"^\d+(?:[.,]\d+)?$"),  # plain numbers
    re.compile(r"^\d{1,3}-\d{1,3}$"),  # ranges, chapter-page numbers
    re.compile(r"^\d{1,2}(?:\.\d{1,2}){1,3}$"),  # section numbers
]
_UNIT_AFTER = re.compile(r"^\s*(?:mm|cm|m|in|inch|ft|kg|g|lb|N|Nm|N·m|V|A|W|Hz|rpm|psi|bar|°|%)\b")


class PartNumberJSON(TypedDict):
    """A part number in the JSON output (``pages[].part_numbers[]``)."""

    text: str
    prefixed: bool
    bbox: Box
    confidence: float


@dataclass(frozen=True, slots=True, kw_only=True)
class PartNumber:
    """A part number as printed (without its ``P/N`` prefix; hyphen-broken numbers rejoined)."""

    text: str
    prefixed: bool
    bbox: BBox
    confidence: float

    def to_dict(self) -> PartNumberJSON:
        return {"text": self.text, "prefixed": self.prefixed, "bbox": bbox_out(self.bbox),
                "confidence": r2(self.confidence) or 0.0}

    def __repr__(self) -> str:
        return f"<PartNumber {self.text!r}>"


_FILE_END = re.compile(r"\.(?:pdf|html?|txt|zip|png|jpe?g|xml|json)$", re.IGNORECASE)


def _part_number_form(token: str) -> tuple[bool, float]:
    """Whether a token has the form of a part number, and the confidence that form gives: four or more digits
    with a dash, slash or dot inside (0.7), or capitals and digits run together: three or more runs with
    three digits (``E16G301``, ``88E1318``, ``MT41K256M32SLD``), or two or more capitals then four or more
    digits (``ISL9307``; 0.6). Words, file names and URL pieces (three or more small letters) are not."""
    digits = sum(ch.isdigit() for ch in token)
    if len(token) < 6 or sum(ch.islower() for ch in token) >= 3 or _FILE_END.search(token) \
            or any(p.match(token) for p in _LOOKALIKE):
        return False, 0.0
    if digits >= 4 and any(ch in token for ch in "-/."):
        return True, 0.7
    letters = sum(ch.isalpha() for ch in token)
    if token.isalnum() and token.upper() == token and letters >= 1 and digits >= 3:
        runs = len(re.findall(r"[A-Z]+|\d+", token))
        if runs >= 3 or (runs == 2 and token[0].isalpha() and letters >= 2 and digits >= 4):
            return True, 0.6
    return False, 0.0


def _token_box(sheet: SheetLike, row: Row, token: str, fallback: BBox) -> BBox:
    """The box of the words printing ``token`` on ``row`` (and, for a number broken across rows, the piece
    opening the next row inside ``fallback``); ``fallback`` when no word shows it."""
    hits = []
    for c in row.chunks:
        for wid in c.word_ids:
            w = sheet.word(wid)
            core = w.text.strip("()[],;:.")
            if core and any(ch.isdigit() for ch in core) and (core in token or token in core):
                hits.append(w.bbox)
    if not hits:
        return fallback
    box = BBox.union_all(hits)
    if fallback.bottom > row.bbox.bottom + 0.5:  # broken across rows: the rest sits at the start of the next one
        rest = sheet.index.words.intersection((fallback.x0, row.bbox.bottom + 0.5, fallback.x1, fallback.bottom))
        firsts = sorted((sheet.word(w) for w in rest), key=lambda w: (w.bbox.top, w.bbox.x0))
        if firsts:
            box = box.union(firsts[0].bbox)
    return box


def find_part_numbers(sheet: SheetLike, rows: Sequence[Row] | None = None) -> tuple[PartNumber, ...]:
    """The part numbers of a page of running text (see the module docstring)."""
    rows = page_rows(sheet) if rows is None else rows
    out: list[PartNumber] = []
    carried: set[int] = set()  # rows whose first token ends a number hyphenated on the row before
    for k, row in enumerate(rows):
        text = row.text
        prev = rows[k - 1].text if k > 0 and _same_paragraph(rows[k - 1], row, 1e9, 1.0) else ""
        for m in _TOKEN.finditer(text):
            if m.start() == 0 and k in carried:
                continue
            token = m.group(0)
            box = row.bbox
            if m.start() > 0 and text[m.start() - 1] not in " (\t[,;:":
                continue  # inside a longer token (a word with an apostrophe, a URL)
            if token.endswith("-"):
                if m.end() == len(text) and k + 1 < len(rows):
                    nxt = _TOKEN.match(rows[k + 1].text)
                    if nxt is None:
                        continue
                    token = token + nxt.group(0).rstrip("-")
                    box = box.union(rows[k + 1].bbox)
                    carried.add(k + 1)
                else:
                    token = token[:-1]
            while token and token[-1] in ".-/":
                token = token[:-1]
            # what stands before: on this row, and the row before when the token opens this one
            before = text[:m.start()] if m.start() > 0 else prev
            prefixed = bool(_PN_PREFIX.search(before))
            confidence = 0.95
            if not prefixed:
                form, confidence = _part_number_form(token)
                if not form or _NOT_BEFORE.search(before) or _UNIT_AFTER.match(text[m.end():]):
                    continue
            elif sum(ch.isdigit() for ch in token) < 2:
                continue
            out.append(PartNumber(text=token, prefixed=prefixed, bbox=_token_box(sheet, row, token, box),
                                  confidence=confidence))
    return tuple(out)


# -- the analyzer -------------------------------------------------------------------------------------------------


@analyzer("manual", requires={"lines"}, assigns={"procedures", "safety_callouts", "part_numbers"})
def manual_analyzer(sheet: Sheet, settings: None) -> dict[str, object]:
    """Procedures, safety callouts and part numbers on pages of running text (manuals, instructions)."""
    rows = page_rows(sheet)
    callouts = find_safety_callouts(sheet, rows)
    return {"procedures": find_procedures(sheet, rows, callouts), "safety_callouts": callouts,
            "part_numbers": find_part_numbers(sheet, rows)}


_LEVEL_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a")


def draw_procedures(sheet: SheetLike, steps: Sequence[ProcedureStep]) -> list[str]:
    """Gutters and columns of the reading order, and each step boxed in the colour of its level."""
    order = sheet.reading
    out = [svg.box(g, 'fill="#ffd54f" fill-opacity="0.25" stroke="none"', "gutter") for g in order.gutters]
    out += [svg.box(c, 'fill="none" stroke="#999999" stroke-dasharray="4 3" stroke-width="0.5"', "column")
            for c in order.columns]
    for s in steps:
        colour = _LEVEL_COLOURS[(s.level - 1) % len(_LEVEL_COLOURS)]
        out.append(svg.box(s.bbox, f'fill="none" stroke="{colour}" stroke-width="0.6"',
                           f"step {s.number} (level {s.level}, procedure {s.procedure}): {s.text}"))
        out.append(svg.text(s.bbox.x0 - 2, s.bbox.top + 6, f"L{s.level}", f'font-size="6" fill="{colour}" text-anchor="end"'))
    return out


def draw_callouts(sheet: SheetLike, callouts: Sequence[SafetyCallout]) -> list[str]:
    """Each safety callout's box, with its kind and body as the tooltip."""
    return [svg.box(c.bbox, 'fill="#c62828" fill-opacity="0.06" stroke="#c62828" stroke-width="0.8"', f"{c.kind}: {c.text}")
            for c in callouts]


def draw_part_numbers(sheet: SheetLike, pns: Sequence[PartNumber]) -> list[str]:
    """The row holding each part number."""
    return [svg.box(p.bbox, 'fill="none" stroke="#00838f" stroke-width="0.4"', f"part number {p.text}") for p in pns]


def procedure_rows(steps: Sequence[ProcedureStep]) -> list[dict[str, object]]:
    return [{"procedure": s.procedure, "number": s.number, "level": s.level, "text": s.text,
             "confidence": s.confidence} for s in steps]


output("procedures", draw=draw_procedures, rows=procedure_rows, schema=list[ProcedureStepJSON])
output("safety_callouts", draw=draw_callouts, schema=list[SafetyCalloutJSON])
output("part_numbers", draw=draw_part_numbers, schema=list[PartNumberJSON])

__all__ = ["PartNumber", "ProcedureStep", "Row", "SafetyCallout", "colour_name", "find_part_numbers",
           "find_procedures", "find_safety_callouts", "page_rows"]
