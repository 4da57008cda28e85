"""Built-in analyzers. Each module registers its analyzers with :func:`pdftract.pipeline.analyzer`
when imported; this package imports them all so ``Pipeline()`` finds them.

* :mod:`pdftract.analyzers.tables`: ruled BOM, revision and drawing-index tables (``tables``).
* :mod:`pdftract.analyzers.clouds`: revision clouds linked to revision-table rows (``revision_clouds``).

The grid engine they share is :mod:`pdftract.analyzers.grid`. Third-party analyzers register
through the ``pdftract.analyzers`` entry-point group.
"""

from pdftract.analyzers import clouds, tables  # noqa: F401
