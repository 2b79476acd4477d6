# Three commands for a fresh machine:
#   make table   set up .venv and open the playable table in the browser
#   make course  set up .venv and open the course (notebooks/, in build/course) in JupyterLab at its first lesson
#                (make course VINT_LANG=de or ru: the translated lessons, JupyterLab's menus in that language)
#   make test    set up .venv (and Debian's Chromium, axe-core and Pyodide for the browser tests) and run every test
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= dds,notebooks,test,dask,lite,hub,class
comma := ,

.PHONY: setup table course test lint docs chromium postgresql axe bench clean exercises hub-proxy test-classroom lite \
	lite-pyodide lessons-translations catalogue

setup: $(VENV)/.installed-$(subst $(comma),-,$(EXTRAS))

$(VENV)/.installed-%: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'
	touch $@

# the browser tests drive Debian's Chromium; install it when it is missing
chromium:
	@test -x /usr/bin/chromium || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }
	@/usr/bin/chromium --version

# the class store's tests start a PostgreSQL server of their own (tests/class_support.py); install Debian's when
# it is missing
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq postgresql >/dev/null; }
	@ls /usr/lib/postgresql/*/bin/initdb

# the browser tests inject axe-core (npm) to check the table's accessibility
axe: tests/node/node_modules/axe-core/axe.min.js

tests/node/node_modules/axe-core/axe.min.js: tests/node/package.json
	npm install --prefix tests/node --no-audit --no-fund --silent
	test -f $@ && touch $@

table: setup catalogue
	$(VENV)/bin/vint table

# the learner's JupyterLab on build/course (the lessons, docs/rules.md and the learners' exercises, side by side:
# deploy/course/course_folder.py); deploy/course switches off nbgrader's menus and panels (the teacher's tools)
course: setup
	$(PY) deploy/course/course_folder.py build/course --lab $$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# ruff, mypy, and import-linter's contracts (pyproject.toml [tool.importlinter]: the layers, the engine stdlib only)
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# the API reference, built by Sphinx from the docstrings into build/docs (open build/docs/index.html); warnings are
# errors and every cross-reference must resolve (-W -n), as tests/test_docs_build.py checks in `make test`
docs: setup
	$(VENV)/bin/sphinx-build -W -n -q -b html docs build/docs

# the notebooks must be committed without outputs (the translated ones keep their English cells' ids and one more,
# which nbstripout's renumbering would change: --keep-id); pytest then runs them too, each top to bottom in a fresh kernel;
# it prints the 30 slowest steps and writes each slow file's seconds to test-artifacts/file_seconds.json (the order the
# files are handed out in comes from tests/file_seconds.json: copy it there after a run to bring it up to date)
test: setup catalogue chromium postgresql axe hub-proxy lite-pyodide lint
	$(VENV)/bin/nbstripout --verify notebooks/*.ipynb
	$(VENV)/bin/nbstripout --verify --keep-id notebooks/de/*.ipynb notebooks/ru/*.ipynb
	$(VENV)/bin/pytest -n 3 -q --durations=30

# the message catalogues (vint_core/locale/<lang>/LC_MESSAGES/vint_core.po) compiled to the .mo files vint_core.i18n
# reads with Python's gettext; pip install runs the same step (setup.py), vint_core.i18n too when a .po is newer
catalogue: setup
	$(VENV)/bin/pybabel compile --statistics -D vint_core -d vint_core/locale

# the lessons in German and Russian (notebooks/de, notebooks/ru) from the English ones and their catalogues
# (notebooks/locale): the templates brought up to date and merged, then every complete catalogue built
lessons-translations: setup
	$(PY) deploy/course/translate.py extract
	$(PY) deploy/course/translate.py build

# the student versions of the exercises, made from the solution-first sources (never edit them by hand)
exercises: setup
	$(VENV)/bin/vint exercises release

# a class on JupyterHub (deploy/jupyterhub): its proxy from npm, into deploy/jupyterhub/node_modules
hub-proxy:
	test -x deploy/jupyterhub/node_modules/.bin/configurable-http-proxy || \
	  npm install --prefix deploy/jupyterhub --no-audit --no-fund --silent

# JupyterHub for real: two learners log in, open the table through Voilà in Chromium and call
test-classroom: chromium hub-proxy
	$(MAKE) setup EXTRAS=$(EXTRAS),hub
	$(VENV)/bin/pytest -q -m classroom tests/test_classroom.py

# the course as a static JupyterLite site in build/lite (deploy/lite/build.py), with Pyodide in it
lite: setup lite-pyodide
	$(PY) deploy/lite/build.py --output build/lite --pyodide build/pyodide

# Pyodide for the Lite site, once: its core from npm, the kernel's pure-Python packages from PyPI
# (deploy/lite/pyodide_dist.py, about 18 MB into build/pyodide); the Lite tests need it
lite-pyodide: build/pyodide/vint-bundled.json

build/pyodide/vint-bundled.json: deploy/lite/pyodide_dist.py | setup
	rm -rf build/pyodide
	$(PY) deploy/lite/pyodide_dist.py build/pyodide

bench:
	$(MAKE) setup EXTRAS=dds,notebooks,test,bench
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts tests/node/node_modules deploy/jupyterhub/node_modules
