"""A font named a symbol font whose Unicode map gives a letter for a glyph that draws an engineering symbol (Solid
Edge's ``Symbol``: ``O`` for its ⌀): the glyph's outline is read, and the symbol it draws is taken."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf
import pytest
from fontTools.pens.ttGlyphPen import TTGlyphPen

import pdftract
from pdftract.model.primitives import UnicodeSource
from pdftract.testing import truetype_program

REAL5 = Path(__file__).resolve().parents[2] / "extra" / "real5"


def _ring(pen: TTGlyphPen, cx: float, cy: float, r: float, clockwise: bool) -> None:
    pts = [(cx + r * math.cos(2 * math.pi * k / 48), cy + r * math.sin(2 * math.pi * k / 48)) for k in range(48)]
    if clockwise:
        pts.reverse()
    pen.moveTo(tuple(round(v) for v in pts[0]))
    for p in pts[1:]:
        pen.lineTo(tuple(round(v) for v in p))
    pen.closePath()


def _program() -> bytes:
    """Glyph 1: a slashed ring (⌀); glyph 2: a ring (an O)."""
    names = [".notdef", "g1", "g2"]
    glyphs = {".notdef": TTGlyphPen(None).glyph()}
    for name, slash in (("g1", True), ("g2", False)):
        pen = TTGlyphPen(None)
        _ring(pen, 350, 350, 300, False)
        _ring(pen, 350, 350, 240, True)
        if slash:  # a bar from lower left to upper right, through the ring
            a = math.radians(45)
            ux, uy, nx, ny = math.cos(a), math.sin(a), -math.sin(a) * 30, math.cos(a) * 30
            ends = [(350 - 420 * ux, 350 - 420 * uy), (350 + 420 * ux, 350 + 420 * uy)]
            pen.moveTo((round(ends[0][0] - nx), round(ends[0][1] - ny)))
            pen.lineTo((round(ends[1][0] - nx), round(ends[1][1] - ny)))
            pen.lineTo((round(ends[1][0] + nx), round(ends[1][1] + ny)))
            pen.lineTo((round(ends[0][0] + nx), round(ends[0][1] + ny)))
            pen.closePath()
        glyphs[name] = pen.glyph()
    return truetype_program(names, {0x4F: "g1", 0x6F: "g2"}, glyphs, "Symbol", advance=700)


def _pdf(path: Path, name: str, letters: str = "OO") -> None:
    """A page showing glyph 1 then a Helvetica 6, and glyph 2, in a font whose ToUnicode gives ``letters`` (one per
    code, from code 1)."""
    pdf = pikepdf.new()
    pairs = b" ".join(b"<%04X> <%04X>" % (k + 1, ord(ch)) for k, ch in enumerate(letters))
    tounicode = pdf.make_stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
                                b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def "
                                b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
                                + b"%d beginbfchar " % len(letters) + pairs + b" endbfchar endcmap "
                                b"CMapName currentdict /CMap defineresource pop end end")
    descendant = pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2, BaseFont=pikepdf.Name(f"/ABCDEF+{name}"),
        CIDSystemInfo=pikepdf.Dictionary(Registry="Adobe", Ordering="Identity", Supplement=0), DW=700,
        CIDToGIDMap=pikepdf.Name.Identity,
        FontDescriptor=pikepdf.Dictionary(Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name(f"/ABCDEF+{name}"), Flags=4,
                                          FontBBox=[0, -200, 800, 800], ItalicAngle=0, Ascent=800, Descent=-200,
                                          CapHeight=700, StemV=80, FontFile2=pdf.make_stream(_program())))
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=pikepdf.Name(f"/ABCDEF+{name}"),
                              Encoding=pikepdf.Name("/Identity-H"), ToUnicode=tounicode, DescendantFonts=[descendant])
    helv = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
    content = b"BT /F1 20 Tf 72 700 Td <0001> Tj /F2 20 Tf (6) Tj ET BT /F1 20 Tf 72 600 Td <0002> Tj ET"
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842],
                              Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font, F2=helv)),
                              Contents=pdf.make_stream(content))
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)


def test_a_symbol_font_s_letter_that_draws_a_diameter_is_read_as_one(tmp_path: Path) -> None:
    path = tmp_path / "symbol.pdf"
    _pdf(path, "Symbol")
    texts = [g.text for g in pdftract.open(str(path), read_drawn_text=False).pages[0].glyphs if g.text.strip()]
    # the slashed ring the map calls "O" is the diameter sign; the plain ring the map also calls "O" stays a letter
    assert texts == ["⌀", "6", "O"]
    # in a font not named a symbol font, the map is taken as it is
    plain = tmp_path / "plain.pdf"
    _pdf(plain, "Boxes")
    assert [g.text for g in pdftract.open(str(plain), read_drawn_text=False).pages[0].glyphs if g.text.strip()] == ["O", "6", "O"]


def test_a_renamed_symbol_font_is_known_by_its_outlines(tmp_path: Path) -> None:
    # Microsoft Print to PDF names every font CIDFont+Fn: a GD&T font whose map gives "n" for its ⌀ (and "o" for a
    # ring) is known by the outline of its "n", whatever its name
    path = tmp_path / "renamed.pdf"
    _pdf(path, "F3", letters="no")
    texts = [g.text for g in pdftract.open(str(path), read_drawn_text=False).pages[0].glyphs if g.text.strip()]
    assert texts == ["⌀", "6", "o"]
    # a font that sets figures is a text font: its map is taken as it is (and its outlines never probed)
    text_font = tmp_path / "text.pdf"
    _pdf(text_font, "F3", letters="no7")
    assert [g.text for g in pdftract.open(str(text_font), read_drawn_text=False).pages[0].glyphs if g.text.strip()] == ["n", "6", "o"]


@pytest.mark.skipif(not (REAL5 / "mech-widowx-soporte-sensores.pdf").exists(), reason="real5 corpus not fetched")
def test_solid_edge_symbol_font_diameters_and_squares() -> None:
    words = [w.text for w in pdftract.open(str(REAL5 / "mech-widowx-soporte-sensores.pdf")).pages[0].layout.words]
    assert words.count("⌀") >= 3 and "□" in words


def test_a_glyph_the_unicode_map_leaves_out_is_named_by_the_embedded_program_s_own_cmap(tmp_path: Path) -> None:
    # AutoCAD embeds the whole ArialMT with a ToUnicode that omits the figure zero: the program's own cmap (here
    # U+006F for glyph 2) names it, before its outline is guessed at
    path = tmp_path / "partial.pdf"
    _pdf(path, "Boxes", letters="O")
    glyphs = [g for g in pdftract.open(str(path), read_drawn_text=False).pages[0].glyphs if g.text.strip()]
    assert [g.text for g in glyphs] == ["O", "6", "o"]
    assert glyphs[2].source is UnicodeSource.FONT_CMAP
    assert [d.code.value for d in pdftract.open(str(path), read_drawn_text=False).pages[0].diagnostics
            if d.code.value == "UNMAPPED_GLYPHS"] == []
