"""Opening a PDF: detection, hashing, error mapping, lazy per-page parsing.

This module and :mod:`pdftract.ingest.device` are the only places that import
pdfminer. Foreign exceptions are mapped to :mod:`pdftract.errors` here.
"""

from __future__ import annotations

import contextvars
import hashlib
import io
import logging
import os
import re
import zlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import IO, Any, Literal, cast

from pdfminer.pdfdocument import (
    PDFDocument,
    PDFEncryptionError,
    PDFPasswordIncorrect,
    PDFXRefFallback,
)
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import PSEOF

from pdftract.errors import (
    Code,
    EmptyFileError,
    EncryptedPDFError,
    MalformedPDFError,
    MissingFileError,
    NotPDFError,
    PdftractError,
    SettingsError,
    StreamDecompressionError,
    TruncatedPDFError,
    UnreadableFileError,
)
from pdftract.geometry import BBox, Matrix, page_matrix
from pdftract.ingest.device import (
    DEFAULT_MAX_STREAM_BYTES,
    FontRegistry,
    FAR,
    SheetDevice,
    SheetInterpreter,
    interpret_page,
)
from pdftract.ingest.drawn_text import MAX_ATOMS, PROBE_READS, SHX_COMMENT, comment_text, recover_drawn_text
from pdftract.ingest.pdfe import (
    MAX_XML_BYTES,
    OptionalContent,
    PageAnnotations,
    RawStreams,
    active_content,
    appearance_matrix,
    attachment,
    name_tree,
    page_layer_refs,
    read_conformance,
    read_page_annotations,
    rect_value,
    text_value,
)

#: why a hidden text line was not taken for the drawn text under it, as said in the diagnostic
REASONS = {"size": "drawn at another size", "cover": "not over drawn characters", "stray": "drawn pieces outside its characters",
           "goes_on": "the drawn text goes on past it"}
from pdftract.ingest.path_symbols import MAX_CANDIDATES, recover_path_symbols
from pdftract.limits import Limits
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.document import Document, SourceInfo
from pdftract.model.pdfe import Attachment, Conformance, Layer, PageLayer
from pdftract.model.primitives import Annotation, Font, Glyph, Image, PathTable, UnicodeSource
from pdftract.model.text import build_layout
from pdftract.model.sheet import Sheet

#: what ``read_drawn_text`` may be: on (``True``: outlines, strokes, and characters stroked one path each beside a text
#: layer) or off, on with the opt-in OCR fallback (``"ocr"``), or on without the pass for characters stroked one path
#: each (``"outlines"``: the default until 2026-12-07); ``"strokes"`` and ``"ocr+strokes"`` are the names that pass
#: had while it was opt-in (the same as ``True`` and ``"ocr"``)
DrawnTextMode = bool | Literal["ocr", "outlines", "strokes", "ocr+strokes"]
#: the modes of ``read_drawn_text`` besides ``True`` and ``False``
DRAWN_TEXT_OPTIONS = ("ocr", "outlines", "strokes", "ocr+strokes")
from pdftract.model.text import TextSettings

Source = str | os.PathLike[str] | bytes | bytearray | memoryview | IO[bytes]

#: how far into the file the ``%PDF-`` header may start (garbage prefixes are common)
HEADER_WINDOW = 1024
MAX_WARNINGS_PER_PAGE = 20

# -- pdfminer's log messages become diagnostics -----------------------------------------
_collector: contextvars.ContextVar[list[logging.LogRecord] | None] = contextvars.ContextVar("pdftract_log", default=None)


