"""The analyzer contract: ordering, configuration errors, settings, failures, plugins."""

from __future__ import annotations

import enum
import importlib.metadata
from dataclasses import dataclass
from typing import Any

import pytest

import pdftract
from pdftract import pipeline as pl
from pdftract import registry
from pdftract.errors import AnalyzerError, Code, PipelineConfigError, SettingsError
from pdftract.model import Sheet
from pdftract.pipeline import Pipeline, analyzer
from pdftract.settings import Settings
from pdftract.testing import make_sheet, simple_pdf


class Mode(str, enum.Enum):
    COUNT = "count"
    DOUBLE = "double"


@dataclass(frozen=True, slots=True, kw_only=True)
class CountSettings(Settings):
    mode: Mode = Mode.COUNT
    offset: int = 0


@analyzer("t_count", requires={"glyphs"}, assigns={"count"}, settings=CountSettings, register=False)
def t_count(sheet: Sheet, s: CountSettings) -> int:
    n = len(sheet.glyphs) + s.offset
    return n * 2 if s.mode is Mode.DOUBLE else n


@analyzer("t_label", requires={"count", "words"}, assigns={"label"}, register=False)
def t_label(sheet: Sheet, s: None) -> str:
    return f"{sheet.results['count']} glyphs"


@analyzer("t_pair", requires={"label"}, assigns={"a", "b"}, register=False)
def t_pair(sheet: Sheet, s: None) -> dict[str, Any]:
    return {"a": sheet.results["label"].upper(), "b": len(sheet.results)}


@analyzer("t_boom", requires={"glyphs"}, assigns={"boom"}, register=False)
def t_boom(sheet: Sheet, s: None) -> None:
    raise ValueError("exploded on purpose")


@analyzer("t_after_boom", requires={"boom"}, assigns={"after"}, register=False)
def t_after_boom(sheet: Sheet, s: None) -> int:
    return 1


def test_topological_order_and_results() -> None:
    pipe = Pipeline([t_pair, t_label, t_count], settings={"t_count": {"mode": "double", "offset": 1}})
    assert [s.name for s in pipe.order] == ["t_count", "t_label", "t_pair"]
    out = pipe.run(make_sheet(text=[("ABC", 0, 10)]))
    assert out.results["count"] == 8 and out.results["label"] == "8 glyphs"
    # an analyzer sees only the results it declared it requires
    assert out.results["a"] == "8 GLYPHS" and out.results["b"] == 1
    assert set(out.timings) == {"t_count", "t_label", "t_pair"} and all(t >= 0 for t in out.timings.values())


def test_configuration_errors_are_raised_when_building() -> None:
    with pytest.raises(PipelineConfigError, match="requires 'count'"):
        Pipeline([t_label])
    with pytest.raises(PipelineConfigError, match="both assign"):
        other = analyzer("t_count2", requires={"glyphs"}, assigns={"count"}, register=False)(lambda s, c: 0)
        Pipeline([t_count, other])
    with pytest.raises(PipelineConfigError, match="sheet key"):
        Pipeline([analyzer("t_glyphs", assigns={"glyphs"}, register=False)(lambda s, c: 0)])
    a = analyzer("t_cyc_a", requires={"y"}, assigns={"x"}, register=False)(lambda s, c: 0)
    b = analyzer("t_cyc_b", requires={"x"}, assigns={"y"}, register=False)(lambda s, c: 0)
    with pytest.raises(PipelineConfigError, match="cycle: t_cyc_a, t_cyc_b"):
        Pipeline([a, b])
    with pytest.raises(PipelineConfigError, match="unknown analyzer 'nope'"):
        Pipeline(["nope"])
    with pytest.raises(PipelineConfigError, match="listed twice"):
        Pipeline([t_count, t_count])


