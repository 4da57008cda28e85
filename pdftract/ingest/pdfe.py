"""The PDF/E layer: annotations, 3D and RichMedia payloads, attached files, optional content, XMP claims.

Payloads and attachments are never parsed and never decoded into memory whole: :class:`RawStreams`
finds a stream's bytes in the file itself (pdfminer would copy them twice to build its stream
object), inflates them in steps and hashes them as they pass. XML (``/RC`` rich text, XMP) is parsed
only without a document type declaration, so no entity is ever expanded.

>>> plain_rich_text('<body xmlns="http://www.w3.org/1999/xhtml"><p>Weld <span>all round</span></p><p>Ra 1.6</p></body>')
'Weld all round\\nRa 1.6'
>>> sniff_mime(b"PRC\\x00...", "part.prc"), sniff_mime(b"ISO-10303-21;", "bracket.step")
('model/prc', 'model/step')
"""

from __future__ import annotations

import hashlib
import io
import math
import mimetypes
import re
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFObjRef, PDFStream, decipher_all, resolve1
from pdfminer.psparser import PSEOF, PSLiteral, literal_name
from pdfminer.utils import decode_text

from pdftract.errors import Code
from pdftract.geometry import BBox, Matrix, apply, multiply
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.pdfe import Attachment, Conformance, Layer, Measure3D, Payload, StreamDigest, View3D
from pdftract.model.primitives import Annotation, Measurement

#: decoded bytes handed on at a time while hashing or saving
STEP = 1 << 20
#: bytes of a stream's start kept for content sniffing
HEAD = 64
#: a stream whose filters we do not inflate ourselves is decoded by pdfminer up to this raw size
FALLBACK_RAW_LIMIT = 64 * 1024 * 1024
#: name trees and OCG orders deeper than this are cut (loops and bombs)
MAX_DEPTH = 32
#: at most this many entries are read from one name tree
MAX_NAMES = 10_000
#: appearance streams larger than this are not run for their text
MAX_APPEARANCE_BYTES = 4 * 1024 * 1024
#: XMP and rich text larger than this are not parsed
MAX_XML_BYTES = 4 * 1024 * 1024

_FLAGS = ("Invisible", "Hidden", "Print", "NoZoom", "NoRotate", "NoView", "ReadOnly", "Locked", "ToggleNoView",
          "LockedContents")


# -- small readers ---------------------------------------------------------------------------------------
def text_value(value: object) -> str | None:
    """A PDF text string, name or number as text (``None`` for anything else)."""
    value = resolve1(value)
    if isinstance(value, bytes):
        try:
            return decode_text(value)
        except Exception:
            return value.decode("latin-1", "replace")
    if isinstance(value, PSLiteral):
        return literal_name(value)
    if isinstance(value, (str, int, float)):  # a boolean too (``/Trapped false`` reads "False")
        return str(value)
    return None


def rect_value(value: object) -> tuple[float, float, float, float] | None:
    """A PDF rectangle, normalised (``None`` when it is not four numbers)."""
    nums = numbers(value)
    if nums is None or len(nums) != 4:
        return None
    x0, y0, x1, y1 = nums
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def numbers(value: object) -> list[float] | None:
    value = resolve1(value)
    if not isinstance(value, (list, tuple)):
        return None
    out: list[float] = []
    for v in value:
        v = resolve1(v)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            return None
        out.append(float(v))
    return out


