"""Reading order of a text page: columns read one after the other, running headers and footers kept apart.

A drawing sheet has no reading order beyond rows; a manual page has columns, and a reader finishes the
left column before starting the right one. :func:`reading_order` decides per page:

* **Prose page** (:func:`prose_lines`): at least five horizontal lines of running text (five or more words
  at the page's body size) that make at least a quarter of the page's horizontal lines. Drawing sheets,
  schematics and tables fail this and keep the row order of :mod:`pdftract.model.text` unchanged.
* **Chunks**: each horizontal line is cut where two words stand further apart than 0.8 body size (a
  justified space is narrower; a column gutter wider), so lines that ran across a narrow gutter are split.
  Letters of one word more than 0.12 size apart are read as two words (TeX's tightest interword space
  is 0.17 em, under the drawing-oriented word gap of :mod:`pdftract.model.text`).
* **Header and footer**: at most two rows in the top (bottom) tenth of the page, at most 1.2 times the body
  text, set off from the body by a gap of 1.5 body sizes or more, are the page header (footer), kept out
  of the body text (``pages[].header`` / ``pages[].footer``). On pages without running text (a figure
  page of a manual, a drawing sheet) the rows must also hold exactly one page number among at most three
  pieces of text.
* **Columns** by recursive cuts: a vertical gap in the horizontal projection of the chunks, at least
  0.8 body size wide, with running text on both sides (three chunks or more each side at least six body
  sizes wide, the two sides overlapping in height) is a gutter: everything left of it is read before
  everything right of it. Where a gutter appears only once the wide chunks are set aside, those wide
  chunks (a full-width heading, a callout across both columns) cut the region into bands read top to
  bottom, each band cut again. A region without a gutter is read in rows.

Lines that are not horizontal, and invisible lines, follow the body in their old order.

>>> from pdftract.testing import make_sheet
>>> left = [(f"left column line {i} with running words", 40, 100 + 14 * i) for i in range(6)]
>>> right = [(f"right column line {i} with running words", 330, 100 + 14 * i) for i in range(6)]
>>> sheet = make_sheet(text=left + right + [("Page 3 of 9", 280, 760)], width=612, height=792)
>>> order = sheet.reading
>>> order.text.splitlines()[5:7], order.footer
(['left column line 5 with running words', 'right column line 0 with running words'], 'Page 3 of 9')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from pdftract.geometry import BBox
from pdftract.model.primitives import Font, Glyph
from pdftract.model.text import Line, TextLayout, Word

#: a line of running text has at least this many words
PROSE_WORDS = 5
#: a prose page has at least this many running-text lines ...
PROSE_MIN_LINES = 5
#: ... making at least this share of its horizontal lines
PROSE_SHARE = 0.25
#: a gap between two words of a line wider than this many body sizes cuts the line into chunks
CHUNK_GAP = 0.8
#: in running text, letters of one word further apart than this many sizes are two words (TeX sets a
#: tight interword space at 0.17 em, below the word gap of :mod:`pdftract.model.text`)
PROSE_LETTER_GAP = 0.12
#: a gutter is at least this many body sizes wide
GUTTER_MIN = 0.8
#: a chunk of running text is this many body sizes wide, at least
COLUMN_TEXT_WIDTH = 6.0
#: and a gutter has at least this many of them on each side
COLUMN_MIN_CHUNKS = 3
#: a font name that says bold (``Arial-BoldMT``, ``NimbusRomNo9L-Medi``, ``Helvetica-Black``)
BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|-medi\b|-bd\b|,b\b", re.IGNORECASE)
#: header and footer rows lie in this share of the page height at the top or bottom
MARGIN_BAND = 0.1
#: and are set off from the body by this many body sizes
MARGIN_GAP = 1.5


@dataclass(frozen=True, slots=True)
class Chunk:
    """A piece of one text line (the whole line unless a wide gap cut it)."""

    line_id: int
    word_ids: tuple[int, ...]
    text: str
    bbox: BBox
    size: float


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadingOrder:
    """The body chunks of a page in reading order, its header and footer rows, and the columns found."""

    #: rows of body chunks in reading order (chunks of one row read left to right)
    rows: tuple[tuple[Chunk, ...], ...]
    header_rows: tuple[tuple[Chunk, ...], ...] = ()
    footer_rows: tuple[tuple[Chunk, ...], ...] = ()
    #: the regions read as one column, in reading order (empty unless the page has columns)
    columns: tuple[BBox, ...] = ()
    #: the gaps found between columns
    gutters: tuple[BBox, ...] = ()
    #: whether the page holds running text (see :func:`prose_lines`)
    prose: bool = False
    body_size: float = 0.0

    @property
    def text_page(self) -> bool:
        """A page of running text, or one whose running header or footer was found (a manual's figure page):
        the pages the manual analyzer, prose references and unruled tables read."""
        return self.prose or bool(self.header_rows or self.footer_rows)

    @property
    def text(self) -> str:
        """The body text: one line per row, columns one after the other."""
        return "\n".join(" ".join(c.text for c in row) for row in self.rows)

    @property
    def header(self) -> str:
        return "\n".join(" ".join(c.text for c in row) for row in self.header_rows)

    @property
    def footer(self) -> str:
        return "\n".join(" ".join(c.text for c in row) for row in self.footer_rows)


def _visible(layout: TextLayout) -> list[Line]:
    shadowed = set(layout.shadowed_line_ids)
    return [ln for ln in layout.lines if ln.id not in shadowed]


def _word_map(layout: TextLayout) -> dict[int, Word]:
    return {w.id: w for w in layout.words}


def body_size(lines: Sequence[Line], words: Mapping[int, Word]) -> float:
    """The font size most characters of these lines are set in (0 without text)."""
    sizes: dict[float, int] = {}
    for ln in lines:
        for wid in ln.word_ids:
            w = words[wid]
            key = round(w.size, 1)
            sizes[key] = sizes.get(key, 0) + len(w.text)
    if not sizes:
        return 0.0
    return max(sizes.items(), key=lambda kv: (kv[1], -kv[0]))[0]


def prose_lines(layout: TextLayout) -> tuple[list[Line], float]:
    """The horizontal visible lines of running text (>= ``PROSE_WORDS`` words near the body size), and the
    body size; empty unless the page is a prose page (see the module docstring)."""
    flat = [ln for ln in _visible(layout) if ln.direction == 0.0 and not ln.invisible]
    size = body_size(flat, _word_map(layout))
    if size <= 0:
        return [], 0.0
    running = [ln for ln in flat if len(ln.word_ids) >= PROSE_WORDS and abs(ln.size - size) <= 0.25 * size]
    if len(running) < PROSE_MIN_LINES or len(running) < PROSE_SHARE * len(flat):
        return [], size
    return running, size


def _chunks(lines: Sequence[Line], words: Mapping[int, Word], size: float,
            glyphs: Sequence[Glyph] | None = None) -> list[Chunk]:
    out: list[Chunk] = []
    for ln in lines:
        current: list[Word] = []
        for wid in ln.word_ids:
            w = words[wid]
            if current and w.bbox.x0 - current[-1].bbox.x1 > CHUNK_GAP * max(size, w.size):
                out.append(_chunk(ln.id, current, glyphs))
                current = []
            current.append(w)
        if current:
            out.append(_chunk(ln.id, current, glyphs))
    return out


def _spaced(w: Word, glyphs: Sequence[Glyph] | None) -> str:
    """A word's text with a space where two of its letters stand ``PROSE_LETTER_GAP`` sizes apart (words
    set tight by a justifying typesetter); its text unchanged when its glyphs do not spell it plainly."""
    if glyphs is None or len(w.glyph_ids) < 2:
        return w.text
    gs = [glyphs[g] for g in w.glyph_ids]
    if "".join(g.text for g in gs) != w.text:
        return w.text
    if any(g.synthetic for g in gs):
        return w.text  # text read back from drawn shapes: the reading spaced its words by their cells, not their ink
    out = [gs[0].text]
    for a, b in zip(gs, gs[1:], strict=False):
        if b.bbox.x0 - a.bbox.x1 > PROSE_LETTER_GAP * max(a.size, b.size) and a.text.isalnum() and b.text.isalnum():
            out.append(" ")
        out.append(b.text)
    return "".join(out)


def _chunk(line_id: int, ws: list[Word], glyphs: Sequence[Glyph] | None = None) -> Chunk:
    return Chunk(line_id, tuple(w.id for w in ws), " ".join(_spaced(w, glyphs) for w in ws),
                 BBox.union_all(w.bbox for w in ws), max(w.size for w in ws))


def _rows(chunks: Sequence[Chunk]) -> list[tuple[Chunk, ...]]:
    """Chunks in rows (tops within half a size), rows top to bottom, each left to right."""
    rows: list[list[Chunk]] = []
    for c in sorted(chunks, key=lambda c: (c.bbox.top, c.bbox.x0)):
        if rows:
            ref = rows[-1][0]
            mid = (c.bbox.top + c.bbox.bottom) / 2
            if ref.bbox.top <= mid <= ref.bbox.bottom and abs(c.bbox.top - ref.bbox.top) <= 0.5 * max(c.size, ref.size):
                rows[-1].append(c)
                continue
        rows.append([c])
    return [tuple(sorted(r, key=lambda c: c.bbox.x0)) for r in rows]


def _gutters(chunks: Sequence[Chunk], size: float) -> list[tuple[float, float]]:
    """Vertical gaps in the horizontal projection of ``chunks`` with running text on both sides."""
    if len(chunks) < 2 * COLUMN_MIN_CHUNKS:
        return []
    x0 = np.array([c.bbox.x0 for c in chunks])
    x1 = np.array([c.bbox.x1 for c in chunks])
    order = np.argsort(x0, kind="stable")
    reach = np.maximum.accumulate(x1[order])  # right end of everything starting at or before each chunk
    gaps: list[tuple[float, float]] = []
    for k in range(len(order) - 1):
        lo, hi = float(reach[k]), float(x0[order[k + 1]])
        if hi - lo >= GUTTER_MIN * size:
            gaps.append((lo, hi))
    good: list[tuple[float, float]] = []
    widths = x1 - x0
    top = np.array([c.bbox.top for c in chunks])
    bottom = np.array([c.bbox.bottom for c in chunks])
    for lo, hi in gaps:
        # running text on both sides: enough chunks of text width (labels and short last lines do not count)
        left = (x1 <= lo + 1e-6) & (widths >= COLUMN_TEXT_WIDTH * size)
        right = (x0 >= hi - 1e-6) & (widths >= COLUMN_TEXT_WIDTH * size)
        if left.sum() < COLUMN_MIN_CHUNKS or right.sum() < COLUMN_MIN_CHUNKS:
            continue
        l_top, l_bot = top[left].min(), bottom[left].max()
        r_top, r_bot = top[right].min(), bottom[right].max()
        overlap = min(l_bot, r_bot) - max(l_top, r_top)
        if overlap < 0.5 * min(l_bot - l_top, r_bot - r_top):
            continue
        good.append((lo, hi))
    return good


def _hidden_gutter(chunks: Sequence[Chunk], size: float) -> tuple[float, float] | None:
    """A gutter that some chunks cross: the least covered x-interval, at least ``GUTTER_MIN`` sizes wide and
    crossed by at most half the chunks, with running text on both sides once the crossing chunks are set
    aside (as :func:`_gutters`), or None."""
    x0 = np.array([c.bbox.x0 for c in chunks])
    x1 = np.array([c.bbox.x1 for c in chunks])
    start = int(np.floor(x0.min()))
    n = int(np.ceil(x1.max())) - start + 2
    if n <= 2 or n > 20000:
        return None
    diff = np.zeros(n + 1, dtype=np.int64)
    np.add.at(diff, np.clip(np.ceil(x0).astype(np.int64) - start, 0, n), 1)
    np.add.at(diff, np.clip(np.floor(x1).astype(np.int64) - start + 1, 0, n), -1)
    cov = np.cumsum(diff)[:n]
    best: tuple[int, float, float] | None = None
    for level in sorted(set(cov[1:-1].tolist())):
        if level > len(chunks) // 2:
            break
        free = cov <= level
        # maximal runs of x positions with at most `level` chunks over them
        edges = np.flatnonzero(np.diff(np.concatenate(([0], free.astype(np.int8), [0]))))
        for a, b in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
            lo, hi = float(start + a), float(start + b - 1)
            if hi - lo < GUTTER_MIN * size or a == 0 or b >= n - 1:
                continue
            left = x1 <= lo + 1e-6
            right = x0 >= hi - 1e-6
            if _gutters([c for c, on in zip(chunks, ~(left | right), strict=True) if not on], size):
                best = (level, lo, hi)
                break
        if best is not None:
            break
    return None if best is None else (best[1], best[2])


def _overhang(chunks: list[Chunk], cuts: list[tuple[float, float]], size: float
              ) -> tuple[list[Chunk], list[Chunk], list[Chunk]]:
    """Split off what stands above (below) the columns on one side only and is set apart from that side's
    text by a heading gap (a full size) or is larger: a heading over the left column is read before both
    columns, one under it after both; a left column that simply runs longer stays in its column."""
    lo, hi = cuts[0]
    sides = [[c for c in chunks if c.bbox.x1 <= lo + 1e-6], [c for c in chunks if c.bbox.x0 >= hi - 1e-6]]
    if not all(sides):
        return [], chunks, []
    tops = [min(c.bbox.top for c in s) for s in sides]
    bottoms = [max(c.bbox.bottom for c in s) for s in sides]
    moved_up: set[int] = set()
    moved_down: set[int] = set()
    for k, side in enumerate(sides):
        other_top, other_bottom = tops[1 - k], bottoms[1 - k]
        ordered = sorted(side, key=lambda c: c.bbox.top)
        # from the top: a run above the other side's first row, cut from the rest by a heading gap
        run: list[Chunk] = []
        for c, nxt in zip(ordered, ordered[1:], strict=False):
            if c.bbox.bottom > other_top:
                break
            run.append(c)
            if nxt.bbox.top - c.bbox.bottom >= size or max(r.size for r in run) > 1.15 * size:
                moved_up.update(id(r) for r in run)
                run = []
        run = []
        for c, prev in zip(reversed(ordered), list(reversed(ordered))[1:], strict=False):
            if c.bbox.top < other_bottom:
                break
            run.append(c)
            if c.bbox.top - prev.bbox.bottom >= size or max(r.size for r in run) > 1.15 * size:
                moved_down.update(id(r) for r in run)
                run = []
    if not moved_up and not moved_down:
        return [], chunks, []
    return ([c for c in chunks if id(c) in moved_up], [c for c in chunks if id(c) not in moved_up | moved_down],
            [c for c in chunks if id(c) in moved_down])


def _order(chunks: list[Chunk], size: float, columns: list[BBox], gutters: list[BBox], depth: int = 0) -> list[tuple[Chunk, ...]]:
    """``chunks`` as rows in reading order, cut recursively at gutters (see the module docstring); the columns
    and gutters found are appended to ``columns`` and ``gutters``."""
    if len(chunks) < 2 * COLUMN_MIN_CHUNKS or depth > 12:
        return _rows(chunks)
    cuts = _gutters(chunks, size)
    if cuts:
        above, chunks, below = _overhang(chunks, cuts, size)
        if above or below:
            return (_order(above, size, columns, gutters, depth + 1) + _order(chunks, size, columns, gutters, depth + 1)
                    + _order(below, size, columns, gutters, depth + 1))
        out: list[tuple[Chunk, ...]] = []
        edges = [-np.inf] + [(lo + hi) / 2 for lo, hi in cuts] + [np.inf]
        for (lo, hi) in cuts:
            gutters.append(BBox(lo, min(c.bbox.top for c in chunks), hi, max(c.bbox.bottom for c in chunks)))
        for a, b in zip(edges[:-1], edges[1:], strict=True):
            part = [c for c in chunks if a <= (c.bbox.x0 + c.bbox.x1) / 2 < b]
            if part:
                sub = _order(part, size, columns, gutters, depth + 1)
                if not _gutters(part, size):
                    columns.append(BBox.union_all(c.bbox for c in part))
                out.extend(sub)
        return out
    # a gutter hidden by a few chunks across it (headings, callouts, a paragraph over both columns): cut the
    # region into bands at those chunks, each band read on its own
    hidden = _hidden_gutter(chunks, size)
    if hidden is None:
        return _rows(chunks)
    lo_all, hi_all = hidden
    crossing = {id(c) for c in chunks if c.bbox.x0 < hi_all and c.bbox.x1 > lo_all}
    bands: list[list[Chunk]] = []
    current: list[Chunk] = []
    last_crossing: list[Chunk] | None = None
    for c in sorted(chunks, key=lambda c: (c.bbox.top, c.bbox.x0)):
        if id(c) not in crossing:
            mid = (c.bbox.top + c.bbox.bottom) / 2
            if not current and last_crossing is not None and bands and bands[-1] is last_crossing \
                    and last_crossing[0].bbox.top <= mid <= last_crossing[0].bbox.bottom:
                last_crossing.append(c)  # on the row of the wide chunk (a callout's word beside its body)
                continue
            current.append(c)
            continue
        if current:
            bands.append(current)
            current = []
        if last_crossing is not None and bands and bands[-1] is last_crossing \
                and abs(last_crossing[0].bbox.top - c.bbox.top) <= 0.5 * c.size:
            last_crossing.append(c)  # another piece of the same wide row
        else:
            last_crossing = [c]
            bands.append(last_crossing)
    if current:
        bands.append(current)
    if not any(_gutters(band, size) for band in bands):
        return _rows(chunks)  # no band reads as columns: the crossing chunks are ordinary rows
    out = []
    for band in bands:
        out.extend(_order(band, size, columns, gutters, depth + 1))
    return out


_PAGE_NUMBER = re.compile(r"^(?:(?:page|seite|p\.|pg\.?)\s*\d{1,4}(?:\s*(?:of|/|von)\s*\d{1,4})?|\d{1,4}"
                          r"|[-\u2013\u2014]\s*\d{1,4}\s*[-\u2013\u2014]|\d{1,2}\s*[-\u2013]\s*\d{1,3}|[ivxlc]{1,6})$",
                          re.IGNORECASE)


#: a page number set off from the running title by a dash or a bar: "User manual - 7", "6 - User manual"
_PAGE_NUMBER_BESIDE = re.compile(r"^\d{1,4}\s+[-\u2013\u2014|]\s+\S|\S\s+[-\u2013\u2014|]\s+\d{1,4}$")


def _margins(rows: list[tuple[Chunk, ...]], size: float, height: float, prose: bool,
             bold: Callable[[Chunk], bool] = lambda c: False) -> tuple[list[tuple[Chunk, ...]], list[tuple[Chunk, ...]]]:
    """The header and footer rows among ``rows`` (top to bottom): see the module docstring. Off prose pages the
    footer (or else the header) also needs exactly one page number (``12``, ``Page 2 of 3``, ``3-2``, ``- 4 -``)
    among at most three chunks (a row of frame zone numbers has several)."""

    def small(row: tuple[Chunk, ...]) -> bool:
        # a running header of a figure page may be set larger than its captions and labels; on a text page a
        # bold row at the top is the first heading of the body
        if prose and all(bold(c) for c in row):
            return False
        return max(c.size for c in row) <= (1.2 if prose else 1.7) * size

    def numbered(group: list[tuple[Chunk, ...]]) -> bool:
        found = [c for row in group for c in row]
        numbers = sum(1 for c in found if _PAGE_NUMBER.match(c.text.strip()) or _PAGE_NUMBER_BESIDE.search(c.text.strip()))
        return prose or (len(found) <= 3 and numbers == 1)  # two numbers in a margin row: frame zones

    def margin_group(k: int, step: int) -> list[tuple[Chunk, ...]]:
        """The margin rows from row ``k`` on, walking ``step`` (1: down from the top, -1: up from the
        bottom), at most two, ending at a gap of ``MARGIN_GAP`` sizes; empty when there is none."""
        group: list[tuple[Chunk, ...]] = []
        while len(group) < 2 and 0 <= k + step < len(rows):
            row = rows[k]
            inside = max(c.bbox.bottom for c in row) <= MARGIN_BAND * height if step > 0 \
                else min(c.bbox.top for c in row) >= (1 - MARGIN_BAND) * height
            if not inside or not small(row):
                return []
            group.append(row)
            nxt = rows[k + step]
            gap = min(c.bbox.top for c in nxt) - max(c.bbox.bottom for c in row) if step > 0 \
                else min(c.bbox.top for c in row) - max(c.bbox.bottom for c in nxt)
            if gap >= MARGIN_GAP * size:
                return group
            k += step
        return []

    top = margin_group(0, 1)
    bottom = margin_group(len(rows) - 1, -1)
    if top and bottom and any(id(r) in {id(b) for b in bottom} for r in top):
        bottom = []
    footer = bottom[::-1] if bottom and numbered(bottom) else []
    # a running header needs no page number where the footer has one
    header = top if top and (numbered(top) or footer) else []
    return header, footer


def chunk_bold(chunk: Chunk, word: Callable[[int], Word], fonts: Mapping[str, Font] | None) -> bool:
    """Whether every word of a chunk is set in a bold face (by its font's name); ``word`` looks a word up by id."""
    names = [fonts[w.font].name if fonts and w.font in fonts else w.font for w in map(word, chunk.word_ids)]
    return bool(names) and all(BOLD_NAME.search(n) for n in names)


def reading_order(layout: TextLayout, width: float, height: float, glyphs: Sequence[Glyph] | None = None,
                  fonts: Mapping[str, Font] | None = None) -> ReadingOrder:
    """The page's body text in reading order with its header and footer (see the module docstring).
    ``glyphs`` (the page's glyphs by id) lets words set tight in running text be told apart; ``fonts`` (by id)
    tells bold faces."""
    running, size = prose_lines(layout)
    visible = _visible(layout)
    flat = [ln for ln in visible if ln.direction == 0.0 and not ln.invisible]
    if not running:
        rows = [(Chunk(ln.id, ln.word_ids, ln.text, ln.bbox, ln.size),) for ln in visible]
        flat_ids = {ln.id for ln in flat}
        header, footer = _margins(_rows([r[0] for r in rows if r[0].line_id in flat_ids]), size, height, False) \
            if size > 0 else ([], [])
        skip = {c.line_id for row in header + footer for c in row}
        return ReadingOrder(rows=tuple(r for r in rows if r[0].line_id not in skip), header_rows=tuple(header),
                            footer_rows=tuple(footer), body_size=size)
    flat_ids = {ln.id for ln in flat}
    rest = [ln for ln in visible if ln.id not in flat_ids]
    chunks = _chunks(flat, _word_map(layout), size, glyphs)
    words = _word_map(layout)
    header, footer = _margins(_rows(chunks), size, height, True, lambda c: chunk_bold(c, words.__getitem__, fonts))
    skip = {id(c) for row in header + footer for c in row}
    body = [c for c in chunks if id(c) not in skip]
    columns: list[BBox] = []
    gutters: list[BBox] = []
    ordered: list[tuple[Chunk, ...]] = _order(body, size, columns, gutters)
    ordered += [(Chunk(ln.id, ln.word_ids, ln.text, ln.bbox, ln.size),) for ln in rest]
    return ReadingOrder(rows=tuple(ordered), header_rows=tuple(header), footer_rows=tuple(footer),
                        columns=tuple(columns), gutters=tuple(gutters), prose=True, body_size=size)


__all__ = ["BOLD_NAME", "Chunk", "ReadingOrder", "body_size", "chunk_bold", "prose_lines", "reading_order"]
