# Everything sets itself up: a fresh machine needs only Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench lint typecheck conformance clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/marcomage play

test: $(STAMP) lint typecheck
	$(BIN)/pytest -n auto

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy src/marcomage

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py --write BENCHMARKS.md

conformance: $(STAMP)
	$(BIN)/marcomage conformance tests/data/golden.jsonl.gz

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
