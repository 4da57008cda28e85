"""The public entry points: :func:`open` and :func:`analyze`."""

from __future__ import annotations

import builtins
import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pdftract._wording import plural
from pdftract.errors import PageRangeError, SettingsError, WorkerCrashedError
from pdftract.ingest import Source, open_document
from pdftract.ingest.device import DEFAULT_MAX_STREAM_BYTES
from pdftract.ingest.reader import DrawnTextMode
from pdftract.limits import Limits
from pdftract.model.document import Document
from pdftract.model.pdfe import Attachment
from pdftract.model.primitives import Font
from pdftract.model.sheet import Sheet
from pdftract.model.text import TextSettings
from pdftract.pipeline import AnalyzerSpec, OnError, Pipeline

PageSpec = str | Iterable[int] | None
Progress = Callable[[int, int], None]


def parse_pages(spec: PageSpec, page_count: int | None = None) -> tuple[int, ...] | None:
    """``"1,3-5"`` or ``[1, 3, 4, 5]`` to a sorted tuple of page numbers (``None`` means all).

    >>> parse_pages("1,3-5,4")
    (1, 3, 4, 5)
    >>> parse_pages("2-", page_count=4)
    (2, 3, 4)
    """
    if spec is None:
        return None
    numbers: set[int] = set()
    if isinstance(spec, str):
        for part in (p.strip() for p in spec.split(",")):
            if not part:
                continue
            m = re.fullmatch(r"(\d+)\s*(?:-\s*(\d*))?", part)
            if m is None:
                raise SettingsError(f"pages: {part!r} is not a page number or range like 3-5")
            lo = int(m.group(1))
            if m.group(2) is None and "-" not in part:
                hi = lo
            elif m.group(2):
                hi = int(m.group(2))
            else:
                if page_count is None:
                    raise SettingsError(f"pages: open range {part!r} needs the page count")
                hi = page_count
            if hi < lo:
                raise SettingsError(f"pages: range {part!r} runs backwards")
            numbers.update(builtins.range(lo, hi + 1))
    else:
        for n in spec:
            if isinstance(n, bool) or not isinstance(n, int):
                raise SettingsError(f"pages: {n!r} is not a page number")
            numbers.add(n)
    if not numbers:
        raise SettingsError("pages: no page selected")
    if min(numbers) < 1:
        raise PageRangeError(f"page {min(numbers)} does not exist; pages are numbered from 1", page=min(numbers))
    if page_count is not None and max(numbers) > page_count:
        raise PageRangeError(
            f"page {max(numbers)} does not exist; the document has {plural(page_count, 'page')}", page=max(numbers)
        )
    return tuple(sorted(numbers))


def open(  # noqa: A001
    src: Source,
    password: str | None = None,
    *,
    text_settings: TextSettings | Mapping[str, Any] | None = None,
    max_stream_bytes: int = DEFAULT_MAX_STREAM_BYTES,
    read_drawn_text: DrawnTextMode = True,
    include_hidden_layers: bool = False,
    limits: Limits | Mapping[str, Any] | None = None,
) -> Document:
    """Open a PDF from a path, bytes or a binary file object; pages are parsed when first used.

    ``text_settings`` tunes the word and line builder; ``max_stream_bytes`` caps
    the decoded size of one content stream (a stream past it is skipped with a
    ``RESOURCE_LIMIT`` diagnostic on its page, against decompression bombs).
    ``read_drawn_text`` reads text drawn as outlines or strokes back into glyphs
    on pages whose text is drawn (:mod:`pdftract.ingest.drawn_text`); ``False``
    keeps only the PDF's own text; ``"ocr"`` also sends lines of drawn characters no
    template reads to Tesseract (:mod:`pdftract.ingest.drawn_ocr`, the ``ocr`` extra; partial). On by default
    (since 2026-12-07) too: characters stroked one path each on pages with a text layer (AutoCAD's SHX text plotted
    without comments), read after the comments AutoCAD writes over its SHX text, keeping only the lines that look like
    text (partial: a board's pads and hatching in runs are dropped, a few misread values stay); ``"outlines"`` leaves
    that pass out (the default before; ``"strokes"`` and ``"ocr+strokes"``, its names while it was opt-in, are
    ``True`` and ``"ocr"``). Content on optional-content layers that are
    off by default is kept apart (``Sheet.layers``, ``Sheet.off_layer_paths``)
    and analyzers do not see it; ``include_hidden_layers=True`` keeps it in the
    page as if every layer were on. ``limits`` sets the per-page budgets
    (:class:`pdftract.limits.Limits`: operators, glyphs, segments, seconds,
    inflated bytes); a page past one is cut with a ``RESOURCE_LIMIT``
    diagnostic and the other pages are still read.

    Raises a :class:`~pdftract.errors.InputError` subclass for anything that is
    not a readable PDF (``NOT_PDF``, ``EMPTY_FILE``, ``TRUNCATED``,
    ``MALFORMED_XREF``, ``ENCRYPTED_NO_KEY`` ...).

    >>> import pdftract
    >>> from pdftract.testing import simple_pdf
    >>> doc = pdftract.open(simple_pdf(pages=[["TITLE: BRACKET"]]))
    >>> doc.page(1).words[0].text
    'TITLE:'
    """
    return open_document(
        src, password=password, text_settings=TextSettings.resolve(text_settings), max_stream_bytes=max_stream_bytes,
        read_drawn_text=read_drawn_text, include_hidden_layers=include_hidden_layers, limits=Limits.resolve(limits),
    )


