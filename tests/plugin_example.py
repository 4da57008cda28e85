"""An analyzer module as a third-party package would ship it (used by the entry-point test)."""

from __future__ import annotations

from pdftract import Sheet, analyzer


@analyzer("plugin_rect_count", requires={"paths"}, assigns={"rect_count"}, register=False)
def count_rects(sheet: Sheet, settings: None) -> int:
    """Count the rectangles on a sheet."""
    return sum(1 for p in sheet.paths if p.is_rect)
