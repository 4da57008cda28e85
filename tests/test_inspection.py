"""The characteristic list, ballooned drawings and the HTML report (issue: inspection report and auto-ballooning).

Expected limits come from the standards' tables (ISO 286-1 grades and deviations, ISO 2768-1 classes), written
out here by hand, and zones from looking at the rendered sheets; none is read back from our own output.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from pathlib import Path

import pytest

import pdftract
from pdftract.analyzers.dimensions import Dimension, read_dimension
from pdftract.cli import main
from pdftract.geometry import BBox
from pdftract.inspection import characteristics, find_zones, fit_deviations, general_deviation, general_tolerance_from_text
from pdftract.inspection.balloon import write_balloons
from pdftract.inspection.report import report_html
from pdftract.inspection.tolerances import GeneralTolerance
from pdftract.testing import make_sheet

from .conftest import CORPUS, FIXTURES

GENERATED = FIXTURES / "generated"


# -- ISO 286 and ISO 2768 ----------------------------------------------------------------------

@pytest.mark.parametrize(("size", "cls", "lo", "hi"), [
    (25, "H7", 0.0, 0.021), (25, "g6", -0.020, -0.007), (50, "H8", 0.0, 0.039), (10, "f7", -0.028, -0.013),
    (40, "k6", 0.002, 0.018), (30, "p6", 0.022, 0.035), (100, "h9", -0.087, 0.0), (30, "H7", 0.0, 0.021),
    (30.5, "H7", 0.0, 0.025), (3, "H7", 0.0, 0.010), (160, "h11", -0.25, 0.0), (10, "H7", 0.0, 0.015),
    (25, "K7", -0.015, 0.006), (25, "M7", -0.021, 0.0), (25, "N7", -0.028, -0.007), (25, "P7", -0.035, -0.014),
    (25, "G7", 0.007, 0.028), (25, "F8", 0.020, 0.053), (60, "js6", -0.0095, 0.0095), (25, "e8", -0.073, -0.040),
    (25, "K8", -0.023, 0.010), (25, "n6", 0.015, 0.028), (25, "m6", 0.008, 0.021),
])
def test_fit_deviations_match_the_iso_286_tables(size: float, cls: str, lo: float, hi: float) -> None:
    got = fit_deviations(size, cls)
    assert got is not None
    assert got == pytest.approx((lo, hi), abs=1e-9)


@pytest.mark.parametrize(("size", "cls"), [(25, "r6"), (600, "H7"), (0, "H7"), (25, "A11"), (25, "H19"), (25, "H")])
def test_fit_classes_outside_the_table_give_none(size: float, cls: str) -> None:
    assert fit_deviations(size, cls) is None


@pytest.mark.parametrize(("cls", "kind", "nominal", "text", "dev"), [
    ("m", "linear", 6.0, "6", 0.1), ("m", "linear", 6.5, "6.5", 0.2), ("f", "linear", 120.0, "120", 0.15),
    ("c", "linear", 1000.0, "1000", 2.0), ("m", "diameter", 30.5, "⌀30.5", 0.3), ("m", "radius", 2.0, "R2", 0.2),
    ("c", "chamfer", 4.0, "C4", 1.0), ("m", "angular", 45.0, "45°", 1.0),
])
def test_iso_2768_deviations(cls: str, kind: str, nominal: float, text: str, dev: float) -> None:
    got = general_deviation(GeneralTolerance(iso2768=cls), kind, nominal, text, "mm")
    assert got is not None and got[0] == pytest.approx(dev)


def test_iso_2768_has_no_value_below_half_a_millimetre_or_for_v_under_3() -> None:
    assert general_deviation(GeneralTolerance(iso2768="m"), "linear", 0.3, "0.3", "mm") is None
    assert general_deviation(GeneralTolerance(iso2768="v"), "linear", 2.0, "2", "mm") is None
    assert general_deviation(GeneralTolerance(iso2768="m"), "thread", 6.0, "M6", "mm") is None


@pytest.mark.parametrize(("text", "places", "angular", "iso", "linear"), [
    ("UNLESS OTHERWISE SPECIFIED DIMENSIONS IN MM, ISO 2768-m", {}, None, "m", None),
    ("GENERAL TOLERANCES DIN ISO 2768-mK", {}, None, "m", None),
    ("Allgemeintoleranzen ISO 2768-f", {}, None, "f", None),
    ("TOLERANCES: FRACTIONAL ± 1/32 ANGULAR: MACH ± BEND ± TWO PLACE DECIMAL ±.01 THREE PLACE DECIMAL ± .005",
     {2: 0.01, 3: 0.005}, None, None, None),
    ("X.X ±0.2 X.XX ±0.05 ANGLES ±0.5°", {1: 0.2, 2: 0.05}, 0.5, None, None),
    ("TOLERANCES .XX = ±.01 .XXX = ±.005 ANGULAR ±1°", {2: 0.01, 3: 0.005}, 1.0, None, None),
    ("General tolerances ±0.05mm", {}, None, None, 0.05),
    ("BREAK ALL SHARP EDGES 0.2 MAX.", {}, None, None, None),
    ("240.00 ±0.10", {}, None, None, None),
])
def test_general_tolerance_forms(text: str, places: dict[int, float], angular: float | None, iso: str | None,
                                 linear: float | None) -> None:
    g = general_tolerance_from_text(text)
    assert (g.by_places, g.angular, g.iso2768, g.linear) == (places, angular, iso, linear)


def test_block_tolerance_goes_by_printed_decimal_places() -> None:
    g = general_tolerance_from_text("X.X ±0.2 X.XX ±0.05 X.XXX ±0.005")
    assert general_deviation(g, "linear", 12.5, "12.5", "mm") == (0.2, "1 places")
    assert general_deviation(g, "diameter", 6.0, "4× ⌀6.00", "mm") == (0.05, "2 places")
    assert general_deviation(g, "linear", 0.25, ".250", "in") == (0.005, "3 places")
    assert general_deviation(g, "linear", 25.0, "25", "mm") is None  # no rule for whole numbers


# -- limits of each tolerance form -------------------------------------------------------------

def _dim(text: str, box: tuple[float, float, float, float], unit: str = "mm") -> Dimension:
    r = read_dimension(text)
    assert r is not None, text
    return Dimension(text=r.text, nominal=r.nominal, upper=r.upper, lower=r.lower, kind=r.kind, count=r.count, unit=unit,
                     fit=r.fit, basic=r.basic, reference=r.reference, dual=r.dual, suffix=r.suffix, bbox=BBox(*box),
                     direction=0.0, glyph_ids=(), word_ids=(), geometry="dimension_line")


def test_limits_of_printed_stacked_limit_fit_and_general_tolerances() -> None:
    dims = (
        _dim("240.00 ±0.10", (100, 100, 140, 110)),       # printed, symmetric
        _dim("⌀6.60 +0.10/-0.05", (200, 100, 240, 110)),  # stacked deviations
        _dim("8.01/7.99", (300, 100, 330, 110)),          # limit dimension
        _dim("⌀25 H7/g6", (100, 200, 140, 210)),          # fit: the class written first (the hole)
        _dim("⌀40 k6", (200, 200, 240, 210)),              # fit of a shaft
        _dim("140", (300, 200, 330, 210)),                # general (ISO 2768-m: 120-400 -> ±0.5)
        _dim("R2", (100, 300, 120, 310)),                 # general, broken edge (0.5-3 -> ±0.2)
        _dim("(55)", (200, 300, 230, 310)),               # reference: no limits
        _dim("0", (300, 300, 310, 310)),                  # an ordinate origin: nothing to measure
    )
    sheet = make_sheet(text=[("GENERAL TOLERANCES ISO 2768-m", 400, 500, 0.0, 6.0)], width=600, height=600)
    sheet = sheet.with_results({"dimensions": dims})
    got = {c.requirement: (c.lower_limit, c.upper_limit, c.tolerance_source) for c in characteristics([sheet])}
    assert got["240.00 ±0.10"] == (pytest.approx(239.9), pytest.approx(240.1), "printed")
    assert got["⌀6.60 +0.10/-0.05"] == (pytest.approx(6.55), pytest.approx(6.7), "printed")
    assert got["8.01/7.99"] == (pytest.approx(7.99), pytest.approx(8.01), "printed")
    assert got["⌀25 H7/g6"] == (pytest.approx(25.0), pytest.approx(25.021), "fit")
    assert got["⌀40 k6"] == (pytest.approx(40.002), pytest.approx(40.018), "fit")
    assert got["140"] == (pytest.approx(139.5), pytest.approx(140.5), "general")
    assert got["R2"] == (pytest.approx(1.8), pytest.approx(2.2), "general")
    assert got["(55)"] == (None, None, "none")
    assert got["0"] == (None, None, "none")


def test_a_sheet_without_a_general_tolerance_takes_the_documents_first() -> None:
    s1 = make_sheet(text=[("TOLERANCES: X.X ±0.3", 400, 500, 0.0, 6.0)], width=600, height=600, number=1)
    s2 = make_sheet(width=600, height=600, number=2).with_results({"dimensions": (_dim("12.5", (100, 100, 120, 110)),)})
    (c,) = characteristics([s1.with_results({}), s2])
    assert (c.sheet, c.lower_limit, c.upper_limit, c.tolerance_source) == (2, pytest.approx(12.2), pytest.approx(12.8), "general")


# -- zones and order ----------------------------------------------------------------------------

def test_zones_follow_the_border_labels_and_survive_translation() -> None:
    def sheet(dx: float, dy: float) -> object:
        cols = [(str(n), dx + 100.0 * n, dy + 8.0) for n in (1, 2, 3, 4, 5)]
        rows = [(c, dx + 5.0, dy + 60.0 + 100.0 * i) for i, c in enumerate("ABCD")]
        return make_sheet(text=cols + rows, width=600 + dx, height=460 + dy)

    for dx, dy in ((0, 0), (13, 7)):
        grid = find_zones(sheet(dx, dy))  # type: ignore[arg-type]
        assert grid.zone((dx + 250, dy + 160)) == "B2"
        assert grid.zone((dx + 560, dy + 440)) == "D5"


def test_numbering_follows_the_sense_of_the_border_labels() -> None:
    # an ASME-style border: columns 4 3 2 1 from left to right, rows A at the bottom
    cols = [(str(n), 100.0 * (5 - n), 8.0) for n in (4, 3, 2, 1)]
    rows = [(c, 5.0, 360.0 - 100.0 * i) for i, c in enumerate("ABC")]
    sheet = make_sheet(text=cols + rows, width=500, height=380)
    dims = (_dim("10", (60, 330, 80, 340)), _dim("20", (130, 330, 150, 340)),   # zone A4, left then right
            _dim("30", (430, 330, 450, 340)), _dim("40", (430, 316, 450, 326)),  # zone A1, lower then upper
            _dim("50", (430, 40, 450, 50)))                                      # zone C1
    got = [(c.zone, c.requirement) for c in characteristics([sheet.with_results({"dimensions": dims})])]
    assert got == [("A1", "30"), ("A1", "40"), ("A4", "20"), ("A4", "10"), ("C1", "50")]


def test_hole_callouts_are_listed_by_their_parts() -> None:
    from pdftract.analyzers.callouts import Callout

    text = "6X ⌀ .120 ↧ 1.000 ⌵ ⌀ .225 X 100°, NEAR SIDE TAP FOR #4-40 HELICOIL"
    held = _dim("6× ⌀.120 ↧ 1.000", (100, 100, 160, 110), unit="in")
    held = Dimension(**{**{f: getattr(held, f) for f in held.__dataclass_fields__}, "glyph_ids": (1, 2, 3)})
    callout = Callout(text=text, kind="hole", target=(90.0, 90.0), bbox=BBox(100, 100, 300, 120), terminator="arrow",
                      glyph_ids=(1, 2, 3, 4, 5, 6))
    lone = Callout(text="⌀ .203 THRU ALL TAP FOR #10-24 HELICOIL", kind="hole", target=(90.0, 200.0),
                   bbox=BBox(100, 200, 300, 210), terminator="arrow", glyph_ids=(7, 8, 9))
    sheet = make_sheet(text=[("TWO PLACE DECIMAL ±.01 THREE PLACE DECIMAL ±.005", 10, 380, 0.0, 5.0)], width=500,
                       height=400).with_results({"dimensions": (held,), "callouts": (callout, lone)})
    got = {c.requirement: (c.kind, c.lower_limit, c.upper_limit) for c in characteristics([sheet])}
    assert got == {
        "6× ⌀.120 ↧ 1.000": ("diameter", pytest.approx(0.115), pytest.approx(0.125)),
        "6× #4-40 ↧1.000": ("thread", None, None),
        "⌵ ⌀ .225 X 100°": ("countersink", pytest.approx(0.22), pytest.approx(0.23)),
        "⌀ .203 THRU ALL": ("diameter", pytest.approx(0.198), pytest.approx(0.208)),
        "#10-24": ("thread", None, None),
    }


def test_no_zone_labels_no_zones() -> None:
    grid = find_zones(make_sheet(text=[("NOTES", 50, 50), ("1", 400, 300), ("A", 200, 200)]))
    assert not grid and grid.zone((10, 10)) is None


def test_demo_sheet_zones_and_stable_numbering(demo_pdf: Path) -> None:
    doc = pdftract.analyze(demo_pdf)
    chars = characteristics(doc)
    by_text = {c.requirement: c for c in chars}
    # read off the rendered sheet: the 140 under column 7, row C; the 240.00 above the part in B7
    assert by_text["140"].zone == "C7"
    assert by_text["240.00 ±0.10"].zone == "B7"
    assert [c.char_no for c in chars] == list(range(1, len(chars) + 1))
    assert characteristics(pdftract.analyze(demo_pdf)) == chars  # the same bytes, the same numbers


def _every_dimension_and_frame_once(doc: pdftract.Document) -> None:
    chars = characteristics(doc)
    for sheet in doc:
        mine = [c.source for c in chars if c.sheet == sheet.number]
        for key in ("dimensions", "gdt_frames"):
            found = sheet.results.get(key) or ()
            listed = sorted(int(s.split("[")[1][:-1]) for s in mine if s.startswith(key + "["))
            assert listed == list(range(len(found))), (sheet.number, key)


def test_generated_drawings_list_every_dimension_and_frame_once() -> None:
    files = sorted(GENERATED.glob("*.pdf"))
    assert len(files) >= 20
    for f in files:
        _every_dimension_and_frame_once(pdftract.analyze(f))


MECH = ["mech-psas-female-ring-rot90.pdf", "mech-odri-center-pulley-gdt.pdf", "mech-openamr-drive-shaft.pdf",
        "mech-mesospim-galvomount-inventor.pdf", "mech-ender3-e-housing-cn.pdf", "mech-voron-trident-build-plate.pdf",
        "mech-odri-motor-shaft-inch-gdt.pdf", "mech-openamr-center-bracket-2sheet.pdf"]


@pytest.mark.parametrize("name", MECH)
def test_real_mechanical_sheets_list_every_dimension_and_frame_once(name: str) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"real corpus file {name} not present")
    pages = list(range(1, min(2, pdftract.open(path).page_count) + 1))
    _every_dimension_and_frame_once(pdftract.analyze(path, pages=pages))


def test_real_sheet_zones_read_off_the_render() -> None:
    path = CORPUS / "mech-psas-female-ring-rot90.pdf"
    if not path.exists():
        pytest.skip("real corpus not present")
    doc = pdftract.analyze(path, pages=[1])
    by_text = {c.requirement: c for c in characteristics(doc)}
    # page 1 (shown turned by /Rotate): ⌀6.000 under the ring sits in B4, the 1.130 at the right edge in B1;
    # the ASME block's "TWO/THREE PLACE DECIMAL" tolerances apply by decimals printed
    assert by_text["⌀6.000"].zone == "B4"
    assert by_text["1.130"].zone == "B1"
    assert (by_text["1.130"].lower_limit, by_text["1.130"].upper_limit) == (pytest.approx(1.129), pytest.approx(1.131))  # THREE PLACE ±.001


# -- ballooned PDF, SVG, CSV -----------------------------------------------------------------------

def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.mark.parametrize("src", [FIXTURES / "demo-bracket.pdf", CORPUS / "mech-psas-female-ring-rot90.pdf"],
                         ids=["demo", "rot90"])
def test_ballooned_pdf_keeps_the_input_and_draws_numbers_where_the_svg_does(src: Path, tmp_path: Path) -> None:
    if not src.exists():
        pytest.skip("real corpus not present")
    before = _sha(src)
    doc = pdftract.analyze(src, pages=[1])
    written = write_balloons(doc, src, tmp_path)
    assert _sha(src) == before
    assert {p.name for p in written} >= {"characteristics.csv", "ballooned.pdf", "ballooned-p1.svg"}
    rows = list(csv.DictReader((tmp_path / "characteristics.csv").open(encoding="utf-8")))
    assert rows and [int(r["char_no"]) for r in rows] == list(range(1, len(rows) + 1))
    svg = (tmp_path / "ballooned-p1.svg").read_text(encoding="utf-8")
    centres = {int(m.group(1)): (float(m.group(2)), float(m.group(3)))
               for m in re.finditer(r'data-char="(\d+)".*?<circle cx="([\d.]+)" cy="([\d.]+)"', svg)}
    assert len(centres) == len(rows)
    # read the ballooned PDF back: every balloon number is text at its circle's centre, on the displayed page
    out = pdftract.open(tmp_path / "ballooned.pdf")
    sheet = out.pages[0]
    assert (sheet.width, sheet.height, sheet.rotation) == (doc.pages[0].width, doc.pages[0].height, doc.pages[0].rotation)
    words = [w for w in sheet.words if w.text.isdigit()]
    for n, (x, y) in centres.items():
        assert any(w.text == str(n) and w.bbox.expand(3).contains_point((x, y)) for w in words), n
    # the original content is still there: every word of the input page is in the output page
    assert {w.text for w in doc.pages[0].words} <= {w.text for w in sheet.words}


def test_balloon_refuses_to_overwrite_its_input(tmp_path: Path) -> None:
    from pdftract.errors import InputError
    from pdftract.inspection.balloon import write_pdf

    src = tmp_path / "in.pdf"
    src.write_bytes((FIXTURES / "demo-bracket.pdf").read_bytes())
    doc = pdftract.analyze(src)
    with pytest.raises(InputError):
        write_pdf(src, list(doc), {}, src)


# -- the report ---------------------------------------------------------------------------------------

def test_report_is_self_contained_and_lists_every_item(demo_pdf: Path) -> None:
    doc = pdftract.analyze(demo_pdf)
    html = report_html(doc, "demo-bracket.pdf", src=demo_pdf)
    assert not re.search(r"""(?:src|href)=["']?(?:https?:|//)""", html)  # nothing fetched from a network
    data = json.loads(re.search(r'<script type="application/json" id="pdftract-items">(.*?)</script>', html, re.S).group(1))
    sheet = doc.pages[0]
    for key in ("dimensions", "tables", "notes"):
        n = len(sheet.results[key])
        assert n and sum(1 for k in data if k.startswith(f"p1-{key}-")) == n
    assert sum(1 for k in data if k.startswith("p1-title_block-")) == len(sheet.results["title_block"].fields) + len(
        sheet.results["title_block"].other)
    chars = characteristics(doc)
    assert sum(1 for k in data if k.startswith("p1-characteristics-")) == len(chars)
    assert html.count("<tr>") >= len(chars)
    assert report_html(doc, "demo-bracket.pdf", src=demo_pdf) == html  # deterministic


