#!/usr/bin/env bash
# CI for the recipes of docs/other-languages.md: the pytest fixture (examples/python) and the Go TestMain
# (examples/go) run against the built CLI, as a suite in those languages would. Standard library only, with
# Debian's python3-pytest and golang-go, installed from apt when missing (as root). Not part of `npm test`, which
# must pass on a machine with neither. Prints each recipe's time.
#   bash scripts/other-languages-ci.sh          (after npm run build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
log() { printf '[other-languages %s] %s\n' "$(date -u +%T)" "$*"; }
[ -f dist/cli/run.js ] || { echo "dist/ is missing: run npm run build first" >&2; exit 1; }

# Debian's packages: pytest for Debian's python3 (a python3 first on PATH, such as pyenv's, may have no pytest).
missing=()
/usr/bin/python3 -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
command -v go >/dev/null || missing+=(golang-go)
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || { echo "missing ${missing[*]}: install them with apt-get (needs root)" >&2; exit 1; }
  log "installing ${missing[*]} from apt"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The recipes start the sandbox with this command (a user's project: npx payments-mock, their default).
export PAYMENTS_MOCK_COMMAND="node $ROOT/bin/payments-mock.js"

started=$SECONDS
log "pytest examples/python ($(/usr/bin/python3 -m pytest --version 2>&1))"
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q -p no:cacheprovider examples/python
python_s=$((SECONDS - started))

# No module is downloaded (the recipe needs none), and the build cache stays in .cache/ (ignored by git).
export GOCACHE="$ROOT/.cache/go/build" GOPATH="$ROOT/.cache/go/path" GOPROXY=off GOTOOLCHAIN=local GOFLAGS=
started=$SECONDS
log "go test examples/go ($(go version))"
unformatted=$(cd examples/go && gofmt -l .)
[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted" >&2; exit 1; }
(cd examples/go && go vet ./... && go test -count=1 -v ./...)
go_s=$((SECONDS - started))
log "ok: pytest $python_s s, go $go_s s"
