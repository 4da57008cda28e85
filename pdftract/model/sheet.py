"""A sheet: one page of a drawing with its primitives, derived views and analyzer results.

A :class:`Sheet` owns its primitives. Derived things (words, lines, reading-order
text, the spatial index, segment lists) are computed on first use and cached.
:meth:`SheetLike.crop`, :meth:`SheetLike.within` and :meth:`SheetLike.filter`
return lazy :class:`SheetView` objects that refer into the parent sheet: ids
stay the parent's ids, so anything found in a view can be traced back.

>>> from pdftract.testing import make_sheet
>>> from pdftract.geometry import BBox
>>> sheet = make_sheet(text=[("DWG NO", 10, 10), ("12-345", 10, 30)])
>>> sheet.text
'DWG NO\\n12-345'
>>> sheet.crop(BBox(0, 20, 100, 40)).text
'12-345'
>>> sheet.filter(lambda g: g.text != "N").words[0].text
'DWG'
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Literal

from pdftract.geometry import BBox
from pdftract.index import SpatialIndex
from pdftract.model.diagnostics import Diagnostic
from pdftract.model.pdfe import PageLayer, Payload
from pdftract.model.primitives import Annotation, Font, Glyph, Image, Path, Segment
from pdftract.model.reading import ReadingOrder, reading_order
from pdftract.model.text import Line, TextLayout, TextSettings, Word, build_layout

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class Results(Mapping[str, Any]):
    """A sheet's analyzer results by key (read-only). Asking for a key no analyzer assigned on this page says
    which keys there are and how to get the others.

    >>> Results({"tables": ()})["title_block"]
    Traceback (most recent call last):
    ...
    KeyError: "no result 'title_block' on this page (results here: tables); pdftract.open() only reads pages, pdftract.analyze() runs the analyzers (see pdftract.pipeline.registered())"
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data: Mapping[str, Any] = MappingProxyType(dict(data or {}))

    def __getitem__(self, key: str) -> Any:
        try:
            return self._data[key]
        except KeyError:
            here = ", ".join(self._data) or "none"
            raise KeyError(f"no result {key!r} on this page (results here: {here}); pdftract.open() only reads pages, "
                           "pdftract.analyze() runs the analyzers (see pdftract.pipeline.registered())") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"<Results {', '.join(self._data) or '(none)'}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Results, (dict(self._data),))


_NO_RESULTS = Results()

Primitive = Glyph | Path | Image | Annotation


