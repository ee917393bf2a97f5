#!/bin/sh
# render-config.sh DIR plain|tls: renders nginx/templates into DIR from the
# environment. The one renderer of the configuration: the web image's entry
# point runs it, and so does the native stack (stack/src/nginx-config.ts) for
# make local, the tests and the bench, so what is tested is what is deployed.
# servers/plain.conf or servers/tls.conf becomes DIR/server.conf.
#
# Read from the environment: NGINX_RUN_DIR (where nginx keeps its pid and
# temporary files; DIR may be a candidate folder copied there later),
# WEB_ROOT, API_UPSTREAM, NGINX_RESOLVER, WEB_LISTEN, ACME_WEBROOT,
# DOCUMENTS_ROOT, ZIP_CACHE_ROOT, STAMP_CACHE_ROOT, LETTERS_ROOT, NGINX_ACCESS_LOG (a file or off), with tls
# also TLS_LISTEN, TLS_CERT_FILE, TLS_KEY_FILE and HTTPS_PORT (443), and
# TRUSTED_PROXIES. The tunable limits come from defaults.env beside this
# script unless the environment sets them.
set -eu

if [ "$#" -ne 2 ] || { [ "$2" != plain ] && [ "$2" != tls ]; }; then
  echo "usage: render-config.sh DIR plain|tls" >&2
  exit 2
fi
out=$1
server=$2
here=$(cd "$(dirname "$0")" && pwd)

while IFS='=' read -r name value; do
  case "$name" in '' | '#'*) continue ;; esac
  eval "current=\${$name:-}"
  if [ -z "$current" ]; then export "$name=$value"; fi
done <"$here/defaults.env"

# A malformed limit would reach nginx as a cryptic directive error, or a
# limit nobody meant; say which setting is wrong instead.
for name in NGINX_LOGIN_RATE NGINX_MAIL_RATE; do
  eval "value=\$$name"
  number=${value%r/[sm]}
  case "$number" in
    "$value" | '' | *[!0-9]*)
      echo "$name must be like 10r/m, got \"$value\"" >&2
      exit 1
      ;;
  esac
done
for name in NGINX_LOGIN_BURST NGINX_MAIL_BURST NGINX_CONN_LIMIT; do
  eval "value=\$$name"
  case "$value" in
    '' | *[!0-9]*)
      echo "$name must be a number, got \"$value\"" >&2
      exit 1
      ;;
  esac
done

required='NGINX_RUN_DIR WEB_ROOT API_UPSTREAM NGINX_RESOLVER WEB_LISTEN ACME_WEBROOT
DOCUMENTS_ROOT ZIP_CACHE_ROOT STAMP_CACHE_ROOT LETTERS_ROOT NGINX_ACCESS_LOG'
[ "$server" = tls ] && required="$required TLS_LISTEN TLS_CERT_FILE TLS_KEY_FILE"
for name in $required; do
  eval "value=\${$name:-}"
  if [ -z "$value" ]; then
    echo "render-config.sh: $name is not set" >&2
    exit 1
  fi
done

# access_log's arguments: the file in the template's short format, or off.
if [ "$NGINX_ACCESS_LOG" = off ]; then
  export ACCESS_LOG_ARGS=off
else
  export ACCESS_LOG_ARGS="$NGINX_ACCESS_LOG portfolio"
fi
# Port browsers use for HTTPS (the published one); the redirect points there.
if [ "${HTTPS_PORT:-443}" = 443 ]; then
  export HTTPS_REDIRECT_PORT=''
else
  export HTTPS_REDIRECT_PORT=":$HTTPS_PORT"
fi
export TLS_LISTEN="${TLS_LISTEN:-}" TLS_CERT_FILE="${TLS_CERT_FILE:-}" TLS_KEY_FILE="${TLS_KEY_FILE:-}"

# The inline script and style the CSP allows: the hashes the web build wrote
# beside the pages (none for a bundle without the file).
csp_hashes() {
  hashes_file="$WEB_ROOT/$1"
  [ -r "$hashes_file" ] || return 0
  for hash in $(cat "$hashes_file"); do
    case "$hash" in
      "'sha256-"*"'") printf ' %s' "$hash" ;;
      *)
        echo "render-config.sh: $hashes_file holds \"$hash\", not a 'sha256-…' source" >&2
        return 1
        ;;
    esac
  done
}
CSP_SCRIPT_SOURCES=$(csp_hashes csp-script-hashes.txt) || exit 1
CSP_STYLE_SOURCES=$(csp_hashes csp-style-hashes.txt) || exit 1
export CSP_SCRIPT_SOURCES CSP_STYLE_SOURCES

# The placeholders are what the templates hold: upper-case names in
# dollar-braces. Only these are replaced, so nginx's own $variables (lower
# case, mostly without braces) stay; a placeholder whose variable is not set
# in the environment is named rather than left for nginx to take for one of
# its own.
templates="$here/templates/*.conf $here/templates/servers/$server.conf"
VARIABLES=''
# shellcheck disable=SC2086 # the globs above are meant to expand
for found in $(grep -o -H '\${[A-Z][A-Z0-9_]*}' $templates | sort -u); do
  placeholder=${found#*:}
  name=${placeholder#??}
  name=${name%?}
  if ! printenv "$name" >/dev/null; then
    echo "render-config.sh: no value for $placeholder (${found%%:*})" >&2
    exit 1
  fi
  VARIABLES="$VARIABLES $placeholder"
done

# TRUSTED_PROXIES: addresses or CIDR ranges (commas or spaces) whose
# X-Forwarded-For nginx believes; everyone else's header changes nothing.
real_ip() {
  echo '# Rendered from TRUSTED_PROXIES.'
  for proxy in $(echo "${TRUSTED_PROXIES:-}" | tr ',' ' '); do
    case "$proxy" in
      *[!0-9a-fA-F:./]*)
        echo "TRUSTED_PROXIES: \"$proxy\" is not an address or CIDR range" >&2
        return 1
        ;;
    esac
    echo "set_real_ip_from $proxy;"
  done
  if [ -n "${TRUSTED_PROXIES:-}" ]; then
    echo 'real_ip_header X-Forwarded-For;'
    echo 'real_ip_recursive on;'
  fi
}
real_ip_conf=$(real_ip)

mkdir -p "$out"
for template in "$here"/templates/*.conf; do
  envsubst "$VARIABLES" <"$template" >"$out/$(basename "$template")"
done
envsubst "$VARIABLES" <"$here/templates/servers/$server.conf" >"$out/server.conf"
echo "$real_ip_conf" >"$out/real-ip.conf"
