"""Ingest on small exact PDFs: geometry, rotation, fonts, paths, images, annotations."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest

import pdftract
from pdftract.errors import Code
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model import FontSubtype, UnicodeSource
from pdftract.testing import PdfWriter, pdf_string


def flat(points: object) -> list[float]:
    """Points as one flat list, for pytest.approx."""
    return [float(v) for p in points for v in p]  # type: ignore[attr-defined]


def one_page(content: bytes, **kw: object) -> bytes:
    w = PdfWriter()
    font = w.helvetica()
    fonts = kw.pop("fonts", None) or {"F1": font}
    w.add_page(content, fonts=fonts, **kw)  # type: ignore[arg-type]
    return w.tobytes()


def sheet_of(data: bytes, **kw: object) -> pdftract.Sheet:
    return pdftract.open(data, **kw).page(1)  # type: ignore[arg-type]


# -- page geometry ----------------------------------------------------------------------
def test_unrotated_text_position_and_direction() -> None:
    s = sheet_of(one_page(b"BT /F1 10 Tf 100 700 Td (HELLO) Tj ET"))
    assert (s.width, s.height, s.rotation) == (612, 792, 0)
    g = s.glyphs[0]
    assert g.origin == pytest.approx((100, 92))
    assert g.direction == 0 and g.upright and not g.mirrored
    assert g.size == pytest.approx(10)
    assert s.text == "HELLO"


@pytest.mark.parametrize(
    ("rotate", "tm", "expected_origin"),
    [
        # /Rotate 90: displayed x = y - y0, displayed y = x - x0; text running up in user space reads left to right
        (90, b"0 1 -1 0 300 100 Tm", (100, 300)),
        # /Rotate 270: displayed x = y1 - y, displayed y = x1 - x; text running down reads left to right
        (270, b"0 -1 1 0 300 700 Tm", (92, 312)),
        (180, b"-1 0 0 -1 500 700 Tm", (112, 700)),
    ],
)
def test_rotated_page_text_reads_left_to_right(rotate: int, tm: bytes, expected_origin: tuple[float, float]) -> None:
    s = sheet_of(one_page(b"BT /F1 10 Tf " + tm + b" (ROTATED) Tj ET", rotate=rotate))
    assert s.rotation == rotate
    if rotate in (90, 270):
        assert (s.width, s.height) == (792, 612)
    g = s.glyphs[0]
    assert g.direction == 0.0 and g.upright
    assert g.origin == pytest.approx(expected_origin)
    xs = [gl.origin[0] for gl in s.glyphs]
    assert xs == sorted(xs)  # glyphs advance to the right on screen
    assert s.text == "ROTATED"


def _poppler_words(pdftotext: str, tmp_path: Path, data: bytes) -> list[tuple[str, float, float, float, float]]:
    pdf = tmp_path / "in.pdf"
    pdf.write_bytes(data)
    html = subprocess.run([pdftotext, "-cropbox", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    import re

    out = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', html):
        out.append((m.group(5), float(m.group(1)), float(m.group(2)), float(m.group(3)), float(m.group(4))))
    return out


@pytest.mark.parametrize("rotate", [0, 90, 270])
def test_positions_agree_with_a_viewer(rotate: int, pdftotext: str, tmp_path: Path) -> None:
    """poppler (what viewers use) places each word where we do, on rotated pages too."""
    tms = {0: b"1 0 0 1 150 600 Tm", 90: b"0 1 -1 0 300 150 Tm", 270: b"0 -1 1 0 300 600 Tm"}
    data = one_page(b"BT /F1 14 Tf " + tms[rotate] + b" (VIEWER CHECK) Tj ET", rotate=rotate, crop=(20, 30, 600, 780))
    ours = {w.text: w.bbox for w in sheet_of(data).words}
    theirs = _poppler_words(pdftotext, tmp_path, data)
    assert [t[0] for t in theirs] == ["VIEWER", "CHECK"]
    for text, x0, top, x1, bottom in theirs:
        b = ours[text]
        assert b.x0 == pytest.approx(x0, abs=1.0) and b.x1 == pytest.approx(x1, abs=1.0)
        # poppler's box spans ascent..descent, ours the em box: compare vertical centres
        assert (b.top + b.bottom) / 2 == pytest.approx((top + bottom) / 2, abs=2.5)


def test_cropbox_offset_and_user_unit() -> None:
    content = b"1 w 100 700 m 500 700 l S"
    s = sheet_of(one_page(content, media=(0, 0, 600, 800), crop=(100, 100, 500, 700)))
    assert (s.width, s.height) == (400, 600)
    seg = s.paths[0].segments[1]
    assert flat(seg.points) == pytest.approx([0, 0, 400, 0])
    s2 = sheet_of(one_page(content, media=(0, 0, 600, 800), user_unit=2))
    assert (s2.width, s2.height) == (1200, 1600)
    assert flat(s2.paths[0].segments[1].points) == pytest.approx([200, 200, 1000, 200])
    assert s2.paths[0].line_width == pytest.approx(2)


def test_cropbox_outside_mediabox_is_reported() -> None:
    s = sheet_of(one_page(b"", media=(0, 0, 100, 100), crop=(200, 200, 300, 300)))
    assert (s.width, s.height) == (100, 100)
    assert Code.INVALID_PAGE_GEOMETRY in {d.code for d in s.diagnostics}


# -- text -----------------------------------------------------------------------------
def test_text_at_90_and_30_degrees() -> None:
    c, s_ = math.cos(math.radians(30)), math.sin(math.radians(30))
    content = (
        b"BT /F1 10 Tf 0 1 -1 0 200 100 Tm (VERTICAL 90) Tj ET\n"
        + f"BT /F1 10 Tf {c:.6f} {s_:.6f} {-s_:.6f} {c:.6f} 300 300 Tm (ALIGNED 30) Tj ET".encode()
    )
    sheet = sheet_of(one_page(content))
    by_dir = {(ln.text, round(ln.direction, 3)) for ln in sheet.lines}
    assert by_dir == {("VERTICAL 90", 90.0), ("ALIGNED 30", 30.0)}
    g = sheet.glyphs[0]
    assert not g.upright and g.size == pytest.approx(10)
    # the box of rotated text is the box of all four corners: taller than wide for vertical text
    w0 = sheet.words[0] if sheet.words[0].direction == 90 else sheet.words[1]
    assert w0.bbox.height > w0.bbox.width


def test_invisible_text_is_flagged_not_dropped() -> None:
    content = b"BT /F1 10 Tf 3 Tr 100 700 Td (HIDDEN) Tj ET BT /F1 10 Tf 0 Tr 100 600 Td (SHOWN) Tj ET"
    s = sheet_of(one_page(content))
    assert len(s.glyphs) == 11
    hidden = [g for g in s.glyphs if g.invisible]
    assert "".join(g.text for g in hidden) == "HIDDEN" and all(g.render_mode == 3 for g in hidden)
    assert {(w.text, w.invisible) for w in s.words} == {("HIDDEN", True), ("SHOWN", False)}
    # a hidden layer nobody covers is the only text there, so it is kept in the reading text
    assert "HIDDEN" in s.text and "SHOWN" in s.text


def test_invisible_layer_under_visible_text_is_left_out_of_reading_text() -> None:
    content = b"BT /F1 10 Tf 100 700 Td (R12) Tj ET BT /Tr 3 /F1 10 Tf 3 Tr 100 700 Td (NL7) Tj ET"
    s = sheet_of(one_page(content))
    assert s.text == "R12"
    assert {w.text for w in s.words} == {"R12", "NL7"}  # both layers are still there as words


def test_type3_font() -> None:
    w = PdfWriter()
    t3 = w.type3_font()
    w.add_page(b"BT /T3 20 Tf 100 500 Td (ABBA) Tj ET", fonts={"T3": t3})
    doc = pdftract.open(w.tobytes())
    s = doc.page(1)
    assert s.text == "ABBA"
    font = doc.fonts[s.glyphs[0].font]
    assert font.subtype is FontSubtype.TYPE3 and font.embedded
    assert s.glyphs[1].origin[0] - s.glyphs[0].origin[0] == pytest.approx(12)  # 600/1000 em at 20 pt
    assert s.glyphs[0].source is UnicodeSource.GLYPH_NAME


def test_unmapped_glyph_keeps_code_and_is_reported() -> None:
    w = PdfWriter()
    # StandardEncoding leaves code 0x80 undefined and there is no ToUnicode: nothing maps it
    font = w.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /StandardEncoding >>")
    w.add_page(b"BT /F1 10 Tf 100 500 Td (\x80B) Tj ET", fonts={"F1": font})
    s = pdftract.open(w.tobytes()).page(1)
    a = s.glyphs[0]
    assert a.text == "\ufffd" and a.code == 0x80 and a.source is UnicodeSource.NONE and a.confidence == 0
    assert s.glyphs[1].text == "B"
    diag = [d for d in s.diagnostics if d.code is Code.UNMAPPED_GLYPHS]
    assert diag and dict(diag[0].context)["count"] == 1


def test_unknown_differences_name_is_unmapped_not_the_base_letter() -> None:
    """pdfminer keeps the base encoding's 'A' for a code renamed to a meaningless glyph name."""
    w = PdfWriter()
    font = w.add(
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
        "/Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [65 /g123 /uni2300] >> >>"
    )
    w.add_page(b"BT /F1 10 Tf 100 500 Td (ABC) Tj ET", fonts={"F1": font})
    doc = pdftract.open(w.tobytes())
    a, b, c = doc.page(1).glyphs
    assert (a.text, a.source) == ("\ufffd", UnicodeSource.NONE)
    assert (b.text, b.source) == ("\u2300", UnicodeSource.GLYPH_NAME)
    assert (c.text, c.source) == ("C", UnicodeSource.GLYPH_NAME)
    assert doc.fonts[a.font].unresolved_names == ((65, "g123"),)


