"""The batch worker: a separate process that reads documents one after another.

``python -m pdftract.batch.worker MAX_MEMORY_MB`` reads one JSON task per line
on stdin and answers one JSON line per task on the stdout it was started with
(anything the libraries print goes to stderr instead). Before it reads tasks it
caps its own address space (``RLIMIT_AS``) at what it has mapped after imports
plus the memory ceiling, so an allocation past the ceiling fails inside the
worker (``MemoryError``, reported as ``RESOURCE_LIMIT``) instead of taking the
machine down; the driver also watches its resident size and kills it past the
ceiling. The driver kills and replaces a worker that overruns its time, dies,
or has served its quota of documents.

A task: ``{"path", "document", "settings": {"analyzers", "ocr", "password"}}``;
``document`` is where the document JSON goes. The answer: ``{"ok": true,
"route", "status", "pages", "timings", "peak_rss_mb", "diagnostics", "repaired_from", "sheets"}`` or
``{"ok": false, "error_category", "message", "route"}``. A file the repair tier reads carries the code the
primary reader gave it in ``repaired_from``; a file the repair does not rescue keeps that code.
"""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from pdftract.errors import Code, PdftractError

#: answer statuses of a success: read as is, or through a fallback tier, or with pages that could not be read
OK, RECOVERED, PARTIAL = "OK", "RECOVERED", "PARTIAL"
#: page diagnostics that make a document read as is PARTIAL: something on it could not be read, or not surely
DOUBT_CODES = frozenset({Code.TEXT_AS_GRAPHICS, Code.NO_TITLE_BLOCK, Code.LOW_CONFIDENCE})


def _vm_kb(field: str) -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as fh:
            fh.write("5")  # reset the peak resident size (VmHWM)
    except OSError:
        pass


def limit_memory(max_memory_mb: int) -> None:
    """Cap the address space at what is mapped now plus ``max_memory_mb`` (Linux; elsewhere a no-op)."""
    if max_memory_mb <= 0:
        return
    base = _vm_kb("VmSize") * 1024
    cap = base + max_memory_mb * 1024 * 1024
    try:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ValueError, OSError):
        pass


def run_task(task: dict[str, Any]) -> dict[str, Any]:
    """Read one document through the fallback ladder and write its JSON; never raises."""
    _reset_peak()
    route: list[str] = []
    t0 = time.perf_counter()
    try:
        answer = _ladder(task, route)
    except MemoryError:
        answer = {"ok": False, "error_category": Code.RESOURCE_LIMIT.value, "message": "out of memory (the worker's ceiling)"}
    except RecursionError:
        answer = {"ok": False, "error_category": Code.RESOURCE_LIMIT.value, "message": "structure nested too deeply"}
    except PdftractError as exc:
        answer = {"ok": False, "error_category": exc.code.value, "message": exc.message[:500]}
    except Exception as exc:  # noqa: BLE001 (a bug must end this document, not the worker)
        answer = {"ok": False, "error_category": Code.INTERNAL_ERROR.value,
                  "message": f"{type(exc).__name__}: {str(exc)[:300]} | {traceback.format_exc(limit=3)[-600:]}"}
    answer["route"] = route
    answer.setdefault("timings", {})["total_s"] = round(time.perf_counter() - t0, 3)
    answer["peak_rss_mb"] = round(_vm_kb("VmHWM") / 1024.0, 1)
    return answer


