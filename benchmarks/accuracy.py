"""Accuracy of pdftract against ground truth, per analyzer and per field.

Two sources of truth:

* the generated drawings in ``fixtures/drawings/generated/`` (``<name>.pdf`` +
  ``<name>.truth.json``, written by ``fixtures/drawings/make.py``);
* ``benchmarks/real_expectations.json``: values read by eye off rendered pages
  of the real corpus in ``../shared/corpus/real/`` (scored when it is present).

Usage::

    python benchmarks/accuracy.py                 # everything
    python benchmarks/accuracy.py --only gdt -v   # fixtures whose name contains "gdt", with examples of misses
    python benchmarks/accuracy.py --json out.json

Output: one table for the fixtures and one for the real corpus, each row an
(analyzer, field) with truth count, tp, fp, fn, precision, recall and the
exact-match rate. Analyzers that are not built yet are listed as such, with
their truth counts, instead of scoring zero. See docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # evaluate.py: the scoring, beside the benchmarks

import pdftract  # noqa: E402
from pdftract.ingest.reader import DrawnTextMode  # noqa: E402
from evaluate import (  # noqa: E402
    Score,
    Scores,
    format_table,
    merge,
    norm,
    score_document,
    score_expected_callouts,
    score_expected_dimensions,
    score_expected_frames,
)

FIXTURES = ROOT / "fixtures" / "drawings" / "generated"
REAL = ROOT.parent / "shared" / "corpus" / "real"
EXPECTATIONS = Path(__file__).resolve().parent / "real_expectations.json"
#: 20 files of producers and templates read by another reader: held out until 2026-12-04 (first measured
#: 2026-12-02), tuned on since, when ``real4`` took its place
REAL2 = ROOT.parent / "shared" / "corpus" / "real2"
EXPECTATIONS2 = Path(__file__).resolve().parent / "real2_expectations.json"
#: tuned on: public drawings fetched from GitHub whose licences keep them out of this repository (where each comes
#: from: benchmarks/real3_sources.md); a copy is looked for beside the repository, and the part is skipped without it
REAL3 = ROOT.parent / "extra" / "real3"
EXPECTATIONS3 = Path(__file__).resolve().parent / "real3_expectations.json"
#: held out from 2026-12-04 to 2026-12-05 (tuned on since, when ``real6`` took its place): public drawings of CAD
#: systems and templates no other part held, fetched and read by readers who saw neither the code nor its output
#: (benchmarks/real4_sources.md); looked for beside the repository like real3
REAL4 = ROOT.parent / "extra" / "real4"
EXPECTATIONS4 = Path(__file__).resolve().parent / "real4_expectations.json"
#: held out on 2026-12-05 (tuned on since, when ``real7`` took its place): public drawings and schematics of producers
#: no other part held (Siemens NX, Solid Edge, SpaceClaim, DraftSight, Allegro, EasyEDA, DipTrace, OrCAD, Horizon EDA),
#: read like real4 (benchmarks/real6_sources.md); looked for beside the repository like real3
REAL6 = ROOT.parent / "extra" / "real6"
EXPECTATIONS6 = Path(__file__).resolve().parent / "real6_expectations.json"
#: held out on 2026-12-05 (tuned on since later that day, when ``real8`` took its place): public drawings, schematics and a
#: P&ID of producers and templates no other part held (MicroStation, EPLAN, Visio, Proteus, LibrePCB, gEDA; Italian,
#: Chinese, Brazilian, Polish and French university templates), read like real4 (benchmarks/real7_sources.md)
REAL7 = ROOT.parent / "extra" / "real7"
EXPECTATIONS7 = Path(__file__).resolve().parent / "real7_expectations.json"
#: held out on 2026-12-05 (first measured 56/112 title-block fields exact, last 61/112; tuned on since that evening,
#: when ``real9`` took its place): public drawings of producers and templates no other part held, read like real4
#: (benchmarks/real8_sources.md); looked for beside the repository like real3
REAL8 = ROOT.parent / "extra" / "real8"
EXPECTATIONS8 = Path(__file__).resolve().parent / "real8_expectations.json"
#: held out from 2026-12-05 (evening) to 2026-12-06 (last measured 50/130 dimensions, 70/80 title-block fields; tuned on
#: since, when ``real10`` took its place): public drawings of producers and templates no other part held (mechanical CAD
#: and EDA programs, title blocks in further languages), read like real4 (benchmarks/real9_sources.md)
REAL9 = ROOT.parent / "extra" / "real9"
EXPECTATIONS9 = Path(__file__).resolve().parent / "real9_expectations.json"
#: held out on 2026-12-06 (last measured 48/63 title-block fields exact, 81/126 dimensions; tuned on since 2026-12-07,
#: when ``real11`` took its place): public drawings of producers and templates no other part held (an Alibre-style ANSI
#: template, a Sony schematic template, Visio board outlines, an Excel parts list, Italian, Czech and Colombian sheets),
#: read like real4 (benchmarks/real10_sources.md); looked for beside the repository like real3
REAL10 = ROOT.parent / "extra" / "real10"
EXPECTATIONS10 = Path(__file__).resolve().parent / "real10_expectations.json"
#: held out from 2026-12-06 (last measured 9/41 title-block fields exact, 11/72 dimensions, 87/185 strings; tuned on
#: since the same day, when ``real12`` took its place): public drawings of producers and templates no other part held
#: (EasyEDA Pro, DesignSpark PCB, AutoCAD Korean, Any DWG to PDF Converter, Microsoft Print to PDF), read like real4
#: (benchmarks/real11_sources.md); looked for beside the repository like real3
REAL11 = ROOT.parent / "extra" / "real11"
EXPECTATIONS11 = Path(__file__).resolve().parent / "real11_expectations.json"
#: held out from 2026-12-06 (last measured 18/40 title-block fields exact, 60/179 dimensions, 0/7 tables, 172/189 strings;
#: tuned on since 2026-12-07, when ``real13`` took its place): public drawings of producers and templates no other part held
#: (Illustrator, CorelDRAW, build123d, PADS, Fritzing, Affinity, QGIS, an AutoCAD flow diagram in line-font strokes), read
#: like real4 (benchmarks/real12_sources.md); looked for beside the repository like real3
REAL12 = ROOT.parent / "extra" / "real12"
EXPECTATIONS12 = Path(__file__).resolve().parent / "real12_expectations.json"
#: held out from 2026-12-07 (last measured, before any tuning, 12/45 title-block fields exact, 80/150 dimensions, 2/6 tables,
#: 123/195 strings; tuned on since the same day, when ``real14`` took its place): public drawings of producers and templates no
#: other part held (ZWCAD, Altium 365 Draftsman, a Spanish SolidWorks supplier template, a 1989 stroked catalogue drawing, a
#: Ghostscript drill drawing without fonts, an outlined German wiring diagram, Plant 3D's ISO P&ID template, FreeCAD through
#: PDFium), read like real4 (benchmarks/real13_sources.md); looked for beside the repository like real3
REAL13 = ROOT.parent / "extra" / "real13"
EXPECTATIONS13 = Path(__file__).resolve().parent / "real13_expectations.json"
#: held out on 2026-12-07 (measured before any tuning: 19/35 title-block fields exact, 11/96 dimensions, 0/5 tables,
#: 183/207 strings; tuned on since the same day, when ``real15`` took its place): public drawings of producers and templates
#: no other part held (ArchiCAD through pdf-lib, AutoCAD for Mac through Quartz, SolidWorks' Chinese publisher on a GB company
#: template, Fusion 360 printed from Chrome, an illustration-tool drawing, EasyEDA Standard, a Ghostscript 9 wiring diagram,
#: Horizon EDA's own writer, DipTrace through Microsoft Print to PDF), read like real4 (benchmarks/real14_sources.md); looked
#: for beside the repository like real3
REAL14 = ROOT.parent / "extra" / "real14"
EXPECTATIONS14 = Path(__file__).resolve().parent / "real14_expectations.json"
#: held out on 2026-12-07 (measured before any tuning: 39/55 title-block fields exact, 47/66 dimensions, 2/5 tables,
#: 200/231 strings; tuned on since the same day, when ``real16`` took its place): public drawings of producers and templates
#: no other part held (Onshape through the ODA exporter, a CATIA V5 export in strokes, a Costa Rican school template and an
#: Italian SolidWorks Maker sheet through Microsoft Print to PDF, a parts list rewritten by Nitro Pro, a Cadence Allegro
#: fabrication drawing, an OrCAD Capture schematic index, gEDA gschem through Ghostscript, a fabricator's stack-up sheet),
#: read like real4 (benchmarks/real15_sources.md); looked for beside the repository like real3
REAL15 = ROOT.parent / "extra" / "real15"
EXPECTATIONS15 = Path(__file__).resolve().parent / "real15_expectations.json"
#: held out since 2026-12-07: public drawings of producers and print paths no other part holds (KOMPAS-3D through the Haru
#: PDF library, a drawing all in outlines through macOS Quartz, a Siemens PADS schematic, a WPS Spreadsheets parts list, a
#: KiCad board outline stroked through the Foxit PDF printer), read like real4 (benchmarks/real16_sources.md); looked for
#: beside the repository like real3, never looked at beyond its aggregate
REAL16 = ROOT.parent / "extra" / "real16"
EXPECTATIONS16 = Path(__file__).resolve().parent / "real16_expectations.json"
#: held out beside real16 since 2026-12-07: public drawings of producers and print paths no other part holds (a FreeCAD
#: drawing merged with pdftk, an EPLAN-style schematic rewritten by Wondershare PDF Editor, a schematic all in strokes from
#: the Vanguard Hardcopy Program through Ghostscript 8.61, an Altium Draftsman sheet written by PDFsharp), read like real4
#: (benchmarks/real17_sources.md); looked for beside the repository like real3, never looked at beyond its aggregate
REAL17 = ROOT.parent / "extra" / "real17"
EXPECTATIONS17 = Path(__file__).resolve().parent / "real17_expectations.json"
#: tuned on since 2026-12-05, measured once before: public drawings of producers and templates no other part holds
#: (CATIA V5, KOMPAS-3D on ESKD forms, Solid Edge, Spanish and German university templates), read like real4
#: (benchmarks/real5_sources.md); looked for beside the repository like real3
REAL5 = ROOT.parent / "extra" / "real5"
EXPECTATIONS5 = Path(__file__).resolve().parent / "real5_expectations.json"
#: sheets made by CAD tools, truth from the generating script's input: FreeCAD TechDraw
#: (fixtures/cad/freecad/make_drawings.py), ezdxf's drawing add-on (fixtures/cad/ezdxf/make_drawings.py) and LibreCAD
#: (fixtures/cad/librecad/make_drawings.py, since 2026-12-05: the same layouts, text in LibreCAD's stroke fonts)
CAD = ROOT / "fixtures" / "cad" / "freecad"
CAD_CORPORA = {"FreeCAD TechDraw": CAD, "ezdxf drawing add-on": ROOT / "fixtures" / "cad" / "ezdxf",
               "LibreCAD dxf2pdf": ROOT / "fixtures" / "cad" / "librecad"}
#: title-block keys whose values are person names: expectations leave them out, so a found one is no false field
PERSON_KEYS = {"drawn_by", "checked_by", "approved_by"}
#: confidence bands of the calibration table
BANDS = ((0.0, 0.5), (0.5, 0.7), (0.7, 0.85), (0.85, 1.01))
Calibration = list[tuple[str, float, bool]]
INCLUDE = ["glyphs", "words", "lines"]
#: how the real corpora are opened (``--ocr-drawn-text`` sets "ocr")
READ_DRAWN_TEXT: DrawnTextMode = True


def fixture_names(directory: Path = FIXTURES, only: str = "") -> list[str]:
    return sorted(p.name[: -len(".truth.json")] for p in directory.glob("*.truth.json") if only in p.name)


def score_fixture(name: str, directory: Path = FIXTURES) -> Scores:
    truth = json.loads((directory / f"{name}.truth.json").read_text(encoding="utf-8"))
    doc = pdftract.analyze(directory / f"{name}.pdf")
    pred = doc.to_dict(include=INCLUDE)
    return score_document(truth, pred)


def pdfplumber_tables(pdf_path: Path) -> dict[str, Any]:
    """pdfplumber's ``find_tables`` on every page, turned into the output contract for the same scorer.

    The header is the first row when its cells are header words, else the last
    row (a header at the bottom, rows then read upward); the kind comes from our
    header vocabulary (``other`` when it names nothing). Cells pdfplumber leaves
    ``None`` (spanned) become empty strings.
    """
    import pdfplumber

    from pdftract.analyzers.tables import _classify, header_key

    pages = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            out = []
            for t in page.find_tables():
                rows = [[(c or "").replace("\n", " ") for c in r] for r in t.extract()]
                if not rows:
                    continue
                first, last = rows[0], rows[-1]
                kf = _classify([header_key(c) for c in first])
                kl = _classify([header_key(c) for c in last])
                if kf is None and kl is not None and len(rows) > 1:
                    header, data, kind = last, rows[:-1][::-1], kl
                else:
                    header, data, kind = first, rows[1:], kf
                out.append({"kind": kind.value if kind else "other", "bbox": list(t.bbox), "header": header,
                            "rows": [r for r in data if any(r)]})
            pages.append({"number": number, "tables": out})
            page.flush_cache()
    return {"pages": pages}


def run_pdfplumber(names: list[str], directory: Path = FIXTURES) -> Scores:
    from evaluate import score_tables

    total: Scores = {}
    for name in names:
        truth = json.loads((directory / f"{name}.truth.json").read_text(encoding="utf-8"))
        pred = {p["number"]: p for p in pdfplumber_tables(directory / f"{name}.pdf")["pages"]}
        for tp in truth["pages"]:
            merge(total, score_tables(tp, pred.get(tp["number"], {"tables": []})))
    return total


def run_fixtures(names: list[str], directory: Path = FIXTURES, verbose: bool = False) -> Scores:
    total: Scores = {}
    for name in names:
        scores = score_fixture(name, directory)
        if verbose:
            for (analyzer, field), s in sorted(scores.items()):
                if s.available and s.examples and (s.fn or s.fp or s.exact < s.tp):
                    print(f"  {name}: {analyzer}.{field}: {'; '.join(s.examples[:3])}")
        merge(total, scores)
    return total


# -- the real corpus -------------------------------------------------------------------------
def _printed_or_method(key: str, value: str) -> str:
    """What a field's expected value is compared with: the printed text, except for a projection method the
    readers saw only as its symbol (written ``first angle (symbol)``), which is compared as the method.

    >>> _printed_or_method("projection", "first angle (symbol)"), _printed_or_method("title", "GEAR (symbol)")
    ('first angle', 'GEAR (symbol)')
    """
    if key == "projection" and value.endswith(" (symbol)"):
        return value.removesuffix(" (symbol)")
    return value


def _same_field(key: str, found: str, expected: str) -> bool:
    """Whether a title-block field found reads as expected: the printed text, normalised; a projection the reader wrote
    as its bare method (``third angle``, as the later readers were asked to) is matched by the method the found value
    states (``THIRD ANGLE PROJECTION`` is the third-angle method; ``FIRST ANGLE PROJECTION`` is not).

    >>> _same_field("projection", "THIRD ANGLE PROJECTION", "third angle"), _same_field("projection", "1st angle", "third angle")
    (True, False)
    >>> _same_field("title", "THIRD ANGLE PROJECTION", "third angle")
    False
    """
    expected = _printed_or_method(key, expected)
    if key == "projection" and norm(expected) in (norm("first angle"), norm("third angle")):
        low = found.lower()
        method = "third" if re.search(r"third|3rd|americ", low) else "first" if re.search(r"first|1st|europ", low) else None
        return method is not None and norm(expected).startswith(norm(method))
    return norm(found) == norm(expected)


def score_real(expectations: list[dict[str, Any]], corpus: Path = REAL, verbose: bool = False,
               calibration: Calibration | None = None, complete_fields: bool = False) -> Scores:
    """Each expectation: a file, a page and what a reader sees there.

    ``text_contains``: strings that must appear in the page's reading text (the
    floor every analyzer builds on). ``title_block``: canonical fields; scored
    against the title-block analyzer once it exists. ``tables``, ``dimensions``
    and ``gdt_frames`` likewise. With ``complete_fields`` (or ``title_block_complete``
    on the page) the expected title-block fields are all the page prints (person
    names aside): any other field found is false (``title_block.false_fields``). A page with ``dimensions_complete`` lists
    every dimension: any other dimension found is false. ``calibration`` collects
    ``(analyzer, confidence, right)`` for every scored result.
    """
    calib: Calibration = calibration if calibration is not None else []
    out: Scores = {}
    cache: dict[str, Any] = {}
    for exp in expectations:
        path = corpus / exp["file"]
        if not path.exists():
            continue
        if exp["file"] not in cache:
            wanted = sorted({e["page"] for e in expectations if e["file"] == exp["file"]})
            cache[exp["file"]] = pdftract.analyze(pdftract.open(path, read_drawn_text=READ_DRAWN_TEXT), pages=wanted).to_dict()
        pred = cache[exp["file"]]
        page = next((p for p in pred["pages"] if p["number"] == exp["page"]), None)
        if page is None:
            continue
        text = norm(page["text"])
        sc = out.setdefault(("text", "contains"), Score())
        for s in exp.get("text_contains", []):
            if norm(s) in text:
                sc.tp += 1
                sc.exact += 1
            else:
                sc.fn += 1
                sc.miss(f"{exp['file']} p{exp['page']}: {s!r}")
        tb_exp = exp.get("title_block", {})
        if tb_exp:
            if "title_block" not in page:
                out.setdefault(("title_block", "fields"), Score(available=False)).fn += len(tb_exp)
            else:
                fields = (page.get("title_block") or {}).get("fields", {})
                for key, value in tb_exp.items():
                    fs = out.setdefault(("title_block", key), Score())
                    got = fields.get(key)
                    if got is None:
                        fs.fn += 1
                        fs.miss(f"{exp['file']}: missing {key}")
                    else:
                        fs.tp += 1
                        right = _same_field(key, str(got.get("value")), str(value))
                        fs.exact += int(right)
                        calib.append(("title_block", float(got.get("confidence", 1.0)), right))
                        if not right:
                            fs.miss(f"{exp['file']} p{exp['page']}: {key} {got.get('value')!r} != {value!r}")
        if (complete_fields or exp.get("title_block_complete")) and "title_block" in exp:
            fields = (page.get("title_block") or {}).get("fields", {})
            ff = out.setdefault(("title_block", "false_fields"), Score())
            for key, got in fields.items():
                if key not in exp["title_block"] and key not in PERSON_KEYS and not (key == "sheet_count" and "sheet_number" in exp["title_block"]):
                    ff.fp += 1
                    ff.miss(f"{exp['file']} p{exp['page']}: false {key} {got.get('value')!r}")
                    calib.append(("title_block", float(got.get("confidence", 1.0)), False))
        if "tables" in exp:
            _score_real_tables(out, exp, page, calib)
        where = f"{exp['file']} p{exp['page']}"
        if exp.get("dimensions"):
            if "dimensions" not in page:
                out.setdefault(("dimensions", "zone"), Score(available=False)).fn += len(exp["dimensions"])
            else:
                matched: list[dict[str, Any]] = []
                merge(out, score_expected_dimensions(where, exp["dimensions"], page["dimensions"], matched))
                _calibrate_dimensions(calib, out, exp, page["dimensions"], matched)
        if exp.get("callouts"):
            if "callouts" not in page:
                out.setdefault(("callouts", "expected"), Score(available=False)).fn += len(exp["callouts"])
            else:
                merge(out, score_expected_callouts(where, exp["callouts"], page["callouts"]))
        if exp.get("gdt_frames"):
            if "gdt_frames" not in page:
                out.setdefault(("gdt_frames", "expected"), Score(available=False)).fn += len(exp["gdt_frames"])
            else:
                merge(out, score_expected_frames(where, exp["gdt_frames"], page["gdt_frames"], page.get("dimensions") or []))
        if "datum_features" in exp:
            want = sorted(d["letter"] for d in exp["datum_features"])
            got = sorted(d["letter"] for d in page.get("datum_features") or [])
            ds = out.setdefault(("datum_features", "expected"), Score())
            for letter in set(want) | set(got):
                n_w, n_g = want.count(letter), got.count(letter)
                ds.tp += min(n_w, n_g)
                ds.exact += min(n_w, n_g)
                ds.fn += max(0, n_w - n_g)
                ds.fp += max(0, n_g - n_w)
        if verbose and sc.examples:
            pass
    return out


def _calibrate_dimensions(calib: Calibration, out: Scores, exp: dict[str, Any], got: list[dict[str, Any]],
                          matched: list[dict[str, Any]]) -> None:
    """The found dimensions the scorer matched to an expected zone are right; on a page whose every dimension
    is listed, the others are false (counted in ``dimensions.zone`` fp as well)."""
    for hit in matched:
        calib.append(("dimensions", float(hit.get("confidence", 1.0)), True))
    if exp.get("dimensions_complete"):
        zone = out[("dimensions", "zone")]
        for g in got:
            if not any(g is m for m in matched):
                zone.fp += 1
                zone.miss(f"{exp['file']} p{exp['page']}: false dimension {g.get('text')!r}")
                calib.append(("dimensions", float(g.get("confidence", 1.0)), False))


def calibration_table(calib: Calibration) -> str:
    """Per analyzer and confidence band: how many results, and the share that were right."""
    lines = [f"{'analyzer':12s} " + " ".join(f"{f'[{a:.2f},{min(b, 1.0):.2f})':>16s}" for a, b in BANDS)]
    for analyzer in sorted({a for a, _c, _r in calib}):
        cells = []
        for a, b in BANDS:
            hits = [r for an, c, r in calib if an == analyzer and a <= c < b]
            cells.append(f"{sum(hits):4d}/{len(hits):<4d} {sum(hits) / len(hits):5.2f}" if hits else f"{'-':>16s}")
        lines.append(f"{analyzer:12s} " + " ".join(f"{c:>16s}" for c in cells))
    return "\n".join(lines)


#: a found table's header cells this similar to the expected ones on average (difflib ratio) is that table
HEADER_SIMILAR = 0.7


def _header_similarity(got: list[str], want: list[str]) -> float:
    """Mean similarity of header cells, pairwise (1.0: the same after normalising)."""
    return sum(difflib.SequenceMatcher(None, norm(a), norm(b)).ratio() for a, b in zip(got, want, strict=True)) / max(1, len(want))


def _printed_order(table: dict[str, Any]) -> list[Any]:
    """A found table's rows as printed, top to bottom: by its cells' places on an upright table (rows come in
    item order where the item column counts 1, 2, 3, which need not be the printed one), else turned back when
    the header is at the bottom (rows count away from the header)."""
    rows = list(table["rows"])
    tops: dict[int, float] = {}
    for c in table.get("cells") or ():
        if c.get("row", -1) >= 0:
            tops[c["row"]] = min(tops.get(c["row"], float("inf")), float(c["bbox"][1]))
    if table.get("direction", 0) == 0 and len(tops) == len(rows):
        return [rows[r] for r in sorted(tops, key=lambda r: (tops[r], r))]
    return list(reversed(rows)) if table.get("header_at") == "bottom" else rows


def _score_real_tables(out: Scores, exp: dict[str, Any], page: dict[str, Any], calib: Calibration | None = None) -> None:
    """Expected tables matched by kind and header; rows compared cell by cell (``null`` cells skipped), in
    the expectation's order: as printed, top to bottom (a table whose header is at the bottom lists its rows
    counting upward, so they are turned back), or away from the header (``rows_order: from_header``). A
    table of the expected kind and column count whose header cells are misread (mean similarity at least
    :data:`HEADER_SIMILAR`) is the expected table found, not exact: not a false table beside a missed one."""
    expected = exp["tables"]
    if "tables" not in page:
        out.setdefault(("tables", "detected"), Score(available=False)).fn += len(expected)
        return
    got = list(page.get("tables") or [])
    det = out.setdefault(("tables", "detected"), Score())
    rows_sc = out.setdefault(("tables", "rows"), Score())
    where = f"{exp['file']} p{exp['page']}"
    found = []
    for t in expected:  # first the tables found with their header as printed, then those with it misread
        hit = next((g for g in got if g["kind"] == t["kind"] and [norm(h) for h in g["header"]] == [norm(h) for h in t["header"]]), None)
        if hit is not None:
            got.remove(hit)
        found.append(hit)
    for i, t in enumerate(expected):
        if found[i] is None:
            near = [g for g in got if g["kind"] == t["kind"] and len(g["header"]) == len(t["header"])
                    and _header_similarity(g["header"], t["header"]) >= HEADER_SIMILAR]
            if near:
                best = max(near, key=lambda g: _header_similarity(g["header"], t["header"]))
                got.remove(best)
                found[i] = best
                det.miss(f"{where}: {t['kind']} table found with its header misread: {best['header']} != {t['header']}")
    for t, hit in zip(expected, found, strict=True):
        if hit is None:
            det.fn += 1
            rows_sc.fn += len(t["rows"])
            det.miss(f"{where}: missed {t['kind']} {t['header']}")
            continue
        det.tp += 1
        det.exact += int([norm(h) for h in hit["header"]] == [norm(h) for h in t["header"]])
        if exp.get("rows_order", "printed") == "printed":
            hit = {**hit, "rows": _printed_order(hit)}
        all_rows = len(hit["rows"]) == len(t["rows"]) and all(
            all(w is None or norm(w) == norm(h) for w, h in zip(want, have, strict=False)) and len(want) == len(have)
            for want, have in zip(t["rows"], hit["rows"], strict=False))
        if calib is not None:
            calib.append(("tables", float(hit.get("confidence", 1.0)), all_rows))
        for r, want in enumerate(t["rows"]):
            have = hit["rows"][r] if r < len(hit["rows"]) else None
            if have is None:
                rows_sc.fn += 1
                continue
            rows_sc.tp += 1
            same = len(have) == len(want) and all(w is None or norm(w) == norm(h) for w, h in zip(want, have, strict=False))
            rows_sc.exact += int(same)
            if not same:
                rows_sc.miss(f"{where}: {have} != {want}")
        rows_sc.fp += max(0, len(hit["rows"]) - len(t["rows"]))
    for g in got:
        det.fp += 1
        det.miss(f"{where}: false {g['kind']} table {g['header']}")
        if calib is not None:
            calib.append(("tables", float(g.get("confidence", 1.0)), False))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixtures", type=Path, default=FIXTURES)
    ap.add_argument("--only", default="", help="fixtures whose name contains this")
    ap.add_argument("--no-real", action="store_true", help="skip the real corpus")
    ap.add_argument("--ocr-drawn-text", action="store_true",
                    help='score the real corpora with read_drawn_text="ocr" (lines no template reads sent to Tesseract)')
    ap.add_argument("--no-stroked-characters", action="store_true",
                    help='score the real corpora with read_drawn_text="outlines" (without the pass for characters stroked one path '
                         'each beside a text layer, on by default since 2026-12-07)')
    ap.add_argument("-v", "--verbose", action="store_true", help="print examples of misses per fixture")
    ap.add_argument("--json", type=Path, help="write all scores here")
    ap.add_argument("--no-pdfplumber", action="store_true", help="skip pdfplumber's table scores beside ours")
    args = ap.parse_args(argv)
    global READ_DRAWN_TEXT
    if args.ocr_drawn_text or args.no_stroked_characters:
        # (the OCR fallback comes with the stroked characters' pass: "ocr" is both)
        READ_DRAWN_TEXT = "ocr" if args.ocr_drawn_text else "outlines"

    names = fixture_names(args.fixtures, args.only)
    if not names:
        print(f"accuracy.py: no truth files in {args.fixtures} (run python fixtures/drawings/make.py)", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    fixtures = run_fixtures(names, args.fixtures, args.verbose)
    print(f"generated fixtures: {len(names)} drawings ({time.perf_counter() - t0:.1f} s)")
    print(format_table(fixtures))
    report: dict[str, Any] = {"fixtures": _as_json(fixtures)}
    if not args.no_pdfplumber:
        t2 = time.perf_counter()
        plumber = run_pdfplumber(names, args.fixtures)
        print(f"\ntables side by side on the same {len(names)} drawings: pdftract | pdfplumber extract_tables ({time.perf_counter() - t2:.1f} s)")
        print(f"{'field':10s} {'truth':>6s} | {'tp':>5s} {'fp':>5s} {'prec':>6s} {'recall':>6s} {'exact':>6s} | {'tp':>5s} {'fp':>5s} {'prec':>6s} {'recall':>6s} {'exact':>6s}")
        for field in ("detected", "kind", "header", "rows", "cells"):
            a, b = fixtures.get(("tables", field), Score()), plumber.get(("tables", field), Score())
            print(f"{field:10s} {a.truth:6d} | {a.tp:5d} {a.fp:5d} {a.precision:6.3f} {a.recall:6.3f} {a.exact_rate:6.3f} | "
                  f"{b.tp:5d} {b.fp:5d} {b.precision:6.3f} {b.recall:6.3f} {b.exact_rate:6.3f}")
        report["pdfplumber_tables"] = _as_json(plumber)
    for name, folder in CAD_CORPORA.items():
        if (folder / "truth.json").exists():
            key = folder.name
            report[f"{key}_tuned"], report[f"{key}_held_out"] = run_cad(args.verbose, name, folder)
    if not args.no_real and REAL.is_dir() and EXPECTATIONS.exists():
        report["real"], _ = _run_part("real corpus (tuned on)", EXPECTATIONS, REAL, args.verbose, False)
        # the tuned fetched parts, in the order they are printed: (report key, heading, folder, expectations)
        for key, heading, folder, expected in (
                ("real3", "fetched corpus real3 (tuned on)", REAL3, EXPECTATIONS3),
                ("real5", "fetched corpus real5 (tuned on since 2026-12-05)", REAL5, EXPECTATIONS5),
                ("real2", "real2 corpus (held out until 2026-12-04, tuned on since)", REAL2, EXPECTATIONS2),
                ("real4", "fetched corpus real4 (held out until 2026-12-05, tuned on since)", REAL4, EXPECTATIONS4),
                ("real6", "fetched corpus real6 (held out on 2026-12-05, tuned on since)", REAL6, EXPECTATIONS6),
                ("real7", "fetched corpus real7 (held out on 2026-12-05, tuned on since)", REAL7, EXPECTATIONS7),
                ("real8", "fetched corpus real8 (held out on 2026-12-05, tuned on since)", REAL8, EXPECTATIONS8),
                ("real9", "fetched corpus real9 (held out until 2026-12-06, tuned on since)", REAL9, EXPECTATIONS9),
                ("real10", "fetched corpus real10 (held out on 2026-12-06, tuned on since)", REAL10, EXPECTATIONS10),
                ("real11", "fetched corpus real11 (held out on 2026-12-06, tuned on since)", REAL11, EXPECTATIONS11),
                ("real12", "fetched corpus real12 (held out on 2026-12-06, tuned on since 2026-12-07)", REAL12, EXPECTATIONS12),
                ("real13", "fetched corpus real13 (held out on 2026-12-07, tuned on since the same day)", REAL13, EXPECTATIONS13),
                ("real14", "fetched corpus real14 (held out on 2026-12-07, tuned on since the same day)", REAL14, EXPECTATIONS14),
                ("real15", "fetched corpus real15 (held out on 2026-12-07, tuned on since the same day)", REAL15, EXPECTATIONS15),
        ):
            if folder.is_dir() and expected.exists():
                report[key], _ = _run_part(heading, expected, folder, args.verbose, True)
            elif folder.parent.name == "extra":  # (real2, in ../shared beside the real corpus, is skipped silently as before)
                print(f"\nfetched corpus not scored: {folder} missing (benchmarks/{key}_sources.md says how to fetch it)")
        # the held-out parts: misses never printed; their calibration is reported joined
        held_calib: Calibration = []
        for key, name, folder, expected in (("held_out", "real16", REAL16, EXPECTATIONS16),
                                            ("held_out_real17", "real17", REAL17, EXPECTATIONS17)):
            if folder.is_dir() and expected.exists():
                report[key], calib = _run_part(f"HELD OUT {name} corpus (producers and templates not looked at while tuning)",
                                               expected, folder, False, True)
                held_calib += calib
            else:
                print(f"\nheld-out corpus not scored: {folder} missing (benchmarks/{name}_sources.md says how to fetch it)")
        if held_calib:
            report["held_out_calibration"] = [[a, c, r] for a, c, r in held_calib]
    elif not args.no_real:
        print(f"\nreal corpus not scored: {REAL} or {EXPECTATIONS.name} missing")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


def cad_split(truth_file: Path = CAD / "truth.json") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The CAD-made sheets split by template family: (tuned on, held out)."""
    data = json.loads(truth_file.read_text(encoding="utf-8"))
    held = set(data["held_out_families"])
    # the scripts list a table's rows away from its header (a change block over a title block: the first change
    # first), as the analyzer does; the expectation files of the real corpora list them as printed
    every = [{**e, "rows_order": "from_header"} for e in data["expectations"]]
    return [e for e in every if e["family"] not in held], [e for e in every if e["family"] in held]