def test_tounicode_source_and_font_table() -> None:
    w = PdfWriter()
    cmap = w.stream(
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def "
        b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <2300> endbfchar "
        b"endcmap CMapName currentdict /CMap defineresource pop end end"
    )
    font = w.add(f"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode {cmap} 0 R >>")
    w.add_page(b"BT /F1 10 Tf 100 500 Td (AB) Tj ET", fonts={"F1": font})
    doc = pdftract.open(w.tobytes())
    s = doc.page(1)
    assert s.glyphs[0].text == "\u2300" and s.glyphs[0].source is UnicodeSource.TOUNICODE
    assert s.glyphs[1].text == "B" and s.glyphs[1].source is UnicodeSource.GLYPH_NAME
    f = doc.fonts[s.glyphs[0].font]
    assert f.has_tounicode and f.name == "Helvetica" and not f.embedded
    assert f.id == s.glyphs[0].font


# -- paths ----------------------------------------------------------------------------
def test_bezier_control_points_are_kept_and_v_y_expanded() -> None:
    content = b"10 700 m 20 710 30 720 40 700 c 50 710 60 700 v 70 690 80 700 y h S"
    s = sheet_of(one_page(content))
    (path,) = s.paths
    kinds = [seg.kind for seg in path.segments]
    assert kinds == ["move", "curve", "curve", "curve", "close"]
    c1 = path.segments[1].points
    assert flat(c1) == pytest.approx([10, 92, 20, 82, 30, 72, 40, 92])
    v = path.segments[2].points  # v: first control point = current point
    assert v[0] == v[1] == pytest.approx((40, 92))
    y = path.segments[3].points  # y: second control point = end point
    assert y[2] == y[3] == pytest.approx((80, 92))
    assert flat(path.segments[4].points) == pytest.approx([80, 92, 10, 92])


