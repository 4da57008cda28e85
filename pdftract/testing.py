"""Helpers for tests and bug reports: hand-built sheets and a tiny PDF writer.

``make_sheet`` builds a :class:`~pdftract.model.Sheet` without any PDF, the way
spaCy tests build a Doc by hand. ``PdfWriter`` writes small, exact PDFs (page
rotation, crop boxes, Type3 fonts, invisible text, curves, dashes) so ingest
tests control every byte.

>>> sheet = make_sheet(text=[("R12", 10, 20)], lines=[(0, 30, 100, 30)])
>>> sheet.text, len(sheet.glyphs), len(sheet.paths)
('R12', 3, 1)
>>> import pdftract
>>> pdftract.open(simple_pdf(pages=[["HELLO"]])).page(1).text
'HELLO'
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import replace

from pdftract.geometry import BBox, Point
from pdftract.model.primitives import Font, FontSubtype, Glyph, Path, Segment, UnicodeSource
from pdftract.model.sheet import Sheet

TEST_FONT = Font(
    id="F1", name="TestMono", subtype=FontSubtype.TYPE1, embedded=False, has_tounicode=False, encoding="WinAnsiEncoding"
)

TextSpec = tuple[str, float, float] | tuple[str, float, float, float] | tuple[str, float, float, float, float]


def make_glyphs(text: str, x: float, y: float, direction: float = 0.0, size: float = 10.0, *, start_id: int = 0,
                invisible: bool = False, advance: float = 0.6) -> list[Glyph]:
    """Glyphs of ``text`` with the baseline starting at ``(x, y)``, monospaced (``advance`` em per glyph)."""
    th = math.radians(direction)
    cos, sin = math.cos(th), math.sin(th)
    if abs(cos) < 1e-12:
        cos = 0.0
    if abs(sin) < 1e-12:
        sin = 0.0
    out: list[Glyph] = []
    for i, ch in enumerate(text):
        ox = x + i * advance * size * cos
        oy = y - i * advance * size * sin
        m = (size * cos, -size * sin, -size * sin, -size * cos, ox, oy)
        corners = [(m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]) for u, v in ((0, -0.2), (advance, -0.2), (advance, 0.8), (0, 0.8))]
        out.append(
            Glyph(
                id=start_id + i,
                text=ch,
                code=ord(ch) if ord(ch) < 256 else 0,
                font=TEST_FONT.id,
                size=size,
                bbox=BBox.from_points(corners),
                origin=(ox, oy),
                direction=direction % 360.0,
                upright=direction % 360.0 == 0.0,
                mirrored=False,
                matrix=m,
                advance=advance * size,
                fill_color=(0.0,),
                stroke_color=(0.0,),
                render_mode=3 if invisible else 0,
                source=UnicodeSource.GLYPH_NAME,
                confidence=1.0,
            )
        )
    return out


def line_path(path_id: int, points: Sequence[Point], *, first_segment_id: int = 0, width: float = 0.5,
              closed: bool = False, fill: bool = False) -> Path:
    """A polyline path through ``points``."""
    segs = [Segment(id=first_segment_id, path_id=path_id, kind="move", points=(points[0],))]
    for a, b in zip(points, points[1:], strict=False):
        segs.append(Segment(id=first_segment_id + len(segs), path_id=path_id, kind="line", points=(a, b)))
    if closed:
        segs.append(Segment(id=first_segment_id + len(segs), path_id=path_id, kind="close", points=(points[-1], points[0])))
    return Path(
        id=path_id,
        segments=tuple(segs),
        stroke=not fill,
        fill=fill,
        evenodd=False,
        line_width=width,
        dash=None,
        stroke_color=(0.0,),
        fill_color=(0.0,) if fill else None,
        bbox=BBox.from_points(points),
        is_rect=False,
    )


def cloud_path(x0: float, top: float, x1: float, bottom: float, *, bump: float = 6.0, path_id: int = 0) -> Path:
    """A revision cloud: cubic Bézier bumps bulging outward along the edges of a box."""
    pts: list[Point] = []
    for ax, ay, bx, by in ((x0, top, x1, top), (x1, top, x1, bottom), (x1, bottom, x0, bottom), (x0, bottom, x0, top)):
        n = max(2, int(math.hypot(bx - ax, by - ay) / bump))
        pts += [(ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(n)]
    pts.append(pts[0])
    cx, cy = (x0 + x1) / 2, (top + bottom) / 2
    segs = [Segment(id=0, path_id=path_id, kind="move", points=(pts[0],))]
    for a, b in zip(pts, pts[1:], strict=False):
        ox, oy = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        n_ = math.hypot(ox, oy) or 1.0
        k = bump * 0.6
        c1 = (a[0] + ox / n_ * k, a[1] + oy / n_ * k)
        c2 = (b[0] + ox / n_ * k, b[1] + oy / n_ * k)
        segs.append(Segment(id=len(segs), path_id=path_id, kind="curve", points=(a, c1, c2, b)))
    return Path(id=path_id, segments=tuple(segs), stroke=True, fill=False, evenodd=False, line_width=0.35, dash=None,
                stroke_color=(0.0,), fill_color=None, bbox=BBox.from_points([q for sg in segs for q in sg.points]))


def make_sheet(
    *,
    glyphs: Iterable[Glyph] = (),
    paths: Iterable[Path] = (),
    text: Iterable[TextSpec] = (),
    lines: Iterable[tuple[float, float, float, float]] = (),
    rects: Iterable[tuple[float, float, float, float]] = (),
    width: float = 842.0,
    height: float = 595.0,
    number: int = 1,
) -> Sheet:
    """A sheet built by hand.

    ``text`` items are ``(string, x, y[, direction[, size]])`` with ``(x, y)`` the
    baseline start; ``lines`` are ``(x0, y0, x1, y1)``; ``rects`` are boxes
    ``(x0, top, x1, bottom)`` drawn as closed paths. Glyph, path and segment
    ids are renumbered in order.
    """
    gl: list[Glyph] = []
    for g in glyphs:
        gl.append(_renumber_glyph(g, len(gl)))
    for spec in text:
        s, x, y = spec[0], float(spec[1]), float(spec[2])
        direction = float(spec[3]) if len(spec) > 3 else 0.0
        size = float(spec[4]) if len(spec) > 4 else 10.0
        gl.extend(make_glyphs(s, x, y, direction, size, start_id=len(gl)))
    pl: list[Path] = []
    seg_id = 0

    def add(p: Path) -> None:
        nonlocal seg_id
        segs = tuple(
            Segment(id=seg_id + i, path_id=len(pl), kind=s.kind, points=s.points) for i, s in enumerate(p.segments)
        )
        seg_id += len(segs)
        pl.append(
            Path(
                id=len(pl), segments=segs, stroke=p.stroke, fill=p.fill, evenodd=p.evenodd, line_width=p.line_width,
                dash=p.dash, stroke_color=p.stroke_color, fill_color=p.fill_color, bbox=p.bbox, is_rect=p.is_rect,
            )
        )

    for p in paths:
        add(p)
    for x0, y0, x1, y1 in lines:
        add(line_path(0, [(x0, y0), (x1, y1)]))
    for x0, top, x1, bottom in rects:
        r = line_path(0, [(x0, top), (x1, top), (x1, bottom), (x0, bottom)], closed=True)
        add(replace(r, is_rect=True))
    return Sheet(number=number, width=width, height=height, glyphs=tuple(gl), paths=tuple(pl), fonts={TEST_FONT.id: TEST_FONT},
                 mediabox=(0.0, 0.0, width, height), cropbox=(0.0, 0.0, width, height))


def _renumber_glyph(g: Glyph, new_id: int) -> Glyph:
    if g.id == new_id:
        return g
    fields = {f: getattr(g, f) for f in g.__dataclass_fields__}
    fields["id"] = new_id
    return Glyph(**fields)


# -- a tiny PDF writer ------------------------------------------------------------------
def pdf_string(text: str) -> bytes:
    """A PDF literal string for WinAnsi text."""
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


class PdfWriter:
    """Write a PDF object by object. Enough for exact ingest fixtures, not a general writer.

    >>> w = PdfWriter()
    >>> font = w.helvetica()
    >>> _ = w.add_page(b"BT /F1 12 Tf 72 720 Td (Hi) Tj ET", fonts={"F1": font})
    >>> w.tobytes().startswith(b"%PDF-1.7")
    True
    """

    def __init__(self) -> None:
        self._objects: list[bytes | None] = [None, None]  # 1: catalog, 2: pages (filled at the end)
        self._pages: list[int] = []

    def reserve(self) -> int:
        self._objects.append(None)
        return len(self._objects)

    def set(self, num: int, body: bytes | str) -> int:
        self._objects[num - 1] = body.encode("latin-1") if isinstance(body, str) else body
        return num

    def add(self, body: bytes | str) -> int:
        return self.set(self.reserve(), body)

    def stream(self, data: bytes, extra: str = "", *, compress: bool = False) -> int:
        if compress:
            data = zlib.compress(data)
            extra += " /Filter /FlateDecode"
        return self.add(f"<< /Length {len(data)} {extra} >>\nstream\n".encode("latin-1") + data + b"\nendstream")

    def helvetica(self, name: str = "Helvetica") -> int:
        return self.add(f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>")

    def type3_font(self) -> int:
        """A Type3 font with two glyphs drawn as paths: code 65 'A' (a triangle) and 66 'B' (a box).

        The glyph names map to Unicode through the encoding's Differences.
        """
        tri = self.stream(b"600 0 0 0 600 700 d1 0 0 m 300 700 l 600 0 l f")
        box = self.stream(b"600 0 0 0 600 700 d1 50 0 500 700 re f")
        return self.add(
            "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix [0.001 0 0 0.001 0 0] "
            f"/CharProcs << /A {tri} 0 R /B {box} 0 R >> "
            "/Encoding << /Type /Encoding /Differences [65 /A /B] >> "
            "/FirstChar 65 /LastChar 66 /Widths [600 600] /Resources << >> >>"
        )

    def add_page(
        self,
        content: bytes,
        *,
        media: tuple[float, float, float, float] = (0, 0, 612, 792),
        crop: tuple[float, float, float, float] | None = None,
        rotate: int = 0,
        user_unit: float | None = None,
        fonts: dict[str, int] | None = None,
        xobjects: dict[str, int] | None = None,
        annots: Sequence[int] = (),
        compress: bool = False,
        extgstates: dict[str, str] | None = None,
    ) -> int:
        contents = self.stream(content, compress=compress)
        res = ""
        if extgstates:  # name -> the parameter dictionary's source, ``"<< /ca 0 >>"``
            res += "/ExtGState << " + " ".join(f"/{k} {v}" for k, v in extgstates.items()) + " >> "
        if fonts:
            res += "/Font << " + " ".join(f"/{k} {v} 0 R" for k, v in fonts.items()) + " >> "
        if xobjects:
            res += "/XObject << " + " ".join(f"/{k} {v} 0 R" for k, v in xobjects.items()) + " >> "
        parts = [f"/Type /Page /Parent 2 0 R /MediaBox [{' '.join(_num(v) for v in media)}]"]
        if crop is not None:
            parts.append(f"/CropBox [{' '.join(_num(v) for v in crop)}]")
        if rotate:
            parts.append(f"/Rotate {rotate}")
        if user_unit is not None:
            parts.append(f"/UserUnit {_num(user_unit)}")
        if annots:
            parts.append("/Annots [" + " ".join(f"{a} 0 R" for a in annots) + "]")
        parts.append(f"/Resources << {res}>> /Contents {contents} 0 R")
        num = self.add("<< " + " ".join(parts) + " >>")
        self._pages.append(num)
        return num

    def tobytes(self) -> bytes:
        self.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
        kids = " ".join(f"{p} 0 R" for p in self._pages)
        self.set(2, f"<< /Type /Pages /Kids [{kids}] /Count {len(self._pages)} >>")
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets: list[int] = []
        for i, body in enumerate(self._objects, start=1):
            if body is None:
                body = b"null"
            offsets.append(len(out))
            out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(self._objects) + 1}\n0000000000 65535 f \n".encode()
        for off in offsets:
            out += f"{off:010d} 00000 n \n".encode()
        out += f"trailer\n<< /Size {len(self._objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
        return bytes(out)


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.4f}".rstrip("0")


def simple_pdf(pages: Sequence[Sequence[str]], *, size: float = 12.0, page_size: tuple[float, float] = (612, 792)) -> bytes:
    """A PDF with one Helvetica text line per string, top to bottom, on each page."""
    w = PdfWriter()
    font = w.helvetica()
    for lines in pages:
        ops = []
        for i, line in enumerate(lines):
            y = page_size[1] - 72 - i * size * 1.5
            ops.append(b"BT /F1 %s Tf 72 %s Td " % (_num(size).encode(), _num(y).encode()) + pdf_string(line) + b" Tj ET")
        w.add_page(b"\n".join(ops), media=(0, 0, page_size[0], page_size[1]), fonts={"F1": font})
    return w.tobytes()


def truetype_program(names: Sequence[str], cmap: dict[int, str], glyphs: dict[str, object], family: str,
                     advance: int = 600, lsb: int = 0) -> bytes:
    """A TrueType font program (1000 units to the em) of the glyphs ``glyphs`` (fontTools ``TTGlyphPen`` glyphs, by
    name, in the order ``names``) with the Unicode cmap ``cmap``, for building test PDFs that embed a font."""
    import io

    from fontTools.fontBuilder import FontBuilder

    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(list(names))
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (advance, lsb) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


__all__ = ["TEST_FONT", "PdfWriter", "cloud_path", "line_path", "make_glyphs", "make_sheet", "pdf_string", "simple_pdf", "truetype_program"]
