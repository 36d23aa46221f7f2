#!/usr/bin/env bash
# CI scaffolding for this machine, not part of the product: installs scripts/container/runc-norlimit as
# /usr/local/bin/runc-norlimit and makes it podman's default OCI runtime in /etc/containers/containers.conf.
# This machine forbids a process to set another process's resource limits, which every `podman run` does through
# runc or crun; the wrapper drops the limits from the container's config first (docs/container.md, "The runtime
# wrapper"). On a normal machine none of this is needed: podman and docker run the image as they are.
# Idempotent; needs root. Installs podman, runc and python3 from apt when they are missing.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CONF=/etc/containers/containers.conf
[ "$(id -u)" = 0 ] || { echo "install-runtime.sh needs root (it writes /usr/local/bin and $CONF)" >&2; exit 1; }
missing=()
for tool in podman runc python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-runtime: installing ${missing[*]} from apt"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
install -m 0755 "$HERE/runc-norlimit" /usr/local/bin/runc-norlimit
mkdir -p "$(dirname "$CONF")"
touch "$CONF"
if grep -q 'runc-norlimit' "$CONF"; then
  echo "install-runtime: $CONF already names runc-norlimit"
  exit 0
fi
# A containers.conf of this machine's own (none is shipped by Debian's podman) would have its own [engine]
# table, which TOML forbids declaring twice: refuse rather than write an invalid file.
if grep -Eq '^\[engine(\.runtimes)?\]' "$CONF"; then
  echo "install-runtime: $CONF already has an [engine] table: add runtime = \"runc-norlimit\" and [engine.runtimes] runc-norlimit = [\"/usr/local/bin/runc-norlimit\"] by hand" >&2
  exit 1
fi
cat >>"$CONF" <<'TOML'

# CI scaffolding for this machine (payments-mock's scripts/container/install-runtime.sh), not part of the
# product: this machine forbids setting another process's resource limits, so containers run through a runc
# wrapper that drops process.rlimits from each container's config.json.
[engine]
runtime = "runc-norlimit"

[engine.runtimes]
runc-norlimit = ["/usr/local/bin/runc-norlimit"]
TOML
echo "install-runtime: podman now runs containers through /usr/local/bin/runc-norlimit ($CONF)"
