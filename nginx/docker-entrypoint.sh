#!/bin/sh
# Entry point of the web image. Renders nginx/templates into a writable run
# directory with envsubst (only the names below, so nginx's own $variables
# stay), choosing the HTTPS server when TLS_CERT_FILE and TLS_KEY_FILE are
# set, then runs the command. `nginx ...` gets the run directory's config.
# scripts/stack/nginx-config.ts renders the same templates for the native
# stack; the delivery tests check both know the same placeholders.
set -eu

PORTFOLIO_DIR="${PORTFOLIO_NGINX_DIR:-/etc/nginx/portfolio}"
TEMPLATE_DIR="$PORTFOLIO_DIR/templates"
export NGINX_RUN_DIR="${NGINX_RUN_DIR:-/tmp/nginx}"

# Tunable limits: nginx/defaults.env unless the environment sets them.
while IFS='=' read -r name value; do
  case "$name" in '' | '#'*) continue ;; esac
  eval "current=\${$name:-}"
  if [ -z "$current" ]; then export "$name=$value"; fi
done <"$PORTFOLIO_DIR/defaults.env"

export WEB_ROOT="${WEB_ROOT:-/usr/share/nginx/html}"
export API_UPSTREAM="${API_UPSTREAM:-api:3000}"
export NGINX_RESOLVER="${NGINX_RESOLVER:-127.0.0.11}"
export NGINX_ACCESS_LOG="${NGINX_ACCESS_LOG:-/dev/stdout}"
export WEB_LISTEN="${WEB_LISTEN:-8080}"
export TLS_LISTEN="${TLS_LISTEN:-8443}"
export ACME_WEBROOT="${ACME_WEBROOT:-/var/www/acme}"
export TLS_CERT_FILE="${TLS_CERT_FILE:-}"
export TLS_KEY_FILE="${TLS_KEY_FILE:-}"
# Port browsers use for HTTPS (the published one); the redirect points there.
HTTPS_PORT="${HTTPS_PORT:-443}"
if [ "$HTTPS_PORT" = 443 ]; then
  export HTTPS_REDIRECT_PORT=''
else
  export HTTPS_REDIRECT_PORT=":$HTTPS_PORT"
fi

server=plain
if [ -n "$TLS_CERT_FILE$TLS_KEY_FILE" ]; then
  if [ ! -r "$TLS_CERT_FILE" ] || [ ! -r "$TLS_KEY_FILE" ]; then
    echo "TLS_CERT_FILE and TLS_KEY_FILE must both name files readable by $(id -un)." >&2
    exit 1
  fi
  server=tls
fi

VARIABLES='${NGINX_RUN_DIR} ${NGINX_ACCESS_LOG} ${NGINX_RESOLVER} ${WEB_ROOT} ${API_UPSTREAM}
${WEB_LISTEN} ${TLS_LISTEN} ${TLS_CERT_FILE} ${TLS_KEY_FILE} ${HTTPS_REDIRECT_PORT} ${ACME_WEBROOT}
${NGINX_LOGIN_RATE} ${NGINX_LOGIN_BURST} ${NGINX_MAIL_RATE} ${NGINX_MAIL_BURST}'

mkdir -p "$NGINX_RUN_DIR"
for template in "$TEMPLATE_DIR"/*.conf; do
  envsubst "$VARIABLES" <"$template" >"$NGINX_RUN_DIR/$(basename "$template")"
done
envsubst "$VARIABLES" <"$TEMPLATE_DIR/servers/$server.conf" >"$NGINX_RUN_DIR/server.conf"
echo "nginx: configuration ($server server) rendered into $NGINX_RUN_DIR"

if [ "${1:-}" = nginx ]; then
  shift
  exec nginx -e stderr -p "$NGINX_RUN_DIR" -c "$NGINX_RUN_DIR/nginx.conf" "$@"
fi
exec "$@"
