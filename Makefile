# Two commands for a fresh machine:
#   make table   set up .venv and open the playable table in the browser
#   make test    set up .venv (and Debian's Chromium for the browser tests) and run every test
VENV ?= .venv
PY := $(VENV)/bin/python
EXTRAS ?= dds,notebooks,test,dask
comma := ,

.PHONY: setup table test lint chromium bench clean

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

bench:
	$(MAKE) setup EXTRAS=dds,notebooks,test,bench
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts
