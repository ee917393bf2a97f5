# The stand-ins' common base: the Debian root file system debootstrap made,
# trusting the CA store of the machine that runs the suite (its registry
# traffic passes that CA; a real base image needs nothing of the kind).
ARG ROOTFS_IMAGE
FROM ${ROOTFS_IMAGE}
COPY machine-ca.crt /usr/local/share/ca-certificates/machine-ca.crt
RUN update-ca-certificates >/dev/null
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
CMD ["/bin/sh"]
