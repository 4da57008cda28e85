"""A page's paths are stored as columns (a ``PathTable``): the paths it gives are those the page draws, whether it
keeps the objects it makes or not, and what is measured from the columns is what the objects would say."""

from __future__ import annotations

import pickle
import tracemalloc
from pathlib import Path as FilePath

import numpy as np
import pytest

import pdftract
from pdftract import index as index_module
from pdftract.index import BoxIndex
from pdftract.model import primitives
from pdftract.model.primitives import PathTable, segment_boxes
from pdftract.serialize import sheet_to_dict
from pdftract.testing import PdfWriter

ROOT = FilePath(__file__).resolve().parent.parent
FREECAD = sorted((ROOT / "fixtures" / "cad" / "freecad" / "pdf").glob("*.pdf"))
DEMO = ROOT / "fixtures" / "drawings" / "demo-bracket.pdf"


def _page(content: bytes) -> bytes:
    w = PdfWriter()
    w.add_page(content, fonts={"F1": w.helvetica()})
    return w.tobytes()


def _strokes(n: int) -> bytes:
    """A page of ``n`` separate stroked segments of two pieces each (one path each)."""
    return b"\n".join(f"{10 + (i % 500) * 1.1:.2f} {10 + (i // 500) * 0.9:.2f} m {15 + (i % 500) * 1.1:.2f} "
                      f"{12 + (i // 500) * 0.9:.2f} l S".encode() for i in range(n))


def test_a_page_holds_its_paths_in_a_table_that_gives_equal_paths_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    src = FREECAD[0] if FREECAD else DEMO
    kept = pdftract.open(src).page(1)
    assert isinstance(kept.paths, PathTable)
    assert kept.paths[3] is kept.paths[3]  # a small table keeps the objects it makes, as a tuple would
    monkeypatch.setattr(primitives, "KEEP_OBJECTS_UP_TO", 10)
    anew = pdftract.open(src).page(1)
    assert len(anew.paths) > 10
    assert anew.paths[3] is not anew.paths[4] and anew.paths[3] == kept.paths[3]
    assert list(anew.paths) == list(kept.paths) and anew.paths == kept.paths and anew.paths == tuple(kept.paths)
    # the text shapes the drawn-text pass marks are marked in both
    assert [p.text_shape for p in anew.paths] == [p.text_shape for p in kept.paths]
    assert sheet_to_dict(anew, include=("paths",)) == sheet_to_dict(kept, include=("paths",))


def test_a_table_is_what_its_paths_are_when_packed_again_and_pickled() -> None:
    table = pdftract.open(DEMO).page(1).paths
    assert isinstance(table, PathTable)
    again = PathTable.of(list(table))
    assert again == table and again.boxes().tolist() == table.boxes().tolist()
    sent = pickle.loads(pickle.dumps(table))
    assert isinstance(sent, PathTable) and sent == table
    assert sent.segment_counts().tolist() == [p.segment_count for p in table]
    renumbered = PathTable.of(list(table)[2:], first_id=7, first_segment=100)
    assert [p.id for p in renumbered][:2] == [7, 8] and renumbered[0].segments[0].id == 100
    assert [s.kind for s in renumbered[0].segments] == [s.kind for s in table[2].segments]
    with pytest.raises(IndexError):
        table[len(table)]
    assert table[-1] == table[len(table) - 1] and table[1:3] == (table[1], table[2])
    # joined as tuples were (a page's paths and those of its layers that are off)
    both = table + PathTable.of(list(table)[:2], first_id=len(table))
    assert isinstance(both, tuple) and len(both) == len(table) + 2 and both[: len(table)] == tuple(table)
    assert (table[0],) + table == (table[0], *table)
    # a numpy integer picks a path as an int does, and the path's id stays an int
    assert table[np.int64(2)] == table[2] and type(table[np.int64(2)].id) is int


