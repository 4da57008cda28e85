"""Speed and memory: pdftract against pdfminer alone and pdfplumber, on the same files in one run.

Each (tool, file) pair runs in a fresh child process, so every tool starts cold
and its peak RSS is its own; the child times only the work (CPU time,
``process_time``, steadier than wall time on a shared machine; wall time is kept
in ``--json``), not its imports.

Three parts:

``--mode ingest`` (default): reading primitives.
    * ``pdftract``: ``pdftract.open(path)`` and every page parsed (glyphs, paths
      with segments, images, annotations);
    * ``pdfminer``: pdfminer's interpreter with ``PDFPageAggregator(laparams=None)``,
      its object model and no layout analysis: the floor we build on;
    * ``extract_pages``: ``pdfminer.high_level.extract_pages(path, laparams=None)``,
      which replaces ``None`` by ``LAParams()`` and so runs pdfminer's layout analysis;
    * ``pdfplumber``: ``.chars``, ``.lines``, ``.rects``, ``.curves`` of every page;
    * ``pymupdf``: PyMuPDF's ``get_text("rawdict")`` (every character with its box) and ``get_drawings()``
      (every path) of every page: the fast C reader a user would pick for raw extraction.

``--mode analyze``: the whole job.
    * ``pdftract``: ``pdftract.analyze(path)`` (every registered analyzer), words and
      lines, the segment R-tree, and the JSON;
    * ``pdfplumber``: ``.chars``, ``.lines`` and ``.extract_tables()`` of every page;
    * ``pymupdf``: as above (characters and paths, no analysis);
    * ``pdfminer``: the interpreter alone, as above.

``--mode drawn``: what reading text drawn as outlines or strokes costs.
    * ``pdftract``: ingest as above (the pass runs on pages whose text is drawn);
    * ``pdftract_plain``: the same with ``read_drawn_text=False``.
    The ratio is ingest with the pass over ingest without it (1.30 = the pass adds 30 %).

``--scale 10000,100000,1000000``: synthetic pages holding N separate line
segments (as CAD exports draw them), read by pdftract (page, segments and their
R-tree) and by pdfminer's interpreter; prints microseconds per segment, so the
cost curve shows whether anything grows faster than linearly.

Usage::

    python benchmarks/speed.py                          # ingest on fixtures + the real corpus
    python benchmarks/speed.py --mode analyze --repeat 2
    python benchmarks/speed.py --mode drawn --repeat 3 ../shared/corpus/real/sch-olimex-esp32-poe-kicad7.pdf
    python benchmarks/speed.py --scale 10000,100000,1000000 --no-files
    python benchmarks/speed.py some/folder a.pdf --tools pdftract,pdfminer --json out.json
    python benchmarks/speed.py --mode analyze --warm a.pdf   # per file in a batch: one-off first-call costs left out

``--warm``: every child does its tool's work once on the bundled demo drawing before it times the file, so the
figure is what one more file costs a process that has already read one (``pdftract batch``, a notebook), not
the first call's one-off costs (templates, lexicons, OpenCV and fontTools loaded on first use). Without it, a
small page's time is mostly those.

Ratios below 1 mean pdftract is faster. Absolute times vary with the machine;
the ratios are what to compare. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIRS = [ROOT / "fixtures" / "drawings", ROOT / "fixtures" / "drawings" / "generated", ROOT.parent / "shared" / "corpus" / "real"]
TOOLS = {
    "ingest": ("pdftract", "pdfminer", "extract_pages", "pdfplumber", "pymupdf"),
    "analyze": ("pdftract_full", "pdfplumber_tables", "pymupdf", "pdfminer"),
    "scale": ("pdftract_segments", "pdfminer"),
    "drawn": ("pdftract", "pdftract_plain"),
}

CHILD = textwrap.dedent(
    r'''
    import json, resource, sys, time
    tool, path = sys.argv[1], sys.argv[2]
    warm = sys.argv[3] if len(sys.argv) > 3 else ""
    out = {"ok": True, "pages": 0}

    def pdfminer_pages(path):
        from pdfminer.converter import PDFPageAggregator
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        with open(path, "rb") as fh:
            rsrc = PDFResourceManager(caching=True)
            device = PDFPageAggregator(rsrc, laparams=None)
            interp = PDFPageInterpreter(rsrc, device)
            n = 0
            for page in PDFPage.get_pages(fh, caching=True):
                interp.process_page(page)
                device.get_result()
                n += 1
        return n

    def run():
        if tool == "pdftract":
            import pdftract
            doc = pdftract.open(path)
            return sum(1 for _ in doc.pages)
        if tool == "pdftract_plain":
            import pdftract
            doc = pdftract.open(path, read_drawn_text=False)
            return sum(1 for _ in doc.pages)
        if tool == "pdftract_full":
            import pdftract
            doc = pdftract.analyze(path)
            for sheet in doc.pages:
                sheet.words, sheet.index.segments
            doc.to_json()
            return len(doc.pages)
        if tool == "pdftract_segments":
            import pdftract
            doc = pdftract.open(path)
            n = 0
            for sheet in doc.pages:
                sheet.index.segments
                n += 1
            return n
        if tool == "pdfminer":
            return pdfminer_pages(path)
        if tool == "pymupdf":
            import pymupdf
            n = 0
            with pymupdf.open(path) as pdf:
                for page in pdf:
                    page.get_text("rawdict")
                    page.get_drawings()
                    n += 1
            return n
        if tool == "extract_pages":
            from pdfminer.high_level import extract_pages
            return sum(1 for _ in extract_pages(path, laparams=None))
        import pdfplumber
        with pdfplumber.open(path) as pdf:
            n = 0
            for page in pdf.pages:
                if tool == "pdfplumber_tables":
                    page.chars, page.lines
                    page.extract_tables()
                else:
                    page.chars, page.lines, page.rects, page.curves
                page.flush_cache()
                n += 1
        return n

    # import what the tool needs before the clock starts: the work is timed, not the imports (pdftract's
    # analyzers are modules too, imported on the first analyze() unless imported here)
    if tool.startswith("pdftract"):
        import pdftract
        if tool == "pdftract_full":
            from pdftract.pipeline import registered
            registered()
    elif tool.startswith("pdfplumber"):
        import pdfplumber
    elif tool == "pymupdf":
        import pymupdf
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.high_level import extract_pages
    if warm:  # --warm: the same work done once on another file first, as a batch process has
        real_path, path = path, warm
        run()
        path = real_path
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        out["pages"] = run()
    except Exception as exc:
        code = getattr(exc, "code", None)
        out = {"ok": False, "error": getattr(code, "value", None) or type(exc).__name__, "pages": 0}
    t1, c1 = time.perf_counter(), time.process_time()
    out["seconds"] = c1 - c0
    out["wall_seconds"] = t1 - t0
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps(out))
    '''
)


#: the file a ``--warm`` child reads once before the one it times
WARM_FILE = ROOT / "fixtures" / "drawings" / "demo-bracket.pdf"


def measure(tool: str, path: Path, timeout: float, warm: bool = False) -> dict[str, Any]:
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD, tool, str(path), str(WARM_FILE) if warm else ""],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": "TIMEOUT", "seconds": timeout, "pages": 0, "peak_rss_mb": 0.0}
    if proc.returncode != 0 or not proc.stdout.strip():
        return {"ok": False, "error": f"exit {proc.returncode}: {proc.stderr.strip()[-200:]}", "seconds": 0.0, "pages": 0, "peak_rss_mb": 0.0}
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def median_of(tool: str, path: Path, repeat: int, timeout: float, warm: bool = False) -> dict[str, Any]:
    """The run with the median CPU time of ``repeat`` runs (the lower middle one for an even count)."""
    runs = [measure(tool, path, timeout, warm) for _ in range(max(1, repeat))]
    ok = sorted((r for r in runs if r["ok"]), key=lambda r: float(r["seconds"]))
    return ok[(len(ok) - 1) // 2] if ok else runs[0]


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


def compare_files(files: list[Path], tools: list[str], repeat: int, timeout: float, warm: bool = False) -> list[dict[str, Any]]:
    base = tools[0]
    head = f"{'file':44s} {'pages':>5s}" + "".join(f" {t[:12] + ' s':>14s}" for t in tools)
    head += "".join(f" {'÷' + t[:12]:>13s}" for t in tools[1:]) + "".join(f" {t[:9] + ' MB':>12s}" for t in tools)
    print(head)
    rows: list[dict[str, Any]] = []
    totals = {t: 0.0 for t in tools}
    total_pages = 0
    for i, path in enumerate(files, start=1):
        res = {tool: median_of(tool, path, repeat, timeout, warm) for tool in tools}
        pages = max(int(r.get("pages", 0)) for r in res.values())
        line = f"{path.name[:44]:44s} {pages:5d}"
        for tool in tools:
            r = res[tool]
            line += f" {float(r['seconds']):14.3f}" if r["ok"] else f" {str(r.get('error'))[:14]:>14s}"
        for tool in tools[1:]:
            r, b = res[tool], res[base]
            ok = b["ok"] and r["ok"] and float(r["seconds"]) > 0
            line += f" {float(b['seconds']) / float(r['seconds']):13.2f}" if ok else f" {'-':>13s}"
        for tool in tools:
            line += f" {float(res[tool]['peak_rss_mb']):12.0f}"
        print(line, flush=True)
        comparable = all(r["ok"] for r in res.values())
        if comparable:
            total_pages += pages
            for tool in tools:
                totals[tool] += float(res[tool]["seconds"])
        rows.append({"file": str(path), "pages": pages, "comparable": comparable, **res})
        print(f"  [{i}/{len(files)}]", end="\r", file=sys.stderr, flush=True)
    print()
    print(f"total over the files every tool read ({total_pages} pages):")
    for tool in tools:
        secs = totals[tool]
        rate = total_pages / secs if secs > 0 else float("inf")
        print(f"  {tool:18s} {secs:9.2f} s CPU   {rate:8.2f} pages/s")
    for tool in tools[1:]:
        if totals[tool] > 0:
            print(f"  {base} / {tool}: {totals[base] / totals[tool]:.2f}x the time")
    return rows


def segment_page(n: int, path: Path) -> None:
    """One A0 page with ``n`` separate stroked line segments on a grid (each its own path)."""
    lines = [b"0.3 w"]
    cols = max(1, int(n ** 0.5))
    w, h = 3370.0, 2384.0
    for i in range(n):
        r, c = divmod(i, cols)
        x = 10 + (c % cols) * (w - 20) / cols
        y = 10 + (r * 7919 % max(1, n // cols + 1)) * (h - 20) / max(1, n // cols + 1)
        lines.append(f"{x:.2f} {y:.2f} m {x + 4:.2f} {y + (i % 5):.2f} l S".encode())
    content = b"\n".join(lines)
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w} {h}] /Resources << >> /Contents 4 0 R >>".encode(),
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


def scale_series(sizes: list[int], timeout: float) -> list[dict[str, Any]]:
    tools = list(TOOLS["scale"])
    print(f"{'segments':>10s}" + "".join(f" {t + ' s':>22s} {'µs/seg':>8s} {'MB':>7s}" for t in tools) + f" {'÷pdfminer':>10s}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"segments-{n}.pdf"
            segment_page(n, path)
            res = {t: measure(t, path, timeout) for t in tools}
            line = f"{n:10d}"
            for t in tools:
                r = res[t]
                secs = float(r["seconds"])
                line += f" {secs:22.2f} {secs / n * 1e6:8.2f} {float(r['peak_rss_mb']):7.0f}" if r["ok"] else f" {str(r.get('error')):>22s} {'-':>8s} {'-':>7s}"
            a, b = res[tools[0]], res[tools[1]]
            line += f" {float(a['seconds']) / float(b['seconds']):10.2f}" if a["ok"] and b["ok"] and float(b["seconds"]) > 0 else f" {'-':>10s}"
            print(line, flush=True)
            rows.append({"segments": n, **res})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("inputs", nargs="*", help="PDF files or folders (default: fixtures and the real corpus)")
    ap.add_argument("--mode", choices=("ingest", "analyze", "drawn"), default="ingest")
    ap.add_argument("--tools", help="comma-separated subset of the mode's tools (the first is the baseline of the ratios)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per (tool, file); the median is kept")
    ap.add_argument("--scale", default="", help="segment counts for the synthetic scale series, e.g. 10000,100000,1000000")
    ap.add_argument("--no-files", action="store_true", help="only the scale series")
    ap.add_argument("--timeout", type=float, default=900.0)
    ap.add_argument("--json", help="also write the raw measurements here")
    ap.add_argument("--warm", action="store_true",
                    help="each child first does the same work on the bundled demo drawing, then times the file: the cost per "
                         "file of a batch process, without the first call's one-off costs")
    args = ap.parse_args(argv)
    tools = list(TOOLS[args.mode])
    if args.tools:
        wanted = [t.strip() for t in args.tools.split(",") if t.strip()]
        bad = sorted(set(wanted) - set(tools))
        if bad:
            ap.error(f"unknown tools for --mode {args.mode}: {bad}; choose from {', '.join(tools)}")
        tools = wanted
    # the package's modules byte-compiled, as an installed package's are (a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile them again in every child)
    compileall.compile_dir(str(ROOT / "pdftract"), quiet=1)
    report: dict[str, Any] = {"mode": args.mode}
    if not args.no_files:
        files = collect(args.inputs)
        if not files:
            print("speed.py: no PDF files found", file=sys.stderr)
            return 2
        warm = ", each child warmed on the demo drawing first" if args.warm else ""
        print(f"== {args.mode}: {len(files)} files, tools {', '.join(tools)} (CPU seconds, median of {args.repeat}{warm})")
        report["warm"] = args.warm
        report["files"] = compare_files(files, tools, args.repeat, args.timeout, args.warm)
    if args.scale:
        sizes = [int(v) for v in args.scale.split(",") if v.strip()]
        print(f"\n== scale: one page of N separate line segments")
        report["scale"] = scale_series(sizes, args.timeout)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
