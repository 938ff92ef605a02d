# Everything sets itself up: a fresh machine needs only Python 3.11.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Python caches compiled modules even where the environment asks it not to: every test worker,
# served site and command-line run would otherwise compile the sources (and pytest rewrite
# every test module) again, a quarter of a minute of CPU per process.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test test-services bench-load services engine chromium bench lint typecheck \
	conformance conformance-random clean

# Each long step says what it does first (a silent minute reads as a hang; issue 31), and pip
# shows what it collects and installs.
$(STAMP): pyproject.toml
	@echo "==> 1/3 creating the virtual environment in $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> 2/3 upgrading pip"
	$(BIN)/pip install --quiet --upgrade pip
	@echo "==> 3/3 installing the dependencies (about a minute on a fresh machine)"
	$(BIN)/pip install --progress-bar on -e '.[dev]'
	touch $(STAMP)
	@echo "==> dependencies installed"

# The compiled (mypyc) engine: cached by source hash, so this costs nothing when current; when
# compiling is impossible the pure-Python engine is used and the step says so.
engine: $(STAMP)
	$(BIN)/marcomage build-engine

# Serves as soon as the dependencies are in: with no compiled engine yet, the site starts on
# the pure-Python one while the compile goes on in the background; the next start uses it.
run: $(STAMP)
	$(BIN)/marcomage serve --build-engine

play: $(STAMP) engine
	$(BIN)/marcomage play

# The tests where the database and the channel layer matter run a second time against a
# private PostgreSQL and Redis (scripts/with-services.sh installs and starts them).
SERVICE_TESTS := tests/web/games tests/web/decks tests/web/messaging tests/web/test_websocket.py \
	tests/web/faults \
	tests/web/scale

# The slowest tests are listed at the end of each run, so that the suite's time (under 20
# minutes on 2 cores) is watched where it grows.
test: $(STAMP) engine lint typecheck chromium services
	$(BIN)/pytest -n auto --dist worksteal --durations=30
	scripts/with-services.sh --fast env MARCOMAGE_TEST_SERVICES=1 $(BIN)/pytest -n auto $(SERVICE_TESTS)

# The same server tests on PostgreSQL + Redis alone.
test-services: $(STAMP) engine
	scripts/with-services.sh --fast env MARCOMAGE_TEST_SERVICES=1 $(BIN)/pytest -n auto $(SERVICE_TESTS)

# PostgreSQL and Redis from Debian, for the second test run and the scale tests (their own Redis).
services:
	scripts/ensure-postgres.sh >/dev/null
	scripts/ensure-redis.sh >/dev/null

# The browser journeys drive Debian's Chromium; install it when the machine lacks it.
chromium:
	scripts/ensure-chromium.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy src/marcomage

bench: $(STAMP) engine
	$(BIN)/python benchmarks/engine.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/stats_pages.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/api.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/elder_tale.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/mage_wars.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/arcana.py --write BENCHMARKS.md
	$(BIN)/python benchmarks/far_wilds.py playouts --write BENCHMARKS.md
	$(BIN)/python benchmarks/balance.py --games 1000000 --jobs 2 --write BENCHMARKS.md

# Whole games over HTTP + WebSocket at 50, 200 and 500 concurrent games (docs/deploy.md):
# SQLite with one process, then PostgreSQL + Redis with 2 and 4 processes.
bench-load: $(STAMP)
	$(BIN)/python benchmarks/load/run.py --processes 1 --write BENCHMARKS.md
	scripts/with-services.sh $(BIN)/python benchmarks/load/run.py --processes 2 --write BENCHMARKS.md
	scripts/with-services.sh $(BIN)/python benchmarks/load/run.py --processes 4 --write BENCHMARKS.md

conformance: $(STAMP) engine
	$(BIN)/marcomage conformance tests/data/golden.jsonl.gz

# The 155 cards of chance in distribution against the 2010 engine, 100 seeds per situation.
conformance-random: $(STAMP)
	PYTHON=$(BIN)/python tests/data/random/check 100 $(BIN)/marcomage

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
