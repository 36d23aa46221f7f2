#!/usr/bin/env bash
# Prints the Debian mirror this machine's apt already uses (one-line `deb` lines in sources.list and *.list, and
# `URIs:` of deb822 *.sources), or nothing: then debootstrap takes its own default. The repository names no host:
# a machine behind a proxy or a local mirror uses what it has, and nothing here goes stale. Only a Debian archive
# (`…/debian`) is taken: an Ubuntu archive, a security archive or a third-party repository cannot bootstrap Debian.
# Sourced by build-base.sh; APT_ETC moves /etc/apt (tests).
apt_mirror() {
  local etc="${APT_ETC:-/etc/apt}"
  {
    cat "$etc/sources.list" "$etc"/sources.list.d/*.list 2>/dev/null \
      | sed -nE 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([^[:space:]]+).*/\2/p'
    cat "$etc"/sources.list.d/*.sources 2>/dev/null \
      | sed -nE 's/^[[:space:]]*[Uu][Rr][Ii][Ss]:[[:space:]]*(.*)$/\1/p' | tr -s ' \t' '\n\n'
  } | grep -m1 -E '^https?://[^[:space:]]+/debian/?$' | sed 's,/$,,' || true
}
