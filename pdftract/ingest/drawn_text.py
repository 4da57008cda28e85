"""Text drawn as vector shapes, read back from the geometry (filled outlines and stroke fonts).

Many CAD and EDA exports paint their visible text as paths: Altium's "text as
outlines", Qt (FreeCAD TechDraw), Ghostscript with ``-dNoOutputFonts``, KiCad's
stroke font, AutoCAD SHX fonts. Such a page has no text layer, or only a hidden
one. This pass, run at ingest before words are built, turns those shapes into
synthetic :class:`Glyph` objects so that the layout and every analyzer read them
like any other text:

1. **Shapes**: the subpaths of the page no larger than a character
   (:data:`ATOM_MAX` points) are collected; those whose boxes touch are one
   component (the two contours of an ``O``, the three strokes of an ``H``).
2. **Lines**: components are chained to their nearest neighbour along a
   baseline (vertical overlap, similar height, a gap below one character
   height), first reading left to right, then, for what is left, bottom to top
   or top to bottom; components that overlap along the line are one character
   (the dot of an ``i``, the bars of ``=``).
3. **Hidden layer**: where an invisible text line (render mode 3, as KiCad
   and some Altium prints write beside their drawn text) lies over drawn
   characters and their count agrees, its text is taken as the visible text
   (source ``hidden_layer``; KiCad markup ``~{..}``, ``_{..}``, ``^{..}`` is
   dropped). The drawn line may run longer or shorter than its copy (other
   metrics; right-aligned text runs past the copy's start): characters on its
   band are added at either end while the drawn ones are fewer than the copy's,
   and with the counts equal (a tenth either way on a long line) the copy is
   fitted to the drawn line's length before the characters are compared by
   place, and its glyphs are placed there. Where ink lies under a hidden
   line but they disagree, the shapes are recognised instead and the
   disagreement is counted. When the copy spelled most of the drawn text, only
   the shapes under the lines it did not spell are read; the rest is linework.
4. **Recognition**: every other character shape is matched against templates
   of open fonts' outlines (:mod:`pdftract.data.build_templates`, ``--text``),
   by the same centre-line chamfer matcher that reads drawn symbols
   (:mod:`pdftract.ingest.outlines`). A filled shape is read as an outline
   (source ``outline_match``), a stroked one by its centre lines (source
   ``stroke_match``). Confusable shapes (``0/O/o``, ``1/I/l``, ``5/S``, case pairs)
   are settled by their height on the line and by the other characters of the
   word (digits or letters). A shape that matches nothing closely stays unread
   and is counted in a diagnostic; it is never guessed. Asked for
   (``read_drawn_text="ocr"``), lines no template read at all go to Tesseract
   (:mod:`pdftract.ingest.drawn_ocr`, partial), taken only when it spells one
   character per shape, surely.
5. **Words and the page**: a word whose shapes stay unread one by one is read
   as the lexicon word they are nearest (:mod:`pdftract.ingest.lexicon`),
   an unread shape in a number among the digits alone, and, once every line
   is read, an unread shape that is the twin of one read surely elsewhere on
   the page takes its character. A shape still unread inside a word stays in
   the text as U+FFFD with confidence 0, so the word is not silently shortened.

Paths all of whose shapes became text are marked ``text_shape`` so the table,
leader, dimension and GD&T passes never take them for rules or leaders.

The pass runs on pages whose glyph-sized shapes outnumber the visible
characters :data:`SHAPES_PER_CHAR` to one (the ``TEXT_AS_GRAPHICS`` condition),
and, on a page with a text layer, on the filled letter-like shapes no character
covers when there are :data:`MIXED_MIN` of them (labels a graphics program
outlined beside values left as text: :func:`outlined_beside_text`); any other
page pays one count of path boxes. Identical
shapes (a font repeats them) are classified once per process.

6. **Other angles**: the shapes left unread, grouped by nearness, that lie along a straight axis
   away from the page's axes are turned onto the horizontal and read there (:func:`_angled`); their
   characters keep the group's angle as their ``direction``.

Partial: text at other angles than 0/90/180/270 degrees only as a short group of shapes left over
(a dimension's value along its leader) that reads surely; 180 degrees only as a whole line that
reads better upside down; a character whose contours touch its neighbour's (tight kerning,
underlines) is read as one unknown shape.
"""

from __future__ import annotations

import functools
import json
import math
import re
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from itertools import chain
from typing import Any

import numpy as np
import shapely
import shapely.geometry

from pdftract.geometry import BBox
from pdftract.index import BoxIndex, box_pair_blocks, pair_components, union_find
from pdftract.ingest import drawn_ocr
from pdftract.ingest.lexicon import ALPHABET, best_word, word_set
from pdftract.ingest.path_symbols import flatten_path
from pdftract.ingest.outlines import _SUPER, ACCEPT, GRID, Features, distances, features, finish, templates
from pdftract.ingest.stroke_font import SHAPE_SEGMENTS, exact_stroke, glyph_shape
from pdftract.model.primitives import (FLAG_EVENODD, FLAG_FILL, FLAG_RECT, FLAG_STROKE, FLAG_TEXT, REPLACEMENT_CHARACTER, Glyph,
                                       Path, PathTable, UnicodeSource, path_boxes, path_flags, segment_counts)
from pdftract.model.text import COPY_WORD_GAP

#: glyph-sized shapes per visible character above which a page's text counts as drawn
SHAPES_PER_CHAR = 10.0
#: fewer glyph-sized shapes than this never count as drawn text
MIN_SHAPES = 200
#: curved filled glyph-sized shapes outside the text layer from which a page with text has outlined text too
MIXED_MIN = 40
#: longest side of a glyph-sized shape, in points (for counting)
GLYPH_MIN, GLYPH_MAX = 0.8, 20.0
#: a word drawn in strokes as one path has at least this many subpaths (its characters' strokes)
WORD_SUBPATHS = 4
#: characters drawn in strokes one path each, in runs, from which a page with text has stroked text too
CHARACTER_RUNS = 20
#: segments of large paths looked into at most when counting
SCAN_BUDGET = 4_000

#: a subpath is a piece of a character when its longer side is at most this (points) ...
ATOM_MAX = 30.0
#: ... and at least this
ATOM_MIN = 0.15
#: unread shapes kept at a word's start or end (as U+FFFD), at most
EDGE_UNREAD = 2
#: half the width of a hairline (a pen of width 0 paints one device pixel), in points
HAIRLINE = 0.05
#: subpaths collected per page at most (the rest are counted in the diagnostic)
MAX_ATOMS = 400_000
#: chaining: the gap to the next character along the line, in character heights
LINK_GAP = 1.0
#: chaining: vertical overlap as a share of the smaller character's height
LINK_OVERLAP = 0.5
#: chaining: a stroked character inked narrower than this share of its height (``i``, ``l``, ``1``) is measured from a cell
#: that wide about its centre (a monospaced stroke font sets it in a full cell, its ink far from its neighbours':
#: ``thi ck``); not a mark under half the page's typical shape
NARROW_LINK_CELL = 0.7
#: ... when it is at least this share of its neighbour's height (a tick beside a letter is no ``i``)
NARROW_LINK_HEIGHT = 0.6
#: a mark that high (share of its neighbour's height), narrow, its head on the band and its tail below, links as a
#: comma (Go's and Cantarell's commas are 0.39 of their digits' height)
COMMA_HEIGHT = 0.45
#: a character height over the line height used as the em (caps and ascenders are about 0.72 em)
CAP_EM = 0.72
#: weight of the size features (width, height, centre height in em, blob) for text characters: the em is
#: estimated from the line, so size counts less than for font glyphs
TEXT_GEOMETRY_WEIGHT = (0.3, 0.5, 0.5, 0.5)
#: a character is accepted at this distance or closer ...
TEXT_ACCEPT = ACCEPT
#: ... and when the best character outside its confusable group is this much farther
TEXT_MARGIN = 0.05
#: a letter or digit inside a word (neighbours at letter spacing) is taken this close whatever its margin to
#: another character ...
WORD_ACCEPT = 0.35
#: ... and this far (distance, margin) when every other character is at least the margin farther
WORD_CLEAR = (0.65, 0.3)
#: an underscore inside a word is a bar at most this high (em), pen included
UNDERSCORE_HEIGHT = 0.16
#: a word with shapes left unread is read as the lexicon word its shapes are this close to on average ...
LEX_ACCEPT = 0.7
#: ... when the next word is this much farther per letter the two differ in, no shape is farther than LEX_CHAR_MAX
#: from its letter ...
LEX_MARGIN = 0.06
LEX_CHAR_MAX = 1.0
#: ... and the word has at least this many letters
LEX_MIN = 3
#: an unread shape in a number is read as the nearest digit this close, the next digit this much farther
NUMBER_ACCEPT, NUMBER_MARGIN = 0.7, 0.06
#: confidence of a shape read as the same shape read surely elsewhere on the page ...
PAGE_CONFIDENCE = 0.6
#: ... the same: its mean distance to every character this close to the sure shape's
PAGE_MATCH = 0.03
#: a lone shape (no neighbours on a line) is read only this close (a stray tick is no ``1``)
LONE_ACCEPT = 0.32
#: narrow letters and digits are given a cell this wide (em) when word gaps are measured
NARROW_CELL = 0.4
#: ... except the letters that are narrow in every proportional font (``i j l I``: an advance of about a
#: quarter em), which would otherwise close the word gap before them (``of issue``)
THIN_CELL, THIN_LETTERS = 0.28, frozenset("ijlI")
#: a word break: a gap between cells wider than SPACE_MIN em and SPACE_MEDIANS times the median gap, at most SPACE_MAX em
SPACE_MIN, SPACE_MEDIANS, SPACE_MAX = 0.2, 2.2, 0.55
#: a word break in a line of strokes is also a gap between inked spans this many times their median gap
INK_SPACE_MEDIANS = 1.5
#: ... or, in a line of filled outlines, a gap this much (em) wider than the usual side bearings of the two
#: characters beside it (:func:`_bearings`; letters set apart in the tuned fixtures exceed them by at most 0.16 em,
#: their spaces by 0.2 and more)
SPACE_EXCESS = 0.19
#: ... when it is also wider than this many median gaps of the line
EXCESS_MEDIANS = 1.5
#: in a line with this many pairs of figures side by side, two figures stepping no more than DIGIT_STEP times
#: their median step apart (centre to centre) have no word break between them (see :func:`_spaces`)
DIGIT_PAIRS, DIGIT_STEP = 3, 1.2
#: x-height over em (the em from the x-height when no capital tells it)
X_EM = 0.53
#: width of the pen a stroke-font character is drawn with before matching, in em (a regular font's stem)
STROKE_WEIGHT = 0.09
#: the drawn characters' height over the hidden text's size, least and most (KiCad draws 0.8-1.1)
HIDDEN_SIZE = (0.5, 1.45)
#: the drawn line's length over its hidden copy's, least and most, within which the copy is fitted to it
HIDDEN_STRETCH = (0.8, 1.35)
#: share of a hidden line's characters that must lie over drawn pieces for the line to be taken
HIDDEN_COVER = 0.85
#: when the hidden layer spelled this share of the hidden characters that lie over drawn shapes, the rest of
#: the drawn shapes is taken for linework and not read
HIDDEN_ENOUGH = 0.8
#: a straight stroke this many times as high as its neighbour (and the page's typical shape) is no letter beside it
RULE_HEIGHT = 2.0
#: strokes of pens wider than this factor apart are not of one character
PEN_RATIO = 1.5
#: confidence of a character whose centre lines are a known stroke font's glyph (as of a hidden-layer copy)
EXACT_CONFIDENCE = 0.95
#: share of a line's stroked characters of three segments or more read as Newstroke glyphs for its bars and
#: corners to be read as Newstroke's too
NEWSTROKE_LINE = 0.8

#: a lone filled bar over or under a line of text is a capital I when its height is that line's capital
#: height within this share (the ``l`` of most fonts stands 4-6 % taller) ...
LONE_I_HEIGHT = 0.025
#: ... and is read with this confidence
LONE_I_CONFIDENCE = 0.7
#: characters that linework reads as (a stroke is ``l``, a dot ``.``): a line made of nothing else is not text
BARS = frozenset("lI|:.'-_,;!`")
#: drawn characters within this many sizes past a taken hidden line are its tail ...
TAIL_GAP = 0.45
#: ... no farther than this many sizes in all; the whole run of characters on a copy's band (taken only when
#: it counts as many characters as the copy) reaches farther (KiCad's right-aligned names start 3.6 sizes early)
TAIL_REACH, RUN_REACH = 2.5, 5.0
#: a hidden line is confirmed by the recognised characters under it when at most this share of them is not in it
CONFIRM_EXTRA = 0.25
#: ... and they hold at least this share of its characters
CONFIRM_SHARE = 0.4
#: characters read to decide a line's direction, or that it is linework
PROBE = 4
#: a line whose stems lean by less than this (along per up) is taken as upright
MIN_SLANT = 0.06
#: a character no wider or taller than this (em) is dots: read by place, not shape
DOT = 0.16
#: confidence of a dot read by its place
DOT_CONFIDENCE = 0.8
#: a horizontal line with less than this share of its shapes read upright is tried upside down (6, 9, 1, I,
#: S, Z and - read either way, so a line turned over may read more than half its shapes upright) ...
FLIP_TRY_SHARE = 0.9
#: ... and is read upside down only when its mean distance is this much better so
UPSIDE_DOWN_MARGIN = 0.1
#: a lone ``I`` with serifs: at least this much closer to ``I`` than to ``1``/``l``, and this wide for its height
#: (a bare stroke, a pin or a tick, is far narrower: its pen is a small part of its length)
SERIF_I_MARGIN, SERIF_I_WIDTH = 0.05, 0.3
#: a turned line reads its way clearly when the other way's shapes are this much farther (mean distance); the
#: page's way is the one of at least TURN_VOTES such lines and three times as many as the other's
TURN_CLEAR, TURN_VOTES = 0.1, 3
#: ``j`` or ``J`` by their shapes (the dot) when one is this much closer than the other
J_DOT_MARGIN = 0.15
#: a page's slant is taken from at least this many lines that tell theirs (most of them agreeing); a line read
#: again at it is kept when as much of it reads and its mean shape distance is this much smaller
PAGE_SLANT_LINES, SLANT_GAIN = 3, 0.03
#: a reading this short under a hidden line not taken counts only where that line's copy spells it
SHORT_READ = 3
#: at most this many shapes side by side that do not read upright on a turned sheet are read one by one, turned
SHORT_TURNED = 3
#: a lone shape lower than this (points) is not read (a tick, a pad mark)
MIN_HEIGHT = 1.0
#: share of a line's shapes that must be read for the line to be kept (random linework reads badly)
LINE_READ_SHARE = 0.6
#: reading a page's candidate lines stops when this many reads gave no line at all: what is left is linework that
#: looks like lettering (a printed circuit board's tracks and pads: 22 000 lines, 75 s, no character), said in a
#: diagnostic; the corpus's pages read their first line within their first 25 reads
PROBE_READS = 2_000
#: candidate pairs (atoms sharing a grid cell) from which touching pairs are found and judged at once
#: (:func:`_components`): bounds the pass's peak memory where atoms crowd (a KiCad sheet's 100 000 strokes at once:
#: 217 MB; a P&ID's stroked lettering over its lines, 7 000 atoms in blocks of 20 000: 500 MB)
CANDIDATE_BLOCK = 200_000
#: a field of bare strokes (:func:`_stroke_fields`): lines within this many times a line's smaller side around it,
#: at least this many of them bare strokes, and at least this share of them
FIELD_REACH = 2.0
FIELD_MIN = 4
FIELD_SHARE = 0.75
#: font ids of the synthetic glyphs
OUTLINE_FONT, STROKE_FONT = "drawn-outlines", "drawn-strokes"
#: font id of the characters the OCR fallback read
OCR_FONT = "drawn-ocr"

#: shapes whose outlines are (nearly) the same; which one is meant follows from size and the word
CONFUSABLE = ("0OoQ", "1Il|", "5Ss", "2Zz", "8B", "CcG", "Vv", "Ww", "Xx", "Uu", "Pp", "Yy", "Jj", "9g", ",'", "-_")
_GROUP = {ch: "".join(dict.fromkeys("".join(g for g in CONFUSABLE if ch in g))) for grp in CONFUSABLE for ch in grp}
#: lowercase letters whose shape is their capital's, told apart by height (x-height against cap height)
_CASE_PAIRS = {"c": "C", "o": "O", "s": "S", "v": "V", "w": "W", "x": "X", "z": "Z", "u": "U", "p": "P", "y": "Y", "j": "J"}
_TO_DIGIT = {"O": "0", "o": "0", "I": "1", "l": "1", "|": "1", "S": "5", "s": "5", "Z": "2", "z": "2", "B": "8", "g": "9"}
#: KiCad text markup: overbar, subscript, superscript
_MARKUP = re.compile(r"[~_^]\{([^{}]*)\}")

#: Cyrillic letters drawn as a Latin letter is: a word read as Cyrillic takes them back (its Latin reading is kept
#: otherwise). The Cyrillic templates (``cyrillic_templates.npz``) hold only the letters no Latin one is drawn like.
CYRILLIC_TWINS = {"A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О", "P": "Р", "T": "Т",
                  "X": "Х", "Y": "У", "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у"}
#: a shape is matched against the Cyrillic templates when its Latin distance is over this (a Latin letter read this
#: closely is no Cyrillic one) ...
CYRILLIC_TRY = 0.06
#: ... first when the Latin templates leave it unread, in a line of which they read this share (as letters or
#: figures other than bars); the rest of its line only when one of those is a Cyrillic letter this close
#: (linework's arcs and brackets match ``э`` and ``П`` at 0.35-0.5; the letters of the Cyrillic fixtures at 0.23
#: and closer)
CYRILLIC_LINE_READ = 0.2
CYRILLIC_EVIDENT = 0.25
#: ... or, on a page written in Cyrillic (see :func:`_cyrillic_page`), when the Latin templates left it unread and
#: its Cyrillic letter is this close
CYRILLIC_EVIDENT_PAGE = 0.4
#: ... and is Cyrillic by evidence when its Cyrillic letter is this much closer than its Latin reading; in a word
#: that is Cyrillic, a shape takes its Cyrillic letter when that is no more than this farther
CYRILLIC_GAIN = 0.04
CYRILLIC_SLACK = 0.08
#: on a page written in Cyrillic, a letter a Latin one is drawn nearly like (``п`` an ``n``) is evidence when it reads
#: this close and this much closer than its Latin reading
CYRILLIC_NEAR_SURE, CYRILLIC_NEAR_GAIN = 0.1, 0.15
#: pairs of shapes that are one Cyrillic letter drawn in two pieces (``ы``: a soft sign and a bar) and signs read
#: as two Latin characters (``№``: an N and a raised small o)
_CYRILLIC_BARS = frozenset("Il|1")
_NUMERO_MARKS = frozenset("9goº°" + REPLACEMENT_CHARACTER)

#: distances of shapes to every template, by the shape's normalised points (a font repeats its shapes;
#: bounded: past the limit shapes are matched without being kept)
_CACHE: dict[tuple[object, ...], tuple[np.ndarray | None, float]] = {}
_CACHE_MAX = 20_000
#: a shape's points are matched in steps of 1/SHAPE_STEPS of its size (and cached on them)
SHAPE_STEPS = 100


# -- counting (shared with the page review) -----------------------------------------------------
def _small_subpaths(segments: Sequence[object]) -> int:
    n = 0
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    open_ = False
    for seg in segments:
        if seg.kind == "move":  # type: ignore[attr-defined]
            if open_ and GLYPH_MIN <= max(x1 - x0, y1 - y0) <= GLYPH_MAX:
                n += 1
            x0 = y0 = float("inf")
            x1 = y1 = float("-inf")
            open_ = False
            continue
        for x, y in seg.points:  # type: ignore[attr-defined]
            x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
        open_ = True
    if open_ and GLYPH_MIN <= max(x1 - x0, y1 - y0) <= GLYPH_MAX:
        n += 1
    return n


def glyph_sized_shapes(paths: Sequence[Path], stop_at: int | None = None) -> int:
    """Glyph-sized shapes (longest side :data:`GLYPH_MIN` to :data:`GLYPH_MAX` points): whole paths of that
    size count one each (from their boxes, at once), then the glyph-sized subpaths of larger paths (one
    path may hold a word of outlines) are counted until ``stop_at`` is reached. At most
    :data:`SCAN_BUDGET` segments of large paths are read; the count of the rest is extrapolated from them
    (deterministic: the same paths in the same order)."""
    if not paths:
        return 0
    boxes = path_boxes(paths)
    side = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    n = int(((side >= GLYPH_MIN) & (side <= GLYPH_MAX)).sum())
    if stop_at is not None and n >= stop_at:
        return n
    large = [paths[i].segments for i in np.flatnonzero(side > GLYPH_MAX).tolist() if paths[i].segment_count > 2]
    total = sum(len(segs) for segs in large)
    scanned = found = 0
    for segs in large:
        part = segs[: SCAN_BUDGET - scanned]
        found += _small_subpaths(part)
        scanned += len(part)
        if stop_at is not None and n + found >= stop_at:
            break
        if scanned >= SCAN_BUDGET:
            return n + found + int(found * (total - scanned) / scanned)
    return n + found


def outlined_beside_text(glyphs: Sequence[Glyph], paths: Sequence[Path]) -> list[Path]:
    """On a page with a text layer, the text some of it draws as filled outlines (a template whose labels a
    graphics program turned into outlines, values left as text): the fill-only glyph-sized paths no visible
    character covers, when at least :data:`MIXED_MIN` of them have curves (letters; CAD geometry is stroked,
    and its filled arrowheads are straight); else the words it draws in strokes (:func:`_stroked_words`).
    Empty otherwise. (Characters drawn in strokes one path each are looked for in a pass of their own,
    :func:`_stroked_characters`, after the comments AutoCAD writes over its SHX text.)"""
    boxes = path_boxes(paths)
    if not len(boxes):
        return []
    across = np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    along = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    return _outlined_fills(glyphs, paths, boxes, across, along) or _stroked_words(glyphs, paths, across)


def _outlined_fills(glyphs: Sequence[Glyph], paths: Sequence[Path], boxes: np.ndarray, across: np.ndarray,
                    along: np.ndarray) -> list[Path]:
    # a character, or a word or line of them in one path: glyph-sized across, however long when it has curves
    # (a rule drawn as a filled bar is straight)
    glyph = (along >= ATOM_MIN) & (along <= GLYPH_MAX)  # a character or a piece of one (a full stop, an i's dot)
    line = (across >= GLYPH_MIN) & (across <= GLYPH_MAX) & (along > GLYPH_MAX)
    pick = [i for i in np.flatnonzero(glyph | line).tolist() if paths[i].fill and not paths[i].stroke
            and (glyph[i] or "curve" in paths[i].kinds)]
    if not pick:
        return []
    visible = [g for g in glyphs if not g.invisible and g.text.strip()]
    if visible:
        index = BoxIndex((k, g.bbox) for k, g in enumerate(visible))
        centre = [paths[i].bbox.center for i in pick]
        pick = [i for i, (cx, cy) in zip(pick, centre, strict=True) if not index.intersection(BBox(cx, cy, cx, cy))]
    # letters: subpaths with curves (CAD geometry is stroked, its filled arrowheads straight); a round dot
    # (a schematic's junction) is no letter, though it is passed on (an outlined text's full stop)
    curved = 0
    for i in pick:
        kinds = paths[i].kinds
        if "curve" in kinds and not _round_dot(paths[i]):
            curved += max(1, kinds.count("move"))
        if curved >= MIXED_MIN:
            return [paths[i] for i in pick]
    return []


def _stroked_words(glyphs: Sequence[Glyph], paths: Sequence[Path], across: np.ndarray) -> list[Path]:
    """On a page with a text layer, words drawn as stroked centre lines of curves (QCAD draws its dimension text
    so): stroke-only paths of one line of characters (glyph-sized across, any length along), each of at least
    :data:`WORD_SUBPATHS` subpaths with curves, that no visible character covers, when there are at least
    :data:`MIXED_MIN` such subpaths. Empty otherwise."""
    word = (across >= GLYPH_MIN) & (across <= GLYPH_MAX)
    pick = []
    for i in np.flatnonzero(word).tolist():
        p = paths[i]
        if p.stroke and not p.fill and not p.text_shape:
            kinds = p.kinds
            if kinds.count("move") >= WORD_SUBPATHS and "curve" in kinds and _strokes_of_pieces(kinds):
                pick.append(i)
    if not pick or sum(paths[i].kinds.count("move") for i in pick) < MIXED_MIN:
        return []
    visible = [g for g in glyphs if not g.invisible and g.text.strip()]
    if visible:
        index = BoxIndex((k, g.bbox) for k, g in enumerate(visible))
        pick = [i for i in pick if not index.intersection(paths[i].bbox)]
    if sum(paths[i].kinds.count("move") for i in pick) < MIXED_MIN:
        return []
    return [paths[i] for i in pick]


#: a character stroked one path each has a neighbour of about its size within this share of its own size (a small
#: letter's neighbour stands farther off against its height than a capital's: 0.8 missed `us` at 0.25 em tracking)
STROKED_REACH = 1.2


def _stroked_characters(glyphs: Sequence[Glyph], paths: Sequence[Path]) -> list[Path]:
    """On a page with a text layer, characters drawn in strokes one path each (AutoCAD plots its SHX text so when
    it writes no comments over it: a polyline or a few, no curves): stroke-only glyph-sized paths of three segments
    or more whose strokes bend (:func:`_strokes_of_pieces`), that no character of the text layer covers (visible or
    not: an invisible copy is the text already), each beside
    another such path of about its size on a line with it, within :data:`STROKED_REACH` of its size (a character
    of a run: a tick, a centre mark or a
    lone symbol stands alone), when there are at least :data:`CHARACTER_RUNS` such characters; with them the
    stroke-only glyph-sized paths within 0.8 of their size of them (``I``, ``T``, ``-`` are straight strokes).
    Empty otherwise."""
    # stroke-only glyph-sized paths not under a character of the text layer, visible or not (an invisible copy over
    # strokes, as Creo writes, is the text already); an invisible character takes any shape its box touches (its
    # copy may sit off the strokes by its own metrics: SolidWorks' copy of a note stands 0.4 em under the strokes)
    boxes = path_boxes(paths)
    if not len(boxes):
        return []
    along = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    text = BoxIndex((k, g.bbox) for k, g in enumerate(glyphs) if g.text.strip() and not g.invisible)
    copy = BoxIndex((k, g.bbox) for k, g in enumerate(glyphs) if g.text.strip() and g.invisible)
    # (the paths' paint read from the table's columns: a page of a hundred thousand paths makes no object for each)
    flags = path_flags(paths)
    stroke_only = ((flags & FLAG_STROKE) > 0) & ((flags & FLAG_FILL) == 0) & ((flags & FLAG_TEXT) == 0)
    # filled glyph-sized shapes (arrowheads): a stroke-only path on one of them is its outline, drawn again
    fills = np.flatnonzero(((flags & FLAG_FILL) > 0) & (along <= GLYPH_MAX))
    filled = BoxIndex.from_arrays(fills, boxes[fills])

    def outline_of_fill(i: int) -> bool:
        b = boxes[i]
        return any(float(np.abs(boxes[k] - b).max()) <= 0.2 for k in filled.intersection(tuple(b.tolist())))

    def free(i: int) -> bool:
        x0, y0, x1, y1 = boxes[i].tolist()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        return bool(stroke_only[i]) and not text.intersection((cx, cy, cx, cy)) and not copy.intersection((x0, y0, x1, y1)) \
            and not outline_of_fill(i)

    glyph = (along >= GLYPH_MIN) & (along <= GLYPH_MAX)
    counts = segment_counts(paths)
    pick = [i for i in np.flatnonzero(glyph & stroke_only & (counts >= 3)).tolist()
            if paths[i].subpath_count <= 4 and _strokes_of_pieces(paths[i].kinds) and free(i)]
    if len(pick) < CHARACTER_RUNS:
        return []
    b = boxes[pick]
    near = BoxIndex((k, BBox(*row)) for k, row in enumerate(b.tolist()))
    size = along[pick]
    kept: list[int] = []
    for k in range(len(pick)):
        x0, y0, x1, y1 = b[k]
        r = STROKED_REACH * size[k]
        for j in near.intersection((x0 - r, y0 - r, x1 + r, y1 + r)):
            if j == k or not 0.6 <= size[j] / size[k] <= 1.67:
                continue
            # on one line with it: their spans across the line overlap by half the smaller one, either way
            over_y = min(y1, b[j, 3]) - max(y0, b[j, 1])
            over_x = min(x1, b[j, 2]) - max(x0, b[j, 0])
            if over_y >= 0.5 * min(y1 - y0, b[j, 3] - b[j, 1]) or over_x >= 0.5 * min(x1 - x0, b[j, 2] - b[j, 0]):
                kept.append(pick[k])
                break
    if len(kept) < CHARACTER_RUNS:
        return []
    # with them, the stroke-only paths beside them of any shape, glyph-sized or smaller: a character of one stroke
    # or of straight strokes (I, T, -) is a run's too, and so are a full stop and an i's dot; its reading settles
    # what it is
    small = np.flatnonzero((along >= ATOM_MIN) & (along <= GLYPH_MAX) & stroke_only)
    smalls = BoxIndex.from_arrays(small, boxes[small])
    near_kept: set[int] = set()
    for i in kept:
        r = 0.8 * float(along[i])
        x0, y0, x1, y1 = boxes[i].tolist()
        near_kept.update(smalls.intersection((x0 - r, y0 - r, x1 + r, y1 + r)))
    taken = set(kept) | {i for i in sorted(near_kept) if free(i)}
    return [paths[i] for i in sorted(taken) if not _touches_linework(paths, boxes, along, flags, i, taken)]


def _touches_linework(paths: Sequence[Path], boxes: np.ndarray, along: np.ndarray, flags: np.ndarray, i: int,
                      taken: set[int]) -> bool:
    """Whether path ``i`` is one straight stroke with an end on linework that is no character: a filled
    glyph-sized shape (an arrowhead) or a straight rule across or along it. A hyphen or a bar of text touches
    nothing; the shaft of an arrow pointing at a dimension's extension line from outside, beside its value, does."""
    drawn = [(kind, pts) for kind, pts in paths[i].pieces() if kind != "move"]
    if len(drawn) != 1 or drawn[0][0] != "line":
        return False
    (x0, y0), (x1, y1) = drawn[0][1][0], drawn[0][1][-1]
    eps = max(0.3, 0.1 * float(along[i]))
    for x, y in ((x0, y0), (x1, y1)):
        hit = np.flatnonzero((boxes[:, 0] - eps <= x) & (x <= boxes[:, 2] + eps)
                             & (boxes[:, 1] - eps <= y) & (y <= boxes[:, 3] + eps))
        for j in hit.tolist():
            if j == i or j in taken or flags[j] & FLAG_TEXT:
                continue
            thin = min(boxes[j, 2] - boxes[j, 0], boxes[j, 3] - boxes[j, 1]) <= 2 * eps
            if (flags[j] & FLAG_FILL and along[j] <= GLYPH_MAX) or (thin and flags[j] & FLAG_STROKE and along[j] > along[i]):
                return True
    return False


def _strokes_of_pieces(kinds: Sequence[str]) -> bool:
    """Whether at least half the subpaths of a path hold two pieces or more: a character's strokes bend (QCAD's
    curves come in pairs); a dashed arc written one dash a subpath has a single curve in each.

    >>> _strokes_of_pieces(["move", "curve", "curve", "move", "line"]), _strokes_of_pieces(["move", "curve", "move", "curve"])
    (True, False)
    """
    subpaths = multi = drawn = 0
    for k in list(kinds) + ["move"]:
        if k == "move":
            if drawn:
                subpaths += 1
                multi += drawn >= 2
            drawn = 0
        elif k != "close":
            drawn += 1
    return subpaths > 0 and 2 * multi >= subpaths


def _round_dot(p: Path) -> bool:
    """One closed subpath of curves only, about as wide as high: a filled circle or ellipse."""
    kinds = p.kinds
    drawn = [k for k in kinds if k not in ("move", "close")]
    b = p.bbox
    return kinds.count("move") <= 1 and bool(drawn) and all(k == "curve" for k in drawn) and len(drawn) <= 8 \
        and 0.75 * b.height <= b.width <= 1.33 * b.height


def text_looks_drawn(glyphs: Sequence[Glyph], paths: Sequence[Path]) -> tuple[bool, int, int]:
    """Whether the page's visible text looks drawn as shapes: ``(drawn, shapes counted, visible characters)``.
    Glyphs read back from shapes count as visible text."""
    visible = sum(1 for g in glyphs if not g.invisible and g.text.strip())
    segments = int(segment_counts(paths).sum())
    if segments < MIN_SHAPES or visible * SHAPES_PER_CHAR >= segments:
        return False, 0, visible
    need = max(MIN_SHAPES, int(visible * SHAPES_PER_CHAR) + 1)
    shapes = glyph_sized_shapes(paths, stop_at=need)
    return shapes >= need, shapes, visible


# -- shapes ---------------------------------------------------------------------------------------
def _ranges(first: np.ndarray, size: np.ndarray) -> np.ndarray:
    """The indices ``first[k] .. first[k] + size[k] - 1`` of every run ``k``, one run after the other.

    >>> _ranges(np.array([5, 0, 9]), np.array([2, 0, 3])).tolist()
    [5, 6, 9, 10, 11]
    """
    first, size = np.asarray(first, dtype=np.int64), np.asarray(size, dtype=np.int64)
    return np.repeat(first - (np.cumsum(size) - size), size) + np.arange(int(size.sum()))