def _number(value: object) -> float | None:
    value = resolve1(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _dict(value: object) -> dict[str, Any] | None:
    value = resolve1(value)
    if isinstance(value, PDFStream):
        return value.attrs
    return value if isinstance(value, dict) else None


def _objid(value: object) -> int | None:
    return value.objid if isinstance(value, PDFObjRef) else None


def _revisit(value: object, seen: set[int]) -> bool:
    """True when ``value`` is a reference already in ``seen`` (a loop or a shared node); else remembers it."""
    oid = _objid(value)
    if oid is None:
        return False
    if oid in seen:
        return True
    seen.add(oid)
    return False


def name_tree(root: object) -> list[tuple[str, object]]:
    """The (key, value) pairs of a name tree, values unresolved; loops, depth and size bounded."""
    out: list[tuple[str, object]] = []
    seen: set[int] = set()

    def walk(node: object, depth: int) -> None:
        if depth > MAX_DEPTH or len(out) >= MAX_NAMES or _revisit(node, seen):
            return
        d = _dict(node)
        if d is None:
            return
        names = resolve1(d.get("Names"))
        if isinstance(names, list):
            for i in range(0, len(names) - 1, 2):
                key = text_value(names[i])
                out.append((key if key is not None else "", names[i + 1]))
        kids = resolve1(d.get("Kids"))
        if isinstance(kids, list):
            for kid in kids:
                walk(kid, depth + 1)

    walk(root, 0)
    return out


# -- streams read from the file's bytes ------------------------------------------------------------------
class DecodeError(Exception):
    """A stream's bytes could not be decoded (damage, an unsupported filter, the size cap)."""


_OBJ_HEAD = re.compile(rb"\s*(\d+)\s+(\d+)\s+obj\b")
_STREAM_KEYWORD = re.compile(rb"stream(?:\r\n|\n|\r)")
_END = re.compile(rb"\s*endstream")
#: how far after ``obj`` the ``stream`` keyword may be (the dictionary's length)
_HEADER_WINDOW = 1 << 20


@dataclass
class RawStreams:
    """Streams of one document read from its bytes in steps, digests remembered per object.

    A stream is found through the cross-reference table; its dictionary is parsed by pdfminer, its data
    is a view of ``data``. Encrypted documents, filters other than Flate without predictor and objects
    that cannot be found this way are decoded by pdfminer instead, up to :data:`FALLBACK_RAW_LIMIT`.
    """

    doc: PDFDocument
    data: bytes
    cap: int
    _digests: dict[int, StreamDigest] = field(default_factory=dict)

    def dictionary(self, ref: object) -> dict[str, Any] | None:
        """The dictionary of the stream ``ref`` points to, without reading its data."""
        oid = _objid(ref)
        if oid is None:
            return _dict(ref)
        found = self._locate(oid)
        if found is not None:
            return found[0]
        attrs = _dict(self._load(oid))
        if attrs is not None and self.doc.decipher is not None:
            # pdfminer decrypts the strings of plain objects but not those of a stream's dictionary
            genno = self._generation(oid)
            if genno is not None:
                attrs = decipher_all(self.doc.decipher, oid, genno, attrs)
        return attrs

    def _generation(self, objid: int) -> int | None:
        for xref in self.doc.xrefs:
            try:
                strmid, _index, genno = xref.get_pos(objid)
            except Exception:
                continue
            return 0 if strmid is not None else int(genno)
        return None

    def _locate(self, objid: int) -> tuple[dict[str, Any], int, int] | None:
        """(dictionary, start, length) of stream ``objid`` in ``data``, or ``None`` (then pdfminer reads it)."""
        if self.doc.decipher is not None:
            return None  # encrypted: pdfminer decrypts whole streams
        pos = None
        for xref in self.doc.xrefs:
            try:
                strmid, index, _genno = xref.get_pos(objid)
            except (KeyError, Exception):
                continue
            if strmid is not None:
                return None  # in an object stream: not a stream object
            pos = index
            break
        if pos is None or not 0 <= pos < len(self.data):
            return None
        head = _OBJ_HEAD.match(self.data, pos)
        if head is None or int(head.group(1)) != objid:
            return None
        # the keyword must come before this object's end, or it belongs to a later object (this one is no stream)
        limit = min(len(self.data), head.end() + _HEADER_WINDOW)
        end_obj = self.data.find(b"endobj", head.end(), limit)
        kw = _STREAM_KEYWORD.search(self.data, head.end(), end_obj if end_obj >= 0 else limit)
        if kw is None:
            return None
        parser = PDFParser(io.BytesIO(self.data[head.end():kw.start()]))
        parser.set_document(self.doc)
        try:
            _, obj = parser.nextobject()
        except PSEOF:
            # the dictionary is complete but pdfminer hands objects on only at the next keyword: take it off the stack
            obj = parser.curstack[-1][1] if len(parser.curstack) == 1 else None
        except Exception:
            return None
        if not isinstance(obj, dict):
            return None
        start = kw.end()
        length = resolve1(obj.get("Length"))
        if isinstance(length, int) and not isinstance(length, bool) and 0 <= length <= len(self.data) - start \
                and _END.match(self.data, start + length):
            return obj, start, length
        end = self.data.find(b"endstream", start)
        if end < 0:
            return None
        if self.data[end - 2:end] == b"\r\n":
            end -= 2
        elif self.data[end - 1:end] in (b"\n", b"\r"):
            end -= 1
        return obj, start, end - start

    def _load(self, objid: int) -> object:
        try:
            return self.doc.getobj(objid)
        except Exception:
            return None

    def chunks(self, ref: object, cap: int | None = None) -> Iterator[bytes]:
        """The decoded data of stream ``ref`` in steps; raises :class:`DecodeError` on damage or past ``cap``."""
        limit = self.cap if cap is None else cap
        oid = _objid(ref)
        located = self._locate(oid) if oid is not None else None
        if located is not None:
            attrs, start, length = located
            if "F" in attrs:
                raise DecodeError("its data is in an external file (/F), not in the PDF")
            filters = resolve1(attrs.get("Filter"))
            if isinstance(filters, list) and len(filters) == 1:
                filters = resolve1(filters[0])
            parms = resolve1(attrs.get("DecodeParms"))
            if isinstance(parms, list):
                parms = resolve1(parms[0]) if len(parms) == 1 else parms
            predictor = _number(parms.get("Predictor")) if isinstance(parms, dict) else None
            name = literal_name(filters) if isinstance(filters, PSLiteral) else None
            raw = memoryview(self.data)[start:start + length]
            if filters is None:
                yield from _capped(_plain(raw), limit)
                return
            if name == "FlateDecode" and (predictor is None or predictor <= 1):
                yield from _capped(_inflate(raw), limit)
                return
            if length > FALLBACK_RAW_LIMIT:
                raise DecodeError(f"its filters are decoded only up to {FALLBACK_RAW_LIMIT} raw bytes ({length} here)")
        stream = resolve1(ref) if oid is None else self._load(oid)
        if not isinstance(stream, PDFStream):
            raise DecodeError("not a stream")
        if stream.rawdata is not None and len(stream.rawdata) > FALLBACK_RAW_LIMIT:
            raise DecodeError(f"its filters ({_filter_names(stream)}) are decoded only up to {FALLBACK_RAW_LIMIT} raw bytes")
        try:
            data = stream.get_data()
        except Exception as exc:
            raise DecodeError(f"cannot be decoded: {exc}") from exc
        yield from _capped(_plain(memoryview(data)), limit)

    def digest(self, ref: object) -> StreamDigest:
        """Size, SHA-256 and MD5 of the decoded stream ``ref`` (remembered per object)."""
        oid = _objid(ref)
        if oid is not None and oid in self._digests:
            return self._digests[oid]
        sha = hashlib.sha256()
        md5 = hashlib.md5(usedforsecurity=False)
        size = 0
        head = b""
        error = None
        try:
            for chunk in self.chunks(ref):
                if len(head) < HEAD:
                    head += bytes(chunk[:HEAD - len(head)])
                sha.update(chunk)
                md5.update(chunk)
                size += len(chunk)
        except DecodeError as exc:
            error = str(exc)
        out = StreamDigest(size=size, sha256=None if error else sha.hexdigest(), md5=None if error else md5.hexdigest(),
                           head=head, complete=error is None, error=error)
        if oid is not None:
            self._digests[oid] = out
        return out


def _filter_names(stream: PDFStream) -> str:
    return ", ".join(literal_name(f) if isinstance(f, PSLiteral) else str(f) for f, _ in stream.get_filters()) or "none"


def _plain(raw: memoryview) -> Iterator[bytes]:
    for i in range(0, len(raw), STEP):
        yield bytes(raw[i:i + STEP])


def _inflate(raw: memoryview) -> Iterator[bytes]:
    inflater = zlib.decompressobj()
    try:
        for i in range(0, len(raw), STEP):
            pending: bytes | memoryview = raw[i:i + STEP]
            while pending:
                out = inflater.decompress(pending, STEP)
                if out:
                    yield out
                pending = inflater.unconsumed_tail
            if inflater.eof:
                return
        rest = inflater.flush()
        if rest:
            yield rest
    except zlib.error as exc:
        raise DecodeError(f"its Flate data is damaged ({exc})") from exc
    if not inflater.eof:
        raise DecodeError("its Flate data is damaged (it ends before its end marker)")


def _capped(chunks: Iterator[bytes], cap: int) -> Iterator[bytes]:
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > cap:
            raise DecodeError(f"it decodes past the cap of {cap} bytes")
        yield chunk


# -- content sniffing ----------------------------------------------------------------------------------------
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "application/pdf"),
    (b"U3D\x00", "model/u3d"),
    (b"PRC", "model/prc"),
    (b"ISO-10303-21;", "model/step"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
    (b"FWS", "application/x-shockwave-flash"),
    (b"CWS", "application/x-shockwave-flash"),
    (b"AC10", "image/vnd.dwg"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "application/x-ole-storage"),
    (b"\x1f\x8b", "application/gzip"),
    (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
)
#: engineering formats the standard table does not know
_EXTENSIONS = {
    ".step": "model/step", ".stp": "model/step", ".igs": "model/iges", ".iges": "model/iges", ".stl": "model/stl",
    ".u3d": "model/u3d", ".prc": "model/prc", ".dwg": "image/vnd.dwg", ".dxf": "image/vnd.dxf",
    ".3mf": "model/3mf", ".obj": "model/obj", ".jt": "model/jt", ".x_t": "model/x-parasolid",
}
#: the standard table only (no system files), so the answer is the same on every machine
_TABLE = mimetypes.MimeTypes(filenames=())


def sniff_mime(head: bytes, name: str | None) -> str | None:
    """The MIME type of a file from its first bytes, else from its name's extension (``None``: neither says)."""
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            if mime == "application/gzip" or not name:
                return mime
            return mime
    if head.startswith(b"PK\x03\x04"):
        by_name = _by_extension(name)
        return by_name if by_name and ("zip" in by_name or "openxml" in by_name or by_name == "model/3mf") else "application/zip"
    stripped = head.lstrip()
    if stripped.startswith(b"solid ") and (name or "").lower().endswith(".stl"):
        return "model/stl"
    if stripped.startswith(b"<?xml"):
        return _by_extension(name) or "application/xml"
    return _by_extension(name)


def _by_extension(name: str | None) -> str | None:
    if not name:
        return None
    lower = name.lower()
    dot = lower.rfind(".")
    if dot < 0:
        return None
    ext = lower[dot:]
    if ext in _EXTENSIONS:
        return _EXTENSIONS[ext]
    guess, _ = _TABLE.guess_type("x" + ext, strict=False)
    return guess


# -- XML without entities ------------------------------------------------------------------------------------------
class UnsafeXML(ValueError):
    """XML with a document type declaration (entities could expand): refused."""


def parse_xml(text: str | bytes) -> ElementTree.Element:
    """Parse XML that has no DTD (XMP and rich text never need one); raise :class:`UnsafeXML` otherwise."""
    probe = text if isinstance(text, bytes) else text.encode("utf-8", "replace")
    if b"<!DOCTYPE" in probe.upper() or b"<!ENTITY" in probe.upper():
        raise UnsafeXML("a document type declaration (entities are not expanded)")
    return ElementTree.fromstring(text)


_BLOCK = {"p", "div", "body", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr"}
#: elements whose content is not text a reader sees
_UNSEEN = {"script", "style", "head", "title"}
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"(?i)<br\s*/?>|</(?:p|div|li|h[1-6]|tr)\s*>")
_HTML_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]*);")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def plain_rich_text(xml: str) -> str:
    """The plain text of an annotation's XHTML rich text (``/RC``): block elements on their own lines,
    ``<br/>`` a line break, the rest of each line as written; ``script`` and ``style`` content left out.
    Text without markup is taken as it is; markup that is not well-formed is read loosely (tags dropped).
    A document type declaration is refused (:class:`UnsafeXML`)."""
    import html
    import html.entities

    def named(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in _XML_ENTITIES:
            return m.group(0)
        code = html.entities.name2codepoint.get(name)
        return f"&#{code};" if code is not None else m.group(0)

    if "<" not in xml:
        return xml.strip()  # plain text where rich text was due: it is its own plain text
    try:
        root = parse_xml(_HTML_ENTITY.sub(named, xml))
    except UnsafeXML:
        raise
    except ElementTree.ParseError:
        # not well-formed (an unknown entity, an unclosed tag): read loosely, tags dropped, entities decoded
        loose = html.unescape(_TAG.sub("", _BREAK.sub("\n", xml)))
        return "\n".join(line.strip() for line in loose.splitlines() if line.strip())
    lines: list[str] = []
    current: list[str] = []

    def local(tag: object) -> str:
        return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""

    def close() -> None:
        if current:
            lines.append("".join(current))
            current.clear()

    def walk(el: ElementTree.Element) -> None:
        tag = local(el.tag)
        if tag in _UNSEEN:
            pass
        elif tag == "br":
            lines.append("".join(current))
            current.clear()
        else:
            if tag in _BLOCK:
                close()
            if el.text:
                current.append(el.text)
            for child in el:
                walk(child)
            if tag in _BLOCK:
                close()
        if el.tail:
            current.append(el.tail)

    walk(root)
    close()
    return "\n".join(line.strip() for line in lines).strip()


_XMP_NS = {"pdfaid": "http://www.aiim.org/pdfa/ns/id/", "pdfe": "http://www.aiim.org/pdfe/ns/id/"}


def read_conformance(xmp: bytes) -> Conformance:
    """The PDF/E and PDF/A claims of an XMP packet (attributes or elements of ``rdf:Description``)."""
    root = parse_xml(xmp)

    def find(ns: str, name: str) -> str | None:
        key = "{" + _XMP_NS[ns] + "}" + name
        for el in root.iter():
            if key in el.attrib:
                return el.attrib[key].strip() or None
            if el.tag == key:
                text = "".join(el.itertext()).strip()
                return text or None
        return None

    pdfe = find("pdfe", "ISO_PDFEVersion")
    part = find("pdfaid", "part")
    level = find("pdfaid", "conformance")
    return Conformance(pdfe=pdfe, pdfa=(part + (level or "").upper()) if part else None)


# -- optional content ----------------------------------------------------------------------------------------------
@dataclass
class OptionalContent:
    """The document's layers (``/OCProperties``): names and default states, and what marked content and
    XObjects say of membership (:meth:`membership`, used by the page interpreter)."""

    names: dict[int, str]
    on: dict[int, bool]
    parents: dict[int, tuple[str, ...]]
    order: list[int]

    @classmethod
    def from_catalog(cls, catalog: Mapping[str, Any]) -> OptionalContent | None:
        props = _dict(catalog.get("OCProperties"))
        if props is None:
            return None
        ocgs = resolve1(props.get("OCGs"))
        if not isinstance(ocgs, list):
            return None
        names: dict[int, str] = {}
        order: list[int] = []
        for ref in ocgs:
            oid = _objid(ref)
            d = _dict(ref)
            if oid is None or d is None or oid in names:
                continue
            names[oid] = text_value(d.get("Name")) or f"layer {oid}"
            order.append(oid)
        config = _dict(props.get("D")) or {}
        base = resolve1(config.get("BaseState"))
        default = not (isinstance(base, PSLiteral) and literal_name(base) == "OFF")
        on = {oid: default for oid in names}
        for key, state in (("ON", True), ("OFF", False)):
            refs = resolve1(config.get(key))
            if isinstance(refs, list):
                for ref in refs:
                    oid = _objid(ref)
                    if oid in on:
                        on[oid] = state
        parents: dict[int, tuple[str, ...]] = {}

        def walk(items: object, trail: tuple[str, ...], depth: int) -> None:
            items = resolve1(items)
            if depth > MAX_DEPTH or not isinstance(items, list):
                return
            label = text_value(items[0]) if items and isinstance(resolve1(items[0]), bytes) else None
            inner = trail + (label,) if label is not None else trail
            last: str | None = None
            for item in items[1:] if label is not None else items:
                oid = _objid(item)
                if oid in names:
                    parents.setdefault(oid, inner)
                    last = names[oid]
                elif isinstance(resolve1(item), list):
                    walk(item, inner + ((last,) if last is not None else ()), depth + 1)

        walk(config.get("Order"), (), 0)
        return cls(names=names, on=on, parents=parents, order=order)

    def layers(self, pages: Mapping[int, set[int]]) -> tuple[Layer, ...]:
        return tuple(Layer(name=self.names[oid], visible=self.on[oid], parents=self.parents.get(oid, ()),
                           pages=tuple(sorted(pages.get(oid, ())))) for oid in self.order)

    def members(self, value: object) -> list[int]:
        """The OCGs an OCG or OCMD stands for."""
        oid = _objid(value)
        if oid in self.names:
            return [oid]
        d = _dict(value)
        if d is None:
            return []
        ocgs = resolve1(d.get("OCGs"))
        refs = ocgs if isinstance(ocgs, list) else [d.get("OCGs")]
        return [o for o in (_objid(r) for r in refs) if o in self.names]

    def membership(self, value: object) -> tuple[str | None, bool] | None:
        """(layer name, visible by default) of an OCG or OCMD; ``None`` when ``value`` is neither.

        An OCMD's visibility follows its ``/VE`` expression, else its ``/P`` policy over its OCGs; its
        layer is its first OCG."""
        oid = _objid(value)
        if oid in self.names:
            return self.names[oid], self.on[oid]
        d = _dict(value)
        if d is None:
            return None
        kind = resolve1(d.get("Type"))
        if isinstance(kind, PSLiteral) and literal_name(kind) == "OCG":
            return None  # an OCG not listed in /OCGs: not a layer of the document (always shown)
        members = self.members(value)
        ve = resolve1(d.get("VE"))
        if isinstance(ve, list):
            shown = self._expression(ve, 0)
        else:
            states = [self.on[o] for o in members]
            policy = resolve1(d.get("P"))
            p = literal_name(policy) if isinstance(policy, PSLiteral) else "AnyOn"
            if not states:
                shown = True
            elif p == "AllOn":
                shown = all(states)
            elif p == "AnyOff":
                shown = not all(states)
            elif p == "AllOff":
                shown = not any(states)
            else:
                shown = any(states)
        return (self.names[members[0]] if members else None), shown

    def _expression(self, ve: list[Any], depth: int) -> bool:
        if depth > MAX_DEPTH or not ve:
            return True
        op = resolve1(ve[0])
        name = literal_name(op) if isinstance(op, PSLiteral) else ""
        values = []
        for item in ve[1:]:
            raw = resolve1(item)
            if isinstance(raw, list):
                values.append(self._expression(raw, depth + 1))
            else:
                oid = _objid(item)
                values.append(self.on.get(oid, True) if oid is not None else True)
        if name == "Not":
            return not values[0] if values else True
        if name == "Or":
            return any(values)
        return all(values)


def page_layer_refs(page_attrs: Mapping[str, Any], oc: OptionalContent,
                    dictionary: Callable[[object], dict[str, Any] | None] = _dict) -> set[int]:
    """The layers a page's resources (properties, XObjects and their resources, nested) and its
    annotations refer to: where the layer has content. ``dictionary`` reads an XObject's dictionary
    (:meth:`RawStreams.dictionary` does so without loading its data)."""
    found: set[int] = set()
    seen: set[int] = set()

    def resources(res: object, depth: int) -> None:
        d = _dict(res)
        if d is None or depth > 8:
            return
        props = _dict(d.get("Properties"))
        if props:
            for value in props.values():
                found.update(oc.members(value))
        xobjects = _dict(d.get("XObject"))
        if xobjects:
            for ref in xobjects.values():
                xd = None if _revisit(ref, seen) else dictionary(ref)
                if xd is None:
                    continue
                if "OC" in xd:
                    found.update(oc.members(xd["OC"]))
                if "Resources" in xd:
                    resources(xd["Resources"], depth + 1)

    resources(page_attrs.get("Resources"), 0)
    annots = resolve1(page_attrs.get("Annots"))
    if isinstance(annots, list):
        for a in annots:
            ad = _dict(a)
            if ad is not None and "OC" in ad:
                found.update(oc.members(ad["OC"]))
    return found


# -- annotations ------------------------------------------------------------------------------------------------
def _flags(value: object) -> tuple[str, ...]:
    n = resolve1(value)
    if isinstance(n, bool) or not isinstance(n, int):
        return ()
    return tuple(name for bit, name in enumerate(_FLAGS) if n & (1 << bit))


def _first_format(measure: Mapping[str, Any], key: str) -> tuple[float, str] | None:
    formats = resolve1(measure.get(key))
    if not isinstance(formats, list) or not formats:
        return None
    first = _dict(formats[0])
    if first is None:
        return None
    factor = _number(first.get("C"))
    units = text_value(first.get("U")) or ""
    return (factor, units) if factor is not None else None


def _measurement(annot: Mapping[str, Any], subtype: str, measure: Mapping[str, Any], source: str) -> Measurement | None:
    kind = resolve1(measure.get("Subtype"))
    if isinstance(kind, PSLiteral) and literal_name(kind) != "RL":
        return None  # geospatial (GEO) measures need a coordinate system: not converted
    x = _first_format(measure, "X")
    if x is None:
        return None
    y = _first_format(measure, "Y")
    cx = x[0]
    cy = y[0] if y is not None else cx
    if subtype == "Line":
        pts = numbers(annot.get("L"))
        if pts is None or len(pts) != 4:
            return None
        value = math.hypot((pts[2] - pts[0]) * cx, (pts[3] - pts[1]) * cy)
        return Measurement(value=round(value, 6), units=x[1], kind="distance", source=source)
    verts = numbers(annot.get("Vertices"))
    if verts is None or len(verts) < 4:
        return None
    xs, ys = verts[0::2], verts[1::2]
    if subtype == "PolyLine":
        value = sum(math.hypot((xs[i + 1] - xs[i]) * cx, (ys[i + 1] - ys[i]) * cy) for i in range(len(xs) - 1))
        return Measurement(value=round(value, 6), units=x[1], kind="distance", source=source)
    if subtype == "Polygon":
        area = abs(sum(xs[i] * ys[(i + 1) % len(xs)] - xs[(i + 1) % len(xs)] * ys[i] for i in range(len(xs)))) / 2
        a = _first_format(measure, "A")
        if a is not None:
            return Measurement(value=round(area * a[0], 6), units=a[1], kind="area", source=source)
        return Measurement(value=round(area * cx * cy, 6), units=f"sq {x[1]}".strip(), kind="area", source=source)
    return None


def _viewport_measure(viewports: object, box: tuple[float, float, float, float]) -> Mapping[str, Any] | None:
    """The measure of the last viewport whose box holds ``box`` (PDF 12.9: the last one wins)."""
    vps = resolve1(viewports)
    if not isinstance(vps, list):
        return None
    chosen = None
    for vp in vps:
        d = _dict(vp)
        if d is None:
            continue
        r = rect_value(d.get("BBox"))
        if r is not None and r[0] <= box[0] and r[1] <= box[1] and box[2] <= r[2] and box[3] <= r[3]:
            m = _dict(d.get("Measure"))
            if m is not None:
                chosen = m
    return chosen


def _rich_text(value: object, streams: RawStreams) -> str | None:
    raw = resolve1(value)
    if isinstance(raw, PDFStream):
        if raw.rawdata is not None and len(raw.rawdata) > MAX_XML_BYTES:
            raise ValueError(f"rich text of {len(raw.rawdata)} bytes is over the {MAX_XML_BYTES}-byte limit")
        text = raw.get_data().decode("utf-8", "replace")
    else:
        text = text_value(raw) or ""
    if not text.strip():
        return None
    if len(text) > MAX_XML_BYTES:
        raise ValueError(f"rich text of {len(text)} characters is over the limit")
    return plain_rich_text(text)


def _norm(text: str | None) -> str:
    return " ".join((text or "").split())


@dataclass
class PageAnnotations:
    annotations: list[Annotation] = field(default_factory=list)
    payloads: list[Payload] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _activation(value: object, key: str = "A") -> str | None:
    d = _dict(value)
    if d is None:
        return None
    a = resolve1(d.get(key))
    name = literal_name(a) if isinstance(a, PSLiteral) else None
    return {"XA": "explicit", "PO": "page_open", "PV": "page_visible"}.get(name or "", name)


def _views(items: object, streams: RawStreams) -> tuple[View3D, ...]:
    views = resolve1(items)
    if not isinstance(views, list):
        return ()
    out: list[View3D] = []
    for v in views[:MAX_NAMES]:
        d = _dict(v)
        if d is None:
            continue
        measures: list[Measure3D] = []
        ma = resolve1(d.get("MA"))
        if isinstance(ma, list):
            for m in ma:
                md = _dict(m)
                if md is None:
                    continue
                kind = resolve1(md.get("Subtype"))
                measures.append(Measure3D(kind=literal_name(kind) if isinstance(kind, PSLiteral) else None,
                                          value=_number(md.get("V")), units=text_value(md.get("U")),
                                          text=text_value(md.get("UT"))))
        out.append(View3D(name=text_value(d.get("XN")) or text_value(d.get("IN")), measures=tuple(measures)))
    return tuple(out)


def action_of(value: object) -> tuple[str | None, str | None]:
    """(kind, target) of an action dictionary (``/S``: ``URI``, ``Launch``, ``JavaScript``, ``GoTo`` ...): the URI,
    the file a launch or remote go-to names, or the script's size. Reported only: nothing is followed or run."""
    d = _dict(value)
    if d is None:
        return None, None
    kind = text_value(d.get("S"))
    target: str | None = None
    if kind == "URI":
        target = text_value(d.get("URI"))
    elif kind in ("Launch", "GoToR", "GoToE", "ImportData", "SubmitForm"):
        f = resolve1(d.get("F"))
        target = text_value(f.get("UF") or f.get("F")) if isinstance(f, dict) else text_value(f)
        if kind == "Launch" and target is None:
            win = _dict(d.get("Win"))
            target = text_value(win.get("F")) if win else None
    elif kind == "JavaScript":
        js = resolve1(d.get("JS"))
        size = len(js.rawdata or b"") if isinstance(js, PDFStream) else len(js) if isinstance(js, bytes) else 0
        target = f"{size} bytes of script"
    return kind, target


def active_content(catalog: Mapping[str, Any], pages: list[Mapping[str, Any]]) -> dict[str, int]:
    """What in a document could act if a viewer ran it: counts of document scripts, open actions, trigger
    dictionaries and annotation actions by kind. pdftract runs and follows none of them."""
    found: Counter[str] = Counter()
    names = _dict(catalog.get("Names"))
    if names is not None and "JavaScript" in names:
        found["document JavaScript"] += len(name_tree(names.get("JavaScript")))
    if "OpenAction" in catalog:
        kind, _ = action_of(catalog.get("OpenAction"))
        if kind is not None:
            found[f"open action {kind}"] += 1
    if "AA" in catalog:
        found["document triggers (/AA)"] += 1
    for attrs in pages:
        if "AA" in attrs:
            found["page triggers (/AA)"] += 1
        annots = resolve1(attrs.get("Annots"))
        if not isinstance(annots, list):
            continue
        for a in annots[:MAX_NAMES]:
            d = _dict(a)
            if d is None:
                continue
            kind, _ = action_of(d.get("A"))
            if kind in ("JavaScript", "Launch", "URI", "SubmitForm", "ImportData", "GoToR", "GoToE"):
                found[f"annotation {kind}"] += 1
            if "AA" in d:
                found["annotation triggers (/AA)"] += 1
    return dict(sorted(found.items()))


def read_page_annotations(
    annots: object,
    number: int,
    matrix: Matrix,
    streams: RawStreams,
    oc: OptionalContent | None,
    viewports: object,
    appearance: Callable[[Mapping[str, Any], PDFStream], list[str]] | None,
) -> PageAnnotations:
    """Every annotation of a page with its texts, flags and measurement, and its 3D and RichMedia payloads.

    ``appearance(annot, stream)`` returns the text lines an appearance stream draws (run through the page
    ingest by the caller). One damaged annotation gives a diagnostic and the others are still read."""
    out = PageAnnotations()
    raw = resolve1(annots)
    if not isinstance(raw, list):
        return out
    ids: dict[int, int] = {}
    dicts: list[tuple[dict[str, Any], object]] = []
    for item in raw[:MAX_NAMES]:
        try:
            d = _dict(item)
        except Exception as exc:  # a damaged annotation object: the others are still read
            out.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"an annotation could not be read: {exc}", page=number))
            continue
        if d is None:
            continue
        oid = _objid(item)
        if oid is not None:
            if oid in ids:
                continue
            ids[oid] = len(dicts)
        dicts.append((d, item))

    def link(value: object) -> int | None:
        oid = _objid(value)
        return ids.get(oid) if oid is not None else None

    for index, (annot, _item) in enumerate(dicts):
        try:
            subtype = text_value(annot.get("Subtype")) or "unknown"
            rect = rect_value(annot.get("Rect")) or (0.0, 0.0, 0.0, 0.0)
            corners = [apply(matrix, (rect[0], rect[1])), apply(matrix, (rect[2], rect[3]))]
            flags = _flags(annot.get("F"))
            layer = None
            off = False
            if oc is not None and "OC" in annot:
                member = oc.membership(annot.get("OC"))
                if member is not None:
                    layer, shown = member
                    off = not shown
            contents = text_value(annot.get("Contents"))
            rich = None
            if "RC" in annot:
                try:
                    rich = _rich_text(annot.get("RC"), streams)
                except Exception as exc:
                    out.diagnostics.append(Diagnostic.make(
                        Code.PDF_WARNING, f"annotation {index} ({subtype}): its rich text (/RC) was not read: {exc}",
                        page=number, annotation=index))
            if rich is not None and contents is not None and _norm(rich) != _norm(contents):
                out.diagnostics.append(Diagnostic.make(
                    Code.ANNOTATION_TEXT_MISMATCH, f"annotation {index} ({subtype}): its /Contents and its rich text "
                    "(/RC) say different things; both are kept", severity=Severity.WARNING, page=number, annotation=index))
            measurement = None
            measure = _dict(annot.get("Measure"))
            if measure is not None:
                measurement = _measurement(annot, subtype, measure, "annotation")
            elif subtype in ("Line", "PolyLine", "Polygon") and viewports is not None:
                vp = _viewport_measure(viewports, rect)
                if vp is not None:
                    measurement = _measurement(annot, subtype, vp, "viewport")
            callout = numbers(annot.get("CL")) if subtype == "FreeText" else None
            action = action_of(annot.get("A"))
            texts: tuple[str, ...] = ()
            if appearance is not None and subtype != "Popup":
                texts = _appearance(annot, appearance, number, index, subtype, out.diagnostics)
            out.annotations.append(Annotation(
                id=index,
                subtype=subtype,
                rect=BBox.from_points(corners),
                contents=contents,
                name=text_value(annot.get("NM")),
                title=text_value(annot.get("T")),
                rich_text=rich,
                hidden="Hidden" in flags or "NoView" in flags or off,
                flags=flags,
                intent=text_value(annot.get("IT")),
                measurement=measurement,
                appearance_text=texts,
                callout=tuple(apply(matrix, (callout[i], callout[i + 1])) for i in range(0, len(callout) - 1, 2))
                if callout else (),
                popup=link(annot.get("Popup")),
                parent=link(annot.get("Parent")),
                in_reply_to=link(annot.get("IRT")),
                layer=layer,
                action=action[0],
                target=action[1],
            ))
            if subtype == "3D":
                _payload_3d(annot, index, streams, out, number)
            elif subtype == "RichMedia":
                _payload_richmedia(annot, index, streams, out, number)
        except Exception as exc:
            out.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"an annotation could not be read: {exc}", page=number))
    return out


