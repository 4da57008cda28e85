"""The JSON Schema of the output (``pdftract schema``), generated from the typed output model.

Every part of the JSON has a ``TypedDict`` next to the code that writes it (:mod:`pdftract.serialize`
for the document and page primitives, each analyzer for its results, registered with
:func:`pdftract.registry.output`); ``mypy --strict`` checks that the writers produce exactly those
keys and types. The schema is generated from those types by pydantic (a development dependency) and
shipped as ``pdftract/data/schema.json``, so printing it needs nothing extra; a test regenerates it
and fails when the shipped file is stale. Objects are closed (``additionalProperties: false``) except a
page, where a plug-in analyzer may add its own key.

Regenerate after changing the output (and bump :data:`pdftract.serialize.SCHEMA_VERSION` with a note in
``docs/schema.md``)::

    python -m pdftract.schema --write

>>> import json
>>> schema = json.loads(schema_text())
>>> schema["properties"]["schema_version"]["const"] == SCHEMA_VERSION
True
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from typing import Any

from pdftract.serialize import SCHEMA_VERSION, DocumentJSON, PageJSON

SCHEMA_FILE = "schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_text() -> str:
    """The shipped JSON Schema of the document JSON, as text."""
    return resources.files("pdftract.data").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The shipped JSON Schema of the document JSON."""
    out: dict[str, Any] = json.loads(schema_text())
    return out


def _close(node: Any, open_titles: frozenset[str]) -> None:
    """``additionalProperties: false`` on every object schema with declared properties (except ``open_titles``)."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node and node.get("title") not in open_titles:
            node.setdefault("additionalProperties", False)
        for v in node.values():
            _close(v, open_titles)
    elif isinstance(node, list):
        for v in node:
            _close(v, open_titles)


def generate() -> dict[str, Any]:
    """Generate the schema from the output types (needs pydantic: ``pip install 'pdftract[dev]'``)."""
    from typing import get_type_hints

    from pydantic import TypeAdapter
    from typing_extensions import NotRequired, TypedDict

    from pdftract.pipeline import registered
    from pdftract.registry import outputs

    registered()  # load the built-in analyzers: they register their output types
    page_fields: dict[str, Any] = dict(get_type_hints(PageJSON, include_extras=True))
    for key, hook in outputs().items():
        if hook.schema is not None and key not in page_fields:
            page_fields[key] = NotRequired[hook.schema]
    page = TypedDict("Page", page_fields)  # type: ignore[misc]
    page.__doc__ = PageJSON.__doc__
    doc_fields: dict[str, Any] = dict(get_type_hints(DocumentJSON, include_extras=True))
    doc_fields["pages"] = list[page]
    document = TypedDict("Document", doc_fields)  # type: ignore[misc]
    document.__doc__ = DocumentJSON.__doc__
    out: dict[str, Any] = TypeAdapter(document).json_schema(mode="serialization")
    out["properties"]["schema_version"] = {"const": SCHEMA_VERSION, "type": "string", "title": "Schema Version"}
    _close(out, frozenset({"Page"}))
    return {"$schema": DIALECT, "$id": f"https://pdftract.invalid/schema/{SCHEMA_VERSION}/document.json", **out}


def generated_text() -> str:
    """:func:`generate` as the text shipped in ``pdftract/data/schema.json``."""
    return json.dumps(generate(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m pdftract.schema [--write]``: print the generated schema, or write it into the package."""
    args = sys.argv[1:] if argv is None else argv
    text = generated_text()
    if "--write" in args:
        path = resources.files("pdftract.data").joinpath(SCHEMA_FILE)
        with resources.as_file(path) as p:
            p.write_text(text, encoding="utf-8")
        print(f"wrote {p}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


__all__ = ["SCHEMA_FILE", "generate", "generated_text", "schema", "schema_text"]