def _ladder(task: dict[str, Any], route: list[str]) -> dict[str, Any]:
    import pdftract
    from pdftract.ingest.repair import REPAIRABLE, repair

    path = task["path"]
    settings = task.get("settings", {})
    password = settings.get("password") or None
    analyzers = settings.get("analyzers")
    timings: dict[str, float] = {}
    t = time.perf_counter()
    route.append("primary")
    repaired_from: str | None = None
    try:
        doc = pdftract.analyze(path, analyzers, password=password)
        status = OK
    except PdftractError as exc:
        timings["primary_s"] = round(time.perf_counter() - t, 3)
        # a file with bytes but "no pages" has lost its page tree or its xref: worth a rebuild too
        if exc.code not in REPAIRABLE and not (exc.code is Code.EMPTY_FILE and task.get("bytes")):
            raise
        route.append("repaired")
        repaired_from = exc.code.value
        t = time.perf_counter()
        try:
            with tempfile.TemporaryDirectory(prefix="pdftract-repair-") as tmp:
                fixed = repair(path, Path(tmp) / "repaired.pdf", password or "")
                data = fixed.read_bytes()
            doc = pdftract.analyze(data, analyzers)
        except PdftractError as unrepaired:
            # the input keeps the code the primary reader gave it (one code per kind of damage, whichever route
            # reads the file); what the repair met is said in the message
            raise type(exc)(f"{exc.message}; repair failed: {unrepaired.code.value}: {unrepaired.message}", **exc.context) from unrepaired
        # the document describes the input, not the temporary copy: its path and digests
        doc = dataclasses.replace(doc, source=dataclasses.replace(doc.source, path=os.fspath(path), sha256=task["sha256"],
                                                                 md5=task["md5"], bytes=task["bytes"]))
        status = RECOVERED
        timings["repaired_s"] = round(time.perf_counter() - t, 3)
    else:
        timings["primary_s"] = round(time.perf_counter() - t, 3)
    doc, ocr_status, ocr_note = _ocr(task, doc, route, timings)
    if ocr_status is not None:
        status = ocr_status if status == OK else status
    sheets = list(doc.pages)
    failed = [s.number for s in sheets if any(d.code is Code.PAGE_PARSE_FAILED for d in s.diagnostics)]
    if sheets and len(failed) == len(sheets):
        return {"ok": False, "error_category": Code.PAGE_PARSE_FAILED.value, "message": f"no page could be read ({len(failed)} pages)"}
    if ocr_note is not None:
        return {"ok": False, "error_category": ocr_note[0], "message": ocr_note[1]}
    doubts = sorted({d.code.value for s in sheets for d in s.diagnostics if d.code in DOUBT_CODES})
    if failed or (doubts and status == OK):
        status = PARTIAL
    t = time.perf_counter()
    text = doc.to_json()
    target = Path(task["document"])
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp_target = target.with_suffix(f".{os.getpid()}.tmp")
    tmp_target.write_text(text, encoding="utf-8")
    os.replace(tmp_target, target)
    timings["write_s"] = round(time.perf_counter() - t, 3)
    codes = (Counter(d.code.value for s in sheets for d in s.diagnostics) + Counter(d.code.value for d in doc.diagnostics)
             + Counter(d.code.value for d in doc.attachment_diagnostics))
    return {"ok": True, "status": status, "pages": doc.page_count, "timings": timings,
            "diagnostics": dict(sorted(codes.items())), "failed_pages": failed, "partial_because": doubts,
            "repaired_from": repaired_from, "sheets": sheet_summaries(doc)}


#: what a result record says of each page of a drawing set (from its title block)
SHEET_FIELDS = ("page", "drawing_number", "revision", "title", "sheet_number", "sheet_count")


def sheet_summaries(doc: Any) -> list[dict[str, Any]]:
    """Per page ``{page, drawing_number, revision, title, sheet_number, sheet_count}`` from the title blocks;
    an empty list when the ``title_block`` analyzer did not run."""
    if not any("title_block" in s.results for s in doc.pages):
        return []
    return [{k: summary.to_dict()[k] for k in SHEET_FIELDS} for summary in doc.sheets]


def _ocr(task: dict[str, Any], doc: Any, route: list[str], timings: dict[str, float]) -> tuple[Any, str | None, tuple[str, str] | None]:
    """OCR the pages that need it. Returns the document, a status when OCR ran, and a quarantine reason when
    every page is a scan and none could be read."""
    from pdftract.ingest import ocr

    settings = task.get("settings", {})
    mode = settings.get("ocr", "auto")
    sheets = list(doc.pages)
    scans = [s for s in sheets if mode == "always" or ocr.image_only(s)]
    all_scans = bool(scans) and len(scans) == len(sheets)
    if mode == "never" or not scans:
        if all_scans:
            return doc, None, (Code.MISSING_TEXT_LAYER.value, f"every page is an image without text ({len(scans)}) and OCR is off")
        return doc, None, None
    route.append("ocr")
    if not ocr.available():
        if all_scans:
            return doc, None, (Code.OCR_FAILED.value, "the pages are images without text and OCR is not installed "
                               "(pip install 'pdftract[ocr]', Debian tesseract-ocr)")
        return doc, PARTIAL, None
    from pdftract.pipeline import Pipeline

    t = time.perf_counter()
    pipeline = Pipeline(settings.get("analyzers"))
    password = settings.get("password") or None
    redone = {s.number: pipeline.run(ocr.ocr_sheet(task["path"], s, password=password)) for s in scans}
    timings["ocr_s"] = round(time.perf_counter() - t, 3)
    if all_scans and not any(s.words for s in redone.values()):
        return doc, None, (Code.MISSING_TEXT_LAYER.value, f"OCR read no words on {len(scans)} image-only pages")
    return doc.with_sheets(redone), RECOVERED, None


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    max_memory = int(args[0]) if args else 0
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)  # stray prints of any library go to stderr, never into the answers
    sys.stdout = sys.stderr
    import pdftract.analyzers  # noqa: F401  (imports before the ceiling: the cap counts what documents add)
    import pdftract.ingest.outlines as outlines

    outlines.templates()
    limit_memory(max_memory)
    out.write(json.dumps({"ready": os.getpid()}) + "\n")
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        answer = run_task(json.loads(line))
        out.write(json.dumps(answer, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
