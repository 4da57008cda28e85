"""Words and lines from glyphs, per text direction.

Drawings carry text at 0°, 90° (vertical dimension text, read bottom to top),
270°, 180° and along aligned dimensions at any angle. The builder therefore
works per direction: glyphs whose baselines point the same way (within
``direction_tolerance`` degrees) are projected onto that baseline (``along``)
and its normal (``perp``, growing downward for the reader), and grouped there.

* **Lines**: chains of glyphs, each linked to the next one along the baseline
  when their baselines lie within ``baseline_tolerance`` × size of each other
  (or one is a smaller super/subscript beside the other) and the gap is under
  ``line_gap`` × size. The links are local, so text in different table columns
  on nearly the same baseline, or a large label near small text, never
  interleaves.
* **Words**: runs within a line split at whitespace glyphs or gaps over
  ``word_gap`` × size.
* **Notation**: a super- or subscript (a smaller glyph raised or lowered
  beside its line) is written with Unicode super/subscripts where every
  character has one (``mm²``, ``H₂O``), else ``^{...}`` / ``_{...}``; a stacked
  fraction after a whole number reads ``1 3/8``; a ``+`` drawn over a ``-``
  reads ``±`` (the ``-`` glyph joins that word's glyph ids). Glyph texts are
  never changed, only the word and line texts.

All gaps are relative to the font size, never fixed distances. Invisible
(``3 Tr``) glyphs are grouped separately from visible ones, so a hidden text
layer never interleaves with the visible text. Exact duplicates (same text,
position within 0.1 pt, size and direction; a duplicated text layer) are left
out of words and reported in :attr:`TextLayout.duplicate_glyph_ids`.

>>> from pdftract.testing import make_sheet
>>> sheet = make_sheet(text=[("24.500", 100, 100), ("±0.005", 140, 100), ("Ø6", 50, 300, 90)])
>>> [w.text for w in sheet.words]
['24.500', '±0.005', 'Ø6']
>>> [(l.text, l.direction) for l in sheet.lines]
[('24.500 ±0.005', 0.0), ('Ø6', 90.0)]
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pdftract.geometry import BBox, clip, fmt_box
from pdftract.index import BoxIndex
from pdftract.model.primitives import Glyph, UnicodeSource
from pdftract.settings import Settings

IntArray = npt.NDArray[np.intp]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, kw_only=True)
class TextSettings(Settings):
    """Tolerances of the word and line builder, as fractions of the font size (degrees for direction)."""

    word_gap: float = 0.2
    line_gap: float = 1.5
    baseline_tolerance: float = 0.25
    max_size_ratio: float = 1.6
    row_tolerance: float = 0.5
    direction_tolerance: float = 0.5
    dedupe: bool = True

    def validate(self) -> None:
        for name in ("word_gap", "line_gap", "baseline_tolerance", "direction_tolerance", "row_tolerance"):
            if getattr(self, name) < 0:
                self.fail(name, "must be >= 0")
        if self.max_size_ratio < 1:
            self.fail("max_size_ratio", "must be >= 1")


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    """A run of glyphs without a gap, on one baseline."""

    id: int
    text: str
    glyph_ids: tuple[int, ...]
    bbox: BBox
    direction: float
    size: float
    font: str
    invisible: bool
    line_id: int

    def __repr__(self) -> str:
        return f"<Word {self.id} {clip(self.text)!r} at {fmt_box(self.bbox)}>"

@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """Words on one baseline, in reading order along it."""

    id: int
    text: str
    word_ids: tuple[int, ...]
    glyph_ids: tuple[int, ...]
    bbox: BBox
    direction: float
    size: float
    invisible: bool

    def __repr__(self) -> str:
        return f"<Line {self.id} {clip(self.text)!r} at {fmt_box(self.bbox)}, direction {self.direction:g}>"

@dataclass(frozen=True, slots=True, kw_only=True)
class TextLayout:
    """The output of :func:`build_layout`: words and lines in reading order, and what was left out."""

    words: tuple[Word, ...]
    lines: tuple[Line, ...]
    duplicate_glyph_ids: tuple[int, ...]
    #: ids of invisible lines left out of the reading-order text because visible text covers them
    shadowed_line_ids: tuple[int, ...]

    @property
    def text(self) -> str:
        """Reading-order text: one line per :class:`Line`, hidden lines under visible text left out."""
        shadowed = set(self.shadowed_line_ids)
        return "\n".join(line.text for line in self.lines if line.id not in shadowed)


def _direction_groups(dirs: FloatArray, tol: float) -> FloatArray:
    """Map each direction to the representative of its group.

    Directions closer than ``tol`` degrees chain into one group (across the
    0/360 seam); the representative is the group's median, snapped to a
    multiple of 90 when within ``tol`` of one.
    """
    d = np.round(dirs, 4)
    d = np.where(d >= 360.0 - tol, d - 360.0, d)
    uniq = np.unique(d).tolist()
    rep_of: dict[float, float] = {}
    group: list[float] = []

    def close(members: list[float]) -> None:
        rep = float(np.median(members))
        snapped = round(rep / 90.0) * 90.0
        if abs(rep - snapped) <= tol:
            rep = snapped
        rep = round(rep % 360.0, 4) + 0.0
        for v in members:
            rep_of[v] = rep

    for value in uniq:
        if group and value - group[-1] > tol:
            close(group)
            group = []
        group.append(value)
    if group:
        close(group)
    return np.array([rep_of[v] for v in d.tolist()], dtype=np.float64)


def _link_lines(
    idx: IntArray, along: FloatArray, along_end: FloatArray, perp: FloatArray, size: FloatArray, s: TextSettings
) -> list[IntArray]:
    """Lines as chains of successor links; returns index arrays sorted along the baseline.

    Each glyph links to its best successor: the glyph starting next along the
    baseline (smallest gap, then smallest baseline offset) whose baseline is
    within ``baseline_tolerance`` × the smaller of the two sizes (0.4 times that
    for glyphs whose sizes differ by more than 15 %), with a gap under
    ``line_gap`` × size and sizes within ``max_size_ratio`` of each other (a
    watermark and a zone number on one baseline are not one line). Links are local and use the smaller size, so a large
    glyph nearby can never bridge two lines of small text, as a global baseline
    clustering would. Super- and subscripts are attached afterwards by
    :func:`_attach_scripts`.
    """
    n = len(idx)
    if n <= 1:
        return [idx]
    order = idx[np.argsort(perp[idx], kind="stable")]
    p = perp[order]
    a0 = along[order]
    a1 = along_end[order]
    sz = size[order]
    half = s.baseline_tolerance * sz
    lo = np.searchsorted(p, p - half, side="left")
    hi = np.searchsorted(p, p + half, side="right")
    parent = list(range(n))

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    line_gap, tol, max_ratio = s.line_gap, s.baseline_tolerance, s.max_size_ratio
    for i in range(n):
        l, h = int(lo[i]), int(hi[i])
        if h - l <= 1:
            continue
        j = np.arange(l, h)
        da = a0[l:h] - a0[i]
        gap = a0[l:h] - a1[i]
        sj = sz[l:h]
        big = np.maximum(sj, sz[i])
        small = np.minimum(sj, sz[i])
        dp = np.abs(p[l:h] - p[i])
        ok = ((da > 0) | ((da == 0) & (j > i))) & (gap <= line_gap * big)
        # glyphs of clearly different sizes share a line only on (nearly) the same baseline: a smaller
        # tolerance printed beside its nominal does, a stacked deviation a little lower does not
        pair_tol = np.where(big <= 1.15 * small, tol * small, 0.4 * tol * small)
        ok &= (dp <= pair_tol) & (big <= max_ratio * small)
        cand = np.nonzero(ok)[0]
        if len(cand) == 0:
            continue
        best = cand[np.lexsort((dp[cand], gap[cand]))[0]]
        ri, rj = find(i), find(int(j[best]))
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    out: list[IntArray] = []
    for members in groups.values():
        m = order[np.array(members, dtype=np.intp)]
        out.append(m[np.lexsort((perp[m], along[m]))])
    return out


def _line_stats(
    lines: list[IntArray], along: FloatArray, along_end: FloatArray, perp: FloatArray, size: FloatArray
) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Per line: median baseline position, largest size, start and end along the baseline."""
    return (np.array([float(np.median(perp[m])) for m in lines]), np.array([float(np.max(size[m])) for m in lines]),
            np.array([float(np.min(along[m])) for m in lines]), np.array([float(np.max(along_end[m])) for m in lines]))


