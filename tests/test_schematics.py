"""Schematics: components, net labels and sheet symbols.

The fixtures are schematics written as ``.kicad_sch`` files by ``fixtures/schematics/make_kicad.py`` and
printed by ``kicad-cli``; their truth is the script's input. Families a to h are tuned on (b, d, e, f, g
and h were held out until their errors were looked at), family i is held out. Thresholds are the measured ones (``benchmarks/schematics.py``, docs/schematics.md) with a margin.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

import pdftract
from pdftract.analyzers.schematic import decode_markup, is_designator, read_schematic

ROOT = Path(__file__).resolve().parent.parent
KICAD = ROOT / "fixtures" / "schematics" / "kicad"
sys.path.insert(0, str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def kicad() -> dict[str, Counter[str]]:
    import schematics

    return schematics.kicad()


def _ratio(c: Counter[str], num: str, den: str) -> float:
    return c[num] / c[den] if c[den] else 0.0


def test_tuned_families_meet_the_thresholds(kicad: dict[str, Counter[str]]) -> None:
    c = kicad["tuned"]
    assert _ratio(c, "designators_found", "designators") >= 0.96
    assert c["designators_false"] <= 0.02 * c["designators_reported"]
    assert _ratio(c, "values_right", "designators") >= 0.96
    assert _ratio(c, "footprints_right", "footprints") >= 0.95
    assert _ratio(c, "labels_right", "labels") >= 0.93
    assert c["labels_false"] <= 0.02 * c["labels_reported"]
    assert _ratio(c, "sheet_symbols_right", "sheet_symbols") == 1.0


def test_held_out_family_meets_the_thresholds(kicad: dict[str, Counter[str]]) -> None:
    """Family i was never looked at while tuning (the measured values are in docs/schematics.md)."""
    c = kicad["held_out"]
    assert _ratio(c, "designators_found", "designators") >= 0.97
    assert c["designators_false"] <= 0.02 * c["designators_reported"]
    assert _ratio(c, "values_right", "designators") >= 0.95
    assert _ratio(c, "labels_right", "labels") >= 0.93
    assert _ratio(c, "sheet_symbols_right", "sheet_symbols") == 1.0


def test_a_mechanical_drawing_has_no_components() -> None:
    doc = pdftract.analyze(ROOT / "fixtures" / "drawings" / "demo-bracket.pdf")
    page = doc.pages[0]
    assert page.results["components"] == [] and page.results["net_labels"] == []
    assert read_schematic(page).components == ()


def test_hidden_layer_removed_keeps_designators(tmp_path: Path) -> None:
    """KiCad's searchable text layer stripped: designators come from the strokes alone."""
    pikepdf = pytest.importorskip("pikepdf")
    src = KICAD / "sch-a2.pdf"
    with pikepdf.open(src) as pdf:
        for page in pdf.pages:
            ops = [(operands, op) for operands, op in pikepdf.parse_content_stream(page)]
            keep, depth = [], 0
            for operands, op in ops:
                name = str(op)
                if name == "BT":
                    depth += 1
                if depth == 0:
                    keep.append((operands, op))
                if name == "ET":
                    depth -= 1
            page.Contents = pdf.make_stream(pikepdf.unparse_content_stream(keep))
        out = tmp_path / "stripped.pdf"
        pdf.save(out)
    with_layer = {c.designator for c in pdftract.analyze(src).pages[0].results["components"]}
    without = {c.designator for c in pdftract.analyze(out).pages[0].results["components"]}
    assert with_layer and len(with_layer & without) >= 0.95 * len(with_layer)


def test_forms() -> None:
    assert decode_markup("~{RESET}") == ("RESET", True)
    assert decode_markup("I^{2}C_EN") == ("I2C_EN", False)
    assert is_designator("U201B") and is_designator("R12") and not is_designator("10k") and not is_designator("GND")


# -- P&ID ------------------------------------------------------------------------------------------------------

from pdftract.analyzers.pid import parse_line_number, validate  # noqa: E402


@pytest.fixture(scope="module")
def pid() -> dict[str, Counter[str]]:
    import schematics

    return schematics.pid()


def test_pid_tuned_families_meet_the_thresholds(pid: dict[str, Counter[str]]) -> None:
    c = pid["tuned"]
    assert _ratio(c, "instruments_found", "instruments") >= 0.95
    assert c["instruments_false"] <= 0.03 * c["instruments_reported"]
    assert c["validity_right"] == c["instruments_found"]
    assert c["invalid_flagged_right"] == c["invalid"] > 0
    assert _ratio(c, "locations_right", "locations") >= 0.95
    assert c["notes_taken"] == 0
    assert _ratio(c, "equipment_kind_right", "equipment") >= 0.9
    # (0.947 measured: the oblique family h reads 7 of its 15, its inch marks unread)
    assert _ratio(c, "line_numbers_right", "line_numbers") >= 0.9


