"""Chinese characters drawn as filled outlines, read back from their shapes (partial).

A hanzi is no Latin letter: it is a square of many pieces (a radical beside or over another, dots apart from
strokes), so the Latin pass of :mod:`pdftract.ingest.drawn_text` chains its pieces into no line and leaves them
unread. This pass reads what that one left:

1. **Words**: the unread shapes are gathered by nearness (each widened by :data:`LINK` of its larger side), and
   groups along one line are joined where they share its band; a group longer down the page than across is read
   turned (90 or 270 degrees, whichever matches better), a square one every way. A group much higher than its
   highest shape (linework spread over the page) is not read.
2. **Cells**: along the group, shapes overlapping along the line are one column; a character is a run of
   columns no wider than :data:`CELL_MAX` of the group's height. The cut into characters is the one whose cells
   match their templates best per unit of length (a dynamic programme over the cut points); a column that
   matches no character closely is left to the Latin reading (a figure between two hanzi). Each group is also
   read drawn wider (:data:`WIDEN`: condensed faces, as GB/T 14691 prescribes for drawings); the page keeps the
   proportions at which most characters read clearly.
3. **Matching**: each cell is drawn into a small raster (its ink fitted, aspect kept) and described by the
   directions of its edges in an 8 x 8 grid (:func:`features`); the features are projected (PCA) and compared
   by cosine with templates of GB 2312's 3755 first-level characters in three open faces (a Ming face, a Song
   face and a Hei face: ``python -m pdftract.data.build_templates --cjk``). A cell is read when its best
   template is at least :data:`ACCEPT` alike and it is no smaller than :data:`SMALL` of its group's height.
4. **The page**: the groups are probed in page order; when the first :data:`PROBE_GROUPS` (or
   :data:`PROBE_CELLS` cells) read no two characters clearly side by side, the page has no hanzi and the pass
   stops. A group of one character is read only on a page where :data:`PAGE_WORDS` longer words read (a lone
   square box is no ``口`` on a page written in Latin letters).

Partial: simplified characters of GB 2312 level 1 only (no level 2, no traditional forms, no kana, no hangul);
no CJK punctuation; no vertical writing (columns of upright characters); a character whose pieces lie farther
apart than a character's gap is cut in two.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

import numpy as np

from pdftract.index import box_pairs, pair_components

#: the raster a cell is drawn into (pixels a side) and its margin
RASTER = 48
MARGIN_PX = 3
#: a cell of more contours than this is no character (GB 2312's most intricate have 16; Qt's outlined copy of
#: filled text makes three of each): hatching or a dense patch of linework, not matched
MAX_CONTOURS = 60
#: the edge directions and the grid of cells they are pooled in
DIRECTIONS = 8
GRID = 8
#: what a cell's best template must reach (cosine of the projected features) to be read
ACCEPT = 0.80
#: a group of more columns than this is no line of words (linework), left unread
MAX_COLUMNS = 80
#: a character is no wider than this share of its line's height (its ink; hanzi are square)
CELL_MAX = 1.25
#: shapes this share of their larger side apart are one word
LINK = 0.2
#: groups this much longer one way than the other run that way
ELONGATED = 1.8
#: groups in a line share this much of the lower one's band ...
BAND = 0.6
#: ... and stand at most this share of their height apart
WORD_GAP = 0.6
#: the score a column left to the Latin reading earns per unit of length
SKIP_SCORE = 0.55
#: a cell whose larger side is below this share of its group's height is no character (a hyphen, a dot)
SMALL = 0.55
#: how many times as wide a group's cells are drawn before matching: a regular face, and condensed ones
WIDEN = (1.0, 1 / 0.8, 1 / 0.7)
#: a character this alike is read clearly (the page's proportions are those at which most read so)
CLEAR = 0.9
#: a group of more shapes than this is read along a way only when it is no more than BLOB times as high
#: (across that way) as its highest shape
BLOB_MEMBERS = 12
BLOB = 1.6
#: groups of two characters or more that must read on a page before a lone character is read
PAGE_WORDS = 2
#: the first groups tried on a page, and the most cells matched in them; when none of them reads two characters
#: clearly side by side, the page has no hanzi to read
PROBE_GROUPS = 60
PROBE_CELLS = 400


def _ink(contours: Sequence[np.ndarray], evenodd: bool) -> np.ndarray | None:
    """The contours filled into a :data:`RASTER` square, fitted with their aspect kept (non-zero winding unless
    ``evenodd``); ``None`` for no area."""
    import cv2

    rings = [np.asarray(c, dtype=np.float64) for c in contours if len(c) >= 3]
    if not rings or len(rings) > MAX_CONTOURS:
        return None
    pts = np.concatenate(rings)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    side = float(max(hi - lo))
    if side <= 0:
        return None
    k = (RASTER - 2 * MARGIN_PX) / side
    off = (RASTER - (hi - lo) * k) / 2
    acc = np.zeros((RASTER, RASTER), dtype=np.int16)
    for c in rings:
        q = (c - lo) * k + off
        q[:, 1] = RASTER - q[:, 1]  # y up on the page, down in the raster
        m = np.zeros((RASTER, RASTER), dtype=np.uint8)
        cv2.fillPoly(m, [np.round(q * 16).astype(np.int32)], 1, lineType=cv2.LINE_8, shift=4)
        x, y = c[:, 0], c[:, 1]
        area = float(np.dot(x[:-1], y[1:]) - np.dot(x[1:], y[:-1]) + x[-1] * y[0] - x[0] * y[-1])
        acc += m.astype(np.int16) if (area > 0 or evenodd) else -m.astype(np.int16)
    ink = (acc % 2) if evenodd else (acc != 0)
    return ink.astype(np.float32)


def features(contours: Sequence[np.ndarray], evenodd: bool = False) -> np.ndarray | None:
    """The edge-direction features of one character's contours (page or font units, y up): the gradient of its
    raster split into :data:`DIRECTIONS` directions, pooled in a :data:`GRID` square grid, square-rooted and of
    unit length. ``None`` when the contours enclose nothing.

    >>> square = [np.array([[0, 0], [10, 0], [10, 10], [0, 10]], dtype=float)]
    >>> features(square).shape
    (512,)
    """
    import cv2

    img = _ink(contours, evenodd)
    if img is None or not img.any():
        return None
    b = cv2.GaussianBlur(img, (0, 0), 1.0)
    gx = cv2.Sobel(b, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(b, cv2.CV_32F, 0, 1, ksize=3)
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % (2 * math.pi)) / (2 * math.pi) * DIRECTIONS
    i0 = np.floor(ang).astype(np.int64) % DIRECTIONS
    frac = (ang - np.floor(ang)).astype(np.float32)
    i1 = (i0 + 1) % DIRECTIONS
    out = []
    for k in range(DIRECTIONS):
        plane = (mag * ((i0 == k) * (1 - frac) + (i1 == k) * frac)).astype(np.float32)
        plane = cv2.GaussianBlur(plane, (0, 0), RASTER / GRID / 2)
        out.append(cv2.resize(plane, (GRID, GRID), interpolation=cv2.INTER_AREA).ravel())
    v = np.sqrt(np.maximum(np.concatenate(out), 0.0))
    n = float(np.linalg.norm(v))
    return (v / n).astype(np.float32) if n > 0 else None


@dataclass(frozen=True)
class _Templates:
    labels: str  # one character per template row
    mean: np.ndarray  # (512,) the projection's centre
    basis: np.ndarray  # (512, k) the projection
    rows: np.ndarray  # (n, k) projected templates of unit length (float32)


@functools.lru_cache(maxsize=1)
def templates() -> _Templates | None:
    """The packaged templates (``cjk_templates.npz``); ``None`` when the package was built without them."""
    ref = resources.files("pdftract.data").joinpath("cjk_templates.npz")
    if not ref.is_file():
        return None
    with resources.as_file(ref) as p, np.load(p) as z:
        return _Templates("".join(z["labels"].tolist()), z["mean"].astype(np.float32), z["basis"].astype(np.float32),
                          z["rows"].astype(np.float32))


def project(feats: np.ndarray, tpl: _Templates) -> np.ndarray:
    """Features (n, 512) projected like the templates and of unit length."""
    y = (feats - tpl.mean) @ tpl.basis
    n = np.linalg.norm(y, axis=1, keepdims=True)
    out: np.ndarray = y / np.where(n > 0, n, 1.0)
    return out


def best(feats: np.ndarray, tpl: _Templates) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Each feature row's nearest character, its likeness (cosine) and its margin over the best other character."""
    if not len(feats):
        return [], np.zeros(0), np.zeros(0)
    sims = project(feats, tpl) @ tpl.rows.T
    nearest = np.argpartition(-sims, 12, axis=1)[:, :12]
    order = np.take_along_axis(nearest, np.argsort(-np.take_along_axis(sims, nearest, axis=1), axis=1, kind="stable"), axis=1)
    chars: list[str] = []
    likes = np.zeros(len(feats))
    margins = np.zeros(len(feats))
    for i in range(len(feats)):
        row = order[i]
        ch = tpl.labels[int(row[0])]
        likes[i] = sims[i, row[0]]
        other = next((sims[i, j] for j in row[1:] if tpl.labels[int(j)] != ch), sims[i, row[-1]])
        margins[i] = likes[i] - other
        chars.append(ch)
    return chars, likes, margins


