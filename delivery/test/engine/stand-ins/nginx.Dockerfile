# Stand-in for the official nginx image (-alpine): Debian's nginx, the
# official image's user `nginx` (uid and gid 101), its paths, its stop
# signal, its `envsubst`, busybox's `wget` (here GNU wget, for the
# healthcheck) and an `apk` that installs the same package names with apt.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx gettext-base \
    && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
    && groupadd --system --gid 101 nginx \
    && useradd --system --uid 101 --gid nginx --no-create-home --shell /sbin/nologin nginx \
    && mkdir -p /var/cache/nginx /usr/share/nginx/html \
    && chown nginx:nginx /var/cache/nginx \
    && ln -sf /dev/stdout /var/log/nginx/access.log \
    && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --chmod=0755 apk.sh /sbin/apk
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
