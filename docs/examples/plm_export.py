"""Walk a folder of drawings and print one CSV row per sheet: file, page, drawing number, revision, title, sheet x of y.

    python docs/examples/plm_export.py DRAWINGS_FOLDER > sheets.csv

Every ``.pdf`` file is visited whatever the case of its extension (SolidWorks writes ``.PDF``). A file
that cannot be read gets a row with its error code instead of being skipped, so the migration log
accounts for every input. ``status`` is ``ok`` only when the sheet states both its drawing number and
its revision; otherwise it names what is missing (``NO_TITLE_BLOCK``, ``NO_DRAWING_NUMBER``,
``NO_REVISION``) so nothing is imported as complete that is not. ``confidence`` is the lower of the
two fields' confidences; ``diagnostics`` lists the page's warning codes.

The same rows come from the command line: ``pdftract sheets DRAWINGS_FOLDER --csv``.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pdftract


FIELDS = ["file", "page", "drawing_number", "revision", "title", "sheet", "status", "confidence", "diagnostics"]


def rows(folder: Path):  # type: ignore[no-untyped-def]
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() == ".pdf")
    for path in files:
        try:
            doc = pdftract.analyze(path, analyzers=["title_block", "review"])
        except pdftract.PdftractError as exc:
            yield {"file": str(path), "page": "", "drawing_number": "", "revision": "", "title": "", "sheet": "",
                   "status": exc.code.value, "confidence": "", "diagnostics": ""}
            continue
        for s, page in zip(doc.sheets, doc, strict=True):
            tb = page.results.get("title_block")
            sheet = f"{s.sheet_number or '?'}/{s.sheet_count or '?'}" if s.sheet_number or s.sheet_count else ""
            if tb is None:
                status = "NO_TITLE_BLOCK"
            elif not s.drawing_number:
                status = "NO_DRAWING_NUMBER"
            elif not s.revision:
                status = "NO_REVISION"
            else:
                status = "ok"
            confidences = [tb.fields[k].confidence for k in ("drawing_number", "revision") if tb is not None and k in tb.fields]
            codes = sorted({d.code.value for d in page.diagnostics if d.severity.value != "info"})
            yield {"file": str(path), "page": s.page, "drawing_number": s.drawing_number or "", "revision": s.revision or "",
                   "title": s.title or "", "sheet": sheet, "status": status,
                   "confidence": f"{min(confidences):.2f}" if confidences else "", "diagnostics": " ".join(codes)}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = csv.DictWriter(sys.stdout, fieldnames=FIELDS, lineterminator="\n")
    out.writeheader()
    for row in rows(Path(argv[0])):
        out.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
