# Grundy: `make run` serves the site, `make test` runs every test. Both set up .venv themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run dev test quick chromium servers vendor bench clean

# Python keeps its bytecode caches (__pycache__, and pytest its rewritten test modules there), as
# it does by default, also where the environment turns that off (PYTHONDONTWRITEBYTECODE, as some
# machine images do): every later run would otherwise compile every module again (a run of one
# test on two workers took 17 s before the caches were kept, 9 s after).
unexport PYTHONDONTWRITEBYTECODE

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Grundy needs Python 3.11 or newer; found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)  ## serve the site at http://$(HOST):$(PORT) with gunicorn (settings, and why: site/grundy/serve.py)
	$(BIN)/gunicorn -c python:grundy.serve --bind $(HOST):$(PORT) 'grundy:create_app()'

dev: $(STAMP)  ## the development server: reloads code and re-renders edited lessons
	$(BIN)/flask --app grundy run --debug --host $(HOST) --port $(PORT)

test: $(STAMP) chromium servers  ## every test: engine, web, lessons and the browser, on every core (pytest-xdist)
	$(BIN)/python -m pytest -n auto --dist worksteal

quick: $(STAMP) servers  ## the quick loop: everything but the browser and multi-server tests, fewer examples of each property (tests/conftest.py)
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -m "not browser and not system" -n auto --dist worksteal

chromium:  ## the browser tests drive Debian's Chromium, as its headless shell (tests/browser/conftest.py says why)
	@if ! command -v chromium-headless-shell >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell; \
	  else \
	    echo "The browser tests need Chromium's headless shell: run 'sudo apt-get install chromium-headless-shell' (Debian/Ubuntu), then 'make test' again." >&2; exit 1; \
	  fi; \
	fi

servers:  ## the store and multi-server tests start Debian's redis-server and nginx themselves (neither runs as a service; openssl makes nginx's test certificate)
	@missing=""; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "The tests need$$missing: run 'sudo apt-get install$$missing' (Debian/Ubuntu), then 'make test' again." >&2; exit 1; \
	  fi; \
	fi

vendor:  ## refresh static/vendor from the versions pinned in package.json (needs npm)
	npm ci --no-audit --no-fund
	rm -rf static/vendor && mkdir -p static/vendor/htmx static/vendor/katex/contrib static/vendor/katex/fonts static/vendor/plotly
	cp node_modules/htmx.org/dist/htmx.min.js node_modules/htmx.org/LICENSE static/vendor/htmx/
	cp node_modules/katex/dist/katex.min.js node_modules/katex/dist/katex.min.css node_modules/katex/LICENSE static/vendor/katex/
	cp node_modules/katex/dist/contrib/auto-render.min.js static/vendor/katex/contrib/
	cp node_modules/katex/dist/fonts/*.woff2 static/vendor/katex/fonts/
	cp node_modules/plotly.js-cartesian-dist-min/plotly-cartesian.min.js node_modules/plotly.js-cartesian-dist-min/LICENSE static/vendor/plotly/
	# plotly's own words (the toolbar's tooltips) in Chinese: the locale module, made a browser script
	node -e 'const l=require("plotly.js-locales/zh-cn"); require("fs").writeFileSync("static/vendor/plotly/locale-zh-cn.js", "window.Plotly.register(" + JSON.stringify(l) + ");\n")'
	cp node_modules/plotly.js-locales/LICENSE static/vendor/plotly/LICENSE-locales
	node -e 'const p=require("./package.json").dependencies; console.log(Object.entries(p).map(([k,v])=>k+" "+v).join("\n"))' > static/vendor/VERSIONS
	# axe-core checks accessibility in the browser tests only: it is not served to readers
	rm -rf tests/vendor && mkdir -p tests/vendor/axe-core
	cp node_modules/axe-core/axe.min.js node_modules/axe-core/LICENSE tests/vendor/axe-core/

bench: $(STAMP)  ## benchmarks (not tests); figures go in closing notes
	$(BIN)/python bench/run.py
	$(BIN)/python bench/budget.py
	$(BIN)/python bench/worst.py
	$(BIN)/python bench/page_weight.py
	$(BIN)/python bench/ratios.py
	$(BIN)/python bench/classroom.py
	$(BIN)/python bench/restart.py
	$(BIN)/python bench/stuffing.py
	$(BIN)/python bench/multi_server.py
	$(BIN)/python bench/graph.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis
