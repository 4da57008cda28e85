"""Ruled tables (bills of materials, revision tables, drawing indexes) as records.

The analyzer anchors on header rows: a ruled cell whose text is a header word
(``ITEM``, ``QTY``, ``Benennung``, ``REV``, ``Datum`` ...) gives the header band
and its columns (the vertical rules crossing it). From there the table grows
row by row, up and down, while each band between two horizontal rules has its
vertical rules on the header's column lines. That is what keeps a parts list
apart from the title block it sits on, and a revision table apart from the
sheet frame it touches, where a plain lattice finder merges them. Cells are the
regions of the row × column grid without a rule between them (merged cells);
a cell's text is every word inside it, lines joined by a space (two-line cells).

Header at the bottom (ISO parts lists): rows then count upward; data rows are
returned in item order when the item column counts 1, 2, 3 ..., else in
reading order away from the header. Tables turned 90° or 270° are found in the turned frame.
Only tables whose header says what they are (``bom``, ``revision``,
``drawing_index``) are reported; unlabelled grids (``other``) are not yet (partial).

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(
...     text=[("ITEM", 12, 18, 0, 5), ("QTY", 42, 18, 0, 5), ("1", 12, 28, 0, 5), ("4", 42, 28, 0, 5)],
...     rects=[(10, 10, 40, 20), (40, 10, 70, 20), (10, 20, 40, 30), (40, 20, 70, 30)])
>>> (table,) = find_tables(sheet, TableSettings())
>>> table.kind.value, table.header, table.columns, table.rows
('bom', ('ITEM', 'QTY'), ('item', 'quantity'), (('1', '4'),))
>>> table.to_records()
[{'item': '1', 'quantity': '4'}]
"""

from __future__ import annotations

import csv
import enum
import io
import re
import unicodedata
from dataclasses import dataclass, field, replace
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from pdftract.analyzers.confidence import clamp, drawn_text_factor_in, recovery_factor
from pdftract.analyzers.labels import match_texts
from pdftract.analyzers.grid import Rules, box_from_frame, box_to_frame, cell_around, from_frame, rules_for
from pdftract.analyzers.notation import DATE_FORM
from pdftract.analyzers.unruled import AlignedTable, find_unruled_tables
from pdftract.geometry import BBox, clip, fmt_box
from pdftract.index import BoxIndex, BoxSet
from pdftract.model.primitives import REPLACEMENT_CHARACTER
from pdftract.model.sheet import Sheet, SheetLike
from pdftract.model.text import Word
from typing_extensions import TypedDict

from pdftract import svg
from pdftract.jsonvalues import Box, bbox_out, r2
from pdftract.registry import analyzer, output
from pdftract.settings import Settings


class TableKind(str, enum.Enum):
    BOM = "bom"
    REVISION = "revision"
    DRAWING_INDEX = "drawing_index"
    OTHER = "other"


#: printed header words (normalised: upper case, no trailing dots or colons) per canonical column key: English and
#: German, and the common ones of Spanish, French, Italian, Portuguese, Russian (ESKD), Hungarian, Vietnamese, Czech and
#: Chinese parts lists
HEADER_WORDS: dict[str, tuple[str, ...]] = {
    "item": ("ITEM", "ITEM NO", "ITEM NUMBER", "POS", "POSITION", "NO", "FIND NO", "BOM", "BOM ID", "NR", "LFD NR", "PC NO",
             # Spanish, French, Italian, Portuguese, Russian
             "NO DE ELEM", "NO DE ELEMENTO", "N.º DE ELEMENTO", "ELEMENTO", "MARCA", "REP", "REPÈRE", "ПОЗ",
             # Hungarian, Vietnamese
             "TÉTELSZÁM", "SORSZÁM", "TT", "STT",
             # Czech
             "POZ", "POZICE", "POLOŽKA",
             # Chinese (GB/T 10609.2)
             "序号"),
    "quantity": ("QTY", "QUANTITY", "MENGE", "ANZAHL", "STK", "STÜCK", "CANT", "CANTIDAD", "Q'TY", "PCS", "QTÉ", "QUANTITÉ",
                 "QUANTITÀ", "QTÀ", "Q.TÀ", "QTD", "QUANTIDADE", "КОЛ", "КОЛ-ВО",
                 # Hungarian, Vietnamese
                 "DB", "DARAB", "MENNYISÉG", "SL", "SỐ LƯỢNG",
                 # Czech
                 "KS", "POČET", "MNOŽSTVÍ",
                 # Polish, Dutch, Swedish/Danish, Romanian
                 "ILOŚĆ", "AANTAL", "ANTAL", "BUC", "QTE",
                 # Chinese
                 "数量"),
    "designator": ("REFERENCE", "REFERENCES", "REF DES", "REFDES", "DESIGNATOR", "DESIGNATORS", "REFERENCE DESIGNATOR",
                   "REFERENCE DESIGNATORS"),
    "part_number": ("PART NO", "PART NUMBER", "P/N", "PN", "SACHNUMMER", "TEILENUMMER", "ARTIKELNUMMER", "MODEL", "PART", "DWG NO",
                    "DRAWING NO", "DRAWING NUMBER",
                    # Romanian: the part's number
                    "NUMAR REPER", "NUMĂR REPER",
                    "NO DE PIEZA", "NÚMERO DE PIEZA", "REFERENCIA", "RÉFÉRENCE", "CODICE", "ОБОЗНАЧЕНИЕ",
                    # Hungarian, Vietnamese
                    "CIKKSZÁM", "RAJZSZÁM", "KÝ HIỆU",
                    # Chinese
                    "代号"),
    "description": ("DESCRIPTION", "PART NAME", "BENENNUNG", "BEZEICHNUNG", "DESCRIPCIÓN", "DESCRIPCION", "DESCRIPCIÓN DESCRIPTION", "COMMENT", "COMMENTS", "ÄNDERUNG",
                    "CHANGES", "CHANGE", "CHANGE LIST", "REMARKS", "REVISION DESCRIPTION", "DENOMINACIÓN", "DENOMINACION", "DÉSIGNATION",
                    "DESIGNATION", "DENOMINAZIONE", "DESCRIZIONE", "DESCRIÇÃO", "DENOMINAÇÃO", "НАИМЕНОВАНИЕ",
                    "OBSERVACIONES", "OBSERVATIONS", "ПРИМЕЧАНИЕ",
                    # the change's text in a revision table: French, Spanish, Portuguese, Italian, German, Dutch
                    "MODIFICATION", "MODIFICATIONS", "MODIFICACIÓN", "MODIFICAÇÃO", "ALTERAÇÃO", "MODIFICA", "MODIFICHE",
                    "NOTAS", "NOTAS DA VERSÃO", "BESCHREIBUNG", "ÄNDERUNGEN", "OMSCHRIJVING",
                    # Romanian: name of the part, remarks
                    "DENUMIRE", "DENUMIRE REPER", "OBS",
                    # Hungarian, Vietnamese
                    "MEGNEVEZÉS", "TÊN GỌI", "GHI CHÚ", "MEGJEGYZÉS",
                    # Czech: name, description, change, text of the change
                    "NÁZEV", "POPIS", "ZMĚNA", "TEXT ZMĚNY", "POPIS ZMĚNY",
                    # Chinese: name, remarks; a revision table's description, change's content
                    "名称", "备注", "描述", "变更内容", "更改内容", "修改内容", "变更说明"),
    "material": ("MATERIAL", "MATL", "WERKSTOFF", "MAT", "MATERIALE", "MATIÈRE", "МАТЕРИАЛ",
                 # Hungarian, Vietnamese, Chinese
                 "ANYAG", "VẬT LIỆU", "材料", "MATERIÁL"),
    "revision": ("REV", "REVISION", "INDEX", "REV NO", "STATE", "ZUSTAND", "LTR", "REVISIÓN", "RÉVISION", "REVISIONE", "VERSION",
                 "ISSUE", "ISSUE NO",
                 # Spanish, Portuguese, French, Italian ("Indice | Modification | Date | Visa"), Dutch, Polish, Romanian
                 "ÍNDICE", "INDICE", "IND", "VERSIÓN", "VERSÃO", "REVISÃO", "VER", "Nº VER", "Nº REV", "N° REV", "N° VER",
                 "REV NR", "NR REV", "WERSJA", "VERSIUNE", "REVIZIE",
                 # Chinese: version, edition
                 "版本", "版次"),
    "zone": ("ZONE", "ZONA", "ЗОНА"),
    "date": ("DATE", "DATUM", "FECHA", "ДАТА",
             # Hungarian, Vietnamese
             "DÁTUM", "NGÀY",
             # Portuguese, Italian, Polish, Romanian, Danish/Norwegian, Turkish, Japanese, Chinese
             "DATA", "DATO", "TARİH", "日付", "日期",
             # Chinese: the change's date
             "变更日期", "更改日期", "修改日期"),
    "approved": ("APPROVED", "APPR", "APPD", "ENGINEER", "BY", "SIGN", "CHECKED", "AUTHOR", "PODPIS",
                 # signature, approval and check in Spanish, Portuguese, Italian, French, German, Romanian
                 "FIRMA", "ASSINATURA", "VISA", "VISTO", "APROBADO", "APROVADO", "APPROVATO", "VERIFICADO", "REVISADO",
                 "GEPRÜFT", "GENEHMIGT", "UNTERSCHRIFT", "SEMNĂTURA", "SEMNATURA",
                 # Chinese: drawn, checked, approved (a revision table's columns of who)
                 "制图", "审核", "批准"),
    "eco": ("ECO", "ECN", "ECR", "ECO NO"),
    "sheet": ("SHEET", "SH", "BLATT", "SHEET NO", "SHEET NUMBER", "HOJA", "FEUILLE", "FOGLIO", "ЛИСТ"),
    "title": ("TITLE", "SHEET TITLE", "DRAWING TITLE", "SHEET NAME", "DRAWING NAME"),
    "name": ("NAME",),  # the approver in a revision table, the description in a parts list
}
#: the CJK ideographs (the unified block and extension A)
_IDEOGRAPHS = "\u3400-\u9fff"
#: a CJK ideograph
_CJK = re.compile(f"[{_IDEOGRAPHS}]")
#: a space between two CJK ideographs
_CJK_SPACED = re.compile(f"(?<=[{_IDEOGRAPHS}])\\s+(?=[{_IDEOGRAPHS}])")
_PHRASE_KEY = {phrase: key for key, phrases in HEADER_WORDS.items() for phrase in phrases}


def normalise_header(text: str) -> str:
    t = unicodedata.normalize("NFC", text).upper().strip()
    t = re.sub(r"\s+", " ", t)
    t = _CJK_SPACED.sub("", t)  # "代 号": CJK headers are spread over their cell with spaces between the characters
    t = re.sub(r"[.:]+$", "", t).strip()
    t = re.sub(r"\.(?=\s|$)", "", t)  # "PART NO." -> "PART NO"
    return t


def header_key(text: str) -> str | None:
    """The column key a header cell names, ``None`` when it names none. A header that names none but would with
    one round letter swapped for its look-alike (``O``/``Q``/``0``: ``OTY``, text read back from drawn shapes)
    names that key when exactly one swap does.

    >>> header_key("Qty."), header_key("OTY"), header_key("FOO"), header_key("Revisions:")
    ('quantity', 'quantity', None, 'revision')
    """
    t = normalise_header(text)
    key = _PHRASE_KEY.get(t)
    if key is None and len(t) >= 5 and t.endswith("S") and t[-2].isalpha():
        key = _PHRASE_KEY.get(t[:-1])  # a header in the plural ("Revisions:", "Materials") names its singular's column
    if key is not None or not any(c in "OQ0" for c in t):
        return key
    hits = {k for i, c in enumerate(t) if c in "OQ0" for alt in "OQ0" if alt != c
            if (k := _PHRASE_KEY.get(t[:i] + alt + t[i + 1:])) is not None}
    return hits.pop() if len(hits) == 1 else None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSettings(Settings):
    """Tolerances of the table finder, in points unless said otherwise."""

    snap: float = 1.0  # rules this close count as one line
    cover: float = 0.8  # a rule must cover this fraction of a cell side to bound it
    min_keys: int = 2  # distinct header words a header row needs
    max_row_factor: float = 8.0  # a row taller than this many header heights ends the table

    def validate(self) -> None:
        if not 0 < self.cover <= 1:
            self.fail("cover", "must be in (0, 1]")
        if self.min_keys < 1:
            self.fail("min_keys", "must be >= 1")


class CellJSON(TypedDict):
    """A table cell in the JSON output."""

    row: int
    col: int
    rowspan: int
    colspan: int
    bbox: Box
    text: str


class TableJSON(TypedDict):
    """A table in the JSON output (``pages[].tables[]``)."""

    kind: str
    bbox: Box
    header: list[str]
    columns: list[str]
    rows: list[list[str]]
    header_at: str
    direction: int
    confidence: float | None
    cells: list[CellJSON]


@dataclass(frozen=True, slots=True, kw_only=True)
class Cell:
    """One cell of the grid: its first row and column (data rows numbered as in ``rows``), spans, box, text."""

    row: int
    col: int
    rowspan: int
    colspan: int
    bbox: BBox
    text: str
    word_ids: tuple[int, ...]

    def __repr__(self) -> str:
        return f"<Cell r{self.row} c{self.col} {clip(self.text, 30)!r}>"

@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """A ruled table. ``rows`` hold the data rows (header excluded), merged cells repeated in each row they cover.

    ``direction`` is the reading direction of its text on the page (90 for a table
    turned on a portrait sheet); ``header_at`` says where the header row sits.
    """

    kind: TableKind
    bbox: BBox
    header: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    header_at: str
    direction: int
    cells: tuple[Cell, ...] = ()
    #: how sure the reading is (see :func:`table_confidence`)
    confidence: float = 1.0
    debug: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_records(self) -> list[dict[str, str]]:
        """One dict per data row keyed by the canonical column keys (a repeated key gets ``_2``, ``_3``...)."""
        keys: list[str] = []
        for k in self.columns:
            name, n = k, 2
            while name in keys:
                name, n = f"{k}_{n}", n + 1
            keys.append(name)
        return [dict(zip(keys, row, strict=True)) for row in self.rows]

    def to_csv(self) -> str:
        """The printed header and the data rows as CSV text."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(self.header)
        w.writerows(self.rows)
        return buf.getvalue()

    def to_pandas(self) -> Any:
        """A pandas DataFrame with the canonical column keys (needs the optional ``pandas`` extra)."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install 'pdftract[pandas]'") from exc
        return pd.DataFrame(self.to_records())

    def to_dict(self) -> TableJSON:
        return {
            "kind": self.kind.value,
            "bbox": bbox_out(self.bbox),
            "header": list(self.header),
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "header_at": self.header_at,
            "direction": self.direction,
            "confidence": r2(self.confidence),
            "cells": [
                {"row": c.row, "col": c.col, "rowspan": c.rowspan, "colspan": c.colspan, "bbox": bbox_out(c.bbox), "text": c.text}
                for c in self.cells
            ],
        }


# -- the finder --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<Table {self.kind.value}: {len(self.rows)} rows x {len(self.columns)} columns "
                f"({clip(', '.join(self.columns), 60)}) at {fmt_box(self.bbox)}, confidence {self.confidence:.2f}>")

    def _repr_html_(self) -> str:
        from pdftract.notebook import table_html

        return table_html(self)

#: a frame with more words than this looks up the words centred in a box through an R-tree of their centres
#: (a page of many tables reads many cells; scanning every word per cell grew with the square of the page)
_SCAN_WORDS = 64


@dataclass
class _Frame:
    direction: int
    rules: Rules
    words: list[tuple[Word, BBox]]  # words of this direction with their boxes in the frame
    _centres: BoxIndex | None = field(default=None, init=False, repr=False, compare=False)

    def centred_in(self, box: tuple[float, float, float, float]) -> list[tuple[Word, BBox]]:
        """The words whose centre lies in ``box`` (edges included), in the frame's order."""
        x0, top, x1, bottom = box
        if len(self.words) <= _SCAN_WORDS:
            candidates: Iterable[int] = range(len(self.words))
        else:
            if self._centres is None:
                self._centres = BoxIndex.from_arrays(np.arange(len(self.words)), np.array(
                    [((b.x0 + b.x1) / 2, (b.top + b.bottom) / 2, (b.x0 + b.x1) / 2, (b.top + b.bottom) / 2) for _w, b in self.words],
                    dtype=np.float64).reshape(-1, 4))
            pad = 1e-6 * (1.0 + max(abs(x0), abs(x1), abs(top), abs(bottom)))  # the exact test below decides
            candidates = sorted(self._centres.intersection((x0 - pad, top - pad, x1 + pad, bottom + pad)))
        words = self.words
        return [words[i] for i in candidates
                if x0 <= (words[i][1].x0 + words[i][1].x1) / 2 <= x1 and top <= (words[i][1].top + words[i][1].bottom) / 2 <= bottom]

    def inside(self, box: tuple[float, float, float, float]) -> _Frame:
        """The frame cut to the words centred in ``box``."""
        return _Frame(self.direction, self.rules, self.centred_in(box))


def _words_for(sheet: SheetLike) -> list[Word]:
    layout = sheet.layout
    shadowed = set(layout.shadowed_line_ids)
    return [w for w in layout.words if w.line_id not in shadowed]


def _direction_of(w: Word) -> int | None:
    d = round(w.direction) % 360
    return d if d in (0, 90, 180, 270) else None


def find_tables(sheet: SheetLike, settings: TableSettings) -> tuple[Table, ...]:
    frames = _frames(sheet, _words_for(sheet))
    tables: list[Table] = []
    for frame in frames:
        seen: set[tuple[int, int, int, int]] = set()
        for w, wb in [*frame.words, *_spread_words(frame.words)]:
            if _seed(w.text):
                t = _table_from_seed(frame, wb, settings, seen)
                if t is None:
                    continue
                twin = next((k for k, o in enumerate(tables) if _same_table(t, o)), None)
                if twin is None:
                    tables.append(t)
                elif len(" ".join(t.header)) > len(" ".join(tables[twin].header)):
                    tables[twin] = t  # of one table found twice, the reading whose header band holds all its text
    tables.extend(_other_grids(frames, settings, [t.bbox for t in tables]))
    tables.sort(key=lambda t: (t.bbox.top, t.bbox.x0))
    return tuple(tables)


def _same_table(a: Table, b: Table) -> bool:
    """Whether two tables are one found twice: the same rows over nearly the same box (a header band ruled by a
    double line, seeded from a word between its rules and from one reaching over the inner one)."""
    if a.kind != b.kind or a.rows != b.rows or len(a.header) != len(b.header):
        return False
    inter = a.bbox.intersection(b.bbox)
    return inter is not None and inter.area >= 0.8 * max(a.bbox.area, b.bbox.area)


def _spread_words(words: list[tuple[Word, BBox]]) -> list[tuple[Word, BBox]]:
    """Header words spread over their cell one CJK character at a time ("代 号"): each run of single-ideograph words of
    one line, as one word (the first character's, with the run's text) at the run's box."""
    by_line: dict[int, list[tuple[Word, BBox]]] = {}
    for w, b in words:
        if len(w.text) == 1 and _CJK.match(w.text):
            by_line.setdefault(w.line_id, []).append((w, b))
    out: list[tuple[Word, BBox]] = []
    for run in by_line.values():
        if len(run) >= 2:
            run.sort(key=lambda wb: wb[1].x0)
            out.append((replace(run[0][0], text="".join(w.text for w, _b in run)), BBox.union_all(b for _w, b in run)))
    return out


def _seed(text: str) -> bool:
    """A header word a table is looked for from."""
    return header_key(text) is not None or normalise_header(text) in ("PART", "ITEM", "DWG")


def _frames(sheet: SheetLike, words: list[Word]) -> list[_Frame]:
    """One frame per reading direction of the words that has both horizontal and vertical rules."""
    out = []
    for direction in sorted({d for w in words if (d := _direction_of(w)) is not None}):
        rules = rules_for(sheet, direction)
        if len(rules.h) and len(rules.v):
            out.append(_Frame(direction, rules, _cut_at_rules(sheet, rules, [(w, box_to_frame(direction, w.bbox)) for w in words
                                                                              if _direction_of(w) == direction])))
    return out


#: a word is cut at a rule only into parts of this many characters at least
CUT_PART = 3


def _cut_at_rules(sheet: SheetLike, rules: Rules, words: list[tuple[Word, BBox]]) -> list[tuple[Word, BBox]]:
    """Words with a vertical rule running through them across their whole height cut at the rule, each part
    the characters on its side: text set tight against a column rule, read on across it as one word
    (a drill chart's ``+0.0762/-0.0762`` and ``NON-PLATED`` in two cells read ``+0.0762/-0.0762NON-PLATED``). The
    parts keep the word's id. A word whose text is not its characters' (a ``±`` made of two marks) stays whole, and
    so does one a part of which would be shorter than :data:`CUT_PART` characters: text running a little past its
    cell (a name's last letters, a date's last figure) is the overflow of that cell, not the next one's."""
    if not len(rules.v):
        return words
    glyphs = sheet.glyphs
    out: list[tuple[Word, BBox]] = []
    for w, b in words:
        if len(w.glyph_ids) < 2 * CUT_PART:
            out.append((w, b))
            continue
        cuts = rules.v_near(b.x0 + 0.5, b.x1 - 0.5, b.top, b.bottom, 0.9 * (b.bottom - b.top))
        if len(cuts) == 0 or "".join(glyphs[g].text for g in w.glyph_ids) != w.text:
            out.append((w, b))
            continue
        xs = sorted({float(c[0]) for c in cuts})
        parts: dict[int, list[int]] = {}
        for g in w.glyph_ids:
            gb = box_to_frame(rules.direction, glyphs[g].bbox)
            parts.setdefault(sum(x < (gb.x0 + gb.x1) / 2 for x in xs), []).append(g)
        if len(parts) < 2 or min(len(p) for p in parts.values()) < CUT_PART:
            out.append((w, b))  # a word's end running past its cell's rule (``Menendez``, ``12/10/22``) is still its cell's
            continue
        for k in sorted(parts):
            box = BBox.union_all(glyphs[g].bbox for g in parts[k])
            out.append((replace(w, text="".join(glyphs[g].text for g in parts[k]), glyph_ids=tuple(parts[k]), bbox=box),
                        box_to_frame(rules.direction, box)))
    return out


#: an unlabelled grid is reported with this many data rows at least (fewer: a form's boxes, a frame's zones), unless
#: a header row of its own heads at least :data:`MIN_SHORT_GRID_COLUMNS` columns, every cell filled
MIN_GRID_ROWS = 3
MIN_SHORT_GRID_COLUMNS = 3
#: confidence of a grid read without a header that says what it is
GRID_CONFIDENCE = 0.6
#: a named column of an unlabelled grid with text in this share of its rows at most is a column of drawn marks, not
#: a gap in its lattice of values
SPARSE_COLUMN = 0.2


def _other_grids(frames: list[_Frame], s: TableSettings, taken: list[BBox]) -> list[Table]:
    """Ruled grids whose header names no known column (a general-tolerance table, a motor's data sheet): kept
    as ``other`` tables when they are a full lattice (every row cut by the same column rules, two columns or
    more, :data:`MIN_GRID_ROWS` data rows or more) whose cells hold one or two lines of text, some of them
    numbers, and no label of a title block (no ``Label:`` cells, no title-block label words). A title band over
    the grid (one cell across its width) is its header; else a row of words only over (or under) rows of
    numbers; else the header is empty. Each ruled cell is tried once, whatever the number of its words.
    Partial: grids with merged data cells are not reported unless their header names them (those are
    :func:`find_tables`'s)."""
    out: list[Table] = []
    for frame in frames:
        done = BoxSet(box_to_frame(frame.direction, b) for b in taken)
        tried: set[tuple[float, float, float, float]] = set()
        for w, wb in frame.words:
            if not any(ch.isdigit() for ch in w.text):
                continue  # a grid of values holds a number somewhere: its cells are tried from there
            cell = _cell_around(frame.rules, wb, s)
            if cell is None or cell in tried or wb.center in done:
                continue
            tried.add(cell)
            t = _grid_from_seed(frame, cell, s)
            if t is not None:
                done.add(box_to_frame(frame.direction, t.bbox))
                out.append(t)
    return out


def _grid_from_seed(frame: _Frame, cell: tuple[float, float, float, float], s: TableSettings) -> Table | None:
    """The full lattice of values around one ruled cell, as an ``other`` table (see :func:`_other_grids`)."""
    rules = frame.rules
    x0, top, x1, bottom = cell
    top_edges = rules.h_near(top - s.snap, top + s.snap, x0, x1, 0.5 * (x1 - x0))
    bot_edges = rules.h_near(bottom - s.snap, bottom + s.snap, x0, x1, 0.5 * (x1 - x0))
    if len(top_edges) == 0 or len(bot_edges) == 0:
        return None
    left = max(float(top_edges[:, 1].min()), float(bot_edges[:, 1].min()))
    right = min(float(top_edges[:, 2].max()), float(bot_edges[:, 2].max()))
    xs = _band_columns(rules, top, bottom, left, right, s)
    if len(xs) < 3:
        return None
    x_left, x_right = xs[0], xs[-1]
    pitch = bottom - top

    def columns(b_top: float, b_bottom: float) -> list[float]:
        # within the grid's own edges: a frame line just outside it (a table in the frame's corner) is no column
        return _band_columns(rules, b_top, b_bottom, x_left, x_right, s)  # it reaches a snap past them

    def same(b_top: float, b_bottom: float) -> bool:
        if not 0.5 * pitch <= b_bottom - b_top <= 2.0 * pitch:
            return False
        cols = columns(b_top, b_bottom)
        return len(cols) == len(xs) and all(abs(c - x) <= 2 * s.snap for c, x in zip(cols, xs, strict=True)) \
            and rules.h_cover(b_top, x_left, x_right, s.snap) >= 0.9 and rules.h_cover(b_bottom, x_left, x_right, s.snap) >= 0.9

    def next_rule(y: float, downward: bool) -> float | None:
        return _next_rule(rules, y, downward, x_left, x_right, 0.9)

    if not same(top, bottom):
        return None
    bands = [(top, bottom)]
    while (ny := next_rule(bands[-1][1], True)) is not None and same(bands[-1][1], ny):
        bands.append((bands[-1][1], ny))
    while (ny := next_rule(bands[0][0], False)) is not None and same(ny, bands[0][0]):
        bands.insert(0, (ny, bands[0][0]))
    header: tuple[str, ...] = ()
    bands_all = list(bands)
    rows: list[tuple[str, ...]] = []
    cells: list[Cell] = []
    filled = total = 0
    grid = frame.inside((x_left, bands[0][0], x_right, bands[-1][1]))
    read = {band: [_cell_text(grid, (xs[c], band[0], xs[c + 1], band[1])) for c in range(len(xs) - 1)] for band in bands}
    texts = [[t for t, _ids, _n in read[band]] for band in bands]
    header_at = "top"
    if len(bands) >= 2:
        # a header row of its own columns: words only, over (or under: ISO) rows that hold numbers
        def wordy(row: list[str], units: bool = False) -> bool:
            # (one cell left empty past the first among three or more named: a heading drawn in shapes we could not read,
            # a drill chart's stroked DIAM; with ``units``, headings may hold a unit's figure, as the header row's may,
            # while another row is only as wordy as a header when it holds no figure at all)
            named = [t for t in row if t]
            return bool(row[0]) and len(named) >= min(len(row), 3) and len(named) >= len(row) - 1 \
                and all(_heading_text(t) if units else not any(ch.isdigit() for ch in t) for t in named)

        def numeric(rows_: list[list[str]]) -> bool:
            return sum(any(any(ch.isdigit() for ch in t) for t in row) for row in rows_) >= 0.5 * len(rows_)

        for at, k in (("top", 0), ("bottom", len(bands) - 1)):
            rest = [row for row in texts[:k] + texts[k + 1:] if any(row)]  # blank pre-printed rows say nothing
            if rest and wordy(texts[k], units=True) and not any(wordy(row) for row in rest) and numeric(rest):
                header, header_at = tuple(texts[k]), at
                cells.extend(Cell(row=-1, col=c, rowspan=1, colspan=1, text=t, word_ids=(),
                                  bbox=box_from_frame(frame.direction, BBox(xs[c], bands[k][0], xs[c + 1], bands[k][1])))
                             for c, t in enumerate(texts[k]))
                bands = bands[:k] + bands[k + 1:]
                break
    # title bands over the grid, each one cell across its whole width: the header when the grid has no header row
    # of its own (`Tolerances acc. ISO 2768-m` over its ranges), else captions over it (a drill chart's `DRILL
    # CHART: TOP to BOTTOM` and `ALL UNITS ARE IN MILLIMETERS` over `FIGURE | SIZE | ... | QTY`), kept as cells of
    # rows -2, -3 ..
    titles: list[tuple[str, tuple[float, float]]] = []
    if header_at == "top":
        while len(titles) < (2 if header else 1) and (ny := next_rule(bands_all[0][0], False)) is not None \
                and 0.5 * pitch <= bands_all[0][0] - ny <= 2.5 * pitch:
            cols = columns(ny, bands_all[0][0])
            if not (len(cols) == 2 and abs(cols[0] - x_left) <= 2 * s.snap and abs(cols[1] - x_right) <= 2 * s.snap):
                break
            band = (ny, bands_all[0][0])
            text, _ids, nlines = _cell_text(frame.inside((x_left, ny, x_right, band[1])), (x_left, ny, x_right, band[1]))
            if not text or nlines > 2:
                break
            titles.append((text, band))
            bands_all.insert(0, band)
    if titles and not header:
        header = (titles[0][0],)
    elif titles:
        cells.extend(Cell(row=-2 - i, col=0, rowspan=1, colspan=len(xs) - 1, text=text, word_ids=(),
                          bbox=box_from_frame(frame.direction, BBox(x_left, band[0], x_right, band[1])))
                     for i, (text, band) in enumerate(titles))
    if header_at == "bottom":
        bands = bands[::-1]  # rows counted away from the header, as the other tables'
    for b_top, b_bottom in bands:
        if not any(t for t, _ids, _n in read[(b_top, b_bottom)]):
            continue  # a pre-printed blank row (a list form's rows not filled yet), as the other tables drop them
        r = len(rows)
        row = []
        for c, (text, ids, nlines) in enumerate(read[(b_top, b_bottom)]):
            if nlines > 2 or (text and (":" in text.rstrip(":")[:-1] or text.rstrip().endswith(":"))):
                return None  # a paragraph, or a label with its value: a form or a title block, no table
            if text and match_texts(text.split()) is not None:
                return None
            total += 1
            filled += bool(text)
            row.append(text)
            cells.append(Cell(row=r, col=c, rowspan=1, colspan=1, text=text, word_ids=ids,
                              bbox=box_from_frame(frame.direction, BBox(xs[c], b_top, xs[c + 1], b_bottom))))
        rows.append(tuple(row))
    # a short grid (one or two rows: a board's impedance line under Thickness | Impedance | Width ...) stands on its own
    # header row of words, none a title block's label, over every cell filled and no blank row (a block's SCALE | SHEET
    # over 1:1 | 1/1 is no table, nor a list form's one filled row over its blank ones)
    # (every header cell a word of two letters or more: single letters over figures are a frame's zones or a form)
    # (and each cell one line: two lines in every cell of a band are two rows the grid does not rule, a KiCad sheet's
    # GPIO0 over GPIO2, which a short grid cannot tell from two-line cells)
    headed = len(header) == len(xs) - 1 >= MIN_SHORT_GRID_COLUMNS and filled == total and len(rows) == len(bands) \
        and all(sum(ch.isalpha() for ch in h) >= 2 and match_texts(h.split()) is None for h in header) \
        and all(n <= 1 for band in bands for _t, _ids, n in read[band])
    # (under a header of its own, a column left empty in every row, a drill chart's TOL or NOTE, is no gap in the lattice;
    # nor is one with text in a fifth of its rows at most: a drill chart's FIGURE column of drawn symbols, a stray
    # letter of one read now and then)
    blank = sum(len(rows) - n for c in range(len(xs) - 1) if len(header) == len(xs) - 1 and header[c]
                and (n := sum(1 for row in rows if row[c])) <= SPARSE_COLUMN * len(rows))
    if (len(rows) < MIN_GRID_ROWS and not (rows and headed)) or filled < 0.8 * (total - blank) \
            or not any(any(ch.isdigit() for ch in t) for row in rows for t in row):
        return None
    if header and header_at == "top" and len(header) == 1 and len(xs) > 2:
        cells.insert(0, Cell(row=-1, col=0, rowspan=1, colspan=len(xs) - 1, text=header[0], word_ids=(),
                             bbox=box_from_frame(frame.direction, BBox(x_left, bands_all[0][0], x_right, bands_all[0][1]))))
    if len(header) == len(xs) - 1 and header_at == "top" and (foot := _footer(frame, s, xs, bands_all[-1][1], pitch)) is not None:
        # a closing row whose cells span columns (a drill chart's TOTAL under its rows): each span's text in its first column
        band, spans = foot
        r, row = len(rows), [""] * (len(xs) - 1)
        for i0, i1 in spans:
            text, ids, _n = _cell_text(frame, (xs[i0], band[0], xs[i1], band[1]))
            row[i0] = text
            cells.append(Cell(row=r, col=i0, rowspan=1, colspan=i1 - i0, text=text, word_ids=ids,
                              bbox=box_from_frame(frame.direction, BBox(xs[i0], band[0], xs[i1], band[1]))))
        rows.append(tuple(row))
        bands_all.append(band)
    keys = tuple(f"col{i + 1}" for i in range(len(xs) - 1))
    if len(header) == len(xs) - 1:
        keys = tuple(_resolve(header_key(h), TableKind.OTHER, h) for h in header)
    box = BBox(x_left, bands_all[0][0], x_right, bands_all[-1][1])
    return Table(kind=TableKind.OTHER, bbox=box_from_frame(frame.direction, box), header=header,
                 columns=keys, rows=tuple(rows), header_at=header_at,
                 direction=frame.direction, cells=tuple(cells), confidence=GRID_CONFIDENCE,
                 debug={"columns_x": xs, "bands": bands_all, "frame": frame.direction, "grid": True})


def _footer(frame: _Frame, s: TableSettings, xs: list[float], y: float,
            pitch: float) -> tuple[tuple[float, float], list[tuple[int, int]]] | None:
    """The ruled band right under a grid's last row whose column rules are some of the grid's (cells spanning
    columns), ruled across its width and holding text with a figure, no label: ``((top, bottom), spans)``, each span
    the grid's columns ``[i0, i1)`` one of its cells covers; ``None`` when there is no such band."""
    rules = frame.rules
    ny = _next_rule(rules, y, True, xs[0], xs[-1], 0.9)
    if ny is None or not 0.5 * pitch <= ny - y <= 2.5 * pitch or rules.h_cover(ny, xs[0], xs[-1], s.snap) < 0.9:
        return None
    cols = _band_columns(rules, y, ny, xs[0], xs[-1], s)
    at = [next((i for i, x in enumerate(xs) if abs(c - x) <= 2 * s.snap), None) for c in cols]
    if len(cols) < 3 or len(cols) >= len(xs) or None in at or at[0] != 0 or at[-1] != len(xs) - 1:
        return None
    text, _ids, nlines = _cell_text(frame, (xs[0], y, xs[-1], ny))
    if not any(ch.isdigit() for ch in text) or nlines > 1 or ":" in text or match_texts(text.split()) is not None:
        return None
    idx = [i for i in at if i is not None]
    return (y, ny), list(zip(idx, idx[1:], strict=False))


def _cell_around(rules: Rules, box: BBox, s: TableSettings) -> tuple[float, float, float, float] | None:
    return cell_around(rules, box, snap=s.snap, cover=s.cover)


def _band_columns(rules: Rules, top: float, bottom: float, x0: float, x1: float, s: TableSettings) -> list[float]:
    height = bottom - top
    v = rules.v_near(x0 - s.snap, x1 + s.snap, top, bottom, s.cover * height)
    xs = sorted(set(np.round(v[:, 0], 2).tolist()))
    out: list[float] = []
    for x in xs:
        if out and x - out[-1] <= s.snap:
            continue
        out.append(x)
    return out


#: a row taller than the table's limit is still one when its text runs from this near its top to this near its bottom
#: (in header heights)
FILLED_ROW_EDGE = 1.5


def _filled_band(frame: _Frame, box: tuple[float, float, float, float], header_h: float) -> bool:
    """Whether a band taller than a row may be is one all the same: its text (lines of a revision's long description)
    runs from its top to its bottom, each no farther than :data:`FILLED_ROW_EDGE` header heights from the rule, with
    no gap between lines wider than that; the open drawing area under a table, a few notes in it, is not."""
    words = frame.centred_in(box)
    if not words:
        return False
    edge = FILLED_ROW_EDGE * max(header_h, 4.0)
    spans = sorted((b.top, b.bottom) for _w, b in words)
    if spans[0][0] - box[1] > edge:
        return False
    reach = spans[0][1]
    for top, bottom in spans[1:]:
        if top - reach > edge:
            return False
        reach = max(reach, bottom)
    return box[3] - reach <= edge


def _heading_text(text: str) -> bool:
    """Whether a cell's text reads as a column heading, not a value: no figure, or words with a unit's figure in them
    (``FLOW RATE m³/hr`` read back from strokes as ``m /hr 3``: four letters or more, three for each figure).

    >>> [_heading_text(t) for t in ("QTY", "FLOW RATE m /hr 3/hr (AVERAGE)", "0.66 lit/hr", "10 (Max)", "M6 x 20")]
    [True, True, False, False, False]
    """
    letters = sum(ch.isalpha() for ch in text)
    figures = sum(ch.isdigit() for ch in text)
    return figures == 0 or (letters >= 4 and letters >= 3 * figures)


def _without_outer_rules(cols: list[float], x_left: float, x_right: float, s: TableSettings) -> list[float]:
    """A band's column rules without one just outside the table's edge (the drawing frame's border a point or two
    past a parts list set against it) when the edge's own rule is there too.

    >>> _without_outer_rules([343.9, 435.3, 787.5, 789.8], 343.9, 787.5, TableSettings())
    [343.9, 435.3, 787.5]
    """
    out = list(cols)
    while len(out) >= 2 and out[-1] > x_right + s.snap and abs(out[-2] - x_right) <= s.snap:
        out.pop()
    while len(out) >= 2 and out[0] < x_left - s.snap and abs(out[1] - x_left) <= s.snap:
        out.pop(0)
    return out


def _split_rules(rules: Rules, top: float, bottom: float, xs: list[float], s: TableSettings) -> list[tuple[float, float, float]]:
    """Vertical rules inside the header band's columns that run from its top or bottom edge through part of it (a
    third to four fifths of its height): ``(x, y0, y1)``, the part of the band each one splits."""
    height = bottom - top
    v = rules.v_near(xs[0] + 2 * s.snap, xs[-1] - 2 * s.snap, top, bottom, 0.3 * height)
    out: list[tuple[float, float, float]] = []
    for x, y0, y1 in v.tolist():
        a, b = max(y0, top), min(y1, bottom)
        if any(abs(x - c) <= 2 * s.snap for c in xs) or any(abs(x - o[0]) <= s.snap for o in out) or b - a > 0.8 * height:
            continue
        if abs(a - top) <= s.snap or abs(b - bottom) <= s.snap:
            out.append((float(x), a, b))
    return out


def _next_rule(rules: Rules, y: float, downward: bool, x_left: float, x_right: float, share: float) -> float | None:
    """The nearest horizontal rule below (or above) ``y`` running along ``share`` of ``[x_left, x_right]`` at least."""
    span = x_right - x_left
    if downward:
        cand = rules.h_near(y + 0.5, 1e9, x_left, x_right, share * span)
        return float(cand[:, 0].min()) if len(cand) else None
    cand = rules.h_near(-1e9, y - 0.5, x_left, x_right, share * span)
    return float(cand[:, 0].max()) if len(cand) else None


def _cell_text(frame: _Frame, box: tuple[float, float, float, float]) -> tuple[str, tuple[int, ...], int]:
    """Text of the words centred in ``box`` (reading order in the frame), their ids and their line count."""
    x0, top, x1, bottom = box
    inside = frame.centred_in(box)
    if not inside:
        return "", (), 0
    inside.sort(key=lambda wb: ((wb[1].top + wb[1].bottom) / 2, wb[1].x0))
    lines: list[list[tuple[Word, BBox]]] = []
    for w, b in inside:
        cy = (b.top + b.bottom) / 2
        if lines and abs(cy - (lines[-1][0][1].top + lines[-1][0][1].bottom) / 2) <= 0.4 * max(w.size, 1.0):
            lines[-1].append((w, b))
        else:
            lines.append([(w, b)])
    texts = [" ".join(w.text for w, _b in sorted(ln, key=lambda wb: wb[1].x0)) for ln in lines]
    ids = tuple(w.id for ln in lines for w, _b in ln)
    return " ".join(texts), ids, len(lines)


def _classify(keys: list[str | None]) -> TableKind | None:
    present = {k for k in keys if k}
    if "revision" in present and present & {"date", "description", "approved", "zone", "eco", "name"}:
        return TableKind.REVISION
    if "sheet" in present and present & {"title", "description"} and "quantity" not in present:
        return TableKind.DRAWING_INDEX
    if {"part_number", "title"} <= present and not present & {"quantity", "item"}:  # drawing numbers beside their titles
        return TableKind.DRAWING_INDEX
    if present & {"item", "quantity"} and len(present & {"item", "quantity", "part_number", "description", "material", "name",
                                                          "designator"}) >= 2:
        return TableKind.BOM
    return None


def _resolve(key: str | None, kind: TableKind, printed: str) -> str:
    if key == "name":
        return {TableKind.REVISION: "approved", TableKind.BOM: "description", TableKind.DRAWING_INDEX: "title"}.get(kind, "name")
    if key == "description" and kind is TableKind.DRAWING_INDEX:
        return "title"
    if key is None:  # the printed header as a name, its accents left off ("TEXT ZMĚNY" -> text_zmeny)
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", normalise_header(printed).lower()) if not unicodedata.combining(ch))
        return re.sub(r"[^a-z0-9]+", "_", plain).strip("_") or "column"
    return key


def _header_cells(frame: _Frame, top: float, bottom: float, xs: list[float]) -> list[tuple[str, str | None]]:
    return [_header_cell(frame, (a, top, b, bottom)) for a, b in zip(xs, xs[1:], strict=False)]


def _header_cell(frame: _Frame, box: tuple[float, float, float, float]) -> tuple[str, str | None]:
    """A header cell's text and the column key it names. "序 号": a CJK header's characters spread over its cell (or
    stacked) are one word."""
    text = _CJK_SPACED.sub("", _cell_text(frame, box)[0])
    return text, header_key(text) or _bilingual_key(text)


def _bilingual_key(text: str) -> str | None:
    """A two-language header ("Cant Qty", "Descripción / Description"): both halves must be header words; or a
    header naming one column two ways with a slash ("Revision/Issue", "Qty / Pcs"), whose known parts all name
    the same key.

    >>> _bilingual_key("Descripción / Description"), _bilingual_key("Revision/Issue"), _bilingual_key("Qty/Stk")
    ('description', 'revision', 'quantity')
    >>> _bilingual_key("Date/Name") is None, _bilingual_key("A/B") is None
    (True, True)
    """
    parts = [p for p in re.split(r"\s*/\s*", text) if p]
    if 2 <= len(parts) <= 3:
        known = {header_key(p) for p in parts} - {None}
        if len(known) == 1:
            return known.pop()
    words = text.split()
    if len(words) % 2 == 0 and words:
        half = len(words) // 2
        a, b = header_key(" ".join(words[:half])), header_key(" ".join(words[half:]))
        if a is not None and a == b:
            return a
    return None


#: empty header cells in a row, between named ones, that part two grids sharing the header row's rules
EMPTY_RUN = 3


def _table_from_seed(frame: _Frame, seed: BBox, s: TableSettings, seen: set[tuple[int, int, int, int]]) -> Table | None:
    rules = frame.rules
    cell = _cell_around(rules, seed, s)
    if cell is None:
        return None
    _x0, top, _x1, bottom = cell
    # the header row's extent: where both its top and bottom rules run
    top_edges = rules.h_near(top - s.snap, top + s.snap, cell[0], cell[2], 0.5 * (cell[2] - cell[0]))
    bot_edges = rules.h_near(bottom - s.snap, bottom + s.snap, cell[0], cell[2], 0.5 * (cell[2] - cell[0]))
    if len(top_edges) == 0 or len(bot_edges) == 0:
        return None
    left = max(float(top_edges[:, 1].min()), float(bot_edges[:, 1].min()))
    right = min(float(top_edges[:, 2].max()), float(bot_edges[:, 2].max()))
    xs = [x for x in _band_columns(rules, top, bottom, left, right, s)]
    if len(xs) < 2:
        return None
    # keep the run of columns the seed cell belongs to, bounded by rules at both ends
    headers = _header_cells(frame, top, bottom, xs)
    # a run of EMPTY_RUN or more empty header cells between named ones parts two grids that share the row's rules
    # (a sheet-status grid running into the revision table beside it): the part the seed is in
    centre = (seed.x0 + seed.x1) / 2
    at = next((i for i in range(len(headers)) if xs[i] <= centre <= xs[i + 1]), 0)
    lo, hi, run = 0, len(headers), 0
    for i, (text, _k) in enumerate(headers):
        run = 0 if text else run + 1
        if run >= EMPTY_RUN and i - run + 1 > 0 and any(t for t, _k in headers[i + 1:]):
            if i < at:
                lo = i + 1
            elif i - run + 1 > at:
                hi = min(hi, i - run + 1)
    xs, headers = xs[lo:hi + 1], headers[lo:hi]
    # columns with an empty header at either end belong to whatever the header row runs into
    while len(headers) > 1 and not headers[-1][0]:
        headers.pop()
        xs = xs[:-1]
    while len(headers) > 1 and not headers[0][0]:
        headers.pop(0)
        xs = xs[1:]
    key_band = (round(top), round(bottom), round(xs[0]), round(xs[-1]))
    if key_band in seen:
        return None
    keys = [k for _t, k in headers]
    enough_keys = len({k for k in keys if k}) >= s.min_keys
    # a header band of words only (no digits) over three or more columns may be explained by its rows
    wordy = len(headers) >= 3 and all(t and not any(ch.isdigit() for ch in t) for t, _k in headers)
    if not enough_keys and not wordy:
        return None
    # labels ending in a colon, alone or with their value after it (``Size: A4 | Date: | Rev:``), in two or more
    # cells and half of the band or more, are a form's or a title block's, not a table's column headers
    named = [t for t, _k in headers if t]
    colons = sum(1 for t in named if re.search(r"[^\W\d_]:(\s|$)", t))
    # (unless each is a bare label over two rows or more of text ruled in its columns: ``Revisions: | By:`` over dates
    # and initials, an architectural sheet's revision list; looked at once the rows are found)
    formlike = colons >= 2 and 2 * colons >= len(named)
    if formlike and not all(re.fullmatch(r"[^:]*[^\W\d_]:", t.strip()) for t in named):
        return None
    # ... and so are two or more cells that hold a field's label with its value after it (``SCALE 5:1 | SIZE A3``):
    # a title block's top row, which has no rows under it
    if sum(1 for t in named if _label_with_value(t)) >= 2:
        return None
    # a header cell holds only its label: a label with its value below belongs to a title block
    for (text, key), a, b in zip(headers, xs, xs[1:], strict=False):
        _t, _ids, nlines = _cell_text(frame, (a, top, b, bottom))
        if key is not None and nlines > 1 and header_key(text) is None and len(text.split()) > 3:
            return None
    kind = _classify(keys) if enough_keys else None
    if kind is None and not wordy:
        return None
    seen.add(key_band)
    header_h = bottom - top
    x_left, x_right = xs[0], xs[-1]
    # a header cell split in part of its height ("单件 | 总计" over "重量": unit and total weight) heads two columns
    # whose rule runs on through the rows
    splits = _split_rules(rules, top, bottom, xs, s)
    columns_set = sorted(xs + [x for x, _a, _b in splits])

    def compatible(b_top: float, b_bottom: float) -> bool:
        if b_bottom - b_top < 0.5:
            return False
        if b_bottom - b_top > s.max_row_factor * max(header_h, 4.0) \
                and not _filled_band(frame, (x_left, b_top, x_right, b_bottom), header_h):
            return False
        cols = _without_outer_rules(_band_columns(rules, b_top, b_bottom, x_left - 2 * s.snap, x_right + 2 * s.snap, s),
                                    x_left, x_right, s)
        if not cols or abs(cols[0] - x_left) > 2 * s.snap or abs(cols[-1] - x_right) > 2 * s.snap:
            return False
        return all(any(abs(c - x) <= 2 * s.snap for x in columns_set) for c in cols)

    def next_rule(y: float, downward: bool) -> float | None:
        return _next_rule(rules, y, downward, x_left, x_right, 0.15)

    bands_below: list[tuple[float, float]] = []
    y = bottom
    while (ny := next_rule(y, True)) is not None and compatible(y, ny):
        bands_below.append((y, ny))
        y = ny
    bands_above: list[tuple[float, float]] = []
    y = top
    while (ny := next_rule(y, False)) is not None and compatible(ny, y):
        bands_above.append((ny, y))
        y = ny
    # a header has its data on one side. When rows fit on both sides (an ISO change block above a
    # title block), the data side is the one whose rows keep every header column line
    header_at = "top" if bands_below or not bands_above else "bottom"
    if bands_above and bands_below:

        def full(bands: list[tuple[float, float]]) -> float:
            n = len(xs)
            return sum(len(_band_columns(rules, a, b, x_left - 2 * s.snap, x_right + 2 * s.snap, s)) >= n for a, b in bands) / len(bands)

        score_below, score_above = (full(bands_below), len(bands_below)), (full(bands_above), len(bands_above))
        header_at = "top" if score_below >= score_above else "bottom"
        if header_at == "top":
            bands_above = []
        else:
            bands_below = []
    bands = sorted(bands_above) + [(top, bottom)] + sorted(bands_below)
    header_index = len(bands_above)
    data = bands_above or bands_below
    if formlike and sum(1 for a, b in data if _cell_text(frame, (x_left, a, x_right, b))[0]) < 2:
        return None  # a form's labels: no rows of values under them
    used = [(x, a, b) for x, a, b in splits if data and sum(rules.v_cover(x, t, u, s.snap) >= 0.5 for t, u in data) * 2 > len(data)]
    if used:  # the split header's columns, each named by the text of its part of the header cell
        xs = sorted(xs + [x for x, _a, _b in used])
        headers = []
        for a, b in zip(xs, xs[1:], strict=False):
            part = next(((ya, yb) for x, ya, yb in used if abs(x - a) <= s.snap or abs(x - b) <= s.snap), (top, bottom))
            headers.append(_header_cell(frame, (a, part[0], b, part[1])))
    if kind is not None:
        return _assemble(frame, bands, header_index, xs, headers, kind, header_at, s)
    return _kind_by_content(_assemble(frame, bands, header_index, xs, headers, TableKind.OTHER, header_at, s))


def _assemble(frame: _Frame, bands: list[tuple[float, float]], header_index: int, xs: list[float],
              headers: list[tuple[str, str | None]], kind: TableKind, header_at: str, s: TableSettings) -> Table:
    rules = frame.rules
    nr, nc = len(bands), len(xs) - 1
    parent = list(range(nr * nc))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    for r, (top, bottom) in enumerate(bands):
        for c in range(nc - 1):
            if rules.v_cover(xs[c + 1], top, bottom, s.snap) < 0.5:
                union(r * nc + c, r * nc + c + 1)
    for r in range(nr - 1):
        y = bands[r][1]
        for c in range(nc):
            if rules.h_cover(y, xs[c], xs[c + 1], s.snap) < 0.5:
                union(r * nc + c, (r + 1) * nc + c)
    regions: dict[int, list[tuple[int, int]]] = {}
    for r in range(nr):
        for c in range(nc):
            regions.setdefault(find(r * nc + c), []).append((r, c))
    region_text: dict[int, tuple[str, tuple[int, ...]]] = {}
    region_box: dict[int, tuple[float, float, float, float]] = {}
    for root, members in regions.items():
        r0, r1 = min(m[0] for m in members), max(m[0] for m in members)
        c0, c1 = min(m[1] for m in members), max(m[1] for m in members)
        box = (xs[c0], bands[r0][0], xs[c1 + 1], bands[r1][1])
        region_box[root] = box
        text, ids, _n = _cell_text(frame, box)
        region_text[root] = (text, ids)
    data_rows = [r for r in range(nr) if r != header_index]
    if header_at == "bottom":
        data_rows = data_rows[::-1]  # ISO parts lists count upward from the header
    printed = [t for t, _k in headers]
    columns = tuple(_resolve(k, kind, t) for t, k in headers)
    rows: list[tuple[str, ...]] = []
    row_of: dict[int, int] = {}
    for r in data_rows:
        values = tuple(region_text[find(r * nc + c)][0] for c in range(nc))
        if not any(values):
            continue  # an empty pre-printed row is not a row
        if kind is TableKind.REVISION and "revision" in columns and len(columns) > 2 \
                and not any(v for c, v in zip(columns, values, strict=True) if c != "revision"):
            continue  # only its revision letter, printed ahead (Ⓐ, Ⓑ over empty cells): a revision not made yet
        row_of[r] = len(rows)
        rows.append(values)
    if "item" in columns:
        ci = columns.index("item")

        def item_no(row: tuple[str, ...]) -> tuple[int, float]:
            m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*", row[ci])
            return (0, float(m.group(1))) if m else (1, 0.0)

        numbers = [item_no(r) for r in rows]
        # item numbers that count 1, 2, 3 ... give the order; other ids (a manual's part ids) keep the printed order
        if rows and all(n[0] == 0 for n in numbers) and sorted(n[1] for n in numbers) == [float(i) for i in range(1, len(rows) + 1)]:
            order = sorted(range(len(rows)), key=lambda k: item_no(rows[k]))
            rows = [rows[k] for k in order]
            new_index = {old: new for new, old in enumerate(order)}  # cells name the rows' new places
            row_of = {r: new_index[k] for r, k in row_of.items()}
    cells: list[Cell] = []
    for root, members in sorted(regions.items(), key=lambda kv: min(kv[1])):
        r0 = min(m[0] for m in members)
        c0 = min(m[1] for m in members)
        rs = max(m[0] for m in members) - r0 + 1
        cs = max(m[1] for m in members) - c0 + 1
        text, ids = region_text[root]
        cells.append(Cell(row=-1 if r0 == header_index else row_of.get(r0, -2), col=c0, rowspan=rs, colspan=cs,
                          bbox=box_from_frame(frame.direction, region_box[root]), text=text, word_ids=ids))
    x_box = (xs[0], bands[0][0], xs[-1], bands[-1][1])
    known = sum(1 for _t, k in headers if k) / max(1, len(headers))
    data_cells = [c for c in cells if c.row >= 0]
    regular = sum(1 for c in data_cells if c.rowspan == 1 and c.colspan == 1) / max(1, len(data_cells))
    in_table = frame.centred_in(x_box)
    inner = xs[1:-1]
    straddling = sum(1 for _w, b in in_table if any(b.x0 + 1.0 < x < b.x1 - 1.0 for x in inner))
    confidence = table_confidence(known, regular, straddling / max(1, len(in_table)))
    return Table(
        confidence=confidence,
        kind=kind,
        bbox=box_from_frame(frame.direction, x_box),
        header=tuple(printed),
        columns=columns,
        rows=tuple(rows),
        header_at=header_at,
        direction=frame.direction,
        cells=tuple(cells),
        debug={"columns_x": xs, "bands": bands, "frame": frame.direction},
    )


def _label_with_value(text: str) -> bool:
    """Whether a cell's text is a title block's label of a field followed by a short value with a figure in it.

    >>> [_label_with_value(t) for t in ("SCALE 5:1", "SIZE A3", "SHEET 1 OF 2", "QTY", "MATERIAL", "Part No.")]
    [True, True, True, False, False, False]
    """
    words = text.split()
    hit = match_texts(words)
    if hit is None or hit[2] or not 1 <= len(words) - hit[1] <= 3:
        return False
    return any(ch.isdigit() for ch in "".join(words[hit[1]:]))


_CONTENT_CODE = re.compile(r"^(?:[A-Za-z0-9]{1,3}|[-*])$")
_CONTENT_COUNT = re.compile(r"^\d{1,3}$")


