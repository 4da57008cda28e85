"""The batch engine: detection, provenance, isolation and limits, the fallback ladder, outputs, resume,
determinism, the executor API (threads, dask) and the hostile corpus."""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import json
import os
import sys
import threading
import time
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pdftract.batch import BatchSettings, InputItem, run_batch
from pdftract.batch import engine
from pdftract.ingest import ocr

from .conftest import CORPUS, ROOT

_spec = importlib.util.spec_from_file_location("hostile_make", ROOT / "fixtures" / "hostile" / "make.py")
assert _spec is not None and _spec.loader is not None
hostile = importlib.util.module_from_spec(_spec)  # loaded by path: fixtures/drawings has a make.py too
_spec.loader.exec_module(hostile)

REAL = ["mech-odri-center-pulley-gdt.pdf", "mech-psas-mandrel-rot90.pdf"]
SCANNED = ["scanned-moteino-mega-schematic-raster.pdf"]  # image-only: read only where OCR is installed
LIMITS = {"timeout": 20.0, "max_memory_mb": 1024}


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _records(out: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    res = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    dlq = [json.loads(x) for x in (out / "quarantine.jsonl").read_text().splitlines()]
    return res, dlq


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], dict[str, list[str]]]:
    d = tmp_path_factory.mktemp("hostile")
    expected = hostile.build(d, quick=True)
    inputs = [d / n for n in sorted(expected)]
    for name in REAL + SCANNED:
        if (CORPUS / name).exists():
            inputs.append(CORPUS / name)
            expected[name] = list(hostile.scan_outcomes()) if name in SCANNED else ["ok"]
    return inputs, expected


@pytest.fixture(scope="module")
def two_worker_run(corpus: tuple[list[Path], dict[str, list[str]]], tmp_path_factory: pytest.TempPathFactory) -> Path:
    inputs, _ = corpus
    before = {p: _sha(p) for p in inputs}
    out = tmp_path_factory.mktemp("run2")
    run_batch(inputs, out, BatchSettings(workers=2, **LIMITS))  # type: ignore[arg-type]
    assert {p: _sha(p) for p in inputs} == before  # the inputs are never modified
    return out


def test_hostile_corpus_has_every_kind(corpus: tuple[list[Path], dict[str, list[str]]]) -> None:
    inputs, expected = corpus
    names = set(expected)
    assert sum(1 for n in names if n.startswith("truncated-")) >= 50
    for must in ("zero-bytes.pdf", "garbage-prefix.pdf", "page-tree-cycle.pdf", "scanned-page.pdf",
                 "encrypted-aes-256-user-password.pdf", "encrypted-rc4-40-owner-only.pdf", "nested-arrays-content.pdf"):
        assert must in names
    assert len([p for p in inputs if p.parent != CORPUS]) >= 100


def test_every_input_is_reconciled_once(two_worker_run: Path, corpus: tuple[list[Path], dict[str, list[str]]]) -> None:
    inputs, expected = corpus
    res, dlq = _records(two_worker_run)
    summary = json.loads((two_worker_run / "summary.json").read_text())
    assert summary["inputs"] == len(inputs) == summary["succeeded"] + summary["quarantined"] == len(res) + len(dlq)
    assert sum(summary["by_status"].values()) == len(res) and sum(summary["by_category"].values()) == len(dlq)
    # one place per input, in input order within each file
    order = {os.fspath(p): i for i, p in enumerate(inputs)}
    seen = [r["path"] for r in res] + [r["path"] for r in dlq]
    assert sorted(seen) == sorted(order)
    for recs in (res, dlq):
        idx = [order[r["path"]] for r in recs]
        assert idx == sorted(idx)
    # every outcome is one the file may honestly reach
    for r in res:
        assert "ok" in expected[Path(r["path"]).name], r
        assert (two_worker_run / r["document"]).is_file()
        assert r["engine_version"] and len(r["settings_hash"]) == 64 and len(r["sha256"]) == 64 and len(r["md5"]) == 32
        assert r["peak_rss_mb"] <= LIMITS["max_memory_mb"]
        assert r["timings"]["total_s"] <= LIMITS["timeout"] + 10
    for r in dlq:
        assert r["error_category"] in expected[Path(r["path"]).name], r
        assert r["tiers"] and r["timestamp"].endswith("Z") and r["message"]
    by_name = {Path(r["path"]).name: r for r in res + dlq}
    assert by_name["drawing-named.txt"]["status"] == "OK"  # content, not the name
    assert by_name["text-named.pdf"]["error_category"] == "NOT_PDF"
    assert by_name["encrypted-aes-256-user-password.pdf"]["error_category"] == "ENCRYPTED_NO_KEY"
    assert by_name["encrypted-aes-256-user-password.pdf"]["tiers"] == ["primary"]  # never to repair or OCR


