"""Diagnostics: recorded, structured reasons why something is missing, partial or suspect."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import NotRequired, TypedDict

from pdftract.errors import Code


class Severity(str, enum.Enum):
    """``error``: content was lost; ``warning``: content may be wrong or partial; ``info``: worth knowing."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class DiagnosticJSON(TypedDict):
    """A diagnostic in the JSON output (document ``diagnostics[]`` and ``pages[].diagnostics[]``)."""

    code: str
    severity: str
    message: str
    page: NotRequired[int]
    analyzer: NotRequired[str]
    context: NotRequired[dict[str, Any]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    """One recorded problem, with a stable :class:`~pdftract.errors.Code`.

    ``context`` holds JSON-ready details as a tuple of ``(key, value)`` pairs
    (sorted by key, so diagnostics stay hashable and serialise deterministically).
    """

    code: Code
    message: str
    severity: Severity = Severity.WARNING
    page: int | None = None
    analyzer: str | None = None
    context: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def make(
        cls,
        code: Code,
        message: str,
        *,
        severity: Severity = Severity.WARNING,
        page: int | None = None,
        analyzer: str | None = None,
        **context: Any,
    ) -> Diagnostic:
        return cls(
            code=code,
            message=message,
            severity=severity,
            page=page,
            analyzer=analyzer,
            context=tuple(sorted(context.items())),
        )

    def to_dict(self) -> DiagnosticJSON:
        out: DiagnosticJSON = {"code": self.code.value, "severity": self.severity.value, "message": self.message}
        if self.page is not None:
            out["page"] = self.page
        if self.analyzer is not None:
            out["analyzer"] = self.analyzer
        if self.context:
            out["context"] = dict(self.context)
        return out

    def __repr__(self) -> str:
        where = f" page {self.page}" if self.page is not None else ""
        msg = self.message if len(self.message) <= 80 else self.message[:79] + "…"
        return f"<Diagnostic {self.code.value}{where}: {msg}>"

__all__ = ["Diagnostic", "DiagnosticJSON", "Severity"]
