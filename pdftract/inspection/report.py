"""The inspection report: one self-contained HTML file per document showing what was found, over the sheet.

Per page: the sheet drawn as SVG (paths, raster images as images, characters read from drawn shapes
outlined in dashed green) with every structure the analyzers found drawn over it in layers the reader
switches on and off (title-block fields, tables and their cells, dimensions, GD&T frames, datum symbols,
callouts with their leaders, revision clouds, notes, references, manual structures, and the numbered
characteristic balloons); a legend; a click on an item shows its values, confidence and glyph ids; beside
the sheet the title block, tables, dimensions, frames, recovered characters and diagnostics as HTML tables.
A second tab holds the characteristic list (the rows of ``characteristics.csv``). No server, no network:
styles, script, data and images are inside the file.

>>> import pdftract
>>> doc = pdftract.analyze("fixtures/drawings/demo-bracket.pdf")
>>> html = report_html(doc, "demo-bracket.pdf")
>>> html.startswith("<!DOCTYPE html>") and 'data-layer="dimensions"' in html and "http" not in html.split("<body")[0]
True
"""

from __future__ import annotations

import base64
import io
import json
import os
from collections.abc import Callable, Iterator, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pdftract._version import __version__
from pdftract.geometry import BBox
from pdftract.inspection.balloon import balloons_svg, place_balloons, sheet_svg_open
from pdftract.inspection.characteristics import COLUMNS, Characteristic, by_sheet, characteristics
from pdftract.serialize import sheet_to_dict
from pdftract.svg import box, num, points

if TYPE_CHECKING:
    from pdftract.model.document import Document
    from pdftract.model.sheet import Sheet

#: layer key -> (colour, label shown beside its switch)
LAYERS: dict[str, tuple[str, str]] = {
    "title_block": ("#2563eb", "title block fields"),
    "tables": ("#059669", "tables and cells"),
    "dimensions": ("#dc2626", "dimensions"),
    "gdt_frames": ("#7c3aed", "GD&T frames"),
    "datum_features": ("#a855f7", "datum symbols"),
    "callouts": ("#ea580c", "callouts and leaders"),
    "revision_clouds": ("#db2777", "revision clouds"),
    "notes": ("#0891b2", "notes"),
    "references": ("#65a30d", "references"),
    "part_numbers": ("#ca8a04", "part numbers"),
    "procedures": ("#0d9488", "procedure steps"),
    "safety_callouts": ("#b91c1c", "safety callouts"),
    "characteristics": ("#d11a1a", "characteristic balloons"),
}
_OTHER_COLOUR = "#475569"
#: recovered characters listed per page at most (the drawing shows them all)
MAX_RECOVERED_ROWS = 400
#: raster images are embedded at most this many pixels on their longer side
IMAGE_MAX_PX = 1200

_CSS = """
body{font:13px/1.4 system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:0;color:#0f172a;background:#f1f5f9}
header{background:#0f172a;color:#f8fafc;padding:10px 16px}header h1{font-size:17px;margin:0}header p{margin:2px 0 0;color:#cbd5e1}
nav{display:flex;gap:4px;padding:8px 16px 0;background:#e2e8f0}nav button{border:0;padding:6px 14px;background:#cbd5e1;cursor:pointer;border-radius:4px 4px 0 0}
nav button.active{background:#fff;font-weight:600}.tab{display:none;padding:12px 16px}.tab.active{display:block}
.page{background:#fff;border:1px solid #cbd5e1;border-radius:6px;margin-bottom:18px;padding:10px}
.page h2{font-size:15px;margin:0 0 8px}.controls{display:flex;flex-wrap:wrap;gap:4px 14px;margin-bottom:6px}
.controls label{white-space:nowrap;cursor:pointer}.swatch{display:inline-block;width:10px;height:10px;margin-right:3px;border-radius:2px}
.view{display:flex;gap:12px;align-items:flex-start}.sheet{flex:1 1 auto;min-width:0;border:1px solid #e2e8f0}
.sheet svg{width:100%;height:auto;display:block}.details{flex:0 0 300px;font-size:12px;border:1px solid #e2e8f0;padding:8px;
max-height:600px;overflow:auto;background:#f8fafc}.details pre{white-space:pre-wrap;word-break:break-word;margin:0}
.item{cursor:pointer}.item:hover rect,.item:hover polyline,.item:hover circle{stroke-width:2}.item.selected rect,.item.selected circle{fill-opacity:.35}
table{border-collapse:collapse;margin:6px 0 12px;font-size:12px}th,td{border:1px solid #cbd5e1;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#e2e8f0}h3{font-size:13px;margin:10px 0 2px}.muted{color:#64748b}.sev-error{color:#b91c1c}.sev-warning{color:#b45309}
"""