def test_the_repaired_route_recovers_a_truncated_trailer(two_worker_run: Path) -> None:
    res, _ = _records(two_worker_run)
    (rec,) = [r for r in res if r["path"].endswith("truncated-trailer.pdf")]
    assert rec["status"] == "RECOVERED" and rec["route"] == ["primary", "repaired"]
    doc = json.loads((two_worker_run / rec["document"]).read_text())
    assert [p["text"].split("\n")[0] for p in doc["pages"]] == ["SHEET 1 OF 3", "SHEET 2 OF 3", "SHEET 3 OF 3"]
    assert doc["source"]["sha256"] == rec["sha256"]  # the document describes the input, not the repaired copy


@pytest.mark.skipif(not ocr.available(), reason="OCR extra or tesseract not installed")
def test_the_ocr_route_reads_scanned_pages(two_worker_run: Path) -> None:
    res, _ = _records(two_worker_run)
    by_name = {Path(r["path"]).name: r for r in res}
    scan = by_name["scanned-page.pdf"]
    assert scan["route"] == ["primary", "ocr"] and scan["status"] == "RECOVERED"
    text = json.loads((two_worker_run / scan["document"]).read_text())["pages"][0]["text"]
    assert all(w in text for w in hostile.SCAN_WORDS)
    if "scanned-moteino-mega-schematic-raster.pdf" in by_name:
        moteino = by_name["scanned-moteino-mega-schematic-raster.pdf"]
        assert moteino["route"] == ["primary", "ocr"]
        words = json.loads((two_worker_run / moteino["document"]).read_text())["pages"][0]["text"].split()
        assert {"Moteino", "MEGA", "GND"} <= set(words)


@pytest.mark.skipif(ocr.available(), reason="OCR is installed here: the route reads the scans instead")
def test_scans_are_quarantined_with_a_reason_where_ocr_is_missing(two_worker_run: Path) -> None:
    _, dlq = _records(two_worker_run)
    (scan,) = [r for r in dlq if r["path"].endswith("scanned-page.pdf")]
    assert scan["error_category"] == "OCR_FAILED" and "tesseract" in scan["message"]


