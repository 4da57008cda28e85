"""Paths read from a page keep their pieces packed; segments are made on first use and are what PDF draws."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path as FilePath

import numpy as np
import pytest

import pdftract
from pdftract.geometry import BBox
from pdftract.model.primitives import Path, segment_boxes
from pdftract.serialize import sheet_to_dict
from pdftract.testing import PdfWriter

FIXTURES = FilePath(__file__).resolve().parent.parent / "fixtures" / "drawings"


def _sheet(content: bytes) -> pdftract.Sheet:
    w = PdfWriter()
    w.add_page(content, fonts={"F1": w.helvetica()})
    return pdftract.open(w.tobytes()).page(1)


def _pieces(p: Path) -> list[tuple[str, list[tuple[float, float]]]]:
    # page coordinates: top-left origin on a 792 pt high page
    return [(s.kind, [(round(x, 6), round(y, 6)) for x, y in s.points]) for s in p.segments]


def test_every_operator_gives_the_segments_pdf_draws() -> None:
    # v repeats the current point as the first control point, y the end as the second; h closes to the
    # subpath's start and the pen stands there (the l after it starts from the start); a move followed by
    # another move leaves no segment
    s = _sheet(b"10 10 m 20 10 l 30 20 40 20 v 50 10 60 20 y h 80 80 l S 5 5 m 15 15 m 25 15 l S")
    first, second = s.paths
    assert _pieces(first) == [
        ("move", [(10, 782)]),
        ("line", [(10, 782), (20, 782)]),
        ("curve", [(20, 782), (20, 782), (30, 772), (40, 772)]),
        ("curve", [(40, 772), (50, 782), (60, 772), (60, 772)]),
        ("close", [(60, 772), (10, 782)]),
        ("line", [(10, 782), (80, 712)]),
    ]
    assert [seg.id for seg in first.segments] == [0, 1, 2, 3, 4, 5]
    assert {seg.path_id for seg in first.segments} == {first.id}
    assert _pieces(second) == [("move", [(15, 777)]), ("line", [(15, 777), (25, 777)])]
    assert [seg.id for seg in second.segments] == [6, 7]
    assert first.kinds == ("move", "line", "curve", "curve", "close", "line") and first.segment_count == 6
    assert first.bbox == pytest.approx(BBox(10, 712, 80, 782))


def test_a_rectangle_drawn_either_way_is_a_rectangle() -> None:
    s = _sheet(b"10 10 m 50 10 l 50 30 l 10 30 l h S 10 10 m 50 10 l 50 30 l 10 30 l 10 10 l S "
               b"10 10 m 50 10 l 50 30 l 10 31 l h S 60 10 m 70 10 l S")
    assert [p.is_rect for p in s.paths] == [True, True, False, False]


def test_reading_a_page_makes_no_segment_objects() -> None:
    # the drawn-text and symbol passes, the JSON and the segment R-tree read the packed form
    doc = pdftract.open(FIXTURES / "demo-bracket.pdf")
    sheet = doc.page(1)
    assert sheet.paths
    sheet.index.segments
    out = sheet_to_dict(sheet, frozenset({"paths"}))
    assert sum(len(p["segments"]) for p in out["paths"]) == sum(p.segment_count for p in sheet.paths)
    assert all(p._made is None for p in sheet.paths)
    sheet.paths[0].segments
    assert sheet.paths[0]._made is not None


def test_segment_boxes_are_the_boxes_of_the_segments() -> None:
    checked = 0
    for pdf in sorted((FIXTURES / "generated").glob("*.pdf"))[::8]:
        sheet = pdftract.open(pdf).page(1)
        ids, boxes = segment_boxes(sheet.paths)
        expected = [(s.id, BBox.from_points(s.points)) for p in sheet.paths for s in p.segments if s.kind != "move"]
        assert ids.tolist() == [i for i, _ in expected]
        assert np.array_equal(boxes, np.asarray([b for _, b in expected], dtype=np.float64).reshape(-1, 4))
        checked += len(expected)
    assert checked > 1000


def _packed() -> Path:
    return Path.packed(id=4, shape="mlc", coords=(0, 0, 10, 0, 11, 1, 12, 2, 13, 3), first_segment=9, stroke=True,
                       fill=False, evenodd=False, line_width=0.5, dash=None, stroke_color=(0.0,), fill_color=None,
                       bbox=BBox(0, 0, 13, 3))


def test_packed_and_given_forms_are_equal_paths() -> None:
    p = _packed()
    given = Path(id=4, segments=p.segments, stroke=True, fill=False, evenodd=False, line_width=0.5, dash=None,
                 stroke_color=(0.0,), fill_color=None, bbox=BBox(0, 0, 13, 3))
    assert p == given and given == p and hash(p) == hash(given)
    assert p != replace(p, line_width=0.6)
    assert list(p.numbered_pieces()) == [(s.id, s.kind, s.points) for s in given.segments]


def test_renumbering_a_packed_path_renumbers_its_segments() -> None:
    p = _packed().renumbered(7, 20)
    assert [(s.id, s.path_id) for s in p.segments] == [(20, 7), (21, 7), (22, 7)]
    q = replace(_packed(), segments=_packed().segments[:2])  # given anew: held as given
    assert q.segment_count == 2 and q.kinds == ("move", "line")
    r = q.renumbered(1, 0)
    assert [(s.id, s.path_id) for s in r.segments] == [(0, 1), (1, 1)]


def test_a_pickled_path_leaves_its_made_segments_behind() -> None:
    p = _packed()
    p.segments
    q = pickle.loads(pickle.dumps(p))
    assert q._made is None and q == p and q.segments == p.segments


def test_a_packed_path_refuses_a_shape_its_points_do_not_fit() -> None:
    with pytest.raises(ValueError, match="needs 10 coordinates"):
        Path.packed(id=0, shape="mlc", coords=(0, 0, 1, 1), first_segment=0, stroke=True, fill=False, evenodd=False,
                    line_width=1.0, dash=None, stroke_color=None, fill_color=None, bbox=BBox(0, 0, 1, 1))
    with pytest.raises(ValueError, match="letters m, l, c, h"):
        Path.packed(id=0, shape="mx", coords=(0, 0, 1, 1), first_segment=0, stroke=True, fill=False, evenodd=False,
                    line_width=1.0, dash=None, stroke_color=None, fill_color=None, bbox=BBox(0, 0, 1, 1))
    with pytest.raises(ValueError, match="starts with a move"):
        Path.packed(id=0, shape="lm", coords=(0, 0, 1, 1), first_segment=0, stroke=True, fill=False, evenodd=False,
                    line_width=1.0, dash=None, stroke_color=None, fill_color=None, bbox=BBox(0, 0, 1, 1))


def test_a_segment_is_found_by_id_making_only_its_own_paths_segments() -> None:
    sheet = pdftract.open(FIXTURES / "demo-bracket.pdf").page(1)
    last = sheet.paths[-1]
    wanted = last.segments[-1]
    assert sheet.segment(wanted.id) == wanted
    assert sum(p._made is not None for p in sheet.paths) == 1  # the last path's, made above
    assert [sheet.segment(s.id) for s in sheet.segments] == list(sheet.segments)
    with pytest.raises(IndexError):
        sheet.segment(len(sheet.segments))
    with pytest.raises(IndexError):
        sheet.segment(-1)


def test_analysis_makes_segment_objects_only_for_the_paths_it_looks_up() -> None:
    """The analyzers judge paths from their packed form (piece counts, kinds, points): a full analysis of a
    drawing with a 60-row parts list makes `Segment` objects only for the few paths its index lookups return,
    not for every path of the page (which kept about 500 bytes per piece alive on big pages)."""
    doc = pdftract.analyze(FIXTURES / "generated" / "bom-60-iso-bottom.pdf")
    sheet = doc.pages[0]
    made = sum(1 for p in sheet.paths if p._made is not None)
    assert len(sheet.paths) > 300 and made < 0.2 * len(sheet.paths)
    assert sheet.results["tables"] and sheet.results["title_block"] is not None
