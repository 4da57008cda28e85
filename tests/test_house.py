"""The package's import structure: no cycles, and the layers point one way.

The imports are read from the source (``ast``), those under ``if TYPE_CHECKING:`` left out (they never run).

* No cycle among the package's modules, counting every import, also those inside functions.
* Imports at module level go from a layer to the same or a lower one:
  foundations -> model -> ingest / registry -> analyzers -> pipeline and outputs -> command line and batch.
  A lower layer may reach up only inside a function, for a convenience that would otherwise force the
  user to import the outputs (``Sheet._repr_svg_`` drawing itself, ``Document.to_json``).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pdftract"

LAYERS: list[tuple[str, ...]] = [
    ("pdftract._version", "pdftract._wording", "pdftract.errors", "pdftract.geometry", "pdftract.settings", "pdftract.jsonvalues", "pdftract.svg",
     "pdftract.limits"),
    ("pdftract.model", "pdftract.index"),
    ("pdftract.ingest", "pdftract.registry", "pdftract.data"),
    ("pdftract.analyzers",),
    ("pdftract.pipeline", "pdftract.api", "pdftract.serialize", "pdftract.display", "pdftract.schema", "pdftract.frames",
     "pdftract.notebook", "pdftract.render", "pdftract.testing", "pdftract.inspection"),
    ("pdftract.batch", "pdftract.cli", "pdftract"),
]


def _modules() -> dict[str, Path]:
    out = {}
    for p in PACKAGE.rglob("*.py"):
        parts = ("pdftract",) + p.relative_to(PACKAGE).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = p
    return out


def _layer(module: str) -> int:
    best, where = -1, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, where = len(prefix), i
    assert where >= 0, f"{module} is in no layer: add it to LAYERS"
    return where


def _imports(name: str, path: Path, modules: dict[str, Path]) -> list[tuple[str, bool]]:
    """(imported module, at module level) for every import of ``name`` that names a package module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    skip: set[int] = set()
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner.update(id(n) for n in ast.walk(node) if n is not node)
    out: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for t in targets:
            if t in modules and t != name:
                out.append((t, id(node) not in inner))
    return out


def test_no_import_cycles() -> None:
    modules = _modules()
    graph = {m: sorted({t for t, _ in _imports(m, p, modules)}) for m, p in modules.items()}
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in graph.get(m, []):
            if state.get(t) == 1:
                cycles.append(stack[stack.index(t):] + [t])
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_module_level_imports_point_down() -> None:
    modules = _modules()
    bad = [f"{m} -> {t}" for m, p in sorted(modules.items()) for t, top in _imports(m, p, modules)
           if top and _layer(t) > _layer(m)]
    assert bad == [], "module-level imports reaching up a layer: " + ", ".join(bad)


def test_the_walker_sees_imports() -> None:
    """The checks are not vacuous: the walker finds known edges of every kind."""
    modules = _modules()
    edges = {m: _imports(m, p, modules) for m, p in modules.items()}
    assert ("pdftract.registry", True) in edges["pdftract.analyzers.tables"]
    assert ("pdftract.display", False) in edges["pdftract.model.sheet"]
    assert all(t != "pdftract.model.document" for t, _ in edges["pdftract.serialize"])  # only under TYPE_CHECKING
    assert "pdftract.evaluate" not in modules  # benchmark scoring lives in benchmarks/