def test_the_ocr_decision_follows_whether_ocr_is_installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Runs on every machine: without OCR an all-scan document gets a reason, never an empty success."""
    import pdftract
    from pdftract.batch import worker

    path = tmp_path / "scan.pdf"
    path.write_bytes(hostile._scan())
    doc = pdftract.open(path)
    monkeypatch.setattr(ocr, "available", lambda: False)
    route: list[str] = []
    _, status, reason = worker._ocr({"path": os.fspath(path), "settings": {"ocr": "auto"}}, doc, route, {})
    assert route == ["ocr"] and status is None and reason is not None and reason[0] == "OCR_FAILED"
    _, status, reason = worker._ocr({"path": os.fspath(path), "settings": {"ocr": "never"}}, doc, [], {})
    assert reason is not None and reason[0] == "MISSING_TEXT_LAYER"


def test_outputs_summary_and_metrics(two_worker_run: Path) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    summary = json.loads((two_worker_run / "summary.json").read_text())
    families = {f.name: f for f in text_string_to_metric_families((two_worker_run / "metrics.prom").read_text())}
    docs = {s.labels["status"]: s.value for s in families["pdftract_documents"].samples}
    assert sum(docs.values()) == summary["inputs"]
    assert families["pdftract_quarantined"].samples[0].value == summary["quarantined"]
    count = [s for s in families["pdftract_document_seconds"].samples if s.name.endswith("_count")][0]
    assert count.value == summary["inputs"]
    assert {"pdftract_pages", "pdftract_integrity_rate"} <= set(families)


def test_documents_are_identical_with_one_or_two_workers(two_worker_run: Path, corpus: tuple[list[Path], dict[str, list[str]]],
                                                        tmp_path: Path) -> None:
    inputs, _ = corpus
    run_batch(inputs, tmp_path, BatchSettings(workers=1, **LIMITS))  # type: ignore[arg-type]
    res1, dlq1 = _records(tmp_path)
    res2, dlq2 = _records(two_worker_run)
    assert [(r["path"], r["status"], r["route"], r["document"]) for r in res1] == \
        [(r["path"], r["status"], r["route"], r["document"]) for r in res2]
    assert [(r["path"], r["error_category"]) for r in dlq1] == [(r["path"], r["error_category"]) for r in dlq2]
    for r in res1:
        assert (tmp_path / r["document"]).read_bytes() == (two_worker_run / r["document"]).read_bytes(), r["path"]


def test_resume_keeps_matching_results_only(tmp_path: Path) -> None:
    from pdftract.testing import simple_pdf

    files = []
    for i in range(3):
        f = tmp_path / f"in-{i}.pdf"
        f.write_bytes(simple_pdf(pages=[[f"PART {i}"]]))
        files.append(f)
    (tmp_path / "in-bad.pdf").write_text("nope")
    files.append(tmp_path / "in-bad.pdf")
    out = tmp_path / "out"
    first = run_batch(files, out, BatchSettings(workers=1, analyzers=()))
    again = run_batch(files, out, BatchSettings(workers=1, analyzers=()), resume=True)
    assert (first["succeeded"], again["resumed"], again["succeeded"], again["quarantined"]) == (3, 3, 3, 1)
    files[1].write_bytes(simple_pdf(pages=[["CHANGED"]]))  # new bytes: read again
    third = run_batch(files, out, BatchSettings(workers=1, analyzers=()), resume=True)
    assert third["resumed"] == 2
    other = run_batch(files, out, BatchSettings(workers=1, analyzers=(), ocr="never"), resume=True)
    assert other["resumed"] == 0  # other settings, other settings hash
    res, dlq = _records(out)
    assert [Path(r["path"]).name for r in res] == ["in-0.pdf", "in-1.pdf", "in-2.pdf"] and len(dlq) == 1


def test_copies_of_one_file_keep_their_own_documents(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "sub-b.pdf"
    a.write_bytes(hostile._base(1))
    b.write_bytes(hostile._base(1))
    run_batch([a, b], tmp_path / "out", BatchSettings(workers=1, analyzers=()))
    res, _ = _records(tmp_path / "out")
    assert res[0]["sha256"] == res[1]["sha256"] and res[0]["document"] != res[1]["document"]
    assert [json.loads((tmp_path / "out" / r["document"]).read_text())["source"]["path"] for r in res] == [os.fspath(a), os.fspath(b)]


def test_a_password_opens_encrypted_inputs(tmp_path: Path) -> None:
    f = tmp_path / "locked.pdf"
    f.write_bytes(hostile._encrypted("owner-secret", "user-secret", 4, True))
    locked = run_batch([f], tmp_path / "a", BatchSettings(workers=1, analyzers=()))
    opened = run_batch([f], tmp_path / "b", BatchSettings(workers=1, analyzers=(), password="user-secret"))
    assert locked["by_category"] == {"ENCRYPTED_NO_KEY": 1} and opened["by_status"] == {"OK": 1}
    assert locked["settings_hash"] != opened["settings_hash"]
    assert "user-secret" not in (tmp_path / "b" / "summary.json").read_text()  # never written out


def test_progress_shows_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from pdftract.cli import main

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    inputs = []
    for i in range(3):
        f = tmp_path / f"n{i}.txt"
        f.write_text("plain text")
        inputs.append(os.fspath(f))
    assert main(["batch", *inputs, "--out", os.fspath(tmp_path / "a"), "--workers", "1"]) == 0
    assert "doc/s" not in capsys.readouterr().err  # not a terminal: the summary line only
    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    assert main(["batch", *inputs, "--out", os.fspath(tmp_path / "b"), "--workers", "1"]) == 0
    assert "3/3" in term.getvalue() and "doc" in term.getvalue()


def test_the_command_line_on_a_local_dask_cluster(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    from pdftract.cli import main

    (tmp_path / "a.pdf").write_bytes(hostile._base(1))
    assert main(["batch", os.fspath(tmp_path / "a.pdf"), "--out", os.fspath(tmp_path / "o"), "--workers", "1",
                 "--executor", "dask", "-q"]) == 0
    res, dlq = _records(tmp_path / "o")
    assert len(res) == 1 and not dlq and res[0]["status"] == "OK"


def test_workers_are_recycled_after_n_documents(tmp_path: Path) -> None:
    files = []
    for i in range(5):
        f = tmp_path / f"p{i}.pdf"
        f.write_bytes(hostile._base(1))
        files.append(f)
    run_batch(files, tmp_path / "out", BatchSettings(workers=1, recycle_after=2, analyzers=()))
    res, _ = _records(tmp_path / "out")
    pids = [r["worker"] for r in res]
    assert len(pids) == 5 and [pids.count(p) for p in dict.fromkeys(pids)] == [2, 2, 1]


def test_manifest_digests_give_the_integrity_rate(tmp_path: Path) -> None:
    from pdftract.testing import simple_pdf

    good, bad = tmp_path / "good.pdf", tmp_path / "bad.pdf"
    good.write_bytes(simple_pdf(pages=[["GOOD"]]))
    bad.write_bytes(simple_pdf(pages=[["BAD"]]))
    with (tmp_path / "manifest.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["path", "sha256"])
        w.writerow(["good.pdf", _sha(good)])
        w.writerow(["bad.pdf", "0" * 64])
        w.writerow(["missing.pdf", ""])
    summary = run_batch([tmp_path / "manifest.csv"], tmp_path / "out", BatchSettings(workers=1, analyzers=()))
    assert summary["integrity"] == {"checked": 2, "matched": 1, "rate": 0.5}
    assert summary["by_category"] == {"FILE_NOT_FOUND": 1, "INTEGRITY_MISMATCH": 1}


def test_a_hang_times_out_and_a_memory_hog_is_stopped(tmp_path: Path) -> None:
    flood = tmp_path / "flood.pdf"
    flood.write_bytes(hostile._operator_flood(3_000_000))
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(hostile._bomb(1.0))
    fine = tmp_path / "fine.pdf"
    fine.write_bytes(hostile._base(1))
    s = run_batch([flood, fine], tmp_path / "t", BatchSettings(workers=1, timeout=2.0, analyzers=()))
    assert s["by_category"] == {"TIMEOUT": 1} and s["succeeded"] == 1  # the next document still runs
    s = run_batch([bomb, fine], tmp_path / "m", BatchSettings(workers=1, max_memory_mb=300, analyzers=()))
    res, dlq = _records(tmp_path / "m")
    assert [r["error_category"] for r in dlq] == ["RESOURCE_LIMIT"] and len(res) == 1
    assert res[0]["peak_rss_mb"] <= 300


def test_a_worker_that_dies_ends_its_document_only(tmp_path: Path) -> None:
    flood = tmp_path / "flood.pdf"
    flood.write_bytes(hostile._operator_flood(3_000_000))
    settings = BatchSettings(workers=1, timeout=60.0, analyzers=())

    def killer() -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with engine._LIVE_LOCK:
                live = list(engine._LIVE)
            if live and live[0].busy:
                time.sleep(0.5)
                os.kill(live[0].proc.pid, 9)
                return
            time.sleep(0.05)

    t = threading.Thread(target=killer)
    t.start()
    rec = engine.process_input(InputItem(os.fspath(flood)), os.fspath(tmp_path), settings)
    t.join()
    engine.shutdown_workers()
    assert rec["kind"] == "quarantine" and rec["error_category"] == "WORKER_CRASHED", rec


class _Counting(Executor):
    """A thread pool that records the most tasks it ever held at once."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.live = 0
        self.most = 0
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        with self.lock:
            self.live += 1
            self.most = max(self.most, self.live)
        fut: Future[Any] = self.pool.submit(fn, *args, **kwargs)

        def done(_f: Future[Any]) -> None:
            with self.lock:
                self.live -= 1

        fut.add_done_callback(done)
        return fut


