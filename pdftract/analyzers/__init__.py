"""Built-in analyzers. Each module registers its analyzers with :func:`pdftract.registry.analyzer`
when imported; this package imports them all so ``Pipeline()`` finds them.

* :mod:`pdftract.analyzers.tables`: ruled BOM, revision and drawing-index tables (``tables``).
* :mod:`pdftract.analyzers.clouds`: revision clouds linked to revision-table rows (``revision_clouds``).
* :mod:`pdftract.analyzers.title_block`: title-block fields and sheet x of y (``title_block``).
* :mod:`pdftract.analyzers.dimensions`: dimensions with tolerance zones (``dimensions``); their geometry
  (terminators, dimension lines, leaders) is :mod:`pdftract.analyzers.leaders`.
* :mod:`pdftract.analyzers.callouts`: leader notes and balloons linked to BOM rows (``callouts``).
* :mod:`pdftract.analyzers.gdt`: feature control frames (``gdt_frames``) and datum feature symbols
  (``datum_features``).
* :mod:`pdftract.analyzers.notes`: numbered general notes (``notes``) and cross-sheet references (``references``).
* :mod:`pdftract.analyzers.review`: page diagnostics for what could not be read (``review``: text drawn as
  graphics, a frame without a title block, results of low confidence; see
  :mod:`pdftract.analyzers.confidence`).

The grid engine they share is :mod:`pdftract.analyzers.grid`. Third-party analyzers register
through the ``pdftract.analyzers`` entry-point group.
"""

from pdftract.analyzers import callouts, clouds, dimensions, gdt, manual, notes, pid, review, schematic, tables, title_block  # noqa: F401
