#!/bin/sh
# Entry point of the web image. Renders nginx/templates into a writable run
# directory with envsubst (only the names below, so nginx's own $variables
# stay), choosing the HTTPS server when the certificate and key named by
# TLS_CERT_FILE and TLS_KEY_FILE are a usable pair, then runs the command.
# `nginx ...` gets the run directory's config.
# A certificate never takes the site down: a pair is used only once it is
# a certificate, unexpired, with its own key, and nginx -t accepts the
# configuration built on copies of exactly those files. Otherwise nginx
# serves plain HTTP (or keeps the pair it has) and one line says why. The
# certificate may also come later, from the certbot service (DOMAIN,
# docker-compose.tls.yml) or the owner (TLS_DIR): a watcher checks, renders
# and reloads nginx (no restart) whenever the files change.
# stack/src/nginx-config.ts renders the same templates for the native
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

# Both or neither: one of them alone is a mistake in the settings.
case "$([ -n "$TLS_CERT_FILE" ] && echo c)$([ -n "$TLS_KEY_FILE" ] && echo k)" in
  c | k)
    echo "TLS_CERT_FILE and TLS_KEY_FILE must both name files readable by $(id -un)." >&2
    exit 1
    ;;
esac

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

# render_into DIR plain|tls [PAIR_DIR]: the whole configuration in DIR; the
# HTTPS server reads the copies of the pair in PAIR_DIR.
render_into() {
  mkdir -p "$1"
  for template in "$TEMPLATE_DIR"/*.conf; do
    TLS_CERT_FILE="${3:-}/fullchain.pem" TLS_KEY_FILE="${3:-}/privkey.pem" \
      envsubst "$VARIABLES" <"$template" >"$1/$(basename "$template")"
  done
  TLS_CERT_FILE="${3:-}/fullchain.pem" TLS_KEY_FILE="${3:-}/privkey.pem" \
    envsubst "$VARIABLES" <"$TEMPLATE_DIR/servers/$2.conf" >"$1/server.conf"
  render_real_ip >"$1/real-ip.conf"
}

fingerprint() {
  cksum "$TLS_CERT_FILE" "$TLS_KEY_FILE" 2>/dev/null || echo none
}

# Prints why the certificate and key in PAIR_DIR are not a pair to serve,
# or nothing when they are.
pair_problem() {
  if ! openssl x509 -in "$1/fullchain.pem" -noout 2>/dev/null; then
    echo "$TLS_CERT_FILE holds no PEM certificate"
  elif ! openssl x509 -in "$1/fullchain.pem" -noout -checkend 0 >/dev/null 2>&1; then
    echo "the certificate in $TLS_CERT_FILE has expired"
  elif ! key=$(openssl pkey -in "$1/privkey.pem" -pubout 2>/dev/null); then
    echo "$TLS_KEY_FILE holds no private key"
  elif [ "$key" != "$(openssl x509 -in "$1/fullchain.pem" -noout -pubkey)" ]; then
    echo "the key in $TLS_KEY_FILE does not belong to the certificate in $TLS_CERT_FILE"
  fi
}

# nginx -t on the configuration in DIR: prints nginx's first complaint,
# or nothing when nginx accepts it.
nginx_test() {
  if ! output=$(nginx -t -e stderr -p "$1" -c "$1/nginx.conf" 2>&1); then
    echo "$output" | grep -m 1 -e '\[emerg\]' -e '\[crit\]' || echo "$output" | head -1
  fi
}

# prepare N: builds configuration number N in a candidate folder and moves
# it into the run directory only when it passes every check, printing the
# server it chose; otherwise prints why not and leaves the run directory
# as it was. The pair is copied first, so what is checked is what nginx
# loads, even if the files change meanwhile.
prepare() {
  candidate="$NGINX_RUN_DIR/candidate"
  rm -rf "$candidate"
  server=plain
  pair=''
  if [ -r "$TLS_CERT_FILE" ] && [ -r "$TLS_KEY_FILE" ]; then
    pair="$NGINX_RUN_DIR/pair-$1"
    if ! (umask 077 && mkdir -p "$pair" && cp "$TLS_CERT_FILE" "$pair/fullchain.pem" &&
      cp "$TLS_KEY_FILE" "$pair/privkey.pem"); then
      rm -rf "$pair"
      echo "$TLS_CERT_FILE and $TLS_KEY_FILE could not be read"
      return 1
    fi
    problem=$(pair_problem "$pair")
    if [ -n "$problem" ]; then
      rm -rf "$pair"
      echo "$problem"
      return 1
    fi
    server=tls
  elif [ -n "$TLS_CERT_FILE" ]; then
    echo "no certificate yet: $TLS_CERT_FILE and $TLS_KEY_FILE are not both readable by $(id -un)"
    return 1
  fi
  render_into "$candidate" "$server" "$pair"
  problem=$(nginx_test "$candidate")
  if [ -n "$problem" ]; then
    [ -n "$pair" ] && rm -rf "$pair"
    echo "nginx -t: $problem"
    return 1
  fi
  cp "$candidate"/*.conf "$NGINX_RUN_DIR/"
  rm -rf "$candidate"
  for old in "$NGINX_RUN_DIR"/pair-*; do
    [ "$old" = "$pair" ] || rm -rf "$old"
  done
  echo "$server"
}

# The first configuration: the certificate if it is usable, else plain
# HTTP, and if even that fails nginx's own start says why.
generation=1
start_config() {
  mkdir -p "$NGINX_RUN_DIR"
  last=$(fingerprint)
  if result=$(prepare "$generation"); then
    serving=$result
  else
    if [ -n "$TLS_CERT_FILE" ]; then
      case "$result" in
        'no certificate yet'*)
          # With DOMAIN, certbot brings it: waiting is the normal start.
          [ -n "$DOMAIN" ] || echo "nginx: $result; serving plain HTTP until they are" >&2
          ;;
        *) echo "nginx: certificate not used: $result; serving plain HTTP until a usable one arrives" >&2 ;;
      esac
    fi
    render_into "$NGINX_RUN_DIR" plain ''
    serving=plain
  fi
  echo "nginx: configuration ($serving server) rendered into $NGINX_RUN_DIR"
}

# Runs beside nginx (whose process id is $$ after the exec below) and ends
# with it: a new or renewed certificate is taken up by a reload, which keeps
# open connections and the master process.
watch_certificate() {
  while sleep "$TLS_WATCH_SECONDS" && kill -0 "$$" 2>/dev/null; do
    current=$(fingerprint)
    [ "$current" = "$last" ] && continue
    generation=$((generation + 1))
    if ! result=$(prepare "$generation"); then
      # Changed again while it was copied: the next round sees it whole.
      [ "$(fingerprint)" = "$current" ] || continue
      case "$result" in 'no certificate yet'*) ;; *)
        what='plain HTTP'
        [ "$serving" = tls ] && what='the previous certificate'
        echo "nginx: certificate not used: $result; still serving $what" >&2
        ;;
      esac
    elif nginx -e stderr -p "$NGINX_RUN_DIR" -c "$NGINX_RUN_DIR/nginx.conf" -s reload; then
      serving=$result
      echo "nginx: certificate ${DOMAIN:+for $DOMAIN }changed, configuration reloaded"
    fi
    last=$current
  done
}

start_config

if [ "${1:-}" = nginx ]; then
  shift
  if [ -n "$TLS_CERT_FILE" ] && [ "$#" -eq 0 ]; then
    watch_certificate &
  fi
  exec nginx -e stderr -p "$NGINX_RUN_DIR" -c "$NGINX_RUN_DIR/nginx.conf" "$@"
fi
exec "$@"