def run_cad(verbose: bool = False, name: str = "FreeCAD TechDraw", folder: Path = CAD) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both parts of a CAD-made corpus, the held-out one printed beside the tuned one (its misses never printed)."""
    tuned, held = cad_split(folder / "truth.json")
    a, _ = _run_part(f"{name} sheets, families tuned on", None, folder / "pdf", verbose, True, tuned)
    b, _ = _run_part(f"{name} sheets, HELD OUT families", None, folder / "pdf", False, True, held)
    return a, b


def _run_part(title: str, expectations_file: Path | None, corpus: Path, verbose: bool,
              complete_fields: bool, expectations: list[dict[str, Any]] | None = None) -> tuple[dict[str, Any], Calibration]:
    """Score one corpus part against its expectations and print its table and its calibration."""
    if expectations is None:
        assert expectations_file is not None
        data = json.loads(expectations_file.read_text(encoding="utf-8"))
        # a file's readers may have listed every table's rows away from its header (real7 on): said once for the file
        order = data.get("rows_order")
        expectations = [{"rows_order": order, **e} if order else e for e in data["expectations"]]
    t = time.perf_counter()
    calib: Calibration = []
    scores = score_real(expectations, corpus, verbose, calib, complete_fields=complete_fields)
    files = len({e["file"] for e in expectations})
    print()
    print(f"{title}: {len(expectations)} pages of {files} files ({time.perf_counter() - t:.1f} s)")
    print(format_table(scores))
    for (analyzer, field), s in sorted(scores.items()):
        if s.examples and verbose:
            print(f"  {analyzer}.{field} misses: {'; '.join(s.examples)}")
    print(f"\nconfidence calibration, {title.split(' (')[0]} (right / results, share right, per confidence band):")
    print(calibration_table(calib))
    return _as_json(scores), calib


def _as_json(scores: Scores) -> dict[str, Any]:
    return {
        f"{a}.{f}": {"available": s.available, "truth": s.truth, "tp": s.tp, "fp": s.fp, "fn": s.fn,
                     "precision": round(s.precision, 4), "recall": round(s.recall, 4), "exact": round(s.exact_rate, 4)}
        for (a, f), s in sorted(scores.items())
    }


if __name__ == "__main__":
    sys.exit(main())
