"""Budgets inside the library (pdftract.limits) and what fuzzing found (benchmarks/fuzz.py).

A page past a budget is cut with RESOURCE_LIMIT naming the budget and the count; the document's other pages
are still read. Hang regressions run in a subprocess with a generous timeout: a hang fails the test, no
speed is asserted.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest

import pdftract
from pdftract.errors import Code, SettingsError
from pdftract.limits import Limits
from pdftract.testing import PdfWriter

ROOT = Path(__file__).resolve().parents[1]


def _pdf(contents: list[bytes], *, compress: bool = False) -> bytes:
    w = PdfWriter()
    font = w.helvetica()
    for c in contents:
        w.add_page(c, media=(0, 0, 612, 792), fonts={"F1": font}, compress=compress)
    return w.tobytes()


def _text(s: str, y: int = 700) -> bytes:
    return f"BT /F1 12 Tf 72 {y} Td ({s}) Tj ET\n".encode()


def _limit(sheet: pdftract.Sheet) -> dict[str, object]:
    (d,) = [d for d in sheet.diagnostics if d.code is Code.RESOURCE_LIMIT]
    return dict(d.context)


def test_an_operator_flood_is_cut_and_the_other_pages_are_read() -> None:
    flood = _text("BEFORE") + b"1 0 0 1 0 0 cm\n" * 50_000 + _text("AFTER", 600)
    doc = pdftract.analyze(_pdf([_text("FIRST"), flood, _text("LAST")]), limits={"max_operators": 20_000})
    first, cut, last = doc.pages
    assert first.text == "FIRST" and last.text == "LAST"
    assert cut.text == "BEFORE"  # what was read before the cut stays
    got = _limit(cut)
    assert got["budget"] == "max_operators" and got["limit"] == 20_000 and int(str(got["count"])) > 20_000
    assert not any(d.code is Code.RESOURCE_LIMIT for d in first.diagnostics + last.diagnostics)


def test_glyph_and_segment_budgets() -> None:
    many = b"BT /F1 6 Tf 10 700 Td " + b"(ABCDEFGHIJ) Tj " * 300 + b"ET\n"
    lines = b"".join(b"%d 100 m %d 200 l S\n" % (i, i) for i in range(3000))
    doc = pdftract.open(_pdf([many, lines]), limits={"max_glyphs": 1000, "max_segments": 2000})
    assert len(doc.page(1).glyphs) == 1000 and _limit(doc.page(1))["budget"] == "max_glyphs"
    assert sum(len(p.segments) for p in doc.page(2).paths) <= 2000 and _limit(doc.page(2))["budget"] == "max_segments"
    assert len(pdftract.open(_pdf([many])).page(1).glyphs) == 3000  # the defaults are far above


def test_the_page_time_budget_cuts_a_slow_page() -> None:
    slow = b"1 0 0 1 0 0 cm\n" * 400_000
    sheet = pdftract.open(_pdf([slow], compress=True), limits={"max_page_seconds": 0.001}).page(1)
    assert _limit(sheet)["budget"] == "max_page_seconds"


def test_the_analysis_time_budget_skips_the_analyzers_left() -> None:
    doc = pdftract.analyze(_pdf([_text("DWG NO 4711")]), limits={"max_analysis_seconds": 1e-9})
    got = _limit(doc.page(1))
    assert got["budget"] == "max_analysis_seconds" and "title_block" in str(got["skipped"])
    assert "title_block" not in doc.page(1).results


def test_a_font_program_bomb_is_left_out_and_said() -> None:
    w = PdfWriter()
    bomb = zlib.compress(b"\0" * (8 << 20))
    ff = w.add(f"<< /Length {len(bomb)} /Filter /FlateDecode /Length1 {8 << 20} >>\nstream\n".encode() + bomb + b"\nendstream")
    fd = w.add(f"<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 "
               f"/Descent -200 /CapHeight 700 /StemV 80 /FontFile2 {ff} 0 R >>")
    font = w.add(f"<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 126 /Widths [{' '.join(['500'] * 95)}] "
                 f"/FontDescriptor {fd} 0 R /Encoding /WinAnsiEncoding >>")
    w.add_page(_text("BOMB TEXT"), media=(0, 0, 612, 792), fonts={"F1": font})
    sheet = pdftract.open(w.tobytes(), limits={"max_font_bytes": 1 << 20}).page(1)
    assert sheet.text == "BOMB TEXT"
    assert any(d.code is Code.RESOURCE_LIMIT and "max_font_bytes" in d.message for d in sheet.diagnostics)


def test_bad_limits_are_refused() -> None:
    with pytest.raises(SettingsError):
        pdftract.open(_pdf([_text("A")]), limits={"max_operators": 0})
    with pytest.raises(SettingsError):
        pdftract.open(_pdf([_text("A")]), limits={"max_operatorz": 10})
    assert Limits().max_operators >= 5_000_000


def test_geometry_at_absurd_coordinates_is_left_out_and_said() -> None:
    huge = b"1" + b"0" * 12  # PDF numbers have no exponent: a damaged file writes the digits
    page = (_text("KEPT") + b"100 100 m 200 200 l S\nq " + huge + b" 0 0 " + huge + b" 0 0 cm 0 0 m 1 1 l S Q\n"
            + b"q 1 0 0 1 0 0 cm 0 0 m " + b"9" * 400 + b" 1 l S Q\n")
    sheet = pdftract.open(_pdf([page])).page(1)
    assert sheet.text == "KEPT" and len(sheet.paths) == 1
    assert any(d.code is Code.PDF_WARNING and "absurd" in d.message and dict(d.context)["paths"] == 2 for d in sheet.diagnostics)


_HANG = textwrap.dedent("""
    import sys, pdftract
    doc = pdftract.analyze(open(sys.argv[1], "rb").read())
    print(doc.page(1).text)
