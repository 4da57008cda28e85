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
from typing import TYPE_CHECKING, Any

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

#: rows of reading order within a zone are this many points tall
READING_ROW = 12.0

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
    texts.extend(line.text for line in sheet.lines if re.search(r"2768|TOLERANC|\bX\.X|\.XX", line.text, re.IGNORECASE))
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


def _frame_requirement(f: Any) -> str:
    parts = [f.symbol, f.tolerance, *f.datums]
    return " | ".join(p for p in parts if p)


def _items(sheet: SheetLike, general: GeneralTolerance) -> list[dict[str, Any]]:
    """The characteristics of one sheet, unnumbered, as keyword dicts."""
    results = getattr(sheet, "results", None) or {}
    out: list[dict[str, Any]] = []
    taken: set[int] = set()
    for i, d in enumerate(results.get("dimensions", ()) or ()):
        lo, hi, src, remark = _dimension_char(d, general)
        out.append({"kind": d.kind, "requirement": d.text, "nominal": d.nominal, "lower_limit": lo, "upper_limit": hi,
                    "unit": d.unit, "tolerance_source": src, "bbox": d.bbox, "confidence": d.confidence,
                    "source": f"dimensions[{i}]", "remark": remark, "glyph_ids": tuple(d.glyph_ids)})
        taken.update(d.glyph_ids)
    units = [d.unit for d in results.get("dimensions", ()) or () if d.unit in ("mm", "in")]
    sheet_unit = max(sorted(set(units)), key=units.count) if units else None  # a frame's zone is in the sheet's unit
    for i, f in enumerate(results.get("gdt_frames", ()) or ()):
        out.append({"kind": f"gdt:{f.characteristic}", "requirement": _frame_requirement(f), "nominal": f.value,
                    "lower_limit": 0.0 if f.value is not None else None, "upper_limit": f.value, "unit": sheet_unit,
                    "tolerance_source": "printed" if f.value is not None else "none", "bbox": f.bbox,
                    "confidence": f.confidence, "source": f"gdt_frames[{i}]",
                    "remark": "tolerance zone width" if f.value is not None else "tolerance value not read",
                    "glyph_ids": tuple(f.glyph_ids)})
        taken.update(f.glyph_ids)
    for i, c in enumerate(results.get("callouts", ()) or ()):
        if c.kind not in CALLOUT_KINDS or taken.intersection(c.glyph_ids):
            continue
        lo = hi = None
        src, remark, unit = "none", "", None
        if c.kind == "surface_finish":
            m = _ROUGHNESS.search(c.text)
            if m:
                hi, src, unit, remark = float(m.group(2).replace(",", ".")), "printed", "µm", f"{m.group(1)} maximum"
        elif c.kind == "thread":
            remark = "thread: gauged by its class"
        out.append({"kind": c.kind, "requirement": c.text, "nominal": None, "lower_limit": lo, "upper_limit": hi,
                    "unit": unit, "tolerance_source": src, "bbox": c.bbox, "confidence": 0.8,
                    "source": f"callouts[{i}]", "remark": remark, "glyph_ids": tuple(c.glyph_ids)})
        taken.update(c.glyph_ids)
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

    def key(item: dict[str, Any]) -> tuple[Any, ...]:
        b: BBox = item["bbox"]
        c = b.center
        return (*grid.sort_key(c), int(b.top // READING_ROW), b.x0, b.top, item["source"])

    out = []
    for n, item in enumerate(sorted(items, key=key)):
        c = item["bbox"].center
        out.append(Characteristic(char_no=start + n, sheet=sheet.number, zone=grid.zone(c), **item))
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


__all__ = ["CALLOUT_KINDS", "COLUMNS", "Characteristic", "characteristics", "general_tolerance", "sheet_characteristics"]
