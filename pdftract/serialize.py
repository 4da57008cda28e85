"""The JSON output contract (DESIGN §6): documents, pages, primitives and analyzer results.

Coordinates are rounded once, here, to 2 decimals; everything else is emitted
in a deliberate order, so identical input and settings give identical bytes.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from typing_extensions import NotRequired, TypedDict

from pdftract._version import __version__
from pdftract.errors import SettingsError
from pdftract.geometry import BBox
from pdftract.jsonvalues import Box, Pt, SheetSummaryJSON, Value, bbox_out, color_out, pt_out, r2, r4, value_out
from pdftract.model.diagnostics import DiagnosticJSON
from pdftract.model.pdfe import Attachment, Layer, PageLayer, Payload, StreamDigest
from pdftract.model.primitives import Annotation, Font, Glyph, Image, Measurement, Path
from pdftract.model.sheet import Sheet
from pdftract.model.text import Line, Word

if TYPE_CHECKING:
    from pdftract.model.document import Document

SCHEMA_VERSION = "1.8"
INCLUDE_CHOICES = ("glyphs", "paths", "words", "lines", "images", "timings")
Include = frozenset[str]


def parse_include(include: Iterable[str] | str | None) -> Include:
    """Validate an ``include`` list (``"glyphs,paths"`` or an iterable)."""
    if include is None:
        return frozenset()
    items = [s.strip() for s in include.split(",")] if isinstance(include, str) else [str(s).strip() for s in include]
    items = [s for s in items if s]
    bad = sorted(set(items) - set(INCLUDE_CHOICES))
    if bad:
        raise SettingsError(f"include: {', '.join(map(repr, bad))} not among {', '.join(INCLUDE_CHOICES)}")
    return frozenset(items)


def to_jsonable(obj: Any, _depth: int = 0) -> Any:
    """Convert analyzer results (dataclasses, enums, boxes, tuples, mappings) to JSON values.

    Objects with a ``to_dict()`` method are asked for it. Dataclass fields whose
    name starts with ``_`` or equals ``debug`` are left out.
    """
    if _depth > 50:
        raise ValueError("result nesting too deep to serialise")
    if obj is None or isinstance(obj, (bool, str, int)):
        return obj
    if isinstance(obj, Value):
        return float(obj)
    if isinstance(obj, float):
        return r2(obj)
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, BBox):
        return list(bbox_out(obj))
    to_dict = getattr(obj, "to_dict", None)
    if callable(to_dict) and not isinstance(obj, type):
        return to_jsonable(to_dict(), _depth + 1)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: to_jsonable(getattr(obj, f.name), _depth + 1)
            for f in dataclasses.fields(obj)
            if not f.name.startswith("_") and f.name != "debug"
        }
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v, _depth + 1) for k, v in obj.items()}
    if isinstance(obj, (set, frozenset)):
        return [to_jsonable(v, _depth + 1) for v in sorted(obj, key=repr)]
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v, _depth + 1) for v in obj]
    raise TypeError(f"cannot serialise {type(obj).__name__}")


class FontJSON(TypedDict):
    """A font in the JSON output (document ``fonts[]``)."""

    id: str
    name: str
    subtype: str
    embedded: bool
    has_tounicode: bool
    encoding: str | None
    vertical: bool
    unresolved_names: list[tuple[int, str]]


class GlyphJSON(TypedDict):
    """A glyph (``pages[].glyphs[]``, with ``--include glyphs``)."""

    id: int
    text: str
    code: int | None
    font: str
    size: float | None
    bbox: Box
    origin: Pt
    direction: float | None
    upright: bool
    mirrored: bool
    render_mode: int
    invisible: bool
    fill_color: list[float | None] | None
    source: str
    confidence: float | None
    #: present when the text's own markup decorates it: ``overbar``, ``subscript``, ``superscript``
    decoration: NotRequired[str]
    #: present when it is drawn on an optional-content layer (the OCG's name)
    layer: NotRequired[str]


class SegmentJSON(TypedDict):
    """A path segment: ``move`` (one point), ``line`` and ``close`` (two), ``curve`` (four, control points kept)."""

    id: int
    kind: str
    points: list[Pt]


class DashJSON(TypedDict):
    array: list[float | None]
    phase: float | None


class PathJSON(TypedDict):
    """A painted path (``pages[].paths[]``, with ``--include paths``)."""

    id: int
    bbox: Box
    stroke: bool
    fill: bool
    evenodd: bool
    line_width: float | None
    dash: DashJSON | None
    stroke_color: list[float | None] | None
    fill_color: list[float | None] | None
    is_rect: bool
    #: present (and true) when the path draws text read back as glyphs
    text_shape: NotRequired[bool]
    #: present when it is drawn on an optional-content layer (the OCG's name)
    layer: NotRequired[str]
    segments: list[SegmentJSON]


class WordJSON(TypedDict):
    """A word (``pages[].words[]``, with ``--include words``)."""

    id: int
    text: str
    bbox: Box
    direction: float | None
    size: float | None
    font: str
    invisible: bool
    line_id: int | None
    glyph_ids: list[int]


class LineJSON(TypedDict):
    """A text line (``pages[].lines[]``, with ``--include lines``)."""

    id: int
    text: str
    bbox: Box
    direction: float | None
    size: float | None
    invisible: bool
    word_ids: list[int]


class ImageJSON(TypedDict):
    """A raster image (``pages[].images[]``, with ``--include images``)."""

    id: int
    bbox: Box
    width_px: int
    height_px: int
    name: str | None
    bits_per_component: int | None
    colorspace: str | None
    #: present when it is drawn on an optional-content layer (the OCG's name)
    layer: NotRequired[str]


class MeasurementJSON(TypedDict):
    """What a measuring annotation measures, in the units of its ``/Measure`` (or its viewport's)."""

    value: float
    units: str
    kind: str
    source: str


class AnnotationJSON(TypedDict):
    """A PDF annotation: its texts (``contents``, ``rich_text``, ``appearance_text``), flags and measurement."""

    id: int
    subtype: str
    bbox: Box
    contents: str | None
    rich_text: str | None
    name: str | None
    title: str | None
    hidden: bool
    flags: list[str]
    intent: str | None
    measurement: MeasurementJSON | None
    appearance_text: list[str]
    callout: list[Pt]
    popup: int | None
    parent: int | None
    in_reply_to: int | None
    layer: str | None
    action: str | None
    target: str | None


class Measure3DJSON(TypedDict):
    kind: str | None
    value: float | None
    units: str | None
    text: str | None


class View3DJSON(TypedDict):
    name: str | None
    measures: list[Measure3DJSON]


class PayloadJSON(TypedDict):
    """A 3D or RichMedia stream (``pages[].payloads[]``): reported and hashed, never parsed."""

    annotation: int
    annotation_subtype: str
    subtype: str | None
    name: str | None
    bytes: int
    sha256: str | None
    complete: bool
    error: str | None
    activation: str | None
    views: list[View3DJSON]


class PageLayerJSON(TypedDict):
    """A layer as a page has it (``pages[].layers[]``): its text in reading order."""

    name: str
    visible: bool
    text: str


class LayerJSON(TypedDict):
    """An optional-content group of the document (``layers[]``)."""

    name: str
    visible: bool
    parents: list[str]
    pages: list[int]


class AttachmentJSON(TypedDict):
    """An embedded file (``attachments[]``) with the digests we computed."""

    name: str
    description: str | None
    size: int
    sha256: str | None
    md5: str | None
    complete: bool
    error: str | None
    mime: str
    declared_mime: str | None
    declared_size: int | None
    checksum_ok: bool | None
    relationship: str | None
    location: str
    page: int | None


class ConformanceJSON(TypedDict):
    """The PDF/E and PDF/A claims of the XMP metadata (read, not validated)."""

    pdfe: str | None
    pdfa: str | None


class StatsJSON(TypedDict):
    glyphs: int
    invisible_glyphs: int
    duplicate_glyphs: int
    paths: int
    segments: int
    images: int
    words: int
    lines: int


class PageJSON(TypedDict):
    """One page (``pages[]``). Each analyzer adds its results under its key (see :mod:`pdftract.schema`)."""

    number: int
    width: float | None
    height: float | None
    rotation: int
    user_unit: float | None
    stats: StatsJSON
    text: str
    header: str
    footer: str
    annotations: list[AnnotationJSON]
    payloads: list[PayloadJSON]
    layers: list[PageLayerJSON]
    diagnostics: list[DiagnosticJSON]
    timings: NotRequired[dict[str, float]]
    glyphs: NotRequired[list[GlyphJSON]]
    words: NotRequired[list[WordJSON]]
    lines: NotRequired[list[LineJSON]]
    paths: NotRequired[list[PathJSON]]
    images: NotRequired[list[ImageJSON]]


class SourceJSON(TypedDict):
    path: str | None
    sha256: str
    md5: str
    bytes: int


class DocumentJSON(TypedDict):
    """The whole output of ``pdftract extract`` / :meth:`Document.to_json`."""

    schema_version: str
    pdftract_version: str
    source: SourceJSON
    page_count: int
    #: the document information dictionary's strings, and ``conformance``
    metadata: dict[str, str | ConformanceJSON]
    attachments: list[AttachmentJSON]
    layers: list[LayerJSON]
    fonts: list[FontJSON]
    diagnostics: list[DiagnosticJSON]
    #: present when the title_block analyzer ran
    sheets: NotRequired[list[SheetSummaryJSON]]
    pages: list[dict[str, Any]]


def font_out(f: Font) -> FontJSON:
    return {
        "id": f.id,
        "name": f.name,
        "subtype": f.subtype.value,
        "embedded": f.embedded,
        "has_tounicode": f.has_tounicode,
        "encoding": f.encoding,
        "vertical": f.vertical,
        "unresolved_names": [(code, name) for code, name in f.unresolved_names],
    }


def glyph_out(g: Glyph) -> GlyphJSON:
    out = _glyph_core(g)
    if g.decoration:
        out = {**out, "decoration": g.decoration}
    if g.layer is not None:
        out = {**out, "layer": g.layer}
    return out


def _glyph_core(g: Glyph) -> GlyphJSON:
    return {
        "id": g.id,
        "text": g.text,
        "code": g.code,
        "font": g.font,
        "size": r2(g.size),
        "bbox": bbox_out(g.bbox),
        "origin": pt_out(g.origin),
        "direction": r2(g.direction),
        "upright": g.upright,
        "mirrored": g.mirrored,
        "render_mode": g.render_mode,
        "invisible": g.invisible,
        "fill_color": color_out(g.fill_color),
        "source": g.source.value,
        "confidence": r2(g.confidence),
    }


def path_out(p: Path) -> PathJSON:
    out: PathJSON = {
        "id": p.id,
        "bbox": bbox_out(p.bbox),
        "stroke": p.stroke,
        "fill": p.fill,
        "evenodd": p.evenodd,
        "line_width": r2(p.line_width),
        "dash": None if p.dash is None else {"array": [r2(v) for v in p.dash[0]], "phase": r2(p.dash[1])},
        "stroke_color": color_out(p.stroke_color),
        "fill_color": color_out(p.fill_color),
        "is_rect": p.is_rect,
        "segments": [{"id": i, "kind": kind, "points": [pt_out(q) for q in points]} for i, kind, points in p.numbered_pieces()],
    }
    if p.text_shape:
        out = {**out, "text_shape": True}
    if p.layer is not None:
        out = {**out, "layer": p.layer}
    return out


def word_out(w: Word) -> WordJSON:
    return {
        "id": w.id,
        "text": w.text,
        "bbox": bbox_out(w.bbox),
        "direction": r2(w.direction),
        "size": r2(w.size),
        "font": w.font,
        "invisible": w.invisible,
        "line_id": w.line_id,
        "glyph_ids": list(w.glyph_ids),
    }


def line_out(ln: Line) -> LineJSON:
    return {
        "id": ln.id,
        "text": ln.text,
        "bbox": bbox_out(ln.bbox),
        "direction": r2(ln.direction),
        "size": r2(ln.size),
        "invisible": ln.invisible,
        "word_ids": list(ln.word_ids),
    }


def image_out(i: Image) -> ImageJSON:
    out: ImageJSON = {
        "id": i.id,
        "bbox": bbox_out(i.bbox),
        "width_px": i.width_px,
        "height_px": i.height_px,
        "name": i.name,
        "bits_per_component": i.bits_per_component,
        "colorspace": i.colorspace,
    }
    if i.layer is not None:
        out = {**out, "layer": i.layer}
    return out


def _measurement_out(m: Measurement | None) -> MeasurementJSON | None:
    if m is None:
        return None
    return {"value": m.value, "units": m.units, "kind": m.kind, "source": m.source}


def annotation_out(a: Annotation) -> AnnotationJSON:
    return {
        "id": a.id,
        "subtype": a.subtype,
        "bbox": bbox_out(a.rect),
        "contents": a.contents,
        "rich_text": a.rich_text,
        "name": a.name,
        "title": a.title,
        "hidden": a.hidden,
        "flags": list(a.flags),
        "intent": a.intent,
        "measurement": _measurement_out(a.measurement),
        "appearance_text": list(a.appearance_text),
        "callout": [pt_out(p) for p in a.callout],
        "popup": a.popup,
        "parent": a.parent,
        "in_reply_to": a.in_reply_to,
        "layer": a.layer,
        "action": a.action,
        "target": a.target,
    }


def payload_out(p: Payload) -> PayloadJSON:
    return {
        "annotation": p.annotation,
        "annotation_subtype": p.annotation_subtype,
        "subtype": p.subtype,
        "name": p.name,
        "bytes": p.digest.size,
        "sha256": p.digest.sha256,
        "complete": p.digest.complete,
        "error": p.digest.error,
        "activation": p.activation,
        "views": [{"name": v.name, "measures": [{"kind": m.kind, "value": m.value, "units": m.units, "text": m.text}
                                                for m in v.measures]} for v in p.views],
    }


def page_layer_out(layer: PageLayer) -> PageLayerJSON:
    return {"name": layer.name, "visible": layer.visible, "text": layer.text}


def layer_out(layer: Layer) -> LayerJSON:
    return {"name": layer.name, "visible": layer.visible, "parents": list(layer.parents), "pages": list(layer.pages)}


def _digest_fields(d: StreamDigest) -> tuple[int, str | None, str | None, bool, str | None]:
    return d.size, d.sha256, d.md5, d.complete, d.error


def attachment_out(a: Attachment) -> AttachmentJSON:
    size, sha256, md5, complete, error = _digest_fields(a.digest)
    return {
        "name": a.name,
        "description": a.description,
        "size": size,
        "sha256": sha256,
        "md5": md5,
        "complete": complete,
        "error": error,
        "mime": a.mime,
        "declared_mime": a.declared_mime,
        "declared_size": a.declared_size,
        "checksum_ok": a.checksum_ok,
        "relationship": a.relationship,
        "location": a.location,
        "page": a.page,
    }


def sheet_to_dict(sheet: Sheet, include: Include = frozenset()) -> dict[str, Any]:
    """One page of the output contract (a :class:`PageJSON` and the analyzers' results under their keys)."""
    layout = sheet.layout
    core: PageJSON = {
        "number": sheet.number,
        "width": r2(sheet.width),
        "height": r2(sheet.height),
        "rotation": sheet.rotation,
        "user_unit": r4(sheet.user_unit),
        "stats": {
            "glyphs": len(sheet.glyphs),
            "invisible_glyphs": sum(1 for g in sheet.glyphs if g.invisible),
            "duplicate_glyphs": len(layout.duplicate_glyph_ids),
            "paths": len(sheet.paths),
            "segments": sum(p.segment_count for p in sheet.paths),
            "images": len(sheet.images),
            "words": len(layout.words),
            "lines": len(layout.lines),
        },
        "text": sheet.text,
        "header": sheet.reading.header,
        "footer": sheet.reading.footer,
        "annotations": [annotation_out(a) for a in sheet.annotations],
        "payloads": [payload_out(p) for p in sheet.payloads],
        "layers": [page_layer_out(layer) for layer in sheet.layers],
        "diagnostics": [d.to_dict() for d in sheet.diagnostics],
    }
    out: dict[str, Any] = dict(core)
    for key, value in sheet.results.items():
        out[key] = to_jsonable(value)
    if "timings" in include:
        out["timings"] = {k: round(v, 6) for k, v in sorted(sheet.timings.items())}
    if "glyphs" in include:
        out["glyphs"] = [glyph_out(g) for g in sheet.glyphs]
    if "words" in include:
        out["words"] = [word_out(w) for w in layout.words]
    if "lines" in include:
        out["lines"] = [line_out(ln) for ln in layout.lines]
    if "paths" in include:
        out["paths"] = [path_out(p) for p in sheet.paths]
    if "images" in include:
        out["images"] = [image_out(i) for i in sheet.images]
    return out


def _font_sort_key(font_id: str) -> tuple[int, int, str]:
    m = re.fullmatch(r"F(\d+)", font_id)
    return (0, int(m.group(1)), "") if m else (1, 0, font_id)


def document_to_dict(doc: Document, include: Include | Iterable[str] = frozenset()) -> dict[str, Any]:
    """The whole document per the output contract (``schema_version`` inside)."""
    inc = include if isinstance(include, frozenset) else parse_include(include)
    pages = [sheet_to_dict(s, inc) for s in doc.pages]
    used = sorted({g.font for s in doc.pages for g in s.glyphs}, key=_font_sort_key)
    fonts = doc.fonts
    attachments = doc.attachments
    conformance = doc.conformance
    metadata: dict[str, str | ConformanceJSON] = dict(sorted(doc.metadata.items()))
    metadata["conformance"] = {"pdfe": conformance.pdfe, "pdfa": conformance.pdfa}
    out: DocumentJSON = {
        "schema_version": SCHEMA_VERSION,
        "pdftract_version": __version__,
        "source": {
            "path": doc.source.path,
            "sha256": doc.source.sha256,
            "md5": doc.source.md5,
            "bytes": doc.source.bytes,
        },
        "page_count": doc.page_count,
        "metadata": metadata,
        "attachments": [attachment_out(a) for a in attachments],
        "layers": [layer_out(layer) for layer in doc.layers],
        "fonts": [font_out(fonts[f]) for f in used if f in fonts],
        "diagnostics": [d.to_dict() for d in doc.diagnostics + doc.attachment_diagnostics],
        "pages": pages,
    }
    if any("title_block" in s.results for s in doc.pages):
        out = {**out, "sheets": [s.to_dict() for s in doc.sheets]}
    # key order of the contract: sheets before pages
    return {k: out[k] for k in ("schema_version", "pdftract_version", "source", "page_count", "metadata", "attachments",
                                 "layers", "fonts", "diagnostics", "sheets", "pages") if k in out}


_NUMBER_ARRAY = re.compile(r"\[\n\s*(?:-?\d[\d.eE+-]*|null)(?:,\n\s*(?:-?\d[\d.eE+-]*|null))*\n\s*\]")


def dumps(value: Any, *, indent: int | None = 2) -> str:
    """JSON text with short arrays of numbers (boxes, points) kept on one line."""
    text = json.dumps(value, ensure_ascii=False, indent=indent, allow_nan=False)
    if indent is None:
        return text
    # only structural arrays contain newlines (JSON strings escape them), so this never touches text values
    return _NUMBER_ARRAY.sub(lambda m: "[" + ", ".join(x.strip() for x in m.group(0)[1:-1].split(",")) + "]", text)


def document_to_json(doc: Document, include: Include | Iterable[str] = frozenset(), *, indent: int | None = 2) -> str:
    return dumps(document_to_dict(doc, include), indent=indent) + "\n"


__all__ = [
    "INCLUDE_CHOICES",
    "SCHEMA_VERSION",
    "document_to_dict",
    "document_to_json",
    "dumps",
    "parse_include",
    "sheet_to_dict",
    "to_jsonable",
]