@dataclass
class Word:
    """A group of shapes read as Chinese characters, along ``direction``."""

    direction: int
    cells: list[list[int]]  # each character's shapes (component numbers), in reading order
    texts: list[str | None]  # None: a cell left to the Latin reading (not taken)
    likes: list[float]
    margins: list[float]
    spans: list[tuple[float, float]]  # each cell's extent along the line (frame units)
    bottom: float  # the group's ink, across the line (frame units)
    top: float
    score: float = 0.0  # the cut's likeness per unit of length (see read_group)
    widen: float = 1.0  # how many times as wide its cells were drawn to be matched

    @property
    def clear(self) -> int:
        """How many of its characters read :data:`CLEAR` alike beside another read one."""
        t = self.texts
        return sum(1 for k in range(len(t)) if t[k] is not None and self.likes[k] >= CLEAR
                   and ((k > 0 and t[k - 1] is not None) or (k + 1 < len(t) and t[k + 1] is not None)))

    @property
    def n_read(self) -> int:
        return sum(1 for t in self.texts if t is not None)



def groups(boxes: np.ndarray) -> list[list[int]]:
    """Rows of ``boxes`` (x0, top, x1, bottom) that lie near one another (each widened by :data:`LINK` of its
    larger side), by nearness chains: a word's or a line's characters and their pieces."""
    if not len(boxes):
        return []
    side = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    g = (LINK * side)[:, None]
    grown = np.hstack((boxes[:, :2] - g, boxes[:, 2:] + g))
    rows, cols = box_pairs(grown, grown)
    return _along_lines(boxes, pair_components(len(boxes), rows, cols))


