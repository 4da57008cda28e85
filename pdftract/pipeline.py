"""The analyzer contract and the pipeline that runs analyzers in dependency order.

An analyzer is a function of a read-only sheet and its settings. It declares
what it reads (``requires``: sheet keys such as ``glyphs``, ``paths``,
``words``, ``index``, or keys other analyzers assign) and what it writes
(``assigns``). The pipeline orders analyzers topologically and refuses, when it
is *built*, an unmet requirement, a cycle or two analyzers assigning one key.

>>> from dataclasses import dataclass
>>> from pdftract.settings import Settings
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class CountSettings(Settings):
...     minimum: int = 1
>>> @analyzer("doc_glyph_count", requires={"glyphs"}, assigns={"glyph_count"}, settings=CountSettings, register=False)
... def count(sheet, settings):
...     return max(len(sheet.glyphs), settings.minimum)
>>> @analyzer("doc_is_busy", requires={"glyph_count"}, assigns={"busy"}, register=False)
... def busy(sheet, settings):
...     return sheet.results["glyph_count"] > 100
>>> pipe = Pipeline([busy, count])
>>> [spec.name for spec in pipe.order]
['doc_glyph_count', 'doc_is_busy']
>>> from pdftract.testing import make_sheet
>>> out = pipe.run(make_sheet(text=[("R1", 0, 0)]))
>>> out.results["glyph_count"], out.results["busy"]
(2, False)
>>> Pipeline([busy])
Traceback (most recent call last):
...
pdftract.errors.PipelineConfigError: PIPELINE_CONFIG: analyzer 'doc_is_busy' requires 'glyph_count', which no analyzer in the pipeline assigns and the sheet does not provide
"""

from __future__ import annotations

import enum
import importlib.metadata
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pdftract.errors import AnalyzerError, Code, PipelineConfigError, SettingsError
from pdftract.model.diagnostics import Diagnostic, Severity
from pdftract.model.sheet import Sheet
from pdftract import registry as _registry
from pdftract.registry import ENTRY_POINT_GROUP, SHEET_KEYS, AnalyzerSpec, Reported, analyzer
from pdftract.settings import Settings

_builtins_loaded = False
_entry_points_loaded = False


class OnError(str, enum.Enum):
    """What the pipeline does when an analyzer raises."""

    RAISE = "raise"
    RECORD = "record"


def spec_of(item: str | AnalyzerSpec | Callable[..., Any]) -> AnalyzerSpec:
    """The :class:`AnalyzerSpec` for a registered name, a spec or a decorated function."""
    if isinstance(item, AnalyzerSpec):
        return item
    if isinstance(item, str):
        available = registered()
        if item not in available:
            raise PipelineConfigError(
                f"unknown analyzer {item!r}; available: {', '.join(sorted(available)) or '(none)'}", analyzer=item
            )
        return available[item]
    spec = getattr(item, "__pdftract_analyzer__", None)
    if isinstance(spec, AnalyzerSpec):
        return spec
    raise PipelineConfigError(f"{item!r} is not an analyzer (decorate it with @pdftract.analyzer)")


def _load_builtins() -> None:
    global _builtins_loaded
    if not _builtins_loaded:
        import pdftract.analyzers  # noqa: F401  (registers the built-in analyzers)

        _builtins_loaded = True


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            obj = ep.load()
        except Exception as exc:
            raise PipelineConfigError(
                f"the analyzer plugin {ep.name!r} ({ep.value}) cannot be loaded: {exc}", analyzer=ep.name
            ) from exc
        spec = getattr(obj, "__pdftract_analyzer__", None)
        if isinstance(spec, AnalyzerSpec) and spec.name not in _registry._REGISTRY:
            _registry.add(spec)


def registered() -> dict[str, AnalyzerSpec]:
    """All registered analyzers (built-in and from the ``pdftract.analyzers`` entry-point group), by name."""
    _load_builtins()
    _load_entry_points()
    return _registry.specs()


def _reset_entry_points_for_tests() -> None:
    global _entry_points_loaded
    _entry_points_loaded = False