def _appearance(annot: Mapping[str, Any], run: Callable[[Mapping[str, Any], PDFStream], list[str]], number: int,
                index: int, subtype: str, diagnostics: list[Diagnostic]) -> tuple[str, ...]:
    ap = _dict(annot.get("AP"))
    if ap is None:
        return ()
    normal = resolve1(ap.get("N"))
    if isinstance(normal, dict):
        state = text_value(annot.get("AS"))
        normal = resolve1(normal.get(state)) if state is not None else None
    if not isinstance(normal, PDFStream):
        return ()
    size = len(normal.rawdata) if normal.rawdata is not None else len(normal.data or b"")
    if size > MAX_APPEARANCE_BYTES:
        diagnostics.append(Diagnostic.make(Code.RESOURCE_LIMIT, f"annotation {index} ({subtype}): its appearance stream of "
                                           f"{size} bytes is over the {MAX_APPEARANCE_BYTES}-byte limit; its text was not read",
                                           severity=Severity.WARNING, page=number, annotation=index))
        return ()
    try:
        return tuple(t for t in run(annot, normal) if t.strip())
    except Exception as exc:
        diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"annotation {index} ({subtype}): its appearance stream could "
                                           f"not be run: {exc}", page=number, annotation=index))
        return ()


def appearance_matrix(annot: Mapping[str, Any], form: PDFStream, page: Matrix) -> Matrix:
    """Where an appearance stream is drawn (PDF 12.5.5): its ``/BBox`` through ``/Matrix`` fitted to ``/Rect``."""
    fm = numbers(form.get("Matrix"))
    form_matrix: Matrix = (fm[0], fm[1], fm[2], fm[3], fm[4], fm[5]) if fm is not None and len(fm) == 6 else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    box = rect_value(form.get("BBox")) or (0.0, 0.0, 1.0, 1.0)
    pts = [apply(form_matrix, (x, y)) for x in (box[0], box[2]) for y in (box[1], box[3])]
    bx0, by0 = min(p[0] for p in pts), min(p[1] for p in pts)
    bx1, by1 = max(p[0] for p in pts), max(p[1] for p in pts)
    rect = rect_value(annot.get("Rect")) or (bx0, by0, bx1, by1)
    sx = (rect[2] - rect[0]) / (bx1 - bx0) if bx1 > bx0 else 1.0
    sy = (rect[3] - rect[1]) / (by1 - by0) if by1 > by0 else 1.0
    fit: Matrix = (sx, 0.0, 0.0, sy, rect[0] - bx0 * sx, rect[1] - by0 * sy)
    return multiply(multiply(form_matrix, fit), page)


