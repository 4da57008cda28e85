"""Build ``glyph_templates.npz``: reference shapes for glyph outline matching.

Run from the repository root after installing the fonts (Debian packages
``fonts-dejavu-core fonts-freefont-ttf fonts-stix fonts-noto-core fonts-symbola fonts-osifont``)::

    python -m pdftract.data.build_templates

Every template is one character of one open font, read with fontTools and
turned into features exactly as :func:`pdftract.ingest.outlines.features` does
for a glyph found in a PDF. Fonts that are not installed are skipped with a
message; a character a font lacks is simply not a template of that font. The
output records which fonts were used, so the build is auditable. The text templates
(``--text``) add KiCad's stroke font from ``newstroke.txt`` (see ``build_newstroke.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from pdftract.ingest.outlines import SYMBOLS, Features, features, glyph_contours, pack

#: open fonts with engineering symbols, of different design families (sans, serif, mono, symbol)
FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeMono.ttf",
    "/usr/share/fonts/opentype/stix/STIXGeneral-Regular.otf",
    "/usr/share/fonts/truetype/noto/NotoSansSymbols-Regular.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansMath-Regular.ttf",
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    "/usr/share/fonts/truetype/osifont/osifont.ttf",  # ISO 3098 CAD lettering with GD&T symbols
)

#: characters kept so that a letter or a digit is not forced into the nearest symbol
SANITY = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,-+/()%:=#*xX×"


Contour = list[tuple[float, float]]

#: drawing conventions fonts do not show: ISO 1101 and ASME Y14.5 draw parallelism as two inclined strokes
SHEARS: dict[str, tuple[float, ...]] = {"∥": (0.25, 0.4)}

#: CAD symbol fonts draw the characteristic symbols at capital height, lower than a text font's ∥ (about 0.9 em)
CAP_HEIGHT = 0.75

#: total runout is drawn as two circular-runout arrows whose tails a base line joins, in one character cell:
#: the pair, two arrow widths, is squeezed to this share of its width (1.4 arrow widths; 45° arrows become steeper)
RUNOUT_SQUEEZE = (0.7,)


def _sheared(contours: list[Contour], k: float) -> list[Contour]:
    """The outline slanted to the right by ``k`` (x += k * y)."""
    return [[(x + k * y, y) for x, y in c] for c in contours]


def _runout_pair(arrow: list[Contour], em: float, squeeze: float) -> list[Contour]:
    """⌰ built from a font's ↗: a second arrow one arrow-width to the right, a base line joining the tails,
    the whole squeezed horizontally to ``squeeze`` of its width."""
    pts = np.array([p for c in arrow for p in c], dtype=float)
    x0, width = float(pts[:, 0].min()), float(np.ptp(pts[:, 0]))
    tx, ty = pts[np.argmin(pts[:, 0] + pts[:, 1])]  # the tail: the lowest-left point
    half = 0.03 * em
    second = [[(x + width, y) for x, y in c] for c in arrow]
    base = [[(tx, ty - half), (tx + width, ty - half), (tx + width, ty + half), (tx, ty + half)]]
    return [[(x0 + (x - x0) * squeeze, y) for x, y in c] for c in arrow + second + base]


def shapes(glyph_set: object, cmap: dict[int, str], em: float, chars: str) -> list[tuple[str, list[Contour], bool]]:
    """Every template shape one font gives: ``(character, contours, is_variant)`` for each character it has,
    then the convention variants (slanted and capital-height ∥, ⌰ from the font's ↗)."""
    out: list[tuple[str, list[Contour], bool]] = []
    for ch in chars:
        name = cmap.get(ord(ch))
        if name is None:
            continue
        contours = glyph_contours(glyph_set, name)
        out.append((ch, contours, False))
        for k in SHEARS.get(ch, ()):
            slanted = _sheared(contours, k)
            out.append((ch, slanted, True))
            out.append((ch, [[(x, y * CAP_HEIGHT) for x, y in c] for c in slanted], True))
    arrow = cmap.get(ord("↗"))
    if arrow is not None and "⌰" in chars:
        contours = glyph_contours(glyph_set, arrow)
        out += [("⌰", _runout_pair(contours, em, q), True) for q in RUNOUT_SQUEEZE]
    return out


def _collect(fonts: tuple[str, ...], shapes_of: Callable[[Any, dict[int, str], float], list[tuple[str, list[Contour], bool]]],
             what: str) -> tuple[list[Features], list[str], list[str]]:
    """Features and labels of every shape ``shapes_of(glyph_set, cmap, em)`` gives for each installed font of
    ``fonts``, and the fonts used."""
    from fontTools.ttLib import TTFont

    feats: list[Features] = []
    labels: list[str] = []
    used: list[str] = []
    for path in fonts:
        if not Path(path).exists():
            print(f"build_templates: {path} not installed, skipped", file=sys.stderr)
            continue
        tt = TTFont(path, lazy=True, fontNumber=0)  # a collection (.ttc): its first font
        em = float(tt["head"].unitsPerEm)
        n = 0
        for ch, contours, _variant in shapes_of(tt.getGlyphSet(), tt.getBestCmap(), em):
            f = features(contours, em)
            if f is not None:
                feats.append(f)
                labels.append(ch)
                n += 1
        used.append(Path(path).name)
        print(f"build_templates: {Path(path).name}: {n} {what}", file=sys.stderr)
    return feats, labels, used


def _build(fonts: tuple[str, ...], shapes_of: Callable[[Any, dict[int, str], float], list[tuple[str, list[Contour], bool]]],
           what: str) -> dict[str, np.ndarray]:
    """Templates of every shape ``shapes_of(glyph_set, cmap, em)`` gives for each installed font of ``fonts``."""
    feats, labels, used = _collect(fonts, shapes_of, what)
    return {**pack(feats), "labels": np.array(labels), "fonts": np.array(used)}


def build(fonts: tuple[str, ...] = FONTS) -> dict[str, np.ndarray]:
    """The symbol templates: the engineering symbols and sanity characters of every installed font."""
    chars = "".join(dict.fromkeys(SYMBOLS + SANITY))
    return _build(fonts, lambda gs, cmap, em: shapes(gs, cmap, em, chars), "characters")


#: fonts of the text templates (reading text drawn as outlines or strokes): sans, narrow, mono, serif and bold
#: designs of two families, an ISO 3098 lettering font and a Ming font's Latin letters; every other family is
#: unseen (held out). Debian packages: fonts-dejavu-core fonts-liberation fonts-osifont fonts-arphic-uming
TEXT_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/osifont/osifont.ttf",
    # the Ming (Song) design whose Latin letters Chinese CAD templates print in (SimSun's, as AR PL UMing draws them)
    "/usr/share/fonts/truetype/arphic/uming.ttc",
)
#: fonts of :data:`TEXT_FONTS` that give only their letters and figures: the Ming font's signs are hairline
#: strokes that look like linework (its ``(`` is a plain arc, read off a P&ID's vessel outline)
LETTERS_ONLY = frozenset({"uming.ttc"})
#: the characters of the text templates
TEXT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,:;-+/()%=#*_&'\"!?<>[]@°±⌀\\$~{}^"


#: other common designs of a character, taken from a code point that has them: the single-storey ``a`` and ``g``
#: of geometric and stroke fonts (Futura, Hershey, many CAD fonts), the flat-topped ``3`` (DIN 1451, Hershey)
TEXT_ALTERNATES = (("a", "\u0251"), ("g", "\u0261"), ("3", "\u01b7"))


def build_text(fonts: tuple[str, ...] = TEXT_FONTS) -> dict[str, np.ndarray]:
    """The text templates: every character of :data:`TEXT_CHARS` (and :data:`TEXT_ALTERNATES`) in every
    installed font of ``fonts``, then in KiCad's stroke font (:func:`build_newstroke`)."""

    def text_shapes(glyph_set: Any, cmap: dict[int, str], em: float, letters_only: bool = False) -> list[tuple[str, list[Contour], bool]]:
        pairs = [(c, c) for c in TEXT_CHARS if c.isalnum() or not letters_only] + list(TEXT_ALTERNATES)
        return [(ch, glyph_contours(glyph_set, cmap[ord(shown)]), ch != shown) for ch, shown in pairs if ord(shown) in cmap]

    feats: list[Features] = []
    labels: list[str] = []
    used: list[str] = []
    for font in fonts:
        shapes_of = partial(text_shapes, letters_only=Path(font).name in LETTERS_ONLY)
        f, lab, u = _collect((font,), shapes_of, "text characters")
        feats, labels, used = feats + f, labels + lab, used + u
    strokes, stroke_labels = build_newstroke()
    return {**pack(feats + strokes), "labels": np.array(labels + stroke_labels), "fonts": np.array(used + [NEWSTROKE])}


#: the Cyrillic letters of the Cyrillic templates: those no Latin letter or figure is drawn like (the others,
#: ``А В Е К М Н О Р С Т Х а е о р с у х``, are read as their Latin twins and given back in a Cyrillic word), and
#: the numero sign that Russian labels print (``№ докум.``)
CYRILLIC_CHARS = "БГДЖЗИЙЛПУФЦЧШЩЪЫЬЭЮЯбвгджзийклмнптфцчшщъыьэюя№"


