"""The README's Python example runs as written, on a sheet with a title block and on one without."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pdftract.testing import simple_pdf

from .conftest import FIXTURES

README = Path(__file__).resolve().parent.parent / "README.md"


def _example() -> str:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code is not None
    return code.group(1)


def test_readme_python_example_runs_on_a_drawing(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(_example().replace('"bracket.pdf"', repr(str(FIXTURES / "demo-bracket.pdf"))), "README", "exec"), {})
    out = capsys.readouterr().out
    assert "PT-1001 B" in out and "revision [{" in out


def test_readme_python_example_runs_on_a_page_without_a_title_block(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "memo.pdf"
    pdf.write_bytes(simple_pdf(pages=[["Just a memo, no drawing here."]]))
    exec(compile(_example().replace('"bracket.pdf"', repr(str(pdf))), "README", "exec"), {})
    assert "1 no title block:" in capsys.readouterr().out


def test_readme_lists_the_pandas_extra_and_every_command() -> None:
    text = README.read_text(encoding="utf-8")
    assert "pdftract[pandas]" in text
    for command in ("extract", "show", "sheets", "tables", "dimensions", "gdt", "schema", "analyzers", "batch"):
        assert re.search(rf"^pdftract {command}\b", text, re.M), command


def test_plm_export_example_visits_upper_case_files_and_says_what_is_missing(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("plm_export", README.parent / "docs" / "examples" / "plm_export.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    folder = tmp_path / "vault"
    folder.mkdir()
    (folder / "BRACKET.PDF").write_bytes((FIXTURES / "demo-bracket.pdf").read_bytes())  # SolidWorks' default case
    (folder / "memo.pdf").write_bytes(simple_pdf(pages=[["Just a memo"]]))
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7\n")
    rows = {Path(r["file"]).name: r for r in module.rows(folder)}
    assert rows["BRACKET.PDF"]["status"] == "ok" and rows["BRACKET.PDF"]["drawing_number"] == "PT-1001"
    assert rows["BRACKET.PDF"]["revision"] == "B" and float(rows["BRACKET.PDF"]["confidence"]) > 0.5
    assert rows["memo.pdf"]["status"] == "NO_TITLE_BLOCK"
    assert rows["broken.pdf"]["status"] in ("TRUNCATED", "MALFORMED_XREF", "EMPTY_FILE")