def test_report_characteristics_tab_holds_the_csv_rows(tmp_path: Path, demo_pdf: Path) -> None:
    from html import unescape

    doc = pdftract.analyze(demo_pdf)
    write_balloons(doc, demo_pdf, tmp_path)
    with (tmp_path / "characteristics.csv").open(encoding="utf-8", newline="") as fh:
        want = list(csv.reader(fh))
    html = report_html(doc, "demo-bracket.pdf")
    table = re.search(r'<table class="characteristics">(.*?)</table>', html, re.S).group(1)
    got = [[unescape(c) for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)] for row in re.findall(r"<tr>(.*?)</tr>", table)]
    assert got == want


def test_report_embeds_raster_images(tmp_path: Path) -> None:
    path = CORPUS / "mech-odri-center-pulley-gdt.pdf"
    if not path.exists():
        pytest.skip("real corpus not present")
    doc = pdftract.analyze(path)
    assert doc.pages[0].images
    html = report_html(doc, path.name, src=path)
    assert len(re.findall(r"data:image/(?:png|jpeg);base64,", html)) == len(doc.pages[0].images)
    assert "data:image/" not in report_html(doc, path.name)  # without the file, images stay outlined


def test_report_draws_soft_masked_images_with_transparency() -> None:
    path = CORPUS / "mech-psas-button-ring-4sheet.pdf"
    if not path.exists():
        pytest.skip("real corpus not present")
    import base64

    from PIL import Image

    doc = pdftract.analyze(path, pages=[1])
    html = report_html(doc, path.name, src=path)
    uris = re.findall(r"data:image/(png|jpeg);base64,([A-Za-z0-9+/=]+)", html)
    assert len(uris) == len(doc.pages[0].images)
    modes = {Image.open(io.BytesIO(base64.b64decode(data))).mode for kind, data in uris if kind == "png"}
    assert "RGBA" in modes  # the renders SolidWorks writes with a /SMask keep it as transparency