_JS = """
(function(){
  var items = JSON.parse(document.getElementById('pdftract-items').textContent);
  document.querySelectorAll('nav button').forEach(function(b){
    b.addEventListener('click', function(){
      document.querySelectorAll('nav button').forEach(function(x){x.classList.toggle('active', x === b);});
      document.querySelectorAll('.tab').forEach(function(t){t.classList.toggle('active', t.id === b.dataset.tab);});
    });
  });
  document.querySelectorAll('input.layer-toggle').forEach(function(box){
    box.addEventListener('change', function(){
      var page = document.getElementById(box.dataset.page);
      page.querySelectorAll('g.layer[data-layer="' + box.dataset.layer + '"]').forEach(function(g){
        g.style.display = box.checked ? '' : 'none';
      });
    });
  });
  document.querySelectorAll('.item').forEach(function(el){
    el.addEventListener('click', function(ev){
      ev.stopPropagation();
      var page = el.closest('.page');
      page.querySelectorAll('.item.selected').forEach(function(x){x.classList.remove('selected');});
      el.classList.add('selected');
      var item = items[el.dataset.id];
      var box = page.querySelector('.details');
      box.innerHTML = '';
      var h = document.createElement('h3'); h.textContent = item.title; box.appendChild(h);
      var p = document.createElement('pre'); p.className = 'values'; p.textContent = JSON.stringify(item.values, null, 1);
      box.appendChild(p);
    });
  });
})();
"""


def _bbox(v: Any) -> BBox | None:
    if isinstance(v, (list, tuple)) and len(v) == 4 and all(isinstance(x, (int, float)) for x in v):
        return BBox(*(float(x) for x in v))
    return None


def _title(key: str, item: dict[str, Any]) -> str:
    for k in ("text", "tolerance", "value", "kind", "tag", "name"):
        v = item.get(k)
        if isinstance(v, str) and v:
            return f"{key}: {v}"
    return key


class _Items:
    """The clickable items of the report and their details (written once as JSON)."""

    def __init__(self) -> None:
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, item_id: str, title: str, values: Any) -> str:
        self.data[item_id] = {"title": title, "values": values}
        return item_id


