"""The README's Python example runs as written (on the bundled drawing)."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import FIXTURES

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_example_runs(capsys: object) -> None:
    code = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code is not None
    exec(compile(code.group(1).replace('"bracket.pdf"', repr(str(FIXTURES / "demo-bracket.pdf"))), "README", "exec"), {})