def test_cli_report_and_balloon(tmp_path: Path, demo_pdf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    assert main(["report", str(demo_pdf), "-o", str(out), "-q"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["report", str(demo_pdf), "-o", str(tmp_path / "r.json"), "-q"]) == 2
    folder = tmp_path / "reports"
    assert main(["report", str(demo_pdf), str(tmp_path / "missing.pdf"), "-o", str(folder), "-q"]) == 3
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert 'href="demo-bracket.html"' in index and "FILE_NOT_FOUND" in index
    assert (folder / "demo-bracket.html").exists()
    assert main(["report", str(demo_pdf), str(demo_pdf), "-o", str(tmp_path / "two.html"), "-q"]) == 2
    assert not (tmp_path / "two.html").exists()
    assert main(["balloon", str(demo_pdf), "-o", str(tmp_path / "b"), "-q"]) == 0
    assert (tmp_path / "b" / "ballooned.pdf").exists()
    assert main(["balloon", str(demo_pdf), "-o", str(tmp_path / "no" / "such" / "dir"), "-q"]) == 2


def test_cli_report_of_a_batch_output_folder(tmp_path: Path, demo_pdf: Path) -> None:
    batch = tmp_path / "batch"
    batch.mkdir()
    rows = [{"path": str(demo_pdf), "status": "OK"}]
    (batch / "results.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    (batch / "quarantine.jsonl").write_text(json.dumps({"path": "broken.pdf", "error_category": "NOT_PDF",
                                                        "message": "no header"}) + "\n", encoding="utf-8")
    out = tmp_path / "reports"
    assert main(["report", str(batch), "-o", str(out), "-q"]) == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "QUARANTINED" in index and "NOT_PDF: no header" in index and 'href="demo-bracket.html"' in index


def test_characteristics_csv_columns_start_with_form_3_fields(tmp_path: Path, demo_pdf: Path) -> None:
    write_balloons(pdftract.analyze(demo_pdf), demo_pdf, tmp_path)
    head = next(csv.reader(io.StringIO((tmp_path / "characteristics.csv").read_text(encoding="utf-8"))))
    assert head[:11] == ["char_no", "sheet", "zone", "kind", "requirement", "nominal", "lower_limit", "upper_limit", "unit",
                         "tolerance_source", "bbox"]
