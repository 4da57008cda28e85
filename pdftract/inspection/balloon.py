"""Ballooned drawings: numbered balloons with leaders over each characteristic, as a PDF overlay, SVG and CSV.

:func:`write_balloons` writes into one directory:

* ``characteristics.csv`` (and ``characteristics.xlsx`` when ``openpyxl`` is installed): one row per
  characteristic, the columns of :data:`pdftract.inspection.characteristics.COLUMNS`;
* ``ballooned.pdf``: a copy of the input whose pages keep their own content untouched (wrapped in ``q``/``Q``)
  with the balloons drawn on top, in the page's own user space (``/Rotate``, the crop box and ``/UserUnit``
  undone), so a viewer shows them where the SVG does. The input file is only read;
* ``ballooned-pN.svg``: page ``N`` drawn with its balloons.

Balloons are placed next to their characteristic, at the first of a ring of candidate spots that leaves the
page, earlier balloons and the sheet's words clear (found through the spatial index), with a leader to the
nearest point of the characteristic's box.

>>> import tempfile, pdftract
>>> out = tempfile.mkdtemp()
>>> doc = pdftract.analyze("fixtures/drawings/demo-bracket.pdf")
>>> written = write_balloons(doc, "fixtures/drawings/demo-bracket.pdf", out)
>>> sorted(p.name for p in written)[:3]
['ballooned-p1.svg', 'ballooned.pdf', 'characteristics.csv']
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from pdftract.errors import InputError
from pdftract.geometry import BBox, invert, page_matrix
from pdftract.display import to_svg
from pdftract.inspection.characteristics import COLUMNS, Characteristic, by_sheet, characteristics
from pdftract.inspection.zones import find_zones
from pdftract.svg import num

if TYPE_CHECKING:
    from pdftract.model.document import Document
    from pdftract.model.sheet import Sheet, SheetLike

#: balloon colour (RGB 0-1) in the PDF and SVG
COLOUR = (0.82, 0.1, 0.1)
_HEX = "#d11a1a"


@dataclass(frozen=True)
class Balloon:
    """Where a characteristic's balloon goes: centre, radius and the leader's end on the characteristic."""

    char_no: int
    centre: tuple[float, float]
    radius: float
    leader_to: tuple[float, float]


def sheet_svg_open(sheet: SheetLike) -> str:
    """The sheet drawn as SVG (paths, images outlined, glyph text) without its closing tag, for layers to be
    added over it."""
    return to_svg(sheet, glyph_boxes=False, results=False, legend=False).rstrip().removesuffix("</svg>")


def balloon_radius(sheet: SheetLike) -> float:
    """Balloon radius in points: a hundredth of the sheet's smaller side, between 7 and 14."""
    return max(7.0, min(14.0, min(sheet.width, sheet.height) / 100.0))


def _nearest_on_box(b: BBox, p: tuple[float, float]) -> tuple[float, float]:
    return min(max(p[0], b.x0), b.x1), min(max(p[1], b.top), b.bottom)


def _crossings(segs: npt.NDArray[np.float64], p: tuple[float, float], q: tuple[float, float]) -> int:
    """How many of the segments ``segs`` (rows x0, y0, x1, y1) the segment p-q properly crosses."""
    if not len(segs):
        return 0

    def orient(ax: Any, ay: Any, bx: Any, by: Any, cx: Any, cy: Any) -> Any:
        return np.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))

    x0, y0, x1, y1 = segs[:, 0], segs[:, 1], segs[:, 2], segs[:, 3]
    o1, o2 = orient(p[0], p[1], q[0], q[1], x0, y0), orient(p[0], p[1], q[0], q[1], x1, y1)
    o3, o4 = orient(x0, y0, x1, y1, p[0], p[1]), orient(x0, y0, x1, y1, q[0], q[1])
    return int(np.count_nonzero((o1 * o2 < 0) & (o3 * o4 < 0)))


