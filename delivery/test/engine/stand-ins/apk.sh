#!/bin/sh
# `apk add [--no-cache] PACKAGE...` of Alpine, as the stand-in's apt-get.
set -eu
[ "${1:-}" = add ] || { echo "apk stand-in: only 'apk add' is known" >&2; exit 1; }
shift
packages=$(printf '%s\n' "$@" | grep -v '^--' || true)
apt-get update -qq
# shellcheck disable=SC2086 # one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages
rm -rf /var/lib/apt/lists/*
