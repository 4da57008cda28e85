"""Title blocks, sheet numbers, notes, references, the sheet summary and the PLM example."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pdftract
from pdftract.analyzers.notes import find_notes, find_references
from pdftract.analyzers.labels import match_texts
from pdftract.analyzers.title_block import TitleBlockSettings, find_title_block, parse_sheet
from pdftract.testing import make_sheet

from .conftest import CORPUS, FIXTURES

ROOT = Path(__file__).resolve().parent.parent
GENERATED = FIXTURES / "generated"


def block(text: list[tuple[str, float, float, float, float]], rects: list[tuple[float, float, float, float]]) -> dict[str, str]:
    tb = find_title_block(make_sheet(text=text, rects=rects), TitleBlockSettings(), ())
    assert tb is not None
    return {k: f.value for k, f in tb.fields.items()}


def test_label_above_value_in_the_cell() -> None:
    got = block(
        [("DWG NO", 102, 106, 0, 3), ("PT-4711-02", 104, 117, 0, 5), ("REV", 182, 106, 0, 3), ("C", 184, 117, 0, 5),
         ("TITLE", 102, 126, 0, 3), ("BEARING", 104, 136, 0, 5), ("HOUSING", 104, 144, 0, 5)],
        [(100, 100, 180, 120), (180, 100, 220, 120), (100, 120, 220, 150)],
    )
    assert got == {"drawing_number": "PT-4711-02", "title": "BEARING HOUSING", "revision": "C"}


def test_label_left_value_right_and_german_labels() -> None:
    got = block(
        [("Zeichnungsnummer:", 102, 108, 0, 3), ("A-3703-08", 140, 108, 0, 4), ("Maßstab:", 102, 118, 0, 3), ("1:2", 140, 118, 0, 4),
         ("Blatt:", 102, 128, 0, 3), ("2/5", 140, 128, 0, 4)],
        [(100, 100, 200, 112), (100, 112, 200, 122), (100, 122, 200, 132)],
    )
    assert got == {"drawing_number": "A-3703-08", "sheet_number": "2", "sheet_count": "5", "scale": "1:2"}


def test_label_in_one_cell_value_in_the_next() -> None:
    got = block(
        [("DRAWN", 102, 108, 0, 3), ("KM", 132, 108, 0, 4), ("CHECKED", 102, 118, 0, 3), ("RT", 132, 118, 0, 4),
         ("SCALE", 102, 128, 0, 3), ("1:1", 132, 128, 0, 4)],
        [(100, 100, 125, 112), (125, 100, 180, 112), (100, 112, 125, 122), (125, 112, 180, 122), (100, 122, 125, 132), (125, 122, 180, 132)],
    )
    assert got == {"scale": "1:1", "drawn_by": "KM", "checked_by": "RT"}


def test_the_date_of_a_revision_is_a_date_and_a_template_s_impossible_date_no_value() -> None:
    """``Rev. Date:`` labels a date, not the revision; ``99.99.2000`` (a template's placeholder, no day of any
    calendar) is no date; a real date beside the same label is read."""
    cells = [(100, 100, 180, 112), (180, 100, 240, 112), (100, 112, 180, 124), (180, 112, 240, 124)]
    got = block(
        [("Part Name:", 102, 108, 0, 3), ("BRACKET", 130, 108, 0, 4), ("Rev. Date:", 182, 108, 0, 3), ("99.99.2000", 205, 108, 0, 4),
         ("Scale:", 102, 120, 0, 3), ("2:1", 130, 120, 0, 4), ("Drawing no.:", 182, 120, 0, 3), ("BR-100", 210, 120, 0, 4)],
        cells,
    )
    assert got == {"title": "BRACKET", "scale": "2:1", "drawing_number": "BR-100"}
    got = block(
        [("Part Name:", 102, 108, 0, 3), ("BRACKET", 130, 108, 0, 4), ("Rev. Date:", 182, 108, 0, 3), ("12.03.2021", 205, 108, 0, 4),
         ("Scale:", 102, 120, 0, 3), ("2:1", 130, 120, 0, 4), ("Drawing no.:", 182, 120, 0, 3), ("BR-100", 210, 120, 0, 4)],
        cells,
    )
    assert got == {"title": "BRACKET", "scale": "2:1", "drawing_number": "BR-100", "date": "12.03.2021"}


def test_plural_labels_a_sheet_label_run_into_its_number_and_a_blank_tolerance_template() -> None:
    """``Materials:`` labels the material; ``DRG NO.`` (BS 8888) the drawing number and ``SHEET REV`` the revision;
    ``SHEET1 OF 3`` (drawn text whose word gap was lost) the sheet; a tolerance block whose values are the
    template's placeholders (``±X.X``) gives no general tolerance, but the units it states."""
    got = block(
        [("Materials:", 102, 108, 0, 3), ("PLA plastic", 140, 108, 0, 4), ("DRG NO.", 182, 106, 0, 3), ("BR-100", 184, 117, 0, 5),
         ("SHEET REV", 242, 106, 0, 3), ("A", 244, 117, 0, 5), ("SHEET1 OF 3", 182, 128, 0, 4),
         ("UNLESS OTHERWISE SPECIFIED", 102, 124, 0, 3), ("DIMENSIONS ARE IN MILLIMETERS", 102, 128, 0, 3),
         ("ANGLES ±X.X° 2 PL ±X.XX", 102, 132, 0, 3)],
        [(100, 100, 180, 120), (180, 100, 240, 120), (240, 100, 280, 120), (100, 120, 180, 136), (180, 120, 280, 136)],
    )
    assert got == {"material": "PLA plastic", "drawing_number": "BR-100", "revision": "A", "sheet_number": "1",
                   "sheet_count": "3", "units": "MILLIMETERS"}


def test_a_label_set_in_two_lines_and_a_modified_date_in_c_time_form() -> None:
    """``PAGE`` over ``TITLE:`` in one cell is one label, the page title (not a sheet label whose value is no
    number); ``MODIFIED:`` labels the date, printed the way C's ``ctime()`` writes it."""
    got = block(
        [("PAGE", 102, 105, 0, 3), ("TITLE:", 102, 110, 0, 3), ("TABLE OF CONTENTS", 130, 110, 0, 6),
         ("MODIFIED:", 102, 125, 0, 3), ("Sun Nov 8 23:29:31 2015", 130, 125, 0, 4),
         ("DOC NUMBER:", 202, 125, 0, 3), ("650-00000-00-SCH", 240, 125, 0, 4)],
        [(100, 100, 300, 114), (100, 114, 200, 130), (200, 114, 300, 130)],
    )
    assert got == {"title": "TABLE OF CONTENTS", "date": "Sun Nov 8 23:29:31 2015", "drawing_number": "650-00000-00-SCH"}


def test_a_sheet_cell_holding_a_name_and_a_number_cell_holding_the_sheet_of_the_set() -> None:
    """Horizon EDA's block: ``Sheet`` holds the sheet's name (the title, no cell being labelled so) and
    ``Number`` holds ``1/7`` (the sheet of the set, by its form)."""
    got = block(
        [("Sheet", 102, 106, 0, 3), ("FPGA Power", 104, 117, 0, 6), ("Number", 182, 106, 0, 3), ("1/7", 184, 117, 0, 6),
         ("Revision", 182, 126, 0, 3), ("2", 184, 137, 0, 6)],
        [(100, 100, 180, 120), (180, 100, 220, 120), (180, 120, 220, 140)],
    )
    assert got == {"title": "FPGA Power", "sheet_number": "1", "sheet_count": "7", "revision": "2"}
    # a labelled title stays the title; a sheet cell's number stays a number
    got = block(
        [("TITLE", 102, 106, 0, 3), ("PUMP HOUSING", 104, 117, 0, 6), ("SHEET", 182, 106, 0, 3), ("2 OF 3", 184, 117, 0, 6)],
        [(100, 100, 180, 120), (180, 100, 220, 120)],
    )
    assert got == {"title": "PUMP HOUSING", "sheet_number": "2", "sheet_count": "3"}


def test_no_title_block_from_stray_labels() -> None:
    sheet = make_sheet(text=[("NOTES:", 20, 20), ("1. DATE CODE ON PART.", 20, 34), ("SCALE", 400, 300)])
    assert find_title_block(sheet, TitleBlockSettings(), ()) is None


@pytest.mark.parametrize(("text", "want"), [("SHEET 2 OF 5", ("2", "5")), ("2/5", ("2", "5")), ("Blatt 2 von 5", ("2", "5")),
                                            ("3", ("3", None)), ("1 0F 1", ("1", "1")), ("1 Total 1", ("1", "1"))])
def test_parse_sheet(text: str, want: tuple[str | None, str | None]) -> None:
    assert parse_sheet(text) == want


def test_notes_and_references() -> None:
    sheet = make_sheet(text=[("GENERAL NOTES", 20, 20), ("1. BREAK ALL EDGES", 20, 34), ("AND DEBURR.", 30, 46),
                             ("2. CONT. ON SH. 7", 20, 60), ("SECTION A-A ON SHEET 3", 300, 300)])
    assert [(n.number, n.text) for n in find_notes(sheet)] == [(1, "BREAK ALL EDGES AND DEBURR."), (2, "CONT. ON SH. 7")]
    refs = {r.text: r.targets for r in find_references(sheet)}
    assert refs == {"CONT. ON SH. 7": {"sheet": 7}, "SECTION A-A ON SHEET 3": {"sheet": 3, "view": "A-A"}}


def test_generated_drawings_meet_the_acceptance_thresholds() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import accuracy

    scores = accuracy.run_fixtures(accuracy.fixture_names(GENERATED), GENERATED)
    fields = [s for (a, f), s in scores.items() if a == "title_block" and f != "false_fields"]
    exact = sum(s.exact for s in fields) / sum(s.truth for s in fields)
    assert exact >= 0.98  # benchmarks/accuracy.py: 1.000 on 607 fields of 42 drawings
    assert ("title_block", "false_fields") not in scores or scores[("title_block", "false_fields")].fp == 0
    assert scores[("sheets", "sheet_x_of_y")].exact_rate == 1.0  # exact on every sheet, multi-sheet sets included
    assert scores[("notes", "detected")].exact_rate >= 0.98 and scores[("references", "detected")].exact_rate >= 0.98


def test_sheet_summary_links_the_drawing_index() -> None:
    doc = pdftract.analyze(GENERATED / "set-5-sheets-index.pdf")
    summary = doc.sheets
    assert [(s.sheet_number, s.sheet_count) for s in summary] == [(str(i), "5") for i in range(1, 6)]
    assert summary[3].index_title == "PARTS LIST" and summary[3].index_page == 1
    assert len(json.loads(doc.to_json())["sheets"]) == 5


@pytest.mark.corpus
def test_real_title_blocks() -> None:
    if not CORPUS.is_dir():
        pytest.skip("real corpus not present")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import accuracy

    expectations = [e for e in json.loads(accuracy.EXPECTATIONS.read_text(encoding="utf-8"))["expectations"]
                    if "title_block" in e and "kicad" not in e["file"]]
    scores = accuracy.score_real(expectations, CORPUS)
    fields = [s for (a, f), s in scores.items() if a == "title_block" and f != "false_fields"]
    # measured 172 of 213 (0.808) over 34 pages of 18 files, every listing complete (person names aside); misses:
    # outlined and stroked text (harness, P&ID, RespiraWorks), unlabelled cells (GOST material, Inventor sheet
    # number, company cells), the drawn ± of the SolidWorks tolerance block
    assert sum(s.exact for s in fields) / sum(s.truth for s in fields) >= 0.76
    assert scores[("title_block", "false_fields")].fp <= 2  # measured 0


def test_plm_example(tmp_path: Path) -> None:
    for name in ("set-5-sheets-index", "gen-03-iso7200-bl-a2-rot90"):
        shutil.copy(GENERATED / f"{name}.pdf", tmp_path / f"{name}.pdf")
    (tmp_path / "broken.pdf").write_text("not a pdf")
    r = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / "plm_export.py"), str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 1 + 1 + 5
    assert {row["status"] for row in rows} == {"ok", "NOT_PDF"}
    five = [row for row in rows if "set-5" in row["file"]]
    assert [row["sheet"] for row in five] == [f"{i}/5" for i in range(1, 6)] and all(row["drawing_number"] for row in five)


