"""Outline matching (glyph recovery rungs 4 and 5): how often a shape is read right, wrong, or left unread.

Two measurements:

``leave-one-font-out``
    Every template character of one reference font is classified against the
    templates of the *other* fonts (the same features the shipped templates are
    made of, rebuilt from the installed fonts). Symbols and the sanity
    characters (digits, letters) are counted apart. A wrong reading is the
    number that matters most: a wrong ``⌀`` on a drawing is worse than none.
    Needs the fonts listed in ``pdftract/data/build_templates.py``; fonts that
    are not installed are skipped.

``independent outlines``
    The engineering symbols of the fixture generator (bars and rings built by
    fontTools code in ``fixtures/drawings/generator/fonts.py``, not taken from any
    font) classified against the shipped templates.

Usage::

    python benchmarks/glyph_matching.py
    python benchmarks/glyph_matching.py --accept 0.5 --margin 0.08   # other thresholds
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "fixtures" / "drawings"))

from pdftract.data import build_templates as B  # noqa: E402
from pdftract.ingest import outlines as O  # noqa: E402


def leave_one_font_out(accept: float, margin: float) -> dict[str, list[int]] | None:
    from fontTools.ttLib import TTFont

    feats: list[O.Features] = []
    labels: list[str] = []
    fonts: list[str] = []
    variants: list[bool] = []  # convention variants are templates, not shapes to read
    chars = "".join(dict.fromkeys(O.SYMBOLS + B.SANITY))
    for path in B.FONTS:
        if not Path(path).exists():
            print(f"  {Path(path).name}: not installed, skipped")
            continue
        tt = TTFont(path, lazy=True)
        em = float(tt["head"].unitsPerEm)
        for ch, contours, variant in B.shapes(tt.getGlyphSet(), tt.getBestCmap(), em, chars):
            f = O.features(contours, em)
            if f is not None:
                feats.append(f)
                labels.append(ch)
                fonts.append(path)
                variants.append(variant)
    if len(set(fonts)) < 2:
        return None
    size = O.ORIENTATIONS * O.GRID * O.GRID
    lines = np.stack([f.lines for f in feats])
    dist = np.stack([np.clip(np.round(f.distance * O.DISTANCE_STEPS), 0, 255).astype(np.uint8) for f in feats])
    rows, cols = np.nonzero(lines)
    counts = np.bincount(rows, minlength=len(feats))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    tpl = O.Templates(cols.astype(np.int64), starts, counts.astype(np.float64), dist.reshape(len(feats), size),
                      np.stack([f.geometry for f in feats]), np.array([f.holes for f in feats]), tuple(labels), tuple(sorted(set(fonts))))
    font_arr = np.array(fonts)
    out = {"symbols": [0, 0, 0], "others": [0, 0, 0]}
    wrong: list[str] = []
    for i, f in enumerate(feats):
        if variants[i]:
            continue
        d = O.distances(f, tpl)
        d[font_arr == fonts[i]] = 9.0
        ranked = O._rank(d, tpl.labels)
        best, db = ranked[0]
        dr = ranked[1][1] if len(ranked) > 1 else 9.0
        kind = "symbols" if labels[i] in O.SYMBOLS else "others"
        if db > accept or dr - db < margin:
            out[kind][2] += 1
        elif best == labels[i] or (kind == "others" and best.lower() == labels[i].lower()):
            out[kind][0] += 1
        else:
            out[kind][1] += 1
            wrong.append(f"{labels[i]}->{best} ({Path(fonts[i]).stem})")
    print(f"  wrong readings: {', '.join(wrong) or 'none'}")
    return out


def independent(accept: float, margin: float) -> tuple[int, int, int, list[str]]:
    from generator.fonts import SYMBOLS

    right = wrong = rejected = 0
    notes: list[str] = []
    for _name, ch, _adv, build in SYMBOLS:
        m = O.classify(build(), em=1000.0)
        ok = m.score >= 1 - accept and m.score - m.runner_score >= margin
        if not ok:
            rejected += 1
            notes.append(f"{ch}: unread (best {m.best})")
        elif m.best == ch:
            right += 1
        else:
            wrong += 1
            notes.append(f"{ch}: read as {m.best}")
    return right, wrong, rejected, notes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--accept", type=float, default=O.ACCEPT)
    ap.add_argument("--margin", type=float, default=O.MARGIN)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    print(f"leave-one-font-out (accept {args.accept}, margin {args.margin}):")
    loo = leave_one_font_out(args.accept, args.margin)
    if loo is None:
        print("  fewer than two reference fonts installed: skipped")
    else:
        for kind, (r, w, u) in loo.items():
            n = r + w + u
            print(f"  {kind:8s} {n:5d} shapes: right {r:5d} ({r / n:.3f})  wrong {w:4d} ({w / n:.3f})  unread {u:4d} ({u / n:.3f})")
    r, w, u, notes = independent(args.accept, args.margin)
    n = r + w + u
    print(f"independent outlines (fixture generator, {n} symbols): right {r} ({r / n:.3f})  wrong {w}  unread {u}")
    for line in notes:
        print(f"  {line}")
    t1 = time.perf_counter()
    O.templates.cache_clear()
    O.templates()
    t2 = time.perf_counter()
    from generator.fonts import SYMBOL_BY_CHAR

    shape = SYMBOL_BY_CHAR["⌀"][3]()
    reps = 50
    t3 = time.perf_counter()
    for _ in range(reps):
        O.classify(shape, em=1000.0)
    t4 = time.perf_counter()
    print(f"cost: templates load {1000 * (t2 - t1):.0f} ms once per process; one classification {1000 * (t4 - t3) / reps:.1f} ms "
          f"(cached per font and glyph, per drawn shape and page); this run {t1 - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
