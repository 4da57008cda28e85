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
from pdftract.evaluate import (  # noqa: E402
    Score,
    Scores,
    format_table,
    merge,
    norm,
    score_document,
    score_expected_callouts,
    score_expected_dimensions,
    score_expected_frames,
)

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


def pdfplumber_tables(pdf_path: Path) -> dict[str, Any]:
    """pdfplumber's ``find_tables`` on every page, turned into the output contract for the same scorer.

    The header is the first row when its cells are header words, else the last
    row (a header at the bottom, rows then read upward); the kind comes from our
    header vocabulary (``other`` when it names nothing). Cells pdfplumber leaves
    ``None`` (spanned) become empty strings.
    """
    import pdfplumber

    from pdftract.analyzers.tables import _classify, header_key

    pages = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            out = []
            for t in page.find_tables():
                rows = [[(c or "").replace("\n", " ") for c in r] for r in t.extract()]
                if not rows:
                    continue
                first, last = rows[0], rows[-1]
                kf = _classify([header_key(c) for c in first])
                kl = _classify([header_key(c) for c in last])
                if kf is None and kl is not None and len(rows) > 1:
                    header, data, kind = last, rows[:-1][::-1], kl
                else:
                    header, data, kind = first, rows[1:], kf
                out.append({"kind": kind.value if kind else "other", "bbox": list(t.bbox), "header": header,
                            "rows": [r for r in data if any(r)]})
            pages.append({"number": number, "tables": out})
            page.flush_cache()
    return {"pages": pages}


def run_pdfplumber(names: list[str], directory: Path = FIXTURES) -> Scores:
    from pdftract.evaluate import score_tables

    total: Scores = {}
    for name in names:
        truth = json.loads((directory / f"{name}.truth.json").read_text(encoding="utf-8"))
        pred = {p["number"]: p for p in pdfplumber_tables(directory / f"{name}.pdf")["pages"]}
        for tp in truth["pages"]:
            merge(total, score_tables(tp, pred.get(tp["number"], {"tables": []})))
    return total


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
            wanted = sorted({e["page"] for e in expectations if e["file"] == exp["file"]})
            cache[exp["file"]] = pdftract.analyze(path, pages=wanted).to_dict()
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
        if "tables" in exp:
            _score_real_tables(out, exp, page)
        where = f"{exp['file']} p{exp['page']}"
        if exp.get("dimensions"):
            if "dimensions" not in page:
                out.setdefault(("dimensions", "zone"), Score(available=False)).fn += len(exp["dimensions"])
            else:
                merge(out, score_expected_dimensions(where, exp["dimensions"], page["dimensions"]))
        if exp.get("callouts"):
            if "callouts" not in page:
                out.setdefault(("callouts", "expected"), Score(available=False)).fn += len(exp["callouts"])
            else:
                merge(out, score_expected_callouts(where, exp["callouts"], page["callouts"]))
        if exp.get("gdt_frames"):
            if "gdt_frames" not in page:
                out.setdefault(("gdt_frames", "expected"), Score(available=False)).fn += len(exp["gdt_frames"])
            else:
                merge(out, score_expected_frames(where, exp["gdt_frames"], page["gdt_frames"], page.get("dimensions") or []))
        if "datum_features" in exp:
            want = sorted(d["letter"] for d in exp["datum_features"])
            got = sorted(d["letter"] for d in page.get("datum_features") or [])
            ds = out.setdefault(("datum_features", "expected"), Score())
            for letter in set(want) | set(got):
                n_w, n_g = want.count(letter), got.count(letter)
                ds.tp += min(n_w, n_g)
                ds.exact += min(n_w, n_g)
                ds.fn += max(0, n_w - n_g)
                ds.fp += max(0, n_g - n_w)
        if verbose and sc.examples:
            pass
    return out


def _score_real_tables(out: Scores, exp: dict[str, Any], page: dict[str, Any]) -> None:
    """Expected tables matched by kind and header; rows compared cell by cell (``null`` cells skipped)."""
    expected = exp["tables"]
    if "tables" not in page:
        out.setdefault(("tables", "detected"), Score(available=False)).fn += len(expected)
        return
    got = list(page.get("tables") or [])
    det = out.setdefault(("tables", "detected"), Score())
    rows_sc = out.setdefault(("tables", "rows"), Score())
    where = f"{exp['file']} p{exp['page']}"
    for t in expected:
        hit = next((g for g in got if g["kind"] == t["kind"] and [norm(h) for h in g["header"]] == [norm(h) for h in t["header"]]), None)
        if hit is None:
            det.fn += 1
            rows_sc.fn += len(t["rows"])
            det.miss(f"{where}: missed {t['kind']} {t['header']}")
            continue
        got.remove(hit)
        det.tp += 1
        det.exact += 1
        for r, want in enumerate(t["rows"]):
            have = hit["rows"][r] if r < len(hit["rows"]) else None
            if have is None:
                rows_sc.fn += 1
                continue
            rows_sc.tp += 1
            same = len(have) == len(want) and all(w is None or norm(w) == norm(h) for w, h in zip(want, have, strict=False))
            rows_sc.exact += int(same)
            if not same:
                rows_sc.miss(f"{where}: {have} != {want}")
        rows_sc.fp += max(0, len(hit["rows"]) - len(t["rows"]))
    for g in got:
        det.fp += 1
        det.miss(f"{where}: false {g['kind']} table {g['header']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixtures", type=Path, default=FIXTURES)
    ap.add_argument("--only", default="", help="fixtures whose name contains this")
    ap.add_argument("--no-real", action="store_true", help="skip the real corpus")
    ap.add_argument("-v", "--verbose", action="store_true", help="print examples of misses per fixture")
    ap.add_argument("--json", type=Path, help="write all scores here")
    ap.add_argument("--no-pdfplumber", action="store_true", help="skip pdfplumber's table scores beside ours")
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
    if not args.no_pdfplumber:
        t2 = time.perf_counter()
        plumber = run_pdfplumber(names, args.fixtures)
        print(f"\ntables side by side on the same {len(names)} drawings: pdftract | pdfplumber extract_tables ({time.perf_counter() - t2:.1f} s)")
        print(f"{'field':10s} {'truth':>6s} | {'tp':>5s} {'fp':>5s} {'prec':>6s} {'recall':>6s} {'exact':>6s} | {'tp':>5s} {'fp':>5s} {'prec':>6s} {'recall':>6s} {'exact':>6s}")
        for field in ("detected", "kind", "header", "rows", "cells"):
            a, b = fixtures.get(("tables", field), Score()), plumber.get(("tables", field), Score())
            print(f"{field:10s} {a.truth:6d} | {a.tp:5d} {a.fp:5d} {a.precision:6.3f} {a.recall:6.3f} {a.exact_rate:6.3f} | "
                  f"{b.tp:5d} {b.fp:5d} {b.precision:6.3f} {b.recall:6.3f} {b.exact_rate:6.3f}")
        report["pdfplumber_tables"] = _as_json(plumber)
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
