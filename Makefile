# make demo: set up .venv, install pdftract, run it on a bundled drawing.
# make test: set up .venv with the dev tools, run the tests and the type check.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO_PDF := fixtures/drawings/demo-bracket.pdf
OUT ?= out

.PHONY: demo test install install-dev lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

demo: install
	@mkdir -p $(OUT)
	$(BIN)/pdftract extract $(DEMO_PDF) -o $(OUT)/demo-bracket.json --svg $(OUT)/demo-bracket.svg
	@echo "JSON: $(OUT)/demo-bracket.json  SVG: $(OUT)/demo-bracket.svg"

test: install-dev
	$(BIN)/python -m pytest -n 2 --doctest-modules pdftract tests
	$(BIN)/python -m mypy --strict pdftract

bench: install-dev
	$(BIN)/python benchmarks/speed.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .mypy_cache
