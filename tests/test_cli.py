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
    assert root.get("viewBox") == "0 0 752 592"


def test_extract_writes_svg_next_to_json(tmp_path: Path) -> None:
    r = run("extract", str(FIXTURES / "demo-bracket.pdf"), "-o", str(tmp_path / "d.json"), "--svg", str(tmp_path / "d.svg"), "-q")
    assert r.returncode == 0 and r.stderr == ""
    assert (tmp_path / "d.svg").read_text().startswith("<svg")