def _attach_scripts(
    lines: list[IntArray], along: FloatArray, along_end: FloatArray, perp: FloatArray, size: FloatArray,
    marks: dict[int, str] | None = None,
) -> list[IntArray]:
    """Merge short lines of smaller glyphs (super/subscripts by baseline offset) into the line they sit on.

    A line of at most 3 glyphs, at 40-85 % of another line's size, whose baseline
    is within 0.55 × that line's size of it, which starts inside or right after it
    (within 0.3 × size) and does not overlap its glyphs along the baseline, joins
    the closest such line. Each script joins
    one base, so scripts never bridge two lines; a short line stacked over or
    under another of its size (a ``+0.1``/``-0.2`` deviation pair) is left as a
    line of its own, for the dimension analyzer to read as a stack.
    """
    if len(lines) < 2:
        return lines
    p, sz, a0, a1 = _line_stats(lines, along, along_end, perp, size)
    count = np.array([len(m) for m in lines])
    target = np.full(len(lines), -1)
    for i in np.nonzero(count <= 3)[0].tolist():
        ok = (sz[i] >= 0.4 * sz) & (sz[i] <= 0.85 * sz) & (np.abs(p - p[i]) <= 0.55 * sz)
        ok &= (a0[i] >= a0 - 0.3 * sz) & (a0[i] <= a1 + 0.3 * sz) & (count > 0)
        ok[i] = False
        cand = np.nonzero(ok)[0]
        for c in cand[np.argsort(np.abs(p[cand] - p[i]), kind="stable")].tolist():
            # a script sits beside its base glyphs, never on top of them (that is another cell's text)
            base = lines[c]
            overlap = np.minimum(along_end[base], a1[i]) - np.maximum(along[base], a0[i])
            if not np.any(overlap > 0.15 * sz[c]):
                target[i] = c
                break
    for i in np.nonzero(target >= 0)[0].tolist():
        # a deviation stacked over or under another of the same size (+0.05 over -0.02) is not a script
        ov = np.minimum(a1, a1[i]) - np.maximum(a0, a0[i])
        stacked = (np.abs(sz - sz[i]) <= 0.2 * sz[i]) & (ov > 0.5 * np.minimum(a1 - a0, a1[i] - a0[i]))
        stacked &= (np.abs(p - p[i]) > 0.3 * sz[i]) & (np.abs(p - p[i]) <= 2.0 * sz[i])
        stacked[i] = False
        if np.any(stacked):
            target[i] = -1
    for base in sorted(set(target[target >= 0].tolist())):
        scripts = np.nonzero(target == base)[0]
        for x in scripts.tolist():
            if np.any((scripts != x) & (a0[scripts] < a1[x]) & (a1[scripts] > a0[x])):
                target[scripts[(a0[scripts] < a1[x]) & (a1[scripts] > a0[x])]] = -1
    if not np.any(target >= 0):
        return lines
    merged: dict[int, list[IntArray]] = {i: [m] for i, m in enumerate(lines) if target[i] < 0}
    for i in np.nonzero(target >= 0)[0].tolist():
        base = int(target[i])
        while target[base] >= 0:  # a script of a script: follow to the base line
            base = int(target[base])
        merged.setdefault(base, [lines[base]]).append(lines[i])
        if marks is not None:
            # raised: a superscript; lowered: a subscript (relative to the line it joins)
            off = p[i] - p[int(target[i])]
            kind = "sup" if off < -0.1 * sz[int(target[i])] else ("sub" if off > 0.05 * sz[int(target[i])] else "")
            if kind:
                for g in lines[i].tolist():
                    marks[int(g)] = kind
    out: list[IntArray] = []
    for parts in merged.values():
        m = np.concatenate(parts)
        out.append(m[np.lexsort((perp[m], along[m]))])
    return out