class Pipeline:
    """A validated, ordered set of analyzers with their settings.

    Parameters
    ----------
    analyzers:
        Names, specs or decorated functions; ``None`` means every registered analyzer. What they require
        from other analyzers is added from the registered ones (``title_block`` brings ``tables``), unless
        ``with_requirements=False``.
    settings:
        ``{analyzer name: mapping or Settings instance}``.
    on_error:
        ``"record"`` (default): a failing analyzer becomes an ``ANALYZER_FAILED``
        diagnostic and the analyzers depending on it are skipped with
        ``ANALYZER_SKIPPED``; ``"raise"``: raise :class:`~pdftract.errors.AnalyzerError`.
    max_seconds:
        The analysis time budget of one page (:attr:`pdftract.limits.Limits.max_analysis_seconds`): checked
        before each analyzer; past it the analyzers left are skipped with one ``RESOURCE_LIMIT`` diagnostic.
    """

    def __init__(
        self,
        analyzers: Sequence[str | AnalyzerSpec | Callable[..., Any]] | None = None,
        settings: Mapping[str, Any] | None = None,
        on_error: OnError | str = OnError.RECORD,
        *,
        with_requirements: bool = True,
        max_seconds: float | None = None,
    ) -> None:
        self.max_seconds = max_seconds
        try:
            self.on_error = OnError(on_error)
        except ValueError:
            raise SettingsError(
                f"on_error: {on_error!r} is not one of {', '.join(repr(m.value) for m in OnError)}"
            ) from None
        specs = list(registered().values()) if analyzers is None else [spec_of(a) for a in analyzers]
        names = [s.name for s in specs]
        if analyzers is not None and with_requirements:
            specs = with_requirements_of(specs)
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise PipelineConfigError(f"analyzer listed twice: {', '.join(dup)}")
        self.order: tuple[AnalyzerSpec, ...] = _toposort(specs)
        self.settings: dict[str, Settings | None] = _resolve_settings(specs, settings or {})

    def __repr__(self) -> str:
        return f"<Pipeline {' -> '.join(s.name for s in self.order) or '(empty)'}>"

    def run(self, sheet: Sheet) -> Sheet:
        """Run every analyzer on ``sheet``; return the sheet carrying results, diagnostics and timings."""
        results: dict[str, Any] = dict(sheet.results)
        diagnostics = list(sheet.diagnostics)
        timings: dict[str, float] = dict(sheet.timings)
        failed: set[str] = set()
        deadline = time.perf_counter() + self.max_seconds if self.max_seconds is not None else None
        for i, spec in enumerate(self.order):
            if deadline is not None and time.perf_counter() > deadline:
                left = [s.name for s in self.order[i:]]
                diagnostics.append(Diagnostic.make(
                    Code.RESOURCE_LIMIT, f"the page's analysis took more than {self.max_seconds:g} s (the "
                    f"max_analysis_seconds budget); not run: {', '.join(left)}", severity=Severity.ERROR,
                    page=sheet.number, budget="max_analysis_seconds", limit=self.max_seconds, skipped=",".join(left)))
                break
            broken = sorted(k for k in spec.requires if k in failed)
            if broken:
                diagnostics.append(
                    Diagnostic.make(
                        Code.ANALYZER_SKIPPED,
                        f"skipped: it requires {', '.join(broken)}, which failed",
                        severity=Severity.ERROR,
                        page=sheet.number,
                        analyzer=spec.name,
                    )
                )
                failed.update(spec.assigns)
                continue
            view = sheet.with_results({k: results[k] for k in sorted(spec.requires) if k in results})
            start = time.perf_counter()
            try:
                out = spec.func(view, self.settings[spec.name])
                reported: tuple[Diagnostic, ...] = ()
                if isinstance(out, Reported):
                    out, reported = out.value, out.diagnostics
                values = _assigned_values(spec, out)
            except Exception as exc:
                timings[spec.name] = time.perf_counter() - start
                if self.on_error is OnError.RAISE:
                    raise AnalyzerError(
                        f"analyzer {spec.name!r} failed on page {sheet.number}: {type(exc).__name__}: {exc}",
                        analyzer=spec.name,
                        page=sheet.number,
                    ) from exc
                diagnostics.append(
                    Diagnostic.make(
                        Code.ANALYZER_FAILED,
                        f"{type(exc).__name__}: {exc}",
                        severity=Severity.ERROR,
                        page=sheet.number,
                        analyzer=spec.name,
                        where=_where(exc),
                    )
                )
                failed.update(spec.assigns)
                continue
            timings[spec.name] = time.perf_counter() - start
            results.update(values)
            diagnostics.extend(reported)
        return sheet.with_results(results, diagnostics=tuple(diagnostics), timings=timings)


