#!/bin/sh
# Entry point of the web image. Renders nginx/templates into a writable run
# directory with render-config.sh (the renderer the native stack uses too),
# choosing the HTTPS server when the certificate and key named by
# TLS_CERT_FILE and TLS_KEY_FILE are a usable pair, then runs the command.
# `nginx ...` gets the run directory's config.
# A certificate never takes the site down: a pair is used only once it is
# a certificate, unexpired, with its own key, and nginx -t accepts the
# configuration built on copies of exactly those files. Otherwise nginx
# serves plain HTTP (or keeps the pair it has) and one line says why. The
# certificate may also come later, from the certbot service (DOMAIN,
# docker-compose.tls.yml) or the owner (TLS_DIR): a watcher checks, renders
# and reloads nginx (no restart) whenever the files change.
set -eu

PORTFOLIO_DIR="${PORTFOLIO_NGINX_DIR:-/etc/nginx/portfolio}"
export NGINX_RUN_DIR="${NGINX_RUN_DIR:-/tmp/nginx}"

# The image's own places; compose mounts the documents, the API's caches
# (documents.zip, stamped PDFs) and the companies' own PDFs (all read-only),
# which nginx sends on X-Accel-Redirect.
export WEB_ROOT="${WEB_ROOT:-/usr/share/nginx/html}"
export API_UPSTREAM="${API_UPSTREAM:-api:3000}"
export NGINX_RESOLVER="${NGINX_RESOLVER:-127.0.0.11}"
export NGINX_ACCESS_LOG="${NGINX_ACCESS_LOG:-/dev/stdout}"
export WEB_LISTEN="${WEB_LISTEN:-8080}"
export TLS_LISTEN="${TLS_LISTEN:-8443}"
export ACME_WEBROOT="${ACME_WEBROOT:-/var/www/acme}"
export DOCUMENTS_ROOT="${DOCUMENTS_ROOT:-/srv/documents}"
export ZIP_CACHE_ROOT="${ZIP_CACHE_ROOT:-/srv/zip-cache}"
export STAMP_CACHE_ROOT="${STAMP_CACHE_ROOT:-/srv/stamp-cache}"
export LETTERS_ROOT="${LETTERS_ROOT:-/srv/letters}"
TLS_CERT_FILE="${TLS_CERT_FILE:-}"
TLS_KEY_FILE="${TLS_KEY_FILE:-}"
DOMAIN="${DOMAIN:-}"
TLS_WATCH_SECONDS="${TLS_WATCH_SECONDS:-5}"

# Both or neither: one of them alone is a mistake in the settings.
case "$([ -n "$TLS_CERT_FILE" ] && echo c)$([ -n "$TLS_KEY_FILE" ] && echo k)" in
  c | k)
    echo "TLS_CERT_FILE and TLS_KEY_FILE must both name files readable by $(id -un)." >&2
    exit 1
    ;;
esac

# render_into DIR plain|tls [PAIR_DIR]: the whole configuration in DIR; the
# HTTPS server reads the copies of the pair in PAIR_DIR.
render_into() {
  TLS_CERT_FILE="${3:-}/fullchain.pem" TLS_KEY_FILE="${3:-}/privkey.pem" \
    sh "$PORTFOLIO_DIR/render-config.sh" "$1" "$2"
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

# prepare N: builds HTTPS configuration number N in a candidate folder and
# moves it into the run directory only when it passes every check, printing
# `tls`; otherwise prints why not and leaves the run directory as it was.
# The pair is copied first, so what is checked is what nginx loads, even if
# the files change meanwhile.
prepare() {
  candidate="$NGINX_RUN_DIR/candidate"
  rm -rf "$candidate"
  if ! [ -r "$TLS_CERT_FILE" ] || ! [ -r "$TLS_KEY_FILE" ]; then
    echo "no certificate yet: $TLS_CERT_FILE and $TLS_KEY_FILE are not both readable by $(id -un)"
    return 1
  fi
  pair="$NGINX_RUN_DIR/pair-$1"
  if ! (umask 077 && mkdir -p "$pair" && cp "$TLS_CERT_FILE" "$pair/fullchain.pem" &&
    cp "$TLS_KEY_FILE" "$pair/privkey.pem"); then
    rm -rf "$pair"
    echo "$TLS_CERT_FILE and $TLS_KEY_FILE could not be read"
    return 1
  fi
  problem=$(pair_problem "$pair")
  if [ -z "$problem" ]; then
    render_into "$candidate" tls "$pair"
    problem=$(nginx_test "$candidate")
    [ -z "$problem" ] || problem="nginx -t: $problem"
  fi
  if [ -n "$problem" ]; then
    rm -rf "$pair"
    echo "$problem"
    return 1
  fi
  cp "$candidate"/*.conf "$NGINX_RUN_DIR/"
  rm -rf "$candidate"
  for old in "$NGINX_RUN_DIR"/pair-*; do
    [ "$old" = "$pair" ] || rm -rf "$old"
  done
  echo tls
}

# The first configuration: plain HTTP, rendered unconditionally so that a
# setting the renderer refuses (a limit, TRUSTED_PROXIES) stops the start
# with its reason; then HTTPS if the certificate is usable. If even plain
# HTTP fails nginx -t, nginx's own start says why.
generation=1
start_config() {
  mkdir -p "$NGINX_RUN_DIR"
  last=$(fingerprint)
  render_into "$NGINX_RUN_DIR" plain ''
  serving=plain
  if [ -n "$TLS_CERT_FILE" ]; then
    if result=$(prepare "$generation"); then
      serving=$result
    else
      case "$result" in
        'no certificate yet'*)
          # With DOMAIN, certbot brings it: waiting is the normal start.
          [ -n "$DOMAIN" ] || echo "nginx: $result; serving plain HTTP until they are" >&2
          ;;
        *) echo "nginx: certificate not used: $result; serving plain HTTP until a usable one arrives" >&2 ;;
      esac
    fi
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
