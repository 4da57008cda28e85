"""Build ``lexicon.txt.gz``: the words drawn text is read against a word at a time.

Two sources, both general (no word is taken from a test drawing):

* an English spelling dictionary: Debian ``wamerican`` (SCOWL, size 50), ``/usr/share/dict/american-english``;
  its licence is kept beside the output in ``lexicon-COPYRIGHT``;
* the labels and header words the analyzers already know (title-block labels, table header words), which
  hold the abbreviations of drawings (``DWG``, ``QTY``, ``MATL``, ``APPD``) that no dictionary has.

Only words of the letters ``a-z`` (case folded) from :data:`MIN_LENGTH` letters are kept: the recognition
templates have no accented letters, and shorter words are too many and too alike to be told apart by shape
(allowing the analyzers' two-letter labels, ``NO``, ``OF``, made the tuned KiCad sheet worse: its pin
names are two-letter words too).
The output is sorted and written with a fixed gzip time stamp, so the same sources give the same bytes.
Run from the repository root after ``apt-get install wamerican``::

    python -m pdftract.data.build_lexicon
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

DICTIONARY = Path("/usr/share/dict/american-english")
COPYRIGHT = Path("/usr/share/doc/wamerican/copyright")
HERE = Path(__file__).resolve().parent
#: shortest word kept
MIN_LENGTH = 3
#: longest word kept (longer words are rare on drawings and cost more to compare)
MAX_LENGTH = 18


def analyzer_words() -> set[str]:
    """The words of every label and header phrase the analyzers know."""
    from pdftract.analyzers.tables import HEADER_WORDS
    from pdftract.analyzers.labels import LABELS, OTHER_LABELS

    phrases: list[str] = [p for ps in LABELS.values() for p in ps] + list(OTHER_LABELS)
    phrases += [p for ps in HEADER_WORDS.values() for p in ps]
    # words split at spaces and punctuation; a word with a letter outside a-z (``STÜCK``, ``Q'TY``) is left out
    # whole rather than cut into pieces that are no words
    return {w for p in phrases for w in re.split(r"[\s./:,()-]+", p) if re.fullmatch(r"[A-Za-z]+", w)}


def words(dictionary: Iterable[str], extra: Iterable[str]) -> list[str]:
    """The kept words, case folded, sorted.

    >>> words(["Bracket", "bracket's", "Zürich", "ok"], ["DWG", "QTY", "NO"])
    ['bracket', 'dwg', 'qty']
    """
    out = set()
    for w in list(dictionary) + list(extra):
        w = w.strip()
        if MIN_LENGTH <= len(w) <= MAX_LENGTH and re.fullmatch(r"[A-Za-z]+", w):
            out.add(w.lower())
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dictionary", type=Path, default=DICTIONARY)
    ap.add_argument("--out", type=Path, default=HERE / "lexicon.txt.gz")
    args = ap.parse_args(argv)
    if not args.dictionary.exists():
        print(f"build_lexicon: {args.dictionary} missing (apt-get install wamerican)", file=sys.stderr)
        return 1
    kept = words(args.dictionary.read_text(encoding="utf-8").splitlines(), analyzer_words())
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as gz:
        gz.write(("\n".join(kept) + "\n").encode("ascii"))
    args.out.write_bytes(buf.getvalue())
    if COPYRIGHT.exists():
        shutil.copyfile(COPYRIGHT, args.out.with_name("lexicon-COPYRIGHT"))
    print(f"build_lexicon: {len(kept)} words -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
