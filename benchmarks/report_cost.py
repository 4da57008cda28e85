"""What the inspection outputs cost next to the analysis they draw, in one process (CPU time).

    python benchmarks/report_cost.py                  # a 10-page set of real mechanical sheets
    python benchmarks/report_cost.py some.pdf other.pdf

For every file: ``analyze()`` (ingest, layout and every analyzer), then the HTML report
(``report_html`` with raster images embedded), then the ballooned outputs (``write_balloons``: CSV, PDF
overlay, SVG per page), each the median of three runs. Prints each as a share of the analysis; the report's
budget is 20 % of the analysis time of the set.
"""

from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pdftract  # noqa: E402
from pdftract.inspection.balloon import write_balloons  # noqa: E402
from pdftract.inspection.report import report_html  # noqa: E402

REAL = ROOT.parent / "shared" / "corpus" / "real"
#: 10 pages: SolidWorks (4 + 4 sheets, one set turned by /Rotate) and a 2-sheet SolidWorks part
RUNS = 3
SET = ["mech-psas-button-ring-4sheet.pdf", "mech-psas-female-ring-rot90.pdf", "mech-openamr-center-bracket-2sheet.pdf"]


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or [REAL / n for n in SET]
    missing = [f for f in files if not f.exists()]
    if missing:
        print(f"skipped: {', '.join(str(m) for m in missing)} not present")
        files = [f for f in files if f.exists()]
    if not files:
        return 0
    warm = pdftract.analyze(files[0], pages=[1])  # imports and first-call set-up paid before timing
    with tempfile.TemporaryDirectory() as out:
        write_balloons(warm, files[0], out)
        report_html(warm, files[0].name, src=files[0])
    tot_a = tot_r = tot_b = 0.0
    pages = 0
    print(f"{'file':44s} {'pages':>5s} {'analyze s':>9s} {'report s':>8s} {'share':>6s} {'balloon s':>9s} {'share':>6s}")
    for f in files:
        runs = []
        for _ in range(RUNS):
            gc.collect()
            t0 = time.process_time()
            doc = pdftract.analyze(f)
            t1 = time.process_time()
            report_html(doc, f.name, src=f)
            t2 = time.process_time()
            with tempfile.TemporaryDirectory() as out:
                write_balloons(doc, f, out)
            t3 = time.process_time()
            runs.append((t1 - t0, t2 - t1, t3 - t2))
        a, r, b = (statistics.median(x) for x in zip(*runs))
        tot_a, tot_r, tot_b, pages = tot_a + a, tot_r + r, tot_b + b, pages + len(doc)
        print(f"{f.name[:44]:44s} {len(doc):5d} {a:9.2f} {r:8.2f} {r / a:6.1%} {b:9.2f} {b / a:6.1%}")
    print(f"{'all':44s} {pages:5d} {tot_a:9.2f} {tot_r:8.2f} {tot_r / tot_a:6.1%} {tot_b:9.2f} {tot_b / tot_a:6.1%}")
    print("budget: report <= 20 % of the analysis")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
