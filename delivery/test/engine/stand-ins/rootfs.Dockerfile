# The stand-ins' root file system: debootstrap's Debian, added to an empty
# image so that the engine records the architecture the build names
# (`docker import` would record the build machine's).
FROM scratch
ADD rootfs.tar /
CMD ["/bin/sh"]
