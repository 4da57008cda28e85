"""JSON output: golden snapshots, determinism, result serialisation."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import pdftract
from pdftract.geometry import BBox
from pdftract.serialize import INCLUDE_CHOICES, parse_include, to_jsonable
from pdftract.errors import SettingsError

from .conftest import FIXTURES, GOLDEN

REGEN = os.environ.get("PDFTRACT_REGEN_GOLDEN") == "1"
GOLDEN_CASES = ["demo-bracket", "issue-002-rotate90-crop"]


def _close(a: Any, b: Any, path: str = "$") -> list[str]:
    """Differences between two JSON values, numbers compared within 0.011."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}: keys differ {sorted(set(a) ^ set(b))}"] if set(a) != set(b) else []
        for k in a.keys() & b.keys():
            out += _close(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: length {len(a)} != {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _close(x, y, f"{path}[{i}]")]
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return [] if abs(a - b) <= 0.011 else [f"{path}: {a} != {b}"]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


@pytest.mark.parametrize("name", GOLDEN_CASES)
def test_golden_json(name: str) -> None:
    doc = pdftract.analyze(FIXTURES / f"{name}.pdf", analyzers=[])
    got = json.loads(doc.to_json(include=["glyphs", "words", "paths"]))
    got["source"]["path"] = None  # machine-dependent
    got.pop("pdftract_version")
    target = GOLDEN / f"{name}.json"
    if REGEN:
        target.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    want = json.loads(target.read_text(encoding="utf-8"))
    diffs = _close(got, want)
    assert not diffs, "golden JSON differs (regenerate with PDFTRACT_REGEN_GOLDEN=1 if intended):\n" + "\n".join(diffs[:30])


def test_two_runs_give_identical_bytes() -> None:
    path = FIXTURES / "demo-bracket.pdf"
    a = pdftract.analyze(path).to_json(include=INCLUDE_CHOICES[:5])
    b = pdftract.analyze(path).to_json(include=INCLUDE_CHOICES[:5])
    assert a == b
    assert pdftract.analyze(path, analyzers=[]).to_json(include=INCLUDE_CHOICES[:5]) == pdftract.open(path).to_json(include=INCLUDE_CHOICES[:5])


def test_document_json_shape() -> None:
    d = pdftract.open(FIXTURES / "issue-002-rotate90-crop.pdf").to_dict(include=["glyphs"])
    assert d["schema_version"] == "1.8" and d["pdftract_version"] == pdftract.__version__
    assert set(d["source"]) == {"path", "sha256", "md5", "bytes"} and len(d["source"]["sha256"]) == 64
    page = d["pages"][0]
    assert (page["number"], page["width"], page["height"], page["rotation"]) == (1, 752.0, 592.0, 90)
    g = page["glyphs"][0]
    assert {"text", "bbox", "font", "size", "direction"} <= set(g)
    assert {f["id"] for f in d["fonts"]} == {gl["font"] for gl in page["glyphs"]}
    assert "paths" not in page and "words" not in page


def test_results_serialise_dataclasses_enums_and_boxes() -> None:
    @dataclass(frozen=True)
    class Field:
        value: str
        bbox: BBox
        debug: object = None
        _private: int = 0

    out = to_jsonable({"f": Field(value="4711", bbox=BBox(1.234, 2.0, 3.0, 4.005)), "n": (1.0049, -0.0001)})
    assert out == {"f": {"value": "4711", "bbox": [1.23, 2.0, 3.0, 4.0]}, "n": [1.0, 0.0]}


def test_include_is_validated() -> None:
    assert parse_include("glyphs, paths") == {"glyphs", "paths"}
    with pytest.raises(SettingsError, match="'chars' not among"):
        parse_include("chars")
