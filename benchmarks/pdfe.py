"""Exact-match accuracy of the PDF/E layer, per field, on two fixture families.

* tuned: ``fixtures/pdfe/pdfe-*.pdf``, written with pikepdf (the family the passes were built against);
* held out: ``fixtures/pdfe/mupdf-*.pdf``, written by MuPDF through PyMuPDF (its own annotation
  dictionaries, appearance streams, embedded-file and layer structures; not looked at while building).

Truth is each generator's ``*.truth.json``, written from its inputs. Usage::

    python benchmarks/pdfe.py            # a table per family
    python benchmarks/pdfe.py -v         # and every miss

Annotations are matched to the truth in order within their subtype (a viewer-made popup the truth does not
list is skipped), attachments by name, payloads in order. A field counts where the truth states it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402

FIXTURES = ROOT / "fixtures" / "pdfe"
FAMILIES = {"tuned (pikepdf)": "pdfe-*.truth.json", "held out (MuPDF)": "mupdf-*.truth.json"}


def _measurement(m: Any) -> Any:
    return None if m is None else {"value": m.value, "units": m.units, "kind": m.kind, "source": m.source}


def _annotations(sheet: Any, truth: list[dict[str, Any]], check: Any) -> None:
    pool: dict[str, list[Any]] = defaultdict(list)
    for a in sheet.annotations:
        pool[a.subtype].append(a)
    for i, t in enumerate(truth):
        candidates = pool.get(str(t["subtype"]), [])
        a = candidates.pop(0) if candidates else None
        where = f"page {sheet.number} annotation {i} ({t['subtype']})"
        check("annotation found", True, a is not None, where)
        if a is None:
            continue
        for field in ("contents", "rich_text", "hidden", "intent"):
            if field in t:
                check(f"annotation {field}", t[field], getattr(a, field), where)
        if "measurement" in t:
            check("annotation measurement", t["measurement"], _measurement(a.measurement), where)
        if "appearance_text" in t:
            check("annotation appearance_text", t["appearance_text"], list(a.appearance_text), where)


def score(truth_path: Path, tally: dict[str, list[int]], misses: list[str]) -> None:
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    doc = pdftract.open(FIXTURES / truth["file"])
    sheet = doc.page(1)

    def check(field: str, want: Any, got: Any, where: str) -> None:
        ok = want == got
        tally[field][0] += ok
        tally[field][1] += 1
        if not ok:
            misses.append(f"{truth['file']} {where} {field}: want {want!r}, got {got!r}")

    if "text" in truth:
        check("page text", truth["text"], sheet.text, "page 1")
    for line in truth.get("text_has", []):
        check("visible text kept", True, line in sheet.text, repr(line))
    for line in truth.get("hidden_text", []):
        check("off-layer text kept out", False, line in sheet.text, repr(line))
        check("off-layer text in its layer", True, any(line in la.text for la in sheet.layers), repr(line))
    for page_no, key in ((1, "annotations"), (2, "annotations_page2")):
        if key in truth:
            _annotations(doc.page(page_no), truth[key], check)
    for i, t in enumerate(truth.get("payloads", [])):
        p = sheet.payloads[i] if i < len(sheet.payloads) else None
        check("payload found", True, p is not None, f"payload {i}")
        if p is None:
            continue
        for field, got in (("subtype", p.subtype), ("bytes", p.digest.size), ("sha256", p.digest.sha256),
                           ("activation", p.activation)):
            check(f"payload {field}", t[field], got, f"payload {i}")
        views = [{"name": v.name, "measures": [{"kind": m.kind, "value": m.value, "units": m.units, "text": m.text}
                                               for m in v.measures]} for v in p.views]
        check("payload views", t["views"], views, f"payload {i}")
    by_name = {a.name: a for a in doc.attachments}
    for t in truth.get("attachments", []):
        a = by_name.get(t["name"])
        check("attachment found", True, a is not None, t["name"])
        if a is None:
            continue
        for field, got in (("bytes", a.digest.size), ("sha256", a.digest.sha256), ("md5", a.digest.md5), ("mime", a.mime),
                           ("location", a.location), ("page", a.page), ("checksum_ok", a.checksum_ok)):
            if field in t:
                check(f"attachment {field}", t[field], got, t["name"])
    if "layers" in truth:
        got_layers = [{k: v for k, v in {"name": la.name, "visible": la.visible, "parents": list(la.parents),
                                         "pages": list(la.pages)}.items() if k in t} for la, t in zip(doc.layers, truth["layers"])]
        check("layer names and states", truth["layers"], got_layers if len(doc.layers) == len(truth["layers"]) else
              [{"name": la.name, "visible": la.visible} for la in doc.layers], "document")
    if "page_layers" in truth:
        check("page layer texts", truth["page_layers"], [{"name": la.name, "visible": la.visible, "text": la.text}
                                                         for la in sheet.layers], "page 1")
    if "conformance" in truth:
        check("conformance", truth["conformance"], {"pdfe": doc.conformance.pdfe, "pdfa": doc.conformance.pdfa}, "document")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    args = ap.parse_args()
    worst = 1.0
    for family, pattern in FAMILIES.items():
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        misses: list[str] = []
        for path in sorted(FIXTURES.glob(pattern)):
            score(path, tally, misses)
        ok = sum(v[0] for v in tally.values())
        total = sum(v[1] for v in tally.values())
        print(f"\n{family}: {ok}/{total} exact ({ok / total:.3f})" if total else f"\n{family}: no fixtures")
        print(f"  {'field':34} {'exact':>7} {'of':>4}")
        for field in sorted(tally):
            good, n = tally[field]
            print(f"  {field:34} {good:7d} {n:4d}")
        if args.verbose:
            for m in misses:
                print("  miss:", m)
        if total:
            worst = min(worst, ok / total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
