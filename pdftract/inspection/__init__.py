"""Inspection outputs: the numbered characteristic list (AS9102 Form 3), ballooned drawings and the HTML report.

>>> from pdftract.inspection import characteristics, find_zones, general_tolerance_from_text
"""

from pdftract.inspection.characteristics import COLUMNS, Characteristic, characteristics, general_tolerance, sheet_characteristics
from pdftract.inspection.tolerances import GeneralTolerance, fit_deviations, general_deviation, general_tolerance_from_text
from pdftract.inspection.zones import ZoneGrid, find_zones

__all__ = ["COLUMNS", "Characteristic", "GeneralTolerance", "ZoneGrid", "characteristics", "find_zones", "fit_deviations",
           "general_deviation", "general_tolerance", "general_tolerance_from_text", "sheet_characteristics"]
