"""Text drawn as outlines or strokes read back (pdftract.ingest.drawn_text).

Truth comes from the fixture script's input (fixtures/drawn_text/make.py: the strings Ghostscript drew as
outlines or that were drawn with Hershey stroke fonts), never from our own output. Fonts of the templates'
families are the tuned part; the held-out fonts (URW Nimbus, Gothic, C059, Nimbus Mono; two Hershey fonts)
were never looked at while tuning. Thresholds sit below what ``benchmarks/drawn_text.py`` measures.
"""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path

import numpy as np
import pikepdf
import pytest

import pdftract
from pdftract.ingest.drawn_text import _markup, recover_drawn_text, text_looks_drawn
from pdftract.model.primitives import UnicodeSource
from pdftract.testing import simple_pdf

from .conftest import CORPUS

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "drawn_text"
SHARED = ROOT.parent / "shared" / "corpus"
EXTRA = ROOT.parent / "extra"
_spec = importlib.util.spec_from_file_location("drawn_text_bench", ROOT / "benchmarks" / "drawn_text.py")
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def _totals(names: list[str]) -> tuple[int, int, int]:
    chars = edits = false = 0
    for name in names:
        r = bench.score_fixture(FIXTURES / f"{name}.pdf", False)
        chars += r["chars"]
        edits += r["edits"]
        false += r["false_chars"]
    return chars, edits, false


def _names(split: str, kind: str) -> list[str]:
    out = []
    for p in sorted(FIXTURES.glob("*.truth.json")):
        t = json.loads(p.read_text(encoding="utf-8"))
        if t["split"] == split and t["kind"] == kind:
            out.append(p.name[: -len(".truth.json")])
    return out


def test_a_geometric_font_s_round_figures_and_single_storey_a() -> None:
    # League Spartan draws 0 as round as O: in the run of figures a word starts with, a look-alike is a figure
    lines = set(pdftract.open(FIXTURES / "outline-league-spartan.pdf").page(1).text.split("\n"))
    assert {"100nF 50V", "10k", "45.00", "0.305mm"} <= lines, sorted(lines)
    # its single-storey a, nearly as close to o, is taken inside a word with no margin: the lexicon settles it
    assert "Company" in lines and "Compony" not in lines, sorted(lines)


@pytest.mark.parametrize(("name", "limit"), [
    ("stroke-hershey-futural", 0.03),  # measured 0.010
    ("stroke-lff-iso3098", 0.015),  # measured 0.005: ISO 3098 CAD lettering
    ("stroke-lff-standard", 0.01),  # measured 0.000
    ("stroke-lff-opengost-a", 0.045),  # measured 0.025: a condensed font, read widened (0.118 before)
])
def test_cad_stroke_fonts_read(name: str, limit: float) -> None:
    chars, edits, _false = _totals([name])
    assert edits / chars <= limit, f"{name}: CER {edits / chars:.3f} > {limit}"


@pytest.mark.parametrize(("split", "kind", "limit"), [
    # measured 0.007 with the geometric, humanist and serif fonts added 2026-12-05 (0.003 on the four before)
    ("tune", "outline", 0.012),
    ("heldout", "outline", 0.04),  # measured 0.024
    # measured 0.009: Hershey futural 0.010, LibreCAD's ISO 3098 0.007, standard 0.000 and GOST type A 0.021 (0.118
    # before condensed lines were read widened)
    ("tune", "stroke", 0.03),
    ("heldout", "stroke", 0.025),  # measured 0.008
    # Cyrillic drawn as outlines (make_cyrillic.py), added 2026-12-06 and measured 0.78 and 0.79 before it was read:
    # tuned (DejaVu, Liberation) 0.0007, held out (PT Sans, FreeSans) 0.073 (partial: above the 2 % aimed at);
    # 2026-12-07, with four tuned faces the templates are not built from (Open Sans, Roboto, Cantarell, Go; 0.028
    # together before): tuned 0.001, held out 0.052
    ("tune-cyrillic", "outline", 0.01),
    ("heldout-cyrillic", "outline", 0.075),
    # Chinese drawn as outlines (make_cjk.py), added 2026-12-07 and measured 0.71-0.78 before it was read (the Latin
    # figures and letters among the hanzi only): tuned (AR PL UMing, Noto Sans CJK SC, and that one condensed to
    # 0.7) 0.015, held out (WenQuanYi Zen Hei, AR PL SungtiL GB and that one condensed) 0.018
    ("tune-cjk", "outline", 0.03),
    ("heldout-cjk", "outline", 0.035),
])
def test_character_error_rate(split: str, kind: str, limit: float) -> None:
    names = _names(split, kind)
    assert names, f"no {split} {kind} fixtures"
    chars, edits, false = _totals(names)
    assert chars > 500
    assert edits / chars <= limit, f"{split} {kind}: CER {edits / chars:.3f} > {limit}"
    assert false <= 0.01 * chars  # characters read where no text is


def test_cyrillic_words_letters_in_two_pieces_and_latin_twins() -> None:
    """A Cyrillic word is told by its letters no Latin one is drawn like (``л``, ``Д``), and its Latin twins are
    given back in Cyrillic; ``ы`` (a soft sign and a bar) and ``№`` (an N and a raised o) are one character each;
    a line of twins alone (``Масса``, ``Т. контр.``) is Cyrillic on a page written in Cyrillic, and the case of a
    letter whose small form is its capital's shape follows its height."""
    lines = set(pdftract.open(FIXTURES / "cyrillic-dejavu-sans.pdf").page(1).text.split("\n"))
    assert {"Детали", "Материалы", "№ докум.", "Масса", "Т. контр.", "Поз.", "Формат А3", "Кронштейн"} <= lines, sorted(lines)
    assert "Болт М8х25 ГОСТ 7798-70" in lines and "Разраб." in lines, sorted(lines)


@pytest.mark.parametrize(("name", "expected"), [
    # a face's own Д and У, 0.33-0.37 from the templates, on a page written in Cyrillic; a word whose letters the
    # Cyrillic templates read in a line with a Cyrillic word (``кромки``); a break told by the letters' bearings
    ("cyrillic-open-sans", {"Дата", "Утв.", "Острые кромки притупить", "Щит управления", "Размеры для справок",
                            "Фланец Ду50", "Сталь 40Х ГОСТ 4543-2016", "Формат А3"}),
    # a figure stays a figure in a code however like З it is; sizes' 0 between times signs
    ("cyrillic-roboto", {"ИВКН.305131.002", "Уголок 50х50х5", "Эскизный проект", "Лист Б-ПН-2 ГОСТ 19903-2015"}),
    # a tall humanist comma; the points of an ellipsis
    ("cyrillic-go", {"0,45", "Объем 2,5 л", "Ra 3,2", "Твердость 40...45 HRC"}),
    # a lone N° on a Cyrillic page; a word of one height of one case (``докум``, not ``дОкУм``)
    ("cyrillic-cantarell", {"№ докум.", "Н. контр.", "Покрытие Хим. Окс. прм"}),
])
def test_cyrillic_in_faces_unlike_the_templates(name: str, expected: set[str]) -> None:
    """Cyrillic set in faces the templates are not built from (tuned fixtures added 2026-12-07)."""
    lines = set(pdftract.open(FIXTURES / f"{name}.pdf").page(1).text.split("\n"))
    assert expected <= lines, sorted(expected - lines)


def test_chinese_words_among_latin_ones_and_condensed() -> None:
    """Hanzi drawn as outlines are read as whole characters (their pieces, radicals and dots, joined in square
    cells), beside the Latin designations of their line, which stay Latin (``HT200``'s T is no 丁, a hyphen no
    一); a turned word reads turned; a page set in a condensed face (GB/T 14691) reads too."""
    lines = set(pdftract.open(FIXTURES / "cjk-noto-sans-sc.pdf").page(1).text.split("\n"))
    assert {"调质处理 HB220-250", "铸铁 HT200", "华东精密机械有限公司", "未注公差按 GB/T 1804-m", "年月日", "热处理 HRC40-45"} <= lines, \
        sorted(lines)
    condensed = set(pdftract.open(FIXTURES / "cjk-noto-sans-sc-condensed.pdf").page(1).text.split("\n"))
    assert {"华东精密机械有限公司", "技术要求", "齿轮轴"} <= condensed, sorted(condensed)
    sheet = pdftract.open(FIXTURES / "cjk-noto-sans-sc.pdf").page(1)
    hanzi = [g for g in sheet.glyphs if "\u4e00" <= g.text <= "\u9fff"]
    assert hanzi and all(g.source is UnicodeSource.OUTLINE_MATCH and 0.5 <= g.confidence <= 1 for g in hanzi)


def test_shipped_side_bearings_are_the_template_fonts_own() -> None:
    """The side bearings that tell a word break (``text_bearings.json``) are what the build makes from the
    template fonts, where they are installed: a Cyrillic straight-sided letter's bearings are wider than a round
    letter's."""
    from pdftract.data.build_templates import LETTERS_ONLY, TEXT_FONTS, build_bearings
    from pdftract.ingest import drawn_text

    shipped = drawn_text._bearings()
    assert shipped["п"][0] > shipped["о"][0] and shipped["н"][1] > shipped["с"][1] and shipped["T"][0] < shipped["N"][0]
    if not all(Path(f).exists() for f in TEXT_FONTS if Path(f).name not in LETTERS_ONLY):
        pytest.skip("the template fonts are not all installed here")
    built = build_bearings()
    assert {ch: tuple(v) for ch, v in built.items()} == shipped


def test_chinese_templates_read_their_own_faces() -> None:
    """Each template face's own outline of a character is nearest to that character's templates (the build and
    the reader describe a shape alike)."""
    from fontTools.ttLib import TTFont

    from pdftract.data.build_templates import CJK_FONTS
    from pdftract.ingest import cjk_text
    from pdftract.ingest.outlines import glyph_contours

    tpl = cjk_text.templates()
    assert tpl is not None and len(tpl.labels) == len(tpl.rows) >= 3 * 3755
    path, face = CJK_FONTS[2]
    if not Path(path).exists():
        pytest.skip("the template face is not installed here")
    font = TTFont(path, fontNumber=face, lazy=True)
    cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
    words = "设计审核比例重量材料图样名称代号"
    feats = np.stack([cjk_text.features([np.asarray(c, dtype=float) for c in glyph_contours(glyphs, cmap[ord(ch)])])
                      for ch in words])
    chars, likes, _margins = cjk_text.best(feats, tpl)
    assert "".join(chars) == words and min(likes) > 0.95


def test_recovered_glyphs_are_marked_and_their_paths_too() -> None:
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf").page(1)
    drawn = [g for g in sheet.glyphs if g.source is UnicodeSource.OUTLINE_MATCH]
    assert len(drawn) > 400
    assert all(g.synthetic and g.font == "drawn-outlines" and 0 < g.confidence <= 1 for g in drawn)
    assert sum(p.text_shape for p in sheet.paths) > 0.9 * len(sheet.paths)
    # characters drawn as shapes are no linework: the segment index leaves them out
    assert not list(sheet.index.segments.intersection(drawn[0].bbox))
    codes = [d.code.value for d in sheet.diagnostics]
    assert "GLYPHS_RECOVERED" in codes
    words = {w.text for w in sheet.words}
    assert {"MOUNTING", "BRACKET", "4711-0203", "2024-03-17"} <= words


