#!/usr/bin/env bash
# Install everything the tests need, then run every tier: ruff and mypy over the Python, the front
# end's type check and vitest, and in one pytest run the rules, properties, records, widget API,
# wheel contents, the example notebooks (nbval), the published site of the examples (opened from
# disk in headless Chromium, network blocked) and the end-to-end tests in JupyterLab with
# headless Chromium; before pytest, the reference site is built with warnings as errors. The test
# extra brings the publish extra (nbconvert, nbclient, ipykernel, resvg-py, nh3); quickjs-ng, which
# draws pictures, is a core dependency.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Chromium from Debian's packages"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

echo "== installing icewidgets with its test extra (this builds the front end)"
python -m pip install -q --disable-pip-version-check -e ".[test]"

echo "== lint and type check: ruff over the tree, mypy over the package"
python -m ruff check .
python -m mypy

echo "== front end: type check and vitest"
(cd js && npm ci --no-audit --no-fund --loglevel=error && npm run -s typecheck && npm test --silent)
npm --prefix js run -s build

echo "== the reference site: Sphinx over docs/ and the docstrings, offline, every warning an error"
# in a virtual environment of its own (seeing the packages installed above), so that the docs
# extra's newer docutils never replaces the one other installed tools pin
python -m venv --system-site-packages build/docs-env
docs_extra=$(python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["docs"]))')
# shellcheck disable=SC2086  # one word per requirement
build/docs-env/bin/python -m pip install -q --disable-pip-version-check --no-warn-conflicts $docs_extra
build/docs-env/bin/python -m icewidgets docs build/site --no-examples

echo "== pytest: rules, properties, records, widget, wheel, notebooks, published pages, browser"
python -m pytest tests examples --nbval-lax -p no:cacheprovider "$@"