def with_requirements_of(specs: Sequence[AnalyzerSpec]) -> list[AnalyzerSpec]:
    """``specs`` followed by the registered analyzers that assign what they require, transitively (each
    missing key from the one registered analyzer assigning it; a key nobody registered assigns is left for
    the pipeline to refuse).

    >>> [s.name for s in with_requirements_of([spec_of("title_block")])]
    ['title_block', 'tables']
    """
    out = list(specs)
    available = registered()
    provider = {key: spec for spec in available.values() for key in spec.assigns}
    i = 0
    while i < len(out):
        assigned = {k for s in out for k in s.assigns}
        for key in sorted(out[i].requires - SHEET_KEYS - assigned):
            extra = provider.get(key)
            if extra is not None and all(s.name != extra.name for s in out):
                out.append(extra)
        i += 1
    return out


def requirements_of(name: str) -> list[str]:
    """The analyzers ``name`` needs (transitively), by name, sorted.

    >>> requirements_of("callouts")
    ['dimensions', 'notes', 'tables', 'title_block']
    """
    return sorted(s.name for s in with_requirements_of([spec_of(name)])[1:])


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f"{last.filename.rsplit('/', 1)[-1]}:{last.lineno}"


def _assigned_values(spec: AnalyzerSpec, out: Any) -> dict[str, Any]:
    if len(spec.assigns) == 1:
        return {spec.assigns[0]: out}
    if not isinstance(out, Mapping) or set(out) != set(spec.assigns):
        got = sorted(out) if isinstance(out, Mapping) else type(out).__name__
        raise TypeError(f"analyzer {spec.name!r} must return a mapping with keys {list(spec.assigns)}, got {got}")
    return {k: out[k] for k in spec.assigns}


def _toposort(specs: list[AnalyzerSpec]) -> tuple[AnalyzerSpec, ...]:
    provider: dict[str, AnalyzerSpec] = {}
    for spec in specs:
        for key in spec.assigns:
            if key in SHEET_KEYS:
                raise PipelineConfigError(
                    f"analyzer {spec.name!r} assigns {key!r}, which is a sheet key", analyzer=spec.name
                )
            other = provider.get(key)
            if other is not None:
                raise PipelineConfigError(
                    f"analyzers {other.name!r} and {spec.name!r} both assign {key!r}", analyzer=spec.name
                )
            provider[key] = spec
    deps: dict[str, set[str]] = {}
    for spec in specs:
        needed: set[str] = set()
        for key in sorted(spec.requires):
            if key in SHEET_KEYS:
                continue
            p = provider.get(key)
            if p is None:
                raise PipelineConfigError(
                    f"analyzer {spec.name!r} requires {key!r}, which no analyzer in the pipeline assigns "
                    "and the sheet does not provide",
                    analyzer=spec.name,
                )
            if p.name == spec.name:
                raise PipelineConfigError(f"analyzer {spec.name!r} requires its own output {key!r}", analyzer=spec.name)
            needed.add(p.name)
        deps[spec.name] = needed
    order: list[AnalyzerSpec] = []
    done: set[str] = set()
    pending = list(specs)  # keeps the given order among independent analyzers
    while pending:
        ready = [s for s in pending if deps[s.name] <= done]
        if not ready:
            cycle = ", ".join(sorted(s.name for s in pending))
            raise PipelineConfigError(f"analyzers depend on each other in a cycle: {cycle}")
        for s in ready:
            order.append(s)
            done.add(s.name)
        pending = [s for s in pending if s.name not in done]
    return tuple(order)


def _resolve_settings(specs: list[AnalyzerSpec], settings: Mapping[str, Any]) -> dict[str, Settings | None]:
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(settings) - set(by_name))
    if unknown:
        raise SettingsError(
            f"settings given for analyzers not in the pipeline: {', '.join(unknown)}; "
            f"in the pipeline: {', '.join(sorted(by_name)) or '(none)'}"
        )
    out: dict[str, Settings | None] = {}
    for spec in specs:
        given = settings.get(spec.name)
        if spec.settings is None:
            if given:
                raise SettingsError(f"analyzer {spec.name!r} takes no settings", analyzer=spec.name)
            out[spec.name] = None
        else:
            out[spec.name] = spec.settings.resolve(given)
    return out


__all__ = ["ENTRY_POINT_GROUP", "SHEET_KEYS", "AnalyzerSpec", "OnError", "Pipeline", "Reported", "analyzer", "registered",
           "requirements_of", "spec_of", "with_requirements_of"]