def test_vertical_text_is_read_in_its_direction() -> None:
    truth = json.loads((FIXTURES / "outline-liberation-sans.truth.json").read_text(encoding="utf-8"))
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf").page(1)
    vertical = [ln for ln in truth["lines"] if ln["angle"]]
    assert vertical
    ok = 0
    for ln in vertical:
        box, angle = bench.truth_box(ln, sheet.height)
        got, _ids = bench.read_in(sheet, box, angle)
        ok += got == " ".join(ln["text"].split())
        assert all(w.direction == angle for w in sheet.words if box.contains_point(w.bbox.center) and w.text.strip())
    assert ok >= 0.8 * len(vertical)


def test_pages_with_a_text_layer_are_left_alone() -> None:
    doc = pdftract.open(simple_pdf(pages=[["DWG NO 4711-02", "REV B"]]))
    sheet = doc.page(1)
    assert not text_looks_drawn(sheet.glyphs, sheet.paths)[0]
    assert recover_drawn_text(sheet.glyphs, sheet.paths).glyphs == []
    assert not any(g.synthetic for g in sheet.glyphs)


def test_switched_off() -> None:
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf", read_drawn_text=False).page(1)
    assert not sheet.glyphs and not any(p.text_shape for p in sheet.paths)


def _with_hidden_layer(pdf: Path, lines: list[tuple[str, float, float, float]], visible: bool = False) -> bytes:
    """The fixture with an invisible (3 Tr) Helvetica text layer added, or a visible one: (text, x, y, size) in
    PDF points."""
    with pikepdf.open(pdf) as doc:
        page = doc.pages[0]
        font = doc.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                    BaseFont=pikepdf.Name.Helvetica, Encoding=pikepdf.Name.WinAnsiEncoding))
        resources = page.obj.get("/Resources") or pikepdf.Dictionary()
        fonts = resources.get("/Font") or pikepdf.Dictionary()
        fonts["/Hid"] = font
        resources["/Font"] = fonts
        page.obj["/Resources"] = resources
        mode = b"0 Tr" if visible else b"3 Tr"
        ops = b"".join(b"BT %s /Hid %.2f Tf %.2f %.2f Td (%s) Tj ET\n" % (mode, size, x, y, text.encode("latin-1"))
                       for text, x, y, size in lines)
        page.contents_add(doc.make_stream(ops), prepend=False)
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()


def test_hidden_layer_over_drawn_text_is_taken_and_markup_dropped() -> None:
    truth = json.loads((FIXTURES / "outline-liberation-sans.truth.json").read_text(encoding="utf-8"))
    flat = [ln for ln in truth["lines"] if not ln["angle"]]
    reset = next(ln for ln in flat if ln["text"] == "RESET")
    plain = [ln for ln in flat if " " in ln["text"]][:3]
    hidden = [(str(ln["text"]), float(ln["x"]), float(ln["y"]), float(ln["size"])) for ln in plain]
    # the markup's own characters ("~{" is 0.918 em in Helvetica) stand before the letters they mark
    hidden.append(("~{RESET}", float(reset["x"]) - 0.918 * float(reset["size"]), float(reset["y"]), float(reset["size"])))
    sheet = pdftract.open(_with_hidden_layer(FIXTURES / "outline-liberation-sans.pdf", hidden)).page(1)
    taken = [g for g in sheet.glyphs if g.source is UnicodeSource.HIDDEN_LAYER]
    want = sorted("".join(str(ln["text"]).split()) for ln in plain) + ["RESET"]
    got = sorted("".join(w.text for w in line_words) for line_words in _hidden_lines(sheet))
    assert got == sorted(want)
    assert len(taken) == sum(len(x) for x in want)
    assert all(not g.invisible and g.synthetic for g in taken)
    texts = {w.text for w in sheet.words if not w.invisible}
    assert "RESET" in texts and "~{RESET}" not in texts
    reset = next(w for w in sheet.words if w.text == "RESET" and not w.invisible)
    assert all(sheet.glyph(i).decoration == "overbar" for i in reset.glyph_ids)  # the markup's meaning is kept
    others = [g for g in taken if g.text in "".join(str(ln["text"]) for ln in plain)]
    assert others and all(g.decoration is None for g in others if g.id not in reset.glyph_ids)
    out = json.loads(pdftract.Document.from_sheets([sheet]).to_json(["glyphs"]))
    assert {g["decoration"] for g in out["pages"][0]["glyphs"] if "decoration" in g} == {"overbar"}
    message = next(d.message for d in sheet.diagnostics if d.code.value == "GLYPHS_RECOVERED")
    assert "hidden text layer" in message


def _hidden_lines(sheet: pdftract.Sheet) -> list[list[pdftract.Word]]:
    """Visible lines made of hidden-layer glyphs, as their words."""
    taken = {g.id for g in sheet.glyphs if g.source is UnicodeSource.HIDDEN_LAYER}
    out = []
    for ln in sheet.lines:
        words = [sheet.word(i) for i in ln.word_ids]
        if not ln.invisible and all(i in taken for w in words for i in w.glyph_ids):
            out.append(words)
    return out


def test_a_hidden_layer_that_disagrees_with_the_shapes_is_not_taken() -> None:
    truth = json.loads((FIXTURES / "outline-liberation-sans.truth.json").read_text(encoding="utf-8"))
    ln = next(ln for ln in truth["lines"] if ln["text"] == "MOUNTING BRACKET")
    # an object id layer (as Altium writes: PAJ903 ...) lying over drawn text it does not spell
    sheet = pdftract.open(_with_hidden_layer(FIXTURES / "outline-liberation-sans.pdf",
                                             [("PAJ9", float(ln["x"]), float(ln["y"]), float(ln["size"]))])).page(1)
    assert not [g for g in sheet.glyphs if g.source is UnicodeSource.HIDDEN_LAYER]
    assert any(w.text == "MOUNTING" for w in sheet.words if not w.invisible)
    assert any(d.code.value == "TEXT_AS_GRAPHICS" and dict(d.context).get("disagreements") == 1 for d in sheet.diagnostics)


def test_kicad_markup_is_dropped_and_its_decoration_kept() -> None:
    text = "~{RESET}_{1}x^{2}"
    keep, deco = _markup(text)
    assert "".join(c for c, k in zip(text, keep, strict=True) if k) == "RESET1x2"
    assert [d for d, k in zip(deco, keep, strict=True) if k] == ["overbar"] * 5 + ["subscript", None, "superscript"]


def test_same_bytes_same_glyphs() -> None:
    a = pdftract.open(FIXTURES / "stroke-hershey-futural.pdf").page(1)
    b = pdftract.open((FIXTURES / "stroke-hershey-futural.pdf").read_bytes()).page(1)
    assert [(g.text, g.bbox, g.confidence) for g in a.glyphs] == [(g.text, g.bbox, g.confidence) for g in b.glyphs]


def test_a_long_line_drawn_wider_than_its_copy_is_taken_whole() -> None:
    """The drawing's metrics run wider than the hidden copy's by a share of the line's length (KiCad): the
    characters past the copy's box belong to it and are not read a second time."""
    truth = json.loads((FIXTURES / "outline-liberation-sans.truth.json").read_text(encoding="utf-8"))
    ln = max((ln for ln in truth["lines"] if not ln["angle"]), key=lambda ln: len(str(ln["text"])))
    text, size = str(ln["text"]), float(ln["size"])
    sheet = pdftract.open(_with_hidden_layer(FIXTURES / "outline-liberation-sans.pdf",
                                             [(text, float(ln["x"]), float(ln["y"]), 0.85 * size)])).page(1)
    hidden_lines = ["".join(w.text for w in words) for words in _hidden_lines(sheet)]
    assert "".join(text.split()) in hidden_lines
    line = next(ln2 for ln2 in sheet.lines if not ln2.invisible and "".join(ln2.text.split()) == "".join(text.split()))
    band = line.bbox.expand(0.2 * size)
    strays = [g for g in sheet.glyphs if g.text.strip() and not g.invisible and g.source is not UnicodeSource.HIDDEN_LAYER
              and band.contains_point(g.bbox.center) and g.bbox.x0 >= line.bbox.x1 - 0.5 * size
              and g.bbox.x0 <= line.bbox.x1 + 3 * size]
    assert strays == [], [g.text for g in strays]


def test_a_close_shape_inside_a_word_is_not_dropped_for_its_small_margin() -> None:
    from pdftract.ingest.drawn_text import WORD_ACCEPT, _Read, _within_words

    def read(text: str | None, best: str, distance: float, margin: float) -> _Read:
        return _Read(text, best, distance, margin, 0.5, {best: distance})

    # "D?te": the middle shape is closest to "a" but nearly as close to "o" (unread by its margin)
    reads = [read("D", "D", 0.1, 0.2), read(None, "a", 0.25, 0.006), read("t", "t", 0.3, 0.2), read("e", "e", 0.25, 0.2)]
    cells = [(0.0, 5.0), (6.0, 10.0), (11.0, 13.0), (14.0, 18.0)]
    assert [r.text for r in _within_words(reads, cells, em=14.0)] == ["D", "a", "t", "e"]
    # far from any character, or standing apart from its neighbours (a word gap), it stays unread
    far = [reads[0], read(None, "a", WORD_ACCEPT + 0.1, 0.006), reads[2]]
    assert _within_words(far, cells[:3], em=14.0)[1].text is None
    apart = [(0.0, 5.0), (16.0, 20.0), (30.0, 33.0)]
    assert _within_words(reads[:3], apart, em=14.0)[1].text is None


