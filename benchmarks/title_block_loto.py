"""Leave one title-block template out: does the title-block analyzer read a layout family whose own
label words it was never given?

The generated drawings come in four layout families (``iso7200``, ``asme``, ``din``, ``compact``,
``fixtures/drawings/make.py``). For each family, the label phrases that only that family prints are
taken out of the analyzer's vocabulary, and its drawings are read again: what is still read comes from
the labels the other families share, from cell structure, typography and value forms. A family whose
score collapses would show a vocabulary fitted to one template.

Usage::

    python benchmarks/title_block_loto.py            # every family
    python benchmarks/title_block_loto.py --family din
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # evaluate.py: the scoring, beside the benchmarks

import pdftract  # noqa: E402
from pdftract.analyzers import title_block  # noqa: E402
from pdftract.analyzers.labels import reindex  # noqa: E402
from evaluate import norm  # noqa: E402

FIXTURES = ROOT / "fixtures" / "drawings" / "generated"


def _tokens(label: str) -> tuple[str, ...]:
    return tuple(title_block._norm_token(t) for t in label.replace(":", " ").split())


def families(directory: Path = FIXTURES) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Drawings by the layout family of their title block, with their truth."""
    out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for path in sorted(directory.glob("*.truth.json")):
        truth = json.loads(path.read_text(encoding="utf-8"))
        for page in truth["pages"]:
            tb = page.get("title_block")
            if tb and tb.get("layout"):
                out.setdefault(tb["layout"], []).append((path.name[: -len(".truth.json")], truth))
                break
    return out


def own_labels(fams: dict[str, list[tuple[str, dict[str, Any]]]], family: str) -> set[tuple[str, ...]]:
    """The label phrases (as the analyzer's tokens) that only ``family`` prints."""
    def labels(name: str) -> set[tuple[str, ...]]:
        return {_tokens(f["label"]) for _n, t in fams[name] for p in t["pages"] for f in (p.get("title_block") or {}).get("fields", {}).values()
                if f.get("label")}
    others = set().union(*(labels(n) for n in fams if n != family))
    return labels(family) - others


@contextlib.contextmanager
def without_phrases(phrases: set[tuple[str, ...]]) -> Iterator[int]:
    """The analyzer's vocabulary less ``phrases`` (restored afterwards); yields how many were taken out."""
    saved = list(title_block._PHRASES)
    title_block._PHRASES[:] = [(p, k) for p, k in saved if p not in phrases]
    reindex()
    try:
        yield len(saved) - len(title_block._PHRASES)
    finally:
        title_block._PHRASES[:] = saved
        reindex()


def score(names: list[tuple[str, dict[str, Any]]], directory: Path = FIXTURES) -> tuple[int, int, int]:
    """(exact fields, truth fields, false fields) over the drawings."""
    exact = total = false = 0
    for name, truth in names:
        doc = pdftract.analyze(directory / f"{name}.pdf", analyzers=["tables", "title_block"])
        for tp, sheet in zip(truth["pages"], doc.pages, strict=True):
            want = (tp.get("title_block") or {}).get("fields", {})
            tb = sheet.results.get("title_block")
            got = {} if tb is None else {k: f.value for k, f in tb.fields.items()}
            total += len(want)
            exact += sum(1 for k, f in want.items() if k in got and norm(got[k]) == norm(f["value"]))
            false += sum(1 for k in got if k not in want)
    return exact, total, false


def run(only: str = "") -> dict[str, dict[str, Any]]:
    fams = families()
    out: dict[str, dict[str, Any]] = {}
    for family, names in sorted(fams.items()):
        if only and family != only:
            continue
        full = score(names)
        own = own_labels(fams, family)
        with without_phrases(own) as removed:
            left_out = score(names)
        out[family] = {"drawings": len(names), "own_labels": sorted(" ".join(p) for p in own), "phrases_removed": removed,
                       "with_all": full, "left_out": left_out}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", default="")
    args = ap.parse_args(argv)
    print(f"{'family':9s} {'drawings':>8s} {'removed':>7s} | {'exact/fields (all labels)':>26s} | {'exact/fields (own left out)':>28s} false")
    for family, r in run(args.family).items():
        (e1, t1, f1), (e2, t2, f2) = r["with_all"], r["left_out"]
        print(f"{family:9s} {r['drawings']:8d} {r['phrases_removed']:7d} | {e1:5d}/{t1:<5d} = {e1 / max(t1, 1):.3f} {f1:3d} false |"
              f" {e2:5d}/{t2:<5d} = {e2 / max(t2, 1):.3f} {f2:3d} false")
        print(f"          own labels: {', '.join(r['own_labels']) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
