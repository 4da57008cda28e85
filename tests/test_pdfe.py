"""The PDF/E layer: annotations, 3D and RichMedia payloads, attachments, optional-content layers, XMP claims.

Fixtures are built by ``fixtures/pdfe/make_pdfe.py`` with pikepdf; their truth (``*.truth.json``) is written
by that script from its own inputs (texts, factors, payload bytes hashed with hashlib, layer states).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest

import pdftract
from pdftract.cli import main
from pdftract.errors import Code
from pdftract.ingest.pdfe import RawStreams, UnsafeXML, parse_xml, plain_rich_text, safe_filename, sniff_mime

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures" / "pdfe"
SHARED = HERE.parent.parent / "shared" / "corpus"


def _truth(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((FIXTURES / f"pdfe-{name}.truth.json").read_text(encoding="utf-8"))


def _open(name: str, **kw: object) -> pdftract.Document:
    return pdftract.open(FIXTURES / f"pdfe-{name}.pdf", **kw)  # type: ignore[arg-type]


# -- annotations --------------------------------------------------------------------------------------------
def test_annotations_texts_flags_and_measurements_match_the_truth() -> None:
    truth = _truth("annotations")
    sheet = _open("annotations").page(1)
    assert sheet.text == truth["text"]
    got = sheet.annotations
    assert len(got) == len(truth["annotations"])
    for a, t in zip(got, truth["annotations"], strict=True):
        assert a.subtype == t["subtype"]
        assert a.contents == t["contents"]
        assert a.rich_text == t["rich_text"], a
        assert a.hidden is t["hidden"], a
        assert a.intent == t["intent"]
        assert list(a.appearance_text) == t["appearance_text"]
        m = None if a.measurement is None else {"value": a.measurement.value, "units": a.measurement.units,
                                                "kind": a.measurement.kind, "source": a.measurement.source}
        assert m == t["measurement"], a
        if "callout_points" in t:
            assert len(a.callout) == t["callout_points"]
    # the note and its popup point at each other
    note, popup = got[0], got[1]
    assert note.popup == popup.id and popup.parent == note.id
    mismatched = [d for d in sheet.diagnostics if d.code is Code.ANNOTATION_TEXT_MISMATCH]
    assert [dict(d.context)["annotation"] for d in mismatched] == [i for i, t in enumerate(truth["annotations"]) if t.get("mismatch")]
    refused = [i for i, t in enumerate(truth["annotations"]) if t.get("refused_xml")]
    assert refused and all(any(dict(d.context).get("annotation") == i and "document type" in d.message for d in sheet.diagnostics)
                           for i in refused)


def test_an_annotation_of_every_other_common_subtype_is_read() -> None:
    truth = _truth("annotations")
    sheet = _open("annotations").page(2)
    assert sheet.text == truth["text_page2"]
    got = sheet.annotations
    assert [a.subtype for a in got] == [t["subtype"] for t in truth["annotations_page2"]]
    for a, t in zip(got, truth["annotations_page2"], strict=True):
        assert (a.contents, a.hidden) == (t["contents"], t["hidden"]), a
        assert list(a.appearance_text) == t["appearance_text"] if "appearance_text" in t else a.appearance_text == ()


def test_annotation_json_carries_every_field() -> None:
    page = json.loads(_open("annotations").to_json())["pages"][0]
    line = page["annotations"][8]
    assert line["measurement"] == {"value": 4.166667, "units": "in", "kind": "distance", "source": "annotation"}
    assert set(line) >= {"bbox", "contents", "rich_text", "hidden", "intent", "measurement", "appearance_text"}


def test_rich_text_is_plain_text_and_no_entity_is_expanded() -> None:
    assert plain_rich_text('<body xmlns="http://www.w3.org/1999/xhtml"><p>A<span> B</span></p><div>C<br/>D</div></body>') == "A B\nC\nD"
    assert plain_rich_text('<body><p>one</p><script>alert(1)</script><style>p {}</style></body>') == "one"
    assert plain_rich_text("just text, no markup") == "just text, no markup"
    assert plain_rich_text("<body><p>R&unknown; 5</p><p>two &amp; three</body>") == "R&unknown; 5\ntwo & three"
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><x>&b;</x>'
    with pytest.raises(UnsafeXML):
        parse_xml(bomb)
    with pytest.raises(UnsafeXML):
        parse_xml(b'<!ENTITY x SYSTEM "file:///etc/passwd"><x/>')


# -- payloads -------------------------------------------------------------------------------------------------
def test_3d_and_richmedia_payloads_have_the_right_sizes_digests_and_views() -> None:
    truth = _truth("3d")
    sheet = _open("3d").page(1)
    assert sheet.text == truth["text"]
    assert len(sheet.payloads) == len(truth["payloads"])
    for p, t in zip(sheet.payloads, truth["payloads"], strict=True):
        assert (p.annotation, p.annotation_subtype, p.subtype, p.activation) == (
            t["annotation"], t["annotation_subtype"], t["subtype"], t["activation"])
        assert (p.digest.size, p.digest.sha256, p.digest.md5) == (t["bytes"], t["sha256"], t["md5"])
        views = [{"name": v.name, "measures": [{"kind": m.kind, "value": m.value, "units": m.units, "text": m.text}
                                               for m in v.measures]} for v in p.views]
        assert views == t["views"]
    bad = [i for i, t in enumerate(truth["payloads"]) if t.get("bad_magic")]
    flagged = [dict(d.context)["annotation"] for d in sheet.diagnostics if d.code is Code.INTEGRITY_MISMATCH]
    assert flagged == [truth["payloads"][i]["annotation"] for i in bad]


# -- attachments ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["attachments", "3d"])
def test_attachments_have_our_digests_and_checksum_checks(name: str) -> None:
    truth = _truth(name)["attachments"]
    doc = _open(name)
    got = doc.attachments
    assert len(got) == len(truth)
    for a, t in zip(got, truth, strict=True):
        assert (a.name, a.location, a.page, a.mime, a.checksum_ok) == (t["name"], t["location"], t["page"], t["mime"], t["checksum_ok"])
        assert (a.digest.size, a.digest.sha256, a.digest.md5) == (t["bytes"], t["sha256"], t["md5"])
        for key in ("description", "relationship"):
            if key in t:
                assert getattr(a, key) == t[key]
    bad = [t["name"] for t in truth if t["checksum_ok"] is False]
    assert [dict(d.context)["attachment"] for d in doc.attachment_diagnostics if d.code is Code.INTEGRITY_MISMATCH] == bad
    out = json.loads(doc.to_json())
    assert [a["sha256"] for a in out["attachments"]] == [t["sha256"] for t in truth]
    assert any(d["code"] == "INTEGRITY_MISMATCH" for d in out["diagnostics"]) is bool(bad)


def test_streams_are_read_from_the_file_bytes_not_through_pdfminer() -> None:
    doc = _open("attachments")
    streams = doc.loader._streams  # type: ignore[attr-defined]
    assert isinstance(streams, RawStreams)
    objects = [a.object for a in doc.attachments]
    assert objects and all(o is not None and streams._locate(o) is not None for o in objects)


def test_saving_attachments_keeps_them_inside_the_folder_and_never_overwrites(tmp_path: Path) -> None:
    truth = _truth("attachments")["attachments"]
    doc = _open("attachments")
    saved = pdftract.save_attachments(doc, tmp_path / "out")
    assert all(s.error is None for s in saved)
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == sorted(t.get("saved_as", t["name"]) for t in truth)
    assert not (tmp_path / "evil.txt").exists()
    for s, t in zip(saved, truth, strict=True):
        assert s.path is not None and hashlib.sha256(Path(s.path).read_bytes()).hexdigest() == t["sha256"]
    again = pdftract.save_attachments(doc, tmp_path / "out")
    assert [s.status for s in again] == ["exists"] * len(truth)
    assert all(s.status == "saved" for s in pdftract.save_attachments(doc, tmp_path / "out", force=True))
    capped = pdftract.save_attachments(doc, tmp_path / "capped", max_bytes=40)
    assert [s.status for s in capped] == ["failed" if t["bytes"] > 40 else "saved" for t in truth]
    assert not any(p.suffix == ".part" for p in (tmp_path / "capped").iterdir())


def test_saving_never_writes_through_a_planted_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    for name in ("notes.txt.part", ".pdftract-notes.txt.part"):
        (out / name).symlink_to(victim)
    (out / "notes.txt").symlink_to(victim)
    saved = {s.attachment.name: s for s in pdftract.save_attachments(_open("attachments"), out, force=True)}
    assert victim.read_text() == "keep me"
    assert saved["notes.txt"].status == "saved" and not (out / "notes.txt").is_symlink()
    assert (out / "notes.txt").read_bytes().startswith(b"inspection notes")


def test_attachments_command_lists_saves_and_fails_on_a_wrong_checksum(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["attachments", str(FIXTURES / "pdfe-attachments.pdf"), "--save", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 3  # notes.txt states a wrong checksum
    assert [a["name"] for a in json.loads(out)] == [t["name"] for t in _truth("attachments")["attachments"]]
    assert "INTEGRITY_MISMATCH" in err and (tmp_path / "bracket.step").exists()
    assert main(["attachments", str(FIXTURES / "pdfe-3d.pdf"), "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("file,name,") and len(rows) == 3
    # the same columns with no attachment at all, so listings of many files stack
    assert main(["attachments", str(FIXTURES / "pdfe-layers.pdf"), "--csv"]) == 0
    assert capsys.readouterr().out.splitlines() == [rows[0]]
    # a second save into the same folder keeps the files and says so; --force needs --save
    assert main(["attachments", str(FIXTURES / "pdfe-3d.pdf"), "--save", str(tmp_path / "again")]) == 0
    assert main(["attachments", str(FIXTURES / "pdfe-3d.pdf"), "--save", str(tmp_path / "again")]) == 0
    listing = json.loads(capsys.readouterr().out.split("\n]\n")[-2] + "\n]")
    assert [r["saved"] for r in listing] == ["exists", "exists"]
    assert main(["attachments", str(FIXTURES / "pdfe-3d.pdf"), "--force"]) == 2


def test_sniffing_reads_content_before_the_name() -> None:
    assert sniff_mime(b"%PDF-1.7", "drawing.step") == "application/pdf"
    assert sniff_mime(b"U3D\x00\x01", None) == "model/u3d"
    assert sniff_mime(b"hello", "part.STP") == "model/step"
    assert sniff_mime(b"hello", "noextension") is None
    assert safe_filename("", set()) == "attachment"
    assert safe_filename("CON.txt", set()) == "_CON.txt"
    assert safe_filename("a\x00b:c?.pdf", set()) == "a_b_c_.pdf"


def test_damaged_and_oversized_payloads_are_reported_not_raised(tmp_path: Path) -> None:
    pikepdf = pytest.importorskip("pikepdf")
    pdf = pikepdf.Pdf.new()
    page = pdf.add_blank_page()
    noise = b"".join(hashlib.sha256(bytes([i])).digest() for i in range(200))
    damaged = pikepdf.Stream(pdf, zlib.compress(noise)[:3000])
    damaged.Filter = pikepdf.Name.FlateDecode
    big = pikepdf.Stream(pdf, zlib.compress(b"\0" * (3 << 20)))
    big.Filter = pikepdf.Name.FlateDecode
    specs = []
    for name, stream in (("damaged.bin", damaged), ("big.bin", big)):
        stream.Type = pikepdf.Name.EmbeddedFile
        specs += [pikepdf.String(name), pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Filespec, F=pikepdf.String(name), EF=pikepdf.Dictionary(F=pdf.make_indirect(stream))))]
    pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(Names=pikepdf.Array(specs)))
    page.obj.Contents = pdf.make_stream(b"")
    path = tmp_path / "bad.pdf"
    pdf.save(path, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    doc = pdftract.open(path, max_stream_bytes=1 << 20)
    damaged_att, big_att = doc.attachments
    assert not damaged_att.digest.complete and "damaged" in (damaged_att.digest.error or "")
    assert not big_att.digest.complete and "cap" in (big_att.digest.error or "")
    assert [d.code for d in doc.attachment_diagnostics] == [Code.STREAM_DECOMPRESSION_FAIL] * 2
    json.loads(doc.to_json())


# -- layers ---------------------------------------------------------------------------------------------------
def test_layers_names_states_and_order_match_the_truth() -> None:
    truth = _truth("layers")
    doc = _open("layers")
    assert [{"name": la.name, "visible": la.visible, "parents": list(la.parents), "pages": list(la.pages)}
            for la in doc.layers] == truth["layers"]
    assert doc.conformance.pdfe == truth["conformance"]["pdfe"] and doc.conformance.pdfa == truth["conformance"]["pdfa"]


def test_text_on_layers_that_are_off_is_never_page_text_and_always_in_its_layer() -> None:
    truth = _truth("layers")
    sheet = _open("layers").page(1)
    assert sheet.text == truth["text"]
    for hidden in truth["hidden_text"]:
        assert hidden not in sheet.text
    assert [{"name": la.name, "visible": la.visible, "text": la.text} for la in sheet.layers] == truth["page_layers"]
    assert len(sheet.paths) == truth["visible_paths"] and len(sheet.off_layer_paths) == truth["off_paths"]
    assert [g.id for g in sheet.glyphs] == list(range(len(sheet.glyphs)))
    off = [g for la in sheet.layers if not la.visible for g in la.glyphs]
    assert sorted(g.id for g in off) == list(range(len(sheet.glyphs), len(sheet.glyphs) + len(off)))  # no id twice
    assert [s.id for s in sheet.segments] == list(range(len(sheet.segments)))
    assert all(sheet.segment(s.id) is s for s in sheet.segments)
    assert sheet.off_layer_paths[0].id == len(sheet.paths) and sheet.off_layer_paths[0].segments[0].id == len(sheet.segments)
    assert {g.layer for g in sheet.glyphs} == {None, "Title", "Dimensions"}
    assert any(d.code is Code.OFF_LAYER_CONTENT for d in sheet.diagnostics)
    # analyzers see visible content only
    analysed = pdftract.analyze(FIXTURES / "pdfe-layers.pdf", pages=[1])
    assert "SUPPLIER" not in json.dumps(analysed.to_dict()["pages"][0].get("notes", []))


def test_hidden_layers_can_be_included() -> None:
    truth = _truth("layers")
    sheet = _open("layers", include_hidden_layers=True).page(1)
    for hidden in truth["hidden_text"]:
        assert hidden in sheet.text
    assert not sheet.off_layer_paths and len(sheet.paths) == truth["visible_paths"] + truth["off_paths"]
    (said,) = [d for d in sheet.diagnostics if d.code is Code.OFF_LAYER_CONTENT]
    assert dict(said.context)["included"] is True  # the JSON says the hidden layers were read


def test_no_claims_and_no_layers_give_empty_answers() -> None:
    doc = _open("annotations")
    assert doc.layers == () and doc.conformance.pdfe is None and doc.conformance.pdfa is None
    out = json.loads(doc.to_json())
    assert out["metadata"]["conformance"] == {"pdfe": None, "pdfa": None} and out["layers"] == []


def test_json_is_the_same_bytes_with_worker_processes() -> None:
    for name in ("layers", "annotations", "3d"):
        one = pdftract.analyze(FIXTURES / f"pdfe-{name}.pdf").to_json(["glyphs", "paths"])
        two = pdftract.analyze(FIXTURES / f"pdfe-{name}.pdf", jobs=2).to_json(["glyphs", "paths"])
        assert one == two


# -- real files and big payloads --------------------------------------------------------------------------------
def test_the_openamr_3d_pdf_reports_its_prc_payload_with_the_digest_pikepdf_gives() -> None:
    path = SHARED / "real" / "edge-openamr-cover-assembly-3d-pdf.pdf"
    if not path.exists():
        pytest.skip("shared corpus absent")
    pikepdf = pytest.importorskip("pikepdf")
    with pikepdf.open(path) as pdf:
        annot = pdf.pages[0].obj.Annots[0]
        data = annot["/3DD"].read_bytes()
    doc = pdftract.open(path)
    (payload,) = doc.page(1).payloads
    assert payload.subtype == "PRC" and payload.digest.sha256 == hashlib.sha256(data).hexdigest()
    assert payload.digest.size == len(data)
    # the page has no 2D content: its text stays empty and says so
    assert doc.page(1).text == "" and any(d.code is Code.MISSING_TEXT_LAYER for d in doc.page(1).diagnostics)


_MEASURE = textwrap.dedent("""
    import json, resource, sys, pdftract
    def rss():
        for line in open("/proc/self/status"):
            if line.startswith(("VmRSS", "VmHWM")):
                yield line.split()[0], int(line.split()[1]) // 1024
    doc = pdftract.open(sys.argv[1])
    base = dict(rss())["VmRSS:"]
    att = [a.digest.sha256 for a in doc.attachments]
    pay = [p.digest.sha256 for p in doc.page(1).payloads]
    print(json.dumps({"base": base, "peak": dict(rss())["VmHWM:"], "att": att, "pay": pay}))
