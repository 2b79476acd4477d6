# Two commands for a fresh machine:
#   make table   set up .venv and open the playable table in the browser
#   make test    set up .venv (and Debian's Chromium for the browser tests) and run every test
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= dds,notebooks,test,dask,lite
comma := ,

.PHONY: setup table test lint chromium bench clean hub-proxy test-classroom lite

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

table: setup
	$(VENV)/bin/vint table

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: setup chromium lint
	$(VENV)/bin/pytest -n 2 -q

# a class on JupyterHub (deploy/jupyterhub): its proxy from npm, into deploy/jupyterhub/node_modules
hub-proxy:
	test -x deploy/jupyterhub/node_modules/.bin/configurable-http-proxy || \
	  npm install --prefix deploy/jupyterhub --no-audit --no-fund --silent

# JupyterHub for real: two learners log in, open the table through Voilà in Chromium and call
test-classroom: chromium hub-proxy
	$(MAKE) setup EXTRAS=$(EXTRAS),hub
	$(VENV)/bin/pytest -q -m classroom tests/test_classroom.py

# the course as a static JupyterLite site in build/lite (deploy/lite/build.py; PYODIDE=archive bundles Pyodide)
lite:
	$(MAKE) setup EXTRAS=$(EXTRAS),lite
	$(PY) deploy/lite/build.py --output build/lite $(if $(PYODIDE),--pyodide $(PYODIDE))

bench:
	$(MAKE) setup EXTRAS=dds,notebooks,test,bench
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts deploy/jupyterhub/node_modules
