"""No pass grows faster than its input: a page of 10x the content costs each pass about 10x the operations.

The page is a grid of tiles, each a small drawing of its own (a part outline, a dimension with arrowheads
and a tolerance, a leader note, a line-grid table, a feature control frame, a revision cloud), so every
analyzer has work in proportion to the number of tiles. Work is counted as Python and C function calls
(``sys.setprofile``), which does not depend on the machine's speed, per pass: ingest, then each analyzer
(lazy structures such as words or the R-trees count for the analyzer that first asks for them). A pass
doing all-pairs work over glyphs or segments would grow about 100x between the two pages.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pdftract
from pdftract.pipeline import registered
from pdftract.testing import PdfWriter

TILE_W, TILE_H = 260.0, 170.0
#: 10x the tiles may cost at most this many times the operations: every pass measures 6.6x-9.9x; before the
#: R-tree lookups of 2026-12-03 title_block, callouts, manual, tables and dimensions measured 16x-37x
GROWTH_LIMIT = 13.0


def _tile(x: float, y: float, i: int) -> bytes:
    """One small drawing with its lower left corner at (x, y) (PDF user space)."""
    ops = [
        f"0.7 w {x + 20} {y + 60} 80 40 re S",  # part outline
        # a horizontal dimension under it: extension lines, dimension line, arrowheads, value with tolerance
        f"0.25 w {x + 20} {y + 58} m {x + 20} {y + 40} l S {x + 100} {y + 58} m {x + 100} {y + 40} l S",
        f"{x + 20} {y + 44} m {x + 100} {y + 44} l S",
        f"{x + 20} {y + 44} m {x + 26} {y + 46} l {x + 26} {y + 42} l h f {x + 100} {y + 44} m {x + 94} {y + 46} l {x + 94} {y + 42} l h f",
        f"BT /F1 7 Tf {x + 48} {y + 46} Td ({80 + i % 7}.{i % 10}) Tj 2 0 Td (\\2610.1) Tj ET",
        # a leader from a note to the outline's corner
        f"{x + 100} {y + 100} m {x + 125} {y + 125} l {x + 150} {y + 125} l S",
        f"{x + 100} {y + 100} m {x + 103} {y + 106} l {x + 106} {y + 103} l h f",
        f"BT /F1 7 Tf {x + 152} {y + 123} Td (R{i % 9 + 1} TYP) Tj ET",
        # a 3 x 3 line-grid table of item, quantity and part number
        *[f"{x + 130} {y + 10 + r * 10} m {x + 250} {y + 10 + r * 10} l S" for r in range(4)],
        *[f"{x + 130 + c} {y + 10} m {x + 130 + c} {y + 40} l S" for c in (0, 20, 50, 120)],
        *[f"BT /F1 6 Tf {x + 133} {y + 32 - r * 10} Td ({w}) Tj ET" for r, w in enumerate(("ITEM", str(i % 5 + 1), str(i % 3 + 2)))],
        *[f"BT /F1 6 Tf {x + 153} {y + 32 - r * 10} Td ({w}) Tj ET" for r, w in enumerate(("QTY", "2", "4"))],
        *[f"BT /F1 6 Tf {x + 183} {y + 32 - r * 10} Td ({w}) Tj ET" for r, w in enumerate(("PART NUMBER", f"PN-{i:04d}", f"SC-{i:04d}"))],
        # a feature control frame: three compartments
        f"{x + 20} {y + 110} 70 12 re S {x + 34} {y + 110} m {x + 34} {y + 122} l S {x + 74} {y + 110} m {x + 74} {y + 122} l S",
        f"BT /F1 7 Tf {x + 38} {y + 113} Td (0.05) Tj {x + 78} {y + 113} Td ET BT /F1 7 Tf {x + 79} {y + 113} Td (A) Tj ET",
    ]
    # a revision cloud: a ring of bumps round a small note
    cx, cy, r, bumps = x + 215, y + 135, 22.0, 12
    pts = [(cx + r * math.cos(2 * math.pi * k / bumps), cy + r * math.sin(2 * math.pi * k / bumps)) for k in range(bumps + 1)]
    cloud = [f"{pts[0][0]:.2f} {pts[0][1]:.2f} m"]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ox, oy = (mx - cx) * 0.35, (my - cy) * 0.35
        cloud.append(f"{ax + ox:.2f} {ay + oy:.2f} {bx + ox:.2f} {by + oy:.2f} {bx:.2f} {by:.2f} c")
    ops.append(" ".join(cloud) + " S")
    ops.append(f"BT /F1 6 Tf {cx - 8} {cy - 2} Td (REV {i % 4}) Tj ET")
    return "\n".join(ops).encode("latin-1")


def tiled_pdf(n: int) -> bytes:
    """A one-page PDF of ``n`` tiles on a square-ish grid (the page grows with them, the density does not)."""
    cols = max(1, round(math.sqrt(n * TILE_H / TILE_W)))
    rows = math.ceil(n / cols)
    width, height = cols * TILE_W + 40, rows * TILE_H + 40
    body = b"\n".join(_tile(20 + (i % cols) * TILE_W, 20 + (i // cols) * TILE_H, i) for i in range(n))
    w = PdfWriter()
    font = w.helvetica()
    w.add_page(body, media=(0, 0, width, height), fonts={"F1": font})
    return w.tobytes()


def operations(data: bytes) -> Counter[str]:
    """Function calls per pass for opening, reading and analysing the page of ``data``."""
    counts: Counter[str] = Counter()
    current = ["ingest"]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event == "call" or event == "c_call":
            counts[current[0]] += 1

    def attributed(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def run(view: Any, settings: Any) -> Any:
            current[0] = name
            try:
                return func(view, settings)
            finally:
                current[0] = "pipeline"

        return run

    specs = [dataclasses.replace(spec, func=attributed(name, spec.func)) for name, spec in sorted(registered().items())]
    doc = pdftract.open(data)
    sys.setprofile(count)
    try:
        sheet = doc.page(1)
        pdftract.analyze(doc, analyzers=specs)
    finally:
        sys.setprofile(None)
    assert sheet.glyphs and sheet.paths
    return counts


def test_every_pass_grows_in_proportion_to_the_page() -> None:
    small, large = operations(tiled_pdf(10)), operations(tiled_pdf(100))
    grew = {k: large[k] / max(small[k], 1) for k in sorted(large)}
    worst = {k: round(v, 1) for k, v in grew.items() if v > GROWTH_LIMIT}
    assert not worst, f"passes that grew more than {GROWTH_LIMIT}x on 10x the content: {worst} (all: {grew})"
    # the tiles give the analyzers something to do: the counts measure work, not empty calls
    busy = {k for k in large if large[k] > 20_000}
    assert {"ingest", "dimensions", "tables", "title_block", "manual"} <= busy, sorted(busy)


def test_the_tiles_are_read_as_drawings() -> None:
    doc = pdftract.analyze(tiled_pdf(4))
    sheet = doc.page(1)
    assert len(sheet.results["dimensions"]) >= 4
    assert len(sheet.results["tables"]) >= 1
