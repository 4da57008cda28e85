"""Old and new content parsing side by side: every page read by pdfminer's content parser and by ours.

``pdftract.ingest.content`` replaced pdfminer's content-stream parser on the hot path. This script runs
each page of the given files (default: the fixtures and the shared real corpora) through both and
prints every difference in what the interpreter hands on (glyphs, paths with all control points,
images, warnings and counters), then the CPU seconds of each. ``tests/test_content_stream.py`` does the
same for the first page of each file up to a size; this covers the large pages and every page.

Usage::

    python benchmarks/ingest_identity.py                 # fixtures + ../shared/corpus/real{,2}, 4 pages each
    python benchmarks/ingest_identity.py --pages 0 a.pdf # every page of a.pdf
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pdftract.geometry import page_matrix
from pdftract.ingest.device import FontRegistry, interpret_page
from pdftract.ingest.reader import Reader

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("glyphs", "paths", "images", "skipped segments", "decode failures", "limit hits", "utf-16 bytes", "warnings")


def default_files() -> list[Path]:
    files = sorted((ROOT / "fixtures").rglob("*.pdf"))
    for sub in ("real", "real2"):
        files += sorted((ROOT.parent / "shared" / "corpus" / sub).glob("*.pdf"))
    return files


def compare(path: Path, pages: int) -> tuple[int, int, float, float]:
    """(pages compared, pages that differ, reference seconds, new seconds) for one file; differences printed."""
    try:
        reader = Reader(path.read_bytes(), path=str(path))
    except Exception as exc:
        print(f"skip {path.name}: {type(exc).__name__}")
        return 0, 0, 0.0, 0.0
    done = bad = 0
    secs = [0.0, 0.0]
    for number, page in enumerate(reader._pages[: pages or None], start=1):
        mb = tuple(float(v) for v in page.mediabox)
        rotate = int(page.rotate) % 360 if int(page.rotate) % 90 == 0 else 0
        matrix, _w, _h = page_matrix(mb, rotate, 1.0)  # type: ignore[arg-type]
        got = []
        for k, reference in enumerate((True, False)):
            t = time.process_time()
            try:
                dev = interpret_page(FontRegistry(), page, matrix, reference=reference)
                got.append((dev.glyphs, dev.paths, dev.images, dev.skipped_segments, dev.decode_failures, dev.limit_hits,
                            dev.utf16_folded, sorted(dev.warnings)))
            except Exception as exc:  # both parsers should fail alike
                got.append((f"{type(exc).__name__}: {exc}",))
            secs[k] += time.process_time() - t
        done += 1
        if got[0] != got[1]:
            bad += 1
            for name, a, b in zip(NAMES, got[0], got[1]):
                if a != b:
                    first = next(((x, y) for x, y in zip(a, b) if x != y), (len(a), len(b))) if isinstance(a, list) else (a, b)
                    print(f"DIFF {path.name} page {number} {name}:\n  pdfminer {str(first[0])[:300]}\n  ours     {str(first[1])[:300]}")
    return done, bad, secs[0], secs[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--pages", type=int, default=4, help="pages per file (0: all)")
    args = ap.parse_args(argv)
    total = [0, 0, 0.0, 0.0]
    for path in args.files or default_files():
        for i, v in enumerate(compare(path, args.pages)):
            total[i] += v
    print(f"{total[0]} pages compared, {total[1]} differ; content parsing and interpretation: pdfminer's parser "
          f"{total[2]:.1f} s CPU, ours {total[3]:.1f} s ({total[2] / max(total[3], 1e-9):.2f}x faster)")
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
