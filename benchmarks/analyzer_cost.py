"""What each analyzer costs next to ingest, per file, in one process (CPU time).

    python benchmarks/analyzer_cost.py                    # the dense real sheets (KiCad 7, Moveo, Altium prints)
    python benchmarks/analyzer_cost.py some.pdf other.pdf

For every page: ingest (pdfminer interpretation into pdftract primitives), the
word and line layout, and each registered analyzer as the pipeline times it.
Prints the totals per file and each analyzer's time as a share of ingest. The
table analyzer's budget on dense sheets is 10 % of ingest; dimensions and callouts
together 30 %. The garbage collector runs between files so its pauses are not
charged to whichever analyzer they interrupt.
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402
from pdftract.pipeline import Pipeline  # noqa: E402

REAL = ROOT.parent / "shared" / "corpus" / "real"
DENSE = ["sch-olimex-esp32-poe-kicad7.pdf", "manual-moveo-assembly-bom.pdf", "pcb-ender3-mainboard-altium-prints.pdf",
         "pid-rockcandy-autocad-plant3d-rot270.pdf"]


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or [REAL / n for n in DENSE if (REAL / n).exists()]
    if not files:
        print("analyzer_cost.py: no files (give paths, or provide ../shared/corpus/real)", file=sys.stderr)
        return 2
    pipeline = Pipeline()
    names = [s.name for s in pipeline.order]
    print(f"{'file':42s} {'pages':>5s} {'ingest s':>9s} {'layout s':>9s}" + "".join(f" {n[:14] + ' s':>16s} {'%':>6s}" for n in names))
    for path in files:
        # the previous file's objects are collected now, not inside some analyzer of this one (a full
        # collection after a 100k-path sheet costs half a second wherever it happens to fall)
        doc = sheet = done = None  # type: ignore[assignment]
        gc.collect()
        doc = pdftract.open(path)
        ingest = layout = 0.0
        costs = dict.fromkeys(names, 0.0)
        for number in range(1, doc.page_count + 1):
            t0 = time.process_time()
            sheet = doc.page(number)
            t1 = time.process_time()
            sheet.layout
            t2 = time.process_time()
            ingest += t1 - t0
            layout += t2 - t1
            done = pipeline.run(sheet)
            for n in names:
                costs[n] += done.timings.get(n, 0.0)
        line = f"{path.name[:42]:42s} {doc.page_count:5d} {ingest:9.2f} {layout:9.2f}"
        for n in names:
            line += f" {costs[n]:16.3f} {100 * costs[n] / ingest if ingest else 0:5.1f}%"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
