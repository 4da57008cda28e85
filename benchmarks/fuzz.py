"""Structure-aware fuzzing of the whole library: open, every analyzer, the JSON writer.

Each case takes a seed PDF (the fixtures, and the small files of the shared real corpus when present) and
applies one to three seeded mutations:

* ``flip``: bytes overwritten with random values;
* ``truncate``: the file cut at a random point;
* ``splice``: a run of bytes from another seed file pasted in;
* ``object``: inside one ``N G obj ... endobj`` a number made huge, negative or fractional, a name
  swapped, a key's value deleted, or a reference pointed elsewhere;
* ``content``: one content stream inflated, edited operator by operator (operators dropped, doubled or
  swapped, operands removed or made huge, arrays nested deep, garbage and unknown operators inserted,
  ``q`` without ``Q``), deflated again, its ``/Length`` kept or fixed;
* ``font``: an embedded font program's bytes damaged.

Every case must end in a result (with page diagnostics as they come) or a typed
:class:`pdftract.errors.PdftractError`. Anything else is a bug: an uncaught exception, a hang past the
case's time limit, or memory past the ceiling. Failing inputs are written to ``--out`` with their seed so
they can become regression fixtures (``fixtures/fuzz/``).

    python benchmarks/fuzz.py --cases 10000 --workers 2 --out /tmp/fuzz   # the documented run
    python benchmarks/fuzz.py --cases 200 --seed 7                          # a short one

Cases are reproducible: case ``i`` of seed ``s`` always gets the same input.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import signal
import sys
import time
import traceback
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: seconds one case may take before it counts as a hang (the library's own page budget is set lower)
CASE_SECONDS = 60.0
#: the per-page budgets the cases run with: far below the defaults, so that a case stays short
CASE_LIMITS = {"max_page_seconds": 20.0, "max_analysis_seconds": 30.0, "max_operators": 2_000_000}
#: memory ceiling of a fuzzing process (address space), in MB
CEILING_MB = 3072
#: seed files larger than this are not used (cases stay fast)
MAX_SEED_BYTES = 1_500_000


def seed_files(include_corpus: bool = True) -> list[Path]:
    """The seed PDFs, in a fixed order."""
    found = sorted(p for p in (ROOT / "fixtures").rglob("*.pdf") if "hostile" not in p.parts and "fuzz" not in p.parts)
    if include_corpus:
        shared = ROOT.parent / "shared" / "corpus"
        for part in ("real", "real2"):
            found += sorted((shared / part).glob("*.pdf"))
    return [p for p in found if p.stat().st_size <= MAX_SEED_BYTES]


_OBJ = re.compile(rb"\d+\s+\d+\s+obj\b.*?endobj", re.S)
_NUMBER = re.compile(rb"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_NAME = re.compile(rb"/[A-Za-z][A-Za-z0-9]*")
_REF = re.compile(rb"\b(\d+)\s+(\d+)\s+R\b")
_STREAM = re.compile(rb"stream\r?\n")
_FLATE_DICT = re.compile(rb"/Filter\s*/FlateDecode")
_OPERATOR = re.compile(rb"(?<=\s)[A-Za-z'\"*]{1,3}(?=\s)")


def _flip(rng: random.Random, data: bytes, _others: list[bytes]) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 32)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def _truncate(rng: random.Random, data: bytes, _others: list[bytes]) -> bytes:
    return data[: rng.randrange(len(data) // 4, len(data))]


def _splice(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    other = rng.choice(others)
    start = rng.randrange(len(other))
    piece = other[start:start + rng.randint(16, 4096)]
    at = rng.randrange(len(data))
    return data[:at] + piece + data[at + (len(piece) if rng.random() < 0.5 else 0):]


def _object(rng: random.Random, data: bytes, _others: list[bytes]) -> bytes:
    objs = [m.span() for m in _OBJ.finditer(data[:2_000_000])]
    if not objs:
        return _flip(rng, data, _others)
    a, b = rng.choice(objs)
    body = data[a:b]
    choice = rng.randrange(4)
    if choice == 0:
        nums = list(_NUMBER.finditer(body))
        if nums:
            m = rng.choice(nums)
            value = rng.choice([b"99999999999", b"-1", b"0", b"1e308", b"3.5", b"-2147483649", b"4294967296"])
            body = body[:m.start()] + value + body[m.end():]
    elif choice == 1:
        names = list(_NAME.finditer(body))
        if names:
            m = rng.choice(names)
            body = body[:m.start()] + rng.choice([b"/Type", b"/Kids", b"/Contents", b"/Resources", b"/Length", b"/X"]) + body[m.end():]
    elif choice == 2:
        names = list(_NAME.finditer(body))
        if names:
            m = rng.choice(names)
            body = body[:m.end()] + rng.choice([b" null", b" []", b" <<>>", b" (x)", b" 0 0 R"]) + body[m.end():]
    else:
        refs = list(_REF.finditer(body))
        if refs:
            m = rng.choice(refs)
            body = body[:m.start()] + f"{rng.randint(0, 500)} 0 R".encode() + body[m.end():]
    return data[:a] + body + data[b:]


def _edit_content(rng: random.Random, content: bytes) -> bytes:
    tokens = content.split()
    if not tokens:
        return b"q " * rng.randint(1, 1000)
    for _ in range(rng.randint(1, 20)):
        i = rng.randrange(len(tokens))
        kind = rng.randrange(8)
        if kind == 0:
            del tokens[i]
        elif kind == 1:
            tokens.insert(i, tokens[i])
        elif kind == 2:
            j = rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == 3:
            tokens[i] = rng.choice([b"1e300", b"-1e300", b"99999999999999999999", b"nan", b"0", b"-0.0000001"])
        elif kind == 4:
            tokens.insert(i, b"[" * rng.randint(1, 3000))
        elif kind == 5:
            tokens.insert(i, rng.choice([b"Tj", b"TJ", b"Do", b"BI", b"ID", b"EI", b"cm", b"re", b"sh", b"gs", b"BDC", b"EMC",
                                         b"Tf", b"d0", b"d1", b"xyz", b"\x00\xff", b"(", b")", b"<", b">>", b"%"]))
        elif kind == 6:
            tokens.insert(i, b"q " * rng.randint(1, 200))
        else:
            tokens.insert(i, bytes(rng.randrange(33, 127) for _ in range(rng.randint(1, 12))))
    return b" ".join(tokens)


def _content(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    streams = [m for m in _STREAM.finditer(data)]
    rng.shuffle(streams)
    for m in streams[:8]:
        start = m.end()
        end = data.find(b"endstream", start)
        if end < 0:
            continue
        head = data[max(0, m.start() - 400):m.start()]
        raw = data[start:end].rstrip(b"\r\n")
        flate = bool(_FLATE_DICT.search(head))
        try:
            content = zlib.decompress(raw) if flate else raw
        except zlib.error:
            continue
        if b"BT" not in content and b" re" not in content and b" l" not in content:
            continue  # not a content stream (a font, an image)
        edited = _edit_content(rng, content)
        body = zlib.compress(edited) if flate else edited
        before = data[:m.start()]
        if rng.random() < 0.5:  # the /Length of this stream's dictionary made to fit, or left wrong
            lengths = list(re.finditer(rb"/Length\s+\d+(?!\s+\d+\s+R)", before[-400:]))
            if lengths:
                at = len(before) - 400 + lengths[-1].start() if len(before) > 400 else lengths[-1].start()
                end_at = at + len(lengths[-1].group(0))
                before = before[:at] + b"/Length %d" % len(body) + before[end_at:]
        return before + data[m.start():start] + body + b"\n" + data[end:]
    return _flip(rng, data, others)


def _font(rng: random.Random, data: bytes, others: list[bytes]) -> bytes:
    spots = [m.start() for m in re.finditer(rb"/FontFile[23]?\s+(\d+)\s+\d+\s+R", data)]
    if not spots:
        return _flip(rng, data, others)
    ref = re.match(rb"/FontFile[23]?\s+(\d+)", data[rng.choice(spots):])
    assert ref is not None
    obj = re.search(rb"\b" + ref.group(1) + rb"\s+0\s+obj\b", data)
    if obj is None:
        return _flip(rng, data, others)
    m = _STREAM.search(data, obj.end())
    end = data.find(b"endstream", m.end()) if m else -1
    if m is None or end < 0:
        return _flip(rng, data, others)
    b = bytearray(data)
    for _ in range(rng.randint(1, 64)):
        b[rng.randrange(m.end(), max(m.end() + 1, end))] = rng.randrange(256)
    return bytes(b)


MUTATIONS: dict[str, Callable[[random.Random, bytes, list[bytes]], bytes]] = {
    "flip": _flip, "truncate": _truncate, "splice": _splice, "object": _object, "content": _content, "font": _font,
}


def make_case(seed: int, index: int, seeds: list[bytes]) -> tuple[bytes, str]:
    """The input of case ``index`` of run ``seed``, and what was done to it."""
    rng = random.Random(seed * 1_000_003 + index)
    k = rng.randrange(len(seeds))
    data = seeds[k]
    steps = []
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(list(MUTATIONS))
        data = MUTATIONS[name](rng, data, seeds)
        steps.append(name)
    return data, f"seed file {k}, " + "+".join(steps)


@dataclass
class Outcome:
    kind: str  # "result", "typed", "bug", "hang", "memory"
    code: str = ""
    seconds: float = 0.0
    detail: str = ""


class _Hang(BaseException):
    """Raised by the alarm: a case ran past CASE_SECONDS (a BaseException, so no ``except Exception`` eats it)."""


def run_case(data: bytes, max_pages: int = 2) -> Outcome:
    """Open, analyse (first ``max_pages`` pages) and serialise ``data``; how it ended."""
    import pdftract
    from pdftract.errors import PdftractError

    def alarm(_sig: int, _frame: object) -> None:
        raise _Hang()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    start = time.perf_counter()
    try:
        doc = pdftract.open(data, limits=CASE_LIMITS)
        pages = list(range(1, min(max_pages, doc.page_count) + 1))
        doc = pdftract.analyze(doc, pages=pages, limits=CASE_LIMITS)
        text = doc.to_json()
        json.loads(text)  # the writer's output is valid JSON
        return Outcome("result", seconds=time.perf_counter() - start)
    except PdftractError as exc:
        return Outcome("typed", code=exc.code.value, seconds=time.perf_counter() - start)
    except _Hang:
        return Outcome("hang", seconds=time.perf_counter() - start, detail=f"past {CASE_SECONDS} s")
    except MemoryError:
        return Outcome("memory", seconds=time.perf_counter() - start, detail=traceback.format_exc(limit=8)[-1500:])
    except Exception:
        return Outcome("bug", seconds=time.perf_counter() - start, detail=traceback.format_exc(limit=12)[-3000:])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def fuzz(seed: int, indices: range | list[int], seeds: list[bytes], out: Path | None) -> list[tuple[int, Outcome, str]]:
    """Run the cases ``indices`` of run ``seed``; failing inputs go to ``out``."""
    results = []
    for i in indices:
        data, what = make_case(seed, i, seeds)
        outcome = run_case(data)
        if outcome.kind in ("bug", "hang", "memory") and out is not None:
            out.mkdir(parents=True, exist_ok=True)
            name = f"case-{seed}-{i}-{outcome.kind}"
            (out / f"{name}.pdf").write_bytes(data)
            (out / f"{name}.txt").write_text(f"{what}\n{outcome.detail}\n", encoding="utf-8")
        results.append((i, outcome, what))
    return results


def _worker(args: tuple[int, list[int], str | None, bool]) -> list[tuple[int, str, str, float, str, str]]:
    seed, indices, out, corpus = args
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (CEILING_MB * 1024 * 1024, hard))
    seeds = [p.read_bytes() for p in seed_files(corpus)]
    return [(i, o.kind, o.code, o.seconds, what, o.detail[-400:])
            for i, o, what in fuzz(seed, indices, seeds, Path(out) if out else None)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", help="folder for failing inputs")
    ap.add_argument("--no-corpus", action="store_true", help="seed files from the fixtures only")
    args = ap.parse_args()
    seeds = seed_files(not args.no_corpus)
    print(f"{len(seeds)} seed files; {args.cases} cases, seed {args.seed}, {args.workers} workers; ceiling {CEILING_MB} MB,"
          f" {CASE_SECONDS} s per case", flush=True)
    start = time.time()
    chunks = [list(range(w, args.cases, args.workers)) for w in range(args.workers)]
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as pool:
            parts = list(pool.map(_worker, [(args.seed, c, args.out, not args.no_corpus) for c in chunks]))
    else:
        parts = [_worker((args.seed, chunks[0], args.out, not args.no_corpus))]
    rows = sorted((r for part in parts for r in part), key=lambda r: r[0])
    kinds = Counter(r[1] for r in rows)
    codes = Counter(r[2] for r in rows if r[1] == "typed")
    slowest = max(rows, key=lambda r: r[3]) if rows else None
    print(f"{len(rows)} cases in {time.time() - start:.0f} s: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print("typed errors: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    if slowest:
        print(f"slowest case: {slowest[0]} ({slowest[4]}) {slowest[3]:.1f} s")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN if args.workers > 1 else resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"peak resident size of a fuzzing process: {peak} MB")
    for r in rows:
        if r[1] in ("bug", "hang", "memory"):
            print(f"  {r[1]} case {r[0]} ({r[4]}): {r[5].strip().splitlines()[-1] if r[5].strip() else ''}")
    return 1 if any(r[1] in ("bug", "hang", "memory") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
