"""The analyzer contract: how an analyzer declares itself, and how its results are drawn and tabulated.

This module sits below the analyzers (they import it to register) and below the outputs (the SVG
drawing, the DataFrames and the JSON writer look up what an analyzer registered here), so the layers
point one way: ingest -> model -> index -> analyzers -> document -> outputs, with nothing importing
upwards. :mod:`pdftract.pipeline` loads the built-in analyzers and the plug-ins and runs them.

An analyzer is a function of a read-only sheet and its settings. It declares what it reads
(``requires``: sheet keys such as ``glyphs`` or keys other analyzers assign) and what it writes
(``assigns``). For each key it assigns it may also register, with :func:`output`:

* ``draw(sheet, value) -> list[str]``: SVG elements showing how it decided (the debug layer of
  :func:`pdftract.display.to_svg`);
* ``rows(value) -> list[dict]``: one flat record per item, for :meth:`Document.to_frames` and CSV;
* ``schema``: the type of its JSON (a ``TypedDict``), from which the published JSON Schema is generated.

>>> @analyzer("doc_example_count", requires={"glyphs"}, register=False)
... def count(sheet, settings):
...     "Count the glyphs."
...     return len(sheet.glyphs)
>>> count.__pdftract_analyzer__.doc
'Count the glyphs.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pdftract.errors import PipelineConfigError
from pdftract.model.diagnostics import Diagnostic
from pdftract.settings import Settings

if TYPE_CHECKING:
    from pdftract.model.sheet import Sheet, SheetLike

#: keys every sheet provides to analyzers
SHEET_KEYS: frozenset[str] = frozenset(
    {"glyphs", "paths", "segments", "images", "annotations", "payloads", "layers", "words", "lines", "text", "index", "fonts"}
)
ENTRY_POINT_GROUP = "pdftract.analyzers"

F = TypeVar("F", bound=Callable[..., Any])
Draw = Callable[["SheetLike", Any], list[str]]
Rows = Callable[[Any], list[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class Reported:
    """What an analyzer returns when it also has page diagnostics to record: its ``value`` (stored under
    its assigned key as usual) and the ``diagnostics`` the pipeline adds to the sheet's."""

    value: Any
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AnalyzerSpec:
    """A registered analyzer: its function and declared contract."""

    name: str
    func: Callable[[Sheet, Any], Any]
    requires: frozenset[str]
    assigns: tuple[str, ...]
    settings: type[Settings] | None = None
    doc: str = ""


@dataclass(frozen=True, slots=True)
class ResultOutput:
    """How the results under one key are drawn (debug SVG) and tabulated (DataFrames, CSV)."""

    key: str
    draw: Draw | None = None
    rows: Rows | None = None
    schema: Any = None


_REGISTRY: dict[str, AnalyzerSpec] = {}
_OUTPUTS: dict[str, ResultOutput] = {}


def _first_sentence(doc: str | None) -> str:
    """The docstring's first paragraph joined to one line, reStructuredText roles and literals made plain."""
    import re

    para = (doc or "").strip().split("\n\n")[0]
    text = " ".join(part.strip() for part in para.splitlines())
    text = re.sub(r":[a-z]+:`~?([^`]+)`", lambda m: m.group(1).rsplit(".", 1)[-1], text)
    return text.replace("``", "")


def analyzer(
    name: str,
    *,
    requires: Iterable[str] = (),
    assigns: Iterable[str] | None = None,
    settings: type[Settings] | None = None,
    register: bool = True,
) -> Callable[[F], F]:
    """Declare a function as an analyzer (and register it under ``name`` unless ``register=False``).

    ``assigns`` defaults to ``{name}``. An analyzer with one assigned key
    returns its value; with several it returns a mapping with exactly those keys.
    """
    assigned = tuple(sorted(set(assigns))) if assigns is not None else (name,)
    if not assigned:
        raise PipelineConfigError(f"analyzer {name!r} assigns nothing", analyzer=name)

    def decorate(func: F) -> F:
        spec = AnalyzerSpec(
            name=name,
            func=func,
            requires=frozenset(requires),
            assigns=assigned,
            settings=settings,
            doc=_first_sentence(func.__doc__),
        )
        func.__pdftract_analyzer__ = spec  # type: ignore[attr-defined]
        if register:
            add(spec)
        return func

    return decorate


def add(spec: AnalyzerSpec) -> None:
    """Register ``spec`` (a second, different analyzer under the same name is refused)."""
    existing = _REGISTRY.get(spec.name)
    if existing is not None and existing.func is not spec.func:
        raise PipelineConfigError(f"two analyzers are registered as {spec.name!r}", analyzer=spec.name)
    _REGISTRY[spec.name] = spec


def output(key: str, *, draw: Draw | None = None, rows: Rows | None = None, schema: Any = None) -> None:
    """Register how the results under ``key`` are drawn and tabulated (see the module docstring), and the type
    of their JSON (a ``TypedDict``, or a list or optional of one) from which :mod:`pdftract.schema` is generated."""
    _OUTPUTS[key] = ResultOutput(key, draw, rows, schema)


def outputs() -> dict[str, ResultOutput]:
    """Everything registered with :func:`output`, by result key."""
    return dict(sorted(_OUTPUTS.items()))


def output_for(key: str) -> ResultOutput | None:
    """What was registered with :func:`output` for ``key`` (``None``: draw boxes, tabulate generically)."""
    return _OUTPUTS.get(key)


def specs() -> dict[str, AnalyzerSpec]:
    """The analyzers registered so far, by name (without loading the built-ins: see :func:`pdftract.pipeline.registered`)."""
    return dict(sorted(_REGISTRY.items()))


__all__ = ["ENTRY_POINT_GROUP", "SHEET_KEYS", "AnalyzerSpec", "Reported", "ResultOutput", "add", "analyzer", "output",
           "output_for", "outputs", "specs"]
