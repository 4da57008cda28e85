"""Sheets made by CAD tools (fixtures/cad: FreeCAD TechDraw, ezdxf's drawing add-on, LibreCAD), scored against the
truth their scripts wrote.

The truth is the generating script's input (field values, table cells, the part's built dimensions, the
tolerances set); it is split by template or layout family into a part the rules were tuned on and a
held-out part. Both are pinned here below what benchmarks/accuracy.py measures, with margin; the held-out
part is the number that says whether the analyzers generalise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CAD = ROOT / "fixtures" / "cad"
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402

Scores = dict[tuple[str, str], accuracy.Score]


@pytest.mark.parametrize("tool", ["freecad", "ezdxf", "librecad"])
def test_truth_names_every_sheet_and_splits_by_family(tool: str) -> None:
    truth = json.loads((CAD / tool / "truth.json").read_text(encoding="utf-8"))
    files = {e["file"] for e in truth["expectations"]}
    assert files == {p.name for p in (CAD / tool / "pdf").glob("*.pdf")}
    tuned, held = accuracy.cad_split(CAD / tool / "truth.json")
    assert tuned and held
    assert not {e["family"] for e in tuned} & {e["family"] for e in held}
    for e in truth["expectations"]:
        assert e["dimensions"], e["file"]
        for d in e["dimensions"]:
            assert d["nominal"] > 0 and d["kind"] in ("linear", "diameter", "radius")


def _parts(tool: str) -> tuple[Scores, Scores]:
    tuned, held = accuracy.cad_split(CAD / tool / "truth.json")
    return (accuracy.score_real(tuned, CAD / tool / "pdf", complete_fields=True),
            accuracy.score_real(held, CAD / tool / "pdf", complete_fields=True))


@pytest.fixture(scope="module")
def parts() -> tuple[Scores, Scores]:
    return _parts("freecad")


@pytest.fixture(scope="module")
def ezdxf_parts() -> tuple[Scores, Scores]:
    return _parts("ezdxf")


def _fields(scores: dict[tuple[str, str], accuracy.Score]) -> tuple[int, int, int]:
    """(exact, truth, false) over the title-block fields."""
    exact = truth = 0
    for (a, f), s in scores.items():
        if a == "title_block" and f != "false_fields":
            exact += s.exact
            truth += s.tp + s.fn
    false = scores.get(("title_block", "false_fields"), accuracy.Score()).fp
    return exact, truth, false


@pytest.mark.parametrize("part", [0, 1], ids=["tuned", "held_out"])
def test_dimensions_are_found_with_their_tolerance_zone(parts: Any, part: int) -> None:
    zone = parts[part][("dimensions", "zone")]
    # measured (2026-12): tuned 23/23, no false one; held out in docs/benchmarks.md
    floor = (0.9, 0.75)[part]
    assert zone.recall >= floor, (zone.tp, zone.fn)
    assert zone.precision >= 0.9, (zone.tp, zone.fp)


@pytest.mark.parametrize("part", [0, 1], ids=["tuned", "held_out"])
def test_title_block_fields(parts: Any, part: int) -> None:
    exact, truth, false = _fields(parts[part])
    # measured (2026-12-06, 20 sheets): tuned 68/72, held out 60/119 with 1 false field (the GOST and Chinese
    # templates, first measured then, 0/43: their labels and values are Cyrillic and CJK outlines); 2026-12-07, 22
    # sheets with Cyrillic and Chinese outlines read: tuned 90/93 (the old sheets 73/73, our GB block 17/20), held out 75/119;
    # later that day, 24 sheets with our own GOST 2.104 block (13/19 before any change): tuned 109/112, held out 80/119
    floor = (0.88, 0.6)[part]
    assert exact >= floor * truth, (exact, truth)
    assert false <= 3, false


@pytest.mark.parametrize("part", [0, 1], ids=["tuned", "held_out"])
def test_ezdxf_sheets(ezdxf_parts: Any, part: int) -> None:
    """Text printed as outlines (no text layer): title blocks, tables and dimensions read from the shapes.
    Measured (2026-12): tuned dimensions 9/15, fields 33/38, tables 6/6 with rows 11/13 exact; held out
    (German and French layouts) dimensions 5/8, fields 12/20, tables 1/4 found with 2 false, rows 1/8."""
    scores = ezdxf_parts[part]
    zone = scores[("dimensions", "zone")]
    assert zone.recall >= (0.5, 0.4)[part], (zone.tp, zone.fn)
    assert zone.fp <= 1, zone.fp
    exact, truth, false = _fields(scores)
    assert exact >= (0.75, 0.45)[part] * truth, (exact, truth)
    assert false <= 2, false
    tables = scores[("tables", "detected")]
    assert tables.recall >= (0.8, 0.2)[part], (tables.tp, tables.fn)
    if part == 0:
        rows = scores[("tables", "rows")]
        assert rows.exact >= 0.7 * (rows.tp + rows.fn), (rows.exact, rows.tp + rows.fn)


@pytest.fixture(scope="module")
def librecad_parts() -> tuple[Scores, Scores]:
    return _parts("librecad")


@pytest.mark.parametrize("part", [0, 1], ids=["tuned", "held_out"])
def test_librecad_sheets(librecad_parts: Any, part: int) -> None:
    """Every text drawn in LibreCAD's stroke fonts, hairline strokes each a path of its own, cell sides drawn as
    separate lines. Measured before any change for them (2026-12-05): tuned fields 24/38, dimensions 11/16,
    tables 2/6 exact; held out (German and French layouts) fields 12/20, dimensions 2/8 with 5 false. After
    (see docs/benchmarks.md): tuned fields 38/38, tables 6/6, dimensions 14/16 (the diameters read at their angle);
    held out fields 15/20, dimensions 3/8."""
    scores = librecad_parts[part]
    exact, truth, false = _fields(scores)
    assert exact >= (0.9, 0.55)[part] * truth, (exact, truth)
    assert false <= 1, false
    zone = scores[("dimensions", "zone")]
    assert zone.recall >= (0.75, 0.25)[part], (zone.tp, zone.fn)
    if part == 0:
        assert zone.fp <= 1, zone.fp
        tables = scores[("tables", "detected")]
        assert tables.exact >= 0.8 * (tables.tp + tables.fn), (tables.exact, tables.tp + tables.fn)


def _variant(src: Path, rotate: int = 0, shift: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The sheet turned by /Rotate and/or moved: MediaBox and content shifted alike, so it looks the same."""
    import io

    import pikepdf

    with pikepdf.open(src) as pdf:
        page = pdf.pages[0]
        if rotate:
            page.obj.Rotate = rotate
        if shift != (0.0, 0.0):
            dx, dy = shift
            box = [float(v) for v in page.obj.MediaBox]
            page.obj.MediaBox = pikepdf.Array([box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy])
            if "/CropBox" in page.obj:
                del page.obj["/CropBox"]
            page.contents_add(pikepdf.Stream(pdf, f"1 0 0 1 {dx} {dy} cm".encode()), prepend=True)
        out = io.BytesIO()
        pdf.save(out)
        return out.getvalue()


