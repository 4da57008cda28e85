"""Glyph recovery rung 5 (symbols drawn as paths) and UTF-16 strings in one-byte fonts."""

from __future__ import annotations

import math
import sys

import pytest

import pdftract
from pdftract.ingest.device import _KEEP, _utf16_overrides
from pdftract.ingest.path_symbols import recover_path_symbols
from pdftract.model.primitives import Path
from pdftract.testing import PdfWriter, line_path, make_glyphs, make_sheet

from .conftest import CORPUS, FIXTURES

GENERATED = FIXTURES / "generated"
sys.path.insert(0, str(FIXTURES))
from generator.fonts import SYMBOL_BY_CHAR  # noqa: E402


def drawn(ch: str, x: float, baseline: float, size: float, path_id: int = 0) -> Path:
    """The generator's outline of ``ch`` as one filled path at (x, baseline), ``size`` points per em."""
    contours = SYMBOL_BY_CHAR[ch][3]()
    k = size / 1000.0
    pts = [[(x + u * k, baseline - v * k) for u, v in c] for c in contours]
    paths = [line_path(path_id, p, closed=True, fill=True) for p in pts]
    segs = []
    for p in paths:
        segs.extend(p.segments)
    from dataclasses import replace

    from pdftract.geometry import BBox

    return replace(paths[0], segments=tuple(segs), bbox=BBox.from_points([q for p in pts for q in p]))


def recover(glyph_text: str, paths: list[Path]) -> list[str]:
    sheet = make_sheet(text=[(glyph_text, 110, 100, 0, 10)], paths=paths)
    found, _skipped = recover_path_symbols(sheet.glyphs, sheet.paths)
    return [g.text for g in found]


def test_a_drawn_diameter_before_a_number_becomes_a_glyph() -> None:
    assert recover("10", [drawn("⌀", 101.0, 100.0, 10.0)]) == ["⌀"]


def test_drawn_shapes_that_are_not_symbols_next_to_text_are_left_alone() -> None:
    assert recover("10", [line_path(0, [(100, 96), (108, 96)])]) == []  # a lone line
    assert recover("10", [line_path(0, [(100, 92), (108, 96), (100, 100)], closed=True, fill=True)]) == []  # an arrowhead
    assert recover("AB", [drawn("⌀", 101.0, 100.0, 10.0)]) == []  # not beside dimension text
    crossed = [drawn("⌀", 101.0, 100.0, 10.0, path_id=0), line_path(1, [(95, 96.5), (109, 96.5)])]
    assert recover("10", crossed) == []  # a line runs through it: part of the drawing


def test_synthetic_glyphs_follow_the_painted_ones_and_are_reported() -> None:
    page = pdftract.open(GENERATED / "gdt-paths.pdf").page(1)
    synthetic = [g for g in page.glyphs if g.source.value == "path_match"]
    painted = [g for g in page.glyphs if g.source.value != "path_match"]
    assert synthetic and min(g.id for g in synthetic) == len(painted)
    assert all(g.font == "paths" and 0 < g.confidence < 1 for g in synthetic)
    assert any(d.code.value == "GLYPHS_RECOVERED" for d in page.diagnostics)
    assert "2X ⌀10 H7 THRU" in page.text


def test_utf16_overrides_per_byte() -> None:
    seq = [b"\xfe\xff\x00k\x03\xa9", 120, b"to", b"\xfe\xff\xd8\x3d\xde\x00"]
    got = list(_utf16_overrides(seq))
    assert got[:6] == [None, None, None, "k", None, "Ω"]
    assert got[6:8] == [_KEEP, _KEEP]
    assert got[8:] == [None, None, None, None, None, "\U0001f600"]


def test_utf16_string_in_a_winansi_font_is_decoded() -> None:
    w = PdfWriter()
    font = w.helvetica()
    w.add_page(b"BT /F1 12 Tf 72 700 Td <FEFF0049002822640030002E0031> Tj ET", fonts={"F1": font})
    page = pdftract.open(w.tobytes()).page(1)
    assert "I( ≤0.1" in page.text  # the high byte of ≤ (a quote mark in WinAnsi) advances without a glyph
    assert {g.source.value for g in page.glyphs} == {"utf16_string"}


@pytest.mark.skipif(not (CORPUS / "sch-olimex-esp32-poe-kicad7.pdf").exists(), reason="real corpus not present")
def test_kicad7_strings_decoded() -> None:
    page = pdftract.open(CORPUS / "sch-olimex-esp32-poe-kicad7.pdf").page(1)
    decoded = "".join(g.text for g in page.glyphs if g.source.value == "utf16_string")
    assert "(1.2V≤Vout<1.8V)" in decoded and "kΩ" in decoded and "≤0.15A" in decoded
    assert "þÿ" not in page.text
    # (shapes left unread inside drawn words are U+FFFD at confidence 0 too, on purpose: not counted here)
    assert sum(1 for g in page.glyphs if g.confidence == 0 and not g.synthetic) <= 2  # was 61


