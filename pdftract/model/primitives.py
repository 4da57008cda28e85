"""The primitives a sheet is made of: fonts, glyphs, path segments, paths, images, annotations.

All are frozen, slotted, keyword-only dataclasses holding tuples, never lists,
so they are hashable and cheap. Coordinates are displayed-page points with a
top-left origin (see :mod:`pdftract.geometry`). Each primitive has an integer
``id`` unique within its sheet and kind; results refer to primitives by id.
"""

from __future__ import annotations

import enum
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from operator import index
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from pdftract.geometry import BBox, Matrix, Point, fmt_box

Color = tuple[float, ...]
"""A colour as its components in its colour space (1 gray, 3 RGB, 4 CMYK)."""


class FontSubtype(str, enum.Enum):
    """The PDF font types (``Type0`` covers the CID-keyed composite fonts)."""

    TYPE1 = "Type1"
    MMTYPE1 = "MMType1"
    TRUETYPE = "TrueType"
    TYPE3 = "Type3"
    TYPE0 = "Type0"
    UNKNOWN = "unknown"


class UnicodeSource(str, enum.Enum):
    """How a glyph's Unicode text was obtained.

    ``tounicode``: the font's ToUnicode CMap. ``glyph_name``: the simple-font
    encoding's glyph name through the Adobe Glyph List. ``font_cmap``: the
    embedded TrueType font's own cmap table. ``cid_collection``: a predefined
    CID-to-Unicode table (Adobe-Japan1 ...). ``font_table``: a known symbol font's
    letter table (``n`` in AutoCAD's GD&T fonts is ``⌀``; see
    :mod:`pdftract.ingest.symbols`). ``outline_match``: the glyph's outline in
    the embedded font program matched a reference symbol
    (:mod:`pdftract.ingest.outlines`). ``path_match``: not a glyph of any font
    but vector paths drawn as a symbol, matched the same way (the glyph is
    synthetic, made by :mod:`pdftract.ingest.path_symbols`). ``utf16_string``: a
    string written as UTF-16BE with a byte order mark into a one-byte font (KiCad
    does this for ``≤``, ``Ω``), decoded as such. ``hidden_layer``: visible text drawn as
    shapes whose invisible text copy (render mode 3) lies over it; the glyph is a
    visible copy of the hidden one (:mod:`pdftract.ingest.drawn_text`). ``outline_match``
    also marks a character drawn as a filled outline and read by its shape (font
    ``drawn-outlines``), ``stroke_match`` one drawn with a stroke font (font
    ``drawn-strokes``); both glyphs are synthetic. ``ocr``: read by Tesseract off the
    rendered page (an image-only page, batch OCR route; the glyph box is its share
    of the word's box). ``none``: no mapping; the text is
    U+FFFD and the raw ``code`` is the only information.
    """

    TOUNICODE = "tounicode"
    GLYPH_NAME = "glyph_name"
    FONT_CMAP = "font_cmap"
    CID_COLLECTION = "cid_collection"
    FONT_TABLE = "font_table"
    OUTLINE_MATCH = "outline_match"
    PATH_MATCH = "path_match"
    UTF16_STRING = "utf16_string"
    HIDDEN_LAYER = "hidden_layer"
    STROKE_MATCH = "stroke_match"
    OCR = "ocr"
    NONE = "none"


REPLACEMENT_CHARACTER = "\ufffd"
_SYNTHETIC = frozenset({UnicodeSource.PATH_MATCH, UnicodeSource.STROKE_MATCH, UnicodeSource.HIDDEN_LAYER})


@dataclass(frozen=True, slots=True, kw_only=True)
class Font:
    """One font of the document, shared by all its pages.

    ``id`` is stable for the document: ``"F<n>"`` for the PDF object number
    ``n`` of an indirect font, ``"D<hash>"`` for an inline font dictionary.
    ``unresolved_names`` lists the codes whose ``/Differences`` glyph name has no
    Unicode meaning (``(code, name)`` pairs); glyphs with those codes and no
    ToUnicode entry get U+FFFD and source ``none`` rather than the base
    encoding's letter, which would be a silently wrong character.
    """

    id: str
    name: str
    subtype: FontSubtype
    embedded: bool
    has_tounicode: bool
    encoding: str | None
    vertical: bool = False
    unresolved_names: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Glyph:
    """One painted character.

    Attributes
    ----------
    text:
        Its Unicode text (usually one character; ligatures give more;
        U+FFFD when no mapping exists, see ``source``).
    code:
        The raw character code (the CID for composite fonts).
    font:
        The :class:`Font` id.
    size:
        The effective font size on the page: the font size times the vertical
        scale of the text and graphics matrices, in points.
    bbox:
        Its box on the page (the box around the four transformed corners of the
        glyph cell, so rotated text gets a true box).
    origin:
        The baseline origin of the glyph on the page.
    direction:
        The angle of its baseline in the displayed page, counter-clockwise as
        the reader sees it: 0 reads left to right, 90 bottom to top, 270 top
        to bottom.
    upright:
        True when the glyph reads left to right, horizontal and not mirrored
        (pdfplumber's meaning).
    mirrored:
        True when the glyph is drawn mirrored (a negative-determinant matrix).
    matrix:
        The glyph-space-to-page matrix with the font size applied (the unit
        em square maps onto the glyph cell).
    render_mode:
        The text rendering mode ``Tr`` (0 fill, 1 stroke, 2 fill+stroke,
        3 invisible, 4-7 the same with clipping).
    decoration:
        ``overbar``, ``subscript`` or ``superscript`` where the text's own markup says so (KiCad's
        ``~{RESET}``, ``V_{CC}``, ``x^{2}``: the markup is dropped, the letters keep this flag); else ``None``.
    """

    id: int
    text: str
    code: int
    font: str
    size: float
    bbox: BBox
    origin: Point
    direction: float
    upright: bool
    mirrored: bool
    matrix: Matrix
    advance: float
    fill_color: Color | None
    stroke_color: Color | None
    render_mode: int
    source: UnicodeSource
    confidence: float
    decoration: str | None = None
    #: the optional-content layer (OCG name) it is drawn on, innermost first when nested; ``None`` outside layers
    layer: str | None = None

    @property
    def invisible(self) -> bool:
        """True for text that is not painted (``3 Tr`` or ``7 Tr``), typically a hidden search layer."""
        return self.render_mode in (3, 7)

    @property
    def synthetic(self) -> bool:
        """True for a glyph no text operator painted: a symbol or character read from drawn shapes
        (``path_match``, ``stroke_match``, ``outline_match`` in font ``drawn-outlines``) or the visible copy of
        hidden text lying over drawn shapes (``hidden_layer``). Synthetic glyphs follow the painted ones."""
        return self.source in _SYNTHETIC or self.font == "drawn-outlines"

    def __repr__(self) -> str:
        hidden = " invisible" if self.invisible else ""
        return f"<Glyph {self.id} {self.text!r} {self.font} {self.size:.1f} pt at {fmt_box(self.bbox)} {self.source.value}{hidden}>"

