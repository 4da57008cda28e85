"""Engineering notation: numbers as drawings print them, symbol spellings, superscripts, fractions.

Pure functions over strings, shared by the dimension, callout and text passes.

* :func:`parse_number` reads ``12.5``, ``12,5`` (decimal comma), ``.375`` (inch
  style leading dot), ``-0,02``, ``3/8``, ``⅜``, ``1 3/8`` and ``1-3/8`` (mixed
  numbers) and ``45°``.
* :func:`canonical_symbols` spells the symbols one way: ``Ø``/``ø``/``∅`` used as a
  diameter sign become ``⌀``; ``+/-`` and ``+-`` become ``±``; the minus sign
  ``−`` becomes ``-``; ``×`` between a count and what follows stays ``×``.
* :func:`superscript` / :func:`subscript`: Unicode super/subscripts where every
  character has one, else ``^{...}`` / ``_{...}``.
* :func:`canonical_fraction`: ``⅜`` and ``3⁄8`` to ``3/8``; a mixed number keeps one space (``1 3/8``).

>>> parse_number("12,5"), parse_number(".375"), parse_number("1 3/8"), parse_number("⅜"), parse_number("-0,02")
(12.5, 0.375, 1.375, 0.375, -0.02)
>>> canonical_symbols("Ø10 +/-0.1")
'⌀10 ±0.1'
>>> superscript("2"), superscript("-6"), superscript("ab")
('²', '⁻⁶', '^{ab}')
>>> canonical_fraction("1⅜"), canonical_fraction("3⁄8")
('1 3/8', '3/8')
"""

from __future__ import annotations

import re
import unicodedata

_VULGAR = {
    "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5",
    "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8", "⅐": "1/7",
    "⅑": "1/9", "⅒": "1/10",
}
_SUPER = str.maketrans("0123456789+-−=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ")
_SUB = str.maketrans("0123456789+-−=()", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎")
_SUPER_CHARS = set("0123456789+-−=()ni")
_SUB_CHARS = set("0123456789+-−=()")

#: a decimal number as printed: optional sign, digits with a point or comma, or a leading point
NUMBER = r"[+\-−]?(?:\d+(?:[.,]\d+)?|[.,]\d+)"
#: a number, a fraction or a mixed number
VALUE = rf"(?:\d+[ -]\d+/\d+|\d+/\d+|{NUMBER})"
_VALUE_RE = re.compile(rf"^\s*({VALUE})\s*°?\s*$")


def canonical_fraction(text: str) -> str:
    """Vulgar-fraction characters and the fraction slash spelled ``n/d``; a whole part keeps one space."""
    out = text.replace("\u2044", "/")
    for ch, frac in _VULGAR.items():
        if ch in out:
            out = re.sub(rf"(\d)\s*{ch}", rf"\1 {frac}", out).replace(ch, frac)
    return out


def parse_number(text: str) -> float | None:
    """The value of one printed number, or ``None`` when ``text`` is not one number.

    >>> parse_number("2X") is None, parse_number("1-3/8"), parse_number("30°")
    (True, 1.375, 30.0)
    """
    s = canonical_fraction(text.strip()).replace("\u2212", "-")
    m = _VALUE_RE.match(s)
    if m is None:
        return None
    v = m.group(1)
    sign = -1.0 if v.startswith("-") else 1.0
    v = v.lstrip("+-")
    mixed = re.fullmatch(r"(\d+)[ -](\d+)/(\d+)", v)
    if mixed:
        den = int(mixed.group(3))
        return None if den == 0 else sign * (int(mixed.group(1)) + int(mixed.group(2)) / den)
    frac = re.fullmatch(r"(\d+)/(\d+)", v)
    if frac:
        den = int(frac.group(2))
        return None if den == 0 else sign * int(frac.group(1)) / den
    return sign * float(v.replace(",", "."))


def decimals(text: str) -> int:
    """How many decimal places a printed number shows (``"12,50"`` -> 2, ``".375"`` -> 3, ``"8"`` -> 0)."""
    m = re.search(r"[.,](\d+)", text)
    return len(m.group(1)) if m else 0


def canonical_symbols(text: str) -> str:
    """One spelling per symbol in dimension text (see the module docstring)."""
    s = text.replace("\u2212", "-").replace("+/-", "±").replace("+-", "±")
    # Ø / ø / ∅ as a diameter sign: before a digit, a point or a space and a digit, or standing alone
    s = re.sub(r"[Øø∅](?=\s*[\d.,(]|\s*$)", "\u2300", s)
    return s


def superscript(text: str) -> str:
    """Unicode superscripts when every character has one, else ``^{text}``."""
    return text.translate(_SUPER) if text and set(text) <= _SUPER_CHARS else "^{" + text + "}"


def subscript(text: str) -> str:
    """Unicode subscripts when every character has one, else ``_{text}``."""
    return text.translate(_SUB) if text and set(text) <= _SUB_CHARS else "_{" + text + "}"


#: a date as a cell prints it: numeric (``12.03.2024``, ``3/3/17``, ``2018-04-30``) or with a month name
#: (``23 APR 2020``); shared by the table and title-block passes that key values by their form
DATE_FORM = re.compile(r"^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}[ .-][A-Za-zÄÖÜäöüé]{3,9}\.?[ .-]\d{2,4})$")

#: letters of other scripts that print like a Latin capital or digit (a CAD font's Cyrillic А in ``А3``)
_LOOKALIKES = str.maketrans({
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "х": "x", "У": "Y", "у": "y", "І": "I", "Ј": "J", "Ѕ": "S",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X",
})


def reader_code(text: str) -> str:
    """A code a reader sees (a sheet size, a revision, a zone, a part number) written in Latin letters:
    Cyrillic and Greek look-alikes and accents on Latin letters are folded, only when the result is
    plain ASCII; any other text is returned as printed.

    >>> reader_code("А3"), reader_code("Rev À"), reader_code("Blatt"), reader_code("Größe")
    ('A3', 'Rev A', 'Blatt', 'Größe')
    """
    folded = text.translate(_LOOKALIKES)
    folded = "".join(c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c))
    return folded if folded.isascii() and folded != text else text


__all__ = ["DATE_FORM", "NUMBER", "VALUE", "canonical_fraction", "canonical_symbols", "decimals", "parse_number", "reader_code",
           "subscript", "superscript"]
