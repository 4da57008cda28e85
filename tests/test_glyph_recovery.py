"""Glyph recovery rungs 2 and 3: engineering glyph names, embedded font programs, symbol-font letter tables."""

from __future__ import annotations

import sys

import pytest

import pdftract
from pdftract.ingest.symbols import engineering_name, table_for

from .conftest import CORPUS, FIXTURES

GENERATED = FIXTURES / "generated"


def test_tables_and_names() -> None:
    assert table_for("XYZABC+AIGDT") is not None and table_for("gdt")["j"] == "⌖"  # type: ignore[index]
    assert table_for("Helvetica") is None and table_for("ISOCPEUR") is None
    assert engineering_name("diameter") == "⌀" and engineering_name("uni2300") is None  # uniXXXX goes through the AGL


def test_letters_of_a_gdt_font_become_symbols_with_their_source() -> None:
    page = pdftract.open(GENERATED / "gdt-letters.pdf").page(1)
    recovered = [g for g in page.glyphs if g.source.value == "font_table"]
    assert recovered and all(g.confidence == pytest.approx(0.95) for g in recovered)
    assert "⌀" in {g.text for g in recovered}
    assert "2X ⌀10 H7 THRU" in page.text
    # capitals in the same font are datum letters, not symbols
    assert not any(g.text in "ABC" for g in recovered)


def test_fixture_symbol_scores() -> None:
    sys.path.insert(0, str(FIXTURES.parent.parent / "benchmarks"))
    import accuracy

    scores = accuracy.run_fixtures([n for n in accuracy.fixture_names(GENERATED) if "letters" in n or "gen-0" in n], GENERATED)
    # measured on all 44 drawings: 250/250 (unicode 61, letters 48, Helvetica Ø 26, opaque 30, pua 38, paths 47),
    # 0 wrong; on these 10 drawings 64/64
    encodings = ("unicode", "letters", "helvetica", "opaque", "pua", "paths")
    assert all(("symbols", e) in scores for e in encodings)
    read = sum(scores[("symbols", e)].exact for e in encodings)
    truth = sum(scores[("symbols", e)].truth for e in encodings)
    assert truth >= 50 and read / truth >= 0.97
    assert scores[("symbols", "letters")].exact_rate >= 0.99
    assert scores[("symbols", "unicode")].exact_rate >= 0.99
    assert scores[("symbols", "wrong")].fp == 0


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("mech-mesospim-galvomount-inventor.pdf", ["⌀6,00 THRU", "DIN 974 - ⌀10,50 X 6,50"]),  # AIGDT, no ToUnicode: embedded symbol cmap
        ("mech-mesospim-m060-adapter-inventor.pdf", ["⌴ ⌀7,00", "120°"]),  # ° from the ISOCPEUR program's glyph name
        ("mech-mesospim-base-plate-mod-inventor.pdf", ["Ø10.5"]),  # the ISOCPEUR program's own Unicode cmap
        ("mech-voron-trident-build-plate.pdf", ["⌀3.4 THRU", "⌴ ⌀6.5 ↧ 3.0"]),  # AIGDT with a ToUnicode to the letters
    ],
)
def test_real_symbols_recovered(name: str, expected: list[str]) -> None:
    if not CORPUS.is_dir():
        pytest.skip("real corpus not present")
    text = pdftract.open(CORPUS / name).page(1).text
    for s in expected:
        assert s in text
    assert "\ufffd" not in text


def test_private_use_codes_are_flagged_not_passed_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # the matcher reads every symbol of this sheet; here it reads none, as for a shape unlike any template
    from pdftract.ingest.outlines import Match

    monkeypatch.setattr("pdftract.ingest.device.classify", lambda *a, **k: Match(None, "⌀", 0.3, "○", 0.25))
    page = pdftract.open(GENERATED / "gdt-pua.pdf").page(1)
    pua = [g for g in page.glyphs if g.text and all(0xE000 <= ord(c) <= 0xF8FF for c in g.text)]
    assert pua and all(g.confidence == 0.0 for g in pua)
    (diag,) = [d for d in page.diagnostics if dict(d.context).get("private_use")]
    assert diag.code.value == "UNMAPPED_GLYPHS" and dict(diag.context)["count"] == len(pua)
