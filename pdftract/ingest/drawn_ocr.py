"""OCR fallback of the drawn-text pass: lines of drawn character shapes no template read, read by Tesseract.

Partial, and opt-in (``pdftract.open(path, read_drawn_text="ocr")``): the drawn-text pass
(:mod:`pdftract.ingest.drawn_text`) reads shapes against templates of open fonts, and a line whose shapes
match none of them (a font no template holds) stays unread. With this fallback such lines are drawn
with OpenCV from their own points (no PDF renderer: only the shapes of the line, upright in its reading
frame, filled outlines filled and strokes stroked), stacked into one image per page, and read by one
Tesseract call (``--psm 6``). A line's reading is taken only when

* Tesseract's least sure word on it is at least :data:`MIN_CONFIDENCE`, and
* it spells as many characters (spaces aside) as the line has character shapes, so every character
  lands on a shape of its own (the same agreement the hidden-layer step asks of a copy).

A line needs :data:`MIN_SHAPES` shapes, and its reading must look like a drawing's text (:func:`plain_text`).
Its characters get source ``ocr`` and Tesseract's word confidence (0-1). Lines partly read by the
templates are not sent; nor are more than :data:`MAX_LINES` lines of a page. Needs the ``ocr`` extra
(``pytesseract``) and the ``tesseract`` program; without them nothing is sent and the page says so.
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

#: the height in pixels a line's characters are drawn at (Tesseract reads best at 20-40 px capitals)
LINE_PX = 40
#: white margin round each line, and between lines, in pixels
PAD_PX = 20
#: a line's reading is taken when Tesseract's least sure word on it is at least this (0-100)
MIN_CONFIDENCE = 80.0
#: lines sent per page at most (linework chained like lettering must not cost a call per shape)
MAX_LINES = 400
#: a line is drawn at most this many pixels wide (a very long line is cut off there, and not taken)
MAX_WIDTH_PX = 6000
#: shapes a line needs to be sent (a projection symbol's two shapes read as "DO")
MIN_SHAPES = 3
#: the characters a reading may hold besides letters and figures
PLAIN_MARKS = frozenset(".,:;-/()+%°\"'&#=_*[]<>±⌀")


def plain_text(chars: Sequence[str]) -> bool:
    """Whether a reading looks like a drawing's text: letters, figures and :data:`PLAIN_MARKS` only, with a letter or
    a figure, and not one character over and over (symbols and hatching read as ``@@``, ``© ©``, ``NNN``)."""
    if not any(ch.isalnum() for ch in chars) or not all(ch.isalnum() or ch in PLAIN_MARKS for ch in chars):
        return False
    return len(set(chars)) > 1

@lru_cache(maxsize=1)
def available() -> bool:
    """Whether Tesseract can be called: the ``pytesseract`` package and the ``tesseract`` program."""
    return importlib.util.find_spec("pytesseract") is not None and shutil.which("tesseract") is not None


Shape = tuple[list[np.ndarray], list[np.ndarray], float]  # filled contours, strokes (u, v points, v up), half pen


def draw_line(chars: Sequence[Shape], v_low: float, v_high: float) -> np.ndarray | None:
    """One line's characters drawn black on white, upright: ``chars`` in the line's frame (u along, v up), the
    line's ink between ``v_low`` and ``v_high``. ``None`` when it would be wider than :data:`MAX_WIDTH_PX`."""
    import cv2

    pts = [p for contours, strokes, _pen in chars for p in contours + strokes if len(p)]
    if not pts or v_high <= v_low:
        return None
    u0 = min(float(p[:, 0].min()) for p in pts)
    u1 = max(float(p[:, 0].max()) for p in pts)
    scale = LINE_PX / (v_high - v_low)
    width = int((u1 - u0) * scale) + 2 * PAD_PX + 1
    if width > MAX_WIDTH_PX:
        return None
    img = np.full((LINE_PX + 2 * PAD_PX + 1, width), 255, dtype=np.uint8)

    def px(p: np.ndarray) -> np.ndarray:
        return np.column_stack(((p[:, 0] - u0) * scale + PAD_PX, (v_high - p[:, 1]) * scale + PAD_PX)).round().astype(np.int32)

    for contours, strokes, pen in chars:
        if contours:
            cv2.fillPoly(img, [px(c) for c in contours if len(c) >= 3], 0, lineType=cv2.LINE_AA)
        if strokes:
            thick = max(2, int(round(2.0 * pen * scale)))
            cv2.polylines(img, [px(s) for s in strokes if len(s) >= 2], False, 0, thickness=thick, lineType=cv2.LINE_AA)
    return img


def read_lines(images: Sequence[np.ndarray]) -> list[tuple[str, float] | None]:
    """Each image's text and Tesseract's least word confidence (0-100), or ``None`` when nothing was read: all
    the images stacked into one, read by one Tesseract call, its words given back to the line whose band holds
    their centre."""
    if not images:
        return []
    import pytesseract

    width = max(im.shape[1] for im in images)
    bands: list[tuple[int, int]] = []
    rows = []
    y = 0
    for im in images:
        pad = np.full((im.shape[0], width - im.shape[1]), 255, dtype=np.uint8)
        rows.append(np.hstack((im, pad)))
        bands.append((y, y + im.shape[0]))
        y += im.shape[0]
    page = np.vstack(rows)
    data = pytesseract.image_to_data(page, config="--psm 6", output_type=pytesseract.Output.DICT)
    words: list[list[tuple[int, str, float]]] = [[] for _ in images]
    for text, conf, left, top, height in zip(data["text"], data["conf"], data["left"], data["top"], data["height"], strict=True):
        text = str(text).strip()
        if not text:
            continue
        centre = int(top) + int(height) // 2
        for k, (a, b) in enumerate(bands):
            if a <= centre < b:
                words[k].append((int(left), text, float(conf)))
                break
    out: list[tuple[str, float] | None] = []
    for found in words:
        if not found:
            out.append(None)
            continue
        found.sort()
        out.append((" ".join(t for _x, t, _c in found), min(c for _x, _t, c in found)))
    return out


__all__ = ["LINE_PX", "MAX_LINES", "MIN_CONFIDENCE", "MIN_SHAPES", "available", "draw_line", "plain_text", "read_lines"]
