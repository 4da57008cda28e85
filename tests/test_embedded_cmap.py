"""Composite fonts whose encoding is a CMap embedded in the file (Haru writes ``Modern-UTF16-H``): pdfminer.six
does not read such a CMap and decoded every string of the font to nothing, so a KOMPAS-3D drawing lost all its
Cyrillic text without a word."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from fontTools.pens.ttGlyphPen import TTGlyphPen

import pdftract
from pdftract.ingest.cmaps import read_cmap
from pdftract.testing import truetype_program

REAL5 = Path(__file__).resolve().parents[2] / "extra" / "real5"

#: Haru's encoding CMap: two-byte codes, CID = code below the surrogates
HARU_CMAP = b"""%!PS-Adobe-3.0 Resource-CMap
/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo 3 dict dup begin /Registry (Haru) def /Ordering (Modern1) def /Supplement 0 def end def
/CMapName /Modern-UTF16-H def
/WMode 0 def
2 begincodespacerange
<0000> <D7FF>
<E000> <FFFF>
endcodespacerange
1 beginnotdefrange
<0000> <001F> 1
endnotdefrange
2 begincidrange
<0000> <D7FF> 0
<E000> <FFFF> 55296
endcidrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""

TEXT = "ПЛАТА 1:1"


def _font_program() -> tuple[bytes, dict[str, int]]:
    """A TrueType font with a box glyph per character of :data:`TEXT` and a Unicode cmap."""
    chars = sorted(set(TEXT) - {" "})
    names = [".notdef", "space"] + [f"g{ord(c):04X}" for c in chars]
    glyphs = {}
    for n in names:
        pen = TTGlyphPen(None)
        if n != "space":
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((550, 700))
            pen.lineTo((550, 0))
            pen.closePath()
        glyphs[n] = pen.glyph()
    cmap = {32: "space", **{ord(c): f"g{ord(c):04X}" for c in chars}}
    return truetype_program(names, cmap, glyphs, "Boxes", advance=600, lsb=50), {n: i for i, n in enumerate(names)}


def _pdf(path: Path) -> None:
    program, gids = _font_program()
    c2g = bytearray(2 * 0x0430)
    for ch in set(TEXT):
        gid = gids["space" if ch == " " else f"g{ord(ch):04X}"]
        c2g[2 * ord(ch):2 * ord(ch) + 2] = gid.to_bytes(2, "big")
    pdf = pikepdf.new()
    cmap = pdf.make_stream(HARU_CMAP, Type=pikepdf.Name.CMap, CMapName=pikepdf.Name("/Modern-UTF16-H"),
                           CIDSystemInfo=pikepdf.Dictionary(Registry="Haru", Ordering="Modern1", Supplement=0))
    descendant = pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2, BaseFont=pikepdf.Name("/HPDFAA+Boxes"),
        CIDSystemInfo=pikepdf.Dictionary(Registry="Haru", Ordering="Modern1", Supplement=0), DW=600,
        CIDToGIDMap=pdf.make_stream(bytes(c2g)),
        FontDescriptor=pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name("/HPDFAA+Boxes"), Flags=32,
                                          FontBBox=[0, -200, 600, 800], ItalicAngle=0, Ascent=800, Descent=-200,
                                          CapHeight=700, StemV=80, FontFile2=pdf.make_stream(program)))
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=pikepdf.Name("/HPDFAA+Boxes"),
                              Encoding=cmap, ToUnicode=cmap, DescendantFonts=[descendant])
    shown = TEXT.encode("utf-16-be").hex().upper()
    content = f"BT /F1 12 Tf 72 700 Td <{shown}> Tj ET".encode()
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842],
                              Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)),
                              Contents=pdf.make_stream(content))
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)


def test_text_in_a_font_with_an_embedded_encoding_cmap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "haru.pdf"
    _pdf(path)
    sheet = pdftract.open(str(path)).pages[0]
    assert [ln.text for ln in sheet.lines] == [TEXT]
    glyphs = [g for g in sheet.glyphs if g.text.strip()]
    assert len(glyphs) == len(TEXT.replace(" ", ""))
    assert glyphs[0].bbox.x0 == pytest.approx(72 + 50 * 12 / 1000, abs=0.6)


def test_read_cmap_ranges_characters_and_code_lengths() -> None:
    cmap = read_cmap(b"2 begincodespacerange <00> <80> <8140> <FFFF> endcodespacerange "
                     b"1 begincidrange <20> <7E> 1 endcidrange "
                     b"1 begincidrange <8140> <817E> 633 endcidrange 1 begincidchar <8145> 9000 endcidchar /WMode 1 def")
    # one-byte codes up to 0x80, two-byte codes from 0x81; a later character entry wins over its range
    assert list(cmap.decode(b"\x41\x81\x41\x81\x45\x7e")) == [34, 634, 9000, 95]
    assert cmap.is_vertical()
    # a hostile CMap of a range of four-byte codes costs one entry, not four billion
    big = read_cmap(b"1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange "
                    b"1 begincidrange <00000000> <FFFFFFFF> 0 endcidrange")
    assert list(big.decode(b"\x00\x01\x00\x02")) == [65538]
    assert not read_cmap(b"nothing here")


@pytest.mark.skipif(not (REAL5 / "mech-bldcdriver-plata-pechatnaya.pdf").exists(), reason="real5 corpus not fetched")
def test_kompas_drawing_through_haru_keeps_its_cyrillic_text() -> None:
    # the text layer alone (the page's 7 000 stroked shapes are not what this checks)
    sheet = pdftract.open(str(REAL5 / "mech-bldcdriver-plata-pechatnaya.pdf"), read_drawn_text=False).pages[0]
    text = " ".join(ln.text for ln in sheet.lines)
    for printed in ("Плата печатная", "Масштаб", "Листов", "СМ7.18.00.01", "ГОСТ 26246.5-89"):
        assert printed in text
