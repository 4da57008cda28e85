"""Exceptions and the controlled vocabulary of outcome codes.

Every exception pdftract raises on purpose derives from :class:`PdftractError`
and carries a stable ``code`` (one of :class:`Code`). Foreign exceptions
(pdfminer's, zlib's, OS errors while reading) are mapped to these at the
ingest boundary with ``raise ... from exc``; callers never need to import
pdfminer to handle a bad file.

The tree::

    PdftractError                       code
    ├── InputError                      (base for bad input)
    │   ├── NotPDFError                 NOT_PDF
    │   ├── EmptyFileError              EMPTY_FILE
    │   ├── TruncatedPDFError           TRUNCATED
    │   ├── MalformedPDFError           MALFORMED_XREF
    │   ├── StreamDecompressionError    STREAM_DECOMPRESSION_FAIL
    │   ├── EncryptedPDFError           ENCRYPTED_NO_KEY
    │   ├── PageRangeError              PAGE_OUT_OF_RANGE
    │   └── UnreadableFileError         IO_ERROR
    │       └── MissingFileError        FILE_NOT_FOUND
    ├── SettingsError                   INVALID_SETTING   (also a ValueError)
    ├── PipelineConfigError             PIPELINE_CONFIG
    ├── AnalyzerError                   ANALYZER_FAILED
    └── OCRError                        OCR_FAILED        (pdftract.ingest.ocr)

Truncation has one code wherever it is met (``pdftract.open``, ``pdftract extract``, the batch
engine's quarantine record, before any repair): ``EMPTY_FILE`` for zero bytes (or a whole PDF with no
pages); ``TRUNCATED`` for a file with a ``%PDF-`` header that has no ``%%EOF`` marker, has a body section
(an object, ``xref``, ``trailer``, ``startxref``) after its last ``%%EOF``, or has fewer bytes than its
linearization dictionary states (:func:`pdftract.ingest.reader.truncation`); ``MALFORMED_XREF`` for a file
whose end is whole but whose cross-reference data or object structure cannot be read.

Codes are also used for recorded outcomes that are not raised (for example a
page whose content stream could not be decoded becomes a diagnostic with code
``STREAM_DECOMPRESSION_FAIL`` on that page, the other pages still parse). The
batch engine records ``TIMEOUT``, ``RESOURCE_LIMIT``, ``WORKER_CRASHED``,
``INTEGRITY_MISMATCH`` and ``INTERNAL_ERROR`` (a bug met while reading one
document) in its quarantine records (see :mod:`pdftract.batch.engine`). The
``review`` analyzer records what a page could not be read for, never raised:
``TEXT_AS_GRAPHICS`` (visible text drawn as vector shapes), ``NO_TITLE_BLOCK``
(a drawing frame without a title block) and ``LOW_CONFIDENCE`` (results below
:data:`pdftract.analyzers.confidence.LOW`); the batch engine gives such documents
the status ``PARTIAL``. An annotation whose ``/Contents`` and rich text (``/RC``) differ gets
``ANNOTATION_TEXT_MISMATCH`` (both texts are kept); an attachment whose stated checksum or size is not
what its bytes give gets ``INTEGRITY_MISMATCH`` (:mod:`pdftract.ingest.pdfe`); a page with content on
optional-content layers that are off by default gets ``OFF_LAYER_CONTENT`` (information: that content is
kept apart from the page). A document with scripts, launch actions or triggers gets ``ACTIVE_CONTENT``
(information: they are listed, never run or followed).

Example
-------
>>> import pdftract
>>> try:
...     pdftract.open(b"hello, not a pdf")
... except pdftract.errors.InputError as exc:
...     print(exc.code)
NOT_PDF
"""

from __future__ import annotations

import enum
from typing import Any


