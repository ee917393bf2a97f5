#!/bin/sh
# The off-site copy of the backups (docs/backup.md): rclone's part only.
# Which archive leaves, which names are archives and how many stay are the
# backup tool's rules (api/src/backup); it hands this script the remote and
# the names. Runs in the rclone container of `make backup` (Alpine's busybox
# sh) and natively under `make backup-local` (the host's rclone), so it
# needs nothing but POSIX sh, sed and rclone.
#
#   backup-offsite.sh push REMOTE ARCHIVE      copy the archive to REMOTE and
#                                              check its size and SHA-256 there
#   backup-offsite.sh list REMOTE              REMOTE's file names, one a line
#   backup-offsite.sh delete REMOTE NAME…      delete these files of REMOTE
#   backup-offsite.sh fetch REMOTE NAME FOLDER copy REMOTE's NAME into FOLDER
#
# REMOTE is an rclone remote and folder (offsite:portfolio-backups); rclone
# reads its own RCLONE_CONFIG. On failure one line saying why, exit code 1.
set -u

fail() {
  echo "$1" >&2
  exit 1
}

# rclone's last log line, without its date, as the reason.
reason() {
  printf '%s\n' "$1" | sed -n 's/^[0-9/]* [0-9:]* //; s/^[A-Z]* *: //; /./h; ${x;p;}'
}

# A file in the remote's folder: offsite:backups/NAME, or offsite:NAME for a
# remote's root.
at() {
  case $remote in
    *: | */) printf '%s%s' "$remote" "$1" ;;
    *) printf '%s/%s' "$remote" "$1" ;;
  esac
}

sha256_of() {
  rclone hashsum sha256 "$@" 2>&1 | sed -n 's/^\([0-9a-f]\{64\}\)  .*/\1/p'
}

push() {
  archive=$1
  name=${archive##*/}
  failed="Kopie ausser Haus gescheitert"
  kept="das Archiv bleibt hier, nichts gelöscht."
  target=$(at "$name")
  out=$(rclone copyto "$archive" "$target" 2>&1) || fail "$failed: $remote: $(reason "$out"); $kept"
  size=$(wc -c <"$archive" | tr -d ' ')
  remote_size=$(rclone lsf --format s "$target" 2>/dev/null)
  [ "$remote_size" = "$size" ] ||
    fail "$failed: $target ist ${remote_size:-nicht da} statt $size Bytes gross; $kept"
  # The remote's own SHA-256 where it has one (S3 and many SFTP servers do
  # not, WebDAV rarely): else the copy is read back and hashed here.
  local_sum=$(sha256_of "$archive")
  remote_sum=$(sha256_of "$target")
  how='SHA-256 dort'
  if [ -z "$remote_sum" ]; then
    remote_sum=$(sha256_of --download "$target")
    how='SHA-256 der zurückgelesenen Kopie'
  fi
  [ -n "$remote_sum" ] || fail "$failed: $target liess sich nicht zurücklesen; $kept"
  [ "$remote_sum" = "$local_sum" ] || fail "$failed: $target weicht ab (SHA-256); $kept"
  echo "Ausser Haus: $name nach $remote kopiert und geprüft ($size Bytes, $how)"
}

list() {
  out=$(rclone lsf --files-only "$remote" 2>&1) ||
    fail "$remote ist nicht erreichbar ($(reason "$out")); nichts gelöscht."
  printf '%s\n' "$out"
}

delete() {
  for name in "$@"; do
    out=$(rclone deletefile "$(at "$name")" 2>&1) ||
      fail "$name in $remote nicht gelöscht: $(reason "$out")"
  done
  echo "In $remote gelöscht: $*"
}

# The copy goes to a scratch folder (often a tmpfs): it must fit there first.
fetch() {
  failed="Prüfung gescheitert: $1"
  size=$(rclone lsf --format s "$(at "$1")" 2>&1) || fail "$failed liess sich nicht finden ($(reason "$size"))."
  free=$(df -Pk "$2" | sed -n '2s/^[^ ]* *[0-9]* *[0-9]* *\([0-9]*\).*/\1/p')
  [ -n "$free" ] && [ "$size" -le $((free * 1024)) ] ||
    fail "$failed braucht $size Bytes, in $2 sind nur $((${free:-0} * 1024)) frei: TMPDIR auf einen grösseren Ordner legen."
  out=$(rclone copyto "$(at "$1")" "$2/$1" 2>&1) ||
    fail "$failed liess sich nicht holen ($(reason "$out"))."
}

usage() {
  echo 'Aufruf: backup-offsite.sh push ZIEL ARCHIV | list ZIEL | delete ZIEL NAME… | fetch ZIEL NAME ORDNER' >&2
  exit 2
}

[ $# -ge 2 ] && [ -n "$2" ] || usage
verb=$1
remote=$2
shift 2
case "$verb:$#" in
  push:1) push "$1" ;;
  list:0) list ;;
  delete:0) usage ;;
  delete:*) delete "$@" ;;
  fetch:2) fetch "$1" "$2" ;;
  *) usage ;;
esac
