#!/bin/sh
# Run before every Docker target of the Makefile: the engine and Compose
# must be new enough for Dockerfile.* (BuildKit) and docker-compose*.yml
# (Compose 2.24: `env_file` with `required`). When they are not, one line in
# German and English says what to install, instead of Docker's own error.
# Usage: check-docker.sh "<compose command>"   (the Makefile's COMPOSE)
set -u

MIN_ENGINE=20.10
MIN_COMPOSE=2.24.0
COMPOSE="${1:-docker compose}"
INSTALL="installieren / install: docker-ce und/and docker-compose-plugin, https://docs.docker.com/engine/install/debian/ (Debian, Raspberry Pi OS; Debian's docker-compose 1.x is not supported)"

# at_least FOUND MINIMUM: true when the dotted version FOUND >= MINIMUM.
at_least() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

# fail REASON [HINT]: one line, then stop (HINT: what to install).
fail() {
  echo "$1; ${2-$INSTALL}" >&2
  exit 1
}

command -v docker >/dev/null 2>&1 || fail "Docker fehlt / is missing"
engine=$(docker version --format '{{.Server.Version}}' 2>/dev/null) ||
  fail "Docker Engine antwortet nicht / does not answer" "läuft der Dienst, ist der Benutzer in der Gruppe docker? / is it running, is this user in the group docker? (sudo systemctl start docker)"
at_least "${engine%%[+-]*}" "$MIN_ENGINE" ||
  fail "Docker Engine $engine ist zu alt, nötig ist >= $MIN_ENGINE / is too old, >= $MIN_ENGINE needed"

# shellcheck disable=SC2086 # COMPOSE is a command with its arguments
compose=$($COMPOSE version --short 2>/dev/null) ||
  fail "Docker Compose >= $MIN_COMPOSE fehlt / is missing ('$COMPOSE version' fails)"
compose=${compose#v}
at_least "${compose%%[+-]*}" "$MIN_COMPOSE" ||
  fail "Docker Compose $compose ist zu alt, nötig ist >= $MIN_COMPOSE / is too old, >= $MIN_COMPOSE needed"

# A Raspberry Pi's kernel leaves the memory cgroup off unless its command
# line turns it on: the engine then ignores every container's mem_limit and
# the site runs without the limits that keep one part from starving the
# others (docs/operations.md, "Raspberry Pi"). Said in one line, not refused.
if [ "$(docker info --format '{{.MemoryLimit}}' 2>/dev/null)" = false ]; then
  echo "Warnung: dieser Kernel setzt keine Speichergrenzen durch, die Website läuft ohne ihre Grenzen; Raspberry Pi OS: cgroup_enable=memory cgroup_memory=1 ans Ende von /boot/firmware/cmdline.txt, neu starten / warning: this kernel enforces no memory limits (Raspberry Pi OS: add cgroup_enable=memory cgroup_memory=1 to /boot/firmware/cmdline.txt, reboot)" >&2
fi