""")


def _big_pdf(path: Path, size: int, compress: bool) -> str:
    pikepdf = pytest.importorskip("pikepdf")
    block = hashlib.sha256(b"seed").digest() * 32768  # 1 MiB, not all zeros
    data = block * (size // len(block))
    digest = hashlib.sha256(data).hexdigest()
    pdf = pikepdf.Pdf.new()
    page = pdf.add_blank_page()
    page.obj.Contents = pdf.make_stream(b"")
    raw = zlib.compress(data, 1) if compress else data
    ef = pikepdf.Stream(pdf, raw)
    model = pikepdf.Stream(pdf, raw)
    if compress:
        ef.Filter = model.Filter = pikepdf.Name.FlateDecode
    ef.Type = pikepdf.Name.EmbeddedFile
    model.Type = pikepdf.Name("/3D")
    model.Subtype = pikepdf.Name.U3D
    spec = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F=pikepdf.String("big.bin"),
                                                EF=pikepdf.Dictionary(F=pdf.make_indirect(ef))))
    pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(Names=pikepdf.Array([pikepdf.String("big.bin"), spec])))
    annot = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name("/3D"), Rect=pikepdf.Array([0, 0, 100, 100]))
    annot["/3DD"] = pdf.make_indirect(model)
    page.obj.Annots = pikepdf.Array([pdf.make_indirect(annot)])
    del data, raw
    pdf.save(path, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return digest


@pytest.mark.parametrize("compress", [True, False], ids=["flate", "plain"])
def test_a_200_mb_attachment_and_3d_stream_are_hashed_in_little_memory(tmp_path: Path, compress: bool) -> None:
    size = 200 * 1024 * 1024
    path = tmp_path / "big.pdf"
    digest = _big_pdf(path, size, compress)
    run = subprocess.run([sys.executable, "-c", _MEASURE, str(path)], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PDFTRACT_CACHE_DIR": "off"})
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got["att"] == [digest] and got["pay"] == [digest]
    assert got["peak"] - got["base"] < 100, got


def test_the_benchmark_families_score_as_documented() -> None:
    """benchmarks/pdfe.py: the pikepdf family (tuned on) and the MuPDF family (held out) per field."""
    import importlib.util
    from collections import defaultdict

    spec = importlib.util.spec_from_file_location("pdfe_bench", HERE.parent / "benchmarks" / "pdfe.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for pattern, floor in (("pdfe-*.truth.json", 1.0), ("mupdf-*.truth.json", 0.95)):
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        misses: list[str] = []
        for path in sorted(FIXTURES.glob(pattern)):
            bench.score(path, tally, misses)
        ok, total = sum(v[0] for v in tally.values()), sum(v[1] for v in tally.values())
        assert total >= 60 and ok / total >= floor, misses


def test_other_filters_and_encrypted_files_are_hashed_through_the_reader(tmp_path: Path) -> None:
    pikepdf = pytest.importorskip("pikepdf")
    data = b"housing revision C\n" * 50
    for encrypted in (False, True):
        pdf = pikepdf.Pdf.new()
        page = pdf.add_blank_page()
        page.obj.Contents = pdf.make_stream(b"")
        hexed = pikepdf.Stream(pdf, data.hex().encode() + b">")
        hexed.Filter = pikepdf.Name.ASCIIHexDecode
        hexed.Type = pikepdf.Name.EmbeddedFile
        spec = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F=pikepdf.String("rev.txt"),
                                                    EF=pikepdf.Dictionary(F=pdf.make_indirect(hexed))))
        pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(Names=pikepdf.Array([pikepdf.String("rev.txt"), spec])))
        path = tmp_path / f"hex-{encrypted}.pdf"
        # encrypted: pikepdf recompresses the stream (its own rule), so this case tests decryption, the other the filter
        kw = ({"encryption": pikepdf.Encryption(owner="owner", user="", R=4)} if encrypted
              else {"stream_decode_level": pikepdf.StreamDecodeLevel.none})
        pdf.save(path, **kw)
        (att,) = pdftract.open(path).attachments
        assert att.digest.complete and att.digest.sha256 == hashlib.sha256(data).hexdigest(), (encrypted, att.digest)


def test_an_encrypted_files_stated_checksums_and_views_are_decrypted(tmp_path: Path) -> None:
    pikepdf = pytest.importorskip("pikepdf")
    for name in ("attachments", "3d"):
        with pikepdf.open(FIXTURES / f"pdfe-{name}.pdf") as pdf:
            pdf.save(tmp_path / f"{name}.pdf", encryption=pikepdf.Encryption(owner="o", user="u", R=6))
        plain, locked = _open(name), pdftract.open(tmp_path / f"{name}.pdf", password="u")
        assert [(a.name, a.checksum_ok, a.digest.sha256) for a in locked.attachments] == \
            [(a.name, a.checksum_ok, a.digest.sha256) for a in plain.attachments]
        assert locked.page(1).payloads == plain.page(1).payloads


def test_a_dictionary_object_is_never_taken_for_the_next_objects_stream() -> None:
    doc = _open("3d")
    streams = doc.loader._streams  # type: ignore[attr-defined]
    reader = doc.loader._doc  # type: ignore[attr-defined]
    from pdfminer.pdftypes import PDFStream

    plain = [oid for xref in reader.xrefs for oid in xref.get_objids()
             if isinstance(reader.getobj(oid), dict) and not isinstance(reader.getobj(oid), PDFStream)]
    assert plain and all(streams._locate(oid) is None for oid in plain)


def test_frames_have_annotations_and_attachments() -> None:
    pytest.importorskip("pandas")
    frames = _open("annotations").to_frames()
    ann = frames["annotations"]
    assert list(ann["subtype"])[:3] == ["Text", "Popup", "FreeText"]
    assert ann.loc[8, "measurement"] == 4.166667 and ann.loc[8, "units"] == "in"
    att = _open("attachments").to_frames()["attachments"]
    assert list(att["name"]) == [t["name"] for t in _truth("attachments")["attachments"]]
    assert list(att["checksum_ok"]) == [True, False, None, None]


@pytest.mark.parametrize("name", ["pdfe-layers.pdf", "mupdf-pdfe.pdf"])
def test_visible_text_is_what_poppler_shows(name: str) -> None:
    """An independent reader that honours optional content (poppler's pdftotext) sees the same lines: the
    page's text plus the text of the visible annotations' appearances, which poppler prints with the page."""
    import shutil

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    run = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(FIXTURES / name), "-"], capture_output=True, text=True,
                         timeout=60, check=True)
    theirs = sorted(line.strip() for line in run.stdout.splitlines() if line.strip())
    sheet = pdftract.open(FIXTURES / name).page(1)
    ours = [line for line in sheet.text.splitlines() if line.strip()]
    ours += [t for a in sheet.annotations if not a.hidden for t in a.appearance_text]
    assert sorted(ours) == theirs


def test_a_checksum_written_as_hex_text_is_read_as_one(tmp_path: Path) -> None:
    """PDF 7.11.4 asks for the 16 bytes of an MD5; some producers (a Factur-X writer among them) write its 32
    hexadecimal characters. Both are the file's own statement; a wrong one still fails."""
    pikepdf = pytest.importorskip("pikepdf")
    data = b"<invoice/>\n"
    for stated, ok in ((hashlib.md5(data).hexdigest().encode(), True), (hashlib.md5(data).hexdigest().upper().encode(), True),
                       (hashlib.md5(b"other").hexdigest().encode(), False)):
        pdf = pikepdf.Pdf.new()
        pdf.add_blank_page().obj.Contents = pdf.make_stream(b"")
        ef = pikepdf.Stream(pdf, data)
        ef.Type = pikepdf.Name.EmbeddedFile
        ef.Params = pikepdf.Dictionary(CheckSum=pikepdf.String(stated))
        spec = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Filespec, F=pikepdf.String("x.xml"),
                                                    EF=pikepdf.Dictionary(F=pdf.make_indirect(ef))))
        pdf.Root.Names = pikepdf.Dictionary(EmbeddedFiles=pikepdf.Dictionary(Names=pikepdf.Array([pikepdf.String("x.xml"), spec])))
        path = tmp_path / "hex.pdf"
        pdf.save(path)
        (att,) = pdftract.open(path).attachments
        assert att.checksum_ok is ok