def test_dash_line_width_and_colours_are_scaled_and_kept() -> None:
    content = b"q 2 0 0 2 0 0 cm [6 3] 1 d 0.5 w 1 0 0 RG 0 0 1 rg 10 10 m 100 10 l S Q"
    (p,) = sheet_of(one_page(content)).paths
    assert p.dash == ((12.0, 6.0), 2.0)
    assert p.line_width == pytest.approx(1.0)
    assert p.stroke_color == (1.0, 0.0, 0.0) and p.stroke and not p.fill


def test_rectangles_subpaths_and_the_obsolete_F_operator() -> None:
    content = b"10 10 50 20 re f 100 100 m 120 100 l 200 200 m 220 220 l S 0 0 5 5 re F"
    paths = sheet_of(one_page(content)).paths
    assert len(paths) == 3
    assert paths[0].is_rect and paths[0].fill
    assert paths[1].subpath_count == 2 and [s.kind for s in paths[1].segments] == ["move", "line", "move", "line"]
    assert paths[2].fill and paths[2].is_rect  # 'F' fills; pdfminer drops it
    ids = [s.id for p in paths for s in p.segments]
    assert ids == list(range(len(ids)))


def test_form_xobject_inherits_graphics_state_and_restores_ctm() -> None:
    w = PdfWriter()
    font = w.helvetica()
    form = w.stream(b"2 0 0 2 0 0 cm 0 0 m 10 0 l S", "/Type /XObject /Subtype /Form /BBox [0 0 100 100]")
    content = b"3 w 1 0 0 RG /X1 Do 0 100 m 10 100 l S"
    w.add_page(content, fonts={"F1": font}, xobjects={"X1": form})
    form_path, after = pdftract.open(w.tobytes()).page(1).paths
    assert form_path.line_width == pytest.approx(6.0)  # inherited 3 w, times the form's scale 2
    assert form_path.stroke_color == (1.0, 0.0, 0.0)
    assert form_path.segments[1].points[1] == pytest.approx((20, 792))
    # after the form the page's own CTM applies again (pdfminer kept the form's)
    assert flat(after.segments[1].points) == pytest.approx([0, 692, 10, 692])


