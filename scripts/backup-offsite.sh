#!/bin/sh
# The off-site copy of the backups (docs/backup.md), with rclone. Runs in the
# rclone container of `make backup` (rclone/rclone, Alpine's busybox sh) and
# natively under `make backup-local` (the host's rclone), so it needs nothing
# but POSIX sh, sed, sort, awk and rclone.
#
#   backup-offsite.sh push ARCHIVE   copy the archive to BACKUP_REMOTE, check
#                                    its size and SHA-256 there, then keep the
#                                    newest BACKUP_KEEP archives there
#   backup-offsite.sh newest FOLDER  fetch the remote's newest archive into FOLDER
#
# Settings from the environment: BACKUP_REMOTE (an rclone remote and folder,
# offsite:portfolio-backups), BACKUP_KEEP, and rclone's own RCLONE_CONFIG.
# One line on success; on failure one line saying why, and exit code 1 (cron
# mails the owner). Nothing is removed anywhere unless the copy verified.
set -u

fail() {
  echo "Kopie ausser Haus gescheitert: $1; das Archiv bleibt hier, nichts gelöscht." >&2
  exit 1
}

# rclone's last log line, without its date, as the reason.
reason() {
  printf '%s\n' "$1" | sed -n 's/^[0-9/]* [0-9:]* //; s/^[A-Z]* *: //; /./h; ${x;p;}'
}

# A file in the remote's folder: offsite:backups/NAME, or offsite:NAME for a
# remote's root.
at() {
  case $BACKUP_REMOTE in
    *: | */) printf '%s%s' "$BACKUP_REMOTE" "$1" ;;
    *) printf '%s/%s' "$BACKUP_REMOTE" "$1" ;;
  esac
}

# Our archives among the names on stdin, oldest first: by the UTC time in the
# name, then by the number after it (the rule of api/src/backup/retention.ts).
ours_oldest_first() {
  sed -n 's/^portfolio-backup-\([0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9]\{6\}Z\)\(-[0-9][0-9]*\)\{0,1\}\.tar\.gz\(\.age\)\{0,1\}$/\1 \2 &/p' |
    awk '{ n = ($2 == "" || NF == 2) ? 1 : substr($2, 2); print $1, n, $NF }' |
    sort -k1,1 -k2,2n | awk '{ print $3 }'
}

remote_names() {
  rclone lsf --files-only "$BACKUP_REMOTE" 2>&1
}

sha256_of() {
  rclone hashsum sha256 "$@" 2>&1 | sed -n 's/^\([0-9a-f]\{64\}\)  .*/\1/p'
}

push() {
  archive=$1
  name=${archive##*/}
  # The privacy text promises that only encrypted copies leave the Pi.
  case $name in
    *.age) ;;
    *) fail "$name ist nicht verschlüsselt (BACKUP_AGE_RECIPIENTS)" ;;
  esac
  target=$(at "$name")
  out=$(rclone copyto "$archive" "$target" 2>&1) || fail "$BACKUP_REMOTE: $(reason "$out")"
  size=$(wc -c <"$archive" | tr -d ' ')
  remote_size=$(rclone lsf --format s "$target" 2>/dev/null)
  [ "$remote_size" = "$size" ] ||
    fail "$target ist ${remote_size:-nicht da} statt $size Bytes gross"
  # The remote's own SHA-256 where it has one (S3 and many SFTP servers do
  # not, WebDAV rarely): else the copy is read back and hashed here.
  local_sum=$(sha256_of "$archive")
  remote_sum=$(sha256_of "$target")
  how='SHA-256 dort'
  if [ -z "$remote_sum" ]; then
    remote_sum=$(sha256_of --download "$target")
    how='SHA-256 der zurückgelesenen Kopie'
  fi
  [ -n "$remote_sum" ] || fail "$target liess sich nicht zurücklesen"
  [ "$remote_sum" = "$local_sum" ] || fail "$target weicht ab (SHA-256)"
  # Only now: the oldest of ours beyond BACKUP_KEEP, never the one just copied.
  names=$(remote_names) || fail "Liste von $BACKUP_REMOTE: $(reason "$names")"
  ours=$(printf '%s\n' "$names" | ours_oldest_first)
  total=$(printf '%s\n' "$ours" | grep -c .)
  surplus=$(printf '%s\n' "$ours" | grep -vxF "$name" | awk -v n=$((total - BACKUP_KEEP)) 'NR <= n')
  removed=0
  for old in $surplus; do
    out=$(rclone deletefile "$(at "$old")" 2>&1) ||
      fail "$old in $BACKUP_REMOTE nicht gelöscht: $(reason "$out")"
    removed=$((removed + 1))
  done
  pruned=''
  [ "$removed" -gt 0 ] && pruned="; dort $removed alte(s) gelöscht (BACKUP_KEEP=$BACKUP_KEEP)"
  echo "Ausser Haus: $name nach $BACKUP_REMOTE kopiert und geprüft ($size Bytes, $how)$pruned"
}

newest() {
  folder=$1
  names=$(remote_names) || {
    echo "Prüfung gescheitert: $BACKUP_REMOTE ist nicht erreichbar ($(reason "$names"))." >&2
    exit 1
  }
  name=$(printf '%s\n' "$names" | ours_oldest_first | tail -n 1)
  if [ -z "$name" ]; then
    echo "Kein Archiv in $BACKUP_REMOTE: es gibt keine Sicherung zum Prüfen." >&2
    exit 1
  fi
  out=$(rclone copyto "$(at "$name")" "$folder/$name" 2>&1) || {
    echo "Prüfung gescheitert: $name liess sich nicht holen ($(reason "$out"))." >&2
    exit 1
  }
}

: "${BACKUP_REMOTE:?BACKUP_REMOTE fehlt}"
: "${BACKUP_KEEP:=7}"
case "${1:-}:$#" in
  push:2) push "$2" ;;
  newest:2) newest "$2" ;;
  *)
    echo 'Aufruf: backup-offsite.sh push ARCHIV | newest ORDNER' >&2
    exit 2
    ;;
esac