def _stream_subtype(attrs: Mapping[str, Any] | None) -> str | None:
    if attrs is None:
        return None
    return text_value(attrs.get("Subtype"))


def _payload_3d(annot: Mapping[str, Any], index: int, streams: RawStreams, out: PageAnnotations, number: int) -> None:
    ref = annot.get("3DD")
    attrs = streams.dictionary(ref)
    # a 3D reference dictionary points at the stream of another annotation
    if attrs is not None and text_value(attrs.get("Type")) == "3DRef":
        ref = attrs.get("3DD")
        attrs = streams.dictionary(ref)
    if attrs is None:
        out.diagnostics.append(Diagnostic.make(Code.PDF_WARNING, f"annotation {index} (3D) has no 3D stream (/3DD)", page=number,
                                               annotation=index))
        return
    digest = streams.digest(ref)
    subtype = _stream_subtype(attrs)
    views = _views(attrs.get("VA"), streams)
    _check_payload(digest, subtype, index, number, out)
    out.payloads.append(Payload(annotation=index, annotation_subtype="3D", subtype=subtype, name=text_value(annot.get("NM")),
                                digest=digest, views=views, activation=_activation(annot.get("3DA"))))


def _check_payload(digest: StreamDigest, subtype: str | None, index: int, number: int, out: PageAnnotations) -> None:
    if not digest.complete:
        out.diagnostics.append(Diagnostic.make(Code.STREAM_DECOMPRESSION_FAIL, f"annotation {index}: its payload was not "
                                               f"hashed whole: {digest.error}", severity=Severity.ERROR, page=number,
                                               annotation=index))
        return
    magic = {"U3D": b"U3D\x00", "PRC": b"PRC"}.get(subtype or "")
    if magic is not None and not digest.head.startswith(magic):
        out.diagnostics.append(Diagnostic.make(Code.INTEGRITY_MISMATCH, f"annotation {index}: its payload is declared {subtype} "
                                               f"but does not start like one", severity=Severity.WARNING, page=number,
                                               annotation=index))


