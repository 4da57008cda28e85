"""Built-in analyzers. Each module registers its analyzers with :func:`pdftract.pipeline.analyzer`
when imported; this package imports them all so ``Pipeline()`` finds them.

No built-in analyzer has landed yet: the title-block, table, dimension, GD&T and cloud
analyzers arrive in their own modules here. Third-party analyzers register through the
``pdftract.analyzers`` entry-point group.
"""
