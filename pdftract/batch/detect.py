"""Content detection and provenance digests for the batch engine.

Type is decided from the bytes, never from the file name: a PDF named ``.txt``
is a PDF; a text file named ``.pdf`` is not.

>>> detect_type(b"junk before %PDF-1.7 ...")
'pdf'
>>> detect_type(b"")
'empty'
>>> detect_type(b"hello, world")
'text'
>>> detect_type(b"\\x89PNG\\r\\n\\x1a\\n....")
'image/png'
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from pdftract.ingest.reader import HEADER_WINDOW  # the reader's own window: detection and reading agree

CHUNK = 1 << 20

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
    (b"GIF8", "image/gif"),
    (b"PK\x03\x04", "application/zip"),
    (b"\x1f\x8b", "application/gzip"),
    (b"\xd0\xcf\x11\xe0", "application/x-ole-storage"),
)


def detect_type(head: bytes) -> str:
    """``pdf``, ``empty``, a known binary type, ``text`` (printable UTF-8) or ``binary``, from the first bytes."""
    if not head:
        return "empty"
    if b"%PDF-" in head[:HEADER_WINDOW]:
        return "pdf"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    sample = head[:HEADER_WINDOW]
    try:
        text = sample.decode("utf-8")
    except UnicodeDecodeError:
        # a multi-byte character cut at the window's end is still text
        try:
            text = sample[:-3].decode("utf-8")
        except UnicodeDecodeError:
            return "binary"
    printable = sum(1 for c in text if c.isprintable() or c in "\r\n\t")
    return "text" if printable >= 0.95 * max(len(text), 1) else "binary"


@dataclass(frozen=True, slots=True, kw_only=True)
class Digest:
    """What was read of one input before any parsing."""

    sha256: str
    md5: str
    size: int
    detected_type: str


def digest_file(path: str | os.PathLike[str]) -> Digest:
    """Stream the file once: SHA-256, MD5, size and the detected type (read-only; the file is never modified)."""
    sha, md5 = hashlib.sha256(), hashlib.md5(usedforsecurity=False)
    size = 0
    head = b""
    with open(path, "rb") as fh:
        while True:
            chunk = fh.read(CHUNK)
            if not chunk:
                break
            if len(head) < HEADER_WINDOW:
                head += chunk[: HEADER_WINDOW - len(head)]
            sha.update(chunk)
            md5.update(chunk)
            size += len(chunk)
    return Digest(sha256=sha.hexdigest(), md5=md5.hexdigest(), size=size, detected_type=detect_type(head))


__all__ = ["HEADER_WINDOW", "Digest", "detect_type", "digest_file"]