def _along_lines(boxes: np.ndarray, grps: list[list[int]]) -> list[list[int]]:
    """Groups joined along a line: a group long across the page (or square) and the next one across whose band
    it lies (:data:`BAND` of the lower) at most :data:`WORD_GAP` of its height away; the same down the page for
    a group long down it, with a square one or another long down it (characters stand farther apart than the
    pieces of one: ``年月 日``)."""
    if len(grps) < 2:
        return grps
    gb = np.array([[boxes[g, 0].min(), boxes[g, 1].min(), boxes[g, 2].max(), boxes[g, 3].max()] for g in grps])
    w, h = gb[:, 2] - gb[:, 0], gb[:, 3] - gb[:, 1]
    across = np.where(h >= ELONGATED * w, 1, np.where(w >= ELONGATED * h, 0, 2))  # 0 along x, 1 along y, 2 square
    reach = (WORD_GAP * np.maximum(w, h))[:, None]
    rows, cols = box_pairs(np.hstack((gb[:, :2] - reach, gb[:, 2:] + reach)), gb)
    keep = rows < cols
    rows, cols = rows[keep], cols[keep]
    a, b = gb[rows], gb[cols]
    ov_y = np.minimum(a[:, 3], b[:, 3]) - np.maximum(a[:, 1], b[:, 1])
    ov_x = np.minimum(a[:, 2], b[:, 2]) - np.maximum(a[:, 0], b[:, 0])
    gap_x = np.maximum(a[:, 0], b[:, 0]) - np.minimum(a[:, 2], b[:, 2])
    gap_y = np.maximum(a[:, 1], b[:, 1]) - np.minimum(a[:, 3], b[:, 3])
    ka, kb = across[rows], across[cols]
    flat = (ka != 1) & (kb != 1) & (ov_y >= BAND * np.minimum(h[rows], h[cols])) \
        & (gap_x <= WORD_GAP * np.maximum(h[rows], h[cols]))
    tall = (ka != 0) & (kb != 0) & ((ka == 1) | (kb == 1)) & (ov_x >= BAND * np.minimum(w[rows], w[cols])) \
        & (gap_y <= WORD_GAP * np.maximum(w[rows], w[cols]))
    joined = flat | tall
    merged = pair_components(len(grps), rows[joined], cols[joined])
    return [sorted(m for k in grp for m in grps[k]) for grp in merged]


