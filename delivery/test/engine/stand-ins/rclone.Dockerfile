# Stand-in for the official rclone image (rclone/rclone, Alpine): Debian's
# rclone (1.60), with `rclone` as the entrypoint as there. Debian's sh, sed,
# sort, awk, grep, wc and tr serve the off-site script in place of busybox's.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends rclone \
    && rm -rf /var/lib/apt/lists/*
ENTRYPOINT ["rclone"]
