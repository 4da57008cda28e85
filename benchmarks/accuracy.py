"""Accuracy of pdftract against ground truth, per analyzer and per field.

Two sources of truth:

* the generated drawings in ``fixtures/drawings/generated/`` (``<name>.pdf`` +
  ``<name>.truth.json``, written by ``fixtures/drawings/make.py``);
* ``benchmarks/real_expectations.json``: values read by eye off rendered pages
  of the real corpus in ``../shared/corpus/real/`` (scored when it is present).

Usage::

    python benchmarks/accuracy.py                 # everything
    python benchmarks/accuracy.py --only gdt -v   # fixtures whose name contains "gdt", with examples of misses
    python benchmarks/accuracy.py --json out.json

Output: one table for the fixtures and one for the real corpus, each row an
(analyzer, field) with truth count, tp, fp, fn, precision, recall and the
exact-match rate. Analyzers that are not built yet are listed as such, with
their truth counts, instead of scoring zero. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402
from pdftract.evaluate import Score, Scores, format_table, merge, norm, score_document  # noqa: E402

FIXTURES = ROOT / "fixtures" / "drawings" / "generated"
REAL = ROOT.parent / "shared" / "corpus" / "real"
EXPECTATIONS = Path(__file__).resolve().parent / "real_expectations.json"
INCLUDE = ["glyphs", "words", "lines"]


def fixture_names(directory: Path = FIXTURES, only: str = "") -> list[str]:
    return sorted(p.name[: -len(".truth.json")] for p in directory.glob("*.truth.json") if only in p.name)


def score_fixture(name: str, directory: Path = FIXTURES) -> Scores:
    truth = json.loads((directory / f"{name}.truth.json").read_text(encoding="utf-8"))
    doc = pdftract.analyze(directory / f"{name}.pdf")
    pred = doc.to_dict(include=INCLUDE)
    return score_document(truth, pred)


def run_fixtures(names: list[str], directory: Path = FIXTURES, verbose: bool = False) -> Scores:
    total: Scores = {}
    for name in names:
        scores = score_fixture(name, directory)
        if verbose:
            for (analyzer, field), s in sorted(scores.items()):
                if s.available and s.examples and (s.fn or s.fp or s.exact < s.tp):
                    print(f"  {name}: {analyzer}.{field}: {'; '.join(s.examples[:3])}")
        merge(total, scores)
    return total


# -- the real corpus -------------------------------------------------------------------------
def score_real(expectations: list[dict[str, Any]], corpus: Path = REAL, verbose: bool = False) -> Scores:
    """Each expectation: a file, a page and what a reader sees there.

    ``text_contains``: strings that must appear in the page's reading text (the
    floor every analyzer builds on). ``title_block``: canonical fields; scored
    against the title-block analyzer once it exists. ``tables``, ``dimensions``
    and ``gdt_frames`` likewise.
    """
    out: Scores = {}
    cache: dict[str, Any] = {}
    for exp in expectations:
        path = corpus / exp["file"]
        if not path.exists():
            continue
        if exp["file"] not in cache:
            cache[exp["file"]] = pdftract.analyze(path).to_dict()
        pred = cache[exp["file"]]
        page = next((p for p in pred["pages"] if p["number"] == exp["page"]), None)
        if page is None:
            continue
        text = norm(page["text"])
        sc = out.setdefault(("text", "contains"), Score())
        for s in exp.get("text_contains", []):
            if norm(s) in text:
                sc.tp += 1
                sc.exact += 1
            else:
                sc.fn += 1
                sc.miss(f"{exp['file']} p{exp['page']}: {s!r}")
        tb_exp = exp.get("title_block", {})
        if tb_exp:
            if "title_block" not in page:
                out.setdefault(("title_block", "fields"), Score(available=False)).fn += len(tb_exp)
            else:
                fields = (page.get("title_block") or {}).get("fields", {})
                for key, value in tb_exp.items():
                    fs = out.setdefault(("title_block", key), Score())
                    got = fields.get(key)
                    if got is None:
                        fs.fn += 1
                        fs.miss(f"{exp['file']}: missing {key}")
                    else:
                        fs.tp += 1
                        fs.exact += int(norm(str(got.get("value"))) == norm(str(value)))
        for key in ("tables", "dimensions", "gdt_frames"):
            items = exp.get(key, [])
            if not items:
                continue
            if key not in page:
                out.setdefault((key, "expected"), Score(available=False)).fn += len(items)
                continue
            got_items = page.get(key) or []
            ks = out.setdefault((key, "expected"), Score())
            for item in items:
                probe = norm(item.get("text") or item.get("tolerance") or " ".join(item.get("header", [])))
                hit = any(probe and probe in norm(json.dumps(g, ensure_ascii=False)) for g in got_items)
                ks.tp += int(hit)
                ks.exact += int(hit)
                ks.fn += int(not hit)
        if verbose and sc.examples:
            pass
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixtures", type=Path, default=FIXTURES)
    ap.add_argument("--only", default="", help="fixtures whose name contains this")
    ap.add_argument("--no-real", action="store_true", help="skip the real corpus")
    ap.add_argument("-v", "--verbose", action="store_true", help="print examples of misses per fixture")
    ap.add_argument("--json", type=Path, help="write all scores here")
    args = ap.parse_args(argv)

    names = fixture_names(args.fixtures, args.only)
    if not names:
        print(f"accuracy.py: no truth files in {args.fixtures} (run python fixtures/drawings/make.py)", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    fixtures = run_fixtures(names, args.fixtures, args.verbose)
    print(f"generated fixtures: {len(names)} drawings ({time.perf_counter() - t0:.1f} s)")
    print(format_table(fixtures))
    report: dict[str, Any] = {"fixtures": _as_json(fixtures)}
    if not args.no_real and REAL.is_dir() and EXPECTATIONS.exists():
        expectations = json.loads(EXPECTATIONS.read_text(encoding="utf-8"))["expectations"]
        t1 = time.perf_counter()
        real = score_real(expectations, REAL, args.verbose)
        files = len({e["file"] for e in expectations})
        print()
        print(f"real corpus: {len(expectations)} pages of {files} files ({time.perf_counter() - t1:.1f} s)")
        print(format_table(real))
        for (analyzer, field), s in sorted(real.items()):
            if s.examples and args.verbose:
                print(f"  {analyzer}.{field} misses: {'; '.join(s.examples)}")
        report["real"] = _as_json(real)
    elif not args.no_real:
        print(f"\nreal corpus not scored: {REAL} or {EXPECTATIONS.name} missing")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


def _as_json(scores: Scores) -> dict[str, Any]:
    return {
        f"{a}.{f}": {"available": s.available, "truth": s.truth, "tp": s.tp, "fp": s.fp, "fn": s.fn,
                     "precision": round(s.precision, 4), "recall": round(s.recall, 4), "exact": round(s.exact_rate, 4)}
        for (a, f), s in sorted(scores.items())
    }


if __name__ == "__main__":
    sys.exit(main())
