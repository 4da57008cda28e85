"""The batch engine: every input ends in exactly one place, a result or a dead-letter record.

::

    inputs ──> digest (SHA-256, MD5, type by content) ──> worker process (ingest + analyze, with a
    memory ceiling and a time limit) ──> fallback ladder (primary → repaired → OCR) ──> results.jsonl
                                                                                       | quarantine.jsonl

:func:`run_batch` takes paths, directories and manifests and any
:class:`concurrent.futures.Executor` (a thread pool by default; the tasks it runs
only hash and wait, the reading happens in worker processes each task starts and
reuses). Output in ``out``:

``results.jsonl``
    one record per input read: ``path``, ``sha256``, ``md5``, ``bytes``,
    ``detected_type``, ``status`` (``OK``, ``RECOVERED`` through a fallback tier,
    ``PARTIAL`` with pages that could not be read), ``route``, ``repaired_from``
    (the primary reader's code when the repair tier read it), ``engine_version``,
    ``settings_hash``, ``timings``, ``peak_rss_mb``, ``pages``, ``sheets`` (per page,
    from the title blocks), ``document`` (the document JSON, relative to ``out``),
    ``duplicate_of`` and the diagnostics counted by code.
``quarantine.jsonl``
    one record per input not read: ``path``, digests, ``error_category`` (a
    :class:`~pdftract.errors.Code`), ``tiers`` attempted, ``message``, ``timestamp``
    (UTC), ``engine_version``, ``settings_hash``, ``duplicate_of``.
``summary.json``
    counts that add up: ``inputs == succeeded + quarantined``, per status and category,
    ``excluded`` (files of directories the globs left out, not inputs), ``duplicates``, the
    integrity rate (manifest digests matched / checked; 1.0 when none was checked) and throughput.
``metrics.prom``
    the same numbers in the Prometheus text format.

``duplicate_of``: an input whose SHA-256 an earlier input (in input order) already had names that
input's path (``null`` otherwise). Copies are still read, each on its own: every copy's document
names its own path, and the outcome never depends on which copy finished first.

Records are written in input order. ``resume=True`` keeps the results of an
earlier run over the same ``out`` whose digest, engine version and settings hash
match, and reads everything else again.

>>> import tempfile, pathlib
>>> from pdftract.testing import simple_pdf
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "a.pdf").write_bytes(simple_pdf(pages=[["PART 1"]]))
>>> _ = (d / "notes.pdf").write_text("not a drawing")
>>> s = run_batch([d / "a.pdf", d / "notes.pdf"], d / "out", BatchSettings(workers=1, analyzers=()))
>>> s["inputs"], s["succeeded"], s["quarantined"], s["by_category"]
(2, 1, 1, {'NOT_PDF': 1})
"""

from __future__ import annotations

import atexit
import csv
import datetime as _dt
import errno
import fnmatch
import hashlib
import io
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pdftract._version import __version__
from pdftract.batch.detect import digest_file
from pdftract.errors import Code, SettingsError

OCR_MODES = ("auto", "never", "always")
#: OS error numbers worth another try (a network share hiccup), a bounded number of times
TRANSIENT_ERRNOS = frozenset({errno.EIO, errno.EAGAIN, errno.EINTR, errno.ETIMEDOUT, errno.EBUSY, errno.ESTALE})
MANIFEST_SUFFIXES = (".csv", ".jsonl", ".ndjson")


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchSettings:
    """How a batch runs. Only ``analyzers`` and ``ocr`` (and whether a password is given) change what a
    document's JSON says; they make the ``settings_hash``."""

    workers: int = 2
    timeout: float = 300.0  # seconds per document, wall clock
    max_memory_mb: int = 2048  # resident size ceiling per worker process
    recycle_after: int = 50  # documents per worker process before it is replaced
    ocr: str = "auto"
    password: str | None = None
    analyzers: tuple[str, ...] | None = None  # None: every registered analyzer
    io_retries: int = 2
    window: int | None = None  # tasks in flight at most (default 4 per worker)
    #: file name globs of files found in directories: only matching files are inputs (none given: every file)
    include_globs: tuple[str, ...] = ()
    #: file name globs of files found in directories that are left out (counted as ``excluded``)
    exclude_globs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("include_globs", "exclude_globs"):
            globs = getattr(self, name)
            if isinstance(globs, str) or not all(isinstance(g, str) and g for g in globs):
                raise SettingsError(f"{name}: give a sequence of non-empty glob strings, not {globs!r}")
            object.__setattr__(self, name, tuple(globs))  # a list given stays hashable and reads back the same
        if self.ocr not in OCR_MODES:
            raise SettingsError(f"ocr: {self.ocr!r} is not one of {', '.join(OCR_MODES)}")
        if self.workers < 1 or self.timeout <= 0 or self.recycle_after < 1:
            raise SettingsError("workers and recycle_after must be at least 1 and timeout positive")
        if self.max_memory_mb < 256:
            raise SettingsError(f"max_memory_mb: {self.max_memory_mb} is below 256 (a worker needs about 200 MB to start)")

    def settings_hash(self) -> str:
        """SHA-256 over what changes the documents (never the password itself)."""
        key = {"analyzers": None if self.analyzers is None else sorted(self.analyzers), "ocr": self.ocr,
               "password": self.password is not None}
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class InputItem:
    """One input: a path and, from a manifest, the SHA-256 it should have."""

    path: str
    expected_sha256: str | None = None


