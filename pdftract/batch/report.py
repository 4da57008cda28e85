"""What the batch command says on stderr and how it exits: progress lines, the summary line, ``--fail-on``.

>>> plural(1, "input"), plural(2, "input"), plural(0, "page")
('1 input', '2 inputs', '0 pages')
>>> fail_reasons({"quarantined": 2, "by_status": {"OK": 3, "PARTIAL": 1}}, ["partial"])
['2 inputs quarantined', '1 document PARTIAL']
>>> fail_reasons({"quarantined": 0, "by_status": {"PARTIAL": 1}}, ["quarantine"])
[]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from pdftract._wording import plural

#: exit status of ``pdftract batch --fail-on ...`` when a condition it names was met
EXIT_FAIL_ON = 4
#: ``quarantine``: any input quarantined; ``partial``: that, or any document recorded ``PARTIAL``
FAIL_ON_CHOICES = ("quarantine", "partial")
#: plain progress lines: at most this many seconds apart (checked as each document is written) ...
PROGRESS_EVERY_S = 30.0
#: ... and at every tenth of the inputs
PROGRESS_FRACTION = 0.1


def parse_fail_on(values: Iterable[str]) -> tuple[str, ...]:
    """``--fail-on`` values (repeated and/or comma-separated) as a sorted tuple of known conditions."""
    out = {v.strip() for value in values for v in value.split(",") if v.strip()}
    unknown = sorted(out - set(FAIL_ON_CHOICES))
    if unknown:
        raise ValueError(f"{', '.join(unknown)}: not one of {', '.join(FAIL_ON_CHOICES)}")
    return tuple(sorted(out))


def fail_reasons(summary: dict[str, Any], fail_on: Iterable[str]) -> list[str]:
    """The ``--fail-on`` conditions the run met, said in words (empty: exit 0). ``partial`` implies
    ``quarantine``."""
    conditions = set(fail_on)
    reasons: list[str] = []
    if conditions & {"quarantine", "partial"} and summary["quarantined"]:
        reasons.append(f"{plural(summary['quarantined'], 'input')} quarantined")
    partial = int(summary["by_status"].get("PARTIAL", 0))
    if "partial" in conditions and partial:
        reasons.append(f"{plural(partial, 'document')} PARTIAL")
    return reasons


def summary_line(summary: dict[str, Any], out: str) -> str:
    """One line for stderr at the end of a run: counts with correct plurals, time, where the output went."""
    cats = ", ".join(f"{k} {v}" for k, v in summary["by_category"].items())
    extra = "".join(f", {text}" for n, text in ((summary.get("excluded", 0), f"{summary.get('excluded', 0)} excluded"),
                                                (summary.get("duplicates", 0), plural(summary.get("duplicates", 0), "duplicate")))
                    if n)
    return (f"pdftract batch: {plural(summary['inputs'], 'input')}: {summary['succeeded']} read "
            f"({plural(summary['pages'], 'page')}), {summary['quarantined']} quarantined{' (' + cats + ')' if cats else ''}"
            f"{extra}; {summary['throughput']['wall_s']} s -> {out}")


class PlainProgress:
    """Progress as plain lines for a stderr that is not a terminal (a log file, a CI job)::

        pdftract batch: 40/1200 documents (3 quarantined), 12.3 s

    A line every tenth of the inputs or every ``every_s`` seconds, whichever comes first (checked as each
    document is written; 0: after every document), and one for the last document. Pass it as ``progress``
    and its :meth:`record` as ``on_record`` to :func:`pdftract.batch.run_batch`.
    """

    def __init__(self, stream: TextIO, every_s: float = PROGRESS_EVERY_S, fraction: float = PROGRESS_FRACTION,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.every_s = every_s
        self.fraction = fraction
        self.clock = clock
        self.start = clock()
        self.quarantined = 0
        self._last_done = 0
        self._last_t = self.start

    def record(self, rec: dict[str, Any]) -> None:
        """Count one written record."""
        self.quarantined += rec.get("kind") == "quarantine"

    def __call__(self, done: int, total: int | None) -> None:
        now = self.clock()
        step = max(1, math.ceil(total * self.fraction)) if total else None
        due = (done == total or now - self._last_t >= self.every_s
               or (step is not None and done - self._last_done >= step))
        if not due:
            return
        of = f"/{total} {'document' if total == 1 else 'documents'}" if total is not None else f" {'document' if done == 1 else 'documents'}"
        print(f"pdftract batch: {done}{of} ({self.quarantined} quarantined), {now - self.start:.1f} s", file=self.stream, flush=True)
        self._last_done = done
        self._last_t = now


__all__ = ["EXIT_FAIL_ON", "FAIL_ON_CHOICES", "PlainProgress", "fail_reasons", "parse_fail_on", "plural", "summary_line"]
