# Build and test entry points. Everything needed is installed by these rules:
# a fresh machine needs only python3 (3.11) and network access to PyPI (and, for the
# browser tests and the PDF worksheets, Debian's package archive: scripts/ensure_chromium.sh).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON      ?= python3
# The project environment's interpreter: the system's own Python 3.11 where there is one.
# Distribution builds (Debian's /usr/bin/python3.11) are compiled with profile-guided and
# link-time optimization; a Python built from source without --enable-optimizations (what
# pyenv builds by default) runs bluffkit's engines and tests about a fifth slower. Any
# python3.11 on PATH otherwise (also when the system's lacks part of the standard library,
# as Debian's python3.11-minimal alone does); VENV_PYTHON=... picks another (then `make clean`).
SYSTEM_PY311 := $(shell /usr/bin/python3.11 -c 'import ssl, sqlite3, ctypes, lzma, bz2, zoneinfo' \
                  >/dev/null 2>&1 && echo /usr/bin/python3.11)
VENV_PYTHON ?= $(or $(SYSTEM_PY311),python3.11)
UV_VERSION  ?= 0.13.9
TOOLS       := .venv-tools
UV          := $(TOOLS)/bin/uv
UV_STAMP    := $(TOOLS)/.uv-$(UV_VERSION)
VENV        := .venv
VENV_STAMP  := $(VENV)/.installed
LOCK        := requirements.lock
# The same pins plus the peers the benchmarks play (installed by `make bench` only).
BENCH_LOCK  := requirements-bench.lock
TMPDIR_REPO := .tmp

# uv must never try to download a Python build; it uses the one on PATH.
export UV_PYTHON_DOWNLOADS := never
# Python's compiled bytecode is written and reused: every test worker, notebook kernel and
# JupyterLab server imports pandas, altair, sympy and ipywidgets, and compiling them from
# source each time (as with PYTHONDONTWRITEBYTECODE set, common in containers) costs some
# 7 s of CPU per process. Each module is compiled the first time it is imported, so only
# the modules used are (installing with --compile-bytecode compiles every file of every
# package: 26 s of the environment's 28 s build); scripts/warm_bytecode.py imports the
# libraries in common use once, when the environment is built, in two processes side by side.
unexport PYTHONDONTWRITEBYTECODE
# Files bluffkit can make again (the interactive charts' JavaScript bundle) are kept in the
# working copy while testing, for every test worker, notebook kernel and server alike.
test check: export BLUFFKIT_CACHE := $(CURDIR)/$(TMPDIR_REPO)/cache
# Keep Jupyter on its standard platform directories (silences a deprecation warning).
export JUPYTER_PLATFORM_DIRS := 1

PYTEST_ARGS ?=
LAB_ARGS    ?=
BENCH_ARGS  ?=

# nbval runs only when there are notebooks to check: the panel notebooks and the lessons'.
NOTEBOOK_DIRS := $(wildcard notebooks lessons)
NOTEBOOKS     := $(shell find $(NOTEBOOK_DIRS) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null)
NBVAL_SANITIZE ?= nbval-sanitize.cfg
NBVAL_OPTS    := $(if $(NOTEBOOKS),--nbval --nbval-current-env $(if $(wildcard $(NBVAL_SANITIZE)),--nbval-sanitize-with $(NBVAL_SANITIZE)) $(NOTEBOOKS))

# Jupyter refuses to start as root without this flag.
ALLOW_ROOT  := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: venv .venv lab present lessons test check lint bench lock clean

# ---- tools: a private uv, bootstrapped with the system Python's pip -------------
# With a pip beside the system Python (22.3 or newer: --python), uv goes into a venv made
# without pip of its own, which saves the 6 s of seeding one; otherwise the venv gets its pip.
$(UV_STAMP):
	rm -rf $(TOOLS)
	if $(PYTHON) -m venv --without-pip $(TOOLS) && $(PYTHON) -m pip --python $(TOOLS)/bin/python install \
		-qq --disable-pip-version-check "uv==$(UV_VERSION)" 2>/dev/null; then :; else \
		rm -rf $(TOOLS) && $(PYTHON) -m venv $(TOOLS) && \
		$(TOOLS)/bin/pip install -qq --disable-pip-version-check "uv==$(UV_VERSION)"; \
	fi
	test -x $(UV)
	touch $@