# -- images and annotations -----------------------------------------------------------
def test_inline_image_and_annotation() -> None:
    w = PdfWriter()
    font = w.helvetica()
    annot = w.add(f"<< /Type /Annot /Subtype /Text /Rect [100 600 120 620] /Contents {pdf_string('CHECK HOLE').decode()} >>")
    content = b"q 100 0 0 50 10 20 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q"
    w.add_page(content, fonts={"F1": font}, annots=[annot])
    s = pdftract.open(w.tobytes()).page(1)
    (img,) = s.images
    assert (img.width_px, img.height_px, img.bits_per_component) == (2, 2, 8)
    assert tuple(img.bbox) == pytest.approx((10, 722, 110, 772))
    (a,) = s.annotations
    assert a.subtype == "Text" and a.contents == "CHECK HOLE"
    assert tuple(a.rect) == pytest.approx((100, 172, 120, 192))


def test_page_without_text_layer_says_so() -> None:
    s = sheet_of(one_page(b"0 0 m 100 100 l S"))
    d = [d for d in s.diagnostics if d.code is Code.MISSING_TEXT_LAYER]
    assert d and dict(d[0].context) == {"images": 0, "paths": 1}


def test_corrupt_content_stream_is_a_diagnostic_not_a_silent_blank() -> None:
    w = PdfWriter()
    font = w.helvetica()
    bad = w.add(b"<< /Length 12 /Filter /FlateDecode >>\nstream\nnot-deflated\nendstream")
    page = w.add(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 {font} 0 R >> >> /Contents {bad} 0 R >>")
    w._pages.append(page)
    s = pdftract.open(w.tobytes()).page(1)
    assert Code.STREAM_DECOMPRESSION_FAIL in {d.code for d in s.diagnostics}


def test_lazy_pages_and_fonts_grow_with_parsing() -> None:
    w = PdfWriter()
    f1, f2 = w.helvetica(), w.helvetica("Courier")
    w.add_page(b"BT /F1 10 Tf 10 10 Td (ONE) Tj ET", fonts={"F1": f1})
    w.add_page(b"BT /F2 10 Tf 10 10 Td (TWO) Tj ET", fonts={"F2": f2})
    doc = pdftract.open(w.tobytes())
    assert len(doc.fonts) == 0
    assert doc.page(2).text == "TWO"
    assert [f.name for f in doc.fonts.values()] == ["Courier"]
    assert doc.page(2) is doc.page(2)


def test_decompression_bomb_is_capped_and_reported() -> None:
    import zlib

    w = PdfWriter()
    font = w.helvetica()
    bomb = zlib.compress(b"% padding\n" * 600_000)  # 6 MB of comments from a few KB
    stream = w.add(f"<< /Length {len(bomb)} /Filter /FlateDecode >>\nstream\n".encode() + bomb + b"\nendstream")
    ok = w.stream(b"BT /F1 10 Tf 10 10 Td (AFTER) Tj ET")
    page = w.add(
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 {font} 0 R >> >> "
        f"/Contents [{stream} 0 R {ok} 0 R] >>"
    )
    w._pages.append(page)
    sheet = pdftract.open(w.tobytes(), max_stream_bytes=1_000_000).page(1)
    hits = [d for d in sheet.diagnostics if d.code is Code.RESOURCE_LIMIT]
    assert hits and "inflates past 1000000 bytes" in hits[0].message
    assert sheet.text == "AFTER"  # the other content stream of the page is still read
    assert pdftract.open(w.tobytes()).page(1).text == "AFTER"  # under the default ceiling it is just comments


def test_a_large_content_stream_inflates_whole_in_steps() -> None:
    import zlib

    from pdftract.ingest.device import INFLATE_STEP

    w = PdfWriter()
    font = w.helvetica()
    body = b"% padding\n" * (INFLATE_STEP // 10 * 2 + 7) + b"BT /F1 10 Tf 10 10 Td (AT THE END) Tj ET"
    data = zlib.compress(body)
    stream = w.add(f"<< /Length {len(data)} /Filter /FlateDecode >>\nstream\n".encode() + data + b"\nendstream")
    page = w.add(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 {font} 0 R >> >> "
                 f"/Contents {stream} 0 R >>")
    w._pages.append(page)
    sheet = pdftract.open(w.tobytes()).page(1)
    assert sheet.text == "AT THE END" and not [d for d in sheet.diagnostics if d.code is Code.RESOURCE_LIMIT]


def test_unknown_escapes_keep_their_character() -> None:
    """PDF 7.3.4.2: '\\/' is '/', as AutoCAD writes it; pdfminer drops it."""
    content = b"BT /F1 10 Tf 72 700 Td (N\\/A 2\\/15\\/25 \\101\\102 \\(x\\) a\\\\b \\9) Tj ET"
    assert sheet_of(one_page(content)).text == "N/A 2/15/25 AB (x) a\\b 9"


def _image_page(text: bytes = b"") -> list[Diagnostic]:
    """The MISSING_TEXT_LAYER diagnostics of a 200 pt page covered by one picture, with ``text`` (a content-stream
    text object in Helvetica /F1) over it."""
    w = PdfWriter()
    font = w.helvetica()
    img = w.add(b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\n"
                b"stream\n\x00\xff\xff\x00\nendstream")
    content = b"q 200 0 0 200 0 0 cm /Im1 Do Q " + text
    stream = w.add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    page = w.add(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 {font} 0 R >> "
                 f"/XObject << /Im1 {img} 0 R >> >> /Contents {stream} 0 R >>")
    w._pages.append(page)
    s = pdftract.open(w.tobytes()).page(1)
    return [d for d in s.diagnostics if d.code is Code.MISSING_TEXT_LAYER]


def test_an_image_page_with_a_few_typed_characters_says_its_picture_is_not_read() -> None:
    # a drawing re-saved as one image by an online editor, with a tolerance typed over it: nine characters of
    # text must not pass for the page's content
    d = _image_page(b"BT /F1 8 Tf 20 20 Td (+0,1 -0,05) Tj ET")
    assert d and d[0].severity is Severity.WARNING and dict(d[0].context)["characters"] == 9, d


def test_a_path_painted_fully_transparent_leaves_no_ink() -> None:
    # Qt's writer draws a box round each text with fill alpha 0 (ExtGState /ca 0): no path, no rule; an alpha set
    # inside q ... Q ends with it; a stroke keeps its own alpha (/CA)
    w = PdfWriter()
    content = (b"q /Clear gs 100 100 50 20 re f Q 200 100 50 20 re f "
               b"q /NoStroke gs 300 100 m 350 100 l S 300 120 50 20 re B Q")
    w.add_page(content, extgstates={"Clear": "<< /ca 0 /CA 0 >>", "NoStroke": "<< /CA 0 >>"})
    doc = pdftract.open(w.tobytes())
    page = doc.pages[0]
    got = [(round(p.bbox.x0), p.fill, p.stroke) for p in page.paths]
    assert got == [(200, True, False), (300, True, False)], got
    assert any("fully transparent" in d.message for d in page.diagnostics), page.diagnostics


def test_a_page_that_is_only_an_image_warns_that_its_picture_is_not_read() -> None:
    # a drawing printed to one picture by a browser: no text, no paths; the page says what it is, as a warning
    d = _image_page()
    assert len(d) == 1 and d[0].severity is Severity.WARNING and dict(d[0].context)["image_cover"] == 1.0, d
