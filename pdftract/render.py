"""A PNG of a page as rendered, with the analyzers' results drawn over it (``pdftract show -o page.png``).

The page is rendered by pdfium (the optional ``ocr`` extra brings ``pypdfium2``); the boxes are drawn
with OpenCV. Coordinates need no conversion beyond the scale: pdfium renders the displayed page (its
``/Rotate`` and CropBox applied), which is the frame every coordinate of a sheet is in. The PNG shows
result boxes and a legend; the step-by-step debug layers (table rules, leaders ...) are in the SVG
(:func:`pdftract.display.to_svg`).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from pdftract.display import iter_result_boxes, result_colours
from pdftract.model.sheet import SheetLike

LEGEND_PX = 260


class MissingRenderer(RuntimeError):
    """The PNG route needs pypdfium2 (the ``ocr`` extra)."""


def _bgr(hex_colour: str) -> tuple[int, int, int]:
    v = int(hex_colour.lstrip("#"), 16)
    return (v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF)


def overlay_png(src: str | os.PathLike[str], sheet: SheetLike, *, dpi: int = 100, password: str | None = None,
                glyph_boxes: bool = False) -> bytes:
    """The PNG bytes of page ``sheet.number`` of ``src`` rendered at ``dpi`` with ``sheet``'s results boxed over it.

    ``glyph_boxes`` also outlines every visible glyph (blue). Raises :class:`MissingRenderer` without pypdfium2.
    """
    try:
        import pypdfium2 as pdfium
    except ImportError as exc:
        raise MissingRenderer("PNG output renders the page with pypdfium2: pip install 'pdftract[ocr]' (or write .svg)") from exc
    import cv2

    pdf = pdfium.PdfDocument(os.fspath(src), password=password)
    try:
        image: Any = pdf[sheet.number - 1].render(scale=dpi / 72.0).to_numpy()
    finally:
        pdf.close()
    image = np.ascontiguousarray(image[:, :, :3])
    height, width = image.shape[:2]
    sx, sy = width / max(sheet.width, 1e-6), height / max(sheet.height, 1e-6)

    def rect(b: Any, colour: tuple[int, int, int], thickness: int) -> None:
        p0 = (int(round(b.x0 * sx)), int(round(b.top * sy)))
        p1 = (int(round(b.x1 * sx)), int(round(b.bottom * sy)))
        cv2.rectangle(image, p0, p1, colour, thickness)

    if glyph_boxes:
        for g in sheet.glyphs:
            if not g.invisible:
                rect(g.bbox, (246, 130, 59), 1)
    colours = result_colours(sheet)
    shown: dict[str, tuple[int, int, int]] = {}
    for key, box, _label in iter_result_boxes(sheet):
        shown[key] = _bgr(colours[key])
        rect(box, shown[key], 2)
    entries = ([("glyph box", (246, 130, 59))] if glyph_boxes else []) + [(f"result: {k}", c) for k, c in shown.items()]
    panel = np.full((height, LEGEND_PX, 3), 248, dtype=np.uint8)
    cv2.putText(panel, "legend", (10, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1, cv2.LINE_AA)
    for i, (label, colour) in enumerate(entries):
        y = 48 + 24 * i
        cv2.rectangle(panel, (10, y - 12), (30, y + 2), colour, 2)
        cv2.putText(panel, label, (38, y), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1, cv2.LINE_AA)
    ok, encoded = cv2.imencode(".png", np.hstack([image, panel]))
    if not ok:  # pragma: no cover - OpenCV always encodes a uint8 BGR image
        raise RuntimeError("PNG encoding failed")
    return bytes(encoded.tobytes())


__all__ = ["MissingRenderer", "overlay_png"]