def test_leave_one_template_out() -> None:
    """Each layout family read with the label words only it prints taken out of the vocabulary: what is left
    comes from shared labels, cell structure, typography and value forms (benchmarks/title_block_loto.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import title_block_loto

    result = title_block_loto.run()
    rate = {f: r["left_out"][0] / r["left_out"][1] for f, r in result.items()}
    # measured: asme 177/340 (0.52, 20 false: units read from the tolerance block's sentence, which that
    # truth does not list; 157 while its names-and-dates grid, whose labels are left out, hid the date as
    # a table of values), compact 48/48 (it prints no label of its own), din 50/110 (0.45: dates, scale,
    # sheet, drawing number by form, title by size; 0 false), iso7200 90/130 (0.69)
    assert rate["compact"] == 1.0 and rate["din"] >= 0.4 and rate["iso7200"] >= 0.6 and rate["asme"] >= 0.5
    assert all(r["with_all"][0] == r["with_all"][1] for r in result.values())
    assert sum(r["left_out"][2] for r in result.values()) <= 25
    assert result["din"]["left_out"][2] == 0


def test_title_block_reads_the_same_at_any_scale() -> None:
    def block(k: float) -> pdftract.Sheet:
        return make_sheet(
            text=[("DWG NO", 102 * k, 106 * k, 0, 3 * k), ("A-100", 104 * k, 116 * k, 0, 5 * k), ("REV", 152 * k, 106 * k, 0, 3 * k),
                  ("B", 154 * k, 116 * k, 0, 5 * k), ("SHEET 2 OF 5", 182 * k, 114 * k, 0, 4 * k)],
            rects=[(100 * k, 100 * k, 150 * k, 120 * k), (150 * k, 100 * k, 180 * k, 120 * k), (180 * k, 100 * k, 240 * k, 120 * k)],
            width=842 * k, height=595 * k)

    read = [find_title_block(block(k), TitleBlockSettings(), ()) for k in (0.5, 1.0, 3.0)]
    assert all(tb is not None for tb in read)
    fields = [{key: (f.value, f.confidence) for key, f in tb.fields.items()} for tb in read if tb is not None]
    assert fields[0] == fields[1] == fields[2] and fields[1]["drawing_number"][0] == "A-100"


def test_a_block_in_an_unknown_language_is_read_by_structure_and_form() -> None:
    # labels small at the top of their cells, in words no vocabulary here holds (Finnish)
    cells = [(600, 500, 700, 520), (700, 500, 780, 520), (600, 520, 700, 540), (700, 520, 780, 540)]
    text = [("Piirustusnumero", 602, 506, 0, 3), ("AB-1234-5", 604, 517, 0, 6), ("Mittakaava", 702, 506, 0, 3), ("1:5", 704, 517, 0, 6),
            ("Päiväys", 602, 526, 0, 3), ("12.03.2024", 604, 537, 0, 6), ("Lehti", 702, 526, 0, 3), ("2/3", 704, 537, 0, 6)]
    tb = find_title_block(make_sheet(text=text, rects=cells), TitleBlockSettings(), ())
    assert tb is not None
    got = {k: (f.value, f.label, f.evidence) for k, f in tb.fields.items()}
    assert got["drawing_number"] == ("AB-1234-5", "Piirustusnumero", "form")
    assert got["scale"][0] == "1:5" and got["date"][0] == "12.03.2024"
    assert (got["sheet_number"][0], got["sheet_count"][0]) == ("2", "3")
    assert all(f.confidence <= 0.6 for f in tb.fields.values())


def test_a_sheet_that_prints_only_its_number_takes_the_count_of_the_set() -> None:
    from pdftract.testing import simple_pdf

    data = simple_pdf(pages=[["DWG NO: A-100", "REV: B", "SHEET 1 OF 3"], ["DWG NO: A-100", "REV: B", "SHEET 2"],
                             ["DWG NO: A-100", "REV: B", "SHEET 3"]])
    sheets = pdftract.analyze(data).sheets
    assert [(s.sheet_number, s.sheet_count, s.sheet_count_from) for s in sheets] == [("1", "3", None), ("2", "3", 1), ("3", "3", 1)]
    # two different counts in one file: nothing is carried
    mixed = pdftract.analyze(simple_pdf(pages=[["DWG NO: A-1", "REV: B", "SHEET 1 OF 3"], ["DWG NO: A-2", "REV: B", "SHEET 1 OF 2"],
                                               ["DWG NO: A-2", "REV: B", "SHEET 2"]])).sheets
    assert mixed[2].sheet_count is None


def test_text_running_on_from_the_cell_before_is_no_value() -> None:
    """A file name overflowing its cell ("... Rev 1.PcbDoc", the "1" an unread drawn mark by the rule) puts
    its tail under the next cell's label; two cells' texts close to the rule between them stay apart."""
    from pdftract.analyzers.title_block import _runs_in
    from pdftract.geometry import BBox

    line = [BBox(678, 492.6, 686, 497.6), BBox(691, 492.6, 709, 497.6)]
    rule = (689.8, 480, 689.8, 505)
    over = make_sheet(lines=[rule, (689.0, 493, 689.0, 496.3)])  # the rule and a character-sized mark beside it
    assert _runs_in(over, 0, line, 689.8, line[1], 5.2)
    apart = make_sheet(lines=[rule])  # only the rule between "8/24/2016" and "Side view ..."
    assert not _runs_in(apart, 0, line, 689.8, line[1], 5.2)
    far = [BBox(620, 492.6, 651, 497.6), BBox(695, 492.6, 720, 497.6)]
    assert not _runs_in(over, 0, far, 689.8, far[1], 5.2)  # the left cell's text ends far from the rule


def test_a_month_and_year_is_no_drawing_number() -> None:
    from pdftract.analyzers.title_block import _DWG_NO

    assert _DWG_NO.match("4711-02-A") and _DWG_NO.match("VRN-BP-VT-250") and _DWG_NO.match("10-1234")
    assert not _DWG_NO.match("24/2020") and not _DWG_NO.match("4/24/2020") and not _DWG_NO.match("12.50")
    assert not _DWG_NO.match("6.04.") and not _DWG_NO.match("LV3.0-")  # a cut piece ends in a separator


def test_kicad_id_is_the_sheet_only_as_number_over_count() -> None:
    """KiCad prints the sheet as "Id: 2/5"; an "ID" label with any other value is some other identifier."""
    rects = [(400, 300, 700, 340), (400, 340, 700, 360), (400, 360, 700, 380)]  # one ruled row per line, as KiCad's
    base = [("Title: PUMP CONTROLLER", 410, 330), ("Size: A3", 410, 354), ("Date: 2024-06-06", 500, 354), ("Rev: B", 600, 354)]
    tb = find_title_block(make_sheet(text=base + [("Id: 2/5", 600, 374)], rects=rects), TitleBlockSettings(), ())
    assert tb is not None and (tb.value("sheet_number"), tb.value("sheet_count")) == ("2", "5")
    tb = find_title_block(make_sheet(text=base + [("ID: 4711", 600, 374)], rects=rects), TitleBlockSettings(), ())
    assert tb is not None and tb.value("sheet_number") is None


ASME_CELLS = [(500, 400, 700, 420), (500, 420, 700, 450), (500, 450, 530, 470), (530, 450, 650, 470), (650, 450, 700, 470),
              (500, 470, 600, 485), (600, 470, 700, 485), (400, 400, 500, 485)]
ASME_TEXT = [("SIZE", 502, 455, 0, 3), ("B", 505, 467, 0, 7), ("DWG NO", 532, 455, 0, 3), ("NW-55120", 540, 467, 0, 7),
             ("REV", 652, 455, 0, 3), ("C", 660, 467, 0, 7), ("SCALE 2:1", 502, 481, 0, 4), ("SHEET 1 OF 1", 602, 481, 0, 4)]


def test_an_unlabelled_company_in_the_top_cell_and_the_projection_in_words() -> None:
    text = ASME_TEXT + [("NORTHWIND MACHINE WORKS", 505, 413, 0, 6), ("IDLER SHAFT", 505, 440, 0, 10),
                        ("THIRD ANGLE", 402, 436, 0, 4), ("PROJECTION", 402, 442, 0, 4)]
    tb = find_title_block(make_sheet(text=text, rects=ASME_CELLS), TitleBlockSettings(), ())
    assert tb is not None
    got = {k: (f.value, f.evidence) for k, f in tb.fields.items()}
    assert got["company"] == ("NORTHWIND MACHINE WORKS", "cell_top")
    assert got["projection"] == ("THIRD ANGLE PROJECTION", "form")
    assert got["title"] == ("IDLER SHAFT", "typography") and got["drawing_number"][0] == "NW-55120"
    assert tb.fields["company"].confidence <= 0.5  # a guess by place: doubted


@pytest.mark.parametrize("top", ["As-Built", "PRELIMINARY"])
def test_a_status_in_the_company_cell_is_no_company(top: str) -> None:
    text = ASME_TEXT + [(top, 505, 413, 0, 6), ("IDLER SHAFT", 505, 440, 0, 10)]
    tb = find_title_block(make_sheet(text=text, rects=ASME_CELLS), TitleBlockSettings(), ())
    assert tb is not None and "company" not in tb.fields and tb.fields["title"].value == "IDLER SHAFT"


def test_a_small_unknown_label_over_a_name_is_no_company() -> None:
    # "Kunde" (customer) small over the name: a label and its value, not a company printed alone
    text = ASME_TEXT + [("Kunde", 502, 405, 0, 3), ("ACME FIXTURES", 505, 416, 0, 6), ("IDLER SHAFT", 505, 440, 0, 10)]
    tb = find_title_block(make_sheet(text=text, rects=ASME_CELLS), TitleBlockSettings(), ())
    assert tb is not None and "company" not in tb.fields


def test_a_value_with_a_character_that_could_not_be_read_is_low_confidence() -> None:
    """U+FFFD in a value (a shape left unread inside a drawn word, a glyph without a Unicode mapping) means
    the value is incomplete: it is reported, but far below the others and under the LOW_CONFIDENCE line."""
    from pdftract.analyzers.confidence import LOW
    from pdftract.analyzers.title_block import title_block_analyzer

    text = [("DWG NO", 102, 106, 0, 3), ("4\ufffd\ufffd3-11", 104, 117, 0, 5), ("REV", 182, 106, 0, 3), ("C", 184, 117, 0, 5),
            ("TITLE", 102, 126, 0, 3), ("BEARING", 104, 136, 0, 5)]
    rects = [(100, 100, 180, 120), (180, 100, 220, 120), (100, 120, 220, 150)]
    tb = title_block_analyzer(make_sheet(text=text, rects=rects), TitleBlockSettings())
    assert tb is not None
    number, rev = tb.fields["drawing_number"], tb.fields["revision"]
    assert number.value == "4\ufffd\ufffd3-11" and number.confidence < LOW <= rev.confidence


def test_a_material_without_a_label_by_its_designation_alone_in_its_cell() -> None:
    """A GOST-style block prints the material in its own cell under the title, with no label: read by the
    form of its designation (EN 10027 ``37Cr4``), not by where one template puts it."""
    text = [("DWG NO", 102, 106, 0, 3), ("PT-4711-02", 104, 117, 0, 5), ("REV", 182, 106, 0, 3), ("C", 184, 117, 0, 5),
            ("SCALE", 222, 106, 0, 3), ("1:2", 224, 117, 0, 5),
            ("BEARING HOUSING", 104, 136, 0, 8), ("Steel 37Cr4", 104, 162, 0, 5)]
    rects = [(100, 100, 180, 120), (180, 100, 220, 120), (220, 100, 260, 120), (100, 120, 260, 150), (100, 150, 260, 170)]
    got = block(text, rects)
    assert got["material"] == "Steel 37Cr4" and got["title"] == "BEARING HOUSING"
    # the same words as a large title are the title; sharing a cell with other text (a note), no material
    text2 = text[:6] + [("STEEL BRACKET", 104, 136, 0, 8), ("Steel 37Cr4", 104, 157, 0, 5), ("DEBURR", 104, 165, 0, 5)]
    got2 = block(text2, rects)
    assert got2["title"] == "STEEL BRACKET" and "material" not in got2


def test_a_label_with_one_character_left_unread_still_names_its_field() -> None:
    """Drawn text may leave one character of a label unread (U+FFFD): the label it can only be names the
    field; a label of too few read characters, or with two of them unread, names nothing."""
    rects = [(100, 100, 180, 120), (180, 100, 220, 120), (100, 120, 220, 150)]
    text = [("DRAWING", 102, 106, 0, 3), ("N\ufffd.", 122, 106, 0, 3), ("PT-4711-02", 104, 117, 0, 5),
            ("REV", 182, 106, 0, 3), ("C", 184, 117, 0, 5), ("TITLE", 102, 126, 0, 3), ("BEARING", 104, 136, 0, 5)]
    assert block(text, rects) == {"drawing_number": "PT-4711-02", "title": "BEARING", "revision": "C"}
    from pdftract.analyzers.title_block import _match_texts

    assert _match_texts(["SCA\ufffdE"]) == ("scale", 1, "")
    assert _match_texts(["RE\ufffd"]) is None  # too short to be sure
    assert _match_texts(["\ufffd\ufffdAWING", "NO"]) is None  # two characters unread


def test_number_words_and_abbreviations_written_together_name_their_field() -> None:
    """``part nr.``, ``Sheet number``, ``rev.nr.`` and ``REV NO`` are the labels ``PART NO``, ``SHEET``
    and ``REV`` in other spellings; ``No.`` alone stays no label (a BOM's item column)."""
    from pdftract.analyzers.title_block import _match_texts

    assert _match_texts(["part", "nr.:"]) == ("part_number", 2, "")
    assert _match_texts(["Sheet", "number:", "1", "of", "1"]) == ("sheet", 2, "")
    assert _match_texts(["rev.nr.:"]) == ("revision", 1, "")
    assert _match_texts(["REV", "NO", "B"]) == ("revision", 2, "")
    assert _match_texts(["DWG.NO.", "123"]) == ("drawing_number", 1, "")
    assert _match_texts(["made", "by:"]) == ("drawn_by", 2, "")
    assert _match_texts(["GEN.", "TOL."]) == ("general_tolerance", 2, "")  # an ISO 7200-like strip's abbreviation
    assert _match_texts(["标题"]) == ("title", 1, "") and _match_texts(["单位"]) == ("units", 1, "")  # Chinese
    assert _match_texts(["No."]) is None and _match_texts(["U.S.", "Army"]) is None


def test_a_name_label_over_a_large_value_is_the_title_and_a_size_in_parentheses_is_the_size() -> None:
    """A ``name:`` label over a value printed larger than the labels names the part (a person's name in an
    approval row stands at label size); ``(A4)`` at the end of the scale cell is the sheet size, though the
    page's text line runs on into the next cell."""
    rects = [(100, 100, 200, 130), (200, 100, 300, 130), (100, 130, 200, 145), (200, 130, 300, 145), (100, 145, 300, 160)]
    text = [("name:", 102, 103, 0, 3), ("Ball Bearing 688-2RS", 110, 115, 0, 6), ("part nr.:", 202, 103, 0, 3),
            ("1021-Z1P-A", 210, 115, 0, 6), ("Scale: 2:1", 102, 134, 0, 4), ("(A4)", 188, 134, 0, 4), ("Approved by: J. Doe", 202, 134, 0, 4),
            ("rev.nr.: C", 102, 149, 0, 4)]
    got = block(text, rects)
    assert got["title"] == "Ball Bearing 688-2RS" and got["part_number"] == "1021-Z1P-A"
    assert got["size"] == "A4" and got["scale"] == "2:1" and got["revision"] == "C"
    assert [ln.text for ln in make_sheet(text=text, rects=rects).lines if "A4" in ln.text] == ["(A4) Approved by: J. Doe"]
    # the same label over a value at label size (an approval row's person) is no title
    small = [("name:", 102, 103, 0, 3), ("J. Doe", 110, 115, 0, 3)] + text[2:]
    assert "title" not in block(small, rects) or block(small, rects)["title"] != "J. Doe"


def test_two_label_columns_whose_rows_line_up_are_one_block_without_rules() -> None:
    """A block whose rules are filled outlines (no cells to read) falls apart into label columns far apart;
    columns whose label rows line up are still one block. Columns that do not line up stay apart."""
    left = [("name:", 100, 100, 0, 4), ("Slider Block Spring", 110, 110, 0, 7), ("material:", 100, 130, 0, 4),
            ("TO710L", 110, 140, 0, 7), ("date:", 100, 160, 0, 4), ("2/16/2014", 110, 170, 0, 6)]
    right = [("part nr.:", 230, 100, 0, 4), ("1168-B2P-B", 240, 110, 0, 7), ("weight:", 230, 130, 0, 4),
             ("12 g", 240, 140, 0, 7), ("made by:", 230, 160, 0, 4), ("J. Doe", 270, 160, 0, 4),
             ("document number:", 230, 175, 0, 4), ("B1168-B2P-B", 240, 185, 0, 6)]
    assert len(make_sheet(text=left + right).lines) == len(left + right)  # no line runs from one column into the other
    got = block(left + right, [])
    assert got["title"] == "Slider Block Spring" and got["material"] == "TO710L" and got["date"] == "2/16/2014"
    assert got["part_number"] == "1168-B2P-B" and got["drawing_number"] == "B1168-B2P-B"
    # the same left column moved a line and a half down: its rows meet none of the right column's
    from pdftract.analyzers.title_block import _candidates, _clusters, _frame_words, _merge_near

    def groups(text: list[tuple[str, float, float, float, float]]) -> int:
        sheet = make_sheet(text=text)
        return len(_merge_near(_clusters(_candidates(sheet, 0, _frame_words(sheet), []), 3.0)))

    assert groups(left + right) == 1
    assert groups([(t, x, y + 15, a, s) for t, x, y, a, s in left] + right) == 2


def test_a_bold_name_among_plain_notes_of_its_cell_is_the_company() -> None:
    """KiCad's top cell holds comment lines (a licence, a web address) and, last, the company in bold: the one
    bold name-like line of the block, in a cell whose other lines are plain, is the company; set in the same
    weight as its cell-mates it is not."""
    from dataclasses import replace

    from pdftract.model.primitives import Font, FontSubtype
    from pdftract.testing import TEST_FONT

    rects = [(500, 480, 800, 512), (500, 512, 800, 528), (500, 528, 800, 540), (500, 540, 640, 552), (640, 540, 800, 552)]
    text = [("https://example.org/LICENSE", 505, 500, 0, 5.9), ("Duet3D", 505, 509, 0, 5.9), ("Sheet: /", 505, 518, 0, 5.9),
            ("File: board.kicad_sch", 505, 526, 0, 5.9), ("Title: Duet 2", 505, 537, 0, 7.9), ("Size: A4", 505, 549, 0, 5.9),
            ("Rev: 1.06", 645, 549, 0, 5.9)]
    bold = Font(id="FB", name="Helvetica-Bold", subtype=FontSubtype.TYPE1, embedded=False, has_tounicode=False, encoding=None)

    def company(weighted: bool) -> str | None:
        sheet = make_sheet(text=text, rects=rects)
        company_line = next(ln for ln in sheet.layout.lines if ln.text == "Duet3D")
        glyphs = tuple(replace(g, font="FB") if weighted and g.id in company_line.glyph_ids else g for g in sheet.glyphs)
        sheet = replace(sheet, glyphs=glyphs, fonts={TEST_FONT.id: TEST_FONT, "FB": bold})
        tb = find_title_block(sheet, TitleBlockSettings(), ())
        assert tb is not None and tb.value("title") == "Duet 2"
        return tb.value("company")

    assert company(True) == "Duet3D"
    assert company(False) is None


def test_a_label_of_several_words_read_without_its_spaces_is_still_that_label() -> None:
    """Text read back from shapes may lose a word break (``Date ofissue``): the longer label whose letters the
    run spells wins over the shorter label it starts with."""
    from pdftract.analyzers.title_block import _match_texts

    assert _match_texts(["Date", "ofissue", "2026-05-05"]) == ("date", 2, "")
    assert _match_texts(["Dateofissue"]) == ("date", 1, "")
    assert _match_texts(["Date", "of", "issue"]) == ("date", 3, "")
    assert _match_texts(["Date", "2026-05-05"]) == ("date", 1, "")


def test_a_qualified_label_a_centred_value_and_a_row_of_headers() -> None:
    # ISSUED (a label word of no field) before DATE names the date; a value centred under a shorter label starts
    # left of it (12 OF 14 under SHEET); the text right of DESCRIPTION in a row of column headers over empty
    # cells is the next header (SPECIFICATION, which the vocabulary does not know), no title
    got = block(
        [("ISSUED DATE", 102, 106, 0, 3), ("Feb-20-23", 130, 116, 0, 4),
         ("SHEET", 192, 106, 0, 3), ("12 OF 14", 184, 116, 0, 4),
         ("PART NUMBER", 102, 146, 0, 3), ("DESCRIPTION", 152, 146, 0, 3), ("SPECIFICATION", 202, 146, 0, 3)],
        [(100, 100, 180, 120), (180, 100, 240, 120), (100, 120, 150, 142), (150, 120, 200, 142), (200, 120, 250, 142),
         (100, 142, 150, 150), (150, 142, 200, 150), (200, 142, 250, 150)],
    )
    assert got.get("date") == "Feb-20-23" and got.get("sheet_number") == "12" and got.get("sheet_count") == "14", got
    assert got.get("title") != "SPECIFICATION", got


def test_a_date_under_a_persons_label_is_the_date_and_a_colon_label_heads_no_column() -> None:
    # DRAWN: over 09/06/2014 beside DRAWN BY: over the name (the Adapteva block); Date: with its value left
    # empty takes nothing from the cell below it (KiCad's program line)
    got = block(
        [("DRAWN:", 102, 106, 0, 3), ("09/06/2014", 104, 116, 0, 3), ("DRAWN BY:", 142, 106, 0, 3), ("F. HUETTIG", 144, 116, 0, 3),
         ("PAGE:", 182, 106, 0, 3), ("2 OF 8", 184, 116, 0, 3),
         ("Size: A4", 102, 128, 0, 3), ("Date:", 152, 128, 0, 3), ("KiCad E.D.A. 9.0.1", 102, 138, 0, 3)],
        [(100, 100, 140, 120), (140, 100, 180, 120), (180, 100, 220, 120), (100, 120, 150, 132), (150, 120, 220, 132),
         (100, 132, 220, 142)],
    )
    assert got.get("date") == "09/06/2014" and got.get("sheet_number") == "2" and got.get("size") == "A4", got
    assert "KiCad" not in " ".join(got.values()), got


def test_units_from_another_fields_sentence_and_a_company_by_a_foreign_legal_form() -> None:
    got = block(
        [("DWG NO", 102, 106, 0, 3), ("PT-4711-02", 104, 116, 0, 4), ("REV", 182, 106, 0, 3), ("C", 184, 116, 0, 4),
         ("GENERAL TOLERANCE", 152, 126, 0, 3), ("ISO 2768-m", 154, 136, 0, 4),
         ("UNLESS OTHERWISE SPECIFIED:", 102, 126, 0, 3), ("DIMENSIONS ARE IN MILLIMETERS", 102, 132, 0, 3),
         ("Prusa Research s.r.o.", 152, 156, 0, 4)],
        [(100, 100, 180, 120), (180, 100, 220, 120), (100, 120, 150, 150), (150, 120, 220, 150), (150, 150, 220, 160)],
    )
    # (the sentence under a label left without a field: the general tolerance is the labelled cell's)
    assert got.get("units") == "MILLIMETERS" and got.get("company") == "Prusa Research s.r.o.", got


def test_spanish_labels_a_label_for_a_value_a_reviser_s_date_and_a_numbering_are_no_values() -> None:
    # ESCALA, HOJA "1 de 2", DIBUJO No, FECHA name their fields; the cell right of "Peso:" holds the next label
    # ("Materiales:"), not a weight; "Rev." of an approvals row beside a date is a reviser, not a revision; the
    # largest text "Lámina No. 1" is a numbering, so the title is the next largest text
    got = block(
        [("ESCALA:", 102, 104, 0, 3), ("2:5", 104, 114, 0, 4), ("HOJA:", 162, 104, 0, 3), ("1 de 2", 164, 114, 0, 4),
         ("DIBUJO No:", 222, 104, 0, 3), ("A-100-7", 224, 114, 0, 4),
         ("FECHA:", 102, 124, 0, 3), ("2023-05-01", 104, 134, 0, 4), ("Peso:", 162, 124, 0, 3), ("Materiales:", 192, 124, 0, 3),
         ("Rev.", 102, 147, 0, 3), ("04-07-21", 120, 147, 0, 3),
         ("Lámina No. 1", 170, 150, 0, 8), ("PLANO CONJUNTO", 170, 166, 0, 6)],
        [(100, 100, 160, 120), (160, 100, 220, 120), (220, 100, 300, 120), (100, 120, 160, 140), (160, 120, 190, 140),
         (190, 120, 300, 140), (100, 140, 118, 150), (118, 140, 160, 150), (160, 140, 300, 170)],
    )
    assert got.get("scale") == "2:5" and got.get("sheet_number") == "1" and got.get("sheet_count") == "2", got
    assert got.get("drawing_number") == "A-100-7" and got.get("date") == "2023-05-01", got
    assert "weight" not in got and "revision" not in got, got
    assert got.get("title") == "PLANO CONJUNTO", got


def test_rows_of_name_and_value_in_one_font_and_a_value_touching_its_cell_s_rule() -> None:
    # CATIA: "Material | PLA" over "Direction | XXXX" in one font and size, the label cells in a column with a
    # row of labels beside (DATE): PLA is the material, not the next row's name; XXX fills an empty field; the
    # scale's figures start a little left of its cell's rule
    got = block(
        [("DATE:", 102, 104, 0, 3), ("08.11.2020", 104, 114, 0, 4), ("Material", 152, 110, 0, 5), ("PLA", 192, 110, 0, 5),
         ("Direction", 150, 126, 0, 5), ("XXXX", 192, 126, 0, 5), ("WEIGHT", 102, 124, 0, 3), ("XXX", 104, 134, 0, 4),
         ("SCALE", 102, 144, 0, 3), ("1:4", 99.4, 158, 0, 8)],
        [(100, 100, 148, 120), (148, 100, 188, 116), (188, 100, 260, 116), (148, 116, 188, 132), (188, 116, 260, 132),
         (100, 120, 148, 140), (100, 140, 148, 162)],
    )
    assert got.get("material") == "PLA" and got.get("scale") == "1:4" and got.get("date") == "08.11.2020", got
    assert "weight" not in got, got


@pytest.mark.skipif(not (ROOT.parent / "extra" / "real5" / "mech-bldcdriver-plata-pechatnaya.pdf").exists(),
                    reason="real5 corpus not fetched")
def test_an_eskd_block_is_one_block_and_keeps_its_cyrillic_designation() -> None:
    # the approval columns and the sheet cells of a GOST 2.104 block, 70 mm of unlabelled cells apart, are one
    # block; the designation is in Cyrillic capitals (not folded to Latin look-alikes in a Cyrillic block), the
    # material is its cell's two lines
    sheet = pdftract.open(str(ROOT.parent / "extra" / "real5" / "mech-bldcdriver-plata-pechatnaya.pdf"), read_drawn_text=False).pages[0]
    tb = find_title_block(sheet, TitleBlockSettings(), ())
    assert tb is not None
    got = {k: f.value for k, f in tb.fields.items()}
    assert got.get("drawing_number") == "СМ7.18.00.01" and got.get("title") == "Плата печатная", got
    assert got.get("material") == "Стеклотекстолит фольгированный FR-4 ГОСТ 26246.5-89" and got.get("scale") == "1:1", got


@pytest.mark.parametrize("name", ["fc-eskdown-a3-plate", "fc-eskdown-a4p-shaft"])
def test_a_gost_2104_inscription_drawn_as_outlines_reads_whole(name: str) -> None:
    # our own GOST 2.104 form 1 inscriptions (FreeCAD, labels and values drawn as outlines): its change and
    # approval columns and its letter, mass and scale cells, 77 mm apart in one ruled box, are one block; the
    # unlabelled material (``Сталь ...``) and organisation (``ООО ...``, ``АО ...``) cells by their names; the
    # empty sheet-number cell of a one-sheet drawing takes nothing; ``Формат А3`` under the frame is its size
    truth = json.loads((ROOT / "fixtures" / "cad" / "freecad" / "truth.json").read_text(encoding="utf-8"))
    want = next(e for e in truth["expectations"] if e["file"] == f"{name}.pdf")["title_block"]
    sheet = pdftract.open(str(ROOT / "fixtures" / "cad" / "freecad" / "pdf" / f"{name}.pdf")).pages[0]
    tb = find_title_block(sheet, TitleBlockSettings(), ())
    assert tb is not None
    got = {k: f.value for k, f in tb.fields.items() if k in want}
    assert got == want


def test_a_two_line_company_a_name_with_its_date_and_iso_7200_labels() -> None:
    # a cell of two name lines in one size, centred one under the other, is one company; "Created by" holding a
    # name and a date gives the date; "Dept." over an empty cell is a label (ISO 7200), no company;
    # "DATE ISSUED:" is the date's label
    got = block(
        [("COLLEGE OF ENGINEERING", 112, 108, 0, 5), ("UNIVERSITY OF NORTH DAKOTA", 104, 115, 0, 5),
         ("Dept.", 102, 124, 0, 3), ("Created by", 152, 124, 0, 3), ("Jane Roe 28-04-2023", 154, 134, 0, 4),
         ("DWG No.", 102, 144, 0, 3), ("FX-100", 104, 154, 0, 4)],
        [(100, 100, 220, 120), (100, 120, 150, 140), (150, 120, 220, 140), (100, 140, 220, 160)],
    )
    assert got.get("company") == "COLLEGE OF ENGINEERING UNIVERSITY OF NORTH DAKOTA", got
    assert got.get("date") == "28-04-2023" and got.get("drawn_by") == "Jane Roe", got
    got = block(
        [("DATE ISSUED:", 102, 106, 0, 3), ("Nov-27-22", 124, 116, 0, 4), ("DWG NO.", 152, 106, 0, 3), ("PX-7", 154, 116, 0, 4)],
        [(100, 100, 150, 120), (150, 100, 220, 120)],
    )
    assert got.get("date") == "Nov-27-22", got


def test_hungarian_and_vietnamese_labels_a_label_with_its_value_under_another_and_empty_unit_cells() -> None:
    # Rajzszám over its value over "Fájlnév:Assem1" (a field of its own, written with its value in one word);
    # Tömeg holding only its unit "kg" has no weight; a tolerance block with blank values is no general
    # tolerance, and the units it states are read
    got = block(
        [("Rajzszám", 102, 104, 0, 3), ("CNC-001", 104, 114, 0, 5), ("Fájlnév:Assem1", 104, 119, 0, 3),
         ("Megnevezés", 162, 104, 0, 3), ("Golyós orsó", 164, 114, 0, 5), ("Tömeg", 102, 126, 0, 3), ("kg", 130, 134, 0, 3),
         ("Méretarány", 162, 126, 0, 3), ("1:8", 164, 134, 0, 4), ("Dátum", 222, 126, 0, 3), ("2026. 03. 29.", 224, 134, 0, 4),
         ("UNLESS OTHERWISE SPECIFIED", 102, 146, 0, 3), ("DIMENSIONS ARE IN MILLIMETERS", 102, 152, 0, 3),
         ("ANGULAR= ± °", 120, 158, 0, 3)],
        [(100, 100, 160, 122), (160, 100, 300, 122), (100, 122, 160, 140), (160, 122, 220, 140), (220, 122, 300, 140),
         (100, 140, 300, 162)],
    )
    assert got.get("drawing_number") == "CNC-001" and got.get("title") == "Golyós orsó" and got.get("scale") == "1:8", got
    assert got.get("date") == "2026. 03. 29." and got.get("units") == "MILLIMETERS", got
    assert "weight" not in got and "general_tolerance" not in got, got
    got = block(
        [("Tỉ lệ", 102, 104, 0, 3), ("1:2", 104, 114, 0, 4), ("Tờ:1", 152, 104, 0, 3), ("Số tờ: 3", 182, 104, 0, 3),
         ("Vật liệu", 102, 124, 0, 3), ("Thép C45", 104, 134, 0, 4)],
        [(100, 100, 150, 120), (150, 100, 180, 120), (180, 100, 220, 120), (100, 120, 220, 140)],
    )
    assert got.get("scale") == "1:2" and got.get("sheet_number") == "1" and got.get("sheet_count") == "3", got
    assert got.get("material") == "Thép C45", got


def test_a_chinese_gb_block_an_institution_for_company_and_frame_zones_are_no_value() -> None:
    # GB/T 10609.1: "比例" over its value with the name cell to its right (the value of its form is below, not the
    # name), the institution's name in the top-right cell, and under "批准" the frame's zone numbers (no approver)
    got = block(
        [("设计 张三", 102, 108, 0, 3), ("批准", 102, 118, 0, 3), ("标准化", 122, 118, 0, 3),
         ("比例", 172, 108, 0, 3), ("1:2", 172, 118, 0, 3), ("北京化工大学", 212, 96, 0, 5), ("支架装配图", 212, 116, 0, 4),
         ("1 2 3 4 5 6", 102, 128, 0, 3)],
        [(100, 100, 170, 110), (100, 110, 120, 120), (120, 110, 170, 120), (170, 100, 200, 110), (170, 110, 200, 120), (200, 88, 280, 100), (200, 100, 280, 120), (0, 120, 400, 130)],
    )
    assert got.get("scale") == "1:2" and got.get("company") == "北京化工大学" and got.get("title") == "支架装配图", got
    assert got.get("drawn_by") == "张三" and "approved_by" not in got, got


def test_an_institution_named_in_two_lines_is_the_company_not_the_title() -> None:
    got = block(
        [("Data:", 102, 104, 0, 3), ("21/06/2025", 104, 110, 0, 3), ("Scala:", 142, 104, 0, 3), ("1 : 1", 144, 110, 0, 3),
         ("Foglio:", 182, 104, 0, 3), ("1/1", 184, 110, 0, 3),
         ("POLITECNICO DI", 102, 124, 0, 8), ("BARI", 102, 133, 0, 8), ("Supporto albero", 182, 124, 0, 4)],
        [(100, 100, 140, 112), (140, 100, 180, 112), (180, 100, 260, 112), (100, 112, 180, 136), (180, 112, 260, 136)],
    )
    assert got.get("company") == "POLITECNICO DI BARI" and got.get("title") == "Supporto albero", got


def test_a_block_laid_out_as_a_strip_across_the_sheet_is_one_block() -> None:
    # EPLAN's block: approvals at the left, the page "Seite 7 / 35" (before the section's "Blatt 1") at the right end
    # of one ruled strip along the frame, the page's name in a cell between them
    got = block(
        [("Datum", 102, 106, 0, 3), ("22.06.2023", 122, 106, 0, 3), ("Bearb.", 102, 116, 0, 3), ("GAL", 122, 116, 0, 3),
         ("Gepr", 102, 126, 0, 3), ("Klemmkasten", 402, 108, 0, 5), ("WEB_22100", 602, 126, 0, 3),
         ("Blatt", 702, 126, 0, 3), ("1", 730, 126, 0, 3), ("Seite", 702, 136, 0, 3), ("7 / 35", 722, 136, 0, 3)],
        [(100, 100, 800, 140), (100, 100, 120, 110), (120, 100, 160, 110), (100, 110, 120, 120), (120, 110, 160, 120),
         (100, 120, 120, 130), (120, 120, 160, 130), (400, 100, 600, 140), (600, 120, 700, 130), (700, 120, 720, 130),
         (720, 120, 800, 130), (700, 130, 720, 140), (720, 130, 800, 140)],
    )
    assert got.get("sheet_number") == "7" and got.get("sheet_count") == "35" and got.get("date") == "22.06.2023", got
    assert got.get("drawn_by") == "GAL" and got.get("title") == "Klemmkasten", got
    # QElectroTech's strip: a name in the label size in the middle cell, as tall as the strip, is no company (the
    # block's top row is no row there); a cell as tall at the block's end is (a logo cell)
    strip = [("Author:", 102, 106, 0, 3), ("Date: 1/10/2026", 102, 116, 0, 3), ("P&ID", 300, 112, 0, 3),
             ("File:", 402, 106, 0, 3), ("Folio: 1/1", 402, 116, 0, 3)]
    cells = [(100, 100, 480, 120), (100, 100, 200, 110), (100, 110, 200, 120), (200, 100, 400, 120), (400, 100, 480, 110),
             (400, 110, 480, 120)]
    got = block(strip, cells)
    assert "company" not in got and got.get("sheet_number") == "1", got
    got = block(strip + [("Acme Robotics", 52, 107, 0, 3)], [(50, 100, 480, 120), (50, 100, 100, 120)] + cells[1:])
    assert got.get("company") == "Acme Robotics", got


def test_a_drawing_label_with_words_names_the_title_and_a_gap_inside_a_date_s_figures_is_closed() -> None:
    got = block(
        [("Drawing: Plan and Profile", 102, 106, 0, 3), ("Drawing No.: E-201", 102, 116, 0, 3), ("Revision: 0", 102, 126, 0, 3),
         ("Date: 2026-06-1 0", 102, 136, 0, 3)],
        [(100, 100, 200, 110), (100, 110, 200, 120), (100, 120, 200, 130), (100, 130, 200, 140)],
    )
    assert got == {"title": "Plan and Profile", "drawing_number": "E-201", "revision": "0", "date": "2026-06-10"}, got
    assert match_texts(["DRAWING", "IS", "THE", "PROPERTY"]) is None  # a word of a sentence, no label


def test_polish_labels_run_together_across_their_cells_rule_and_a_value_over_its_label() -> None:
    # Inventor sets "Podziałka" and "Nazwa" against the rule between their cells: one word "PodziałkaNazwa" to the
    # text layer, cut at the rule; the values stand under each
    got = block(
        [("PodziałkaNazwa", 152, 106, 0, 3), ("1:2", 154, 116, 0, 3), ("Siłownik", 172, 116, 0, 4),
         ("Data", 102, 106, 0, 3), ("27.04.25", 104, 116, 0, 3)],
        [(100, 100, 150, 120), (150, 100, 168.2, 120), (168.2, 100, 240, 120)],
    )
    assert got.get("scale") == "1:2" and got.get("title") == "Siłownik" and got.get("date") == "27.04.25", got
    # gEDA's title-B block: "TITLE" at the foot of its cell under the title, "DRAWN BY: name" under an empty
    # "REVISION:"; an Italian sheet cell "1 : 1" under "Foglio:"
    got = block(
        [("96Boards - Sound", 110, 110, 0, 5), ("TITLE", 102, 118, 0, 3), ("REVISION:", 202, 126, 0, 3),
         ("DRAWN BY: Adam Serbinski", 202, 136, 0, 4), ("Foglio:", 102, 126, 0, 3), ("1 : 1", 104, 136, 0, 3)],
        [(100, 100, 300, 120), (100, 120, 200, 140), (200, 120, 300, 140)],
    )
    assert got.get("title") == "96Boards - Sound" and got.get("drawn_by") == "Adam Serbinski", got
    assert got.get("sheet_number") == "1" and got.get("sheet_count") == "1" and "revision" not in got, got


def test_rows_of_labels_in_one_cell_end_at_a_label_of_no_field() -> None:
    # Proteus: "Date:" over "Copyright: OHL v2" in one cell, values in a larger size beside the labels
    got = block(
        [("Design Title:", 102, 108, 0, 3), ("GPRS Tracker", 130, 109.5, 0, 4.5), ("Date:", 102, 116, 0, 3),
         ("12/03/2015", 130, 117.5, 0, 4.5), ("Copyright:", 102, 124, 0, 3), ("OHL v2", 130, 125.5, 0, 4.5),
         ("Revision:", 202, 108, 0, 3), ("1.2", 230, 109.5, 0, 4.5)],
        [(100, 100, 200, 130), (200, 100, 300, 130)],
    )
    assert got.get("title") == "GPRS Tracker" and got.get("date") == "12/03/2015" and got.get("revision") == "1.2", got


def test_labels_in_capitals_without_their_accents_a_number_sign_drawn_apart_and_an_address_is_no_company() -> None:
    # French templates set capitals without accents ("MATIERE", "DESIGNATION"); "PLAN N" whose ° is drawn; a
    # project's name after "Projeto:" and an address in the top row are no company
    got = block(
        [("40, montée Saint-Barthélémy", 102, 106, 0, 3), ("DESIGNATION", 202, 106, 0, 3), ("STIRLING_MOTOR", 204, 116, 0, 5),
         ("MATIERE", 102, 128, 0, 3), ("N.C.", 134, 128, 0, 4), ("PLAN N", 202, 128, 0, 3), ("SM-01", 204, 136, 0, 4)],
        [(100, 100, 200, 120), (200, 100, 300, 120), (100, 120, 130, 140), (130, 120, 200, 140), (200, 120, 300, 140)],
    )
    assert got.get("title") == "STIRLING_MOTOR" and got.get("material") == "N.C." and got.get("drawing_number") == "SM-01", got
    assert "company" not in got, got
    got = block(
        [("Projeto:", 102, 106, 0, 3), ("Damte", 140, 112, 0, 4), ("TÍTULO:", 102, 124, 0, 3), ("Suporte", 130, 134, 0, 5),
         ("DES. Nº", 102, 146, 0, 3), ("Desenho de numero: 01/01", 110, 156, 0, 4)],
        [(100, 100, 250, 118), (100, 118, 250, 140), (100, 140, 250, 160)],
    )
    assert got.get("title") == "Suporte" and got.get("drawing_number") == "Desenho de numero: 01/01" and "company" not in got, got


def test_a_cad_program_s_name_in_its_template_is_neither_company_nor_title() -> None:
    # Solid Edge prints its name in its default block's top cell, larger than the labels; "Nombre" heads the
    # approvals' name column (a label, no company)
    got = block(
        [("Solid Edge", 212, 106, 0, 6), ("Nombre", 102, 106, 0, 3), ("Fecha", 142, 106, 0, 3), ("24/06/19", 142, 116, 0, 3),
         ("Escala", 102, 128, 0, 3), ("2:1", 104, 136, 0, 3), ("Hoja 1 de 1", 142, 128, 0, 3)],
        [(100, 100, 140, 120), (140, 100, 200, 120), (200, 100, 300, 120), (100, 120, 140, 140), (140, 120, 200, 140)],
    )
    assert "company" not in got and "title" not in got and got.get("date") == "24/06/19", got


def _cells_block() -> tuple[list[tuple[str, float, float, float, float]], list[tuple[float, float, float, float]]]:
    """A block whose top row of labelled cells reads like a parts list's header (USED ON | MATERIAL | QTY | SCALE 5:1 |
    SIZE A3), over a notes cell whose tolerance label sits under a note, an approvals column and an issue cell."""
    text = [("USED ON", 152, 106, 0, 3), ("MATERIAL", 232, 106, 0, 3), ("QTY", 302, 106, 0, 3), ("SCALE", 342, 106, 0, 3),
            ("5:1", 362, 106, 0, 3), ("SIZE", 382, 106, 0, 3), ("A3", 398, 106, 0, 3),
            ("DEBURR EDGES", 102, 116, 0, 2.5), ("DO NOT SCALE DRAWING", 102, 121, 0, 2.5),
            ("GENERAL TOLERANCES:", 102, 136, 0, 2.5), ("+/- 0.4 mm", 102, 141, 0, 2.5),
            ("DRAWN", 152, 116, 0, 3), ("A.B", 182, 116, 0, 3), ("CHECKED", 152, 126, 0, 3), ("N.B", 182, 126, 0, 3),
            ("APPROVED", 152, 136, 0, 3), ("N.B", 182, 136, 0, 3), ("TITLE", 232, 116, 0, 3), ("LOWER COLUMN", 242, 130, 0, 6),
            ("DWG NO.", 342, 116, 0, 3), ("ISSUE", 342, 134, 0, 3), ("A", 344, 142, 0, 6)]
    rects = [(150, 100, 230, 110), (230, 100, 300, 110), (300, 100, 340, 110), (340, 100, 380, 110), (380, 100, 410, 110),
             (100, 100, 150, 145), (150, 110, 180, 120), (180, 110, 230, 120), (150, 120, 180, 130), (180, 120, 230, 130),
             (150, 130, 180, 145), (180, 130, 230, 145), (230, 110, 340, 145), (340, 110, 410, 128), (340, 128, 410, 145)]
    return text, rects


def test_a_header_without_rows_inside_the_block_is_read_as_the_block_and_a_field_label_ends_a_note() -> None:
    """The tables pass may take a block's top row for a parts list's header (no rows under it): inside the block
    it is read as the block's cells. A field's label with its colon under a note (``GENERAL TOLERANCES:`` under
    ``DO NOT SCALE DRAWING``) is a field of its own; ``ISSUE`` is a revision; a label of a taller cell whose line
    just touches an initials' line makes no row of column headers of them."""
    from pdftract.analyzers.tables import Table, TableKind
    from pdftract.geometry import BBox

    text, rects = _cells_block()
    sheet = make_sheet(text=text, rects=rects)
    header = Table(kind=TableKind.BOM, bbox=BBox(150, 100, 410, 110), header=("USED ON", "MATERIAL", "QTY", "SCALE 5:1", "SIZE A3"),
                   columns=("used_on", "material", "quantity", "scale_5_1", "size_a3"), rows=(), header_at="top", direction=0)
    tb = find_title_block(sheet, TitleBlockSettings(), (header,))
    assert tb is not None
    got = {k: f.value for k, f in tb.fields.items()}
    assert got["scale"] == "5:1" and got["size"] == "A3" and got["title"] == "LOWER COLUMN" and got["revision"] == "A"
    assert got["general_tolerance"] == "+/- 0.4 mm"
    assert got["drawn_by"] == "A.B" and got["checked_by"] == "N.B" and got["approved_by"] == "N.B"
    assert "company" not in got  # "QTY" over an empty cell is a column's word, no company
    # a table with rows inside the block is the block's neighbour's business: it still hides its text
    full = Table(kind=TableKind.BOM, bbox=BBox(150, 100, 410, 110), header=header.header, columns=header.columns,
                 rows=(("", "", "", "", ""),), header_at="top", direction=0)
    again = find_title_block(sheet, TitleBlockSettings(), (full,))
    assert again is not None and "size" not in again.fields


def test_an_institution_s_logo_cell_is_the_company_and_never_the_title() -> None:
    """A university's logo lettering in its own cell (``UTN`` over ``FRCH`` over ``FACULTAD REGIONAL CHUBUT``) is one
    company name; its large letters are no title, which is the next largest text. A count of pieces is no title,
    nor a line of the material's cell."""
    got = block(
        [("UTN", 104, 112, 0, 9), ("FRCH", 104, 124, 0, 9), ("FACULTAD REGIONAL CHUBUT", 102, 131, 0, 2.5),
         ("PROBETA DE PRUEBA", 162, 112, 0, 6), ("Plano N°:", 162, 122, 0, 3), ("MET-PMP-006", 164, 131, 0, 5),
         ("Esc.:", 262, 106, 0, 3), ("1:2", 266, 113, 0, 5), ("2pcs", 262, 124, 0, 7),
         ("Material AISI 1045", 302, 106, 0, 4), ("Thickness 1.5mm", 302, 113, 0, 4)],
        [(100, 100, 160, 134), (160, 100, 260, 116), (160, 116, 260, 134), (260, 100, 300, 117), (260, 117, 300, 134), (300, 100, 360, 134)],
    )
    assert got["company"] == "UTN FRCH FACULTAD REGIONAL CHUBUT"
    assert got["title"] == "PROBETA DE PRUEBA" and got["drawing_number"] == "MET-PMP-006"
    assert got["material"] == "AISI 1045"


def test_japanese_and_romanian_labels_and_values_that_are_no_values() -> None:
    """JIS (日付, 作成者, 尺度, 材質) and Romanian STAS (TITLU, NR. DESEN, SCARA, PLANSA) labels name their fields. A
    cell's text that starts with a label of its own (``Laboratory: ETHZ``) is no value of the label left of it; a
    drawing number of a placeholder (``*``) and a size of figures alone are no values; a tolerance citing a
    standard (``S/DIN``) is one without figures."""
    jp = block(
        [("日付", 102, 106, 0, 3), ("2016/09/23", 122, 106, 0, 3), ("作成者", 102, 116, 0, 3), ("NN", 122, 116, 0, 3),
         ("尺度", 162, 106, 0, 3), ("1:1", 182, 106, 0, 3), ("材質", 162, 116, 0, 3), ("A2017", 182, 116, 0, 3)],
        [(100, 100, 120, 110), (120, 100, 160, 110), (100, 110, 120, 120), (120, 110, 160, 120),
         (160, 100, 180, 110), (180, 100, 220, 110), (160, 110, 180, 120), (180, 110, 220, 120)])
    assert jp["date"] == "2016/09/23" and jp["scale"] == "1:1" and jp["material"] == "A2017" and jp["drawn_by"] == "NN"
    ro = block(
        [("TITLU:", 102, 106, 0, 3), ("PLACA HIDRAULICA", 104, 114, 0, 4), ("NR. DESEN:", 102, 124, 0, 3), ("AIA 1.1-04-A9-01", 104, 132, 0, 4),
         ("SCARA", 162, 106, 0, 3), ("1:1", 164, 114, 0, 4), ("PLANSA", 162, 124, 0, 3), ("1/1", 164, 132, 0, 4)],
        [(100, 100, 160, 118), (100, 118, 160, 136), (160, 100, 200, 118), (160, 118, 200, 136)])
    assert ro == {"title": "PLACA HIDRAULICA", "drawing_number": "AIA 1.1-04-A9-01", "scale": "1:1", "sheet_number": "1", "sheet_count": "1"}
    eth = block(
        [("Drawing number:", 102, 106, 0, 3), ("*", 130, 106, 0, 3), ("Rev:", 152, 106, 0, 3), ("1.1", 162, 106, 0, 3),
         ("Format:", 182, 106, 0, 3), ("Laboratory: ETHZ IIS", 200, 106, 0, 3), ("A4", 183, 115, 0, 4),
         ("Date:", 102, 115, 0, 3), ("27.11.2023", 112, 115, 0, 3), ("SIZE", 102, 125, 0, 3), ("0. 2029", 112, 125, 0, 3),
         ("Tolerancias:", 152, 125, 0, 3), ("S/DIN", 172, 125, 0, 3)],
        [(100, 100, 150, 110), (150, 100, 180, 110), (180, 100, 198, 118), (198, 100, 250, 110),
         (100, 110, 150, 120), (100, 120, 150, 130), (150, 120, 200, 130)])
    assert "drawing_number" not in eth and eth["revision"] == "1.1" and eth["size"] == "A4" and eth["date"] == "27.11.2023"
    assert eth["general_tolerance"] == "S/DIN"


def test_a_name_over_the_title_cell_a_headline_under_an_unknown_label_and_the_projection_over_the_views() -> None:
    """ASME Y14.1's name cell sits right on the title's cell, under a row of notes: its name is the company. A block
    with no title label names its drawing in its largest text, even under a label of no field (``Project:``). A
    projection method printed outside the block, over the views, is the sheet's. A label naming the drawing
    (``Drawing.No.``) keeps a value of the form ``1/1`` as the drawing's number."""
    asme = block(
        [("DO NOT SCALE DRAWING", 202, 106, 0, 2.5), ("REVISION", 262, 106, 0, 2.5), ("Northwind Racing", 204, 116, 0, 5),
         ("TITLE:", 202, 124, 0, 2.5), ("BRACKET ARM", 210, 132, 0, 8), ("DWG NO.", 202, 144, 0, 2.5), ("2", 230, 150, 0, 8),
         ("SCALE: 1:5", 202, 162, 0, 2.5), ("SHEET 2 OF 5", 252, 162, 0, 2.5),
         ("DRAWN", 102, 106, 0, 2.5), ("C. Lee", 122, 106, 0, 3), ("DATE", 152, 106, 0, 2.5), ("12/10/22", 162, 106, 0, 3)],
        [(200, 100, 260, 110), (260, 100, 300, 110), (200, 110, 300, 120), (200, 120, 300, 140), (200, 140, 300, 158),
         (200, 158, 300, 166), (100, 100, 150, 110), (150, 100, 200, 110)])
    assert asme["company"] == "Northwind Racing" and asme["title"] == "BRACKET ARM" and asme["drawing_number"] == "2"
    project = block(
        [("Project:", 102, 104, 0, 3), ("PUMP HOUSING PCB", 106, 112, 0, 7), ("Rev:", 102, 124, 0, 3), ("1.1", 112, 124, 0, 3),
         ("Date:", 152, 124, 0, 3), ("27.11.2023", 162, 124, 0, 3), ("Drawn by:", 102, 132, 0, 3), ("J. Roe", 122, 132, 0, 3)],
        [(100, 100, 200, 120), (100, 120, 150, 128), (150, 120, 200, 128), (100, 128, 200, 136)])
    assert project["title"] == "PUMP HOUSING PCB" and project["revision"] == "1.1" and project["date"] == "27.11.2023"
    numbered = block(
        [("Scale", 102, 104, 0, 3), ("1:1", 104, 112, 0, 4), ("Title", 142, 104, 0, 3), ("MIC BODY", 144, 112, 0, 4),
         ("Drawing.No.: 1/1", 102, 124, 0, 3), ("Date", 142, 124, 0, 3), ("07.02.2022", 144, 130, 0, 3)],
        [(100, 100, 140, 118), (140, 100, 200, 118), (100, 118, 140, 136), (140, 118, 200, 136)])
    assert numbered["drawing_number"] == "1/1" and "sheet_number" not in numbered and "sheet_count" not in numbered
    sheet = make_sheet(text=[("THIRD ANGLE PROJECTION", 150, 20, 0, 8), ("TITLE", 102, 106, 0, 3), ("SHAFT", 104, 114, 0, 5),
                             ("SCALE", 162, 106, 0, 3), ("1:2", 164, 114, 0, 5), ("DWG NO.", 202, 106, 0, 3), ("S-100", 204, 114, 0, 5)],
                       rects=[(100, 100, 160, 120), (160, 100, 200, 120), (200, 100, 250, 120)])
    tb = find_title_block(sheet, TitleBlockSettings(), ())
    assert tb is not None and tb.fields["projection"].value == "THIRD ANGLE PROJECTION"
    assert tb.fields["projection"].evidence == "sheet" and tb.fields["title"].value == "SHAFT"


def test_a_short_code_alone_in_the_cell_after_the_drawing_number_is_its_revision() -> None:
    """An ASME Y14.1 row printed without its labels (``B | | NW-55120 | C``): the code alone in the cell right after
    the drawing number's, in the same row, is the revision; a sheet size there (``A3``) is none, nor is a code in a
    cell of the next row."""
    base = [("TITLE", 102, 104, 0, 2.5), ("IDLER SHAFT", 104, 114, 0, 6), ("SCALE 2:1", 102, 142, 0, 3),
            ("SHEET 1 OF 1", 162, 142, 0, 3)]
    rects = [(100, 100, 240, 120), (100, 120, 115, 136), (115, 120, 140, 136), (140, 120, 210, 136), (210, 120, 240, 136),
             (100, 136, 160, 146), (160, 136, 240, 146)]
    got = block([*base, ("B", 104, 132, 0, 8), ("NW-55120", 144, 132, 0, 5), ("C", 214, 132, 0, 5)], rects)
    assert got["drawing_number"] == "NW-55120" and got["revision"] == "C"
    sized = block([*base, ("NW-55120", 144, 132, 0, 5), ("A3", 214, 132, 0, 5)], rects)
    assert sized["drawing_number"] == "NW-55120" and "revision" not in sized


def test_a_cyrillic_label_read_with_latin_twins_is_still_its_label() -> None:
    # drawn text read as shapes may give a Russian label's letters that look alike in Latin (Масса as "Macca"):
    # labels and the text matched against them are compared with those letters folded
    assert match_texts(["Macca"]) == ("weight", 1, "")
    assert match_texts(["MACШTAБ"]) == ("scale", 1, "")
    assert match_texts(["Масса"]) == ("weight", 1, "") and match_texts(["SCALE"]) == ("scale", 1, "")
    assert match_texts(["Маса"]) is None


def test_a_size_letter_alone_in_the_first_cell_of_the_drawing_number_s_row_is_the_sheet_size() -> None:
    """The same unlabelled ASME row (``B | | NW-55120 | C``): the letter of ASME's size series alone in a cell before
    the drawing number's, in its row, is the sheet size; not a letter outside the series, nor one in another row,
    nor one with other text between it and the number."""
    base = [("TITLE", 102, 104, 0, 2.5), ("IDLER SHAFT", 104, 114, 0, 6), ("SCALE 2:1", 102, 142, 0, 3),
            ("SHEET 1 OF 1", 162, 142, 0, 3), ("NW-55120", 144, 132, 0, 5), ("C", 214, 132, 0, 5)]
    rects = [(100, 100, 240, 120), (100, 120, 115, 136), (115, 120, 140, 136), (140, 120, 210, 136), (210, 120, 240, 136),
             (100, 136, 160, 146), (160, 136, 240, 146)]
    assert block([*base, ("B", 104, 132, 0, 8)], rects).get("size") == "B"
    assert "size" not in block([*base, ("Q", 104, 132, 0, 8)], rects)
    assert "size" not in block([*base, ("B", 104, 132, 0, 8), ("1AB45", 118, 132, 0, 4)], rects)
    assert "size" not in block([*base[:2], ("SHEET 1 OF 1", 162, 142, 0, 3), ("NW-55120", 144, 132, 0, 5),
                                ("B", 104, 143, 0, 3)], rects)


def test_a_number_alone_between_the_scale_and_the_sheet_under_the_number_s_row_is_the_weight() -> None:
    """ASME Y14.1's row under the drawing number's is SCALE | WEIGHT | SHEET; FreeCAD's ANSI blocks print it without
    labels: a number alone in the cell between the scale's and the sheet's is the weight; not one elsewhere in
    the block, nor one sharing its cell with other text."""
    base = [("TITLE", 102, 104, 0, 2.5), ("IDLER SHAFT", 104, 114, 0, 6), ("NW-55120", 144, 132, 0, 5), ("C", 214, 132, 0, 5),
            ("B", 104, 132, 0, 8), ("SCALE 2:1", 102, 143, 0, 3), ("SHEET 1 OF 1", 180, 143, 0, 3)]
    rects = [(100, 100, 240, 120), (100, 120, 115, 136), (115, 120, 140, 136), (140, 120, 210, 136), (210, 120, 240, 136),
             (100, 136, 140, 146), (140, 136, 175, 146), (175, 136, 240, 146)]
    got = block([*base, ("0.19", 145, 143, 0, 3)], rects)
    assert got.get("weight") == "0.19" and got.get("scale") == "2:1" and got.get("sheet_number") == "1", got
    assert "weight" not in block([*base, ("0.19", 150, 104, 0, 3)], rects)
    assert "weight" not in block([*base, ("0.19", 145, 143, 0, 3), ("REF", 160, 143, 0, 3)], rects)


def test_a_header_cell_on_the_block_s_bottom_row_takes_no_value_from_the_margin_below() -> None:
    # a Sony-style block: the approvals' header cells on its bottom row, empty; under the block only the strip between
    # it and the page's edge (a rectangle round the page), as wide as the sheet, with the template's print code in it
    got = block(
        [("SIZE", 502, 504, 0, 3), ("A3", 504, 516, 0, 8), ("DESCRIPTION", 602, 504, 0, 3), ("Main Board", 604, 516, 0, 8),
         ("PLANNED BY", 452, 524, 0, 4), ("CHECKED BY", 502, 524, 0, 4), ("APPROVED BY", 542, 524, 0, 4),
         ("SHEET", 602, 524, 0, 3), ("1/8", 640, 542, 0, 5), ("A3 '15.12", 30, 568, 0, 5)],
        [(0, 0, 842, 595), (450, 500, 500, 520), (500, 500, 600, 520), (600, 500, 700, 520), (450, 520, 500, 550),
         (500, 520, 540, 550), (540, 520, 580, 550), (580, 520, 700, 550)],
    )
    assert got.get("title") == "Main Board" and got.get("size") == "A3" and got.get("sheet_count") == "8", got
    assert not any("15.12" in v for v in got.values()), got


def test_ruled_panels_of_one_width_stacked_in_a_column_are_one_block_and_czech_labels() -> None:
    # a Czech construction set's block: the designer's panel (names) over the project's panel (what the drawing is,
    # its date and its number), two ruled boxes of one width with a gap between them
    got = block(
        [("Vypracoval:", 402, 406, 0, 3), ("Ing. Jan Novák", 452, 406, 0, 4), ("Schválil:", 402, 416, 0, 3),
         ("Ing. Petr Malý", 452, 416, 0, 4),
         ("Akce:", 402, 446, 0, 3), ("Most přes potok", 440, 446, 0, 6), ("Příloha:", 402, 466, 0, 3), ("VÝKOPOVÝ PLÁN", 440, 466, 0, 6),
         ("Datum", 552, 443, 0, 3), ("2/2025", 556, 451, 0, 5), ("Č. přílohy", 552, 459, 0, 3), ("2", 566, 470, 0, 8)],
        [(400, 400, 600, 420), (400, 400, 500, 410), (500, 400, 600, 410), (400, 410, 500, 420), (500, 410, 600, 420),
         (400, 440, 600, 475), (400, 440, 550, 475), (550, 440, 600, 455), (550, 455, 600, 475)],
    )
    assert got.get("title") == "VÝKOPOVÝ PLÁN" and got.get("drawing_number") == "2" and got.get("date") == "2/2025", got
    assert got.get("drawn_by") == "Ing. Jan Novák" and got.get("approved_by") == "Ing. Petr Malý", got


def test_a_chinese_eda_block_names_its_version_size_and_page_of_pages() -> None:
    # EasyEDA Pro's block: 原理图 (the schematic's name) and 绘制 (drawn) beside their values, 尺寸 (size) over its
    # value, and "页 1 共 1" (page 1, 1 in all) in one row of cells. 版本 (version) is no revision label: on a
    # GB/T block drawn as shapes its empty cell took a number from the cell below
    got = block(
        [("原理图", 102, 106, 0, 4), ("AM32_V203F8U6", 150, 107, 0, 5), ("绘制", 102, 118, 0, 4), ("Lee", 150, 118, 0, 4),
         ("版本", 202, 128, 0, 4), ("V1.0", 202, 138, 0, 4), ("尺寸", 242, 128, 0, 4), ("A4", 244, 138, 0, 4),
         ("页", 282, 132, 0, 4), ("1", 302, 132, 0, 4), ("共", 322, 132, 0, 4), ("1", 342, 132, 0, 4)],
        [(100, 100, 360, 110), (100, 110, 360, 120), (200, 120, 240, 142),
         (240, 120, 280, 142), (280, 120, 320, 142), (320, 120, 360, 142)],
    )
    assert got.get("title") == "AM32_V203F8U6" and got.get("size") == "A4", got
    assert got.get("sheet_number") == "1" and got.get("sheet_count") == "1" and got.get("drawn_by") == "Lee", got


def test_a_code_beside_the_block_is_no_drawing_number() -> None:
    # a part's name on the sheet just under the block's rule reads like a number (capitals, figures, an underscore),
    # but stands outside the block: the block's own DWG NO cell is empty
    got = block(
        [("TITLE", 102, 106, 0, 3), ("PLATE", 104, 116, 0, 5), ("DWG NO", 162, 106, 0, 3), ("DATE", 102, 126, 0, 3),
         ("2021-09-16", 104, 136, 0, 4), ("SCALE", 162, 126, 0, 3), ("1:2", 164, 136, 0, 4), ("GEAR3_36T", 120, 146, 0, 5)],
        [(100, 100, 160, 120), (160, 100, 220, 120), (100, 120, 160, 140), (160, 120, 220, 140)],
    )
    assert got.get("title") == "PLATE" and got.get("scale") == "1:2" and "drawing_number" not in got, got


def test_a_gb_block_drawn_as_outlines_reads_in_chinese() -> None:
    """A GB/T 10609.1 block whose labels and values FreeCAD drew as outlines (our own template, a tuned family):
    the Chinese labels name their fields once the hanzi are read, the sheets come from the phrase ``共 3 张 第 2 张``
    printed round two blanks, the date stands after the designer's name in the designer's row (under a header of
    the revision area above it)."""
    pdf = Path(__file__).resolve().parent.parent / "fixtures" / "cad" / "freecad" / "pdf" / "fc-gbown-a4-shaft.pdf"
    page = pdftract.analyze(pdf, analyzers=["title_block"]).page(1)
    got = {k: f.value for k, f in page.results["title_block"].fields.items()}
    assert got.get("sheet_count") == "3" and got.get("sheet_number") == "2", got
    assert got.get("date") == "2026-05-20" and got.get("scale") == "1:1", got
    assert got.get("title") == "输出轴" and got.get("company") == "江南传动设备有限公司" and got.get("material") == "45钢", got


def test_a_short_label_s_wide_value_cell_and_a_label_we_do_not_know() -> None:
    """An EDA block laid out as label cells down the left (Title | name, Task | code, Date | date): the title's cell is
    more than eight times as wide as its label's, and is still the title. ``Task`` names no field we know, but it
    stands in the column of label cells: its value is neither an unlabelled drawing number nor a title."""
    text = [("ACME SYSTEMS", 102, 107, 0, 4), ("Title", 101, 116, 0, 3), ("BOARD-X1-MAIN", 114, 116, 0, 3),
            ("Task", 101, 124, 0, 3), ("HWD-61", 114, 124, 0, 3), ("Rev", 192, 124, 0, 3), ("1.0", 207, 124, 0, 3),
            ("Date", 101, 132, 0, 3), ("Jun 29, 2023", 114, 132, 0, 3), ("Proprietary", 172, 132, 0, 3)]
    rects = [(100, 100, 230, 110), (100, 110, 112, 118), (112, 110, 230, 118), (100, 118, 112, 126), (112, 118, 190, 126),
             (190, 118, 205, 126), (205, 118, 230, 126), (100, 126, 112, 134), (112, 126, 170, 134), (170, 126, 230, 134)]
    got = block(text, rects)
    assert got.get("title") == "BOARD-X1-MAIN" and got.get("revision") == "1.0" and got.get("date") == "Jun 29, 2023", got
    assert "drawing_number" not in got, got


def test_labels_printed_in_two_languages_name_their_field() -> None:
    """A Japanese maker's block labels each cell twice, joined by a slash (``品名/Title``, ``型番/Product number``,
    ``作成日/Date``): both halves name one field. Halves naming two fields, or single letters (``P/N``), are read as
    before."""
    assert match_texts(["品名/Title"]) == ("title", 1, "")
    assert match_texts(["型番/Product", "number"]) == ("part_number", 2, "")
    assert match_texts(["作成日/Date"])[0] == "date" and match_texts(["P/N"])[0] == "part_number"
    assert match_texts(["DRAWN/DATE"]) is None
    got = block(
        [("品名/Title", 102, 106, 0, 3), ("ケース", 110, 116, 0, 5), ("型番/Product number", 202, 106, 0, 3),
         ("TW5-4-7", 210, 116, 0, 5), ("尺度/Scale", 102, 126, 0, 3), ("1:1", 110, 134, 0, 4),
         ("作成日/Date", 202, 126, 0, 3), ("2017/07/20", 210, 134, 0, 4)],
        [(100, 100, 200, 120), (200, 100, 300, 120), (100, 120, 200, 140), (200, 120, 300, 140)],
    )
    assert got == {"title": "ケース", "part_number": "TW5-4-7", "scale": "1:1", "date": "2017/07/20"}, got


def test_a_chinese_block_s_full_width_colons_run_in_labels_and_centred_values() -> None:
    """A Chinese supplier's block: labels end in the full-width colon (``日期：``), one label runs into the words that
    qualify it (``品名叙述：``, the product's name and description), and the values stand centred in the cells
    right of their labels, label under label and value under value (not a row of column headers)."""
    assert match_texts(["日期：", "2023.02.18"]) == ("date", 1, "")
    assert match_texts(["品名叙述："]) == ("title", 1, "")
    assert match_texts(["品名叙述"]) is None  # (run-in only with the colon closing the whole)
    assert match_texts(["版本："]) == ("revision", 1, "") and match_texts(["版本"]) is None
    got = block(
        [("材质", 104, 106, 0, 4), ("AL", 148, 106, 0, 4), ("颜色", 104, 124, 0, 4), ("阳极氧化黑色", 136, 124, 0, 4),
         ("比例", 104, 142, 0, 4), ("1:1", 148, 142, 0, 4), ("品名叙述：", 182, 104, 0, 4),
         ("K5max-US-固定轴铝板", 200, 114, 0, 5),
         ("日期：", 302, 106, 0, 4), ("2023.02.18", 318, 106, 0, 4)],
        [(100, 100, 125, 118), (125, 100, 180, 118), (100, 118, 125, 136), (125, 118, 180, 136), (100, 136, 125, 154),
         (125, 136, 180, 154), (180, 100, 300, 136), (300, 100, 380, 118)],
    )
    assert got == {"material": "AL", "finish": "阳极氧化黑色", "scale": "1:1", "title": "K5max-US-固定轴铝板",
                   "date": "2023.02.18"}, got


def test_the_number_sign_before_a_spanish_label() -> None:
    """``Nº Revisión`` and ``N° Folio`` (the number sign first, as Spanish, French and Italian write it) are the
    revision and the sheet, as ``Revisión`` and ``Folio`` alone are; ``Nº Plano`` names nothing by itself (a plan's
    number may be the drawing's or the part's), and an English ``No.`` first is not turned round (``No. of sheets``
    counts)."""
    assert match_texts(["Nº", "Revisión"]) == ("revision", 2, "")
    assert match_texts(["N°", "Folio"]) == ("sheet", 2, "")
    assert match_texts(["Nº", "Plano"]) is None
    assert match_texts(["No.", "Sheet"]) is None
    got = block(
        [("Nº Revisión", 182, 104, 0, 3), ("2", 212, 110, 0, 4), ("Escala", 102, 104, 0, 3), ("1:1", 110, 110, 0, 4),
         ("Tratamiento", 102, 124, 0, 3), ("TRANSPARENTE", 110, 130, 0, 4)],
        [(100, 100, 180, 118), (180, 100, 220, 118), (100, 118, 220, 136)],
    )
    assert got == {"revision": "2", "scale": "1:1", "finish": "TRANSPARENTE"}, got


def test_sheet_of_with_the_figures_under_the_label_s_line() -> None:
    """Altium's block prints ``SHEET:`` and its ``OF`` small at the cell's top and the figures large below them:
    the figure before the ``OF`` is the sheet's number, the one after it the count. ``FILE NAME`` is one label."""
    got = block(
        [("SIZE:", 102, 102, 0, 2), ("B", 106, 108, 0, 6), ("SCALE:", 122, 102, 0, 2), ("1:1", 126, 108, 0, 4),
         ("SHEET:", 152, 102, 0, 2), ("OF", 168, 102, 0, 2), ("1", 160, 109, 0, 5), ("4", 180, 109, 0, 5),
         ("FILE NAME:", 202, 102, 0, 2), ("board.PCBDwf", 206, 109, 0, 4)],
        [(100, 100, 120, 116), (120, 100, 150, 116), (150, 100, 200, 116), (200, 100, 260, 116)],
    )
    assert got == {"size": "B", "scale": "1:1", "sheet_number": "1", "sheet_count": "4"}, got


def test_a_dotted_abbreviation_with_a_letter_left_unread_is_one_word_of_the_label() -> None:
    """A 1989 catalogue drawing in strokes: ``Zchn.Nr:`` (Zeichnungsnummer) with its ``n`` unread reads
    ``Zch�.Nr:``. The two abbreviations written together are split with the unread letter in them, the label the
    letters read can only be is taken, and it takes its one word, not the value after it as well."""
    assert match_texts(["Zchn.Nr:", "3G"]) == ("drawing_number", 1, "")
    assert match_texts(["Zch\ufffd.Nr:", "3G"]) == ("drawing_number", 1, "")


def test_a_title_column_of_panels_ruled_across_is_one_block_and_its_sheet_code_the_number() -> None:
    # an architectural sheet's title column at the frame's right edge: panels ruled across, no rule down their
    # open side (a line of the drawing stands far left of it), one label each; the sheet's code set as the
    # block's largest text under the sheet's "number of count"
    text = [("PROGETTO:", 702, 108, 0, 5), ("VILLA NUOVA", 712, 122, 0, 8),
            ("OGGETTO:", 702, 148, 0, 5), ("PIANTA", 722, 162, 0, 6),
            ("NOME FILE:", 702, 188, 0, 5), ("pianta.dwg", 722, 202, 0, 6),
            ("TAVOLA NO.:", 702, 228, 0, 5), ("1 DI 3", 772, 228, 0, 5), ("A101", 712, 270, 0, 24),
            ("DATA:", 702, 292, 0, 5), ("2017/07/18", 730, 292, 0, 5), ("SCALA:", 702, 300, 0, 5), ("1:50", 730, 300, 0, 5)]
    lines = [(700, y, 800, y) for y in (100, 140, 180, 220, 305)] + [(800, 20, 800, 575), (500, 50, 500, 550)]
    tb = find_title_block(make_sheet(text=text, lines=lines), TitleBlockSettings(), ())
    assert tb is not None
    got = {k: f.value for k, f in tb.fields.items()}
    assert got.get("title") == "PIANTA" and got.get("drawing_number") == "A101", got
    assert got.get("sheet_number") == "1" and got.get("sheet_count") == "3" and got.get("scale") == "1:50", got
    assert got.get("date") == "2017/07/18", got
    assert tb.bbox.x0 >= 690, tb.bbox  # the block ends where its rules do, not at the drawing's line


def test_letter_spaced_chinese_labels_and_a_zone_mark_under_an_empty_number_cell() -> None:
    # a GB/T 10609.1 block whose labels are spread over their cells one character a word (材 料, 比 例); the drawing
    # number's cell (图 号) is empty and the frame's zone figure stands in the margin strip under the block
    got = block(
        [("材", 402, 106, 0, 4), ("料", 408, 106, 0, 4), ("7075", 420, 120, 0, 5),
         ("比", 452, 108, 0, 4), ("例", 458, 108, 0, 4), ("1:1", 476, 108, 0, 5),
         ("单", 452, 124, 0, 4), ("位", 458, 124, 0, 4), ("mm", 476, 124, 0, 5),
         ("图", 502, 106, 0, 4), ("号", 508, 106, 0, 4), ("名", 552, 106, 0, 4), ("称", 558, 106, 0, 4),
         ("JXS-01-01", 570, 122, 0, 8), ("8", 520, 142, 0, 6)],
        [(400, 100, 450, 130), (450, 100, 470, 118), (470, 100, 500, 118), (450, 118, 470, 130), (470, 118, 500, 130),
         (500, 100, 550, 130), (550, 100, 650, 130), (500, 130, 600, 148)],
    )
    assert got.get("material") == "7075" and got.get("scale") == "1:1" and got.get("units") == "mm", got
    assert got.get("title") == "JXS-01-01" and "drawing_number" not in got, got


def test_iso_7200_and_easyeda_labels_name_no_company_and_a_created_label_over_a_date_is_the_date() -> None:
    # ISO 7200's "Responsible dep." and "Technical reference" cells are labels of no field; "Created" names who made
    # the drawing, or when where its value is a date; EasyEDA's "Schematic" and "Board" name documents, and their
    # values in the next cell are theirs, no company; its "Page 1 Total 1" is a sheet count
    got = block(
        [("Responsible dep.", 102, 106, 0, 3), ("Ketturi Electronics", 104, 116, 0, 4), ("Technical reference", 182, 106, 0, 3),
         ("Created", 252, 106, 0, 3), ("Henri Keinonen", 254, 116, 0, 4),
         ("Title", 102, 126, 0, 3), ("GSM lock system", 104, 136, 0, 5), ("Date of issue", 252, 126, 0, 3),
         ("01.11.15", 254, 136, 0, 4)],
        [(100, 100, 180, 120), (180, 100, 250, 120), (250, 100, 330, 120), (100, 120, 250, 140), (250, 120, 330, 140)],
    )
    assert "company" not in got and got.get("drawn_by") == "Henri Keinonen" and got.get("title") == "GSM lock system", got
    got = block(
        [("Schematic", 102, 108, 0, 4), ("Schematic1", 202, 108, 0, 4), ("Board", 102, 118, 0, 4), ("Board1", 202, 118, 0, 4),
         ("Version", 102, 128, 0, 4), ("V1.0", 152, 128, 0, 4), ("Size", 182, 128, 0, 4), ("A4", 212, 128, 0, 4),
         ("Page 1 Total 1", 232, 128, 0, 4), ("Created:", 102, 138, 0, 4), ("2026-04-02", 152, 138, 0, 4)],
        [(100, 100, 150, 111), (150, 100, 300, 111), (100, 111, 150, 121), (150, 111, 300, 121), (100, 121, 150, 131),
         (150, 121, 180, 131), (180, 121, 230, 131), (230, 121, 300, 131), (100, 131, 150, 141), (150, 131, 300, 141)],
    )
    assert "company" not in got and got.get("sheet_number") == "1" and got.get("sheet_count") == "1", got
    assert got.get("date") == "2026-04-02", got


def test_a_date_with_the_drafter_s_initials_after_it_is_the_date() -> None:
    got = block([("Datum", 102, 106, 0, 3), ("09.03.89 SM", 104, 116, 0, 4), ("Zeichnungsnummer", 152, 106, 0, 3),
                 ("3G 5070.030.01", 154, 116, 0, 4)], [(100, 100, 150, 120), (150, 100, 230, 120)])
    assert got.get("date") == "09.03.89", got


def test_a_cjk_label_after_a_value_on_its_row_ends_it_and_a_bare_italian_tavola_is_a_name() -> None:
    # GB block: "比例 | 不按比例 | 图 幅 | A1" on one row without colons: the letter-spaced 图 幅 is the next cell's
    # label, not more of the scale; "Tavola Mozzo" (a hub plate) in a drawing-number cell names the part, no sheet
    got = block([("比例", 102, 106, 0, 4), ("不按比例", 110, 106, 0, 4), ("图", 122, 106, 0, 4), ("幅", 128, 106, 0, 4),
                  ("A1", 136, 106, 0, 4), ("图号", 102, 118, 0, 4), ("CSU-0103", 122, 118, 0, 4)],
                 [(100, 100, 200, 110), (100, 110, 200, 122)])
    assert got.get("scale") == "不按比例" and got.get("size") == "A1", got
    got = block([("DWG NO.", 102, 106, 0, 3), ("Tavola Mozzo", 120, 112, 0, 8), ("SCALE", 182, 106, 0, 3), ("1:5", 184, 116, 0, 4)],
                [(100, 100, 180, 120), (180, 100, 220, 120)])
    assert got.get("drawing_number") == "Tavola Mozzo" and "title" not in got and "sheet_number" not in got, got


def test_a_page_label_under_a_file_label_in_one_cell_is_the_sheet() -> None:
    # gEDA's title block: "FILE: name" over "PAGE 3 OF 23" in one cell, its figures apart from the label; a label
    # followed on its row by a value of its field's form is a field of its own, not more of the text above it
    got = block(
        [("TITLE", 102, 96, 0, 3), ("PPM Core", 120, 94, 0, 8),
         ("FILE:", 102, 110, 0, 3), ("03-mcu-core.sch", 115, 110, 0, 3), ("PAGE", 102, 124, 0, 3), ("3", 118, 124, 0, 5),
         ("OF", 160, 124, 0, 3), ("23", 170, 124, 0, 5),
         ("REVISION:", 252, 110, 0, 3), ("2.2", 290, 110, 0, 3), ("DRAWN BY:", 252, 124, 0, 3), ("B. Worley", 290, 124, 0, 3)],
        [(100, 80, 400, 100), (100, 100, 250, 130), (250, 100, 400, 130)],
    )
    assert (got.get("sheet_number"), got.get("sheet_count")) == ("3", "23"), got
    assert got.get("title") == "PPM Core" and got.get("revision") == "2.2", got


def test_a_zone_mark_under_the_block_s_bottom_row_is_no_weight_and_italian_and_spanish_labels() -> None:
    # an empty "PESO:" at the foot of an Italian block whose bottom rule is the frame's zone strip ("4 3 2 1" in cells
    # under it): the "3" under it is a zone mark, no weight; "N. DISEGNO" heads the drawing number, "QUOTE IN
    # MILLIMETRI" states the units
    got = block(
        [("SE NON SPECIFICATO: QUOTE IN MILLIMETRI", 102, 106, 0, 3), ("TITOLO:", 202, 106, 0, 3), ("Shaft", 220, 118, 0, 6),
         ("N. DISEGNO", 202, 136, 0, 3), ("P-Shaft", 240, 138, 0, 8), ("PESO:", 102, 146, 0, 3), ("SCALA 5:1", 202, 146, 0, 3),
         ("FOGLIO 1 DI 1", 262, 146, 0, 3),
         ("4", 60, 158, 0, 6), ("3", 120, 158, 0, 6), ("2", 220, 158, 0, 6), ("1", 300, 158, 0, 6)],
        [(100, 100, 200, 140), (200, 100, 320, 128), (200, 128, 320, 140), (100, 140, 200, 150), (200, 140, 260, 150),
         (260, 140, 320, 150), (20, 150, 100, 162), (100, 150, 200, 162), (200, 150, 260, 162), (260, 150, 340, 162)],
    )
    assert "weight" not in got and got.get("drawing_number") == "P-Shaft" and got.get("units") == "MILLIMETRI", got
    # Spanish: "PARTE" names the part (the title), "TOLERANCIA SEGÚN" the general tolerance, an empty "ACABADO GENERAL"
    # is the finish's label, "GENERAL" no finish
    got = block(
        [("MATERIAL", 102, 106, 0, 3), ("ABS", 110, 116, 0, 5), ("ACABADO GENERAL", 102, 126, 0, 3),
         ("TOLERANCIA SEGÚN", 102, 140, 0, 3), ("INTE ISO 2768", 110, 148, 0, 3),
         ("PARTE", 202, 106, 0, 3), ("acople de servos", 210, 120, 0, 6), ("ESCALA", 202, 140, 0, 3), ("1 : 2", 210, 148, 0, 5)],
        [(100, 100, 200, 120), (100, 120, 200, 132), (100, 132, 200, 152), (200, 100, 320, 132), (200, 132, 320, 152)],
    )
    assert got.get("title") == "acople de servos" and got.get("general_tolerance") == "INTE ISO 2768", got
    assert "finish" not in got, got
    # "Parte" starting a longer label ("Parte del ensamble: MET-PME-01", the assembly's number) names no title
    assert match_texts(["Parte", "del", "ensamble:", "MET-PME-01"]) is None or \
        match_texts(["Parte", "del", "ensamble:", "MET-PME-01"])[0] != "title"
    assert match_texts(["PARTE"]) is not None and match_texts(["PARTE"])[0] == "title"


def test_the_drafter_s_name_over_the_approvals_grid_is_no_company() -> None:
    # Onshape's block prints the drafter's name in the top row of the approvals grid and again, in capitals, beside
    # DRAWN: a person, not a company
    got = block(
        [("Lucas Pombo", 222, 106, 0, 3), ("DATE", 302, 106, 0, 3), ("DRAWN", 202, 116, 0, 3), ("LUCAS POMBO", 232, 116, 0, 2.5),
         ("11/19/2020", 302, 116, 0, 3), ("CHECKED", 202, 126, 0, 3), ("TITLE", 342, 116, 0, 3), ("Car", 360, 126, 0, 6),
         ("SCALE", 342, 146, 0, 3), ("1:1", 360, 146, 0, 4), ("SHEET", 382, 146, 0, 3), ("1 of 1", 400, 146, 0, 4)],
        [(200, 100, 220, 110), (220, 100, 300, 110), (300, 100, 340, 110), (200, 110, 220, 120), (220, 110, 300, 120),
         (300, 110, 340, 120), (200, 120, 220, 130), (220, 120, 300, 130), (300, 120, 340, 130), (340, 110, 440, 140),
         (340, 140, 380, 150), (380, 140, 440, 150)],
    )
    assert "company" not in got and got.get("drawn_by") == "LUCAS POMBO", got
