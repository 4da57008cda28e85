"""The ``pdftract`` command line.

::

    pdftract extract FILE [-o OUT.json] [--pages 1,3-5] [--include glyphs,paths,words]
                          [--analyzers a,b] [--password P] [--svg OUT.svg] [--quiet]
    pdftract show FILE [--page N] -o page.svg [--password P] [--debug]
    pdftract tables FILE [--kind bom|revision|drawing_index] [--csv] [--pages 1,3-5]
    pdftract dimensions FILE [--callouts] [--csv] [--pages 1,3-5]
    pdftract gdt FILE [--datums] [--csv] [--pages 1,3-5]
    pdftract analyzers

Exit codes: 0 success, 2 usage error (bad option or setting), 3 input error
(one line on stderr naming the error code, e.g. ``NOT_PDF``), 1 internal error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pdftract._version import __version__
from pdftract.errors import InputError, PdftractError

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INPUT = 3


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pdftract", description="Structured extraction of engineering drawings from PDF.")
    p.add_argument("--version", action="version", version=f"pdftract {__version__}")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    sub = p.add_subparsers(dest="command", required=True)

    ex = sub.add_parser("extract", help="write the document JSON")
    ex.add_argument("file")
    ex.add_argument("-o", "--output", help="write JSON here (default: standard output)")
    ex.add_argument("--pages", help="pages to extract, e.g. 1,3-5 (default: all)")
    ex.add_argument("--include", default="", help="add primitives to each page: glyphs,paths,words,lines,images,timings")
    ex.add_argument("--analyzers", help="comma-separated analyzer names (default: all registered)")
    ex.add_argument("--password", help="password of an encrypted PDF")
    ex.add_argument("--svg", help="also draw the first selected page as SVG here")
    ex.add_argument("--compact", action="store_true", help="JSON on one line")
    ex.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")

    sh = sub.add_parser("show", help="draw one page as SVG (paths, glyph boxes, analyzer results)")
    sh.add_argument("file")
    sh.add_argument("--page", type=int, default=1)
    sh.add_argument("-o", "--output", required=True, help="SVG file to write")
    sh.add_argument("--password")
    sh.add_argument("--analyzers", help="comma-separated analyzer names to run and draw (default: all registered)")

    sh.add_argument("--debug", action="store_true", help="also draw the table grids, cloud polygons, terminators, leaders, dimensions and callouts")

    def listing(name: str, help_: str, csv_help: str = "CSV instead of JSON") -> argparse.ArgumentParser:
        """A command that prints one kind of result of FILE as JSON or CSV."""
        cmd = sub.add_parser(name, help=help_)
        cmd.add_argument("file")
        cmd.add_argument("--csv", action="store_true", help=csv_help)
        cmd.add_argument("--pages", help="pages, e.g. 1,3-5 (default: all)")
        cmd.add_argument("--password")
        return cmd

    listing("tables", "print the ruled tables (BOM, revision, drawing index) as JSON or CSV",
            "CSV instead of JSON (tables separated by a blank line)").add_argument(
        "--kind", choices=("bom", "revision", "drawing_index", "other"), help="only tables of this kind")
    listing("dimensions", "print the dimensions (or, with --callouts, the leader callouts) as JSON or CSV").add_argument(
        "--callouts", action="store_true", help="the callouts and balloons instead of the dimensions")
    listing("gdt", "print the feature control frames (or, with --datums, the datum feature symbols) as JSON or CSV").add_argument(
        "--datums", action="store_true", help="the datum feature symbols instead of the frames")

    sub.add_parser("analyzers", help="list the registered analyzers")

    ba = sub.add_parser("batch", help="read many files into DIR: results.jsonl, quarantine.jsonl, summary.json, metrics.prom",
                        description="Every input ends in results.jsonl (with its document JSON under DIR/documents/) or in "
                        "quarantine.jsonl with a reason. Inputs: files, directories (recursive) or manifests (.csv or "
                        ".jsonl with a 'path' and an optional 'sha256').")
    ba.add_argument("inputs", nargs="+", metavar="INPUT")
    ba.add_argument("--out", required=True, metavar="DIR")
    ba.add_argument("--workers", type=int, default=2, help="documents read at once, each in its own process (default 2)")
    ba.add_argument("--timeout", type=float, default=300.0, help="seconds per document (default 300)")
    ba.add_argument("--max-memory", type=int, default=2048, metavar="MB", help="resident size ceiling per worker (default 2048)")
    ba.add_argument("--recycle-after", type=int, default=50, metavar="N", help="documents per worker process (default 50)")
    ba.add_argument("--resume", action="store_true", help="keep earlier results in DIR with the same digest and settings")
    ba.add_argument("--ocr", choices=("auto", "never", "always"), default="auto",
                    help="OCR image-only pages (auto, the default), never, or every page")
    ba.add_argument("--password", help="password for encrypted inputs (an empty one is always tried)")
    ba.add_argument("--analyzers", help="comma-separated analyzer names (default: all registered)")
    ba.add_argument("--executor", choices=("local", "dask"), default="local")
    ba.add_argument("--scheduler", metavar="ADDR", help="dask scheduler address (with --executor dask; default: a local cluster)")
    ba.add_argument("-q", "--quiet", action="store_true", help="no progress or summary on stderr")
    return p


def _batch(args: argparse.Namespace) -> int:
    from pdftract.batch import BatchSettings, iter_inputs, run_batch

    names = _analyzer_list(args.analyzers)
    settings = BatchSettings(workers=args.workers, timeout=args.timeout, max_memory_mb=args.max_memory,
                             recycle_after=args.recycle_after, ocr=args.ocr, password=args.password,
                             analyzers=None if names is None else tuple(names))
    out = os.path.abspath(args.out)
    items = list(iter_inputs(args.inputs, exclude=Path(out).resolve()))
    bar = None
    if not args.quiet and sys.stderr.isatty():
        import shutil

        from tqdm import tqdm

        # the size from shutil: a terminal that reports 0 columns and rows falls back to $COLUMNS/$LINES or 80x24
        # (tqdm would take -1 and hide the bar)
        size = shutil.get_terminal_size()
        bar = tqdm(total=len(items), unit="doc", file=sys.stderr, desc="pdftract batch", ncols=max(40, size.columns),
                   nrows=max(2, size.lines))

    def progress(done: int, _total: int | None) -> None:
        if bar is not None:
            bar.update(done - bar.n)

    executor = None
    client = None
    if args.executor == "dask":
        try:
            from distributed import Client
        except ImportError:
            print("pdftract: error: --executor dask needs the 'dask' extra: pip install 'pdftract[dask]'", file=sys.stderr)
            return EXIT_USAGE
        client = Client(args.scheduler) if args.scheduler else Client(n_workers=args.workers, threads_per_worker=1)  # type: ignore[no-untyped-call]
        executor = client.get_executor()  # type: ignore[no-untyped-call]
    try:
        summary = run_batch(items, out, settings, executor=executor, resume=args.resume, progress=progress)
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    if not args.quiet:
        cats = ", ".join(f"{k} {v}" for k, v in summary["by_category"].items())
        print(f"pdftract batch: {summary['inputs']} inputs: {summary['succeeded']} read, {summary['quarantined']} quarantined"
              f"{' (' + cats + ')' if cats else ''}; {summary['throughput']['wall_s']} s -> {out}", file=sys.stderr)
    return EXIT_OK


def _progress(done: int, total: int) -> None:
    if total > 1 and sys.stderr.isatty():
        end = "\n" if done == total else "\r"
        print(f"  page {done}/{total}", end=end, file=sys.stderr, flush=True)


def _analyzer_list(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


def _write(path: str, text: str) -> None:
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def _extract(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.display import to_svg
    from pdftract.serialize import parse_include

    include = parse_include(args.include)
    start = time.perf_counter()
    doc = pdftract.analyze(
        args.file, analyzers=_analyzer_list(args.analyzers), pages=args.pages, password=args.password, progress=_progress
    )
    text = doc.to_json(include, indent=None if args.compact else 2)
    elapsed = time.perf_counter() - start
    if args.output:
        _write(args.output, text)
    else:
        sys.stdout.write(text)
    if args.svg:
        _write(args.svg, to_svg(doc.pages[0]))
    if not args.quiet:
        sheets = list(doc.pages)
        glyphs = sum(len(s.glyphs) for s in sheets)
        paths = sum(len(s.paths) for s in sheets)
        problems = sum(1 for s in sheets for d in s.diagnostics if d.severity.value != "info") + len(doc.diagnostics)
        where = f" -> {args.output}" if args.output else ""
        print(
            f"pdftract: {os.path.basename(args.file)}{where}: {len(sheets)} of {doc.page_count} pages, "
            f"{glyphs} glyphs, {paths} paths, {problems} diagnostics, {elapsed:.2f} s",
            file=sys.stderr,
        )
        if args.svg:
            print(f"pdftract: page {sheets[0].number} drawn -> {args.svg}", file=sys.stderr)
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.display import to_svg

    doc = pdftract.analyze(args.file, analyzers=_analyzer_list(args.analyzers), pages=[args.page], password=args.password)
    _write(args.output, to_svg(doc.page(args.page), debug=args.debug))
    print(f"pdftract: page {args.page} -> {args.output}", file=sys.stderr)
    return EXIT_OK


def _tables(args: argparse.Namespace) -> int:
    import json

    import pdftract

    doc = pdftract.analyze(args.file, analyzers=["tables"], pages=args.pages, password=args.password, progress=_progress)
    found = [(sheet.number, t) for sheet in doc.pages for t in sheet.results.get("tables", ()) if args.kind in (None, t.kind.value)]
    if args.csv:
        sys.stdout.write("\n".join(f"# page {n}: {t.kind.value}\n{t.to_csv()}" for n, t in found))
    else:
        out = [{"page": n, **t.to_dict()} for n, t in found]
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
    print(f"pdftract: {len(found)} tables in {len(doc.pages)} pages", file=sys.stderr)
    return EXIT_OK


_DIM_COLUMNS = ("page", "text", "kind", "nominal", "upper", "lower", "fit", "count", "unit", "dual", "basic", "reference",
                "suffix", "geometry", "x0", "top", "x1", "bottom")
_CALLOUT_COLUMNS = ("page", "kind", "text", "item", "target_x", "target_y", "thread", "x0", "top", "x1", "bottom")


def _result_rows(args: argparse.Namespace, analyzers: list[str], key: str) -> tuple[list[dict[str, object]], int]:
    """Run ``analyzers`` on the file and return one JSON-ready row per item of ``key`` (with its page)."""
    import pdftract
    from pdftract.serialize import to_jsonable

    doc = pdftract.analyze(args.file, analyzers=analyzers, pages=args.pages, password=args.password, progress=_progress)
    rows = [{"page": sheet.number, **to_jsonable(item.to_dict())} for sheet in doc.pages for item in sheet.results.get(key, ())]
    return rows, len(doc.pages)


def _write_rows(rows: list[dict[str, object]], as_csv: bool, columns: Sequence[str], flatten: Callable[[dict[str, object]], None]) -> None:
    """Rows as JSON, or as CSV with the box split into x0/top/x1/bottom and ``flatten`` filling the other columns."""
    import csv
    import io
    import json

    if not as_csv:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        flat = dict(r)
        flat["x0"], flat["top"], flat["x1"], flat["bottom"] = r["bbox"]  # type: ignore[misc]
        flatten(flat)
        w.writerow(flat)
    sys.stdout.write(buf.getvalue())


def _dimensions(args: argparse.Namespace) -> int:
    key = "callouts" if args.callouts else "dimensions"
    rows, pages = _result_rows(args, ["tables", "title_block", "notes", "dimensions", "callouts"], key)

    def flatten(flat: dict[str, object]) -> None:
        if args.callouts:
            flat["target_x"], flat["target_y"] = flat["target"]  # type: ignore[misc]
            thread = flat.get("thread")
            flat["thread"] = thread["designation"] if isinstance(thread, dict) else ""

    _write_rows(rows, args.csv, _CALLOUT_COLUMNS if args.callouts else _DIM_COLUMNS, flatten)
    print(f"pdftract: {len(rows)} {key} in {pages} pages", file=sys.stderr)
    return EXIT_OK


_FRAME_COLUMNS = ("page", "characteristic", "symbol", "tolerance", "value", "diameter_zone", "modifiers", "datums", "composite_row",
                  "dimension", "symbol_source", "x0", "top", "x1", "bottom")
_DATUM_COLUMNS = ("page", "letter", "target_x", "target_y", "x0", "top", "x1", "bottom")


def _gdt(args: argparse.Namespace) -> int:
    key = "datum_features" if args.datums else "gdt_frames"
    rows, pages = _result_rows(args, ["tables", "title_block", "notes", "dimensions", "gdt"], key)

    def flatten(flat: dict[str, object]) -> None:
        if args.datums:
            target = flat.get("target")
            flat["target_x"], flat["target_y"] = target if isinstance(target, list) else ("", "")
        else:
            flat["modifiers"] = " ".join(flat["modifiers"])  # type: ignore[arg-type]
            flat["datums"] = "|".join(flat["datums"])  # type: ignore[arg-type]

    _write_rows(rows, args.csv, _DATUM_COLUMNS if args.datums else _FRAME_COLUMNS, flatten)
    print(f"pdftract: {len(rows)} {key.replace('_', ' ')} in {pages} pages", file=sys.stderr)
    return EXIT_OK


def _list_analyzers() -> int:
    from pdftract.pipeline import registered

    specs = registered()
    if not specs:
        print("(no analyzers registered)")
    for name, spec in specs.items():
        print(f"{name}\trequires {','.join(sorted(spec.requires)) or '-'}\tassigns {','.join(spec.assigns)}\t{spec.doc}")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "extract":
            return _extract(args)
        if args.command == "show":
            return _show(args)
        if args.command == "tables":
            return _tables(args)
        if args.command == "dimensions":
            return _dimensions(args)
        if args.command == "gdt":
            return _gdt(args)
        if args.command == "batch":
            return _batch(args)
        return _list_analyzers()
    except InputError as exc:
        print(f"pdftract: error {exc.code.value}: {exc.message}", file=sys.stderr)
        return EXIT_INPUT
    except PdftractError as exc:
        print(f"pdftract: error {exc.code.value}: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("pdftract: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if args.debug:
            raise
        print(f"pdftract: internal error {type(exc).__name__}: {exc} (run with --debug for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