# -- inputs ------------------------------------------------------------------------------
def glob_keeps(relative: str, include_globs: Sequence[str] = (), exclude_globs: Sequence[str] = ()) -> bool:
    """Whether a file found in a directory is an input: its path relative to that directory (``/``-separated)
    or its name matches one of ``include_globs`` (when any are given) and none of ``exclude_globs``.
    Matching is :func:`fnmatch.fnmatchcase`: case-sensitive, ``*`` also crosses ``/``.

    >>> glob_keeps("sub/README.txt", ["*.pdf"]), glob_keeps("sub/a.pdf", ["*.pdf"], ["sub/*"])
    (False, False)
    >>> glob_keeps("a.PDF", ["*.pdf"]), glob_keeps("a.PDF", ["*.pdf", "*.PDF"])
    (False, True)
    """
    name = relative.rsplit("/", 1)[-1]

    def hit(globs: Sequence[str]) -> bool:
        return any(fnmatch.fnmatchcase(relative, g) or fnmatch.fnmatchcase(name, g) for g in globs)

    return (not include_globs or hit(include_globs)) and not hit(exclude_globs)


def iter_inputs(specs: Iterable[str | os.PathLike[str] | InputItem], exclude: Path | None = None, *,
                include_globs: Sequence[str] = (), exclude_globs: Sequence[str] = (),
                on_excluded: Callable[[str], None] | None = None) -> Iterator[InputItem]:
    """Files as given; directories walked recursively in sorted order (``exclude`` skipped, e.g. the output
    directory; their files filtered by :func:`glob_keeps`, each file left out passed to ``on_excluded``); a
    ``.csv`` / ``.jsonl`` file whose header or first record names ``path`` is a manifest (paths relative to
    it). A path that does not exist is still an input (it ends in quarantine). Files named one by one and
    manifest entries are never filtered."""
    for spec in specs:
        if isinstance(spec, InputItem):
            yield spec
            continue
        p = Path(spec)
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if exclude is None or Path(root, d).resolve() != exclude)
                for name in sorted(files):
                    path = os.fspath(Path(root, name))
                    if glob_keeps(Path(root, name).relative_to(p).as_posix(), include_globs, exclude_globs):
                        yield InputItem(path)
                    elif on_excluded is not None:
                        on_excluded(path)
        elif p.is_file() and p.suffix.lower() in MANIFEST_SUFFIXES and (items := _manifest(p)) is not None:
            yield from items
        else:
            yield InputItem(os.fspath(p))


def _manifest(p: Path) -> list[InputItem] | None:
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    rows: list[dict[str, Any]] = []
    if p.suffix.lower() == ".csv":
        reader = csv.DictReader(io.StringIO(text))
        if not reader.fieldnames or "path" not in reader.fieldnames:
            return None
        rows = list(reader)
    else:
        for line in text.splitlines():
            if line.strip():
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    return None
                if not isinstance(rec, dict) or "path" not in rec:
                    return None
                rows.append(rec)
    base = p.parent
    return [InputItem(os.fspath(base / str(r["path"])) if not os.path.isabs(str(r["path"])) else str(r["path"]),
                      (str(r.get("sha256") or "").lower() or None)) for r in rows]


