"""pdftract: the structure of engineering drawings, read from the PDF vector layer.

>>> import pdftract
>>> from pdftract.testing import simple_pdf
>>> doc = pdftract.open(simple_pdf(pages=[["DWG NO 4711-02", "REV B"]]))
>>> sheet = doc.page(1)
>>> [line.text for line in sheet.lines]
['DWG NO 4711-02', 'REV B']
"""

from pdftract import errors
from pdftract._version import __version__
from pdftract.api import SavedAttachment, analyze, open, parse_pages, save_attachments
from pdftract.display import to_svg
from pdftract.errors import Code, PdftractError
from pdftract.geometry import BBox
from pdftract.model import (
    Annotation,
    Diagnostic,
    Document,
    Font,
    Glyph,
    Image,
    Line,
    Path,
    Segment,
    Sheet,
    SheetView,
    Word,
)
from pdftract.pipeline import AnalyzerSpec, OnError, Pipeline, analyzer
from pdftract.settings import Settings

__all__ = [
    "AnalyzerSpec",
    "Annotation",
    "BBox",
    "Code",
    "Diagnostic",
    "Document",
    "Font",
    "Glyph",
    "Image",
    "Line",
    "OnError",
    "Path",
    "PdftractError",
    "Pipeline",
    "Segment",
    "Settings",
    "Sheet",
    "SheetView",
    "Word",
    "__version__",
    "SavedAttachment",
    "analyze",
    "analyzer",
    "errors",
    "open",
    "parse_pages",
    "save_attachments",
    "to_svg",
]
