# Stand-in for the official rclone image (rclone/rclone, Alpine): Debian's
# rclone (1.60) at /usr/local/bin/rclone, where the API image copies it
# from, with `rclone` as the entrypoint as there. It links glibc, which the
# node stand-ins (Debian too) carry.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends rclone \
    && rm -rf /var/lib/apt/lists/* \
    && cp /usr/bin/rclone /usr/local/bin/rclone
ENTRYPOINT ["rclone"]