""")


@pytest.mark.parametrize("content", [
    # a long run of digit-only numbers with no operator after it: the number pattern backtracked through every
    # way of splitting each number (found by fuzzing a KiCad sheet, an exponential hang)
    b" ".join([b"408051"] * 60) + b" /Name\n" + _text("AFTER THE RUN"),
    # the same run, long, then a token that is no operator: each number rescanned the rest (quadratic)
    b" ".join([b"12"] * 200_000) + b" <00>\n" + _text("AFTER THE RUN"),
], ids=["backtracking", "rescanning"])
def test_content_found_hanging_by_fuzzing_reads(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "case.pdf"
    path.write_bytes(_pdf([content], compress=True))
    run = subprocess.run([sys.executable, "-c", _HANG, str(path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "AFTER THE RUN" in run.stdout


def _fuzz_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fuzz_bench", ROOT / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_bounded_fuzz_run_ends_every_case_in_a_result_or_a_typed_error(tmp_path: Path) -> None:
    """A short, fixed-seed run of benchmarks/fuzz.py over the fixtures (the long run is in docs/limits.md)."""
    fuzz = _fuzz_module()
    seeds = [p.read_bytes() for p in fuzz.seed_files(include_corpus=False)]
    assert len(seeds) > 50
    results = fuzz.fuzz(22, range(300), seeds, tmp_path)
    kinds = {o.kind for _, o, _ in results}
    bad = [(i, what, o.detail[-600:]) for i, o, what in results if o.kind not in ("result", "typed")]
    assert not bad, json.dumps(bad, indent=1)
    assert "result" in kinds  # the mutations do not only break the files beyond reading


def test_extract_takes_limits_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.cli import main

    src = tmp_path / "flood.pdf"
    src.write_bytes(_pdf([_text("BEFORE") + b"1 0 0 1 0 0 cm\n" * 30_000]))
    out = tmp_path / "out.json"
    assert main(["extract", str(src), "-q", "-o", str(out), "--analyzers", "", "--limit", "max_operators=20000"]) == 0
    (page,) = json.loads(out.read_text())["pages"]
    assert [d["context"]["budget"] for d in page["diagnostics"] if d["code"] == "RESOURCE_LIMIT"] == ["max_operators"]
    assert main(["extract", str(src), "-q", "--limit", "max_operators"]) == 2
    assert main(["extract", str(src), "-q", "--limit", "max_typo=3"]) == 2
    assert "max_typo" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "fixtures" / "fuzz").glob("*.pdf")))
def test_inputs_fuzzing_broke_once_end_in_a_result_or_a_typed_error(name: str) -> None:
    outcome = _fuzz_module().run_case((ROOT / "fixtures" / "fuzz" / name).read_bytes())
    assert outcome.kind in ("result", "typed"), outcome.detail


def test_damaged_flate_follows_the_readers_rule_without_its_cost() -> None:
    """Damaged Flate data gives what pdfminer's own recovery gives (it re-inflates byte by byte into a growing
    bytes object, quadratic: fuzzing found a page that took minutes), on every kind of damage."""
    import random

    from pdfminer.pdftypes import PDFStream, decompress_corrupted

    from pdftract.ingest.device import LITERALS_FLATE_DECODE, inflate_capped

    body = b"".join(b"%d 0 m %d 10 l S\n" % (i, i) for i in range(3000))
    packed = zlib.compress(body)

    def ours(raw: bytes) -> bytes:
        s = PDFStream({"Filter": LITERALS_FLATE_DECODE[0], "Length": len(raw)}, raw)
        assert inflate_capped(s, 1 << 30)
        return bytes(s.get_data())

    def reference(raw: bytes) -> bytes:
        try:
            return zlib.decompress(raw)
        except zlib.error:
            try:
                return decompress_corrupted(raw)
            except zlib.error:
                return b""

    rng = random.Random(22)
    cases = [packed, packed[:-2] + b"\xff\xff", packed[: len(packed) // 2], packed + b"trailing garbage"]
    for _ in range(40):
        b = bytearray(packed)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(2, len(b))] = rng.randrange(256)
        cases.append(bytes(b))
    outcomes = set()
    for raw in cases:
        got, want = ours(raw), reference(raw)
        assert got == want
        outcomes.add("lost" if not got else "whole" if got == body else "part")
    assert outcomes == {"lost", "whole", "part"}  # the cases reach every branch