def test_pid_held_out_family_meets_the_thresholds(pid: dict[str, Counter[str]]) -> None:
    """Families j (a narrow bold face), l (a bold face) and m (an oblique face) were never looked at while
    tuning (the measured values are in docs/schematics.md); the thresholds are the issue's acceptance (142
    of 144 tags were found when they were measured)."""
    c = pid["held_out"]
    assert _ratio(c, "instruments_found", "instruments") >= 0.95
    assert c["instruments_false"] <= 0.03 * c["instruments_reported"]
    assert c["validity_right"] >= 0.98 * c["instruments_found"]
    assert c["invalid_flagged_right"] == c["invalid"] > 0
    assert _ratio(c, "locations_right", "locations") >= 0.95
    assert c["notes_taken"] == 0
    assert _ratio(c, "line_numbers_right", "line_numbers") >= 0.9


@pytest.mark.parametrize(("letters", "loop", "valid", "reason"), [
    ("LIC", "205", True, None), ("TALL", "1", True, None), ("PDIT", "220", True, None), ("HS", "402A", True, None),
    ("XV", "207", True, None), ("FQI", "102", True, None),
    ("Lic", "205", False, "LOWERCASE_LETTER"), ("LCI", "205", False, "LETTER_ORDER"),
    ("TIIC", "411", False, "REPEATED_LETTER"), ("FT", "1O4", False, "LOOP_NOT_NUMERIC"),
    ("PIF", "315", False, "UNKNOWN_SUCCEEDING_LETTER"), ("FIQ", "181", True, None), ("LI", None, False, "MISSING_LOOP"),
    ("T", "1", False, "NO_FUNCTION_LETTER"),
])
def test_isa_validation(letters: str, loop: str | None, valid: bool, reason: str | None) -> None:
    v = validate(letters, loop)
    assert (v.valid, v.reason) == (valid, reason)
    if valid:
        assert v.readings


def test_line_numbers() -> None:
    ln = parse_line_number("DN150-S-3007-A1")
    assert ln is not None and (ln.size, ln.fluid_code, ln.sequence, ln.pipe_class, ln.insulation) == ("DN150", "S", "3007", "A1", None)
    ln = parse_line_number('3/8"-Sch 40 PVC-DW-1-N')
    assert ln is not None and (ln.fluid_code, ln.sequence, ln.extra) == ("DW", "1", ("Sch 40 PVC",))
    assert parse_line_number("SEE NOTE 4") is None and parse_line_number("2-3") is None


def test_a_mechanical_drawing_has_no_instruments() -> None:
    page = pdftract.analyze(ROOT / "fixtures" / "drawings" / "demo-bracket.pdf").pages[0]
    assert page.results["instruments"] == [] and page.results["line_numbers"] == []


