# make demo: set up .venv, install pdftract, run it on a bundled drawing.
# make test: set up .venv with the dev tools (and, as root with apt-get, the Debian programs the tests use:
#            poppler-utils, tesseract-ocr), run the tests and the type check.
# make test-without-programs: the same suite with tesseract and pdftotext hidden from PATH, as on a machine
#            that lacks them (their tests must skip, nothing may fail).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO_PDF := fixtures/drawings/demo-bracket.pdf
OUT ?= out

.PHONY: cad-fixtures demo test test-without-programs system-deps install install-dev lint bench clean

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
	$(BIN)/pdftract report $(DEMO_PDF) -o $(OUT)/demo-bracket.html
	@echo "JSON: $(OUT)/demo-bracket.json  SVG: $(OUT)/demo-bracket.svg  report (open in a browser): $(OUT)/demo-bracket.html"

PYTEST := $(BIN)/python -m pytest -n 2 --doctest-modules pdftract tests

system-deps:
	@scripts/system-deps.sh

test: install-dev system-deps
	$(PYTEST)
	$(BIN)/python -m mypy --strict pdftract

test-without-programs: install-dev
	scripts/without-programs.sh tesseract,pdftotext -- $(PYTEST)

# CAD-made sheets and their truth (fixtures/cad): FreeCAD TechDraw (Debian freecad and xvfb), ezdxf's drawing
# add-on (pip ezdxf pymupdf, Debian fonts-open-sans fonts-liberation fonts-liberation2 fonts-freefont-ttf) and LibreCAD
# (Debian librecad). Not part of CI: sheets and truth are committed.
cad-fixtures: install-dev
	MAKE_CAD_FIXTURES=1 QTWEBENGINE_DISABLE_SANDBOX=1 xvfb-run -a freecad fixtures/cad/freecad/make_drawings.py
	$(BIN)/python -m pip install --quiet ezdxf pymupdf
	$(BIN)/python fixtures/cad/ezdxf/make_drawings.py
	$(BIN)/python fixtures/cad/librecad/make_drawings.py  # needs librecad (Debian)
	$(BIN)/python fixtures/pid/make_pid.py
	$(BIN)/python fixtures/schematics/make_kicad.py  # needs kicad-cli 7+ (Debian bookworm-backports: kicad)

bench: install-dev
	$(BIN)/python benchmarks/speed.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .mypy_cache
