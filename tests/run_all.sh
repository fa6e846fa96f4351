#!/usr/bin/env bash
# Every test tier, after installing what they need, in whatever Python environment runs it (a
# virtual environment or the system's):
#
#   bash tests/run_all.sh            every tier: install, ruff and mypy, the front end's type check,
#                                    vitest and build, the reference site, then pytest over every
#                                    test on every core (the rules, properties, records, widget,
#                                    wheel, the example notebooks run once and published, the
#                                    published pages and the browser journeys in JupyterLab)
#   bash tests/run_all.sh --quick    the inner loop: ruff, mypy, tsc, vitest, and every test that
#                                    needs no browser and runs no notebook, properties at the `dev`
#                                    strength (installs nothing: run the whole command once first)
#
# Any further arguments go to pytest (`-k capture`, `-x`, `-n 0` for one process). The time of each
# tier is printed at the end. ICEWIDGETS_HYPOTHESIS (ci, dev or thorough) sets how hard the
# property tests search; ICEWIDGETS_TEST_WORKERS how many pytest processes run (auto: one a core).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
if [ "${1:-}" = "--quick" ]; then quick=true; shift; fi
# Every process of the run (pytest's, the kernels', the commands the tests start) reads the
# package and the tests compiled once into __pycache__, rather than compiling them again.
unset PYTHONDONTWRITEBYTECODE

tiers=()
tier_start=0
tier_name=""
run_start=$SECONDS

begin() {  # begin NAME: a tier starts (the one before ends)
  finish
  tier_name=$1; tier_start=$SECONDS
  echo "== $1"
}

finish() {
  if [ -n "$tier_name" ]; then tiers+=("$(printf '%5ss  %s' $((SECONDS - tier_start)) "$tier_name")"); fi
  tier_name=""
}

summary() {
  local status=$?
  if [ -n "$tier_name" ] && [ "$status" -ne 0 ]; then tier_name="$tier_name (failed)"; fi
  finish
  echo
  echo "== time by tier"
  printf '%s\n' "${tiers[@]}"
  printf '%5ss  in all\n' $((SECONDS - run_start))
}
trap summary EXIT

digest() {  # digest FILE...: one hash of the files' contents
  python -c 'import hashlib, sys; print(hashlib.sha256(b"".join(open(p, "rb").read() for p in sys.argv[1:])).hexdigest())' "$@"
}

if ! $quick; then
  begin "install: Chromium, icewidgets with its test extra (building the front end), the front end's packages"
  if ! command -v chromium >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  fi
  # the environment remembers the pyproject.toml it was last installed from
  stamp="$(python -c 'import sys; print(sys.prefix)')/.icewidgets-test-install"
  wanted="$(digest pyproject.toml) $PWD"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ] || ! python -c 'import icewidgets, pytest, xdist' 2>/dev/null; then
    python -m pip install -q --disable-pip-version-check -e ".[test]"
    echo "$wanted" > "$stamp"
  fi
  lock="js/node_modules/.icewidgets-lock"
  if [ "$(cat "$lock" 2>/dev/null)" != "$(digest js/package-lock.json)" ]; then
    (cd js && npm ci --no-audit --no-fund --loglevel=error)
    digest js/package-lock.json > "$lock"
  fi
fi

if $quick && ! python -c 'import icewidgets, pytest, xdist' 2>/dev/null; then
  echo "the quick tier installs nothing: run the whole command (bash tests/run_all.sh) once first" >&2
  exit 1
fi

begin "lint and types: ruff over the tree, mypy over the package"
python -m ruff check .
python -m mypy

begin "front end: type check, vitest, build"
(cd js && npm run -s typecheck && npm test --silent && npm run -s build)

if ! $quick; then
  begin "reference site: Sphinx over docs/ and the docstrings, offline, every warning an error"
  # In an environment of its own, so that the docs extra's docutils never replaces the one other
  # installed tools pin. It sees the packages of the Python running this script (a virtual
  # environment's or the system's) through a .pth file: `venv --system-site-packages` would show it
  # the base interpreter's instead.
  docs_env=build/docs-env
  docs_extra=$(python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["docs"]))')
  wanted="$docs_extra $(python -c 'import sys; print(sys.prefix)')"
  if [ "$(cat "$docs_env/.icewidgets-docs" 2>/dev/null)" != "$wanted" ]; then
    rm -rf "$docs_env"
    python -m venv "$docs_env"
    docs_site=$("$docs_env/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
    python - "$docs_site/icewidgets-test-env.pth" <<'EOF'
import site, sys
dirs = [*site.getsitepackages(), *([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])]
with open(sys.argv[1], "w") as pth:
    pth.write("import site; " + "; ".join(f"site.addsitedir({d!r})" for d in dirs) + "\n")
EOF
    # shellcheck disable=SC2086  # one word per requirement
    "$docs_env/bin/python" -m pip install -q --disable-pip-version-check --no-warn-conflicts $docs_extra
    echo "$wanted" > "$docs_env/.icewidgets-docs"
  fi
  "$docs_env/bin/python" -m icewidgets docs build/site --no-examples
fi

workers=(-n "${ICEWIDGETS_TEST_WORKERS:-auto}" --maxprocesses 8 --dist loadscope)
if $quick; then
  begin "pytest, quick: every test that needs no browser and runs no notebook"
  ICEWIDGETS_HYPOTHESIS=${ICEWIDGETS_HYPOTHESIS:-dev} \
    python -m pytest tests "${workers[@]}" -m "not e2e and not notebook" -p no:cacheprovider "$@"
else
  begin "pytest: rules, properties, records, widget, wheel, notebooks, published pages, browser"
  # nothing a tier needs may be skipped for want of it here: this command installed everything
  ICEWIDGETS_REQUIRE_EXTRAS=1 python -m pytest tests "${workers[@]}" -p no:cacheprovider "$@"
fi
