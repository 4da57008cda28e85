"""Feature control frames and datum feature symbols (analyzers/gdt.py), and the glyph recovery they rely on."""

from __future__ import annotations

import sys

import pytest

import pdftract
from pdftract.analyzers.gdt import find_datum_features, find_frames, parse_tolerance

from .conftest import CORPUS, FIXTURES

GENERATED = FIXTURES / "generated"


def test_parse_tolerance() -> None:
    assert parse_tolerance("⌀0.05 Ⓜ") == {"value": 0.05, "diameter_zone": True, "modifiers": ["Ⓜ"], "projected": False}
    assert parse_tolerance("Ø0,02")["diameter_zone"] and parse_tolerance("Ø0,02")["value"] == 0.02
    assert parse_tolerance("0.1 Ⓟ Ⓕ")["modifiers"] == ["Ⓟ", "Ⓕ"] and parse_tolerance("0.1 Ⓟ")["projected"]
    assert parse_tolerance("A")["value"] is None


def test_frames_of_a_unicode_sheet_with_a_composite_frame() -> None:
    page = pdftract.analyze(GENERATED / "gdt-unicode.pdf", analyzers=["tables", "title_block", "notes", "dimensions", "gdt"]).page(1)
    frames = page.results["gdt_frames"]
    assert len(frames) == 6
    composite = [f for f in frames if f.composite_row is not None]
    assert [f.composite_row for f in composite] == [0, 1]
    upper, lower = composite
    assert upper.characteristic == lower.characteristic == "position"
    assert upper.tolerance == "⌀0.2 Ⓜ" and upper.datums == ("A", "B", "C") and lower.datums == ("A",)
    assert upper.compartments[0] == lower.compartments[0]  # the shared characteristic compartment
    assert all(f.symbol_source == "tounicode" for f in frames)
    feet = page.results["datum_features"]
    assert [d.letter for d in feet] == ["A", "B"] and all(d.target is not None for d in feet)


def test_frames_from_symbols_drawn_as_paths() -> None:
    sheet = pdftract.open(GENERATED / "gdt-paths.pdf").page(1)
    frames = find_frames(sheet)
    assert {f.symbol_source for f in frames} == {"path_match"}
    assert any(f.characteristic == "position" and f.tolerance == "⌀0.2 Ⓜ" for f in frames)
    assert find_datum_features(sheet, frames)


def test_frame_scores_on_the_generated_gdt_sheets() -> None:
    sys.path.insert(0, str(FIXTURES.parent.parent / "benchmarks"))
    import accuracy

    scores = accuracy.run_fixtures([n for n in accuracy.fixture_names(GENERATED) if n.startswith("gdt-")], GENERATED)
    # measured on the 5 gdt sheets: 30/30 frames exact, 0 false (all 44 drawings: 120/120)
    assert scores[("gdt_frames", "frame_exact")].exact_rate >= 0.95
    assert scores[("gdt_frames", "detected")].fp == 0
    assert scores[("datum_features", "detected")].exact_rate == 1.0
    assert scores[("symbols", "wrong")].fp == 0


def test_a_drawn_straightness_bar_is_read_from_its_frame() -> None:
    sheet = pdftract.open(GENERATED / "gdt-paths.pdf").page(1)
    straight = [f for f in find_frames(sheet) if f.characteristic == "straightness"]
    # ingest reads the bar alone in its compartment as a ⏤ glyph (path_match); the frame starts from it
    assert len(straight) == 1 and straight[0].symbol_source == "path_match" and straight[0].tolerance == "0.05"
    from pdftract.analyzers.gdt import _drawn_bars
    from pdftract.geometry import BBox
    from pdftract.testing import line_path, make_sheet

    # a sheet built without ingest has no such glyph: the frame's structure alone reads the bar
    rects = [(100, 88, 120, 104), (120, 88, 160, 104)]
    built = make_sheet(text=[("0.05", 125, 100, 0, 10)], paths=[line_path(0, [(105, 95.5), (115, 95.5)])], rects=rects)
    (frame,) = find_frames(built)
    assert (frame.characteristic, frame.symbol_source, frame.tolerance) == ("straightness", "frame_context", "0.05")
    # the same bar outside a frame compartment is nothing
    loose = make_sheet(text=[("0.05", 120, 100, 0, 3)], paths=[line_path(0, [(110, 99), (116, 99)])])
    assert _drawn_bars(loose, BBox(0, 0, loose.width, loose.height)) == []


def test_frame_json_carries_links() -> None:
    doc = pdftract.analyze(GENERATED / "gdt-letters.pdf")
    frame = doc.to_dict()["pages"][0]["gdt_frames"][0]
    assert {"characteristic", "symbol", "tolerance", "diameter_zone", "modifiers", "datums", "bbox", "dimension", "target"} <= set(frame)


@pytest.mark.skipif(not (CORPUS / "mech-odri-center-pulley-gdt.pdf").exists(), reason="real corpus not present")
def test_real_concentricity_frames_with_path_drawn_symbols() -> None:
    doc = pdftract.analyze(CORPUS / "mech-odri-center-pulley-gdt.pdf")
    page = doc.to_dict()["pages"][0]
    frames = page["gdt_frames"]
    # three frames on the sheet; a fourth copy lies below the sheet, where no reader sees it
    assert [(f["characteristic"], f["tolerance"], f["datums"]) for f in frames] == [("concentricity", "⌀0,02", ["A"])] * 3
    linked = sorted(page["dimensions"][f["dimension"]]["text"] for f in frames)
    assert linked == ["⌀3,99 0/-0,02", "⌀7,14 ±0,02", "⌀9,14 ±0,02"]
    assert [d["letter"] for d in page["datum_features"]] == ["A"]


def _hand_frame(dx: float, dy: float, symbol: str = "⌖") -> object:
    from pdftract.testing import make_sheet

    top, h = 100 + dy, 6.0
    xs = [50 + dx, 56 + dx, 76 + dx, 82 + dx, 88 + dx]
    rects = [(xs[i], top, xs[i + 1], top + h) for i in range(4)]
    text = [(symbol, xs[0] + 1.5, top + 4.2, 0, 3), ("⌀0.1", xs[1] + 1.2, top + 4.2, 0, 3), ("Ⓜ", xs[1] + 14, top + 4.2, 0, 3),
            ("A", xs[2] + 1.5, top + 4.2, 0, 3), ("B", xs[3] + 1.5, top + 4.2, 0, 3)]
    return make_sheet(rects=rects, text=text)


def test_a_hand_drawn_frame_and_translation_invariance() -> None:
    base = find_frames(_hand_frame(0, 0))  # type: ignore[arg-type]
    assert [(f.characteristic, f.tolerance, f.datums, f.modifiers) for f in base] == [("position", "⌀0.1 Ⓜ", ("A", "B"), ("Ⓜ",))]
    for dx, dy in ((37.5, 0.0), (0.0, 211.25), (-20.0, 13.0)):
        moved = find_frames(_hand_frame(dx, dy))  # type: ignore[arg-type]
        assert [(f.characteristic, f.tolerance, f.datums) for f in moved] == [(f.characteristic, f.tolerance, f.datums) for f in base]
        assert moved[0].bbox.x0 == pytest.approx(base[0].bbox.x0 + dx) and moved[0].bbox.top == pytest.approx(base[0].bbox.top + dy)


def test_the_other_perpendicularity_code_point() -> None:
    frames = find_frames(_hand_frame(0, 0, symbol="⟂"))  # type: ignore[arg-type]
    assert [f.characteristic for f in frames] == ["perpendicularity"]
