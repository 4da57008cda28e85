"""Bad input gets a typed error with a stable code, never a foreign exception or a silent blank."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import pdftract
from pdftract import errors
from pdftract.errors import Code
from pdftract.testing import simple_pdf


def encrypted_pdf(password: str) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, encrypt=password)
    c.drawString(72, 720, "SECRET DRAWING 4711")
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize(
    ("data", "exc", "code"),
    [
        (b"", errors.EmptyFileError, Code.EMPTY_FILE),
        (b"just some text, definitely not a pdf\n" * 10, errors.NotPDFError, Code.NOT_PDF),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, errors.NotPDFError, Code.NOT_PDF),
        (simple_pdf(pages=[["A"]])[:300], errors.TruncatedPDFError, Code.TRUNCATED),
        (b"%PDF-1.4\nthis is garbage with no objects at all\n%%EOF\n", errors.MalformedPDFError, Code.MALFORMED_XREF),
    ],
    ids=["empty", "text", "png", "truncated", "no-objects"],
)
def test_bad_input_raises_typed_errors(data: bytes, exc: type[errors.InputError], code: Code) -> None:
    with pytest.raises(exc) as info:
        pdftract.open(data)
    assert info.value.code is code
    assert isinstance(info.value, errors.InputError) and isinstance(info.value, errors.PdftractError)
    assert info.value.to_dict()["code"] == code.value


def test_garbage_prefix_is_tolerated() -> None:
    doc = pdftract.open(b"HTTP/1.1 200 OK\r\n\r\n" + simple_pdf(pages=[["PREFIXED"]]))
    assert doc.page(1).text == "PREFIXED"


def test_damaged_xref_is_recovered_and_reported() -> None:
    data = simple_pdf(pages=[["XREF DAMAGED"]])
    cut = data.rindex(b"startxref")
    broken = data[:cut] + b"startxref\n999999\n%%EOF\n"
    doc = pdftract.open(broken)
    assert doc.page(1).text == "XREF DAMAGED"
    assert Code.MALFORMED_XREF in {d.code for d in doc.diagnostics}


def test_encrypted_without_password() -> None:
    data = encrypted_pdf("s3cret")
    with pytest.raises(errors.EncryptedPDFError) as info:
        pdftract.open(data)
    assert info.value.code is Code.ENCRYPTED_NO_KEY
    with pytest.raises(errors.EncryptedPDFError, match="incorrect"):
        pdftract.open(data, password="wrong")
    assert pdftract.open(data, password="s3cret").page(1).text == "SECRET DRAWING 4711"


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(errors.MissingFileError) as info:
        pdftract.open(tmp_path / "nope.pdf")
    assert info.value.code is Code.FILE_NOT_FOUND
    with pytest.raises(errors.UnreadableFileError):
        pdftract.open(tmp_path)


def test_pdf_with_a_txt_name_is_read_by_content(tmp_path: Path) -> None:
    p = tmp_path / "drawing.txt"
    p.write_bytes(simple_pdf(pages=[["BY CONTENT"]]))
    assert pdftract.open(p).page(1).text == "BY CONTENT"
    q = tmp_path / "fake.pdf"
    q.write_text("hello")
    with pytest.raises(errors.NotPDFError):
        pdftract.open(q)


def test_page_range_errors() -> None:
    doc = pdftract.open(simple_pdf(pages=[["ONE"], ["TWO"]]))
    with pytest.raises(errors.PageRangeError):
        doc.page(3)
    with pytest.raises(errors.PageRangeError):
        pdftract.analyze(doc, analyzers=[], pages=[0])
    with pytest.raises(errors.SettingsError):
        pdftract.analyze(doc, analyzers=[], pages="1-x")


def test_error_tree_is_documented() -> None:
    doc = errors.__doc__ or ""
    for cls in (
        errors.NotPDFError,
        errors.EmptyFileError,
        errors.TruncatedPDFError,
        errors.MalformedPDFError,
        errors.EncryptedPDFError,
        errors.PipelineConfigError,
        errors.AnalyzerError,
        errors.SettingsError,
    ):
        assert cls.__name__ in doc and cls.code.value in doc


def test_truncated_means_the_end_is_missing() -> None:
    """``TRUNCATED``: no ``%%EOF``, a body section after the last one, or fewer bytes than ``/L`` states;
    a whole end followed by padding is no truncation."""
    from pdftract.ingest.reader import truncation

    data = simple_pdf(pages=[["WHOLE"]])
    assert truncation(data) is None
    assert truncation(data + b"\x00" * 4096) is None  # padding after %%EOF
    assert pdftract.open(data + b"\r\n\x00\x00").page(1).text == "WHOLE"
    assert truncation(data[: data.rindex(b"%%EOF")]) is not None
    # an incremental update cut short: the first revision's %%EOF is there, the update's is not
    update = data + b"9 0 obj\n<< /Producer (update) >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrai"
    assert "after its last %%EOF" in (truncation(update) or "")
    with pytest.raises(errors.TruncatedPDFError):
        pdftract.open(update)
    # a linearized file cut right after its first-page section: only /L tells
    lin = b"%PDF-1.7\n1 0 obj\n<< /Linearized 1 /L 99999 /O 3 /E 100 /N 1 /T 500 /H [10 20] >>\nendobj\n" + data[9:]
    assert "linearization dictionary states 99999" in (truncation(lin) or "")
    assert truncation(lin.replace(b"/L 99999", b"/L %05d" % len(lin))) is None  # the length it states
