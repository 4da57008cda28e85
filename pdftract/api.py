"""The public entry points: :func:`open` and :func:`analyze`."""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pdftract._wording import plural
from pdftract.errors import PageRangeError, SettingsError
from pdftract.ingest import Source, open_document
from pdftract.ingest.device import DEFAULT_MAX_STREAM_BYTES
from pdftract.model.document import Document
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
    read_drawn_text: bool = True,
) -> Document:
    """Open a PDF from a path, bytes or a binary file object; pages are parsed when first used.

    ``text_settings`` tunes the word and line builder; ``max_stream_bytes`` caps
    the decoded size of one content stream (a stream past it is skipped with a
    ``RESOURCE_LIMIT`` diagnostic on its page, against decompression bombs).
    ``read_drawn_text`` reads text drawn as outlines or strokes back into glyphs
    on pages whose text is drawn (:mod:`pdftract.ingest.drawn_text`); ``False``
    keeps only the PDF's own text.

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
        read_drawn_text=read_drawn_text,
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
) -> Document:
    """Open (unless given a :class:`Document`) and run the analyzer pipeline on the selected pages.

    The pipeline is validated before any page is parsed, so a misconfigured
    pipeline fails at once. ``progress(done, total)`` is called after each page.

    >>> import pdftract
    >>> from pdftract.testing import simple_pdf
    >>> doc = pdftract.analyze(simple_pdf(pages=[["A"], ["B"], ["C"]]), analyzers=[], pages="2-3")
    >>> [s.number for s in doc.pages], doc.pages[0].text
    ([2, 3], 'B')
    """
    pipeline = Pipeline(analyzers, settings, on_error)
    doc = src if isinstance(src, Document) else open(src, password)
    selected = parse_pages(pages, doc.page_count)
    if selected is not None:
        doc = doc.select(selected)
    analysed = {}
    total = len(doc.page_numbers)
    for i, number in enumerate(doc.page_numbers, start=1):
        analysed[number] = pipeline.run(doc.page(number))
        if progress is not None:
            progress(i, total)
    return doc.with_sheets(analysed)


__all__ = ["analyze", "open", "parse_pages"]