def _columns(fb: np.ndarray, members: list[int]) -> list[list[int]]:
    """A group's shapes in columns along its line: shapes that overlap along it by a third of the narrower
    are one column (the top and the bottom of a character), in order."""
    cols: list[list[int]] = []
    lo = hi = 0.0  # the current column's extent (its start is its first shape's, as they come in order)
    for c in sorted(members, key=lambda c: (float(fb[c, 0]), c)):
        u0, u1 = float(fb[c, 0]), float(fb[c, 2])
        if cols and u0 < hi - (1 / 3) * min(u1 - u0, hi - lo):
            cols[-1].append(c)
            hi = max(hi, u1)
        else:
            cols.append([c])
            lo, hi = u0, u1
    return cols


def read_group(d: int, members: list[int], fb: np.ndarray, tpl: _Templates,
               contours_of: Callable[[list[int], int], tuple[list[np.ndarray], bool]],
               latin: dict[int, int] | None = None, widen: float = 1.0) -> Word | None:
    """One group read along direction ``d`` (``fb``: every component's box in that frame): cut into cells
    by the dynamic programme described in the module, each cell read or left. ``latin`` numbers the shapes
    the Latin reading read, by the character they are in: a cell that is one such character whole (a ``T``,
    a ``-``) is read as Chinese only beside a Chinese character that is not; a cell no larger than
    :data:`SMALL` of the group's height is read as none (a hyphen is no ``一``). ``widen`` draws each cell that
    many times as wide before it is matched (a condensed face read at a regular one's proportions)."""
    cols = _columns(fb, members)
    n = len(cols)
    if n > MAX_COLUMNS:
        return None
    ext = [(float(min(fb[c, 0] for c in col)), float(max(fb[c, 2] for c in col))) for col in cols]
    bottom = float(min(fb[c, 1] for c in members))
    top = float(max(fb[c, 3] for c in members))
    height = top - bottom
    if height <= 0:
        return None
    # cut points between columns: halfway across each gap, the ends at the ink
    cuts = [ext[0][0]] + [(ext[k - 1][1] + ext[k][0]) / 2 for k in range(1, n)] + [ext[-1][1]]
    cands: list[tuple[int, int]] = []
    for i in range(n):
        for j in range(i + 1, n + 1):
            width = ext[j - 1][1] - ext[i][0]
            if width > CELL_MAX * height:
                break
            cands.append((i, j))
    feats: list[np.ndarray] = []
    ok: list[tuple[int, int]] = []
    for i, j in cands:
        contours, evenodd = contours_of([c for col in cols[i:j] for c in col], d)
        if widen != 1.0:
            contours = [np.column_stack((c[:, 0] * widen, c[:, 1])) for c in contours]
        f = features(contours, evenodd)
        if f is not None:
            feats.append(f)
            ok.append((i, j))
    if not feats:
        return None
    chars, likes, margins = best(np.stack(feats), tpl)
    got = {ij: (ch, float(lk), float(mg)) for ij, ch, lk, mg in zip(ok, chars, likes, margins, strict=True)}
    # the cut whose cells are most alike per unit of length; a column may be left at SKIP_SCORE
    score = [0.0] + [-math.inf] * n
    back: list[tuple[int, bool]] = [(0, False)] * (n + 1)
    for j in range(1, n + 1):
        span = cuts[j] - cuts[j - 1]
        s = score[j - 1] + SKIP_SCORE * span
        score[j], back[j] = s, (j - 1, False)
        for i in range(j):
            hit = got.get((i, j))
            if hit is None:
                continue
            s = score[i] + hit[1] * (cuts[j] - cuts[i])
            if s > score[j]:
                score[j], back[j] = s, (i, True)
    out: list[tuple[int, int, bool]] = []
    j = n
    while j > 0:
        i, read = back[j]
        out.append((i, j, read))
        j = i
    out.reverse()
    cells: list[list[int]] = []
    texts: list[str | None] = []
    likes_out: list[float] = []
    margins_out: list[float] = []
    spans: list[tuple[float, float]] = []
    latin = latin or {}
    for i, j, read in out:
        ch, lk, mg = got[(i, j)] if read else (None, 0.0, 0.0)
        cell = [c for col in cols[i:j] for c in col]
        big = max(ext[j - 1][1] - ext[i][0], float(max(fb[c, 3] for c in cell) - min(fb[c, 1] for c in cell)))
        accepted = read and lk >= ACCEPT and big >= SMALL * height
        cells.append(cell)
        texts.append(ch if accepted else None)
        likes_out.append(lk)
        margins_out.append(mg)
        spans.append((ext[i][0], ext[j - 1][1]))
    # a Latin character read whole stays Latin unless a Chinese character that is no Latin one stands next to it
    whole = [len({latin.get(c, -1) for c in cell}) == 1 and latin.get(cell[0], -1) >= 0 for cell in cells]
    own = [t is not None and not w for t, w in zip(texts, whole, strict=True)]
    for k in range(len(cells)):
        if texts[k] is not None and whole[k] and not ((k > 0 and own[k - 1]) or (k + 1 < len(cells) and own[k + 1])):
            texts[k] = None
    return Word(d, cells, texts, likes_out, margins_out, spans, bottom, top, score[n] / max(cuts[n] - cuts[0], 1e-9), widen)


