"""A composite font printed with no Unicode map whose program is CID-keyed CFF (Distiller's ``CIDFontType0C``): each
CID's glyph is found through the program's charset, not taken as a glyph index, and when the glyphs read surely say the
codes are a constant off from their characters (Windows TrueType fonts keep their glyph ids, ASCII 29 below its code
points), the glyphs their outlines cannot tell apart (``0``/``O``, ``.``) are read by that constant."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from fontTools.cffLib import FDArrayIndex, FDSelect, FontDict
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

import pdftract
from pdftract.model.primitives import UnicodeSource

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
REAL15 = Path(__file__).resolve().parents[2] / "extra" / "real15"
CHARS = "0123456789.-+ "


def _cid_keyed_cff() -> bytes:
    """A CID-keyed CFF program holding DejaVu Sans's figures and signs, each filed under its code point less 29, in an
    order that is not the CIDs' (so a CID taken as a glyph index finds another glyph, or none)."""
    src = TTFont(str(DEJAVU))
    gs, cmap = src.getGlyphSet(), src.getBestCmap()
    order = sorted(CHARS, key=lambda ch: -ord(ch))
    names = [".notdef"] + [f"cid{ord(ch) - 29:05d}" for ch in order]
    fb = FontBuilder(2048, isTTF=False)
    fb.setupGlyphOrder(names)
    charstrings = {}
    for name, ch in zip(names, [None, *order], strict=True):
        pen = T2CharStringPen(1200, None)
        if ch is not None and ch != " ":
            gs[cmap[ord(ch)]].draw(pen)
        charstrings[name] = pen.getCharString()
    fb.setupCFF("Shifted", {"FullName": "Shifted"}, charstrings, {})
    cff = fb.font["CFF "].cff
    top = cff[cff.fontNames[0]]
    top.ROS = ("Adobe", "Identity", 0)
    top.CIDCount = 256
    fd = FontDict()
    fd.Private = top.Private
    fd.FontMatrix = [1 / 2048, 0, 0, 1 / 2048, 0, 0]
    top.FDArray = FDArrayIndex()
    top.FDArray.append(fd)
    top.FDSelect = FDSelect()
    top.FDSelect.format = 3
    top.FDSelect.gidArray = [0] * len(names)
    top.rawDict.pop("Private", None)
    del top.Private
    buf = io.BytesIO()
    cff.compile(buf, fb.font)
    return buf.getvalue()


def _pdf(path: Path, text: str) -> None:
    pdf = pikepdf.new()
    descendant = pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType0, BaseFont=pikepdf.Name("/ABCDEF+Shifted"),
        CIDSystemInfo=pikepdf.Dictionary(Registry="Adobe", Ordering="Identity", Supplement=0), DW=600,
        FontDescriptor=pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name("/ABCDEF+Shifted"), Flags=4,
                                          FontBBox=[0, -200, 800, 800], ItalicAngle=0, Ascent=800, Descent=-200,
                                          CapHeight=700, StemV=80,
                                          FontFile3=pdf.make_stream(_cid_keyed_cff(), Subtype=pikepdf.Name.CIDFontType0C)))
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=pikepdf.Name("/ABCDEF+Shifted"),
                              Encoding=pikepdf.Name("/Identity-H"), DescendantFonts=[descendant])
    codes = b"".join(b"%04X" % (ord(ch) - 29) for ch in text)
    content = b"BT /F1 20 Tf 72 700 Td <" + codes + b"> Tj ET"
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842],
                              Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)), Contents=pdf.make_stream(content))
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)


@pytest.mark.skipif(not DEJAVU.exists(), reason="DejaVu Sans not installed")
def test_a_cid_keyed_cff_font_with_shifted_codes_and_no_unicode_map_is_read(tmp_path: Path) -> None:
    path = tmp_path / "shifted.pdf"
    text = "+ 0.062 - 1.5748"
    _pdf(path, text)
    sheet = pdftract.open(path).page(1)
    got = "".join(g.text for g in sheet.glyphs)
    assert got == text, got
    assert {g.source for g in sheet.glyphs if g.text.strip()} == {UnicodeSource.OUTLINE_MATCH}
    assert all(0 < g.confidence <= 1 for g in sheet.glyphs)


@pytest.mark.skipif(not (REAL15 / "pcb-stackup-x15.pdf").exists(), reason="the fetched corpus real15 is not beside the checkout")
def test_a_fabricator_s_stack_up_sheet_printed_with_shifted_fonts() -> None:
    lines = [ln.text for ln in pdftract.open(REAL15 / "pcb-stackup-x15.pdf").page(1).lines]
    assert "0.062000" in lines and "1.574800" in lines and "+ 0.0062/- 0.0062 + 0.157/- 0.157" in lines, lines
