"""Text drawn as outlines or strokes: how much of it is read back, tuned and held-out fonts side by side.

Two sources of truth, neither of them our own output:

* ``fixtures/drawn_text/*.pdf``: pages whose text Ghostscript drew as filled outlines (``-dNoOutputFonts``)
  or that were drawn with Hershey stroke fonts, each with the strings, fonts, sizes, angles and positions
  of the generating script (``fixtures/drawn_text/make.py``). Split by font family: ``tune`` (families the
  templates are built from, and the Hershey font used while tuning) and ``heldout`` (families never seen).
* KiCad and Altium exports in the shared corpora whose drawn text has an invisible copy (render mode 3) on
  top: the exporting tool's own text. Recognition runs with that layer ignored and is compared with it,
  line by line, for the lines with drawn shapes under them.

Reported: character error rate (edit distance over truth characters), exact lines, characters read where
no truth line is (false characters), and template-matching OCR calls (always 0: no OCR is used). On the
corpus pages also reference designators and component values (a number with a multiplier or unit) of the
copy found in the recognised text, and characters read outside every line of the copy, widened by one
size ("outside": an upper bound on false characters, since a drawn line may run past its shorter copy).

Usage::

    python benchmarks/drawn_text.py            # fixtures and corpus
    python benchmarks/drawn_text.py --no-corpus -v
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402
from pdftract.geometry import BBox  # noqa: E402
from pdftract.index import BoxIndex  # noqa: E402
from pdftract.ingest.drawn_text import recover_drawn_text  # noqa: E402
from pdftract.model.primitives import UnicodeSource  # noqa: E402
from pdftract.model.text import build_layout  # noqa: E402

FIXTURES = ROOT / "fixtures" / "drawn_text"
SHARED = ROOT.parent / "shared" / "corpus"
#: corpus pages with drawn text and a hidden copy of it (file, page); real2 is the held-out corpus
HIDDEN_LAYER_PAGES = (
    ("real/sch-olimex-esp32-poe-kicad5.pdf", 1),
    ("real/sch-olimex-esp32-poe-kicad7.pdf", 1),
    ("real2/sch-bmsc1.pdf", 1),
    ("real2/sch-buspirate6.pdf", 1),
    ("real2/sch-miniscope-rigidflex.pdf", 1),
    ("real2/sch-parallella-rf.pdf", 1),
    ("real2/mech-framework-mainboard2d.pdf", 2),
)
DRAWN = (UnicodeSource.OUTLINE_MATCH, UnicodeSource.STROKE_MATCH, UnicodeSource.HIDDEN_LAYER)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _norm(text: str) -> str:
    return " ".join(text.split())


def truth_box(line: dict[str, Any], height: float) -> tuple[BBox, int]:
    """The displayed-page box of a truth line (a margin of a fifth of its size) and its reading angle."""
    s, w, x, y = float(line["size"]), float(line["width"]), float(line["x"]), height - float(line["y"])
    a = int(line["angle"])
    if a == 0:
        return BBox(x - 0.2 * s, y - 0.95 * s, x + w + 0.2 * s, y + 0.35 * s), a
    if a == 90:
        return BBox(x - 0.95 * s, y - w - 0.2 * s, x + 0.35 * s, y + 0.2 * s), a
    return BBox(x - 0.35 * s, y - 0.2 * s, x + 0.95 * s, y + w + 0.2 * s), a


def read_in(sheet: Any, box: BBox, angle: int) -> tuple[str, set[int]]:
    """The text a reader of the sheet gets in ``box``: its words made of drawn glyphs whose centres lie
    there, in reading order, joined by spaces; and the ids of those glyphs."""
    drawn = {g.id for g in sheet.glyphs if g.source in DRAWN}
    words = [w for w in sheet.words if not w.invisible and box.contains_point(w.bbox.center) and any(i in drawn for i in w.glyph_ids)]
    key = {0: lambda w: w.bbox.center[0], 90: lambda w: -w.bbox.center[1], 270: lambda w: w.bbox.center[1],
           180: lambda w: -w.bbox.center[0]}[angle]
    words.sort(key=key)
    return _norm(" ".join(w.text for w in words)), {i for w in words for i in w.glyph_ids if i in drawn}


def score_fixture(pdf: Path, verbose: bool) -> dict[str, Any]:
    truth = json.loads(pdf.with_suffix(".truth.json").read_text(encoding="utf-8"))
    sheet = pdftract.open(pdf).page(1)
    drawn = [g for g in sheet.glyphs if g.source in DRAWN]
    chars = edits = exact = 0
    seen: set[int] = set()
    for line in truth["lines"]:
        box, angle = truth_box(line, sheet.height)
        got, ids = read_in(sheet, box, angle)
        seen |= ids
        want = _norm(str(line["text"]))
        e = edit_distance(got, want)
        chars += len(want)
        edits += e
        exact += got == want
        if verbose and e:
            print(f"  {pdf.stem}: {want!r} -> {got!r}")
    false = sum(1 for g in drawn if g.id not in seen and g.text.strip())
    return {"split": truth["split"], "kind": truth["kind"], "font": truth["font"], "lines": len(truth["lines"]),
            "exact": exact, "chars": chars, "edits": edits, "false_chars": false}


def score_hidden_page(pdf: Path, page: int, verbose: bool) -> dict[str, Any]:
    """Recognition with the hidden layer ignored, against the hidden layer, on lines with drawn shapes under them."""
    doc = pdftract.open(pdf, read_drawn_text=False)
    sheet = doc.page(page)
    hidden = [g for g in sheet.glyphs if g.invisible and g.text.strip()]
    shown = [g for g in sheet.glyphs if not g.invisible]
    with_layer = recover_drawn_text(sheet.glyphs, sheet.paths)
    taken = [g for g in with_layer.glyphs if g.source is UnicodeSource.HIDDEN_LAYER]
    read = recover_drawn_text(shown, sheet.paths).glyphs
    recognised = SimpleNamespace(glyphs=read, words=build_layout(read).words if read else ())
    layout = build_layout(taken) if taken else None
    # characters read where the exporter wrote no text at all (its copy covers every text of the page): an
    # upper bound on false characters, since a drawn line may run past its shorter copy
    covers = [ln.bbox.expand(1.0 * max(1.0, ln.size)) for ln in build_layout(hidden).lines] if hidden else []
    cover_index = BoxIndex.from_arrays(np.arange(len(covers)), np.array([[b.x0, b.top, b.x1, b.bottom] for b in covers])) if covers else None
    outside = sum(1 for g in read if g.text.strip() and (cover_index is None or not any(
        covers[i].contains_point(g.bbox.center) for i in cover_index.intersection(g.bbox))))
    chars = edits = exact = lines = 0
    designators = designators_ok = values = values_ok = 0
    if layout is not None:
        for ln in layout.lines:
            angle = int(round(ln.direction)) % 360
            got, _ids = read_in(recognised, ln.bbox.expand(0.15 * max(1.0, ln.size)), angle if angle in (0, 90, 180, 270) else 0)
            want = _norm(ln.text)
            e = edit_distance(got, want)
            lines += 1
            chars += len(want)
            edits += e
            exact += got == want
            for word in want.split():
                if _designator(word):
                    designators += 1
                    designators_ok += word in got.split()
            got_parts = set(got.replace("/", " ").split())
            for part in want.replace("/", " ").split():
                if _value(part):
                    values += 1
                    values_ok += part in got_parts
            if verbose and e:
                print(f"  {pdf.name} p{page}: {want!r} -> {got!r}")
    return {"hidden_chars": len(hidden), "lines": lines, "exact": exact, "chars": chars, "edits": edits,
            "designators": designators, "designators_ok": designators_ok, "values": values, "values_ok": values_ok,
            "outside": outside}


_VALUE = re.compile(r"\d+(?:[.,]\d+)?(?:[pnuµmkKMGR]\d*)?(?:F|H|V|A|W|Hz|R|Ω|ohm|%)?")


def _value(word: str) -> bool:
    """A component value as printed: a number with a multiplier or a unit (10k, 4k7, 100nF, 2.2uH, 6.3V, 1%)."""
    return bool(_VALUE.fullmatch(word)) and any(c.isalpha() or c == "%" for c in word)


def _designator(word: str) -> bool:
    """A reference designator as printed: letters then digits (R12, U201, C4), optionally a unit letter."""
    i = 0
    while i < len(word) and word[i].isalpha() and word[i].isupper():
        i += 1
    j = i
    while j < len(word) and word[j].isdigit():
        j += 1
    return 1 <= i <= 3 and j > i and len(word) - j <= 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-corpus", action="store_true", help="skip the shared corpus pages")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every line read wrong")
    ap.add_argument("--json", type=Path, help="write the scores here")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"fixtures": {}, "corpus": {}}
    t0 = time.perf_counter()
    print(f"{'fixture':34s} {'split':8s} {'lines':>5s} {'exact':>6s} {'chars':>6s} {'CER':>7s} {'false':>6s}")
    totals: dict[str, list[int]] = {}
    for pdf in sorted(FIXTURES.glob("*.pdf")):
        r = score_fixture(pdf, args.verbose)
        report["fixtures"][pdf.stem] = r
        print(f"{pdf.stem:34s} {r['split']:8s} {r['lines']:5d} {r['exact']:6d} {r['chars']:6d} {r['edits'] / max(1, r['chars']):7.3f} {r['false_chars']:6d}")
        for key in (r["split"], f"{r['split']}/{r['kind']}"):
            t = totals.setdefault(key, [0, 0, 0, 0, 0])
            for i, k in enumerate(("lines", "exact", "chars", "edits", "false_chars")):
                t[i] += r[k]
    print()
    for key in sorted(totals, key=lambda k: ("heldout" in k, k)):
        lines, exact, chars, edits, false = totals[key]
        label = key.upper() if key.startswith("heldout") else key
        print(f"{label:24s} lines {exact}/{lines} exact, CER {edits / max(1, chars):.3f} ({edits}/{chars}), false chars {false}, OCR calls 0")
    report["totals"] = totals
    if not args.no_corpus and SHARED.is_dir():
        print("\nhidden layer removed: recognition against the exporter's own hidden text (real2 = held out)")
        print(f"{'page':46s} {'lines':>5s} {'exact':>6s} {'CER':>7s} {'designators':>12s} {'values':>9s} {'outside':>7s}")
        for rel, page in HIDDEN_LAYER_PAGES:
            pdf = SHARED / rel
            if not pdf.exists():
                continue
            r = score_hidden_page(pdf, page, args.verbose)
            report["corpus"][f"{rel}:{page}"] = r
            print(f"{rel + ' p' + str(page):46s} {r['lines']:5d} {r['exact']:6d} {r['edits'] / max(1, r['chars']):7.3f} "
                  f"{r['designators_ok']:5d}/{r['designators']:<6d} {r['values_ok']:4d}/{r['values']:<4d} {r['outside']:7d}")
    print(f"\n({time.perf_counter() - t0:.1f} s)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