def _reading(data: bytes) -> tuple[dict[str, str], list[tuple[float, str, str, str]]]:
    import pdftract

    page = pdftract.analyze(data).to_dict()["pages"][0]
    fields = {k: v["value"] for k, v in (page.get("title_block") or {}).get("fields", {}).items()}
    dims = sorted((d["nominal"], str(d["upper"]), str(d["lower"]), d["kind"]) for d in page.get("dimensions", []))
    return fields, dims


def test_a_cad_sheet_reads_the_same_moved_and_its_dimensions_turned() -> None:
    """Translation invariance on real CAD output (text drawn as outlines included): the page moved by an odd
    offset reads the same. Turned by /Rotate 90 its dimensions and title-block fields read the same (person
    names aside, as in every expectation: a lone J's case differs). Turned by 270 the title block loses its
    size and author (a known gap, docs/benchmarks.md), so only its dimensions are checked there."""
    src = CAD / "freecad" / "pdf" / "fc-td-a4-plate.pdf"
    base = _reading(src.read_bytes())
    assert base[0]["drawing_number"] == "FC-1001" and len(base[1]) == 4
    assert _reading(_variant(src, shift=(37.5, -120.25))) == base
    turned = _reading(_variant(src, rotate=90))
    assert turned[1] == base[1]
    people = {"drawn_by", "checked_by", "approved_by"}
    assert {k: v for k, v in turned[0].items() if k not in people} == {k: v for k, v in base[0].items() if k not in people}
    assert _reading(_variant(src, rotate=270, shift=(-15.0, 40.0)))[1] == base[1]


def test_librecad_diameters_written_along_their_leaders_are_read() -> None:
    """LibreCAD writes a diameter's value along its leader (35 degrees here): the shapes left unread are read at
    their own angle, and a ring crossed by a stroke running out of it both ways is the diameter sign."""
    import pdftract

    truth = json.loads((CAD / "librecad" / "truth.json").read_text(encoding="utf-8"))
    tuned, _held = accuracy.cad_split(CAD / "librecad" / "truth.json")
    found = 0
    for e in tuned:
        want = [d["nominal"] for d in e["dimensions"] if d["kind"] == "diameter"]
        page = pdftract.analyze(CAD / "librecad" / "pdf" / e["file"]).to_dict()["pages"][0]
        got = [d for d in page.get("dimensions", []) if d["kind"] == "diameter" and d["nominal"] in want]
        found += len(got)
        assert all(5 < d["direction"] % 90 < 85 and d["text"].startswith("⌀") for d in got), got
    assert truth["expectations"] and found >= 3, found  # measured 3 of 4 (the A4 sheet's 12 is cramped by its arrow)