@pytest.mark.parametrize("block", [7, 65_536])
def test_segment_boxes_from_the_columns_are_those_of_the_paths(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    monkeypatch.setattr(primitives, "SEGMENT_BOX_BLOCK", block)
    src = FREECAD[0] if FREECAD else DEMO
    table = pdftract.open(src).page(1).paths
    assert isinstance(table, PathTable)
    for text_shapes in (True, False):
        ids, boxes = table.segment_boxes(text_shapes=text_shapes)
        want_ids, want_boxes = segment_boxes(p for p in table if text_shapes or not p.text_shape)
        assert ids.tolist() == want_ids.tolist() and boxes.tolist() == want_boxes.tolist()
    # with some paths marked as text, blocks are partly kept (rows picked out of a block)
    marked = PathTable.of(list(table))
    marked.mark_text_shapes(range(0, len(table), 3))
    ids, boxes = marked.segment_boxes(text_shapes=False)
    want_ids, want_boxes = segment_boxes(p for p in marked if not p.text_shape)
    assert len(want_ids) and ids.tolist() == want_ids.tolist() and boxes.tolist() == want_boxes.tolist()


def test_marking_text_shapes_reaches_the_objects_already_made() -> None:
    table = PathTable.of(list(pdftract.open(DEMO).page(1).paths))
    first = table[0]
    table.mark_text_shapes([0, 2])
    assert first.text_shape and table[2].text_shape and not table[1].text_shape
    assert table.text_shapes().tolist()[:3] == [True, False, True]


def test_a_page_of_many_segments_keeps_about_a_hundred_bytes_a_path() -> None:
    # objects for each path (a Path, its box and floats, packed bytes, ids) held about 500 bytes a path
    data = _page(_strokes(20_000))
    doc = pdftract.open(data, read_drawn_text=False)
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        sheet = doc.page(1)
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    assert len(sheet.paths) == 20_000
    held = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert held / 20_000 < 200, f"{held / 20_000:.0f} bytes a path"


def test_an_index_of_several_trees_answers_as_one_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(7)
    lo = rng.random((700, 2)) * 100
    boxes = np.column_stack((lo, lo + rng.random((700, 2)) * 5))
    ids = rng.permutation(5000)[:700]
    one = BoxIndex.from_arrays(ids, boxes)
    monkeypatch.setattr(index_module, "TREE_BLOCK", 64)
    many = BoxIndex.from_arrays(ids, boxes)
    assert len(many._trees) == 11 and len(one._trees) == 1
    queries = np.column_stack((rng.random((50, 2)) * 100, rng.random((50, 2)) * 100 + 3))
    queries = np.column_stack((np.minimum(queries[:, :2], queries[:, 2:]), np.maximum(queries[:, :2], queries[:, 2:])))
    for q in queries.tolist():
        assert many.intersection(q) == one.intersection(q)
        assert many.within(q) == one.within(q)
    for a, b in zip(many.intersections(queries), one.intersections(queries), strict=True):
        assert a.tolist() == b.tolist()
    for x, y in (rng.random((40, 2)) * 100).tolist():
        for k in (1, 3, 10):
            assert many.nearest((x, y), k) == one.nearest((x, y), k)


def test_analysing_a_page_of_many_paths_makes_objects_only_for_the_paths_it_looks_into(monkeypatch: pytest.MonkeyPatch) -> None:
    # a large table keeps no objects, so a pass that walks every path as an object pays for each, every time: the
    # frame test of the page review and the cloud and triangle scans choose their paths from the columns first
    monkeypatch.setattr(primitives, "KEEP_OBJECTS_UP_TO", 100)
    n = 6000
    # strokes in the middle of the page, none near its edges (where the frame test looks), none a triangle or cloud
    content = b"\n".join(f"{150 + (i % 60) * 5:.2f} {200 + (i // 60) * 4:.2f} m {153 + (i % 60) * 5:.2f} "
                         f"{201 + (i // 60) * 4:.2f} l S".encode() for i in range(n))
    doc = pdftract.open(_page(content))
    sheet = doc.page(1)
    assert isinstance(sheet.paths, PathTable) and len(sheet.paths) == n
    made = [0]
    make = PathTable._make

    def counting(self: PathTable, i: int) -> primitives.Path:
        made[0] += 1
        return make(self, i)

    monkeypatch.setattr(PathTable, "_make", counting)
    result = pdftract.analyze(doc, analyzers=["review", "revision_clouds"])
    assert result.pages[0].results["revision_clouds"] == ()
    assert made[0] < n // 10, f"{made[0]} path objects made for {n} paths"