def _attach_fractions(
    lines: list[IntArray], along: FloatArray, along_end: FloatArray, perp: FloatArray, size: FloatArray,
    texts: Sequence[str], marks: dict[int, str],
) -> list[IntArray]:
    """Stacked fractions of mixed numbers: a short line of digits over another of the same size (``3`` over
    ``8``), smaller than the whole number they follow, join that number's line and read ``1 3/8``. A bare
    stack of digits is left alone (connector pin numbers look the same without a bar, which the layout
    does not see).

    Only digit-only lines qualify, so stacked deviations (``+0.05`` over ``-0.02``) and limits
    (``8.01`` over ``7.99``) stay lines of their own for the dimension analyzer.
    """
    if len(lines) < 2:
        return lines
    digits_any = [all(texts[int(g)].isdigit() or not texts[int(g)].strip() for g in m.tolist()) for m in lines]
    digits = [d and len(m) <= 3 for d, m in zip(digits_any, lines, strict=True)]
    cand = [i for i, d in enumerate(digits) if d]
    if len(cand) < 2:
        return lines
    p, sz, a0, a1 = _line_stats(lines, along, along_end, perp, size)
    used: set[int] = set()
    joins: dict[int, list[int]] = {}
    # lines looked up by their position across the text (sorted, bisected) instead of all against all: a
    # schematic has thousands of digit-only pin numbers; each window holds every line the tests below can take
    cand_order = np.asarray(cand, dtype=np.int64)[np.argsort(p[cand], kind="stable")]
    cand_p = p[cand_order]
    line_order = np.argsort(p, kind="stable")
    line_p = p[line_order]
    big = float(sz.max())
    pad = 1e-9 * (1.0 + float(np.abs(p).max()) + big)
    for i in cand:
        if i in used:
            continue
        lo, hi = np.searchsorted(cand_p, (p[i] + 0.4 * sz[i] - pad, p[i] + 1.3 * sz[i] + pad), side="left")
        for j in sorted(cand_order[lo:hi].tolist()):
            if j == i or j in used or abs(sz[i] - sz[j]) > 0.15 * sz[i]:
                continue
            dp = p[j] - p[i]  # j under i
            ov = min(a1[i], a1[j]) - max(a0[i], a0[j])
            if not (0.4 * sz[i] <= dp <= 1.3 * sz[i] and ov >= 0.5 * min(a1[i] - a0[i], a1[j] - a0[j])):
                continue
            # the whole number it follows: bigger, ending just before it, its baseline between the two
            start = min(a0[i], a0[j])
            base = -1
            lo_b, hi_b = np.searchsorted(line_p, (p[i] - pad, p[j] + 0.6 * big + pad), side="left")
            for b in sorted(line_order[lo_b:hi_b].tolist()):
                if b in (i, j) or b in used or sz[b] < 1.2 * sz[i] or not digits_any[b]:
                    continue
                if -0.1 * sz[b] <= start - a1[b] <= 0.8 * sz[b] and p[i] < p[b] and p[j] > p[b] - 0.6 * sz[b]:
                    base = b
                    break
            if base < 0:
                continue  # a bare stack of digits (pin numbers on a connector) is not taken for a fraction
            for g in lines[i].tolist():
                marks[int(g)] = "num"
            for g in lines[j].tolist():
                marks[int(g)] = "den"
            used.update((i, j))
            joins.setdefault(base, []).extend([i, j])
            break
    if not joins:
        return lines
    absorbed = {k for v in joins.values() for k in v}
    out: list[IntArray] = []
    for i, m in enumerate(lines):
        if i in absorbed and i not in joins:
            continue
        parts = [m] + [lines[k] for k in joins.get(i, []) if k != i]
        merged = np.concatenate(parts)
        out.append(merged[np.lexsort((perp[merged], along[merged]))])
    return out


