"""What the PDF/E layer of a document holds besides page content: 3D and RichMedia payloads, attached
files, optional-content layers and conformance claims (:mod:`pdftract.ingest.pdfe` reads them).

Payloads and attachments are reported, never parsed: their bytes are decoded in steps and hashed
while they stream, so a 200 MB model costs a few MB of memory.

>>> import pdftract
>>> from pdftract.testing import simple_pdf
>>> doc = pdftract.open(simple_pdf(pages=[["NOTE 1"]]))
>>> doc.attachments, doc.layers, doc.conformance
((), (), Conformance(pdfe=None, pdfa=None))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pdftract.model.primitives import Glyph


@dataclass(frozen=True, slots=True, kw_only=True)
class Measure3D:
    """A measurement stored with a 3D view (``/MA``): its value, units and the user's text."""

    kind: str | None
    value: float | None
    units: str | None
    text: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class View3D:
    """A named view of a 3D or RichMedia annotation (``/VA``, ``/Views``) and its measurements."""

    name: str | None
    measures: tuple[Measure3D, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class StreamDigest:
    """The decoded size and digests of a stream, computed while it streams.

    ``complete`` is false when decoding stopped (damage, an unsupported filter, the size cap); ``error``
    then says why and ``size`` counts what was decoded. ``head`` keeps the first bytes (content sniffing).
    """

    size: int
    sha256: str | None
    md5: str | None
    head: bytes = field(repr=False)
    complete: bool
    error: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Payload:
    """A 3D (U3D, PRC) or RichMedia stream of an annotation, reported and never parsed.

    ``subtype`` is the stream's ``/Subtype`` (``U3D``, ``PRC``) or a RichMedia asset's MIME type;
    ``annotation`` is the id of the annotation on the page; ``activation`` when it is turned on
    (``explicit``, ``page_open``, ``page_visible``) where stated.
    """

    annotation: int
    annotation_subtype: str
    subtype: str | None
    name: str | None
    digest: StreamDigest
    views: tuple[View3D, ...] = ()
    activation: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Attachment:
    """An embedded file: its names, our digests and what the file says of itself.

    ``location``: ``embedded_files`` (the document's name tree), ``file_attachment`` (an annotation on
    ``page``) or ``richmedia`` (a RichMedia asset on ``page``). ``mime`` is read from the content first,
    then the name's extension, then the declared ``/Subtype`` (kept in ``declared_mime``).
    ``checksum_ok`` compares the file's own ``/Params /CheckSum`` (an MD5) with ours (``None``: none
    stated). ``object`` is the embedded stream's object number (used to save it).
    """

    name: str
    description: str | None
    digest: StreamDigest
    mime: str
    declared_mime: str | None
    declared_size: int | None
    checksum_ok: bool | None
    relationship: str | None
    location: str
    page: int | None
    object: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Layer:
    """An optional-content group of the document: its name, default state (``/OCProperties /D``),
    the labels and layers it is nested under in ``/Order``, and the pages whose content refers to it."""

    name: str
    visible: bool
    parents: tuple[str, ...] = ()
    pages: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PageLayer:
    """A layer as one page has it: its default state and its glyphs (``text`` in reading order).

    Glyphs of layers that are off by default are not in the page's text or ``Sheet.glyphs`` unless
    hidden layers are included; they are always here.
    """

    name: str
    visible: bool
    glyphs: tuple[Glyph, ...]
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Conformance:
    """The standards the document claims in its XMP metadata (a claim, not a validation):
    ``pdfe`` (``PDF/E-1``), ``pdfa`` (part and conformance level, e.g. ``2B``)."""

    pdfe: str | None = None
    pdfa: str | None = None


__all__ = ["Attachment", "Conformance", "Layer", "Measure3D", "PageLayer", "Payload", "StreamDigest", "View3D"]
