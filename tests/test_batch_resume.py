"""Batch outputs that survive a kill: the driver (and its workers) killed with SIGKILL at seeded random
moments, ``--resume`` run after each kill, then a last resume left to finish.

Checked against an uninterrupted run of the same inputs: every input in exactly one of results.jsonl and
quarantine.jsonl, nothing twice, no torn line, every document byte-identical. ``PDFTRACT_KILL_ROUNDS``
sets how many rounds run (3 in the suite; the documented run uses 20).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("hostile_make_resume", ROOT / "fixtures" / "hostile" / "make.py")
assert _spec is not None and _spec.loader is not None
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)

ROUNDS = int(os.environ.get("PDFTRACT_KILL_ROUNDS", "3"))


def _inputs(folder: Path) -> list[Path]:
    folder.mkdir()
    files = []
    for i in range(1, 9):
        p = folder / f"doc-{i}.pdf"
        p.write_bytes(hostile._base(1 + i % 3))
        files.append(p)
    (folder / "notes.pdf").write_text("not a drawing")
    files.append(folder / "notes.pdf")
    cut = hostile._base(2)
    (folder / "cut.pdf").write_bytes(cut[: len(cut) // 2])
    files.append(folder / "cut.pdf")
    for name in ("demo-bracket.pdf", "issue-002-rotate90-crop.pdf"):
        p = folder / name
        p.write_bytes((ROOT / "fixtures" / "drawings" / name).read_bytes())
        files.append(p)
    return files


def _batch(files: list[Path], out: Path, resume: bool) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "pdftract.cli", "batch", *map(str, files), "--out", str(out), "--workers", "2", "-q",
           "--ocr", "never", "--recycle-after", "3"]
    if resume:
        cmd.append("--resume")
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "PDFTRACT_CACHE_DIR": "off"})


def _written(out: Path) -> int:
    n = 0
    for name in ("results.jsonl.partial", "quarantine.jsonl.partial"):
        try:
            n += (out / name).read_bytes().count(b"\n")
        except OSError:
            pass
    return n


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]  # a torn line fails here


def _outcome(out: Path) -> tuple[dict[str, str], dict[str, bytes]]:
    res, dlq = _lines(out / "results.jsonl"), _lines(out / "quarantine.jsonl")
    where: dict[str, str] = {}
    for kind, recs in (("result", res), ("quarantine", dlq)):
        for r in recs:
            assert str(r["path"]) not in where, f"{r['path']} twice"
            where[str(r["path"])] = kind if kind == "result" else f"quarantine {r['error_category']}"
    docs = {str(r["path"]): (out / str(r["document"])).read_bytes() for r in res}
    return where, docs


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], dict[str, str], dict[str, bytes]]:
    d = tmp_path_factory.mktemp("resume")
    files = _inputs(d / "in")
    proc = _batch(files, d / "clean", resume=False)
    assert proc.wait(timeout=600) == 0
    where, docs = _outcome(d / "clean")
    assert len(where) == len(files) and "quarantine NOT_PDF" in where.values()
    return files, where, docs


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_kill_and_resume_finishes_every_input_once_with_identical_documents(
        baseline: tuple[list[Path], dict[str, str], dict[str, bytes]], tmp_path: Path, round_: int) -> None:
    files, where, docs = baseline
    rng = random.Random(2200 + round_)
    out = tmp_path / "out"
    kills = 0
    for attempt in range(rng.randint(1, 3)):
        proc = _batch(files, out, resume=attempt > 0)
        # a random point of the run: after a random number of records is written, plus a random moment
        target = rng.randint(0, len(files) - 2)
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and _written(out) < target:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.3))
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the driver and its workers, as a crash would
            kills += 1
        proc.wait(timeout=60)
    assert kills >= 1
    proc = _batch(files, out, resume=True)
    assert proc.wait(timeout=600) == 0
    got_where, got_docs = _outcome(out)
    assert got_where == where
    assert got_docs == docs