#: in text placed from a hidden copy of drawn text, a gap wider than this (font sizes) between glyphs is a
#: word break: the copy's glyphs abut within a word
COPY_WORD_GAP = 0.08
_PLUS = "+"
_MINUS = ("-", "\u2212", "_", "\u2012", "\u2013")


def _plus_over_minus(idx: IntArray, along: FloatArray, perp: FloatArray, size: FloatArray, texts: Sequence[str]) -> dict[int, int]:
    """``+`` drawn over a ``-`` (two glyphs, as some CAD fonts build ``±``): plus position -> minus position."""
    plus = [int(i) for i in idx.tolist() if texts[int(i)] == _PLUS]
    if not plus:
        return {}
    minus = np.array([int(i) for i in idx.tolist() if texts[int(i)] in _MINUS], dtype=np.intp)
    out: dict[int, int] = {}
    taken: set[int] = set()
    for i in plus:
        if len(minus) == 0:
            break
        da = np.abs(along[minus] - along[i])
        dp = perp[minus] - perp[i]
        ok = (da <= 0.3 * size[i]) & (dp >= 0.05 * size[i]) & (dp <= 0.8 * size[i]) & (np.abs(size[minus] - size[i]) <= 0.25 * size[i])
        for k in np.nonzero(ok)[0].tolist():
            m = int(minus[k])
            if m not in taken:
                out[i] = m
                taken.add(m)
                break
    return out


