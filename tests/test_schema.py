"""The published JSON Schema: generated from the output types, never stale, and every output validates."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import pdftract
from pdftract.cli import main
from pdftract.schema import generated_text, schema, schema_text
from pdftract.serialize import SCHEMA_VERSION

from .conftest import FIXTURES, GOLDEN

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT.parent / "shared" / "corpus" / "real"
ALL = ["glyphs", "paths", "words", "lines", "images", "timings"]


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    s = schema()
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


def _errors(validator: jsonschema.protocols.Validator, doc: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(doc)]


def test_shipped_schema_is_the_generated_one() -> None:
    assert schema_text() == generated_text(), "pdftract/data/schema.json is stale: run python -m pdftract.schema --write"


def test_schema_version_has_a_migration_note() -> None:
    notes = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(SCHEMA_VERSION)}\b", notes, re.M), f"docs/schema.md has no section for {SCHEMA_VERSION}"
    assert schema()["properties"]["schema_version"]["const"] == SCHEMA_VERSION


def test_cli_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == schema()


@pytest.mark.parametrize("golden", sorted(p.name for p in GOLDEN.glob("*.json")))
def test_golden_files_validate(golden: str, validator: jsonschema.protocols.Validator) -> None:
    doc = json.loads((GOLDEN / golden).read_text(encoding="utf-8"))
    doc.setdefault("pdftract_version", pdftract.__version__)  # goldens leave the version out
    assert _errors(validator, doc) == []


# every drawing fixture, and one page each of an outlined and a stroked drawn-text fixture (the rest are alike)
_FIXTURE_PDFS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "fixtures" / "drawings").rglob("*.pdf")) + [
    "fixtures/drawn_text/outline-urw-gothic.pdf", "fixtures/drawn_text/stroke-hershey-futuram.pdf"]


@pytest.mark.parametrize("name", _FIXTURE_PDFS)
def test_fixture_outputs_validate(name: str, validator: jsonschema.protocols.Validator) -> None:
    doc = pdftract.analyze(ROOT / name, pages="1")
    assert _errors(validator, json.loads(doc.to_json(ALL))) == []


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["mech-psas-female-ring-rot90.pdf", "mech-ender3-e-housing-cn.pdf",
                                  "manual-moveo-assembly-bom.pdf"])
def test_corpus_outputs_validate(name: str, validator: jsonschema.protocols.Validator) -> None:
    path = REAL / name
    if not path.exists():
        pytest.skip(f"{path} not here")
    doc = pdftract.analyze(path, pages="1")
    assert _errors(validator, json.loads(doc.to_json(["glyphs", "words", "lines", "images"]))) == []


def test_the_schema_catches_drift(validator: jsonschema.protocols.Validator) -> None:
    """Not vacuous: a missing field, a wrong type, an unknown key and a malformed box each fail."""
    good = json.loads(pdftract.analyze(FIXTURES / "demo-bracket.pdf").to_json(["glyphs"]))
    assert _errors(validator, good) == []
    page = good["pages"][0]
    assert page["title_block"] and page["dimensions"] and page["tables"]
    cases = []
    d = copy.deepcopy(good)
    del d["pages"][0]["dimensions"][0]["nominal"]
    cases.append(d)
    d = copy.deepcopy(good)
    d["pages"][0]["tables"][0]["rows"] = "B"
    cases.append(d)
    d = copy.deepcopy(good)
    d["pages"][0]["title_block"]["fields"]["title"]["colour"] = "red"
    cases.append(d)
    d = copy.deepcopy(good)
    d["pages"][0]["glyphs"][0]["bbox"] = [1, 2, 3]
    cases.append(d)
    d = copy.deepcopy(good)
    d["schema_version"] = "0.9"
    cases.append(d)
    for bad in cases:
        assert _errors(validator, bad), "a broken document validated"