def build_cyrillic(fonts: tuple[str, ...] = TEXT_FONTS) -> dict[str, np.ndarray]:
    """The Cyrillic templates: every letter of :data:`CYRILLIC_CHARS` in every installed font of ``fonts`` that
    has them (the Ming font's are left out, as its signs are). Kept apart from the text templates: a shape is
    matched against them only when its line's Latin reading leaves room for it (see ``drawn_text``)."""

    def cyrillic_shapes(glyph_set: Any, cmap: dict[int, str], em: float) -> list[tuple[str, list[Contour], bool]]:
        return [(c, glyph_contours(glyph_set, cmap[ord(c)]), False) for c in CYRILLIC_CHARS if ord(c) in cmap]

    feats, labels, used = _collect(tuple(f for f in fonts if Path(f).name not in LETTERS_ONLY), cyrillic_shapes,
                                   "Cyrillic letters")
    return {**pack(feats), "labels": np.array(labels), "fonts": np.array(used)}


def build_bearings(fonts: tuple[str, ...] = TEXT_FONTS) -> dict[str, list[float]]:
    """Each text character's side bearings (ink to the edge of its advance, left and right, in ems): the median
    over the installed fonts of ``fonts`` that have it (the Ming font left out: its Latin letters sit in wide
    cells), rounded to a thousandth. The Latin characters of :data:`TEXT_CHARS`, the Cyrillic letters of
    :data:`CYRILLIC_CHARS` and the Cyrillic letters drawn as Latin ones. A word break is a gap wider than the two
    bearings beside it by a space (see ``drawn_text._spaces``)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    chars = TEXT_CHARS + CYRILLIC_CHARS + "АВЕКМНОРСТХаеорсух"
    seen: dict[str, list[tuple[float, float]]] = {}
    for path in fonts:
        if not Path(path).exists() or Path(path).name in LETTERS_ONLY:
            continue
        tt = TTFont(path, lazy=True, fontNumber=0)
        em = float(tt["head"].unitsPerEm)
        glyph_set, cmap, hmtx = tt.getGlyphSet(), tt.getBestCmap(), tt["hmtx"]
        for ch in chars:
            name = cmap.get(ord(ch))
            if name is None:
                continue
            pen = BoundsPen(glyph_set)
            glyph_set[name].draw(pen)
            if pen.bounds is None:
                continue
            x0, _y0, x1, _y1 = pen.bounds
            seen.setdefault(ch, []).append((x0 / em, (hmtx[name][0] - x1) / em))
    return {ch: [round(float(np.median([a for a, _ in v])), 3), round(float(np.median([b for _, b in v])), 3)]
            for ch, v in sorted(seen.items())}


#: KiCad's stroke font (``newstroke.txt``, shipped in the package, read out of KiCad by ``build_newstroke.py``):
#: every KiCad schematic and board draws its text with it as stroked centre lines
NEWSTROKE = "newstroke.txt"


def build_newstroke() -> tuple[list[Features], list[str]]:
    """Templates of the text characters in KiCad's stroke font, featured exactly as a stroked character
    found on a page is (centre lines drawn with a regular pen), and a slashed zero beside its zero."""
    from pdftract.ingest.drawn_text import _stroke_features
    from pdftract.ingest.stroke_font import newstroke_glyphs

    feats: list[Features] = []
    labels: list[str] = []
    for ch, strokes in newstroke_glyphs().items():
        if ch not in TEXT_CHARS or not strokes:
            continue
        pts = [np.asarray(s, dtype=float) for s in strokes]
        if len(pts) == 1 and len(pts[0]) == 1:
            continue
        f = _stroke_features([p if len(p) > 1 else np.vstack([p, p]) for p in pts])
        if f is not None:
            feats.append(f)
            labels.append(ch)
        if ch == "0":
            # the slashed zero of many stroke fonts of EDA and CAD tools (DipTrace, plotter fonts): the same zero
            # with a stroke from the upper right of its bowl to the lower left
            xs = np.concatenate([p[:, 0] for p in pts])
            ys = np.concatenate([p[:, 1] for p in pts])
            x0, x1, y0, y1 = float(xs.min()), float(xs.max()), float(ys.min()), float(ys.max())
            w, h = x1 - x0, y1 - y0
            slash = np.array([[x1 - 0.08 * w, y0 + 0.8 * h], [x0 + 0.08 * w, y0 + 0.2 * h]])
            f = _stroke_features(pts + [slash])
            if f is not None:
                feats.append(f)
                labels.append(ch)
    print(f"build_templates: {NEWSTROKE}: {len(feats)} text characters", file=sys.stderr)
    return feats, labels


#: open CJK faces of three designs (Ming, Song, Hei), as (file, face number in its collection)
CJK_FONTS = (
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),  # AR PL UMing CN
    ("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", 2),  # Noto Serif CJK SC
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),  # Noto Sans CJK SC
)

#: the dimensions the Chinese templates' features are projected to (principal components of the templates)
CJK_DIMENSIONS = 128


def cjk_characters() -> str:
    """GB 2312's first level: the 3755 most used simplified characters, in its order (by reading)."""
    out = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return "".join(out)


