#!/bin/sh
# certbot --deploy-hook: a new certificate for RENEWED_LINEAGE goes into
# CERTS_DIR, the volume nginx reads, for nginx's user (gid NGINX_GID, 101 in
# the nginx image). Each file is written beside its target and renamed, so
# nginx never reads half a key.
set -eu
: "${CERTS_DIR:=/certs}"
: "${NGINX_GID:=101}"
mkdir -p "$CERTS_DIR"
install -m 0644 "$RENEWED_LINEAGE/fullchain.pem" "$CERTS_DIR/.fullchain.pem.new"
install -m 0640 -g "$NGINX_GID" "$RENEWED_LINEAGE/privkey.pem" "$CERTS_DIR/.privkey.pem.new"
mv "$CERTS_DIR/.privkey.pem.new" "$CERTS_DIR/privkey.pem"
mv "$CERTS_DIR/.fullchain.pem.new" "$CERTS_DIR/fullchain.pem"
echo "certbot: new certificate for ${RENEWED_DOMAINS:-the domain} handed to nginx"
