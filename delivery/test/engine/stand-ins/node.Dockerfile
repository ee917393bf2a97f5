# Stand-in for the official node image (tags -alpine and -bookworm-slim):
# Debian with the official Node binary of the pinned release and npm, both
# from the npm registry, and the official image's user `node` (uid 1000).
ARG BASE
FROM ${BASE}
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
    && groupadd --gid 1000 node \
    && useradd --uid 1000 --gid node --shell /bin/sh --create-home node \
    && mkdir -p /usr/local/etc \
    && echo 'cafile=/etc/ssl/certs/ca-certificates.crt' > /usr/local/etc/npmrc
CMD ["node"]