#: what a leader crossing an earlier one costs, in words covered
CROSSING_COST = 3.0
#: candidate spots of a balloon: distances from its item (in radii) and directions
_REACHES = (2.2, 4.0, 6.5)
_DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def place_balloons(sheet: SheetLike, chars: Sequence[Characteristic]) -> list[Balloon]:
    """Balloon positions for ``chars`` (all on ``sheet``), in their order."""
    r = balloon_radius(sheet)
    words = sheet.index.words
    area = find_zones(sheet).inner(sheet.width, sheet.height)  # inside the border's zone labels
    placed: list[Balloon] = []
    centres = np.empty((0, 2))  # of the balloons placed so far
    leaders = np.empty((0, 4))
    for c in chars:
        b = c.bbox
        best: tuple[float, int, tuple[float, float]] | None = None
        order = 0
        for reach in _REACHES:
            for dx, dy in _DIRECTIONS:
                cx = (b.x0 - reach * r if dx < 0 else b.x1 + reach * r if dx > 0 else (b.x0 + b.x1) / 2)
                cy = (b.top - reach * r if dy < 0 else b.bottom + reach * r if dy > 0 else (b.top + b.bottom) / 2)
                order += 1
                if cx - r < area.x0 or cy - r < area.top or cx + r > area.x1 or cy + r > area.bottom:
                    continue
                if len(centres) and bool((np.hypot(centres[:, 0] - cx, centres[:, 1] - cy) < 2.2 * r).any()):
                    continue
                cost = float(len(words.intersection((cx - r, cy - r, cx + r, cy + r))))
                cost += CROSSING_COST * _crossings(leaders, (cx, cy), _nearest_on_box(b, (cx, cy)))
                if best is None or (cost, order) < (best[0], best[1]):
                    best = (cost, order, (cx, cy))
            if best is not None and best[0] == 0:
                break
        centre = best[2] if best is not None else (min(max(b.x0 - 2 * r, area.x0 + r), area.x1 - r),
                                                   max(b.top - 2 * r, area.top + r))
        placed.append(Balloon(c.char_no, centre, r, _nearest_on_box(b, centre)))
        centres = np.vstack([centres, centre])
        leaders = np.vstack([leaders, (*centre, *placed[-1].leader_to)])
    return placed


def _leader_start(bl: Balloon) -> tuple[float, float]:
    dx, dy = bl.leader_to[0] - bl.centre[0], bl.leader_to[1] - bl.centre[1]
    d = math.hypot(dx, dy) or 1.0
    return bl.centre[0] + dx / d * bl.radius, bl.centre[1] + dy / d * bl.radius


def balloons_svg(balloons: Sequence[Balloon]) -> list[str]:
    """SVG elements drawing ``balloons`` (a group with one ``<g>`` per balloon)."""
    out = ['<g id="balloons" font-family="Helvetica, Arial, sans-serif">']
    for bl in balloons:
        (x, y), r = bl.centre, bl.radius
        sx, sy = _leader_start(bl)
        size = r * (1.0 if bl.char_no < 100 else 0.8)
        out.append(
            f'<g class="balloon" data-char="{bl.char_no}" fill="none" stroke="{_HEX}">'
            f'<line x1="{num(sx)}" y1="{num(sy)}" x2="{num(bl.leader_to[0])}" y2="{num(bl.leader_to[1])}" stroke-width="0.6"/>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="white" stroke-width="0.9"/>'
            f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-size="{num(size)}" text-anchor="middle" fill="{_HEX}" '
            f'stroke="none">{bl.char_no}</text></g>')
    out.append("</g>")
    return out


def _pdf_ops(balloons: Sequence[Balloon], font: str) -> bytes:
    """Content-stream operators drawing ``balloons`` in displayed coordinates (the caller sets the matrix)."""
    k = 0.5523  # Bezier handle of a quarter circle
    red = " ".join(f"{v:.3f}" for v in COLOUR)
    ops = [f"{red} RG {red} rg"]
    for bl in balloons:
        (x, y), r = bl.centre, bl.radius
        sx, sy = _leader_start(bl)
        ops.append(f"0.6 w {sx:.2f} {sy:.2f} m {bl.leader_to[0]:.2f} {bl.leader_to[1]:.2f} l S")
        ops.append(
            f"1 g {x + r:.2f} {y:.2f} m {x + r:.2f} {y + k * r:.2f} {x + k * r:.2f} {y + r:.2f} {x:.2f} {y + r:.2f} c "
            f"{x - k * r:.2f} {y + r:.2f} {x - r:.2f} {y + k * r:.2f} {x - r:.2f} {y:.2f} c "
            f"{x - r:.2f} {y - k * r:.2f} {x - k * r:.2f} {y - r:.2f} {x:.2f} {y - r:.2f} c "
            f"{x + k * r:.2f} {y - r:.2f} {x + r:.2f} {y - k * r:.2f} {x + r:.2f} {y:.2f} c h 0.9 w B")
        size = r * (1.0 if bl.char_no < 100 else 0.8)
        text = str(bl.char_no)
        width = 0.556 * size * len(text)  # Helvetica digits are 556/1000 em wide
        ops.append(f"{red} rg BT {font} {size:.2f} Tf 1 0 0 -1 {x - width / 2:.2f} {y + size * 0.36:.2f} Tm ({text}) Tj ET")
    return ("\n".join(ops) + "\n").encode("ascii")