@pytest.mark.parametrize(("name", "min_lines", "cer", "share"), [
    ("sch-olimex-esp32-poe-kicad5.pdf", 1000, 0.075, 0.93),  # tuned on (measured 0.051, 173/175, 168/171)
    ("../real2/sch-bmsc1.pdf", 250, 0.03, 0.95),  # held out (measured 0.012, 88/88, 8/8)
])
def test_kicad_stroke_text_read_without_its_hidden_copy(name: str, min_lines: int, cer: float, share: float) -> None:
    """KiCad's stroke font (open 4, flagged 1, long underscores) read by shape alone, scored against the
    invisible copy KiCad writes over it (the exporter's own text, not ours): the benchmark's figures with margin.
    Designators and component values are the issue's measure: at least ``share`` of those in the copy."""
    pdf = CORPUS / name
    if not pdf.exists():
        pytest.skip("shared real corpus not present")
    spec = importlib.util.spec_from_file_location("drawn_text_benchmark", Path(__file__).resolve().parent.parent / "benchmarks" / "drawn_text.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    r = bench.score_hidden_page(pdf, 1, False)
    assert r["lines"] > min_lines
    assert r["edits"] / r["chars"] <= cer
    assert r["designators_ok"] >= share * r["designators"] > 0
    assert r["values_ok"] >= share * r["values"] > 0


def _per(near: dict[str, float], far: float = 0.9) -> "np.ndarray":
    """A shape's distances to every template character: ``far`` except the given ones."""
    import numpy as np

    from pdftract.ingest.drawn_text import _LABELS, _label_index
    from pdftract.ingest.outlines import templates

    if not _LABELS:
        _LABELS.append(_label_index(templates("text_templates.npz").labels))
    chars = _LABELS[0][2]
    per = np.full(len(chars), far, dtype=np.float32)
    for ch, d in near.items():
        per[chars.index(ch)] = d
    return per


def test_a_word_of_unread_shapes_is_read_as_the_lexicon_word_they_are_nearest() -> None:
    from pdftract.ingest.drawn_text import LEX_ACCEPT, _lexicon_words, _Read

    def unread(near: dict[str, float]) -> _Read:
        per = _per(near)
        best = min(near, key=lambda c: near[c])
        return _Read(None, best, near[best], 0.01, 0.0, {}, per)

    def sure(ch: str) -> _Read:
        return _Read(ch, ch, 0.1, 0.3, 0.9, {ch: 0.1}, _per({ch: 0.1}), None, "shape")

    cells = [(10.0 * i, 10.0 * i + 8.0) for i in range(6)]
    # C?PPER: every shape unread on its own (an unseen font), each nearest its own letter, some nearly as near
    # another one; as a word nothing but COPPER is that near
    word = [unread({"C": 0.5, "G": 0.52}), unread({"O": 0.55, "Q": 0.58}), unread({"P": 0.5, "F": 0.52}),
            unread({"P": 0.5, "R": 0.55}), unread({"E": 0.45, "F": 0.5}), unread({"R": 0.5, "K": 0.55})]
    got = _lexicon_words(word, cells, em=12.0)
    assert "".join(r.text or "?" for r in got) == "COPPER"
    assert all(r.how == "lexicon" and 0 < r.confidence < 1 for r in got)
    # a shape read surely keeps its reading: the lexicon only fills the gaps (no word fits "CXPPER")
    fixed = [word[0], sure("X")] + word[2:]
    assert [r.text for r in _lexicon_words(fixed, cells, em=12.0)] == [None, "X", None, None, None, None]
    # shapes far from every letter are not forced into a word
    vague = [unread({c: LEX_ACCEPT + 0.2}) for c in "COPPER"]
    assert all(r.text is None for r in _lexicon_words(vague, cells, em=12.0))
    # a digit read in it keeps the word as read (a part code is no dictionary word)
    coded = [sure("4")] + word[1:]
    assert [r.text for r in _lexicon_words(coded, cells, em=12.0)] == ["4", None, None, None, None, None]


def test_a_shape_read_surely_elsewhere_on_the_page_teaches_its_twins() -> None:
    import numpy as np

    from pdftract.ingest.drawn_text import PAGE_MATCH, _Line, _page_shapes, _Read

    rng = np.random.default_rng(7)
    n = len(_per({}))
    a, b, other = (rng.uniform(0.3, 1.2, n).astype(np.float32) for _ in range(3))  # three different shapes
    line = _Line(0, [[0], [1]], ["a", "b"], [_Read("a", "a", 0.2, 0.1, 0.8, {}, a, ("a",), "shape"),
                                             _Read("b", "b", 0.2, 0.1, 0.8, {}, b, ("b",), "shape")],
                 [False, False], [False, False], [(0.0, 5.0), (6.0, 11.0)], 0.0, 10.0, -0.2)
    # the same letter drawn a little differently (another place, another flattening of its curves)
    twin = a + rng.uniform(-PAGE_MATCH / 2, PAGE_MATCH / 2, n).astype(np.float32)
    taught = _page_shapes([line], {("a",): a, ("twin",): twin, ("other",): other})
    assert taught == {("a",): "a", ("twin",): "a"}
    # a bar read surely teaches nothing, even in a word: linework beside a word (a pin stroke) reads as one
    bar = _Line(0, [[0], [1]], ["l", "b"], [_Read("l", "l", 0.1, 0.3, 0.9, {}, a, ("l",), "shape"), line.reads[1]],
                [False, False], [False, False], [(0.0, 1.0), (2.0, 7.0)], 0.0, 10.0, -0.1)
    assert _page_shapes([bar], {("twin",): twin}) == {}


def test_outlined_text_in_a_font_the_templates_lack_is_read_by_words() -> None:
    """A wire-harness drawing whose text (a bold slab mono and a condensed bold sans, neither among the
    templates) was converted to outlines: its labels and BOM words, read off the rendered sheet, come back."""
    pdf = CORPUS / "harness-ender3-red-wire-outlined.pdf"
    if not pdf.exists():
        pytest.skip("shared real corpus not present")
    words = {w.text.rstrip(".:") for w in pdftract.open(pdf).page(1).words}
    printed = ["APPROVALS", "CHECKED", "ISSUED", "DATE", "DRAWING", "REV", "UNIT", "SIGN", "REVISION", "ORIGINOR",
               "Silicone", "Tinned", "copper", "spring", "terminal", "MATERIAL", "SCALE", "SHEET", "Model", "Name"]
    found = [w for w in printed if w in words]
    assert len(found) >= 12, found


def test_an_unread_shape_in_a_number_is_read_among_the_digits() -> None:
    from pdftract.ingest.drawn_text import NUMBER_ACCEPT, _number_words, _Read

    def sure(ch: str) -> _Read:
        return _Read(ch, ch, 0.1, 0.3, 0.9, {ch: 0.1}, _per({ch: 0.1}), None, "shape")

    # a zero of an unseen font: nearer a letter (G) than any digit, but among the digits clearly a 0
    zero = _Read(None, "G", 0.55, 0.1, 0.0, {}, _per({"G": 0.55, "0": 0.62, "5": 0.75}))
    cells = [(10.0 * i, 10.0 * i + 8.0) for i in range(5)]
    got = _number_words([sure("4"), zero, zero, sure("3"), sure("-")], cells, em=12.0)
    assert [r.text for r in got] == ["4", "0", "0", "3", "-"] and got[1].how == "number"
    # two digits nearly as near: unread; too far from every digit: unread
    torn = _Read(None, "G", 0.55, 0.1, 0.0, {}, _per({"0": 0.62, "5": 0.64}))
    far = _Read(None, "G", 0.55, 0.1, 0.0, {}, _per({"0": NUMBER_ACCEPT + 0.1}))
    assert [r.text for r in _number_words([sure("4"), torn, far], cells[:3], em=12.0)] == ["4", None, None]
    # a word with letters read in it is no number
    assert _number_words([sure("A"), zero, sure("3")], cells[:3], em=12.0)[1].text is None


def _triangulated_text(lines: list[tuple[str, float, float, float]], pen: float) -> bytes:
    """A page whose text (DejaVu Sans, a template font) is drawn the way some CAD exports draw TrueType text:
    each glyph cut into triangles, every triangle its own path, filled and stroked with the drawing's pen."""
    import shapely
    from fontTools.ttLib import TTFont

    from pdftract.ingest.outlines import glyph_contours
    from pdftract.testing import PdfWriter

    font = TTFont("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    glyphs, cmap, upem = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm
    ops = [f"0 0 0 rg 0 0 0 RG {pen} w 1 j"]
    for text, x, y, size in lines:
        k = size / upem
        for ch in text:
            name = cmap[ord(ch)]
            shape = shapely.Polygon()
            for c in glyph_contours(glyphs, name):  # filled even-odd: a hole is a contour inside another
                if len(c) >= 3:
                    shape = shape.symmetric_difference(shapely.make_valid(shapely.Polygon(c)))
            if not shape.is_empty:
                for tri in shapely.constrained_delaunay_triangles(shape).geoms:
                    (a, b, c) = list(tri.exterior.coords)[:3]
                    ops.append(" ".join(f"{x + px * k:.3f} {y + py * k:.3f} {op}" for (px, py), op in ((a, "m"), (b, "l"), (c, "l")))
                               + " h b")
            x += glyphs[name].width * k
    w = PdfWriter()
    w.add_page("\n".join(ops).encode(), compress=True)
    return w.tobytes()


def test_text_cut_into_triangles_filled_and_stroked_is_read_by_its_fills() -> None:
    """Each triangle alone is smaller than a character piece, and the pen (wider than many triangles)
    makes neighbouring letters touch: the triangles of one glyph join by their fills, and the glyph is
    read by its fills, as its font drew it."""
    import shapely

    if not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans not installed")
    if not hasattr(shapely, "constrained_delaunay_triangles"):
        pytest.skip("shapely older than 2.1 cannot cut the glyphs into triangles")
    lines = [("DRAWING NO 400306221", 60, 700, 10), ("Silicone wire 26/0.24mm", 60, 670, 9), ("PART NAME", 60, 640, 8)]
    sheet = pdftract.open(_triangulated_text(lines, 0.72)).page(1)
    words = [w.text for w in sheet.words]
    assert words == ["DRAWING", "NO", "400306221", "Silicone", "wire", "26/0.24mm", "PART", "NAME"], words


def test_the_outlined_harness_drawing_gives_its_parts_list_and_drawing_number() -> None:
    """The Ender-3 harness drawing: its text is triangles filled and stroked, on a sheet turned on its
    page. Its parts list (header at the bottom, items counting up, counts with units under ``Qty.``) and
    its drawing number come back. The list's slab mono is the Ming design's Latin (SimSun's), whose
    letters the templates hold: every character of the list is read, and its confidence says so."""
    pdf = CORPUS / "harness-ender3-red-wire-outlined.pdf"
    if not pdf.exists():
        pytest.skip("shared real corpus not present")
    page = pdftract.analyze(pdf).pages[0]
    (bom,) = [t for t in page.results["tables"] if t.kind.value == "bom"]
    assert bom.columns[0] == "item" and bom.columns[-1] == "quantity"
    rows = [list(r) for r in bom.rows]
    assert rows[0] == ["1", "Terminal", "4.8 Pin spring terminal", "2PCS"], rows
    assert rows[1] == ["2", "Wire", "3135 16AWG Silicone wire 26/0.24mm Tinned copper Red", "XXmm"], rows
    assert list(bom.header) == ["No.", "Name", "Model", "Qty."], bom.header
    assert bom.confidence >= 0.7  # nothing of it stayed unread
    block = page.results["title_block"]  # the number prints on two lines under DRAWING NO. (its O unread)
    assert block is not None and block.fields["drawing_number"].value == "400306221- Red silicone wire"


def test_a_shape_the_page_taught_settles_as_taught() -> None:
    """A rounded D between an O and a D (unread: no margin) that the page teaches is a D stays a D: its
    alternatives are D's confusable group, not the group of its nearest template (the O's, which would
    settle it back to O: the harness drawing's ``DATE`` read ``OATE``)."""
    if not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf").exists():
        pytest.skip("DejaVu Sans Bold not installed")
    import numpy as np
    from fontTools.ttLib import TTFont

    from pdftract.ingest import drawn_text as dt
    from pdftract.ingest.outlines import glyph_contours

    font = TTFont("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    outline = [np.array(c, dtype=float) / 2048 * 10 for c in glyph_contours(font.getGlyphSet(), font.getBestCmap()[ord("O")])]
    left = min(float(c[:, 0].min()) for c in outline)
    right = max(float(c[:, 0].max()) for c in outline)
    cut = left + 0.17 * (right - left) / 2  # the O's left side flattened a little: half way to a D
    shape = [np.column_stack([np.maximum(c[:, 0], cut), c[:, 1]]) for c in outline]
    first = dt._classify(shape, [], 10.0, 0.0, 0.0, dt._Adapt())
    assert first.text is None and first.best == "O" and first.key is not None
    taught = dt._classify(shape, [], 10.0, 0.0, 0.0, dt._Adapt(page={first.key: "D"}))
    assert taught.text == "D" and taught.how == "page"
    assert dt._settle([taught], [(0.0, 7.2)], 0.0, 7.2, 7.2, None) == ["D"]


def test_outlined_text_on_a_page_with_a_text_layer_is_read_too() -> None:
    # a template whose labels a graphics program outlined, its values left as text: the page's characters
    # outnumber its shapes a tenth, so the page as a whole does not look drawn, yet its outlines are letters
    pdf = FIXTURES / "outline-liberation-sans.pdf"
    alone = pdftract.open(pdf).page(1)
    visible = [(f"VALUE {k:02d} WRITTEN AS TEXT IN THE MARGIN", 40.0 + 200.0 * (k % 4), 8.0 + 6.0 * (k // 4), 4.0)
               for k in range(12)]
    mixed = pdftract.open(_with_hidden_layer(pdf, visible, visible=True)).page(1)
    assert not text_looks_drawn([g for g in mixed.glyphs if not g.synthetic], mixed.paths)[0]
    read_alone = sorted(ln.text for ln in alone.layout.lines)
    read_mixed = sorted(ln.text for ln in mixed.layout.lines if "MARGIN" not in ln.text)
    assert read_mixed == read_alone
    assert sum(ln.text.startswith("VALUE") for ln in mixed.layout.lines) == 12
    assert sum(p.text_shape for p in mixed.paths) == sum(p.text_shape for p in alone.paths) > 400


def test_the_dot_of_an_i_nearest_its_left_neighbour_stays_with_its_stem() -> None:
    # the dot of an i may start a hair before its stem; chained to the letter before it as that letter's
    # neighbour, it cut the line in two and the stem read as I ("prohib.Ited"): the stem under it is the neighbour
    import numpy as np

    from pdftract.ingest.drawn_text import _chains

    # frame boxes (u0, v0, u1, v1): "b", the i's dot (above the stem, starting 0.09 before it), the stem, "t"
    fb = np.array([[294.35, 789.33, 298.05, 795.0], [298.84, 789.61, 299.71, 790.48], [298.93, 791.14, 299.64, 795.0],
                   [300.36, 790.21, 302.66, 795.09]])
    pens = (np.zeros(4, dtype=np.int64), np.zeros(4), np.zeros(4, dtype=bool))
    assert _chains(fb, np.arange(4), pens) == [[0, 1, 2, 3]]
    # a pen's round dot, wider than the stroked stem under it ("L.Icense" in a KiCad plot re-rendered)
    fb = np.array([[547.78, 502.09, 550.3, 506.84], [551.09, 502.09, 551.96, 502.95], [551.31, 503.53, 551.74, 506.84],
                   [553.18, 503.53, 555.7, 506.84]])
    assert _chains(fb, np.arange(4), pens) == [[0, 1, 2, 3]]



def _outlined_page(lines: list[tuple[str, float, float, float, str]], extra: list[str], paint: str = "f*") -> bytes:
    """A page of text drawn as filled outlines (DejaVu Sans), each line ``(text, x, y, size, colour
    operator)``, with ``extra`` content (masks, bands, rings) painted first; each glyph one path painted with
    ``paint``."""
    from fontTools.ttLib import TTFont

    from pdftract.ingest.outlines import glyph_contours
    from pdftract.testing import PdfWriter

    font = TTFont("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    glyphs, cmap, upem = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm
    ops = list(extra)
    for text, x, y, size, colour in lines:
        k = size / upem
        ops.append(colour)
        for ch in text:
            name = cmap[ord(ch)]
            for c in glyph_contours(glyphs, name):
                if len(c) >= 3:
                    ops.append(" ".join(f"{x + px * k:.3f} {y + py * k:.3f} {'m' if i == 0 else 'l'}" for i, (px, py) in enumerate(c)) + " h")
            ops.append(paint)
            x += glyphs[name].width * k
    w = PdfWriter()
    w.add_page("\n".join(ops).encode(), compress=True)
    return w.tobytes()


RING = "400 480 m 400 486.1 404.9 491 411 491 c 417.1 491 422 486.1 422 480 c 422 473.9 417.1 469 411 469 c 406.7 469 400 473.9 400 480 c"


def test_paint_in_the_papers_colour_is_no_ink_unless_it_lies_on_a_coloured_fill() -> None:
    """A white mask behind a lone figure (AutoCAD paints one behind a bubble's loop number) does not join
    the figure into a box; white lettering on a black band is still read; a lone stroked ring is a circle,
    not an O."""
    if not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans not installed")
    body = [(f"LINE {k} OF THE GENERAL NOTES 4711-0203", 60, 700 - 16 * k, 10, "0 0 0 rg") for k in range(12)]
    lines = body + [("TAL", 300, 480, 10, "0 0 0 rg"), ("1", 305, 466, 10, "0 0 0 rg"),
                    ("WHITE ON BLACK", 60, 440, 10, "1 1 1 rg")]
    extra = ["1 1 1 rg 1 1 1 RG 0 w 302 463 9 12 re b",  # the mask, filled and stroked in white, under the 1
             "0 0 0 rg 55 435 110 16 re f",  # the band under the white lettering
             # a ring alone, as FreeCAD draws a hole: a white disc, then its outline stroked
             f"1 1 1 rg {RING} f", f"0 0 0 RG 0.35 w {RING} S"]
    sheet = pdftract.open(_outlined_page(lines, extra)).page(1)
    texts = [ln.text for ln in sheet.lines]
    assert "1" in texts and "WHITE ON BLACK" in texts, texts
    assert not any(t.strip() in ("O", "o", "0") for t in texts), texts


def _stroke_field(cols: int, rows: int, x0: float, y0: float) -> list[str]:
    """Separate short strokes on a lattice (10.6 pt across, 7.46 pt down, rows shuffled, slopes varied along
    rows and columns): the spacing at which columns of two or three of them chain between the rows (a
    :func:`benchmarks.speed.segment_page` of 100 000 strokes)."""
    ops = []
    for i in range(cols * rows):
        r, c = divmod(i, cols)
        x, y = x0 + c * 10.6, y0 + (r * 7919 % rows) * 7.46
        ops.append(f"{x:.2f} {y:.2f} m {x + 4:.2f} {y + i % 5:.2f} l S")
    return ops


def test_a_field_of_separate_strokes_is_no_text_and_costs_no_reading() -> None:
    from pdftract.testing import PdfWriter

    w = PdfWriter()
    w.add_page("\n".join(["0.3 w", *_stroke_field(36, 41, 40, 300)]).encode(), compress=True)
    doc = pdftract.open(io.BytesIO(w.tobytes()))
    # before the field was told apart, the columns between its rows read as 864 glyphs of ``l`` and ``\``
    assert doc.pages[0].glyphs == ()
    # a few bare strokes standing alone on a page of other shapes are still read as a line (``1/1`` in a
    # face whose figure one is a plain bar): the field rule is about the strokes' neighbours, not their count
    lone = ["0.3 w", *_stroke_field(36, 41, 40, 300), "400 100 m 400 110 l S", "404 100 m 410 110 l S", "414 100 m 414 110 l S"]
    w = PdfWriter()
    w.add_page("\n".join(lone).encode(), compress=True)
    texts = "".join(g.text for g in pdftract.open(io.BytesIO(w.tobytes())).pages[0].glyphs)
    assert len(texts.strip()) >= 2, texts


def test_reading_stops_where_the_first_reads_give_nothing_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import pdftract.ingest.drawn_text as drawn_text

    # a page whose lines read from the first: the budget changes nothing
    monkeypatch.setattr(drawn_text, "PROBE_READS", 5)
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf").page(1)
    assert "MOUNTING" in {w.text for w in sheet.words}
    assert all("given_up" not in dict(d.context) for d in sheet.diagnostics)
    # linework that looks like lettering (a circuit board's tracks): the first five reads give nothing, the
    # page's other lines are left and counted in the diagnostic
    real = drawn_text._read_line
    calls = {"n": 0}

    def nothing_at_first(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        return None if calls["n"] <= 5 else real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(drawn_text, "_read_line", nothing_at_first)
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf").page(1)
    (diag,) = [d for d in sheet.diagnostics if d.code.value == "TEXT_AS_GRAPHICS"]
    assert dict(diag.context)["given_up"] >= 40 and "were not read" in diag.message
    assert "MOUNTING" not in {w.text for w in sheet.words}


def test_crowded_atoms_are_paired_a_bounded_block_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where strokes crowd (a hatched area, lettering over a P&ID's lines) the atoms' touching pairs are found a
    block of candidate pairs at a time, wherever the crowd lies among the atoms, and the components do not
    depend on the blocks."""
    import pdftract.ingest.drawn_text as dt
    from pdftract.geometry import BBox
    from pdftract.model.primitives import Path as PdfPath

    # 600 strokes apart, then 600 short strokes crossing one small area (every one touches every other)
    paths = []
    for i in range(1200):
        x, y = (10.0 + (i % 40) * 9, 300.0 + (i // 40) * 9) if i < 600 else (100.0 + (i % 7) * 0.3, 100.0 + (i % 5) * 0.3)
        coords = (x, y, x + 2.0, y + 2.5)
        paths.append(PdfPath.packed(id=i, shape="ml", coords=coords, first_segment=2 * i, stroke=True, fill=False,
                                    evenodd=False, line_width=0.2, dash=None, stroke_color=(0.0,), fill_color=None,
                                    bbox=BBox(x, y, x + 2.0, y + 2.5)))
    atoms = dt._collect(paths)
    assert len(atoms.boxes) == 1200
    sizes: list[int] = []
    real_blocks = dt.box_pair_blocks

    def counted(q: object, b: object, budget: int | None) -> object:
        for rows, cols in real_blocks(q, b, budget):  # type: ignore[arg-type]
            sizes.append(len(rows))
            yield rows, cols

    monkeypatch.setattr(dt, "box_pair_blocks", counted)
    monkeypatch.setattr(dt, "CANDIDATE_BLOCK", 20_000)
    blocked = dt._components(atoms)
    assert sum(sizes) > 300_000 and len(sizes) > 10
    assert max(sizes) <= 20_000
    monkeypatch.setattr(dt, "CANDIDATE_BLOCK", None)
    sizes.clear()
    assert dt._components(atoms) == blocked and len(sizes) == 1


def test_rows_of_one_symbol_drawn_as_strokes_are_linework() -> None:
    """A PCB drawing's drill hits are rows of stroked crosses: read one by one they are ``+``, a row of them
    ``++++``. A stroked row of three or more of one shape read by the templates alone is linework, as rows of
    ``0`` (pads) are; the page's text reads as before."""
    cross_rows = []
    for r in range(4):
        for c in range(15):
            x, y = 470 + 8 * c, 450 + 12 * r
            cross_rows.append(f"{x - 3} {y} m {x + 3} {y} l {x} {y - 3} m {x} {y + 3} l S")
    extra = ("q 0.5 w 1 J " + " ".join(cross_rows) + " Q").encode()
    with pikepdf.open(FIXTURES / "stroke-lff-iso3098.pdf") as doc:
        page = doc.pages[0]
        page.contents_add(pikepdf.Stream(doc, extra), prepend=False)
        buf = io.BytesIO()
        doc.save(buf)
    sheet = pdftract.open(buf.getvalue()).page(1)
    crosses = pdftract.geometry.BBox(462, sheet.height - 450 - 3 * 12 - 5, 590, sheet.height - 450 + 5)
    assert len(list(sheet.index.segments.intersection(crosses))) == 4 * 15 * 2  # the crosses are linework
    assert not [g for g in sheet.glyphs if crosses.contains_point(g.bbox.center)]
    words = {w.text for w in sheet.words}
    assert {"ALUMINIUM", "6061-T6", "MATERIAL"} <= words


def test_a_capital_only_as_tall_as_the_small_letters_beside_it_is_read_as_a_small_letter() -> None:
    """A single-storey ``a`` with a tail (ISO 3098 lettering of CAD plots) is nearest to a ``Q`` by shape; on
    a line whose small letters and capitals show both heights, a ``Q`` as short as the small letters is no
    capital: it is read among the small letters, or left unread when none is clearly nearest. A line of
    small capitals (one lower height held mostly by capital-only shapes) keeps its capitals."""
    from pdftract.ingest.drawn_text import TEXT_MARGIN, _Adapt, _Read, _x_height_capitals

    def read(ch: str, near: dict[str, float]) -> _Read:
        return _Read(ch, ch, near[ch], 0.2, 0.8, {ch: near[ch]}, _per(near), (ch, len(near)), "shape")

    x, cap = (0.0, 5.0), (0.0, 7.2)
    # "Scale": S tall, the tailed a at x-height, l tall, e at x-height
    word = [read("S", {"S": 0.2}), read("c", {"c": 0.2}), read("Q", {"Q": 0.3, "a": 0.4, "o": 0.6}),
            read("l", {"l": 0.1}), read("e", {"e": 0.2})]
    spans = [cap, x, x, cap, x]
    got = _x_height_capitals(word, spans)
    assert [r.text for r in got] == ["S", "c", "a", "l", "e"]
    assert got[2].confidence < 0.8 and "Q" not in got[2].alts
    # two small letters nearly as near: no guess, the shape stays unread and is offered to the page
    doubt = [*word[:2], read("Q", {"Q": 0.3, "a": 0.4, "o": 0.4 + TEXT_MARGIN}), *word[3:]]
    adapt = _Adapt()
    got = _x_height_capitals(doubt, spans, adapt)
    assert got[2].text is None and ("Q", 3) in adapt.unread
    # ... unless the page read that very shape surely elsewhere as a small letter
    adapt.page[("Q", 3)] = "a"
    assert _x_height_capitals(doubt, spans, adapt)[2].text == "a"
    # a capital as tall as the capitals is a capital
    assert _x_height_capitals(word, [cap, x, cap, cap, x])[2].text == "Q"
    # small capitals: "SECTION" with a tall S and the rest a size smaller keeps its capitals
    small_caps = [read(c, {c: 0.2, "a": 0.3}) for c in "SECTION"]
    assert [r.text for r in _x_height_capitals(small_caps, [cap] + [x] * 6)] == list("SECTION")


def test_a_mark_ending_a_word_stays_with_it_in_letter_spaced_stroke_text() -> None:
    """A colon's ink is a tenth of its advance: in a letter-spaced stroke font the gap before it was wider than
    the line's letter gaps (``REQUIREMENTS :``); its cell is widened on the side it hugs."""
    from pdftract.ingest.drawn_text import _cells, _spaces

    em = 10.0
    # letters 0.6 em wide set 0.1 em apart; the colon's ink 0.06 em wide, centred in its advance
    xs = [i * 7.0 for i in range(4)]
    fb = np.array([[x, 0.0, x + 6.0, 7.0] for x in xs] + [[29.4, 0.0, 30.0, 5.0]])  # 0.24 em after the T's ink
    chars = [[i] for i in range(5)]
    texts = ["M", "E", "N", "T", ":"]
    assert not any(_spaces(_cells(chars, fb, texts, em), em, texts))
    # a real word space before an opening bracket stays one, and one after a closing mark too
    fb2 = np.array([[0.0, 0.0, 6.0, 7.0], [7.0, 0.0, 13.0, 7.0], [13.0 + 1.1, 0.0, 13.0 + 1.7, 7.0],
                    [19.8, 0.0, 25.8, 7.0], [26.8, 0.0, 32.8, 7.0]])
    assert _spaces(_cells([[i] for i in range(5)], fb2, ["N", "O", ".", "A", "B"], em), em, ["N", "O", ".", "A", "B"]) \
        == [False, False, True, False, False]


def test_a_word_spelt_in_capitals_holds_no_small_s() -> None:
    """``MUST`` whose S is nearest a 5 by shape and a little short of the capitals: the letter is a capital."""
    from pdftract.ingest.drawn_text import _Read, _settle

    def read(ch: str, near: dict[str, float]) -> _Read:
        return _Read(ch, ch, near[ch], 0.2, 0.8, near, _per(near), None, "shape")

    word = [read("M", {"M": 0.2}), read("U", {"U": 0.15, "u": 0.25}), read("5", {"5": 0.33, "S": 0.355, "s": 0.354}),
            read("T", {"T": 0.16})]
    spans = [(0.0, 6.0), (0.0, 6.0), (0.0, 5.0), (0.0, 6.0)]
    assert _settle(word, spans, 0.0, 6.0, 6.0, None) == ["M", "U", "S", "T"]
    # a word of small letters keeps its small s
    small = [read("m", {"m": 0.2}), read("u", {"u": 0.15, "U": 0.25}), read("5", {"5": 0.33, "S": 0.355, "s": 0.354}),
             read("t", {"t": 0.16})]
    assert _settle(small, [(0.0, 4.0), (0.0, 4.0), (0.0, 4.0), (0.0, 6.0)], 0.0, 6.0, 6.0, 4.0)[2] == "s"


def test_a_stroke_font_small_letter_as_tall_as_capitals_is_a_capital() -> None:
    """DesignSpark's stroke O is Newstroke's o drawn larger: read exactly as an ``o``, but as tall as the capitals
    beside it it is an O (``GOOD``, not ``GooD``); a Newstroke o at its x-height stays small."""
    from pdftract.ingest.drawn_text import _Read, _settle

    def read(ch: str, how: str) -> _Read:
        return _Read(ch, ch, 0.1, 0.3, 0.9, {ch: 0.1}, _per({ch: 0.1}), None, how)

    word = [read("G", "shape"), read("o", "exact"), read("o", "exact"), read("D", "shape")]
    assert _settle(word, [(0.0, 2.6)] * 4, 0.0, 2.6, 2.6, None) == ["G", "O", "O", "D"]
    assert _settle(word, [(0.0, 2.6), (0.0, 1.8), (0.0, 1.8), (0.0, 2.6)], 0.0, 2.6, 2.6, None) == ["G", "o", "o", "D"]


def test_a_short_word_of_a_monospaced_stroke_font_keeps_its_narrow_letters() -> None:
    """``will`` in DesignSpark's monospaced stroke font: three even steps between four centres already tell the
    pitch, and its narrow letters, each in a full cell, stay in the word (not ``wi l l``)."""
    from pdftract.ingest.drawn_text import _spaces

    em = 4.25
    ink = [(317.8, 320.0), (322.3, 322.7), (325.9, 326.5), (329.5, 330.1)]
    cells = [ink[0]] + [((a + b) / 2 - 0.14 * em, (a + b) / 2 + 0.14 * em) for a, b in ink[1:]]
    assert _spaces(cells, em, list("will"), ink) == [False, False, False, False]


def test_a_word_of_two_heights_of_case_alike_letters_takes_both_cases() -> None:
    """``Coop`` in a stroke font whose o is its O drawn smaller, read ``COOP`` whole as a lexicon word, on a line no
    other letter gives sizes to: the C is taller than the o's, so it is the capital and they are small."""
    from pdftract.ingest.drawn_text import _Read, _settle

    def read(ch: str) -> _Read:
        return _Read(ch, ch, 0.2, 0.1, 0.6, {ch: 0.2}, _per({ch: 0.2}), None, "lexicon")

    word = [read("C"), read("O"), read("O"), read("P")]
    spans = [(0.0, 3.6), (0.0, 2.6), (0.0, 2.6), (-1.0, 2.6)]
    assert _settle(word, spans, 0.0, 3.6, None, None) == ["C", "o", "o", "p"]


def test_a_label_s_full_stop_does_not_reach_the_value_after_it() -> None:
    """``NO.`` then ``RCB-001`` in larger letters 5.5 pt on: the point reaches on as the O before it (its height),
    no farther: looking farther for a narrow character's cell must not take the value (``. RCB-001``). Nor is a
    tick far shorter than the letter beside it lent a cell."""
    from pdftract.ingest.drawn_text import _chains

    fb = np.array([[656.2, -521.3, 660.1, -517.0], [661.0, -521.2, 661.6, -520.6], [667.1, -528.0, 672.4, -520.1],
                   [673.3, -528.0, 679.1, -520.0]] + [[100.0 + 20 * k, 0.0, 101.5, 1.5] for k in range(4)])
    pens = (np.zeros(8, dtype=np.int64), np.zeros(8), np.zeros(8, dtype=bool))
    chains = _chains(fb, np.arange(8), pens)
    assert not any(1 in c and 2 in c for c in chains)
    tick = np.array([[0.0, 0.0, 5.3, 8.0], [14.3, 0.0, 14.6, 4.5]] + [[100.0 + 20 * k, 0.0, 101.5, 1.5] for k in range(4)])
    six = (np.zeros(6, dtype=np.int64), np.zeros(6), np.zeros(6, dtype=bool))
    assert [0] in _chains(tick, np.arange(6), six)


def test_a_point_in_a_cell_of_a_monospaced_stroke_font_stays_in_its_number() -> None:
    """DesignSpark's stroke font sets its point flush left in a full cell: ``2.2u`` had a break after the point, its
    ink far from the next figure's. Starts a pitch apart on both sides keep it in the number; a full stop before a
    word space stands two pitches from the next letter."""
    from pdftract.ingest.drawn_text import _spaces

    em = 4.25
    ink = [(220.6, 222.8), (224.2, 225.0), (227.8, 230.0), (231.4, 233.6)]
    assert _spaces(ink, em, list("2.2u"), ink) == [False, False, False, False]
    stop = [(220.6, 222.8), (224.2, 225.0), (231.4, 233.6), (235.0, 237.2)]
    assert _spaces(stop, em, list("a.Th"), stop)[1]


def test_a_point_lends_its_figure_reach_to_a_narrow_figure_in_its_cell() -> None:
    """``2.1`` in a monospaced stroke font: the point reaches on as the 2 before it, and the 1 after it, narrow in
    its cell, is measured from that cell; it was a line of its own (``2. 1``)."""
    from pdftract.ingest.drawn_text import _chains

    # (and small marks elsewhere on the page: the page's typical shape is smaller than a figure)
    fb = np.array([[517.6, -506.0, 520.1, -502.4], [522.0, -506.0, 522.9, -505.2], [526.8, -506.0, 528.2, -502.4]]
                  + [[100.0 + 20 * k, 0.0, 101.5, 1.5] for k in range(4)])
    pens = (np.zeros(7, dtype=np.int64), np.zeros(7), np.zeros(7, dtype=bool))
    assert [0, 1, 2] in _chains(fb, np.arange(7), pens)


def test_a_word_read_whole_is_the_lexicon_word_one_look_alike_away() -> None:
    """``REOUIREMENTS``: every letter read surely, but a Q with a short tail read as an O; the word is no lexicon
    word and one look-alike (the Q, a little farther by shape) makes it one. A word that is a lexicon word, or
    whose look-alike is far, stays as read."""
    from pdftract.ingest.drawn_text import LOOK_ALIKE_GAP, _lexicon_words, _Read

    def read(ch: str, near: dict[str, float] | None = None) -> _Read:
        near = near or {ch: 0.15}
        return _Read(ch, ch, near[ch], 0.3, 0.9, near, _per(near), None, "shape")

    def word(o_near: dict[str, float]) -> list[_Read]:
        return [read(c) if c != "O" else read("O", o_near) for c in "REOUIREMENTS"]

    cells = [(10.0 * i, 10.0 * i + 8.0) for i in range(12)]
    got = _lexicon_words(word({"O": 0.27, "o": 0.28, "Q": 0.46}), cells, em=12.0)
    assert "".join(r.text or "?" for r in got) == "REQUIREMENTS" and got[2].how == "lexicon"
    far = _lexicon_words(word({"O": 0.2, "Q": 0.2 + LOOK_ALIKE_GAP + 0.05}), cells, em=12.0)
    assert "".join(r.text or "?" for r in far) == "REOUIREMENTS"
    plain = [read(c) for c in "BRACKET"]
    assert [r.text for r in _lexicon_words(plain, cells[:7], em=12.0)] == list("BRACKET")


def test_a_cell_border_beside_a_line_is_no_letter_and_a_bar_spells_the_word() -> None:
    """A piece of a cell's border at the start of a line, twice as tall as its letters, would read as an ``I``
    (``ISHEET1 OF 3``) and make the line the largest of its block; it is left out. And where the bar rule
    spells no word (``AII``) but the other bar does (``All``), the word is taken."""
    from pdftract.ingest.drawn_text import _edge_rules, _Read, _settle

    fb = np.array([[0.0, -4.0, 0.3, 14.0]] + [[2.0 + 7.0 * i, 0.0, 8.0 + 7.0 * i, 10.0] for i in range(5)])
    chars = [[i] for i in range(6)]
    assert _edge_rules(chars, fb) == chars[1:]
    # a bar as tall as the letters is a letter
    fb[0] = [0.0, 0.0, 0.8, 10.0]
    assert _edge_rules(chars, fb) == chars

    def read(ch: str) -> _Read:
        return _Read(ch, ch, 0.1, 0.3, 0.9, {ch: 0.1}, _per({ch: 0.1}), None, "shape")

    word = [read("A"), read("I"), read("I")]
    assert _settle(word, [(0.0, 7.0)] * 3, 0.0, 7.0, 7.0, None) == ["A", "l", "l"]
    codes = [read("A"), read("I"), read("X")]  # no word either way: the rule's capitals stay
    assert _settle(codes, [(0.0, 7.0)] * 3, 0.0, 7.0, 7.0, None) == ["A", "I", "X"]


def test_a_slashed_zero_drawn_in_strokes_is_a_zero() -> None:
    """The zero of many EDA stroke fonts has a slash across its bowl (DipTrace: a date read 4/28/2816): it is
    a 0, not an 8, and not a round diameter sign."""
    from pdftract.ingest.drawn_text import _classify

    bowl = [(0.23, 0.67), (0.14, 0.64), (0.07, 0.55), (0.05, 0.41), (0.05, 0.31), (0.07, 0.17), (0.14, 0.08), (0.23, 0.05),
            (0.28, 0.05), (0.37, 0.08), (0.43, 0.17), (0.46, 0.31), (0.46, 0.41), (0.43, 0.55), (0.37, 0.64), (0.28, 0.67),
            (0.23, 0.67)]
    em = 9.33
    strokes = [np.array(bowl) * em, np.array([(0.43, 0.55), (0.07, 0.17)]) * em]
    r = _classify([], strokes, em, 0.0, 0.0)
    assert r.text == "0" and r.best == "0"


def test_tags_in_capitals_keep_their_bars_and_capitals() -> None:
    """An instrument tag is no word: ``AIT`` stays ``AIT`` (``Alt`` would be a word, but not one printed with
    its first and last letters capitals), and in ``JI 970`` whose J alone reaches below the others, the figures'
    height is no x-height: the I stays a capital I."""
    from pdftract.ingest.drawn_text import _Read, _settle, _x_height_capitals

    def read(ch: str) -> _Read:
        return _Read(ch, ch, 0.1, 0.3, 0.9, {ch: 0.1}, _per({ch: 0.1, "a": 0.3, "o": 0.5}), (ch,), "shape")

    assert _settle([read("A"), read("I"), read("T")], [(0.0, 7.0)] * 3, 0.0, 7.0, 7.0, None) == ["A", "I", "T"]
    tag = [read(c) for c in "JI970"]
    spans = [(-2.5, 7.0)] + [(0.0, 7.0)] * 4
    assert [r.text for r in _x_height_capitals(tag, spans)] == list("JI970")


def test_merged_fills_of_triangles_points_and_slivers() -> None:
    """The fills of a glyph cut into triangles merge into the glyph's rings: a square of two triangles is one ring
    of its area (grown by the hairline), a lone point is a dot, a flat triangle adds only its hairline; the
    page's cache answers the same rings again as copies (a caller changing them changes no later answer)."""
    import shapely

    from pdftract.ingest import drawn_text as dt

    tri = [np.array([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]]), np.array([[10.0, 0.0], [0.0, 10.0], [10.0, 10.0]])]
    rings = dt._stroked_fills(tri)
    assert len(rings) == 1 and 100.0 < shapely.Polygon(rings[0]).area < 103.0
    assert shapely.Polygon(rings[0]).exterior.is_ccw  # outer rings turn left (nonzero fill as one path)
    again = dt._stroked_fills(tri)
    assert len(again) == 1 and np.array_equal(again[0], rings[0]) and again[0] is not rings[0]
    again[0][:] = 0.0
    assert np.array_equal(dt._stroked_fills(tri)[0], rings[0])
    dot = dt._merged_fills([np.array([[50.0, 50.0]])])
    assert len(dot) == 1 and shapely.Polygon(dot[0]).area < 0.05
    flat = dt._merged_fills([np.array([[0.0, 0.0], [5.0, 0.0], [10.0, 0.0]])])
    assert len(flat) == 1 and shapely.Polygon(flat[0]).area < 2.0 * 10.0 * dt.HAIRLINE + 0.1
    dt._FILLS.clear()


def test_a_hairline_i_is_one_character_with_its_dot() -> None:
    """A stem and its dot drawn with a hairline pen have no width: lying one over the other they are one
    character (LibreCAD's ``i`` read as ``.`` beside a lost stem, ``T.tle``)."""
    from pdftract.ingest.drawn_text import _characters

    fb = np.array([[0.0, 0.0, 2.8, 6.5], [5.8, 0.0, 5.8, 3.4], [5.8, 4.8, 5.8, 5.0], [8.3, 0.0, 9.9, 6.0]])
    assert _characters(fb, [0, 1, 2, 3]) == [[0], [1, 2], [3]]


def test_the_dot_of_an_i_in_a_label_stays_with_its_stem_not_the_value_over_it() -> None:
    """A small label (``Drawing``) right under a large value (``LENS``): the dot of its ``i`` lies within reach of
    the value's ``E`` but nearer its own stem, so it is no accent of the ``E`` and the lines stay apart."""
    from pdftract.index import BoxIndex
    from pdftract.ingest.drawn_text import _of_another_line

    # frame boxes (u0, v0, u1, v1), v up: the value's E, the label's i stem, its dot, its n
    sub = np.array([[11.0, 13.0, 17.3, 27.2], [14.7, 0.0, 14.7, 3.4], [14.7, 4.8, 14.7, 5.1], [16.5, 0.0, 18.8, 3.4]])
    h = sub[:, 3] - sub[:, 1]
    idx = BoxIndex.from_arrays(np.arange(len(sub)), sub)
    assert _of_another_line(sub, h, idx, 2, 0)
    # an accent alone over its letter is that letter's
    assert not _of_another_line(sub[[0, 2]], h[[0, 2]], BoxIndex.from_arrays(np.arange(2), sub[[0, 2]]), 1, 0)


def test_a_narrow_letter_of_a_monospaced_stroke_font_chains_with_its_word() -> None:
    """A monospaced stroke font (DesignSpark's) sets an ``i`` in a full cell: its ink stands more than a letter's
    height from the next letter's, and the word broke in two (``thi ck``). Measured from a cell of
    NARROW_LINK_CELL of its height about its centre it chains; the next word, a cell farther, does not."""
    from pdftract.ingest.drawn_text import _chains

    # t h i(stem, dot) c k, then "f" a word space on (frame boxes u0, v0, u1, v1 of the drawn page)
    fb = np.array([[725.5, -499.2, 727.2, -496.1], [729.3, -499.2, 731.8, -495.6], [734.7, -499.2, 735.1, -496.6],
                   [734.7, -496.2, 735.1, -495.8], [738.0, -499.2, 740.5, -496.6], [742.3, -499.2, 744.8, -495.6],
                   [751.5, -499.2, 753.2, -495.8]])
    pens = (np.zeros(7, dtype=np.int64), np.zeros(7), np.zeros(7, dtype=bool))
    assert _chains(fb, np.arange(7), pens) == [[0, 1, 2, 3, 4, 5], [6]]
    # "Harriet": an r's ink is flush left in its cell, the i after it is 3.2 from it (r a r r i e)
    fb = np.array([[439.9, -499.2, 442.1, -496.6], [444.2, -499.2, 446.4, -496.6], [449.6, -499.2, 450.0, -496.6],
                   [449.6, -496.2, 450.0, -495.8], [452.8, -499.2, 455.3, -496.6]])
    pens = (np.zeros(5, dtype=np.int64), np.zeros(5), np.zeros(5, dtype=bool))
    assert _chains(fb, np.arange(5), pens) == [[0, 1, 2, 3, 4]]
    # two narrow pieces side by side (the strokes of a CJK character drawn apart) are measured ink to ink
    bars = np.array([[0.0, 0.0, 0.4, 2.6], [3.3, 0.0, 3.7, 2.6]] + [[100.0 + 20 * k, 0.0, 101.5, 1.5] for k in range(4)])
    six = (np.zeros(6, dtype=np.int64), np.zeros(6), np.zeros(6, dtype=bool))
    assert [0] in _chains(bars, np.arange(6), six)
    # filled outlines of a proportional face set a narrow letter close to its neighbours: no cell lent
    filled = (np.zeros(5, dtype=np.int64), np.zeros(5), np.zeros(5, dtype=bool), np.zeros(5, dtype=bool))
    assert [0, 1] in _chains(fb, np.arange(5), filled)


def test_a_cell_side_drawn_as_its_own_line_chains_with_no_letter() -> None:
    """A table cell's side drawn as a separate straight stroke, four times as high as the label beside it, would
    chain the label (``Rev.``) and the value under it (``B``) into one line of nonsense; it is a rule."""
    from pdftract.ingest.drawn_text import _chains

    fb = np.array([[0.0, -20.0, 0.0, 5.5],  # the cell's side
                   [1.2, 0.0, 2.8, 5.1], [3.4, 0.0, 5.1, 3.4], [5.8, 0.0, 7.4, 3.4],  # R e v
                   [1.9, -14.0, 4.7, -4.1]])  # B, the value under the label
    members = np.arange(5)
    straight = np.array([True, False, False, False, False])
    chains = _chains(fb, members, (np.zeros(5, dtype=np.int64), np.zeros(5), straight))
    assert [0] in chains and [1, 2, 3] in chains


def test_letter_spaced_stroke_text_breaks_words_ink_to_ink() -> None:
    """LibreCAD sets its letters a fixed distance apart, ink to ink, and most of its letters are narrower than the
    cells given to narrow letters: the widened cells' gaps vary (``FIT TIN G``); measured on the ink they do not."""
    from pdftract.ingest.drawn_text import _cells, _spaces

    em = 10.0
    # F I T T I N G, ink 0.24 em apart; F narrower than a narrow letter's cell, the I's a bare stroke
    ink = [(0.0, 3.0), (5.4, 5.4), (7.8, 12.0), (14.4, 18.6), (21.0, 21.0), (23.4, 27.6), (30.0, 34.2)]
    fb = np.array([[u0, 0.0, u1, 7.2] for u0, u1 in ink])
    chars = [[i] for i in range(len(ink))]
    texts = list("FITTING")
    cells = _cells(chars, fb, texts, em)
    assert any(_spaces(cells, em, texts))  # the cells alone break the word
    assert not any(_spaces(cells, em, texts, ink))
    # a word space stays one
    spaced = ink[:4] + [(u0 + 6.0, u1 + 6.0) for u0, u1 in ink[4:]]
    fb2 = np.array([[u0, 0.0, u1, 7.2] for u0, u1 in spaced])
    assert _spaces(_cells(chars, fb2, texts, em), em, texts, spaced) == [False, False, False, True, False, False, False]


def _stroked_word(path_id: int, x: float, y: float, subpaths: int, curves: bool = True, bent: bool = True) -> object:
    """A stroked path of ``subpaths`` strokes (of two pieces each when ``bent``) in a box 7 pt high at ``(x, y)``:
    a word drawn as centre lines."""
    from pdftract.geometry import BBox
    from pdftract.model.primitives import Path, Segment

    segs: list[Segment] = []
    for k in range(subpaths):
        x0 = x + 2.5 * k
        segs.append(Segment(id=len(segs), path_id=path_id, kind="move", points=((x0, y),)))
        if curves and k % 2 == 0:
            segs.append(Segment(id=len(segs), path_id=path_id, kind="curve",
                                points=((x0, y), (x0 + 1.0, y + 3.0), (x0 + 2.0, y + 3.0), (x0 + 2.0, y + 7.0))))
        else:
            segs.append(Segment(id=len(segs), path_id=path_id, kind="line", points=((x0, y), (x0 + 2.0, y + 7.0))))
        if bent:  # a stroke that bends: a second piece on from the first's end
            segs.append(Segment(id=len(segs), path_id=path_id, kind="line", points=((x0 + 2.0, y + 7.0), (x0, y + 7.0))))
    return Path(id=path_id, segments=tuple(segs), stroke=True, fill=False, evenodd=False, line_width=0.35, dash=None,
                stroke_color=(0.0,), fill_color=None, bbox=BBox(x, y, x + 2.5 * subpaths, y + 7.0), is_rect=False)


def test_words_drawn_in_strokes_of_curves_beside_a_text_layer_are_read() -> None:
    """QCAD draws its dimension values as stroked centre lines of curves, one path a word, on a page whose title
    block is text: those paths go to the reading, not a hole's centre mark (three strokes), a word of straight
    strokes only (hatching, a grid), a dashed arc or a word under a visible character."""
    from pdftract.ingest.drawn_text import outlined_beside_text
    from pdftract.testing import make_sheet

    labels = make_sheet(text=[(f"LABEL {k}", 400, 20 + 12 * k) for k in range(30)])
    words = [_stroked_word(k, 50.0 + 40.0 * (k % 5), 100.0 + 30.0 * (k // 5), 6) for k in range(10)]
    picked = outlined_beside_text(labels.glyphs, words)
    assert len(picked) == 10
    centre_marks = [_stroked_word(k, 50.0 + 40.0 * k, 300.0, 3) for k in range(20)]
    assert outlined_beside_text(labels.glyphs, centre_marks) == []
    straight = [_stroked_word(k, 50.0 + 40.0 * (k % 5), 100.0 + 30.0 * (k // 5), 6, curves=False) for k in range(10)]
    assert outlined_beside_text(labels.glyphs, straight) == []
    # a dashed arc written one dash a subpath (Adobe's export of a hidden line): one curve or line in each
    dashes = [_stroked_word(k, 50.0 + 40.0 * (k % 5), 100.0 + 30.0 * (k // 5), 6, bent=False) for k in range(10)]
    assert outlined_beside_text(labels.glyphs, dashes) == []
    covered = make_sheet(text=[("60", 50.0 + 40.0 * (k % 5), 105.0 + 30.0 * (k // 5)) for k in range(10)])
    assert outlined_beside_text(covered.glyphs, words) == []


QCAD = ROOT.parent / "extra" / "real8" / "mech-qcad-flange-example.pdf"


@pytest.mark.skipif(not QCAD.exists(), reason="real8 corpus not present")
def test_qcad_dimension_values_drawn_in_strokes_are_read() -> None:
    sheet = pdftract.open(QCAD).page(1)
    words = {w.text for w in sheet.layout.words}
    assert {"42", "60", "Flange"} <= words


def test_an_unread_small_mark_reaching_below_the_baseline_inside_a_line_is_a_comma() -> None:
    from pdftract.ingest.drawn_text import _comma

    em, baseline = 10.0, 100.0
    # frame boxes (x0, bottom, x1, top), upward: a comma's tail below the baseline
    fb = np.array([[20.0, 98.5, 22.0, 102.0], [20.0, 100.0, 22.0, 102.0], [20.0, 98.5, 22.0, 107.0], [20.0, 98.5, 26.0, 102.0]])
    assert _comma([0], fb, em, baseline) is not None and _comma([0], fb, em, baseline).text == ","  # type: ignore[union-attr]
    assert _comma([1], fb, em, baseline) is None  # on the baseline: a point's place (read by _dot)
    assert _comma([2], fb, em, baseline) is None  # as tall as a letter
    assert _comma([3], fb, em, baseline) is None  # as wide as a letter
    assert _comma([0, 1], fb, em, baseline) is None  # two pieces


HOLDERS = ROOT.parent / "extra" / "real6" / "mech-semproj2-holders-y-axis-motor.pdf"


@pytest.mark.skipif(not HOLDERS.exists(), reason="real6 corpus not present")
def test_an_italic_comma_in_an_outlined_diameter_is_read() -> None:
    assert "⌀6,3" in {w.text for w in pdftract.open(HOLDERS).page(1).layout.words}


def test_a_word_read_whole_is_told_from_the_next_by_the_letters_they_differ_in() -> None:
    # a word of four shapes, three of them surely A, T, E and the first nearest D, G 0.22 farther: DATE against GATE
    # is D against G, whatever the shared letters; a margin averaged over the four letters (0.055) had hidden that
    from pdftract.ingest.lexicon import ALPHABET, best_word

    dist = np.full((4, len(ALPHABET)), 0.9)
    dist[0, ALPHABET.index("d")], dist[0, ALPHABET.index("g")] = 0.30, 0.52
    for row, letter in ((1, "a"), (2, "t"), (3, "e")):
        dist[row, ALPHABET.index(letter)] = 0.1
    word, mean, margin = best_word(dist)
    assert word == "date" and mean == pytest.approx(0.15, abs=1e-3)
    assert margin == pytest.approx(0.22, abs=1e-3)


@pytest.mark.skipif(not __import__("pdftract.ingest.drawn_ocr", fromlist=["available"]).available(),
                    reason="Tesseract (the ocr extra and the tesseract program) not installed")
def test_lines_no_template_reads_go_to_the_ocr_fallback_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from pdftract.ingest import drawn_text

    # a font no template holds, as if: every shape matches nothing, so every line stays unread
    monkeypatch.setattr(drawn_text, "_classify", lambda *a, **k: drawn_text._UNREAD)
    monkeypatch.setattr(drawn_text, "exact_stroke", lambda *a, **k: None)
    plain = pdftract.open(FIXTURES / "outline-liberation-sans.pdf").page(1)
    assert not {"MOUNTING", "BRACKET"} & {w.text for w in plain.words}
    sheet = pdftract.open(FIXTURES / "outline-liberation-sans.pdf", read_drawn_text="ocr").page(1)
    read = [g for g in sheet.glyphs if g.source is UnicodeSource.OCR]
    assert read and all(g.font == "drawn-ocr" and 0.8 <= g.confidence <= 1 for g in read)
    assert {"MOUNTING", "BRACKET"} <= {w.text for w in sheet.words}
    (said,) = [d for d in sheet.diagnostics if d.code.value == "GLYPHS_RECOVERED"]
    context = dict(said.context)
    assert context["ocr"] == len([g for g in read if g.text.strip()]) and context["ocr_calls"] == 1


def test_the_ocr_fallback_takes_only_readings_that_look_like_a_drawing_s_text() -> None:
    from pdftract.ingest.drawn_ocr import MIN_SHAPES, plain_text

    # symbols and hatching that Tesseract spells surely (a projection symbol's cone and circles as "DO", section
    # marks as "@@", a row of hatch strokes as "NNN") are no text
    assert MIN_SHAPES >= 3
    assert not plain_text(list("@@")) and not plain_text(list("©©")) and not plain_text(list("NNN"))
    assert plain_text(list("FluegelHolm")) and plain_text(list("2021-03-05")) and plain_text(list("⌀6.5THRU"))


def test_glyphs_filled_and_stroked_as_one_path_keep_their_counters() -> None:
    """A converter that fills and strokes every glyph as one path (``B*``): the counter of an ``O``, ``P``,
    ``R`` or ``0`` is the path's own hole, not a piece to fill (read so, ``LPG`` was ``LrG`` and ``50A`` was ``5IA``)."""
    if not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans not installed")
    words = ["LPG STORAGE TANK 12 TON", "ABOVE LINE 50A", "PROBE 2040 BAR", "DROP ODOR 809"]
    lines = [(t, 60, 700 - 20 * k, 10, "0 0 0 rg 0 0 0 RG 0.2 w") for k, t in enumerate(words * 4)]
    sheet = pdftract.open(_outlined_page(lines, [], paint="B*")).page(1)
    assert [ln.text for ln in sheet.lines] == words * 4


def _stroked_page(lines: list[tuple[str, float, float, float]], margin: int) -> bytes:
    """A page with ``margin`` lines of real text along its foot and, above them, text drawn in KiCad's stroke
    font one path per character (polylines, no curves), as AutoCAD plots its SHX text without comments."""
    from pdftract.ingest.stroke_font import newstroke_glyphs
    from pdftract.testing import PdfWriter

    font = newstroke_glyphs()
    ops = ["0 0 0 RG 0.4 w 1 J 1 j"]
    for text, x, y, size in lines:
        for ch in text:
            strokes = font.get(ch, [])
            if strokes:
                ops.append(" ".join(" ".join(f"{x + u * size:.3f} {y + v * size:.3f} {'m' if i == 0 else 'l'}" for i, (u, v) in enumerate(st))
                                    for st in strokes) + " S")
            xs = [u for st in strokes for u, _v in st] or [0.0]
            x += (max(xs) + 0.25) * size if strokes else 0.6 * size
    ops += ["BT /F1 6 Tf"] + [f"1 0 0 1 40 {20 + 8 * k} Tm (NOTE {k}: ALL EDGES BROKEN 0.2 X 45 DEG UNLESS STATED) Tj" for k in range(margin)] + ["ET"]
    w = PdfWriter()
    w.add_page("\n".join(ops).encode(), fonts={"F1": w.helvetica()})
    return w.tobytes()


def test_characters_stroked_one_path_each_beside_a_text_layer_are_read() -> None:
    """AutoCAD's SHX values plotted as strokes, one path a character, on a sheet whose other text is real: the
    page as a whole does not look drawn, yet runs of stroked characters are read (values a dimension reads). On by
    default since 2026-12-07 (opt-in before: on by default it had cost held-out corpora printed strings, until the
    comments AutoCAD writes over such text were read before it); ``read_drawn_text="outlines"`` leaves it out."""
    values = [("8000", 100, 600, 5), ("10000", 200, 600, 5), ("1100", 300, 600, 5), ("TANK 12 TON", 100, 560, 5),
              ("DN65", 250, 560, 5), ("5000", 350, 560, 5)]
    pdf = _stroked_page(values, 40)
    assert not any(g.synthetic for g in pdftract.open(pdf, read_drawn_text="outlines").page(1).glyphs)
    sheet = pdftract.open(pdf).page(1)
    assert not text_looks_drawn([g for g in sheet.glyphs if not g.synthetic], sheet.paths)[0]
    texts = [ln.text for ln in sheet.lines if "NOTE" not in ln.text]
    for text, *_rest in values:
        assert any(text in t for t in texts), (text, texts)
    # too few such characters on the page: nothing is read (a handful of small polylines is linework)
    few = pdftract.open(_stroked_page(values[:1], 40), read_drawn_text="strokes").page(1)
    assert not any(g.synthetic for g in few.glyphs)


@pytest.mark.skipif(not (EXTRA / "real13" / "mech-keychron-k5max-plate.pdf").exists(), reason="fetched corpus real13 absent")
def test_an_arrowhead_s_outline_beside_a_stroked_value_is_no_hyphen() -> None:
    """ZWCAD plots a dimension's arrowheads filled and then stroked round, its values in SHX strokes beside a text
    layer of Chinese labels: each stroked outline (a thin triangle beside the value) read as ``-`` (``-15.95-``,
    ``-8.64``: negative values). A stroke-only path on a filled shape of its size is that shape's outline, and one
    straight stroke with an end on an arrowhead or on a rule is linework."""
    sheet = pdftract.open(EXTRA / "real13" / "mech-keychron-k5max-plate.pdf", read_drawn_text="strokes").page(1)
    stroked = [ln.text for ln in sheet.lines if any(sheet.glyph(g).source is UnicodeSource.STROKE_MATCH for g in ln.glyph_ids)]
    for value in ("15.95", "8.64", "6.26", "8.10", "13.53", "118.50", "2.86"):
        assert value in stroked, (value, stroked)
    assert not any(t.startswith("-") or t.endswith("-") for t in stroked), stroked


def test_a_stroked_note_in_small_letters_reads_whole_with_its_points() -> None:
    """A note in a stroke font's small letters, one path a character: a small letter's neighbour stood farther
    than 0.8 of its height (``us`` of ``used`` at 0.25 em tracking was left out of the run, the line read
    ``R118 can be`` then ``ed to limit``), and a full stop, smaller than a glyph, was never taken."""
    lines = [("R118 can be used to limit current", 100, 600, 4), ("where necessary.", 100, 595, 4)]
    sheet = pdftract.open(_stroked_page(lines, 40), read_drawn_text="strokes").page(1)
    texts = [ln.text for ln in sheet.lines if "NOTE" not in ln.text]
    assert "R118 can be used to limit current" in texts, texts
    assert "where necessary." in texts, texts


@pytest.mark.skipif(not (SHARED / "real" / "sch-emontx-v3.4-eagle.pdf").exists()
                    or not (SHARED / "real2" / "sch-bcn3d-sigma-mb.pdf").exists(), reason="shared corpus absent")
def test_linework_in_runs_beside_a_text_layer_reads_as_no_text() -> None:
    """The stroked-characters pass takes every stroked glyph-sized shape in a run, and a board's pads, a
    connector's pins and hatching come in runs: an Eagle schematic read ``OOOO-`` and ``°°°°°°°°IIIIIIII``, a
    printed board ``OD``, ``let`` and ``LILILI``. Lines of one letter, of marks, or forced onto shapes no
    template matches closely, and a page whose lines hold fewer than six kinds of letters and figures, are no text."""
    for path in (SHARED / "real" / "sch-emontx-v3.4-eagle.pdf", SHARED / "real2" / "sch-bcn3d-sigma-mb.pdf"):
        sheet = pdftract.open(path, read_drawn_text="strokes").page(1)
        stroked = [g.text for g in sheet.glyphs if g.source is UnicodeSource.STROKE_MATCH]
        assert stroked == [], (path.name, "".join(stroked))


def test_a_decimal_point_reaches_the_next_digit_as_far_as_the_digit_before_it() -> None:
    """A plotter font's ``0.2029`` (Allegro's drill chart): the point stands in a full cell, 2.1 pt from the next
    digit, more than its own 0.6 pt height and more than the page's typical piece (0.84 pt: pads and marks), so it
    chained to no neighbour and the number was cut in two (``0. 2029``, ``1.4`` read ``4``). It reaches now as far
    as the digit that chained to it."""
    import numpy as np

    from pdftract.ingest.drawn_text import _chains

    digits = [[124.75, 538.2, 126.7, 541.8], [128.7, 541.3, 129.2, 541.9], [131.3, 538.2, 133.1, 541.8],
              [134.4, 538.2, 136.5, 541.8], [137.8, 538.2, 139.7, 541.8], [141.1, 538.2, 142.9, 541.8]]
    specks = [[300.0 + 3 * k, 100.0, 300.8 + 3 * k, 100.8] for k in range(12)]  # small marks elsewhere on the page
    fb = np.array(digits + specks)
    n = len(fb)
    pens = (np.zeros(n, dtype=np.int64), np.full(n, 0.18), np.zeros(n, dtype=bool))
    chains = _chains(fb, np.arange(n), pens)
    assert [0, 1, 2, 3, 4, 5] in chains
    # a large letter with a small one on its baseline: the small letter reaches on only to letters of the large
    # one's size (a turned FreeCAD block's `A4` had chained on to a label 5 pt past its small neighbour)
    fb = np.array([[86.4, 427.7, 102.8, 442.9], [107.4, 427.4, 111.7, 430.5], [117.0, 426.7, 125.6, 432.5]] + specks)
    n = len(fb)
    pens = (np.zeros(n, dtype=np.int64), np.zeros(n), np.zeros(n, dtype=bool))
    assert not any(2 in c and 1 in c for c in _chains(fb, np.arange(n), pens))


def test_a_narrow_figure_of_a_monospaced_stroke_font_stands_in_its_cell_not_before_a_space() -> None:
    """AutoCAD SHX digits are tabular: in ``2/15/25`` the ``1`` is a stem in the middle of a full cell, 3.4 pt of
    ink gap from the ``5``, which broke the date (``2/1 5/25``). The characters' centres step evenly: the next
    cell is no word break. A real space (two cells on) still is one."""
    from pdftract.ingest.drawn_text import _monospaced_pitch, _spaces

    inked = [(0.0, 5.52), (6.54, 13.44), (15.48, 17.88), (21.3, 26.82), (27.78, 34.68), (35.7, 41.22), (42.24, 47.76)]
    cells = inked
    texts = list("2/15/25")
    assert round(_monospaced_pitch(inked), 1) == 7.2
    assert _spaces(cells, 11.0, texts, inked) == [False] * 7
    # "2/1 5/25": the 5 two cells on
    spaced = inked[:3] + [(a + 7.2, b + 7.2) for a, b in inked[3:]]
    assert _spaces(spaced, 11.0, texts, spaced)[2] is True


def test_an_unknown_drawn_text_mode_is_a_settings_error() -> None:
    """``read_drawn_text="stroke"`` (a typo of ``"strokes"``) was taken as plain ``True``: the opt-in pass the
    caller asked for silently did not run. It is refused, saying which values there are."""
    from pdftract.errors import SettingsError

    for bad in ("stroke", "OCR", 2, None):
        with pytest.raises(SettingsError, match="read_drawn_text"):
            pdftract.open(FIXTURES / "outline-liberation-sans.pdf", read_drawn_text=bad)  # type: ignore[arg-type]
    for good in (True, False, "ocr", "outlines", "strokes", "ocr+strokes"):
        assert pdftract.open(FIXTURES / "outline-liberation-sans.pdf", read_drawn_text=good).page_count == 1
