#!/bin/sh
# certbot --deploy-hook: a new certificate for RENEWED_LINEAGE goes into
# CERTS_DIR, the volume nginx reads, for nginx's user (gid NGINX_GID, 101 in
# the nginx image).
# Certificate and key must change together: nginx given a new certificate
# with the old key (or the reverse) has no pair to serve. Both are written
# into a new folder, then one rename swaps the symbolic link `live` to it.
# fullchain.pem and privkey.pem, the names nginx is configured with (and the
# names an owner's own TLS_DIR holds), are links through `live`. The links
# are relative, so they resolve wherever the volume is mounted.
set -eu
: "${CERTS_DIR:=/certs}"
: "${NGINX_GID:=101}"
mkdir -p "$CERTS_DIR"
cd "$CERTS_DIR"
previous=$(readlink live 2>/dev/null || true)
number=${previous#.gen-}
generation=".gen-$((${number:-0} + 1))"
rm -rf "$generation"
mkdir -m 0755 "$generation"
install -m 0644 "$RENEWED_LINEAGE/fullchain.pem" "$generation/fullchain.pem"
install -m 0640 -g "$NGINX_GID" "$RENEWED_LINEAGE/privkey.pem" "$generation/privkey.pem"
ln -s "$generation" .live.new
mv -T .live.new live
for name in fullchain.pem privkey.pem; do
  if [ "$(readlink "$name" 2>/dev/null)" != "live/$name" ]; then
    ln -s "live/$name" ".$name.link"
    mv -T ".$name.link" "$name"
  fi
done
# The previous generation stays: nginx may be copying it right now.
for old in .gen-*; do
  case "$old" in "$generation" | "$previous") ;; *) rm -rf "$old" ;; esac
done
echo "certbot: new certificate for ${RENEWED_DOMAINS:-the domain} handed to nginx"
