"""The document: its source, fonts, metadata and pages (parsed on first access).

>>> import pdftract
>>> from pdftract.testing import simple_pdf
>>> doc = pdftract.open(simple_pdf(pages=[["SHEET 1 OF 2"], ["SHEET 2 OF 2"]]))
>>> len(doc.pages), doc.page(2).text
(2, 'SHEET 2 OF 2')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, overload

from pdftract._wording import plural
from pdftract.errors import PageRangeError
from pdftract.jsonvalues import SheetSummaryJSON
from pdftract.model.diagnostics import Diagnostic
from pdftract.model.pdfe import Attachment, Conformance, Layer
from pdftract.model.primitives import Font
from pdftract.model.sheet import Sheet

if TYPE_CHECKING:
    from pdftract.model.text import Line
    from pdftract.serialize import Include


@dataclass(frozen=True, slots=True, kw_only=True)
class SourceInfo:
    """Where the document came from: its path (when read from a file), digests and size."""

    path: str | None
    sha256: str
    md5: str
    bytes: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetSummary:
    """One page of a drawing set as its title block states it, and how a drawing index lists it."""

    page: int
    sheet_number: str | None
    sheet_count: str | None
    drawing_number: str | None
    revision: str | None
    title: str | None
    index_title: str | None = None  # the title a drawing-index table gives this sheet
    index_page: int | None = None  # the page holding that index
    #: the page whose title block states ``sheet_count`` when this sheet's own block does not ("SHEET 2")
    sheet_count_from: int | None = None
    #: on a schematic page: its sheet's path in the hierarchy and its file, as printed (``Sheet: /Power/``,
    #: ``File: power.kicad_sch``), and the page whose sheet symbol names that file (its parent sheet)
    schematic_path: str | None = None
    schematic_file: str | None = None
    parent_page: int | None = None

    def to_dict(self) -> SheetSummaryJSON:
        return {
            "page": self.page,
            "sheet_number": self.sheet_number,
            "sheet_count": self.sheet_count,
            "drawing_number": self.drawing_number,
            "revision": self.revision,
            "title": self.title,
            "index_title": self.index_title,
            "index_page": self.index_page,
            "sheet_count_from": self.sheet_count_from,
            "schematic_path": self.schematic_path,
            "schematic_file": self.schematic_file,
            "parent_page": self.parent_page,
        }


#: a schematic title block's sheet line: a path (``/Power Supply/``) or a sheet's name, not a number or a count
#: (``1``, ``1 of 3``)
_SHEET_LINE = re.compile(r"^Sheet:\s*(?!\d+\s*(?:(?:of|/)\s*\d+)?\s*$)(\S.*)$", re.IGNORECASE)
_FILE_LINE = re.compile(r"^File:\s*(\S.*)$")
_FILE_LABEL = re.compile(r"^File\s*:?$", re.IGNORECASE)
#: the extensions of schematic documents (KiCad, Eagle and older KiCad, Altium, OrCAD), as sheet symbols and
#: title blocks name them
SCHEMATIC_EXTENSIONS = ("kicad_sch", "sch", "schdoc", "dsn", "sheet")
_SCHEMATIC_FILE = re.compile(rf"\.(?:{'|'.join(SCHEMATIC_EXTENSIONS)})$", re.IGNORECASE)


def _file_beside_label(lines: Sequence[Line]) -> str | None:
    """The schematic file a title block prints right of a lone ``File:`` label on its row (Altium:
    ``File:`` then ``C:\\Users\\..\\Top.SchDoc``), the lowest such label on the page."""
    labels = [ln for ln in lines if _FILE_LABEL.match(ln.text.strip())]
    for label in sorted(labels, key=lambda ln: (-ln.bbox.bottom, ln.bbox.x0)):
        h = max(label.bbox.height, 1.0)
        cy = (label.bbox.top + label.bbox.bottom) / 2
        row = [ln for ln in lines if ln.bbox.x0 >= label.bbox.x1 - 0.1 * h and ln.bbox.x0 - label.bbox.x1 <= 10 * h
               and abs((ln.bbox.top + ln.bbox.bottom) / 2 - cy) <= 0.5 * h]
        if row:
            value = min(row, key=lambda ln: ln.bbox.x0).text.strip()
            if _SCHEMATIC_FILE.search(value):
                return value
    return None


def _base_name(path: str) -> str:
    """A file name without its folders, whichever separator the producer printed."""
    return re.split(r"[\\/]", path)[-1]


def _schematic_hierarchy(pages: Sequence[Sheet], summaries: dict[int, dict[str, Any]]) -> None:
    """Each schematic page's sheet path and file, read from the lines its title block prints (KiCad:
    ``Sheet: /Power Supply/`` over ``File: power.kicad_sch``; the lowest such line on the page, with the
    ``File:`` line nearest under it; Altium: a ``File:`` label with the document's file right of it, and no
    path), and its parent: the page with a sheet symbol naming that file. Partial: other producers' ways of
    printing a sheet's place are not read."""
    files: dict[int, str] = {}
    for sheet in pages:
        if not (sheet.results.get("components") or sheet.results.get("sheet_symbols")):
            continue
        lines = [ln for ln in sheet.layout.lines if not ln.invisible]
        heads = [ln for ln in lines if _SHEET_LINE.match(ln.text.strip())]
        if not heads:
            beside = _file_beside_label(lines)
            if beside is not None:
                summaries[sheet.number]["schematic_file"] = files[sheet.number] = beside
            continue
        head = max(heads, key=lambda ln: (ln.bbox.bottom, ln.bbox.x0))
        m = _SHEET_LINE.match(head.text.strip())
        assert m is not None
        summaries[sheet.number]["schematic_path"] = m.group(1).strip()
        under = [ln for ln in lines if _FILE_LINE.match(ln.text.strip()) and ln.bbox.top >= head.bbox.top
                 and abs(ln.bbox.x0 - head.bbox.x0) <= 2 * max(head.bbox.height, 1.0)]
        if under:
            f = _FILE_LINE.match(min(under, key=lambda ln: (ln.bbox.top, ln.bbox.x0)).text.strip())
            assert f is not None
            summaries[sheet.number]["schematic_file"] = files[sheet.number] = f.group(1).strip()
    for sheet in pages:
        for symbol in sheet.results.get("sheet_symbols", ()) or ():
            name = getattr(symbol, "file", None)
            if not name:
                continue
            for number, own in files.items():
                if number != sheet.number and _base_name(own) == _base_name(str(name)) \
                        and summaries[number].get("parent_page") is None:
                    summaries[number]["parent_page"] = sheet.number