def test_any_executor_with_a_bounded_window(tmp_path: Path) -> None:
    inputs = []
    for i in range(30):
        f = tmp_path / f"t{i}.txt"
        f.write_text("not a pdf")
        inputs.append(f)
    ex = _Counting()
    s = run_batch(inputs, tmp_path / "out", BatchSettings(workers=2, window=3, analyzers=()), executor=ex)
    ex.pool.shutdown()
    assert s["inputs"] == 30 and ex.most <= 3


class _Lost(Executor):
    """An executor that loses every task (a cluster whose workers vanish)."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        fut: Future[Any] = Future()
        fut.set_exception(RuntimeError("worker lost"))
        return fut


def test_tasks_the_executor_loses_are_quarantined_with_their_path(tmp_path: Path) -> None:
    inputs = [tmp_path / "x.pdf", tmp_path / "y.pdf"]
    for f in inputs:
        f.write_bytes(hostile._base(1))
    s = run_batch(inputs, tmp_path / "out", BatchSettings(workers=1, analyzers=()), executor=_Lost())
    _, dlq = _records(tmp_path / "out")
    assert s["by_category"] == {"WORKER_CRASHED": 2}
    assert [r["path"] for r in dlq] == [os.fspath(f) for f in inputs] and dlq[0]["tiers"] == ["executor"]


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.cli import main

    (tmp_path / "a.pdf").write_bytes(hostile._base(1))
    (tmp_path / "b.pdf").write_bytes(b"")
    rc = main(["batch", os.fspath(tmp_path / "a.pdf"), os.fspath(tmp_path / "b.pdf"), "--out", os.fspath(tmp_path / "o"),
               "--workers", "1", "--analyzers", "tables,title_block"])
    assert rc == 0
    assert "2 inputs: 1 read (1 page), 1 quarantined (EMPTY_FILE 1)" in capsys.readouterr().err
    assert {p.name for p in (tmp_path / "o").iterdir()} >= {"results.jsonl", "quarantine.jsonl", "summary.json", "metrics.prom", "documents"}
    # a pipeline that cannot run is refused before any document is read
    assert main(["batch", os.fspath(tmp_path / "a.pdf"), "--out", os.fspath(tmp_path / "p"), "--analyzers", "no_such_analyzer"]) == 2
    assert not (tmp_path / "p" / "results.jsonl").exists()
    assert "PIPELINE_CONFIG" in capsys.readouterr().err


def test_dask_executor_gives_the_same_results(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    inputs = [tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf", tmp_path / "d.txt"]
    inputs[0].write_bytes(hostile._base(2))
    inputs[1].write_bytes(hostile._base(3)[:-200])  # repaired
    inputs[2].write_bytes(b"%PDF-1.4\n")
    inputs[3].write_bytes(hostile._base(1))
    settings = BatchSettings(workers=2, analyzers=("title_block", "tables"))
    run_batch(inputs, tmp_path / "local", settings)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        run_batch(inputs, tmp_path / "dask", settings, executor=client.get_executor())
    local, dask = _records(tmp_path / "local"), _records(tmp_path / "dask")
    strip = ("timings", "peak_rss_mb", "timestamp", "worker")
    for a, b in zip(local[0] + local[1], dask[0] + dask[1], strict=True):
        assert {k: v for k, v in a.items() if k not in strip} == {k: v for k, v in b.items() if k not in strip}
    for r in local[0]:
        assert (tmp_path / "local" / r["document"]).read_bytes() == (tmp_path / "dask" / r["document"]).read_bytes()


# -- exit codes, progress, sheets, integrity, duplicates, globs, truncation, help ---------------------------
def _text_inputs(tmp_path: Path, n: int) -> list[str]:
    out = []
    for i in range(n):
        f = tmp_path / f"note-{i}.txt"
        f.write_text(f"plain text {i}")
        out.append(os.fspath(f))
    return out


def test_fail_on_sets_exit_code_4(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import pdftract.batch
    from pdftract.cli import main

    good = tmp_path / "good.pdf"
    good.write_bytes(hostile._base(1))
    bad = _text_inputs(tmp_path, 1)
    args = ["batch", os.fspath(good), *bad, "--workers", "1", "--analyzers", "tables,title_block"]
    assert main([*args, "--out", os.fspath(tmp_path / "a")]) == 0  # the default: quarantined inputs are no failure
    assert main([*args, "--out", os.fspath(tmp_path / "b"), "--fail-on", "quarantine"]) == 4
    assert "exit code 4 (--fail-on quarantine): 1 input quarantined" in capsys.readouterr().err
    assert main([*args, "--out", os.fspath(tmp_path / "c"), "--fail-on", "partial", "-q"]) == 4  # partial implies quarantine
    assert capsys.readouterr().err == ""
    assert main(["batch", os.fspath(good), "--workers", "1", "--analyzers", "", "--out", os.fspath(tmp_path / "d"),
                 "--fail-on", "quarantine,partial"]) == 0
    with pytest.raises(SystemExit) as usage:
        main([*args, "--out", os.fspath(tmp_path / "e"), "--fail-on", "warnings"])
    assert usage.value.code == 2 and "warnings" in capsys.readouterr().err

    # PARTIAL alone: only --fail-on partial fails (the summary stands in for a run, so no analyzer decides it)
    partial = {"inputs": 1, "succeeded": 1, "quarantined": 0, "by_status": {"PARTIAL": 1}, "by_category": {}, "pages": 1,
               "excluded": 0, "duplicates": 0, "throughput": {"wall_s": 0.1}}
    monkeypatch.setattr(pdftract.batch, "run_batch", lambda *a, **k: partial)
    assert main(["batch", os.fspath(good), "--out", os.fspath(tmp_path / "f"), "--fail-on", "quarantine"]) == 0
    assert main(["batch", os.fspath(good), "--out", os.fspath(tmp_path / "f"), "--fail-on", "quarantine", "--fail-on", "partial"]) == 4
    assert "1 document PARTIAL" in capsys.readouterr().err


def test_progress_lines_when_stderr_is_not_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.cli import main

    inputs = _text_inputs(tmp_path, 3)
    assert main(["batch", *inputs, "--out", os.fspath(tmp_path / "a"), "--workers", "1"]) == 0
    lines = capsys.readouterr().err.splitlines()
    progress = [ln for ln in lines if " documents (" in ln]
    assert progress[0].startswith("pdftract batch: 1/3 documents (1 quarantined), ") and progress[0].endswith(" s")
    assert progress[-1].startswith("pdftract batch: 3/3 documents (3 quarantined), ")
    assert lines[-1].startswith("pdftract batch: 3 inputs: 0 read (0 pages), 3 quarantined (NOT_PDF 3)")
    assert main(["batch", *inputs, "--out", os.fspath(tmp_path / "b"), "--workers", "1", "-q"]) == 0
    assert capsys.readouterr().err == ""


def test_plain_progress_every_tenth_or_every_n_seconds() -> None:
    import io

    from pdftract.batch.report import PlainProgress

    now = [0.0]
    stream = io.StringIO()
    fast = PlainProgress(stream, every_s=30.0, clock=lambda: now[0])
    for done in range(1, 1001):
        now[0] += 0.01
        fast(done, 1000)
    assert [ln.split()[2] for ln in stream.getvalue().splitlines()] == [f"{k}/1000" for k in range(100, 1001, 100)]
    stream = io.StringIO()
    now[0] = 0.0
    slow = PlainProgress(stream, every_s=30.0, clock=lambda: now[0])
    for done in range(1, 21):
        now[0] += 10.0
        slow.record({"kind": "quarantine"} if done % 2 else {"kind": "result"})
        slow(done, 1000)
    got = stream.getvalue().splitlines()
    assert [ln.split()[2] for ln in got] == ["3/1000", "6/1000", "9/1000", "12/1000", "15/1000", "18/1000"]
    assert got[0] == "pdftract batch: 3/1000 documents (2 quarantined), 30.0 s"
    stream = io.StringIO()
    one = PlainProgress(stream, every_s=0.0)
    one(1, 1)
    assert stream.getvalue().startswith("pdftract batch: 1/1 document (0 quarantined), ")


def test_results_carry_sheet_summaries(tmp_path: Path) -> None:
    import pdftract
    from pdftract.batch.worker import SHEET_FIELDS

    from .conftest import FIXTURES

    src = FIXTURES / "generated" / "set-3-sheets-rot90.pdf"
    run_batch([src], tmp_path / "a", BatchSettings(workers=1, analyzers=("tables", "title_block")))
    run_batch([src], tmp_path / "b", BatchSettings(workers=1, analyzers=()))
    (with_tb,), _ = _records(tmp_path / "a")
    (without,), _ = _records(tmp_path / "b")
    expected = [{k: s.to_dict()[k] for k in SHEET_FIELDS} for s in pdftract.analyze(src, ["tables", "title_block"]).sheets]
    assert with_tb["sheets"] == expected and [s["page"] for s in expected] == [1, 2, 3]
    assert set(with_tb["sheets"][0]) == {"page", "drawing_number", "revision", "title", "sheet_number", "sheet_count"}
    assert any(s["drawing_number"] for s in with_tb["sheets"])
    assert without["sheets"] == []  # no title_block analyzer ran


def _prom(out: Path) -> dict[str, float]:
    from prometheus_client.parser import text_string_to_metric_families

    return {s.name: s.value for f in text_string_to_metric_families((out / "metrics.prom").read_text()) for s in f.samples
            if not s.labels}


@pytest.mark.parametrize("manifest", [False, True], ids=["no-manifest", "manifest"])
def test_summary_and_metrics_state_one_integrity_rate(tmp_path: Path, manifest: bool) -> None:
    from pdftract.testing import simple_pdf

    files = []
    for i in range(3):
        f = tmp_path / f"f{i}.pdf"
        f.write_bytes(simple_pdf(pages=[[f"PART {i}"]]))
        files.append(f)
    inputs: list[Any] = files
    if manifest:
        with (tmp_path / "manifest.csv").open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["path", "sha256"])
            w.writerows([["f0.pdf", _sha(files[0])], ["f1.pdf", _sha(files[1])], ["f2.pdf", "0" * 64]])
        inputs = [tmp_path / "manifest.csv"]
    summary = run_batch(inputs, tmp_path / "out", BatchSettings(workers=1, analyzers=()))
    prom = _prom(tmp_path / "out")
    assert summary["integrity"] == ({"checked": 3, "matched": 2, "rate": 0.6667} if manifest
                                    else {"checked": 0, "matched": 0, "rate": 1.0})
    assert prom["pdftract_integrity_rate"] == summary["integrity"]["rate"]
    assert prom["pdftract_integrity_checked"] == summary["integrity"]["checked"]
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["integrity"] == summary["integrity"]


def test_byte_identical_copies_name_the_first(tmp_path: Path) -> None:
    names = ["a.pdf", "b.pdf", "c.pdf", "x.txt", "y.txt", "z.pdf"]
    for n, data in zip(names, [hostile._base(1), hostile._base(2), hostile._base(1), b"same text", b"same text", hostile._base(1)]):
        (tmp_path / "in" / n).parent.mkdir(exist_ok=True)
        (tmp_path / "in" / n).write_bytes(data)
    runs = []
    for workers in (1, 2):
        out = tmp_path / f"out{workers}"
        summary = run_batch([tmp_path / "in"], out, BatchSettings(workers=workers, analyzers=()))
        res, dlq = _records(out)
        dup = {Path(r["path"]).name: r["duplicate_of"] and Path(r["duplicate_of"]).name for r in res + dlq}
        assert dup == {"a.pdf": None, "b.pdf": None, "c.pdf": "a.pdf", "x.txt": None, "y.txt": "x.txt", "z.pdf": "a.pdf"}
        assert summary["duplicates"] == 3 and summary["inputs"] == 6
        assert {r["status"] for r in res} == {"OK"}  # copies are read too, each naming its own path
        assert _prom(out)["pdftract_duplicates"] == 3
        runs.append([(r["path"], r["duplicate_of"]) for r in res + dlq])
    assert runs[0] == runs[1]


def test_include_and_exclude_globs_filter_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.cli import main
    from pdftract.errors import SettingsError

    d = tmp_path / "in"
    (d / "sub").mkdir(parents=True)
    (d / "old").mkdir()
    for rel in ("a.pdf", "sub/c.pdf", "sub/b.PDF", "old/d.pdf"):
        (d / rel).write_bytes(hostile._base(1))
    (d / "README.txt").write_text("read me")
    s = run_batch([d], tmp_path / "o1", BatchSettings(workers=1, analyzers=(), include_globs=("*.pdf",), exclude_globs=("old/*",)))
    res, dlq = _records(tmp_path / "o1")
    assert [os.path.relpath(r["path"], d) for r in res] == ["a.pdf", "sub/c.pdf"] and dlq == []
    assert (s["inputs"], s["excluded"], s["quarantined"]) == (2, 3, 0)  # README.txt, b.PDF (case-sensitive), old/d.pdf
    assert _prom(tmp_path / "o1")["pdftract_excluded"] == 3
    # the default keeps every file (type by content): README.txt is quarantined as NOT_PDF
    s = run_batch([d], tmp_path / "o2", BatchSettings(workers=1, analyzers=()))
    assert (s["inputs"], s["excluded"], s["by_category"]) == (5, 0, {"NOT_PDF": 1})
    # on the command line; a file named on its own is never filtered
    assert main(["batch", os.fspath(d), os.fspath(d / "README.txt"), "--out", os.fspath(tmp_path / "o3"), "--workers", "1",
                 "--analyzers", "", "--include", "*.pdf", "--include", "*.PDF", "--exclude", "d.pdf"]) == 0
    assert "4 inputs: 3 read (3 pages), 1 quarantined (NOT_PDF 1), 2 excluded, 2 duplicates;" in capsys.readouterr().err
    with pytest.raises(SettingsError):
        BatchSettings(include_globs="*.pdf")  # type: ignore[arg-type]


def _linearized(src: Path) -> bytes:
    import io

    import pikepdf

    buf = io.BytesIO()
    with pikepdf.open(src) as pdf:
        pdf.save(buf, linearize=True, deterministic_id=True)
    return buf.getvalue()


def test_a_cut_file_gets_one_code_from_every_route(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """pdftract.open, ``pdftract extract`` and the batch record agree on the code of a cut file."""
    import pdftract
    from pdftract.cli import main
    from pdftract.errors import PdftractError

    from .conftest import FIXTURES

    cases: dict[str, tuple[bytes, str]] = {}
    sources = {"demo": (FIXTURES / "demo-bracket.pdf").read_bytes(), "rot90": (FIXTURES / "issue-002-rotate90-crop.pdf").read_bytes(),
               "linearized": _linearized(FIXTURES / "demo-bracket.pdf")}
    for label, data in sources.items():
        cuts = {"10pc": len(data) // 10, "50pc": len(data) // 2, "90pc": len(data) * 9 // 10, "before-eof": data.rindex(b"%%EOF")}
        if label == "linearized":  # whole up to the first-page section's %%EOF: only /L says the rest is missing
            cuts["after-first-eof"] = data.index(b"%%EOF") + 6
        for cut, n in cuts.items():
            cases[f"{label}-{cut}.pdf"] = (data[:n], "TRUNCATED")
    cases["zero.pdf"] = (b"", "EMPTY_FILE")
    cases["whole-but-no-xref.pdf"] = (b"%PDF-1.4\nthis is garbage with no objects at all\n%%EOF\n", "MALFORMED_XREF")
    paths = []
    for name, (data, _) in cases.items():
        (tmp_path / name).write_bytes(data)
        paths.append(tmp_path / name)
    run_batch(paths, tmp_path / "out", BatchSettings(workers=2, analyzers=()))
    res, dlq = _records(tmp_path / "out")
    batch = {Path(r["path"]).name: r["error_category"] for r in dlq}
    batch.update({Path(r["path"]).name: r["repaired_from"] for r in res})  # rescued by the repair tier: the code it had
    assert all(r["status"] == "RECOVERED" and r["route"][:2] == ["primary", "repaired"] for r in res)
    for name, (_, code) in cases.items():
        with pytest.raises(PdftractError) as info:
            pdftract.open(tmp_path / name)
        assert info.value.code.value == code, name
        capsys.readouterr()
        assert main(["extract", os.fspath(tmp_path / name), "-o", os.fspath(tmp_path / "x.json")]) == 3, name
        assert f"error {code}:" in capsys.readouterr().err, name
        assert batch[name] == code, (name, batch[name])
    assert any(r["status"] == "RECOVERED" for r in res) and dlq  # both ends of the ladder were met


def test_every_batch_argument_has_help_and_the_exit_codes_are_said() -> None:
    import argparse

    from pdftract.cli import _parser

    p = _parser()
    sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    batch = sub.choices["batch"]
    missing = [a.dest for a in batch._actions if not a.help]
    assert missing == []
    text = batch.format_help()
    assert "INPUT" in text and "--fail-on" in text and "code 4" in text and "--include" in text and "--progress-every" in text


def test_the_summary_line_counts_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pdftract.batch.report import summary_line
    from pdftract.cli import main

    (tmp_path / "a.pdf").write_bytes(hostile._base(1))
    assert main(["batch", os.fspath(tmp_path / "a.pdf"), "--out", os.fspath(tmp_path / "o"), "--workers", "1", "--analyzers", ""]) == 0
    assert "pdftract batch: 1 input: 1 read (1 page), 0 quarantined;" in capsys.readouterr().err
    line = summary_line({"inputs": 2, "succeeded": 2, "quarantined": 0, "pages": 5, "by_category": {}, "excluded": 1,
                         "duplicates": 1, "throughput": {"wall_s": 1.0}}, "DIR")
    assert line == "pdftract batch: 2 inputs: 2 read (5 pages), 0 quarantined, 1 excluded, 1 duplicate; 1.0 s -> DIR"


def test_one_cause_one_code_from_the_api_extract_and_batch(two_worker_run: Path, corpus: tuple[list[Path], dict[str, list[str]]],
                                                            tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every hostile file through pdftract.analyze(), 'pdftract extract' and the batch engine: the API's code is
    the one extract prints and the one the batch records (as its quarantine category, or as ``repaired_from``
    when its repair route read the file anyway); a file the API reads is read by the other two, except that
    the batch quarantines an image-only document with ``OCR_FAILED`` where OCR is missing (by design)."""
    import pdftract
    from pdftract.cli import main
    from pdftract.errors import PdftractError

    inputs, _ = corpus
    res, dlq = _records(two_worker_run)
    batch = {r["path"]: r.get("repaired_from") or "ok" for r in res}
    batch.update({r["path"]: r["error_category"] for r in dlq})
    differ = []
    for p in inputs:
        if p.parent == CORPUS:
            continue
        scan = False
        try:
            doc = pdftract.analyze(p, analyzers=())
            api = "ok"
            scan = all(any(d.code.value == "MISSING_TEXT_LAYER" for d in s.diagnostics) for s in doc.pages)
        except PdftractError as exc:
            api = exc.code.value
        code = main(["extract", str(p), "--analyzers", "", "-q", "-o", str(tmp_path / "out.json")])
        err = capsys.readouterr().err
        cli = "ok" if code == 0 else (err.split("error ", 1)[1].split(":", 1)[0] if "error " in err else f"exit {code}")
        got = batch[os.fspath(p)]
        if scan and got == "OCR_FAILED":
            got = "ok"  # the batch's OCR route for image-only pages, where OCR is missing: not another cause
        if not (api == cli == got):
            differ.append((p.name, api, cli, batch[os.fspath(p)]))
    assert not differ, differ
