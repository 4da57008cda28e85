"""Ingest: the only layer that talks to pdfminer. Bytes in, :class:`~pdftract.model.Sheet` objects out."""

from pdftract.ingest.reader import Reader, Source, open_document, read_source, source_info

__all__ = ["Reader", "Source", "open_document", "read_source", "source_info"]
