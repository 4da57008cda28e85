"""The content-stream hot path (:mod:`pdftract.ingest.content`) reads every page as pdfminer's parser does.

Each case runs a page twice, through pdfminer's content parser (``reference=True``) and through ours, and
compares everything the interpreter hands on: glyphs, paths with every control point, images, warnings
and counters. The fixtures and the first page of every shared real file are compared the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfminer.pdftypes import PDFStream, resolve1

from pdftract.geometry import page_matrix
from pdftract.ingest.content import literal_string, run
from pdftract.ingest.device import FontRegistry, interpret_page
from pdftract.ingest.reader import Reader
from pdftract.testing import PdfWriter

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"


#: pages whose content streams decode to more are compared by ``benchmarks/ingest_identity.py``, not here: pdfminer's
#: parser takes seconds on them and the test budget is shared
MAX_TEST_CONTENT = 1_200_000


def _outputs(data: bytes, pages: int | None = None, max_content: int | None = None) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    reader = Reader(data)
    out = []
    for page in reader._pages[:pages]:
        if max_content is not None:
            size = sum(len(resolve1(s).get_data()) for s in page.contents if isinstance(resolve1(s), PDFStream))
            if size > max_content:
                pytest.skip(f"{size} bytes of content: compared by benchmarks/ingest_identity.py")
        mb = tuple(float(v) for v in page.mediabox)
        rotate = int(page.rotate) % 360 if int(page.rotate) % 90 == 0 else 0
        matrix, _w, _h = page_matrix(mb, rotate, 1.0)  # type: ignore[arg-type]
        pair = []
        for reference in (True, False):
            dev = interpret_page(FontRegistry(), page, matrix, reference=reference)
            pair.append((tuple(dev.glyphs), tuple(dev.paths), tuple(dev.images), dev.skipped_segments, dev.decode_failures,
                         tuple(dev.limit_hits), dev.utf16_folded, tuple(sorted(dev.warnings))))
        out.append((pair[0], pair[1]))
    return out


def _page(content: bytes, *, xobjects: bool = False, extra_streams: tuple[bytes, ...] = ()) -> bytes:
    w = PdfWriter()
    font = w.helvetica()
    xobj: dict[str, int] = {}
    if xobjects:
        inner = w.stream(b"0 0 m 10 10 l S BT /F1 8 Tf 1 1 Td (form) Tj ET", "/Type /XObject /Subtype /Form /BBox [0 0 20 20] "
                         f"/Resources << /Font << /F1 {font} 0 R >> >>")
        xobj["Fm1"] = inner
    page = w.add_page(content, fonts={"F1": font}, xobjects=xobj)
    if extra_streams:  # the page's content as an array of streams
        nums = [w.stream(s) for s in extra_streams]
        body = w._objects[page - 1]
        assert body is not None
        first = body.split(b"/Contents ")[1].split(b" 0 R")[0]
        arr = b"[" + first + b" 0 R " + b" ".join(b"%d 0 R" % n for n in nums) + b"]"
        w._objects[page - 1] = body.replace(b"/Contents " + first + b" 0 R", b"/Contents " + arr)
    return w.tobytes()


CASES = {
    "paths": b"0.5 w 1 0 0 RG 10 10 m 100 10 l 100 100 l h S 20 20 80 40 re f 5 5 m 10 20 30 40 50 60 c 1 2 3 4 v 5 6 7 8 y b*",
    "odd numbers": b"1.2.3 4 m +.5 -.5 l S -5. 7 m 3 -2 l . + - S 10 20 m 30 40l S 0g 1 1 1 1re f",
    "text": b"BT /F1 12 Tf 72 700 Td (Hello) Tj 0 -14 TD [(A) -120 (B) 30.5 (C)] TJ T* (next) ' 2 1 (quote) \" ET",
    "strings": b"BT /F1 10 Tf 50 600 Td (a(b)c) Tj (esc \\( \\) \\\\ \\n \\101\\60\\0601) Tj (unknown \\q \\/) Tj "
               b"(cont\\\ninued) Tj (cr\\\r\nlf) Tj <48656C6C6F> Tj <4 8 6 5 6> Tj <> Tj ET",
    "names": b"/P1 gs /Na#20me#2Fx BMC EMC /OC <</MCID 3 /Title (t) /Arr [1 2 /N]>> BDC 1 0 0 rg 0 0 5 5 re f EMC",
    "comments": b"% a comment\n1 0 0 1 10 10 cm % trailing\n0 0 m \x00 5 5 l S 0 0 m\x00 1 1 l S\n%end",
    "colour": b"/DeviceRGB cs 0.1 0.2 0.3 sc /DeviceCMYK CS 0 1 0 0 SC 0 0 m 9 9 l B 0.5 G 0.25 g 1 2 m 3 4 l B* "
              b"0 0 0 1 k 1 0 0 0 K 2 2 m 3 3 l s",
    "graphics state": b"q 2 0 0 2 0 0 cm 3 w [4 2] 1 d 0 J 1 j 4 M 0 0 m 10 0 l S Q 0 0 m 1 1 l S q 9 9 m Q 1 1 m 2 2 l f",
    "stray operands": b"1 2 3 0 0 m 5 5 l S 7 w 9 S re 4 Tf ET Q Q Q 0 0 m 1 1 l S ] >> } ) 1 1 m 2 2 l S",
    "inline image": b"q 20 0 0 20 10 10 cm BI /W 2 /H 2 /BPC 8 /CS /G ID \x00\xffEI\x10\xff EI Q 0 0 m 1 1 l S",
    "inline image ascii85": b"q 8 0 0 8 1 1 cm BI /W 1 /H 1 /BPC 8 /CS /G /F /A85 ID !!~> EI Q 3 3 m 4 4 l S",
    "form": b"q 2 0 0 2 50 50 cm /Fm1 Do Q 0 0 m 3 3 l S /Missing Do",
    "arrays": b"[1 2 [3 4] (s) /n <</a 1>>] pop 0 0 m 1 1 l S {1 2} pop true false 5 5 m 6 6 l S",
    "unclosed array": b"0 0 m 1 1 l S [1 2 3 0 0 m 9 9 l S",
    "vertical and spacing": b"BT /F1 9 Tf 2 Tc 3 Tw 80 Tz 2 Ts 1 Tr 5 TL 100 100 Td (a b  c) Tj 0 1 -1 0 200 200 Tm (rot) Tj ET",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_as_pdfminer_parser(name: str) -> None:
    data = _page(CASES[name], xobjects=(name == "form"))
    [(ref, new)] = _outputs(data)
    assert new == ref
    assert ref[0] or ref[1] or ref[2], "the case draws nothing: it would compare nothing"


def test_several_content_streams_read_as_one() -> None:
    data = _page(b"0 0 m 10 10 l", extra_streams=(b"S BT /F1 10 Tf 5 5 Td (x) Tj", b"ET 1 1 m 2 2 l S"))
    [(ref, new)] = _outputs(data)
    assert new == ref
    assert len(new[1]) == 2 and [g.text for g in new[0]] == ["x"]


def test_literal_string_escapes() -> None:
    assert literal_string(b"a(b)c) rest", 0) == (b"a(b)c", 6)
    assert literal_string(b"\\101\\60\\0601\\q\\\\)", 0)[0] == b"A001q\\"
    assert literal_string(b"\\777)", 0)[0] == b"\xff"  # an octal escape past 255 keeps its low byte
    assert literal_string(b"line\\\r\nnext)", 0)[0] == b"linenext"
    assert literal_string(b"unterminated", 0) == (b"unterminated", 12)


def test_operator_gets_its_operands() -> None:
    seen: list[tuple[str, tuple[object, ...]]] = []

    class Recorder:
        def __init__(self) -> None:
            self.argstack: list[object] = []

        def do_m(self, x: object, y: object) -> None:
            seen.append(("m", (x, y)))

        def do_Tj(self, s: object) -> None:
            seen.append(("Tj", (s,)))

        def do_BDC(self, tag: object, props: object) -> None:
            seen.append(("BDC", (str(tag), props)))

        def do_TJ(self, seq: object) -> None:
            seen.append(("TJ", (seq,)))

    rec = Recorder()
    run(rec, b"1 2.5 m -.5 +3 m (a\\)b) Tj /OC <</Name (x) /N 1>> BDC [(A) -20 (B)] TJ 7 m 1 2 unknownop 3 4 m")
    assert seen == [("m", (1, 2.5)), ("m", (-0.5, 3)), ("Tj", (b"a)b",)), ("BDC", ("/'OC'", {"Name": b"x", "N": 1})),
                    ("TJ", ([b"A", -20, b"B"],)), ("m", (3, 4))]
    assert rec.argstack == [1, 2]  # an unknown operator leaves its operands, as pdfminer does


FIXTURES = sorted(p for p in (ROOT / "fixtures").rglob("*.pdf"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: str(p.relative_to(ROOT / "fixtures")))
def test_fixture_pages_identical(path: Path) -> None:
    for ref, new in _outputs(path.read_bytes(), pages=1):
        assert new == ref


def _real_files() -> list[Path]:
    return sorted(p for d in ("real", "real2") for p in (SHARED / d).glob("*.pdf")) if SHARED.is_dir() else []


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared real corpus is not here")
@pytest.mark.parametrize("path", _real_files(), ids=lambda p: p.name)
def test_real_first_page_identical(path: Path) -> None:
    try:
        pages = _outputs(path.read_bytes(), pages=1, max_content=MAX_TEST_CONTENT)
    except Exception as exc:  # a file the reader refuses (encrypted, scanned with no page tree ...) has no page to compare
        pytest.skip(f"not opened: {type(exc).__name__}")
    for ref, new in pages:
        assert new == ref