def _payload_richmedia(annot: Mapping[str, Any], index: int, streams: RawStreams, out: PageAnnotations, number: int) -> None:
    content = _dict(annot.get("RichMediaContent"))
    if content is None:
        return
    settings = _dict(annot.get("RichMediaSettings"))
    activation = _activation(settings.get("Activation"), "Condition") if settings else None
    views = _views(content.get("Views"), streams)
    for name, spec in name_tree(content.get("Assets")):
        ef = _embedded_stream(spec)
        if ef is None:
            continue
        digest = streams.digest(ef)
        _check_payload(digest, None, index, number, out)
        out.payloads.append(Payload(annotation=index, annotation_subtype="RichMedia",
                                    subtype=sniff_mime(digest.head, name) or _stream_subtype(streams.dictionary(ef)),
                                    name=name, digest=digest, views=views, activation=activation))


def _embedded_stream(spec: object) -> object | None:
    d = _dict(spec)
    if d is None:
        return None
    ef = _dict(d.get("EF"))
    if ef is None:
        return None
    return ef.get("UF", ef.get("F"))


_HEX32 = re.compile(rb"[0-9A-Fa-f]{32}")


def _checksum_hex(stated: bytes) -> str:
    """A stated ``/CheckSum`` as lower-case hex: the 16 bytes of an MD5 as PDF 7.11.4 says, or (as some
    producers write it) the 32 hexadecimal characters of one."""
    if len(stated) == 32 and _HEX32.fullmatch(stated):
        return stated.decode("ascii").lower()
    return stated.hex()