class _Capture(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        sink = _collector.get()
        if sink is not None and len(sink) < 10_000:
            sink.append(record)


_handler = _Capture(level=logging.WARNING)
_pdfminer_logger = logging.getLogger("pdfminer")
if not any(isinstance(h, _Capture) for h in _pdfminer_logger.handlers):
    _pdfminer_logger.addHandler(_handler)

_DECOMPRESSION = re.compile(r"zlib|decompress|Data-loss|corrupt|filter", re.IGNORECASE)


def _log_diagnostics(records: list[logging.LogRecord], page: int | None) -> list[Diagnostic]:
    grouped: dict[tuple[Code, str], int] = {}
    examples: dict[tuple[Code, str], str] = {}
    for rec in records:
        template = str(rec.msg)
        code = Code.STREAM_DECOMPRESSION_FAIL if _DECOMPRESSION.search(template) else Code.PDF_WARNING
        key = (code, template)
        grouped[key] = grouped.get(key, 0) + 1
        if key not in examples:
            try:
                examples[key] = rec.getMessage()[:300]
            except Exception:
                examples[key] = template[:300]
    out: list[Diagnostic] = []
    for (code, _template), count in list(grouped.items())[:MAX_WARNINGS_PER_PAGE]:
        out.append(
            Diagnostic.make(
                code,
                f"pdf reader: {examples[(code, _template)]}",
                severity=Severity.ERROR if code is Code.STREAM_DECOMPRESSION_FAIL else Severity.WARNING,
                page=page,
                count=count,
            )
        )
    if len(grouped) > MAX_WARNINGS_PER_PAGE:
        out.append(
            Diagnostic.make(
                Code.PDF_WARNING,
                f"{len(grouped) - MAX_WARNINGS_PER_PAGE} more kinds of reader warnings not listed",
                page=page,
            )
        )
    return out


# -- reading the bytes ------------------------------------------------------------------
def read_source(src: Source) -> tuple[bytes, str | None]:
    """The file's bytes and its path (``None`` for in-memory input)."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return bytes(src), None
    if isinstance(src, (str, os.PathLike)):
        path = os.fspath(src)
        try:
            with open(path, "rb") as fh:
                return fh.read(), path
        except FileNotFoundError as exc:
            raise MissingFileError(f"no such file: {path}", path=path) from exc
        except IsADirectoryError as exc:
            raise UnreadableFileError(f"{path} is a directory, not a file", path=path) from exc
        except OSError as exc:
            raise UnreadableFileError(f"cannot read {path}: {exc.strerror or exc}", path=path) from exc
    if hasattr(src, "read"):
        data = src.read()
        if not isinstance(data, (bytes, bytearray)):
            raise NotPDFError("the stream must be opened in binary mode")
        name = getattr(src, "name", None)
        return bytes(data), name if isinstance(name, str) else None
    raise TypeError(f"cannot open {type(src).__name__}: give a path, bytes or a binary file object")


def source_info(data: bytes, path: str | None) -> SourceInfo:
    return SourceInfo(
        path=path,
        sha256=hashlib.sha256(data).hexdigest(),
        md5=hashlib.md5(data, usedforsecurity=False).hexdigest(),
        bytes=len(data),
    )


#: what begins another section of a PDF body: found after the last ``%%EOF``, the file was cut inside a later
#: section (a linearized file's main part, an incremental update)
_SECTION_AFTER_EOF = re.compile(rb"\d+\s+\d+\s+obj\b|\bxref\b|\btrailer\b|\bstartxref\b")
#: the file length a linearization dictionary states (``/L``), looked for near the header
_LINEARIZED_LENGTH = re.compile(rb"/Linearized\b[^>]*?/L\s*(\d+)")


def truncation(data: bytes, offset: int = 0) -> str | None:
    """Why ``data`` (a PDF whose header is at ``offset``) looks cut short, or ``None`` when its end is whole.

    Cut short (``TRUNCATED``): no ``%%EOF`` marker; a body section (an object, ``xref``, ``trailer``,
    ``startxref``) after the last ``%%EOF``; fewer bytes than the linearization dictionary's ``/L`` states.
    Trailing bytes after ``%%EOF`` that begin no section (padding, a newline) are a whole end.
    """
    last = data.rfind(b"%%EOF")
    if last < 0:
        return f"no %%EOF marker ({len(data)} bytes)"
    after = _SECTION_AFTER_EOF.search(data, last + 5)
    if after is not None:
        return f"the data goes on {len(data) - last - 5} bytes after its last %%EOF marker and ends inside that section"
    claimed = _LINEARIZED_LENGTH.search(data, offset, offset + HEADER_WINDOW)
    if claimed is not None and int(claimed.group(1)) > len(data) - offset:
        return f"{len(data) - offset} bytes where its linearization dictionary states {int(claimed.group(1))}"
    return None


def check_header(data: bytes, path: str | None = None) -> int:
    """Offset of the ``%PDF-`` header; raise for empty (``EMPTY_FILE``), non-PDF (``NOT_PDF``) and cut short
    (``TRUNCATED``, see :func:`truncation`) input."""
    where = path or "<bytes>"
    if not data:
        raise EmptyFileError(f"{where} is empty (0 bytes)", path=path)
    offset = data.find(b"%PDF-", 0, HEADER_WINDOW + 5)
    if offset < 0:
        raise NotPDFError(f"{where} is not a PDF (no %PDF- header in the first {HEADER_WINDOW} bytes)", path=path)
    why = truncation(data, offset)
    if why is not None:
        raise TruncatedPDFError(
            f"{where} is truncated: {why}; repair it (e.g. qpdf) or re-copy it",
            path=path,
            bytes=len(data),
        )
    return offset


class Reader:
    """One opened PDF. Holds pdfminer's document and parses sheets on demand (cached)."""

    def __init__(
        self,
        data: bytes,
        *,
        path: str | None = None,
        password: str | None = None,
        text_settings: TextSettings | None = None,
        max_stream_bytes: int = DEFAULT_MAX_STREAM_BYTES,
        read_drawn_text: DrawnTextMode = True,
        include_hidden_layers: bool = False,
        limits: Limits | None = None,
    ) -> None:
        if not isinstance(read_drawn_text, bool) and read_drawn_text not in DRAWN_TEXT_OPTIONS:
            # (a mistyped mode was taken as plain True)
            raise SettingsError(f"read_drawn_text must be True, False or one of {', '.join(map(repr, DRAWN_TEXT_OPTIONS))}, "
                                f"not {read_drawn_text!r}")
        check_header(data, path)
        self.path = path
        self.include_hidden_layers = include_hidden_layers
        self.limits = limits or Limits()
        if max_stream_bytes != DEFAULT_MAX_STREAM_BYTES:
            self.limits = replace(self.limits, max_stream_bytes=max_stream_bytes)
        self.max_stream_bytes = max_stream_bytes = self.limits.max_stream_bytes
        self.read_drawn_text = read_drawn_text
        self.text_settings = text_settings or TextSettings()
        self.diagnostics: list[Diagnostic] = []
        where = path or "<bytes>"
        records: list[logging.LogRecord] = []
        token = _collector.set(records)
        try:
            try:
                parser = PDFParser(io.BytesIO(data))
                self._doc = PDFDocument(parser, password=password or "")
            except PDFPasswordIncorrect as exc:
                msg = "the password is incorrect" if password else "the document is encrypted; pass password= (--password on the command line)"
                raise EncryptedPDFError(f"{where}: {msg}", path=path) from exc
            except PDFEncryptionError as exc:
                raise EncryptedPDFError(f"{where}: unsupported encryption ({exc})", path=path) from exc
            except (zlib.error,) as exc:
                raise StreamDecompressionError(f"{where}: cannot decode a stream: {exc}", path=path) from exc
            except PdftractError:
                raise
            except Exception as exc:
                raise MalformedPDFError(f"{where}: cannot read the document structure: {exc}", path=path) from exc
            if any(isinstance(x, PDFXRefFallback) for x in self._doc.xrefs):
                self.diagnostics.append(
                    Diagnostic.make(
                        Code.MALFORMED_XREF,
                        "the cross-reference table is damaged; objects were recovered by scanning the file",
                        severity=Severity.WARNING,
                    )
                )
            try:
                self._pages = list(PDFPage.create_pages(self._doc))
            except PdftractError:
                raise
            except PSEOF as exc:
                raise TruncatedPDFError(f"{where}: the page tree ends early: {exc}", path=path) from exc
            except Exception as exc:
                raise MalformedPDFError(f"{where}: cannot read the page tree: {exc}", path=path) from exc
            if not self._pages:
                raise EmptyFileError(f"{where}: the document has no pages", path=path)
            self.metadata = self._read_metadata()
            self._streams = RawStreams(self._doc, data, max_stream_bytes)
            self._oc = self._optional_content()
            self._conformance = self._read_conformance()
            self._say_active_content()
        finally:
            _collector.reset(token)
        self.diagnostics.extend(_log_diagnostics(records, None))
        self._registry = FontRegistry(max_font_bytes=self.limits.max_font_bytes)
        self._sheets: dict[int, Sheet] = {}
        self._attachments: tuple[Attachment, ...] | None = None
        self._layers: tuple[Layer, ...] | None = None
        #: diagnostics of the attachments (integrity), known once they are hashed
        self.attachment_diagnostics: list[Diagnostic] = []

    # -- PageLoader protocol ----------------------------------------------------------
    @property
    def page_count(self) -> int:
        return len(self._pages)

    @property
    def fonts(self) -> Mapping[str, Font]:
        return self._registry.fonts

    def adopt_fonts(self, fonts: Mapping[str, Font]) -> None:
        """Fonts met on pages read in another process (``analyze(..., jobs=N)``): known by the same ids,
        since a font's id follows its object number."""
        for fid, font in fonts.items():
            self._registry.fonts.setdefault(fid, font)

    def sheet(self, index: int) -> Sheet:
        hit = self._sheets.get(index)
        if hit is None:
            hit = self._parse(index)
            self._sheets[index] = hit
        return hit

    def conformance(self) -> Conformance:
        return self._conformance

    def layers(self) -> tuple[Layer, ...]:
        """The document's optional-content layers; a layer's pages are those whose resources or
        annotations refer to it."""
        if self._layers is None:
            oc = self._oc
            if oc is None:
                self._layers = ()
            else:
                pages: dict[int, set[int]] = {}
                for number, page in enumerate(self._pages, 1):
                    try:
                        refs = page_layer_refs(page.attrs, oc, self._streams.dictionary)
                    except Exception:
                        continue
                    for oid in refs:
                        pages.setdefault(oid, set()).add(number)
                self._layers = oc.layers(pages)
        return self._layers

    def attachments(self) -> tuple[Attachment, ...]:
        """Embedded files (the document's ``/EmbeddedFiles``, FileAttachment annotations, RichMedia assets),
        hashed while they stream; integrity problems go to :attr:`attachment_diagnostics`."""
        if self._attachments is None:
            found: list[Attachment] = []
            diags: list[Diagnostic] = []
            records: list[logging.LogRecord] = []
            token = _collector.set(records)
            try:
                names = resolve1(self._doc.catalog.get("Names"))
                tree = resolve1(names.get("EmbeddedFiles")) if isinstance(names, dict) else None
                for key, spec in name_tree(tree):
                    self._add_attachment(found, diags, spec, key, "embedded_files", None)
                for number, page in enumerate(self._pages, 1):
                    annots = resolve1(page.annots)
                    if not isinstance(annots, list):
                        continue
                    for item in annots:
                        annot = resolve1(item)
                        if not isinstance(annot, dict):
                            continue
                        subtype = text_value(annot.get("Subtype"))
                        if subtype == "FileAttachment":
                            self._add_attachment(found, diags, annot.get("FS"), "", "file_attachment", number)
                        elif subtype == "RichMedia":
                            content = resolve1(annot.get("RichMediaContent"))
                            if isinstance(content, dict):
                                for key, spec in name_tree(content.get("Assets")):
                                    self._add_attachment(found, diags, spec, key, "richmedia", number)
            except Exception as exc:
                diags.append(Diagnostic.make(Code.PDF_WARNING, f"the attachments could not all be read: {exc}"))
            finally:
                _collector.reset(token)
            diags.extend(_log_diagnostics(records, None))
            self._attachments = tuple(found)
            self.attachment_diagnostics = diags
        return self._attachments

    def _add_attachment(self, found: list[Attachment], diags: list[Diagnostic], spec: object, key: str, location: str,
                        page: int | None) -> None:
        try:
            item = attachment(spec, key, self._streams, location, page, diags)
        except Exception as exc:
            diags.append(Diagnostic.make(Code.PDF_WARNING, f"an attachment ({location}) could not be read: {exc}", page=page))
            return
        if item is not None:
            found.append(item)

    def attachment_chunks(self, item: Attachment, cap: int) -> Any:
        """The decoded bytes of an attachment in steps (raises ``DecodeError`` past ``cap`` or on damage)."""
        if item.object is None:
            raise ValueError(f"{item.name!r} is not an indirect stream and cannot be saved")
        from pdfminer.pdftypes import PDFObjRef

        return self._streams.chunks(PDFObjRef(self._doc, item.object), cap)

    # -- internals --------------------------------------------------------------------
    def _optional_content(self) -> OptionalContent | None:
        try:
            return OptionalContent.from_catalog(self._doc.catalog)
        except Exception as exc:
            self.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"the optional content (layers) could not be read: {exc}"))
            return None

    def _say_active_content(self) -> None:
        try:
            found = active_content(self._doc.catalog, [p.attrs for p in self._pages])
        except Exception as exc:
            self.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"actions and scripts could not all be listed: {exc}"))
            return
        risky = {k: n for k, n in found.items() if not k.startswith(("annotation URI", "open action GoTo"))}
        if risky:
            self.diagnostics.append(Diagnostic(
                code=Code.ACTIVE_CONTENT, severity=Severity.INFO,
                message="the document carries actions a viewer could run or follow (pdftract runs and follows none): "
                + ", ".join(f"{k} x{n}" for k, n in risky.items()),
                context=tuple(sorted((re.sub(r"\W+", "_", k).strip("_"), n) for k, n in risky.items()))))

    def _read_conformance(self) -> Conformance:
        try:
            stream = resolve1(self._doc.catalog.get("Metadata"))
            if not isinstance(stream, PDFStream):
                return Conformance()
            raw = stream.get_data()
            if len(raw) > MAX_XML_BYTES:
                raise ValueError(f"{len(raw)} bytes is over the {MAX_XML_BYTES}-byte limit")
            return read_conformance(raw)
        except Exception as exc:
            self.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"the XMP metadata was not read: {exc}"))
            return Conformance()

    def _read_metadata(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for info in self._doc.info:
            if not isinstance(info, dict):
                continue
            for key in sorted(info):
                value = text_value(info[key])
                if value is not None:
                    out[str(key)] = value
        return out

    def _parse(self, index: int) -> Sheet:
        page = self._pages[index]
        number = index + 1
        diagnostics: list[Diagnostic] = []
        media = rect_value(page.attrs.get("MediaBox")) or tuple(float(v) for v in page.mediabox)
        crop_raw = rect_value(page.attrs.get("CropBox"))
        crop = media
        if crop_raw is not None:
            inter = BBox(*crop_raw).intersection(BBox(*media))
            if inter is not None and inter.width > 0 and inter.height > 0:
                crop = (inter[0], inter[1], inter[2], inter[3])
            else:
                diagnostics.append(
                    Diagnostic.make(Code.INVALID_PAGE_GEOMETRY, "CropBox lies outside the MediaBox; using the MediaBox", page=number)
                )
        media_t = (float(media[0]), float(media[1]), float(media[2]), float(media[3]))
        crop_t = (float(crop[0]), float(crop[1]), float(crop[2]), float(crop[3]))
        rotate = int(page.rotate) % 360
        if rotate % 90:
            diagnostics.append(
                Diagnostic.make(Code.INVALID_PAGE_GEOMETRY, f"/Rotate {page.rotate} is not a multiple of 90; ignored", page=number)
            )
            rotate = 0
        uu_raw = resolve1(page.attrs.get("UserUnit", 1.0))
        user_unit = float(uu_raw) if isinstance(uu_raw, (int, float)) and not isinstance(uu_raw, bool) and uu_raw > 0 else 1.0
        matrix, width, height = page_matrix(crop_t, rotate, user_unit)

        records: list[logging.LogRecord] = []
        token = _collector.set(records)
        device = None
        try:
            device = interpret_page(self._registry, page, matrix, max_stream_bytes=self.max_stream_bytes,
                                    optional_content=self._oc, limits=self.limits)
        except RecursionError as exc:
            diagnostics.append(self._failure(Code.RESOURCE_LIMIT, number, exc))
        except MemoryError as exc:
            diagnostics.append(self._failure(Code.RESOURCE_LIMIT, number, exc))
        except zlib.error as exc:
            diagnostics.append(self._failure(Code.STREAM_DECOMPRESSION_FAIL, number, exc))
        except Exception as exc:
            diagnostics.append(self._failure(Code.PAGE_PARSE_FAILED, number, exc))
        finally:
            _collector.reset(token)
        diagnostics.extend(_log_diagnostics(records, number))
        if device is not None and device.cut is not None:
            cut = device.cut
            diagnostics.append(Diagnostic.make(
                Code.RESOURCE_LIMIT, f"page {number} was cut: {cut.describe()}; what was read before is kept "
                "(raise it with limits=... or --limit)", severity=Severity.ERROR, page=number, budget=cut.budget,
                limit=cut.limit, count=cut.count))
        for message in self._registry.take_limit_hits():
            diagnostics.append(Diagnostic.make(Code.RESOURCE_LIMIT, message, severity=Severity.ERROR, page=number))

        glyphs = tuple(device.glyphs) if device else ()
        paths = device.paths if device else PathTable()
        images = tuple(device.images) if device else ()
        off_glyphs: tuple[Glyph, ...] = ()
        off_paths = PathTable()
        off_images: tuple[Image, ...] = ()
        off_layers = device is not None and bool(device.hidden_glyph_ids or device.hidden_path_ids or device.hidden_image_ids)
        if device is not None and off_layers and self.include_hidden_layers:
            diagnostics.append(Diagnostic.make(
                Code.OFF_LAYER_CONTENT, f"content on layers that are off by default is read as page content, as asked "
                f"(include_hidden_layers): {len(device.hidden_glyph_ids)} glyphs, {len(device.hidden_path_ids)} paths, "
                f"{len(device.hidden_image_ids)} images", severity=Severity.INFO, page=number, included=True,
                glyphs=len(device.hidden_glyph_ids), paths=len(device.hidden_path_ids), images=len(device.hidden_image_ids)))
        elif device is not None and off_layers:
            # ids stay positions of the page's own lists; the off-layer ones are numbered after them, so that
            # no id is given twice on the sheet (segments likewise, across all paths)
            shown_g, hidden_g = _split(glyphs, set(device.hidden_glyph_ids))
            glyphs, off_glyphs = _renumber(shown_g), _renumber(hidden_g, len(shown_g))
            shown_p, hidden_p = _split(tuple(paths), set(device.hidden_path_ids))
            paths = PathTable.of(shown_p)
            off_paths = PathTable.of(hidden_p, len(shown_p), sum(p.segment_count for p in shown_p))
            shown_i, hidden_i = _split(images, set(device.hidden_image_ids))
            images, off_images = _renumber(shown_i), _renumber(hidden_i, len(shown_i))
            diagnostics.append(Diagnostic.make(
                Code.OFF_LAYER_CONTENT, f"content on layers that are off by default is kept apart from the page: {len(off_glyphs)} "
                f"glyphs (their text is under the page's layers), {len(off_paths)} paths, {len(off_images)} images",
                severity=Severity.INFO, page=number, glyphs=len(off_glyphs), paths=len(off_paths), images=len(off_images)))
        layers = self._page_layers(glyphs, off_glyphs)
        if device is not None and device.utf16_folded:
            decoded = sum(1 for g in glyphs if g.source is UnicodeSource.UTF16_STRING)
            diagnostics.append(Diagnostic.make(
                Code.GLYPHS_RECOVERED, f"{decoded} characters of UTF-16 strings shown in one-byte fonts were decoded "
                f"({device.utf16_folded} bytes of byte order marks and high bytes paint nothing)", severity=Severity.INFO,
                page=number, count=decoded, folded_bytes=device.utf16_folded))
        found = self._annotations(page, matrix, number)
        glyphs, paths = self._drawn_text(glyphs, paths, number, diagnostics)
        glyphs, paths = self._comment_text(glyphs, paths, found.annotations, number, diagnostics)
        if self.read_drawn_text and self.read_drawn_text != "outlines":
            # characters stroked one path each beside a text layer, read after the comments AutoCAD wrote over its
            # SHX text (their strings are the program's own; the shapes' reading is a match)
            glyphs, paths = self._drawn_text(glyphs, paths, number, diagnostics, stroked_only=True)
        drawn, unclassified = recover_path_symbols(glyphs, paths)
        if drawn:
            glyphs = glyphs + tuple(drawn)
            counts = Counter(g.text for g in drawn)
            diagnostics.append(Diagnostic.make(
                Code.GLYPHS_RECOVERED, f"{len(drawn)} symbols drawn as paths were read as text (path_match): "
                + ", ".join(f"{t} x{n}" for t, n in sorted(counts.items())), severity=Severity.INFO, page=number, count=len(drawn)))
        if unclassified:
            diagnostics.append(Diagnostic.make(Code.RESOURCE_LIMIT, f"{unclassified} path groups next to text were not matched as symbols "
                                               f"(more than {MAX_CANDIDATES} on the page)", severity=Severity.WARNING, page=number,
                                               count=unclassified))
        if device is not None and device.decode_failures:
            diagnostics.append(
                Diagnostic.make(
                    Code.STREAM_DECOMPRESSION_FAIL,
                    f"{device.decode_failures} content streams could not be decompressed; their content is missing",
                    severity=Severity.ERROR,
                    page=number,
                    count=device.decode_failures,
                )
            )
        if device is not None and device.limit_hits:
            for message in device.limit_hits:
                diagnostics.append(Diagnostic.make(Code.RESOURCE_LIMIT, message, severity=Severity.ERROR, page=number))
        if device is not None and device.warnings:
            for message in sorted(set(device.warnings))[:MAX_WARNINGS_PER_PAGE]:
                diagnostics.append(Diagnostic.make(Code.PDF_WARNING, message, page=number, count=device.warnings.count(message)))
        if device is not None and (device.far_paths or device.far_glyphs):
            diagnostics.append(Diagnostic.make(
                Code.PDF_WARNING, f"{device.far_paths} paths and {device.far_glyphs} glyphs lie at non-finite or absurd "
                f"coordinates (beyond {FAR:g} points) and were left out", page=number, paths=device.far_paths,
                glyphs=device.far_glyphs))
        if device is not None and device.skipped_segments:
            diagnostics.append(
                Diagnostic.make(
                    Code.PDF_WARNING,
                    f"{device.skipped_segments} path operators had invalid operands or no current point and were skipped",
                    page=number,
                    count=device.skipped_segments,
                )
            )
        if device is not None and device.transparent_paths:
            diagnostics.append(Diagnostic.make(
                Code.PDF_WARNING, f"{device.transparent_paths} paths were painted fully transparent (no ink) and were left out",
                severity=Severity.INFO, page=number, count=device.transparent_paths))
        unmapped = [g for g in glyphs if g.source is UnicodeSource.NONE]
        # a private-use code is the font's own numbering, not a character: say so rather than pass it as text
        private = [g for g in glyphs if g.source is not UnicodeSource.NONE and g.text and all(0xE000 <= ord(c) <= 0xF8FF for c in g.text)]
        extra_private: dict[str, Any] = {"private_use": True}
        for group, what, extra in ((private, "map only to private-use code points (no meaning)", extra_private),
                                   (unmapped, "have no Unicode mapping (text U+FFFD)", dict[str, Any]())):
            if group:
                fonts = sorted({g.font for g in group})
                diagnostics.append(Diagnostic.make(Code.UNMAPPED_GLYPHS, f"{len(group)} glyphs {what} in fonts {', '.join(fonts)}",
                                                   page=number, count=len(group), fonts=",".join(fonts), **extra))
        # a raster page with nothing or a few characters typed over it (a drawing printed to one picture by a browser,
        # re-saved as an image by an online editor, a scan with a stamp): what it shows is not in the text, so it says
        # so (a warning) instead of reading as empty or nearly so
        scan, chars, cover = (False, 0, 0.0)
        if images:
            from pdftract.ingest.ocr import scan_measures

            scan, chars, cover = scan_measures(glyphs, images, width, height)
        if scan:
            over = "no text layer" if not glyphs else f"only {chars} characters of text over it"
            diagnostics.append(Diagnostic.make(
                Code.MISSING_TEXT_LAYER,
                f"the page is an image ({cover:.0%} of it) with {over}: what the image shows is not read "
                "(`pdftract batch` reads such pages by OCR, --ocr auto)",
                severity=Severity.WARNING, page=number, images=len(images), paths=len(paths), characters=chars,
                image_cover=round(cover, 3)))
        elif not glyphs:
            diagnostics.append(Diagnostic.make(Code.MISSING_TEXT_LAYER,
                                               f"the page has no text layer ({len(images)} images, {len(paths)} paths)",
                                               severity=Severity.INFO, page=number, images=len(images), paths=len(paths)))
        diagnostics.extend(found.diagnostics)
        return Sheet(
            number=number,
            width=width,
            height=height,
            rotation=rotate,
            mediabox=media_t,
            cropbox=crop_t,
            user_unit=user_unit,
            glyphs=glyphs,
            paths=paths,
            images=images,
            annotations=tuple(found.annotations),
            payloads=tuple(found.payloads),
            layers=layers,
            off_layer_paths=off_paths,
            off_layer_images=off_images,
            fonts=self._registry.fonts,
            diagnostics=tuple(diagnostics),
            text_settings=self.text_settings,
        )

    def _comment_text(self, glyphs: tuple[Glyph, ...], paths: PathTable, annotations: Sequence[Annotation], number: int,
                      diagnostics: list[Diagnostic]) -> tuple[tuple[Glyph, ...], PathTable]:
        """Text drawn as strokes whose string an AutoCAD SHX text comment holds over it, where reading the shapes
        left them unread (:func:`pdftract.ingest.drawn_text.comment_text`), said in a diagnostic."""
        if not self.read_drawn_text:
            return glyphs, paths
        comments = [(a.rect, a.contents) for a in annotations if a.title == SHX_COMMENT and a.contents]
        if not comments:
            return glyphs, paths
        found = comment_text(comments, glyphs, paths)
        if found.glyphs:
            glyphs = glyphs + tuple(found.glyphs)
            paths.mark_text_shapes(found.text_paths)  # in place: nothing holds the page's paths yet
            diagnostics.append(Diagnostic.make(
                Code.GLYPHS_RECOVERED, f"text drawn as strokes was read from the comments AutoCAD wrote over it ('{SHX_COMMENT}'): "
                f"{found.hidden} characters (hidden_layer); {len(found.text_paths)} paths marked as text",
                severity=Severity.INFO, page=number, count=found.hidden, hidden_layer=found.hidden, comments=len(comments)))
        return glyphs, paths

    def _drawn_text(self, glyphs: tuple[Glyph, ...], paths: PathTable, number: int,
                    diagnostics: list[Diagnostic], stroked_only: bool = False) -> tuple[tuple[Glyph, ...], PathTable]:
        """Text drawn as outlines or strokes read back (:mod:`pdftract.ingest.drawn_text`), said in diagnostics
        (``stroked_only``: the pass over characters stroked one path each beside a text layer alone)."""
        if not self.read_drawn_text:
            return glyphs, paths
        found = recover_drawn_text(glyphs, paths, ocr=self.read_drawn_text in ("ocr", "ocr+strokes"), stroked_only=stroked_only)
        if found.glyphs:
            glyphs = glyphs + tuple(found.glyphs)
            paths.mark_text_shapes(found.text_paths)  # in place: nothing holds the page's paths yet
            confirmed = f" ({found.confirmed} lines of it confirmed by reading the shapes)" if found.confirmed else ""
            parts = [f"{n} {what}" for n, what in ((found.hidden, f"from the hidden text layer over them (hidden_layer){confirmed}"),
                                                   (found.outline, "from filled outlines (outline_match)"),
                                                   (found.stroke, "from strokes (stroke_match)"),
                                                   (found.ocr, f"by OCR of {found.ocr_lines} lines no template read "
                                                    f"({found.ocr_calls} Tesseract call{'s' if found.ocr_calls != 1 else ''}; ocr)")) if n]
            diagnostics.append(Diagnostic.make(
                Code.GLYPHS_RECOVERED, "text drawn as vector shapes was read back: " + ", ".join(parts)
                + f"; {len(found.text_paths)} paths marked as text", severity=Severity.INFO, page=number,
                count=found.hidden + found.outline + found.stroke + found.ocr, hidden_layer=found.hidden,
                outline_match=found.outline, stroke_match=found.stroke,
                **cast(dict[str, Any], {"ocr": found.ocr, "ocr_lines": found.ocr_lines, "ocr_calls": found.ocr_calls}
                       if found.ocr_calls else {})))
        if found.unread or found.disagreements or found.dropped or found.given_up:
            bits = []
            if found.unread:
                inside = f" ({found.in_words} of them inside words, kept there as U+FFFD)" if found.in_words else ""
                bits.append(f"{found.unread} character shapes on text lines matched no character closely and were left unread{inside}")
            if found.disagreements:
                reasons = ", ".join(f"{n} {REASONS[k]}" for k, n in sorted(found.why.items()))
                bits.append(f"{found.disagreements} hidden text lines lie over drawn shapes they do not spell ({reasons}); "
                            "they were not taken")
            if found.dropped:
                bits.append(f"{found.dropped} subpaths past the limit of {MAX_ATOMS} were not looked at")
            if found.given_up:
                bits.append(f"{found.given_up} more lines of shapes that look like lettering were not read: the first "
                            f"{PROBE_READS} read gave no text (linework such as a circuit board's tracks)")
            context: dict[str, Any] = {"unread": found.unread, "in_words": found.in_words, "disagreements": found.disagreements,
                                       "dropped": found.dropped}
            if found.given_up:
                context["given_up"] = found.given_up
            context.update((f"disagree_{k}", n) for k, n in found.why.items())
            diagnostics.append(Diagnostic.make(Code.TEXT_AS_GRAPHICS, "; ".join(bits), severity=Severity.WARNING, page=number,
                                               **context))
        return glyphs, paths

    @staticmethod
    def _failure(code: Code, number: int, exc: BaseException) -> Diagnostic:
        return Diagnostic.make(
            code,
            f"page {number} could not be read to the end ({type(exc).__name__}: {str(exc)[:200]}); what was read before is kept",
            severity=Severity.ERROR,
            page=number,
        )

    def _page_layers(self, glyphs: tuple[Glyph, ...], off: tuple[Glyph, ...]) -> tuple[PageLayer, ...]:
        """The page's layers in the document's order, each with its glyphs and their reading-order text."""
        oc = self._oc
        if oc is None:
            return ()
        by_name: dict[str, list[Glyph]] = {}
        for g in glyphs + off:
            if g.layer is not None:
                by_name.setdefault(g.layer, []).append(g)
        if not by_name:
            return ()
        out: list[PageLayer] = []
        seen: set[str] = set()
        for oid in oc.order:
            name = oc.names[oid]
            if name in by_name and name not in seen:
                seen.add(name)
                members = tuple(by_name[name])
                out.append(PageLayer(name=name, visible=oc.on[oid], glyphs=members,
                                     text=build_layout(members, self.text_settings).text))
        return tuple(out)

    def _annotations(self, page: PDFPage, matrix: Matrix, number: int) -> PageAnnotations:
        records: list[logging.LogRecord] = []
        token = _collector.set(records)
        try:
            found = read_page_annotations(page.annots, number, matrix, self._streams, self._oc, page.attrs.get("VP"),
                                          lambda annot, form: self._appearance_text(annot, form, matrix))
        except Exception as exc:  # the page's annotation list itself is damaged: the page is still read
            found = PageAnnotations(diagnostics=[Diagnostic.make(
                Code.PDF_WARNING, f"the page's annotations could not be read: {type(exc).__name__}: {str(exc)[:200]}",
                page=number)])
        finally:
            _collector.reset(token)
        found.diagnostics.extend(_log_diagnostics(records, number))
        return found

    def _appearance_text(self, annot: Mapping[str, Any], form: PDFStream, matrix: Matrix) -> list[str]:
        """The lines of text an annotation's appearance stream draws (run as page content is)."""
        ctm = appearance_matrix(annot, form, matrix)
        resources = resolve1(form.get("Resources"))
        device = SheetDevice(self._registry)
        device.max_stream_bytes = self.max_stream_bytes
        interpreter = SheetInterpreter(self._registry, device, ctm)
        interpreter.render_contents(resources if isinstance(resources, dict) else {}, [form], ctm=ctm)
        if not device.glyphs:
            return []
        return [ln.text for ln in build_layout(device.glyphs, self.text_settings).lines]


def _split(items: tuple[Any, ...], hidden: set[int]) -> tuple[list[Any], list[Any]]:
    return [x for x in items if x.id not in hidden], [x for x in items if x.id in hidden]


def _renumber(items: list[Any], start: int = 0) -> tuple[Any, ...]:
    """``items`` with ids ``start``, ``start + 1`` ... (ids stay positions; the off-layer ones follow the shown)."""
    return tuple(x if x.id == i else replace(x, id=i) for i, x in enumerate(items, start))


def open_document(
    src: Source,
    *,
    password: str | None = None,
    text_settings: TextSettings | None = None,
    max_stream_bytes: int = DEFAULT_MAX_STREAM_BYTES,
    read_drawn_text: DrawnTextMode = True,
    include_hidden_layers: bool = False,
    limits: Limits | None = None,
) -> Document:
    """Read, hash and open a PDF; pages are parsed on first access."""
    data, path = read_source(src)
    reader = Reader(data, path=path, password=password, text_settings=text_settings, max_stream_bytes=max_stream_bytes,
                    read_drawn_text=read_drawn_text, include_hidden_layers=include_hidden_layers, limits=limits)
    return Document(
        source=source_info(data, path),
        page_count=reader.page_count,
        page_numbers=tuple(range(1, reader.page_count + 1)),
        metadata=reader.metadata,
        diagnostics=tuple(reader.diagnostics),
        loader=reader,
    )


__all__ = ["Reader", "Source", "check_header", "open_document", "read_source", "source_info", "truncation"]