def test_drawn_symbols_keep_their_distance_from_text_direction() -> None:
    # the same ⌀ and number turned 90°: the symbol is read in the text's own frame
    sheet = make_sheet(glyphs=make_glyphs("10", 100, 90, 90, 10))
    t = math.radians(90)
    contours = SYMBOL_BY_CHAR["⌀"][3]()
    k = 0.01
    # text at 90° reads bottom to top: baseline x = 100, the ⌀ sits before (below) the digits
    pts = [[(100 - v * k * math.sin(t) * 1.0, 99.0 - u * k) for u, v in c] for c in contours]
    paths = [line_path(i, p, closed=True, fill=True) for i, p in enumerate(pts)]
    from dataclasses import replace

    from pdftract.geometry import BBox

    one = replace(paths[0], segments=tuple(s for p in paths for s in p.segments), bbox=BBox.from_points([q for p in pts for q in p]))
    found, _ = recover_path_symbols(sheet.glyphs, (one,))
    assert [g.text for g in found] == ["⌀"] and found[0].direction == 90.0


def _bar_sheet(*, cell: bool = True, extra: list[Path] | None = None, text: str = "0.05") -> list[str]:
    """A bar at x 105-115 on the line of ``text`` (baseline 100, 10 pt); with ``cell`` two ruled compartments
    round the bar and the text, as a straightness frame has."""
    rects = [(100, 88, 120, 104), (120, 88, 160, 104)] if cell else []
    paths = [line_path(0, [(105, 95.5), (115, 95.5)])] + (extra or [])
    sheet = make_sheet(text=[(text, 125, 100, 0, 10)], paths=paths, rects=rects)
    found, _skipped = recover_path_symbols(sheet.glyphs, sheet.paths)
    return [g.text for g in found]


def test_a_bar_alone_in_a_frame_compartment_is_straightness() -> None:
    assert _bar_sheet() == ["⏤"]
    assert _bar_sheet(text="⌀0.1") == ["⏤"]  # straightness of an axis: a cylindrical zone
    assert _bar_sheet(cell=False) == []  # the same bar in the open is a short line
    assert _bar_sheet(text="AB") == []  # no tolerance after it
    assert _bar_sheet(extra=[line_path(1, [(110, 90), (110, 102)])]) == []  # something else in the compartment


def test_a_symbol_drawn_in_pieces_apart_reads_whole() -> None:
    # SolidWorks draws the ± of a tolerance block as a plus and, a little under it, a separate bar
    plus = [line_path(0, [(102, 95), (106, 95)]), line_path(1, [(104, 93), (104, 97)])]
    bar = line_path(2, [(102, 99), (106, 99)])
    assert recover("10", plus + [bar]) == ["±"]
    assert recover("10", plus) == []  # the plus alone is no symbol
    far = line_path(2, [(102, 103), (106, 103)])  # a bar further than a third of the text size below it
    assert recover("10", plus + [far]) == []


def _strokes(path_id: int, polylines: list[list[tuple[float, float]]]) -> Path:
    """One stroked path of several open subpaths."""
    from dataclasses import replace

    from pdftract.geometry import BBox

    parts = [line_path(path_id, pl) for pl in polylines]
    return replace(parts[0], segments=tuple(s for p in parts for s in p.segments),
                   bbox=BBox.from_points([q for pl in polylines for q in pl]))


def test_hole_symbols_drawn_wider_than_a_font_draws_them_are_read() -> None:
    # SolidWorks' depth symbol: a bar, a stem and an open V, 0.76 em square (a font's is half as wide), its
    # tip a little under the baseline, as on the PSAS sheets (on the baseline it is just outside the allowance)
    depth = _strokes(0, [[(101.0, 92.8), (108.6, 92.8)], [(104.8, 92.8), (104.8, 100.4)],
                         [(102.0, 95.8), (104.8, 100.4)], [(107.6, 95.8), (104.8, 100.4)]])
    assert recover("1.000", [depth]) == ["↧"]
    # and its countersink: a V 1.5 em wide
    sink = _strokes(0, [[(94.0, 92.4), (101.6, 100.0), (109.2, 92.4)]])
    assert recover("10", [sink]) == ["⌵"]
    # a frame symbol gets no such allowance: a capacitor's plate and lead 1.5 em wide beside a designator is no ⊥
    plate = _strokes(0, [[(94.0, 99.0), (109.0, 99.0)], [(101.5, 91.0), (101.5, 99.0)]])
    assert recover("39", [plate]) == []
