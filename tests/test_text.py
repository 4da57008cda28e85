"""Words and lines per direction, on hand-built sheets."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pdftract.model import Glyph, Sheet
from pdftract.model.text import TextSettings, build_layout
from pdftract.testing import make_glyphs, make_sheet


def line_texts(sheet: Sheet) -> list[str]:
    return [ln.text for ln in sheet.lines]


def test_words_and_lines_in_each_direction() -> None:
    sheet = make_sheet(
        text=[
            ("DWG NO 4711", 100, 100),
            ("160", 50, 400, 90),  # vertical dimension text, read bottom to top
            ("SECTION A-A", 700, 100, 270),
            ("UPSIDE", 400, 500, 180),
            ("C1.5 X 45°", 300, 300, 30),
        ]
    )
    got = {(ln.text, ln.direction) for ln in sheet.lines}
    assert got == {("DWG NO 4711", 0.0), ("160", 90.0), ("SECTION A-A", 270.0), ("UPSIDE", 180.0), ("C1.5 X 45°", 30.0)}
    assert [w.text for w in sheet.words if w.direction == 0] == ["DWG", "NO", "4711"]
    # reading order: horizontal first, then 90, 270, 180, then other angles
    assert [ln.direction for ln in sheet.lines] == [0.0, 90.0, 270.0, 180.0, 30.0]


def test_columns_on_near_baselines_do_not_interleave() -> None:
    # column 2's line sits between column 1's two lines and could chain them by baseline
    sheet = make_sheet(text=[("LEFT ONE", 10, 100), ("LEFT TWO", 10, 112), ("RIGHT", 300, 106)])
    assert sorted(line_texts(sheet)) == ["LEFT ONE", "LEFT TWO", "RIGHT"]


def test_large_gaps_split_lines_small_gaps_split_words() -> None:
    sheet = make_sheet(text=[("QTY", 10, 50), ("4", 60, 50), ("AB", 200, 50)])
    # 4 em from QTY to 4 is past line_gap (1.5 em): separate lines on one row, ordered left to right
    assert line_texts(sheet) == ["QTY", "4", "AB"]
    loose = build_layout(sheet.glyphs, TextSettings(line_gap=10.0))
    assert [ln.text for ln in loose.lines] == ["QTY 4", "AB"]


def test_duplicated_text_layer_is_deduplicated_with_a_record() -> None:
    glyphs = make_glyphs("REV B", 10, 10) + make_glyphs("REV B", 10, 10, start_id=5)
    sheet = make_sheet(glyphs=glyphs)
    assert line_texts(sheet) == ["REV B"]
    assert sheet.layout.duplicate_glyph_ids == (5, 6, 7, 8, 9)
    assert len(sheet.glyphs) == 10  # the glyphs themselves stay


def test_superscript_by_baseline_offset_stays_on_its_line() -> None:
    base = make_glyphs("N/mm", 10, 100, size=10)
    sup = make_glyphs("2", 10 + 4 * 6, 96, size=6, start_id=len(base))
    sheet = make_sheet(glyphs=base + sup)
    assert line_texts(sheet) == ["N/mm²"]  # raised and smaller: written as a Unicode superscript
    assert [g.text for g in sheet.glyphs][-1] == "2"  # the glyph keeps what the font says


def test_whitespace_glyphs_split_words_and_are_not_words() -> None:
    sheet = make_sheet(text=[("M6 x 1.0", 10, 10)])
    assert [w.text for w in sheet.words] == ["M6", "x", "1.0"]


def test_views_keep_parent_ids() -> None:
    sheet = make_sheet(text=[("TITLE", 10, 20), ("BRACKET", 10, 40), ("NOTE", 400, 300)])
    view = sheet.crop((0, 0, 200, 50))
    assert [w.text for w in view.words] == ["TITLE", "BRACKET"]
    assert [g.id for g in view.glyphs] == list(range(12))
    inner = view.within((0, 30, 200, 50))
    assert inner.text == "BRACKET" and inner.glyphs[0].id == 5
    filtered = sheet.filter(lambda p: not isinstance(p, Glyph) or p.text != "N")
    assert filtered.text.splitlines() == ["TITLE", "BRACKET", "OTE"]


layouts = st.lists(
    st.tuples(
        st.sampled_from(["R12", "4X Ø6.6", "SECTION B-B", "±0.05", "M6x1.0-6H"]),
        st.integers(0, 40),
        st.integers(0, 40),
        st.sampled_from([0.0, 90.0, 270.0, 30.0]),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda t: (t[1], t[2]),
)


def _glyphs(items: list[tuple[str, int, int, float]], dx: float = 0, dy: float = 0) -> list[Glyph]:
    out: list[Glyph] = []
    for text, gx, gy, d in items:  # a 40x40 grid of 25 pt cells keeps items apart
        out.extend(make_glyphs(text, gx * 250 + dx, gy * 250 + dy, d, start_id=len(out)))
    return out


@settings(max_examples=40, deadline=None)
@given(layouts, st.randoms(use_true_random=False))
def test_line_texts_do_not_depend_on_glyph_order(items: list[tuple[str, int, int, float]], rnd: random.Random) -> None:
    glyphs = _glyphs(items)
    shuffled = glyphs[:]
    rnd.shuffle(shuffled)
    a = sorted(ln.text for ln in build_layout(glyphs).lines)
    b = sorted(ln.text for ln in build_layout(shuffled).lines)
    assert a == b == sorted(t.replace(" ", " ") for t, *_ in items)


@settings(max_examples=40, deadline=None)
@given(layouts, st.floats(-500, 500), st.floats(-500, 500))
def test_layout_is_translation_invariant(items: list[tuple[str, int, int, float]], dx: float, dy: float) -> None:
    a = [(ln.text, ln.direction) for ln in build_layout(_glyphs(items)).lines]
    b = [(ln.text, ln.direction) for ln in build_layout(_glyphs(items, dx, dy)).lines]
    assert a == b


def test_invisible_glyphs_never_join_visible_words() -> None:
    vis = make_glyphs("R1", 10, 10)
    hid = [dataclasses.replace(g, id=g.id + 2, render_mode=3) for g in make_glyphs("NL", 22, 10)]
    layout = build_layout(vis + hid)
    assert sorted((w.text, w.invisible) for w in layout.words) == [("NL", True), ("R1", False)]


def test_prose_re_spacing_leaves_words_read_back_from_drawn_shapes_alone() -> None:
    """Running text set tight is re-spaced where two letters stand apart; a word read back from drawn shapes
    is not (its boxes are ink: a letter-spaced stroke font's I stands far from its neighbours, and the reading
    already spaced the words by their cells)."""
    from dataclasses import replace

    from pdftract.geometry import BBox
    from pdftract.model.primitives import UnicodeSource
    from pdftract.model.reading import _spaced
    from pdftract.model.text import Word
    from pdftract.testing import make_glyphs

    typed = make_glyphs("HOLES", 0.0, 100.0, size=10.0, advance=1.2)
    typed = [replace(g, bbox=BBox(g.bbox.x0, g.bbox.top, g.bbox.x0 + 6.0, g.bbox.bottom)) for g in typed]  # 6 pt gaps
    word = Word(id=0, text="HOLES", glyph_ids=tuple(g.id for g in typed), bbox=BBox.union_all(g.bbox for g in typed),
                direction=0.0, size=10.0, font=typed[0].font, invisible=False, line_id=0)
    assert _spaced(word, typed) == "H O L E S"
    drawn = [replace(g, source=UnicodeSource.STROKE_MATCH, font="drawn-strokes") for g in typed]
    assert _spaced(word, drawn) == "HOLES"
