"""The drawing generator: deterministic, committed output up to date, and covering what real exports hold."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import pdftract

from .conftest import FIXTURES

sys.path.insert(0, str(FIXTURES))
import make  # noqa: E402
from generator.sheets import catalog  # noqa: E402

GENERATED = FIXTURES / "generated"


def truths() -> dict[str, dict[str, Any]]:
    return {p.name[: -len(".truth.json")]: json.loads(p.read_text(encoding="utf-8")) for p in sorted(GENERATED.glob("*.truth.json"))}


def test_committed_fixtures_are_up_to_date() -> None:
    assert make.main(["--check"]) == 0, "run python fixtures/drawings/make.py and commit the result"


def test_generation_is_deterministic() -> None:
    a = make.render("gdt-pua")
    b = make.render("gdt-pua")
    assert a == b


def test_catalog_covers_the_variety_of_real_exports() -> None:
    specs = [(name, s) for name, sheets, _seed in catalog() for s in sheets]
    assert len(catalog()) >= 40
    assert {s.size for _n, s in specs} == {"A4", "A3", "A2", "A1", "A0"}
    assert {s.portrait for _n, s in specs} == {True, False}
    assert {0, 90, 270} <= {s.rotate for _n, s in specs}
    assert any(s.sideways for _n, s in specs)
    assert {(s.layout, s.position) for _n, s in specs} >= {(l, p) for l in ("iso7200", "asme", "din", "compact") for p in ("br", "tr", "bl", "strip")}
    rows = [s.bom_rows for _n, s in specs if s.bom_rows]
    assert min(rows) <= 3 and max(rows) >= 60
    assert any(s.bom_header_at == "bottom" for _n, s in specs) and any(s.bom_merged for _n, s in specs)
    assert any(s.bom_multiline for _n, s in specs) and any(s.bom_split_lines for _n, s in specs)
    assert {"unicode", "pua", "letters", "opaque", "paths"} <= {s.gdt for _n, s in specs if s.gdt}
    assert any(s.value_font == "STK" for _n, s in specs)
    assert any(s.stroked_with_hidden_text for _n, s in specs) and any(s.duplicate_layer for _n, s in specs)
    assert any(s.scripts for _n, s in specs) and any(s.index_of for _n, s in specs)
    assert {"en", "de"} == {s.lang for _n, s in specs} and {"mm", "in"} == {s.units for _n, s in specs}


def test_truth_holds_every_kind_of_item() -> None:
    pages = [p for t in truths().values() for p in t["pages"]]
    kinds = Counter(t["kind"] for p in pages for t in p["tables"])
    assert kinds["bom"] >= 20 and kinds["revision"] >= 20 and kinds["drawing_index"] >= 1
    dims = [d for p in pages for d in p["dimensions"]]
    assert {"linear", "diameter", "radius"} <= {d["kind"] for d in dims}
    assert any(d["fit"] for d in dims) and any(d["basic"] for d in dims) and any(d["reference"] for d in dims)
    assert any(d["count"] > 1 for d in dims) and any(d["upper"] is not None and d["upper"] != -(d["lower"] or 0) for d in dims)
    assert any("[" in d["text"] and d["unit"] == "in" for d in dims)  # dual units
    assert any("," in d["text"] for d in dims) and any(d["text"].startswith(".") or " ." in d["text"] for d in dims)
    frames = [f for p in pages for f in p["gdt_frames"]]
    assert len({f["characteristic"] for f in frames}) >= 10 and any(f["composite_row"] == 1 for f in frames)
    callouts = [c for p in pages for c in p["callouts"]]
    assert {"balloon", "thread"} <= {c["kind"] for c in callouts}
    assert {"filled", "dot", "open"} <= {c["terminator"] for c in callouts}
    assert sum(len(p["revision_clouds"]) for p in pages) >= 20
    assert any(p["sheet_count"] == 5 for p in pages) and any(p["references"] for p in pages)
    directions = Counter(round(r["direction"]) for p in pages for r in p["text_runs"])
    assert directions[0] and directions[90] and any(d not in (0, 90, 180, 270) for d in directions)


@pytest.mark.parametrize("name", ["gen-03-iso7200-bl-a2-rot90", "gen-05-asme-br-a0-rot270", "sideways-landscape-on-portrait", "mediabox-offset"])
def test_truth_page_geometry_matches_what_pdftract_reads(name: str) -> None:
    truth = truths()[name]
    doc = pdftract.open(GENERATED / f"{name}.pdf")
    for tp in truth["pages"]:
        sheet = doc.page(tp["number"])
        assert (round(sheet.width, 2), round(sheet.height, 2), sheet.rotation) == (tp["width"], tp["height"], tp["rotation"])
        for run in tp["text_runs"]:
            x0, top, x1, bottom = run["bbox"]
            assert -1 <= x0 <= x1 <= sheet.width + 1 and -1 <= top <= bottom <= sheet.height + 1, run


def test_special_pages_hold_what_they_claim() -> None:
    t3 = pdftract.open(GENERATED / "type3-title-block.pdf")
    assert "Type3" in {f.subtype.value for f in (t3.page(1) and t3.fonts).values()}
    hidden = pdftract.open(GENERATED / "stroked-text-hidden-layer.pdf").page(1)
    label = truths()["stroked-text-hidden-layer"]["pages"][0]["stroked_text"][0]["text"]
    hidden_words = [w for w in hidden.words if w.invisible]
    assert label in hidden.text and " ".join(w.text for w in hidden_words) == label  # only the hidden copy is text
    dup = pdftract.open(GENERATED / "duplicated-text-layer.pdf").page(1)
    assert len(dup.layout.duplicate_glyph_ids) > 50
