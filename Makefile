# cardlab: build / test entry points. Only python3 is needed; `make test` creates .venv itself.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# As root, Jupyter refuses to start without --allow-root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

LAB_ARGS    ?=
VOILA_ARGS  ?=
# the notebook `make voila` opens; every other notebook it links to opens as an app from there
NOTEBOOK    ?= notebooks/00-welcome.ipynb
PYTEST_ARGS ?=

# Only lint / collect directories that exist (ruff and pytest fail on missing paths).
LINT_PATHS := $(wildcard cardlab tests bench tools conftest.py)
TEST_PATHS := $(wildcard tests notebooks)

.PHONY: venv lab test voila bench catalogues expected-outputs rules-notebooks screenshots clean

venv: $(STAMP)

# Binder's pins (binder/requirements.txt, without its last line `.`) constrain the kit's own environment, so the
# notebooks the tests run here run with exactly the versions a Binder session has.
$(STAMP): pyproject.toml binder/requirements.txt Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	grep -v '^\.$$' binder/requirements.txt > $(VENV)/binder-constraints.txt
	$(BIN)/python -m pip install -e '.[widgets,test]' -c $(VENV)/binder-constraints.txt
	touch $(STAMP)

lab: venv
	$(BIN)/jupyter lab notebooks/00-welcome.ipynb $(ROOT_FLAG) $(LAB_ARGS)

test: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy
	$(BIN)/python -m pytest $(TEST_PATHS) --nbval-lax --nbval-current-env -p no:randomly $(PYTEST_ARGS)

# The lessons as apps, served the way Binder serves them: a Jupyter server with Voilà's extension, rooted here, so
# every notebook is at /voila/render/<path> and the links between lessons open them as apps (a plain
# `voila NOTEBOOK` serves that one notebook alone, and its links answer 403).
voila: venv
	$(BIN)/jupyter server --ServerApp.default_url=/voila/render/$(NOTEBOOK) --ServerApp.open_browser=True \
	    $(ROOT_FLAG) $(VOILA_ARGS)

bench: venv
	$(BIN)/python bench/run.py

# after adding or changing a message in the code: the template and every language's catalogue brought in step (a
# changed English leaves its translation fuzzy, a new message comes in untranslated), the .mo files compiled; then
# translate what is new or fuzzy in cardlab/locale/<lang>/LC_MESSAGES/cardlab.po and run it again
catalogues: venv
	$(BIN)/python tools/catalogues.py update
	$(BIN)/python tools/catalogues.py check

# after a deliberate change to a lesson: store the outputs of its # NBVAL_CHECK_OUTPUT cells (read the diff)
expected-outputs: venv
	$(BIN)/python tools/expected_outputs.py $(NOTEBOOKS)

# after editing a rules document docs/rules/[ru/]<game>.md: write its notebook copy (the lessons link to it, and
# Voilà shows a notebook, not a .md file); standard library only, so no venv is needed
rules-notebooks:
	$(PYTHON) tools/rules_notebooks.py

# refresh the README's pictures: the browser tests save a screenshot of every notebook and widget they use
# (under the pytest temp folder); these are the ones the README shows
SHOTS_DIR ?= /tmp/cardlab-screenshots
README_SHOTS := lab-golyi-1-rules-stepper-13.png:stepper.png lab-golyi-1-rules-play-table-1.png:play-table.png \
                voila-clash-1-rules-app.png:voila-app.png lab-golyi-3-probability-guess.png:guess.png \
                lab-golyi-3-probability-chart.png:convergence.png lab-00-welcome-ru-stepper.png:stepper-ru.png
screenshots: venv
	$(BIN)/python -m pytest tests/browser -p no:randomly -q --basetemp=$(SHOTS_DIR) \
	    -k "golyi/1-rules or golyi/3-probability or (app and clash) or (00-welcome-ru and runs)"
	for pair in $(README_SHOTS); do cp "$(SHOTS_DIR)/screenshots/$${pair%%:*}" "docs/img/$${pair##*:}"; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -depth \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -exec rm -rf {} +
