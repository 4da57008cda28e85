"""Notebook views, short reprs, the document as a sized iterable, DataFrames; the example notebook executes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import pdftract
from pdftract.testing import simple_pdf

from .conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture(scope="module")
def doc() -> pdftract.Document:
    return pdftract.analyze(FIXTURES / "demo-bracket.pdf")


def test_document_is_a_sized_iterable_of_sheets(doc: pdftract.Document) -> None:
    assert len(doc) == 1 and [s.number for s in doc] == [1]
    three = pdftract.open(simple_pdf(pages=[["A"], ["B"], ["C"]]))
    assert len(three) == 3 and [s.text for s in three] == ["A", "B", "C"]
    part = three.select([2, 3])
    assert len(part) == 2 and [s.number for s in part] == [2, 3] and "2 selected" in repr(part)
    assert part[0].number == 2 and part[-1].number == 3 and [s.number for s in three[0:2]] == [1, 2]


def test_a_result_asked_of_an_unanalysed_page_says_why() -> None:
    sheet = pdftract.open(simple_pdf(pages=[["A"]])).page(1)
    with pytest.raises(KeyError, match=r"pdftract.analyze\(\) runs the analyzers"):
        sheet.results["title_block"]
    assert "result keys here" in sheet.view("title_blok")._repr_html_()


def test_reprs_are_short(doc: pdftract.Document) -> None:
    sheet = doc.page(1)
    items: list[object] = [sheet.glyphs[0], sheet.paths[0], sheet.words[0], sheet.lines[0], doc]
    for key, value in sheet.results.items():
        if isinstance(value, tuple):
            items.extend(value)
        elif value is not None:
            items.append(value)
    tb = sheet.results["title_block"]
    items.extend(tb.fields.values())
    items.extend(sheet.results["tables"][0].cells)
    gdt = pdftract.analyze(FIXTURES / "generated" / "gdt-unicode.pdf", pages="1").page(1).results
    items.extend(gdt["gdt_frames"][:3])
    items.extend(gdt["datum_features"][:3])
    long = [r for r in map(repr, items) if len(r) > 160]
    assert long == []
    assert len(repr(sheet.results["tables"])) < 300  # was ~1,900 characters for a two-row table


def test_html_views(doc: pdftract.Document) -> None:
    sheet = doc.page(1)
    html = doc._repr_html_()
    assert "<svg" in html and "PT-1001" in html and "demo-bracket.pdf" in html
    tb_html = sheet.results["title_block"]._repr_html_()
    assert "MOUNTING BRACKET" in tb_html and "DWG NO" in tb_html and "<table" in tb_html
    table_html = sheet.results["tables"][0]._repr_html_()
    assert table_html.count("<tr>") == 3 and "HOLE Ø12 WAS Ø10" in table_html  # header + 2 rows
    dim = sheet.results["dimensions"][1]
    assert "240" in dim._repr_html_()
    view = sheet.view(dim)._repr_html_()
    assert view.count("<svg") == 1 and 'stroke="#dc2626"' in view and len(view) < 40000  # a crop, not the sheet
    every = sheet.view("dimensions")._repr_html_()
    assert every.count("<svg") == len(sheet.results["dimensions"])
    assert "no results under" in sheet.view("callouts")._repr_html_()


def test_frames(doc: pdftract.Document) -> None:
    frames = doc.to_frames()
    assert {"sheets", "diagnostics", "title_block", "tables", "dimensions", "gdt_frames", "callouts"} <= set(frames)
    sheets = frames["sheets"]
    assert list(sheets.columns[:3]) == ["file", "page", "drawing_number"]
    assert sheets.loc[0, "drawing_number"] == "PT-1001" and sheets.loc[0, "revision"] == "B"
    tables = frames["tables"]
    assert list(tables.columns[:5]) == ["file", "page", "table", "kind", "row"] and len(tables) == 2
    assert list(tables["revision"]) == ["A", "B"]
    dims = frames["dimensions"]
    assert len(dims) == len(doc.page(1).results["dimensions"])
    assert {"nominal", "upper", "lower", "x0", "top", "x1", "bottom", "confidence"} <= set(dims.columns)
    row = dims[dims["text"].str.startswith("240")].iloc[0]
    assert (row["nominal"], row["upper"], row["lower"]) == (240.0, 0.1, -0.1)
    tb = frames["title_block"].set_index("key")
    assert tb.loc["title", "value"] == "MOUNTING BRACKET"
    gdt = frames["gdt_frames"]  # empty, with its columns all the same (separate runs line up)
    assert gdt.empty and {"file", "page", "characteristic", "tolerance", "datums", "x0", "bottom"} <= set(gdt.columns)


def test_frames_of_a_page_without_results() -> None:
    frames = pdftract.open(simple_pdf(pages=[["NOTHING"]])).to_frames()
    assert len(frames["sheets"]) == 1 and frames["sheets"].loc[0, "drawing_number"] is None


def test_example_notebook_executes(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("nbclient")
    sys.path.insert(0, str(EXAMPLES))
    try:
        import make_notebook
    finally:
        sys.path.remove(str(EXAMPLES))
    shipped = nbformat.read(EXAMPLES / "notebook.ipynb", as_version=4)
    assert [c.source for c in shipped.cells] == [c.source for c in make_notebook.build().cells], \
        "docs/examples/notebook.ipynb differs from make_notebook.py: run python docs/examples/make_notebook.py"
    assert all(c.get("outputs") for c in shipped.cells if c.cell_type == "code"), "the shipped notebook is not executed"
    ran = make_notebook.execute(make_notebook.build())
    errors = [o for c in ran.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    text = json.dumps([c.outputs for c in ran.cells if c.cell_type == "code"])
    assert "PT-1001" in text and "MOUNTING BRACKET" in text and "<svg" in text
