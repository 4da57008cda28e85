"""AutoCAD's SHX text comments: AutoCAD draws text in SHX fonts as strokes and, with "Convert SHX text to comments",
writes each string as a comment (``/T (AutoCAD SHX Text)``) over its strokes. The comment's string is the text."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

import pdftract

from .conftest import CORPUS

REAL9 = Path(__file__).resolve().parents[2] / "extra" / "real9"


def _pdf(path: Path, comments: list[tuple[str, str, tuple[float, float, float, float]]], rotate: int = 0,
         text_layer: bool = False) -> None:
    """Strokes under each comment's box (a zigzag per character), the comments over them, and optionally the same
    string in the text layer at the first box."""
    pdf = pikepdf.new()
    ops = [b"0.5 w"]
    annots = []
    for title, contents, (x0, y0, x1, y1) in comments:
        n = max(1, len(contents))
        step = (x1 - x0) / n
        for i in range(n):
            a = x0 + i * step + 0.15 * step
            b = x0 + (i + 1) * step - 0.15 * step
            ops.append(f"{a:.2f} {y0 + 1:.2f} m {a:.2f} {y1 - 1:.2f} l {b:.2f} {y0 + 1:.2f} l {b:.2f} {y1 - 1:.2f} l S".encode())
        annots.append(pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square, Rect=[x0, y0, x1, y1], T=pikepdf.String(title),
            Contents=pikepdf.String(contents), F=64, Border=[0, 0, 0])))
    resources = pikepdf.Dictionary()
    if text_layer:
        x0, y0 = comments[0][2][0], comments[0][2][1]
        ops.append(f"BT /F1 10 Tf {x0:.2f} {y0 + 1:.2f} Td ({comments[0][1]}) Tj ET".encode())
        resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)))
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842], Resources=resources,
                              Contents=pdf.make_stream(b"\n".join(ops)), Annots=pikepdf.Array(annots))
    if rotate:
        page.Rotate = rotate
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)


def test_text_drawn_as_strokes_under_an_shx_comment_is_the_comment_s_string(tmp_path: Path) -> None:
    path = tmp_path / "shx.pdf"
    _pdf(path, [("AutoCAD SHX Text", "VALVE 12", (100, 700, 180, 712)), ("AutoCAD SHX Text", "批准", (100, 600, 124, 612)),
                ("Someone", "NOT A LABEL", (100, 500, 210, 512))])
    sheet = pdftract.open(str(path)).page(1)
    lines = sorted(ln.text for ln in sheet.layout.lines)
    assert "VALVE 12" in lines and "批准" in lines
    assert not any("NOT A LABEL" in t for t in lines)  # a comment of another author is no text of the drawing
    taken = [g for g in sheet.glyphs if g.text.strip() and g.source.value == "hidden_layer"]
    assert len(taken) == len("VALVE12批准") and all(g.confidence == 0.9 for g in taken)
    # the strokes under the comments taken are the text's shapes; the others stay linework
    shapes = [p for p in sheet.paths if p.text_shape]
    assert len(shapes) == len("VALVE 12") + 2
    assert any("AutoCAD SHX Text" in d.message for d in sheet.diagnostics)
    assert [a.title for a in sheet.annotations] == ["AutoCAD SHX Text", "AutoCAD SHX Text", "Someone"]


def test_an_shx_comment_over_text_the_text_layer_holds_adds_nothing(tmp_path: Path) -> None:
    path = tmp_path / "both.pdf"
    _pdf(path, [("AutoCAD SHX Text", "PUMP", (100, 700, 140, 712))], text_layer=True)
    sheet = pdftract.open(str(path)).page(1)
    assert [g.text for g in sheet.glyphs if g.text.strip()] == list("PUMP")


def test_a_tall_comment_box_is_text_read_bottom_to_top(tmp_path: Path) -> None:
    # a vertical value: its box stands tall on the page
    path = tmp_path / "tall.pdf"
    pdf_comments = [("AutoCAD SHX Text", "240", (300, 400, 310, 430))]
    _pdf(path, pdf_comments)
    sheet = pdftract.open(str(path)).page(1)
    (word,) = [w for w in sheet.layout.words if w.text == "240"]
    assert word.direction == 90.0


@pytest.mark.skipif(not (REAL9 / "mech-desenho-tecnico-desenho0404.pdf").exists(), reason="real9 corpus not fetched")
def test_autocad_sheet_of_shx_text_reads_its_isometric_values() -> None:
    sheet = pdftract.open(str(REAL9 / "mech-desenho-tecnico-desenho0404.pdf")).page(1)
    words = {w.text for w in sheet.layout.words}
    assert {"Planta", "60", "40", "20", "10"} <= words


def test_shx_comments_take_nothing_the_strokes_were_read_as() -> None:
    """AutoCAD Plant 3D's comments repeat strings (``R-001`` six times in one box) and split them; where the strokes
    under them were read, the reading stands and the comments add nothing (no ``FCFC`` of two comments side by
    side, the instruments' tags as the strokes read them)."""
    path = CORPUS / "pid-rockcandy-autocad-plant3d-rot270.pdf"
    if not path.exists():
        pytest.skip("real corpus not present")
    sheet = pdftract.open(str(path)).page(2)
    assert not any("AutoCAD SHX Text" in d.message for d in sheet.diagnostics)
    words = {w.text for w in sheet.layout.words}
    assert {"FC", "TC"} <= words and not {"FCFC", "TCTC"} & words


def _loose_pdf(path: Path, rows: list[tuple[str, tuple[float, float, float, float], tuple[float, float, float, float]]]) -> None:
    """Each row: a string, the box its strokes fill (a zigzag per character) and the comment's larger box."""
    pdf = pikepdf.new()
    ops = [b"0.2 w"]
    annots = []
    for contents, (x0, y0, x1, y1), rect in rows:
        step = (x1 - x0) / len(contents)
        for i in range(len(contents)):
            a, b = x0 + i * step + 0.15 * step, x0 + (i + 1) * step - 0.15 * step
            ops.append(f"{a:.2f} {y0:.2f} m {a:.2f} {y1:.2f} l {b:.2f} {y0:.2f} l {b:.2f} {y1:.2f} l S".encode())
        annots.append(pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square, Rect=list(rect), T=pikepdf.String("AutoCAD SHX Text"),
            Contents=pikepdf.String(contents), F=64, Border=[0, 0, 0])))
    page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, 595, 842], Contents=pdf.make_stream(b"\n".join(ops)),
                              Annots=pikepdf.Array(annots))
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)


