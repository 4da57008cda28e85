"""Build ``newstroke.txt``: KiCad's stroke font (Newstroke) as the glyph strings KiCad draws with.

Newstroke is the plotter font KiCad draws every schematic and board text with (author Vladimir Uryvaev,
released under CC0 1.0). KiCad compiles it into its libraries as one table of glyph strings, one per code
point from U+0020, in the Hershey encoding: the first two characters are the glyph's left and right
bounds, then pairs of characters are points (``ord(c) - ord("R")``, y downwards, the baseline at 9 and
capitals 21 units tall), and ``" R"`` lifts the pen.

This script reads that table out of an installed or downloaded KiCad library, so the data is exactly the
font KiCad renders with, and keeps the code points the text templates use. Run from the repository root::

    apt-get download kicad && dpkg-deb -x kicad_*.deb /tmp/kicad
    python -m pdftract.data.build_newstroke /tmp/kicad/usr/lib/kicad/_pl_editor.kiface

The table is found without knowing its address: in a position-independent library the array of string
pointers is filled by relative relocations, so the script follows every relocation that points at the
space glyph (``"JZ"``) and takes the longest run of consecutive pointers to glyph strings after it.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

OUT = Path(__file__).with_name("newstroke.txt")

#: code points kept: the text templates' characters (see build_templates.TEXT_CHARS) and the signs and Greek
#: letters schematics print in values and notes (arrows and triangles left out: symbols draw those as linework)
KEEP = ("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,:;-+/()%=#*_&'\"!?<>[]@°±⌀\\$~{}^|µΩ"
        "≥≤≠≈÷√∞∅αβγδθλπστφω")

HEADER = """\
# Newstroke, the stroke font of KiCad, by Vladimir Uryvaev; licence: CC0 1.0 (public domain dedication,
# tools/newstroke/README.txt of the KiCad sources). Read by pdftract/data/build_newstroke.py out of the
# compiled font table of {source}.
# One glyph per line: the code point in hex, a tab, the glyph string (Hershey encoding: left and right
# bounds, then points as ord(c) - ord('R') with y downwards, baseline at 9, capitals 21 units; " R" lifts the pen).
"""


def _elf_tables(data: bytes) -> tuple[list[tuple[int, int, int]], dict[int, int]]:
    """The loadable segments ``(vaddr, offset, size)`` and the relative relocations ``{slot: target}`` of a
    little-endian ELF64 file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a little-endian 64-bit ELF file")
    phoff, shoff = struct.unpack_from("<QQ", data, 0x20)
    phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", data, 0x36)
    segments = []
    for i in range(phnum):
        p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize)
        if p_type == 1:  # PT_LOAD
            segments.append((p_vaddr, p_offset, p_filesz))
    relocations: dict[int, int] = {}
    for i in range(shnum):
        _name, sh_type, _flags, _addr, sh_offset, sh_size, _link, _info, _align, sh_entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize)
        if sh_type != 4 or sh_entsize != 24:  # SHT_RELA
            continue
        for r_offset, r_info, r_addend in struct.iter_unpack("<QQq", data[sh_offset:sh_offset + sh_size]):
            if r_info & 0xFFFFFFFF == 8:  # R_X86_64_RELATIVE
                relocations[r_offset] = r_addend
    return segments, relocations


def _glyph_string(data: bytes, segments: list[tuple[int, int, int]], vaddr: int) -> str | None:
    """The NUL-terminated string at ``vaddr`` if it has the form of a glyph string, else None."""
    for base, offset, size in segments:
        if base <= vaddr < base + size:
            start = vaddr - base + offset
            end = data.find(b"\0", start, start + 4096)
            raw = data[start:end] if end > start else b""
            if len(raw) >= 2 and len(raw) % 2 == 0 and all(32 <= c <= 126 for c in raw):
                return raw.decode("ascii")
            return None
    return None


def read_table(library: Path) -> list[str]:
    """The glyph strings of the font table compiled into ``library``, from U+0020 on."""
    data = library.read_bytes()
    segments, relocations = _elf_tables(data)
    best: list[str] = []
    for slot, target in sorted(relocations.items()):
        if _glyph_string(data, segments, target) != "JZ" or (slot - 8) in relocations and \
                _glyph_string(data, segments, relocations[slot - 8]) is not None:
            continue
        run: list[str] = []
        while slot in relocations:
            glyph = _glyph_string(data, segments, relocations[slot])
            if glyph is None:
                break
            run.append(glyph)
            slot += 8
        if len(run) > len(best):
            best = run
    if len(best) < len(KEEP):
        raise ValueError(f"{library}: no Newstroke table found (longest run of glyph strings: {len(best)})")
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("library", type=Path, help="a KiCad library with the font compiled in (e.g. _pl_editor.kiface)")
    ap.add_argument("--source", default=None, help="what to name as the source in the header (default: the file name)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    table = read_table(args.library)
    lines = [HEADER.format(source=args.source or args.library.name)]
    for ch in KEEP:
        i = ord(ch) - 32
        if i >= len(table):
            print(f"build_newstroke: no glyph for {ch!r}", file=sys.stderr)
            continue
        lines.append(f"{ord(ch):04x}\t{table[i]}\n")
    args.out.write_text("".join(lines), encoding="utf-8")
    print(f"build_newstroke: {len(lines) - 1} glyphs of {len(table)} -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
