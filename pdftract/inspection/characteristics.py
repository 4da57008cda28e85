"""The characteristic list of a drawing (AS9102 Form 3): every requirement an inspector measures, numbered.

Each dimension, GD&T frame row, thread, hole and surface-finish callout and numbered requirement note found
by the analyzers becomes one :class:`Characteristic`, numbered in a stable order: sheet, then drawing zone
(the border's letters and numbers, :mod:`pdftract.inspection.zones`), then reading order (top to bottom,
left to right within a zone). A callout whose glyphs already belong to a dimension or a frame is not listed
twice. Limits come from the printed tolerance, an ISO 286 fit class or the sheet's general tolerance
(:mod:`pdftract.inspection.tolerances`), and ``tolerance_source`` says which.

>>> import pdftract
>>> doc = pdftract.analyze("fixtures/drawings/demo-bracket.pdf")
>>> chars = characteristics(doc)
>>> c = next(c for c in chars if c.requirement == "140")
>>> c.zone, c.nominal, c.lower_limit, c.upper_limit, c.tolerance_source
('C7', 140.0, 139.5, 140.5, 'general')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from pdftract.analyzers.callouts import parse_thread
from pdftract.analyzers.dimensions import read_dimension
from pdftract.analyzers.notation import parse_number

from pdftract.geometry import BBox
from pdftract.inspection.tolerances import (
    GeneralTolerance,
    fit_deviations,
    general_deviation,
    general_tolerance_from_text,
    hole_class,
)
from pdftract.inspection.zones import ZoneGrid, find_zones

if TYPE_CHECKING:
    from pdftract.model.document import Document
    from pdftract.model.sheet import SheetLike

#: the CSV columns, in order (the first eleven are the AS9102 Form 3 fields the issue names)
COLUMNS = ("char_no", "sheet", "zone", "kind", "requirement", "nominal", "lower_limit", "upper_limit", "unit",
           "tolerance_source", "bbox", "confidence", "source", "remark")

#: callout kinds that are characteristics of their own (when no dimension or frame holds their glyphs)
CALLOUT_KINDS = ("thread", "hole", "surface_finish", "chamfer")

_ROUGHNESS = re.compile(r"\b(R[azq]|RMS|AA|CLA)\s*[=:]?\s*(\d+(?:[.,]\d+)?)", re.IGNORECASE)


@dataclass(frozen=True)
class Characteristic:
    """One numbered characteristic. ``requirement`` is the text as printed; ``lower_limit``/``upper_limit``
    are absolute limits in ``unit`` (``None`` where there are none); ``source`` names the result it came from
    (``dimensions[3]`` on its sheet); ``remark`` says how limits were found or why there are none."""

    char_no: int
    sheet: int
    zone: str | None
    kind: str
    requirement: str
    nominal: float | None
    lower_limit: float | None
    upper_limit: float | None
    unit: str | None
    tolerance_source: str  # printed | fit | general | none
    bbox: BBox
    confidence: float
    source: str
    remark: str = ""
    glyph_ids: tuple[int, ...] = ()

    def row(self) -> dict[str, Any]:
        """The CSV row: numbers as plain decimals, the box as ``x0 top x1 bottom``."""
        def n(v: float | None) -> str:
            return "" if v is None else f"{v:.6f}".rstrip("0").rstrip(".")

        return {"char_no": self.char_no, "sheet": self.sheet, "zone": self.zone or "", "kind": self.kind,
                "requirement": self.requirement, "nominal": n(self.nominal), "lower_limit": n(self.lower_limit),
                "upper_limit": n(self.upper_limit), "unit": self.unit or "", "tolerance_source": self.tolerance_source,
                "bbox": " ".join(f"{v:.1f}" for v in self.bbox), "confidence": f"{self.confidence:.2f}",
                "source": self.source, "remark": self.remark}

    def to_dict(self) -> dict[str, Any]:
        """The characteristic as JSON values (limits as numbers, the box as a list)."""
        return {"char_no": self.char_no, "sheet": self.sheet, "zone": self.zone, "kind": self.kind,
                "requirement": self.requirement, "nominal": self.nominal, "lower_limit": self.lower_limit,
                "upper_limit": self.upper_limit, "unit": self.unit, "tolerance_source": self.tolerance_source,
                "bbox": [round(v, 2) for v in self.bbox], "confidence": round(self.confidence, 2),
                "source": self.source, "remark": self.remark, "glyph_ids": list(self.glyph_ids)}


def _r(v: float) -> float:
    return round(v, 6)


def general_tolerance(sheet: SheetLike) -> GeneralTolerance:
    """What ``sheet`` states as its general tolerance: the title block's field first, then its other fields,
    the numbered notes, and any line of the sheet that names a tolerance (``ISO 2768``, ``TOLERANCES``)."""
    found = GeneralTolerance()
    results = getattr(sheet, "results", None) or {}
    texts: list[str] = []
    tb = results.get("title_block")
    if tb is not None:
        f = tb.fields.get("general_tolerance")
        if f is not None:
            texts.append(f"{f.label} {f.value}")
        texts.extend(f"{fld.label} {fld.value}" for fld in tb.other.values())
    texts.extend(n.text for n in results.get("notes", ()) or ())
    texts.extend(line.text for line in sheet.lines
                 if re.search(r"2768|TOLERANC|\bX\.X|\.XX|PLACES?\b.*±", line.text, re.IGNORECASE))
    for t in dict.fromkeys(" ".join(t.split()) for t in texts):
        g = general_tolerance_from_text(t)
        if g:
            found = found.merged(g)
    return found


def _dimension_char(d: Any, general: GeneralTolerance) -> tuple[float | None, float | None, str, str]:
    """(lower limit, upper limit, tolerance source, remark) of a dimension."""
    nom = d.nominal
    if d.basic:
        return None, None, "none", "basic dimension: its tolerance is in a feature control frame"
    if d.reference:
        return None, None, "none", "reference dimension: not inspected against limits"
    if nom is None:
        return None, None, "none", "no nominal value read"
    if nom == 0 and d.upper is None and d.lower is None:
        return None, None, "none", "ordinate origin (0): the datum the other ordinates are measured from"
    if d.upper is not None and d.lower is not None:
        return _r(nom + d.lower), _r(nom + d.upper), "printed", ""
    if d.upper is not None or d.lower is not None:
        dev = d.upper if d.upper is not None else d.lower
        if d.suffix and re.search(r"MAX", d.suffix, re.IGNORECASE):
            return None, _r(nom), "printed", "maximum"
        return _r(nom + min(dev, 0.0)), _r(nom + max(dev, 0.0)), "printed", "one deviation printed, the other taken as 0"
    if d.suffix and re.search(r"\bMAX", d.suffix, re.IGNORECASE):
        return None, _r(nom), "printed", "maximum"
    if d.suffix and re.search(r"\bMIN", d.suffix, re.IGNORECASE):
        return _r(nom), None, "printed", "minimum"
    if d.fit:
        if d.unit not in (None, "mm"):
            return None, None, "none", f"fit {d.fit}: ISO 286 classes are for millimetre sizes"
        cls = hole_class(d.fit)
        dev = fit_deviations(nom, cls)
        if dev is None:
            return None, None, "none", f"fit {d.fit}: class {cls} at {nom:g} mm is outside our ISO 286 table"
        return _r(nom + dev[0]), _r(nom + dev[1]), "fit", f"ISO 286 {cls}"
    if d.kind == "thread":
        return None, None, "none", "thread: gauged by its class"
    if general:
        g = general_deviation(general, d.kind, nom, d.text, d.unit)
        if g is not None:
            return _r(nom - g[0]), _r(nom + g[0]), "general", g[1]
        return None, None, "none", "the general tolerance gives no value for this size or kind"
    return None, None, "none", "no tolerance printed and no general tolerance found"


#: a countersink or counterbore as printed in a hole callout: ``⌵ ⌀.225 X 100°``, ``⌴ ⌀11 ↧ 6.4``
_SINK = re.compile(r"[⌵⌴]\s*⌀?\s*(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:\s*[xX×]\s*\d+(?:[.,]\d+)?\s*°)?(?:\s*↧\s*(?:\d+(?:[.,]\d+)?|[.,]\d+))?")


def _callout_parts(text: str, held: Sequence[Any]) -> list[str]:
    """The requirements of a hole or thread callout that none of the dimensions ``held`` (read from its
    glyphs) states: the hole size (the longest leading run of words the dimension grammar reads, when no
    dimension holds any of the callout), its thread (``#4-40``, ``M6x1-6H``) and each countersink or
    counterbore.

    >>> _callout_parts("⌀ .203 THRU ALL TAP FOR #10-24 HELICOIL", [])
    ['⌀ .203 THRU ALL', '#10-24']
    """
    parts: list[str] = []
    th = parse_thread(text)
    if not held:
        words = text.split()
        best = None
        for k in range(1, min(len(words), 8) + 1):
            prefix = " ".join(words[:k])
            r = read_dimension(prefix)
            if r is not None and r.nominal is not None and (th is None or th["designation"] not in prefix):
                best = prefix
        if best is not None:
            parts.append(best)
    if th is not None and not any(d.kind == "thread" for d in held):
        parts.append((f"{th['count']}× " if th.get("count", 1) > 1 else "") + str(th["designation"])
                     + (f" ↧{th['depth']}" if th.get("depth") and th["depth"] != "THRU" else ""))
    held_text = " ".join([*(d.text for d in held), *parts])
    for m in _SINK.finditer(text):
        if m.group(0)[0] not in held_text:
            parts.append(" ".join(m.group(0).split()))
    return parts


def _reading_item(text: str, general: GeneralTolerance, unit: str | None) -> dict[str, Any]:
    """Kind, requirement, nominal, limits and remark of a requirement printed as text (a callout, a part of one),
    read with the dimension grammar; a thread is gauged by its class and gets no limits."""
    th = parse_thread(text)
    r = None if th is not None else read_dimension(text)
    if r is None:
        return {"kind": "thread" if th is not None else "other", "requirement": text, "nominal": None,
                "lower_limit": None, "upper_limit": None, "unit": None, "tolerance_source": "none",
                "remark": "thread: gauged by its class" if th is not None else "no value read"}
    d = SimpleNamespace(text=r.text, nominal=r.nominal, upper=r.upper, lower=r.lower, kind=r.kind, fit=r.fit,
                        basic=r.basic, reference=r.reference, suffix=r.suffix, unit=unit)
    lo, hi, src, remark = _dimension_char(d, general)
    kind = {"⌵": "countersink", "⌴": "counterbore"}.get(text.strip()[:1], r.kind)
    return {"kind": kind, "requirement": text, "nominal": r.nominal, "lower_limit": lo, "upper_limit": hi, "unit": unit,
            "tolerance_source": src, "remark": remark}


def _frame_requirement(f: Any) -> str:
    parts = [f.symbol, f.tolerance, *f.datums]
    return " | ".join(p for p in parts if p)


def _items(sheet: SheetLike, general: GeneralTolerance) -> list[dict[str, Any]]:
    """The characteristics of one sheet, unnumbered, as keyword dicts."""
    results = getattr(sheet, "results", None) or {}
    out: list[dict[str, Any]] = []
    units = [d.unit for d in results.get("dimensions", ()) or () if d.unit in ("mm", "in")]
    sheet_unit = max(sorted(set(units)), key=units.count) if units else None  # frames and callouts use the sheet's unit
    for i, d in enumerate(results.get("dimensions", ()) or ()):
        lo, hi, src, remark = _dimension_char(d, general)
        out.append({"kind": d.kind, "requirement": d.text, "nominal": d.nominal, "lower_limit": lo, "upper_limit": hi,
                    "unit": d.unit, "tolerance_source": src, "bbox": d.bbox, "confidence": d.confidence,
                    "source": f"dimensions[{i}]", "remark": remark, "glyph_ids": tuple(d.glyph_ids)})
    for i, f in enumerate(results.get("gdt_frames", ()) or ()):
        out.append({"kind": f"gdt:{f.characteristic}", "requirement": _frame_requirement(f), "nominal": f.value,
                    "lower_limit": 0.0 if f.value is not None else None, "upper_limit": f.value, "unit": sheet_unit,
                    "tolerance_source": "printed" if f.value is not None else "none", "bbox": f.bbox,
                    "confidence": f.confidence, "source": f"gdt_frames[{i}]",
                    "remark": "tolerance zone width" if f.value is not None else "tolerance value not read",
                    "glyph_ids": tuple(f.glyph_ids)})
    dims = tuple(results.get("dimensions", ()) or ())
    by_callouts: set[int] = set()  # glyphs an earlier callout listed
    for i, c in enumerate(results.get("callouts", ()) or ()):
        if c.kind not in CALLOUT_KINDS or by_callouts.intersection(c.glyph_ids):
            continue
        by_callouts.update(c.glyph_ids)
        base = {"bbox": c.bbox, "confidence": 0.8, "glyph_ids": tuple(c.glyph_ids), "kind": c.kind,
                "requirement": c.text, "nominal": None, "lower_limit": None, "upper_limit": None, "unit": None,
                "tolerance_source": "none", "source": f"callouts[{i}]", "remark": ""}
        held = [d for d in dims if not set(d.glyph_ids).isdisjoint(c.glyph_ids)]
        if c.kind == "surface_finish":
            m = None if held else _ROUGHNESS.search(c.text)
            if m:
                base.update(upper_limit=parse_number(m.group(2)), tolerance_source="printed", unit="µm",
                            remark=f"{m.group(1)} maximum")
            if not held:
                out.append(base)
            continue
        # a hole or thread callout is listed by its parts (hole size, thread, countersink, counterbore), those a
        # dimension read from its glyphs states already left out; one with no part read is listed whole
        parts = _callout_parts(c.text, held)
        for j, part in enumerate(parts):
            out.append({**base, **_reading_item(part, general, sheet_unit), "source": f"callouts[{i}].part[{j}]"})
        if parts or held:
            continue
        whole = _reading_item(c.text, general, sheet_unit) if c.kind != "thread" else {}
        if whole.get("nominal") is not None:
            out.append({**base, **whole, "kind": c.kind})
        else:
            out.append({**base, "remark": "thread: gauged by its class" if c.kind == "thread" else ""})
    for i, n in enumerate(results.get("notes", ()) or ()):
        out.append({"kind": "note", "requirement": n.text, "nominal": None, "lower_limit": None, "upper_limit": None,
                    "unit": None, "tolerance_source": "none", "bbox": n.bbox, "confidence": 0.8,
                    "source": f"notes[{i}]", "remark": f"note {n.number}", "glyph_ids": ()})
    return out


def sheet_characteristics(sheet: SheetLike, start: int = 1, general: GeneralTolerance | None = None,
                          grid: ZoneGrid | None = None) -> list[Characteristic]:
    """The characteristics of one analysed sheet, numbered from ``start``. ``general`` defaults to what the
    sheet states; ``grid`` to the zones printed on its border."""
    general = general_tolerance(sheet) if general is None else general
    grid = find_zones(sheet) if grid is None else grid
    items = _items(sheet, general)
    by_zone: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for item in items:
        by_zone.setdefault(grid.sort_key(item["bbox"].center), []).append(item)
    out: list[Characteristic] = []
    for zone_key in sorted(by_zone):
        for item in reading_order(by_zone[zone_key], *grid.directions()):
            c = item["bbox"].center
            out.append(Characteristic(char_no=start + len(out), sheet=sheet.number, zone=grid.zone(c), **item))
    return out


def reading_order(items: Sequence[dict[str, Any]], x_sense: int = 1, y_sense: int = 1) -> list[dict[str, Any]]:
    """``items`` (each with a ``bbox``) in reading order: rows top to bottom, each row left to right (with a
    sense of -1: bottom to top, right to left). A row takes the items whose vertical middle lies within the
    first item's height band (grown by a quarter of its height), so texts on one line stay one row whatever
    their exact tops."""
    def box(it: dict[str, Any]) -> tuple[float, float, float, float]:
        b: BBox = it["bbox"]
        x0 = b.x0 if x_sense > 0 else -b.x1
        top, bottom = (b.top, b.bottom) if y_sense > 0 else (-b.bottom, -b.top)
        return x0, top, bottom, (top + bottom) / 2

    rest = sorted(items, key=lambda it: (box(it)[1], box(it)[0], it["source"]))
    out: list[dict[str, Any]] = []
    while rest:
        _, top, bottom, _ = box(rest[0])
        pad = max((bottom - top) * 0.25, 1.0)
        row = [rest[0]] + [it for it in rest[1:] if top - pad <= box(it)[3] <= bottom + pad]
        ids = {id(it) for it in row}
        rest = [it for it in rest if id(it) not in ids]
        out.extend(sorted(row, key=lambda it: (box(it)[0], box(it)[1], it["source"])))
    return out


def by_sheet(chars: Iterable[Characteristic]) -> dict[int, list[Characteristic]]:
    """``chars`` grouped by sheet number, each group in its order."""
    out: dict[int, list[Characteristic]] = {}
    for c in chars:
        out.setdefault(c.sheet, []).append(c)
    return out


def characteristics(doc: Document | Iterable[SheetLike]) -> list[Characteristic]:
    """Every characteristic of an analysed document (or of analysed sheets), numbered 1.. in a stable order:
    sheet, zone, reading order. A sheet that states no general tolerance uses the first one the document
    states (title blocks of later sheets are often abbreviated)."""
    sheets: Sequence[SheetLike] = list(doc)
    generals = [general_tolerance(s) for s in sheets]
    first = next((g for g in generals if g), GeneralTolerance())
    out: list[Characteristic] = []
    for sheet, g in zip(sheets, generals):
        out.extend(sheet_characteristics(sheet, len(out) + 1, g if g else first))
    return out


__all__ = ["CALLOUT_KINDS", "COLUMNS", "Characteristic", "by_sheet", "characteristics", "general_tolerance", "sheet_characteristics"]
