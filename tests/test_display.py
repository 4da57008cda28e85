"""SVG drawings are well-formed, deterministic and show what the sheet holds."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pdftract
from pdftract.display import to_svg
from pdftract.geometry import BBox
from pdftract.testing import make_sheet

from .conftest import FIXTURES

NS = "{http://www.w3.org/2000/svg}"


def test_svg_draws_every_path_and_glyph() -> None:
    sheet = pdftract.open(FIXTURES / "demo-bracket.pdf").page(1)
    svg = sheet._repr_svg_()
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{NS}g[@id='paths']/{NS}path")) == len(sheet.paths)
    texts = root.findall(f".//{NS}g[@id='glyphs']/{NS}text")
    assert len(texts) == sum(1 for g in sheet.glyphs if g.text.strip() and not g.invisible)
    assert svg == to_svg(sheet)


def test_rotated_text_keeps_its_matrix() -> None:
    sheet = make_sheet(text=[("160", 50, 300, 90)])
    root = ET.fromstring(to_svg(sheet))
    t = root.findall(f".//{NS}text")[0]
    # 90 degrees: the glyph x axis points up the page, the glyph's downward y to the right
    assert t.get("transform", "") == "matrix(0 -10 10 0 50 300)"


def test_results_with_boxes_are_drawn() -> None:
    @dataclass(frozen=True)
    class Hit:
        kind: str
        bbox: BBox

    sheet = make_sheet(text=[("X", 10, 10)]).with_results({"hits": [Hit(kind="title_block", bbox=BBox(1, 2, 30, 40))]})
    root = ET.fromstring(to_svg(sheet))
    group = root.find(f".//{NS}g[@id='result-hits']")
    assert group is not None
    (rect,) = group.findall(f"{NS}rect")
    assert (rect.get("x"), rect.get("y"), rect.get("width"), rect.get("height")) == ("1", "2", "29", "38")
    assert rect.find(f"{NS}title").text == "hits: title_block"  # type: ignore[union-attr]


def test_images_outlined_recovered_glyphs_not_overprinted_and_a_legend() -> None:
    """A shaded raster view is outlined, never filled over the sheet; a character read from drawn shapes is a
    dashed box with its reading as tooltip, not text printed over its shapes; a legend names what is drawn."""
    import dataclasses

    from pdftract.model.primitives import Image, UnicodeSource

    base = make_sheet(text=[("AB", 20, 40)])
    recovered = dataclasses.replace(base.glyphs[1], source=UnicodeSource.PATH_MATCH, text="⌀")
    image = Image(id=0, bbox=BBox(100, 100, 400, 300), width_px=640, height_px=480, name="Im1", bits_per_component=8,
                  colorspace="DeviceRGB")
    sheet = dataclasses.replace(base, glyphs=(base.glyphs[0], recovered), images=(image,))
    svg = to_svg(sheet)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    images = root.find(f"{ns}g[@id='images']")
    assert images is not None
    rect = images.find(f"{ns}rect")
    assert rect is not None and rect.get("fill") == "none" and "640x480" in (rect.findtext(f"{ns}title") or "")
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "A" in texts and "⌀" not in texts  # the recovered symbol is not printed over its shapes
    assert any("⌀ (path_match" in (t.text or "") for t in root.iter(f"{ns}title"))
    legend = root.find(f"{ns}g[@id='legend']")
    assert legend is not None and "raster image" in ET.tostring(legend, encoding="unicode")
    assert "legend" not in to_svg(sheet, legend=False)