def attachment(spec: object, fallback_name: str, streams: RawStreams, location: str, page: int | None,
               diagnostics: list[Diagnostic]) -> Attachment | None:
    """One embedded file of a file specification, hashed; ``None`` when the specification embeds nothing."""
    d = _dict(spec)
    ref = _embedded_stream(spec)
    if d is None or ref is None:
        return None
    name = text_value(d.get("UF")) or text_value(d.get("F")) or fallback_name or "attachment"
    attrs = streams.dictionary(ref) or {}
    params = _dict(attrs.get("Params")) or {}
    digest = streams.digest(ref)
    checksum = resolve1(params.get("CheckSum"))
    declared_size = resolve1(params.get("Size"))
    checksum_ok: bool | None = None
    where = f"page {page}" if page is not None else "the document"
    if not digest.complete:
        diagnostics.append(Diagnostic.make(Code.STREAM_DECOMPRESSION_FAIL, f"attachment {name!r} ({where}) was not hashed "
                                           f"whole: {digest.error}", severity=Severity.ERROR, page=page, attachment=name))
    elif isinstance(checksum, bytes):
        stated = _checksum_hex(checksum)
        checksum_ok = stated == digest.md5
        if not checksum_ok:
            diagnostics.append(Diagnostic.make(Code.INTEGRITY_MISMATCH, f"attachment {name!r} ({where}): its stated checksum "
                                               f"{stated} is not the MD5 of its bytes ({digest.md5})",
                                               severity=Severity.ERROR, page=page, attachment=name))
    size = declared_size if isinstance(declared_size, int) and not isinstance(declared_size, bool) else None
    if size is not None and digest.complete and size != digest.size:
        diagnostics.append(Diagnostic.make(Code.INTEGRITY_MISMATCH, f"attachment {name!r} ({where}): its stated size {size} "
                                           f"is not its decoded size {digest.size}", severity=Severity.WARNING, page=page,
                                           attachment=name))
    declared = _stream_subtype(attrs)
    return Attachment(
        name=name,
        description=text_value(d.get("Desc")),
        digest=digest,
        mime=sniff_mime(digest.head, name) or declared or "application/octet-stream",
        declared_mime=declared,
        declared_size=size,
        checksum_ok=checksum_ok,
        relationship=text_value(d.get("AFRelationship")),
        location=location,
        page=page,
        object=_objid(ref),
    )


