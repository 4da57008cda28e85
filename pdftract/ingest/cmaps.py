"""Encoding CMaps embedded in a composite font (a ``/Encoding`` stream), which pdfminer.six does not read.

pdfminer looks an embedded CMap up by its ``/CMapName`` among the predefined ones and, not finding it (Haru
writes ``Modern-UTF16-H``), decodes every string of the font to nothing: the whole text in that font is lost
without a word. :func:`read_cmap` reads the stream's code space and its CID ranges and characters into an
:class:`EmbeddedCMap`, which maps codes by range (a range of a million codes costs one entry, not a million).

>>> cmap = read_cmap(b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
...                  b"1 begincidrange <0020> <007E> 1 endcidrange 1 begincidchar <0410> 500 endcidchar")
>>> list(cmap.decode(b"\\x00\\x41\\x04\\x10\\x00\\x01"))
[34, 500, 0]
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from itertools import accumulate

from pdfminer.cmapdb import CMapBase

_TOKEN = re.compile(rb"<([0-9A-Fa-f\s]*)>|(\d+)|/\w+|([a-z]+)")
#: at most this many ranges and characters are read from one CMap (a damaged or hostile one may hold more)
MAX_ENTRIES = 100_000


class EmbeddedCMap(CMapBase):
    """Codes of 1 to 4 bytes by the code space ranges, each mapped to a CID by its range or character entry;
    a code in the code space but in no entry maps to CID 0 (``.notdef``), a byte in no code space range too."""

    def __init__(self, spaces: list[tuple[bytes, bytes]], ranges: list[tuple[int, int, int, int]], vertical: bool) -> None:
        super().__init__()
        self.spaces = sorted({(lo, hi) for lo, hi in spaces if len(lo) == len(hi) and 1 <= len(lo) <= 4}, key=lambda s: (len(s[0]), s))
        # (byte length, first code, last code, first CID), sorted for bisection per length
        self.ranges: dict[int, list[tuple[int, int, int]]] = {}
        for n, lo, hi, cid in sorted(ranges):
            self.ranges.setdefault(n, []).append((lo, hi, cid))
        self._starts = {n: [r[0] for r in rs] for n, rs in self.ranges.items()}
        # the largest last code of the entries up to each one: where to stop looking back for a range that holds
        self._reach = {n: list(accumulate((hi for _lo, hi, _cid in rs), max)) for n, rs in self.ranges.items()}
        self.vertical = vertical
        if vertical:
            self.set_attr("WMode", 1)

    def is_vertical(self) -> bool:
        return self.vertical

    def __bool__(self) -> bool:
        return bool(self.ranges)

    def _length(self, code: bytes, i: int) -> int:
        for lo, hi in self.spaces:
            n = len(lo)
            piece = code[i:i + n]
            if len(piece) == n and all(a <= b <= c for a, b, c in zip(lo, piece, hi, strict=True)):
                return n
        return 1

    def _cid(self, n: int, value: int) -> int:
        rs = self.ranges.get(n)
        if not rs:
            return 0
        k = bisect.bisect_right(self._starts[n], value) - 1
        reach = self._reach[n]
        while k >= 0 and reach[k] >= value:  # the nearest entry starting at or before the code that holds it
            lo, hi, cid = rs[k]
            if value <= hi:
                return cid + value - lo
            k -= 1
        return 0

    def decode(self, code: bytes) -> Iterator[int]:
        i = 0
        while i < len(code):
            n = self._length(code, i)
            yield self._cid(n, int.from_bytes(code[i:i + n], "big"))
            i += n


def read_cmap(data: bytes) -> EmbeddedCMap:
    """An embedded encoding CMap's code space, ``cidrange`` and ``cidchar`` entries and writing mode.

    Entries past :data:`MAX_ENTRIES` are not read; a range whose ends differ in length is skipped.
    """
    spaces: list[tuple[bytes, bytes]] = []
    entries: list[tuple[int, int, int, int]] = []
    wmode = re.search(rb"/WMode\s+(\d)", data)
    vertical = wmode is not None and wmode.group(1) == b"1"
    section = ""
    stack: list[bytes | int] = []
    for m in _TOKEN.finditer(data):
        hexa, num, word = m.groups()
        if hexa is not None:
            digits = re.sub(rb"\s", b"", hexa)
            stack.append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode("ascii")))
        elif num is not None:
            stack.append(int(num))
        elif word is not None:
            if word.startswith(b"begin"):
                section, stack = word[5:].decode("ascii"), []
            elif word.startswith(b"end") and word[3:].decode("ascii") == section:
                _take(section, stack, spaces, entries)
                section, stack = "", []
        if len(spaces) + len(entries) > MAX_ENTRIES:
            break
    return EmbeddedCMap(spaces, entries, vertical)


def _take(section: str, stack: list[bytes | int], spaces: list[tuple[bytes, bytes]],
          entries: list[tuple[int, int, int, int]]) -> None:
    if section == "codespacerange":
        for k in range(0, len(stack) - 1, 2):
            lo, hi = stack[k], stack[k + 1]
            if isinstance(lo, bytes) and isinstance(hi, bytes):
                spaces.append((lo, hi))
    elif section == "cidrange":
        for k in range(0, len(stack) - 2, 3):
            lo, hi, cid = stack[k], stack[k + 1], stack[k + 2]
            if isinstance(lo, bytes) and isinstance(hi, bytes) and isinstance(cid, int) and len(lo) == len(hi) and 1 <= len(lo) <= 4:
                a, b = int.from_bytes(lo, "big"), int.from_bytes(hi, "big")
                if a <= b:
                    entries.append((len(lo), a, b, cid))
    elif section == "cidchar":
        for k in range(0, len(stack) - 1, 2):
            code, cid = stack[k], stack[k + 1]
            if isinstance(code, bytes) and isinstance(cid, int) and 1 <= len(code) <= 4:
                v = int.from_bytes(code, "big")
                entries.append((len(code), v, v, cid))