def analyze(
    src: Source | Document,
    analyzers: Sequence[str | AnalyzerSpec | Callable[..., Any]] | None = None,
    settings: Mapping[str, Any] | None = None,
    pages: PageSpec = None,
    *,
    password: str | None = None,
    on_error: OnError | str = OnError.RECORD,
    progress: Progress | None = None,
    jobs: int = 1,
    include_hidden_layers: bool = False,
    limits: Limits | Mapping[str, Any] | None = None,
) -> Document:
    """Open (unless given a :class:`Document`) and run the analyzer pipeline on the selected pages.

    The pipeline is validated before any page is parsed, so a misconfigured
    pipeline fails at once. ``progress(done, total)`` is called after each page.

    ``jobs=N`` parses and analyses the pages in ``N`` worker processes (``0``: one per CPU); the result,
    and its JSON, are the same as with ``jobs=1``. The workers are forked from the calling process, so
    analyzers given as functions work as they do in it; where processes cannot be forked (Windows) pages
    are read one after the other. A worker that dies raises :class:`~pdftract.errors.WorkerCrashedError`.
    ``include_hidden_layers`` and ``limits`` are :func:`open`'s; ``limits.max_analysis_seconds`` bounds the
    analyzers of each page (those left past it are skipped with ``RESOURCE_LIMIT``).

    >>> import pdftract
    >>> from pdftract.testing import simple_pdf
    >>> doc = pdftract.analyze(simple_pdf(pages=[["A"], ["B"], ["C"]]), analyzers=[], pages="2-3")
    >>> [s.number for s in doc.pages], doc.pages[0].text
    ([2, 3], 'B')
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise SettingsError(f"jobs must be a whole number of processes, 1 or more (0: one per CPU), not {jobs!r}")
    budgets = Limits.resolve(limits)
    pipeline = Pipeline(analyzers, settings, on_error, max_seconds=budgets.max_analysis_seconds)
    doc = src if isinstance(src, Document) else open(src, password, include_hidden_layers=include_hidden_layers,
                                                      limits=budgets)
    selected = parse_pages(pages, doc.page_count)
    if selected is not None:
        doc = doc.select(selected)
    workers = min(jobs or os.cpu_count() or 1, len(doc.page_numbers))
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods() and hasattr(doc.loader, "adopt_fonts"):
        return doc.with_sheets(_analyze_in_processes(doc, pipeline, workers, progress))
    analysed = {}
    total = len(doc.page_numbers)
    for i, number in enumerate(doc.page_numbers, start=1):
        analysed[number] = pipeline.run(doc.page(number))
        if progress is not None:
            progress(i, total)
    return doc.with_sheets(analysed)


#: what the worker processes of ``analyze(..., jobs=N)`` work on: set in the parent just before it forks them
_JOB: tuple[Document, Pipeline] | None = None


def _analyse_page(number: int) -> tuple[Sheet, dict[str, Font]]:
    """In a worker: one page read and analysed, with the fonts the worker has met (its parent's document
    does not see the pages read here)."""
    assert _JOB is not None, "a worker of analyze(jobs=N) started without its job"
    doc, pipeline = _JOB
    return pipeline.run(doc.page(number)), dict(doc.fonts)


def _analyze_in_processes(doc: Document, pipeline: Pipeline, workers: int, progress: Progress | None) -> dict[int, Sheet]:
    global _JOB
    total = len(doc.page_numbers)
    analysed: dict[int, Sheet] = {}
    _JOB = (doc, pipeline)
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {pool.submit(_analyse_page, number): number for number in doc.page_numbers}
            for done, future in enumerate(as_completed(futures), start=1):
                try:
                    sheet, fonts = future.result()
                except BrokenProcessPool as exc:
                    raise WorkerCrashedError(f"a worker process died while reading page {futures[future]}; "
                                             "run with jobs=1 to see the error in this process", page=futures[future]) from exc
                analysed[futures[future]] = sheet
                doc.loader.adopt_fonts(fonts)  # type: ignore[attr-defined]
                if progress is not None:
                    progress(done, total)
    finally:
        _JOB = None
    return {number: analysed[number] for number in doc.page_numbers}


@dataclass(frozen=True, slots=True)
class SavedAttachment:
    """What :func:`save_attachments` did with one attachment: ``status`` ``saved`` (``path`` is the file),
    ``exists`` (a file of that name was kept; ``force`` overwrites) or ``failed`` (``error`` says why)."""

    attachment: Attachment
    status: str
    path: str | None
    error: str | None = None

    def __repr__(self) -> str:
        return f"<SavedAttachment {self.attachment.name!r} {self.status} {self.path or self.error}>"


def save_attachments(doc: Document, folder: str | os.PathLike[str], *, force: bool = False,
                     max_bytes: int = DEFAULT_MAX_STREAM_BYTES) -> list[SavedAttachment]:
    """Write every attachment of ``doc`` into ``folder`` (created), decoded in steps.

    Names are made safe (:func:`pdftract.ingest.pdfe.safe_filename`: no path parts, no reserved names,
    duplicates numbered). An existing file (or link) of that name is kept unless ``force``; then it is
    replaced, never written through. Each file is written to a new temporary file in ``folder`` and renamed
    when complete, so an attachment that decodes past ``max_bytes`` or is damaged leaves nothing behind.
    Each outcome is returned; nothing is raised for one bad attachment.

    >>> import pdftract, tempfile
    >>> from pdftract.testing import simple_pdf
    >>> pdftract.save_attachments(pdftract.open(simple_pdf(pages=[["A"]])), tempfile.mkdtemp())
    []
    """
    import tempfile

    from pdftract.ingest.pdfe import DecodeError, safe_filename

    loader: Any = doc.loader
    items = doc.attachments
    out: list[SavedAttachment] = []
    if not items:
        return out
    target = os.fspath(folder)
    os.makedirs(target, exist_ok=True)
    taken: set[str] = set()
    for item in items:
        name = safe_filename(item.name, taken)
        path = os.path.join(target, name)
        if os.path.lexists(path) and not force:
            out.append(SavedAttachment(item, "exists", path, f"{path} exists and was kept"))
            continue
        # a fresh file of our own (O_EXCL): a link planted under a predictable name is never written through
        fd, tmp = tempfile.mkstemp(prefix=".pdftract-", suffix=".part", dir=target)
        try:
            with os.fdopen(fd, "wb") as fh:
                for chunk in loader.attachment_chunks(item, max_bytes):
                    fh.write(chunk)
            os.replace(tmp, path)
            out.append(SavedAttachment(item, "saved", path))
        except (DecodeError, ValueError, OSError) as exc:
            if os.path.lexists(tmp):
                os.remove(tmp)
            out.append(SavedAttachment(item, "failed", None, f"{item.name!r} not saved: {exc}"))
    return out


__all__ = ["SavedAttachment", "analyze", "open", "parse_pages", "save_attachments"]