def _word_text(glyphs: Sequence[Glyph], run: Sequence[int], marks: dict[int, str]) -> str:
    """The text of a run of glyph positions with scripts, fractions and ``±`` spelled out."""
    from pdftract.analyzers.notation import subscript, superscript

    out: list[str] = []
    k = 0
    n = len(run)
    while k < n:
        mark = marks.get(run[k], "")
        if mark in ("num", "den"):
            num: list[str] = []
            den: list[str] = []
            while k < n and marks.get(run[k], "") in ("num", "den"):
                (num if marks[run[k]] == "num" else den).append(glyphs[run[k]].text)
                k += 1
            out.append("".join(num) + "/" + "".join(den) if num and den else "".join(num + den))
            continue
        if mark in ("sup", "sub"):
            chunk: list[str] = []
            while k < n and marks.get(run[k], "") == mark:
                chunk.append(glyphs[run[k]].text)
                k += 1
            text = "".join(chunk)
            if set(text) <= _KEEP_RAISED:
                out.append(text)  # a raised degree sign, prime or asterisk is written as it is
            else:
                out.append(superscript(text) if mark == "sup" else subscript(text))
            continue
        out.append("\u00b1" if mark == "pm" else glyphs[run[k]].text)
        k += 1
    return "".join(out)


_KEEP_RAISED = set("°*′″'\"º")