SegmentKind = Literal["move", "line", "curve", "close"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Segment:
    """One piece of a path.

    ``points`` are self-contained: ``move``: ``(p,)``; ``line``: ``(p0, p1)``;
    ``curve``: ``(p0, c1, c2, p3)``, a cubic Bézier with its control points
    (PDF's ``v`` and ``y`` are expanded to full cubics); ``close``: ``(p0, start)``,
    the closing line back to the start of the subpath.
    """

    id: int
    path_id: int
    kind: SegmentKind
    points: tuple[Point, ...]

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[-1]

    @property
    def bbox(self) -> BBox:
        """The box around all points, control points included (a superset of the curve)."""
        return BBox.from_points(self.points)


#: one letter per segment kind in a path's packed form (PDF's own operator letters)
_CODE: dict[str, SegmentKind] = {"m": "move", "l": "line", "c": "curve", "h": "close"}
#: the kinds of a packed path's segments, by its letters (a page repeats few shapes: ``ml``, ``mlllh`` ...)
_KINDS: dict[str, tuple[SegmentKind, ...]] = {}


def _kinds_of(shape: str) -> tuple[SegmentKind, ...]:
    kinds = _KINDS.get(shape)
    if kinds is None:
        kinds = tuple(_CODE[c] for c in shape)
        if len(_KINDS) < 100_000:
            _KINDS[shape] = kinds
    return kinds


def _unpack(shape: str, coords: bytes) -> Iterator[tuple[SegmentKind, tuple[Point, ...]]]:
    """The pieces of a packed path: its kinds and the points each would hold as a :class:`Segment`."""
    v = memoryview(coords).cast("d")
    k = 0
    cur: Point = (0.0, 0.0)
    start = cur
    for code in shape:
        if code == "l":
            p = (v[k], v[k + 1])
            k += 2
            yield "line", (cur, p)
            cur = p
        elif code == "m":
            cur = start = (v[k], v[k + 1])
            k += 2
            yield "move", (cur,)
        elif code == "c":
            c1, c2, p = (v[k], v[k + 1]), (v[k + 2], v[k + 3]), (v[k + 4], v[k + 5])
            k += 6
            yield "curve", (cur, c1, c2, p)
            cur = p
        else:
            yield "close", (cur, start)
            cur = start


@dataclass(frozen=True, slots=True, kw_only=True, init=False, eq=False)
class Path:
    """One painted path (one ``S``/``f``/``B``/... operator): all its subpaths and paint flags.

    ``line_width`` and ``dash`` are in page points (scaled by the graphics
    matrix). ``dash`` is ``(array, phase)`` or ``None`` for a solid line.
    ``is_rect`` marks paths that are one axis-aligned rectangle. ``text_shape``
    marks paths whose every subpath was read back as text (characters drawn as
    outlines or strokes, :mod:`pdftract.ingest.drawn_text`): analyzers never take
    them for rules, leaders or symbols.

    A path read from a page keeps its pieces packed (PDF's operator letters and the points they add,
    as 8-byte floats: about a third of the memory of ``Segment`` objects); ``segments`` makes the
    :class:`Segment` objects on first use and keeps them. ``segment_count``, ``kinds`` and
    :meth:`pieces` answer without making them. A path built with ``segments=...`` holds those as given.

    >>> p = Path.packed(id=0, shape="mlh", coords=(0, 0, 10, 0), first_segment=7, stroke=True, fill=False,
    ...                 evenodd=False, line_width=0.5, dash=None, stroke_color=None, fill_color=None,
    ...                 bbox=BBox(0, 0, 10, 0))
    >>> [(s.id, s.kind, s.points) for s in p.segments]
    [(7, 'move', ((0.0, 0.0),)), (8, 'line', ((0.0, 0.0), (10.0, 0.0))), (9, 'close', ((10.0, 0.0), (0.0, 0.0)))]
    >>> p == Path(id=0, segments=p.segments, stroke=True, fill=False, evenodd=False, line_width=0.5, dash=None,
    ...           stroke_color=None, fill_color=None, bbox=BBox(0, 0, 10, 0))
    True
    """

    id: int
    stroke: bool
    fill: bool
    evenodd: bool
    line_width: float
    dash: tuple[tuple[float, ...], float] | None
    stroke_color: Color | None
    fill_color: Color | None
    bbox: BBox
    is_rect: bool = False
    text_shape: bool = False
    #: the optional-content layer (OCG name) it is drawn on, or ``None``
    layer: str | None = None
    #: the segments as given (a path built with ``segments=``), else ``None``
    _given: tuple[Segment, ...] | None = None
    #: the packed form: one operator letter per segment (``m l c h``) ...
    _shape: str = ""
    #: ... the points they add (``m``, ``l``: one; ``c``: three; ``h``: none) as native 8-byte floats ...
    _coords: bytes = b""
    #: ... and the id of its first segment (the others follow)
    _seg0: int = 0
    #: the segments made from the packed form on first use
    _made: tuple[Segment, ...] | None = field(default=None, init=False)

    def __init__(
        self, *, id: int, stroke: bool, fill: bool, evenodd: bool, line_width: float,
        dash: tuple[tuple[float, ...], float] | None, stroke_color: Color | None, fill_color: Color | None,
        bbox: BBox, is_rect: bool = False, text_shape: bool = False, layer: str | None = None,
        segments: Sequence[Segment] | None = None, _given: tuple[Segment, ...] | None = None,
        _shape: str = "", _coords: bytes = b"", _seg0: int = 0,
    ) -> None:
        put = object.__setattr__
        put(self, "id", id)
        put(self, "stroke", stroke)
        put(self, "fill", fill)
        put(self, "evenodd", evenodd)
        put(self, "line_width", line_width)
        put(self, "dash", dash)
        put(self, "stroke_color", stroke_color)
        put(self, "fill_color", fill_color)
        put(self, "bbox", bbox)
        put(self, "is_rect", is_rect)
        put(self, "text_shape", text_shape)
        put(self, "layer", layer)
        if segments is not None:  # given anew (``replace(p, segments=...)`` passes the old form too)
            _given, _shape, _coords, _seg0 = tuple(segments), "", b"", 0
        put(self, "_given", _given)
        put(self, "_shape", _shape)
        put(self, "_coords", _coords)
        put(self, "_seg0", _seg0)
        put(self, "_made", None)

    @classmethod
    def packed(
        cls, *, id: int, shape: str, coords: Sequence[float] | bytes, first_segment: int, stroke: bool, fill: bool,
        evenodd: bool, line_width: float, dash: tuple[tuple[float, ...], float] | None, stroke_color: Color | None,
        fill_color: Color | None, bbox: BBox, is_rect: bool = False, text_shape: bool = False, layer: str | None = None,
    ) -> Path:
        """A path from its packed form: ``shape`` holds one letter per segment (``m`` move, ``l`` line,
        ``c`` curve, ``h`` close), ``coords`` the x, y of the points each adds (a move or line one, a curve
        its two control points and its end, a close none); segment ids count on from ``first_segment``."""
        if any(c not in _CODE for c in shape):
            raise ValueError(f"a path's shape is made of the letters m, l, c, h, not {shape!r}")
        data = coords if isinstance(coords, bytes) else array("d", coords).tobytes()
        need = 2 * sum(_ADDS[c] for c in shape)
        if len(data) != 8 * need:
            raise ValueError(f"shape {shape!r} needs {need} coordinates, not {len(data) // 8}")
        if shape and shape[0] != "m":
            raise ValueError(f"a path starts with a move, not {shape!r}")
        return cls(id=id, stroke=stroke, fill=fill, evenodd=evenodd, line_width=line_width, dash=dash,
                   stroke_color=stroke_color, fill_color=fill_color, bbox=bbox, is_rect=is_rect,
                   text_shape=text_shape, layer=layer, _shape=sys.intern(shape) if len(shape) < 16 else shape,
                   _coords=data, _seg0=first_segment)

    @property
    def segments(self) -> tuple[Segment, ...]:
        """Its segments in drawing order (made from the packed form on first use, then kept)."""
        segs = self._given
        if segs is None:
            segs = self._made
            if segs is None:
                i, pid = self._seg0, self.id
                segs = tuple(Segment(id=i + k, path_id=pid, kind=kind, points=pts)
                             for k, (kind, pts) in enumerate(_unpack(self._shape, self._coords)))
                object.__setattr__(self, "_made", segs)
        return segs

    def renumbered(self, id: int, first_segment: int) -> Path:
        """This path as path ``id`` whose segments' ids count on from ``first_segment`` (itself if it is one)."""
        if self._given is None:
            return self if (self.id, self._seg0) == (id, first_segment) else replace(self, id=id, _seg0=first_segment)
        segments = tuple(s if (s.id, s.path_id) == (first_segment + k, id) else replace(s, id=first_segment + k, path_id=id)
                         for k, s in enumerate(self._given))
        return self if self.id == id and segments == self._given else replace(self, id=id, _given=segments)

    @property
    def segment_count(self) -> int:
        """``len(self.segments)``, without making them."""
        return len(self._given) if self._given is not None else len(self._shape)

    @property
    def kinds(self) -> tuple[SegmentKind, ...]:
        """The kind of each segment, without making them."""
        if self._given is not None:
            return tuple(s.kind for s in self._given)
        return _kinds_of(self._shape)

    def pieces(self) -> Iterator[tuple[SegmentKind, tuple[Point, ...]]]:
        """``(kind, points)`` of each segment, as :attr:`Segment.points`, without making (or keeping) them."""
        if self._given is not None or self._made is not None:
            return ((s.kind, s.points) for s in self.segments)
        return _unpack(self._shape, self._coords)

    def numbered_pieces(self) -> Iterator[tuple[int, SegmentKind, tuple[Point, ...]]]:
        """``(segment id, kind, points)`` of each segment, without making (or keeping) them."""
        if self._given is not None or self._made is not None:
            return ((s.id, s.kind, s.points) for s in self.segments)
        return ((i, kind, pts) for i, (kind, pts) in enumerate(self.pieces(), self._seg0))

    @property
    def subpath_count(self) -> int:
        return sum(1 for k in self.kinds if k == "move")

    def __getstate__(self) -> tuple[object, ...]:  # the segments made on use are not sent along
        return (*self._key(), self._given, self._shape, self._coords, self._seg0)

    def __setstate__(self, state: tuple[object, ...]) -> None:
        names = ("id", "stroke", "fill", "evenodd", "line_width", "dash", "stroke_color", "fill_color", "bbox",
                 "is_rect", "text_shape", "layer", "_given", "_shape", "_coords", "_seg0")
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_made", None)

    def _key(self) -> tuple[object, ...]:
        return (self.id, self.stroke, self.fill, self.evenodd, self.line_width, self.dash, self.stroke_color,
                self.fill_color, self.bbox, self.is_rect, self.text_shape, self.layer)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Path):
            return NotImplemented
        if self is other:
            return True
        if self._key() != other._key():
            return False
        if self._given is None and other._given is None:
            return (self._shape, self._coords, self._seg0) == (other._shape, other._coords, other._seg0)
        return self.segments == other.segments

    def __hash__(self) -> int:
        return hash((self._key(), self.segment_count))

    def __repr__(self) -> str:
        how = "+".join(k for k, on in (("stroke", self.stroke), ("fill", self.fill)) if on) or "unpainted"
        return f"<Path {self.id} {how}, {self.segment_count} segments at {fmt_box(self.bbox)}>"