def build_cjk(fonts: tuple[tuple[str, int], ...] = CJK_FONTS) -> dict[str, np.ndarray]:
    """The Chinese templates: every character of :func:`cjk_characters` in every installed face of ``fonts``,
    featured by :func:`pdftract.ingest.cjk_text.features`, projected on their first :data:`CJK_DIMENSIONS`
    principal components (the projection is stored beside them) and stored of unit length as float16."""
    from fontTools.ttLib import TTFont

    from pdftract.ingest.cjk_text import features

    chars = cjk_characters()
    feats: list[np.ndarray] = []
    labels: list[str] = []
    used: list[str] = []
    for path, face in fonts:
        if not Path(path).exists():
            print(f"build_templates: {path} not installed, skipped", file=sys.stderr)
            continue
        font = TTFont(path, fontNumber=face, lazy=True)
        cmap, glyph_set = font.getBestCmap(), font.getGlyphSet()
        n = 0
        for ch in chars:
            name = cmap.get(ord(ch))
            if name is None:
                continue
            f = features([np.asarray(c, dtype=np.float64) for c in glyph_contours(glyph_set, name) if len(c) >= 3])
            if f is not None:
                feats.append(f)
                labels.append(ch)
                n += 1
        used.append(f"{Path(path).name}#{face}")
        print(f"build_templates: {path}#{face}: {n} characters", file=sys.stderr)
    x = np.stack(feats).astype(np.float64)
    mean = x.mean(axis=0)
    _u, _s, vt = np.linalg.svd(x - mean, full_matrices=False)
    basis = vt[:CJK_DIMENSIONS].T
    # (each axis's sign fixed by its largest entry, so the build does not depend on the solver's choice)
    basis *= np.sign(basis[np.abs(basis).argmax(axis=0), np.arange(basis.shape[1])])
    y = (x - mean) @ basis
    y /= np.linalg.norm(y, axis=1, keepdims=True)
    return {"labels": np.array(labels), "fonts": np.array(used), "mean": mean.astype(np.float32),
            "basis": basis.astype(np.float32), "rows": y.astype(np.float16)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=Path(__file__).with_name("glyph_templates.npz"))
    ap.add_argument("--text", action="store_true", help="build the text templates (text_templates.npz) instead")
    ap.add_argument("--cyrillic", action="store_true", help="build the Cyrillic templates (cyrillic_templates.npz) instead")
    ap.add_argument("--cjk", action="store_true", help="build the Chinese templates (cjk_templates.npz) instead")
    ap.add_argument("--bearings", action="store_true", help="write the text characters' side bearings (text_bearings.json)")
    args = ap.parse_args(argv)
    if args.bearings:
        import json

        out = Path(__file__).with_name("text_bearings.json")
        table = build_bearings()
        out.write_text(json.dumps(table, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"build_templates: side bearings of {len(table)} characters -> {out}", file=sys.stderr)
        return 0
    for wanted, name, what, make in ((args.cyrillic, "cyrillic_templates.npz", "Cyrillic", build_cyrillic),
                                     (args.cjk, "cjk_templates.npz", "Chinese", build_cjk),
                                     (args.text, "text_templates.npz", "text", build_text)):
        if wanted:
            out = args.out if args.out != Path(__file__).with_name("glyph_templates.npz") else Path(__file__).with_name(name)
            data = make()
            np.savez_compressed(out, **data)  # type: ignore[arg-type]
            print(f"build_templates: {len(data['labels'])} {what} templates from {len(data['fonts'])} fonts -> {out}", file=sys.stderr)
            return 0
    data = build()
    missing = [s for s in SYMBOLS if s not in set(data["labels"].tolist())]
    if missing:
        print(f"build_templates: no template for {''.join(missing)}", file=sys.stderr)
        return 1
    np.savez_compressed(args.out, **data)  # type: ignore[arg-type]
    print(f"build_templates: {len(data['labels'])} templates from {len(data['fonts'])} fonts -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
