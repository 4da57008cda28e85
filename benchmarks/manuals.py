"""Technical manuals: procedures, safety callouts, references, part numbers and reading order, tuned and
held-out producers side by side.

Truth is the data the manuals were generated from (``fixtures/manuals/make_manuals.py`` writes
``fixtures/manuals/truth.json`` before any PDF exists), never our output. The split is by producer:
LibreOffice Writer, LaTeX and groff with the ms macros (tuned on; LaTeX and then groff were the held-out
producers of earlier versions, each moved to the tuned part after its one held-out measurement, see
docs/manuals.md) and HTML through wkhtmltopdf (held out: never looked at while tuning; only these
aggregates are printed; it prints no running header or footer, and Debian's build sets CSS columns as one).

Scores per field, over all documents of a split (each item matched once):

* procedures: a step is exact when its printed label, its level and its text (whitespace folded) all
  match a truth step; ``label+level`` counts the structure alone.
* safety callouts: kind and body text exact; ``prose tagged`` counts callouts found over a prose sentence
  that mentions a signal word (the decoys), which must stay 0.
* references: kind and target; part numbers: the text, with look-alikes found counted as false.
* unruled tables: a table is found when its printed header is (tables of any kind), its cells exact by row;
* reading order: the paragraphs of each two-column section are found whole in the page text (letters and
  digits compared, so line breaks and hyphenation do not matter), and each pair of consecutive paragraphs
  is in order.
* header/footer: pages whose footer holds the page number, and whose body text holds neither the page
  number line nor the document number of the running header.

Usage::

    python benchmarks/manuals.py [--json FILE] [--split tuned|held_out]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402

FIXTURES = ROOT / "fixtures" / "manuals"


def norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).replace("\u22c5", "\u00b7").replace("\u2212", "-")
    return re.sub(r"\s+", " ", s).strip()


def _letters(s: str) -> str:
    """Letters and digits only: a paragraph is found whatever line breaks and hyphenation did to it."""
    return "".join(ch for ch in norm(s).lower() if ch.isalnum())


def prf(tp: int, n_found: int, n_truth: int) -> dict[str, float | int]:
    p = tp / n_found if n_found else 1.0
    r = tp / n_truth if n_truth else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"tp": tp, "found": n_found, "truth": n_truth, "precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4)}


def add(agg: dict[str, Any], res: dict[str, Any]) -> None:
    """Add one document's or page's scores to ``agg``: (tp, found, truth) tuples element-wise, counts summed."""
    for key, value in res.items():
        if isinstance(value, tuple):
            agg[key] = tuple(a + b for a, b in zip(agg.get(key, (0, 0, 0)), value, strict=True))
        else:
            agg[key] = agg.get(key, 0) + value


def matched(truth: list[Any], found: list[Any]) -> int:
    t, f = Counter(truth), Counter(found)
    return sum(min(n, f[k]) for k, n in t.items())


def analyse(path: Path) -> dict[str, Any]:
    doc = pdftract.analyze(str(path))
    return json.loads(doc.to_json())


def score_document(truth: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    pages = out["pages"]
    steps = [s for p in pages for s in p.get("procedures", [])]
    callouts = [c for p in pages for c in p.get("safety_callouts", [])]
    refs = [r for p in pages for r in p.get("references", [])]
    pns = [x for p in pages for x in p.get("part_numbers", [])]
    t_steps = truth["procedures"]
    res: dict[str, Any] = {}
    res["steps_exact"] = (matched([(s["number"], s["level"], norm(s["text"])) for s in t_steps],
                                  [(s["number"], s["level"], norm(s["text"])) for s in steps]), len(steps), len(t_steps))
    res["steps_label_level"] = (matched([(s["number"], s["level"]) for s in t_steps],
                                        [(s["number"], s["level"]) for s in steps]), len(steps), len(t_steps))
    t_call = truth["callouts"]
    res["callouts_exact"] = (matched([(c["kind"], norm(c["text"])) for c in t_call],
                                     [(c["kind"], norm(c["text"])) for c in callouts]), len(callouts), len(t_call))
    res["callouts_kind"] = (matched([c["kind"] for c in t_call], [c["kind"] for c in callouts]), len(callouts), len(t_call))
    res["callouts_colour"] = (matched([(c["kind"], c["colour"]) for c in t_call],
                                      [(c["kind"], c["colour"]) for c in callouts]), len(callouts), len(t_call))
    decoys = [norm(d) for d in truth["decoys"]]
    res["prose_tagged"] = sum(1 for c in callouts if any(d[:40] in norm(c["text"]) for d in decoys))
    res["references"] = (matched([(r["kind"], r["target"]) for r in truth["references"]],
                                 [(r["kind"], r["target"]) for r in refs]), len(refs), len(truth["references"]))
    # unruled tables: a table is found when its header is; its cells count one by one (of any kind: an unruled table
    # whose header names a parts list's columns is reported as one)
    other = [t for p in pages for t in p.get("tables", [])]
    t_tables = truth.get("tables", [])
    found_heads = [tuple(norm(h) for h in t["header"]) for t in other]
    res["tables"] = (matched([tuple(norm(h) for h in t["header"]) for t in t_tables], found_heads), len(other), len(t_tables))
    t_cells = [(k, i, norm(c)) for k, t in enumerate(t_tables) for i, row in enumerate(t["rows"]) for c in row]
    f_cells = []
    for t in other:
        k = next((n for n, tt in enumerate(t_tables) if [norm(h) for h in tt["header"]] == [norm(h) for h in t["header"]]), -1)
        f_cells += [(k, i, norm(c)) for i, row in enumerate(t["rows"]) for c in row]
    res["table_cells"] = (matched(t_cells, f_cells), len(f_cells), len(t_cells))
    found_pn = [p["text"] for p in pns]
    res["part_numbers"] = (matched(truth["part_numbers"], found_pn), len(found_pn), len(truth["part_numbers"]))
    res["lookalikes_found"] = sum(1 for p in found_pn if p in set(truth["lookalikes"]))
    body = _letters(" ".join(p["text"] for p in pages))
    pairs = in_order = 0
    missing = 0
    for block in truth["reading_order"]:
        pos = []
        for para in block:
            pos.append(body.find(_letters(para)))
        missing += sum(1 for x in pos if x < 0)
        for a, b in zip(pos, pos[1:], strict=False):
            pairs += 1
            in_order += int(a >= 0 and b >= 0 and a < b)
    res["reading_order"] = (in_order, pairs, pairs)
    furniture = 0
    if not truth.get("furniture", True):
        res["header_footer"] = (0, 0, 0)  # the producer prints no running header or footer
        return res
    for k, p in enumerate(pages, 1):
        # the page number is in the footer, and neither the running header nor the footer is in the body
        ok = re.search(rf"(?<!\d){k}(?!\d)", p.get("footer", "")) is not None and truth["doc_number"] not in p["text"] \
            and not re.search(rf"(?:Page\s*{k}\b|^\W*{k}\W*$)", p["text"], re.MULTILINE)
        furniture += int(ok)
    res["header_footer"] = (furniture, len(pages), len(pages))
    return res


SHARED = ROOT.parent / "shared" / "corpus"
EXPECTATIONS = ROOT / "benchmarks" / "manual_expectations.json"
#: references and part numbers of further real manual pages (read off renders, measured before any tuning)
REF_EXPECTATIONS = ROOT / "benchmarks" / "manual_expectations_refs.json"


def score_real_page(exp: dict[str, Any], page: Any) -> dict[str, Any]:
    """One real manual page against what a reader wrote down from its rendering (manual_expectations.json)."""
    steps = [s.to_dict() for s in page.results.get("procedures", ())]
    calls = [c.to_dict() for c in page.results.get("safety_callouts", ())]
    res: dict[str, Any] = {}
    t_steps = exp["procedures"]
    res["steps_exact"] = (matched([(s["number"], s["level"], norm(s["text"])) for s in t_steps],
                                  [(s["number"], s["level"], norm(s["text"])) for s in steps]), len(steps), len(t_steps))
    res["steps_label_level"] = (matched([(s["number"], s["level"]) for s in t_steps], [(s["number"], s["level"]) for s in steps]),
                                len(steps), len(t_steps))
    res["callouts_exact"] = (matched([(c["kind"], norm(c["text"])) for c in exp["safety_callouts"]],
                                     [(c["kind"], norm(c["text"])) for c in calls]), len(calls), len(exp["safety_callouts"]))
    res["callouts_kind"] = (matched([c["kind"] for c in exp["safety_callouts"]], [c["kind"] for c in calls]), len(calls),
                            len(exp["safety_callouts"]))
    # furniture: a printed header/footer is kept out of the body text and found in ours; none where none is
    order = page.reading
    ok = n = 0
    for want, got in ((exp["header"], order.header), (exp["footer"], order.footer)):
        n += 1
        if not norm(want):
            ok += int(not norm(got))  # no running header: none found (a heading at the top stays in the body)
            continue
        body_lines = {_letters(line) for line in order.text.splitlines()}
        ok += int(_letters(want) in _letters(got) and _letters(want) not in body_lines)
    res["header_footer"] = (ok, n, n)
    return res


def run_real() -> dict[str, Any]:
    """The real manuals of the shared corpus against manual_expectations.json (skipped when absent)."""
    if not EXPECTATIONS.exists() or not SHARED.exists():
        return {}
    exp = json.loads(EXPECTATIONS.read_text(encoding="utf-8"))["files"]
    agg: dict[str, Any] = {"pages": 0}
    per_file: dict[str, Any] = {}
    for name, pages in sorted(exp.items()):
        path = SHARED / name
        if not path.exists():
            continue
        doc = pdftract.analyze(str(path), analyzers=["manual"], pages=sorted(int(p) for p in pages))
        for page in doc.pages:
            res = score_real_page(pages[str(page.number)], page)
            agg["pages"] += 1
            add(agg, res)
            add(per_file.setdefault(name, {}), res)
    out = {k: (prf(*v) if isinstance(v, tuple) else v) for k, v in agg.items()}
    out["files"] = {f: {k: prf(*v) for k, v in d.items()} for f, d in per_file.items()}
    return out


def run_real_refs() -> dict[str, Any]:
    """References (kind + target) and part numbers on the pages of manual_expectations_refs.json."""
    if not REF_EXPECTATIONS.exists() or not SHARED.exists():
        return {}
    exp = json.loads(REF_EXPECTATIONS.read_text(encoding="utf-8"))["files"]
    agg: dict[str, Any] = {"pages": 0}
    for name, pages in sorted(exp.items()):
        path = SHARED / name
        if not path.exists():
            continue
        doc = pdftract.analyze(str(path), analyzers=["manual", "references"], pages=sorted(int(p) for p in pages))
        for page in doc.pages:
            e = pages[str(page.number)]
            refs = [(r.kind, r.target) for r in page.results.get("references", ())]
            t_refs = [(r["kind"], str(r["target"])) for r in e["references"]]
            # the reader counted each distinct value once per page
            pns = sorted({norm(p.text) for p in page.results.get("part_numbers", ())})
            raster = {norm(p) for p in e.get("part_numbers_in_raster_image", [])}  # no OCR here: not counted
            t_pns = sorted({norm(p) for p in e["part_numbers"] if norm(p) not in raster})
            agg["pages"] += 1
            add(agg, {"references": (matched(t_refs, refs), len(refs), len(t_refs)),
                      "part_numbers": (matched(t_pns, pns), len(pns), len(t_pns))})
    return {k: (prf(*v) if isinstance(v, tuple) else v) for k, v in agg.items()}


def run(split: str | None = None) -> dict[str, Any]:
    truth = json.loads((FIXTURES / "truth.json").read_text(encoding="utf-8"))
    splits: dict[str, dict[str, Any]] = {}
    for name, t in sorted(truth["documents"].items()):
        part = truth["producers"][t["producer"]]
        if split and part != split:
            continue
        res = score_document(t, analyse(FIXTURES / t["file"]))
        agg = splits.setdefault(part, {"documents": 0})
        agg["documents"] += 1
        add(agg, res)
    report: dict[str, Any] = {}
    for part, agg in splits.items():
        report[part] = {k: (prf(*v) if isinstance(v, tuple) else v) for k, v in agg.items()}
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", type=Path, help="write the report here")
    ap.add_argument("--split", choices=("tuned", "held_out"))
    args = ap.parse_args()
    report = run(args.split)
    for part in ("tuned", "held_out"):
        if part not in report:
            continue
        r = report[part]
        print(f"== {part} ({r['documents']} documents)")
        for key, v in r.items():
            if isinstance(v, dict):
                print(f"  {key:18s} P {v['precision']:.3f}  R {v['recall']:.3f}  F1 {v['f1']:.3f}  ({v['tp']}/{v['truth']}, found {v['found']})")
            elif key != "documents":
                print(f"  {key:18s} {v}")
    if not args.split:
        real = run_real()
        if real:
            report["real"] = real
            print(f"== real manuals ({real['pages']} pages read off renders, benchmarks/manual_expectations.json)")
            for key, v in real.items():
                if isinstance(v, dict) and "f1" in v:
                    print(f"  {key:18s} P {v['precision']:.3f}  R {v['recall']:.3f}  F1 {v['f1']:.3f}  ({v['tp']}/{v['truth']}, found {v['found']})")
            for f, d in real["files"].items():
                print(f"    {f}: steps {d['steps_exact']['tp']}/{d['steps_exact']['truth']} exact "
                      f"(found {d['steps_exact']['found']}), callouts {d['callouts_exact']['tp']}/{d['callouts_exact']['truth']}")
    if not args.split:
        refs = run_real_refs()
        if refs:
            report["real_refs"] = refs
            print(f"== real manuals, references and part numbers ({refs['pages']} pages, benchmarks/manual_expectations_refs.json)")
            for key in ("references", "part_numbers"):
                v = refs[key]
                print(f"  {key:18s} P {v['precision']:.3f}  R {v['recall']:.3f}  F1 {v['f1']:.3f}  ({v['tp']}/{v['truth']}, found {v['found']})")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