__all__ = [
    "DecodeError",
    "OptionalContent",
    "action_of",
    "active_content",
    "PageAnnotations",
    "RawStreams",
    "UnsafeXML",
    "appearance_matrix",
    "attachment",
    "name_tree",
    "page_layer_refs",
    "parse_xml",
    "plain_rich_text",
    "read_conformance",
    "read_page_annotations",
    "rect_value",
    "safe_filename",
    "sniff_mime",
    "text_value",
]


_UNSAFE_CHARS = re.compile(r'[\x00-\x1f\x7f<>:"|?*]')
_RESERVED = re.compile(r"(?i)^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$")


def safe_filename(name: str, taken: set[str], fallback: str = "attachment") -> str:
    """A file name for an attachment named ``name`` that stays in its folder: the last path part only, no
    control or reserved characters, no leading dots, no device names, at most 200 characters, and not one
    of ``taken`` (``name (2).ext`` then; the result is added to ``taken``).

    >>> taken = set()
    >>> safe_filename("../../etc/passwd", taken), safe_filename("C:\\\\dir\\\\part.step", taken), safe_filename("part.step", taken)
    ('passwd', 'part.step', 'part (2).step')
    """
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = _UNSAFE_CHARS.sub("_", base).strip().lstrip(".").strip()
    if not base:
        base = fallback
    if _RESERVED.match(base):
        base = "_" + base
    stem, dot, ext = base.rpartition(".")
    if not dot or not stem:
        stem, ext = base, ""
    ext = ext[:20]
    stem = stem[: 200 - len(ext) - 1]
    candidate = f"{stem}.{ext}" if ext else stem
    n = 2
    while candidate.lower() in taken:
        candidate = f"{stem} ({n}).{ext}" if ext else f"{stem} ({n})"
        n += 1
    taken.add(candidate.lower())
    return candidate