#: how many points each letter of a packed path adds
_ADDS = {"m": 1, "l": 1, "c": 3, "h": 0}


def path_boxes(paths: Sequence[Path]) -> npt.NDArray[np.float64]:
    """The paths' boxes as an ``(n, 4)`` array of ``(x0, top, x1, bottom)`` (no tuple per path on the way)."""
    if isinstance(paths, PathTable):
        return paths.boxes()
    return np.fromiter(chain.from_iterable(p.bbox for p in paths), dtype=np.float64, count=4 * len(paths)).reshape(-1, 4)


def path_flags(paths: Sequence[Path]) -> npt.NDArray[np.uint8]:
    """Each path's paint as the bits :data:`FLAG_STROKE`, :data:`FLAG_FILL`, :data:`FLAG_EVENODD`, :data:`FLAG_RECT`
    and :data:`FLAG_TEXT` (from a :class:`PathTable`'s columns, without making paths)."""
    if isinstance(paths, PathTable):
        return paths.flags()
    return np.fromiter((_STROKE * p.stroke | _FILL * p.fill | _EVENODD * p.evenodd | _RECT * p.is_rect | _TEXT * p.text_shape
                        for p in paths), dtype=np.uint8, count=len(paths))


def stroked_rows(paths: Sequence[Path]) -> npt.NDArray[np.int64]:
    """The places of the stroked paths in ``paths`` (from a :class:`PathTable`'s columns, without making paths)."""
    if isinstance(paths, PathTable):
        return np.flatnonzero(paths.stroked())
    return np.asarray([i for i, p in enumerate(paths) if p.stroke], dtype=np.int64)


