#!/bin/sh
# Entry point of the web image. Renders nginx/templates into a writable run
# directory with envsubst (only the names below, so nginx's own $variables
# stay), choosing the HTTPS server when the certificate and key named by
# TLS_CERT_FILE and TLS_KEY_FILE are there, then runs the command. `nginx
# ...` gets the run directory's config.
# With DOMAIN set (automatic HTTPS, docker-compose.tls.yml) the certificate
# may come later from the certbot service: nginx starts on plain HTTP,
# serving ACME challenges, and a watcher re-renders and reloads nginx (no
# restart) whenever the certificate appears or changes.
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
NGINX_ACCESS_LOG="${NGINX_ACCESS_LOG:-/dev/stdout}"
# access_log's arguments: the file in the template's short format, or off.
if [ "$NGINX_ACCESS_LOG" = off ]; then
  export ACCESS_LOG_ARGS=off
else
  export ACCESS_LOG_ARGS="$NGINX_ACCESS_LOG portfolio"
fi
export WEB_LISTEN="${WEB_LISTEN:-8080}"
export TLS_LISTEN="${TLS_LISTEN:-8443}"
export ACME_WEBROOT="${ACME_WEBROOT:-/var/www/acme}"
# The documents (read-only) and the API's documents.zip cache, mounted from
# compose; nginx sends their files when the API answers X-Accel-Redirect.
export DOCUMENTS_ROOT="${DOCUMENTS_ROOT:-/srv/documents}"
export ZIP_CACHE_ROOT="${ZIP_CACHE_ROOT:-/srv/zip-cache}"
export TLS_CERT_FILE="${TLS_CERT_FILE:-}"
export TLS_KEY_FILE="${TLS_KEY_FILE:-}"
DOMAIN="${DOMAIN:-}"
TLS_WATCH_SECONDS="${TLS_WATCH_SECONDS:-5}"
# Port browsers use for HTTPS (the published one); the redirect points there.
HTTPS_PORT="${HTTPS_PORT:-443}"
if [ "$HTTPS_PORT" = 443 ]; then
  export HTTPS_REDIRECT_PORT=''
else
  export HTTPS_REDIRECT_PORT=":$HTTPS_PORT"
fi

VARIABLES='${NGINX_RUN_DIR} ${ACCESS_LOG_ARGS} ${NGINX_RESOLVER} ${WEB_ROOT} ${API_UPSTREAM}
${WEB_LISTEN} ${TLS_LISTEN} ${TLS_CERT_FILE} ${TLS_KEY_FILE} ${HTTPS_REDIRECT_PORT} ${ACME_WEBROOT}
${DOCUMENTS_ROOT} ${ZIP_CACHE_ROOT}
${NGINX_LOGIN_RATE} ${NGINX_LOGIN_BURST} ${NGINX_MAIL_RATE} ${NGINX_MAIL_BURST} ${NGINX_CONN_LIMIT}'

# plain or tls: the certificate decides; a missing one is only an error
# when nothing (no DOMAIN) will bring it.
choose_server() {
  if [ -z "$TLS_CERT_FILE$TLS_KEY_FILE" ]; then
    echo plain
  elif [ -r "$TLS_CERT_FILE" ] && [ -r "$TLS_KEY_FILE" ]; then
    echo tls
  elif [ -n "$DOMAIN" ]; then
    echo plain
  else
    echo "TLS_CERT_FILE and TLS_KEY_FILE must both name files readable by $(id -un)." >&2
    return 1
  fi
}

# TRUSTED_PROXIES: addresses or CIDR ranges (commas or spaces) whose
# X-Forwarded-For nginx believes; everyone else's header changes nothing.
render_real_ip() {
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

render() {
  server=$(choose_server)
  mkdir -p "$NGINX_RUN_DIR"
  for template in "$TEMPLATE_DIR"/*.conf; do
    envsubst "$VARIABLES" <"$template" >"$NGINX_RUN_DIR/$(basename "$template")"
  done
  envsubst "$VARIABLES" <"$TEMPLATE_DIR/servers/$server.conf" >"$NGINX_RUN_DIR/server.conf"
  render_real_ip >"$NGINX_RUN_DIR/real-ip.conf"
  echo "nginx: configuration ($server server) rendered into $NGINX_RUN_DIR"
}

fingerprint() {
  cksum "$TLS_CERT_FILE" "$TLS_KEY_FILE" 2>/dev/null || echo none
}

# Runs beside nginx (whose process id is $$ after the exec below) and ends
# with it: a new or renewed certificate is taken up by a reload, which keeps
# open connections and the master process.
watch_certificate() {
  last=$(fingerprint)
  while sleep "$TLS_WATCH_SECONDS" && kill -0 "$$" 2>/dev/null; do
    current=$(fingerprint)
    [ "$current" = "$last" ] && continue
    last=$current
    if (render && nginx -e stderr -p "$NGINX_RUN_DIR" -c "$NGINX_RUN_DIR/nginx.conf" -s reload); then
      echo "nginx: certificate ${DOMAIN:+for $DOMAIN }changed, configuration reloaded"
    else
      echo "nginx: certificate changed but the reload failed; still serving the previous configuration" >&2
    fi
  done
}

render

if [ "${1:-}" = nginx ]; then
  shift
  if [ -n "$TLS_CERT_FILE$TLS_KEY_FILE" ] && [ "$#" -eq 0 ]; then
    watch_certificate &
  fi
  exec nginx -e stderr -p "$NGINX_RUN_DIR" -c "$NGINX_RUN_DIR/nginx.conf" "$@"
fi
exec "$@"
