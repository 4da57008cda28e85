"""Ingest speed and memory: pdftract vs pdfminer alone vs pdfplumber, on the same files in one run.

Each (tool, file) pair runs in a fresh child process, so every tool starts cold
and its peak RSS is its own; the child times only the work, not its imports.

* ``pdftract``: ``pdftract.open(path)`` and every page parsed (glyphs, paths
  with segments, images, annotations). With ``--layout`` also words/lines.
* ``pdfminer``: pdfminer's interpreter with ``PDFPageAggregator(laparams=None)``:
  its object model (LTChar, LTCurve ...) and no layout analysis. This is the floor.
* ``extract_pages``: ``pdfminer.high_level.extract_pages(path, laparams=None)``.
  Note that pdfminer replaces ``laparams=None`` by ``LAParams()`` there, so this
  one includes pdfminer's default layout analysis.
* ``pdfplumber``: ``.chars``, ``.lines``, ``.rects``, ``.curves`` of every page.

Usage::

    python benchmarks/speed.py                  # fixtures + ../shared/corpus/real when present
    python benchmarks/speed.py some/folder a.pdf --tools pdftract,pdfminer --repeat 3
    python benchmarks/speed.py --json out.json

Prints one row per file and a total: CPU seconds and pages/s per tool, the
time ratios of pdftract to each other tool, and peak RSS in MB. Ratios below 1
mean pdftract is faster. Times are the child's CPU time (``process_time``),
which is steadier than wall time on a shared virtual machine; the wall time
is kept in the ``--json`` output. Absolute numbers vary with the machine; the
ratios are what to compare. Use ``--repeat 3`` for steadier ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIRS = [ROOT / "fixtures" / "drawings", ROOT.parent / "shared" / "corpus" / "real"]
TOOLS = ("pdftract", "pdfminer", "extract_pages", "pdfplumber")

CHILD = textwrap.dedent(
    r'''
    import json, resource, sys, time
    tool, path, layout = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
    out = {"ok": True}
    if tool == "pdftract":
        import pdftract
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            doc = pdftract.open(path)
            pages = 0
            for sheet in doc.pages:
                pages += 1
                if layout:
                    sheet.words
            out["pages"] = pages
        except pdftract.PdftractError as exc:
            out = {"ok": False, "error": exc.code.value, "pages": 0}
        t1, c1 = time.perf_counter(), time.process_time()
    elif tool == "pdfminer":
        from pdfminer.converter import PDFPageAggregator
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            with open(path, "rb") as fh:
                rsrc = PDFResourceManager(caching=True)
                device = PDFPageAggregator(rsrc, laparams=None)
                interp = PDFPageInterpreter(rsrc, device)
                n = 0
                for page in PDFPage.get_pages(fh, caching=True):
                    interp.process_page(page)
                    device.get_result()
                    n += 1
            out["pages"] = n
        except Exception as exc:
            out = {"ok": False, "error": type(exc).__name__, "pages": 0}
        t1, c1 = time.perf_counter(), time.process_time()
    elif tool == "extract_pages":
        from pdfminer.high_level import extract_pages
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            out["pages"] = sum(1 for _ in extract_pages(path, laparams=None))
        except Exception as exc:
            out = {"ok": False, "error": type(exc).__name__, "pages": 0}
        t1, c1 = time.perf_counter(), time.process_time()
    else:
        import pdfplumber
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            with pdfplumber.open(path) as pdf:
                n = 0
                for page in pdf.pages:
                    page.chars, page.lines, page.rects, page.curves
                    page.flush_cache()
                    n += 1
            out["pages"] = n
        except Exception as exc:
            out = {"ok": False, "error": type(exc).__name__, "pages": 0}
        t1, c1 = time.perf_counter(), time.process_time()
    out["seconds"] = c1 - c0
    out["wall_seconds"] = t1 - t0
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps(out))
    '''
)


def measure(tool: str, path: Path, layout: bool, timeout: float) -> dict[str, object]:
    try:
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, tool, str(path), "1" if layout else "0"],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": "TIMEOUT", "seconds": timeout, "pages": 0, "peak_rss_mb": 0.0}
    if proc.returncode != 0 or not proc.stdout.strip():
        return {"ok": False, "error": f"exit {proc.returncode}: {proc.stderr.strip()[-200:]}", "seconds": 0.0, "pages": 0, "peak_rss_mb": 0.0}
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def collect(inputs: list[str]) -> list[Path]:
    paths: list[Path] = []
    sources = [Path(p) for p in inputs] if inputs else [d for d in DEFAULT_DIRS if d.is_dir()]
    for src in sources:
        if src.is_dir():
            paths.extend(sorted(src.glob("*.pdf")))
        elif src.is_file():
            paths.append(src)
        else:
            print(f"speed.py: skipping {src}: not found", file=sys.stderr)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*", help="PDF files or folders (default: fixtures and the real corpus)")
    ap.add_argument("--tools", default=",".join(TOOLS), help="comma-separated subset of " + ",".join(TOOLS))
    ap.add_argument("--repeat", type=int, default=1, help="runs per (tool, file); the fastest is kept")
    ap.add_argument("--layout", action="store_true", help="pdftract also builds words and lines")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--json", help="also write the raw measurements here")
    args = ap.parse_args(argv)
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    bad = sorted(set(tools) - set(TOOLS))
    if bad:
        ap.error(f"unknown tools {bad}; choose from {', '.join(TOOLS)}")
    files = collect(args.inputs)
    if not files:
        print("speed.py: no PDF files found", file=sys.stderr)
        return 2

    rows: list[dict[str, object]] = []
    head = f"{'file':44s} {'pages':>5s}" + "".join(f" {t[:10] + ' s':>12s}" for t in tools)
    head += "".join(f" {'÷' + t[:11]:>12s}" for t in tools if t != "pdftract") + "".join(f" {t[:8] + ' MB':>12s}" for t in tools)
    print(head)
    totals = {t: 0.0 for t in tools}
    total_pages = 0
    for i, path in enumerate(files, start=1):
        res: dict[str, dict[str, object]] = {}
        for tool in tools:
            best: dict[str, object] | None = None
            for _ in range(max(1, args.repeat)):
                r = measure(tool, path, args.layout, args.timeout)
                if best is None or float(r["seconds"]) < float(best["seconds"]):  # type: ignore[arg-type]
                    best = r
            assert best is not None
            res[tool] = best
        pages = max(int(r.get("pages", 0)) for r in res.values())  # type: ignore[call-overload]
        line = f"{path.name[:44]:44s} {pages:5d}"
        for tool in tools:
            r = res[tool]
            line += f" {float(r['seconds']):12.3f}" if r["ok"] else f" {str(r.get('error'))[:12]:>12s}"  # type: ignore[arg-type]
        base = res.get("pdftract")
        for tool in tools:
            if tool == "pdftract":
                continue
            r = res[tool]
            if base and base["ok"] and r["ok"] and float(r["seconds"]) > 0:  # type: ignore[arg-type]
                line += f" {float(base['seconds']) / float(r['seconds']):12.2f}"  # type: ignore[arg-type]
            else:
                line += f" {'-':>12s}"
        for tool in tools:
            line += f" {float(res[tool]['peak_rss_mb']):12.0f}"  # type: ignore[arg-type]
        print(line, flush=True)
        comparable = all(r["ok"] for r in res.values())
        if comparable:
            total_pages += pages
            for tool in tools:
                totals[tool] += float(res[tool]["seconds"])  # type: ignore[arg-type]
        rows.append({"file": str(path), "pages": pages, "comparable": comparable, **res})
        print(f"  [{i}/{len(files)}]", end="\r", file=sys.stderr, flush=True)
    print()
    print(f"total over files every tool read ({total_pages} pages):")
    for tool in tools:
        secs = totals[tool]
        rate = total_pages / secs if secs > 0 else float("inf")
        print(f"  {tool:10s} {secs:9.2f} s   {rate:8.2f} pages/s")
    if "pdftract" in tools:
        for tool in tools:
            if tool != "pdftract" and totals[tool] > 0:
                print(f"  pdftract / {tool}: {totals['pdftract'] / totals[tool]:.2f}x the time")
    if args.json:
        Path(args.json).write_text(json.dumps({"layout": args.layout, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