def segment_counts(paths: Sequence[Path]) -> npt.NDArray[np.int64]:
    """Each path's number of segments (from a :class:`PathTable`'s columns, without making paths)."""
    if isinstance(paths, PathTable):
        return paths.segment_counts()
    return np.fromiter((p.segment_count for p in paths), dtype=np.int64, count=len(paths))


def rows_by_segment_count(paths: Sequence[Path], least: int, most: int | None = None) -> list[int]:
    """The places of the paths in ``paths`` of ``least`` to ``most`` segments (from a :class:`PathTable`'s columns,
    without making paths), ascending."""
    counts = segment_counts(paths)
    ok = counts >= least if most is None else (counts >= least) & (counts <= most)
    return np.flatnonzero(ok).tolist()


def segment_boxes(paths: Iterable[Path]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """The id and box ``(x0, top, x1, bottom)``, control points included, of every segment of ``paths`` that
    marks ink (``move`` pieces are left out), without making :class:`Segment` objects: packed paths are
    measured all at once from their packed points.

    >>> p = Path.packed(id=0, shape="mlch", coords=(0, 0, 10, 0, 11, 5, 12, -1, 13, 2), first_segment=3,
    ...                 stroke=True, fill=False, evenodd=False, line_width=0.5, dash=None, stroke_color=None,
    ...                 fill_color=None, bbox=BBox(0, -1, 13, 5))
    >>> ids, boxes = segment_boxes([p])
    >>> ids.tolist(), boxes.tolist()
    ([4, 5, 6], [[0.0, 0.0, 10.0, 0.0], [10.0, -1.0, 13.0, 5.0], [0.0, 0.0, 13.0, 2.0]])
    """
    shapes: list[str] = []
    coords: list[bytes] = []
    seg0: list[int] = []
    other_ids: list[int] = []
    other_boxes: list[tuple[float, float, float, float]] = []
    for p in paths:
        if p._given is None:
            shapes.append(p._shape)
            coords.append(p._coords)
            seg0.append(p._seg0)
        else:
            for s in p._given:
                if s.kind != "move":
                    other_ids.append(s.id)
                    other_boxes.append(BBox.from_points(s.points))
    ids = np.zeros(0, dtype=np.int64)
    boxes = np.zeros((0, 4))
    if shapes:
        ids, boxes = _packed_segment_boxes("".join(shapes), np.frombuffer(b"".join(coords), dtype=np.float64),
                                           np.asarray(seg0, dtype=np.int64),
                                           np.fromiter((len(x) for x in shapes), dtype=np.int64, count=len(shapes)))
    if other_ids:
        ids = np.concatenate((ids, np.asarray(other_ids, dtype=np.int64)))
        boxes = np.concatenate((boxes, np.asarray(other_boxes, dtype=np.float64).reshape(-1, 4)))
    return ids, boxes


def _packed_segment_boxes(shapes: str, coords: npt.NDArray[np.float64], seg0: npt.NDArray[np.int64],
                          counts: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """:func:`segment_boxes` of packed paths given as one run: their letters one after the other, their
    coordinates likewise, each path's first segment id and letter count."""
    letters = np.frombuffer(shapes.encode("ascii"), dtype=np.uint8)
    pts = coords.reshape(-1, 2)
    first_letter = np.cumsum(counts) - counts
    # each letter's segment id: its path's first id plus its place in the path
    seg_ids = np.repeat(seg0 - first_letter, counts) + np.arange(len(letters))
    adds = np.zeros(len(letters), dtype=np.int64)
    adds[(letters == ord("m")) | (letters == ord("l"))] = 1
    adds[letters == ord("c")] = 3
    last = np.cumsum(adds) - 1  # the last point a letter adds (a close: the one before it)
    is_move = letters == ord("m")
    # the subpath's start: the point of the latest move (every packed path starts with one)
    start = np.maximum.accumulate(np.where(is_move, last, -1))
    end = np.where(letters == ord("h"), start, last)  # where the pen stands after the letter
    cur = np.concatenate(([0], end[:-1]))  # where it stood before (a path's first letter is a move)
    drawn = ~is_move
    # the points of each drawn piece: the current one, then (a curve) three or (a line) one, or (a close) the start
    a = cur[drawn]
    z = end[drawn]
    b = np.where(adds[drawn] == 3, last[drawn] - 2, z)
    c = np.where(adds[drawn] == 3, last[drawn] - 1, z)
    lo = np.minimum(np.minimum(pts[a], pts[b]), np.minimum(pts[c], pts[z]))
    hi = np.maximum(np.maximum(pts[a], pts[b]), np.maximum(pts[c], pts[z]))
    return seg_ids[drawn], np.column_stack((lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]))


#: a table of more paths than this keeps none of the :class:`Path` objects it makes (a page of a million
#: segments would hold about 400 bytes more per path); smaller tables make each once and keep it
KEEP_OBJECTS_UP_TO = 250_000

_STROKE, _FILL, _EVENODD, _RECT, _TEXT = 1, 2, 4, 8, 16
#: the bits of :attr:`PathColumns.flags`
FLAG_STROKE, FLAG_FILL, FLAG_EVENODD, FLAG_RECT, FLAG_TEXT = _STROKE, _FILL, _EVENODD, _RECT, _TEXT
#: paths measured at once by :meth:`PathTable.segment_boxes`
SEGMENT_BOX_BLOCK = 65_536


class PathColumns(NamedTuple):
    """A :class:`PathTable`'s columns (:meth:`PathTable.columns`): row ``i``'s pieces are the operator letters
    ``codes[shape_start[i]:shape_start[i + 1]]`` (``m`` move, ``l`` line, ``c`` curve, ``h`` close, as bytes)
    and the points they add, ``coords[coff[i]:coff[i + 1]]`` (x, y pairs: one for ``m`` and ``l``, three for ``c``)."""

    codes: npt.NDArray[np.uint8]
    shape_start: npt.NDArray[np.int64]
    coff: npt.NDArray[np.int64]
    coords: npt.NDArray[np.float64]
    bbox: npt.NDArray[np.float64]  # (n, 4) x0, top, x1, bottom
    width: npt.NDArray[np.float64]  # line width
    flags: npt.NDArray[np.uint8]  # STROKE, FILL, EVENODD, RECT, TEXT bits
    style: npt.NDArray[np.integer[Any]]  # row -> its entry in styles
    #: each style: (dash, stroke colour, fill colour, layer)
    styles: tuple[tuple[tuple[tuple[float, ...], float] | None, Color | None, Color | None, str | None], ...]


class PathTable(Sequence[Path]):
    """The paths of one page, stored as columns (about 110 bytes a path of two pieces, against some 500 as
    objects): ``table[i]`` is the :class:`Path` of row ``i``, made on access. A table of at most
    :data:`KEEP_OBJECTS_UP_TO` rows keeps the paths it made, so a path is one object for the life of the
    page, as in a tuple; a larger one makes them anew on each access (equal, not the same object).
    Path ``i``'s id is ``first_id + i``; :meth:`boxes`, :meth:`segment_counts` and
    :meth:`segment_boxes` read the columns without making paths.

    Filled by the page's interpreter (:meth:`append`), then only read; :meth:`mark_text_shapes` sets the
    flag the drawn-text pass gives.

    >>> t = PathTable()
    >>> t.append(shape="ml", coords=(0.0, 0.0, 10.0, 5.0), first_segment=0, stroke=True, fill=False, evenodd=False,
    ...          line_width=0.5, dash=None, stroke_color=(0.0,), fill_color=None, bbox=(0.0, 0.0, 10.0, 5.0))
    >>> len(t), t[0], t[0] is t[0], t.boxes().tolist()
    (1, <Path 0 stroke, 2 segments at (0, 0, 10, 5)>, True, [[0.0, 0.0, 10.0, 5.0]])
    >>> t == (t[0],), t + PathTable() == (t[0],), () + t == (t[0],)
    (True, True, True)
    """

    __slots__ = ("_first_id", "_shapes", "_coff", "_coords", "_seg0", "_bbox", "_width", "_flags", "_style",
                 "_styles", "_style_of", "_objs", "_last")

    def __init__(self, first_id: int = 0) -> None:
        self._first_id = first_id
        self._shapes: list[str] = []
        self._coff = array("q", [0])  # row i's coordinates are _coords[_coff[i]:_coff[i + 1]]
        self._coords = array("d")
        self._seg0 = array("q")
        self._bbox = array("d")  # x0, top, x1, bottom of each row
        self._width = array("d")
        self._flags = bytearray()
        self._style = array("l")  # row -> its (dash, stroke colour, fill colour, layer) in _styles
        self._styles: list[tuple[tuple[tuple[float, ...], float] | None, Color | None, Color | None, str | None]] = []
        self._style_of: dict[object, int] = {}
        self._objs: list[Path | None] | None = []
        self._last: Path | None = None

    def append(self, *, shape: str, coords: Sequence[float], first_segment: int, stroke: bool, fill: bool, evenodd: bool,
               line_width: float, dash: tuple[tuple[float, ...], float] | None, stroke_color: Color | None,
               fill_color: Color | None, bbox: Sequence[float], is_rect: bool = False,
               text_shape: bool = False, layer: str | None = None) -> None:
        """Add a path in its packed form (see :meth:`Path.packed`; its id is the next row's)."""
        self._shapes.append(sys.intern(shape) if len(shape) < 16 else shape)
        self._coords.extend(coords)
        self._coff.append(len(self._coords))
        self._seg0.append(first_segment)
        self._bbox.extend(bbox)
        self._width.append(line_width)
        self._flags.append((_STROKE if stroke else 0) | (_FILL if fill else 0) | (_EVENODD if evenodd else 0)
                           | (_RECT if is_rect else 0) | (_TEXT if text_shape else 0))
        key = (dash, stroke_color, fill_color, layer)
        k = self._style_of.get(key)
        if k is None:
            k = self._style_of[key] = len(self._styles)
            self._styles.append(key)
        self._style.append(k)
        objs = self._objs
        if objs is not None:
            if len(self._shapes) > KEEP_OBJECTS_UP_TO:
                self._objs = None
            else:
                objs.append(None)

    @classmethod
    def of(cls, paths: Iterable[Path], first_id: int = 0, first_segment: int = 0) -> PathTable:
        """A table of packed ``paths``, numbered anew: ids from ``first_id``, segment ids counted on from
        ``first_segment`` (``ValueError`` for a path built from :class:`Segment` objects)."""
        t = cls(first_id)
        seg = first_segment
        for p in paths:
            if p._given is not None:
                raise ValueError(f"path {p.id} was built from segments; a path table holds packed paths")
            t.append(shape=p._shape, coords=memoryview(p._coords).cast("d"), first_segment=seg, stroke=p.stroke,
                     fill=p.fill, evenodd=p.evenodd, line_width=p.line_width, dash=p.dash, stroke_color=p.stroke_color,
                     fill_color=p.fill_color, bbox=tuple(p.bbox), is_rect=p.is_rect, text_shape=p.text_shape,
                     layer=p.layer)
            seg += len(p._shape)
        return t

    def __len__(self) -> int:
        return len(self._shapes)

    def _make(self, i: int) -> Path:
        f = self._flags[i]
        b = self._bbox
        k = 4 * i
        dash, stroke_color, fill_color, layer = self._styles[self._style[i]]
        return Path(id=self._first_id + i, stroke=bool(f & _STROKE), fill=bool(f & _FILL), evenodd=bool(f & _EVENODD),
                    line_width=self._width[i], dash=dash, stroke_color=stroke_color, fill_color=fill_color,
                    bbox=BBox(b[k], b[k + 1], b[k + 2], b[k + 3]), is_rect=bool(f & _RECT), text_shape=bool(f & _TEXT),
                    layer=layer, _shape=self._shapes[i], _coords=self._coords[self._coff[i]:self._coff[i + 1]].tobytes(),
                    _seg0=self._seg0[i])

    def _get(self, i: int) -> Path:
        objs = self._objs
        if objs is None:  # kept no objects: the last one made is kept (a pass reads a path's fields one by one)
            last = self._last
            if last is not None and last.id == self._first_id + i:
                return last
            made = self._last = self._make(i)
            return made
        p = objs[i]
        if p is None:
            p = objs[i] = self._make(i)
        return p

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return tuple(self._get(k) for k in range(*i.indices(len(self))))
        i = index(i)  # a numpy integer too, as a plain int (it makes the path's id)
        n = len(self._shapes)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("path table index out of range")
        return self._get(i)

    def __iter__(self) -> Iterator[Path]:
        get = self._get
        return (get(i) for i in range(len(self._shapes)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PathTable) and other is self:
            return True
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # compared by content, as a list

    def __add__(self, other: Sequence[Path]) -> tuple[Path, ...]:
        """The paths, then ``other``'s, as a tuple (as ``paths + off_layer_paths`` gave when both were tuples)."""
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return tuple(self) + tuple(other)

    def __radd__(self, other: Sequence[Path]) -> tuple[Path, ...]:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return tuple(other) + tuple(self)

    def __repr__(self) -> str:
        return f"<PathTable {len(self)} paths>"

    def __reduce__(self) -> tuple[Any, ...]:  # the columns travel, the objects made are rebuilt on use
        return (_rebuild_table, (self._first_id, self._shapes, self._coff, self._coords, self._seg0, self._bbox,
                                 self._width, bytes(self._flags), self._style, self._styles))

    def boxes(self) -> npt.NDArray[np.float64]:
        """The paths' boxes as an ``(n, 4)`` array of ``(x0, top, x1, bottom)`` (a copy)."""
        return np.frombuffer(self._bbox, dtype=np.float64).reshape(-1, 4).copy()

    def segment_counts(self) -> npt.NDArray[np.int64]:
        """Each path's number of segments."""
        return np.fromiter(map(len, self._shapes), dtype=np.int64, count=len(self._shapes))

    def ids(self, rows: Iterable[int]) -> list[int]:
        """The ids of the paths of ``rows`` (without making them)."""
        first = self._first_id
        return [first + i for i in rows]

    def columns(self) -> PathColumns:
        """The table's columns as arrays (read-only views where they can be), for passes that read every
        path at once without making paths (see :class:`PathColumns`)."""
        joined = "".join(self._shapes).encode("ascii")
        shape_start = np.zeros(len(self._shapes) + 1, dtype=np.int64)
        np.cumsum(self.segment_counts(), out=shape_start[1:])
        flags = np.frombuffer(bytes(self._flags), dtype=np.uint8)
        return PathColumns(np.frombuffer(joined, dtype=np.uint8), shape_start, np.frombuffer(self._coff, dtype=np.int64),
                           np.frombuffer(self._coords, dtype=np.float64),
                           np.frombuffer(self._bbox, dtype=np.float64).reshape(-1, 4),
                           np.frombuffer(self._width, dtype=np.float64), flags,
                           np.frombuffer(self._style, dtype=np.int64 if self._style.itemsize == 8 else np.int32),
                           tuple(self._styles))

    def flags(self) -> npt.NDArray[np.uint8]:
        """Each path's paint bits (:func:`path_flags`)."""
        return np.frombuffer(bytes(self._flags), dtype=np.uint8)

    def stroked(self) -> npt.NDArray[np.bool_]:
        """Whether each path is stroked."""
        return (np.frombuffer(bytes(self._flags), dtype=np.uint8) & _STROKE) > 0

    def rects(self) -> npt.NDArray[np.bool_]:
        """Whether each path is one axis-aligned rectangle (``is_rect``)."""
        return (np.frombuffer(bytes(self._flags), dtype=np.uint8) & _RECT) > 0

    def text_shapes(self) -> npt.NDArray[np.bool_]:
        """Whether each path was read back as text."""
        return (np.frombuffer(bytes(self._flags), dtype=np.uint8) & _TEXT) > 0

    def mark_text_shapes(self, ids: Iterable[int]) -> None:
        """Mark the paths ``ids`` as text shapes (read back as text by the drawn-text pass), in place."""
        objs = self._objs
        self._last = None
        for pid in ids:
            i = pid - self._first_id
            if 0 <= i < len(self._shapes):
                self._flags[i] |= _TEXT
                p = objs[i] if objs is not None else None
                if p is not None:
                    object.__setattr__(p, "text_shape", True)

    def segment_boxes(self, *, text_shapes: bool = True) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
        """:func:`segment_boxes` of every path (``text_shapes=False``: of those not read as text), from the columns."""
        if not self._shapes:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 4))
        coords = np.frombuffer(self._coords, dtype=np.float64)
        seg0 = np.frombuffer(self._seg0, dtype=np.int64)
        counts = self.segment_counts()
        coff = np.frombuffer(self._coff, dtype=np.int64)
        keep = np.ones(len(self._shapes), dtype=bool) if text_shapes else ~self.text_shapes()
        ids: list[npt.NDArray[np.int64]] = []
        boxes: list[npt.NDArray[np.float64]] = []
        # a block of rows at a time: the measuring's temporary arrays stay small on a page of a million paths
        for lo in range(0, len(self._shapes), SEGMENT_BOX_BLOCK):
            hi = min(lo + SEGMENT_BOX_BLOCK, len(self._shapes))
            part = keep[lo:hi]
            if part.all():
                got = _packed_segment_boxes("".join(self._shapes[lo:hi]), coords[coff[lo]:coff[hi]], seg0[lo:hi],
                                            counts[lo:hi])
            elif part.any():
                rows = lo + np.flatnonzero(part)
                point_rows = np.repeat(part, coff[lo + 1:hi + 1] - coff[lo:hi])
                got = _packed_segment_boxes("".join(self._shapes[i] for i in rows.tolist()),
                                            coords[coff[lo]:coff[hi]][point_rows], seg0[rows], counts[rows])
            else:
                continue
            ids.append(got[0])
            boxes.append(got[1])
        if not ids:
            return np.zeros(0, dtype=np.int64), np.zeros((0, 4))
        return np.concatenate(ids), np.concatenate(boxes)


