# Stand-in for the official certbot image: Debian's certbot, run by root.
ARG BASE
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends certbot openssl \
    && rm -rf /var/lib/apt/lists/*
ENTRYPOINT ["certbot"]
