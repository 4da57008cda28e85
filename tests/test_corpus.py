"""Reality checks on the real corpus in ../shared/corpus/real (skipped cleanly when it is absent).

* every file parses (all pages, words built, JSON written and valid against the published schema) or
  raises a PdftractError subclass, nothing else, each within 180 s of wall time (a guard against hangs,
  not a speed check: the densest sheet takes ~30 s of CPU and the suite runs two workers on two cores);
* on page 1 of every file, glyph and path-segment counts equal pdfminer's own;
* pages with /Rotate read left to right (direction 0) as a viewer shows them;
* what SOURCES.md says about hidden text layers and duplicated text is seen.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import jsonschema
import pytest

import pdftract
from pdftract.errors import PdftractError
from pdftract.schema import schema

from .conftest import CORPUS, corpus_files

FILES = corpus_files()
IDS = [p.name for p in FILES]
SCHEMA = jsonschema.Draft202012Validator(schema())
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not FILES, reason=f"real corpus not present at {CORPUS}"),
]

# from SOURCES.md: files whose content streams use invisible (3 Tr) text
HIDDEN_TEXT = [
    "pcb-ender3-mainboard-altium-prints.pdf",
    "pcb-respiraworks-fab-drawing-revtable.pdf",
    "sch-odrive-v3.5-altium.pdf",
    "sch-olimex-esp32-poe-kicad5.pdf",
    "sch-olimex-esp32-poe-kicad7.pdf",
    "sch-pixhawk-fmuv3-altium-11sheet.pdf",
]


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def fail(signum: int, frame: object) -> None:
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_parses_or_raises_a_pdftract_error(path: Path) -> None:
    with time_limit(180):
        try:
            doc = pdftract.open(path)
        except PdftractError:
            return
        text = doc.to_json(include=["words"])
    assert text.startswith("{")
    errors = [f"{list(e.absolute_path)[:5]}: {e.message[:160]}" for e in SCHEMA.iter_errors(json.loads(text))]
    assert errors == [], "output does not follow the published schema"
    for sheet in doc.pages:
        assert sheet.width > 0 and sheet.height > 0
        # glyphs are never dropped: every one is either in a word, a whitespace glyph or a recorded duplicate
        in_words = {g for w in sheet.words for g in w.glyph_ids}
        dup = set(sheet.layout.duplicate_glyph_ids)
        assert all(g.id in in_words or g.id in dup or not g.text.strip() for g in sheet.glyphs)
        if not sheet.glyphs:
            assert any(d.code.value == "MISSING_TEXT_LAYER" for d in sheet.diagnostics)


def _pdfminer_counts(path: Path, page_index: int) -> tuple[int, int]:
    """LTChar count and the segments of every LTCurve/LTLine/LTRect, from pdfminer's own interpreter.

    pdfminer runs with one correction that pdftract also makes: a character after
    an unknown escape in a string (AutoCAD's ``\\/``) is kept, as PDF 7.3.4.2 says.
    Unpatched pdfminer drops it, so on elec-rockcandy-autocad-electrical.pdf it
    counts fewer glyphs than the page shows.
    """
    from pdfminer import pdfinterp

    from pdftract.ingest.device import ContentParser

    previous = pdfinterp.PDFContentParser
    pdfinterp.PDFContentParser = ContentParser  # type: ignore[misc]
    try:
        return _raw_counts(path, page_index)
    finally:
        pdfinterp.PDFContentParser = previous  # type: ignore[misc]


def _raw_counts(path: Path, page_index: int) -> tuple[int, int]:
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar, LTContainer, LTCurve
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    chars = segments = 0
    with open(path, "rb") as fh:
        rsrc = PDFResourceManager(caching=True)
        device = PDFPageAggregator(rsrc, laparams=None)
        interpreter = PDFPageInterpreter(rsrc, device)
        for page in PDFPage.get_pages(fh, pagenos=[page_index]):
            interpreter.process_page(page)
            stack: list[object] = [device.get_result()]
            while stack:
                obj = stack.pop()
                if isinstance(obj, LTChar):
                    chars += 1
                elif isinstance(obj, LTCurve):  # LTLine and LTRect are LTCurves
                    segments += len(obj.original_path or [])
                if isinstance(obj, LTContainer):
                    stack.extend(obj)
    return chars, segments


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_page_one_counts_equal_pdfminer(path: Path) -> None:
    try:
        sheet = pdftract.open(path).page(1)
    except PdftractError:
        pytest.skip("does not open")
    painted = [g for g in sheet.glyphs if not g.synthetic]  # symbols and text read from drawn shapes are extra glyphs
    # bytes of UTF-16 strings in one-byte fonts (KiCad) that are folded into the character they encode
    folded = sum(int(dict(d.context).get("folded_bytes", 0)) for d in sheet.diagnostics if d.code.value == "GLYPHS_RECOVERED")
    ours = (len(painted) + folded, sum(len(p.segments) for p in sheet.paths))
    assert ours == _pdfminer_counts(path, 0)
    assert all(g.id >= len(painted) for g in sheet.glyphs if g.synthetic)


ROTATED = [p for p in FILES if p.name in {
    "mech-beaglebone-blue-enclosure-rot90.pdf",
    "mech-psas-female-ring-rot90.pdf",
    "mech-psas-mandrel-rot90.pdf",
}]


@pytest.mark.parametrize("path", ROTATED, ids=[p.name for p in ROTATED])
def test_rotated_real_pages_read_left_to_right(path: Path) -> None:
    sheet = pdftract.open(path).page(1)
    assert sheet.rotation == 90 and sheet.width > sheet.height  # landscape as displayed
    horizontal = sum(1 for g in sheet.glyphs if g.direction == 0)
    assert horizontal >= 0.8 * len(sheet.glyphs)


@pytest.mark.parametrize("name", HIDDEN_TEXT)
def test_hidden_text_layers_are_flagged(name: str) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"{name} not in the corpus")
    doc = pdftract.open(path)
    assert any(g.invisible for s in doc.pages[:2] for g in s.glyphs)


def test_duplicated_text_is_found_once() -> None:
    path = CORPUS / "mech-psas-long-fins-duptext.pdf"
    if not path.exists():
        pytest.skip("duptext file not in the corpus")
    sheet = pdftract.open(path).page(1)
    dups = sheet.layout.duplicate_glyph_ids
    assert len(dups) > 50
    # no line reads doubled ("DDRRAAWWNN"): each duplicate glyph stays out of the words
    in_words = {g for w in sheet.words for g in w.glyph_ids}
    assert not in_words & set(dups)