def _rebuild_table(first_id: int, shapes: list[str], coff: array[int], coords: array[float], seg0: array[int],
                   bbox: array[float], width: array[float], flags: bytes, style: array[int],
                   styles: list[tuple[tuple[tuple[float, ...], float] | None, Color | None, Color | None, str | None]]) -> PathTable:
    t = PathTable(first_id)
    t._shapes = [sys.intern(x) if len(x) < 16 else x for x in shapes]
    t._coff, t._coords, t._seg0, t._bbox, t._width, t._flags, t._style = coff, coords, seg0, bbox, width, bytearray(flags), style
    t._styles = styles
    t._style_of = {key: k for k, key in enumerate(styles)}
    t._objs = [None] * len(shapes) if len(shapes) <= KEEP_OBJECTS_UP_TO else None
    return t


class Piece(NamedTuple):
    """A segment's fields (:class:`Segment`'s ``id``, ``path_id``, ``kind`` and ``points``) as a plain tuple: what a
    pass that walks every piece of a page reads, without making and keeping a :class:`Segment` per piece."""

    id: int
    path_id: int
    kind: SegmentKind
    points: tuple[Point, ...]


def piece_subpaths(path: Path) -> list[list[Piece]]:
    """A path's pieces cut into its subpaths (each starts at a ``move``), as :func:`subpaths` cuts its segments.

    >>> from pdftract.geometry import BBox
    >>> p = Path(id=3, segments=(Segment(id=0, path_id=3, kind="move", points=((0.0, 0.0),)),
    ...                          Segment(id=1, path_id=3, kind="line", points=((0.0, 0.0), (5.0, 0.0)))),
    ...          stroke=True, fill=False, evenodd=False, line_width=1.0, dash=None, stroke_color=None, fill_color=None,
    ...          bbox=BBox(0.0, 0.0, 5.0, 0.0))
    >>> piece_subpaths(p)
    [[Piece(id=0, path_id=3, kind='move', points=((0.0, 0.0),)), Piece(id=1, path_id=3, kind='line', points=((0.0, 0.0), (5.0, 0.0)))]]
    """
    out: list[list[Piece]] = []
    pid = path.id
    for i, kind, pts in path.numbered_pieces():
        if kind == "move" or not out:
            out.append([])
        out[-1].append(Piece(i, pid, kind, pts))
    return out


