"""Reading a known stroke font exactly (KiCad's Newstroke): the glyph table, the matcher, and the one-pen rule."""

from __future__ import annotations

import numpy as np
import pytest

from pdftract.ingest.stroke_font import SHAPE_SEGMENTS, exact_stroke, glyph_shape, newstroke_glyphs, parse_glyph


def _segments(strokes: list[list[tuple[float, float]]]) -> int:
    return sum(len(s) - 1 for s in strokes)


def test_the_glyph_table_holds_the_text_characters() -> None:
    glyphs = newstroke_glyphs()
    for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_/()+-.":
        assert glyphs.get(ch), f"no Newstroke glyph for {ch!r}"
    # capitals are 0.72 em tall, standing on the baseline
    ys = [y for s in glyphs["H"] for _x, y in s]
    assert min(ys) == pytest.approx(0.0) and max(ys) == pytest.approx(0.72)


def test_a_glyph_string_is_decoded_with_pen_lifts() -> None:
    # the Hershey encoding: bounds, then points; " R" lifts the pen
    strokes = parse_glyph("H\\VMV[ RQELTYT")
    assert len(strokes) == 2 and [len(s) for s in strokes] == [2, 3]
    assert strokes[0][1] == pytest.approx((14 / (21 / 0.72), 0.0))  # x from the left bound, y up from the baseline


@pytest.mark.parametrize("size", [3.0, 5.0, 12.5])
def test_every_glyph_drawn_at_any_size_and_rounded_reads_as_itself(size: float) -> None:
    """A plotter draws the glyph times the size, rounded to its unit (here 0.02 pt); the matcher gets it back."""
    rng = np.random.default_rng(7)
    checked = 0
    for ch, strokes in newstroke_glyphs().items():
        if _segments(strokes) < SHAPE_SEGMENTS:
            continue
        origin = rng.uniform(-500, 500, size=2)
        drawn = [np.round((np.asarray(s) * size + origin) / 0.02) * 0.02 for s in strokes]
        assert exact_stroke(drawn, em=size, baseline=float(origin[1])) == ch, ch
        checked += 1
    assert checked > 70


def test_bars_corners_and_other_shapes_are_left_to_the_templates() -> None:
    em = 5.0
    bar = [np.array([[0.0, 0.0], [0.0, 3.6]])]
    corner = [np.array([[0.0, 3.6], [0.0, 0.0], [2.0, 0.0]])]
    box_with_diagonal = [np.array([[0.0, 0.0], [3.0, 0.0], [3.0, 3.0], [0.0, 3.0], [0.0, 0.0], [3.0, 3.0]])]
    for shape in (bar, corner, box_with_diagonal):
        assert exact_stroke(shape, em, 0.0) is None
    # the right shape at a size far from the line's is no glyph of it either
    four = [np.asarray(s) * em * 3 for s in newstroke_glyphs()["4"]]
    assert exact_stroke(four, em, 0.0) is None


def test_in_a_newstroke_line_bars_and_corners_read_exactly() -> None:
    """Asked with ``least=1`` (the line is known to be Newstroke), a bar reads by its place and length:
    ``I`` standing on the baseline to cap height, ``-`` at mid height, ``_`` under the baseline, ``T`` and
    ``L`` by their corners; a bar twice too long, or a shape of no glyph, still reads nothing."""
    em = 5.0
    assert exact_stroke([np.array([[0.0, 0.0], [0.0, 0.72 * em]])], em, 0.0, least=1) == "I"
    assert exact_stroke([np.array([[0.0, 0.27 * em], [0.55 * em, 0.27 * em]])], em, 0.0, least=1) == "-"
    assert exact_stroke([np.array([[0.0, -0.07 * em], [0.55 * em, -0.07 * em]])], em, 0.0, least=1) == "_"
    tee = [np.asarray(s) * em for s in newstroke_glyphs()["T"]]
    assert exact_stroke(tee, em, 0.0, least=1) == "T"
    assert exact_stroke(tee, em, 0.0) is None  # by default a corner is left to the templates
    assert exact_stroke([np.array([[0.0, 0.0], [0.0, 1.6 * em]])], em, 0.0, least=1) is None
    assert exact_stroke([np.array([[0.0, 0.0], [3.0, 0.0], [3.0, 3.0]]), np.array([[9.0, 9.0], [9.5, 9.0]])], em, 0.0, least=1) is None


def test_a_glyph_tells_which_way_up_it_reads() -> None:
    r = [np.asarray(s) * 4.0 for s in newstroke_glyphs()["R"]]
    assert glyph_shape(r) == "R"
    turned = [np.column_stack((-s[:, 1], s[:, 0])) for s in r]  # a quarter turn
    assert glyph_shape(turned) is None


def test_one_character_is_painted_with_one_pen() -> None:
    """Touching strokes of different colours (a label on a wire) or of very different pens are not one shape."""
    from pdftract.ingest.drawn_text import _Atoms, _components

    pts = [np.array([[0.0, 0.0], [2.0, 0.0]]), np.array([[2.0, 0.0], [2.0, 2.0]]), np.array([[2.0, 2.0], [4.0, 2.0]])]
    boxes = np.array([[p[:, 0].min() - 0.1, p[:, 1].min() - 0.1, p[:, 0].max() + 0.1, p[:, 1].max() + 0.1] for p in pts])

    def atoms(ink: list[int], pen: list[float]) -> _Atoms:
        return _Atoms(boxes, np.array(pen), np.arange(3), np.zeros(3, dtype=bool), pts, {}, 0, np.array(ink))

    assert _components(atoms([0, 0, 0], [0.1, 0.1, 0.1])) == [[0, 1, 2]]
    assert _components(atoms([0, 0, 1], [0.1, 0.1, 0.1])) == [[0, 1], [2]]
    assert _components(atoms([0, 0, 0], [0.1, 0.1, 0.4])) == [[0, 1], [2]]


def test_a_stroked_row_of_one_template_shape_is_linework() -> None:
    from pdftract.ingest.drawn_text import _Line, _Read, _repeated_shape

    def line(texts: str, how: str = "shape", stroked: bool = True) -> _Line:
        reads = [_Read(t, t, 0.2, 0.1, 0.7, {t: 0.2}, how=how) for t in texts]
        n = len(texts)
        return _Line(0, [[k] for k in range(n)], list(texts), reads, [stroked] * n, [False] * n,
                     [(float(k), k + 0.8) for k in range(n)], 0.0, 5.0, -0.2)

    assert _repeated_shape(line("0000")) and _repeated_shape(line("00")) and _repeated_shape(line("III"))
    assert not _repeated_shape(line("11"))  # two bars may be a number
    assert not _repeated_shape(line("0000", how="exact"))  # a known font's glyphs are text
    assert not _repeated_shape(line("0000", stroked=False))  # filled outlines are not judged so
    assert not _repeated_shape(line("R10"))
