# Stand-in for the Mailpit image: mailpit.mjs (SMTP on 1025, a part of the
# REST API on 8025, messages in the SQLite file MP_DATABASE) on the node
# stand-in, run by root as the real image is.
ARG NODE
FROM ${NODE}
WORKDIR /opt/mailpit
RUN npm install --no-audit --no-fund --no-save smtp-server@3.21.6 mailparser@3.9.20 >/dev/null
COPY mailpit.mjs ./
RUN printf '#!/bin/sh\nexec node --no-warnings /opt/mailpit/mailpit.mjs "$@"\n' > /mailpit \
    && chmod 0755 /mailpit
EXPOSE 1025 8025
ENTRYPOINT ["/mailpit"]
