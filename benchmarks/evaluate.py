"""Scoring pdftract output against ground truth, field by field.

Truth and predictions are both in the JSON output contract (DESIGN §6): a
truth file's ``pages[]`` hold the same keys a pdftract page holds
(``title_block``, ``tables``, ``dimensions``, ``gdt_frames``, ``callouts``,
``revision_clouds``, ``references``, ``notes``), plus two that only the
generator knows: ``text_runs`` (every text object as placed) and ``symbols``
(every engineering symbol with the encoding it was written in).

Every scorer returns :class:`Score` objects keyed ``(analyzer, field)``. A score
counts true positives, false positives and false negatives (so precision and
recall can be read) and, for matched items, how many were exactly right.
An analyzer whose key is absent from the prediction is reported as
``available=False`` rather than as zero: it has not been built yet.

>>> s = Score(tp=9, fp=1, fn=1, exact=8)
>>> round(s.precision, 2), round(s.recall, 2), round(s.exact_rate, 2)
(0.9, 0.9, 0.8)
"""

from __future__ import annotations

import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pdftract.ingest.outlines import SYMBOLS as OUTLINE_SYMBOLS

Box = Sequence[float]
Key = tuple[str, str]
#: examples of misses kept per field (``PDFTRACT_MISSES`` sets another number, to read them all)
MAX_EXAMPLES = int(os.environ.get("PDFTRACT_MISSES", "5"))


@dataclass
class Score:
    """Counts for one (analyzer, field). ``exact`` counts matched items whose value was exactly right."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    exact: int = 0
    available: bool = True
    examples: list[str] = field(default_factory=list)

    @property
    def truth(self) -> int:
        return self.tp + self.fn

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else (1.0 if self.truth == 0 else 0.0)

    @property
    def recall(self) -> float:
        return self.tp / self.truth if self.truth else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def exact_rate(self) -> float:
        """Exactly right items over all truth items (a missed item is not exact)."""
        return self.exact / self.truth if self.truth else 1.0

    def add(self, other: Score) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn
        self.exact += other.exact
        self.available = self.available and other.available
        room = MAX_EXAMPLES - len(self.examples)
        if room > 0:
            self.examples.extend(other.examples[:room])

    def miss(self, example: str) -> None:
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(example)


Scores = dict[Key, Score]


def merge(into: Scores, more: Scores) -> Scores:
    for k, v in more.items():
        into.setdefault(k, Score()).add(v)
    return into


# -- helpers ----------------------------------------------------------------------------
def norm(text: str | None) -> str:
    """Whitespace collapsed, Unicode NFC; the comparison form of printed text."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text or "")).strip()


def area(b: Box) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return not (a[2] + pad < b[0] or b[2] + pad < a[0] or a[3] + pad < b[1] or b[3] + pad < a[1])


def center_in(b: Box, outer: Box, pad: float = 0.0) -> bool:
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    return outer[0] - pad <= cx <= outer[2] + pad and outer[1] - pad <= cy <= outer[3] + pad


def direction_class(d: float) -> str:
    d = d % 360.0
    for k in (0.0, 90.0, 180.0, 270.0):
        if min(abs(d - k), 360 - abs(d - k)) < 1.0:
            return str(int(k))
    return "other"


def match(truth: Sequence[Any], pred: Sequence[Any], similarity: Callable[[Any, Any], float], threshold: float) -> list[tuple[int, int]]:
    """Greedy one-to-one matching by descending similarity (ties by index order)."""
    pairs = []
    for i, t in enumerate(truth):
        for j, p in enumerate(pred):
            s = similarity(t, p)
            if s >= threshold:
                pairs.append((-s, i, j))
    pairs.sort()
    used_t: set[int] = set()
    used_p: set[int] = set()
    out = []
    for _s, i, j in pairs:
        if i in used_t or j in used_p:
            continue
        used_t.add(i)
        used_p.add(j)
        out.append((i, j))
    return sorted(out)


def _num_equal(a: Any, b: Any, tol: float = 1e-6) -> bool:
    if a is None or b is None:
        return a is None and b is None
    try:
        return math.isclose(float(a), float(b), abs_tol=tol)
    except (TypeError, ValueError):
        return False


