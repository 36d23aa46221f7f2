#!/usr/bin/env bash
# CI for the container image, end to end: the stand-in for the Containerfile's base (build-base.sh, cached), the
# repository's own Containerfile built with buildah (--pull=never: no registry is reachable), then the checks a
# user makes, from the host (test/container/): the image under buildah, the docs' `docker run` line and the
# compose example through podman and podman-compose, and the Testcontainers module on Node >= 22. Exits non-zero
# on any failure and prints its times.
#   bash scripts/container/ci.sh
# PAYMENTS_MOCK_BUILD_CA: a CA bundle the build's `npm ci` must trust (a TLS-inspecting proxy); default: the
# system's, when there is one. It is mounted for the build only and never lands in the image.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
IMAGE="${PAYMENTS_MOCK_IMAGE:-localhost/payments-mock:ci}"
CA="${PAYMENTS_MOCK_BUILD_CA:-/etc/ssl/certs/ca-certificates.crt}"
started=$(date +%s)
log() { printf '[container-ci %s] %s\n' "$(date -u +%T)" "$*"; }

id -u | grep -qx 0 || { echo "scripts/container/ci.sh needs root (buildah, debootstrap)" >&2; exit 1; }
bash scripts/container/build-base.sh
# podman-compose runs the compose example; runc-norlimit lets `podman run` start here (CI scaffolding for this
# machine, which forbids setting another process's resource limits: see install-runtime.sh).
command -v podman-compose >/dev/null || { log "installing podman-compose from apt"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman-compose >/dev/null; }
bash scripts/container/install-runtime.sh
based=$(date +%s)

ca_args=()
if [ -r "$CA" ]; then ca_args=(--volume "$CA:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt); fi
previous=$(podman image inspect --format '{{ .Id }}' "$IMAGE" 2>/dev/null || true)
log "buildah bud -f Containerfile -t $IMAGE"
buildah bud --quiet --isolation chroot --pull=never --format docker "${ca_args[@]}" -f Containerfile -t "$IMAGE" . >/dev/null
built=$(date +%s)
size=$(podman image inspect --format '{{ .Size }}' "$IMAGE" | awk '{ printf "%.0f MB", $1 / 1e6 }')
log "built $IMAGE ($size) in $((built - based)) s"
# The names users build and the Testcontainers module starts by default: `docker build -t payments-mock` and
# payments-mock:<package version>.
VERSION=$(node -p 'require("./package.json").version')
podman tag "$IMAGE" localhost/payments-mock:latest "localhost/payments-mock:$VERSION"
podman images --filter reference=localhost/payments-mock --filter reference=docker.io/library/node

log "checking the image from the host (test/container): buildah, podman run, podman-compose"
PAYMENTS_MOCK_IMAGE="$IMAGE" PAYMENTS_MOCK_BUILD_CA="$CA" npx jest -c test/container/jest.config.js --ci --runInBand \
  --testPathIgnorePatterns testcontainers
checked=$(date +%s)

# payments-mock/testcontainers with the real package (12.x needs Node >= 22: the pinned official binary of
# scripts/node-matrix), through podman's Docker-compatible API on a socket of this run's own. The helper image
# that host port exposure starts (testcontainers/sshd) is a local stand-in, as the base is.
log "payments-mock/testcontainers through podman system service"
bash scripts/container/build-sshd.sh
NODE22_DIR=$(dirname "$(node -e 'const [n] = require("./scripts/node-matrix/install").installNodes(() => {}).filter((l) => l.version.startsWith("22.")); console.log(n.node)' | tail -n 1)")
SOCKET="/tmp/payments-mock-podman-$$.sock"
podman system service --time=0 "unix://$SOCKET" >/dev/null 2>&1 &
service=$!
stop_service() {
  # What Ryuk would remove (it is disabled: its image cannot be had here): host port exposure's SSH containers,
  # which live for a Testcontainers session (each test file's own afterAll removes the rest).
  podman ps --all --quiet --filter label=org.testcontainers.sshd=true | xargs -r podman rm --force --volumes >/dev/null 2>&1 || true
  kill "$service" 2>/dev/null || true
  wait "$service" 2>/dev/null || true
  rm -f "$SOCKET"
}
trap stop_service EXIT
for _ in $(seq 100); do [ -S "$SOCKET" ] && break; sleep 0.1; done
[ -S "$SOCKET" ] || { echo "podman system service did not open $SOCKET" >&2; exit 1; }
PATH="$NODE22_DIR:$PATH" DOCKER_HOST="unix://$SOCKET" TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 \
  npx jest -c test/container/jest.config.js --ci --runInBand test/container/testcontainers.test.ts examples/container/testcontainers.example.ts
stop_service
trap - EXIT
# The image of the previous run, which this tag replaced, is no longer needed (only ours: no prune of others').
current=$(podman image inspect --format '{{ .Id }}' "$IMAGE")
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
done_at=$(date +%s)
log "ok: base $((based - started)) s, build $((built - based)) s, buildah/podman/compose checks $((checked - built)) s, testcontainers $((done_at - checked)) s, total $((done_at - started)) s; image $size"
