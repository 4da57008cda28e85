"""Documents as pandas DataFrames (``doc.to_frames()``), one per kind of record, each row with its file and page.

* ``sheets``: one row per selected page: size, rotation, counts, and the title block's drawing number,
  revision, title and sheet x of y (when the ``title_block`` analyzer ran);
* ``diagnostics``: one row per page or document diagnostic;
* ``annotations``: one row per annotation of the selected pages (texts, flags, intent, ``measurement`` value and
  its ``units``);
* ``attachments``: one row per embedded file with its digests (``page`` empty for the document's own);
* one frame per analyzer result key present: ``title_block`` (one row per field), ``tables`` (one row per
  table row, with ``table``, ``kind``, ``row`` and the canonical columns), ``dimensions``, ``gdt_frames``,
  ``datum_features``, ``callouts``, ``notes``, ``references``, ``revision_clouds`` ... (one row per item).

An analyzer decides its own rows through :func:`pdftract.registry.output` (``rows=``); otherwise each
item's JSON is flattened: a box becomes ``x0, top, x1, bottom``, a list of plain values is joined with
``|``, anything nested is kept as JSON text. Frames exist (with their file and page columns) even when
empty, for every key an analyzer of the run assigned.
"""

from __future__ import annotations

import json
from typing import Any

from pdftract.registry import output_for
from pdftract.serialize import annotation_out, attachment_out, to_jsonable

_SHEET_COLUMNS = ("file", "page", "drawing_number", "revision", "title", "sheet_number", "sheet_count", "width", "height",
                  "rotation", "glyphs", "paths", "images", "diagnostics")


def _flat(value: Any) -> Any:
    if isinstance(value, list):
        if all(v is None or isinstance(v, (str, int, float, bool)) for v in value):
            return "|".join("" if v is None else str(v) for v in value)
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return value


def generic_rows(value: Any) -> list[dict[str, Any]]:
    """One flat record per item of a result (a list of items, or one item)."""
    items = value if isinstance(value, (list, tuple)) else [value]
    rows: list[dict[str, Any]] = []
    for item in items:
        if item is None:
            continue
        data = to_jsonable(item)
        if not isinstance(data, dict):
            rows.append({"value": data})
            continue
        row: dict[str, Any] = {}
        for k, v in data.items():
            if k == "bbox" and isinstance(v, list) and len(v) == 4:
                row["x0"], row["top"], row["x1"], row["bottom"] = v
            else:
                row[k] = _flat(v)
        rows.append(row)
    return rows


def records(doc: Any) -> dict[str, list[dict[str, Any]]]:
    """The rows of every frame, as plain dicts (what :func:`to_frames` puts into DataFrames)."""
    file = doc.source.path or ""
    out: dict[str, list[dict[str, Any]]] = {"sheets": [], "diagnostics": [], "annotations": [], "attachments": []}
    summaries = {s.page: s for s in doc.sheets} if any("title_block" in s.results for s in doc.pages) else {}
    for d in doc.diagnostics:
        out["diagnostics"].append({"file": file, "page": None, **_diag(d)})
    for sheet in doc.pages:
        s = summaries.get(sheet.number)
        out["sheets"].append({
            "file": file, "page": sheet.number,
            "drawing_number": s.drawing_number if s else None, "revision": s.revision if s else None,
            "title": s.title if s else None, "sheet_number": s.sheet_number if s else None,
            "sheet_count": s.sheet_count if s else None, "width": round(sheet.width, 2), "height": round(sheet.height, 2),
            "rotation": sheet.rotation, "glyphs": len(sheet.glyphs), "paths": len(sheet.paths), "images": len(sheet.images),
            "diagnostics": len(sheet.diagnostics)})
        for d in sheet.diagnostics:
            out["diagnostics"].append({"file": file, "page": sheet.number, **_diag(d)})
        for a in sheet.annotations:
            (row,) = generic_rows(annotation_out(a))
            row["measurement"] = a.measurement.value if a.measurement else None
            row["units"] = a.measurement.units if a.measurement else None
            out["annotations"].append({"file": file, "page": sheet.number, **row})
        for key, value in sheet.results.items():
            hook = output_for(key)
            rows = hook.rows(value) if hook is not None and hook.rows is not None else generic_rows(value)
            out.setdefault(key, []).extend({"file": file, "page": sheet.number, **r} for r in rows)
    out["attachments"] = [{"file": file, **r} for r in generic_rows([attachment_out(a) for a in doc.attachments])]
    return out


def _diag(d: Any) -> dict[str, Any]:
    context = dict(d.context)
    return {"code": d.code.value, "severity": d.severity.value, "analyzer": d.analyzer, "message": d.message,
            "context": json.dumps(to_jsonable(context), ensure_ascii=False, sort_keys=True) if context else ""}


def _type_columns(key: str) -> list[str]:
    """The columns a result key's rows have by its registered JSON type (a box split in four), so an empty
    frame still has them."""
    import typing

    hook = output_for(key)
    if hook is None or hook.schema is None:
        return []
    if key == "title_block":
        return ["key", "other", "value", "label", "evidence", "confidence", "printed", "x0", "top", "x1", "bottom"]
    td = hook.schema
    for _ in range(3):  # list[X], X | None
        args = [a for a in typing.get_args(td) if a is not type(None)]
        if not args:
            break
        td = args[0]
    names = list(getattr(td, "__annotations__", {}))
    out: list[str] = []
    for n in names:
        out.extend(["x0", "top", "x1", "bottom"] if n == "bbox" else [n])
    return out


def to_frames(doc: Any) -> dict[str, Any]:
    """``{name: pandas.DataFrame}`` for ``doc`` (see the module docstring); needs the ``pandas`` extra."""
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("to_frames needs pandas: pip install 'pdftract[pandas]'") from exc
    frames: dict[str, Any] = {}
    for name, rows in records(doc).items():
        if name == "sheets":
            columns: list[str] = list(_SHEET_COLUMNS)
        elif name == "diagnostics":
            columns = ["file", "page", "code", "severity", "analyzer", "message", "context"]
        elif name == "annotations":
            columns = ["file", "page", "id", "subtype", "contents", "rich_text", "hidden", "intent", "measurement", "units"]
        elif name == "attachments":
            columns = ["file", "page", "name", "size", "sha256", "md5", "mime", "checksum_ok", "location"]
        elif name == "tables":
            from pdftract.analyzers.tables import HEADER_WORDS

            columns = ["file", "page", "table", "kind", "row", *HEADER_WORDS]
        else:
            hook = output_for(name)
            # a result with its own rows names its own columns (a sheet symbol's file is ``sheet_file``)
            typed = [] if hook is not None and hook.rows is not None and rows else _type_columns(name)
            columns = ["file", "page", *(c for c in typed if c not in ("file", "page"))]
        for r in rows:
            columns.extend(k for k in r if k not in columns)
        frames[name] = pd.DataFrame(rows, columns=columns)
    return frames


__all__ = ["generic_rows", "records", "to_frames"]
