"""Reading a drawn word as a whole: the dictionary word its shapes are closest to.

A font the recognition templates do not hold (a condensed bold, a slab-serif
mono, a CAD stroke font) leaves many of its letters unread one by one: each
shape is nearer its own letter than any other, but not near enough to be sure.
Taken together, a word's shapes are far more telling: of all the words of its
length, the one whose letters the shapes are nearest, when it is clearly nearer
than the next, is what the sheet says (``?ilic?ne`` -> ``Silicone``).

The words are those of :mod:`pdftract.data.build_lexicon` (an English spelling
dictionary and the labels the analyzers know), case folded, of the letters
``a-z``; per length they are held as one array of letter indices, so a word is
compared with every word of its length in one numpy gather.

>>> import numpy as np
>>> d = np.full((3, 26), 0.9, dtype=np.float32)
>>> for i, ch in enumerate("dwg"):
...     d[i, ord(ch) - 97] = 0.3
>>> best_word(d)  # the next word (``dig``, ``dog`` ...) differs in one letter, 0.6 farther there
('dwg', 0.3, 0.6)
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from importlib import resources

import numpy as np

#: the lexicon's letters, in the order of the distance columns
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=1)
def words_by_length() -> dict[int, tuple[np.ndarray, tuple[str, ...]]]:
    """The shipped lexicon per word length: (letter indices, one row per word; the words)."""
    with resources.files("pdftract.data").joinpath("lexicon.txt.gz").open("rb") as fh:
        words = gzip.decompress(fh.read()).decode("ascii").split()
    by: dict[int, list[str]] = {}
    for w in words:
        by.setdefault(len(w), []).append(w)
    out: dict[int, tuple[np.ndarray, tuple[str, ...]]] = {}
    for n in sorted(by):
        these = tuple(by[n])
        codes = np.frombuffer("".join(these).encode("ascii"), dtype=np.uint8).reshape(len(these), n) - ord("a")
        out[n] = (codes.astype(np.intp), these)
    return out


@lru_cache(maxsize=1)
def word_set() -> frozenset[str]:
    """Every lexicon word (small letters)."""
    return frozenset(w for _codes, words in words_by_length().values() for w in words)


def best_word(distances: np.ndarray) -> tuple[str, float, float] | None:
    """The lexicon word nearest a word's shapes: ``(word, mean distance, margin to the next word)``.

    ``distances`` holds one row per shape and one column per letter of :data:`ALPHABET` (the shape's
    distance to that letter, either case); ``None`` when no word has that many letters. The margin is the
    next word's distance more, per letter the two words differ in: the letters they share say nothing
    between them (``DATE`` against ``GATE`` is its first shape's ``D`` against ``G``, however long the word)."""
    n = distances.shape[0]
    entry = words_by_length().get(n)
    if entry is None:
        return None
    codes, words = entry
    cost = distances[np.arange(n)[None, :], codes].mean(axis=1)
    if len(cost) == 1:
        return words[0], round(float(cost[0]), 4), 9.0
    two = np.argpartition(cost, 1)[:2]
    first, second = sorted(two.tolist(), key=lambda i: (float(cost[i]), i))
    differ = sum(1 for x, y in zip(words[first], words[second], strict=True) if x != y)
    return words[first], round(float(cost[first]), 4), round(float(cost[second] - cost[first]) * n / max(differ, 1), 4)