# ---- the project environment -----------------------------------------------------
venv .venv: $(VENV_STAMP)

$(VENV_STAMP): $(LOCK) pyproject.toml | $(UV_STAMP)
	@start=$$(date +%s); \
	mkdir -p $(TMPDIR_REPO); export TMPDIR=$(CURDIR)/$(TMPDIR_REPO); \
	test -x $(VENV)/bin/python || $(UV) venv -q -p $(VENV_PYTHON) $(VENV); \
	VIRTUAL_ENV=$(VENV) $(UV) pip sync -q $(LOCK); \
	VIRTUAL_ENV=$(VENV) $(UV) pip install -q --no-deps -e .; \
	$(VENV)/bin/python scripts/warm_bytecode.py; \
	echo "environment ready in $$(( $$(date +%s) - start )) s"
	touch $@

# Re-resolve the pinned versions (run by hand after changing dependencies).
# rfc3987-syntax (and lark, which only it needs) stay out: jsonschema imports it, when
# present, to check the "iri" string format, which nothing here uses, and it compiles a
# grammar at import: seconds in every kernel, server and test process that loads jsonschema.
lock: $(UV_STAMP)
	mkdir -p $(TMPDIR_REPO)
	TMPDIR=$(CURDIR)/$(TMPDIR_REPO) $(UV) pip compile pyproject.toml --extra test --python-version 3.11 \
		--no-emit-package rfc3987-syntax --no-emit-package lark \
		--custom-compile-command "make lock" -q -o $(LOCK)
	TMPDIR=$(CURDIR)/$(TMPDIR_REPO) $(UV) pip compile pyproject.toml --extra test --extra bench --python-version 3.11 \
		--no-emit-package rfc3987-syntax --no-emit-package lark \
		--custom-compile-command "make lock" -q -o $(BENCH_LOCK)

# ---- everyday targets ------------------------------------------------------------
# JupyterLab on a working copy in $(LAB_DIR)/ (git-ignored) of notebooks/, lessons/ and docs/,
# so autosave never rewrites the tracked notebooks; copies already there are kept, and
# LAB_RESET=1 replaces them with the project's versions (scripts/lab_workspace.sh).
LAB_DIR     ?= .lab
# Settings overrides in the project's environment (share/jupyter/lab/settings/overrides.json,
# from scripts/lab-overrides.json): no pop-up asking to fetch Jupyter's news or check for
# updates (with the server's options), and no live widget state saved with a notebook (a
# seat's screen would be written to disk). The save hook of bluffkit/lab_save.py keeps the
# panels the notebook was opened with and turns a panel of this run into a line saying to
# run the cell, so that a notebook JupyterLab autosaved opens again without an error.
# A notebook that names no kernel starts the environment's own without a "Select Kernel" dialog
# (autoStartDefaultKernel), as in the browser tests.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
lab: $(VENV_STAMP)
	JUPYTER=$(VENV)/bin/jupyter bash scripts/lab_workspace.sh $(LAB_DIR)
	mkdir -p $(dir $(LAB_OVERRIDES))
	cp scripts/lab-overrides.json $(LAB_OVERRIDES)
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) --ServerApp.root_dir=$(LAB_DIR) --LabApp.workspaces_dir=$(LAB_DIR)/.workspaces \
		--LabApp.default_url=/lab/tree/notebooks/index.ipynb --LabApp.news_url=None \
		--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
		--ContentsManager.pre_save_hook=bluffkit.lab_save.keep_widget_state $(LAB_ARGS)

# One notebook as an app with Voila, for projecting: its panels and outputs, no code, no
# network (scripts/present.sh). NOTEBOOK is a path or a name in notebooks/ (table); without
# it, Voila lists the notebooks. PRESENT_ARGS passes options to voila (e.g. --port=8870).
NOTEBOOK     ?=
PRESENT_ARGS ?=
present: $(VENV_STAMP)
	VOILA=$(VENV)/bin/voila bash scripts/present.sh "$(NOTEBOOK)" $(PRESENT_ARGS)

# The lessons site, offline (scripts/build_lessons.py, docs/lessons.md): every lesson's form and
# answers checked, then build/lessons/index.html and per lesson NN-slug-teacher.html, -worksheet.html,
# -worksheet.pdf (printed by headless Chromium) and -worksheet.ipynb. LESSONS picks some (e.g. 02).
LESSONS ?=
lessons: $(VENV_STAMP)
	bash scripts/ensure_chromium.sh
	$(VENV)/bin/python scripts/build_lessons.py --out build/lessons $(LESSONS)

