"""Tolerance limits of a characteristic: printed deviations, ISO 286 fit classes and general tolerances.

Three sources, in this order (``tolerance_source`` in the characteristic list):

* ``printed``: the deviations printed with the dimension (``±0.1``, ``+0.10/-0.05``, limits ``8.01/7.99``).
* ``fit``: an ISO 286 tolerance class (``H7``, ``g6``; of ``H7/g6`` the hole's, as the dimension of a bore
  names the hole first) computed from the standard tolerance grades and fundamental deviations below, for
  nominal sizes up to 500 mm. Classes outside our table (the ``r`` to ``zc`` shafts, ``A``-``C`` holes ...)
  give no limits and say so.
* ``general``: the sheet's general tolerance where nothing is printed: ISO 2768-1 classes ``f``, ``m``,
  ``c``, ``v`` (linear, and radii/chamfers as "broken edges"; angles need the length of the shorter leg, which
  the text does not give, so they are read from the shortest-leg row only when no leg is known and marked
  ``assumed``), or a block tolerance by printed decimal places (``X.X ±0.2``, ``.XX ±.01``, ``ANGLES ±1°``),
  or one ``±`` for every dimension (``General tolerances ±0.05mm``).

>>> fit_deviations(25.0, "H7"), fit_deviations(25.0, "g6"), fit_deviations(25.0, "k6")
((0.0, 0.021), (-0.02, -0.007), (0.002, 0.015))
>>> general_tolerance_from_text("GENERAL TOLERANCES ISO 2768-mK").iso2768
'm'
>>> g = general_tolerance_from_text("UNLESS OTHERWISE SPECIFIED: X.X ±0.2  X.XX ±0.05  ANGLES ±0.5°")
>>> g.by_places, g.angular
({1: 0.2, 2: 0.05}, 0.5)
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace

from pdftract.analyzers.notation import parse_number

#: upper bounds (mm, inclusive) of the ISO 286 nominal size ranges: 0-3, over 3 up to 6, ... 400-500
_SIZES = (3, 6, 10, 18, 30, 50, 80, 120, 180, 250, 315, 400, 500)

#: ISO 286-1 standard tolerance grades IT1..IT16 in micrometres, one value per size range
_IT: dict[int, tuple[float, ...]] = {
    1: (0.8, 1, 1, 1.2, 1.5, 1.5, 2, 2.5, 3.5, 4.5, 6, 7, 8),
    2: (1.2, 1.5, 1.5, 2, 2.5, 2.5, 3, 4, 5, 7, 8, 9, 10),
    3: (2, 2.5, 2.5, 3, 4, 4, 5, 6, 8, 10, 12, 13, 15),
    4: (3, 4, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20),
    5: (4, 5, 6, 8, 9, 11, 13, 15, 18, 20, 23, 25, 27),
    6: (6, 8, 9, 11, 13, 16, 19, 22, 25, 29, 32, 36, 40),
    7: (10, 12, 15, 18, 21, 25, 30, 35, 40, 46, 52, 57, 63),
    8: (14, 18, 22, 27, 33, 39, 46, 54, 63, 72, 81, 89, 97),
    9: (25, 30, 36, 43, 52, 62, 74, 87, 100, 115, 130, 140, 155),
    10: (40, 48, 58, 70, 84, 100, 120, 140, 160, 185, 210, 230, 250),
    11: (60, 75, 90, 110, 130, 160, 190, 220, 250, 290, 320, 360, 400),
    12: (100, 120, 150, 180, 210, 250, 300, 350, 400, 460, 520, 570, 630),
    13: (140, 180, 220, 270, 330, 390, 460, 540, 630, 720, 810, 890, 970),
    14: (250, 300, 360, 430, 520, 620, 740, 870, 1000, 1150, 1300, 1400, 1550),
    15: (400, 480, 580, 700, 840, 1000, 1200, 1400, 1600, 1850, 2100, 2300, 2500),
    16: (600, 750, 900, 1100, 1300, 1600, 1900, 2200, 2500, 2900, 3200, 3600, 4000),
}

#: shafts d..h: upper deviation es (micrometres); the holes D..H mirror them (EI = -es)
_UPPER: dict[str, tuple[float, ...]] = {
    "d": (-20, -30, -40, -50, -65, -80, -100, -120, -145, -170, -190, -210, -230),
    "e": (-14, -20, -25, -32, -40, -50, -60, -72, -85, -100, -110, -125, -135),
    "f": (-6, -10, -13, -16, -20, -25, -30, -36, -43, -50, -56, -62, -68),
    "g": (-2, -4, -5, -6, -7, -9, -10, -12, -14, -15, -17, -18, -20),
    "h": (0,) * 13,
}
#: shafts k..p: lower deviation ei (micrometres); ``k`` for grades 4 to 7 (0 otherwise)
_LOWER: dict[str, tuple[float, ...]] = {
    "k": (0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5),
    "m": (2, 4, 6, 7, 8, 9, 11, 13, 15, 17, 20, 21, 23),
    "n": (4, 8, 10, 12, 15, 17, 20, 23, 27, 31, 34, 37, 40),
    "p": (6, 12, 15, 18, 22, 26, 32, 37, 43, 50, 56, 62, 68),
}

_CLASS = re.compile(r"^(?P<letter>js|JS|[a-zA-Z])(?P<grade>\d{1,2})$")


def _range_index(size: float) -> int | None:
    if size <= 0 or size > _SIZES[-1]:
        return None
    return bisect.bisect_left(_SIZES, size)


def fit_deviations(size: float, tolerance_class: str) -> tuple[float, float] | None:
    """(lower, upper) deviation in mm of an ISO 286 tolerance class at a nominal size in mm, or ``None``
    where the class or size is outside our table (sizes over 500 mm, grades above IT16, shafts past ``p``,
    holes ``A``-``C`` and past ``P``).

    >>> fit_deviations(25, "K7"), fit_deviations(25, "N7"), fit_deviations(25, "P7"), fit_deviations(25, "js6")
    ((-0.015, 0.006), (-0.028, -0.007), (-0.035, -0.014), (-0.0065, 0.0065))
    >>> fit_deviations(12, "H7"), fit_deviations(600, "H7"), fit_deviations(25, "r6")
    ((0.0, 0.018), None, None)
    """
    m = _CLASS.match(tolerance_class.strip())
    i = _range_index(size)
    if m is None or i is None:
        return None
    letter, grade = m.group("letter"), int(m.group("grade"))
    if grade not in _IT:
        return None
    it = _IT[grade][i]
    hole = letter.isupper()
    low = letter.lower()
    if low == "js":
        lo, hi = -it / 2, it / 2
    elif low in _UPPER:
        es = _UPPER[low][i]
        lo, hi = (-es, -es + it) if hole else (es - it, es)
    elif low in _LOWER and not hole:
        ei = _LOWER[low][i] if (low != "k" or 4 <= grade <= 7) else 0.0
        lo, hi = ei, ei + it
    elif low in _LOWER:
        # holes K, M, N (grade <= 8) and P (grade <= 7): ES = -ei + delta, delta = IT(n) - IT(n-1), with ei of the
        # shaft of the same letter (k: its grade 4-7 value); above those grades K and N have ES = 0, M and P -ei
        if grade <= (7 if low == "p" else 8):
            es_hole = -_LOWER[low][i] + (it - _IT[grade - 1][i] if grade > 1 else 0.0)
        else:
            es_hole = 0.0 if low in ("k", "n") else -_LOWER[low][i]
        lo, hi = es_hole - it, es_hole
    else:
        return None
    return round(lo / 1000.0, 6), round(hi / 1000.0, 6)


def hole_class(fit: str) -> str:
    """The class a dimension's tolerance comes from: of a fit ``H7/g6`` the first (the dimension of the feature
    the fit is written on); a lone class as it is."""
    return fit.split("/")[0].strip()


# -- general tolerances ---------------------------------------------------------------------

#: ISO 2768-1 linear: upper bounds (mm) of the ranges 0.5-3, 3-6, 6-30, 30-120, 120-400, 400-1000, 1000-2000, 2000-4000
_ISO2768_SIZES = (3, 6, 30, 120, 400, 1000, 2000, 4000)
_ISO2768_LINEAR: dict[str, tuple[float | None, ...]] = {
    "f": (0.05, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, None),
    "m": (0.1, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0),
    "c": (0.2, 0.3, 0.5, 0.8, 1.2, 2.0, 3.0, 4.0),
    "v": (None, 0.5, 1.0, 1.5, 2.5, 4.0, 6.0, 8.0),
}
#: ISO 2768-1 broken edges (radii, chamfer heights): 0.5-3, 3-6, over 6
_ISO2768_EDGE_SIZES = (3, 6, float("inf"))
_ISO2768_EDGE: dict[str, tuple[float, ...]] = {"f": (0.2, 0.5, 1.0), "m": (0.2, 0.5, 1.0), "c": (0.4, 1.0, 2.0),
                                               "v": (0.4, 1.0, 2.0)}
#: ISO 2768-1 angles (degrees) by the shorter leg: up to 10, 10-50, 50-120, 120-400, over 400 mm
_ISO2768_ANGLE_SIZES = (10, 50, 120, 400, float("inf"))
_ISO2768_ANGLE: dict[str, tuple[float, ...]] = {
    "f": (1.0, 0.5, 20 / 60, 10 / 60, 5 / 60), "m": (1.0, 0.5, 20 / 60, 10 / 60, 5 / 60),
    "c": (1.5, 1.0, 0.5, 0.25, 10 / 60), "v": (3.0, 2.0, 1.0, 0.5, 20 / 60),
}

_ISO2768 = re.compile(r"(?:ISO|DIN|EN|NF)?\s*(?:EN\s*)?2768(?:\s*[-–—‐]\s*1(?!\d))?\s*[-–—‐:]?\s*"
                      r"(?:(?P<cls>[fmcvFMCV])(?P<geo>[HKLhkl])?\b|(?P<word>very\s+coarse|fine|medium|coarse)\b)", re.IGNORECASE)
_CLASS_WORDS = {"fine": "f", "medium": "m", "coarse": "c", "very coarse": "v"}
_NUM = r"(?:\d+(?:[.,]\d+)?|[.,]\d+)"
#: ``X.X ±0.2``, ``.XX ±.01``, ``0.XXX = ±0.005``, ``1 PL ±0.2`` (places written as X/0 after the point)
_PLACES = re.compile(rf"(?<![\w.])[X0]?[.,](?P<xs>[X0]{{1,4}})\s*[=:]?\s*±\s*(?P<v>{_NUM})", re.IGNORECASE)
_PLACE_WORDS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "1": 1, "2": 2, "3": 3, "4": 4}
#: ``TWO PLACE DECIMAL ±.01``, ``3 PLACES ±0.005``, ``2-PL DEC ±.01``
_PLACES_WORDED = re.compile(
    rf"\b(?P<n>ONE|TWO|THREE|FOUR|[1-4])\s*[- ]?\s*(?:PLACES?|PL\.?)(?:\s*(?:DECIMALS?|DEC\.?))?\s*[:=]?\s*±\s*(?P<v>{_NUM})",
    re.IGNORECASE)
_WHOLE = re.compile(rf"(?<![\w.])X\s*[=:]?\s*±\s*(?P<v>{_NUM})(?!\s*°)", re.IGNORECASE)
_ANGLES = re.compile(rf"(?:ANGLES?|ANGULAR|ANG\.?|WINKEL)\s*[:=]?\s*±\s*(?P<v>{_NUM})\s*(?:°|DEG)?", re.IGNORECASE)
_ANGLE_ALONE = re.compile(rf"±\s*(?P<v>{_NUM})\s*°")
#: one ± for every dimension: "General tolerances ±0.05mm", "TOLERANCES ARE ±0.5mm", "General Tolerance: ±0.003"
_ONE = re.compile(rf"TOLERANC\w*\b[^±\d]{{0,16}}±\s*(?P<v>{_NUM})", re.IGNORECASE)


def _num(s: str) -> float:
    """A number the patterns above matched (``0,5``, ``.01``)."""
    v = parse_number(s)
    assert v is not None, s
    return v


@dataclass(frozen=True)
class GeneralTolerance:
    """What a sheet says applies where a dimension prints no tolerance.

    ``iso2768``: the ISO 2768-1 class letter (``f``, ``m``, ``c``, ``v``) or None; ``by_places``: ``±`` by the
    number of decimals the nominal is printed with; ``whole``: for nominals printed without decimals;
    ``angular``: ``±`` in degrees; ``linear``: one ``±`` for every linear dimension; ``text``: where it was read.
    """

    iso2768: str | None = None
    by_places: dict[int, float] = field(default_factory=dict)
    whole: float | None = None
    angular: float | None = None
    linear: float | None = None
    text: str = ""

    def __bool__(self) -> bool:
        return bool(self.iso2768 or self.by_places or self.whole is not None or self.angular is not None
                    or self.linear is not None)

    def merged(self, other: GeneralTolerance) -> GeneralTolerance:
        """This, with what ``other`` adds where this says nothing."""
        return GeneralTolerance(
            iso2768=self.iso2768 or other.iso2768, by_places={**other.by_places, **self.by_places},
            whole=self.whole if self.whole is not None else other.whole,
            angular=self.angular if self.angular is not None else other.angular,
            linear=self.linear if self.linear is not None else other.linear,
            text=" | ".join(t for t in (self.text, other.text) if t))


def general_tolerance_from_text(text: str) -> GeneralTolerance:
    """The general tolerance a text states (a title-block field, a note, a line of the sheet); empty when it
    states none.

    >>> general_tolerance_from_text("Dimensions in millimeters General tolerances ±0.05mm").linear
    0.05
    >>> general_tolerance_from_text("TOLERANCES ARE +/- 0.5mm UNLESS OTHERWISE NOTED.").linear
    0.5
    >>> general_tolerance_from_text("2. General tolerance DIN ISO 2768 - medium.").iso2768
    'm'
    >>> general_tolerance_from_text("TOLERANCES: .XX ±.01 .XXX ±.005 ANGULAR: ±1°").by_places
    {2: 0.01, 3: 0.005}
    >>> general_tolerance_from_text("TOLERANCES: FRACTIONAL ± 1/32 TWO PLACE DECIMAL ±.01 THREE PLACE DECIMAL ± .001").by_places
    {2: 0.01, 3: 0.001}
    >>> bool(general_tolerance_from_text("BREAK ALL SHARP EDGES 0.2 MAX."))
    False
    """
    t = " ".join(text.split()).replace("+/-", "±").replace("+/−", "±")
    iso = _ISO2768.search(t)
    places: dict[int, float] = {}
    for m in _PLACES.finditer(t):
        places.setdefault(len(m.group("xs")), _num(m.group("v")))
    for m in _PLACES_WORDED.finditer(t):
        places.setdefault(_PLACE_WORDS[m.group("n").upper()], _num(m.group("v")))
    whole = _WHOLE.search(t)
    ang = _ANGLES.search(t)
    angular = _num(ang.group("v")) if ang else None
    if angular is None and (places or whole):
        alone = _ANGLE_ALONE.search(t)
        angular = _num(alone.group("v")) if alone else None
    one = _ONE.search(t) if not places and whole is None else None
    linear = _num(one.group("v")) if one and not t[one.end():one.end() + 2].strip().startswith("°") else None
    cls = None
    if iso:
        cls = iso.group("cls").lower() if iso.group("cls") else _CLASS_WORDS[" ".join(iso.group("word").lower().split())]
    g = GeneralTolerance(iso2768=cls, by_places=places,
                         whole=_num(whole.group("v")) if whole else None, angular=angular, linear=linear)
    return replace(g, text=t) if g else g


def _lookup(bounds: tuple[float, ...], values: tuple[float | None, ...], size: float) -> float | None:
    i = bisect.bisect_left(bounds, size)
    return values[i] if i < len(values) else None


def _places_of(text: str) -> int:
    """Decimals of the nominal as printed: the first number of the text after a count (``4× ⌀.120``: 3)."""
    body = re.sub(r"^\s*\d+\s*[xX×*]\s*", "", text)
    m = re.search(r"\d*[.,]\d+|\d+", body)
    if m is None:
        return 0
    parts = re.split(r"[.,]", m.group(0))
    return len(parts[1]) if len(parts) > 1 else 0


def general_deviation(general: GeneralTolerance, kind: str, nominal: float, text: str, unit: str | None) -> tuple[float, str] | None:
    """``(±value, how)`` that ``general`` gives a dimension printed without a tolerance, or ``None``.

    ``how`` says which rule applied (``ISO 2768-m linear``, ``2 places``, ``angles`` ...).

    >>> general_deviation(GeneralTolerance(iso2768="m"), "linear", 140.0, "140", "mm")
    (0.5, 'ISO 2768-m linear')
    >>> general_deviation(GeneralTolerance(iso2768="m"), "radius", 5.0, "R5", "mm")
    (0.5, 'ISO 2768-m broken edges')
    >>> general_deviation(GeneralTolerance(by_places={2: 0.01}), "linear", 0.25, ".25", "in")
    (0.01, '2 places')
    """
    if kind == "thread":
        return None
    if kind == "angular":
        if general.angular is not None:
            return general.angular, "angles"
        if general.iso2768:
            return _ISO2768_ANGLE[general.iso2768][0], f"ISO 2768-{general.iso2768} angles (shortest-leg row assumed)"
        return None
    places = _places_of(text)
    if places in general.by_places:
        return general.by_places[places], f"{places} places"
    if places == 0 and general.whole is not None:
        return general.whole, "whole numbers"
    if general.linear is not None:
        return general.linear, "general ±"
    if general.iso2768 and unit in (None, "mm"):
        cls = general.iso2768
        if kind in ("radius", "chamfer"):
            v = _lookup(_ISO2768_EDGE_SIZES, _ISO2768_EDGE[cls], nominal)
            return (v, f"ISO 2768-{cls} broken edges") if v is not None and nominal >= 0.5 else None
        v = _lookup(_ISO2768_SIZES, _ISO2768_LINEAR[cls], nominal)
        return (v, f"ISO 2768-{cls} linear") if v is not None and nominal >= 0.5 else None
    return None


__all__ = ["GeneralTolerance", "fit_deviations", "general_deviation", "general_tolerance_from_text", "hole_class"]
