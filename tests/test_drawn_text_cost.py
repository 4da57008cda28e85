"""What reading text drawn as shapes costs, counted rather than timed: the pass reads a page's paths from its
path table's columns (no path object per stroke), asks the R-tree in bulk where it can, and its shortcuts give
exactly what the plain computations give."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import pdftract
from pdftract.index import BoxIndex
from pdftract.ingest import drawn_text as dt
from pdftract.ingest import reader
from pdftract.model import primitives

ROOT = Path(__file__).resolve().parent.parent
KICAD = ROOT / "fixtures" / "schematics" / "kicad"


def test_a_stroked_schematic_is_read_making_few_path_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    """A KiCad sheet draws every letter as strokes with a hidden copy of its text: the drawn-text pass and the
    symbol pass that follows it read the strokes from the table's columns. (They made an object of every
    path, 3 690 on this sheet.)"""
    made = [0]
    make = primitives.PathTable._make

    def counting(self: primitives.PathTable, i: int) -> primitives.Path:
        made[0] += 1
        return make(self, i)

    monkeypatch.setattr(primitives.PathTable, "_make", counting)
    during: dict[str, int] = {}
    for name in ("recover_drawn_text", "recover_path_symbols"):
        func = getattr(reader, name)

        def counted(*args: object, _func: object = func, _name: str = name, **kwargs: object) -> object:
            before = made[0]
            try:
                return _func(*args, **kwargs)  # type: ignore[operator]
            finally:
                during[_name] = made[0] - before

        monkeypatch.setattr(reader, name, counted)
    sheet = pdftract.open(KICAD / "sch-a1.pdf").page(1)
    read = sum(1 for g in sheet.glyphs if g.source is primitives.UnicodeSource.HIDDEN_LAYER)
    assert read > 300 and sheet.paths.text_shapes().sum() > 1000
    assert set(during) == {"recover_drawn_text", "recover_path_symbols"}
    assert sum(during.values()) <= 0.1 * len(sheet.paths), during


@pytest.mark.parametrize("name", ["sch-a1.pdf", "sch-b2.pdf"])
def test_atoms_from_the_columns_are_the_atoms_path_by_path(name: str) -> None:
    """The columns' reading of a page's subpaths gives the same atoms, point for point, as flattening each path."""
    sheet = pdftract.open(KICAD / name, read_drawn_text=False).page(1)
    table = sheet.paths
    assert isinstance(table, primitives.PathTable)
    fast, slow = dt._collect(table), dt._collect(list(table))
    for field in ("boxes", "pen", "path", "filled", "per_path", "ink", "stroked_fill", "evenodd"):
        assert np.array_equal(getattr(fast, field), getattr(slow, field)), field
    assert len(fast.points) == len(slow.points) > 1000
    assert all(np.array_equal(fast.points[k], slow.points[k]) for k in range(len(slow.points)))


def test_atoms_from_columns_keep_curves_closes_paper_and_dashes() -> None:
    """Paths with curves (flattened one by one), closes, white paint inside and outside a coloured fill, and a
    dashed line drawn dash by dash are taken from the columns as from the paths."""
    table = primitives.PathTable()

    def add(shape: str, coords: list[float], *, stroke: bool = True, fill: bool = False,
            colour: tuple[float, ...] = (0.0,), fill_colour: tuple[float, ...] | None = None, width: float = 0.3) -> None:
        xs, ys = coords[0::2], coords[1::2]
        table.append(shape=shape, coords=coords, first_segment=0, stroke=stroke, fill=fill, evenodd=False, line_width=width,
                     dash=None, stroke_color=colour if stroke else None, fill_color=fill_colour if fill else None,
                     bbox=(min(xs), min(ys), max(xs), max(ys)))

    add("mlll", [0, 0, 2, 0, 2, 3, 0, 3])
    add("mllhl", [5, 0, 7, 0, 7, 3, 8, 4])  # a line after a close continues the subpath
    add("mcl", [10, 0, 11, 2, 12, 2, 13, 0, 13, 3])  # a curve
    add("mlmlml", [20, 0, 22, 0, 23, 0, 25, 0, 26, 0, 28, 0])  # a dashed line, dash by dash
    add("mlmm", [30, 0, 31, 1, 32, 2, 33, 3])  # a lone move is no subpath
    add("mlllh", [40, 0, 60, 0, 60, 20, 40, 20], stroke=False, fill=True, fill_colour=(0.0,))  # a dark band
    add("mll", [45, 5, 47, 9, 49, 5], colour=(1.0,))  # white lettering on it
    add("mll", [70, 5, 72, 9, 74, 5], colour=(1.0,))  # white paint on the paper: no ink
    add("mlllh", [80, 0, 82, 0, 82, 2, 80, 2], fill=True, fill_colour=(0.5,))  # a stroked fill
    fast, slow = dt._collect(table), dt._collect(list(table))
    for field in ("boxes", "pen", "path", "filled", "per_path", "ink", "stroked_fill", "evenodd"):
        assert np.array_equal(getattr(fast, field), getattr(slow, field)), field
    assert all(np.array_equal(fast.points[k], slow.points[k]) for k in range(len(slow.points)))
    assert 3 not in fast.path.tolist() and 7 not in fast.path.tolist() and 6 in fast.path.tolist()


def test_chaining_asks_the_tree_in_bulk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chaining shapes into lines asks the R-tree once for all shapes' neighbours, not once per shape (a circuit
    board's 80 000 pads and tracks asked it some 250 000 times)."""
    calls = [0]
    one = BoxIndex.intersection

    def counting(self: BoxIndex, bbox: object) -> list[int]:
        calls[0] += 1
        return one(self, bbox)  # type: ignore[arg-type]

    monkeypatch.setattr(BoxIndex, "intersection", counting)
    rng = random.Random(7)
    rows = []
    for line in range(40):  # lines of letters, some with a point and an underscore
        u = 0.0
        for _k in range(25):
            w = rng.uniform(4, 7)
            rows.append((u, line * 20.0, u + w, line * 20.0 + 10))
            u += w + rng.uniform(1, 3)
            if rng.random() < 0.1:
                rows.append((u, line * 20.0, u + 1.2, line * 20.0 + 1.2))  # a point on the baseline
                u += 3.0
    fb = np.array(rows, dtype=np.float64)
    n = len(fb)
    pens = (np.zeros(n, dtype=np.int64), np.full(n, 0.2), np.zeros(n, dtype=bool))
    chains = dt._chains(fb, np.arange(n), pens)
    assert 30 <= len(chains) <= 60 and sorted(c for ch in chains for c in ch) == list(range(n))
    assert calls[0] <= n // 10, calls[0]


def test_short_percentile_and_median_are_numpys() -> None:
    """The pure-Python percentile and median of the line reader give numpy's values to the last bit."""
    rng = random.Random(11)
    for _trial in range(3000):
        values = [rng.choice((rng.random() * 10, round(rng.random() * 10, 2), rng.uniform(-1e3, 1e3), 0.1, 1 / 3))
                  for _k in range(rng.randint(1, 25))]
        assert dt._percentile(values, 80) == float(np.percentile(values, 80))
        assert dt._median(values) == float(np.median(values))
