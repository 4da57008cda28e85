"""The primitives a sheet is made of: fonts, glyphs, path segments, paths, images, annotations.

All are frozen, slotted, keyword-only dataclasses holding tuples, never lists,
so they are hashable and cheap. Coordinates are displayed-page points with a
top-left origin (see :mod:`pdftract.geometry`). Each primitive has an integer
``id`` unique within its sheet and kind; results refer to primitives by id.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True, slots=True, kw_only=True)
class Path:
    """One painted path (one ``S``/``f``/``B``/... operator): all its subpaths and paint flags.

    ``line_width`` and ``dash`` are in page points (scaled by the graphics
    matrix). ``dash`` is ``(array, phase)`` or ``None`` for a solid line.
    ``is_rect`` marks paths that are one axis-aligned rectangle. ``text_shape``
    marks paths whose every subpath was read back as text (characters drawn as
    outlines or strokes, :mod:`pdftract.ingest.drawn_text`): analyzers never take
    them for rules, leaders or symbols.
    """

    id: int
    segments: tuple[Segment, ...]
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

    @property
    def subpath_count(self) -> int:
        return sum(1 for s in self.segments if s.kind == "move")

    def __repr__(self) -> str:
        how = "+".join(k for k, on in (("stroke", self.stroke), ("fill", self.fill)) if on) or "unpainted"
        return f"<Path {self.id} {how}, {len(self.segments)} segments at {fmt_box(self.bbox)}>"

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
    of the same page (``/Popup``, ``/Parent``, ``/IRT``).
    """

    id: int
    subtype: str
    rect: BBox
    contents: str | None
    name: str | None = None
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
    "Path",
    "Segment",
    "SegmentKind",
    "UnicodeSource",
    "subpaths",
]
