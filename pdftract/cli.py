"""The ``pdftract`` command line.

::

    pdftract extract FILE [-o OUT.json] [--pages 1,3-5] [--include glyphs,paths,words]
                          [--analyzers a,b] [--password P] [--svg OUT.svg] [--jobs N] [--quiet]
    pdftract show FILE [--page N] -o page.svg|page.png [--password P] [--debug] [--no-legend]
    pdftract sheets INPUT... [--csv]
    pdftract tables INPUT... [--kind bom|revision|drawing_index] [--csv] [--pages 1,3-5]
    pdftract dimensions INPUT... [--callouts] [--csv] [--pages 1,3-5]
    pdftract gdt INPUT... [--datums] [--csv] [--pages 1,3-5]
    pdftract procedures INPUT... [--callouts | --part-numbers] [--csv] [--pages 1,3-5]
    pdftract schema
    pdftract analyzers
    pdftract batch INPUT... --out DIR
    pdftract report INPUT... -o report.html|DIR [--pages 1,3-5] [--password P]
    pdftract balloon FILE -o DIR [--pages 1,3-5] [--password P]

INPUT is a PDF file or a directory (its ``.pdf`` files of any case, recursively, in sorted order).
``--csv`` output is one CSV table (the ``csv`` module, one header row) whose first columns say the
file and the page each row comes from.

Exit codes: 0 success, 2 usage error (bad option or setting), 3 input error
(one line on stderr naming the error code, e.g. ``NOT_PDF``; with several inputs the others are
still read), 4 a batch run with ``--fail-on`` met what it fails on, 1 internal error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pdftract._version import __version__
from pdftract._wording import plural
from pdftract.errors import InputError, MissingFileError, PdftractError, SettingsError

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INPUT = 3


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pdftract", description="Structured extraction of engineering drawings from PDF.")
    p.add_argument("--version", action="version", version=f"pdftract {__version__}")
    p.add_argument("--traceback", action="store_true", help="show the Python traceback of an internal error")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    file_help = "the PDF file to read"
    inputs_help = "PDF files or directories (read recursively for .pdf files of any case)"
    password_help = "password of an encrypted PDF (an empty one is always tried)"

    ex = sub.add_parser("extract", help="write the document JSON (its JSON Schema: 'pdftract schema')")
    ex.add_argument("file", metavar="FILE", help=file_help)
    ex.add_argument("-o", "--output", help="write JSON here (default: standard output)")
    ex.add_argument("--pages", help="pages to extract, e.g. 1,3-5 (default: all)")
    ex.add_argument("--include", default="", help="add primitives to each page: glyphs,paths,words,lines,images,timings")
    ex.add_argument("--analyzers", help="comma-separated analyzer names (default: all registered)")
    ex.add_argument("--password", help=password_help)
    ex.add_argument("--svg", help="also draw the first selected page as SVG here")
    ex.add_argument("--compact", action="store_true", help="JSON on one line")
    ex.add_argument("--jobs", type=int, default=1,
                    help="pages read and analysed at once, each in its own process (0: one per CPU; the JSON is the same)")
    ex.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                    help="a per-page budget, e.g. max_operators=20000000 or max_page_seconds=600 (repeatable; names and "
                         "defaults: docs/limits.md)")
    ex.add_argument("--include-hidden-layers", action="store_true",
                    help="read content on layers that are off by default as page content (default: kept apart, under pages[].layers)")
    ex.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")

    at = sub.add_parser("attachments", help="list the embedded files (name, size, SHA-256, MD5, checksum check) or save them",
                        description="Lists the document's embedded files, FileAttachment annotations and RichMedia assets as "
                        "JSON (or CSV). With --save DIR each is written into DIR under a safe name (no path parts; "
                        "duplicates numbered) and the listing says where (saved, saved_as); existing files are kept "
                        "unless --force. Exit status 3 when one could not be saved (damaged, over --max-bytes) or its "
                        "stated checksum is wrong.")
    at.add_argument("file", metavar="FILE", help=file_help)
    at.add_argument("--save", metavar="DIR", help="write the attachments into DIR (created)")
    at.add_argument("--force", action="store_true", help="overwrite files that exist in DIR")
    at.add_argument("--max-bytes", type=int, default=512 * 1024 * 1024,
                    help="do not save an attachment that decodes past this many bytes (default 512 MiB)")
    at.add_argument("--csv", action="store_true", help="CSV instead of JSON")
    at.add_argument("--password", help=password_help)

    sh = sub.add_parser("show", help="draw one page as SVG, or as PNG over the rendered page (paths, glyph boxes, analyzer results)")
    sh.add_argument("file", metavar="FILE", help=file_help)
    sh.add_argument("--page", type=int, default=1, help="page number, from 1 (default 1)")
    sh.add_argument("-o", "--output", required=True,
                    help="file to write: .svg (the drawing) or .png (the page rendered, results drawn over it; needs the 'ocr' extra)")
    sh.add_argument("--password", help=password_help)
    sh.add_argument("--analyzers", help="comma-separated analyzer names to run and draw (default: all registered)")
    sh.add_argument("--debug", action="store_true",
                    help="also draw how the analyzers decided: table grids, cloud polygons, terminators, leaders, dimensions, "
                         "callouts; on manual pages columns, gutters, steps by level and safety callouts (the level "
                         "tags and tooltips are in the SVG only; a PNG shows the boxes)")
    sh.add_argument("--no-legend", action="store_true", help="no legend right of the sheet")
    sh.add_argument("--dpi", type=int, default=100, help="PNG resolution, 10 to 600 (default 100)")

    def listing(name: str, help_: str) -> argparse.ArgumentParser:
        """A command that prints one kind of result of its inputs as JSON or CSV."""
        cmd = sub.add_parser(name, help=help_)
        cmd.add_argument("inputs", nargs="+", metavar="INPUT", help=inputs_help)
        cmd.add_argument("--csv", action="store_true", help="CSV (one header row, file and page columns first) instead of JSON")
        cmd.add_argument("--pages", help="pages of each file, e.g. 1,3-5 (default: all)")
        cmd.add_argument("--password", help=password_help)
        return cmd

    listing("sheets", "print one row per sheet: drawing number, revision, title, sheet x of y (from the title blocks); "
                      "on schematics its sheet path, file and parent page")
    listing("tables", "print the ruled tables (BOM, revision, drawing index) as JSON or CSV").add_argument(
        "--kind", choices=("bom", "revision", "drawing_index"), help="only tables of this kind")
    listing("dimensions", "print the dimensions (or, with --callouts, the leader callouts) as JSON or CSV").add_argument(
        "--callouts", action="store_true", help="the callouts and balloons instead of the dimensions")
    listing("gdt", "print the feature control frames (or, with --datums, the datum feature symbols) as JSON or CSV").add_argument(
        "--datums", action="store_true", help="the datum feature symbols instead of the frames")

    proc = listing("procedures", "print the procedure steps of manuals (or their safety callouts, or part numbers) as JSON or CSV")
    which = proc.add_mutually_exclusive_group()
    which.add_argument("--callouts", action="store_true", help="the safety callouts (DANGER, WARNING, CAUTION, NOTICE, NOTE)")
    which.add_argument("--part-numbers", action="store_true", help="the part numbers")

    comp = listing("components", "print the components of schematics (designator, value, footprint), or their net labels or "
                   "sheet symbols, as JSON or CSV")
    cwhich = comp.add_mutually_exclusive_group()
    cwhich.add_argument("--labels", action="store_true", help="the net labels (local, global, hierarchical, power)")
    cwhich.add_argument("--sheets", action="store_true", help="the sheet symbols (name, file)")
    inst = listing("instruments", "print the instrument tags of P&IDs with their ISA-5.1 check (or the equipment tags, or "
                   "the line numbers) as JSON or CSV")
    iwhich = inst.add_mutually_exclusive_group()
    iwhich.add_argument("--equipment", action="store_true", help="the equipment tags")
    iwhich.add_argument("--lines", action="store_true", help="the pipe line numbers, split into their parts")

    rep = sub.add_parser(
        "report", help="write an HTML report: the sheet with what was found drawn over it, tables, diagnostics, characteristics",
        description="One self-contained HTML file per document (no server, no network). With one PDF, -o names the .html "
        "file; with several inputs, a folder or a batch output folder (one holding results.jsonl), -o names a folder "
        "that gets one report per document and index.html with a status row per input.")
    rep.add_argument("inputs", nargs="+", metavar="INPUT", help=inputs_help + ", or a 'pdftract batch' output folder")
    rep.add_argument("-o", "--output", required=True, help="the .html file (one PDF) or the folder (created) for several")
    rep.add_argument("--pages", help="pages of each file, e.g. 1,3-5 (default: all)")
    rep.add_argument("--password", help=password_help)
    rep.add_argument("--analyzers", help="comma-separated analyzer names (default: all registered)")
    rep.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")

    bal = sub.add_parser(
        "balloon", help="number the characteristics (AS9102 Form 3) and balloon the drawing: CSV, ballooned PDF and SVG",
        description="Writes DIR/characteristics.csv (and .xlsx when openpyxl is installed), DIR/ballooned.pdf (the "
        "original pages untouched, balloons drawn over them; the input is only read) and DIR/ballooned-pN.svg per page.")
    bal.add_argument("file", metavar="FILE", help=file_help)
    bal.add_argument("-o", "--output", required=True, metavar="DIR", help="output folder (created)")
    bal.add_argument("--pages", help="pages, e.g. 1,3-5 (default: all)")
    bal.add_argument("--password", help=password_help)
    bal.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")

    sub.add_parser("analyzers", help="list the registered analyzers with what each needs and writes")
    sub.add_parser("schema", help="print the JSON Schema of the 'extract' output")

    ba = sub.add_parser("batch", help="read many files into DIR: results.jsonl, quarantine.jsonl, summary.json, metrics.prom",
                        description="Every input ends in results.jsonl (with its document JSON under DIR/documents/) or in "
                        "quarantine.jsonl with a reason. Inputs: files, directories (recursive) or manifests (.csv or "
                        ".jsonl with a 'path' and an optional 'sha256').",
                        epilog="Exit codes: 0 every input reconciled (quarantined ones included, unless --fail-on says "
                        "otherwise), 4 a --fail-on condition was met, 2 usage error, 1 internal error.")

    def fail_on(value: str) -> str:
        """One --fail-on value: a condition or a comma list of them."""
        from pdftract.batch.report import parse_fail_on

        try:
            parse_fail_on([value])
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from exc
        return value

    def seconds(value: str) -> float:
        """A number of seconds, 0 or more."""
        try:
            n = float(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from exc
        if not n >= 0:
            raise argparse.ArgumentTypeError(f"{value!r}: give 0 or more seconds")
        return n

    ba.add_argument("inputs", nargs="+", metavar="INPUT",
                    help="a file (read by content, whatever its name), a directory (walked recursively in sorted order) "
                    "or a manifest (.csv or .jsonl with a 'path' and an optional 'sha256')")
    ba.add_argument("--out", required=True, metavar="DIR", help="output directory (created; skipped when inside an input directory)")
    ba.add_argument("--workers", type=int, default=2, help="documents read at once, each in its own process (default 2)")
    ba.add_argument("--timeout", type=float, default=300.0, help="seconds per document (default 300)")
    ba.add_argument("--max-memory", type=int, default=2048, metavar="MB", help="resident size ceiling per worker (default 2048)")
    ba.add_argument("--recycle-after", type=int, default=50, metavar="N", help="documents per worker process (default 50)")
    ba.add_argument("--resume", action="store_true", help="keep earlier results in DIR with the same digest and settings")
    ba.add_argument("--ocr", choices=("auto", "never", "always"), default="auto",
                    help="OCR image-only pages (auto, the default), never, or every page")
    ba.add_argument("--password", help="password for encrypted inputs (an empty one is always tried)")
    ba.add_argument("--analyzers", help="comma-separated analyzer names (default: all registered)")
    ba.add_argument("--include", action="append", default=[], metavar="GLOB",
                    help="of the files found in directories, read only those whose path relative to the directory or "
                    "whose name matches GLOB (case-sensitive; repeatable, e.g. --include '*.pdf' --include '*.PDF'; "
                    "default: every file, its type told by content)")
    ba.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                    help="of the files found in directories, leave out those matching GLOB (as --include; repeatable); "
                    "left-out files are counted as 'excluded' in summary.json, never quarantined")
    ba.add_argument("--fail-on", action="append", default=[], type=fail_on, metavar="quarantine|partial",
                    help="exit with code 4 when any input was quarantined ('quarantine') or, with 'partial', also when "
                    "any document is PARTIAL (repeatable or comma-separated; default: exit 0)")
    ba.add_argument("--progress-every", type=seconds, default=30.0, metavar="SECONDS",
                    help="when stderr is not a terminal: a progress line at least every SECONDS seconds (default 30) and "
                    "every tenth of the inputs; 0: after every document")
    ba.add_argument("--executor", choices=("local", "dask"), default="local",
                    help="where documents are read: worker processes of this machine (local, the default) or a dask cluster")
    ba.add_argument("--scheduler", metavar="ADDR", help="dask scheduler address (with --executor dask; default: a local cluster)")
    ba.add_argument("-q", "--quiet", action="store_true", help="no progress or summary on stderr")
    for command in sub.choices.values():  # --traceback also after the command (the global one still works)
        command.add_argument("--traceback", action="store_true", default=argparse.SUPPRESS,
                             help="show the Python traceback of an internal error")
    return p


def _batch(args: argparse.Namespace) -> int:
    from pdftract.batch import BatchSettings, run_batch
    from pdftract.batch.report import EXIT_FAIL_ON, PlainProgress, fail_reasons, parse_fail_on, summary_line

    names = _analyzer_list(args.analyzers)
    settings = BatchSettings(workers=args.workers, timeout=args.timeout, max_memory_mb=args.max_memory,
                             recycle_after=args.recycle_after, ocr=args.ocr, password=args.password,
                             analyzers=None if names is None else tuple(names), include_globs=tuple(args.include),
                             exclude_globs=tuple(args.exclude))
    fail_on = parse_fail_on(args.fail_on)
    out = os.path.abspath(args.out)
    bar = None
    plain = None
    if not args.quiet and sys.stderr.isatty():
        import shutil

        from tqdm import tqdm

        # the size from shutil: a terminal that reports 0 columns and rows falls back to $COLUMNS/$LINES or 80x24
        # (tqdm would take -1 and hide the bar)
        size = shutil.get_terminal_size()
        bar = tqdm(total=None, unit="doc", file=sys.stderr, desc="pdftract batch", ncols=max(40, size.columns),
                   nrows=max(2, size.lines))
    elif not args.quiet:
        plain = PlainProgress(sys.stderr, every_s=args.progress_every)

    def progress(done: int, total: int | None) -> None:
        if bar is not None:
            if bar.total != total:
                bar.total = total
            bar.update(done - bar.n)
        elif plain is not None:
            plain(done, total)

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
        summary = run_batch(args.inputs, out, settings, executor=executor, resume=args.resume, progress=progress,
                            on_record=plain.record if plain is not None else None)
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    reasons = fail_reasons(summary, fail_on)
    if not args.quiet:
        print(summary_line(summary, out), file=sys.stderr)
        if reasons:
            print(f"pdftract batch: exit code {EXIT_FAIL_ON} (--fail-on {','.join(fail_on)}): {', '.join(reasons)}", file=sys.stderr)
    return EXIT_FAIL_ON if reasons else EXIT_OK


def _progress(done: int, total: int) -> None:
    if total > 1 and sys.stderr.isatty():
        end = "\n" if done == total else "\r"
        print(f"  page {done}/{total}", end=end, file=sys.stderr, flush=True)


def _analyzer_list(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


def _check_output(*paths: str | None) -> None:
    """Refuse (a usage error) an output whose folder does not exist, before any work: a mistyped path is not
    silently created."""
    for path in paths:
        if path:
            directory = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(directory):
                raise SettingsError(f"cannot write {path}: the folder {directory} does not exist")


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def _extract(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.display import to_svg
    from pdftract.serialize import parse_include

    include = parse_include(args.include)
    _check_output(args.output, args.svg)
    start = time.perf_counter()
    doc = pdftract.analyze(
        args.file, analyzers=_analyzer_list(args.analyzers), pages=args.pages, password=args.password, progress=_progress,
        jobs=args.jobs, include_hidden_layers=args.include_hidden_layers, limits=_limits(args.limit),
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
        diags = [d for s in sheets for d in s.diagnostics] + list(doc.diagnostics) + list(doc.attachment_diagnostics)
        problems = sum(1 for d in diags if d.severity.value != "info")
        where = f" -> {args.output}" if args.output else ""
        print(
            f"pdftract: {os.path.basename(args.file)}{where}: {len(sheets)} of {plural(doc.page_count, 'page')}, "
            f"{plural(glyphs, 'glyph')}, {plural(paths, 'path')}, {plural(len(diags), 'diagnostic')} "
            f"({plural(problems, 'warning or error', 'warnings or errors')}), {elapsed:.2f} s",
            file=sys.stderr,
        )
        if args.svg:
            print(f"pdftract: page {sheets[0].number} drawn -> {args.svg}", file=sys.stderr)
    return EXIT_OK


def _limits(pairs: Sequence[str]) -> dict[str, int | float]:
    """``--limit NAME=VALUE`` options as overrides of :class:`pdftract.limits.Limits` (checked there)."""
    out: dict[str, int | float] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SettingsError(f"--limit {pair!r}: expected NAME=VALUE, e.g. max_operators=20000000")
        try:
            out[name.strip()] = int(value) if value.strip().lstrip("-").isdigit() else float(value)
        except ValueError:
            raise SettingsError(f"--limit {pair!r}: {value!r} is not a number") from None
    return out


def _attachments(args: argparse.Namespace) -> int:
    import csv
    import typing

    import pdftract
    from pdftract.serialize import AttachmentJSON, attachment_out, dumps

    if args.max_bytes <= 0:
        raise SettingsError(f"--max-bytes must be positive, not {args.max_bytes}")
    if args.force and not args.save:
        raise SettingsError("--force only applies with --save DIR")
    doc = pdftract.open(args.file, args.password)
    rows: list[dict[str, Any]] = [dict(attachment_out(a)) for a in doc.attachments]
    failed = 0
    for d in doc.attachment_diagnostics:
        print(f"pdftract: {d.code.value}: {d.message}", file=sys.stderr)
        failed += d.severity.value == "error"
    keys = list(typing.get_type_hints(AttachmentJSON))
    if args.save:
        keys += ["saved", "saved_as"]
        for row, saved in zip(rows, pdftract.save_attachments(doc, args.save, force=args.force, max_bytes=args.max_bytes),
                              strict=True):
            row["saved"], row["saved_as"] = saved.status, saved.path
            if saved.status == "failed":
                failed += 1
                print(f"pdftract: {saved.error}", file=sys.stderr)
            elif saved.status == "exists":
                print(f"pdftract: {saved.path} exists and was kept (--force replaces it)", file=sys.stderr)
            elif not args.csv:
                print(f"pdftract: {saved.attachment.name!r} -> {saved.path}", file=sys.stderr)
    if args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["file"] + keys)
        for row in rows:
            writer.writerow([args.file] + ["" if row.get(k) is None else row[k] for k in keys])
    else:
        sys.stdout.write(dumps(rows) + "\n")
    return EXIT_INPUT if failed else EXIT_OK


def _show(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.display import to_svg

    suffix = Path(args.output).suffix.lower()
    if not 10 <= args.dpi <= 600:
        print(f"pdftract: error: --dpi {args.dpi}: give 10 to 600", file=sys.stderr)
        return EXIT_USAGE
    if suffix not in (".svg", ".png"):
        print(f"pdftract: error: show writes .svg or .png, not {suffix or 'a file without an extension'!r}: {args.output}",
              file=sys.stderr)
        return EXIT_USAGE
    _check_output(args.output)
    doc = pdftract.analyze(args.file, analyzers=_analyzer_list(args.analyzers), pages=[args.page], password=args.password)
    sheet = doc.page(args.page)
    if suffix == ".svg":
        _write(args.output, to_svg(sheet, debug=args.debug, legend=not args.no_legend))
    else:
        from pdftract.render import MissingRenderer, overlay_png

        try:
            data = overlay_png(args.file, sheet, dpi=args.dpi, password=args.password, glyph_boxes=args.debug)
        except MissingRenderer as exc:
            print(f"pdftract: error: {exc}", file=sys.stderr)
            return EXIT_USAGE
        Path(args.output).write_bytes(data)
    print(f"pdftract: page {args.page} -> {args.output}", file=sys.stderr)
    return EXIT_OK


def _balloon(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.inspection.balloon import write_balloons

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise SettingsError(f"cannot write into {out}: it is a file, not a folder")
    _check_output(str(out))
    doc = pdftract.analyze(args.file, pages=args.pages, password=args.password, progress=None if args.quiet else _progress)
    written = write_balloons(doc, args.file, out, password=args.password)
    if not args.quiet:
        from pdftract.inspection.characteristics import characteristics

        n = len(characteristics(doc))
        print(f"pdftract: {os.path.basename(args.file)}: {plural(n, 'characteristic')} ballooned -> "
              f"{', '.join(str(p) for p in written)}", file=sys.stderr)
    return EXIT_OK


def _batch_inputs(folder: Path) -> list[dict[str, Any]]:
    """The inputs of a batch output folder: results.jsonl rows (path, status) and quarantine.jsonl rows (path,
    error_category, message), in that order."""
    rows: list[dict[str, Any]] = []
    for name, ok in (("results.jsonl", True), ("quarantine.jsonl", False)):
        f = folder / name
        if not f.exists():
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            rows.append({"input": rec.get("path", ""), "ok": ok, "status": rec.get("status") if ok else "QUARANTINED",
                         "reason": "" if ok else f"{rec.get('error_category', '')}: {rec.get('message', '')}"})
    return rows


def _report(args: argparse.Namespace) -> int:
    import pdftract
    from pdftract.inspection.characteristics import characteristics
    from pdftract.inspection.report import index_html, write_report

    analyzers = _analyzer_list(args.analyzers)
    batch_dirs = [Path(i) for i in args.inputs if (Path(i) / "results.jsonl").exists()]
    plain = [i for i in args.inputs if Path(i) not in batch_dirs]
    entries: list[dict[str, Any]] = [{"input": f, "ok": True, "status": None, "reason": ""} for f in _files(plain)] if plain else []
    for d in batch_dirs:
        entries.extend(_batch_inputs(d))
    single = len(entries) == 1 and not batch_dirs and not os.path.isdir(args.inputs[0])
    if single:
        if Path(args.output).suffix.lower() not in (".html", ".htm"):
            raise SettingsError(f"{args.output}: with one PDF, -o names the .html file to write")
        _check_output(args.output)
        doc = pdftract.analyze(entries[0]["input"], analyzers=analyzers, pages=args.pages, password=args.password,
                               progress=None if args.quiet else _progress)
        write_report(doc, entries[0]["input"], args.output, password=args.password)
        if not args.quiet:
            print(f"pdftract: {os.path.basename(entries[0]['input'])} -> {args.output}", file=sys.stderr)
        return EXIT_OK
    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise SettingsError(f"{out}: with several inputs, -o names a folder, and this is a file")
    if out.suffix.lower() in (".html", ".htm") and not out.exists():
        raise SettingsError(f"{out}: with several inputs, -o names a folder for the reports and index.html, not an .html file")
    _check_output(str(out))
    out.mkdir(exist_ok=True)
    rows: list[dict[str, Any]] = []
    used: set[str] = set()
    failed = 0
    for n, e in enumerate(entries, 1):
        row = {"input": e["input"], "status": e["status"], "pages": None, "characteristics": None, "report": None,
               "reason": e["reason"]}
        rows.append(row)
        if not e["ok"]:
            continue
        try:
            doc = pdftract.analyze(e["input"], analyzers=analyzers, pages=args.pages, password=args.password)
        except InputError as exc:
            failed += 1
            row.update(status="ERROR", reason=f"{exc.code.value}: {exc.message}")
            if not args.quiet:
                print(f"pdftract: {e['input']}: error {exc.code.value}: {exc.message}", file=sys.stderr)
            continue
        stem = Path(e["input"]).stem or "document"
        name, k = f"{stem}.html", 2
        while name.lower() in used or name == "index.html":
            name, k = f"{stem}-{k}.html", k + 1
        used.add(name.lower())
        write_report(doc, e["input"], out / name, password=args.password)
        row.update(status=row["status"] or "OK", pages=len(doc), characteristics=len(characteristics(doc)), report=name)
        if not args.quiet:
            print(f"pdftract: report {n}/{len(entries)}: {e['input']} -> {out / name}", file=sys.stderr)
    (out / "index.html").write_text(index_html(rows), encoding="utf-8")
    if not args.quiet:
        print(f"pdftract: {plural(len(rows), 'input')}, index -> {out / 'index.html'}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


def _files(inputs: Sequence[str]) -> list[str]:
    """The PDF files named or found (recursively, any case of ``.pdf``) in ``inputs``, in order; a folder
    without any is an input error."""
    out: list[str] = []
    for item in inputs:
        if os.path.isdir(item):
            found = [str(f) for f in Path(item).rglob("*") if f.is_file() and f.suffix.lower() == ".pdf"]
            if not found:
                raise MissingFileError(f"no .pdf files in the folder {item}", path=item)
            out.extend(sorted(found))
        else:
            out.append(item)
    return out


def _each_document(args: argparse.Namespace, analyzers: list[str]) -> tuple[list[tuple[str, Any]], int]:
    """Analyse every input; (file, document) pairs and the number of inputs that failed (said on stderr)."""
    import pdftract

    files = _files(args.inputs)
    docs: list[tuple[str, Any]] = []
    failed = 0
    for f in files:
        try:
            docs.append((f, pdftract.analyze(f, analyzers=analyzers, pages=args.pages, password=args.password,
                                             progress=_progress)))
        except InputError as exc:
            if len(files) == 1:
                raise
            failed += 1
            print(f"pdftract: {f}: error {exc.code.value}: {exc.message}", file=sys.stderr)
    return docs, failed


def _failed(n: int) -> str:
    return f"; {plural(n, 'input')} could not be read (said above)" if n else ""


def _sheets(args: argparse.Namespace) -> int:
    # (the schematic pass too: a schematic page's place in its hierarchy is a sheet's identity as well)
    docs, failed = _each_document(args, ["title_block", "schematic"])
    rows = [{"file": f, **s.to_dict()} for f, doc in docs for s in doc.sheets]
    columns = ("file", "page", "drawing_number", "revision", "title", "sheet_number", "sheet_count", "sheet_count_from",
               "index_title", "index_page", "schematic_path", "schematic_file", "parent_page")
    _write_rows(rows, args.csv, columns)
    print(f"pdftract: {plural(len(rows), 'sheet')} in {plural(len(docs), 'file')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


def _tables(args: argparse.Namespace) -> int:
    docs, failed = _each_document(args, ["tables"])
    found = [(f, sheet.number, i, t) for f, doc in docs for sheet in doc.pages
             for i, t in enumerate(sheet.results.get("tables", ())) if args.kind in (None, t.kind.value)]
    if args.csv:
        from pdftract.analyzers.tables import table_rows

        from pdftract.analyzers.tables import HEADER_WORDS

        rows: list[dict[str, object]] = []
        # the canonical columns always, in a fixed order, so CSVs of separate runs line up; others after them
        columns: list[str] = ["file", "page", "table", "kind", "row", *HEADER_WORDS]
        for f, page, i, t in found:
            for r in table_rows([t]):
                r["table"] = i
                rows.append({"file": f, "page": page, **r})
                columns.extend(k for k in r if k not in columns)
        _write_rows(rows, True, columns)
    else:
        out = [{"file": f, "page": n, "table": i, **t.to_dict()} for f, n, i, t in found]
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
    pages = sum(len(doc.pages) for _, doc in docs)
    print(f"pdftract: {plural(len(found), 'table')} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


_DIM_COLUMNS = ("file", "page", "text", "kind", "nominal", "upper", "lower", "fit", "count", "unit", "dual", "basic", "reference",
                "suffix", "geometry", "confidence", "x0", "top", "x1", "bottom")
_CALLOUT_COLUMNS = ("file", "page", "kind", "text", "item", "target_x", "target_y", "thread", "x0", "top", "x1", "bottom")


def _result_rows(args: argparse.Namespace, analyzers: list[str], key: str,
                 rename: dict[str, str] | None = None) -> tuple[list[dict[str, object]], int, int]:
    """Run ``analyzers`` on the inputs: one JSON-ready row per item of ``key`` (with its file and page; an
    item's own keys renamed by ``rename`` where they would clash), the number of pages read and the number
    of inputs that failed."""
    from pdftract.serialize import to_jsonable

    docs, failed = _each_document(args, analyzers)
    names = rename or {}
    rows = [{"file": f, "page": sheet.number, **{names.get(k, k): v for k, v in to_jsonable(item.to_dict()).items()}}
            for f, doc in docs for sheet in doc.pages for item in sheet.results.get(key, ())]
    return rows, sum(len(doc.pages) for _, doc in docs), failed


def _write_rows(rows: list[dict[str, object]], as_csv: bool, columns: Sequence[str],
                flatten: Callable[[dict[str, object]], None] | None = None) -> None:
    """Rows as JSON, or as one CSV table with a box split into x0/top/x1/bottom and ``flatten`` filling the other columns."""
    import csv
    import io

    if not as_csv:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
        return
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        flat = dict(r)
        box = r.get("bbox")
        if isinstance(box, list):
            flat["x0"], flat["top"], flat["x1"], flat["bottom"] = box
        if flatten is not None:
            flatten(flat)
        w.writerow({k: ("" if v is None else v) for k, v in flat.items()})
    sys.stdout.write(buf.getvalue())


def _dimensions(args: argparse.Namespace) -> int:
    key = "callouts" if args.callouts else "dimensions"
    rows, pages, failed = _result_rows(args, ["dimensions", "callouts"] if args.callouts else ["dimensions"], key)

    def flatten(flat: dict[str, object]) -> None:
        if args.callouts:
            flat["target_x"], flat["target_y"] = flat["target"]  # type: ignore[misc]
            thread = flat.get("thread")
            flat["thread"] = thread["designation"] if isinstance(thread, dict) else ""

    _write_rows(rows, args.csv, _CALLOUT_COLUMNS if args.callouts else _DIM_COLUMNS, flatten)
    print(f"pdftract: {plural(len(rows), key[:-1])} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


_FRAME_COLUMNS = ("file", "page", "characteristic", "symbol", "tolerance", "value", "diameter_zone", "modifiers", "datums",
                  "composite_row", "dimension", "symbol_source", "confidence", "x0", "top", "x1", "bottom")
_DATUM_COLUMNS = ("file", "page", "letter", "target_x", "target_y", "x0", "top", "x1", "bottom")


def _gdt(args: argparse.Namespace) -> int:
    key = "datum_features" if args.datums else "gdt_frames"
    rows, pages, failed = _result_rows(args, ["gdt"], key)

    def flatten(flat: dict[str, object]) -> None:
        if args.datums:
            target = flat.get("target")
            flat["target_x"], flat["target_y"] = target if isinstance(target, list) else ("", "")
        else:
            flat["modifiers"] = " ".join(flat["modifiers"])  # type: ignore[arg-type]
            flat["datums"] = "|".join(flat["datums"])  # type: ignore[arg-type]

    _write_rows(rows, args.csv, _DATUM_COLUMNS if args.datums else _FRAME_COLUMNS, flatten)
    what = "datum feature symbol" if args.datums else "feature control frame"
    print(f"pdftract: {plural(len(rows), what)} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


_STEP_COLUMNS = ("file", "page", "procedure", "number", "level", "text", "confidence", "x0", "top", "x1", "bottom")
_SAFETY_COLUMNS = ("file", "page", "kind", "label", "text", "colour", "boxed", "confidence", "x0", "top", "x1", "bottom")
_PART_NUMBER_COLUMNS = ("file", "page", "text", "prefixed", "confidence", "x0", "top", "x1", "bottom")


def _procedures(args: argparse.Namespace) -> int:
    key, columns, what = ("safety_callouts", _SAFETY_COLUMNS, "safety callout") if args.callouts else \
        ("part_numbers", _PART_NUMBER_COLUMNS, "part number") if args.part_numbers else ("procedures", _STEP_COLUMNS, "step")
    rows, pages, failed = _result_rows(args, ["manual"], key)
    _write_rows(rows, args.csv, columns)
    print(f"pdftract: {plural(len(rows), what)} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


_COMPONENT_COLUMNS = ("file", "page", "designator", "value", "footprint", "fields", "confidence", "x0", "top", "x1", "bottom")
_LABEL_COLUMNS = ("file", "page", "text", "kind", "overbar", "confidence", "x0", "top", "x1", "bottom")
_SHEET_SYMBOL_COLUMNS = ("file", "page", "name", "sheet_file", "confidence", "x0", "top", "x1", "bottom")


def _components(args: argparse.Namespace) -> int:
    key, columns, what = ("net_labels", _LABEL_COLUMNS, "net label") if args.labels else \
        ("sheet_symbols", _SHEET_SYMBOL_COLUMNS, "sheet symbol") if args.sheets else ("components", _COMPONENT_COLUMNS, "component")
    # a sheet symbol's own file name would clash with the input's column
    rows, pages, failed = _result_rows(args, ["schematic"], key, {"file": "sheet_file"})

    def flatten(flat: dict[str, object]) -> None:
        fields = flat.get("fields")
        if isinstance(fields, dict):
            flat["fields"] = "; ".join(f"{k}={v}" for k, v in fields.items())

    _write_rows(rows, args.csv, columns, flatten)
    print(f"pdftract: {plural(len(rows), what)} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


_INSTRUMENT_COLUMNS = ("file", "page", "tag", "printed", "letters", "loop", "valid", "reason", "readings", "location", "symbol",
                       "confidence", "x0", "top", "x1", "bottom")
_EQUIPMENT_COLUMNS = ("file", "page", "tag", "kind", "confidence", "x0", "top", "x1", "bottom")
_LINE_NUMBER_COLUMNS = ("file", "page", "text", "size", "fluid_code", "sequence", "pipe_class", "insulation", "extra",
                        "confidence", "x0", "top", "x1", "bottom")


def _instruments(args: argparse.Namespace) -> int:
    key, columns, what = ("equipment", _EQUIPMENT_COLUMNS, "equipment tag") if args.equipment else \
        ("line_numbers", _LINE_NUMBER_COLUMNS, "line number") if args.lines else ("instruments", _INSTRUMENT_COLUMNS, "instrument")
    rows, pages, failed = _result_rows(args, ["pid"], key)

    def flatten(flat: dict[str, object]) -> None:
        for k, sep in (("printed", " / "), ("readings", "; "), ("extra", " ")):
            v = flat.get(k)
            if isinstance(v, list):
                flat[k] = sep.join(str(x) for x in v)

    _write_rows(rows, args.csv, columns, flatten)
    print(f"pdftract: {plural(len(rows), what)} in {plural(pages, 'page')}{_failed(failed)}", file=sys.stderr)
    return EXIT_INPUT if failed else EXIT_OK


def _list_analyzers() -> int:
    from pdftract.pipeline import registered, requirements_of

    specs = registered()
    if not specs:
        print("(no analyzers registered)")
    for name, spec in specs.items():
        needs = requirements_of(name)
        print(f"{name}: {spec.doc}")
        print(f"    writes: {', '.join(spec.assigns)}")
        print(f"    reads: {', '.join(sorted(spec.requires))}")
        print(f"    runs first (pulled in when asked for alone): {', '.join(needs) or 'nothing'}")
    return EXIT_OK


def _schema() -> int:
    from pdftract.schema import schema_text

    sys.stdout.write(schema_text())
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
        if args.command == "sheets":
            return _sheets(args)
        if args.command == "procedures":
            return _procedures(args)
        if args.command == "components":
            return _components(args)
        if args.command == "instruments":
            return _instruments(args)
        if args.command == "schema":
            return _schema()
        if args.command == "batch":
            return _batch(args)
        if args.command == "report":
            return _report(args)
        if args.command == "balloon":
            return _balloon(args)
        if args.command == "attachments":
            return _attachments(args)
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
        if args.traceback:
            raise
        print(f"pdftract: internal error {type(exc).__name__}: {exc} (run with --traceback for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
