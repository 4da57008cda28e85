"""Structural repair of a damaged PDF into a temporary copy (qpdf through pikepdf).

The batch engine's second tier: when the primary reader fails on the file's
structure (``MALFORMED_XREF``, ``TRUNCATED``, ``STREAM_DECOMPRESSION_FAIL``),
qpdf rebuilds the cross-reference table from the objects it can find and
writes a new file, which is read once more. The input is never modified.

>>> from pdftract.testing import simple_pdf
>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> broken = d / "cut.pdf"
>>> _ = broken.write_bytes(simple_pdf(pages=[["HELLO"]])[:-30])  # the trailer cut off
>>> fixed = repair(broken, d / "fixed.pdf")
>>> import pdftract
>>> pdftract.open(fixed).page(1).text
'HELLO'
"""

from __future__ import annotations

import os
from pathlib import Path

from pdftract.errors import Code, EncryptedPDFError, MalformedPDFError

#: codes of the primary reader's failures that a rebuild may cure
REPAIRABLE = frozenset({Code.MALFORMED_XREF, Code.TRUNCATED, Code.STREAM_DECOMPRESSION_FAIL})


def repair(src: str | os.PathLike[str], dst: str | os.PathLike[str], password: str = "") -> Path:
    """Rebuild ``src`` with qpdf's recovery and write it to ``dst`` (decrypted when ``password`` opens it).

    Raises :class:`MalformedPDFError` (``MALFORMED_XREF``) when qpdf cannot recover the file either and
    :class:`EncryptedPDFError` when it is encrypted and ``password`` does not open it.
    """
    import pikepdf

    try:
        with pikepdf.open(os.fspath(src), password=password, attempt_recovery=True, suppress_warnings=True) as pdf:
            if len(pdf.pages) == 0:
                raise MalformedPDFError("repair found no pages")
            pdf.save(os.fspath(dst), fix_metadata_version=False, deterministic_id=True)
    except pikepdf.PasswordError as exc:
        raise EncryptedPDFError("the repaired file is encrypted and the password does not open it") from exc
    except pikepdf.PdfError as exc:
        raise MalformedPDFError(f"repair failed: {str(exc)[:200]}") from exc
    return Path(dst)


__all__ = ["REPAIRABLE", "repair"]