def read_words(cbox: np.ndarray, pool: Sequence[int], frames: Callable[[int], np.ndarray],
               contours_of: Callable[[list[int], int], tuple[list[np.ndarray], bool]],
               latin: dict[int, int] | None = None) -> list[Word]:
    """The Chinese words among the components ``pool`` (rows of ``cbox``, page boxes): grouped by nearness,
    each read along the page (a group longer down than across: turned, 90 or 270 degrees, whichever matches
    better), lone characters only on a page where :data:`PAGE_WORDS` longer words read."""
    tpl = templates()
    pool = list(pool)
    if tpl is None or not pool:
        return []
    found: list[Word] = []
    tried = 0
    probed = [0]  # cells matched

    def counted(members: list[int], d: int) -> tuple[list[np.ndarray], bool]:
        probed[0] += 1
        return contours_of(members, d)

    read: list[list[Word]] = []
    shown = False  # a word read so far holds two characters read clearly side by side
    # (a group of one shape reads one character alone, never two side by side: it is read only once the page
    # has shown it holds hanzi)
    grouped = groups(cbox[pool])
    for grp in [g for g in grouped if len(g) > 1] + [g for g in grouped if len(g) == 1]:
        if len(grp) == 1 and not shown:
            break
        if (tried >= PROBE_GROUPS or probed[0] >= PROBE_CELLS) and not shown:
            break  # the first groups read no two characters clearly side by side: no Chinese here
        members = [pool[k] for k in grp]
        b = cbox[members]
        w = float(b[:, 2].max() - b[:, 0].min())
        h = float(b[:, 3].max() - b[:, 1].min())
        # (a square group, a character alone, is tried every way: on a turned sheet it is turned too)
        ways: tuple[int, ...] = (0,) if w >= ELONGATED * h else (90, 270) if h >= ELONGATED * w else (0, 90, 270)
        if len(members) > BLOB_MEMBERS:
            # a line of characters is as high as its tallest piece, about (a turned one as wide): a group much
            # higher and wider than its largest piece is linework spread over the page, read as no line
            tall, wide = float((b[:, 3] - b[:, 1]).max()), float((b[:, 2] - b[:, 0]).max())
            ways = tuple(d for d in ways if (h <= BLOB * tall if d == 0 else w <= BLOB * wide))
            if not ways:
                continue
        tried += 1
        # each way, at a regular face's proportions and at the condensed ones drawings use (GB/T 14691's long
        # FangSong is 0.7 as wide as high)
        words = []
        for d in ways:
            for widen in WIDEN:
                if probed[0] >= PROBE_CELLS and not shown:
                    break
                wd = read_group(d, members, frames(d), tpl, counted, latin, widen)
                if wd is not None and wd.n_read:
                    words.append(wd)
        read.append(words)
        shown = shown or any(wd.clear for wd in words)
    # one face for the page: the proportions at which most characters read clearly beside another; each group
    # is read at those or at a regular face's, whichever cut matches better per unit of length (a Latin word
    # drawn wider matches a hanzi or two now and then: ``-T`` as ``一工``)
    clear = {widen: sum(wd.clear for words in read for wd in words if wd.widen == widen) for widen in WIDEN}
    page = max(WIDEN, key=lambda widen: (clear[widen], -widen))
    for words in read:
        words = [wd for wd in words if wd.widen in (1.0, page)]
        if words:
            found.append(max(words, key=lambda wd: wd.score))
    longer = sum(1 for wd in found if wd.n_read >= 2)
    return [wd for wd in found if wd.n_read >= 2 or longer >= PAGE_WORDS]