# Lint (ruff, the whole tree) and type checks (mypy: the whole bluffkit package, as
# configured in pyproject.toml); part of `make test`.
lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check --no-cache .
	$(VENV)/bin/mypy --cache-dir $(TMPDIR_REPO)/mypy

# pytest-xdist runs the tests on every core (PYTEST_WORKERS=0: in one process), a whole
# file to one worker (--dist loadfile): a notebook's cells in order on its one kernel, a
# module's fixtures built once; and every browser test on one worker (the top-level
# conftest.py's scheduler): one JupyterLab server, one Chromium, JupyterLab loaded once.
PYTEST_WORKERS ?= auto
XDIST := -n $(PYTEST_WORKERS) $(if $(filter 0,$(PYTEST_WORKERS)),,--dist loadfile)

# The type check (make lint's mypy, one process on one core, about 9 s from cold) runs
# beside the tests, which leave part of the two cores idle; its report follows theirs, and
# either failing fails the target. The interactive charts' JavaScript bundle is made into
# the cache beside them too (3 s), before the first notebook kernel that needs it starts.
test: $(VENV_STAMP)
	mkdir -p $(TMPDIR_REPO)
	$(VENV)/bin/ruff check --no-cache .
	bash scripts/ensure_chromium.sh
	$(VENV)/bin/mypy --cache-dir $(TMPDIR_REPO)/mypy > $(TMPDIR_REPO)/mypy.out 2>&1 & types=$$!; \
	$(VENV)/bin/python -c 'from bluffkit.charts_offline import offline_widgets; offline_widgets()' & bundle=$$!; \
	status=0; \
	$(VENV)/bin/python -m pytest -p no:cacheprovider --basetemp=$(TMPDIR_REPO)/pytest $(XDIST) \
		tests --doctest-modules bluffkit --doctest-glob=README.md --doctest-glob=youre-bluffing.md \
		README.md docs/youre-bluffing.md $(NBVAL_OPTS) $(PYTEST_ARGS) \
		|| status=$$?; \
	echo "mypy --cache-dir $(TMPDIR_REPO)/mypy:"; \
	wait $$bundle || true; \
	if ! wait $$types; then status=1; fi; \
	cat $(TMPDIR_REPO)/mypy.out; \
	exit $$status

# The fast inner loop (under a minute on two cores): the unit and rule tests and doctests; no
# notebooks, no browser, and none of the tests marked slow (whole-game property checks, every
# configuration's panels, charts saved to files, subprocesses), which `make test` runs.
check: $(VENV_STAMP)
	mkdir -p $(TMPDIR_REPO)
	$(VENV)/bin/python -m pytest -p no:cacheprovider --basetemp=$(TMPDIR_REPO)/pytest -q $(XDIST) \
		-m "not slow" tests --ignore=tests/browser --doctest-modules bluffkit $(PYTEST_ARGS)

# The peers are added with --no-deps: the lock holds every package pinned, and resolving again
# would bring back what the lock leaves out on purpose (rfc3987-syntax, see `lock`).
bench: $(VENV_STAMP)
	VIRTUAL_ENV=$(VENV) $(UV) pip install -q --compile-bytecode --no-deps -r $(BENCH_LOCK)
	@if [ -f benchmarks/run_all.py ]; then \
		$(VENV)/bin/python benchmarks/run_all.py $(BENCH_ARGS); \
	else \
		echo "benchmarks/run_all.py does not exist yet; nothing to run"; \
	fi
	$(if $(BENCH_ARGS),,$(VENV)/bin/python benchmarks/cold_start.py)

# Tournaments on many cores (benchmarks/scale.py, docs/scale.md): 200,000 You're Bluffing! games
# on a LocalCluster of 1 worker and of 2, games/s and the speed-up; tens of minutes, so apart from
# `make bench`. BENCH_ARGS passes options (e.g. --games 20000 --rounds 4).
.PHONY: bench-scale
bench-scale: $(VENV_STAMP)
	$(VENV)/bin/python benchmarks/scale.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) $(TOOLS) $(TMPDIR_REPO)
