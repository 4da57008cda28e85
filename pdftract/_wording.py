"""Wording shared by the command line and the batch engine's messages."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 page``, ``2 pages``, ``0 pages`` (``many`` for irregular plurals).

    >>> plural(1, "page"), plural(2, "page"), plural(3, "entry", "entries")
    ('1 page', '2 pages', '3 entries')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


__all__ = ["plural"]
