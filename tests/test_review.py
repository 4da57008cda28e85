"""Confidence on results and the page review: TEXT_AS_GRAPHICS, NO_TITLE_BLOCK, LOW_CONFIDENCE, and the
batch status PARTIAL they give a document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pdftract
from pdftract.analyzers.review import MIN_SHAPES, glyph_sized_shapes, review_page
from pdftract.analyzers.tables import find_tables, TableSettings
from pdftract.analyzers.title_block import TitleBlockSettings, find_title_block
from pdftract.errors import Code
from pdftract.pipeline import Pipeline
from pdftract.testing import PdfWriter, make_sheet

from .conftest import CORPUS

FRAME = [(20, 20, 822, 20), (20, 575, 822, 575), (20, 20, 20, 575), (822, 20, 822, 575)]


def _strokes(n: int, x0: float = 100.0, y0: float = 100.0) -> list[tuple[float, float, float, float]]:
    """``n`` short strokes laid out in rows like stroked lettering (6 pt tall, 5 pt apart)."""
    out = []
    for i in range(n):
        x = x0 + (i % 100) * 5.0
        y = y0 + (i // 100) * 12.0
        out.append((x, y, x + 2.0, y + 6.0))
    return out


def _codes(sheet: pdftract.Sheet) -> list[str]:
    return [d.code.value for d in sheet.diagnostics if d.analyzer == "review"]


def test_text_drawn_as_strokes_is_said() -> None:
    drawn = make_sheet(lines=_strokes(400))
    assert glyph_sized_shapes(drawn.paths) == 400
    out = Pipeline().run(drawn)
    assert "TEXT_AS_GRAPHICS" in _codes(out) and out.results["review"]["text_as_graphics"]
    (d,) = [d for d in out.diagnostics if d.code is Code.TEXT_AS_GRAPHICS]
    assert dict(d.context)["shapes"] == 400 and dict(d.context)["visible_chars"] == 0


def test_a_page_with_its_text_layer_is_not_text_as_graphics() -> None:
    # the same strokes beside as many real characters as a dense drawing has: arrowheads and ticks, not text
    text = [(f"DIMENSION {i:03d}", 100, 300 + 12 * (i % 20)) for i in range(40)]
    out = Pipeline().run(make_sheet(lines=_strokes(400), text=text))
    assert "TEXT_AS_GRAPHICS" not in _codes(out)


def test_few_shapes_never_count_as_drawn_text() -> None:
    out = Pipeline().run(make_sheet(lines=_strokes(MIN_SHAPES - 1)))
    assert "TEXT_AS_GRAPHICS" not in _codes(out)


#: the linework of a part: 210 hatch lines of a section (each longer than a glyph)
PART = [(300 + 2 * k, 200, 340 + 2 * k, 260) for k in range(210)]


def test_a_frame_without_a_title_block_is_said() -> None:
    out = Pipeline().run(make_sheet(lines=FRAME + PART, text=[("SECTION A-A", 300, 300)]))
    assert _codes(out) == ["NO_TITLE_BLOCK"]
    # no frame: a sketch or a manual page is not expected to carry a title block
    assert _codes(Pipeline().run(make_sheet(lines=PART, text=[("SECTION A-A", 300, 300)]))) == []
    # a frame round a page with no drawing in it (a manual's bordered cover) is no sheet either
    assert _codes(Pipeline().run(make_sheet(lines=FRAME, text=[("USER MANUAL", 300, 300)]))) == []


def _block(scale: str, dx: float = 0.0, dy: float = 0.0) -> pdftract.Sheet:
    return make_sheet(
        text=[("DWG NO", 602 + dx, 506 + dy, 0, 3), ("A-100", 604 + dx, 516 + dy, 0, 5), ("REV", 652 + dx, 506 + dy, 0, 3),
              ("B", 654 + dx, 516 + dy, 0, 5), ("SCALE", 682 + dx, 506 + dy, 0, 3), (scale, 684 + dx, 516 + dy, 0, 5)],
        rects=[(600 + dx, 500 + dy, 650 + dx, 520 + dy), (650 + dx, 500 + dy, 680 + dx, 520 + dy),
               (680 + dx, 500 + dy, 760 + dx, 520 + dy)],
        lines=[(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in FRAME])


def test_field_confidence_follows_the_evidence_and_the_form() -> None:
    good = find_title_block(_block("1:2"), TitleBlockSettings(), ())
    assert good is not None
    assert {k: f.confidence for k, f in good.fields.items()} == {"drawing_number": 0.9, "revision": 0.9, "scale": 0.9}
    assert {f.evidence for f in good.fields.values()} == {"cell"}
    bad = find_title_block(_block("STEEL PLATE GRADE S235JR"), TitleBlockSettings(), ())
    assert bad is not None and bad.fields["scale"].confidence < 0.5 <= bad.fields["revision"].confidence
    out = Pipeline().run(_block("STEEL PLATE GRADE S235JR"))
    (low,) = [d for d in out.diagnostics if d.code is Code.LOW_CONFIDENCE]
    assert dict(low.context)["title_block"] == ["scale"]
    assert "LOW_CONFIDENCE" not in _codes(Pipeline().run(_block("1:2")))


def test_confidence_does_not_depend_on_where_the_block_sits() -> None:
    base = find_title_block(_block("1:2"), TitleBlockSettings(), ())
    moved = find_title_block(_block("1:2", dx=-500.0, dy=-400.0), TitleBlockSettings(), ())
    assert base is not None and moved is not None
    assert {k: (f.value, f.confidence) for k, f in base.fields.items()} == {k: (f.value, f.confidence) for k, f in moved.fields.items()}


def test_every_result_in_the_json_carries_a_confidence(demo_pdf: Path) -> None:
    page = pdftract.analyze(demo_pdf).to_dict()["pages"][0]
    assert page["title_block"]["fields"]
    for f in page["title_block"]["fields"].values():
        assert 0.0 <= f["confidence"] <= 1.0 and f["evidence"]
    for key in ("tables", "dimensions", "gdt_frames"):
        for item in page.get(key) or []:
            assert 0.0 <= item["confidence"] <= 1.0, (key, item)
    assert page["dimensions"] and page["tables"]


def test_table_confidence_drops_when_a_rule_runs_through_words() -> None:
    def sheet(split: bool) -> pdftract.Sheet:
        xs = [100, 150, 300, 340] if not split else [100, 150, 205, 300, 340]
        ys = [100, 115, 130, 145]
        lines = [(xs[0], y, xs[-1], y) for y in ys] + [(x, ys[0], x, ys[-1]) for x in xs]
        text = [("ITEM", 102, 111), ("DESCRIPTION", 152, 111), ("QTY", 302, 111),
                ("1", 102, 126), ("HEX BOLT M6X20", 152, 126), ("4", 302, 126),
                ("2", 102, 141), ("WASHER M6 STEEL", 152, 141), ("8", 302, 141)]
        return make_sheet(lines=lines, text=text)

    (clean,) = find_tables(sheet(False), TableSettings())
    assert clean.confidence == 0.97
    found = find_tables(sheet(True), TableSettings())
    assert all(t.confidence < clean.confidence for t in found)


def test_a_document_with_doubts_is_partial_in_a_batch(tmp_path: Path) -> None:
    from pdftract.batch import BatchSettings, run_batch

    w = PdfWriter()
    font = w.helvetica()
    part = b" ".join(b"%d 100 m %d 140 l S" % (100 + 2 * k, 104 + 2 * k) for k in range(220))  # hatching of a section
    frame = b"20 20 802 555 re S " + part + b" BT /F1 12 Tf 300 300 Td (SECTION A-A) Tj ET"
    w.add_page(frame, media=(0, 0, 842, 595), fonts={"F1": font})
    src = tmp_path / "frame-only.pdf"
    src.write_bytes(w.tobytes())
    out = tmp_path / "out"
    run_batch([src], out, BatchSettings(workers=1, timeout=60.0))
    (rec,) = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert rec["status"] == "PARTIAL" and rec["partial_because"] == ["NO_TITLE_BLOCK"]
    assert rec["diagnostics"]["NO_TITLE_BLOCK"] == 1


@pytest.mark.corpus
@pytest.mark.parametrize(("name", "drawn"), [
    ("harness-ender3-red-wire-outlined.pdf", True),
    ("pcb-respiraworks-fab-drawing-revtable.pdf", True),
    ("sch-olimex-esp32-poe-kicad5.pdf", True),
    ("mech-odri-center-pulley-gdt.pdf", False),
    ("mech-beaglebone-blue-enclosure-rot90.pdf", False),
    ("sch-odrive-v3.5-altium.pdf", False),
])
def test_text_as_graphics_on_the_real_corpus(name: str, drawn: bool) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"{name} not in the corpus")
    sheet = pdftract.analyze(path, pages=[1]).page(1)
    # drawn text is read back at ingest (GLYPHS_RECOVERED) or said to be unread (TEXT_AS_GRAPHICS)
    recovered = any(d.code.value == "GLYPHS_RECOVERED" and "drawn as vector shapes" in d.message for d in sheet.diagnostics)
    assert ("TEXT_AS_GRAPHICS" in _codes(sheet) or recovered) is drawn
    assert review_page(sheet, None, (), (), ()).value["text_as_graphics"] is drawn


def test_held_out_confidence_means_what_it_says() -> None:
    """On the real2 corpus (held out until 2026-12-04, when its calibration was first pinned; tuned on since):
    title-block fields and dimensions at confidence >= 0.85 are right at least 9 times in 10, and every false
    table is below 0.85."""
    import importlib.util

    from .conftest import ROOT

    real2 = CORPUS.parent / "real2"
    if not real2.is_dir():
        pytest.skip(f"real2 corpus not present at {real2}")
    spec = importlib.util.spec_from_file_location("accuracy", ROOT / "benchmarks" / "accuracy.py")
    assert spec is not None and spec.loader is not None
    accuracy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(accuracy)
    expectations = json.loads((ROOT / "benchmarks" / "real2_expectations.json").read_text(encoding="utf-8"))["expectations"]
    calib: list[tuple[str, float, bool]] = []
    accuracy.score_real(expectations, real2, calibration=calib, complete_fields=True)
    for analyzer in ("title_block", "dimensions"):
        sure = [right for a, c, right in calib if a == analyzer and c >= 0.85]
        assert len(sure) >= 50 and sum(sure) / len(sure) >= 0.9, (analyzer, sum(sure), len(sure))
    assert all(c < 0.85 for a, c, right in calib if a == "tables" and not right)
