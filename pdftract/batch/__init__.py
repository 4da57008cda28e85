"""Batch extraction with provenance: see :mod:`pdftract.batch.engine`."""

from pdftract.batch.engine import BatchSettings, InputItem, iter_inputs, run_batch

__all__ = ["BatchSettings", "InputItem", "iter_inputs", "run_batch"]
