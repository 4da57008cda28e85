"""A pdfminer device that records glyphs, paths and images in displayed-page coordinates.

The interpreter is given the page matrix of :func:`pdftract.geometry.page_matrix`
as its initial CTM, so every point the device sees is already in top-left-origin,
rotated, CropBox-relative points. No ``LAParams`` and no ``LTChar``/``LTCurve``
objects are built: the device writes pdftract primitives directly.

Two pdfminer behaviours are corrected here (both would silently lose content):

* the obsolete fill operator ``F`` is a no-op in pdfminer; here it fills like ``f``;
* after a form XObject pdfminer leaves the device with the form's CTM and starts
  the form with a fresh graphics state; here the form inherits the caller's
  graphics state and the caller's CTM is restored afterwards.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from pdfminer import pdfinterp as _pdfinterp
from pdfminer.cmapdb import IdentityUnicodeMap
from pdfminer.encodingdb import name2unicode
from pdfminer.pdfcolor import PDFColorSpace
from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdffont import PDFCIDFont, PDFFont
from pdfminer.pdfinterp import (
    LITERAL_FORM,
    PDFContentParser,
    PDFGraphicState,
    PDFPageInterpreter,
    PDFResourceManager,
    PDFTextState,
)
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import LITERALS_FLATE_DECODE, PDFStream, resolve1
from pdfminer.psparser import PSLiteral, literal_name
from pdfminer.utils import PathSegment, mult_matrix

from pdftract.geometry import BBox, Matrix, Point, direction_degrees
from pdftract.ingest.cmaps import read_cmap
from pdftract.ingest.content import run as run_content
from pdftract.limits import BudgetExceeded, Limits, PageBudget
from pdftract.ingest.outlines import FontOutlines, classify
from pdftract.ingest.symbols import (
    DRAWN_SYMBOLS,
    TABLE_CONFIDENCE,
    base_name,
    embedded_glyphs,
    engineering_name,
    recover,
    table_for,
)
from pdftract.model.primitives import (
    REPLACEMENT_CHARACTER,
    Color,
    Font,
    FontSubtype,
    Glyph,
    Image,
    PathTable,
    UnicodeSource,
)

_SUBTYPES = {s.value: s for s in FontSubtype}

_DEFAULT_LIMITS = Limits()
#: the largest decoded content stream accepted (a ceiling against decompression bombs): the page budget's
DEFAULT_MAX_STREAM_BYTES = _DEFAULT_LIMITS.max_stream_bytes
#: points farther than this from the origin (about 350 km) are no geometry of a sheet: a damaged matrix or
#: operand put them there (and an unbounded box would overlap every other in the analyzers)
FAR = 1e8
#: bytes inflated per step when a content stream is inflated against that ceiling
INFLATE_STEP = 16 * 1024 * 1024


def _name(obj: object) -> str | None:
    obj = resolve1(obj)
    if isinstance(obj, PSLiteral):
        return literal_name(obj)
    if isinstance(obj, bytes):
        return obj.decode("latin-1")
    if isinstance(obj, str):
        return obj
    return None


def _private_use(text: str) -> bool:
    """Text made only of private-use code points: the font's own numbering, no meaning."""
    return bool(text) and all(0xE000 <= ord(c) <= 0xF8FF for c in text)


def _embedded_glyphs_by_cid(spec: Mapping[str, object]) -> tuple[dict[int, str], dict[int, str], dict[int, str]] | None:
    """What the embedded TrueType program of a composite font says per CID (:func:`embedded_glyphs`): glyph ids
    are CIDs under the identity CID-to-glyph map; a ``/CIDToGIDMap`` stream (two bytes per CID) says which glyph
    each CID shows."""
    found = _outline_program(spec, keys=("FontFile2",))
    if found is not None and found[1]:
        return embedded_glyphs(found[0])
    d0 = _descendant(spec)
    c2g = resolve1(d0.get("CIDToGIDMap")) if d0 is not None else None
    if d0 is None or not isinstance(c2g, PDFStream) or (program := _font_program(d0, ("FontFile2",))) is None:
        return None
    try:
        table = c2g.get_data()[: 2 * 65536]
    except Exception:  # an undecodable stream: nothing to read
        return None
    cids_of: dict[int, list[int]] = {}
    for cid in range(len(table) // 2):
        gid = (table[2 * cid] << 8) | table[2 * cid + 1]
        if gid:
            cids_of.setdefault(gid, []).append(cid)
    by_gid = embedded_glyphs(program)
    return cast(tuple[dict[int, str], dict[int, str], dict[int, str]],
                tuple({cid: v for gid, v in sorted(m.items()) for cid in cids_of.get(gid, ())} for m in by_gid))


def _read_embedded_cmap(font: PDFFont, spec: Mapping[str, object]) -> None:
    """Give a composite font whose ``/Encoding`` is an embedded CMap that pdfminer could not read (it decodes
    every string to nothing then) the CMap read from the stream (:mod:`pdftract.ingest.cmaps`)."""
    if not isinstance(font, PDFCIDFont) or getattr(font.cmap, "code2cid", None) != {}:
        return
    stream = resolve1(spec.get("Encoding"))
    if not isinstance(stream, PDFStream):
        return
    try:
        data = stream.get_data()
    except Exception:  # an undecodable stream: the font stays as pdfminer read it
        return
    cmap = read_cmap(bytes(data))
    if cmap:
        font.cmap = cmap
        font.vertical = cmap.is_vertical()


def _maps_nothing(font: PDFFont) -> bool:
    """Whether the font's ToUnicode map was read but maps no code (an encoding CMap written in its place)."""
    umap = getattr(font, "unicode_map", None)
    return umap is not None and not isinstance(umap, IdentityUnicodeMap) and not getattr(umap, "cid2unichr", True)


_KEEP = object()


def _utf16_overrides(seq: Sequence[object]) -> Iterator[object]:
    """KiCad writes strings with characters outside Latin-1 as UTF-16BE with a byte order mark into a simple
    font (a viewer shows ``þÿ`` and a gap per character). Per byte of the shown strings: ``_KEEP`` for ordinary
    strings; for such a string, ``None`` for the mark and each high byte and the decoded character on the last
    byte of each character (surrogate pairs included)."""
    out: list[object] = []
    for obj in seq:
        if not isinstance(obj, bytes):
            continue
        body = obj[2:]
        if not obj.startswith(b"\xfe\xff") or len(body) % 2:
            out.extend([_KEEP] * len(obj))
            continue
        out.extend([None, None])
        units = [int.from_bytes(body[i:i + 2], "big") for i in range(0, len(body), 2)]
        i = 0
        while i < len(units):
            u = units[i]
            if 0xD800 <= u < 0xDC00 and i + 1 < len(units) and 0xDC00 <= units[i + 1] < 0xE000:
                out.extend([None, None, None, chr(0x10000 + ((u - 0xD800) << 10) + (units[i + 1] - 0xDC00))])
                i += 2
            else:
                out.extend([None, REPLACEMENT_CHARACTER if 0xD800 <= u < 0xE000 else chr(u)])
                i += 1
    return iter(out)


def _descendant(spec: Mapping[str, object]) -> Mapping[str, object] | None:
    """The descendant CID font of a composite font's dictionary."""
    dfonts = resolve1(spec.get("DescendantFonts"))
    d0 = resolve1(dfonts[0]) if isinstance(dfonts, list) and dfonts else None
    return d0 if isinstance(d0, dict) else None


def _font_program(font: Mapping[str, object], keys: tuple[str, ...]) -> bytes | None:
    """The first of the font descriptor's embedded programs ``keys`` that is there (None when it cannot be
    decoded)."""
    fd = resolve1(font.get("FontDescriptor"))
    if not isinstance(fd, dict):
        return None
    for key in keys:
        program = resolve1(fd.get(key))
        if isinstance(program, PDFStream):
            try:
                return bytes(program.get_data())
            except Exception:  # an undecodable font program: nothing to match
                return None
    return None


#: symbols a symbol font may put on a letter, read by outline without their size: the drawn ones and ``±``
SIZELESS_SYMBOLS = DRAWN_SYMBOLS + "±"
#: letters a symbol's outline cannot be told from without its size: a ``v`` read as ``⌵`` is a ``v``
_LOOKALIKES = {"⌵": "vV"}
#: a font's code shift (FontRegistry.code_shift) is read from at most this many of its glyphs, lowest codes first;
#: at least SHIFT_MIN_AGREE glyphs read surely (confidence SHIFT_CONFIDENCE or more) and SHIFT_SHARE of them agree on it
SHIFT_GLYPHS = 256
SHIFT_MIN_AGREE = 4
SHIFT_SHARE = 0.8
SHIFT_CONFIDENCE = 0.6
#: confidence of a glyph read by its font's code shift alone (times the share of the font's glyphs that agree)
SHIFT_READ_CONFIDENCE = 0.7
#: what a symbol font's map may say for a symbol: an ASCII letter or a punctuation mark
_LETTERISH = frozenset(chr(c) for c in range(0x21, 0x7F) if not chr(c).isdigit())
#: the letters a renamed symbol font is probed on first: the GD&T fonts' ⌀, ↧, ⌴, ⌵, ⌖, and the grave accent
#: Alibre's GD&T font gives its ``±``
_PROBE_FIRST = "nxvwj`"


def _symbol_probes(font: PDFFont, most: int = 3) -> list[tuple[int, str]]:
    """Up to ``most`` codes a font's map gives symbol-table letters: the :data:`_PROBE_FIRST` letters in their
    order, then the lowest code of another table letter. None for a font whose map gives any figure."""
    umap = getattr(font, "unicode_map", None)
    pairs: dict[int, str] = dict(getattr(umap, "cid2unichr", {}) or {}) if umap is not None else {}
    if not pairs:
        pairs = {int(k): v for k, v in (getattr(font, "cid2unicode", {}) or {}).items()}
    if any(isinstance(text, str) and text.isdigit() for text in pairs.values()):
        return []  # a font that sets figures is a text font: the symbol fonts of drawings set none
    letters = set(_PROBE_FIRST) | set(table_for("GDT") or {})
    by_letter: dict[str, int] = {}
    for cid, text in sorted(pairs.items()):
        if isinstance(text, str) and len(text) == 1 and text in letters:
            by_letter.setdefault(text, cid)
    order = [ch for ch in _PROBE_FIRST if ch in by_letter]
    order += sorted((ch for ch in by_letter if ch not in _PROBE_FIRST), key=lambda ch: by_letter[ch])
    return [(by_letter[ch], ch) for ch in order[:most]]


def _outline_program(spec: Mapping[str, object], keys: tuple[str, ...] = ("FontFile2", "FontFile3")) -> tuple[bytes, bool] | None:
    """The embedded program of a font whose outlines can be read (TrueType, OpenType, bare CFF) and whether
    codes are glyph ids (a composite font with the identity CID-to-glyph map) rather than one-byte codes."""
    composite = _name(spec.get("Subtype")) == "Type0"
    target = _descendant(spec) if composite else spec
    if target is None:
        return None
    if composite and (c2g := resolve1(target.get("CIDToGIDMap"))) is not None and _name(c2g) != "Identity":
        return None
    program = _font_program(target, keys)
    return (program, composite) if program is not None else None


def _fill_standard_widths(font: PDFFont, spec: Mapping[str, object]) -> None:
    """Give a standard-14 font the widths its ``/Widths`` array states for codes pdfminer's built-in metrics
    do not know. pdfminer sizes such fonts from its metrics by character only, so a ligature (``fi`` mapped
    to two letters) or another glyph outside them advances by 0 and the text after it lands on top of it
    (groff's ``fiv e``). Codes the metrics know keep their width."""
    widths = resolve1(spec.get("Widths"))
    if not isinstance(widths, list) or not isinstance(getattr(font, "widths", None), dict):
        return
    try:
        first = int(resolve1(spec.get("FirstChar", 0)))
    except (TypeError, ValueError):
        return
    known = font.widths
    filled: dict[int | str, float] = {}
    for i, w in enumerate(widths):
        cid = first + i
        if cid in known:
            continue
        try:
            ch = font.to_unichr(cid)
        except Exception:
            ch = None
        if ch is not None and ch in known:
            continue
        value = resolve1(w)
        if isinstance(value, (int, float)) and value > 0:
            filled[cid] = float(value)
    if filled:
        font.widths = {**known, **filled}  # a copy: the built-in metrics are shared between fonts


class FontRegistry(PDFResourceManager):
    """pdfminer's resource manager, also recording a :class:`Font` for every font it loads.

    Font ids follow the PDF object number, so they are the same whichever
    pages are parsed and in which order.
    """

    def __init__(self, max_font_bytes: int = _DEFAULT_LIMITS.max_font_bytes) -> None:
        super().__init__(caching=True)
        self.max_font_bytes = max_font_bytes
        #: font programs and ToUnicode maps left out for inflating past ``max_font_bytes`` (said per page)
        self.limit_hits: list[str] = []
        self._capped: set[int] = set()
        #: fonts (by object number) whose streams were capped: pdfminer asks for a font once per use
        self._capped_fonts: set[object] = set()
        self._depth = 0
        self._by_pyid: dict[int, Font] = {}
        self._keep: list[PDFFont] = []  # keeps id() keys valid
        self.fonts: dict[str, Font] = {}
        #: fonts with a symbol-font letter table: python id -> (table, glyph id -> character of its symbol cmap)
        self.symbol_fonts: dict[int, tuple[dict[str, str], dict[int, str]]] = {}
        #: composite fonts with no Unicode mapping: python id -> what their embedded program says per glyph id
        self.embedded: dict[int, tuple[dict[int, str], dict[int, str], dict[int, str]]] = {}
        #: composite fonts with a Unicode map, whose embedded program is read only when a glyph the map leaves out is
        #: shown (:meth:`embedded_for`): python id -> font dictionary
        self._partial_maps: dict[int, Mapping[str, object]] = {}
        #: fonts whose outlines can be matched: python id -> (outlines, codes are glyph ids)
        self.outlines: dict[int, tuple[FontOutlines, bool]] = {}
        #: python id -> whether the font draws symbols on the letters its map gives (:meth:`draws_symbols`)
        self._draws_symbols: dict[int, bool] = {}
        #: python id -> the constant its codes are off from their characters (:meth:`code_shift`)
        self._shifts: dict[int, tuple[int, float] | None] = {}

    def embedded_for(self, font: PDFFont) -> tuple[dict[int, str], dict[int, str], dict[int, str]] | None:
        """What the embedded program of a composite font says per CID: read at load when the font has no Unicode
        map, else the first time a glyph its map leaves out is shown (AutoCAD's full ArialMT whose ToUnicode
        omits the figure zero: the program's own cmap still names it)."""
        emb = self.embedded.get(id(font))
        if emb is None and (spec := self._partial_maps.pop(id(font), None)) is not None:
            emb = _embedded_glyphs_by_cid(spec)
            if emb is not None:
                self.embedded[id(font)] = emb
        return emb

    def take_limit_hits(self) -> list[str]:
        out, self.limit_hits = self.limit_hits, []
        return out

    def _cap_streams(self, spec: Mapping[str, object]) -> None:
        """Inflate the font's programs and ToUnicode map within ``max_font_bytes`` before pdfminer reads them;
        one past it is emptied (the font is read without it) and said."""
        specs: list[Mapping[str, object]] = [spec]
        descendants = resolve1(spec.get("DescendantFonts"))
        if isinstance(descendants, list):
            specs += [d for d in (resolve1(x) for x in descendants[:4]) if isinstance(d, dict)]
        streams: list[tuple[str, object]] = [("ToUnicode", spec.get("ToUnicode"))]
        for d in specs:
            fd = resolve1(d.get("FontDescriptor"))
            if isinstance(fd, dict):
                streams += [(key, fd.get(key)) for key in ("FontFile", "FontFile2", "FontFile3")]
        for key, ref in streams:
            stream = resolve1(ref)
            if not isinstance(stream, PDFStream) or id(stream) in self._capped:
                continue
            self._capped.add(id(stream))
            if not inflate_capped(stream, self.max_font_bytes):
                stream.data = b""
                stream.rawdata = None
                name = _name(spec.get("BaseFont")) or "a font"
                self.limit_hits.append(f"the {key} of {name} inflates past {self.max_font_bytes} bytes (the max_font_bytes "
                                       "budget); the font is read without it")

    def get_font(self, objid: object, spec: Mapping[str, object]) -> PDFFont:
        if self._depth == 0 and (objid is None or objid not in self._capped_fonts):
            self._capped_fonts.add(objid)
            self._cap_streams(spec)
        self._depth += 1
        try:
            font = super().get_font(objid, spec)
        finally:
            self._depth -= 1
        if self._depth == 0 and id(font) not in self._by_pyid:
            _fill_standard_widths(font, spec)
            _read_embedded_cmap(font, spec)
            info = self._describe(objid, spec, font)
            self._by_pyid[id(font)] = info
            self._keep.append(font)
            self.fonts.setdefault(info.id, info)
            table = table_for(info.name)
            if info.subtype is FontSubtype.TYPE0 and (not info.has_tounicode or _maps_nothing(font)):
                emb = _embedded_glyphs_by_cid(spec)
                if emb is not None:
                    self.embedded[id(font)] = emb
            elif info.subtype is FontSubtype.TYPE0 and info.embedded:
                self._partial_maps[id(font)] = spec
            if table is not None:
                self.symbol_fonts[id(font)] = (table, self.embedded.get(id(font), ({}, {}, {}))[2])
            found = _outline_program(spec) if info.embedded else None
            if found is not None:
                self.outlines[id(font)] = (FontOutlines(found[0]), found[1])
        return font

    def draws_symbols(self, font: PDFFont) -> bool:
        """Whether a font whose map gives letters draws engineering symbols on them, judged from the font alone.

        A symbol font renamed by the program that embedded it (Microsoft Print to PDF calls every font
        ``CIDFont+Fn``) cannot be found by name; its map still says ``n`` for its ``⌀`` and ``x`` for its ``↧``.
        The outlines of at most three of the codes the map gives a symbol-table letter (``n``, ``x``, ``v``,
        ``w``, ``j``, then the others, then the lowest code) are read without their size (a symbol font sets
        its glyphs in the em as it likes): the font draws symbols when one reads as a symbol no letter has, and
        not when one reads as the letter its map gives. Decided once per font, from the font and not from the
        glyphs a page happens to show, so any page read alone reads the same.
        """
        known = self._draws_symbols.get(id(font))
        if known is not None:
            return known
        decision = False
        entry = self.outlines.get(id(font))
        if entry is not None:
            for cid, letter in _symbol_probes(font):
                contours = self.contours_of(font, cid)
                if not contours:
                    continue
                match = classify(contours, em=entry[0].units_per_em, use_geometry=False)
                if match.text is not None and match.text in SIZELESS_SYMBOLS and letter not in _LOOKALIKES.get(match.text, ""):
                    decision = True
                    break
                if match.text == letter:
                    break
        self._draws_symbols[id(font)] = decision
        return decision

    def code_shift(self, font: PDFFont) -> tuple[int, float] | None:
        """The constant a composite font's codes are off from the characters they draw, and how sure that is: a
        TrueType font printed through a driver that keeps its glyph ids as CIDs and writes no Unicode map (Windows
        fonts file the printable ASCII characters 29 glyphs below their code points: ``3ULQWHG`` for ``Printed``).

        Read from the program's own glyphs: each one its outline reads surely as a letter or figure says which
        character its CID stands for; when :data:`SHIFT_MIN_AGREE` of them or more, and :data:`SHIFT_SHARE` of all
        of them, agree on one offset, the font's other glyphs (those the outlines could not tell: ``0``/``O``,
        ``1``/``l``, ``.``) are read by it. ``None`` otherwise."""
        key = id(font)
        if key in self._shifts:
            return self._shifts[key]
        found: tuple[int, float] | None = None
        entry = self.outlines.get(key)
        if entry is not None and entry[1]:
            outlines = entry[0]
            votes: dict[int, int] = {}
            for cid in outlines.cids(SHIFT_GLYPHS):
                contours = self.contours_of(font, cid)
                if not contours:
                    continue
                m = classify(contours, em=outlines.units_per_em)
                if m.text is not None and len(m.text) == 1 and m.text.isascii() and m.text.isalnum() \
                        and m.confidence >= SHIFT_CONFIDENCE:
                    votes[ord(m.text) - cid] = votes.get(ord(m.text) - cid, 0) + 1
            if votes:
                shift, n = max(sorted(votes.items()), key=lambda kv: kv[1])
                share = n / sum(votes.values())
                if n >= SHIFT_MIN_AGREE and share >= SHIFT_SHARE and shift != 0:
                    found = (shift, round(share, 3))
        self._shifts[key] = found
        return found

    def contours_of(self, font: PDFFont, cid: int) -> list[list[Point]]:
        """The outline of the glyph a font draws for code ``cid`` (empty when its program is not read)."""
        entry = self.outlines.get(id(font))
        if entry is None:
            return []
        outlines, composite = entry
        if composite:
            gid = outlines.gid_for_cid(cid)
        else:
            gid = outlines.gid_for_code(cid, dict(self.font_info(font).unresolved_names).get(cid))
        return outlines.contours_for_gid(gid) if gid is not None else []

    def font_info(self, font: PDFFont) -> Font:
        info = self._by_pyid.get(id(font))
        if info is None:  # a font pdfminer created outside get_font (should not happen)
            info = self._describe(None, {}, font)
            self._by_pyid[id(font)] = info
            self._keep.append(font)
            self.fonts.setdefault(info.id, info)
        return info

    @staticmethod
    def _describe(objid: object, spec: Mapping[str, object], font: PDFFont) -> Font:
        subtype_name = _name(spec.get("Subtype")) or "unknown"
        subtype = _SUBTYPES.get(subtype_name, FontSubtype.UNKNOWN)
        name = _name(spec.get("BaseFont")) or getattr(font, "basefont", None) or ("Type3" if subtype is FontSubtype.TYPE3 else "unknown")
        descriptor: Mapping[str, object] = {}
        d0 = _descendant(spec) if subtype is FontSubtype.TYPE0 else None
        target = d0 if d0 is not None else spec
        fd = resolve1(target.get("FontDescriptor"))
        if isinstance(fd, dict):
            descriptor = fd
        embedded = subtype is FontSubtype.TYPE3 or any(k in descriptor for k in ("FontFile", "FontFile2", "FontFile3"))
        encoding_obj = resolve1(spec.get("Encoding"))
        encoding: str | None
        unresolved: list[tuple[int, str]] = []
        if isinstance(encoding_obj, dict):
            code = 0
            for item in resolve1(encoding_obj.get("Differences")) or ():
                item = resolve1(item)
                if isinstance(item, int) and not isinstance(item, bool):
                    code = item
                elif isinstance(item, PSLiteral):
                    try:
                        name2unicode(str(item.name))
                    except (KeyError, ValueError):
                        unresolved.append((code, str(item.name)))
                    code += 1
            base = _name(encoding_obj.get("BaseEncoding"))
            encoding = f"{base or 'builtin'}+Differences" if "Differences" in encoding_obj else (base or "builtin")
        elif isinstance(encoding_obj, PDFStream):
            encoding = _name(encoding_obj.get("CMapName")) or "embedded-cmap"
        else:
            encoding = _name(encoding_obj)
        if isinstance(objid, int) and objid > 0:
            fid = f"F{objid}"
        else:
            digest = hashlib.sha1(repr(sorted((str(k), repr(v)) for k, v in spec.items())).encode()).hexdigest()[:10]
            fid = f"D{digest}"
        return Font(
            id=fid,
            name=str(name),
            subtype=subtype,
            embedded=embedded,
            has_tounicode="ToUnicode" in spec,
            encoding=encoding,
            vertical=bool(font.is_vertical()),
            unresolved_names=tuple(unresolved),
        )


def _color_uncached(value: object) -> Color | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return (float(value),)
    if isinstance(value, (tuple, list)) and value and all(isinstance(v, (int, float)) for v in value):
        return tuple(float(v) for v in value)
    return None  # patterns and unparsable values


_COLOR_CACHE: dict[object, Color | None] = {}


def _color(value: object) -> Color | None:
    """A colour as a tuple of floats (cached: a page repeats a handful of colours many times)."""
    if isinstance(value, bool):  # True == 1 as a dict key: keep booleans out of the cache
        return None
    try:
        return _COLOR_CACHE[value]
    except KeyError:
        result = _color_uncached(value)
        if len(_COLOR_CACHE) < 4096:
            _COLOR_CACHE[value] = result
        return result
    except TypeError:  # unhashable (a list)
        return _color_uncached(value)


def _num(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return None


class SheetDevice(PDFTextDevice):
    """Collects the primitives of one page. Use :func:`interpret_page`."""

    def __init__(self, rsrcmgr: FontRegistry) -> None:
        super().__init__(rsrcmgr)
        self.registry = rsrcmgr
        self.glyphs: list[Glyph] = []
        self.paths = PathTable()
        self.images: list[Image] = []
        self.skipped_segments = 0
        #: paths painted with no ink: fill and stroke both fully transparent (ExtGState ``ca``/``CA`` 0), left out
        self.transparent_paths = 0
        self.decode_failures = 0
        self.warnings: list[str] = []
        self.limit_hits: list[str] = []
        self.max_stream_bytes = DEFAULT_MAX_STREAM_BYTES
        self._segment_id = 0
        self._render_mode = 0
        self._unicode_cache: dict[tuple[int, int], tuple[str, UnicodeSource]] = {}
        #: per byte of the string being shown: _KEEP, None (no glyph) or the text of a UTF-16 character
        self._override: Iterator[object] | None = None
        #: bytes of UTF-16 strings that paint no character of their own (marks, high bytes)
        self.utf16_folded = 0
        #: confidence of glyphs recovered by outline matching, per (font, code)
        self._confidence: dict[tuple[int, int], float] = {}
        #: every outline match tried, per (font id, code): what it was read as, or why not
        self.outline_matches: dict[tuple[str, int], Any] = {}
        self._font_cache: dict[int, tuple[str, bool, float]] = {}
        self._last_dash: tuple[object, float, tuple[tuple[float, ...], float] | None] | None = None
        #: the document's optional content (:class:`pdftract.ingest.pdfe.OptionalContent`), ``None`` without layers
        self.oc: Any = None
        #: the layer being drawn on (innermost), whether an enclosing layer is off, and the states outside
        self.layer: str | None = None
        self.layer_hidden = False
        self.oc_stack: list[tuple[str | None, bool]] = []
        #: ids of the glyphs, paths and images drawn while a layer that is off by default encloses them
        self.hidden_glyph_ids: list[int] = []
        self.hidden_path_ids: list[int] = []
        self.hidden_image_ids: list[int] = []
        #: the page's budgets: operators and time (spent by the content parser), glyphs and segments (here)
        self.budget: PageBudget | None = None
        self.max_glyphs = _DEFAULT_LIMITS.max_glyphs
        self.max_segments = _DEFAULT_LIMITS.max_segments
        #: the budget the page went past, when it was cut
        self.cut: BudgetExceeded | None = None
        #: paths and glyphs left out for lying at non-finite or absurd coordinates (beyond FAR)
        self.far_paths = 0
        self.far_glyphs = 0

    def enter_layer(self, value: object) -> None:
        """Marked content or an XObject that belongs to ``value`` (an OCG or OCMD) begins."""
        self.oc_stack.append((self.layer, self.layer_hidden))
        found = self.oc.membership(value) if self.oc is not None else None
        if found is not None:
            name, shown = found
            if name is not None:
                self.layer = name
            self.layer_hidden = self.layer_hidden or not shown

    def leave_layer(self, depth: int | None = None) -> None:
        """The innermost marked content ends (or all opened past ``depth``)."""
        target = len(self.oc_stack) - 1 if depth is None else depth
        while len(self.oc_stack) > max(target, 0):
            self.layer, self.layer_hidden = self.oc_stack.pop()

    # -- text -------------------------------------------------------------------------
    def render_string(
        self,
        textstate: PDFTextState,
        seq: Any,
        ncs: PDFColorSpace,
        graphicstate: PDFGraphicState,
    ) -> None:
        self._render_mode = textstate.render
        font = textstate.font
        if font is not None and not font.is_multibyte() and any(isinstance(o, bytes) and o.startswith(b"\xfe\xff") for o in seq):
            self._override = _utf16_overrides(seq)
        try:
            super().render_string(textstate, seq, ncs, graphicstate)
        finally:
            self._override = None

    def _unicode(self, font: PDFFont, cid: int) -> tuple[str, UnicodeSource]:
        key = (id(font), cid)
        hit = self._unicode_cache.get(key)
        if hit is not None:
            return hit
        info = self.registry.font_info(font)
        result: tuple[str, UnicodeSource]
        try:
            text = font.to_unichr(cid)
        except Exception:  # PDFUnicodeNotDefined and friends: no mapping at all
            result = (REPLACEMENT_CHARACTER, UnicodeSource.NONE)
        else:
            umap = getattr(font, "unicode_map", None)
            in_map = info.has_tounicode and umap is not None and (
                isinstance(umap, IdentityUnicodeMap) or cid in getattr(umap, "cid2unichr", {})
            )
            if not in_map and info.unresolved_names and cid in dict(info.unresolved_names):
                # pdfminer falls back to the base encoding's character for an unknown glyph name
                source = UnicodeSource.NONE
                text = REPLACEMENT_CHARACTER
            elif in_map:
                source = UnicodeSource.TOUNICODE
            elif info.has_tounicode:
                source = UnicodeSource.GLYPH_NAME
            elif isinstance(font, PDFCIDFont):
                source = UnicodeSource.FONT_CMAP if font.cidcoding in ("Adobe-Identity", "Adobe-UCS") else UnicodeSource.CID_COLLECTION
            else:
                source = UnicodeSource.GLYPH_NAME
            result = (str(text), source)
        if result[1] is UnicodeSource.NONE:
            result = self._from_names(font, cid, info, result)
        sym = self.registry.symbol_fonts.get(id(font))
        if sym is not None:
            table, codes = sym
            mapped = recover(result[0], table) if result[1] is not UnicodeSource.NONE else None
            if mapped is None and result[1] is UnicodeSource.NONE and cid in codes:
                ch = codes[cid]
                mapped = table.get(ch, ch if ch.isdigit() or ch.isupper() or ch in ".,-+/()%°" else None)
            if mapped is not None:
                result = (mapped, UnicodeSource.FONT_TABLE)
        if result[1] is UnicodeSource.NONE or _private_use(result[0]):
            result = self._from_outline(font, cid, info, result)
            if result[1] is UnicodeSource.NONE and isinstance(font, PDFCIDFont) \
                    and (shift := self.registry.code_shift(font)) is not None \
                    and (0x21 <= cid + shift[0] <= 0x7E or (cid + shift[0] == 0x20 and not self.registry.contours_of(font, cid))):
                # a glyph its outline could not tell (0 or O?; a blank one at the space's code) in a font whose other
                # glyphs say its codes are a constant off from their characters
                self._confidence[(id(font), cid)] = round(SHIFT_READ_CONFIDENCE * shift[1], 3)
                result = (chr(cid + shift[0]), UnicodeSource.OUTLINE_MATCH)
        elif "SYMBOL" in base_name(info.name).upper() and result[0] not in DRAWN_SYMBOLS:
            # a font named a symbol font whose map says a letter where it draws a symbol (Solid Edge's "Symbol":
            # "O" for its ⌀, "q" for its □): the outline's own reading wins when it is one of those symbols
            drawn = self._from_outline(font, cid, info, (REPLACEMENT_CHARACTER, UnicodeSource.NONE), only=DRAWN_SYMBOLS)
            if drawn[1] is UnicodeSource.OUTLINE_MATCH:
                result = drawn
        elif sym is None and len(result[0]) == 1 and result[0] in _LETTERISH and self.registry.draws_symbols(font):
            # a renamed symbol font (see FontRegistry.draws_symbols): its glyphs read by their outlines, sizeless
            drawn = self._from_outline(font, cid, info, (REPLACEMENT_CHARACTER, UnicodeSource.NONE), only=SIZELESS_SYMBOLS,
                                       use_geometry=False)
            if drawn[1] is UnicodeSource.OUTLINE_MATCH and result[0] not in _LOOKALIKES.get(drawn[0], ""):
                result = drawn
        self._unicode_cache[key] = result
        return result

    def _from_outline(self, font: PDFFont, cid: int, info: Font, result: tuple[str, UnicodeSource],
                      only: str | None = None, use_geometry: bool = True) -> tuple[str, UnicodeSource]:
        """Rung 4: the glyph's outline in the embedded program, classified against the symbol templates (taken
        only when it reads as one of ``only``, if given). Cached per (font, glyph) with the rest of
        :meth:`_unicode`, so the cost follows distinct glyphs."""
        contours = self.registry.contours_of(font, cid)
        if not contours:
            return result
        match = classify(contours, em=self.registry.outlines[id(font)][0].units_per_em, use_geometry=use_geometry)
        self.outline_matches[(info.id, cid)] = match
        if match.text is None or (only is not None and match.text not in only):
            return result
        self._confidence[(id(font), cid)] = match.confidence
        return (match.text, UnicodeSource.OUTLINE_MATCH)

    def _from_names(self, font: PDFFont, cid: int, info: Font, result: tuple[str, UnicodeSource]) -> tuple[str, UnicodeSource]:
        """Rung 2 for glyphs with no Unicode: an engineering glyph name of the encoding's /Differences, or what the
        embedded program of a composite font says about the glyph (its Unicode cmap, its glyph name)."""
        name = dict(info.unresolved_names).get(cid)
        if name is not None:
            sym = engineering_name(name)
            if sym is not None:
                return (sym, UnicodeSource.GLYPH_NAME)
        emb = self.registry.embedded_for(font)
        if emb is None:
            return result
        unicode, names, _symbol = emb
        if cid in unicode:
            return (unicode[cid], UnicodeSource.FONT_CMAP)
        gname = names.get(cid)
        if gname is not None:
            sym = engineering_name(gname)
            if sym is not None:
                return (sym, UnicodeSource.GLYPH_NAME)
            try:
                text = name2unicode(gname)
            except (KeyError, ValueError):
                text = ""
            if text and not any(0xE000 <= ord(ch) <= 0xF8FF for ch in text):  # a private-use name says nothing
                return (text, UnicodeSource.GLYPH_NAME)
        return result

    def render_char(
        self,
        matrix: Matrix,
        font: PDFFont,
        fontsize: float,
        scaling: float,
        rise: float,
        cid: int,
        ncs: PDFColorSpace,
        graphicstate: PDFGraphicState,
    ) -> float:
        fkey = id(font)
        cached = self._font_cache.get(fkey)
        if cached is None:
            info = self.registry.font_info(font)
            cached = (info.id, bool(font.is_vertical()), float(font.get_descent()))
            self._font_cache[fkey] = cached
        font_id, vertical, descent_unit = cached
        text, source = self._unicode(font, cid)
        try:
            textwidth = float(font.char_width(cid))
        except Exception:
            textwidth = 0.0
        adv = textwidth * fontsize * scaling
        if self._override is not None:
            what = next(self._override, _KEEP)
            if what is None:
                self.utf16_folded += 1
                return adv  # a byte order mark or the high byte of a UTF-16 code unit: advances, paints no character
            if what is not _KEEP:
                text, source = str(what), UnicodeSource.UTF16_STRING
        (a, b, c, d, e, f) = matrix
        if vertical:
            try:
                disp = font.char_disp(cid)
            except Exception:
                disp = (None, 880.0)
            vx_raw, vy_raw = disp if isinstance(disp, tuple) else (None, float(disp))
            vx = fontsize * 0.5 if vx_raw is None else float(vx_raw) * fontsize * 0.001
            vy = (1000.0 - float(vy_raw if vy_raw is not None else 880.0)) * fontsize * 0.001
            gx0, gy0, gx1, gy1 = -vx, vy + rise + adv, -vx + fontsize, vy + rise
            dir_dx, dir_dy = -c, -d
        else:
            descent = descent_unit * fontsize
            gx0, gy0, gx1, gy1 = 0.0, descent + rise, adv, descent + rise + fontsize
            dir_dx, dir_dy = a, b
        xs = (
            a * gx0 + c * gy0 + e,
            a * gx1 + c * gy0 + e,
            a * gx1 + c * gy1 + e,
            a * gx0 + c * gy1 + e,
        )
        ys = (
            b * gx0 + d * gy0 + f,
            b * gx1 + d * gy0 + f,
            b * gx1 + d * gy1 + f,
            b * gx0 + d * gy1 + f,
        )
        det = a * d - b * c
        if scaling < 0:
            det = -det
        # the page matrix flips y, so ordinary text has a negative determinant here
        mirrored = det > 0
        direction = direction_degrees(dir_dx, dir_dy) if (dir_dx or dir_dy) else 0.0
        glyph_matrix = (a * fontsize * scaling, b * fontsize * scaling, c * fontsize, d * fontsize, c * rise + e, d * rise + f)
        gx_lo, gx_hi, gy_lo, gy_hi = min(xs), max(xs), min(ys), max(ys)
        if not (-FAR < gx_lo and gx_hi < FAR and -FAR < gy_lo and gy_hi < FAR):
            self.far_glyphs += 1
            return adv
        if self.layer_hidden:
            self.hidden_glyph_ids.append(len(self.glyphs))
        if len(self.glyphs) >= self.max_glyphs:
            raise BudgetExceeded("max_glyphs", self.max_glyphs, len(self.glyphs) + 1)
        self.glyphs.append(
            Glyph(
                id=len(self.glyphs),
                text=text,
                code=int(cid),
                font=font_id,
                size=abs(fontsize) * math.hypot(c, d),
                bbox=BBox(gx_lo, gy_lo, gx_hi, gy_hi),
                origin=(glyph_matrix[4], glyph_matrix[5]),
                direction=direction,
                upright=direction == 0.0 and not mirrored,
                mirrored=mirrored,
                matrix=glyph_matrix,
                advance=abs(adv) * math.hypot(a, b),
                fill_color=_color(graphicstate.ncolor),
                stroke_color=_color(graphicstate.scolor),
                render_mode=int(self._render_mode),
                source=source,
                confidence=0.0 if source is UnicodeSource.NONE or _private_use(text) else (
                    TABLE_CONFIDENCE if source is UnicodeSource.FONT_TABLE else
                    self._confidence.get((fkey, cid), 0.0) if source is UnicodeSource.OUTLINE_MATCH else 1.0),
                layer=self.layer,
            )
        )
        return adv

    # -- paths ------------------------------------------------------------------------
    def paint_path(
        self,
        graphicstate: PDFGraphicState,
        stroke: bool,
        fill: bool,
        evenodd: bool,
        path: Sequence[PathSegment],
    ) -> None:
        # a paint with an alpha of 0 leaves no ink (Qt's PDF writer draws text selection boxes so)
        if fill and getattr(graphicstate, "fill_alpha", 1.0) == 0.0:
            fill = False
        if stroke and getattr(graphicstate, "stroke_alpha", 1.0) == 0.0:
            stroke = False
        if not fill and not stroke:
            if path:
                self.transparent_paths += 1
            return
        ctm = self.ctm
        assert ctm is not None
        (a, b, c, d, e, f) = ctm
        path_id = len(self.paths)
        # the packed form (see Path.packed): one operator letter per segment and the points each adds
        shape: list[str] = []
        coords: list[float] = []
        letter = shape.append
        add = coords.extend
        pending_move: Point | None = None  # a moveto not yet followed by drawing
        cur: Point | None = None
        start: Point | None = None
        for op in path:
            kind = op[0]
            nums = len(op)
            try:
                # pdfminer's path operators keep only operands that are numbers; anything else raises here
                if nums == 3:
                    x, y = op[1], op[2]  # type: ignore[misc]  # a 3-tuple here
                    p1 = (a * x + c * y + e, b * x + d * y + f)
                    if kind == "m":
                        pending_move = cur = start = p1
                        continue
                    pts: tuple[Point, ...] = (p1,)
                elif nums == 1:
                    pts = ()
                else:
                    pts = tuple([(a * x + c * y + e, b * x + d * y + f) for x, y in zip(op[1::2], op[2::2], strict=True)])
            except (TypeError, ValueError):
                self.skipped_segments += 1
                continue
            if cur is None or start is None or (kind != "h" and not pts):
                self.skipped_segments += 1  # drawing without a current point: invalid, skip the piece
                continue
            if pending_move is not None:
                letter("m")
                add(pending_move)
                pending_move = None
            if kind == "h":
                letter("h")
                cur = start
            elif kind == "l" and nums == 3:
                letter("l")
                cur = pts[0]
                add(cur)
            elif kind == "c" and nums == 7:
                letter("c")
                add((*pts[0], *pts[1], *pts[2]))
                cur = pts[2]
            elif kind == "v" and nums == 5:
                letter("c")
                add((*cur, *pts[0], *pts[1]))
                cur = pts[1]
            elif kind == "y" and nums == 5:
                letter("c")
                add((*pts[0], *pts[1], *pts[1]))
                cur = pts[1]
            else:
                self.skipped_segments += 1
                continue
        if not shape and pending_move is not None:
            # a painted path that is nothing but a moveto: kept (as pdfminer does) so the paint is not lost
            letter("m")
            add(pending_move)
        if not shape:
            return
        xs, ys = coords[0::2], coords[1::2]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        if not (-FAR < x0 and x1 < FAR and -FAR < y0 and y1 < FAR):  # NaN fails too
            self.far_paths += 1  # a damaged matrix or operand: no geometry of any sheet (the ids are used again)
            return
        seg_id = self._segment_id + len(shape)
        if seg_id > self.max_segments:
            raise BudgetExceeded("max_segments", self.max_segments, seg_id)
        letters = "".join(shape)
        scale = math.sqrt(abs(a * d - b * c))
        if self.layer_hidden:
            self.hidden_path_ids.append(path_id)
        self.paths.append(
            shape=letters,
            coords=coords,
            first_segment=self._segment_id,
            stroke=bool(stroke),
            fill=bool(fill),
            evenodd=bool(evenodd),
            line_width=float(_num(graphicstate.linewidth) or 0.0) * scale,
            dash=self._scaled_dash(graphicstate.dash, scale),
            stroke_color=_color(graphicstate.scolor),
            fill_color=_color(graphicstate.ncolor),
            bbox=(x0, y0, x1, y1),
            is_rect=len(letters) == 5 and _is_rect(letters, coords),
            layer=self.layer,
        )
        self._segment_id = seg_id

    def _scaled_dash(self, dash: object, scale: float) -> tuple[tuple[float, ...], float] | None:
        """:meth:`_dash`, remembered for the last pattern: a page sets one and paints many paths with it."""
        if dash is None:
            return None
        last = self._last_dash
        if last is not None and last[0] is dash and last[1] == scale:
            return last[2]
        result = self._dash(dash, scale)
        self._last_dash = (dash, scale, result)
        return result

    @staticmethod
    def _dash(dash: object, scale: float) -> tuple[tuple[float, ...], float] | None:
        if not isinstance(dash, (tuple, list)) or len(dash) != 2:
            return None
        array, phase = dash
        array = resolve1(array)
        if not isinstance(array, (list, tuple)) or not array:
            return None
        values = [_num(resolve1(v)) for v in array]
        if any(v is None for v in values):
            return None
        return (tuple(cast(float, v) * scale for v in values), float(_num(resolve1(phase)) or 0.0) * scale)

    # -- images -----------------------------------------------------------------------
    def render_image(self, name: str, stream: PDFStream) -> None:
        ctm = self.ctm
        assert ctm is not None
        (a, b, c, d, e, f) = ctm
        corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]
        width = _num(resolve1(stream.get("Width", stream.get("W"))))
        height = _num(resolve1(stream.get("Height", stream.get("H"))))
        bpc = _num(resolve1(stream.get("BitsPerComponent", stream.get("BPC"))))
        cs = resolve1(stream.get("ColorSpace", stream.get("CS")))
        if isinstance(cs, list) and cs:
            cs = cs[0]
        if self.layer_hidden:
            self.hidden_image_ids.append(len(self.images))
        self.images.append(
            Image(
                id=len(self.images),
                bbox=BBox.from_points(corners),
                width_px=int(width or 0),
                height_px=int(height or 0),
                name=str(name) if not str(name).isdigit() else "inline",
                bits_per_component=int(bpc) if bpc is not None else None,
                colorspace=_name(cs),
                layer=self.layer,
            )
        )


def _is_rect(letters: str, coords: list[float]) -> bool:
    """True for one axis-aligned rectangle: a move and three lines, closed or with a fourth line back to the start."""
    if letters not in ("mlllh", "mllll"):
        return False
    if letters[-1] == "l" and (coords[8], coords[9]) != (coords[0], coords[1]):
        return False
    x0, y0, x1, y1, x2, y2, x3, y3 = coords[:8]
    return (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)


class ContentParser(PDFContentParser):
    """pdfminer's content-stream parser, keeping the character after an unknown escape.

    PDF 7.3.4.2: when a backslash in a literal string is followed by a character
    that is not a defined escape, the backslash is ignored and the character
    kept. pdfminer drops both, so AutoCAD's ``(N\\/A 2\\/15\\/25)`` reads "NA 21525".
    """

    def _parse_string_1(self, s: bytes, i: int) -> int:
        c = s[i : i + 1]
        if not self.oct and c and c not in ESCAPES and c not in b"\r\n01234567":
            self._curtoken += c
            self._parse1 = self._parse_string
            return i + 1
        return super()._parse_string_1(s, i)


ESCAPES = frozenset(bytes([c]) for c in b"btnfr()\\")


class AlphaGraphicState(PDFGraphicState):
    """pdfminer's graphics state with the constant alphas of an ExtGState (``ca`` for filling, ``CA`` for stroking),
    saved and restored with the rest by ``q``/``Q``."""

    def __init__(self) -> None:
        super().__init__()
        self.fill_alpha = 1.0
        self.stroke_alpha = 1.0

    def copy(self) -> AlphaGraphicState:
        obj = AlphaGraphicState()
        obj.__dict__.update(self.__dict__)
        return obj


class SheetInterpreter(PDFPageInterpreter):
    """pdfminer's interpreter with a caller-supplied initial matrix and two fixes (see module doc)."""

    def __init__(self, rsrcmgr: PDFResourceManager, device: SheetDevice, initial_ctm: Matrix, *, reference: bool = False) -> None:
        super().__init__(rsrcmgr, device)
        self.initial_ctm = initial_ctm
        #: parse with pdfminer's own content parser (the reference the tests compare :mod:`content` with)
        self.reference = reference

    def dup(self) -> SheetInterpreter:
        assert isinstance(self.device, SheetDevice)
        return self.__class__(self.rsrcmgr, self.device, self.initial_ctm, reference=self.reference)

    def process_page(self, page: PDFPage) -> None:
        self.device.begin_page(page, self.initial_ctm)
        self.render_contents(page.resources, page.contents, ctm=self.initial_ctm)
        self.device.end_page(page)

    def do_F(self) -> None:
        """Fill (obsolete synonym of ``f``)."""
        self.do_f()

    def init_state(self, ctm: Matrix) -> None:
        super().init_state(ctm)
        self.graphicstate = AlphaGraphicState()

    def do_gs(self, name: object) -> None:
        """Set the parameters of a named ExtGState that pdftract reads: the constant alphas (``ca``, ``CA``)."""
        gs = self.graphicstate
        if not isinstance(gs, AlphaGraphicState):
            return
        try:
            states = resolve1((self.resources or {}).get("ExtGState"))
            key = literal_name(name) if isinstance(name, PSLiteral) else str(name)
            params = resolve1(states.get(key)) if isinstance(states, dict) else None
        except Exception as exc:  # a broken resource dictionary: the state stays as it was
            self.device_warning(f"graphics state {name!r} cannot be read: {exc}")
            return
        if not isinstance(params, dict):
            return
        for field, entry in (("fill_alpha", "ca"), ("stroke_alpha", "CA")):
            value = _num(resolve1(params.get(entry)))
            if value is not None:
                setattr(gs, field, min(1.0, max(0.0, float(value))))

    # path construction: the same tuples as pdfminer's operators, without a helper call per operand; an
    # operand that is no number goes to pdfminer's operator, which says so and drops the piece
    def do_m(self, x: object, y: object) -> None:
        try:
            self.curpath.append(("m", float(x), float(y)))  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            super().do_m(x, y)  # type: ignore[arg-type]

    def do_l(self, x: object, y: object) -> None:
        try:
            self.curpath.append(("l", float(x), float(y)))  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            super().do_l(x, y)  # type: ignore[arg-type]

    def do_c(self, x1: object, y1: object, x2: object, y2: object, x3: object, y3: object) -> None:
        try:
            self.curpath.append(("c", float(x1), float(y1), float(x2), float(y2), float(x3), float(y3)))  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            super().do_c(x1, y1, x2, y2, x3, y3)  # type: ignore[arg-type]

    def do_re(self, x: object, y: object, w: object, h: object) -> None:
        try:
            x0, y0, x1, y1 = float(x), float(y), float(w), float(h)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            super().do_re(x, y, w, h)  # type: ignore[arg-type]
            return
        x1 += x0
        y1 += y0
        self.curpath.extend((("m", x0, y0), ("l", x1, y0), ("l", x1, y1), ("l", x0, y1), ("h",)))

    def do_w(self, linewidth: object) -> None:
        """Set the line width in user space; the device scales it by the CTM at paint time (PDF 8.4.3.2)."""
        value = _num(resolve1(linewidth))
        if value is None:
            self.device_warning(f"invalid line width {linewidth!r} ignored")
        else:
            self.graphicstate.linewidth = value

    def device_warning(self, message: str) -> None:
        assert isinstance(self.device, SheetDevice)
        self.device.warnings.append(message)

    def execute(self, streams: Sequence[object]) -> None:
        assert isinstance(self.device, SheetDevice)
        device = self.device
        allowed: list[object] = []
        for obj in streams:
            stream = resolve1(obj)
            if isinstance(stream, PDFStream) and stream.rawdata is not None and stream.get_filters():
                if not self._bounded_inflate(stream, device):
                    continue  # over the size limit: recorded, skipped
                raw_len = len(stream.rawdata) if stream.rawdata is not None else 0
                try:
                    data = stream.get_data()
                except Exception as exc:
                    device.warnings.append(f"content stream {stream.objid} cannot be decoded: {exc}")
                    device.decode_failures += 1
                    continue
                # pdfminer turns an undecodable Flate stream into empty data without a word: notice it
                if raw_len > 0 and not data:
                    device.decode_failures += 1
            allowed.append(obj)
        if self.reference:
            # pdfminer's execute builds its parser from the module-level name; give it ours for this call
            previous = _pdfinterp.PDFContentParser
            _pdfinterp.PDFContentParser = ContentParser  # type: ignore[misc]
            try:
                super().execute(cast(Any, allowed))
            finally:
                _pdfinterp.PDFContentParser = previous  # type: ignore[misc]
            return
        self.stream_ids.clear()
        chunks: list[bytes] = []
        for obj in allowed:
            stream = resolve1(obj)
            if not isinstance(stream, PDFStream):
                continue
            if stream.objid is None:
                device.warnings.append("a content stream that is no indirect object was not run")
                continue
            if stream.objid in self.parent_stream_ids:
                device.warnings.append(f"content stream {stream.objid} draws itself (a circular reference); not run again")
                continue
            self.stream_ids.add(stream.objid)
            try:
                chunks.append(stream.get_data() or b"")
            except Exception as exc:
                device.warnings.append(f"content stream {stream.objid} cannot be decoded: {exc}")
                device.decode_failures += 1
        if chunks:
            # one stream (the usual case) is run as it is: joining would copy it, a second copy of a large page
            run_content(self, chunks[0] if len(chunks) == 1 else b"\n".join(chunks))

    # optional content: marked content tagged /OC and XObjects with /OC (pdfminer's operators still run)
    def do_BMC(self, tag: Any) -> None:
        super().do_BMC(tag)
        device = cast(SheetDevice, self.device)
        if device.oc is not None:
            device.oc_stack.append((device.layer, device.layer_hidden))

    def do_BDC(self, tag: Any, props: Any) -> None:
        super().do_BDC(tag, props)
        device = cast(SheetDevice, self.device)
        if device.oc is None:
            return
        if isinstance(tag, PSLiteral) and literal_name(tag) == "OC":
            value = props
            if isinstance(props, PSLiteral):
                table = resolve1(self.resources.get("Properties"))
                value = table.get(literal_name(props)) if isinstance(table, dict) else None
            device.enter_layer(value)
        else:
            device.oc_stack.append((device.layer, device.layer_hidden))

    def do_EMC(self) -> None:
        super().do_EMC()
        device = cast(SheetDevice, self.device)
        if device.oc is not None and device.oc_stack:
            device.leave_layer()

    def pop(self, n: int) -> list[Any]:
        """The last ``n`` operands, removed in place (pdfminer copies the rest of the stack each time)."""
        if n <= 0:
            return []
        stack = self.argstack
        out = stack[-n:]
        del stack[-n:]
        return out

    def do_Do(self, xobjid_arg: object) -> None:
        device = cast(SheetDevice, self.device)
        if device.oc is None:
            self._do(xobjid_arg)
            return
        # an XObject's own /OC, and marked content its form leaves open, end with it
        depth = len(device.oc_stack)
        xobjid = literal_name(xobjid_arg) if isinstance(xobjid_arg, PSLiteral) else str(xobjid_arg)
        xobj = resolve1(self.xobjmap.get(xobjid))
        if isinstance(xobj, PDFStream) and "OC" in xobj.attrs:
            device.enter_layer(xobj.attrs["OC"])
        try:
            self._do(xobjid_arg)
        finally:
            device.leave_layer(depth)

    def _do(self, xobjid_arg: object) -> None:
        xobjid = literal_name(xobjid_arg) if isinstance(xobjid_arg, PSLiteral) else str(xobjid_arg)
        xobj = resolve1(self.xobjmap.get(xobjid))
        if isinstance(xobj, PDFStream) and xobj.get("Subtype") is LITERAL_FORM and "BBox" in xobj:
            interpreter = self.subinterp()
            matrix = resolve1(xobj.get("Matrix", (1, 0, 0, 1, 0, 0)))
            mtx = cast(Matrix, tuple(float(resolve1(v)) for v in matrix)) if isinstance(matrix, (list, tuple)) and len(matrix) == 6 else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            xobjres = xobj.get("Resources")
            resources = resolve1(xobjres) if xobjres else self.resources.copy()
            if not isinstance(resources, dict):
                resources = {}
            self.device.begin_figure(xobjid, (0, 0, 1, 1), mtx)
            interpreter.init_resources(resources)
            interpreter.init_state(mult_matrix(mtx, self.ctm))
            interpreter.graphicstate = self.graphicstate.copy()
            interpreter.execute([xobj])
            self.device.end_figure(xobjid)
            self.device.set_ctm(self.ctm)
        else:
            super().do_Do(cast(Any, xobjid_arg))
            self.device.set_ctm(self.ctm)

    def _bounded_inflate(self, stream: PDFStream, device: SheetDevice) -> bool:
        """Inflate a plain Flate content stream with a size ceiling (decompression bombs).

        Returns False when the stream inflates past ``device.max_stream_bytes``.
        Streams with other filters or predictors are left to pdfminer.
        """
        if inflate_capped(stream, device.max_stream_bytes):
            return True
        device.limit_hits.append(f"content stream {stream.objid} inflates past {device.max_stream_bytes} bytes; skipped")
        return False


#: input fed to the inflater at a time; a damaged piece is fed again byte by byte to find where it breaks
_PIECE = 64 * 1024


def inflate_capped(stream: PDFStream, limit: int) -> bool:
    """Inflate a plain Flate stream in steps into ``stream.data`` (so pdfminer does not inflate it again);
    False when it inflates past ``limit`` bytes (a decompression bomb: nothing is kept). Streams with other
    filters or predictors are left to pdfminer (True).

    Damaged data follows pdfminer's rule without its cost (pdfminer re-inflates byte by byte into a growing
    bytes object, quadratic in the output: fuzzing found a page that took minutes): what inflates before
    the break is kept when the break lies in the last 3 bytes (a bad checksum) or the data just stops;
    otherwise the stream is empty (and ``rawdata`` stays, so the caller counts the loss)."""
    filters = stream.get_filters()
    if len(filters) != 1 or filters[0][0] not in LITERALS_FLATE_DECODE or filters[0][1] or stream.rawdata is None:
        return True
    raw = stream.rawdata
    if stream.decipher:
        assert stream.objid is not None and stream.genno is not None
        raw = stream.decipher(stream.objid, stream.genno, raw, stream.attrs)
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    size = 0
    view = memoryview(raw)
    for start in range(0, len(raw), _PIECE):
        piece = view[start:start + _PIECE]
        saved, mark, size_mark = inflater.copy(), len(parts), size
        try:
            # in steps, so that a bomb costs the ceiling once, not a growing buffer's copies of it
            pending: bytes | memoryview = piece
            while pending:
                chunk = inflater.decompress(pending, INFLATE_STEP)
                parts.append(chunk)
                size += len(chunk)
                if size > limit:
                    return False
                pending = inflater.unconsumed_tail
        except zlib.error:
            inflater, size = saved, size_mark
            del parts[mark:]
            at = start
            try:
                for i in range(len(piece)):
                    chunk = inflater.decompress(piece[i:i + 1])
                    parts.append(chunk)
                    size += len(chunk)
                    if size > limit:
                        return False
                    at = start + i + 1
                    if inflater.eof:
                        break
            except zlib.error:
                if at < len(raw) - 3:
                    stream.data = b""  # lost, as pdfminer would have it
                    return True
            break
        if inflater.eof:
            break
    try:
        while not inflater.eof:  # output the inflater still holds (an output step ended with all input taken)
            chunk = inflater.decompress(b"", INFLATE_STEP)
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
            if size > limit:
                return False
    except zlib.error:
        pass
    stream.data = b"".join(parts)
    stream.rawdata = None
    return True


def interpret_page(
    registry: FontRegistry, page: PDFPage, initial_ctm: Matrix, *, max_stream_bytes: int = DEFAULT_MAX_STREAM_BYTES,
    reference: bool = False, optional_content: Any = None, limits: Limits | None = None,
) -> SheetDevice:
    """Run the content stream of ``page`` and return the device with its primitives.

    ``reference=True`` parses the content with pdfminer's own parser instead of :mod:`pdftract.ingest.content`
    (slower; kept so that tests can compare the two)."""
    device = SheetDevice(registry)
    device.max_stream_bytes = max_stream_bytes
    device.oc = optional_content
    if limits is not None:
        device.budget = PageBudget(limits)
        device.max_glyphs = limits.max_glyphs
        device.max_segments = limits.max_segments
    interpreter = SheetInterpreter(registry, device, initial_ctm, reference=reference)
    try:
        interpreter.process_page(page)
    except BudgetExceeded as exc:
        device.cut = exc  # what was read before stays
    return device


__all__ = ["FontRegistry", "SheetDevice", "SheetInterpreter", "interpret_page"]
