#!/usr/bin/env bash
# Builds a local stand-in for testcontainers/sshd, the helper image that Testcontainers' host port exposure
# (`TestContainers.exposeHostPorts`) starts, because no container registry can be reached from CI here: an SSH
# server that accepts root with the password in $PASSWORD and lets clients forward ports to other containers
# (GatewayPorts), as the official image does, on the Debian of the node:24-slim stand-in (build-base.sh) with
# Debian's openssh-server. Rebuilt only when missing or when this script's stamp changes. Needs root.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# The tag testcontainers 12 starts (SSHD_IMAGE in its build/port-forwarder/port-forwarder.js).
SSHD_TAG="docker.io/$(grep -o '"testcontainers/sshd:[0-9.]*"' "$ROOT/node_modules/testcontainers/build/port-forwarder/port-forwarder.js" | tr -d '"')"
[ "$SSHD_TAG" != docker.io/ ] || { echo "no testcontainers/sshd tag in node_modules/testcontainers: run npm ci first" >&2; exit 1; }
BASE_TAG=docker.io/library/node:24-slim
STAMP="sshd-stand-in-2 on $(podman image inspect --format '{{ index .Labels "payments-mock.stand-in" }}' "$BASE_TAG")"
log() { printf '[build-sshd %s] %s\n' "$(date -u +%T)" "$*"; }

if [ "$(podman image inspect --format '{{ index .Labels "payments-mock.stand-in" }}' "$SSHD_TAG" 2>/dev/null || true)" = "$STAMP" ]; then
  log "$SSHD_TAG is already the stand-in"
  exit 0
fi
log "building $SSHD_TAG on $BASE_TAG"
ctr="$(buildah from --pull=never "$BASE_TAG")"
trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
buildah run --isolation chroot "$ctr" -- sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-server >/dev/null && rm -rf /var/lib/apt/lists/* && mkdir -p /run/sshd && ssh-keygen -A >/dev/null'
# As the official image: root's password from $PASSWORD, root login, IPv4, forwarded ports open to other containers.
buildah config --env PASSWORD=root --port 22 --cmd '[]' \
  --entrypoint '["sh", "-c", "echo \"root:$PASSWORD\" | chpasswd && exec /usr/sbin/sshd -D -e -o PermitRootLogin=yes -o PasswordAuthentication=yes -o AddressFamily=inet -o GatewayPorts=yes -o AllowTcpForwarding=yes"]' \
  --label "payments-mock.stand-in=$STAMP" "$ctr"
previous=$(podman image inspect --format '{{ .Id }}' "$SSHD_TAG" 2>/dev/null || true)
buildah commit --quiet --format docker --rm "$ctr" "$SSHD_TAG" >/dev/null
trap - EXIT
if [ -n "$previous" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
log "$SSHD_TAG ready"
