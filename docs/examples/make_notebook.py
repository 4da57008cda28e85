"""Write and execute docs/examples/notebook.ipynb (the notebook views of a document, its results and DataFrames).

    python docs/examples/make_notebook.py

The tests execute the same notebook again (tests/test_notebook.py), so it cannot rot.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent

CELLS = [
    ("markdown", "# pdftract in a notebook\n\nA document, a sheet and each result show themselves; "
                 "`to_frames()` gives pandas DataFrames. The drawing is the bundled demo bracket."),
    ("code", "import pdftract\n\ndoc = pdftract.analyze('../../fixtures/drawings/demo-bracket.pdf')\ndoc"),
    ("code", "len(doc), [sheet.number for sheet in doc], repr(doc)"),
    ("markdown", "The title block of page 1, each field with the label that named it, where the value was found "
                 "and how sure the reading is:"),
    ("code", "sheet = doc.page(1)\ntb = sheet.results['title_block']\ntb"),
    ("code", "sheet.results['tables'][0]"),
    ("markdown", "Short `repr()`s for lists of results:"),
    ("code", "sheet.results['dimensions']"),
    ("markdown", "One result on the sheet (the part of the sheet around it, the result outlined in red):"),
    ("code", "sheet.view(sheet.results['dimensions'][1])"),
    ("markdown", "Every record as a DataFrame, with its file and page:"),
    ("code", "frames = doc.to_frames()\nsorted(frames)"),
    ("code", "frames['dimensions'][['page', 'text', 'kind', 'nominal', 'upper', 'lower', 'confidence']]"),
    ("code", "frames['title_block'][['key', 'value', 'label', 'evidence', 'confidence']].head(6)"),
]


def build() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for kind, source in CELLS:
        nb.cells.append(nbformat.v4.new_markdown_cell(source) if kind == "markdown" else nbformat.v4.new_code_cell(source))
    return nb


def execute(nb: nbformat.NotebookNode, cwd: Path = HERE) -> nbformat.NotebookNode:
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
    return nb


if __name__ == "__main__":
    notebook = execute(build())
    nbformat.write(notebook, HERE / "notebook.ipynb")
    print(f"wrote {HERE / 'notebook.ipynb'}")
