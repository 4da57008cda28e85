"""Walk a folder of drawings and print one CSV row per sheet: file, page, drawing number, revision, title, sheet x of y.

    python docs/examples/plm_export.py DRAWINGS_FOLDER > sheets.csv

A file that cannot be read gets a row with its error code instead of being skipped, so the
migration log accounts for every input.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pdftract


def rows(folder: Path):  # type: ignore[no-untyped-def]
    for path in sorted(folder.rglob("*.pdf")):
        try:
            doc = pdftract.analyze(path, analyzers=["tables", "title_block"])
        except pdftract.PdftractError as exc:
            yield {"file": str(path), "page": "", "drawing_number": "", "revision": "", "title": "", "sheet": "",
                   "status": exc.code.value}
            continue
        for s in doc.sheets:
            sheet = f"{s.sheet_number or '?'}/{s.sheet_count or '?'}" if s.sheet_number or s.sheet_count else ""
            status = "ok" if s.drawing_number or s.title else "NO_TITLE_BLOCK"
            yield {"file": str(path), "page": s.page, "drawing_number": s.drawing_number or "", "revision": s.revision or "",
                   "title": s.title or "", "sheet": sheet, "status": status}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = csv.DictWriter(sys.stdout, fieldnames=["file", "page", "drawing_number", "revision", "title", "sheet", "status"],
                         lineterminator="\n")
    out.writeheader()
    for row in rows(Path(argv[0])):
        out.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
