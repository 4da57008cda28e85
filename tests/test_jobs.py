"""``analyze(..., jobs=N)`` and ``pdftract extract --jobs N``: pages read in worker processes, output unchanged."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import pdftract
from pdftract import api
from pdftract.errors import Code, SettingsError, WorkerCrashedError
from pdftract.testing import simple_pdf

from .conftest import FIXTURES

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "real"
FOUR_SHEETS = SHARED / "mech-psas-button-ring-4sheet.pdf"


def test_sheets_pickle_with_their_results_and_without_their_caches() -> None:
    doc = pdftract.analyze(FIXTURES / "demo-bracket.pdf")
    sheet = doc.page(1)
    assert sheet.words and "index" in sheet.shared_cache  # derived caches filled
    back = pickle.loads(pickle.dumps(sheet))
    assert back.glyphs == sheet.glyphs and back.paths == sheet.paths and back.diagnostics == sheet.diagnostics
    assert dict(back.results).keys() == dict(sheet.results).keys() and back.shared_cache == {}
    assert doc.with_sheets({1: back}).to_json() == doc.to_json()


@pytest.mark.parametrize("jobs", [2, 3])
def test_several_processes_give_the_same_json(jobs: int) -> None:
    pages = [[f"SHEET {i} OF 5", f"PART-{i:03d} BRACKET"] for i in range(1, 6)]
    data = simple_pdf(pages=pages)
    seen: list[tuple[int, int]] = []
    serial = pdftract.analyze(data).to_json(["glyphs", "paths", "words"])
    parallel = pdftract.analyze(data, jobs=jobs, progress=lambda done, total: seen.append((done, total)))
    assert parallel.to_json(["glyphs", "paths", "words"]) == serial
    assert seen == [(i, 5) for i in range(1, 6)]
    assert [s.number for s in parallel.pages] == [1, 2, 3, 4, 5]


@pytest.mark.skipif(not FOUR_SHEETS.is_file(), reason="the shared real corpus is not here")
def test_real_four_sheet_drawing_the_same_with_two_processes() -> None:
    serial = pdftract.analyze(FOUR_SHEETS)
    parallel = pdftract.analyze(FOUR_SHEETS, jobs=2)
    assert parallel.to_json() == serial.to_json()
    assert dict(parallel.fonts) == dict(serial.fonts)  # fonts met in the workers are the document's too


def test_jobs_must_be_a_count() -> None:
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(SettingsError):
            pdftract.analyze(simple_pdf(pages=[["A"]]), jobs=bad)  # type: ignore[arg-type]


def test_one_page_or_one_job_stays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> object:
        raise AssertionError("no worker processes for a single page")

    monkeypatch.setattr(api, "_analyze_in_processes", forbidden)
    assert pdftract.analyze(simple_pdf(pages=[["A"]]), jobs=4).pages[0].text == "A"


def _die(number: int) -> object:
    os.kill(os.getpid(), signal.SIGKILL)
    return None


def test_a_dead_worker_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "_analyse_page", _die)
    with pytest.raises(WorkerCrashedError) as info:
        pdftract.analyze(simple_pdf(pages=[["A"], ["B"]]), jobs=2)
    assert info.value.code is Code.WORKER_CRASHED


def test_cli_jobs_same_bytes(tmp_path: Path) -> None:
    pdf = tmp_path / "three.pdf"
    pdf.write_bytes(simple_pdf(pages=[["ONE"], ["TWO"], ["THREE"]]))
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.json"
        r = subprocess.run([sys.executable, "-m", "pdftract.cli", "extract", str(pdf), "-o", str(out), "--jobs", jobs, "-q"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert b"THREE" in outs[0]
