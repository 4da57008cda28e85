"""Symbol-font tables: engineering symbols that fonts put on ASCII letters (rung 3 of glyph recovery).

AutoCAD's and Inventor's GD&T fonts (``gdt``, ``AIGDT``) draw ``⌀`` on the letter
``n``, ``⌖`` on ``j``, ``⌴`` on ``v``. A PDF then reads ``n10`` for ``⌀10``, or, when the
font has no ToUnicode (Inventor), U+FFFD. The tables live in
``pdftract/data/symbol_fonts.json``, each naming the font family it describes and
how it was checked.

Rung 2 (glyph names) also lives here: :func:`engineering_name` knows the names
engineering fonts give symbols that the Adobe Glyph List does not (``diameter``),
and :func:`embedded_glyphs` reads what an embedded TrueType program says about
a glyph id when the PDF gives no Unicode at all (its own Unicode cmap, its
``post`` glyph names such as ``degree``).

Two symbol-table cases are recovered, both recorded with source ``font_table``:

* the glyph's Unicode is a letter of the table (from a ToUnicode or an encoding
  that maps to the letters): the letter becomes the symbol;
* a composite (CID) font without any Unicode mapping whose embedded TrueType
  program has a Microsoft symbol cmap (codes ``0xF020``-``0xF0FF``): the glyph id
  is looked up there, the low byte is the character the font was built for, and
  that character goes through the table (or stands for itself when it is a digit
  or a capital).

>>> table_for("ABCDEF+AIGDT")["n"], table_for("Helvetica") is None
('⌀', True)
"""

from __future__ import annotations

import io
import json
import re
from functools import lru_cache
from importlib import resources

#: confidence of a symbol read through a font table (the mapping is the font vendor's, the font is matched by name)
TABLE_CONFIDENCE = 0.95
#: symbols whose outline no letter has: in a font named a symbol font, an outline read as one of them is that
#: symbol, whatever letter the font's map gives the glyph
DRAWN_SYMBOLS = "⌀□⌴⌵↧⌖"


@lru_cache(maxsize=1)
def _tables() -> tuple[tuple[tuple[str, ...], dict[str, str]], ...]:
    data = json.loads(resources.files("pdftract.data").joinpath("symbol_fonts.json").read_text(encoding="utf-8"))
    return tuple((tuple(m.upper() for m in f["match"]), dict(f["letters"])) for f in data["fonts"])


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    data = json.loads(resources.files("pdftract.data").joinpath("symbol_fonts.json").read_text(encoding="utf-8"))
    return dict(data["glyph_names"]["names"])


def engineering_name(glyph_name: str) -> str | None:
    """The symbol an engineering glyph name stands for (``diameter`` -> ``⌀``), beyond the Adobe Glyph List.

    >>> engineering_name("Diameter"), engineering_name("total_runout"), engineering_name("g101") is None
    ('⌀', '⌰', True)
    """
    return _names().get(re.sub(r"[\s_.\-]", "", glyph_name).lower())


def base_name(name: str) -> str:
    """The font name without its subset prefix (``ABCDEF+``)."""
    return re.sub(r"^[A-Z]{6}\+", "", name)


def table_for(font_name: str) -> dict[str, str] | None:
    """The letter -> symbol table of a known symbol font, by the start of its base name: ``AIGDT``, ``GDT``, not
    ``Solid Edge ANSI GDT Symbols``, a font of another vendor whose small letters are letters.

    >>> table_for("ABCDEF+AMGDT-Regular") is not None, table_for("FPEFAA+Solid Edge ANSI GDT Symbols")
    (True, None)
    """
    upper = base_name(font_name).upper()
    for patterns, letters in _tables():
        if any(upper.startswith(p) for p in patterns):
            return letters
    return None


def embedded_glyphs(font_program: bytes) -> tuple[dict[int, str], dict[int, str], dict[int, str]]:
    """What an embedded TrueType program says about its glyph ids, for a font with no Unicode mapping:

    ``(unicode, names, symbol)``: gid -> text from its Unicode cmaps ((3,1), (0,*)); gid -> glyph name
    from its ``post`` table (``degree``, ``uni2300``, not the ``glyphNNNNN`` placeholders); gid -> the
    character a Microsoft symbol cmap ((3,0), codes ``0xF020``-``0xF0FF``) files it under. Empty
    mappings when the program cannot be read.
    """
    try:
        from fontTools.ttLib import TTFont

        tt = TTFont(io.BytesIO(font_program), lazy=True)
        cmap = tt["cmap"]
        order = tt.getGlyphOrder()
    except Exception:  # a damaged or unusual font program: no recovery from it
        return {}, {}, {}
    gid_of = {name: i for i, name in enumerate(order)}
    unicode: dict[int, str] = {}
    symbol: dict[int, str] = {}
    for sub in sorted(getattr(cmap, "tables", ()), key=lambda t: (t.platformID, t.platEncID)):
        if sub.platformID == 3 and sub.platEncID == 0:
            for code, glyph in sorted(sub.cmap.items()):
                low = code & 0xFF
                if (code & 0xFF00) in (0xF000, 0x0000) and 0x20 <= low < 0x7F and glyph in gid_of:
                    symbol.setdefault(gid_of[glyph], chr(low))
        elif (sub.platformID == 3 and sub.platEncID in (1, 10)) or sub.platformID == 0:
            for code, glyph in sorted(sub.cmap.items()):
                if glyph in gid_of and code >= 0x20:
                    unicode.setdefault(gid_of[glyph], chr(code))
    names = {i: n for i, n in enumerate(order) if i > 0 and not re.fullmatch(r"glyph\d+|\.notdef|\.null|nonmarkingreturn", n)}
    return unicode, names, symbol


def recover(text: str, letters: dict[str, str]) -> str | None:
    """The symbol for one glyph's text through a table, or ``None`` when the table does not cover it."""
    return letters.get(text) if len(text) == 1 else None


__all__ = ["TABLE_CONFIDENCE", "base_name", "embedded_glyphs", "engineering_name", "recover", "table_for"]