def _layer_items(page: dict[str, Any], key: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(item title, item JSON) of one result key of a page's JSON."""
    value = page.get(key)
    if key == "title_block":
        if isinstance(value, dict):
            for group in ("fields", "other"):
                for name, f in (value.get(group) or {}).items():
                    yield f"{name}: {f.get('value', '')}", {"key": name, **f}
        return
    if isinstance(value, list):
        for it in value:
            if isinstance(it, dict) and _bbox(it.get("bbox")) is not None:
                yield _title(key, it), it


def _limits(c: Characteristic) -> str:
    """A characteristic's tolerance zone in words: ``139.5 … 140.5 mm (general: ISO 2768-m linear)``."""
    if c.lower_limit is None and c.upper_limit is None:
        return f"no limits ({c.remark})" if c.remark else "no limits"
    lo = "" if c.lower_limit is None else f"{c.lower_limit:g}"
    hi = "" if c.upper_limit is None else f"{c.upper_limit:g}"
    how = f"{c.tolerance_source}: {c.remark}" if c.remark else c.tolerance_source
    return f"{lo} … {hi} {c.unit or ''}".rstrip() + f" ({how})"


def _svg_layer(page_no: int, key: str, layer: list[tuple[str, dict[str, Any]]], items: _Items,
               chars: dict[str, Characteristic]) -> list[str]:
    """One switchable layer: a clickable box per item of ``layer`` (from :func:`_layer_items`), table cells,
    leaders; a dimension or frame also carries its characteristic (balloon number and tolerance zone)."""
    colour = LAYERS.get(key, (_OTHER_COLOUR, key))[0]
    out = [f'<g class="layer" data-layer="{escape(key)}">']
    for n, (title, it) in enumerate(layer):
        b = _bbox(it["bbox"])
        assert b is not None
        char = chars.get(f"{key}[{n}]")
        if char is not None:
            title = f"{title}  [{char.char_no}: {_limits(char)}]"
            it = {**it, "characteristic": char.to_dict()}
        iid = items.add(f"p{page_no}-{key}-{n}", title, it)
        parts = [f'<g class="item" data-id="{iid}"><title>{escape(title)}</title>',
                 box(b, f'fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-width="0.8"')]
        if key == "tables":
            cell_style = f'fill="none" stroke="{colour}" stroke-width="0.3" stroke-dasharray="2 1"'
            parts.extend(box(cb, cell_style) for cb in (_bbox(cell.get("bbox")) for cell in it.get("cells") or ()) if cb)
        pointed = key == "gdt_frames" or (key == "dimensions" and it.get("geometry") == "leader")
        leader = it.get("leader") or ([it["target"]] if pointed and it.get("target") else [])
        if leader:
            pts = [b.center] + [(float(p[0]), float(p[1])) for p in leader if p and None not in p]
            parts.append(f'<polyline points="{points(pts)}" fill="none" stroke="{colour}" stroke-width="0.6"/>')
        parts.append("</g>")
        out.append("".join(parts))
    out.append("</g>")
    return out


def _image_uris(src: str | os.PathLike[str] | None, sheet: Sheet, password: str | None) -> dict[str, str]:
    """PNG data URIs of the page's image XObjects by resource name (nested forms included), scaled down to
    :data:`IMAGE_MAX_PX`; empty where the file cannot be read again or an image cannot be decoded."""
    if src is None or not sheet.images:
        return {}
    import pikepdf
    wanted = {img.name for img in sheet.images if img.name}
    # pixels an image needs: two per point of its larger displayed side (the sheet is shown about page size)
    sizes = {img.name: max(64, min(IMAGE_MAX_PX, round(2 * max(img.bbox.width, img.bbox.height)))) for img in sheet.images}
    out: dict[str, str] = {}
    try:
        with pikepdf.open(os.fspath(src), password=password or "") as pdf:
            page = pdf.pages[sheet.number - 1]
            stack, seen = [page.obj.get("/Resources")], set()
            while stack and len(out) < len(wanted):
                res = stack.pop()
                if not isinstance(res, pikepdf.Dictionary) or "/XObject" not in res:
                    continue
                for name, xo in res["/XObject"].items():
                    key = (xo.objgen if xo.is_indirect else None, name)
                    if key in seen or not isinstance(xo, pikepdf.Stream):
                        continue
                    seen.add(key)
                    sub = xo.get("/Subtype")
                    if sub == "/Form":
                        stack.append(xo.get("/Resources"))
                    elif sub == "/Image" and name.lstrip("/") in wanted and name.lstrip("/") not in out:
                        uri = _image_uri(xo, sizes.get(name.lstrip("/"), IMAGE_MAX_PX), pikepdf)
                        if uri:
                            out[name.lstrip("/")] = uri
    except Exception:  # the file could not be opened again: images stay outlined boxes
        return {}
    return out


_PLAIN_FILTERS = {"/FlateDecode", "/LZWDecode", "/RunLengthDecode", "/ASCII85Decode", "/ASCIIHexDecode"}


def _filters(xo: Any, pikepdf: Any) -> list[str]:
    f = xo.get("/Filter")
    return [str(v) for v in (f if isinstance(f, pikepdf.Array) else [f] if f is not None else [])]


#: images with more pixels than this are not decoded for the report (a decompression bomb costs nothing)
MAX_IMAGE_PIXELS = 100_000_000


def _pixels(xo: Any, pikepdf: Any) -> Any:
    """The image's pixels as a PIL image: plain 8-bit grey or RGB decoded once by us (the general route
    decodes the stream twice), anything else through pikepdf's image route. Images that state more than
    :data:`MAX_IMAGE_PIXELS` pixels are refused (``ValueError``) before anything is decoded."""
    from PIL import Image as PILImage

    w, h = int(xo.get("/Width", 0)), int(xo.get("/Height", 0))
    if w * h > MAX_IMAGE_PIXELS:
        raise ValueError(f"an image of {w} x {h} pixels is over the report's {MAX_IMAGE_PIXELS}-pixel limit")

    mode = {"/DeviceRGB": "RGB", "/DeviceGray": "L"}.get(str(xo.get("/ColorSpace", "")))
    if mode and int(xo.get("/BitsPerComponent", 0)) == 8 and "/Decode" not in xo \
            and not set(_filters(xo, pikepdf)) - _PLAIN_FILTERS:
        data = xo.read_bytes()  # predictors of /DecodeParms are undone by the reader
        if len(data) == w * h * len(mode):
            return PILImage.frombytes(mode, (w, h), data)
    return pikepdf.PdfImage(xo).as_pil_image()


def _image_uri(xo: Any, px: int, pikepdf: Any) -> str | None:
    """A data URI of one image XObject at most ``px`` pixels on its longer side: a baseline JPEG of RGB or
    grey pixels without a soft mask as it is stored (no decoding); anything else decoded and box-reduced,
    with its soft mask (``/SMask``) as transparency, written as JPEG (opaque) or PNG (with transparency)."""
    cs = str(xo.get("/ColorSpace", ""))
    smask = xo.get("/SMask")
    try:
        if _filters(xo, pikepdf) == ["/DCTDecode"] and cs in ("/DeviceRGB", "/DeviceGray") and smask is None \
                and "/Decode" not in xo:
            raw = xo.read_raw_bytes()
            if len(raw) <= 4_000_000:
                return "data:image/jpeg;base64," + base64.b64encode(raw).decode("ascii")
        pil = _pixels(xo, pikepdf)
        if getattr(pil, "format", None) == "JPEG":
            pil.draft(pil.mode, (px, px))
        factor = -(-max(pil.width, pil.height) // px)  # whole-pixel box reduction to at most px: fast and clean
        if factor >= 2:
            pil = pil.reduce(factor)
        if pil.mode not in ("RGB", "L", "RGBA"):
            pil = pil.convert("RGB")
        if isinstance(smask, pikepdf.Stream):
            from PIL import Image as PILImage

            alpha = _pixels(smask, pikepdf).convert("L")
            if alpha.size != pil.size:
                alpha = alpha.resize(pil.size, PILImage.Resampling.BOX)
            pil = pil.convert("RGBA")
            pil.putalpha(alpha)
        buf = io.BytesIO()
        if pil.mode in ("RGB", "L"):  # renders and photos: JPEG is smaller and quicker to write than PNG
            pil.save(buf, format="JPEG", quality=85)
            return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
        pil.save(buf, format="PNG", compress_level=1)
        return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
    except Exception:  # an image pikepdf cannot decode (JBIG2 without a decoder ...): it stays an outlined box
        return None


def _images_svg(sheet: Sheet, uris: dict[str, str]) -> list[str]:
    out = ['<g id="raster-images">']
    for img in sheet.images:
        uri = uris.get(img.name)
        if uri:
            b = img.bbox
            out.append(f'<image x="{num(b.x0)}" y="{num(b.top)}" width="{num(b.width)}" height="{num(b.height)}" '
                       f'preserveAspectRatio="none" href="{uri}"/>')
    out.append("</g>")
    return out


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], cls: str = "") -> str:
    def cell(v: Any) -> str:
        if v is None:
            return ""
        if isinstance(v, float):
            return f"{v:g}"
        return escape(str(v))

    out = [f'<table class="{cls}"><thead><tr>' + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr></thead><tbody>"]
    out.extend("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in r) + "</tr>" for r in rows)
    out.append("</tbody></table>")
    return "".join(out)


def _page_tables(sheet: Sheet, page: dict[str, Any]) -> list[str]:
    out: list[str] = []
    tb = page.get("title_block")
    if isinstance(tb, dict):
        rows = [(k, f.get("label"), f.get("value"), f.get("confidence"), f.get("evidence"))
                for group in ("fields", "other") for k, f in (tb.get(group) or {}).items()]
        out += ["<h3>Title block</h3>", _table(("field", "label", "value", "confidence", "evidence"), rows, "title-block")]
    else:
        out.append('<h3>Title block</h3><p class="muted">none found</p>')
    for n, t in enumerate(page.get("tables") or ()):
        out.append(f"<h3>Table {n + 1}: {escape(str(t.get('kind')))} ({len(t.get('rows') or ())} rows, confidence "
                   f"{t.get('confidence')})</h3>")
        out.append(_table(t.get("header") or (), t.get("rows") or (), "data-table"))
    dims = page.get("dimensions") or ()
    if dims:
        out.append(f"<h3>Dimensions ({len(dims)})</h3>")
        out.append(_table(("text", "kind", "nominal", "upper", "lower", "unit", "confidence"),
                          [(d.get("text"), d.get("kind"), d.get("nominal"), d.get("upper"), d.get("lower"), d.get("unit"),
                            d.get("confidence")) for d in dims], "dimensions"))
    frames = page.get("gdt_frames") or ()
    if frames:
        out.append(f"<h3>GD&amp;T frames ({len(frames)})</h3>")
        out.append(_table(("characteristic", "symbol", "tolerance", "datums", "confidence"),
                          [(f.get("characteristic"), f.get("symbol"), f.get("tolerance"), " | ".join(f.get("datums") or ()),
                            f.get("confidence")) for f in frames], "frames"))
    recovered = [g for g in sheet.glyphs if g.synthetic]
    if recovered:
        out.append(f"<h3>Characters read from drawn shapes ({len(recovered)})</h3>")
        glyph_rows = [(g.text, g.source.value, f"{g.confidence:.2f}", " ".join(f"{v:.1f}" for v in g.bbox))
                for g in recovered[:MAX_RECOVERED_ROWS]]
        out.append(_table(("text", "source", "confidence", "bbox"), glyph_rows, "recovered"))
        if len(recovered) > MAX_RECOVERED_ROWS:
            out.append(f'<p class="muted">{len(recovered) - MAX_RECOVERED_ROWS} more not listed (all are outlined on the sheet)</p>')
    diags = page.get("diagnostics") or ()
    out.append(f"<h3>Diagnostics ({len(diags)})</h3>")
    if diags:
        out.append(_table(("severity", "code", "message"),
                          [(d.get("severity"), d.get("code"), d.get("message")) for d in diags], "diagnostics"))
    return out


def _page_section(sheet: Sheet, chars: Sequence[Characteristic], items: _Items, uris: dict[str, str]) -> str:
    page = sheet_to_dict(sheet)
    n = sheet.number
    svg_open, background, body = sheet_svg_open(sheet).split("\n", 2)  # images go over the white sheet, under the paths
    skip = ("text", "header", "footer", "annotations", "payloads", "layers", "diagnostics", "characteristics")
    found = {k: list(_layer_items(page, k)) for k in [*LAYERS, *sorted(k for k in page if k not in LAYERS)]
             if k not in skip}
    layers = {k: v for k, v in found.items() if v}
    svg = [svg_open, background, *_images_svg(sheet, uris), body]
    by_source = {c.source: c for c in chars}
    for key, layer in layers.items():
        svg.extend(_svg_layer(n, key, layer, items, by_source))
    balloons = place_balloons(sheet, chars)
    svg.append('<g class="layer" data-layer="characteristics">')
    by_no = {c.char_no: c for c in chars}
    for bl, line in zip(balloons, balloons_svg(balloons)[1:-1]):
        c = by_no[bl.char_no]
        iid = items.add(f"p{n}-characteristics-{bl.char_no}", f"characteristic {c.char_no}: {c.requirement}", c.to_dict())
        svg.append(line.replace('<g class="balloon"', f'<g class="item balloon" data-id="{iid}"', 1))
    svg.append("</g></svg>")
    controls = []
    for key in [*layers, "characteristics"]:
        colour, label = LAYERS.get(key, (_OTHER_COLOUR, key.replace("_", " ")))
        count = len(chars) if key == "characteristics" else len(layers[key])
        controls.append(f'<label><input type="checkbox" class="layer-toggle" data-page="page-{n}" data-layer="{escape(key)}" '
                        f'checked><span class="swatch" style="background:{colour}"></span>{escape(label)} ({count})</label>')
    return "".join([
        f'<section class="page" id="page-{n}"><h2>Page {n} <span class="muted">{sheet.width:.0f} × {sheet.height:.0f} pt',
        f", rotation {sheet.rotation}" if sheet.rotation else "", "</span></h2>",
        '<div class="controls">', *controls, "</div>",
        '<div class="view"><div class="sheet">', "\n".join(svg), "</div>",
        '<aside class="details"><p class="muted">Click a box or a balloon on the sheet to see what was read.</p></aside></div>',
        *_page_tables(sheet, page), "</section>",
    ])


def report_html(doc: Document, name: str, *, src: str | os.PathLike[str] | None = None, password: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> str:
    """The HTML report of an analysed document. ``name`` is shown as its title; ``src`` (the PDF it was read
    from) lets raster images be drawn as images, otherwise they are outlined boxes."""
    chars = characteristics(doc)
    by_page = by_sheet(chars)
    items = _Items()
    sheets = list(doc)
    sections = []
    for i, sheet in enumerate(sheets):
        sections.append(_page_section(sheet, by_page.get(sheet.number, []), items, _image_uris(src, sheet, password)))
        if progress is not None:
            progress(i + 1, len(sheets))
    doc_diags = [d.to_dict() for d in doc.diagnostics]
    char_rows = [[c.row()[k] for k in COLUMNS] for c in chars]
    data = json.dumps(items.data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>{escape(name)}: pdftract report</title><style>{_CSS}</style></head><body>",
        f"<header><h1>{escape(name)}</h1><p>{len(sheets)} of {doc.page_count} pages, {len(chars)} characteristics, "
        f"pdftract {escape(__version__)}</p></header>",
        '<nav><button class="active" data-tab="tab-sheets">Sheets</button>'
        f'<button data-tab="tab-characteristics">Characteristics ({len(chars)})</button></nav>',
        '<div class="tab active" id="tab-sheets">', *sections,
        ("<h3>Document diagnostics</h3>" + _table(("severity", "code", "message"),
                                                  [(d.get("severity"), d.get("code"), d.get("message")) for d in doc_diags])
         if doc_diags else ""),
        "</div>",
        '<div class="tab" id="tab-characteristics"><p class="muted">The rows of characteristics.csv '
        "(<code>pdftract balloon</code>): AS9102 Form 3 characteristic numbers, zones and limits.</p>",
        _table(COLUMNS, char_rows, "characteristics"), "</div>",
        f'<script type="application/json" id="pdftract-items">{data}</script>',
        f"<script>{_JS}</script></body></html>\n",
    ])


def index_html(rows: Sequence[dict[str, Any]], title: str = "pdftract reports") -> str:
    """An index page: one row per input with its status, pages, characteristics and a link to its report
    (``rows``: ``input``, ``status``, ``pages``, ``characteristics``, ``report`` (relative path or None),
    ``reason``)."""
    head = ("input", "status", "pages", "characteristics", "reason", "report")
    body = []
    for r in rows:
        cells = [escape(str(r.get(k, "") if r.get(k) is not None else "")) for k in head[:5]]
        link = f'<a href="{escape(r["report"])}">report</a>' if r.get("report") else ""
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + f"<td>{link}</td></tr>")
    table = ('<table class="index"><thead><tr>' + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead><tbody>"
             + "".join(body) + "</tbody></table>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{_CSS}</style></head><body><header><h1>{escape(title)}</h1>"
            f"<p>{len(rows)} inputs</p></header><div class=\"tab active\">{table}</div></body></html>\n")


def write_report(doc: Document, src: str | os.PathLike[str], out: str | os.PathLike[str], *, password: str | None = None,
                 progress: Callable[[int, int], None] | None = None) -> Path:
    """Write the report of ``doc`` (read from ``src``) to ``out``; returns the path written."""
    path = Path(out)
    path.write_text(report_html(doc, Path(src).name, src=src, password=password, progress=progress), encoding="utf-8")
    return path


__all__ = ["LAYERS", "index_html", "report_html", "write_report"]