def drawn_pieces(path: Path) -> list[Piece]:
    """A path's pieces that draw (all but its ``move`` pieces), without making its :class:`Segment` objects."""
    pid = path.id
    return [Piece(i, pid, kind, pts) for i, kind, pts in path.numbered_pieces() if kind != "move"]


def subpaths(segments: tuple[Segment, ...]) -> list[list[Segment]]:
    """A path's segments cut into its subpaths (each starts at a ``move``)."""
    out: list[list[Segment]] = []
    for s in segments:
        if s.kind == "move" or not out:
            out.append([])
        out[-1].append(s)
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Image:
    """A painted raster image (an image XObject or an inline image)."""

    id: int
    bbox: BBox
    width_px: int
    height_px: int
    name: str
    bits_per_component: int | None
    colorspace: str | None
    #: the optional-content layer (OCG name) it is drawn on, or ``None``
    layer: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Measurement:
    """What a measuring annotation measures (``/Measure``, or the page viewport's): ``value`` in ``units``.

    ``kind`` is ``distance`` (Line, PolyLine) or ``area`` (Polygon); ``value`` is the geometry in the
    annotation's points converted with the number format's factor (``/C`` of the first ``/X`` or ``/A``
    entry), rounded to 6 decimals. ``source`` says where the scale came from (``annotation`` or ``viewport``).
    """

    value: float
    units: str
    kind: str
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Annotation:
    """A page annotation: its texts, flags and what it measures.

    ``contents`` is ``/Contents`` (decoded from PDF text encoding), ``rich_text`` the plain text of the
    rich-text ``/RC`` (XHTML, parsed without entity expansion), ``hidden`` true when ``/F`` sets Hidden or
    NoView or its layer (``/OC``) is off by default; ``flags`` names every ``/F`` bit set. ``intent`` is
    ``/IT`` (``LineDimension``, ``FreeTextCallout`` ...). ``appearance_text`` is the text its normal
    appearance stream draws, one entry per line (not page content). ``callout`` is a FreeText callout line
    (``/CL``) in page coordinates; ``popup``, ``parent`` and ``in_reply_to`` are ids of other annotations
    of the same page (``/Popup``, ``/Parent``, ``/IRT``). ``title`` is ``/T``, the author as a viewer shows it
    (AutoCAD writes ``AutoCAD SHX Text`` on the comment holding each SHX text it draws as strokes).
    """

    id: int
    subtype: str
    rect: BBox
    contents: str | None
    name: str | None = None
    title: str | None = None
    rich_text: str | None = None
    hidden: bool = False
    flags: tuple[str, ...] = ()
    intent: str | None = None
    measurement: Measurement | None = None
    appearance_text: tuple[str, ...] = ()
    callout: tuple[Point, ...] = ()
    popup: int | None = None
    parent: int | None = None
    in_reply_to: int | None = None
    layer: str | None = None
    #: its action (``/A /S``: ``URI``, ``Launch``, ``JavaScript``, ``GoTo`` ...) and what that names (the URI,
    #: the file, the script's size); reported, never followed or run
    action: str | None = None
    target: str | None = None

    @property
    def bbox(self) -> BBox:
        """Its ``/Rect`` on the page (the JSON calls it ``bbox``, as every other box)."""
        return self.rect


__all__ = [
    "REPLACEMENT_CHARACTER",
    "Annotation",
    "Color",
    "Font",
    "FontSubtype",
    "Glyph",
    "Image",
    "Measurement",
    "Piece",
    "Path",
    "PathTable",
    "Segment",
    "SegmentKind",
    "UnicodeSource",
    "drawn_pieces",
    "piece_subpaths",
    "subpaths",
]