class _Slices:
    """``slices[k]``: rows ``first[k]:end[k]`` of one array (the points of atom ``k``), made on access."""

    __slots__ = ("_rows", "_first", "_end")

    def __init__(self, rows: np.ndarray, first: np.ndarray, end: np.ndarray) -> None:
        # the points of the slices alone, gathered (a page of a million strokes keeps a few hundred thousand)
        first = np.asarray(first, dtype=np.int64)
        size = np.asarray(end, dtype=np.int64) - first
        starts = np.cumsum(size) - size
        self._rows: np.ndarray = rows[_ranges(first, size)]
        self._first, self._end = array("q", starts.tobytes()), array("q", (starts + size).tobytes())

    def __len__(self) -> int:
        return len(self._first)

    def __getitem__(self, k: int) -> np.ndarray:
        return self._rows[self._first[k]:self._end[k]]

    @property
    def rows(self) -> np.ndarray:
        """Every slice's points, one after the other."""
        return self._rows

    def bounds(self, ks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The first and past-the-last rows of the slices ``ks`` in :attr:`rows`."""
        ks = np.asarray(ks, dtype=np.int64)
        return (np.frombuffer(self._first, dtype=np.int64)[ks], np.frombuffer(self._end, dtype=np.int64)[ks])


@dataclass
class _Atoms:
    boxes: np.ndarray  # (n, 4) x0, top, x1, bottom of the ink (a stroke's pen included)
    pen: np.ndarray  # (n,) half the pen width of a stroke (0 for a fill)
    path: np.ndarray  # (n,) path index
    filled: np.ndarray  # (n,) bool
    points: _Slices  # page points of each subpath
    per_path: np.ndarray  # (paths,) subpaths of each path (all, not only the kept ones)
    dropped: int = 0
    ink: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # (n,) colour of the paint, numbered
    stroked_fill: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))  # (n,) a fill stroked too
    evenodd: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))  # (n,) its path fills by the even-odd rule


def _collect(paths: Sequence[Path]) -> _Atoms:
    """The subpaths of the page no larger than a character, as atoms (their boxes measured in one pass over
    every point of the page)."""
    if isinstance(paths, PathTable):
        got = _table_subpaths(paths)
    else:
        got = _listed_subpaths(paths)
    pts, first, path, per_path, path_pen, path_rim, path_filled, path_evenodd, path_ink = got
    if not len(first):
        none = np.zeros(0, dtype=np.int64)
        return _Atoms(np.zeros((0, 4)), np.zeros(0), none, np.zeros(0, dtype=bool), _Slices(np.zeros((0, 2)), none, none),
                      per_path, 0, none)
    pen = path_pen[path]
    del path_pen
    # a stroked fill's ink reaches half its pen beyond it too (a hairline's, width 0, at least)
    rim = path_rim[path]
    del path_rim
    lo = np.minimum.reduceat(pts, first, axis=0)
    lo -= pen[:, None]
    hi = np.maximum.reduceat(pts, first, axis=0)
    hi += pen[:, None]
    # (a sliver of a stroked fill is no smaller than its pen: kept, it is part of a character's ink)
    side = np.maximum(hi[:, 0] - lo[:, 0], hi[:, 1] - lo[:, 1]) + 2 * rim
    kept = np.flatnonzero((side <= ATOM_MAX) & (side >= ATOM_MIN))
    dropped = max(0, len(kept) - MAX_ATOMS)
    kept = kept[:MAX_ATOMS]
    ends = np.append(first[1:], len(pts))
    points = _Slices(pts, first[kept], ends[kept])
    inks = path_ink[path[kept]]
    filled = path_filled[path[kept]]
    return _Atoms(np.column_stack((lo[kept], hi[kept])), pen[kept], path[kept], filled, points, per_path, dropped, inks,
                  rim[kept] > 0, path_evenodd[path[kept]])


_Subpaths = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _table_subpaths(paths: PathTable) -> _Subpaths:
    """:func:`_listed_subpaths` of a page's path table, read from its columns: the same arrays, without making a
    path or a point tuple for the paths of moves, lines and closes (a schematic's 100 000 strokes); the few
    with curves are flattened one by one."""
    cols = paths.columns()
    n = len(paths)
    codes, ss, flags, b = cols.codes, cols.shape_start, cols.flags, cols.bbox
    fill = (flags & FLAG_FILL) > 0
    stroke = (flags & FLAG_STROKE) > 0
    nseg = np.diff(ss)

    def per_row(mask: np.ndarray) -> np.ndarray:  # how many of each row's pieces the mask holds
        run = np.zeros(len(mask) + 1, dtype=np.int64)
        np.cumsum(mask, out=run[1:])
        return run[ss[1:]] - run[ss[:-1]]

    is_m = codes == ord("m")
    moves, curves = per_row(is_m), per_row(codes == ord("c"))
    big = np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]) > ATOM_MAX
    keep = (fill | stroke) & (nseg > 0) & ~(big & (((flags & FLAG_RECT) > 0) | (moves < 2)))
    style = cols.style.astype(np.int64)
    paper_fill = np.array([_paper(st[2]) for st in cols.styles], dtype=bool)
    paper_stroke = np.array([_paper(st[1]) for st in cols.styles], dtype=bool)
    paper = keep & (~fill | paper_fill[style]) & (~stroke | paper_stroke[style])
    if paper.any():
        # paint in the paper's colour is ink only within a coloured fill (see _listed_subpaths)
        ground_rows = np.flatnonzero(fill & (nseg > 0) & ~paper_fill[style])
        under = [BBox(*map(float, b[r])) for r in ground_rows.tolist()]
        tree = BoxIndex(enumerate(under))
        for r in np.flatnonzero(paper).tolist():
            box = BBox(*map(float, b[r]))
            keep[r] = any(under[k].expand(0.01).contains(box) for k in tree.intersection(box))
    first_code = np.full(n, -1, dtype=np.int64)
    some = nseg > 0
    first_code[some] = codes[ss[:-1][some]]
    slow = keep & ((curves > 0) | (first_code != ord("m")))
    fast_rows = np.flatnonzero(keep & ~slow)
    # the fast rows' pieces, each a point: a move or a line its own, a close its subpath's first
    lens = nseg[fast_rows]
    row_first = np.cumsum(lens) - lens  # each fast row's first piece among the pieces gathered
    at = _ranges(ss[:-1][fast_rows], lens)
    op = codes[at]
    owner_op = np.repeat(fast_rows, lens)
    adds = op != ord("h")
    before = np.cumsum(adds) - adds  # points added before each piece, over all fast rows
    k = cols.coff[owner_op] + 2 * (before - np.repeat(before[row_first], lens))
    m = op == ord("m")
    sub = np.cumsum(m) - 1
    k = np.where(adds, k, k[m][sub])
    xy = np.column_stack((cols.coords[k], cols.coords[k + 1]))
    size = np.bincount(sub, minlength=int(m.sum()))
    sub_owner = owner_op[m]
    # a subpath of one point is none (as flatten_path drops it)
    real = size >= 2
    xy = xy[real[sub]]
    size, sub_owner = size[real], sub_owner[real]
    per_path = np.zeros(n, dtype=np.int64)
    np.add.at(per_path, sub_owner, 1)
    sub_first = np.cumsum(size) - size
    # the dashes of one dashed line drawn as separate pieces (three or more subpaths of two points, stroked
    # only): no characters
    two = np.zeros(n, dtype=np.int64)
    np.add.at(two, sub_owner, size == 2)
    dashed = np.zeros(n, dtype=bool)
    maybe = np.flatnonzero(stroke & ~fill & (per_path >= 3) & (two == per_path))
    # (the subpaths come row by row: each row's are found by bisection)
    for r, lo, hi in zip(maybe.tolist(), np.searchsorted(sub_owner, maybe, "left").tolist(),
                         np.searchsorted(sub_owner, maybe, "right").tolist(), strict=True):
        at_r = sub_first[lo:hi]
        dashed[r] = _dashed_line(np.stack((xy[at_r], xy[at_r + 1]), axis=1))
    if dashed.any():
        gone = dashed[sub_owner]
        xy = xy[~np.repeat(gone, size)]
        size, sub_owner = size[~gone], sub_owner[~gone]
        sub_first = np.cumsum(size) - size
        keep &= ~dashed
        per_path[dashed] = 0
    # the rows with curves (or no first move), one by one
    slow_pts: list[np.ndarray] = []
    slow_first: list[int] = []
    slow_owner: list[int] = []
    n_slow = 0
    for r in np.flatnonzero(slow).tolist():
        p = paths[r]
        subs, _closed = flatten_path(p)
        if p.stroke and not p.fill and _dashed_line(subs):
            keep[r] = False
            continue
        per_path[r] = len(subs)
        for one in subs:
            slow_first.append(n_slow)
            slow_owner.append(r)
            slow_pts.append(np.asarray(one, dtype=np.float64).reshape(-1, 2))
            n_slow += len(one)
    if slow_first:
        # merged in row order (each row's subpaths from one source, kept in their order)
        owner_all = np.concatenate((sub_owner, np.asarray(slow_owner, dtype=np.int64)))
        first_all = np.concatenate((sub_first, len(xy) + np.asarray(slow_first, dtype=np.int64)))
        size_all = np.concatenate((size, np.asarray([len(x) for x in slow_pts], dtype=np.int64)))
        xy = np.concatenate([xy] + slow_pts)
        order = np.argsort(owner_all, kind="stable")
        size, sub_owner = size_all[order], owner_all[order]
        sub_first = np.cumsum(size) - size
        xy = xy[_ranges(first_all[order], size)]
    half = cols.width / 2
    path_pen = np.where(keep & stroke & ~fill, half, 0.0)
    path_rim = np.where(keep & stroke & fill, np.maximum(half, HAIRLINE), 0.0)
    path_filled = keep & fill
    path_evenodd = keep & ((flags & FLAG_EVENODD) > 0)
    # each paint's colour numbered in the order the rows first use it
    path_ink = np.zeros(n, dtype=np.int64)
    kept_rows = np.flatnonzero(keep)
    paint = style[kept_rows] * 2 + fill[kept_rows]
    kinds, first_use, where = np.unique(paint, return_index=True, return_inverse=True)
    colours: dict[object, int] = {}
    ink_of = np.zeros(len(kinds), dtype=np.int64)
    for j in np.argsort(first_use, kind="stable").tolist():
        st = cols.styles[int(kinds[j]) // 2]
        ink_of[j] = colours.setdefault(st[2] if kinds[j] % 2 else st[1], len(colours))
    path_ink[kept_rows] = ink_of[where.ravel()]
    return xy, sub_first, sub_owner, per_path, path_pen, path_rim, path_filled, path_evenodd, path_ink


def _listed_subpaths(paths: Sequence[Path]) -> _Subpaths:
    """The subpaths :func:`_collect` looks at, path by path: (every point, each subpath's first point, each
    subpath's path, then per path: its subpaths counted, half pen, rim, filled, even-odd, ink number)."""
    # flat arrays, not lists of objects: a page of a million pieces holds a few bytes per point here
    flat = array("d")  # x, y of every point of every subpath
    starts = array("q")  # each subpath's first point
    owner = array("q")  # each subpath's path
    path_pen = np.zeros(len(paths))
    path_rim = np.zeros(len(paths))  # half the pen of a stroked fill (a hairline's at least), 0 otherwise
    path_filled = np.zeros(len(paths), dtype=bool)
    path_evenodd = np.zeros(len(paths), dtype=bool)
    path_ink = np.zeros(len(paths), dtype=np.int64)
    per_path = np.zeros(len(paths), dtype=np.int64)
    colours: dict[object, int] = {}
    grounds: tuple[BoxIndex, list[BBox]] | None = None  # the page's fills in another colour than the paper's (when needed)
    for i, p in enumerate(paths):
        if not (p.fill or p.stroke) or not p.segment_count:
            continue
        b = p.bbox
        if max(b.width, b.height) > ATOM_MAX and (p.is_rect or p.subpath_count < 2):
            continue
        if (not p.fill or _paper(p.fill_color)) and (not p.stroke or _paper(p.stroke_color)):
            # paint in the paper's colour is no ink (a mask behind a loop number), unless it lies within a
            # coloured fill (white lettering on a dark band, a counter painted white in a black letter; a
            # mask is larger than the figure painted over it)
            if grounds is None:
                under = [q.bbox for q in paths if q.fill and q.segment_count and not _paper(q.fill_color)]
                grounds = (BoxIndex(enumerate(under)), under)
            tree, under = grounds
            if not any(under[k].expand(0.01).contains(b) for k in tree.intersection(b)):
                continue
        subs, _closed = flatten_path(p)
        if p.stroke and not p.fill and _dashed_line(subs):
            continue  # the dashes of one dashed line drawn as separate pieces: no characters
        per_path[i] = len(subs)
        path_pen[i] = p.line_width / 2 if p.stroke and not p.fill else 0.0  # a stroke's ink reaches half the pen beyond it
        path_rim[i] = max(p.line_width / 2, HAIRLINE) if p.stroke and p.fill else 0.0
        path_filled[i] = bool(p.fill)
        path_evenodd[i] = bool(p.evenodd)
        path_ink[i] = colours.setdefault(p.fill_color if p.fill else p.stroke_color, len(colours))
        for sub in subs:
            starts.append(len(flat) // 2)
            flat.extend(chain.from_iterable(sub))
            owner.append(i)
    return (np.frombuffer(flat, dtype=np.float64).reshape(-1, 2), np.frombuffer(starts, dtype=np.int64),
            np.frombuffer(owner, dtype=np.int64), per_path, path_pen, path_rim, path_filled, path_evenodd, path_ink)


def _paper(colour: tuple[float, ...] | None) -> bool:
    """Whether a colour is white, the paper's (gray, RGB or CMYK).

    >>> _paper((1.0,)), _paper((1.0, 1.0, 1.0)), _paper((0.0, 0.0, 0.0, 0.0)), _paper((0.0, 0.0, 0.0))
    (True, True, True, False)
    """
    if not colour:
        return False
    if len(colour) == 4:
        return max(colour) <= 0.02
    return min(colour) >= 0.98


def _dashed_line(subs: Sequence[Sequence[tuple[float, float]]] | np.ndarray) -> bool:
    """Whether the subpaths are three or more straight pieces of about one length (the end ones may be
    shorter) on one straight line: a dashed line drawn dash by dash, as ezdxf and some CAD exporters do.

    >>> _dashed_line([[(0, 0), (2, 0)], [(3, 0), (5, 0)], [(6, 0), (8, 0)]]), _dashed_line([[(0, 0), (2, 0)], [(0, 1), (2, 1)]])
    (True, False)
    """
    if len(subs) < 3 or any(len(sub) != 2 for sub in subs):
        return False
    a = np.asarray(subs, dtype=np.float64)  # (n, 2, 2)
    d = a[:, 1] - a[:, 0]
    lengths = np.hypot(d[:, 0], d[:, 1])
    inner = lengths[1:-1]  # the end dashes may be cut short
    if lengths.min() <= 0 or inner.max() > 1.25 * inner.min() or lengths.max() > 1.25 * inner.max():
        return False
    ux, uy = d[0] / lengths[0]
    # every end lies on the first piece's line (within a tenth of a dash length)
    rel = a.reshape(-1, 2) - a[0, 0]
    off = np.abs(rel[:, 0] * uy - rel[:, 1] * ux)
    return bool(off.max() <= 0.1 * lengths.min())


def _components(atoms: _Atoms) -> list[list[int]]:
    """Atoms whose boxes touch (a small tolerance for strokes that meet) as components. One stroked character
    is drawn with one pen: strokes of different colours, or of pens more than :data:`PEN_RATIO` apart, are
    never joined (a label touching a wire or a symbol's side stays a label). Filled outlines join as before."""
    n = len(atoms.boxes)
    if n == 0:
        return []
    # strokes that meet: their centre lines touch within half a pen (or 4 % of their size); fills that are
    # stroked too join by their fills (the pens of neighbouring letters may touch where their fills do not)
    b = atoms.boxes - np.column_stack((-atoms.pen, -atoms.pen, atoms.pen, atoms.pen))
    side = np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])
    tol = np.where(atoms.filled, 0.0, np.maximum(0.04 * side, 0.5 * atoms.pen))
    corners: dict[int, set[tuple[int, int]]] = {}

    def vertices(k: int) -> set[tuple[int, int]]:
        got = corners.get(k)
        if got is None:
            got = corners[k] = {(int(x), int(y)) for x, y in np.round(atoms.points[k] * 100).tolist()}
        return got

    area = np.maximum((b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1]), 1e-9)
    grown = b + np.column_stack((-tol, -tol, tol, tol))
    # the pairs are found and judged a block of atoms at a time (bounded by their candidate pairs)
    joined_r: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    joined_c: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    for rows, cols in box_pair_blocks(grown, b, CANDIDATE_BLOCK):
        keep = cols > rows
        rows, cols = rows[keep], cols[keep]
        keep = _joined(atoms, b, side, area, rows, cols, vertices)
        joined_r.append(rows[keep])
        joined_c.append(cols[keep])
    return pair_components(n, np.concatenate(joined_r), np.concatenate(joined_c))


def _joined(atoms: _Atoms, b: np.ndarray, side: np.ndarray, area: np.ndarray, rows: np.ndarray, cols: np.ndarray,
            vertices: Callable[[int], set[tuple[int, int]]]) -> np.ndarray:
    """Per pair of touching atoms (``rows[k] < cols[k]``): whether they are pieces of one component (see
    :func:`_components`)."""
    # one pen per stroked character: other colours, or pens far apart, never join (fills are not held to it)
    keep = ~_other_pen(atoms.ink, atoms.pen, rows, cols)
    # a bare stroke more than twice the size of a bare fill it touches crosses it: a bubble's ring or a line
    # over an outlined letter is no part of the letter (text that runs over its bubble's edge)
    bare_r, bare_c = ~atoms.filled[rows], ~atoms.filled[cols]
    keep &= ~((bare_r & atoms.filled[cols] & (side[rows] > 2 * side[cols]) & _centre_in(b, rows, cols)) |
              (bare_c & atoms.filled[rows] & (side[cols] > 2 * side[rows]) & _centre_in(b, cols, rows)))
    # outlines of one glyph nest (the hole of an O) or overlap much, or are pieces of one glyph cut into
    # triangles that share corners; neighbours kerned together touch a little
    both = atoms.filled[rows] & atoms.filled[cols]
    w_ = np.minimum(b[rows, 2], b[cols, 2]) - np.maximum(b[rows, 0], b[cols, 0])
    h_ = np.minimum(b[rows, 3], b[cols, 3]) - np.maximum(b[rows, 1], b[cols, 1])
    doubt = both & ((w_ <= 0) | (h_ <= 0) | (w_ * h_ < 0.5 * np.minimum(area[rows], area[cols])))
    for k in np.flatnonzero(doubt & keep).tolist():
        keep[k] = bool(vertices(int(rows[k])) & vertices(int(cols[k])))
    # a stroked ring (an instrument bubble, a circle round a balloon's number) holds the characters inside it
    # within its box without touching them: it joins only what its ink touches
    inside_r = _holds(b, rows, cols) & ~atoms.filled[rows]
    inside_c = _holds(b, cols, rows) & ~atoms.filled[cols]
    held = np.flatnonzero((inside_r | inside_c) & keep)
    if len(held):
        ring = np.where(inside_r[held], rows[held], cols[held])
        inner = np.where(inside_r[held], cols[held], rows[held])
        reach = atoms.pen[ring] + atoms.pen[inner] + 0.01  # ink to ink, not near
        box = atoms.boxes[inner] + np.column_stack((-reach, -reach, reach, reach))
        keep[held] = _inks_within(atoms.points, ring, box)
    return keep


def _centre_in(b: np.ndarray, outer: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """Per pair: whether the centre of ``inner``'s box lies inside ``outer``'s box."""
    cx, cy = (b[inner, 0] + b[inner, 2]) / 2, (b[inner, 1] + b[inner, 3]) / 2
    o = b[outer]
    inside: np.ndarray = (o[:, 0] < cx) & (cx < o[:, 2]) & (o[:, 1] < cy) & (cy < o[:, 3])
    return inside


def _holds(b: np.ndarray, outer: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """Per pair: whether the box of ``outer`` holds the box of ``inner`` and is more than twice its size."""
    o, i = b[outer], b[inner]
    big = np.maximum(o[:, 2] - o[:, 0], o[:, 3] - o[:, 1]) > 2 * np.maximum(i[:, 2] - i[:, 0], i[:, 3] - i[:, 1])
    held: np.ndarray = big & (o[:, 0] <= i[:, 0]) & (o[:, 1] <= i[:, 1]) & (o[:, 2] >= i[:, 2]) & (o[:, 3] >= i[:, 3])
    return held


def _inks_within(points: _Slices, ks: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Whether each polyline ``points[ks[j]]`` passes through ``boxes[j]`` (each segment sampled at nine points),
    all at once.

    >>> pts = _Slices(np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 5.0], [0.0, 6.0]]), np.array([0, 2]), np.array([2, 4]))
    >>> _inks_within(pts, np.array([0, 1, 0]), np.array([[4.0, -1.0, 5.0, 1.0], [4.0, -1.0, 5.0, 1.0], [1.0, 1.0, 2.0, 2.0]])).tolist()
    [True, False, False]
    """
    first, end = points.bounds(ks)
    size = end - first
    out = np.zeros(len(ks), dtype=bool)
    one = size == 1  # (a lone point: whether it lies in the box)
    if one.any():
        p = points.rows[first[one]]
        b = boxes[one]
        out[one] = (b[:, 0] <= p[:, 0]) & (p[:, 0] <= b[:, 2]) & (b[:, 1] <= p[:, 1]) & (p[:, 1] <= b[:, 3])
    segs = np.maximum(size - 1, 0)
    owner = np.repeat(np.arange(len(ks)), segs)
    at = _ranges(first, segs)
    a, c = points.rows[at], points.rows[at + 1]
    x0, y0, x1, y1 = (boxes[owner, i] for i in range(4))
    hit = np.zeros(len(at), dtype=bool)
    for t in np.linspace(0.0, 1.0, 9):
        m = a + t * (c - a)
        hit |= (m[:, 0] >= x0) & (m[:, 0] <= x1) & (m[:, 1] >= y0) & (m[:, 1] <= y1)
    out[owner[hit]] = True
    return out


# -- frames ---------------------------------------------------------------------------------------
def to_frame(direction: int, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Page points (y down) into the reading frame of ``direction`` (along ``u``, up ``v``)."""
    if direction == 0:
        return x, -y
    if direction == 90:
        return -y, -x
    if direction == 180:
        return -x, y
    return y, x


def from_frame(direction: int, u: float, v: float) -> tuple[float, float]:
    if direction == 0:
        return u, -v
    if direction == 90:
        return -v, -u
    if direction == 180:
        return -u, v
    return v, u


def _frame_boxes(direction: int, boxes: np.ndarray) -> np.ndarray:
    u0, v0 = to_frame(direction, boxes[:, 0], boxes[:, 1])
    u1, v1 = to_frame(direction, boxes[:, 2], boxes[:, 3])
    return np.column_stack((np.minimum(u0, u1), np.minimum(v0, v1), np.maximum(u0, u1), np.maximum(v0, v1)))


#: the page's component boxes turned into a reading frame, by direction: (the boxes, their frame boxes). Each
#: direction is turned once per page instead of once per line read (a page of 100 000 shapes read as 30 000
#: short lines spent a third of the pass turning every box again for each line)
_TURNED: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _page_frames(direction: int, boxes: np.ndarray) -> np.ndarray:
    """:func:`_frame_boxes` of the page's component boxes, turned once per direction while ``boxes`` is the
    same read-only array (a writeable array is turned each time, as it may change). Every line read takes its
    characters' rows from it: turning the boxes per line cost more than reading it on a page of 100 000.

    >>> boxes = np.array([[0.0, 0.0, 1.0, 2.0]]); boxes.flags.writeable = False
    >>> _page_frames(90, boxes) is _page_frames(90, boxes), _page_frames(90, boxes).tolist() == _frame_boxes(90, boxes).tolist()
    (True, True)
    """
    if boxes.flags.writeable:
        return _frame_boxes(direction, boxes)
    hit = _TURNED.get(direction)
    if hit is not None and hit[0] is boxes:
        return hit[1]
    fb = _frame_boxes(direction, boxes)
    fb.flags.writeable = False
    _TURNED[direction] = (boxes, fb)
    return fb


def _glyph_frames(direction: int, glyphs: Sequence[Glyph]) -> np.ndarray:
    """The boxes of ``glyphs`` in the reading frame of ``direction`` (rows u0, v0, u1, v1)."""
    return _frame_boxes(direction, np.array([[g.bbox.x0, g.bbox.top, g.bbox.x1, g.bbox.bottom] for g in glyphs],
                                            dtype=np.float64).reshape(-1, 4))


def _other_pen(ink: np.ndarray, pen: np.ndarray, a: np.ndarray | int, b: np.ndarray | int) -> np.ndarray:
    """Whether stroked pieces ``a`` and ``b`` (indices, or arrays of them pairwise; ``ink`` numbers and half pen
    widths by index) were drawn with different pens: another colour, or widths more than :data:`PEN_RATIO`
    apart. Filled pieces (pen 0) are never told apart so.

    >>> _other_pen(np.array([0, 0, 1]), np.array([0.1, 0.3, 0.1]), np.array([0, 0]), np.array([1, 2])).tolist()
    [True, True]
    """
    pa, pb = pen[a], pen[b]
    return np.asarray((pa > 0) & (pb > 0) & ((ink[a] != ink[b]) | (np.maximum(pa, pb) > PEN_RATIO * np.minimum(pa, pb))))


def _chains(fb: np.ndarray, members: np.ndarray, pens: tuple[np.ndarray, ...]) -> list[list[int]]:
    """Components (rows of ``fb``: frame boxes u0, v0, u1, v1, restricted to ``members``) chained to their
    nearest neighbour along the line; each chain sorted along the line. ``pens`` (each component's ink number,
    half pen width, whether it is one straight stroke, and optionally whether it is stroked: all are when not
    given): stroked components chain only with those of the
    same pen, a line of stroked text is written with one; a straight stroke more than :data:`RULE_HEIGHT` times
    as high as its neighbour and as the page's typical shape is a rule's piece (a table cell's side drawn as a
    line of its own beside a label), not a letter of that neighbour's line."""
    if len(members) == 0:
        return []
    sub = fb[members]
    ink, pen, straight = pens[0][members], pens[1][members], pens[2][members]

    h = sub[:, 3] - sub[:, 1]
    w = sub[:, 2] - sub[:, 0]
    typical = float(np.median(np.maximum(h, w)))
    idx = BoxIndex.from_arrays(np.arange(len(sub)), sub)
    parent, find = union_find(len(sub))
    # the height of the character that chained to a point, a comma or a dash from its left: the mark reaches on to
    # a character of that one's size as far as that one would (a decimal point set in a full cell of a monospaced
    # font stands more than its own height from the next digit, and the page's typical piece may be smaller than a
    # character: 0. | 2029)
    before = np.zeros(len(sub))
    # a narrow stroked character's ink short of its cell, each side (NARROW_LINK_CELL; a filled outline's
    # proportional face sets its narrow letters close to their neighbours)
    stroked = pens[3][members] if len(pens) > 3 else np.ones(len(members), dtype=bool)
    slack = np.where(stroked & (np.maximum(h, w) >= 0.5 * typical), np.maximum(0.0, (NARROW_LINK_CELL * h - w) / 2), 0.0)
    # ... lent only beside a full letter or a mark: two narrow pieces side by side (the strokes of a CJK character
    # drawn apart, ``比``) are measured ink to ink; and only to a narrow character NARROW_LINK_HEIGHT of its
    # neighbour's height at least (a tick or a short rule's piece beside a label is no i)
    lends = (w >= 0.5 * h) | (np.maximum(h, w) < 0.5 * typical)

    def slack_of(a: np.ndarray | int, b: np.ndarray | int) -> Any:
        """The cells the pair (``a``, ``b``) is lent between its inks."""
        return (slack[a] * (lends[b] & (h[a] >= NARROW_LINK_HEIGHT * h[b]))
                + slack[b] * (lends[a] & (h[b] >= NARROW_LINK_HEIGHT * h[a])))

    def linkable(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Per pair (``a[k]``, a shape ``b[k]`` found ahead of it): whether ``b`` may link, as far as the pair
        and the shapes about it tell (all but the reach a mark before ``a`` lends it, asked in the loop)."""
        ok: np.ndarray = (b != a) & ~(sub[b, 0] < sub[a, 0] + 0.3 * w[a]) & ~_other_pen(ink, pen, a, b)
        # a straight stroke much higher than its neighbour and the page's typical shape is a rule's piece
        ok &= ~((straight[a] & (h[a] > RULE_HEIGHT * np.maximum(h[b], typical)))
                | (straight[b] & (h[b] > RULE_HEIGHT * np.maximum(h[a], typical))))
        lo, hm = np.minimum(h[a], h[b]), np.maximum(h[a], h[b])
        overlap = np.minimum(sub[a, 3], sub[b, 3]) - np.maximum(sub[a, 1], sub[b, 1])
        # (a point reaches another point of its size on its band as far as the character it follows would: the
        # points of an ellipsis, ``40...45``; not an underscore, which would reach over the letter it underlines,
        # nor a colon's points, over or under it)
        ellipsis = (before[a] > 0.0) & (np.maximum(h[a], w[a]) <= 0.45 * before[a]) & (w[a] <= 2.0 * h[a]) \
            & (np.abs(h[b] - h[a]) <= 0.5 * h[a]) & (np.abs(w[b] - w[a]) <= 0.5 * w[a]) \
            & (np.abs(sub[b, 1] - sub[a, 1]) <= 0.5 * h[a])
        for e in np.flatnonzero(ellipsis).tolist():
            # (not a colon's point: another point over or under it, a few of its heights away)
            be, he = int(b[e]), float(h[b[e]])
            for o in idx.intersection((float(sub[be, 0]), float(sub[be, 1]) - 4.0 * he, float(sub[be, 2]), float(sub[be, 3]) + 4.0 * he)):
                if o != be and o != int(a[e]) and abs(float(h[o]) - he) <= 0.5 * he \
                        and min(float(sub[o, 2]), float(sub[be, 2])) - max(float(sub[o, 0]), float(sub[be, 0])) >= 0.5 * float(w[be]):
                    ellipsis[e] = False
                    break
        ok &= ~(sub[b, 0] - sub[a, 2] - slack_of(a, b) > LINK_GAP * np.where(ellipsis, np.maximum(hm, before[a]), hm))
        mark = ok & ((overlap < LINK_OVERLAP * lo) | ((hm > 2.5 * lo) & (overlap < 0.9 * lo)))
        if not mark.any():
            return ok
        # overlapping too little across the line, the pair links only as a mark on the other's band: a point on
        # the baseline of the character beside it (the decimal point of a small raised tolerance hangs a little
        # below its digits' ink; the frame of a line read at 270 is turned over, so its baseline is either side
        # of the band), or an underscore, a flat bar just under (or, turned over, over) the characters' band
        m = np.flatnonzero(mark)
        first_small = np.maximum(h[a[m]], w[a[m]]) <= np.maximum(h[b[m]], w[b[m]])
        small, big = np.where(first_small, a[m], b[m]), np.where(first_small, b[m], a[m])
        hs, ws, hb = h[small], w[small], h[big]
        edge = np.minimum(np.abs(sub[small, 1] - sub[big, 1]), np.abs(sub[small, 3] - sub[big, 3]))
        bar = (hs <= 0.22 * hb) & (0.25 * hb <= ws) & (ws <= 1.3 * hb) & (edge <= 0.25 * hb)
        dot = bar | ((np.maximum(hs, ws) <= 0.35 * hb) & (edge <= 0.25 * hb) & (overlap[m] > 0))
        # (a comma of a humanist face is taller: up to COMMA_HEIGHT of its digit, narrow, its head on the band)
        dot |= (hs <= COMMA_HEIGHT * hb) & (ws <= 0.25 * hb) & (edge <= 0.25 * hb) & (overlap[m] > 0)
        # ... and not when a stroke lies over or under it: then it is part of that letter (the dot of an i); an
        # underscore is looked over toward its own line only (the next line's letters lie past it)
        toward_big = (sub[big, 1] + sub[big, 3]) > (sub[small, 1] + sub[small, 3])
        below = np.where(bar & toward_big, 0.0, hb)
        above = np.where(bar & ~toward_big, 0.0, hb)
        d = np.flatnonzero(dot)
        q, k = idx.intersections(np.column_stack((sub[small[d], 0], sub[small[d], 1] - below[d], sub[small[d], 2],
                                                  sub[small[d], 3] + above[d])))
        sq = small[d][q]
        stacked = (k != sq) & ~_other_pen(ink, pen, k, sq) \
            & (np.minimum(sub[k, 2], sub[sq, 2]) - np.maximum(sub[k, 0], sub[sq, 0]) >= 0.5 * w[sq])
        lettered = np.zeros(len(d), dtype=bool)
        lettered[q[stacked]] = True
        dot[d[lettered]] = False
        ok[m] = dot
        return ok

    # each shape's neighbours ahead on its band, asked of the tree and judged pairwise at once (a shape that a
    # mark before it lends a longer reach asks again, below)
    # (the band a little widened: an underscore lies just under its neighbours' band, and a bar's own band is flat)
    pads = np.where(h <= 0.15 * typical, 0.25 * np.maximum(h, typical), 0.25 * h)
    # (reaching as far as a narrow neighbour's cell may lend: up to NARROW_LINK_CELL of the larger height)
    ahead = np.column_stack((sub[:, 2] - 0.3 * w, sub[:, 1] - pads,
                             sub[:, 2] + slack + (LINK_GAP + NARROW_LINK_CELL / 2) * np.maximum(h, typical), sub[:, 3] + pads))
    rows, found = idx.intersections(ahead)
    ok = linkable(rows, found)
    rows, found = rows[ok], found[ok]
    cut = np.searchsorted(rows, np.arange(len(sub) + 1)).tolist()
    found_list = found.tolist()
    link_from: list[int] = []  # each shape that found its best neighbour, and that neighbour
    link_to: list[int] = []
    for i in np.argsort(sub[:, 0], kind="stable").tolist():
        hi = float(h[i])
        reach = LINK_GAP * max(hi, typical, float(before[i]))
        best, best_gap = -1, math.inf
        valid: list[int] = []
        if before[i] <= max(hi, typical):
            near = found_list[cut[i]:cut[i + 1]]
        else:
            pad = float(pads[i])
            got = np.asarray(idx.intersection((float(sub[i, 2]) - 0.3 * float(w[i]), float(sub[i, 1]) - pad,
                                               float(sub[i, 2]) + (1 + NARROW_LINK_CELL / 2) * reach, float(sub[i, 3]) + pad)),
                             dtype=np.int64)
            near = got[linkable(np.full(len(got), i, dtype=np.int64), got)].tolist()
        for j in near:
            gap = float(sub[j, 0] - sub[i, 2] - slack_of(i, j))
            if gap > LINK_GAP * max(hi, typical) and h[j] < 0.7 * before[i]:
                continue  # (reaching on as the character before it, a mark links only to one of that one's size)
            if gap > reach:
                continue  # (looked for a cell farther: only a narrow character's cell lends that)
            valid.append(j)
            if gap < best_gap:
                best, best_gap = j, gap
        if best >= 0 and max(h[best], w[best]) <= 0.35 * hi:
            # a dot nearest (the dot of an i starts a hair before its stem; a pen's dot is wider than its stem):
            # the stem under it is the neighbour, and the dot comes with it as what is stacked on it
            stems = [k for k in valid if h[k] > 2.0 * h[best]
                     and min(sub[k, 2], sub[best, 2]) - max(sub[k, 0], sub[best, 0]) >= 0.5 * min(w[k], w[best])]
            if stems:
                best = min(stems, key=lambda k: float(sub[k, 0]))
        if best >= 0:
            # a point, a comma, a dash after a character reaches on as that one (and so do the next points of an
            # ellipsis: ``40...45``)
            same_point = abs(h[best] - hi) <= 0.5 * hi and abs(float(sub[best, 1] - sub[i, 1])) <= 0.5 * hi
            lent = max(hi, float(before[i])) if same_point else hi
            if h[best] <= 0.45 * lent:
                before[best] = max(float(before[best]), lent)
            link_from.append(i)
            link_to.append(best)

    def join(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)  # (each set's root is its least member, whatever the order of joins)

    # each shape joins its best neighbour and what is stacked with that one (the two dots of a colon); asked of the
    # tree at once once every neighbour is known
    li, lb = np.asarray(link_from, dtype=np.int64), np.asarray(link_to, dtype=np.int64)
    for a, b in zip(link_from, link_to, strict=True):
        join(a, b)
    hb = h[lb]
    # (the dot of an i or an accent below, in the frame of text read the other way)
    stack = np.column_stack((sub[lb, 0], np.minimum(sub[li, 1], sub[lb, 1]) - 0.6 * hb, sub[lb, 2],
                             np.maximum(sub[li, 3], sub[lb, 3]) + 0.6 * hb))
    q, k = idx.intersections(stack)
    src, dst = li[q], lb[q]
    on = (k != src) & (k != dst) & (h[k] <= 0.45 * np.maximum(hb[q], h[src])) & ~_other_pen(ink, pen, k, dst) \
        & (np.minimum(sub[k, 2], sub[dst, 2]) - np.maximum(sub[k, 0], sub[dst, 0]) >= 0.5 * np.minimum(w[k], w[dst]))
    other_line: dict[tuple[int, int], bool] = {}
    for ka, kk, kb in zip(src[on].tolist(), k[on].tolist(), dst[on].tolist(), strict=True):
        apart = other_line.get((kk, kb))
        if apart is None:
            apart = other_line[(kk, kb)] = _of_another_line(sub, h, idx, kk, kb)
        if not apart:
            join(ka, kk)
    groups: dict[int, list[int]] = {}
    for i in range(len(sub)):
        groups.setdefault(find(i), []).append(i)
    out = []
    for _k, g in sorted(groups.items()):
        g.sort(key=lambda k: (float(sub[k, 0]), float(sub[k, 1])))
        out.append([int(members[k]) for k in g])
    return out


def _of_another_line(sub: np.ndarray, h: np.ndarray, idx: BoxIndex, k: int, best: int) -> bool:
    """Whether a small piece over or under a character belongs to a neighbouring line (the colon of a label
    printed just above a value, a letter of a small label): a shape over or under it, off the character's band,
    lies nearer to it than the character does; or beside it, on its band and off the character's,
    within a letter's gap, stands a shape at least twice its height, or, when the piece is taller than an
    accent or a dot (0.3 of the character), another letter; or two letters of its size stand within a few
    letters of it on its band (a word of a small label; an umlaut's dots are a pair)."""
    # a shape nearer to it across the line than the character, off that character's band, is what k is part of
    # (the dot of an i in a small label under a large value, nearer its own stem than the value's letter)
    gap = max(float(sub[best, 1] - sub[k, 3]), float(sub[k, 1] - sub[best, 3]))
    if gap > 0:
        for m in idx.intersection((float(sub[k, 0]), float(sub[k, 1]) - gap, float(sub[k, 2]), float(sub[k, 3]) + gap)):
            if m in (k, best) or min(sub[m, 3], sub[best, 3]) - max(sub[m, 1], sub[best, 1]) > 0:
                continue
            along = min(sub[m, 2], sub[k, 2]) - max(sub[m, 0], sub[k, 0])
            if along >= 0.5 * min(sub[m, 2] - sub[m, 0], sub[k, 2] - sub[k, 0]) \
                    and max(float(sub[m, 1] - sub[k, 3]), float(sub[k, 1] - sub[m, 3])) < gap:
                return True
    reach = 1.5 * float(h[k]) + 1.0
    word = 0  # letters of k's size on its band within a few letters: k is in a word of its own
    for m in idx.intersection((float(sub[k, 0]) - 4 * reach, float(sub[k, 1]), float(sub[k, 2]) + 4 * reach, float(sub[k, 3]))):
        if m in (k, best) or min(sub[m, 3], sub[best, 3]) - max(sub[m, 1], sub[best, 1]) > 0:
            continue  # it stands on the character's own band: a tall letter of the same line
        gap = max(float(sub[m, 0] - sub[k, 2]), float(sub[k, 0] - sub[m, 2]))
        like = h[m] >= 0.6 * h[k]  # a letter of k's size
        if h[m] >= 2.0 * h[k] or (like and h[k] >= 0.3 * h[best]):  # a taller shape, or a letter beside a letter-sized k
            if gap <= 1.5 * float(max(h[m], h[k])):
                return True
        if like and h[k] >= 0.2 * h[best] and gap <= 3.0 * float(max(h[m], h[k])):
            word += 1
            if word >= 2:
                return True  # (an accent has at most its pair beside it: the two dots of an umlaut)
    return False


def _char_heights(fb: np.ndarray, chars: list[list[int]]) -> np.ndarray:
    """The ink height of each character (frame boxes of its components)."""
    return np.array([float(max(fb[c, 3] for c in ch) - min(fb[c, 1] for c in ch)) for ch in chars], dtype=np.float64)


def _one_size(fb: np.ndarray, chars: list[list[int]]) -> int:
    """The most characters of a chain within :data:`SIZE_JUMP` of one another's height: how long a line of one
    type size it makes (a big character beside a small label's letter is no line of two)."""
    if len(chars) < 2:
        return len(chars)
    hs = np.sort(np.maximum(_char_heights(fb, chars), 1e-6))
    # for each height, the heights strictly within the factor either way (sorted: two binary searches)
    return int((np.searchsorted(hs, hs * SIZE_JUMP, side="left") - np.searchsorted(hs, hs / SIZE_JUMP, side="right")).max())


#: a line is cut where its characters' height changes by this factor (a tolerance printed smaller beside its nominal)
SIZE_JUMP = 1.6


def _split_sizes(fb: np.ndarray, chars: list[list[int]]) -> list[list[list[int]]]:
    """A chain of characters cut where the type size changes (``40`` then ``-0,02`` at half the size), between runs
    of at least two characters: each part is read as its own line with its own size. Punctuation (under 0.4 of
    the tallest) goes with what follows it."""
    if len(chars) < 2:
        return [chars]
    heights = _char_heights(fb, chars).tolist()
    top = max(heights)
    big = [k for k, hh in enumerate(heights) if hh >= 0.4 * top]
    # runs of characters of one size; a cut stands between two runs of at least two characters each (a colon or a
    # dash between two digits is no change of size)
    runs: list[list[int]] = [[big[0]]] if big else []
    for a, b in zip(big, big[1:], strict=False):
        lo, hi = sorted((heights[a], heights[b]))
        if hi >= SIZE_JUMP * lo:
            runs.append([b])
        else:
            runs[-1].append(b)
    cuts = [run[-1] + 1 for run, nxt in zip(runs, runs[1:], strict=False)
            if len(run) >= 2 and len(nxt) >= 2]
    if not cuts:
        return [chars]
    parts, start = [], 0
    for c in cuts:
        parts.append(chars[start:c])
        start = c
    parts.append(chars[start:])
    return [p for p in parts if p]


def _characters(fb: np.ndarray, chain: list[int]) -> list[list[int]]:
    """Components of a chain that overlap along the line (half the narrower width) as one character."""
    chars: list[list[int]] = []
    end = -math.inf
    start = math.inf
    for c in chain:
        u0, u1 = float(fb[c, 0]), float(fb[c, 2])
        if chars:
            narrow = min(u1 - u0, end - start)
            # (a hairline's stem and the dot over it have no width: they are one character when one lies within
            # the other's span)
            if min(u1, end) - max(u0, start) >= 0.5 * narrow:
                chars[-1].append(c)
                start, end = min(start, u0), max(end, u1)
                continue
        chars.append([c])
        start, end = u0, u1
    return chars


# -- recognition ----------------------------------------------------------------------------------
@dataclass
class _Read:
    text: str | None  # the accepted character (None: unread)
    best: str  # the closest template's character
    distance: float
    margin: float  # to the closest character outside best's confusable group
    confidence: float
    alts: dict[str, float]  # distances of the characters of best's confusable group
    per: np.ndarray | None = None  # the distance to every character (in the order of _LABELS[0][2])
    key: tuple[object, ...] | None = None  # the shape as matched (its normalised points)
    how: str = ""  # how it was read: "exact" (a known stroke font's glyph), "shape" (its own match), "word", "lexicon",
    # "number", "page", "dot"; "" unread
    cyrillic: tuple[str, float] | None = None  # the closest Cyrillic template's letter and distance, when matched
    lazy: tuple[Any, ...] | None = None  # what matching it against the Cyrillic templates later takes (see _classify)


@dataclass
class _Adapt:
    """What the page taught: shapes read surely elsewhere on it (``page``: shape key -> character), and the
    shapes a line left unread (``unread``: shape key -> its distances to every character, collected while
    reading the line)."""

    page: dict[tuple[object, ...], str] = field(default_factory=dict)
    unread: dict[tuple[object, ...], np.ndarray] = field(default_factory=dict)


_UNREAD = _Read(None, "", 9.0, 0.0, 0.0, {})


def _label_index(labels: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Template rows grouped by character: (row order, group starts, characters) for a per-character minimum."""
    order = np.argsort(np.asarray(labels), kind="stable")
    ordered = [labels[i] for i in order]
    starts = [0] + [i for i in range(1, len(ordered)) if ordered[i] != ordered[i - 1]]
    return order, np.asarray(starts, dtype=np.int64), [ordered[i] for i in starts]


_LABELS: list[tuple[np.ndarray, np.ndarray, list[str]]] = []


def _classify(contours: list[np.ndarray], strokes: list[np.ndarray], em: float, baseline: float, u0: float,
              adapt: _Adapt | None = None) -> _Read:
    """One character shape in its frame (u along, v up) against the text templates.

    The costly part (the shape's centre-line distance to every template) depends on the shape alone and is
    cached on it (its points relative to its box, in 1 % steps of its size); the size and place on the line
    (width, height and centre height in em) are added for each call."""
    pts = contours + strokes
    if not pts or em <= 0:
        return _UNREAD
    if strokes and not contours:
        exact = exact_stroke(strokes, em, baseline)
        if exact is not None:  # the centre lines of a known stroke font's glyph (KiCad's): no template blur
            return _Read(exact, exact, 0.0, 1.0, EXACT_CONFIDENCE, {exact: 0.0}, how="exact")
    allp = np.concatenate(pts)
    lo = allp.min(axis=0)
    hi = allp.max(axis=0)
    if not contours:  # a stroke's ink reaches half the pen beyond its centre line
        lo = lo - STROKE_WEIGHT * em / 2
        hi = hi + STROKE_WEIGHT * em / 2
    side = float(max(hi[0] - lo[0], hi[1] - lo[1]))
    if side <= 0:
        return _UNREAD
    # the shape as matched: its points in steps of 1/SHAPE_STEPS of its size, so that every shape with the same key gets the
    # same distances whatever was matched before (same bytes, same output, in any order)
    ratio = round(side / em, 1) if not contours else 1.0
    quant = [np.round((np.asarray(c) - lo) / side * SHAPE_STEPS).astype(np.int64) for c in pts]
    key = (bool(contours), bool(strokes), ratio) + tuple(tuple(q.ravel().tolist()) for q in quant)
    tpl = templates("text_templates.npz")
    hit = _CACHE.get(key)
    if hit is None:
        f = _shape_features(quant, ratio, len(contours))
        hit = (None, 0.0) if f is None else (distances(f, tpl, False).astype(np.float32), float(f.geometry[3]))
        if len(_CACHE) < _CACHE_MAX:
            _CACHE[key] = hit
    chamfer, blob = hit
    if chamfer is None:
        return _UNREAD
    geom = np.array([(hi[0] - lo[0]) / em, (hi[1] - lo[1]) / em, ((lo[1] + hi[1]) / 2 - baseline) / em, blob], dtype=np.float32)
    d = chamfer + np.linalg.norm((tpl.geometry - geom[None, :]) * np.asarray(TEXT_GEOMETRY_WEIGHT, dtype=np.float32), axis=1)
    # (what matching it against the Cyrillic templates takes, done for the lines that may be Cyrillic only: see
    # _cyrillic_words)
    return _classified(d, tpl, key, adapt, (key, quant, ratio, len(contours), geom))


def _shape_features(quant: list[np.ndarray], ratio: float, n_contours: int) -> Features | None:
    """Features of a shape from its quantised points (``n_contours`` outlines first, then strokes)."""
    unit = [q / SHAPE_STEPS * max(ratio, 0.1) for q in quant]  # em units: the box's side is ``ratio`` em
    return (features([c.tolist() for c in unit[:n_contours]], 1.0, 0.0, [c.tolist() for c in unit[n_contours:]])
            if n_contours else _stroke_features(unit))


#: distances of shapes to the Cyrillic templates, by shape key (as :data:`_CACHE`)
_CYRILLIC_CACHE: dict[tuple[object, ...], tuple[np.ndarray, list[str]] | None] = {}


def _cyrillic(key: tuple[object, ...], quant: list[np.ndarray], ratio: float, n_contours: int,
              geom: np.ndarray) -> tuple[str, float] | None:
    """The closest Cyrillic letter to a shape and its distance (outline and size, as for the Latin templates)."""
    tpl = templates("cyrillic_templates.npz")
    if key in _CYRILLIC_CACHE:
        hit = _CYRILLIC_CACHE[key]
    else:
        f = _shape_features(quant, ratio, n_contours)
        hit = None if f is None else (distances(f, tpl, False).astype(np.float32), list(tpl.labels))
        if len(_CYRILLIC_CACHE) < _CACHE_MAX:
            _CYRILLIC_CACHE[key] = hit
    if hit is None:
        return None
    chamfer, labels = hit
    d = chamfer + np.linalg.norm((tpl.geometry - geom[None, :]) * np.asarray(TEXT_GEOMETRY_WEIGHT, dtype=np.float32), axis=1)
    k = int(np.argmin(d))
    return str(labels[k]), float(d[k])


def _classified(d: np.ndarray, tpl: Any, key: tuple[object, ...], adapt: _Adapt | None, lazy: tuple[Any, ...]) -> _Read:
    """The Latin reading of a shape from its distance to every text template; ``lazy`` kept on it when it is
    farther than :data:`CYRILLIC_TRY`."""
    if not _LABELS:
        _LABELS.append(_label_index(tpl.labels))
    order, starts, chars = _LABELS[0]
    per = np.minimum.reduceat(d[order], starts)
    ranked = np.argsort(per, kind="stable")
    top = chars[int(ranked[0])]
    dt = float(per[ranked[0]])
    group = _GROUP.get(top, top)
    other = next((float(per[i]) for i in ranked[1:].tolist() if chars[i] not in group), 9.0)
    margin = other - dt
    alts = {chars[i]: round(float(per[i]), 4) for i in range(len(chars)) if chars[i] in group}
    ok = dt <= TEXT_ACCEPT and margin >= TEXT_MARGIN
    closeness = max(0.0, min(1.0, 1.0 - dt / (2 * TEXT_ACCEPT)))
    conf = round(closeness * min(1.0, 0.5 + margin / (4 * TEXT_MARGIN)), 3)
    if not ok and adapt is not None:
        taught = adapt.page.get(key)
        if taught is not None and taught in chars:
            # the same shape was read surely elsewhere on the page: this font's own letter
            per = per.copy()
            per[chars.index(taught)] = min(float(per.min()), dt)
            # the alternatives are the taught character's confusable group, not the group of the shape's own
            # nearest (a D taught, whose nearest template was an O, must not settle back to O)
            taught_alts = {c: round(float(per[chars.index(c)]), 4) for c in _GROUP.get(taught, taught) if c in chars}
            taught_alts[taught] = round(float(per.min()), 4)
            # (its Cyrillic reading still asked for: a Д whose word the lexicon took for ``Data`` taught a D)
            return _Read(taught, taught, dt, margin, PAGE_CONFIDENCE, taught_alts, per, key, "page",
                         lazy=lazy if dt > CYRILLIC_TRY else None)
        adapt.unread[key] = per
    return _Read(top if ok else None, top, dt, margin, conf, alts, per, key, "shape" if ok else "",
                 lazy=lazy if dt > CYRILLIC_TRY else None)


def _stroke_features(strokes: list[np.ndarray]) -> Features | None:
    """Features of a character drawn with strokes (centre lines, em units, baseline at 0): the strokes are
    drawn :data:`STROKE_WEIGHT` em wide, so the shape and its box are a font glyph's of regular weight and
    its centre lines fall where a template's do."""
    import cv2

    if not strokes:
        return None
    pts = np.concatenate(strokes)
    half = STROKE_WEIGHT / 2
    x0, y0 = pts.min(axis=0) - half
    x1, y1 = pts.max(axis=0) + half
    w, h = float(x1 - x0), float(y1 - y0)
    side = max(w, h)
    big = GRID * _SUPER
    scale = (big - 2 * _SUPER) / side
    ox = x0 - ((side - w) / 2 + _SUPER / scale)
    oy = y0 - ((side - h) / 2 + _SUPER / scale)
    img = np.zeros((big, big), dtype=np.uint8)
    thick = max(1, int(round(STROKE_WEIGHT * scale)))
    for line in strokes:
        px = np.round(np.stack([(line[:, 0] - ox) * scale, big - (line[:, 1] - oy) * scale], axis=1) * 16).astype(np.int32)
        cv2.polylines(img, [px], False, 1, thickness=thick, lineType=cv2.LINE_8, shift=4)
    geom = np.array([w, h, (y0 + y1) / 2], dtype=np.float32)
    return finish(img.astype(np.float32), geom)


#: characters of cap height (or ascender height) whatever the context, and of x-height
_CAP_REF = set("ABDEFGHLMNQRTbdfhk23467")
_X_REF = set("aemnr")
#: a small letter read exactly as a known stroke font's glyph is a capital when this share of the line's cap height
EXACT_CAP = 0.95
#: characters that reach below the baseline (or may)
_DESCENDS = set("gjpqyQJ,;()[]_|/")
#: how much closer a digit (or letter) reading is taken to be when its neighbours are digits (or letters)
CONTEXT = 0.08
#: ... and a digit this much in the run of figures a word starts with (up to its first letter that is no figure's
#: look-alike): a round O among figures is a 0 of a geometric font (100nF read 10OnF)
LEADING_FIGURES = 0.1


def _refs(texts: list[str | None], spans: list[tuple[float, float]]) -> tuple[float | None, float | None, float | None]:
    """Cap height and x-height of a line from the characters whose height their identity fixes, and the
    baseline from those that sit on it: ``(cap, x_height, baseline)``, ``None`` where nothing tells."""
    cap = [hi - lo for t, (lo, hi) in zip(texts, spans, strict=True) if t in _CAP_REF]
    xh = [hi - lo for t, (lo, hi) in zip(texts, spans, strict=True) if t in _X_REF]
    base = [lo for t, (lo, _hi) in zip(texts, spans, strict=True) if t is not None and t.isalnum() and t not in _DESCENDS]
    return (_median(cap) if cap else None, _median(xh) if xh else None, _median(base) if base else None)


#: small letters whose height is the x-height (no ascender, descender or dot): what a shape as tall as the
#: line's x-height may be
_X_HEIGHT_LETTERS = "acemnorsuvwxz"
#: characters as tall as a capital or an ascender: a line holding one clearly above its x-height has two heights
_TALL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZbdfhklt0123456789")
#: how near the x-height (share of it) a shape counts as x-height tall
X_HEIGHT_TOL = 0.12
#: the least step between the two heights of a run of capitals and small letters (cap height over x-height is
#: 1.3 to 1.5 in text faces; sizes farther apart are split into lines of their own, SIZE_JUMP)
X_HEIGHT_JUMP = 1.2


def _x_height_capitals(reads: list[_Read], spans: list[tuple[float, float]], adapt: _Adapt | None = None) -> list[_Read]:
    """Reads of capitals whose shape is only as tall as the line's x-height, on a line that shows both its
    x-height and a taller height (capitals, ascenders, figures), read again among the small letters of
    x-height: a capital is never that short beside them. A single-storey ``a`` with a tail (ISO 3098 lettering
    of CAD systems) is nearest to a ``Q`` by shape alone, and as a capital it would poison the line's cap
    height, and so the case of every ``s``, ``x`` and ``o`` on it.

    The x-height is that of the small letters read (``a e m n r``); failing two of them, the lower of two
    heights the line's letters and figures fall in, when most of the lower ones are no capital-only shapes
    (small capitals, ``SECTION`` drawn ``S`` + ``ECTION``, are capitals). The small letter the page taught for
    the shape is taken (``adapt``); else the nearest one when within the accepting distance and clearly (twice
    the usual margin) nearer than the next; else the shape stays unread, for the word's lexicon reading or
    the page to settle it. A line of one height is left alone: its x-height is not known.
    """
    if not _LABELS:
        return reads
    heights = [hi - lo for lo, hi in spans]
    xs = [h for r, h in zip(reads, heights, strict=True) if r.text is not None and r.text in _X_REF]
    if len(xs) < 2:
        # no small letters read to tell the x-height: a run whose letters and figures fall in two heights
        # (``X axis``: the capital X and the dotted i above, x a s below)
        both = sorted((h, r.text) for r, h in zip(reads, heights, strict=True) if r.text is not None and r.text.isalnum())
        jumps = [(both[j + 1][0] / both[j][0], j) for j in range(1, len(both) - 1) if both[j][0] > 0]  # lower: 2 or more
        if not jumps:
            return reads
        ratio, j = max(jumps)
        lower = [t for _h, t in both[:j + 1]]
        capital_only = sum(1 for t in lower if t.isupper() and t not in _CASE_PAIRS.values())
        # the lower height is the x-height only when letters hold it, and no figure (figures are as tall as
        # capitals: in a tag ``JI 970`` only a descending J stands taller)
        if ratio < X_HEIGHT_JUMP or 2 * capital_only > len(lower) or any(t.isdigit() for t in lower):
            return reads
        xs = [h for h, _t in both[:j + 1]]
    xh = float(_median(xs))
    if xh <= 0 or not any(r.text in _TALL and h > 1.2 * xh for r, h in zip(reads, heights, strict=True)
                          if r.text is not None):
        return reads
    chars = _LABELS[0][2]
    small = [chars.index(c) for c in _X_HEIGHT_LETTERS if c in chars]
    out = list(reads)
    for k, (r, h) in enumerate(zip(reads, heights, strict=True)):
        t = r.text
        if t is None or r.per is None or r.how not in ("shape", "page") or not t.isupper() \
                or t in _CASE_PAIRS.values() or abs(h - xh) > X_HEIGHT_TOL * xh:
            continue
        taught = adapt.page.get(r.key) if adapt is not None and r.key is not None else None
        if taught is not None and taught in _X_HEIGHT_LETTERS:
            out[k] = replace(r, text=taught, best=taught, confidence=PAGE_CONFIDENCE, alts={taught: r.distance}, how="page")
            continue
        ranked = sorted(small, key=lambda i: (float(r.per[i]), i))  # type: ignore[index]
        best, d = chars[ranked[0]], float(r.per[ranked[0]])
        margin = float(r.per[ranked[1]]) - d if len(ranked) > 1 else 1.0
        if d > TEXT_ACCEPT or margin < 2 * TEXT_MARGIN:
            out[k] = replace(r, text=None, how="")
            if adapt is not None and r.key is not None:
                adapt.unread[r.key] = r.per
            continue
        closeness = max(0.0, min(1.0, 1.0 - d / (2 * TEXT_ACCEPT)))
        conf = round(closeness * min(1.0, 0.5 + margin / (4 * TEXT_MARGIN)), 3)
        out[k] = replace(r, text=best, best=best, distance=d, margin=margin, confidence=conf,
                         alts={c: round(float(r.per[chars.index(c)]), 4) for c in _GROUP.get(best, best)
                               if c in chars and c in _X_HEIGHT_LETTERS})
    return out


def _leading_figures(texts: list[str | None]) -> set[int]:
    """Positions of the look-alikes of figures (``O``, ``I``, ``S``, ...) in the run a word starts with when it
    starts with a figure, or with a look-alike followed in the run by a number's separator and a figure (``I:2``
    is a scale; ``S1`` stays a switch): figures, their look-alikes and ``. , - / :`` up to the first other
    character.

    >>> sorted(_leading_figures(["1", "O", "O", "n", "F"])), sorted(_leading_figures(["C", "O", "1"]))
    ([1, 2], [])
    >>> sorted(_leading_figures(["I", ":", "2"])), sorted(_leading_figures(["S", "1"])), sorted(_leading_figures(["I", "S", "O"]))
    ([0], [], [])
    >>> sorted(_leading_figures(["l", ":", "l"])), sorted(_leading_figures(["l", ":", "l", "x"]))
    ([0, 2], [])

    A sign or a decimal point may come first when a figure follows it (``.0OO`` is an ordinate's ``.000``):

    >>> sorted(_leading_figures([".", "0", "O", "O"])), sorted(_leading_figures(["-", "O", "1"]))
    ([2, 3], [])
    >>> sorted(_leading_figures([".", "O", "O", "O"])), sorted(_leading_figures([".", "O", "K"]))
    ([1, 2, 3], [])

    Look-alikes round one decimal point, two or more after it, the whole word or before a tolerance's sign:

    >>> sorted(_leading_figures(["S", "O", ".", "O", "O", "±", "O", ".", "1"])), sorted(_leading_figures(["S", ".", "O", "S"]))
    ([0, 1, 3, 4], [0, 2, 3])
    >>> sorted(_leading_figures(["S", "O", ".", "O"])), sorted(_leading_figures(["I", ".", "O", "O", "K"]))
    ([], [])
    """
    lead = 0
    while lead < min(2, len(texts)) and (texts[lead] or "") in ("±", "+", "-", ".", ","):
        lead += 1
    if lead:
        follow = texts[lead] if lead < len(texts) else None
        if follow is not None and texts[lead - 1] in (".", ",") and all(t is not None and (t.isdigit() or t in _TO_DIGIT)
                                                                     for t in texts[lead:]):
            # a decimal point and then only figures and their look-alikes to the word's end: all figures
            return {k for k in range(lead, len(texts)) if texts[k] in _TO_DIGIT}
        if follow is None or not follow.isdigit():
            return set()
        return {k + lead for k in _leading_figures(texts[lead:])}
    if not texts or texts[0] is None or not (texts[0].isdigit() or texts[0] in _TO_DIGIT):
        return set()
    run: list[str] = []
    for t in texts:
        if t is None or not (t.isdigit() or t in _TO_DIGIT or t in ".,-/:"):
            break
        run.append(t)
    # (look-alikes alone on either side of one colon, the whole word, are a ratio: ``l:l`` is a scale's 1:1)
    ratio = len(run) == len(texts) and run.count(":") == 1 and run[0] != ":" and run[-1] != ":"
    # (look-alikes round one decimal point, two or more after it, before a tolerance's sign or ending the word:
    # ``SO.OO±O.1`` is a value read in a stroke font whose 3 and 0 look like S and O)
    point = [k for k, t in enumerate(run) if t in ".,"]
    decimal = len(point) == 1 and 1 <= point[0] and len(run) - point[0] - 1 >= 2 and "-" not in run and "/" not in run \
        and ":" not in run and (len(run) == len(texts) or texts[len(run)] in ("±", "+"))
    if not run[0].isdigit() and not ratio and not decimal \
            and not any(a in ".,:" and b.isdigit() for a, b in zip(run, run[1:], strict=False)):
        return set()
    return {k for k, t in enumerate(run) if t in _TO_DIGIT}


def _settle(reads: list[_Read], spans: list[tuple[float, float]], baseline: float, line_h: float,
            cap: float | None, xh: float | None) -> list[str | None]:
    """The characters of one word, confusable shapes settled.

    Case (``c o s v w x z u`` against their capitals, whose outlines are the same): by height against the
    line's cap height and x-height where the line tells them; ``p y j`` by reaching below the baseline.
    Where no letter tells the sizes, a ``P``/``Y``/``J`` that does not descend or a bar gives the cap
    height; failing that, such letters of one height take one case (capitals when any was read a capital).
    Digit or letter (``0/O``, ``1/I/l``, ``5/S``, ``2/Z``, ``8/B``): the closer reading by shape, after the
    reading the neighbours support (digits or a decimal point; letters) is taken :data:`CONTEXT` closer.
    ``I`` or ``l``: capitals around say ``I``, small letters ``l``, no letters (a bar among digits) ``I``. A
    bar alone in its word is a ``1`` when nearly as close (an item, sheet or balloon number).
    """
    out = [r.text for r in reads]
    for k, t in enumerate(out):
        if t is not None and reads[k].how != "exact" and t in "pyjPYJ":
            alts = reads[k].alts
            if t in "jJ" and "j" in alts and "J" in alts and abs(alts["j"] - alts["J"]) > J_DOT_MARGIN:
                # a small j has its dot, a capital J none: the shape tells them apart (a capital J reaches
                # below the baseline in some faces)
                out[k] = "j" if alts["j"] < alts["J"] else "J"
                continue
            out[k] = t.lower() if spans[k][0] < baseline - 0.12 * line_h else t.upper()
    if cap is None and xh is None:
        # no letter of the line fixes its sizes: a capital settled by not descending (P, Y, J) or a bar
        # (I, l, 1: cap height or an ascender a few per cent taller) is as tall as a capital
        tall = [hi - lo for t, (lo, hi) in zip(out, spans, strict=True) if t is not None and t in "PYJIl|1"]
        cap = _median(tall) if tall else None
    case_free = [k for k, t in enumerate(out) if t is not None and reads[k].how != "exact" and t not in "pyjPYJ"
                 and (t in _CASE_PAIRS or t in _CASE_PAIRS.values())]
    if cap is None and xh is None and case_free:
        # nothing tells the size: letters drawn alike and as tall as each other take one case: capitals when
        # any of them was read a capital (tags and codes are printed in capitals; a word of small letters
        # only of these shapes is rare)
        hs = [spans[k][1] - spans[k][0] for k in case_free]
        if max(hs) <= 1.1 * min(hs):
            upper = any(out[k].isupper() for k in case_free)  # type: ignore[union-attr]
            for k in case_free:
                t = out[k]
                assert t is not None
                out[k] = t.upper() if upper else t.lower()
        elif max(hs) >= X_HEIGHT_JUMP * min(hs):
            # two heights among letters drawn alike in both cases: the taller are capitals, the others small
            # (``Coop`` in a stroke font whose o is its O drawn smaller, read ``COOP`` as a lexicon word)
            mid = (max(hs) + min(hs)) / 2
            for k, hk in zip(case_free, hs, strict=True):
                t = out[k]
                assert t is not None
                out[k] = t.upper() if hk >= mid else t.lower()
    for k, t in enumerate(out):
        if t is None or t in "pyjPYJ":
            continue
        if reads[k].how == "exact":
            # a known stroke font's small letter as tall as the line's capitals is a capital of another font
            # drawn like it (DesignSpark's O is Newstroke's o, larger: ``GooD``); only that clear case is settled
            if t in _CASE_PAIRS and cap is not None and spans[k][1] - spans[k][0] >= EXACT_CAP * cap:
                out[k] = _CASE_PAIRS[t]
            continue
        lo, hi = spans[k]
        low = t if t in _CASE_PAIRS else next((lw for lw, up in _CASE_PAIRS.items() if up == t), None)
        if low is None:
            continue
        h = hi - lo
        if cap is not None and xh is not None and cap > 1.15 * xh:
            out[k] = _CASE_PAIRS[low] if h >= (cap + xh) / 2 else low
        elif cap is not None:
            out[k] = _CASE_PAIRS[low] if h >= 0.86 * cap else low
        elif xh is not None:
            out[k] = _CASE_PAIRS[low] if h >= 1.2 * xh else low
    # digit or letter: the shape's distances, the closer reading helped by CONTEXT when the neighbours
    # (a decimal point counts for a digit) say digits or letters
    shape = list(out)
    lead = _leading_figures(shape)
    for k, r in enumerate(reads):
        t = shape[k]
        if t is None:
            continue
        digits = [(v, lab) for lab, v in r.alts.items() if lab.isdigit()]
        letters = [(v, lab) for lab, v in r.alts.items() if lab.isalpha() or lab == "|"]
        if not digits or not letters:
            continue
        (dd, digit), (dl, letter) = min(digits), min(letters)
        if t.isalpha() and letter.lower() == t.lower():
            letter = t  # the case settled above
        evidence = 0
        for j in (k - 1, k + 1):
            nb = shape[j] if 0 <= j < len(shape) else None
            if nb is None:
                continue
            far = shape[2 * j - k] if 0 <= 2 * j - k < len(shape) else None
            if nb.isdigit() or nb in ".,":
                evidence += 1
            elif nb in "x\u0445\u00d7" and far is not None and far.isdigit():
                evidence += 1  # a times sign between figures: sizes (``50x50x5``, ``M8x25``)
            elif nb.isalpha() and nb not in _TO_DIGIT and nb not in "Il|":
                evidence -= 1
        if len(reads) == 1 and letter in "Il|":
            evidence = 1  # l is no word, and revision letters skip I
        if evidence > 0:
            dd -= CONTEXT
        elif evidence < 0:
            dl -= CONTEXT
        if k in lead:
            dd -= LEADING_FIGURES  # in the figures a word starts with (a value and its unit: 100nF, 50V, 10k)
        out[k] = digit if dd < dl else letter
    # a word spelt in capitals (two or more letters whose case their shape fixes, all capitals: M T H E ...)
    # holds no small s or o nearly as tall as they are (MUST read MUsT: the S nearest a 5, then a small s)
    fixed = [t for t in out if t is not None and t.isalpha() and t not in _CASE_PAIRS and t not in _CASE_PAIRS.values()]
    capital_h = cap if cap is not None else max((hi - lo for lo, hi in spans), default=0.0)
    if len(fixed) >= 2 and all(t.isupper() for t in fixed):
        for k, t in enumerate(out):
            if t is not None and t in _CASE_PAIRS and reads[k].how != "exact" and spans[k][1] - spans[k][0] >= 0.75 * capital_h:
                out[k] = _CASE_PAIRS[t]
    # I or l (the same bar in most sans fonts): capitals around it say I, small letters l; first in a word,
    # I before a consonant (Item, Inch, ISO), l before a vowel (linear, left)
    for k, t in enumerate(out):
        if t not in ("I", "l", "|") or reads[k].how == "exact":
            continue
        letters = [(j, x) for j, x in enumerate(out) if x is not None and x.isalpha() and x not in "Il|"]
        left = next((x for j, x in reversed(letters) if j < k), None)
        right = next((x for j, x in letters if j > k), None)
        if left is not None:
            out[k] = "I" if left.isupper() and (right is None or right.isupper()) else "l"
        elif right is not None:
            if right.isupper():
                out[k] = "I"
            else:
                nxt = out[k + 1] if k + 1 < len(out) else None
                out[k] = "l" if nxt is not None and nxt in "aeiouy" else "I"
        elif t == "l" and len(out) > 1:
            out[k] = "I"  # a bar kept a letter among digits and marks: codes and tags are printed in capitals (1I6)
    # the rule above spells no word where the other bar would (``AII`` -> ``All``, ``Iine`` -> ``line``): the word
    bars = [k for k, t in enumerate(out) if t in ("I", "l") and reads[k].how != "exact"]
    if bars and len(out) >= 3 and all(t is not None and t.isalpha() for t in out):
        lexicon = word_set()
        spelled = "".join(t for t in out if t is not None)
        flipped = [("l" if t == "I" else "I") if k in bars else t for k, t in enumerate(out)]
        word = "".join(t for t in flipped if t is not None)
        # (in a case a word is printed in: small letters, a capital first, or capitals; AIT stays a tag)
        if spelled.lower() not in lexicon and word.lower() in lexicon and (word.islower() or word.isupper()
                                                                              or word[1:].islower()):
            out = flipped
    return out


#: marks set against the end of the word before them, and against the start of the word after them
_CLOSERS, _OPENERS = frozenset(".,:;)]!?"), frozenset("([")


def _cells(chars: list[list[int]], fb: np.ndarray, texts: list[str | None], em: float) -> list[tuple[float, float]]:
    """The span of each character along the line, narrow letters and digits widened to :data:`NARROW_CELL` em
    about their centre (a ``1`` or an ``I`` sits in a wider cell than its ink), a narrow mark that ends a word
    (``: , . )``) widened to :data:`THIN_CELL` em on its left and one that opens a word (``(``) on its right
    (the ink of a colon is a tenth of its advance: ``REQUIREMENTS :`` in a letter-spaced stroke font), other
    punctuation as inked."""
    out = []
    for ch, t in zip(chars, texts, strict=True):
        u0 = float(min(fb[c, 0] for c in ch))
        u1 = float(max(fb[c, 2] for c in ch))
        cell = THIN_CELL if t in THIN_LETTERS else NARROW_CELL
        if t is not None and t.isalnum() and u1 - u0 < cell * em:
            mid = (u0 + u1) / 2
            u0, u1 = mid - cell * em / 2, mid + cell * em / 2
        elif t is not None and (t in _CLOSERS or t in _OPENERS) and u1 - u0 < THIN_CELL * em:
            # a mark set against the word it ends (or opens) stands in a cell wider than its ink on that side
            mid = (u0 + u1) / 2
            if t in _CLOSERS:
                u0 = mid - THIN_CELL * em / 2
            else:
                u1 = mid + THIN_CELL * em / 2
        out.append((u0, u1))
    return out


#: a line of strokes is set in a monospaced font when this share of the steps between its characters' centres is
#: within :data:`PITCH_SPREAD` of their median (the pitch), over :data:`PITCH_STEPS` steps at least
PITCH_SHARE, PITCH_SPREAD, PITCH_STEPS = 0.6, 0.12, 3
#: in such a line a character inked over less than NARROW_INK of the pitch (``1``, ``.``, ``/``) is narrow; the
#: next character less than NEXT_CELL pitches on (centre to centre) stands in the next cell: no word break
NARROW_INK, NEXT_CELL = 0.5, 1.4
#: a point between two characters a step of at most this many em from each (a monospaced face's pitch) is inside its word
MONO_POINT_STEP = 1.0


def _monospaced_pitch(inked: Sequence[tuple[float, float]]) -> float:
    """The cell width of a line whose characters' centres step evenly (a monospaced font), else 0.

    >>> round(_monospaced_pitch([(0.0, 5.5), (7.0, 13.9), (15.6, 18.0), (21.0, 26.5), (28.0, 34.9), (35.6, 41.1)]), 2)
    6.95
    >>> _monospaced_pitch([(0.0, 5.5), (6.0, 7.0), (8.0, 16.0), (17.0, 18.0), (19.0, 30.0), (31.0, 32.0)])
    0.0
    """
    centres = sorted((a + b) / 2 for a, b in inked)
    steps = [y - x for x, y in zip(centres, centres[1:], strict=False) if y > x]
    if len(steps) < PITCH_STEPS:
        return 0.0
    pitch = float(np.median(steps))
    return pitch if sum(abs(t - pitch) <= PITCH_SPREAD * pitch for t in steps) >= PITCH_SHARE * len(steps) else 0.0


def _percentile(values: list[float], q: float) -> float:
    """``float(np.percentile(values, q))`` (numpy's default, linear method) of a short list of finite numbers,
    without numpy's overhead: the same arithmetic, so the same value.

    >>> _percentile([1.0, 2.0, 3.0, 4.0, 10.0], 80), float(np.percentile([1.0, 2.0, 3.0, 4.0, 10.0], 80))
    (5.200000000000001, 5.200000000000001)
    """
    ordered = sorted(values)
    at = (len(ordered) - 1) * (q / 100)
    if at >= len(ordered) - 1:
        return float(ordered[-1])
    k = math.floor(at)
    gamma = at - k
    lo, hi = ordered[k], ordered[k + 1]
    step = hi - lo
    return float(hi - step * (1 - gamma)) if gamma >= 0.5 else float(lo + step * gamma)


def _median(values: list[float]) -> float:
    """``float(np.median(values))`` of a short list of finite numbers, without numpy's overhead (the same
    value: the middle one, or the two middle ones' sum halved).

    >>> _median([3.0, 1.0, 2.0]), _median([4.0, 1.0, 2.0, 3.0]), float(np.median([4.0, 1.0, 2.0, 3.0]))
    (2.0, 2.5, 2.5)
    """
    ordered = sorted(values)
    mid = len(ordered) // 2
    return float(ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2)


@functools.lru_cache(maxsize=1)
def _bearings() -> dict[str, tuple[float, float]]:
    """Each text character's usual side bearings in ems, left and right (``text_bearings.json``, built from the
    template fonts by ``python -m pdftract.data.build_templates --bearings``)."""
    raw = json.loads(resources.files("pdftract.data").joinpath("text_bearings.json").read_text(encoding="utf-8"))
    return {ch: (float(v[0]), float(v[1])) for ch, v in raw.items()}


def _spaces(cells: list[tuple[float, float]], em: float, texts: Sequence[str | None] = (),
            inked: Sequence[tuple[float, float]] = (), outline_ink: Sequence[tuple[float, float]] = ()) -> list[bool]:
    """Whether a word break follows each character (the last one: False): a gap between cells wider than
    the larger of :data:`SPACE_MIN` em and :data:`SPACE_MEDIANS` times the line's median gap (stroke and
    monospaced fonts space wider), at most :data:`SPACE_MAX` em. With ``texts``, a point between two digits
    is a decimal point: no break beside it within :data:`SPACE_MAX` em (a monospaced font sets the point
    in a full cell, far from its digits: ``4.8``, ``26/0.24mm``). With ``inked`` (each character's span as inked),
    a gap narrower than :data:`SPACE_MAX` em breaks only where the gap between the inked spans is wider than
    :data:`INK_SPACE_MEDIANS` times their median gap too (given for lines of strokes): a stroke font that sets its
    letters a fixed distance apart, ink to ink (LibreCAD's),
    has letters narrower than the widened cells, whose gaps then vary and break ``FIT TIN G``; the widened cells
    keep a proportional font's ``1`` (wide bearings about a thin stem) inside its number. With ``outline_ink``
    (each character's inked span, given for lines of filled outlines) and ``texts``, a gap between two letters wider
    than :data:`SPACE_MIN` em and :data:`EXCESS_MEDIANS` median gaps is a break too where it exceeds the usual side
    bearings of the two letters beside it
    (:func:`_bearings`) by :data:`SPACE_EXCESS` em: a loosely set face whose straight-sided letters stand far
    apart (Cyrillic ``н п и т``) has a median gap too near its spaces for the rule above (``Щит управления``,
    ``PART NUMBER``). Not beside a narrow character (inked over less than :data:`NARROW_INK` of the line's
    median character): a monospaced font sets it in a full cell, far from the bearings of a proportional one.

    >>> ink = [(0.0, 2.0), (4.0, 6.0), (8.0, 8.0), (10.0, 12.0), (14.5, 16.5)]  # letter-spaced, a bar at 8
    >>> _spaces([(0.0, 2.0), (4.0, 6.0), (6.0, 10.0), (10.0, 12.0), (14.5, 16.5)], 10.0, "ABICD", ink)
    [False, False, False, False, False]

    >>> cells = [(0.0, 4.0), (5.0, 9.0), (12.0, 12.6), (15.6, 19.6), (20.6, 24.6), (25.6, 29.6)]
    >>> _spaces(cells, 10.0), _spaces(cells, 10.0, ["2", "4", ".", "8", "m", "m"])
    ([False, True, True, False, False, False], [False, False, False, False, False, False])

    Loosely set capitals: the gap of 0.3 em after the T is under 2.2 median gaps, but 0.2 em wider than a T's
    and an N's bearings (0.018 + 0.073 em), where the P-A gap of 0.15 em exceeds theirs by only 0.1 em:

    >>> ink = [(0.0, 6.0), (7.5, 13.5), (15.0, 21.0), (22.5, 28.5), (31.5, 37.5), (39.0, 45.0)]
    >>> _spaces(ink, 10.0, "PARTNU"), _spaces(ink, 10.0, "PARTNU", outline_ink=ink)
    ([False, False, False, False, False, False], [False, False, False, True, False, False])
    """
    gaps = [b[0] - a[1] for a, b in zip(cells, cells[1:], strict=False)]
    if not gaps:
        return [False] * len(cells)
    def limit(gs: list[float], medians: float) -> float:
        return min(SPACE_MAX * em, max(SPACE_MIN * em, medians * _median([max(g, 0.0) for g in gs])))

    wide = limit(gaps, SPACE_MEDIANS)
    out = [g > wide for g in gaps] + [False]
    if outline_ink and texts:
        side = _bearings()
        narrow = NARROW_INK * _median([b - a for a, b in outline_ink])
        # (and wider than EXCESS_MEDIANS median gaps: letters spaced out evenly, ``W I R E L E S S``, are one word)
        least = max(SPACE_MIN * em, EXCESS_MEDIANS * _median([max(g, 0.0) for g in gaps]))
        for k, (a, b) in enumerate(zip(outline_ink, outline_ink[1:], strict=False)):
            # (between two letters only: a figure or a mark of a monospaced face stands in a full cell, ``09/02``)
            ta, tb = texts[k] or "", texts[k + 1] or ""
            left, right = side.get(ta), side.get(tb)
            g = b[0] - a[1]
            if not out[k] and ta.isalpha() and tb.isalpha() and left is not None and right is not None \
                    and least < g <= SPACE_MAX * em \
                    and min(a[1] - a[0], b[1] - b[0]) >= narrow and g - (left[1] + right[0]) * em > SPACE_EXCESS * em:
                out[k] = True
    if inked:
        ink_gaps = [b[0] - a[1] for a, b in zip(inked, inked[1:], strict=False)]
        ink_wide = limit(ink_gaps, INK_SPACE_MEDIANS)
        out = [brk and (g > SPACE_MAX * em or ig > ink_wide) for brk, g, ig in zip(out, gaps, ink_gaps, strict=False)] + [False]
        pitch = _monospaced_pitch(inked)
        if pitch:
            # a monospaced stroke font (AutoCAD's SHX digits): a narrow character stands in a full cell, and the
            # next one a cell on is no word break, however wide the gap between their inks (2/15/25, not 2/1 5/25)
            for k, (a, b) in enumerate(zip(inked, inked[1:], strict=False)):
                if out[k] and min(a[1] - a[0], b[1] - b[0]) < NARROW_INK * pitch \
                        and (b[0] + b[1]) / 2 - (a[0] + a[1]) / 2 < NEXT_CELL * pitch:
                    out[k] = False
    # a point set in a cell of a monospaced face stands a pitch from each neighbour (``2.1``,
    # ``Headers.sch``), its ink far from both: no break beside it (a full stop before a space stands a pitch
    # from the letter before it and two from the next)
    # (asked of lines of strokes only, ``inked`` given: in a proportional face a point and the space after it advance
    # as far as a letter, ``Разраб. Иванов``)
    for k in range(1, len(texts) - 1):
        if (texts[k] == "." and (texts[k - 1] or "x") in _DIGITS and (texts[k + 1] or "x") in _DIGITS
                and max(gaps[k - 1], gaps[k]) <= SPACE_MAX * em):
            out[k - 1] = out[k] = False
        elif len(inked) == len(texts) and texts[k] == "." and (texts[k - 1] or ".").isalnum() and (texts[k + 1] or ".").isalnum():
            # (centre to centre, or start to start: a face may set its point flush left in its cell)
            for at in ([(a + b) / 2 for a, b in inked[k - 1:k + 2]], [a for a, _b in inked[k - 1:k + 2]]):
                s1, s2 = at[1] - at[0], at[2] - at[1]
                if 0 < s1 and 0 < s2 and abs(s1 - s2) <= PITCH_SPREAD * max(s1, s2) and max(s1, s2) <= MONO_POINT_STEP * em:
                    out[k - 1] = out[k] = False
    # figures are set in cells of one width (tabular figures): two figures whose centres stand no farther apart
    # than DIGIT_STEP times the line's usual step from figure to figure are one number, however wide the bearing
    # of a ``1`` between them leaves their inks (``2016``, not ``201 6``)
    # (asked of a line read from its shapes, ``inked`` or ``outline_ink`` given: a hidden copy's spacing is told
    # by how many of its gaps break, which this would change)
    pairs = [k for k in range(len(texts) - 1) if (texts[k] or "x") in _DIGITS and (texts[k + 1] or "x") in _DIGITS]
    if (inked or outline_ink) and len(pairs) >= DIGIT_PAIRS:
        steps = {k: (cells[k + 1][0] + cells[k + 1][1] - cells[k][0] - cells[k][1]) / 2 for k in pairs}
        usual = _median(list(steps.values()))
        for k in pairs:
            if out[k] and steps[k] <= DIGIT_STEP * usual:
                out[k] = False
    return out


def _read_line(direction: int, chars: list[list[int]], comps: list[list[int]], cbox: np.ndarray, atoms: _Atoms,
               adapt: _Adapt | None = None) -> _Line | None:
    """Read one line of character shapes. A vertical line is tried both ways (90 and 270 degrees) on the
    same characters, :data:`PROBE` at each of its ends, and read fully the better way; a horizontal one that
    reads badly is tried upside down. Linework that is no text stops after the probe. ``None`` when too
    little of it reads."""
    whole: _Line | None = None  # the whole line read already (by a probe that held all of it)
    if direction == 90:
        # the same characters both ways, at both ends (the first ones down the line are the last ones up it)
        members = sorted({c for ch in chars for c in ch})
        along = dict(zip(members, _frame_boxes(90, cbox[members])[:, 0].tolist(), strict=True))
        ordered = sorted(chars, key=lambda ch: min(along[c] for c in ch))
        ends = ordered if len(ordered) <= 2 * PROBE else ordered[:PROBE] + ordered[-PROBE:]
        probes = [p for p in (_read_as(d, ends, comps, cbox, atoms, adapt=adapt) for d in (90, 270)) if p is not None]
        if not probes:
            return None
        chosen = max(probes, key=lambda p: p.score)
        direction = chosen.direction
        turn_margin = abs(probes[0].score - probes[1].score) if len(probes) == 2 else math.inf
        if len(ends) == len(chars):
            # the probe read the whole line that way: it is the line's reading, when its characters fall in one
            # order along the line whichever order they came in (no two starting at one place)
            fb = _page_frames(direction, cbox)
            starts = [float(min(fb[c, 0] for c in ch)) for ch in chars]
            if len(set(starts)) == len(starts):
                whole = chosen
    elif len(chars) > PROBE:
        probe = _read_as(0, chars, comps, cbox, atoms, limit=PROBE, adapt=adapt)
        if probe is not None and not any(t is not None for t in probe.texts):
            flipped = _read_as(180, chars, comps, cbox, atoms, limit=PROBE, adapt=adapt)
            if flipped is None or not any(t is not None for t in flipped.texts):
                return None  # neither way does any of its first characters read: linework
    best = whole if whole is not None else _read_as(direction, chars, comps, cbox, atoms, adapt=adapt)
    if best is None:
        return None
    if direction == 0 and len(chars) >= 3 and best.n_read < FLIP_TRY_SHARE * len(chars):
        got = _read_as(180, chars, comps, cbox, atoms, adapt=adapt)
        # upside down only when every character reads and clearly better so
        if got is not None and all(t is not None for t in got.texts) and got.score > best.score + UPSIDE_DOWN_MARGIN:
            best = got
    n_read = best.n_read
    if n_read == 0 or n_read < LINE_READ_SHARE * len(chars):
        return None
    return replace(best, turn_margin=turn_margin) if direction in (90, 270) else best


@dataclass
class _Line:
    direction: int
    chars: list[list[int]]  # in reading order
    texts: list[str | None]
    reads: list[_Read]
    stroked: list[bool]
    spaces: list[bool]  # a word break after the character
    cells: list[tuple[float, float]]
    baseline: float
    em: float
    score: float
    #: how much better a turned line read its way than the other way up (shape distance; inf: only one way read)
    turn_margin: float = math.inf
    #: the slant it was read at (along per up; 0 upright)
    slant: float = 0.0
    #: read by the OCR fallback (:mod:`pdftract.ingest.drawn_ocr`), not by the templates
    ocr: bool = False

    @property
    def n_read(self) -> int:
        """How many of its characters were read."""
        return sum(1 for t in self.texts if t is not None)


def _slant(d: int, chars: list[list[int]], comps: list[list[int]], atoms: _Atoms, line_h: float) -> float:
    """The slant of a line's text (along per up, 0 for upright): the length-weighted median of the steep
    edges at least a third of the line high (stems of italic or oblique lettering), taken only when most of
    them agree on it and they come from at least a third of the characters (a ``/`` or a ``7`` alone is no
    slant)."""
    mine = [(k, a) for k, ch in enumerate(chars) for c in ch for a in comps[c]]
    if not mine:
        return 0.0
    # every piece's points at once; no edge from one piece's end to the next one's start
    first, end = atoms.points.bounds(np.array([a for _k, a in mine], dtype=np.int64))
    size = end - first
    at = _ranges(first, size)
    pts = atoms.points.rows[at]
    u, v = to_frame(d, pts[:, 0], pts[:, 1])
    du, dv = np.diff(u), np.diff(v)
    edge = np.ones(len(du), dtype=bool)
    edge[(np.cumsum(size) - 1)[:-1]] = False
    keep = edge & (np.abs(dv) >= 0.33 * line_h) & (np.abs(du) <= 0.3 * np.abs(dv))
    if int(keep.sum()) < 3:
        return 0.0
    sl, wt = du[keep] / dv[keep], np.abs(dv[keep])
    ow = np.repeat(np.array([k for k, _a in mine], dtype=np.int64), size)[:-1][keep]
    order = np.argsort(sl)
    cum = np.cumsum(wt[order])
    median = float(sl[order][np.searchsorted(cum, cum[-1] / 2)])
    near = np.abs(sl - median) <= 0.04
    agree = float(wt[near].sum() / wt.sum())
    voters = len(set(ow[near].tolist()))
    if abs(median) < MIN_SLANT or agree < 0.7 or voters < max(2, len(chars) / 3):
        return 0.0
    return median


#: a line whose characters are at most this share of their templates' width for their height is condensed ...
CONDENSED = 0.85
#: ... and is read widened when its shapes then match this much closer on average
CONDENSED_GAIN = 0.01
#: characters whose width tells nothing of a font's proportions (bars, dots, marks)
_NO_WIDTH = set("1Iil|jJ.,:;'\"!-_()[]{}/\\fLtr")


@functools.cache
def _template_aspects() -> dict[str, float]:
    """Each text character's median width over height across the templates (the proportions of regular fonts)."""
    tpl = templates("text_templates.npz")
    g = np.asarray(tpl.geometry, dtype=np.float64)
    labels = np.asarray(tpl.labels)
    return {str(ch): float(np.median(g[labels == ch, 0] / np.maximum(g[labels == ch, 1], 1e-6)))
            for ch in sorted(set(labels.tolist()))}


def _mean_distance(reads: list[_Read]) -> float:
    """A line's mean shape distance, each character's capped at 2 (an unread shape counts as far, not as far as
    it happens to be)."""
    return float(np.mean([min(r.distance, 2.0) for r in reads]))


def _condensed(reads: list[_Read], chars: list[list[int]], fb: np.ndarray, spans: list[tuple[float, float]]) -> float:
    """How much wider a line's characters must be drawn for the proportions of the templates' fonts: the inverse
    of the median ratio of each read character's width over height to its templates' (letters and figures with
    a width of their own, at least four of them); 1.0 when that ratio is above :data:`CONDENSED`."""
    aspects = _template_aspects()
    ratios = []
    for r, ch, (lo, hi) in zip(reads, chars, spans, strict=True):
        t = r.text
        if t is None or t in _NO_WIDTH or t not in aspects or hi - lo <= 0 or r.how == "exact":
            continue
        w = float(max(fb[c, 2] for c in ch) - min(fb[c, 0] for c in ch))
        ratios.append(w / (hi - lo) / aspects[t])
    if len(ratios) < 4:
        return 1.0
    ratio = float(np.median(ratios))
    return 1.0 / ratio if ratio < CONDENSED else 1.0


def _dot(ch: list[int], fb: np.ndarray, em: float, baseline: float) -> _Read | None:
    """A character of dots too small to match by shape (a pen's round dot thins to nothing): one dot on the
    baseline is ``.``, two stacked between the baseline and the x-height ``:``."""
    boxes = fb[ch]
    if float((boxes[:, 2] - boxes[:, 0]).max()) > DOT * em or float((boxes[:, 3] - boxes[:, 1]).max()) > DOT * em:
        return None
    centres = sorted(float((b[1] + b[3]) / 2 - baseline) / em for b in boxes)
    if len(ch) == 1 and centres[0] <= 0.15:
        return _Read(".", ".", 0.0, 1.0, DOT_CONFIDENCE, {".": 0.0}, how="dot")
    if len(ch) == 2 and centres[0] <= 0.15 and 0.3 <= centres[1] <= 0.65:
        return _Read(":", ":", 0.0, 1.0, DOT_CONFIDENCE, {":": 0.0}, how="dot")
    return None


def _comma(ch: list[int], fb: np.ndarray, em: float, baseline: float) -> _Read | None:
    """An unread mark (between two figures) that is a comma by its place and size alone: one small piece, narrow,
    no higher than a third of the font size over the baseline and reaching below it (an italic comma's tail
    matches no template's closely, ``⌀6,3`` read ``⌀6�3``)."""
    if len(ch) != 1:
        return None
    x0, bottom, x1, top = (float(v) for v in fb[ch[0]])
    if x1 - x0 > 0.3 * em or not 0.12 * em <= top - bottom <= 0.45 * em:
        return None
    if top > baseline + 0.3 * em or bottom > baseline - 0.04 * em:
        return None
    return _Read(",", ",", 0.0, 1.0, DOT_CONFIDENCE, {",": 0.0}, how="dot")


def _classify_all(d: int, chars: list[list[int]], comps: list[list[int]], atoms: _Atoms, fb: np.ndarray,
                  em: float, baseline: float, slant: float = 0.0, adapt: _Adapt | None = None,
                  widen: float = 1.0) -> tuple[list[_Read], list[bool]]:
    """Every character of a line matched, its points first set upright when the line slants, and each
    character drawn ``widen`` times as wide (from its left edge) when the line's font is condensed."""
    reads: list[_Read] = []
    stroked: list[bool] = []
    shapes: list[list[np.ndarray]] = []  # each stroked character's strokes
    for k, ch in enumerate(chars):
        contours: list[np.ndarray] = []
        strokes: list[np.ndarray] = []
        rimmed: list[np.ndarray] = []
        rim_paths: list[int] = []  # each rimmed piece's path, negative when it fills by the even-odd rule
        owners: list[int] = []  # each filled contour's path
        left = float(min(fb[c, 0] for c in ch))
        for c in ch:
            for a in comps[c]:
                u, v = to_frame(d, atoms.points[a][:, 0], atoms.points[a][:, 1])
                if slant:
                    u = u - slant * (v - baseline)
                if widen != 1.0:
                    u = left + (u - left) * widen
                if atoms.stroked_fill[a]:
                    rimmed.append(np.column_stack((u, v)))
                    rim_paths.append(-1 - int(atoms.path[a]) if atoms.evenodd[a] else int(atoms.path[a]))
                elif atoms.filled[a]:
                    contours.append(np.column_stack((u, v)))
                    owners.append(int(atoms.path[a]))
                else:
                    strokes.append(np.column_stack((u, v)))
        if rimmed:
            contours.extend(_stroked_fills(rimmed, rim_paths))
        if len(contours) > 2:
            contours = _without_outline_copy(contours, owners, COPY_TOLERANCE * em)
        u0 = min(float(np.min(x[:, 0])) for x in contours + strokes) if slant else float(min(fb[c, 0] for c in ch))
        dot = _dot(ch, fb, em, baseline)
        if dot is None and 0 < k < len(chars) - 1:
            # a decimal point of raised smaller text (a tolerance beside its nominal) sits on its neighbours' baseline
            below = [float(min(fb[c, 1] for c in chars[k - 1])), float(min(fb[c, 1] for c in chars[k + 1]))]
            if abs(below[0] - below[1]) <= 0.06 * em and min(below) > baseline + 0.1 * em:
                dot = _dot(ch, fb, em, sum(below) / 2)
        shape_read = dot if dot is not None else _classify(contours, strokes, em, baseline, u0, adapt)
        if not contours and shape_read.best in _ROUND and _slashed_round(strokes):
            shape_read = replace(shape_read, text="⌀", best="⌀", alts={"⌀": shape_read.distance})
        reads.append(shape_read)
        stroked.append(not contours)
        shapes.append([] if contours or dot is not None else strokes)
    # an unread mark between two figures, small and reaching below the baseline: a decimal comma (``⌀6,3``); or
    # between a figure and a letter, or two letters: a list's comma (``R2,R4,R6``)
    for k in range(1, len(chars) - 1):
        if reads[k].text is None and (reads[k - 1].text or "").isalnum() and (reads[k + 1].text or "").isalnum() \
                and ((reads[k - 1].text or "").isdigit() or (reads[k + 1].text or "").isalpha()):
            comma = _comma(chars[k], fb, em, baseline)
            if comma is not None:
                reads[k] = comma
    # a line written in Newstroke (nearly every character of three strokes or more read exactly, at least two)
    # reads its bars and corners exactly too (``I``, ``-``, ``/``, ``T``: a bar of Newstroke is no Hershey ``l``)
    full = [r for r, sh in zip(reads, shapes, strict=True) if sh and sum(len(x) - 1 for x in sh) >= SHAPE_SEGMENTS]
    known = sum(1 for r in full if r.how == "exact")
    if known >= 2 and known >= NEWSTROKE_LINE * len(full):
        for k, sh in enumerate(shapes):
            if sh and reads[k].how != "exact":
                got = exact_stroke(sh, em, baseline, least=1)
                # (case pairs drawn alike, ``v``/``V``, are left to the height rules)
                if got is not None and got not in _CASE_PAIRS and got not in _CASE_PAIRS.values():
                    reads[k] = _Read(got, got, 0.0, 1.0, EXACT_CONFIDENCE, {got: 0.0}, how="exact")
    return reads, stroked


#: a path outlining a character's other path reaches at most this share of the em past it
COPY_TOLERANCE = 0.02


def _without_outline_copy(contours: list[np.ndarray], owners: list[int], tol: float) -> list[np.ndarray]:
    """A character's filled contours without a second path that outlines the first one's (Qt fills some text,
    then fills it again outlined by a hairline pen: the second path has a contour on either side of each of the
    first one's, its box the first one's within ``tol``); matched with its outline, a letter is no letter. The
    contours of a rimmed piece (no path of its own here) and a character of one path are left as they are.

    >>> sq = np.array([[0, 0], [4, 0], [4, 6], [0, 6]], dtype=float)
    >>> len(_without_outline_copy([sq, sq - 0.05, sq * 1.0], [1, 2, 2], 0.1))
    1
    >>> len(_without_outline_copy([sq, sq - 0.05, sq * 1.0], [1, 2, 3], 0.1))
    3
    """
    paths = sorted(set(owners))
    if len(paths) != 2 or len(owners) != len(contours):
        return contours
    mine = {p: [c for c, o in zip(contours, owners, strict=True) if o == p] for p in paths}
    first, second = sorted(paths, key=lambda p: len(mine[p]))
    if len(mine[second]) != 2 * len(mine[first]):
        return contours

    def box(cs: list[np.ndarray]) -> np.ndarray:
        pts = np.concatenate(cs)
        return np.concatenate((pts.min(axis=0), pts.max(axis=0)))

    a, b = box(mine[first]), box(mine[second])
    if b[0] <= a[0] + 1e-9 and b[1] <= a[1] + 1e-9 and b[2] >= a[2] - 1e-9 and b[3] >= a[3] - 1e-9 \
            and float(np.max(np.abs(a - b))) <= tol:
        return mine[first]
    return contours


#: round shapes a diameter sign drawn in strokes is nearest to (its ring is a figure zero's or a capital O's)
_ROUND = frozenset("0OoQD")


def _slashed_round(strokes: list[np.ndarray]) -> bool:
    """Whether a stroked character is a ring crossed by one straight stroke whose ends both lie outside the ring:
    a diameter sign as stroke fonts draw it (``Ø`` of the CAD lettering fonts, ``Φ``), not a slashed zero (its
    slash ends inside the ring) nor a ``Q`` (its tail starts inside).

    >>> ring = np.array([(np.cos(t), 1.5 * np.sin(t)) for t in np.linspace(0, 2 * np.pi, 24)])
    >>> _slashed_round([ring, np.array([(-1.3, -1.7), (1.3, 1.7)])]), _slashed_round([ring, np.array([(-0.5, -1.2), (0.5, 1.2)])])
    (True, False)
    """
    bars = [k for k, st in enumerate(strokes) if len(st) == 2]
    if len(strokes) < 2 or not bars:
        return False
    for k in bars:
        ring = np.concatenate([st for j, st in enumerate(strokes) if j != k])
        u0, v0 = ring.min(axis=0)
        u1, v1 = ring.max(axis=0)
        height = float(v1 - v0)
        if height <= 0 or float(u1 - u0) < 0.4 * height:
            continue
        m = 0.04 * height
        bar = strokes[k]
        mid = bar.mean(axis=0)
        outside = [bool(p[0] < u0 - m or p[0] > u1 + m or p[1] < v0 - m or p[1] > v1 + m) for p in bar]
        if all(outside) and u0 < mid[0] < u1 and v0 < mid[1] < v1:
            return True
    return False


def _stroked_fills(pieces: list[np.ndarray], owners: Sequence[int] | None = None) -> list[np.ndarray]:
    """The fills of outlines that are filled and stroked too, merged (each path's own fill, the cracks
    between paths closed by a hairline), as rings that fill with the nonzero rule as one path (outer rings
    counter-clockwise, holes clockwise). Some exports cut each glyph into triangles, each its own path,
    filled and stroked with whatever pen is set (the one of the drawing's lines): the pen makes the text
    heavier than its font; the fills are the font's design, which the templates describe. Overlapping
    pieces of opposite turn, filled as separate paths, add up, where one path's winding would cancel.
    ``owners`` names each piece's path (negative for a path filled by the even-odd rule; by default each
    piece is a path of its own): the pieces of one path fill by its rule, so the counter of an ``O`` drawn
    as one path of two rings stays open (a converter that fills and strokes every glyph).

    >>> tri = [np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]]), np.array([[10.0, 0.0], [0.0, 10.0], [10.0, 10.0]])]
    >>> [round(float(shapely.Polygon(r).area), -1) for r in _stroked_fills(tri)]  # one square, turning left
    [100.0]
    >>> ring = [np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]), np.array([[3.0, 3.0], [7.0, 3.0], [7.0, 7.0], [3.0, 7.0]])]
    >>> len(_stroked_fills(ring, [-1, -1])), len(_stroked_fills(ring))  # one path, a square and its hole; two paths, a square
    (2, 1)

    A line is read several times (both ways at its ends, again at the size its characters tell), so each
    character's answer is kept for the page, keyed by its pieces' exact coordinates; the pieces' hairlines
    and fills are made by GEOS for all pieces at once.
    """
    groups = list(range(len(pieces))) if owners is None else list(owners)
    key = (tuple(p.tobytes() for p in pieces), tuple(groups))
    hit = _FILLS.get(key)
    if hit is None:
        hit = _FILLS[key] = _merged_fills(pieces, groups)
    return [ring.copy() for ring in hit]


def _merged_fills(pieces: list[np.ndarray], owners: Sequence[int] | None = None) -> list[np.ndarray]:
    """:func:`_stroked_fills` without its cache: each piece's hairline ring (a point's round dot) and, with three
    points or more, its fill made valid, in that order; the fills of the pieces of one path (``owners``; by default
    each piece its own) made into that path's fill (:func:`_path_fill`); all united."""
    if owners is None:
        owners = range(len(pieces))
    counts = np.array([len(p) for p in pieces])
    geoms = np.empty(2 * len(pieces), dtype=object)

    def closed(which: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The chosen pieces closed (their first point again at the end), as GEOS's coordinates and part indices."""
        coords = np.concatenate([np.vstack([pieces[i], pieces[i][:1]]) for i in which.tolist()])
        return coords, np.repeat(np.arange(len(which)), counts[which] + 1)

    if len(ring_of := np.flatnonzero(counts >= 2)):
        coords, where = closed(ring_of)
        geoms[2 * ring_of] = shapely.buffer(shapely.linestrings(coords, indices=where), HAIRLINE, quad_segs=1)
    for i in np.flatnonzero(counts < 2).tolist():
        geoms[2 * i] = shapely.Point(pieces[i][0]).buffer(HAIRLINE, quad_segs=1)
    if len(fill_of := np.flatnonzero(counts >= 3)):
        coords, where = closed(fill_of)
        geoms[2 * fill_of + 1] = shapely.make_valid(shapely.polygons(shapely.linearrings(coords, indices=where)))
        of_path: dict[int, list[int]] = {}
        for i in fill_of.tolist():
            of_path.setdefault(owners[i], []).append(i)
        for owner, members in of_path.items():
            if len(members) > 1:
                rings = [pieces[i] for i in members]
                geoms[2 * members[0] + 1] = _path_fill([geoms[2 * i + 1] for i in members], rings, owner < 0)
                for i in members[1:]:
                    geoms[2 * i + 1] = None
    ink = shapely.union_all([g for k, g in enumerate(geoms.tolist()) if g is not None and not (k % 2 and g.is_empty)])
    polys = [g for g in getattr(ink, "geoms", [ink]) if isinstance(g, shapely.Polygon) and not g.is_empty]
    out: list[np.ndarray] = []
    for poly in polys:
        poly = shapely.geometry.polygon.orient(poly, sign=1.0)
        out.append(np.asarray(poly.exterior.coords)[:-1])
        out.extend(np.asarray(hole.coords)[:-1] for hole in poly.interiors)
    return out


def _path_fill(fills: list[Any], rings: list[np.ndarray], evenodd: bool) -> Any:
    """The fill of one path of several rings, from each ring's own fill: by the even-odd rule, the rings' fills
    taken in turn (a ring inside another is its hole); by the nonzero rule, a ring turning against the largest
    one and lying inside the rings that turn with it is a hole, any other ring adds to the fill (a glyph's
    counter is wound against its outline; a path of touching pieces wound any way fills them all)."""
    if evenodd:
        out = fills[0]
        for g in fills[1:]:
            out = shapely.symmetric_difference(out, g)
        return out
    turns = [float(np.sum(r[:, 0] * np.roll(r[:, 1], -1) - np.roll(r[:, 0], -1) * r[:, 1])) for r in rings]
    main = max(range(len(rings)), key=lambda k: abs(turns[k]))
    sense = turns[main] >= 0
    solid = shapely.union_all([g for g, t in zip(fills, turns, strict=True) if (t >= 0) == sense])
    holes = [g for g, t in zip(fills, turns, strict=True) if (t >= 0) != sense]
    for g in holes:
        solid = shapely.difference(solid, g) if shapely.covers(solid.buffer(HAIRLINE), g) else shapely.union(solid, g)
    return solid


#: the merged fills of the page being read, by their pieces (:func:`_stroked_fills`; emptied after each page)
_FILLS: dict[tuple[tuple[bytes, ...], tuple[int, ...]], list[np.ndarray]] = {}


def _in_word(r: _Read) -> bool:
    """A neighbour that keeps a shape inside a word: a letter or digit, joining punctuation (``GPIO1/U0TXD``,
    ``16.04``, ``EMAC_TX``), or itself a close shape left unread (``LT1785`` with ``17`` both unread)."""
    if r.text is not None:
        return r.text.isalnum() or r.text in _JOINERS
    return _close(r)


def _close(r: _Read) -> bool:
    """A letter or digit close enough to take inside a word: within WORD_ACCEPT whatever its margin, or within
    WORD_CLEAR when no other character comes near (KiCad's open ``4`` is far from every font's ``4`` and
    farther from everything else)."""
    return r.best.isalnum() and (r.distance <= WORD_ACCEPT or (r.distance <= WORD_CLEAR[0] and r.margin >= WORD_CLEAR[1]))


_JOINERS = set("._-/\\(),")


def _within_words(reads: list[_Read], cells: list[tuple[float, float]], em: float,
                  spans: list[tuple[float, float]] | None = None, baseline: float | None = None) -> list[_Read]:
    """Unread shapes inside a word (its neighbours on the line, one or two, no wider than a word gap away,
    read as letters, digits or joining punctuation, or close shapes unread themselves, at least one of them
    read), which dropped would silently shorten the word (``Date`` read ``Dte``):

    * a close shape left unread only for its small margin (a single-storey ``a`` beside ``o``, ``d``, ``q``)
      takes its best reading, with the low confidence of its margin;
    * a flat bar on the baseline, a third of an em to an em long, is an underscore (``GPIO_0``): stroke fonts
      draw it longer than any text font's, so it matches no template closely.

    >>> bar = _Read(None, "_", 1.2, 0.4, 0.0, {})
    >>> word = [_Read("A", "A", 0.1, 0.3, 0.9, {}), bar, _Read("B", "B", 0.1, 0.3, 0.9, {})]
    >>> cells, spans = [(0.0, 6.0), (6.5, 16.0), (16.5, 22.0)], [(0.0, 7.2), (-0.8, 0.2), (0.0, 7.2)]
    >>> "".join(r.text or "?" for r in _within_words(word, cells, 10.0, spans, 0.0))
    'A_B'
    """
    out = list(reads)
    for k, r in enumerate(reads):
        if r.text is not None:
            continue
        near = [j for j in (k - 1, k + 1) if 0 <= j < len(reads)]
        gaps = [cells[k][0] - cells[j][1] if j < k else cells[j][0] - cells[k][1] for j in near]
        if not any(reads[j].text is not None for j in near) or not all(_in_word(reads[j]) for j in near) \
                or any(g > SPACE_MIN * em for g in gaps):
            continue
        if _close(r):
            out[k] = replace(r, text=r.best, how="word")
        elif spans is not None and baseline is not None:
            lo, hi = spans[k]
            width = cells[k][1] - cells[k][0]
            if hi - lo <= UNDERSCORE_HEIGHT * em and 0.3 * em <= width <= 1.1 * em \
                    and baseline - 0.3 * em <= lo and hi <= baseline + 0.12 * em:
                out[k] = replace(r, text="_", best="_", confidence=DOT_CONFIDENCE, how="word")
    return out


#: punctuation that may open or close a word read as a whole (``NO.``, ``(TYP)``, ``DATE:``)
_WORD_EDGE = set(".,:;()'\"<>[]")


def _letter_columns() -> tuple[np.ndarray, np.ndarray]:
    """Indices of the capital and the small form of each letter of the lexicon's alphabet in the per-character
    distances of a read."""
    chars = _LABELS[0][2]
    return (np.array([chars.index(c.upper()) for c in ALPHABET], dtype=np.intp),
            np.array([chars.index(c) for c in ALPHABET], dtype=np.intp))


def _word_spans(texts: list[str | None], spaces: list[bool], edge: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The words of a line as ``(start, end)`` index spans, read characters for which ``edge`` holds
    (punctuation opening or closing the word) left out at both ends.

    >>> _word_spans(["(", "1", "2", ")", "A", None], [False, False, False, True, False, False], lambda t: t in "()")
    [(1, 3), (4, 6)]
    """
    out = []
    start = 0
    for k in range(len(texts)):
        if not (spaces[k] or k == len(texts) - 1):
            continue
        lo, hi = start, k + 1
        start = k + 1
        while lo < hi and (t := texts[lo]) is not None and edge(t):
            lo += 1
        while hi > lo and (t := texts[hi - 1]) is not None and edge(t):
            hi -= 1
        out.append((lo, hi))
    return out


def _lexicon_words(reads: list[_Read], cells: list[tuple[float, float]], em: float) -> list[_Read]:
    """Words some of whose shapes stayed unread, read as a whole against the lexicon
    (:mod:`pdftract.ingest.lexicon`): taken when the nearest word's shapes are :data:`LEX_ACCEPT` close on
    average, none farther than :data:`LEX_CHAR_MAX`, and the next word :data:`LEX_MARGIN` farther per letter
    the two differ in. Only words of letters (a digit read in it keeps the word as read); the case (capitals,
    small, capital first) is the one the shapes are closest to, and the word's characters get the word's
    confidence."""
    if not _LABELS or len(reads) < LEX_MIN:
        return reads
    upper, lower = _letter_columns()
    out = list(reads)
    for lo, hi in _word_spans([r.text for r in reads], _spaces(cells, em), lambda t: t in _WORD_EDGE):
        word = reads[lo:hi]
        # a shape taken without its margin (inside a word, where its neighbours vouch for a letter) is in doubt:
        # the lexicon may read it as any letter
        doubt = [r.text is not None and r.how in ("shape", "word") and r.margin < TEXT_MARGIN for r in word]
        if len(word) >= LEX_MIN and all(r.text is not None and not d for r, d in zip(word, doubt, strict=True)):
            fixed = _one_look_alike(word)
            if fixed is not None:
                out[lo + fixed[0]] = fixed[1]
            continue
        if len(word) < LEX_MIN or any(r.per is None for r in word):
            continue
        if any(r.text is not None and not r.text.isalpha() for r in word):
            continue
        per = np.stack([r.per for r in word if r.per is not None])
        up, low = per[:, upper], per[:, lower]
        dist = np.minimum(up, low)
        # the shapes read one by one stay as read (or another of their confusable group): the lexicon fills gaps
        for j, r in enumerate(word):
            if r.text is not None and not doubt[j]:
                allowed = [ALPHABET.index(c) for c in {r.text.lower(), *(g.lower() for g in _GROUP.get(r.text, r.text))}
                           if c in ALPHABET]
                keep = dist[j, allowed]
                dist[j, :] = 9.0
                dist[j, allowed] = keep
        hit = best_word(dist)
        if hit is None:
            continue
        text, mean, margin = hit
        if mean > LEX_ACCEPT or margin < LEX_MARGIN:
            continue
        idx = np.array([ALPHABET.index(c) for c in text], dtype=np.intp)
        rows = np.arange(len(word))
        if float(dist[rows, idx].max()) > LEX_CHAR_MAX:
            continue
        forms = {"upper": float(up[rows, idx].sum()), "lower": float(low[rows, idx].sum()),
                 "title": float(up[0, idx[0]] + low[rows[1:], idx[1:]].sum())}
        form = min(forms, key=lambda f: (forms[f], f))
        spelled = text.upper() if form == "upper" else (text.capitalize() if form == "title" else text)
        conf = round(max(0.0, min(1.0, 1.0 - mean / (2 * LEX_ACCEPT))) * min(1.0, 0.5 + margin / (4 * LEX_MARGIN)), 3)
        for j, ch in enumerate(spelled):
            r = word[j]
            out[lo + j] = replace(r, text=ch, best=ch, distance=float(dist[j, idx[j]]), margin=margin, confidence=conf,
                                  alts={ch: float(dist[j, idx[j]])}, how="lexicon")
    return out


#: how much farther a look-alike letter's shape may be than the letter read, for a word read whole to take it
LOOK_ALIKE_GAP = 0.25
#: the least length of such a word (short words have too many neighbours in the lexicon)
LOOK_ALIKE_MIN = 5


def _one_look_alike(word: list[_Read]) -> tuple[int, _Read] | None:
    """A word read letter by letter that is no lexicon word, but is one when one letter is its look-alike
    (``O`` for ``Q``: ``REOUIREMENTS``): ``(position, the letter's new reading)`` when exactly one such letter
    of the word makes one, its shape no more than :data:`LOOK_ALIKE_GAP` farther than the letter read. Words of
    letters only, at least :data:`LOOK_ALIKE_MIN` long; the new letter takes the case of the one it replaces."""
    texts = [r.text for r in word]
    if len(word) < LOOK_ALIKE_MIN or not all(t is not None and t.isalpha() and t.isascii() for t in texts):
        return None
    spelled = "".join(t for t in texts if t is not None).lower()
    lexicon = word_set()
    if spelled in lexicon:
        return None
    chars = _LABELS[0][2] if _LABELS else []
    found: list[tuple[int, _Read]] = []
    for k, r in enumerate(word):
        t = texts[k]
        if t is None or r.per is None or r.how not in ("shape", "page") or t not in chars:
            continue
        here = float(r.per[chars.index(t)])
        for alt in _GROUP.get(t, t):
            if not alt.isalpha() or alt.lower() == t.lower() or alt not in chars or alt in "Il" or t in "Il":
                continue  # (a bar's I or l is settled with the word's case, after this)
            d = float(r.per[chars.index(alt)])
            if d - here > LOOK_ALIKE_GAP or spelled[:k] + alt.lower() + spelled[k + 1:] not in lexicon:
                continue
            new = alt.upper() if t.isupper() else alt.lower()
            found.append((k, replace(r, text=new, best=new, distance=d, confidence=round(min(r.confidence, 0.8), 3),
                                     alts={new: d}, how="lexicon")))
    return found[0] if len(found) == 1 else None


_DIGITS = "0123456789"
#: what may stand between the digits of a number, a code or a date (``1:2``, ``400306221-``, ``2/15/25``)
_NUMBER_JOINERS = set(".,:/-")


def _number_words(reads: list[_Read], cells: list[tuple[float, float]], em: float) -> list[_Read]:
    """In a word that is a number (its read characters digits and number punctuation, other punctuation
    only at its ends, at least one digit read surely by its own match or the page), an unread shape is read
    among the digits alone: the nearest digit when it is :data:`NUMBER_ACCEPT` close and the next digit
    :data:`NUMBER_MARGIN` farther (a font's ``0`` far from every template's, in a drawing number)."""
    if not _LABELS:
        return reads
    chars = _LABELS[0][2]
    cols = np.array([chars.index(c) for c in _DIGITS], dtype=np.intp)
    out = list(reads)
    texts = [r.text for r in reads]
    # punctuation may open or close it (``(12)``, ``400306221-`` read ``…1~``); a letter may not (``A03``)
    for lo, hi in _word_spans(texts, _spaces(cells, em), lambda t: not t.isalnum()):
        word = range(lo, hi)
        read = [t for j in word if (t := texts[j]) is not None]
        sure = [j for j in word if (t := texts[j]) is not None and t.isdigit() and reads[j].how in ("shape", "page")]
        if not any(texts[j] is None for j in word) or not all(t.isdigit() or t in _NUMBER_JOINERS for t in read) or not sure:
            continue
        for j in word:
            r = reads[j]
            if r.text is not None or r.per is None:
                continue
            dist = r.per[cols]
            order = np.argsort(dist, kind="stable")
            best, second = float(dist[order[0]]), float(dist[order[1]])
            if best <= NUMBER_ACCEPT and second - best >= NUMBER_MARGIN:
                digit = _DIGITS[int(order[0])]
                conf = round(max(0.0, min(1.0, 1.0 - best / (2 * NUMBER_ACCEPT))) * min(1.0, 0.5 + (second - best) / (4 * NUMBER_MARGIN)), 3)
                out[j] = replace(r, text=digit, best=digit, distance=best, margin=second - best, confidence=conf,
                                 alts={digit: best}, how="number")
    return out


#: a bar at either end of a line this many times as tall as the line's other characters is a rule, not a letter
EDGE_RULE = 1.5


def _edge_rules(chars: list[list[int]], fb: np.ndarray) -> list[list[int]]:
    """The line's characters (in reading order) without a straight bar at either end that is
    :data:`EDGE_RULE` times as tall as the others (their median, three or more of them): a piece of a cell's
    border beside the text (``|SHEET 1 OF 3``), which would read as an ``I`` and make the line look large."""
    if len(chars) < 4:
        return chars
    boxes = [(float(min(fb[c, 0] for c in ch)), float(min(fb[c, 1] for c in ch)), float(max(fb[c, 2] for c in ch)),
              float(max(fb[c, 3] for c in ch))) for ch in chars]

    def rule(k: int) -> bool:
        u0, v0, u1, v1 = boxes[k]
        others = [b[3] - b[1] for j, b in enumerate(boxes) if j != k]
        h = v1 - v0
        return h >= EDGE_RULE * float(np.median(others)) and (u1 - u0) <= 0.1 * h

    lo, hi = 0, len(chars)
    if rule(0):
        lo = 1
    if rule(len(chars) - 1):
        hi -= 1
    return chars[lo:hi]


def _read_as(d: int, chars_in: list[list[int]], comps: list[list[int]], cbox: np.ndarray, atoms: _Atoms,
             limit: int | None = None, adapt: _Adapt | None = None, slant: float | None = None) -> _Line | None:
    """The line read in direction ``d`` (only its first ``limit`` characters when given: a probe); ``slant``
    given, the line is read at that slant instead of its own."""
    fb = _page_frames(d, cbox)
    chars = _edge_rules(sorted(chars_in, key=lambda ch: float(min(fb[c, 0] for c in ch))), fb)[:limit]
    if not chars:
        return None
    spans = [(float(min(fb[c, 1] for c in ch)), float(max(fb[c, 3] for c in ch))) for ch in chars]
    heights = np.array([b - a for a, b in spans])
    line_h = _percentile(heights.tolist(), 80) if len(heights) else 0.0
    if line_h <= 0:
        return None
    tall = [a for (a, b) in spans if b - a >= 0.6 * line_h]
    baseline = _median(tall) if tall else float(min(a for a, _b in spans))
    em = line_h / CAP_EM
    if slant is None:
        slant = _slant(d, chars, comps, atoms, line_h)
    reads, stroked = _classify_all(d, chars, comps, atoms, fb, em, baseline, slant, adapt)
    reads = _x_height_capitals(reads, spans, adapt)
    cap, xh, base = _refs([r.text for r in reads], spans)
    # the size and baseline the characters themselves tell; read again when they differ from the first guess
    em2 = cap / CAP_EM if cap is not None else (xh / X_EM if xh is not None else em)
    base2 = base if base is not None else baseline
    if abs(em2 - em) > 0.12 * em or abs(base2 - baseline) > 0.06 * em:
        em, baseline = em2, base2
        reads, stroked = _classify_all(d, chars, comps, atoms, fb, em, baseline, slant, adapt)
        reads = _x_height_capitals(reads, spans, adapt)
        cap, xh, _base = _refs([r.text for r in reads], spans)
    widen = _condensed(reads, chars, fb, spans)
    if widen > 1.0:
        # a condensed font (narrow capitals and round letters as narrow as figures: GOST type A, Arial Narrow):
        # the line read again with its characters widened to a regular font's proportions, kept when its
        # shapes match closer
        wide, wide_stroked = _classify_all(d, chars, comps, atoms, fb, em, baseline, slant, adapt, widen)
        if _mean_distance(wide) < _mean_distance(reads) - CONDENSED_GAIN:
            reads, stroked = _x_height_capitals(wide, spans, adapt), wide_stroked
            cap, xh, _base = _refs([r.text for r in reads], spans)
    reads = _within_words(reads, _cells(chars, fb, [r.text for r in reads], em), em, spans, baseline)
    reads = _lexicon_words(reads, _cells(chars, fb, [r.text for r in reads], em), em)
    reads = _number_words(reads, _cells(chars, fb, [r.text for r in reads], em), em)
    if len(chars) == 1:
        r = reads[0]
        w = float(max(fb[c, 2] for c in chars[0]) - min(fb[c, 0] for c in chars[0]))
        h = spans[0][1] - spans[0][0]
        # a lone shape is text only when it reads closely as a letter or digit that is not a bare line
        # (or as a shape the page read surely elsewhere)
        taught = r.how == "page" or (adapt is not None and r.key is not None and adapt.page.get(r.key) == r.text)
        # (a lone stroked ring as wide as it is high is a circle, a hole or a symbol's, not an O; a figure 0
        # is narrower)
        circle = stroked[0] and r.how != "exact" and (r.text or "") in ("O", "o", "0") and w >= 0.9 * h
        if (r.distance > LONE_ACCEPT and not taught) or not (r.text or "").isalnum() or w < 0.15 * h or h < MIN_HEIGHT \
                or circle:
            reads = [replace(r, text=None)]
            if adapt is not None and r.text and r.text.isdigit() and r.key is not None and r.per is not None \
                    and r.distance > LONE_ACCEPT:
                # the page may know the shape, a figure read in its numbers (a lone letter is as often a mark:
                # a no-connect's cross is no x)
                adapt.unread[r.key] = r.per
    cells = _cells(chars, fb, [r.text for r in reads], em)
    # a line of strokes is also measured ink to ink (stroke fonts set letters a fixed distance apart, ink to ink)
    # (a line of filled outlines is told its word breaks by its letters' side bearings too, ink to ink: _spaces)
    ink = [(float(min(fb[c, 0] for c in ch)), float(max(fb[c, 2] for c in ch))) for ch in chars]
    inked, outline_ink = (ink, []) if 2 * sum(stroked) > len(stroked) else ([], ink)
    spaces = _spaces(cells, em, [r.text for r in reads], inked, outline_ink)
    latin_reads = reads

    def settled(spaces: list[bool]) -> list[str | None]:
        texts: list[str | None] = []
        start = 0
        for k in range(len(chars)):
            if spaces[k] or k == len(chars) - 1:
                texts.extend(_settle(latin_reads[start:k + 1], spans[start:k + 1], baseline, line_h, cap, xh))
                start = k + 1
        return texts

    latin_texts = settled(spaces)
    tops = [hi - baseline for _lo, hi in spans]
    reads, texts = _cyrillic_words(latin_reads, latin_texts, spaces, tops)
    if outline_ink and texts != latin_texts:
        # the Cyrillic letters' own bearings tell the breaks beside them too (``Фланец Ду50``): the line's words
        # are settled and judged again between those breaks
        more = [a or b for a, b in zip(spaces, _spaces(cells, em, texts, inked, outline_ink), strict=True)]
        if more != spaces:
            spaces = more
            reads, texts = _cyrillic_words(latin_reads, settled(spaces), spaces, tops)
    if "" in texts:
        chars, texts, reads, stroked, spaces, cells = _joined_pieces(chars, texts, reads, stroked, spaces, cells)
    score = -_mean_distance(reads)
    return _Line(d, chars, texts, reads, stroked, spaces, cells, baseline, em, score, slant=slant)


def _joined_pieces(chars: list[list[int]], texts: list[str | None], reads: list[_Read], stroked: list[bool],
                   spaces: list[bool], cells: list[tuple[float, float]]) -> tuple[Any, ...]:
    """A line's lists with the second pieces of a letter read in two (``ы``, ``№``; text ``""``) joined to the first."""
    chars, spaces, cells = list(chars), list(spaces), list(cells)
    keep = [k for k, t in enumerate(texts) if t != ""]
    for k, t in enumerate(texts):
        if t == "":
            j = max(i for i in keep if i < k)
            chars[j] = chars[j] + chars[k]
            spaces[j] = spaces[k]
            cells[j] = (cells[j][0], cells[k][1])
    return tuple([seq[k] for k in keep] for seq in (chars, texts, reads, stroked, spaces, cells))


#: Cyrillic letters a Latin letter or figure is drawn nearly like in some fonts (``г`` a stroke font's ``r``, ``п`` its
#: ``n``, ``и`` a ``u``, ``ь`` a ``b``, ``з`` a ``3``, ``б`` a ``6``, ``ч`` a ``4``; ``э`` is an arc of linework): read
#: in a Cyrillic word, no evidence that a word is Cyrillic
_CYRILLIC_NEAR_TWINS = frozenset("гпиьзЗбчЧэЭ")
#: figures a Cyrillic letter is drawn like, read among letters of a Cyrillic word (a ze's case is told by height)
_FIGURE_LETTERS = {"3": "З", "6": "б"}


def _among_letters(texts: Sequence[str | None], w: list[int], k: int) -> bool:
    """Whether position ``k`` of word ``w`` stands between letters, after two letters and before no figure, or
    first before two letters (``Поз.``, ``Разраб.``, ``Зона``; not the size in ``А3`` nor the thread in ``М3``)."""
    def letter(j: int) -> bool:
        return w[0] <= j <= w[-1] and str(texts[j]).isalpha()

    def figure(j: int) -> bool:
        return w[0] <= j <= w[-1] and str(texts[j]).isdigit()

    return (letter(k - 1) and (letter(k + 1) or (letter(k - 2) and not figure(k + 1)))) \
        or (k == w[0] and letter(k + 1) and letter(k + 2))


def _word_runs(texts: list[str | None], spaces: list[bool]) -> list[list[int]]:
    """The positions of each word of a line (split at its spaces)."""
    return [list(range(lo, hi)) for lo, hi in _word_spans(texts, spaces, lambda _t: False)]


def _given_back(texts: list[str | None], reads: list[_Read], k: int, among_letters: bool) -> bool:
    """Position ``k`` of a Cyrillic word in Cyrillic when read as a Latin twin (``A`` is ``А``), or as a figure a
    Cyrillic letter is drawn like when it stands ``among_letters`` (see :func:`_among_letters`); in place."""
    t = texts[k]
    if t is not None and t in CYRILLIC_TWINS:
        _retext(reads, texts, k, CYRILLIC_TWINS[t])
    elif t is not None and t in _FIGURE_LETTERS and among_letters:
        texts[k] = _FIGURE_LETTERS[t]
        reads[k] = replace(reads[k], text=texts[k], confidence=round(min(reads[k].confidence, 0.6), 3), how="word")
    else:
        return False
    return True


#: Latin letters no Cyrillic letter is drawn like: one read closely marks its word as Latin
_LATIN_ONLY = frozenset("DFGIJLNQRSUVWZbdfghijlnqrstuvwz")


#: Cyrillic capitals whose small letter is the same shape at the x-height (``т`` a small ``Т``): their case is
#: told by height alone
_CYRILLIC_SMALL_CAPS = frozenset("ВГДЖЗИКЛМНОПРСТУХЦЧШЩЪЫЬЭЮЯ")
#: characters whose height is the cap height (figures not confused with letters; Cyrillic capitals whose
#: small letter is another shape) and small letters of the x-height, in a Cyrillic word
_CYRILLIC_CAP_REF = frozenset("23467АЕБ№")
_CYRILLIC_X_REF = frozenset("ае")
#: the least step from x-height to cap height (share) for a line's two heights to tell case
CYRILLIC_CASE_STEP = 1.18
#: a letter whose top is within this share of that step of the middle keeps the case it was read in
CYRILLIC_CASE_MARGIN = 0.1


def _cyrillic_words(reads: list[_Read], texts: list[str | None], spaces: list[bool],
                    tops: list[float], page: bool = False) -> tuple[list[_Read], list[str | None]]:
    """Words of a line written in Cyrillic, told by their letters, given back in Cyrillic.

    A letter is Cyrillic by evidence when a Cyrillic template (letters no Latin one is drawn like) matches its
    shape :data:`CYRILLIC_GAIN` closer than its Latin reading. A word with such letters, no fewer than its Latin
    letters read closely that Cyrillic lacks (``s``, ``R``, ``f``, ...), is Cyrillic: its evident letters take
    their Cyrillic reading and its Latin twins (``A``, ``о``, ``р``, ...) their Cyrillic letters. When a line has
    a Cyrillic word, its words made only of twins and figures (``ООО``, ``М8х25``) are Cyrillic too."""
    if not page and (not any(r.lazy is not None for r in reads)
                     or sum(t is not None and t.isalnum() and t not in _CYRILLIC_BARS for t in texts)
                     < CYRILLIC_LINE_READ * len(texts)):
        return reads, texts  # (a line of linework reads as bars and dots, if anything)
    reads = list(reads)
    words = _word_runs(texts, spaces)

    def evident(k: int) -> bool:
        c = reads[k].cyrillic
        latin = reads[k].distance if texts[k] is not None else 9.0
        # (on a page written in Cyrillic, a shape the Latin templates left unread is evidence a little farther: a
        # face unlike the templates draws its own Д and У)
        bound = CYRILLIC_EVIDENT_PAGE if page and texts[k] is None else CYRILLIC_EVIDENT
        # (a letter a Latin one is drawn nearly like is evidence only there, left unread by the Latin templates
        # and within CYRILLIC_EVIDENT: the ``ь`` of ``Ось``; never ``э``, which linework's arcs match)
        # (nor there when its Cyrillic letter reads far closer than its Latin one: the ``п`` and ``б`` of osifont, drawn
        # as an ``n`` and a ``b`` are, but read at 0.05-0.09 as themselves and at 0.23-0.32 as those)
        near = c is not None and c[0] in _CYRILLIC_NEAR_TWINS \
            and not (page and c[0] not in "эЭ" and c[1] <= CYRILLIC_EVIDENT
                     and (texts[k] is None or (c[1] <= CYRILLIC_NEAR_SURE and latin - c[1] >= CYRILLIC_NEAR_GAIN)))
        return c is not None and not near and c[1] <= bound \
            and c[1] + CYRILLIC_GAIN < latin and not str(texts[k]).isdigit()

    def fits(k: int) -> bool:
        """Whether a letter (or unread shape) of a word in a Cyrillic line may be Cyrillic: a Latin twin, or a shape
        whose Cyrillic letter reads within TEXT_ACCEPT and closer than, or nearly as close as, its Latin one."""
        if out_t[k] in CYRILLIC_TWINS:
            return True
        if k > 0 and (out_t[k] in _CYRILLIC_BARS or reads[k].best in _CYRILLIC_BARS) \
                and (reads[k - 1].cyrillic or ("", 0.0))[0] in ("ь", "Ь") and fits(k - 1):
            return True  # the bar of a ``ы``
        c = reads[k].cyrillic
        latin = reads[k].distance if texts[k] is not None else 9.0
        return c is not None and c[1] <= TEXT_ACCEPT and (c[1] + CYRILLIC_GAIN < latin or c[1] <= latin + CYRILLIC_SLACK)

    out_r, out_t = list(reads), list(texts)

    def convert(k: int, w: list[int]) -> None:
        c = reads[k].cyrillic
        r = reads[k]
        latin = r.distance if texts[k] is not None else 9.0
        figure = texts[k] is not None and str(texts[k]).isdigit()
        # (a figure becomes a letter a figure is drawn like only among letters: the 3 of ``305131`` stays a figure,
        # however like З it is; a Б, flat-topped, is no 6 anywhere)
        if c is not None and c[1] <= TEXT_ACCEPT \
                and (not figure or c[0] not in _CYRILLIC_NEAR_TWINS or _among_letters(texts, w, k)) \
                and (c[1] + CYRILLIC_GAIN < latin or (c[1] <= latin + CYRILLIC_SLACK and not figure)):
            conf = round(max(0.0, min(1.0, 1.0 - c[1] / (2 * TEXT_ACCEPT))), 3)
            out_r[k] = replace(r, text=c[0], best=c[0], distance=c[1], confidence=conf, alts={c[0]: c[1]}, how="shape")
            out_t[k] = c[0]
        elif not _given_back(out_t, out_r, k, _among_letters(texts, w, k)) and texts[k] is None \
                and r.best in CYRILLIC_TWINS and r.distance <= TEXT_ACCEPT:
            out_t[k] = CYRILLIC_TWINS[r.best]
            out_r[k] = replace(r, text=out_t[k], confidence=round(min(r.confidence, 0.6), 3), how="word")

    def pieces(w: list[int]) -> None:
        """A soft sign and a bar after it read as one ``ы``; an N and a raised small o as ``№``."""
        for j, k in zip(w, w[1:]):
            bar = out_t[k] in _CYRILLIC_BARS or reads[k].best in _CYRILLIC_BARS
            if out_t[j] in ("ь", "Ь") and bar:
                out_t[j], out_t[k] = ("ы" if out_t[j] == "ь" else "Ы"), ""
                out_r[j] = replace(out_r[j], text=out_t[j])
                out_r[k] = replace(out_r[k], text="")
        if len(w) == 2 and out_t[w[0]] == "N" and (out_t[w[1]] in _NUMERO_MARKS or out_t[w[1]] is None):
            out_t[w[0]], out_t[w[1]] = "№", ""
            out_r[w[0]] = replace(out_r[w[0]], text="№")
            out_r[w[1]] = replace(out_r[w[1]], text="")

    def matched(ks: Iterable[int]) -> None:
        """Match the shapes of ``ks`` not matched yet against the Cyrillic templates."""
        for k in ks:
            r = reads[k]
            if r.cyrillic is None and r.lazy is not None:
                reads[k] = out_r[k] = replace(r, cyrillic=_cyrillic(*r.lazy))

    # a line is matched whole when a shape the Latin templates left unread is a Cyrillic letter
    if not page:
        matched(k for k in range(len(reads)) if texts[k] is None)
        if not any(evident(k) for k in range(len(reads))):
            return reads, texts
    matched(range(len(reads)))
    cyrillic = False
    for w in words:
        sure = [k for k in w if evident(k)]
        latin = [k for k in w if texts[k] in _LATIN_ONLY and not evident(k)]
        # (a letter alone is no word to judge: a Greek phi is drawn as the Cyrillic ef is)
        if sure and len(sure) >= len(latin) and sum(1 for k in w if texts[k] is None or str(texts[k]).isalpha()) >= 2:
            cyrillic = True
            for k in w:
                convert(k, w)
            pieces(w)
    if cyrillic:
        for w in words:
            letters = [k for k in w if out_t[k] is None or str(out_t[k]).isalpha()]
            # (words of twins and figures alone, and words of one letter: ``ООО``, ``М8х25``, ``10П``, ``л``; and
            # words whose other letters, or shapes left unread, the Cyrillic templates read: ``кромки``, whose
            # ``к`` and ``и`` a face unlike the templates draws 0.3 from them)
            if len(letters) == 1 or (letters and all(fits(k) for k in letters)):
                matched(w)
                for k in w:
                    convert(k, w)
            pieces(w)
        _cyrillic_case(out_r, out_t, tops)
    if page:
        for w in words:
            pieces(w)  # (a lone ``N°`` on a page written in Cyrillic is ``№``)
    return out_r, out_t


#: lines of a page holding letters only Cyrillic has for the page to be read as written in Cyrillic
CYRILLIC_PAGE_LINES = 2
#: ... and this share of its lines with letters
CYRILLIC_PAGE_SHARE = 0.25
_CYRILLIC_TWIN_LETTERS = frozenset(CYRILLIC_TWINS.values())


def _cyrillic_page(lines: list[_Line | None], cbox: np.ndarray) -> list[_Line | None]:
    """On a page written in Cyrillic (letters only Cyrillic has on :data:`CYRILLIC_PAGE_LINES` lines or more), a
    word of two or more letters that are all Latin twins of Cyrillic ones and is no English word (``Macca``,
    ``KOHTP``) is the Cyrillic word it looks like (``Масса``, ``контр``), and its line is read as Cyrillic. Before
    that, each other line is matched whole against the Cyrillic templates and its words judged by their letters
    (``Справ.``, whose ``п`` and ``в`` alone were read as Latin letters)."""
    def own(ln: _Line) -> bool:
        return any(t is not None and "\u0400" <= t <= "\u04ff" and t not in _CYRILLIC_TWIN_LETTERS for t in ln.texts)

    lettered = [ln for ln in lines if ln is not None and any(t is not None and t.isalpha() for t in ln.texts)]
    cyrillic = sum(1 for ln in lettered if own(ln))
    if cyrillic < CYRILLIC_PAGE_LINES or cyrillic < CYRILLIC_PAGE_SHARE * len(lettered):
        return lines
    english = word_set()
    out: list[_Line | None] = []
    for ln in lines:
        if ln is None or own(ln):
            out.append(ln)
            continue
        fb = _page_frames(ln.direction, cbox)
        tops = [float(max(fb[c, 3] for c in ch)) - ln.baseline for ch in ln.chars]
        reads, texts = _cyrillic_words(ln.reads, ln.texts, ln.spaces, tops, page=True)
        if texts != ln.texts:
            ln = replace(ln, **dict(zip(("chars", "texts", "reads", "stroked", "spaces", "cells"), _joined_pieces(
                ln.chars, texts, reads, ln.stroked, ln.spaces, ln.cells), strict=True)))
            if own(ln):
                out.append(ln)
                continue
        words = _word_runs(ln.texts, ln.spaces)
        texts, reads = list(ln.texts), list(ln.reads)
        twins = [w for w in words if len(letters := [texts[k] for k in w if str(texts[k]).isalpha()]) >= 2
                 and all(t in CYRILLIC_TWINS for t in letters)
                 and "".join(str(texts[k]) for k in w if str(texts[k]).isalnum()).lower() not in english]
        if not twins:
            out.append(ln)
            continue
        for w in words:
            letters = [texts[k] for k in w if str(texts[k]).isalpha()]
            if letters and all(t in CYRILLIC_TWINS for t in letters):
                for k in w:
                    _given_back(texts, reads, k, _among_letters(texts, w, k))
        _cyrillic_case(reads, texts, [float(max(fb[c, 3] for c in ch)) - ln.baseline for ch in ln.chars])
        out.append(replace(ln, texts=texts, reads=reads))
    return out


#: a line this share of whose characters the Latin templates left unread gives all its shapes to the Chinese
#: pass (a hanzi's pieces read as ``t``, ``l``, ``J`` beside its unread ones); of a line read better, only the
#: unread characters' shapes
CHINESE_POOL = 0.3

#: a Chinese character's ink is about this share of its em (square faces: Ming, Song, Hei)
CHINESE_INK = 0.9

#: two Chinese characters whose centres stand farther apart than this many ems have a space between them
CHINESE_SPACE = 1.15


def _chinese(read_lines: list[tuple[int, list[list[int]], _Line | None, dict[tuple[object, ...], np.ndarray]]],
             comps: list[list[int]], cbox: np.ndarray, atoms: _Atoms) -> list[Any]:
    """The shapes the Latin reading left (see :data:`CHINESE_POOL`) read as Chinese characters
    (:mod:`pdftract.ingest.cjk_text`): each word read becomes a line of its own, appended, and the characters
    of the Latin lines whose shapes it took are taken out of them (a line cut by them goes on as several)."""
    from pdftract.ingest import cjk_text

    if cjk_text.templates() is None:
        return read_lines
    pool: list[int] = []
    for _d, chars, ln, _u in read_lines:
        if ln is None or ln.n_read < (1 - CHINESE_POOL) * len(ln.chars):
            pool.extend(c for ch in (chars if ln is None else ln.chars) for c in ch)
        else:
            pool.extend(c for ch, t in zip(ln.chars, ln.texts, strict=True) if t is None for c in ch)
    if not pool:
        return read_lines

    def contours_of(members: list[int], d: int) -> tuple[list[np.ndarray], bool]:
        out: list[np.ndarray] = []
        evenodd = False
        for c in members:
            for a in comps[c]:
                if atoms.filled[a] or atoms.stroked_fill[a]:
                    u, v = to_frame(d, atoms.points[a][:, 0], atoms.points[a][:, 1])
                    out.append(np.column_stack((u, v)))
                    evenodd |= bool(atoms.evenodd[a])
        return out, evenodd

    words = cjk_text.read_words(cbox, sorted(set(pool)), lambda d: _page_frames(d, cbox), contours_of)
    if not any(wd.clear >= 2 for wd in words):
        return read_lines  # no two characters read clearly side by side: no Chinese on the page
    # a page with Chinese words: what the Latin reading makes of the rest of their lines once they are out of
    # them (``HT200`` beside ``铸铁``), then every shape of the lines read again as Chinese, so that the pieces
    # of a character the Latin reading read as letters (the dots of a 灬) join the rest of it; a Latin character
    # read whole stays Latin unless it stands beside a Chinese character (cjk_text.read_group)
    first = _without(read_lines, _taken(words, runs_only=True), comps, cbox, atoms)
    latin: dict[int, int] = {}
    everything: list[int] = []
    for _d, chars, ln, _u in first:
        everything.extend(c for ch in chars for c in ch)  # (a read line's characters are some of its chain's)
        if ln is not None:
            for ch, t in zip(ln.chars, ln.texts, strict=True):
                if t is not None:
                    latin.update((c, ch[0]) for c in ch)
    everything.extend(_taken(words))
    words = cjk_text.read_words(cbox, sorted(set(everything)), lambda d: _page_frames(d, cbox), contours_of, latin)
    out, extra = _without(read_lines, _taken(words), comps, cbox, atoms), []
    for wd in words:
        run: list[int] = []
        for k, t in enumerate(wd.texts + [None]):
            if t is not None:
                run.append(k)
            elif run:
                extra.append(_chinese_line(wd, run))
                run = []
    return out + extra


def _taken(words: list[Any], runs_only: bool = False) -> set[int]:
    """The shapes of the characters read in Chinese words (``runs_only``: of those next to another read one)."""
    out: set[int] = set()
    for wd in words:
        n = len(wd.texts)
        for k, (cell, t) in enumerate(zip(wd.cells, wd.texts, strict=True)):
            if t is not None and (not runs_only or (k > 0 and wd.texts[k - 1] is not None)
                                  or (k + 1 < n and wd.texts[k + 1] is not None)):
                out.update(cell)
    return out


def _without(read_lines: list[Any], taken: set[int], comps: list[list[int]], cbox: np.ndarray, atoms: _Atoms) -> list[Any]:
    """The lines with the characters whose shapes were ``taken`` out of them, read again without them (what is
    left of a line that did not read at all may: the 8 of ``垫圈 8``)."""
    out = list(read_lines)
    for i, (d, chars, ln, u) in enumerate(read_lines):
        have = chars if ln is None else ln.chars
        left = [ch for ch in have if not any(c in taken for c in ch)]
        if len(left) < len(have):
            out[i] = (d, left, _read_line(d, left, comps, cbox, atoms, _Adapt()) if left else None, u)
    return out


def _chinese_line(wd: Any, ks: list[int]) -> tuple[int, list[list[int]], _Line, dict[tuple[object, ...], np.ndarray]]:
    """The read cells ``ks`` (consecutive) of a Chinese word as a line: its em from the ink's height
    (:data:`CHINESE_INK`), its baseline a tenth of the em over the ink's bottom, a space where two characters
    stand apart by more than :data:`CHINESE_SPACE`."""
    from pdftract.ingest.cjk_text import ACCEPT

    height = wd.top - wd.bottom
    em = height / CHINESE_INK
    reads = []
    for k in ks:
        like = wd.likes[k]
        conf = min(0.99, 0.5 + 0.5 * (like - ACCEPT) / (1 - ACCEPT))
        reads.append(_Read(wd.texts[k], wd.texts[k], 1 - like, wd.margins[k], conf, {}, how="chinese"))
    # (Chinese characters stand one em apart, centre to centre, whatever their ink's width)
    spaces = [k2 is not None and sum(wd.spans[k2]) / 2 - sum(wd.spans[k]) / 2 > CHINESE_SPACE * em
              for k, k2 in zip(ks, ks[1:] + [None], strict=True)]
    cells = [wd.spans[k] for k in ks]
    chars = [wd.cells[k] for k in ks]
    line = _Line(wd.direction, chars, [wd.texts[k] for k in ks], reads, [False] * len(ks), spaces, cells,
                 wd.bottom + 0.1 * em, em, -sum(r.distance for r in reads) / len(reads))
    return (wd.direction, chars, line, {})


def _cyrillic_case(reads: list[_Read], texts: list[str | None], tops: list[float]) -> None:
    """The case of a line's Cyrillic letters whose small form is the capital's shape, from their height: nearer
    the cap height of the line's figures and capitals of their own shape, or the x-height of its ``а``, ``е``;
    without either, a line of two heights (its tallest letters this step over its lowest) tells by the middle."""
    cap = [h for t, h in zip(texts, tops, strict=True) if t in _CYRILLIC_CAP_REF]
    xh = [h for t, h in zip(texts, tops, strict=True) if t in _CYRILLIC_X_REF]
    c = _median(cap) if cap else None
    x = _median(xh) if xh else None
    if c is None or x is None:
        heights = [h for t, h in zip(texts, tops, strict=True) if t is not None and t.isalnum() and h > 0]
        if c is None and x is None and heights and max(heights) >= CYRILLIC_CASE_STEP * min(heights):
            c, x = max(heights), min(heights)
        elif c is not None and x is None:
            x = c / CYRILLIC_CASE_STEP ** 2
        elif x is not None and c is None:
            c = x * CYRILLIC_CASE_STEP ** 2
        else:
            _one_case(reads, texts, tops)
            return
    assert c is not None and x is not None
    if c < CYRILLIC_CASE_STEP * x:
        _one_case(reads, texts, tops)
        return
    middle = (c + x) / 2
    for k, t in enumerate(texts):
        if t in ("Й", "й"):  # its breve reaches the cap height over a small letter
            want = "Й" if tops[k] > c + (c - x) / 2 else "й"
        elif t is not None and t.upper() in _CYRILLIC_SMALL_CAPS:
            if abs(tops[k] - middle) < CYRILLIC_CASE_MARGIN * (c - x):
                continue  # (halfway: the case it was read in stands; osifont's з is taller than its x-height)
            want = t.upper() if tops[k] > middle else t.lower()
        else:
            continue
        _retext(reads, texts, k, want)
    _signs_in_words(reads, texts)


def _retext(reads: list[_Read], texts: list[str | None], k: int, t: str) -> None:
    """Position ``k`` of a line reads ``t`` now (its text and its read's), in place."""
    if texts[k] != t:
        texts[k] = t
        reads[k] = replace(reads[k], text=t)


def _signs_in_words(reads: list[_Read], texts: list[str | None]) -> None:
    """A soft or hard sign, or ``ы``, after a small letter is small: no word starts with one, and a word in
    capitals has no small letter (osifont draws its ``ь`` with an ascender, as tall as a capital)."""
    for k in range(1, len(texts)):
        t, before = texts[k], texts[k - 1]
        if t is not None and t in "ЬЪЫ" and before is not None and "\u0400" <= before <= "\u04ff" and before.islower():
            _retext(reads, texts, k, t.lower())


def _one_case(reads: list[_Read], texts: list[str | None], tops: list[float]) -> None:
    """The Cyrillic letters whose small form is the capital's shape, in a line whose height tells no case (all
    of one height): of one case, the case most of them were read in (``дОкУм`` is ``докум``: its ``О`` and ``У``
    were read as Latin capitals, its ``д``, ``к``, ``м`` as small Cyrillic letters); a tie is left as read.

    >>> texts = ["д", "О", "к", "У", "м", "."]
    >>> _one_case([_Read(t, str(t), 0.1, 0.1, 0.8, {}) for t in texts], texts, [3.0, 3.0, 2.95, 2.95, 2.95, 0.8])
    >>> "".join(texts)
    'докум.'
    """
    ks = [k for k, t in enumerate(texts) if t is not None and t.upper() in _CYRILLIC_SMALL_CAPS and tops[k] > 0]
    if len(ks) < 2 or max(tops[k] for k in ks) >= CYRILLIC_CASE_STEP * min(tops[k] for k in ks):
        return
    small = sum(1 for k in ks if str(texts[k]).islower())
    if 2 * small == len(ks):
        return
    lower = 2 * small > len(ks)
    for k in ks:
        _retext(reads, texts, k, str(texts[k]).lower() if lower else str(texts[k]).upper())


# -- the pass -------------------------------------------------------------------------------------
@dataclass
class DrawnText:
    """The result of :func:`recover_drawn_text`."""

    glyphs: list[Glyph]
    text_paths: frozenset[int]  # ids of the paths all of whose subpaths became text
    hidden: int = 0  # characters taken from the hidden layer
    outline: int = 0  # characters read from filled outlines
    stroke: int = 0  # characters read from strokes
    unread: int = 0  # character shapes on text lines left unread
    in_words: int = 0  # of them, inside words: kept in the text as U+FFFD
    disagreements: int = 0  # hidden lines over drawn shapes they do not spell
    why: dict[str, int] = field(default_factory=dict)  # the disagreements by reason
    confirmed: int = 0  # hidden lines taken because the shapes under them read as their text
    dropped: int = 0  # subpaths past MAX_ATOMS
    given_up: int = 0  # candidate lines not read: PROBE_READS reads before them gave nothing
    ocr: int = 0  # characters read by the OCR fallback (of lines the templates left unread)
    ocr_lines: int = 0  # lines sent to it
    ocr_calls: int = 0  # Tesseract calls made


_DECORATION = {"~": "overbar", "_": "subscript", "^": "superscript"}


def _markup(text: str) -> tuple[list[bool], list[str | None]]:
    """Per character of ``text``: whether it is kept (False for the markup of KiCad's ``~{..}``, ``_{..}``,
    ``^{..}``) and the decoration the markup gives it.

    >>> keep, deco = _markup("~{RST}x")
    >>> "".join(c for c, k in zip("~{RST}x", keep) if k), [d for d, k in zip(deco, keep) if k]
    ('RSTx', ['overbar', 'overbar', 'overbar', None])
    """
    keep = [True] * len(text)
    deco: list[str | None] = [None] * len(text)
    for m in _MARKUP.finditer(text):
        keep[m.start()] = keep[m.start() + 1] = keep[m.end() - 1] = False
        for i in range(m.start() + 2, m.end() - 1):
            deco[i] = _DECORATION[text[m.start()]]
    return keep, deco


#: the title (``/T``) AutoCAD gives the comment it writes over each SHX text it draws as strokes, the string in its
#: ``/Contents`` ("Convert SHX text to comments" in its PDF export)
SHX_COMMENT = "AutoCAD SHX Text"
#: confidence of a character taken from such a comment (the string is the drawing's own; its place in the box is
#: spread evenly)
COMMENT_CONFIDENCE = 0.9


#: a comment's box taller than its strokes by this share or more is narrowed to them
COMMENT_LOOSE = 0.8
#: ... when its strokes span at least this share of its length (else they are too few to place the text)
COMMENT_INK_MIN = 0.25
#: the height of stroked capitals and figures as a share of the font size
COMMENT_CAP = 0.7


def _comment_shapes(kept: Sequence[tuple[BBox, str, int, float, list[int]]], boxes: np.ndarray) -> list[list[int]]:
    """Each comment's own shapes: every shape inside one or more comments' boxes goes to the comment whose box's
    middle is nearest its own (AutoCAD's boxes are larger than their text and overlap their neighbours')."""
    best: dict[int, tuple[float, int]] = {}
    for c, (box, _t, _d, _s, inside) in enumerate(kept):
        cx, cy = box.center
        for k in inside:
            b = boxes[k]
            dist = math.hypot(0.5 * (b[0] + b[2]) - cx, 0.5 * (b[1] + b[3]) - cy)
            if k not in best or dist < best[k][0]:
                best[k] = (dist, c)
    owned: list[list[int]] = [[] for _ in kept]
    for k, (_dist, c) in sorted(best.items()):
        owned[c].append(k)
    return owned


def comment_text(comments: Sequence[tuple[BBox, str]], glyphs: Sequence[Glyph], paths: Sequence[Path]) -> DrawnText:
    """Glyphs for text drawn as strokes whose string a comment holds over it (AutoCAD's SHX text comments:
    ``comments`` are their boxes on the page and their strings).

    It runs after the shapes were read (:func:`recover_drawn_text`): a comment counts where drawn shapes not read
    as text lie wholly in its box and no visible character (of the text layer, or read off the shapes) lies there.
    AutoCAD's comments repeat strings and split them, so they are used only for what reading the shapes left
    (Chinese and other scripts no template holds, text at an angle). The same box and string twice count once.

    Its characters are spread evenly along the box, across it when the box stands more than 1.5 times as tall as
    wide and holds two or more characters (read bottom to top, 90 degrees), else along it (0 degrees);
    the box's height across the text is the size. Where the box stands far taller than its strokes, the text takes
    the strokes' extent instead: each shape inside boxes goes to the comment whose box's middle is nearest its own
    (:func:`_comment_shapes`), and the characters are spread over their shapes' extent, the size from its height.
    The paths wholly inside the boxes taken are the text's shapes (``text_paths``). Source ``hidden_layer`` (a copy
    of the text lying over its shapes), confidence :data:`COMMENT_CONFIDENCE`.

    >>> from pdftract.testing import line_path
    >>> stroke = line_path(0, [(12.0, 18.0), (14.0, 11.0), (16.0, 18.0)])
    >>> got = comment_text([(BBox(10.0, 10.0, 40.0, 20.0), "VAL")], [], [stroke])
    >>> "".join(g.text for g in got.glyphs), sorted(got.text_paths), got.hidden
    ('VAL', [0], 3)
    """
    if not comments or not paths:
        return DrawnText([], frozenset())
    boxes = path_boxes(paths)
    index = BoxIndex.from_arrays(np.arange(len(paths)), boxes)  # (from a table's columns)
    visible = [g for g in glyphs if not g.invisible and g.text.strip()]
    gidx = BoxIndex((k, g.bbox) for k, g in enumerate(visible)) if visible else None
    out: list[Glyph] = []
    taken: set[int] = set()
    next_id = len(glyphs)
    seen: set[tuple[float, float, float, float, str]] = set()
    kept: list[tuple[BBox, str, int, float, list[int]]] = []  # box, text, direction, size, shapes inside
    for box, string in comments:
        key = (round(box.x0, 1), round(box.top, 1), round(box.x1, 1), round(box.bottom, 1), string)
        if key in seen:
            continue
        seen.add(key)
        text = " ".join(string.split())
        if not text or box.width <= 0 or box.height <= 0:
            continue
        d = 90 if len(text) >= 2 and box.height > 1.5 * box.width else 0
        size = box.width if d == 90 else box.height
        pad = 0.25 * size
        wide = box.expand(pad)
        inside = [k for k in index.intersection(wide) if wide.contains(paths[k].bbox) and not paths[k].text_shape]
        if not inside or (gidx is not None and any(box.contains_point(visible[k].bbox.center) for k in gidx.intersection(box))):
            continue
        kept.append((box, text, d, size, inside))
    owned = _comment_shapes(kept, boxes)
    for (box, text, d, size, inside), mine in zip(kept, owned, strict=True):
        fb = _frame_boxes(d, np.array([[box.x0, box.top, box.x1, box.bottom]], dtype=np.float64))[0]
        u0, v0, u1, v1 = (float(v) for v in fb)
        baseline = v0 + 0.2 * size
        ink = _frame_boxes(d, boxes[mine]) if mine else None
        if ink is not None:
            iu0, iv0, iu1, iv1 = float(ink[:, 0].min()), float(ink[:, 1].min()), float(ink[:, 2].max()), float(ink[:, 3].max())
            if COMMENT_INK_MIN * (u1 - u0) <= iu1 - iu0 <= u1 - u0 + 2.0 * size and 0.0 < iv1 - iv0 < COMMENT_LOOSE * (v1 - v0):
                # the box stands far larger than its strokes (a Plant 3D flow diagram's boxes of 8 pt round letters
                # of 2 pt, rows 5 pt apart, neighbours' boxes overlapping): the characters take the strokes' place
                u0, v0, u1, v1 = iu0, iv0, iu1, iv1
                size = (v1 - v0) / COMMENT_CAP
                baseline = v0
        step = (u1 - u0) / len(text)
        first = paths[inside[0]]
        colour = first.stroke_color if first.stroke else first.fill_color
        for i, ch in enumerate(text):
            ox, oy = from_frame(d, u0 + i * step, baseline)
            corners = [from_frame(d, uu, vv) for uu in (u0 + i * step, u0 + (i + 1) * step) for vv in (v0, v1)]
            out.append(Glyph(
                id=next_id, text=ch, code=32 if ch == " " else 0, font=STROKE_FONT, size=round(size, 3),
                bbox=BBox.from_points(corners), origin=(ox, oy), direction=float(d), upright=d == 0, mirrored=False,
                matrix=_matrix(d, size, ox, oy), advance=step, fill_color=colour, stroke_color=None, render_mode=0,
                source=UnicodeSource.HIDDEN_LAYER, confidence=COMMENT_CONFIDENCE))
            next_id += 1
        taken.update(paths[k].id for k in inside)
    return DrawnText(out, frozenset(taken), hidden=sum(1 for g in out if g.text.strip()))


def recover_drawn_text(glyphs: Sequence[Glyph], paths: Sequence[Path], *, force: bool = False, ocr: bool = False,
                       stroked_only: bool = False) -> DrawnText:
    """Synthetic glyphs for text drawn as shapes on a page (see the module docstring).

    ``glyphs`` are the page's glyphs (their ids must be 0..n-1; the new ones continue the numbering).
    Runs on every path when :func:`text_looks_drawn` says so (or ``force``), else on the paths
    :func:`outlined_beside_text` picks, if any. ``stroked_only``: on the characters stroked one path each beside
    a text layer alone (:func:`_stroked_characters`, partial; a second call, after the first and after the
    comments AutoCAD writes over its SHX text were read). With
    ``ocr``, lines no template read are sent to the OCR fallback (:mod:`pdftract.ingest.drawn_ocr`) when
    Tesseract is installed.

    >>> recover_drawn_text([], []).glyphs
    []
    """
    if not paths:
        return DrawnText([], frozenset())
    if stroked_only or (not force and not text_looks_drawn(glyphs, paths)[0]):
        chosen = _stroked_characters(glyphs, paths) if stroked_only else outlined_beside_text(glyphs, paths)
        if not chosen:
            return DrawnText([], frozenset())
        paths = chosen
    try:
        return _recover(glyphs, paths, ocr=ocr, loose=stroked_only)
    finally:
        _TURNED.clear()  # the page's turned boxes and merged fills are not kept past its pass
        _FILLS.clear()


def _recover(glyphs: Sequence[Glyph], paths: Sequence[Path], angled: bool = True, ocr: bool = False,
             loose: bool = False) -> DrawnText:
    """The body of :func:`recover_drawn_text` on the paths chosen to read (``angled``: and the shapes left
    unread read at their own angle, :func:`_angled`; ``loose``: the paths are characters stroked one path each
    beside a text layer, whose lines are judged again by :func:`_loose_runs`)."""
    atoms = _collect(paths)
    result = DrawnText([], frozenset(), dropped=atoms.dropped)
    comps = _components(atoms)
    if not comps:
        return result
    members = np.array([a for c in comps for a in c], dtype=np.int64)
    starts = np.cumsum([0] + [len(c) for c in comps[:-1]])
    pieces = atoms.boxes[members]
    cbox = np.column_stack((np.minimum.reduceat(pieces[:, :2], starts, axis=0), np.maximum.reduceat(pieces[:, 2:], starts, axis=0)))
    cbox.flags.writeable = False  # turned once per direction (_page_frames)
    used = np.zeros(len(comps), dtype=bool)
    consumed_atoms: list[int] = []
    next_id = len(glyphs)
    out: list[Glyph] = []

    # 3. the hidden layer (none under characters stroked one path each: a shape under a glyph of the copy was not
    # taken for them, :func:`_stroked_characters`)
    hidden = [] if loose else [g for g in glyphs if g.invisible and g.text.strip()]
    hidden_unmatched = 0
    pending: list[tuple[list[Glyph], list[BBox], int, str]] = []  # hidden lines over drawn shapes they do not spell by place
    if hidden:
        from pdftract.model.text import build_layout

        layout = build_layout(hidden)
        by_id = {g.id: g for g in hidden}
        cidx = BoxIndex.from_arrays(np.arange(len(comps)), cbox)
        for line in layout.lines:
            lg = [by_id[i] for i in line.glyph_ids if i in by_id]
            if not lg:
                continue
            joined = "".join(g.text for g in lg)
            keep, deco = _markup(joined) if len(lg) == len(joined) else ([True] * len(lg), [None] * len(lg))
            lg = [replace(g, decoration=dc) if dc else g for g, k, dc in zip(lg, keep, deco, strict=True) if k and g.text.strip()]
            size = max(g.size for g in lg) if lg else 0.0
            d = int(round(line.direction)) % 360
            d = d if d in (0, 90, 180, 270) else 0
            # the drawn text may run a little past the hidden text's box (other metrics): half a size along it
            lb = _frame_boxes(d, np.array([[line.bbox.x0, line.bbox.top, line.bbox.x1, line.bbox.bottom]], dtype=np.float64))[0]
            box = BBox.from_points([from_frame(d, float(uu), float(vv)) for uu in (lb[0] - 0.5 * size, lb[2] + 0.5 * size)
                                    for vv in (lb[1] - 0.15 * size, lb[3] + 0.15 * size)])
            inside = [c for c in cidx.intersection(box) if not used[c]
                      and box.contains_point(((cbox[c, 0] + cbox[c, 2]) / 2, (cbox[c, 1] + cbox[c, 3]) / 2))]
            if not inside or not lg:
                continue
            fb = _page_frames(d, cbox)
            # the drawn text runs wider than its copy (other metrics): its last characters (its first, right-aligned)
            # may lie past the box; taken along the band while the drawn characters are fewer than the copy's
            # (a long line may count a character or two more or fewer: touching pieces, a split character)
            inside.sort(key=lambda c: float(fb[c, 0]))
            slack = len(lg) // 10
            missing = len(lg) - len(_characters(fb, inside))
            if missing > 0:
                # the whole run of characters on the band, when it counts as many as the copy ...
                run = inside + _tail(inside, fb, d, cidx, used, size, reach=RUN_REACH)
                run += _tail(run, fb, d, cidx, used, size, backward=True, reach=RUN_REACH)
                left = len(lg) - len(_characters(fb, sorted(run, key=lambda c: float(fb[c, 0]))))
                if abs(left) <= slack:
                    inside, missing = run, left
                else:  # ... else as many characters as the copy lacks, first at its end, then at its start
                    for backward in (False, True):
                        if missing > 0:
                            tail = _tail(inside, fb, d, cidx, used, size, most=missing, backward=backward)
                            inside += tail
                            missing -= len(tail)
            stretch = _stretch(lg, inside, d, comps, atoms) if abs(missing) <= slack else None
            why = _hidden_matches(lg, inside, fb, d, cidx, used, size, comps, atoms, stretch)
            if why:
                result.disagreements += 1
                result.why[why] = result.why.get(why, 0) + 1
                hidden_unmatched += len(lg)
                wide = BBox.from_points([from_frame(d, float(uu), float(vv)) for uu in (lb[0] - 1.2 * size, lb[2] + 1.2 * size)
                                         for vv in (lb[1] - 0.15 * size, lb[3] + 0.15 * size)])
                pending.append((lg, [wide, box], d, why))
                continue
            first = paths[int(atoms.path[comps[inside[0]][0]])]
            # the copy's glyphs made visible, each made once: placed one on each drawn character, or moved onto
            # the drawn line's extent, or where the copy has them
            made: dict[str, Any] = {"render_mode": 0, "source": UnicodeSource.HIDDEN_LAYER, "confidence": 0.95,
                    "fill_color": first.fill_color if first.fill else first.stroke_color, "stroke_color": None}
            drawn_chars = _characters(fb, sorted(inside, key=lambda c: float(fb[c, 0]))) if stretch is not None else []
            if stretch is not None and len(drawn_chars) == len(lg) and all(g.text.strip() for g in lg):
                # one drawn character for each of the copy's: each placed on its own, so the drawing's
                # spaces stay where the copy, written word by word in wider metrics, ran its words together
                # (what moving the copy onto the drawn extent first would change, its places along the line,
                # is all set here)
                placed = _placed_each(lg, d, fb, drawn_chars, _copy_gaps(lg, d), next_id, made)
            elif stretch is not None:
                placed = _moved(lg, d, stretch, next_id, made)
            else:
                placed = [replace(g, id=next_id + n, **made) for n, g in enumerate(lg)]
            out.extend(placed)
            next_id += len(placed)
            result.hidden += len(lg)
            for c in inside + _tail(inside, fb, d, cidx, used, size):
                used[c] = True
                consumed_atoms.extend(comps[c])

    # 2 + 4. lines and recognition of what is left; where the hidden layer spelled the drawn text (KiCad writes
    # a copy of every text), what is left is linework and is not read, except under the hidden lines that were
    # not taken (the shapes there are read, and confirm the copy where they spell it)
    enough = bool(result.hidden) and result.hidden >= HIDDEN_ENOUGH * (result.hidden + hidden_unmatched)
    if enough and not pending:
        result.glyphs = out
        result.text_paths = frozenset(_ids(paths, _text_paths(consumed_atoms, atoms)))
        return result
    # one pen per component (the components are joined only within one): its ink and its widest half pen
    # a component of straight stroked pieces (two points each) in a thin box, a line drawn once or more, may be a
    # rule's piece rather than a letter's stem
    thin = np.minimum(cbox[:, 2] - cbox[:, 0], cbox[:, 3] - cbox[:, 1]) <= 0.1 * np.maximum(cbox[:, 2] - cbox[:, 0], cbox[:, 3] - cbox[:, 1])
    bars = np.zeros(len(comps), dtype=bool)
    for k in np.flatnonzero(thin).tolist():
        bars[k] = all(_straight(atoms, a) for a in comps[k])
    # (the fourth: stroked, lent a narrow character's cell when chained; not in the pass over characters stroked one
    # path each beside a text layer, whose lettering is a text layer's proportional faces and CJK strokes)
    pens = (atoms.ink[[c[0] for c in comps]], np.array([float(atoms.pen[c].max()) for c in comps]), bars,
            np.array([not loose and not atoms.filled[c].any() for c in comps], dtype=bool))
    # a component larger than a character (pieces of a symbol or a dashed box that touch) is linework
    side = np.maximum(cbox[:, 2] - cbox[:, 0], cbox[:, 3] - cbox[:, 1])
    free = np.flatnonzero(~used & (side <= ATOM_MAX))
    hidden_way: dict[int, bool] = {}  # shape -> whether the hidden line it lies under runs upright
    if enough:
        # only the shapes whose centres lie under a hidden line not taken
        under = np.zeros(len(comps), dtype=bool)
        centre = np.column_stack(((cbox[:, 0] + cbox[:, 2]) / 2, (cbox[:, 1] + cbox[:, 3]) / 2))
        for _lg, boxes, d_hidden, _why in pending:
            near = np.asarray(cidx.intersection(boxes[0]), dtype=np.int64)
            b = boxes[0]
            hit = near[(centre[near, 0] >= b.x0) & (centre[near, 0] <= b.x1) & (centre[near, 1] >= b.top)
                       & (centre[near, 1] <= b.bottom)]
            under[hit] = True
            for c in hit.tolist():
                hidden_way.setdefault(c, d_hidden % 180 == 0)
        free = free[under[free]]
    # each shape reads along the direction in which its chain is longer (a vertical word chains little sideways)
    # (a column of short horizontal lines also chains vertically, but as a run longer across than along)
    length: dict[int, dict[int, int]] = {}
    vertical_chain: dict[int, list[int]] = {}
    horizontal_chain: dict[int, list[int]] = {}
    for d in (0, 90):
        fb = _page_frames(d, cbox)
        for chain in _chains(fb, free, pens):
            n = _one_size(fb, _characters(fb, chain))
            along = float(fb[chain, 2].max() - fb[chain, 0].min())
            across = float(fb[chain, 3].max() - fb[chain, 1].min())
            for c in chain:
                length.setdefault(c, {})[d] = n if n == 1 or along >= 0.8 * across else 0
                (vertical_chain if d == 90 else horizontal_chain)[c] = chain
    upright = {c for c in free.tolist() if length[c][0] >= length[c][90]}
    # a shape under a hidden line is read the way that line runs: it is that text or linework under it (a
    # crystal's plates under its value do not read as a turned word)
    for c, up in hidden_way.items():
        (upright.add if up else upright.discard)(c)
    # a shape that is a known stroke font's glyph one way up only reads that way, whatever its neighbours
    # (a column of pin numbers chains longer down than along)
    known = _glyph_directions(free, comps, atoms)
    for c, d in known.items():
        (upright.add if d == 0 else upright.discard)(c)
    # a shape that reads either way (a bar: ``I`` or a turned ``-``), no longer than the known glyphs of one
    # of its chains are high, reads the way they do: the ``I`` of stacked ``GPIO`` pin names chains longer
    # down its column of ``I``s than along its name, whose other letters read upright only (a pin's stroke,
    # longer than the pin number beside it, is left alone)
    for c in free.tolist():
        if c not in known:
            row = [o for o in horizontal_chain.get(c, ()) if known.get(o) == 0]
            column = [o for o in vertical_chain.get(c, ()) if known.get(o) == 90]
            if len(row) >= 2 and not column and side[c] <= 1.1 * float(np.max(cbox[row, 3] - cbox[row, 1])):
                upright.add(c)
            elif len(column) >= 2 and not row and side[c] <= 1.1 * float(np.max(cbox[column, 2] - cbox[column, 0])):
                upright.discard(c)
    # a lone shape under or over a horizontal word (a revision letter under its label) chains vertically with
    # that word's letters only: when no other shape of its vertical chain reads vertically, it reads upright
    upright |= {c for c in free.tolist() if c not in upright
                and not any(o != c and o not in upright for o in vertical_chain.get(c, ()))}
    # a shape alone both ways (an item number in its cell) reads the way most of the page's lines do: a sheet
    # drawn turned on its page turns its lone characters too
    alone = [c for c in free.tolist() if c not in known and len(horizontal_chain.get(c, ())) <= 1
             and len(vertical_chain.get(c, ())) <= 1]
    lined = [c for c in free.tolist() if len((horizontal_chain if c in upright else vertical_chain).get(c, ())) >= 3]
    turned = sum(1 for c in lined if c not in upright)
    page_turned = turned > len(lined) - turned
    if alone and page_turned:
        upright -= set(alone)
    pre_read: _PreRead = {}
    assigned: dict[int, list[list[list[int]]]] = {}

    def turned_runs() -> list[list[int]]:
        return _chains(_page_frames(90, cbox), np.asarray([c for c in free.tolist() if c not in upright], dtype=np.int64), pens)

    columns = turned_runs()
    flips = _margin_columns(columns, set(known) | set(hidden_way), horizontal_chain, cbox, comps, atoms, pre_read)
    if flips:
        upright |= flips
        columns = turned_runs()
    for d in (0, 90):
        fb = _page_frames(d, cbox)
        mine = np.asarray([c for c in free.tolist() if c in upright], dtype=np.int64)
        for chain in (_chains(fb, mine, pens) if d == 0 else columns):
            assigned.setdefault(d, []).extend(_split_sizes(fb, _characters(fb, chain)))

    # every line read once; then the lines with shapes left unread that were read surely elsewhere on the page
    # (a font repeats its shapes) are read again with what the page taught
    read_lines: list[tuple[int, list[list[int]], _Line | None, dict[tuple[object, ...], np.ndarray]]] = []
    turned_alone: set[int] = set()
    bare: set[int] = set()  # lines that are one straight stroke alone
    order = [(d, chars) for d in (0, 90) for chars in assigned.get(d, [])]
    fields = _stroke_fields(order, cbox, comps, atoms)
    reads = found_any = 0
    given_up: set[int] = set()  # lines not read (PROBE_READS): said apart, not counted as unread characters
    for k, (d, chars) in enumerate(order):
        if reads >= PROBE_READS and not found_any:
            result.given_up += 1
            given_up.add(len(read_lines))
            read_lines.append((d, chars, None, {}))
            continue
        if k in fields or _bare_stroke(chars, comps, atoms):
            # one straight stroke alone reads only as a bar or a dash, which no lone shape is kept as, and
            # a row of them only as bars, dashes and slashes (hatch lines, ticks, a wire's pieces: a page of
            # them took most of the pass's time); a capital I's bar is told by its neighbours below; two or
            # three of them in a field of such lines are pieces of that field
            bare.add(len(read_lines))
            read_lines.append((d, chars, None, {}))
            continue
        adapt = _Adapt()
        known_read = pre_read.get(_line_key(d, chars))
        if known_read is not None:  # read already, the same way, while the margin columns were asked
            first_read, adapt.unread = known_read
        else:
            first_read = _read_line(d, chars, comps, cbox, atoms, adapt)
        reads += 1  # (bare strokes, answered without reading, do not count)
        if first_read is None and d == 0 and page_turned and len(chars) <= SHORT_TURNED:
            # on a sheet turned on its page, a few shapes side by side that do not read upright are
            # characters stacked in the sheet's own direction (an interlock's letter over its number):
            # each is read alone, turned
            for ch in chars:
                one = _Adapt()
                alone_read = _read_line(90, [ch], comps, cbox, atoms, one)
                reads += 1
                found_any += alone_read is not None
                turned_alone.add(len(read_lines))
                read_lines.append((90, [ch], alone_read, one.unread))
            continue
        found_any += first_read is not None
        read_lines.append((d, chars, first_read, adapt.unread))
    # a sheet turned on its page turns all its text one way: a turned line that reads nearly as well the other
    # way up (990 and 066) reads the way the page's clearly read turned lines do
    votes = {90: 0, 270: 0}
    for _d, _c, ln, _u in read_lines:
        if ln is not None and ln.direction in votes and ln.turn_margin >= TURN_CLEAR:
            votes[ln.direction] += 1
    way = max(votes, key=lambda k: (votes[k], k))
    turn_clear = votes[way] >= TURN_VOTES and votes[way] >= 3 * votes[360 - way]
    if turn_clear:
        for i, (d, chars, ln, u) in enumerate(read_lines):
            if ln is not None and ln.direction == 360 - way and ln.turn_margin < TURN_CLEAR:
                again = _read_as(way, chars, comps, cbox, atoms)
                if again is not None and again.n_read >= ln.n_read:
                    read_lines[i] = (d, chars, again, u)
    # one face slants all its lines alike: where most lines whose stems tell a slant agree on one, a line
    # whose own letters did not tell it (A, V, W, X have no upright stem) is read again at the page's slant,
    # kept when more of it reads or its shapes match clearly closer
    # (a line read in full is tried only where the slanted face is the page's, a third of its lines or more
    # telling the slant: a few italic notes on an upright sheet leave its other read lines alone)
    slants = [ln.slant for _d, _c, ln, _u in read_lines if ln is not None and ln.slant]
    n_lines = sum(1 for _d, _c, ln, _u in read_lines if ln is not None)
    page_slant = 0.0  # the page's slant where its slanted lines agree on one
    if len(slants) >= PAGE_SLANT_LINES:
        median_slant = float(np.median(slants))
        slanted_face = 3 * len(slants) >= n_lines
        if sum(1 for v in slants if abs(v - median_slant) <= 0.04) >= 0.7 * len(slants):
            page_slant = median_slant
            for i, (d, chars, ln, u) in enumerate(read_lines):
                if ln is None:
                    # a line too little of which read upright (AE: the A has no stem to tell the slant, and one
                    # letter of two is no line) is read again at the page's slant where the slanted face is the
                    # page's; it stands when enough of it reads that way
                    if not slanted_face or i in turned_alone or i in bare:
                        continue
                    # (either way up; a turned line the way the page's clearly read turned lines run, when
                    # they agree)
                    ways = (0, 180) if d == 0 else (way,) if turn_clear else (90, 270)
                    tries = [r for r in (_read_as(w, chars, comps, cbox, atoms, slant=page_slant) for w in ways)
                             if r is not None]
                    if tries:
                        got = max(tries, key=lambda r: r.score)
                        if got.n_read and got.n_read >= LINE_READ_SHARE * len(chars):
                            read_lines[i] = (d, chars, got, u)
                    continue
                if ln.slant or (not slanted_face and all(t is not None for t in ln.texts)):
                    continue
                again = _read_as(ln.direction, chars, comps, cbox, atoms, slant=page_slant)
                if again is None:
                    continue
                # (more of it read, or as much and its shapes clearly closer: TV read at no slant is a guess)
                if again.n_read > ln.n_read or (again.n_read == ln.n_read and again.score > ln.score + SLANT_GAIN):
                    read_lines[i] = (d, chars, again, u)
    unread_shapes: dict[tuple[object, ...], np.ndarray] = {}
    for _d, _c, _ln, u in read_lines:
        unread_shapes.update(u)
    page = _page_shapes([ln for _d, _c, ln, _u in read_lines if ln is not None], unread_shapes)
    if page:
        for i, (d, chars, _drawn, unread) in enumerate(read_lines):
            if unread & page.keys():
                again = _read_line(d, chars, comps, cbox, atoms, _Adapt(page=page))
                if again is not None:
                    read_lines[i] = (d, chars, again, {})
    read_lines = [(d, c, None if ln is not None and _repeated_shape(ln) else ln, u) for d, c, ln, u in read_lines]
    read_lines = [(d, c, ln, u) for (d, c, _old, u), ln in
                  zip(read_lines, _cyrillic_page([ln for _d, _c, ln, _u in read_lines], cbox), strict=True)]
    if angled:  # (not again for the few shapes turned to be read at their own angle)
        read_lines = _chinese(read_lines, comps, cbox, atoms)
    if turned_alone:
        # a shape read alone, turned, is a letter or a digit of about the size of the page's turned lines; a
        # mark alone, or a piece of linework far larger or smaller, is not
        ems = [ln.em for i, (d, c, ln, _u) in enumerate(read_lines) if d == 90 and ln is not None and i not in turned_alone
               and ln.n_read >= 3]
        em_page = float(np.median(ems)) if ems else None
        read_lines = [(d, c, None if i in turned_alone and ln is not None and (
            em_page is None or not 0.6 * em_page <= ln.em <= 1.6 * em_page
            or not all(t is not None and t.isalnum() for t in ln.texts)) else ln, u) for i, (d, c, ln, u) in enumerate(read_lines)]
    if enough:
        # the hidden layer spelled the page's text: a line read here that runs along no hidden line not taken
        # is linework beside one (a crystal's plates by its value read "DI"), not text the copy left out
        read_lines = [(d, c, ln if ln is None or _along_pending(ln, cbox, pending) else None, u)
                      for d, c, ln, u in read_lines]
    if loose:
        plain = _loose_runs([ln for _d, _c, ln, _u in read_lines])
        # (what does not stand is linework picked with the characters: not counted as unread characters)
        given_up |= {i for i in range(len(read_lines)) if i not in plain}
        read_lines = [(d, c, ln if i in plain else None, u) for i, (d, c, ln, u) in enumerate(read_lines)]
    capitals = _lone_capital_bars([(d, c, ln) for d, c, ln, _u in read_lines], cbox, comps, atoms, page_slant)
    by_ocr: dict[int, _Line] = {}
    if ocr and not enough:
        by_ocr = _ocr_lines([(i, d, chars) for i, (d, chars, ln, _u) in enumerate(read_lines)
                             if (ln is None or ln.n_read == 0) and i not in capitals and len(chars) >= drawn_ocr.MIN_SHAPES
                             and i not in given_up],
                            comps, cbox, atoms, result)
    for i, (d, chars, drawn, _unread) in enumerate(read_lines):
        drawn = capitals.get(i, drawn)
        if drawn is None or drawn.n_read == 0:
            drawn = by_ocr.get(i, drawn)
        if drawn is None:
            result.unread += sum(len(ch) for ch in chars) if len(chars) >= 2 and i not in given_up else 0
            continue
        if i not in capitals and all(t is None or t in BARS for t in drawn.texts) and not _serifed_capital_i(drawn, cbox):
            continue  # only bars and dots: hatching, a dotted line, a pin stroke, not text
        fb = _page_frames(drawn.direction, cbox)
        em, baseline, direction = drawn.em, drawn.baseline, drawn.direction
        source = UnicodeSource.STROKE_MATCH if all(drawn.stroked) else UnicodeSource.OUTLINE_MATCH
        font = STROKE_FONT if source is UnicodeSource.STROKE_MATCH else OUTLINE_FONT
        if drawn.ocr:
            source, font = UnicodeSource.OCR, OCR_FONT
        read_at = [k for k, t in enumerate(drawn.texts) if t is not None]
        result.unread += len(drawn.chars) - len(read_at)
        # a shape left unread inside a word stays in it as U+FFFD (confidence 0): dropped, it would silently
        # shorten the word (a drawing number missing its zeros reads as another number)
        kept = _unread_in_words(drawn.texts, drawn.spaces, drawn.cells, drawn.em, drawn.stroked)
        read_at = sorted(read_at + [k for k in kept if _character_sized(drawn.chars[k], fb, em, baseline)])
        for pos, k in enumerate(read_at):
            ch, text, r = drawn.chars[k], drawn.texts[k] or REPLACEMENT_CHARACTER, drawn.reads[k]
            u0 = float(min(fb[c, 0] for c in ch))
            u1 = float(max(fb[c, 2] for c in ch))
            nk = read_at[pos + 1] if pos + 1 < len(read_at) else None
            nxt = float(min(fb[c, 0] for c in drawn.chars[nk])) if nk is not None else None
            space = nk is not None and any(drawn.spaces[k:nk])
            advance = (u1 - u0) if (nxt is None or space) else (nxt - u0)
            ox, oy = from_frame(direction, u0, baseline)
            corners = [from_frame(direction, uu, vv) for uu in (u0, u1) for vv in (baseline - 0.22 * em, baseline + CAP_EM * em)]
            bbox = BBox.from_points(corners + [(float(cbox[c, 0]), float(cbox[c, 1])) for c in ch]
                                    + [(float(cbox[c, 2]), float(cbox[c, 3])) for c in ch])
            first = paths[int(atoms.path[comps[ch[0]][0]])]
            colour = first.fill_color if first.fill else first.stroke_color
            out.append(Glyph(
                id=next_id, text=str(text), code=0, font=font, size=round(em, 3), bbox=bbox, origin=(ox, oy),
                direction=float(direction), upright=direction == 0, mirrored=False, matrix=_matrix(direction, em, ox, oy),
                advance=advance, fill_color=colour, stroke_color=None, render_mode=0, source=source,
                confidence=r.confidence if drawn.texts[k] is not None else 0.0))
            next_id += 1
            if drawn.texts[k] is None:
                result.in_words += 1
            elif drawn.ocr:
                result.ocr += 1
            elif drawn.stroked[k]:
                result.stroke += 1
            else:
                result.outline += 1
            for c in ch:
                consumed_atoms.extend(comps[c])
            if space and nxt is not None:
                sx, sy = from_frame(direction, u1, baseline)
                out.append(Glyph(
                    id=next_id, text=" ", code=32, font=font, size=round(em, 3),
                    bbox=BBox.from_points([from_frame(direction, uu, vv) for uu in (u1, nxt) for vv in (baseline, baseline + CAP_EM * em)]),
                    origin=(sx, sy), direction=float(direction), upright=direction == 0, mirrored=False,
                    matrix=_matrix(direction, em, sx, sy), advance=nxt - u1, fill_color=None, stroke_color=None,
                    render_mode=0, source=source, confidence=r.confidence))
                next_id += 1
    angled_paths: set[int] = set()
    if angled and not loose:  # (a run of loose strokes at an angle is not judged as one: hatching)
        taken = set(consumed_atoms)
        leftover = [c for c in free.tolist() if not any(a in taken for a in comps[c])]
        for at_angle, ids in _angled(paths, atoms, comps, cbox, leftover):
            out.extend(at_angle)
            angled_paths |= ids
            result.stroke += sum(1 for g in at_angle if g.source is UnicodeSource.STROKE_MATCH and g.text.strip())
            result.outline += sum(1 for g in at_angle if g.source is UnicodeSource.OUTLINE_MATCH and g.text.strip())
    if pending:
        out = _confirmed_hidden(pending, out, result)
    result.why = {k: n for k, n in result.why.items() if n}
    result.glyphs = [g if g.id == len(glyphs) + k else replace(g, id=len(glyphs) + k) for k, g in enumerate(out)]
    result.text_paths = frozenset(_ids(paths, _text_paths(consumed_atoms, atoms))) | angled_paths
    return result


# -- the OCR fallback -----------------------------------------------------------------------------
def _ocr_lines(lines: list[tuple[int, int, list[list[int]]]], comps: list[list[int]], cbox: np.ndarray, atoms: _Atoms,
               result: DrawnText) -> dict[int, _Line]:
    """Lines the templates left unread (index, direction, characters), read by Tesseract
    (:mod:`pdftract.ingest.drawn_ocr`): the ones taken, by index. Counted in ``result``."""

    if not lines or not drawn_ocr.available():
        return {}
    lines = lines[: drawn_ocr.MAX_LINES]
    images: list[np.ndarray] = []
    sent: list[tuple[int, int, list[list[int]], np.ndarray]] = []
    for i, d, chars in lines:
        fb = _page_frames(d, cbox)
        shapes: list[drawn_ocr.Shape] = []
        for ch in chars:
            contours: list[np.ndarray] = []
            strokes: list[np.ndarray] = []
            pen = 0.0
            for c in ch:
                for a in comps[c]:
                    u, v = to_frame(d, atoms.points[a][:, 0], atoms.points[a][:, 1])
                    (contours if atoms.filled[a] else strokes).append(np.column_stack((u, v)))
                    pen = max(pen, float(atoms.pen[a]))
            shapes.append((contours, strokes, pen))
        members = [c for ch in chars for c in ch]
        img = drawn_ocr.draw_line(shapes, float(fb[members, 1].min()), float(fb[members, 3].max()))
        if img is not None:
            images.append(img)
            sent.append((i, d, chars, fb))
    if not images:
        return {}
    result.ocr_lines += len(images)
    result.ocr_calls += 1
    out: dict[int, _Line] = {}
    for (i, d, chars, fb), found in zip(sent, drawn_ocr.read_lines(images), strict=True):
        if found is None or found[1] < drawn_ocr.MIN_CONFIDENCE:
            continue
        text, conf = found
        letters = [t for t in text if not t.isspace()]
        if len(letters) != len(chars):
            continue  # not one character per shape: the reading cannot be placed
        if not drawn_ocr.plain_text(letters):
            continue  # marks no drawing's text is made of ("@@", "© ©"), or one letter repeated ("NNN"): symbols
        spaces = [False] * len(chars)
        k = -1
        for t in text:
            if t.isspace():
                if k >= 0:
                    spaces[k] = True
            else:
                k += 1
        bottoms = [float(min(fb[c, 1] for c in ch)) for ch in chars]
        top = max(float(max(fb[c, 3] for c in ch)) for ch in chars)
        baseline = float(np.median(bottoms))
        em = max(top - baseline, 1e-3) / CAP_EM
        texts: list[str | None] = list(letters)
        reads = [_Read(t, t, 0.0, 0.0, round(conf / 100.0, 3), {}, how="ocr") for t in letters]
        out[i] = _Line(direction=d, chars=chars, texts=texts, reads=reads, stroked=[False] * len(chars), spaces=spaces,
                       cells=_cells(chars, fb, texts, em), baseline=baseline, em=em, score=0.0, ocr=True)
    return out


# -- text at other angles -------------------------------------------------------------------------
#: a group of shapes left unread is read at its own angle when its axis lies at least this far (degrees) from
#: the page's axes (which the lines above read) ...
ANGLE_MIN = 8.0
#: ... it holds this many shapes, at least and at most ...
ANGLED_SHAPES = (2, 30)
#: ... its shapes' points spread this many times farther along its axis than across it ...
ANGLED_ELONGATION = 1.4
#: ... and shapes join a group within this share of the larger one's size of each other
ANGLED_REACH = 0.6
#: a group read at its angle is kept when its characters' mean confidence is at least this (linework read at an
#: angle gives unsure letters: 0.6-0.72 on the KiCad sheets, where the diameters of LibreCAD's sheets read 0.81-0.87)
ANGLED_CONFIDENCE = 0.75
#: groups read at their angle at most per page while none has read (linework left unread is not lettering)
ANGLED_PROBES = 200
#: ... and in all (a page of angled lettering reads its first groups within these)
ANGLED_MAX = 1000


def _angled(paths: Sequence[Path], atoms: _Atoms, comps: list[list[int]], cbox: np.ndarray,
            left: list[int]) -> list[tuple[list[Glyph], set[int]]]:
    """Text written at an angle (a diameter's value along its leader at 35 degrees, a wire's label along the
    wire): the shapes ``left`` unread are grouped by nearness; a group of a few character-sized shapes that lies
    along a straight axis away from the page's axes is turned about its centre onto the horizontal, read there
    as a page of its own, and its characters are turned back (their ``direction`` the group's angle). Returns,
    per group read, its glyphs (ids to be set) and the ids of the paths wholly read as its text."""
    if len(left) < ANGLED_SHAPES[0]:
        return []
    boxes = cbox[left]
    side = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    idx = BoxIndex.from_arrays(np.arange(len(left)), boxes)
    parent, find = union_find(len(left))
    for i in range(len(left)):
        r = ANGLED_REACH * float(side[i])
        for j in idx.intersection((float(boxes[i, 0]) - r, float(boxes[i, 1]) - r, float(boxes[i, 2]) + r, float(boxes[i, 3]) + r)):
            if j != i and side[j] <= 2.5 * side[i] and side[i] <= 2.5 * side[j]:
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, list[int]] = {}
    for i in range(len(left)):
        groups.setdefault(find(i), []).append(left[i])
    out: list[tuple[list[Glyph], set[int]]] = []
    probes = 0
    for _root, group in sorted(groups.items()):
        if not ANGLED_SHAPES[0] <= len(group) <= ANGLED_SHAPES[1]:
            continue
        if (probes >= ANGLED_PROBES and not out) or probes >= ANGLED_MAX:
            break
        members = [a for c in group for a in comps[c]]
        pts = np.concatenate([atoms.points[a] for a in members])
        centre = pts.mean(axis=0)
        cov = np.cov((pts - centre).T)
        if not np.all(np.isfinite(cov)):
            continue
        values, vectors = np.linalg.eigh(cov)
        if values[0] <= 0 or math.sqrt(values[1] / values[0]) < ANGLED_ELONGATION:
            continue
        vx, vy = float(vectors[0, 1]), float(vectors[1, 1])
        angle = math.degrees(math.atan2(-vy, vx))  # as the reader sees it, counter-clockwise
        angle = (angle + 90.0) % 180.0 - 90.0  # read from the bottom or the right, as drawings are
        if abs(angle) < ANGLE_MIN or abs(angle) > 90.0 - ANGLE_MIN:
            continue
        probes += 1
        got = _read_turned(paths, atoms, members, centre, angle)
        if got is not None:
            out.append(got)
    return out


def _turn(points: np.ndarray, centre: np.ndarray, angle: float) -> np.ndarray:
    """Page points (y down) turned about ``centre`` by ``angle`` degrees counter-clockwise as the reader sees it."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    x, y = points[:, 0] - centre[0], centre[1] - points[:, 1]  # y up
    return np.column_stack((centre[0] + x * c - y * s, centre[1] - (x * s + y * c)))


def _read_turned(paths: Sequence[Path], atoms: _Atoms, members: list[int], centre: np.ndarray,
                 angle: float) -> tuple[list[Glyph], set[int]] | None:
    """The group's pieces turned by ``-angle`` onto the horizontal, read as a page of their own, and the
    characters read turned back; ``None`` when nothing reads."""
    by_path: dict[int, list[int]] = {}
    for a in members:
        by_path.setdefault(int(atoms.path[a]), []).append(a)
    turned: list[Path] = []
    for pi, pieces in sorted(by_path.items()):
        p = paths[pi]
        shape: list[str] = []
        coords: list[float] = []
        for a in pieces:
            q = _turn(atoms.points[a], centre, -angle)
            shape.append("m" + "l" * (len(q) - 1) + ("h" if p.fill else ""))
            coords.extend(q.ravel().tolist())
        xy = np.asarray(coords).reshape(-1, 2)
        turned.append(Path.packed(id=p.id, shape="".join(shape), coords=coords, first_segment=0, stroke=p.stroke,
                                  fill=p.fill, evenodd=p.evenodd, line_width=p.line_width, dash=None,
                                  stroke_color=p.stroke_color, fill_color=p.fill_color,
                                  bbox=BBox(float(xy[:, 0].min()), float(xy[:, 1].min()), float(xy[:, 0].max()), float(xy[:, 1].max()))))
    read = _recover([], turned, angled=False)
    # linework at an angle reads as bars and rings (``//``, ``II=``, ``00``) or as unsure letters: a group is text
    # when every shape read, two or more of them letters or figures other than bars, surely on average
    chars = [g for g in read.glyphs if g.text.strip()]
    if sum(1 for g in chars if g.text.isalnum() and g.text not in BARS) < 2 \
            or any(g.text == REPLACEMENT_CHARACTER for g in chars) \
            or sum(g.confidence for g in chars) < ANGLED_CONFIDENCE * len(chars):
        return None
    back: list[Glyph] = []
    for g in read.glyphs:
        direction = round((g.direction + angle) % 360.0, 1)
        ox, oy = (float(v) for v in _turn(np.array([g.origin], dtype=np.float64), centre, angle)[0])
        corners = _turn(np.array([(g.bbox.x0, g.bbox.top), (g.bbox.x1, g.bbox.top), (g.bbox.x0, g.bbox.bottom),
                                  (g.bbox.x1, g.bbox.bottom)], dtype=np.float64), centre, angle)
        ox, oy = round(ox, 4), round(oy, 4)
        back.append(replace(g, origin=(ox, oy), bbox=BBox.from_points([(float(x), float(y)) for x, y in corners]),
                            direction=direction, upright=False, matrix=_matrix(direction, g.size, ox, oy)))
    # a path is text when every piece of it was in the group and read (its pieces all in the turned copy's text)
    whole = {pi for pi, pieces in by_path.items() if len(pieces) >= atoms.per_path[pi]}
    ids = {paths[pi].id for pi in whole} & set(read.text_paths)
    return back, ids


def _straight(atoms: _Atoms, a: int) -> bool:
    """Whether an atom is one stroked straight piece (two points)."""
    return not atoms.filled[a] and len(atoms.points[a]) == 2


def _bare_pieces(chars: list[list[int]], comps: list[list[int]], atoms: _Atoms) -> bool:
    """Whether every character of a line is one stroked straight piece (two points)."""
    for ch in chars:
        pieces = [a for c in ch for a in comps[c]]
        if len(pieces) != 1 or not _straight(atoms, pieces[0]):
            return False
    return True


def _stroke_fields(lines: list[tuple[int, list[list[int]]]], cbox: np.ndarray, comps: list[list[int]],
                   atoms: _Atoms) -> set[int]:
    """The lines (by index) of two or three bare strokes (:func:`_bare_pieces`) that lie in a field of such
    lines: among the lines within :data:`FIELD_REACH` times their box's smaller side around them, at least
    :data:`FIELD_MIN` others are bare strokes, and they are :data:`FIELD_SHARE` of them or more. Hatching,
    stacked dashed lines and tick rows chain into short columns of two or three strokes between their rows,
    which read as ``l\\`` (a page of 100 000 separate strokes read 60 000 such glyphs); the two or three
    strokes of real text (``1/1``, ``II``) stand among words of other shapes, or alone."""
    bare = np.array([_bare_pieces(chars, comps, atoms) for _d, chars in lines], dtype=bool)
    few = [i for i, (_d, chars) in enumerate(lines) if bare[i] and 1 < len(chars) < 4]
    if not few:
        return set()
    boxes = np.array([[cbox[cs, 0].min(), cbox[cs, 1].min(), cbox[cs, 2].max(), cbox[cs, 3].max()]
                      for _d, chars in lines for cs in [[c for ch in chars for c in ch]]], dtype=np.float64)
    index = BoxIndex.from_arrays(np.arange(len(lines)), boxes)
    out: set[int] = set()
    for i in few:
        x0, y0, x1, y1 = boxes[i].tolist()
        reach = FIELD_REACH * min(x1 - x0, y1 - y0)
        near = np.asarray(index.intersection(BBox(x0 - reach, y0 - reach, x1 + reach, y1 + reach)), dtype=np.int64)
        near = near[near != i]
        n_bare = int(bare[near].sum())
        if n_bare >= FIELD_MIN and n_bare >= FIELD_SHARE * len(near):
            out.add(i)
    return out


#: lines read once while the margin columns are asked, for the page's reading loop: (direction, characters) ->
#: the reading and the shapes it left unread
_PreRead = dict[tuple[int, tuple[tuple[int, ...], ...]], tuple[_Line | None, dict[tuple[object, ...], np.ndarray]]]


def _line_key(d: int, chars: list[list[int]]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A line's key in :data:`_PreRead`: its direction and characters."""
    return d, tuple(tuple(ch) for ch in chars)


#: a horizontal line takes back shapes from a turned run that does not read when its read characters match their
#: templates this closely on average (linework the lexicon forced into a word, ``tit`` at 0.5, is not asked)
MARGIN_ROW_DISTANCE = 0.35


def _margin_columns(columns: list[list[int]], settled: set[int], horizontal_chain: dict[int, list[int]],
                    cbox: np.ndarray, comps: list[list[int]], atoms: _Atoms,
                    pre_read: _PreRead) -> set[int]:
    """The shapes set to read turned (chained into ``columns``) that belong to no turned line: a turned run that
    reads neither way down (:func:`_read_line` gives nothing), whose shapes also chain along a horizontal line of
    two shapes or more that reads them.
    The first letters of a left-aligned note's lines chain down its margin longer than along a short first word
    (``LCD`` over ``LED`` over ``with``), and were left unread; each is a letter of its horizontal line. Shapes
    whose way is known (a stroke font's glyph one way up only, a hidden line over them) are not asked. Each line
    read here is kept in ``pre_read`` (direction and characters -> the reading and its unread shapes) for the
    page's reading loop, which reads the same lines the same way."""

    def read(d: int, chars: list[list[int]]) -> _Line | None:
        key = _line_key(d, chars)
        if key not in pre_read:
            adapt = _Adapt()
            pre_read[key] = (_read_line(d, chars, comps, cbox, atoms, adapt), adapt.unread)
        return pre_read[key][0]

    fb = _page_frames(90, cbox)
    fb0 = _page_frames(0, cbox)
    flip: set[int] = set()
    rows: dict[int, set[int]] = {}  # a horizontal chain (by its first shape) -> its shapes read upright
    for column in columns:
        along = [c for c in column if c not in settled and len(horizontal_chain.get(c, ())) >= 2]
        if not along:
            continue
        for chars in _split_sizes(fb, _characters(fb, column)):
            if len(chars) < 2 or _bare_stroke(chars, comps, atoms):
                continue
            mine = {c for ch in chars for c in ch}.intersection(along)
            if not mine or read(90, chars) is not None:
                continue
            # each flipped only where its horizontal line reads it, closely (a turned pin number that other
            # passes read alone stays turned; MARGIN_ROW_DISTANCE)
            for c in sorted(mine):
                row = horizontal_chain[c]
                if row[0] not in rows:
                    line = read(0, _characters(fb0, row))
                    sure = line is not None and _mean_distance([r for t, r in zip(line.texts, line.reads, strict=True)
                                                                if t is not None]) <= MARGIN_ROW_DISTANCE
                    rows[row[0]] = set() if line is None or not sure else \
                        {s for ch, t in zip(line.chars, line.texts, strict=True) if t is not None for s in ch}
                if c in rows[row[0]]:
                    flip.add(c)
    return flip


def _bare_stroke(chars: list[list[int]], comps: list[list[int]], atoms: _Atoms) -> bool:
    """Whether a line is one character, or four or more, each of one stroked straight piece (two points): it
    can read only as bars, dashes and slashes (hatching, ticks, a dashed line's pieces), never as a word. Two
    or three such characters may be text (``1/1`` where a face's figure one is a plain bar)."""
    return not 1 < len(chars) < 4 and _bare_pieces(chars, comps, atoms)


def _lone_capital_bars(lines: list[tuple[int, list[list[int]], _Line | None]], cbox: np.ndarray,
                       comps: list[list[int]], atoms: _Atoms, page_slant: float = 0.0) -> dict[int, _Line]:
    """Lines (by index, each with its reading) that are one upright (or slanted) bar standing over or under a
    line of text read on the page, exactly as high as that line's capitals and digits: a capital ``I`` (an
    interlock diamond's letter over its number), which alone matches ``I``, ``l``, ``|`` and ``1`` alike. The
    bar is drawn as that line is: a filled bar, or a stroke of the pen the line's stroke-font characters
    are drawn with (an AutoCAD interlock's ``I``). A bar of the ascenders' height (``l``, a little taller
    in most fonts), or a stroke beside filled lettering or of another pen (a pin, a tick), is left as
    linework. A bar leans by the slant it was read at, or by ``page_slant`` when it was not read."""
    # direction, u0, u1, v0, v1, capitals' height (None: figures only), figures' height, the pen of its strokes
    # (0: drawn filled)
    found: list[tuple[int, float, float, float, float, float | None, float, float]] = []
    figure_ratio: list[float] = []  # capitals' height over figures' on lines that have both
    for _d, _c, ln in lines:
        if ln is None or all(t is None or t in BARS for t in ln.texts):
            continue
        fb = _page_frames(ln.direction, cbox)
        allc = [c for ch in ln.chars for c in ch]
        pens = [float(atoms.pen[a]) for c in allc for a in comps[c]]
        pen = float(np.median(pens)) if all(ln.stroked) and min(pens) > 0 else 0.0
        # (a round character of an outline font overshoots the capital height a little at a round end: 3 and
        # O at both; a stroke font's centre lines stop at it)
        hs = [(float(max(fb[c, 3] for c in ch) - min(fb[c, 1] for c in ch))
               / (1.0 if pen else 1.03 if t in "03689CGOQS" else 1.015 if t in "25JU" else 1.0), t.isdigit())
              for ch, t in zip(ln.chars, ln.texts, strict=True) if t is not None and (t.isdigit() or t in _CAP_REF and t.isupper())]
        if not hs:
            continue
        caps = [h for h, digit in hs if not digit]
        figures = [h for h, digit in hs if digit]
        found.append((ln.direction, float(fb[allc, 0].min()), float(fb[allc, 2].max()), float(fb[allc, 1].min()),
                      float(fb[allc, 3].max()), float(np.median(caps)) if caps else None,
                      float(np.median(figures)) if figures else 0.0, pen))
        if caps and figures:
            figure_ratio.append(float(np.median(caps) / np.median(figures)))
    out: dict[int, _Line] = {}
    if not found:
        return out
    # a line of figures only tells the capitals' height through the face's proportion of capitals to
    # figures, learnt from the page's lines that have both (FreeSans' figures stand 3 % under its capitals)
    ratio = float(np.median(figure_ratio)) if figure_ratio else 1.0
    ratio = ratio if 0.9 <= ratio <= 1.1 else 1.0
    # direction, u0, u1, v0, v1, capitals' height, pen
    refs = [(d, u0, u1, v0, v1, caps if caps is not None else figures * ratio, pen)
            for d, u0, u1, v0, v1, caps, figures, pen in found]
    # per direction, each reference line's box widened by its capital height above and below
    index = {d: BoxIndex((k, BBox(r[1], r[3] - r[5], r[2], r[4] + r[5])) for k, r in enumerate(refs) if r[0] == d)
             for d in {r[0] for r in refs}}
    for i, (d, chars, ln) in enumerate(lines):
        if len(chars) != 1 or (ln is not None and not all(t is None or t in "lI|1" for t in ln.texts)):
            continue
        ch = chars[0]
        atoms_of = [a for c in ch for a in comps[c]]
        filled = all(atoms.filled[a] for a in atoms_of)
        pen = float(atoms.pen[atoms_of[0]]) if not any(atoms.filled[a] for a in atoms_of) else 0.0
        if not filled and (pen <= 0 or any(abs(float(atoms.pen[a]) - pen) > 1e-6 for a in atoms_of)):
            continue  # part filled, part stroked: no bar
        # a bar reads the same either way up: the reference line may run either way along its direction
        for dd in sorted({d, (d + 180) % 360} & index.keys()):
            fb = _page_frames(dd, cbox)
            u0, u1 = float(fb[ch, 0].min()), float(fb[ch, 2].max())
            v0, v1 = float(fb[ch, 1].min()), float(fb[ch, 3].max())
            h = v1 - v0
            # (a bar read at a slant is as wide as its stroke and its lean: the lean is not its width)
            lean = abs(ln.slant if ln is not None else page_slant) * h
            if h < 4 * max(u1 - u0 - lean, 0.0):
                break
            uc = (u0 + u1) / 2
            for k in sorted(index[dd].intersection(BBox(uc, v0, uc, v1))):
                _rd, r0, r1, w0, w1, cap, ref_pen = refs[k]
                if not filled and not (ref_pen > 0 and abs(pen - ref_pen) <= 0.25 * ref_pen):
                    continue  # a stroke beside filled lettering, or of another pen: a pin, a tick, a wire's end
                gap = max(w0 - v1, v0 - w1)
                if r0 <= uc <= r1 and 0 <= gap <= cap and abs(h - cap) <= LONE_I_HEIGHT * cap:
                    read = _Read("I", "I", 0.0, 0.0, LONE_I_CONFIDENCE, {}, how="page")
                    out[i] = _Line(dd, chars, ["I"], [read], [not filled], [False], [(u0, u1)], v0, h / CAP_EM, 0.0)
                    break
            if i in out:
                break
    return out


def _along_pending(line: _Line, cbox: np.ndarray, pending: list[tuple[list[Glyph], list[BBox], int, str]]) -> bool:
    """Whether a read line (its characters read) runs along a hidden line not taken: the same way, on that
    line's band (half the lower one's height or more), and at most 1.5 times as high as the copy (a pin
    number's copy does not vouch for a taller line). A short reading (:data:`SHORT_READ` characters or
    fewer) must also be spelled in that copy: a symbol's bars and box beside a reference read ``lol``."""
    allc = [c for ch, t in zip(line.chars, line.texts, strict=True) if t is not None for c in ch]  # (the shapes read)
    if not allc:
        return False
    read = "".join(t for t in line.texts if t is not None)
    box = BBox(float(cbox[allc, 0].min()), float(cbox[allc, 1].min()), float(cbox[allc, 2].max()), float(cbox[allc, 3].max()))
    def spans(b: BBox, upright: bool) -> tuple[float, float, float, float]:
        """(along0, along1, across0, across1) of a box for a line running upright or turned."""
        return (b.x0, b.x1, b.top, b.bottom) if upright else (b.top, b.bottom, b.x0, b.x1)

    for lg, boxes, d, _why in pending:
        if len(read) <= SHORT_READ and read.lower() not in "".join(g.text for g in lg).lower():
            continue
        if d % 180 != line.direction % 180:
            continue
        upright = d % 180 == 0
        a0, a1, c0, c1 = spans(box, upright)
        w0, w1, _w2, _w3 = spans(boxes[0], upright)
        _o0, _o1, o0, o1 = spans(boxes[-1], upright)
        high, own_high = c1 - c0, o1 - o0
        if min(a1, w1) - max(a0, w0) > 0 and min(c1, o1) - max(c0, o0) >= 0.5 * min(high, own_high) \
                and high <= 1.5 * own_high:
            return True
    return False


def _serifed_capital_i(line: _Line, cbox: np.ndarray) -> bool:
    """A line that is one ``I`` with serifs (a monospaced or serif face): read as ``I`` with a clear margin
    over ``1`` and ``l``, and at least :data:`SERIF_I_WIDTH` as wide as high, so no bare stroke."""
    if len(line.texts) != 1 or line.texts[0] != "I":
        return False
    r = line.reads[0]
    others = [v for k, v in r.alts.items() if k in "1l|"]
    fb = _page_frames(line.direction, cbox)
    ch = line.chars[0]
    w = float(fb[ch, 2].max() - fb[ch, 0].min())
    h = float(fb[ch, 3].max() - fb[ch, 1].min())
    return r.how == "shape" and bool(others) and min(others) - r.distance >= SERIF_I_MARGIN and h > 0 and w >= SERIF_I_WIDTH * h


#: a line read from characters stroked one path each beside a text layer stands when at least this share of its
#: characters read ...
LOOSE_READ = 0.8
#: ... (a character matched farther than this from its template counting as unread: what the lexicon or the page
#: forced onto a shape like no character, a board's pads read ``DODO`` at 0.6-0.7; AutoCAD's SHX figures match at
#: 0.1-0.3) ...
LOOSE_SURE = 0.6
#: ... its read characters match their templates this closely on average ...
LOOSE_DISTANCE = 0.45
#: ... and when the page's lines that stand hold this many different letters and figures between them (a board's
#: pads read ``O``, ``D`` and ``0``; a dimensioned plan's values use most of the ten figures)
LOOSE_VARIETY = 6


def _loose_runs(lines: list[_Line | None]) -> set[int]:
    """Of the lines read from characters stroked one path each beside a text layer, the ones that are text (by
    index). That pass picks every stroked glyph-sized shape in runs, and a board's pads, a connector's pins and
    hatching come in runs too; what they read as is no text: lone characters and marks, one letter repeated, a
    word the lexicon forced onto shapes that match nothing closely. A line stands when it holds two letters or
    figures of at least two kinds, no more marks than letters and figures, :data:`LOOSE_READ` of it read and
    its characters within :data:`LOOSE_DISTANCE` of their templates on average (a character read farther than
    :data:`LOOSE_SURE` counting as unread); and all stand or fall together by the page's variety
    (:data:`LOOSE_VARIETY`).

    >>> from types import SimpleNamespace as N
    >>> rd = N(distance=0.2)
    >>> line = lambda s: N(texts=list(s), reads=[rd] * len(s))
    >>> sorted(_loose_runs([line("OD"), line("D0D"), line("ODDO"), line("OO"), None]))  # a board's pads
    []
    >>> sorted(_loose_runs([line("10000"), line("5750"), line("1200"), line("390"), line("4-8"), line("OO"), line("-"), None]))
    [0, 1, 2, 3, 4]
    """
    kept: set[int] = set()
    variety: set[str] = set()
    for i, ln in enumerate(lines):
        if ln is None:
            continue
        read = [(t, r) for t, r in zip(ln.texts, ln.reads) if t is not None and r.distance <= LOOSE_SURE]
        alnum = [t for t, _r in read if t.isalnum()]
        if (len(alnum) < 2 or len(set(alnum)) < 2 or 2 * len(alnum) < len(read) or len(read) < LOOSE_READ * len(ln.texts)
                or sum(r.distance for _t, r in read) > LOOSE_DISTANCE * len(read)):
            continue
        kept.add(i)
        variety.update(alnum)
    return kept if len(variety) >= LOOSE_VARIETY else set()


def _repeated_shape(line: _Line) -> bool:
    """A stroked row of one shape read as one character by the templates alone: linework (pads, holes and
    resistor bodies read ``0000``, a PCB drawing's rows of drill crosses ``++++``; two closed loops ``00``
    already, any other character from three on). A known stroke font's glyphs (read ``exact``) are text
    however they repeat; filled outlines (``11`` as a dimension) are never judged so."""
    texts = [t for t in line.texts if t is not None]
    return (len(texts) >= 2 and len(set(texts)) == 1 and (len(texts) >= 3 or texts[0] in "0Oo")
            and all(line.stroked) and not any(r.how == "exact" for r in line.reads))


def _glyph_directions(free: np.ndarray, comps: list[list[int]], atoms: _Atoms) -> dict[int, int]:
    """Stroked components that are a known stroke font's glyph (:func:`glyph_shape`) read one way only:
    component -> 0 (upright) or 90 (turned either way)."""
    out: dict[int, int] = {}
    for c in free.tolist():
        comp = comps[c]
        if len(comp) > 12 or atoms.filled[comp].any():
            continue  # more pieces than a glyph has strokes, or filled: no stroke-font glyph
        if sum(len(atoms.points[a]) - 1 for a in comp) < SHAPE_SEGMENTS:
            continue  # a bare line or corner: glyph_shape answers None whichever way it is turned
        ways = set()
        for d in (0, 90, 270):
            strokes = [np.column_stack(to_frame(d, atoms.points[a][:, 0], atoms.points[a][:, 1])) for a in comp]
            if glyph_shape(strokes) is not None:
                ways.add(0 if d == 0 else 90)
        if len(ways) == 1:
            out[c] = ways.pop()
    return out


def _character_sized(ch: list[int], fb: np.ndarray, em: float, baseline: float) -> bool:
    """A shape that fits a character cell of its line (at most 1.2 em wide: a bold ``W`` or ``O`` reaches an
    em, and the em of a line is guessed from its capitals; from a descender's depth to above the capitals):
    linework touching the text (a symbol's side) is larger and is no unread character."""
    u0, v0 = float(min(fb[c, 0] for c in ch)), float(min(fb[c, 1] for c in ch))
    u1, v1 = float(max(fb[c, 2] for c in ch)), float(max(fb[c, 3] for c in ch))
    return u1 - u0 <= 1.2 * em and v0 >= baseline - 0.35 * em and v1 <= baseline + 1.0 * em


def _unread_in_words(texts: list[str | None], spaces: list[bool], cells: list[tuple[float, float]], em: float,
                     stroked: Sequence[bool] = ()) -> list[int]:
    """The unread characters of a line inside a word: a read character on both sides, and every gap from the
    one to the other at letter spacing (no wider than :data:`SPACE_MIN` em, or 1.3 times the line's median gap
    between characters it did not break, up to :data:`SPACE_MAX` em; a wider gap may be a word break the
    line's spacing did not tell). Also filled outlines at a word's start or end (at most
    :data:`EDGE_UNREAD` of them), at letter spacing from a letter or digit of the word: dropped, ``Wire``
    would read ``ire``. (Not strokes: stroked text sits beside stroked linework of its own pen, a pin's
    stub at a pin name; on the tuned KiCad sheets keeping those added false characters.)

    >>> cells = [(0.0, 5.0), (6.0, 11.0), (12.0, 17.0), (18.0, 23.0), (24.0, 29.0), (40.0, 45.0), (46.0, 51.0)]
    >>> _unread_in_words(["4", None, None, "3", None, " ", None], [False] * 7, cells, 10.0)
    [1, 2, 4]
    >>> _unread_in_words([None, "i", "r", "e", None], [False, False, False, True, False], cells[:5], 10.0)
    [0]

    A font set wide (``A r t i k e l``, gaps of 0.3 em): its unread letters are inside the word too

    >>> wide = [(0.0, 5.0), (8.0, 13.0), (16.0, 21.0), (24.0, 29.0), (32.0, 37.0)]
    >>> _unread_in_words(["A", None, "t", "i", "e"], [False] * 5, wide, 10.0)
    [1]
    """
    out: list[int] = []
    start = 0
    # letter spacing: SPACE_MIN em, or the line's own (a font set wide, "A r t i k e l"), the median gap between
    # characters the line did not break, up to SPACE_MAX em
    gaps = sorted(cells[j + 1][0] - cells[j][1] for j in range(len(texts) - 1) if not spaces[j])
    tight = max(SPACE_MIN, min(SPACE_MAX, 1.3 * gaps[len(gaps) // 2] / em)) if gaps and em > 0 else SPACE_MIN
    for end in range(len(texts)):
        # a word: characters with no break between them and every gap at letter spacing
        if end + 1 < len(texts) and not spaces[end] and cells[end + 1][0] - cells[end][1] <= tight * em:
            continue
        read = [j for j in range(start, end + 1) if texts[j] is not None]
        for k in range(start, end + 1):
            if texts[k] is not None or not read:
                continue
            if read[0] < k < read[-1]:
                out.append(k)
            elif not (k < len(stroked) and stroked[k]):
                near = read[0] if k < read[0] else read[-1]
                if abs(near - k) <= EDGE_UNREAD and (texts[near] or "").isalnum():
                    out.append(k)
        start = end + 1
    return out


def _page_shapes(lines: list[_Line], unread: dict[tuple[object, ...], np.ndarray]) -> dict[tuple[object, ...], str]:
    """What the page teaches about the shapes it left unread: a font repeats its shapes, so an unread shape
    that is the same as one read surely elsewhere on the page (by its own match or as a lexicon word) is that
    character. The same: its distances to every character (size and place on the line included) within
    :data:`PAGE_MATCH` on average of the sure shape's, and the nearest sure shape of another character
    PAGE_MATCH farther. A shape read as characters of different confusable groups teaches nothing, nor do
    bars and dots (what linework reads as: a pin stroke beside a word is no ``l``) and lines of nothing else.
    Returns unread shape key -> character."""
    votes: dict[tuple[object, ...], dict[str, int]] = {}
    profile: dict[tuple[object, ...], np.ndarray] = {}
    for ln in lines:
        if all(t is None or t in BARS for t in ln.texts):
            continue
        for r in ln.reads:
            if r.how in ("shape", "lexicon") and r.key is not None and r.text and r.text not in BARS and r.per is not None:
                v = votes.setdefault(r.key, {})
                v[r.text] = v.get(r.text, 0) + 1
                profile.setdefault(r.key, r.per)
    sure = [(key, max(sorted(v), key=lambda t: v[t])) for key, v in votes.items() if len({_GROUP.get(t, t) for t in v}) == 1]
    out = {key: t for key, t in sure if key in unread}
    todo = [key for key in unread if key not in votes]
    if not sure or not todo:
        return out
    known = np.stack([profile[key] for key, _t in sure])
    labels = [t for _key, t in sure]
    group = np.array([_GROUP.get(t, t) for t in labels])
    for start in range(0, len(todo), 256):
        keys = todo[start:start + 256]
        gap = np.abs(np.stack([unread[k] for k in keys])[:, None, :] - known[None, :, :]).mean(axis=2)
        for row, key in enumerate(keys):
            j = int(np.argmin(gap[row]))
            other = gap[row][group != group[j]]
            if gap[row, j] <= PAGE_MATCH and (len(other) == 0 or float(other.min()) >= gap[row, j] + PAGE_MATCH):
                out[key] = labels[j]
    return out


def _tail(inside: list[int], fb: np.ndarray, d: int, cidx: BoxIndex, used: np.ndarray, size: float,
          most: int | None = None, backward: bool = False, reach: float = TAIL_REACH) -> list[int]:
    """Drawn characters that continue a taken hidden line past its box (the drawing's metrics are wider than
    the copy's): character-sized components on its band, each within :data:`TAIL_GAP` sizes of the last, no
    farther than ``reach`` sizes in all (at most ``most`` of them; ``backward``: before its start, as
    right-aligned text runs past it)."""
    v0, v1 = float(fb[inside, 1].min()), float(fb[inside, 3].max())
    u0 = float(fb[inside, 0].min())
    u1 = float(fb[inside, 2].max())
    start, end = u0, u1
    mine = set(inside)
    out: list[int] = []
    while True:
        span = (u0 - TAIL_GAP * size, u0) if backward else (u1, u1 + TAIL_GAP * size)
        near = BBox.from_points([from_frame(d, uu, vv) for uu in span for vv in (v0, v1)])
        nxt = [c for c in cidx.intersection(near) if c not in mine and not used[c]
               and (fb[c, 2] <= u0 + 0.05 * size if backward else fb[c, 0] >= u1 - 0.05 * size)
               and min(fb[c, 3], v1) - max(fb[c, 1], v0) >= 0.5 * (fb[c, 3] - fb[c, 1])
               and fb[c, 3] - fb[c, 1] <= 1.2 * (v1 - v0)]
        if not nxt:
            return out
        c = max(nxt, key=lambda k: float(fb[k, 2])) if backward else min(nxt, key=lambda k: float(fb[k, 0]))
        if most is not None:  # each component lies wholly past the last: one more character
            if most <= 0:
                return out
            most -= 1
        out.append(c)
        mine.add(c)
        u0, u1 = min(u0, float(fb[c, 0])), max(u1, float(fb[c, 2]))
        if (start - u0) + (u1 - end) > reach * size:  # a few characters at most: the copy's metrics differ, they are not a second text
            return out


def _confirmed_hidden(pending: list[tuple[list[Glyph], list[BBox], int, str]], out: list[Glyph], result: DrawnText) -> list[Glyph]:
    """Hidden lines the shapes under them confirm by reading: where the characters recognised there are, in
    order, the hidden text's (at most :data:`CONFIRM_EXTRA` of them not, at least :data:`CONFIRM_SHARE` of the
    hidden text found: a dot too small to read, a character left unread), the hidden text replaces them (the
    exporter's own text, drawn in other metrics than its copy). An id layer over a label spells other
    characters and is refused."""
    index = BoxIndex((k, g.bbox) for k, g in enumerate(out))
    lines = BoxIndex((i, boxes[-1]) for i, (_, boxes, _, _) in enumerate(pending))  # each line's own (narrow) box
    dropped: set[int] = set()
    extra: list[Glyph] = []
    for n, (lg, boxes, d, why) in enumerate(pending):
        want = "".join(g.text for g in lg)
        under: list[int] = []
        for box in boxes:  # the drawn text may run past the copy's box (wider metrics): first a wide box
            under = [k for k in index.intersection(box) if k not in dropped and box.contains_point(out[k].bbox.center)
                     and out[k].source is not UnicodeSource.HIDDEN_LAYER]
            along = {k: float(_glyph_frames(d, [out[k]])[0, 0])
                     for k in under}
            read = "".join(out[k].text for k in sorted(under, key=lambda k: along[k]) if out[k].text.strip())
            # (look-alikes count as the copy's: the copy settles whether a round shape in ``1.000`` is O or 0)
            common = _common(_folded(read), _folded(want))
            # the characters read there are (nearly all) the hidden text's, in its order; some may be unread
            if read and len(read) - common <= CONFIRM_EXTRA * len(read) and common >= CONFIRM_SHARE * len(want):
                break
            under = []
        if not under:
            continue
        others = [pending[i][1][-1] for i in lines.intersection(BBox.union_all(out[k].bbox for k in under).expand(3 * lg[0].size))
                  if i != n]
        # the hidden characters not found under the box (``common`` was counted on them in reading order)
        under += _read_tail(out, index, under, dropped, d, len(want) - common, others)
        for k in under:
            dropped.add(k)
            if out[k].text.strip():
                if out[k].source is UnicodeSource.STROKE_MATCH:
                    result.stroke -= 1
                else:
                    result.outline -= 1
        colour = out[under[0]].fill_color
        # placed where the characters read are (the copy's metrics differ from the drawing's)
        spans = _glyph_frames(d, lg)
        seen = [k for k in under if out[k].text.strip()]
        drawn = _glyph_frames(d, [out[k] for k in seen])
        # only when the line's first and last characters were read there (else the read extent falls short)
        ends = (out[seen[int(np.argmin(drawn[:, 0]))]].text, out[seen[int(np.argmax(drawn[:, 2]))]].text) if seen else ("", "")
        fit = _fit(float(spans[:, 0].min()), float(spans[:, 2].max()), float(drawn[:, 0].min()), float(drawn[:, 2].max())) \
            if ends == (want[0], want[-1]) else None
        made: dict[str, Any] = {"render_mode": 0, "source": UnicodeSource.HIDDEN_LAYER, "confidence": 0.9, "fill_color": colour,
                "stroke_color": None}
        extra.extend([replace(g, **made) for g in lg] if fit is None else _moved(lg, d, fit, None, made))
        result.hidden += len(lg)
        result.disagreements -= 1
        result.why[why] -= 1
        result.confirmed += 1
    return [g for k, g in enumerate(out) if k not in dropped] + extra


def _read_tail(out: list[Glyph], index: BoxIndex, under: list[int], dropped: set[int], d: int, missing: int,
               others: Sequence[BBox] = ()) -> list[int]:
    """Recognised characters continuing a confirmed hidden line past its wide box: the drawing's metrics run
    wider than the copy's by a share of the line's length, so a long line's last characters lie beyond any
    fixed margin. Taken along the band while each starts within :data:`TAIL_GAP` sizes of the one before,
    at most ``missing`` of them (the hidden characters not yet found under the box), none lying in ``others``
    (the boxes of other hidden lines: their own characters)."""
    if missing <= 0:
        return []
    fb = {k: _glyph_frames(d, [out[k]])[0]
          for k in under}
    v0 = float(min(b[1] for b in fb.values()))
    v1 = float(max(b[3] for b in fb.values()))
    size = max(out[k].size for k in under)
    u1 = float(max(b[2] for b in fb.values()))
    mine = set(under)
    taken: list[int] = []
    while len([k for k in taken if out[k].text.strip()]) < missing:
        near = BBox.from_points([from_frame(d, uu, vv) for uu in (u1, u1 + TAIL_GAP * size + 0.5 * size) for vv in (v0, v1)])
        nxt = []
        for k in index.intersection(near):
            if k in mine or k in dropped or out[k].source is UnicodeSource.HIDDEN_LAYER \
                    or any(o.contains_point(out[k].bbox.center) for o in others):
                continue
            b = _glyph_frames(d, [out[k]])[0]
            if b[0] >= u1 - 0.05 * size and b[0] - u1 <= TAIL_GAP * size and min(b[3], v1) - max(b[1], v0) >= 0.5 * (b[3] - b[1]):
                nxt.append((float(b[0]), k, float(b[2])))
        if not nxt:
            break
        _, k, end = min(nxt)
        taken.append(k)
        mine.add(k)
        u1 = max(u1, end)
    return taken


def _folded(text: str) -> str:
    """``text`` with each look-alike (:data:`CONFUSABLE`) written as the first of its group.

    >>> _folded("1.OOO mm") == _folded("1.000 mm"), _folded("Il")
    (True, '11')
    """
    return "".join(_GROUP.get(c, c)[0] for c in text)


def _common(a: str, b: str) -> int:
    """The length of the longest common subsequence of ``a`` and ``b``."""
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0]
        for j, cb in enumerate(b, 1):
            cur.append(prev[j - 1] + 1 if ca == cb else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def _ids(paths: Sequence[Path], rows: Iterable[int]) -> list[int]:
    """The ids of ``paths[i]`` for the ``rows`` (a path table's without making its paths)."""
    return paths.ids(rows) if isinstance(paths, PathTable) else [paths[i].id for i in rows]


def _text_paths(consumed_atoms: list[int], atoms: _Atoms) -> frozenset[int]:
    """The paths all of whose subpaths became text."""
    count = np.bincount(atoms.path[np.asarray(consumed_atoms, dtype=np.int64)], minlength=len(atoms.per_path))
    return frozenset(np.flatnonzero((count > 0) & (count >= atoms.per_path)).tolist())


def _hidden_matches(hidden: list[Glyph], inside: list[int], fb: np.ndarray, d: int, cidx: BoxIndex, used: np.ndarray,
                    size: float, comps: list[list[int]], atoms: _Atoms,
                    stretch: tuple[float, float, float, float] | None = None) -> str:
    """Whether a hidden text line spells the drawn shapes under it: nearly every hidden character lies over
    drawn strokes or outlines, nearly no drawn piece lies outside the hidden characters, and the drawn line
    does not go on beyond the hidden one (an id layer such as Altium's ``PAJ903`` over part of a label is not
    the label). Pieces are matched by place, so drawn characters that touch each other do not matter.
    Answers ``""`` when it does, else the reason it does not (``size``, ``cover``, ``stray``, ``goes_on``)."""
    pieces = [a for c in inside for a in comps[c]]
    pb = _frame_boxes(d, atoms.boxes[pieces])
    ink = float(pb[:, 3].max() - pb[:, 1].min())
    if not HIDDEN_SIZE[0] * size <= ink <= HIDDEN_SIZE[1] * size:
        return "size"  # drawn at another size than the hidden text says
    centres = (pb[:, 0] + pb[:, 2]) / 2
    spans = _glyph_frames(d, hidden)
    # the drawn line runs wider or narrower than its copy (other metrics): with ``stretch`` (:func:`_stretch`)
    # the copy's characters are placed on the drawn line's extent before they are compared
    if stretch is not None:
        spans = spans.copy()
        spans[:, [0, 2]] = _along(spans[:, [0, 2]], stretch)
    width = spans[:, 2] - spans[:, 0]
    lo, hi = spans[:, 0] - 0.2 * width, spans[:, 2] + 0.2 * width
    inked = (centres[None, :] >= lo[:, None]) & (centres[None, :] <= hi[:, None])  # (glyphs, pieces)
    if inked.any(axis=1).sum() < HIDDEN_COVER * len(hidden):
        return "cover"
    if (~inked.any(axis=0)).sum() > 0.2 * len(pieces) + 1:
        return "stray"
    chain = list(inside)
    u0, u1 = float(fb[chain, 0].min()), float(fb[chain, 2].max())
    v0, v1 = float(fb[chain, 1].min()), float(fb[chain, 3].max())
    reach = 0.35 * size  # a character closer than this continues the drawn text
    near = BBox.from_points([from_frame(d, uu, vv) for uu in (u0 - reach, u1 + reach) for vv in (v0, v1)])
    mine = set(inside)
    typical = float(np.median(spans[:, 3] - spans[:, 1])) * CAP_EM
    for c in cidx.intersection(near):
        if c in mine or used[c]:
            continue
        h, w = float(fb[c, 3] - fb[c, 1]), float(fb[c, 2] - fb[c, 0])
        if not (0.5 * typical <= h <= 1.5 * typical and w <= 1.5 * h):
            continue  # not a character: a pin, a wire end, a symbol's outline
        overlap = min(fb[c, 3], v1) - max(fb[c, 1], v0)
        if overlap >= 0.5 * min(h, v1 - v0) and (fb[c, 2] <= u0 or fb[c, 0] >= u1):
            return "goes_on"  # the drawn line goes on past the hidden text
    return ""


def _stretch(hidden: list[Glyph], inside: list[int], d: int, comps: list[list[int]],
             atoms: _Atoms) -> tuple[float, float, float, float] | None:
    """The copy's extent along the line and the drawn pieces' (``h0, h1, i0, i1`` in the frame of ``d``) when
    the drawn line is :data:`HIDDEN_STRETCH` times as long as the copy, else ``None``. Asked only when as
    many drawn characters lie on the line as the copy has (a tenth either way on a long line)."""
    spans = _glyph_frames(d, hidden)
    pb = _frame_boxes(d, atoms.boxes[[a for c in inside for a in comps[c]]])
    return _fit(float(spans[:, 0].min()), float(spans[:, 2].max()), float(pb[:, 0].min()), float(pb[:, 2].max()))


def _fit(h0: float, h1: float, i0: float, i1: float) -> tuple[float, float, float, float] | None:
    """``(h0, h1, i0, i1)`` when the drawn extent ``i0..i1`` is :data:`HIDDEN_STRETCH` times as long as the
    copy's ``h0..h1``, else ``None``."""
    if h1 > h0 and HIDDEN_STRETCH[0] <= (i1 - i0) / (h1 - h0) <= HIDDEN_STRETCH[1]:
        return h0, h1, i0, i1
    return None


def _along(u: np.ndarray, stretch: tuple[float, float, float, float]) -> np.ndarray:
    """Places along the copy's line (``h0..h1``) mapped onto the drawn line's extent (``i0..i1``)."""
    h0, h1, i0, i1 = stretch
    return np.asarray(i0 + (u - h0) * ((i1 - i0) / (h1 - h0)))


def _moved(lg: list[Glyph], d: int, stretch: tuple[float, float, float, float], first_id: int | None,
           made: dict[str, Any]) -> list[Glyph]:
    """Hidden glyphs placed where their characters are drawn: boxes and origins moved along the line from the
    copy's extent ``h0..h1`` onto the drawn one's ``i0..i1`` (the copy's metrics differ from the drawing's);
    across the line nothing moves. They are numbered from ``first_id`` (``None``: keep their ids) and given the
    fields ``made``."""
    h0, h1, i0, i1 = stretch
    k = (i1 - i0) / (h1 - h0)
    fb = _glyph_frames(d, lg)
    ou, ov = to_frame(d, np.array([g.origin[0] for g in lg]), np.array([g.origin[1] for g in lg]))
    u0, u1, uo = _along(fb[:, 0], stretch), _along(fb[:, 2], stretch), _along(ou, stretch)
    out = []
    for n, g in enumerate(lg):
        ox, oy = from_frame(d, float(uo[n]), float(ov[n]))
        a, b, c, e, _x, _y = g.matrix
        box = BBox.from_points([from_frame(d, float(uu), float(vv)) for uu in (u0[n], u1[n]) for vv in (fb[n, 1], fb[n, 3])])
        out.append(replace(g, id=g.id if first_id is None else first_id + n, bbox=box, origin=(ox, oy),
                           matrix=(a, b, c, e, ox, oy), advance=g.advance * k, **made))
    return out


def _copy_gaps(lg: list[Glyph], d: int) -> list[bool]:
    """Whether the copy leaves a gap after each glyph (wider than ``COPY_WORD_GAP`` of its size): its glyphs
    abut within a word."""
    ou, _ov = to_frame(d, np.array([g.origin[0] for g in lg]), np.array([g.origin[1] for g in lg]))
    return [n + 1 < len(lg) and float(ou[n + 1]) - (float(ou[n]) + g.advance) > COPY_WORD_GAP * g.size for n, g in enumerate(lg)]


def _placed_each(lg: list[Glyph], d: int, fb: np.ndarray, drawn: list[list[int]], gaps: list[bool], first_id: int,
                 made: dict[str, Any]) -> list[Glyph]:
    """The copy's glyphs placed one on each drawn character (as many, in order along the line): each spans
    its character, and runs on to the next one unless a space is drawn between them (:func:`_spaces`) or the
    copy left a gap there (``gaps``); in lettering spaced out, where most gaps read as spaces, only the copy's
    gaps break words. They are numbered from ``first_id`` and given the fields ``made``."""
    spans = [(float(min(fb[c, 0] for c in ch)), float(max(fb[c, 2] for c in ch))) for ch in drawn]
    em = float(np.median([g.size for g in lg]))
    texts: list[str | None] = [g.text for g in lg]
    drawn_spaces = _spaces(_cells(drawn, fb, texts, em), em, texts)
    if len(lg) >= 3 and 2 * sum(drawn_spaces[:-1]) > len(lg) - 1:
        # lettering spaced out (more gaps read as spaces than not: ``0 9 / 0 6 / 2 0 1 4``) tells its tracking,
        # not its words: the copy's word breaks stand alone
        spaces = list(gaps)
    else:
        spaces = [a or b for a, b in zip(drawn_spaces, gaps, strict=True)]
    gfb = _glyph_frames(d, lg)
    _ou, ov = to_frame(d, np.array([g.origin[0] for g in lg]), np.array([g.origin[1] for g in lg]))
    out = []
    for n, g in enumerate(lg):
        u0, u1 = spans[n]
        advance = spans[n + 1][0] - u0 if n + 1 < len(lg) and not spaces[n] else u1 - u0
        ox, oy = from_frame(d, u0, float(ov[n]))
        a, b, c, e, _x, _y = g.matrix
        box = BBox.from_points([from_frame(d, uu, float(vv)) for uu in (u0, u0 + max(advance, u1 - u0)) for vv in (gfb[n, 1], gfb[n, 3])])
        out.append(replace(g, id=first_id + n, bbox=box, origin=(ox, oy), matrix=(a, b, c, e, ox, oy), advance=advance,
                           **made))
    return out


def _matrix(direction: float, em: float, ox: float, oy: float) -> tuple[float, float, float, float, float, float]:
    """A synthetic glyph's matrix: the em square along its baseline at ``direction`` degrees (counter-clockwise as
    the reader sees it), its origin at ``(ox, oy)``; the page's four axes exactly."""
    if direction == 0:
        return (em, 0.0, 0.0, -em, ox, oy)
    if direction == 90:
        return (0.0, -em, -em, 0.0, ox, oy)
    if direction == 180:
        return (-em, 0.0, 0.0, em, ox, oy)
    if direction == 270:
        return (0.0, em, em, 0.0, ox, oy)
    c, s = math.cos(math.radians(direction)), math.sin(math.radians(direction))
    return (em * c, -em * s, -em * s, -em * c, ox, oy)


__all__ = ["DrawnText", "MIN_SHAPES", "SHAPES_PER_CHAR", "glyph_sized_shapes", "path_boxes", "recover_drawn_text", "text_looks_drawn"]
