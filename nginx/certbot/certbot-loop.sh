#!/bin/sh
# The certbot service of docker-compose.tls.yml (and the ACME delivery test,
# which runs this same file with Debian's certbot): obtains the certificate
# for DOMAIN by HTTP-01 through the site's own nginx (challenges written to
# ACME_WEBROOT), then tries renewal twice a day. deploy-hook.sh copies each
# new certificate into CERTS_DIR, where nginx picks it up with a reload.
# A failure leaves the site serving what it served and says so in one line.
# Until there is a first certificate (DNS or port forwarding not ready yet)
# a failed try is repeated after a minute, then twice as long each time, up
# to the renewal interval: a fixed cause is noticed within minutes.
set -u

: "${ACME_WEBROOT:=/var/www/acme}"
: "${CERTS_DIR:=/certs}"
: "${RENEW_INTERVAL_SECONDS:=43200}"
: "${FIRST_RETRY_SECONDS:=60}"
HOOK="$(dirname "$0")/deploy-hook.sh"
export CERTS_DIR

if [ -z "${DOMAIN:-}" ]; then
  echo "certbot: DOMAIN is not set, nothing to obtain (HTTPS with an own certificate from TLS_DIR, or none)."
  while :; do sleep 86400; done
fi
if [ -z "${ACME_EMAIL:-}" ]; then
  echo "certbot: set ACME_EMAIL in .env (expiry notices from the certificate authority)." >&2
  exit 1
fi

server_args() {
  if [ -n "${ACME_SERVER:-}" ]; then
    echo "--server $ACME_SERVER"
  elif [ "${ACME_STAGING:-0}" = 1 ]; then
    echo "--staging"
  fi
}

# Sets pause, the seconds until the next try after one that ended with $1.
retry=$FIRST_RETRY_SECONDS
set_pause() {
  if [ "$1" -eq 0 ] || [ -e "$CERTS_DIR/fullchain.pem" ]; then
    retry=$FIRST_RETRY_SECONDS
    pause=$RENEW_INTERVAL_SECONDS
    return
  fi
  pause=$retry
  retry=$((retry * 2))
  if [ "$retry" -gt "$RENEW_INTERVAL_SECONDS" ]; then retry=$RENEW_INTERVAL_SECONDS; fi
}

obtain_or_renew() {
  output=$(mktemp)
  # shellcheck disable=SC2046 # the argument lists are meant to split
  certbot certonly --webroot -w "$ACME_WEBROOT" -d "$DOMAIN" \
    --email "$ACME_EMAIL" --agree-tos --non-interactive --keep-until-expiring \
    --deploy-hook "sh $HOOK" $(server_args) ${CERTBOT_EXTRA_ARGS:-} >"$output" 2>&1
  status=$?
  set_pause "$status"
  if [ "$status" -ne 0 ]; then
    next=$(date -d "@$(($(date +%s) + pause))" '+%Y-%m-%d %H:%M:%S' 2>/dev/null || echo "in $pause s")
    reason=$(grep -E 'Detail:|Error|error' "$output" | tail -1 | sed 's/^ *//')
    echo "certbot: no new certificate for $DOMAIN (${reason:-certbot exited with $status}); the site keeps serving what it has; next try $next"
  else
    echo "certbot: certificate for $DOMAIN in place; next check in $((RENEW_INTERVAL_SECONDS / 3600)) h"
  fi
  rm -f "$output"
  return "$status"
}

while :; do
  obtain_or_renew
  status=$?
  [ "${CERTBOT_ONCE:-0}" = 1 ] && exit "$status"
  sleep "$pause"
done
