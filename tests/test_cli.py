"""The command line: outputs, exit codes, one-line errors, byte-identical reruns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pdftract.cli import main
from pdftract.testing import simple_pdf

from .conftest import FIXTURES


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pdftract.cli", *args], capture_output=True, text=True, timeout=120)


def test_extract_to_stdout_with_pages_and_include(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "three.pdf"
    pdf.write_bytes(simple_pdf(pages=[["ONE"], ["TWO"], ["THREE"]]))
    assert main(["extract", str(pdf), "--pages", "2-3", "--include", "glyphs,words"]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert [p["number"] for p in doc["pages"]] == [2, 3]
    g = doc["pages"][0]["glyphs"][0]
    assert g["text"] == "T" and {"bbox", "font", "size", "direction"} <= set(g)
    assert "2 of 3 pages" in captured.err and "glyphs" in captured.err


def test_extract_twice_gives_identical_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    src = str(FIXTURES / "demo-bracket.pdf")
    assert run("extract", src, "-o", str(a), "--include", "glyphs,paths,words").returncode == 0
    assert run("extract", src, "-o", str(b), "--include", "glyphs,paths,words").returncode == 0
    assert a.read_bytes() == b.read_bytes()


def test_bad_input_is_one_line_with_the_code(tmp_path: Path) -> None:
    bad = tmp_path / "notes.pdf"
    bad.write_text("not a pdf at all")
    r = run("extract", str(bad))
    assert r.returncode == 3
    assert r.stderr.startswith("pdftract: error NOT_PDF:") and r.stderr.count("\n") == 1
    assert "Traceback" not in r.stderr and r.stdout == ""
    r = run("extract", str(tmp_path / "missing.pdf"))
    assert r.returncode == 3 and "FILE_NOT_FOUND" in r.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    pdf = tmp_path / "one.pdf"
    pdf.write_bytes(simple_pdf(pages=[["ONE"]]))
    assert run("extract", str(pdf), "--include", "chars").returncode == 2
    assert run("extract", str(pdf), "--analyzers", "no_such_analyzer").returncode == 2
    assert run("frobnicate").returncode == 2
    r = run("extract", str(pdf), "--pages", "5")
    assert r.returncode == 3 and "PAGE_OUT_OF_RANGE" in r.stderr


def test_show_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "page.svg"
    r = run("show", str(FIXTURES / "issue-002-rotate90-crop.pdf"), "--page", "1", "-o", str(out))
    assert r.returncode == 0, r.stderr
    import xml.etree.ElementTree as ET

    root = ET.fromstring(out.read_text())
    assert root.get("viewBox") == "0 0 902 592"  # the page (752 x 592) and the legend beside it
    page = root.find("{http://www.w3.org/2000/svg}rect")
    assert page is not None and (page.get("width"), page.get("height")) == ("752", "592")
    assert root.find(".//{http://www.w3.org/2000/svg}g[@id='legend']") is not None


def test_extract_writes_svg_next_to_json(tmp_path: Path) -> None:
    r = run("extract", str(FIXTURES / "demo-bracket.pdf"), "-o", str(tmp_path / "d.json"), "--svg", str(tmp_path / "d.svg"), "-q")
    assert r.returncode == 0 and r.stderr == ""
    assert (tmp_path / "d.svg").read_text().startswith("<svg")


def test_show_writes_png_by_extension_or_refuses(tmp_path: Path) -> None:
    src = str(FIXTURES / "demo-bracket.pdf")
    r = run("show", src, "-o", str(tmp_path / "m.jpg"))
    assert r.returncode == 2 and "svg or .png" in r.stderr and not (tmp_path / "m.jpg").exists()
    pytest.importorskip("pypdfium2")
    r = run("show", src, "-o", str(tmp_path / "m.png"), "--dpi", "50")
    assert r.returncode == 0, r.stderr
    data = (tmp_path / "m.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape[0] == round(841.89 * 50 / 72)  # the A3 page at 50 dpi, a legend column beside it
    assert image.shape[1] > round(1190.55 * 50 / 72)


def _csv(text: str) -> "list[dict[str, str]]":
    import csv
    import io

    return list(csv.DictReader(io.StringIO(text)))


def test_tables_csv_is_one_table_pandas_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    import pandas as pd

    assert main(["tables", str(FIXTURES / "demo-bracket.pdf"), str(FIXTURES / "generated" / "bom-merged-multiline.pdf"),
                 "--csv"]) == 0
    out = capsys.readouterr()
    frame = pd.read_csv(io.StringIO(out.out))
    assert list(frame.columns[:5]) == ["file", "page", "table", "kind", "row"]
    assert not out.out.startswith("#") and out.out.count("file,page,table") == 1
    assert set(frame["kind"]) >= {"revision", "bom"} and frame["file"].nunique() == 2
    assert {"revision", "description", "quantity"} <= set(frame.columns)
    assert "tables in" in out.err


def test_sheets_reads_folders_of_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "drawings"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "BRACKET.PDF").write_bytes((FIXTURES / "demo-bracket.pdf").read_bytes())
    (folder / "memo.pdf").write_bytes(simple_pdf(pages=[["MEMO"], ["PAGE TWO"]]))
    (folder / "README.txt").write_text("not a drawing")
    assert main(["sheets", str(folder), "--csv"]) == 0
    out = capsys.readouterr()
    rows = _csv(out.out)
    assert [(Path(r["file"]).name, r["page"]) for r in rows] == [("memo.pdf", "1"), ("memo.pdf", "2"), ("BRACKET.PDF", "1")]
    assert rows[2]["drawing_number"] == "PT-1001" and rows[2]["revision"] == "B" and rows[0]["drawing_number"] == ""
    assert "3 sheets in 2 files" in out.err


def test_several_inputs_go_on_after_a_bad_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf at all")
    assert main(["sheets", str(bad), str(FIXTURES / "demo-bracket.pdf"), "--csv"]) == 3
    out = capsys.readouterr()
    assert "NOT_PDF" in out.err and len(_csv(out.out)) == 1


def test_dimensions_and_gdt_csv_carry_file_and_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dimensions", str(FIXTURES / "demo-bracket.pdf"), "--csv"]) == 0
    out = capsys.readouterr()
    rows = _csv(out.out)
    assert rows and list(rows[0])[:2] == ["file", "page"] and "confidence" in rows[0]
    assert "7 dimensions in 1 page" in out.err
    assert main(["gdt", str(FIXTURES / "generated" / "gdt-unicode.pdf"), "--csv", "--pages", "1"]) == 0
    out = capsys.readouterr()
    assert _csv(out.out)[0]["file"].endswith("gdt-unicode.pdf") and "feature control frame" in out.err


def test_analyzers_needs_are_pulled_in_and_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(FIXTURES / "demo-bracket.pdf"), "--analyzers", "title_block", "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["pages"][0]["title_block"]["fields"]["drawing_number"]["value"] == "PT-1001" and "tables" in doc["pages"][0]
    assert main(["analyzers"]) == 0
    listing = capsys.readouterr().out
    assert "title_block:" in listing and "runs first (pulled in when asked for alone): tables" in listing
    assert "``" not in listing and ":func:" not in listing and ":mod:" not in listing
    for line in listing.splitlines():
        if not line.startswith(" ") and ":" in line:
            assert line.rstrip().endswith((".", ")")), f"cut sentence: {line}"


def test_every_argument_has_help() -> None:
    import argparse

    from pdftract.cli import _parser

    parser = _parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [f"{name} {a.dest}" for name, sub in subs.choices.items() for a in sub._actions
               if not isinstance(a, argparse._HelpAction) and not a.help]
    missing += [a.dest for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))
                and not a.help]
    assert missing == []
    helps = {name: sub.format_help() for name, sub in subs.choices.items()}
    for name in ("extract", "show", "tables", "dimensions", "gdt", "sheets", "batch"):
        assert "--password" in helps[name], name
    assert "other" not in helps["tables"].split("--kind")[1].split("\n")[0]  # a kind no table ever gets


def test_singular_and_plural_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pdf = tmp_path / "one.pdf"
    pdf.write_bytes(simple_pdf(pages=[["ONE"]]))
    assert main(["extract", str(pdf), "-o", str(tmp_path / "o.json")]) == 0
    err = capsys.readouterr().err
    assert "1 of 1 page," in err and "1 pages" not in err and "0 diagnostics" in err
    assert main(["tables", str(pdf)]) == 0
    assert "0 tables in 1 page" in capsys.readouterr().err


def test_traceback_flag_replaces_debug() -> None:
    from pdftract.cli import _parser

    args = _parser().parse_args(["--traceback", "analyzers"])
    assert args.traceback is True
    with pytest.raises(SystemExit):
        _parser().parse_args(["--debug", "analyzers"])


def test_refusals_are_usage_errors(tmp_path: Path) -> None:
    src = str(FIXTURES / "demo-bracket.pdf")
    r = run("show", src, "-o", str(tmp_path / "x.png"), "--dpi", "0")
    assert r.returncode == 2 and "--dpi" in r.stderr
    r = run("extract", src, "-o", str(tmp_path / "no" / "such" / "x.json"))
    assert r.returncode == 2 and "does not exist" in r.stderr and not (tmp_path / "no").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run("sheets", str(empty))
    assert r.returncode == 3 and "no .pdf files" in r.stderr
    r = run("extract", str(tmp_path / "missing.pdf"), "--traceback")  # the flag is taken after the command too
    assert r.returncode == 3 and "FILE_NOT_FOUND" in r.stderr
    r = run("extract", src, "--pages", "5")
    assert "has 1 page" in r.stderr and "1 pages" not in r.stderr


def test_the_summary_counts_inputs_that_failed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.7\n")
    assert main(["tables", str(bad), str(FIXTURES / "demo-bracket.pdf")]) == 3
    assert "1 input could not be read" in capsys.readouterr().err