def test_cli_lists_components_and_instruments(capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.cli import main

    assert main(["components", str(KICAD / "sch-a1.pdf"), "--pages", "1", "--csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("file,page,designator,value") and any(",U2A,LM358," in r for r in out)
    assert main(["components", str(KICAD / "sch-a1.pdf"), "--pages", "1", "--sheets"]) == 0
    assert '"sheet_file": "power.kicad_sch"' in capsys.readouterr().out
    assert main(["instruments", str(ROOT / "fixtures" / "pid" / "pdf" / "pid-a1.pdf"), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("file,page,tag,printed") and any("REPEATED_LETTER" in r for r in rows)


SHARED = ROOT.parent / "shared" / "corpus" / "real"


@pytest.mark.skipif(not (SHARED / "pid-rockcandy-autocad-plant3d-rot270.pdf").exists(), reason="shared corpus absent")
def test_plant3d_pid_tags() -> None:
    """The AutoCAD Plant 3D P&ID's process sheet, read off its rendered page by a reader who did not see the
    analyzer (benchmarks/schematic_real_expectations.json): equipment, line numbers and the bubbles' letters."""
    page = pdftract.analyze(SHARED / "pid-rockcandy-autocad-plant3d-rot270.pdf", pages=[2]).pages[0]
    equipment = {e.tag for e in page.results["equipment"]}
    assert {"TK-001", "TK-002", "TK-003", "R-001", "P-001", "M-001", "M-002", "M-003", "E-001"} <= equipment
    assert {(x.fluid_code, x.sequence) for x in page.results["line_numbers"]} == {("DW", "1"), ("DW", "2"), ("P", "3")}
    letters = {x.letters for x in page.results["instruments"]}
    # the reader's 16 tags, bubbles and interlock diamonds: their loop numbers are stroke digits behind a white
    # mask, and the interlocks' I a lone stroke (all 16 found when this was written)
    want = json.loads((ROOT / "benchmarks" / "schematic_real_expectations.json").read_text(encoding="utf-8"))
    (sheet,) = want["files"]["pid-rockcandy-autocad-plant3d-rot270.pdf"]["extra_pages"]
    truth = {"-".join(x["printed"]) for x in sheet["instruments"]}
    found = {x.tag for x in page.results["instruments"]}
    assert len(truth) == 16 and len(found & truth) >= 15 and found <= truth
    assert all(x.valid for x in page.results["instruments"])
    # the motors' lone letters in circles are no instruments
    assert not {"S", "M"} & letters


def test_readings_put_the_usual_meaning_first() -> None:
    assert validate("PSV", "312").readings[0] == "pressure safety valve"
    assert validate("TAL", "1").readings[0] == "temperature alarm low"


def test_frames_keep_the_pdf_file_apart_from_a_sheet_file() -> None:
    pytest.importorskip("pandas")
    frames = pdftract.analyze(KICAD / "sch-a1.pdf", pages=[1]).to_frames()
    sheets = frames["sheet_symbols"]
    assert set(sheets["sheet_file"]) == {"power.kicad_sch", "sensors_io.kicad_sch"}
    assert set(sheets["file"]) == {str(KICAD / "sch-a1.pdf")}
    comps = frames["components"]
    assert comps["symbol_x0"].notna().all() and comps["x0"].notna().all()


@pytest.mark.skipif(not (SHARED / "sch-emontx-v3.4-eagle.pdf").exists(), reason="shared corpus absent")
def test_a_designator_read_twice_is_said() -> None:
    """The Eagle page prints some references over other texts; what is read twice is reported, not hidden."""
    page = pdftract.analyze(SHARED / "sch-emontx-v3.4-eagle.pdf").pages[0]
    (diag,) = [d for d in page.diagnostics if d.analyzer == "schematic"]
    twice = dict(diag.context)["duplicate_designators"]
    seen = Counter(c.designator for c in page.results["components"])
    assert diag.code.value == "LOW_CONFIDENCE" and twice == sorted(d for d, n in seen.items() if n > 1)
    assert not [d for d in pdftract.analyze(KICAD / "sch-a1.pdf", pages=[1]).pages[0].diagnostics if d.analyzer == "schematic"]


CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.mark.parametrize(("key", "found", "values", "false"), [
    # held out: measured 51/55 found, 50/55 values, 2 of 53 reported false (benchmarks/schematics.py --real)
    ("real2/sch-bmsc1.pdf", 0.85, 0.83, 0.1),
    # held out: measured 49/61, 45/61, 13 of 62 false (pin names of designator form); its values sit on the
    # wires above and below the parts
    ("sch-beaglebone-blue-libreoffice.pdf", 0.72, 0.65, 0.28),
])
def test_real_schematic_pages(key: str, found: float, values: float, false: float) -> None:
    """Designators and values on real exports against a reader's truth (benchmarks/schematic_real_expectations.json)."""

    import schematics

    want = json.loads((ROOT / "benchmarks" / "schematic_real_expectations.json").read_text(encoding="utf-8"))["files"][key]
    got = schematics.real_page(key, want)
    if got is None:
        pytest.skip("shared corpus absent")
    c = got[0]
    assert c["designators_found"] >= found * c["designators"]
    assert c["values_right"] >= values * c["designators"]
    assert c["designators_false"] <= false * c["designators_reported"]


def test_a_page_turned_down_by_the_gate_is_said() -> None:
    """Components and labels read on a page with too little schematic evidence are not reported, but the page
    says so: a small sheet is not silently empty."""
    from pdftract.analyzers.schematic import Schematic, schematic_analyzer
    from pdftract.registry import Reported

    page = pdftract.analyze(KICAD / "sch-a1.pdf", pages=[1]).pages[0]
    import pdftract.analyzers.schematic as sch

    real = sch.read_schematic
    try:
        sch.read_schematic = lambda *a, **k: Schematic(turned_down=(3, 8))  # type: ignore[assignment]
        got = schematic_analyzer(page, None)
    finally:
        sch.read_schematic = real
    assert isinstance(got, Reported) and got.value["components"] == []
    (diag,) = got.diagnostics
    assert diag.code.value == "LOW_CONFIDENCE" and dict(diag.context)["turned_down_components"] == 3
    # a full schematic page is not turned down, and says nothing of the kind
    assert not [d for d in page.diagnostics if "turned_down_components" in dict(d.context)]


def test_a_small_real_sheet_turned_down_is_said() -> None:
    """The Altium Betrusted debug page (three parts, many labels) falls below the gate: the page says so."""
    path = CORPUS / "real2" / "sch-betrusted-rpihat4.pdf"
    if not path.exists():
        pytest.skip("shared corpus absent")
    page = pdftract.analyze(path, pages=[1]).pages[0]
    assert page.results["components"] == []
    (diag,) = [d for d in page.diagnostics if d.analyzer == "schematic"]
    assert dict(diag.context)["turned_down_components"] >= 3 and diag.severity.value == "info"


def test_hierarchy_across_pages() -> None:
    """Every hierarchical fixture project (its truth: the script's sheets and their files): the root page has
    the path ``/`` and its own file, each sub-sheet page its path under the root, the file its sheet symbol
    names, and the root page as its parent."""

    import pdftract

    truth = json.loads((KICAD / "truth.json").read_text(encoding="utf-8"))
    by_file: dict[str, list[dict[str, object]]] = {}
    for page in truth["pages"]:
        by_file.setdefault(page["file"], []).append(page)
    projects = sorted(f for f, pages in by_file.items() if len(pages) > 1)
    assert len(projects) >= 10
    for fname in projects[::4]:  # (a sample of the families, within the test budget)
        pages = by_file[fname]
        files = {s["name"]: s["file"] for s in pages[0]["sheet_symbols"]}  # type: ignore[union-attr]
        sheets = pdftract.analyze(KICAD / fname).sheets
        got = {s.page: (s.schematic_path, s.schematic_file, s.parent_page) for s in sheets}
        want = {1: ("/", fname.replace(".pdf", ".kicad_sch"), None)}
        for p in pages[1:]:
            want[int(p["page"])] = (f"/{p['sheet']}/", files[str(p["sheet"])], 1)  # type: ignore[call-overload]
        assert got == want, fname


@pytest.mark.skipif(not (SHARED / "sch-odrive-v3.5-altium.pdf").exists(), reason="shared corpus absent")
def test_altium_sheet_symbols_and_hierarchy() -> None:
    """Altium stacks a sheet symbol's name over its file name above the rectangle, and prints each page's file
    right of a ``File:`` label (read off the rendered pages: benchmarks/schematic_real_expectations.json
    for page 1's symbols)."""
    want = json.loads((ROOT / "benchmarks" / "schematic_real_expectations.json").read_text(encoding="utf-8"))
    symbols = {(s["name"], s["file"]) for s in want["files"]["sch-odrive-v3.5-altium.pdf"]["sheet_symbols"]}
    doc = pdftract.analyze(SHARED / "sch-odrive-v3.5-altium.pdf")
    assert {(s.name, s.file) for s in doc.pages[0].results["sheet_symbols"]} == symbols
    got = {s.page: (s.schematic_path, (s.schematic_file or "").rsplit("\\", 1)[-1], s.parent_page) for s in doc.sheets}
    assert got == {1: (None, "Top.SchDoc", None), 2: (None, "MotorCell.SchDoc", 1),
                   3: (None, "MotorCell_noPow.SchDoc", 1), 4: (None, "AuxHalfH.SchDoc", 1)}


def test_symbol_graphics_are_joined_a_bounded_block_of_pairs_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The touching pairs of a schematic's paths are found a block at a time (a dense assembly drawing's
    130 000 paths touch in millions of pairs); the blocks do not change what is read."""
    import pdftract.analyzers.schematic as sch

    page = pdftract.open(sorted(KICAD.glob("*.pdf"))[0]).page(1)
    page.layout
    whole = read_schematic(page)
    real_blocks = sch.box_pair_blocks
    sizes: list[int] = []

    def small(q: object, b: object, budget: int | None = None) -> object:
        for rows, cols in real_blocks(q, b, 40):  # type: ignore[arg-type]
            sizes.append(len(rows))
            yield rows, cols

    monkeypatch.setattr(sch, "box_pair_blocks", small)
    assert read_schematic(page) == whole and whole.components
    assert len(sizes) > 5