def write_pdf(src: str | os.PathLike[str], doc_sheets: Sequence[Sheet], balloons: dict[int, list[Balloon]],
              out: str | os.PathLike[str], password: str | None = None) -> None:
    """Copy ``src`` to ``out`` with ``balloons`` (by page number) drawn over each page; ``src`` is only read."""
    import pikepdf

    if Path(src).resolve() == Path(out).resolve():
        raise InputError(f"{out}: the ballooned PDF must not overwrite its input")
    with pikepdf.open(os.fspath(src), password=password or "") as pdf:
        for sheet in doc_sheets:
            items = balloons.get(sheet.number)
            if not items:
                continue
            page = pdf.pages[sheet.number - 1]
            m, _, _ = page_matrix(sheet.cropbox, sheet.rotation, sheet.user_unit)
            a, b, c, d, e, f = invert(m)
            font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                      BaseFont=pikepdf.Name.Helvetica, Encoding=pikepdf.Name.WinAnsiEncoding)
            name = page.add_resource(font, pikepdf.Name.Font, prefix="PdftractBalloon")
            page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)
            body = f"Q\nq {a:.6f} {b:.6f} {c:.6f} {d:.6f} {e:.4f} {f:.4f} cm\n".encode("ascii")
            body += _pdf_ops(items, str(name)) + b"Q\n"
            page.contents_add(pikepdf.Stream(pdf, body), prepend=False)
        pdf.save(os.fspath(out), deterministic_id=True)


def write_csv(chars: Sequence[Characteristic], path: str | os.PathLike[str]) -> None:
    """``characteristics.csv``: one header row, then one row per characteristic."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(COLUMNS))
        w.writeheader()
        for c in chars:
            w.writerow(c.row())


def write_xlsx(chars: Sequence[Characteristic], path: str | os.PathLike[str]) -> bool:
    """``characteristics.xlsx`` with numbers as numbers, when ``openpyxl`` is installed (returns whether written)."""
    try:
        from openpyxl import Workbook  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return False
    wb = Workbook()
    ws = wb.active
    ws.title = "Form 3"
    ws.append(list(COLUMNS))
    numbers = ("nominal", "lower_limit", "upper_limit", "char_no", "sheet")
    for c in chars:
        row, values = c.row(), c.to_dict()
        ws.append([values[k] if k in numbers else row[k] for k in COLUMNS])
    wb.save(path)
    return True


def write_balloons(doc: Document, src: str | os.PathLike[str], out_dir: str | os.PathLike[str], *,
                   password: str | None = None) -> list[Path]:
    """Number ``doc``'s characteristics and write the CSV (and XLSX), the ballooned PDF and one SVG per page
    into ``out_dir`` (created if missing). ``src`` is the PDF ``doc`` was read from; it is never modified.
    Returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chars = characteristics(doc)
    by_page = by_sheet(chars)
    sheets = list(doc)
    balloons = {s.number: place_balloons(s, by_page.get(s.number, [])) for s in sheets}
    written: list[Path] = []
    write_csv(chars, out / "characteristics.csv")
    written.append(out / "characteristics.csv")
    if write_xlsx(chars, out / "characteristics.xlsx"):
        written.append(out / "characteristics.xlsx")
    write_pdf(src, sheets, balloons, out / "ballooned.pdf", password=password)
    written.append(out / "ballooned.pdf")
    for s in sheets:
        path = out / f"ballooned-p{s.number}.svg"
        path.write_text(sheet_svg_open(s) + "\n".join(balloons_svg(balloons[s.number])) + "\n</svg>\n", encoding="utf-8")
        written.append(path)
    return written


__all__ = ["Balloon", "balloon_radius", "sheet_svg_open", "balloons_svg", "place_balloons", "write_balloons", "write_csv", "write_pdf",
           "write_xlsx"]
