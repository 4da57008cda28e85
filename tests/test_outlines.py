"""Glyph recovery rung 4: outline shape matching against templates rendered from open fonts."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import pdftract
from pdftract.ingest import outlines
from pdftract.ingest.outlines import SYMBOLS, classify, templates

from .conftest import FIXTURES

GENERATED = FIXTURES / "generated"
sys.path.insert(0, str(FIXTURES))
from generator.fonts import SYMBOL_BY_CHAR  # noqa: E402  (the generator's own bar-and-ring outlines, not in the templates)


def test_templates_cover_every_symbol_from_several_fonts() -> None:
    tpl = templates()
    labels = np.array(tpl.labels)
    for ch in SYMBOLS:
        assert (labels == ch).sum() >= 1, ch
    assert len(tpl.fonts) >= 5
    assert "0" in tpl.labels and "M" in tpl.labels  # sanity classes: a digit is never forced into a symbol


@pytest.mark.parametrize("ch", ["⌀", "⊥", "⌒", "○", "Ⓜ", "Ⓢ", "Ⓤ", "◎", "⌴", "°", "±", "∥", "⌰", "⏥"])
def test_outlines_drawn_independently_of_the_templates_are_recognised(ch: str) -> None:
    _name, _u, _adv, build = SYMBOL_BY_CHAR[ch]
    m = classify(build(), em=1000.0)
    assert m.text == ch, m
    assert 0.0 < m.confidence <= 1.0


def test_holes_are_counted_and_keep_closed_and_open_figures_apart() -> None:
    def holes(ch: str) -> int:
        f = outlines.features(SYMBOL_BY_CHAR[ch][3](), em=1000.0)
        assert f is not None
        return f.holes

    assert (holes("⏤"), holes("○"), holes("◎"), holes("⌀"), holes("⏥"), holes("⌰")) == (0, 1, 2, 2, 1, 0)
    # a parallelogram and two runout arrows on a base line are close in centre lines; the hole tells them apart
    parallelogram = classify(SYMBOL_BY_CHAR["⏥"][3](), em=1000.0)
    runout = classify(SYMBOL_BY_CHAR["⌰"][3](), em=1000.0)
    assert (parallelogram.text, runout.text) == ("⏥", "⌰")
    assert runout.runner_score < runout.score - 0.3


def test_unsure_shapes_are_not_guessed() -> None:
    assert classify([[(0, 0), (10, 0), (5, 9)]], em=1000.0).text is None  # a speck
    assert classify([], em=1000.0).text is None
    blob = [[(0, 0), (700, 0), (700, 700), (0, 700)]]  # a filled square is not ⌀, ○ or □ with any confidence
    m = classify(blob, em=1000.0)
    assert m.text in (None, "□") and (m.text is None or m.confidence < 0.9)


def test_classification_is_translation_and_scale_invariant_in_shape() -> None:
    _n, _u, _a, build = SYMBOL_BY_CHAR["⌀"]
    base = classify(build(), em=1000.0)
    moved = classify([[(x * 2.048 + 50, y * 2.048) for x, y in c] for c in build()], em=2048.0, baseline=0.0)
    assert moved.text == base.text == "⌀"


def test_private_use_font_is_recovered_by_outline_with_its_source() -> None:
    page = pdftract.open(GENERATED / "gdt-pua.pdf").page(1)
    matched = [g for g in page.glyphs if g.source.value == "outline_match"]
    assert {"⌀", "Ⓜ"} <= {g.text for g in matched}
    assert all(0.0 < g.confidence < 1.0 for g in matched)
    assert not any(0xE000 <= ord(g.text[0]) <= 0xF8FF and g.confidence > 0 for g in page.glyphs if g.text)


def test_matching_is_cached_per_distinct_glyph(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = outlines.classify

    def counting(*args: object, **kwargs: object) -> outlines.Match:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("pdftract.ingest.device.classify", counting)
    page = pdftract.open(GENERATED / "gdt-opaque.pdf").page(1)
    font_ids = {g.font for g in page.glyphs if g.source.value == "outline_match"}
    distinct = {(g.font, g.code) for g in page.glyphs if g.font in font_ids}
    occurrences = [g for g in page.glyphs if g.font in font_ids]
    assert calls and len(calls) <= len(distinct) < len(occurrences)


def test_a_broken_font_program_gives_no_outlines() -> None:
    bad = outlines.FontOutlines(b"\x00\x01\x00\x00garbage")
    assert bad.contours_for_gid(1) == [] and bad.gid_for_code(65) is None


def test_shipped_templates_are_what_the_build_script_makes() -> None:
    from pathlib import Path

    from pdftract.data import build_templates

    if sum(Path(f).exists() for f in build_templates.FONTS) < len(build_templates.FONTS):
        pytest.skip("the template fonts are not all installed (Debian fonts-* packages, see build_templates.py)")
    built = build_templates.build()
    shipped = templates()
    assert tuple(str(s) for s in built["labels"]) == shipped.labels
    assert np.array_equal(np.asarray(built["geometry"], dtype=np.float32), shipped.geometry)
    assert np.array_equal(built["distance"], shipped.distance.T)  # stored template-major, matched pixel-major


def test_shipped_text_templates_are_what_the_build_script_makes() -> None:
    from pathlib import Path

    from pdftract.data import build_templates

    if sum(Path(f).exists() for f in build_templates.TEXT_FONTS) < len(build_templates.TEXT_FONTS):
        pytest.skip("the text template fonts are not all installed (Debian fonts-* packages, see build_templates.py)")
    built = build_templates.build_text()
    shipped = templates("text_templates.npz")
    assert tuple(str(s) for s in built["labels"]) == shipped.labels
    assert tuple(str(s) for s in built["fonts"]) == shipped.fonts
    assert np.array_equal(np.asarray(built["geometry"], dtype=np.float32), shipped.geometry)
    assert np.array_equal(built["distance"], shipped.distance.T)


def test_unpacked_templates_cached_on_disk_are_the_same(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PDFTRACT_CACHE_DIR", str(tmp_path))
    outlines.templates.cache_clear()
    try:
        first = templates("text_templates.npz")  # unpacked and stored
        [folder] = [p for p in tmp_path.iterdir() if p.name.startswith("text_templates-")]
        cached = outlines._load_cached(folder)
        assert cached is not None and isinstance(cached.distance, np.memmap)
        for name in outlines._ARRAYS:
            got, want = getattr(cached, name), getattr(first, name)
            assert got.dtype == want.dtype and np.array_equal(got, want), name
        assert (cached.labels, cached.fonts) == (first.labels, first.fonts)
        (folder / "names.json").write_text("{broken")  # a damaged cache is unpacked again, not trusted
        assert outlines._load_cached(folder) is None
        monkeypatch.setenv("PDFTRACT_CACHE_DIR", "off")
        assert outlines.cache_dir() is None
    finally:
        outlines.templates.cache_clear()