def test_comment_boxes_far_larger_than_their_strokes_give_the_strokes_place(tmp_path: Path) -> None:
    """A flow diagram's revision rows: letters 2.4 pt tall, rows 5 pt apart, each comment's box 8 pt tall and
    reaching over the next row. The characters take their strokes' place, so the rows stay apart (before, each
    row's box overlapped the next one's and the rows ran together)."""
    path = tmp_path / "rows.pdf"
    rows = [("05 ISSUED", (100.0, 700.0, 130.0, 702.4), (98.0, 697.0, 134.0, 705.0)),
            ("04 ISSUED", (100.0, 695.0, 130.0, 697.4), (98.0, 692.0, 134.0, 700.0)),
            ("03 ISSUED", (100.0, 690.0, 130.0, 692.4), (98.0, 687.0, 134.0, 695.0))]
    _loose_pdf(path, rows)
    sheet = pdftract.open(str(path)).page(1)
    assert sorted(ln.text for ln in sheet.layout.lines) == ["03 ISSUED", "04 ISSUED", "05 ISSUED"]
    tops = sorted({round(g.bbox.top, 1) for g in sheet.glyphs if g.text.strip()})
    assert tops == [139.6, 144.6, 149.6]  # each row's glyphs stand on its strokes


def test_with_the_stroked_characters_pass_the_comments_are_read_before_the_strokes(tmp_path: Path) -> None:
    """On a sheet with a text layer, AutoCAD's SHX values as strokes one path a character under its comments: the
    comment's string is the program's own, a reading of the strokes is a match. With the opt-in pass for stroked
    characters (``read_drawn_text="strokes"``) the strokes were read first and the comments took only what was
    left (a flow diagram lost seven of its tank and pump names); the comments come first now."""
    from .test_drawn_text import _stroked_page

    values = [("8000", 100, 600, 5), ("10000", 200, 600, 5), ("1100", 300, 600, 5), ("TANK 12 TON", 100, 560, 5),
              ("DN65", 250, 560, 5), ("5000", 350, 560, 5)]
    path = tmp_path / "stroked.pdf"
    path.write_bytes(_stroked_page(values, 40))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        page = pdf.pages[0]
        page.obj.Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square,
            Rect=[x - 1, y - 2, x + 0.9 * size * len(text) + 1, y + size + 2],
            T=pikepdf.String("AutoCAD SHX Text"), Contents=pikepdf.String(text), F=64, Border=[0, 0, 0]))
            for text, x, y, size in values])
        pdf.save(path)
    sheet = pdftract.open(str(path), read_drawn_text="strokes").page(1)
    texts = [ln.text for ln in sheet.layout.lines if "NOTE" not in ln.text]
    for text, *_rest in values:
        assert any(text in t for t in texts), (text, texts)
    read = {g.source.value for g in sheet.glyphs if g.text.strip() and g.synthetic}
    assert read == {"hidden_layer"}, read