# -- text and symbols (what the foundation layer can be judged on) ------------------------
SYMBOL_FONTS = {"SYMU", "SYMP", "SYML", "SYMO"}


def score_text(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    """Text runs found in one predicted line at their place, per direction; phantom words as false positives.

    A run counts as found when an overlapping line of the same direction holds
    its text (spaces ignored, so runs printed flush against each other, such as
    ``Ø`` + ``10``, may form one word).

    Needs the prediction's ``lines`` and ``words`` (``include=["words", "lines"]``).
    Runs written in a symbol font are scored by :func:`score_symbols` instead.
    """
    out: Scores = {}
    lines = pred_page.get("lines")
    words = pred_page.get("words")
    if lines is None or words is None:
        return {("text", "runs"): Score(available=False)}
    word_by_id = {w["id"]: w for w in words}
    runs = [r for r in truth_page.get("text_runs", []) if r.get("visible", True) and r.get("font") not in SYMBOL_FONTS and norm(r["text"])]
    for r in runs:
        key = ("text", f"runs@{direction_class(r['direction'])}")
        sc = out.setdefault(key, Score())
        target = norm(r["text"])
        found = False
        for ln in lines:
            if ln.get("invisible") or not overlaps(ln["bbox"], r["bbox"], 1.0):
                continue
            if abs(((ln["direction"] - r["direction"]) + 180) % 360 - 180) > 1.0:
                continue
            # adjacent runs with no gap read as one word ("Ø" + "10"): compare without spaces
            if target.replace(" ", "") in norm(ln["text"]).replace(" ", ""):
                found = True
                break
        if found:
            sc.tp += 1
            sc.exact += 1
        else:
            sc.fn += 1
            sc.miss(f"{r['text']!r} @{r['direction']:.0f}")
    # symbols drawn as paths are not text runs of the truth, but a word read from them (rung 5) is real content
    boxes = [r["bbox"] for r in truth_page.get("text_runs", []) if r.get("visible", True)]
    boxes += [s["bbox"] for s in truth_page.get("symbols", []) if s.get("encoding") == "paths"]
    phantom = Score()
    for w in word_by_id.values():
        if w.get("invisible"):
            continue
        if any(center_in(w["bbox"], b, 1.5) for b in boxes):
            phantom.tp += 1
            phantom.exact += 1
        else:
            phantom.fp += 1
            phantom.miss(repr(w["text"]))
    out[("text", "words_in_truth")] = phantom
    return out


#: the engineering symbols a wrong reading is counted for (the matcher's symbol set)
SYMBOL_CHARS = frozenset(OUTLINE_SYMBOLS)


def score_symbols(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    """Each engineering symbol: is there a predicted glyph at its place with the right Unicode? Per encoding.

    Needs ``glyphs``. Symbols drawn as paths are found only when the prediction
    carries recovered glyphs there (``source`` ``path_match``). A symbol printed
    as an ordinary character (``Ø`` in Helvetica for ``⌀``) counts when the glyph
    keeps that character: glyph text is what is printed, and the structured
    values (dimensions, frames) carry the meaning ``⌀``. A glyph with another
    symbol there is counted as ``wrong`` too, the worst outcome.
    """
    glyphs = pred_page.get("glyphs")
    if glyphs is None:
        return {("symbols", "all"): Score(available=False)}
    out: Scores = {}
    for sym in truth_page.get("symbols", []):
        sc = out.setdefault(("symbols", sym["encoding"]), Score())
        near = [g for g in glyphs if center_in(g["bbox"], sym["bbox"], 0.5)]
        want = {sym["char"]} | ({sym["printed"]} if sym["encoding"] == "helvetica" and sym.get("printed") else set())
        wrong = out.setdefault(("symbols", "wrong"), Score())
        if any(g["text"] in want for g in near):
            sc.tp += 1
            sc.exact += 1
        else:
            sc.fn += 1
            got = "".join(g["text"] for g in near) or "nothing"
            sc.miss(f"{sym['char']} read as {got!r}")
            if any(g["text"] in SYMBOL_CHARS and g["text"] not in want for g in near):
                wrong.fp += 1
                wrong.miss(f"{sym['char']} read as {got!r}")
    return out


# -- structure analyzers (scored once they exist) --------------------------------------------
def score_title_block(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = truth_page.get("title_block")
    if "title_block" not in pred_page:
        return {("title_block", "fields"): Score(available=False, fn=len((truth or {}).get("fields", {})))}
    pred = pred_page.get("title_block") or {}
    out: Scores = {}
    tf = (truth or {}).get("fields", {})
    pf = pred.get("fields", {}) if isinstance(pred, Mapping) else {}
    for key, entry in tf.items():
        sc = out.setdefault(("title_block", key), Score())
        got = pf.get(key)
        if got is None:
            sc.fn += 1
            sc.miss(f"missing {key}")
            continue
        sc.tp += 1
        if norm(str(got.get("value"))) == norm(str(entry["value"])):
            sc.exact += 1
        else:
            sc.miss(f"{key}: {got.get('value')!r} != {entry['value']!r}")
    for key, got in pf.items():
        if key not in tf:
            sc = out.setdefault(("title_block", "false_fields"), Score())
            sc.fp += 1
            sc.miss(f"{key}={got.get('value') if isinstance(got, Mapping) else got!r}")
    return out


def score_tables(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = list(truth_page.get("tables", []))
    if "tables" not in pred_page:
        return {("tables", "detected"): Score(available=False, fn=len(truth))}
    pred = list(pred_page.get("tables") or [])
    out: Scores = {k: Score() for k in (("tables", "detected"), ("tables", "kind"), ("tables", "header"), ("tables", "cells"), ("tables", "rows"))}
    pairs = match(truth, pred, lambda t, p: iou(t["bbox"], p["bbox"]), 0.5)
    matched_t = {i for i, _ in pairs}
    matched_p = {j for _, j in pairs}
    det = out[("tables", "detected")]
    det.tp = len(pairs)
    det.exact = len(pairs)
    det.fn = len(truth) - len(pairs)
    det.fp = len(pred) - len(pairs)
    for j, p in enumerate(pred):
        if j not in matched_p:
            det.miss(f"false table {p.get('kind')} at {[round(v) for v in p['bbox']]}")
    for i, t in enumerate(truth):
        if i not in matched_t:
            det.miss(f"missed {t['kind']} table at {[round(v) for v in t['bbox']]}")
    cells = out[("tables", "cells")]
    rows_sc = out[("tables", "rows")]
    for i, j in pairs:
        t, p = truth[i], pred[j]
        for name, ok in (("kind", t["kind"] == p.get("kind")), ("header", [norm(h) for h in t["header"]] == [norm(h) for h in p.get("header", [])])):
            sc = out[("tables", name)]
            sc.tp += 1
            sc.exact += int(ok)
            if not ok:
                sc.miss(f"{name}: {p.get(name)!r} != {t[name]!r}")
        prow = p.get("rows", [])
        for r, trow in enumerate(t["rows"]):
            rows_sc.tp += 1 if r < len(prow) else 0
            rows_sc.fn += 0 if r < len(prow) else 1
            same = r < len(prow) and [norm(c) for c in trow] == [norm(c) for c in prow[r]]
            rows_sc.exact += int(same)
            for c, tcell in enumerate(trow):
                pc = prow[r][c] if r < len(prow) and c < len(prow[r]) else None
                if pc is None:
                    cells.fn += 1
                    continue
                cells.tp += 1
                if norm(pc) == norm(tcell):
                    cells.exact += 1
                else:
                    cells.miss(f"row {r} col {c}: {pc!r} != {tcell!r}")
        rows_sc.fp += max(0, len(prow) - len(t["rows"]))
    return out


def _dim_zone_ok(t: Mapping[str, Any], p: Mapping[str, Any]) -> bool:
    return all(_num_equal(t.get(k), p.get(k)) for k in ("nominal", "upper", "lower"))


def score_dimensions(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = list(truth_page.get("dimensions", []))
    if "dimensions" not in pred_page:
        return {("dimensions", "detected"): Score(available=False, fn=len(truth))}
    pred = list(pred_page.get("dimensions") or [])
    pairs = match(truth, pred, lambda t, p: iou(t["bbox"], p["bbox"]) + (1.0 if _dim_zone_ok(t, p) else 0.0), 0.05)
    out: Scores = {k: Score() for k in (("dimensions", "detected"), ("dimensions", "tolerance_zone"), ("dimensions", "kind"),
                                          ("dimensions", "count"), ("dimensions", "text"))}
    det = out[("dimensions", "detected")]
    det.tp, det.fn, det.fp = len(pairs), len(truth) - len(pairs), len(pred) - len(pairs)
    det.exact = det.tp
    for name, ok_fn in (
        ("tolerance_zone", _dim_zone_ok),
        ("kind", lambda t, p: t.get("kind") == p.get("kind")),
        ("count", lambda t, p: int(t.get("count") or 1) == int(p.get("count") or 1)),
        ("text", lambda t, p: norm(t.get("text")) == norm(p.get("text"))),
    ):
        sc = out[("dimensions", name)]
        sc.fn = len(truth) - len(pairs)
        for i, j in pairs:
            sc.tp += 1
            if ok_fn(truth[i], pred[j]):
                sc.exact += 1
            else:
                sc.miss(f"{truth[i]['text']!r} vs {pred[j].get('text')!r}")
    return out


def score_expected_dimensions(where: str, expected: Sequence[Mapping[str, Any]], got: Sequence[Mapping[str, Any]],
                              matched: list[Mapping[str, Any]] | None = None) -> Scores:
    """Real-corpus dimension expectations: each matched by its tolerance zone (nominal, upper, lower).

    Fields ``kind``, ``text``, ``fit``, ``count`` and ``dual`` are then compared;
    a field named in the expectation's ``pending`` list (it needs a later
    capability, e.g. a symbol drawn as paths) is counted under ``pending``, never
    as a pass or a miss. The found dimensions that matched are appended to ``matched``.
    """
    out: Scores = {("dimensions", "zone"): Score()}
    pool = list(got)
    for e in expected:
        zone = out[("dimensions", "zone")]
        same = [g for g in pool if _dim_zone_ok(e, g)]
        # of the dimensions with this zone, the one printed the same way, else one of the same kind
        hit = next((g for g in same if norm(g.get("text")) == norm(e.get("text"))), None) or next(
            (g for g in same if g.get("kind") == e.get("kind")), None) or (same[0] if same else None)
        if hit is None:
            zone.fn += 1
            zone.miss(f"{where}: missed {e.get('text') or e.get('feature')!r} ({e.get('nominal')} {e.get('upper')}/{e.get('lower')})")
            continue
        pool.remove(hit)
        if matched is not None:
            matched.append(hit)
        zone.tp += 1
        zone.exact += 1
        for name in ("kind", "text", "fit", "count", "dual"):
            if name not in e:
                continue
            if name in e.get("pending", ()):
                out.setdefault(("dimensions", f"{name} (pending)"), Score()).fn += 1
                continue
            sc = out.setdefault(("dimensions", name), Score())
            sc.tp += 1
            want, have = e[name], hit.get(name)
            if name == "kind" and want == "ordinate" and hit.get("geometry") == "ordinate":
                have = "ordinate"  # a reader's kind "ordinate" is our geometry: a linear value of an ordinate set
            ok = norm(str(want)) == norm(str(have)) if name in ("text", "dual") else (int(want or 1) == int(have or 1) if name == "count" else want == have)
            sc.exact += int(ok)
            if not ok:
                sc.miss(f"{where}: {name} {have!r} != {want!r}")
    return out


def score_expected_callouts(where: str, expected: Sequence[Mapping[str, Any]], got: Sequence[Mapping[str, Any]]) -> Scores:
    """Real-corpus callout expectations: matched by kind and text (or by ``contains`` while the text is pending)."""
    det = Score()
    text_sc = Score()
    thread_sc = Score()
    pool = list(got)
    for e in expected:
        probe = norm(e.get("contains") or e["text"])
        hit = next((g for g in pool if g.get("kind") == e["kind"] and probe in norm(g.get("text"))), None)
        if hit is None:
            det.fn += 1
            det.miss(f"{where}: missed {e['kind']} {e['text']!r}")
            continue
        pool.remove(hit)
        det.tp += 1
        det.exact += 1
        if "text" not in e.get("pending", ()):
            text_sc.tp += 1
            text_sc.exact += int(norm(hit.get("text")) == norm(e["text"]))
        if "designation" in e:
            designation = (hit.get("thread") or {}).get("designation")
            thread_sc.tp += 1
            thread_sc.exact += int(designation == e["designation"])
            if designation != e["designation"]:
                thread_sc.miss(f"{where}: thread {designation!r} != {e['designation']!r}")
    return {("callouts", "expected"): det, ("callouts", "text"): text_sc, ("callouts", "thread"): thread_sc}


def score_expected_frames(where: str, expected: Sequence[Mapping[str, Any]], got: Sequence[Mapping[str, Any]],
                          dimensions: Sequence[Mapping[str, Any]] = ()) -> Scores:
    """Expected feature control frames (no boxes: read off a rendered page) matched one to one with found frames
    of the same characteristic and tolerance value; ``exact`` also needs the zone, modifiers and datums;
    ``dimension`` (the printed text of the dimension a frame is attached to) is scored as ``linked``."""
    det, exact, linked = Score(), Score(), Score()
    free = list(got)

    def value(t: str | None) -> str:
        return re.sub(r"[^0-9.,]", "", t or "").replace(",", ".")

    for e in expected:
        hit = next((g for g in free if g.get("characteristic") == e["characteristic"] and value(g.get("tolerance")) == value(e["tolerance"])), None)
        if hit is None:
            det.fn += 1
            exact.fn += 1
            det.miss(f"{where}: {e['characteristic']} {e['tolerance']}")
            continue
        free.remove(hit)
        det.tp += 1
        det.exact += 1
        exact.tp += 1
        same = (bool(hit.get("diameter_zone")) == bool(e.get("diameter_zone"))
                and [norm(m) for m in hit.get("modifiers", [])] == [norm(m) for m in e.get("modifiers", [])]
                and [norm(d).replace(" ", "") for d in hit.get("datums", [])] == [norm(d).replace(" ", "") for d in e.get("datums", [])])
        exact.exact += int(same)
        if not same:
            exact.miss(f"{where}: {hit.get('tolerance')!r} {hit.get('datums')} != {e['tolerance']!r} {e.get('datums')}")
        if "dimension" in e:
            linked.tp += 1
            di = hit.get("dimension")
            got_text = dimensions[di]["text"] if isinstance(di, int) and 0 <= di < len(dimensions) else None
            ok = norm(got_text) == norm(e["dimension"]) if e["dimension"] is not None else got_text is None
            linked.exact += int(ok)
            if not ok:
                linked.miss(f"{where}: frame {e['tolerance']} linked to {got_text!r}, not {e['dimension']!r}")
    det.fp += len(free)
    out: Scores = {("gdt_frames", "expected"): det, ("gdt_frames", "exact"): exact}
    if linked.tp:
        out[("gdt_frames", "linked")] = linked
    return out


def score_gdt(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = list(truth_page.get("gdt_frames", []))
    if "gdt_frames" not in pred_page:
        return {("gdt_frames", "detected"): Score(available=False, fn=len(truth))}
    pred = list(pred_page.get("gdt_frames") or [])
    pairs = match(truth, pred, lambda t, p: iou(t["bbox"], p["bbox"]), 0.3)
    fields_ = ("characteristic", "tolerance", "diameter_zone", "modifiers", "datums")
    out: Scores = {("gdt_frames", "detected"): Score(tp=len(pairs), exact=len(pairs), fn=len(truth) - len(pairs), fp=len(pred) - len(pairs))}
    frame = out.setdefault(("gdt_frames", "frame_exact"), Score(fn=len(truth) - len(pairs)))
    for name in fields_:
        sc = out.setdefault(("gdt_frames", name), Score(fn=len(truth) - len(pairs)))
        for i, j in pairs:
            sc.tp += 1
            t, p = truth[i].get(name), pred[j].get(name)
            same = [norm(x) for x in t] == [norm(x) for x in (p or [])] if isinstance(t, list) else (norm(str(t)) == norm(str(p)) if isinstance(t, str) else t == p)
            sc.exact += int(same)
            if not same:
                sc.miss(f"{name}: {p!r} != {t!r}")
    for i, j in pairs:
        frame.tp += 1
        t, p = truth[i], pred[j]
        frame.exact += int(
                t["characteristic"] == p.get("characteristic")
                and norm(t["tolerance"]) == norm(p.get("tolerance"))
                and t["diameter_zone"] == p.get("diameter_zone")
                and [norm(x) for x in t["modifiers"]] == [norm(x) for x in p.get("modifiers", [])]
                and [norm(x) for x in t["datums"]] == [norm(x) for x in p.get("datums", [])]
            )
    return out


def score_callouts(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = list(truth_page.get("callouts", []))
    if "callouts" not in pred_page:
        return {("callouts", "detected"): Score(available=False, fn=len(truth))}
    pred = list(pred_page.get("callouts") or [])

    def close(t: Mapping[str, Any], p: Mapping[str, Any]) -> float:
        pt = p.get("target")
        if not pt:
            return 0.0
        d = math.hypot(t["target"][0] - pt[0], t["target"][1] - pt[1])
        return 1.0 / (1.0 + d) if d <= 2.0 else 0.0

    pairs = match(truth, pred, close, 1e-9)
    out: Scores = {("callouts", "detected"): Score(tp=len(pairs), exact=len(pairs), fn=len(truth) - len(pairs), fp=len(pred) - len(pairs))}
    for name in ("text", "kind", "item"):
        sc = out.setdefault(("callouts", name), Score(fn=len(truth) - len(pairs)))
        for i, j in pairs:
            sc.tp += 1
            t, p = truth[i].get(name), pred[j].get(name)
            ok = norm(str(t)) == norm(str(p)) if name == "text" else t == p
            sc.exact += int(ok)
    return out


def score_clouds(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    truth = list(truth_page.get("revision_clouds", []))
    if "revision_clouds" not in pred_page:
        return {("revision_clouds", "detected"): Score(available=False, fn=len(truth))}
    pred = list(pred_page.get("revision_clouds") or [])
    pairs = match(truth, pred, lambda t, p: iou(t["bbox"], p["bbox"]), 0.3)
    marker = Score(fn=len(truth) - len(pairs))
    row = Score(fn=len(truth) - len(pairs))
    for i, j in pairs:
        marker.tp += 1
        marker.exact += int(norm(truth[i]["marker"]) == norm(pred[j].get("marker")))
        row.tp += 1
        row.exact += int(truth[i].get("revision_row") == pred[j].get("revision_row"))
    return {
        ("revision_clouds", "detected"): Score(tp=len(pairs), exact=len(pairs), fn=len(truth) - len(pairs), fp=len(pred) - len(pairs)),
        ("revision_clouds", "marker"): marker,
        ("revision_clouds", "revision_row"): row,
    }


def _with_targets(item: Mapping[str, Any]) -> Mapping[str, Any]:
    """A reference with ``targets`` {kind: target, "sheet": n}: from the output's ``kind``/``target``/``sheet``,
    or the generator truth's ``target`` dict. Other items unchanged."""
    if "kind" in item and "target" in item and not isinstance(item["target"], dict):
        targets: dict[str, Any] = {} if item["kind"] == "sheet" else {item["kind"]: item["target"]}
        if item.get("sheet") is not None:
            targets["sheet"] = item["sheet"]
        return {**item, "targets": targets}
    if isinstance(item.get("target"), dict):
        return {**item, "targets": item["target"]}
    return item


def score_keyed(name: str, key: str, value_fields: Iterable[str]) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Scores]:
    """A scorer for lists matched by one key (``references`` by text, ``notes`` by number)."""
    value_fields = tuple(value_fields)

    def scorer(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
        truth = list(truth_page.get(name, []))
        if name not in pred_page:
            return {(name, "detected"): Score(available=False, fn=len(truth))}
        pred = {norm(str(p.get(key))): _with_targets(p) for p in pred_page.get(name) or []}
        sc = Score()
        for t in truth:
            t = _with_targets(t)
            p = pred.pop(norm(str(t[key])), None)
            if p is None:
                sc.fn += 1
                sc.miss(f"missed {t[key]!r}")
                continue
            sc.tp += 1
            sc.exact += int(all((norm(str(t[f])) == norm(str(p.get(f)))) if isinstance(t[f], str) else t[f] == p.get(f) for f in value_fields))
        sc.fp += len(pred)
        return {(name, "detected"): sc}

    return scorer


def score_scripts(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    """Super/subscripts and stacked fractions written out in the page text (``mm²``, ``1 3/8``)."""
    truth = list(truth_page.get("scripts", []))
    if not truth:
        return {}
    text = norm(pred_page.get("text"))
    sc = Score()
    for t in truth:
        if norm(t["text"]) in text:
            sc.tp += 1
            sc.exact += 1
        else:
            sc.fn += 1
            sc.miss(f"{t['text']!r} not in the page text")
    return {("text", "scripts_fractions"): sc}


def score_sheet_numbers(truth_page: Mapping[str, Any], pred_page: Mapping[str, Any]) -> Scores:
    """Sheet x of y per page, from the predicted title block."""
    if "title_block" not in pred_page:
        return {("sheets", "sheet_x_of_y"): Score(available=False, fn=1)}
    fields_ = (pred_page.get("title_block") or {}).get("fields", {})
    got = (fields_.get("sheet_number", {}).get("value"), fields_.get("sheet_count", {}).get("value"))
    want = (str(truth_page["sheet_number"]), str(truth_page["sheet_count"]))
    ok = tuple(norm(str(g)) for g in got) == want
    return {("sheets", "sheet_x_of_y"): Score(tp=1, exact=int(ok), examples=[] if ok else [f"{got} != {want}"])}


SCORERS: list[Callable[[Mapping[str, Any], Mapping[str, Any]], Scores]] = [
    score_text,
    score_symbols,
    score_title_block,
    score_sheet_numbers,
    score_tables,
    score_dimensions,
    score_scripts,
    score_gdt,
    score_callouts,
    score_clouds,
    score_keyed("references", "text", ("targets",)),
    score_keyed("datum_features", "letter", ()),
    score_keyed("notes", "number", ("text",)),
]


def score_document(truth: Mapping[str, Any], pred: Mapping[str, Any]) -> Scores:
    """Score every page of one document; pages are matched by number."""
    out: Scores = {}
    pred_pages = {p["number"]: p for p in pred.get("pages", [])}
    for tp in truth.get("pages", []):
        pp = pred_pages.get(tp["number"], {})
        for scorer in SCORERS:
            merge(out, scorer(tp, pp))
    return out


def format_table(scores: Mapping[Key, Score]) -> str:
    """A fixed-width table: analyzer, field, truth, tp, fp, fn, precision, recall, exact."""
    head = f"{'analyzer':16s} {'field':22s} {'truth':>6s} {'tp':>6s} {'fp':>6s} {'fn':>6s} {'prec':>6s} {'recall':>6s} {'exact':>6s}"
    lines = [head, "-" * len(head)]
    for (analyzer, name), s in sorted(scores.items()):
        if not s.available:
            lines.append(f"{analyzer:16s} {name:22s} {s.truth:6d} {'':>6s} {'':>6s} {'':>6s}   not built yet")
            continue
        lines.append(
            f"{analyzer:16s} {name:22s} {s.truth:6d} {s.tp:6d} {s.fp:6d} {s.fn:6d} {s.precision:6.3f} {s.recall:6.3f} {s.exact_rate:6.3f}"
        )
    return "\n".join(lines)


__all__ = ["SCORERS", "Score", "Scores", "format_table", "iou", "match", "merge", "norm", "score_document"]