class SheetLike:
    """What sheets and views share: primitives, derived text, index, views, SVG."""

    __slots__ = ()

    # provided by subclasses
    number: int
    width: float
    height: float

    @property
    def glyphs(self) -> tuple[Glyph, ...]:
        raise NotImplementedError

    @property
    def paths(self) -> Sequence[Path]:
        raise NotImplementedError

    @property
    def images(self) -> tuple[Image, ...]:
        raise NotImplementedError

    @property
    def annotations(self) -> tuple[Annotation, ...]:
        raise NotImplementedError

    @property
    def layout(self) -> TextLayout:
        raise NotImplementedError

    @property
    def root(self) -> Sheet:
        """The sheet that owns the primitives (``self`` for a sheet)."""
        raise NotImplementedError

    def _cache(self) -> dict[str, Any]:
        raise NotImplementedError

    # -- derived --------------------------------------------------------------------
    @property
    def bbox(self) -> BBox:
        """The region this object covers: the page for a sheet, the crop box for a view."""
        return BBox(0.0, 0.0, self.width, self.height)

    @property
    def words(self) -> tuple[Word, ...]:
        return self.layout.words

    @property
    def lines(self) -> tuple[Line, ...]:
        return self.layout.lines

    @property
    def reading(self) -> ReadingOrder:
        """The reading order of the page's text: columns one after the other on pages of running text, the
        running header and footer kept apart (see :mod:`pdftract.model.reading`)."""
        cache = self._cache()
        order = cache.get("reading")
        if order is None:
            order = reading_order(self.layout, self.width, self.height, self.root.glyphs, self.root.fonts)
            cache["reading"] = order
        return order

    @property
    def text(self) -> str:
        """Reading-order body text, one line per text row (see :mod:`pdftract.model.reading`); a running header
        and footer are in :attr:`reading` (``header``, ``footer``)."""
        return self.reading.text

    @property
    def segments(self) -> tuple[Segment, ...]:
        """Every path segment, in path order."""
        cache = self._cache()
        segs = cache.get("segments")
        if segs is None:
            segs = tuple(s for p in self.paths for s in p.segments)
            cache["segments"] = segs
        return segs

    @property
    def index(self) -> SpatialIndex:
        """R-trees over glyphs, words and segments (built lazily)."""
        cache = self._cache()
        idx = cache.get("index")
        if idx is None:
            idx = SpatialIndex(self)
            cache["index"] = idx
        return idx

    def glyph(self, glyph_id: int) -> Glyph:
        return self.root.glyphs[glyph_id]

    def word(self, word_id: int) -> Word:
        """The word with this id (a filter view numbers its rebuilt words itself)."""
        cache = self._cache()
        by_id = cache.get("word_by_id")
        if by_id is None:
            by_id = {w.id: w for w in self.layout.words}
            cache["word_by_id"] = by_id
        return by_id[word_id]  # type: ignore[no-any-return]

    def segment(self, segment_id: int) -> Segment:
        """The segment with this id (ids are places in :attr:`segments`); only its own path's segments are made."""
        root = self.root
        cache = root._cache()
        starts: list[int] | None = cache.get("segment_starts")
        if starts is None:
            starts = list(accumulate((p.segment_count for p in root.paths), initial=0))
            cache["segment_starts"] = starts
        if not 0 <= segment_id < starts[-1]:
            raise IndexError(f"no segment {segment_id} on this sheet ({starts[-1]} segments)")
        k = bisect_right(starts, segment_id) - 1
        return root.paths[k].segments[segment_id - starts[k]]

    # -- views ----------------------------------------------------------------------
    def crop(self, bbox: tuple[float, float, float, float]) -> SheetView:
        """A view of the primitives that overlap ``bbox`` (kept whole, not clipped)."""
        return SheetView(parent=self, region=BBox(*bbox), mode="crop")

    def within(self, bbox: tuple[float, float, float, float]) -> SheetView:
        """A view of the primitives that lie entirely inside ``bbox``."""
        return SheetView(parent=self, region=BBox(*bbox), mode="within")

    def filter(self, predicate: Callable[[Primitive], bool]) -> SheetView:
        """A view of the primitives for which ``predicate`` is true; its words are rebuilt from its glyphs."""
        return SheetView(parent=self, region=None, mode="filter", predicate=predicate)

    def _repr_svg_(self) -> str:
        from pdftract.display import to_svg

        return to_svg(self)

    def view(self, what: Any) -> Any:
        """A notebook view of one result (``sheet.view(sheet.results["dimensions"][0])``: the sheet around it,
        with it drawn) or of every result under a key (``sheet.view("dimensions")``).

        >>> from pdftract.testing import make_sheet
        >>> make_sheet(text=[("R1", 20, 20)]).view("tables")
        <ResultView tables on page 1>
        """
        from pdftract.notebook import ResultView

        return ResultView(self, what)


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Sheet(SheetLike):
    """One page as displayed: size in points after ``/Rotate``, CropBox and ``/UserUnit``.

    ``mediabox`` and ``cropbox`` are kept as found in the file (user space,
    bottom-left origin) for reference; every other coordinate is top-left-origin
    displayed-page points.
    """

    number: int
    width: float
    height: float
    rotation: int = 0
    mediabox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    cropbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    user_unit: float = 1.0
    glyphs: tuple[Glyph, ...] = ()
    paths: Sequence[Path] = ()
    images: tuple[Image, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    #: 3D and RichMedia streams of its annotations (reported, never parsed)
    payloads: tuple[Payload, ...] = ()
    #: the optional-content layers its content is drawn on, with their text
    layers: tuple[PageLayer, ...] = ()
    #: paths and images on layers that are off by default (kept apart like their glyphs, which are in ``layers``)
    off_layer_paths: Sequence[Path] = ()
    off_layer_images: tuple[Image, ...] = ()
    fonts: Mapping[str, Font] = field(default_factory=lambda: _EMPTY)
    diagnostics: tuple[Diagnostic, ...] = ()
    results: Mapping[str, Any] = field(default_factory=lambda: _NO_RESULTS)
    timings: Mapping[str, float] = field(default_factory=lambda: _EMPTY)
    text_settings: TextSettings = field(default_factory=TextSettings)
    shared_cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (to and from worker processes) without its derived caches (words, index ...: rebuilt on use);
        read-only mappings travel as plain dicts."""
        fields = {name: getattr(self, name) for name in _SHEET_FIELDS}
        fields["fonts"] = dict(self.fonts)
        fields["timings"] = dict(self.timings)
        return (_rebuild_sheet, (fields,))

    def __repr__(self) -> str:
        return (
            f"<Sheet {self.number}: {self.width:.1f}x{self.height:.1f} pt, rotation {self.rotation}, "
            f"{len(self.glyphs)} glyphs, {len(self.paths)} paths>"
        )

    @property
    def root(self) -> Sheet:
        return self

    def _cache(self) -> dict[str, Any]:
        return self.shared_cache

    @property
    def layout(self) -> TextLayout:
        cache = self.shared_cache
        layout = cache.get("layout")
        if layout is None:
            layout = build_layout(self.glyphs, self.text_settings)
            cache["layout"] = layout
        return layout

    def with_results(
        self,
        results: Mapping[str, Any],
        *,
        diagnostics: tuple[Diagnostic, ...] | None = None,
        timings: Mapping[str, float] | None = None,
    ) -> Sheet:
        """A copy carrying ``results`` (and diagnostics/timings), sharing the derived caches."""
        return Sheet(
            number=self.number,
            width=self.width,
            height=self.height,
            rotation=self.rotation,
            mediabox=self.mediabox,
            cropbox=self.cropbox,
            user_unit=self.user_unit,
            glyphs=self.glyphs,
            paths=self.paths,
            images=self.images,
            annotations=self.annotations,
            payloads=self.payloads,
            layers=self.layers,
            off_layer_paths=self.off_layer_paths,
            off_layer_images=self.off_layer_images,
            fonts=self.fonts,
            diagnostics=self.diagnostics if diagnostics is None else diagnostics,
            results=Results(results),
            timings=self.timings if timings is None else MappingProxyType(dict(timings)),
            text_settings=self.text_settings,
            shared_cache=self.shared_cache,
        )


_SHEET_FIELDS = ("number", "width", "height", "rotation", "mediabox", "cropbox", "user_unit", "glyphs", "paths", "images",
                 "annotations", "payloads", "layers", "off_layer_paths", "off_layer_images", "fonts", "diagnostics", "results",
                 "timings", "text_settings")


def _rebuild_sheet(fields: dict[str, Any]) -> Sheet:
    fields = dict(fields)
    fields["timings"] = MappingProxyType(fields["timings"]) if fields["timings"] else _EMPTY
    return Sheet(**fields)


class SheetView(SheetLike):
    """A lazy subset of a sheet (see :meth:`SheetLike.crop`, ``within`` and ``filter``)."""

    __slots__ = ("_parent", "_region", "_mode", "_predicate", "_memo")

    def __init__(
        self,
        *,
        parent: SheetLike,
        region: BBox | None,
        mode: Literal["crop", "within", "filter"],
        predicate: Callable[[Primitive], bool] | None = None,
    ) -> None:
        self._parent = parent
        self._region = region
        self._mode = mode
        self._predicate = predicate
        self._memo: dict[str, Any] = {}

    def __repr__(self) -> str:
        where = f" {tuple(round(v, 1) for v in self._region)}" if self._region is not None else ""
        return f"<SheetView {self._mode}{where} of sheet {self.number}>"

    @property
    def number(self) -> int:  # type: ignore[override]
        return self._parent.number

    @property
    def width(self) -> float:  # type: ignore[override]
        return self._parent.width

    @property
    def height(self) -> float:  # type: ignore[override]
        return self._parent.height

    @property
    def bbox(self) -> BBox:
        return self._region if self._region is not None else self._parent.bbox

    @property
    def root(self) -> Sheet:
        return self._parent.root

    def _cache(self) -> dict[str, Any]:
        return self._memo

    def _keep(self, box: BBox) -> bool:
        region = self._region
        assert region is not None
        return region.contains(box) if self._mode == "within" else region.intersects(box)

    def _select(self, key: str, items: Sequence[Any], box_of: Callable[[Any], BBox]) -> tuple[Any, ...]:
        hit = self._memo.get(key)
        if hit is None:
            if self._mode == "filter":
                pred = self._predicate
                assert pred is not None
                hit = tuple(x for x in items if pred(x))
            else:
                hit = tuple(x for x in items if self._keep(box_of(x)))
            self._memo[key] = hit
        return hit

    @property
    def glyphs(self) -> tuple[Glyph, ...]:
        if self._mode != "filter" and "glyphs" not in self._memo:
            region = self._region
            assert region is not None
            parent_glyphs = self._parent.glyphs
            root = self.root
            ids = root.index.glyphs.within(region) if self._mode == "within" else root.index.glyphs.intersection(region)
            wanted = set(ids)
            self._memo["glyphs"] = tuple(g for g in parent_glyphs if g.id in wanted)
        return self._select("glyphs", self._parent.glyphs, lambda g: g.bbox)

    @property
    def paths(self) -> tuple[Path, ...]:
        return self._select("paths", self._parent.paths, lambda p: p.bbox)

    @property
    def images(self) -> tuple[Image, ...]:
        return self._select("images", self._parent.images, lambda i: i.bbox)

    @property
    def annotations(self) -> tuple[Annotation, ...]:
        return self._select("annotations", self._parent.annotations, lambda a: a.rect)

    @property
    def layout(self) -> TextLayout:
        layout = self._memo.get("layout")
        if layout is None:
            if self._mode == "filter":
                layout = build_layout(self.glyphs, self.root.text_settings)
            else:
                parent = self._parent.layout
                words = tuple(w for w in parent.words if self._keep(w.bbox))
                kept = {w.id for w in words}
                lines = []
                for ln in parent.lines:
                    wids = tuple(w for w in ln.word_ids if w in kept)
                    if not wids:
                        continue
                    if len(wids) == len(ln.word_ids):
                        lines.append(ln)
                    else:
                        ws = [self._parent.word(w) for w in wids]
                        lines.append(
                            Line(
                                id=ln.id,
                                text=" ".join(w.text for w in ws),
                                word_ids=wids,
                                glyph_ids=tuple(g for w in ws for g in w.glyph_ids),
                                bbox=BBox.union_all(w.bbox for w in ws),
                                direction=ln.direction,
                                size=max(w.size for w in ws),
                                invisible=ln.invisible,
                            )
                        )
                line_ids = {ln.id for ln in lines}
                layout = TextLayout(
                    words=words,
                    lines=tuple(lines),
                    duplicate_glyph_ids=parent.duplicate_glyph_ids,
                    shadowed_line_ids=tuple(i for i in parent.shadowed_line_ids if i in line_ids),
                )
            self._memo["layout"] = layout
        return layout


__all__ = ["Sheet", "SheetLike", "SheetView"]