def test_settings_errors_list_the_valid_choices() -> None:
    with pytest.raises(SettingsError, match="'fast' is not one of 'count', 'double'"):
        Pipeline([t_count], settings={"t_count": {"mode": "fast"}})
    with pytest.raises(SettingsError, match="valid settings: mode, offset"):
        Pipeline([t_count], settings={"t_count": {"ofset": 1}})
    with pytest.raises(SettingsError, match="expected an integer"):
        Pipeline([t_count], settings={"t_count": {"offset": "1"}})
    with pytest.raises(SettingsError, match="not in the pipeline"):
        Pipeline([t_count], settings={"t_label": {}})
    with pytest.raises(SettingsError, match="on_error"):
        Pipeline([t_count], on_error="ignore")


def test_failures_are_recorded_and_dependants_skipped() -> None:
    out = Pipeline([t_boom, t_after_boom, t_count]).run(make_sheet(text=[("X", 0, 10)]))
    codes = [(d.code, d.analyzer) for d in out.diagnostics]
    assert (Code.ANALYZER_FAILED, "t_boom") in codes and (Code.ANALYZER_SKIPPED, "t_after_boom") in codes
    failed = next(d for d in out.diagnostics if d.code is Code.ANALYZER_FAILED)
    assert "exploded on purpose" in failed.message and dict(failed.context)["where"].startswith("test_pipeline.py:")
    assert out.results["count"] == 1  # the independent analyzer still ran
    assert "boom" not in out.results and "after" not in out.results


def test_on_error_raise() -> None:
    with pytest.raises(AnalyzerError) as info:
        Pipeline([t_boom], on_error="raise").run(make_sheet())
    assert info.value.context == {"analyzer": "t_boom", "page": 1}
    assert isinstance(info.value.__cause__, ValueError)


def test_multi_key_analyzer_must_return_its_keys() -> None:
    bad = analyzer("t_bad", requires={"glyphs"}, assigns={"p", "q"}, register=False)(lambda s, c: {"p": 1})
    out = Pipeline([bad]).run(make_sheet())
    assert any(d.code is Code.ANALYZER_FAILED and "must return a mapping" in d.message for d in out.diagnostics)


def test_entry_point_plugins_are_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = importlib.metadata.EntryPoint(name="t_plugin", value="tests.plugin_example:count_rects", group=pl.ENTRY_POINT_GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep] if group == pl.ENTRY_POINT_GROUP else [])
    pl._reset_entry_points_for_tests()
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    try:
        assert "plugin_rect_count" in pl.registered()
        doc = pdftract.analyze(simple_pdf(pages=[["X"]]), analyzers=["plugin_rect_count"])
        assert doc.page(1).results["rect_count"] == 0
    finally:
        pl._reset_entry_points_for_tests()


def test_broken_plugin_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    ep = importlib.metadata.EntryPoint(name="t_broken", value="tests.no_such_module:x", group=pl.ENTRY_POINT_GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep])
    pl._reset_entry_points_for_tests()
    try:
        with pytest.raises(PipelineConfigError, match="t_broken"):
            pl.registered()
    finally:
        pl._reset_entry_points_for_tests()


def test_analyze_validates_before_parsing() -> None:
    with pytest.raises(PipelineConfigError):
        pdftract.analyze(b"not even a pdf", analyzers=["nope"])


def test_requirements_are_pulled_in() -> None:
    """Asking for title_block alone runs tables first (it reads them); the opt-out refuses as before."""
    pipe = Pipeline(["title_block"])
    assert [s.name for s in pipe.order] == ["tables", "title_block"]
    out = pdftract.analyze(simple_pdf(pages=[["DWG NO 4711"]]), analyzers=["title_block"])
    assert "tables" in out.page(1).results and "title_block" in out.page(1).results
    with pytest.raises(PipelineConfigError, match="requires 'tables'"):
        Pipeline(["title_block"], with_requirements=False)
    assert pl.requirements_of("gdt") == ["dimensions", "notes", "tables", "title_block"]
