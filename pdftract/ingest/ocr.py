"""OCR of image-only pages (the batch engine's third tier): pypdfium2 renders, Tesseract reads.

Partial by design: OCR is for pages that carry no text layer at all (a scanned
sheet); it gives words with their boxes, not symbols, tolerances or GD&T, and
every character it yields is marked ``source`` ``ocr`` with Tesseract's word
confidence, so nothing read off pixels passes for vector text. Needs the
optional ``ocr`` extra (``pip install 'pdftract[ocr]'``: pypdfium2, pytesseract)
and the ``tesseract`` program (Debian ``tesseract-ocr``).

A page is *image-only* (:func:`image_only`) when images cover at least
:data:`IMAGE_COVER` of it and it has at most :data:`MAX_TEXT_GLYPHS` visible
characters; ``--ocr auto`` sends only such pages to OCR.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace

from pdftract.errors import Code, PdftractError
from pdftract.geometry import BBox
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.primitives import Glyph, Image, UnicodeSource
from pdftract.model.sheet import Sheet

#: share of the page that images must cover for it to count as a scan
IMAGE_COVER = 0.5
#: at most this many visible characters on a page that counts as a scan (stamps, a file name)
MAX_TEXT_GLYPHS = 10
#: render resolution for OCR
DPI = 300
#: font id of OCR glyphs
OCR_FONT = "ocr"


class OCRError(PdftractError):
    """OCR could not run (the ``ocr`` extra or the ``tesseract`` program missing, rendering failed)."""

    code = Code.OCR_FAILED


def image_cover(images: Sequence[Image], width: float, height: float) -> float:
    """The share of a page of ``width`` by ``height`` that its images cover (summed, at most 1: scans come in
    strips too).

    >>> image_cover([], 100.0, 100.0)
    0.0
    """
    area = max(width * height, 1e-9)
    covered = 0.0
    for im in images:
        b = im.bbox
        x0, top, x1, bottom = max(b.x0, 0.0), max(b.top, 0.0), min(b.x1, width), min(b.bottom, height)
        covered += max(0.0, x1 - x0) * max(0.0, bottom - top)
    return min(covered / area, 1.0)


def scan_measures(glyphs: Sequence[Glyph], images: Sequence[Image], width: float, height: float) -> tuple[bool, int, float]:
    """Whether a page looks like a scan (images cover at least :data:`IMAGE_COVER` of it and it has at most
    :data:`MAX_TEXT_GLYPHS` visible characters), with its visible characters and its image cover.

    >>> scan_measures([], [], 100.0, 100.0)
    (False, 0, 0.0)
    """
    chars = sum(1 for g in glyphs if not g.invisible and g.text.strip())
    cover = image_cover(images, width, height)
    return cover >= IMAGE_COVER and chars <= MAX_TEXT_GLYPHS, chars, cover


def image_only(sheet: Sheet) -> bool:
    """Whether the page looks like a scan: mostly image, (almost) no text layer."""
    return scan_measures(sheet.glyphs, sheet.images, sheet.width, sheet.height)[0]


def available() -> bool:
    """Whether the ``ocr`` extra and the ``tesseract`` program are installed."""
    try:
        import pypdfium2  # noqa: F401
        import pytesseract

        pytesseract.get_tesseract_version()
    except Exception:  # noqa: BLE001 (any failure means: not available)
        return False
    return True


def ocr_sheet(src: str | os.PathLike[str], sheet: Sheet, *, password: str | None = None, dpi: int = DPI,
              lang: str = "eng") -> Sheet:
    """``sheet`` with the words Tesseract reads off page ``sheet.number`` of ``src`` added as glyphs.

    Glyph boxes are the word's box split evenly per character, in displayed-page points; size is the word
    box height; ``confidence`` is the word confidence / 100. A ``GLYPHS_RECOVERED`` diagnostic counts them.
    """
    try:
        import pypdfium2 as pdfium
        import pytesseract
    except ImportError as exc:
        raise OCRError("OCR needs the 'ocr' extra: pip install 'pdftract[ocr]'") from exc
    try:
        pdf = pdfium.PdfDocument(os.fspath(src), password=password)
        try:
            page = pdf[sheet.number - 1]
            image = page.render(scale=dpi / 72.0).to_pil().convert("L")
        finally:
            pdf.close()
    except Exception as exc:  # noqa: BLE001 (pdfium raises its own error types)
        raise OCRError(f"page {sheet.number} could not be rendered for OCR: {str(exc)[:200]}") from exc
    try:
        data = pytesseract.image_to_data(image, lang=lang, output_type=pytesseract.Output.DICT)
    except Exception as exc:  # noqa: BLE001 (TesseractNotFoundError, TesseractError)
        raise OCRError(f"tesseract failed on page {sheet.number}: {str(exc)[:200]}") from exc
    sx, sy = sheet.width / image.width, sheet.height / image.height
    glyphs = list(sheet.glyphs)
    words = 0
    for i, text in enumerate(data["text"]):
        text = (text or "").strip()
        conf = float(data["conf"][i])
        if not text or conf < 0:
            continue
        x0, top = data["left"][i] * sx, data["top"][i] * sy
        w, h = data["width"][i] * sx, data["height"][i] * sy
        if w <= 0 or h <= 0:
            continue
        words += 1
        step = w / len(text)
        for k, ch in enumerate(text):
            gx = x0 + k * step
            glyphs.append(Glyph(
                id=len(glyphs), text=ch, code=0, font=OCR_FONT, size=round(h, 2), bbox=BBox(gx, top, gx + step, top + h),
                origin=(gx, top + h), direction=0.0, upright=True, mirrored=False, matrix=(h, 0.0, 0.0, -h, gx, top + h),
                advance=step, fill_color=(0.0,), stroke_color=None, render_mode=0, source=UnicodeSource.OCR,
                confidence=round(conf / 100.0, 2),
            ))
    diagnostics = sheet.diagnostics + (Diagnostic.make(
        Code.GLYPHS_RECOVERED, f"{words} words read by OCR off the rendered page ({dpi} dpi, tesseract {lang}); "
        "their characters have source ocr", severity=Severity.INFO, page=sheet.number, count=words),)
    return replace(sheet, glyphs=tuple(glyphs), diagnostics=diagnostics, shared_cache={})


__all__ = ["DPI", "IMAGE_COVER", "MAX_TEXT_GLYPHS", "OCRError", "available", "image_cover", "image_only", "ocr_sheet", "scan_measures"]