# -- worker processes --------------------------------------------------------------------
class _WorkerGone(Exception):
    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class _Worker:
    """One worker process (``python -m pdftract.batch.worker``) serving documents over a pipe."""

    def __init__(self, max_memory_mb: int) -> None:
        self.max_memory_mb = max_memory_mb
        self.served = 0
        self.busy = False  # a task is in the worker
        self._log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pdftract.batch.worker", str(max_memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, start_new_session=True,
        )
        self._buf = b""
        with _LIVE_LOCK:
            _LIVE.add(self)
        ready = self._read_line(deadline=time.monotonic() + 120.0)
        if "ready" not in ready:
            self.kill()
            raise _WorkerGone(Code.WORKER_CRASHED, "the worker did not start")

    def rss_mb(self) -> float:
        try:
            with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024.0
        except (OSError, ValueError):
            pass
        return 0.0

    def _read_line(self, deadline: float) -> dict[str, Any]:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        peak = 0.0
        while b"\n" not in self._buf:
            now = time.monotonic()
            if now >= deadline:
                self.kill()
                raise _WorkerGone(Code.TIMEOUT, "the document took longer than its time limit")
            ready, _, _ = select.select([fd], [], [], min(0.05, deadline - now))
            rss = self.rss_mb()
            peak = max(peak, rss)
            if rss > self.max_memory_mb:
                self.kill()
                raise _WorkerGone(Code.RESOURCE_LIMIT, f"the worker's resident size reached {rss:.0f} MB, over its "
                                  f"{self.max_memory_mb} MB ceiling")
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    rc = self.proc.wait()
                    tail = self._tail()
                    self._forget()
                    why = f"signal {-rc}" if rc < 0 else f"exit code {rc}"
                    raise _WorkerGone(Code.WORKER_CRASHED, f"the worker process died ({why}){': ' + tail if tail else ''}")
                self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        answer: dict[str, Any] = json.loads(line)
        answer["watched_rss_mb"] = round(peak, 1)
        return answer

    def run(self, task: dict[str, Any], timeout: float) -> dict[str, Any]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(task) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.kill()
            raise _WorkerGone(Code.WORKER_CRASHED, f"the worker process could not take the task: {exc}") from exc
        self.busy = True
        try:
            answer = self._read_line(time.monotonic() + timeout)
        finally:
            self.busy = False
        self.served += 1
        return answer

    def _tail(self) -> str:
        try:
            self._log.seek(0, os.SEEK_END)
            size = self._log.tell()
            self._log.seek(max(0, size - 400))
            return self._log.read().decode("utf-8", "replace").strip().replace("\n", " | ")[-400:]
        except OSError:
            return ""

    def _forget(self) -> None:
        with _LIVE_LOCK:
            _LIVE.discard(self)
        if not self._log.closed:
            self._log.close()

    def kill(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                self.proc.kill()
        self.proc.wait()
        self._forget()

    def close(self) -> None:
        if self.proc.poll() is None and self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()


_LIVE: set[_Worker] = set()
_LIVE_LOCK = threading.Lock()
_LOCAL = threading.local()


@atexit.register
def shutdown_workers() -> None:
    """Stop every worker process this process started (called at exit and at the end of a batch)."""
    with _LIVE_LOCK:
        live = list(_LIVE)
    for w in live:
        w.close()
    _LOCAL.__dict__.clear()


def _worker_for(max_memory_mb: int, recycle_after: int) -> _Worker:
    w: _Worker | None = getattr(_LOCAL, "worker", None)
    if w is not None and (w.proc.poll() is not None or w.served >= recycle_after or w.max_memory_mb != max_memory_mb):
        w.close()
        w = None
    if w is None:
        w = _Worker(max_memory_mb)
        _LOCAL.worker = w
    return w


# -- one document ------------------------------------------------------------------------
def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def process_input(item: InputItem, out: str, settings: BatchSettings) -> dict[str, Any]:
    """Digest one input and read it in a worker process: the record for results.jsonl (``"kind": "result"``)
    or quarantine.jsonl (``"kind": "quarantine"``). Never raises for a bad document. Runs wherever the
    executor runs it (a thread of this process, a dask worker)."""
    t0 = time.perf_counter()
    base: dict[str, Any] = {"path": item.path, "engine_version": __version__, "settings_hash": settings.settings_hash()}

    def dead(category: Code | str, message: str, tiers: list[str]) -> dict[str, Any]:
        return {"kind": "quarantine", **base, "error_category": str(category), "tiers": tiers, "message": message,
                "timestamp": _now(), "timings": {"total_s": round(time.perf_counter() - t0, 3)}}

    digest = None
    for attempt in range(settings.io_retries + 1):
        try:
            digest = digest_file(item.path)
            break
        except FileNotFoundError:
            base.update(sha256=None, md5=None, bytes=None)
            return dead(Code.FILE_NOT_FOUND, "no such file", ["digest"])
        except IsADirectoryError:
            base.update(sha256=None, md5=None, bytes=None)
            return dead(Code.IO_ERROR, "a directory, not a file", ["digest"])
        except OSError as exc:
            if exc.errno in TRANSIENT_ERRNOS and attempt < settings.io_retries:
                time.sleep(0.2 * (attempt + 1))
                continue
            base.update(sha256=None, md5=None, bytes=None)
            return dead(Code.IO_ERROR, f"{type(exc).__name__}: {exc.strerror or exc}", ["digest"] * (attempt + 1))
    assert digest is not None
    base.update(sha256=digest.sha256, md5=digest.md5, bytes=digest.size, detected_type=digest.detected_type)
    if item.expected_sha256 is not None:
        base["integrity"] = "match" if item.expected_sha256 == digest.sha256 else "mismatch"
        if base["integrity"] == "mismatch":
            return dead(Code.INTEGRITY_MISMATCH, f"SHA-256 is {digest.sha256}, the manifest says {item.expected_sha256}", ["digest"])
    if digest.detected_type == "empty":
        return dead(Code.EMPTY_FILE, "the file has zero bytes", ["detect"])
    if digest.detected_type != "pdf":
        return dead(Code.NOT_PDF, f"content is {digest.detected_type}, not a PDF (no %PDF- header near the start)", ["detect"])
    # named by content, path and settings: two copies of one file at two paths keep two documents (each names its path)
    where = hashlib.sha256(os.fspath(item.path).encode("utf-8", "surrogateescape")).hexdigest()
    document = f"documents/{digest.sha256[:32]}-{where[:8]}-{settings.settings_hash()[:8]}.json"
    task = {"path": item.path, "document": os.path.join(out, document), "sha256": digest.sha256, "md5": digest.md5,
            "bytes": digest.size, "settings": {"analyzers": None if settings.analyzers is None else list(settings.analyzers),
                                               "ocr": settings.ocr, "password": settings.password}}
    for attempt in range(settings.io_retries + 1):
        try:
            worker = _worker_for(settings.max_memory_mb, settings.recycle_after)
            answer = worker.run(task, settings.timeout)
        except _WorkerGone as gone:
            return dead(gone.code, gone.message, ["primary"])
        answer["worker"] = worker.proc.pid
        if answer.get("error_category") != Code.IO_ERROR.value or attempt == settings.io_retries:
            break
        time.sleep(0.2 * (attempt + 1))  # a read error in the worker: the share may be back in a moment
    answer.setdefault("timings", {})["total_s"] = round(time.perf_counter() - t0, 3)
    if not answer.get("ok"):
        return dead(answer.get("error_category", Code.INTERNAL_ERROR.value), answer.get("message", ""), answer.get("route", []))
    return {"kind": "result", **base, "status": answer["status"], "route": answer["route"], "timings": answer["timings"],
            "peak_rss_mb": max(answer.get("peak_rss_mb", 0.0), answer.get("watched_rss_mb", 0.0)), "pages": answer["pages"],
            "failed_pages": answer.get("failed_pages", []), "partial_because": answer.get("partial_because", []),
            "repaired_from": answer.get("repaired_from"), "sheets": answer.get("sheets", []),
            "diagnostics": answer.get("diagnostics", {}), "document": document,
            "worker": answer["worker"]}


# -- the batch ---------------------------------------------------------------------------
@dataclass
class _Tally:
    inputs: int = 0
    succeeded: int = 0
    quarantined: int = 0
    resumed: int = 0
    pages: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    by_category: Counter[str] = field(default_factory=Counter)
    integrity_checked: int = 0
    integrity_matched: int = 0
    excluded: int = 0
    duplicates: int = 0
    seconds: list[float] = field(default_factory=list)

    def integrity_rate(self) -> float:
        """Manifest digests matched over checked, to 4 places; 1.0 when none was checked (nothing failed).
        The one definition summary.json and metrics.prom both state."""
        return round(self.integrity_matched / self.integrity_checked, 4) if self.integrity_checked else 1.0

    def add(self, rec: dict[str, Any], resumed: bool = False) -> None:
        self.inputs += 1
        self.duplicates += rec.get("duplicate_of") is not None
        if rec.get("integrity") is not None:
            self.integrity_checked += 1
            self.integrity_matched += rec["integrity"] == "match"
        if rec["kind"] == "result":
            self.succeeded += 1
            self.resumed += resumed
            self.by_status[rec["status"]] += 1
            self.pages += int(rec.get("pages") or 0)
        else:
            self.quarantined += 1
            self.by_category[rec["error_category"]] += 1
        if not resumed:
            self.seconds.append(float(rec.get("timings", {}).get("total_s", 0.0)))


def _load_prior(out: Path, settings: BatchSettings) -> dict[str, dict[str, Any]]:
    prior: dict[str, dict[str, Any]] = {}
    for name in ("results.jsonl", "results.jsonl.partial"):
        f = out / name
        if not f.exists():
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut by a killed run
            if rec.get("engine_version") == __version__ and rec.get("settings_hash") == settings.settings_hash() and \
                    rec.get("sha256") and (out / str(rec.get("document", ""))).is_file():
                prior[f"{rec['path']}\0{rec['sha256']}"] = rec
    return prior


def run_batch(inputs: Iterable[str | os.PathLike[str] | InputItem], out: str | os.PathLike[str],
              settings: BatchSettings | None = None, *, executor: Executor | None = None, resume: bool = False,
              progress: Callable[[int, int | None], None] | None = None,
              on_record: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run the batch; return the summary (also written to ``out/summary.json``). See the module docstring.

    ``progress(done, total)`` is called after each record is written; with it the inputs are expanded up
    front (one walk, the list held) so that ``total`` is known. ``on_record(record)`` sees each record as it
    is written (in input order; ``kind`` is ``result`` or ``quarantine``)."""
    settings = settings or BatchSettings()
    from pdftract.pipeline import Pipeline

    Pipeline(settings.analyzers)  # a misconfigured pipeline fails here, once, not in every document
    out_dir = Path(out)
    (out_dir / "documents").mkdir(parents=True, exist_ok=True)
    prior = _load_prior(out_dir, settings) if resume else {}
    tally = _Tally()

    def left_out(_path: str) -> None:
        tally.excluded += 1

    items: Iterable[InputItem] = iter_inputs(inputs, exclude=out_dir.resolve(), include_globs=settings.include_globs,
                                             exclude_globs=settings.exclude_globs, on_excluded=left_out)
    total: int | None = None
    if progress is not None:
        items = list(items)
        total = len(items)
    own = executor is None
    pool: Executor = executor if executor is not None else ThreadPoolExecutor(settings.workers, thread_name_prefix="pdftract-batch")
    window = settings.window or 4 * settings.workers
    first_of: dict[bytes, str] = {}  # SHA-256 -> the path of the first input (in input order) with it
    t_start = time.perf_counter()
    res_f = (out_dir / "results.jsonl.partial").open("w", encoding="utf-8")
    dlq_f = (out_dir / "quarantine.jsonl.partial").open("w", encoding="utf-8")
    pending: dict[Future[dict[str, Any]], int] = {}
    paths_of: dict[int, InputItem] = {}  # inputs in flight
    done_records: dict[int, tuple[dict[str, Any], bool]] = {}
    next_to_write = 0
    index = 0

    def emit() -> None:
        nonlocal next_to_write
        while next_to_write in done_records:
            rec, resumed = done_records.pop(next_to_write)
            # decided here, in input order: the same inputs name the same first copy however the work was scheduled
            sha = rec.get("sha256")
            key = bytes.fromhex(sha) if isinstance(sha, str) and sha else None
            rec["duplicate_of"] = first_of.get(key) if key is not None else None
            if key is not None and key not in first_of:
                first_of[key] = rec["path"]
            tally.add(rec, resumed)
            line = {k: v for k, v in rec.items() if k != "kind"}
            (res_f if rec["kind"] == "result" else dlq_f).write(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n")
            next_to_write += 1
            if on_record is not None:
                on_record(rec)
            if progress is not None:
                progress(next_to_write, total)
        res_f.flush()
        dlq_f.flush()

    def collect(block: bool) -> None:
        if not pending:
            return
        finished, _ = wait(list(pending), return_when=FIRST_COMPLETED, timeout=None if block else 0)
        for fut in finished:
            i = pending.pop(fut)
            item = paths_of.pop(i)
            try:
                rec = fut.result()
            except Exception as exc:  # noqa: BLE001 (the executor itself failed this task: a lost dask worker)
                rec = {"kind": "quarantine", "path": item.path, "error_category": Code.WORKER_CRASHED.value, "tiers": ["executor"],
                       "message": f"{type(exc).__name__}: {str(exc)[:300]}", "timestamp": _now(),
                       "engine_version": __version__, "settings_hash": settings.settings_hash()}
            done_records[i] = (rec, False)
        emit()

    try:
        for item in items:
            i = index
            index += 1
            key = None
            if prior:
                try:
                    key = f"{item.path}\0{digest_file(item.path).sha256}"
                except OSError:
                    key = None
            if key is not None and key in prior:
                done_records[i] = ({"kind": "result", **prior[key]}, True)
                emit()
                continue
            while len(pending) >= window:
                collect(block=True)
            fut = pool.submit(process_input, item, os.fspath(out_dir), settings)
            pending[fut] = i
            paths_of[i] = item
            collect(block=False)
        while pending:
            collect(block=True)
        emit()
    finally:
        res_f.close()
        dlq_f.close()
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
            shutdown_workers()
    os.replace(out_dir / "results.jsonl.partial", out_dir / "results.jsonl")
    os.replace(out_dir / "quarantine.jsonl.partial", out_dir / "quarantine.jsonl")
    wall = time.perf_counter() - t_start
    summary = {
        "inputs": tally.inputs, "succeeded": tally.succeeded, "quarantined": tally.quarantined, "resumed": tally.resumed,
        "by_status": dict(sorted(tally.by_status.items())), "by_category": dict(sorted(tally.by_category.items())),
        "pages": tally.pages, "excluded": tally.excluded, "duplicates": tally.duplicates,
        "integrity": {"checked": tally.integrity_checked, "matched": tally.integrity_matched, "rate": tally.integrity_rate()},
        "throughput": {"wall_s": round(wall, 2), "documents_per_s": round(tally.inputs / wall, 3) if wall > 0 else None,
                       "pages_per_s": round(tally.pages / wall, 3) if wall > 0 else None},
        "engine_version": __version__, "settings_hash": settings.settings_hash(),
        "settings": {k: v for k, v in asdict(settings).items() if k != "password"} | {"password": settings.password is not None},
    }
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    _write_metrics(out_dir / "metrics.prom", tally)
    return summary


def _write_metrics(path: Path, tally: _Tally) -> None:
    from prometheus_client import CollectorRegistry, Counter as PCounter, Gauge, Histogram, disable_created_metrics, write_to_textfile

    disable_created_metrics()  # type: ignore[no-untyped-call]  # no creation timestamps: the file says what the run did, not when objects were made
    reg = CollectorRegistry()
    docs = PCounter("pdftract_documents", "Documents by outcome status", ["status"], registry=reg)
    for status, n in sorted(tally.by_status.items()):
        docs.labels(status=status).inc(n)
    for category, n in sorted(tally.by_category.items()):
        docs.labels(status=f"QUARANTINED_{category}").inc(n)
    PCounter("pdftract_pages", "Pages read", registry=reg).inc(tally.pages)
    hist = Histogram("pdftract_document_seconds", "Seconds per document (digest to record)",
                     buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600), registry=reg)
    for s in tally.seconds:
        hist.observe(s)
    rate = Gauge("pdftract_integrity_rate", "Manifest digests matched over checked (1 when none checked)", registry=reg)
    rate.set(tally.integrity_rate())
    Gauge("pdftract_integrity_checked", "Manifest digests checked", registry=reg).set(tally.integrity_checked)
    Gauge("pdftract_quarantined", "Inputs in quarantine.jsonl", registry=reg).set(tally.quarantined)
    Gauge("pdftract_inputs", "Inputs reconciled", registry=reg).set(tally.inputs)
    Gauge("pdftract_excluded", "Files of input directories left out by the include and exclude globs", registry=reg).set(tally.excluded)
    Gauge("pdftract_duplicates", "Inputs byte-identical to an earlier input", registry=reg).set(tally.duplicates)
    write_to_textfile(os.fspath(path), reg)


__all__ = ["OCR_MODES", "BatchSettings", "InputItem", "glob_keeps", "iter_inputs", "process_input", "run_batch", "shutdown_workers"]