class PageLoader(Protocol):
    """What a document needs from the ingest layer to parse pages on demand."""

    @property
    def page_count(self) -> int: ...

    def sheet(self, index: int) -> Sheet: ...

    @property
    def fonts(self) -> Mapping[str, Font]: ...


class _StaticLoader:
    """A loader over already-built sheets (analysed documents and hand-built ones)."""

    def __init__(self, sheets: Sequence[Sheet], fonts: Mapping[str, Font]) -> None:
        self._sheets = list(sheets)
        self._fonts = dict(fonts)

    @property
    def page_count(self) -> int:
        return len(self._sheets)

    def sheet(self, index: int) -> Sheet:
        return self._sheets[index]

    @property
    def fonts(self) -> Mapping[str, Font]:
        return self._fonts


class Pages(Sequence[Sheet]):
    """The selected pages of a document, in page order; each is parsed when first accessed."""

    __slots__ = ("_doc",)

    def __init__(self, doc: Document) -> None:
        self._doc = doc

    def __len__(self) -> int:
        return len(self._doc.page_numbers)

    @overload
    def __getitem__(self, i: int) -> Sheet: ...
    @overload
    def __getitem__(self, i: slice) -> list[Sheet]: ...
    def __getitem__(self, i: int | slice) -> Sheet | list[Sheet]:
        numbers = self._doc.page_numbers
        if isinstance(i, slice):
            return [self._doc.page(n) for n in numbers[i]]
        return self._doc.page(numbers[i])

    def __iter__(self) -> Iterator[Sheet]:
        for n in self._doc.page_numbers:
            yield self._doc.page(n)

    def __repr__(self) -> str:
        return f"<Pages {len(self)} of {self._doc.page_count}>"


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Document:
    """A PDF document.

    ``page_count`` is the number of pages in the file; ``page_numbers`` the
    1-based pages selected (all by default). ``pages`` yields :class:`Sheet`
    objects in page order, parsing each on first access; ``page(n)`` gets one
    by its number. ``diagnostics`` are document-level (per-page ones live on
    each sheet).
    """

    source: SourceInfo
    page_count: int
    page_numbers: tuple[int, ...]
    metadata: Mapping[str, str] = field(default_factory=dict)
    diagnostics: tuple[Diagnostic, ...] = ()
    loader: PageLoader = field(repr=False, default_factory=lambda: _StaticLoader([], {}))
    overrides: Mapping[int, Sheet] = field(default_factory=dict, repr=False)

    @classmethod
    def from_sheets(cls, sheets: Sequence[Sheet], *, fonts: Mapping[str, Font] | None = None) -> Document:
        """A document over hand-built sheets (tests, synthetic pages)."""
        loader = _StaticLoader(sheets, fonts or {})
        return cls(
            source=SourceInfo(path=None, sha256="", md5="", bytes=0),
            page_count=len(sheets),
            page_numbers=tuple(range(1, len(sheets) + 1)),
            loader=loader,
        )

    def __repr__(self) -> str:
        name = self.source.path or "<bytes>"
        selected = "" if len(self.page_numbers) == self.page_count else f", {len(self.page_numbers)} selected"
        return f"<Document {name}: {self.page_count} page{'s' if self.page_count != 1 else ''}{selected}>"

    def __len__(self) -> int:
        """The number of selected pages (all by default)."""
        return len(self.page_numbers)

    def __iter__(self) -> Iterator[Sheet]:
        """The selected sheets in page order (each parsed on first use), as ``doc.pages``."""
        return iter(self.pages)

    @overload
    def __getitem__(self, i: int) -> Sheet: ...
    @overload
    def __getitem__(self, i: slice) -> list[Sheet]: ...
    def __getitem__(self, i: int | slice) -> Sheet | list[Sheet]:
        """The ``i``-th selected sheet (0-based, as in a list: ``doc[0]``, ``doc[-1]``, ``doc[1:3]``);
        ``doc.page(n)`` takes a page number."""
        return self.pages[i]

    def __bool__(self) -> bool:
        return True  # a document is a document even with no page selected

    def _repr_html_(self) -> str:
        from pdftract.notebook import document_html

        return document_html(self)

    def to_frames(self) -> dict[str, Any]:
        """The document as pandas DataFrames, one per kind of record (needs the ``pandas`` extra); see
        :func:`pdftract.frames.to_frames`.

        >>> import pdftract
        >>> from pdftract.testing import simple_pdf
        >>> frames = pdftract.analyze(simple_pdf(pages=[["DWG NO 4711"]]), analyzers=["title_block"]).to_frames()
        >>> list(frames["sheets"].columns)[:3]
        ['file', 'page', 'drawing_number']
        """
        from pdftract.frames import to_frames

        return to_frames(self)

    @property
    def attachments(self) -> tuple[Attachment, ...]:
        """The embedded files of the document and of its pages' annotations, each hashed on first use
        (see :class:`pdftract.model.pdfe.Attachment`)."""
        get = getattr(self.loader, "attachments", None)
        return tuple(get()) if callable(get) else ()

    @property
    def attachment_diagnostics(self) -> tuple[Diagnostic, ...]:
        """What hashing the attachments found (checksum and size mismatches, damage); empty before
        :attr:`attachments` is first read."""
        return tuple(getattr(self.loader, "attachment_diagnostics", ()))

    @property
    def layers(self) -> tuple[Layer, ...]:
        """The optional-content layers (OCGs) with their default visibility, in the document's order."""
        get = getattr(self.loader, "layers", None)
        return tuple(get()) if callable(get) else ()

    @property
    def conformance(self) -> Conformance:
        """The PDF/E and PDF/A claims of the XMP metadata (read, not validated)."""
        get = getattr(self.loader, "conformance", None)
        found = get() if callable(get) else None
        return found if isinstance(found, Conformance) else Conformance()

    @property
    def pages(self) -> Pages:
        return Pages(self)

    def page(self, number: int) -> Sheet:
        """The sheet for 1-based page ``number`` (``PageRangeError`` when it does not exist)."""
        if not 1 <= number <= self.page_count:
            raise PageRangeError(f"page {number} does not exist; the document has {plural(self.page_count, 'page')}", page=number)
        hit = self.overrides.get(number)
        if hit is not None:
            return hit
        return self.loader.sheet(number - 1)

    @property
    def fonts(self) -> Mapping[str, Font]:
        """The fonts met so far on parsed pages, by font id."""
        return self.loader.fonts

    @property
    def sheets(self) -> list[SheetSummary]:
        """The selected pages as drawing sheets (from their title blocks), linked to any drawing index.

        Needs the ``title_block`` analyzer (and ``tables`` for the index links);
        pages without a title block are listed with ``None`` fields. A sheet whose block gives its number
        but no count takes the count the other sheets state, when they state one (``sheet_count_from``
        names the page it came from). On a schematic (with the ``schematic`` analyzer) a page also gives its
        sheet's path and file as its title block prints them and the page whose sheet symbol names that file
        (``parent_page``): the hierarchy across pages.
        """
        pages = list(self.pages)
        summaries: dict[int, dict[str, Any]] = {}
        for sheet in pages:
            tb = sheet.results.get("title_block")
            value = getattr(tb, "value", None)

            def get(key: str) -> str | None:
                return value(key) if value is not None else None

            summaries[sheet.number] = {
                "page": sheet.number, "sheet_number": get("sheet_number"), "sheet_count": get("sheet_count"),
                "drawing_number": get("drawing_number"), "revision": get("revision"), "title": get("title"),
            }
        counts = {v["sheet_count"]: k for k, v in sorted(summaries.items(), reverse=True) if v["sheet_count"]}
        if len(counts) == 1:  # one count stated across the set: a sheet that prints only its number has it too
            (count, source), = counts.items()
            for v in summaries.values():
                if v["sheet_number"] and not v["sheet_count"]:
                    v["sheet_count"], v["sheet_count_from"] = count, source
        by_sheet = {v["sheet_number"]: k for k, v in summaries.items() if v["sheet_number"]}
        for sheet in pages:
            for table in sheet.results.get("tables", ()):
                kind = getattr(getattr(table, "kind", None), "value", None)
                cols = list(getattr(table, "columns", ()))
                if kind != "drawing_index" or "sheet" not in cols:
                    continue
                ci = cols.index("sheet")
                ti = cols.index("title") if "title" in cols else None
                for row in table.rows:
                    target = by_sheet.get(row[ci].strip())
                    if target is not None:
                        summaries[target]["index_title"] = row[ti] if ti is not None else None
                        summaries[target]["index_page"] = sheet.number
        _schematic_hierarchy(pages, summaries)
        return [SheetSummary(**summaries[n]) for n in sorted(summaries)]

    def select(self, pages: Sequence[int]) -> Document:
        """A document restricted to ``pages`` (1-based; kept in page order, duplicates removed)."""
        for n in pages:
            if not 1 <= n <= self.page_count:
                raise PageRangeError(f"page {n} does not exist; the document has {plural(self.page_count, 'page')}", page=n)
        return Document(
            source=self.source,
            page_count=self.page_count,
            page_numbers=tuple(sorted(set(pages))),
            metadata=self.metadata,
            diagnostics=self.diagnostics,
            loader=self.loader,
            overrides=self.overrides,
        )

    def with_sheets(self, sheets: Mapping[int, Sheet], diagnostics: tuple[Diagnostic, ...] = ()) -> Document:
        """A document whose pages ``sheets`` (by number) are replaced, e.g. by analysed ones."""
        merged = dict(self.overrides)
        merged.update(sheets)
        return Document(
            source=self.source,
            page_count=self.page_count,
            page_numbers=self.page_numbers,
            metadata=self.metadata,
            diagnostics=self.diagnostics + diagnostics,
            loader=self.loader,
            overrides=merged,
        )

    def to_dict(self, include: Include | Sequence[str] = ()) -> dict[str, Any]:
        """The JSON-ready dict of the output contract (DESIGN §6); ``include`` adds ``glyphs``, ``paths``, ``words``, ..."""
        from pdftract.serialize import document_to_dict

        return document_to_dict(self, include)

    def to_json(self, include: Include | Sequence[str] = (), *, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text; identical input gives identical bytes."""
        from pdftract.serialize import document_to_json

        return document_to_json(self, include, indent=indent)


__all__ = ["Document", "PageLoader", "Pages", "SheetSummary", "SheetSummaryJSON", "SourceInfo"]