def test_scripts_launches_and_links_are_reported_never_run() -> None:
    pikepdf = pytest.importorskip("pikepdf")
    import io

    pdf = pikepdf.Pdf.new()
    page = pdf.add_blank_page()
    page.obj.Contents = pdf.make_stream(b"")
    pdf.Root.OpenAction = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String("app.alert(1)"))
    launch = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[0, 0, 10, 10],
                                A=pikepdf.Dictionary(S=pikepdf.Name.Launch, F=pikepdf.String("calc.exe")))
    uri = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[0, 0, 10, 10],
                             A=pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String("https://example.com/part")))
    page.obj.Annots = pikepdf.Array([pdf.make_indirect(launch), pdf.make_indirect(uri)])
    buf = io.BytesIO()
    pdf.save(buf)
    doc = pdftract.open(buf.getvalue())
    assert [(a.action, a.target) for a in doc.page(1).annotations] == [("Launch", "calc.exe"), ("URI", "https://example.com/part")]
    (said,) = [d for d in doc.diagnostics if d.code is Code.ACTIVE_CONTENT]
    assert dict(said.context) == {"annotation_Launch": 1, "open_action_JavaScript": 1}
    assert not any(d.code is Code.ACTIVE_CONTENT for d in _open("annotations").diagnostics)