class Code(str, enum.Enum):
    """Stable outcome codes. Their string values are part of the JSON contract."""

    NOT_PDF = "NOT_PDF"
    FILE_NOT_FOUND = "FILE_NOT_FOUND"
    IO_ERROR = "IO_ERROR"
    EMPTY_FILE = "EMPTY_FILE"
    TRUNCATED = "TRUNCATED"
    MALFORMED_XREF = "MALFORMED_XREF"
    STREAM_DECOMPRESSION_FAIL = "STREAM_DECOMPRESSION_FAIL"
    ENCRYPTED_NO_KEY = "ENCRYPTED_NO_KEY"
    PAGE_OUT_OF_RANGE = "PAGE_OUT_OF_RANGE"
    PAGE_PARSE_FAILED = "PAGE_PARSE_FAILED"
    MISSING_TEXT_LAYER = "MISSING_TEXT_LAYER"
    RESOURCE_LIMIT = "RESOURCE_LIMIT"
    TIMEOUT = "TIMEOUT"
    WORKER_CRASHED = "WORKER_CRASHED"
    INTEGRITY_MISMATCH = "INTEGRITY_MISMATCH"
    OCR_FAILED = "OCR_FAILED"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    INVALID_SETTING = "INVALID_SETTING"
    PIPELINE_CONFIG = "PIPELINE_CONFIG"
    ANALYZER_FAILED = "ANALYZER_FAILED"
    ANALYZER_SKIPPED = "ANALYZER_SKIPPED"
    PDF_WARNING = "PDF_WARNING"
    FONT_LOAD_FAILED = "FONT_LOAD_FAILED"
    UNMAPPED_GLYPHS = "UNMAPPED_GLYPHS"
    GLYPHS_RECOVERED = "GLYPHS_RECOVERED"
    INVALID_PAGE_GEOMETRY = "INVALID_PAGE_GEOMETRY"
    TEXT_AS_GRAPHICS = "TEXT_AS_GRAPHICS"
    NO_TITLE_BLOCK = "NO_TITLE_BLOCK"
    LOW_CONFIDENCE = "LOW_CONFIDENCE"
    ANNOTATION_TEXT_MISMATCH = "ANNOTATION_TEXT_MISMATCH"
    OFF_LAYER_CONTENT = "OFF_LAYER_CONTENT"
    ACTIVE_CONTENT = "ACTIVE_CONTENT"

    def __str__(self) -> str:
        return self.value


class PdftractError(Exception):
    """Base of every error pdftract raises deliberately.

    Attributes
    ----------
    code:
        The stable outcome code (:class:`Code`).
    context:
        Keyword-only details (path, page number, analyzer name, ...), safe to
        log or serialise.
    """

    code: Code = Code.ANALYZER_FAILED

    def __init__(self, message: str, **context: Any) -> None:
        super().__init__(message)
        self.message = message
        self.context: dict[str, Any] = dict(context)

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: ``{"code", "message", "context"}``."""
        return {
            "code": self.code.value,
            "message": self.message,
            "context": {k: _jsonable(v) for k, v in sorted(self.context.items())},
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return repr(value)


class InputError(PdftractError):
    """The input is not something pdftract can read."""

    code = Code.NOT_PDF


class NotPDFError(InputError):
    """The bytes are not a PDF (no ``%PDF-`` header near the start)."""

    code = Code.NOT_PDF


class EmptyFileError(InputError):
    """The file has zero bytes, or a PDF with no pages."""

    code = Code.EMPTY_FILE


class TruncatedPDFError(InputError):
    """The file is cut short (a partial download or copy): no ``%%EOF`` marker, a body section after its last
    ``%%EOF``, or fewer bytes than its linearization dictionary states."""

    code = Code.TRUNCATED


class MalformedPDFError(InputError):
    """The file's end is whole but its cross-reference table or object structure is damaged beyond recovery."""

    code = Code.MALFORMED_XREF


class StreamDecompressionError(InputError):
    """A stream the document needs cannot be decoded."""

    code = Code.STREAM_DECOMPRESSION_FAIL


class EncryptedPDFError(InputError):
    """The document is encrypted and no (correct) password was given."""

    code = Code.ENCRYPTED_NO_KEY


class PageRangeError(InputError):
    """A requested page number does not exist in the document."""

    code = Code.PAGE_OUT_OF_RANGE


class UnreadableFileError(InputError):
    """The file exists but cannot be read (permissions, I/O error, a directory)."""

    code = Code.IO_ERROR


class MissingFileError(UnreadableFileError):
    """There is no file at the given path."""

    code = Code.FILE_NOT_FOUND


class SettingsError(PdftractError, ValueError):
    """A setting has a value outside its valid choices."""

    code = Code.INVALID_SETTING


class PipelineConfigError(PdftractError):
    """The analyzer pipeline cannot be built (unmet requirement, cycle, duplicate assignment)."""

    code = Code.PIPELINE_CONFIG


class AnalyzerError(PdftractError):
    """An analyzer raised while running with ``on_error="raise"``."""

    code = Code.ANALYZER_FAILED


class WorkerCrashedError(PdftractError):
    """A worker process of ``analyze(..., jobs=N)`` died (killed, out of memory) before returning its page."""

    code = Code.WORKER_CRASHED


__all__ = [
    "AnalyzerError",
    "Code",
    "EmptyFileError",
    "EncryptedPDFError",
    "InputError",
    "MalformedPDFError",
    "MissingFileError",
    "NotPDFError",
    "PageRangeError",
    "PdftractError",
    "PipelineConfigError",
    "SettingsError",
    "StreamDecompressionError",
    "TruncatedPDFError",
    "UnreadableFileError",
    "WorkerCrashedError",
]