def build_layout(glyphs: Sequence[Glyph], settings: TextSettings | None = None) -> TextLayout:
    """Group glyphs into words and lines (see the module docstring)."""
    s = settings or TextSettings()
    if not glyphs:
        return TextLayout(words=(), lines=(), duplicate_glyph_ids=(), shadowed_line_ids=())

    duplicates: list[int] = []
    kept: list[Glyph] = []
    if s.dedupe:
        seen: set[tuple[object, ...]] = set()
        for g in glyphs:
            key = (g.text, round(g.origin[0] * 10), round(g.origin[1] * 10), round(g.size * 10), round(g.direction), g.invisible)
            if key in seen:
                duplicates.append(g.id)
            else:
                seen.add(key)
                kept.append(g)
    else:
        kept = list(glyphs)

    n = len(kept)
    ox = np.fromiter((g.origin[0] for g in kept), dtype=np.float64, count=n)
    oy = np.fromiter((g.origin[1] for g in kept), dtype=np.float64, count=n)
    adv = np.fromiter((g.advance for g in kept), dtype=np.float64, count=n)
    size = np.fromiter((max(g.size, 1e-3) for g in kept), dtype=np.float64, count=n)
    dirs = np.fromiter((g.direction for g in kept), dtype=np.float64, count=n)
    invisible = np.fromiter((g.invisible for g in kept), dtype=bool, count=n)
    space = np.fromiter((not g.text.strip() if g.text else False for g in kept), dtype=bool, count=n)
    rep = _direction_groups(dirs, s.direction_tolerance)
    texts = [g.text for g in kept]
    # glyphs placed over drawn text from its searchable copy (each word of the copy where the drawing has it)
    copy = [g.source is UnicodeSource.HIDDEN_LAYER for g in kept]
    marks: dict[int, str] = {}  # glyph position -> sup | sub | num | den | pm
    riders: dict[int, int] = {}  # a "+" position -> the "-" drawn under it (read together as "±")

    # raw lines: (group angle, invisible, perp, along, glyph positions)
    raw: list[tuple[float, bool, float, float, IntArray]] = []
    for angle, inv in sorted({(float(a), bool(v)) for a, v in zip(rep.tolist(), invisible.tolist(), strict=True)}):
        members = np.nonzero((rep == angle) & (invisible == inv))[0]
        th = math.radians(angle)
        bx, by = math.cos(th), -math.sin(th)
        nx, ny = math.sin(th), math.cos(th)
        along = ox * bx + oy * by
        perp = ox * nx + oy * ny
        along_end = along + adv
        pm = _plus_over_minus(members, along, perp, size, texts)
        if pm:
            riders.update(pm)
            for plus in pm:
                marks[plus] = "pm"
            gone = np.array(sorted(pm.values()), dtype=np.intp)
            members = members[~np.isin(members, gone)]
        linked = _attach_scripts(_link_lines(members, along, along_end, perp, size, s), along, along_end, perp, size, marks)
        for line_idx in _attach_fractions(linked, along, along_end, perp, size, texts, marks):
            raw.append((angle, inv, float(np.median(perp[line_idx])), float(along[line_idx[0]]), line_idx))

    # words within each raw line
    def group_rank(angle: float) -> tuple[int, float]:
        for rank, a in enumerate((0.0, 90.0, 270.0, 180.0)):
            if angle == a:
                return (rank, 0.0)
        return (4, angle)

    # reading order: visible before invisible, then direction, then rows top to bottom, then along
    raw.sort(key=lambda r: (r[1], group_rank(r[0]), r[2], r[3]))
    ordered: list[tuple[float, bool, float, float, IntArray]] = []
    i = 0
    while i < len(raw):
        j = i + 1
        row_size = float(np.max(size[raw[i][4]]))
        while (
            j < len(raw)
            and raw[j][0] == raw[i][0]
            and raw[j][1] == raw[i][1]
            and raw[j][2] - raw[i][2] <= s.row_tolerance * row_size
        ):
            j += 1
        ordered.extend(sorted(raw[i:j], key=lambda r: r[3]))
        i = j

    words: list[Word] = []
    lines: list[Line] = []
    for angle, inv, _perp, _along, idx in ordered:
        th = math.radians(angle)
        bx, by = math.cos(th), -math.sin(th)
        a0 = ox[idx] * bx + oy[idx] * by
        a1 = a0 + adv[idx]
        runs: list[list[int]] = []
        current: list[int] = []
        prev_end = -math.inf
        prev_size = 0.0
        prev_adv = 0.0
        order = idx.tolist()
        starts, ends = a0.tolist(), a1.tolist()
        next_start = [math.inf] * len(order)  # start of the next non-space glyph along the line
        upcoming = math.inf
        for k in range(len(order) - 1, -1, -1):
            next_start[k] = upcoming
            if not space[order[k]]:
                upcoming = starts[k]
        for k, (pos, start, end) in enumerate(zip(order, starts, ends, strict=True)):
            if space[pos]:
                # a space separates words only where it sits between glyphs; one from another text
                # object lying across this line's glyphs (same baseline by chance) is not a separator
                width = max(end - start, 1e-6)
                if current and start >= prev_end - 0.25 * width and next_start[k] >= start + 0.5 * width:
                    runs.append(current)
                    current = []
                continue
            if current and start - prev_end > s.word_gap * max(size[pos], prev_size):
                runs.append(current)
                current = []
            elif current and copy[pos] and copy[current[-1]] and (
                    start - prev_end > COPY_WORD_GAP * max(size[pos], prev_size)
                    or (start < prev_end - 0.5 * min(prev_adv, end - start) and texts[pos] != texts[current[-1]]
                        and not unicodedata.combining(texts[pos][:1] or " "))):
                # text placed from a searchable copy of drawn text runs glyph against glyph within a word, each
                # word where the drawing has it (KiCad writes each word of its hidden copy on its own, in a
                # wider font than the strokes): any gap is a space (0.22R 1%), and a letter set back over more
                # than half of the one before (not a repeat of it, not an accent) begins another word (10µF
                # over X5R)
                runs.append(current)
                current = []
            current.append(pos)
            prev_adv = end - start
            prev_end = max(prev_end, end)
            prev_size = float(size[pos])
        if current:
            runs.append(current)
        if not runs:
            continue
        line_id = len(lines)
        word_ids: list[int] = []
        for run in runs:
            members_g = [kept[p] for p in run]
            extra = [kept[riders[p]] for p in run if p in riders]
            words.append(
                Word(
                    id=len(words),
                    text=_word_text(kept, run, marks) if marks else "".join(g.text for g in members_g),
                    glyph_ids=tuple(g.id for g in members_g + extra),
                    bbox=BBox.union_all(g.bbox for g in members_g + extra),
                    direction=angle,
                    size=max(g.size for g in members_g),
                    font=members_g[0].font,
                    invisible=inv,
                    line_id=line_id,
                )
            )
            word_ids.append(len(words) - 1)
        line_words = [words[w] for w in word_ids]
        lines.append(
            Line(
                id=line_id,
                text=" ".join(w.text for w in line_words),
                word_ids=tuple(word_ids),
                glyph_ids=tuple(g for w in line_words for g in w.glyph_ids),
                bbox=BBox.union_all(w.bbox for w in line_words),
                direction=angle,
                size=max(w.size for w in line_words),
                invisible=inv,
            )
        )

    shadowed: list[int] = []
    hidden = [ln for ln in lines if ln.invisible]
    if hidden:
        visible_index = BoxIndex((w.id, w.bbox) for w in words if not w.invisible)
        for ln in hidden:
            box = ln.bbox
            for wid in visible_index.intersection(box):
                inter = box.intersection(visible_index.bbox_of(wid))
                if inter is not None and inter.area > 0.3 * min(box.area, visible_index.bbox_of(wid).area):
                    shadowed.append(ln.id)
                    break
    return TextLayout(
        words=tuple(words),
        lines=tuple(lines),
        duplicate_glyph_ids=tuple(duplicates),
        shadowed_line_ids=tuple(shadowed),
    )


__all__ = ["Line", "TextLayout", "TextSettings", "Word", "build_layout"]
