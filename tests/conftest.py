"""Shared fixtures: the real corpus (skipped cleanly when absent), poppler, and small PDFs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "drawings"
CORPUS = Path(os.environ.get("PDFTRACT_CORPUS", ROOT.parent / "shared" / "corpus" / "real"))
GOLDEN = Path(__file__).resolve().parent / "golden"


def corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(CORPUS.glob("*.pdf"))


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"real corpus not present at {CORPUS}")
    return CORPUS


@pytest.fixture(scope="session")
def pdftotext() -> str:
    exe = shutil.which("pdftotext")
    if exe is None:
        pytest.skip("poppler-utils (pdftotext) is not installed")
    return exe


@pytest.fixture(scope="session")
def demo_pdf() -> Path:
    return FIXTURES / "demo-bracket.pdf"
