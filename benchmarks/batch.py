"""The batch engine on the hostile corpus plus the real corpus: reconciliation, limits, determinism, cost.

Builds the full hostile corpus (``fixtures/hostile/make.py``, giants included) in a temporary directory,
adds every PDF of ``../shared/corpus/real`` when present, and runs ``run_batch`` twice over all of it,
with one worker and with two. Prints:

* reconciliation: inputs = results + quarantine, each input in exactly one file, per status and category;
* limits: the largest peak resident size against the ceiling, the longest document against the limit;
* provenance: every input re-hashed after the runs, unchanged;
* determinism: document JSON byte-identical between the two runs;
* cost: wall time of each run, and the 2-worker run against reading the same PDFs with pdftract.analyze
  in one process (the engine's overhead: hashing, worker start-up, IPC, JSON writing).

Usage::

    python benchmarks/batch.py [--timeout 120] [--max-memory 2048] [--quick]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pdftract.batch import BatchSettings, run_batch  # noqa: E402

CORPUS = Path(os.environ.get("PDFTRACT_CORPUS", ROOT.parent / "shared" / "corpus" / "real"))


def _hostile() -> object:
    spec = importlib.util.spec_from_file_location("hostile_make", ROOT / "fixtures" / "hostile" / "make.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _sha(p: Path) -> str:
    h = hashlib.sha256()
    with p.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--max-memory", type=int, default=2048)
    ap.add_argument("--quick", action="store_true", help="hostile corpus without the giants")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="pdftract-batch-bench-"))
    expected = _hostile().build(tmp / "hostile", quick=args.quick)  # type: ignore[attr-defined]
    inputs = [tmp / "hostile" / n for n in sorted(expected)]
    real = sorted(CORPUS.glob("*.pdf")) if CORPUS.is_dir() else []
    inputs += real
    print(f"inputs: {len(expected)} hostile + {len(real)} real")
    before = {p: _sha(p) for p in inputs}
    runs = {}
    for workers in (1, 2):
        out = tmp / f"out-{workers}"
        t = time.perf_counter()
        s = run_batch(inputs, out, BatchSettings(workers=workers, timeout=args.timeout, max_memory_mb=args.max_memory))
        wall = time.perf_counter() - t
        res = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
        dlq = [json.loads(x) for x in (out / "quarantine.jsonl").read_text().splitlines()]
        paths = sorted([r["path"] for r in res] + [r["path"] for r in dlq])
        once = paths == sorted(os.fspath(p) for p in inputs)
        peak = max((r.get("peak_rss_mb") or 0.0) for r in res) if res else 0.0
        longest = max(float(r["timings"]["total_s"]) for r in res + dlq)
        print(f"{workers} worker(s): {wall:.1f} s; {s['inputs']} inputs = {s['succeeded']} read + {s['quarantined']} quarantined "
              f"({'adds up' if s['inputs'] == len(res) + len(dlq) == len(inputs) else 'DOES NOT ADD UP'}; "
              f"each input once: {once})")
        print(f"  status {s['by_status']}; categories {s['by_category']}")
        print(f"  largest peak RSS {peak:.0f} MB (ceiling {args.max_memory}); longest document {longest:.1f} s (limit {args.timeout:.0f})")
        unexpected = []
        for r in res + dlq:
            name = Path(r["path"]).name
            outcome = "ok" if "status" in r else r["error_category"]
            if Path(r["path"]).parent == tmp / "hostile" and outcome not in expected[name]:
                unexpected.append(f"{name}: {outcome}")
        real_q = [f"{Path(r['path']).name}: {r['error_category']}" for r in dlq if Path(r["path"]).parent == CORPUS]
        print(f"  hostile outcomes outside their expectation: {unexpected or 'none'}; real files quarantined: {real_q or 'none'}")
        runs[workers] = (out, res, wall)
    changed = [p.name for p in inputs if _sha(p) != before[p]]
    print(f"inputs changed by the runs: {changed or 'none'}")
    (o1, r1, w1), (o2, r2, w2) = runs[1], runs[2]
    docs1 = {r["path"]: r["document"] for r in r1}
    same = sum(1 for r in r2 if docs1.get(r["path"]) == r["document"] and
               (o1 / r["document"]).read_bytes() == (o2 / r["document"]).read_bytes())
    print(f"documents identical between 1 and 2 workers: {same}/{len(r2)} (results {len(r1)} vs {len(r2)})")
    import pdftract

    t = time.perf_counter()
    direct = 0
    for r in r2:
        if r["route"] == ["primary"]:
            pdftract.analyze(r["path"]).to_json()
            direct += 1
    base = time.perf_counter() - t
    eng = sum(float(r["timings"]["total_s"]) for r in r2 if r["route"] == ["primary"])
    print(f"cost: {direct} documents read on the primary route: analyze()+to_json in this process {base:.1f} s; "
          f"the same documents' batch time (sum over workers, hashing and IPC included) {eng:.1f} s = {eng / max(base, 1e-9):.2f}x")
    print(f"output left in {tmp}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