def _kind_by_content(table: Table) -> Table | None:
    """A ruled table whose header words we do not know (``Zust. | Änderungen | Datum | Name``, ``Indice |
    Modification | Date | Visa``), kept only when its rows say what it is: a column of dates and a column of
    short codes make a revision table (columns ``revision``, ``date``, ``description`` for the longest
    text, the printed header for the others); item numbers counting 1..n beside a column of small counts
    make a parts list (the counts may be the column whose header reads as a quantity, ``Qty.``, when they
    carry units: ``2PCS``, ``120mm``). A header under its rows (``Č. | Text změny | Datum | Podpis``) with a date
    column (of dates or empty), a column for the change's text and no item or count column is a change block, its
    rows empty or not. Otherwise ``None``: an unknown grid is left alone."""
    rows = [r for r in table.rows if any(c.strip() for c in r)]
    if not rows:
        return _change_block(table)
    n = len(table.header)

    def column(i: int) -> list[str]:
        return [r[i].strip() for r in rows if r[i].strip()]

    def all_match(i: int, form: re.Pattern[str]) -> bool:
        vals = column(i)
        return bool(vals) and all(form.match(v) for v in vals)

    dates = [i for i in range(n) if all_match(i, DATE_FORM)]
    codes = [i for i in range(n) if i not in dates and all_match(i, _CONTENT_CODE)]
    columns = list(table.columns)
    if dates and codes:
        columns[codes[0]] = "revision"
        columns[dates[0]] = "date"
        rest = [i for i in range(n) if i not in (codes[0], dates[0])]
        if rest:
            longest = max(rest, key=lambda i: (sum(len(v) for v in column(i)), -i))
            columns[longest] = "description"
        return replace(table, kind=TableKind.REVISION, columns=tuple(columns), confidence=min(table.confidence, 0.7))
    numbers = [i for i in range(n) if all_match(i, _CONTENT_COUNT)]
    for i in numbers:
        items = sorted(int(v) for v in column(i))
        if len(items) == len(rows) >= 2 and items == list(range(1, len(rows) + 1)):
            counts = [j for j in numbers if j != i] or [j for j in range(n) if j != i and columns[j] == "quantity"]
            if counts:
                columns[i], columns[counts[0]] = "item", "quantity"
                return replace(table, kind=TableKind.BOM, columns=tuple(columns), confidence=min(table.confidence, 0.7))
    return _change_block(table)


def _change_block(table: Table) -> Table | None:
    """A header under its rows with a date column (of dates or empty), a column for the change's text and no item
    or count column: the ISO 7200 / DIN change block standing on a title block (a parts list there has item and
    count columns), read so even with every row empty; otherwise ``None``."""
    if table.header_at != "bottom" or "date" not in table.columns or {"item", "quantity"} & set(table.columns):
        return None
    if any(c.strip() and not DATE_FORM.match(c.strip()) for r in table.rows for c, k in zip(r, table.columns, strict=True) if k == "date"):
        return None
    # the change's text: a column named so, or one holding 0.4 of the width (an ESKD block's change registration,
    # Изм. | Лист | № докум. | Подп. | Дата, of short cells only, belongs to its title block)
    flat = table.direction % 180 == 0
    widths: dict[int, float] = {}
    for c in table.cells:
        if c.colspan == 1:
            widths[c.col] = max(widths.get(c.col, 0.0), c.bbox.width if flat else c.bbox.height)
    across = table.bbox.width if flat else table.bbox.height
    if "description" not in table.columns and not (widths and max(widths.values()) >= CHANGE_TEXT * across):
        return None
    return replace(table, kind=TableKind.REVISION, confidence=min(table.confidence, 0.6))


#: a change block's text column holds at least this share of its width
CHANGE_TEXT = 0.4


def table_confidence(known: float, regular: float, straddling: float) -> float:
    """How sure a table's reading is: 0.55, plus 0.3 × the share of header cells whose words name a known
    column, plus 0.15 × the share of data cells that are single (merged cells make row and column
    assignment less sure), times (1 - the share of the table's words that a column rule runs through:
    a rule through a word means the grid does not separate the text as printed), at most 0.97.

    >>> table_confidence(1.0, 1.0, 0.0), table_confidence(0.5, 1.0, 0.0), table_confidence(1.0, 1.0, 0.25)
    (0.97, 0.85, 0.73)
    """
    return clamp(min(0.97, 0.55 + 0.3 * known + 0.15 * regular) * (1.0 - straddling))


@analyzer("tables", requires={"paths", "words"}, assigns={"tables"}, settings=TableSettings)
def tables_analyzer(sheet: Sheet, settings: TableSettings) -> tuple[Table, ...]:
    """Ruled BOM, revision and drawing-index tables, as records (confidence lowered where their text was
    read back from drawn shapes, and to a third where a cell holds a character that could not be read);
    on pages of running text also tables aligned without rules (:mod:`pdftract.analyzers.unruled`)."""
    out = []
    for t in find_tables(sheet, settings):
        factor = drawn_text_factor_in(sheet, t.bbox)
        if any(REPLACEMENT_CHARACTER in c.text for c in t.cells):  # a character that could not be read
            factor *= recovery_factor(0.0)
        out.append(t if factor == 1.0 else replace(t, confidence=clamp(t.confidence * factor)))
    if sheet.reading.text_page:  # pages of running text
        out.extend(_aligned_table(t) for t in find_unruled_tables(sheet, [t.bbox for t in out]))
    elif _report_page(sheet):
        # a report of no running text (an EDA tool's parts list): only tables whose header names their kind
        out.extend(t for t in map(_aligned_table, find_unruled_tables(sheet, [t.bbox for t in out], any_page=True))
                   if t.kind is not TableKind.OTHER)
    return tuple(out)


#: a page with at most this many painted paths per text line is a report, not a drawing (its paths are rules,
#: shading and underlines)
REPORT_PATHS_PER_LINE = 1.5


def _report_page(sheet: Sheet) -> bool:
    """A page of text lines and few paths: a report, on which unruled tables may stand (a drawing's unruled text
    beside its geometry is no table)."""
    lines = len(sheet.layout.lines)
    return lines >= 10 and len(sheet.paths) <= REPORT_PATHS_PER_LINE * lines


#: confidence of a table read from alignment alone (no rules confirm its cells)
UNRULED_CONFIDENCE = 0.7


def _aligned_table(t: AlignedTable) -> Table:
    """An unruled table (:mod:`pdftract.analyzers.unruled`) as a table of the kind its header names, else ``other``."""
    cells = tuple(Cell(row=i, col=c, rowspan=1, colspan=1, bbox=box, text=text, word_ids=())
                  for i, (row, box) in enumerate(zip(t.rows, t.row_boxes, strict=True)) for c, text in enumerate(row))
    columns = tuple(header_key(h) or re.sub(r"\W+", "_", h.lower()).strip("_") or f"col{i + 1}" for i, h in enumerate(t.header))
    kind = _classify([header_key(h) for h in t.header]) or TableKind.OTHER  # "Item | Quantity": a parts list
    return Table(kind=kind, bbox=t.bbox, header=t.header, columns=columns, rows=t.rows, header_at="top",
                 direction=0, cells=cells, confidence=UNRULED_CONFIDENCE, debug={"unruled": True})



def draw_tables(sheet: SheetLike, tables: Sequence[Table]) -> list[str]:
    """Debug layer: each table's column rules and row bands (orange) and its cells (green)."""
    out: list[str] = []
    orange = 'stroke="#f97316" stroke-width="0.8"'
    for table in tables:
        info = table.debug or {}
        d = int(info.get("frame", 0))
        xs, bands = info.get("columns_x", []), info.get("bands", [])
        if xs and bands:
            top, bottom = bands[0][0], bands[-1][1]
            for x in xs:
                out.append(svg.line(from_frame(d, x, top), from_frame(d, x, bottom), orange))
            for y in sorted({b for band in bands for b in band}):
                out.append(svg.line(from_frame(d, xs[0], y), from_frame(d, xs[-1], y), orange))
        for cell in table.cells:
            out.append(svg.box(cell.bbox, 'fill="#22c55e" fill-opacity="0.10" stroke="#15803d" stroke-width="0.3"',
                               f"r{cell.row} c{cell.col} {cell.rowspan}x{cell.colspan}: {cell.text}"))
    return out


def table_rows(tables: Sequence[Table]) -> list[dict[str, Any]]:
    """One record per table row: ``table`` (0-based on the page), ``kind``, ``row`` and the row's columns."""
    out: list[dict[str, Any]] = []
    for ti, table in enumerate(tables):
        for ri, record in enumerate(table.to_records()):
            out.append({"table": ti, "kind": table.kind.value, "row": ri, **record})
    return out


output("tables", draw=draw_tables, rows=table_rows, schema=list[TableJSON])


__all__ = ["HEADER_WORDS", "Cell", "Table", "TableKind", "TableSettings", "find_tables", "header_key", "normalise_header"]
