"""The typed document model: primitives, sheets, documents, words and lines, diagnostics."""

from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.document import Document, Pages, SourceInfo
from pdftract.model.primitives import (
    REPLACEMENT_CHARACTER,
    Annotation,
    Color,
    Font,
    FontSubtype,
    Glyph,
    Image,
    Path,
    Segment,
    UnicodeSource,
)
from pdftract.model.sheet import Sheet, SheetLike, SheetView
from pdftract.model.text import Line, TextLayout, TextSettings, Word

__all__ = [
    "REPLACEMENT_CHARACTER",
    "Annotation",
    "Color",
    "Diagnostic",
    "Document",
    "Font",
    "FontSubtype",
    "Glyph",
    "Image",
    "Line",
    "Pages",
    "Path",
    "Segment",
    "Severity",
    "Sheet",
    "SheetLike",
    "SheetView",
    "SourceInfo",
    "TextLayout",
    "TextSettings",
    "UnicodeSource",
    "Word",
]
