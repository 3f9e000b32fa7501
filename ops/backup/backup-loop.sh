#!/bin/sh
# The scheduled backup of compose's `backup` profile (docker-compose.yml), run in the
# postgres image (its pg_dump matches the server): a pg_dump custom-format file in
# /backups every BACKUP_INTERVAL_SECONDS (a day), the newest BACKUP_KEEP (14) kept.
# libpq reads the server from PGHOST, PGUSER, PGPASSWORD and PGDATABASE.
set -u
keep="${BACKUP_KEEP:-14}"
interval="${BACKUP_INTERVAL_SECONDS:-86400}"
while :; do
  file="/backups/backup-$(date -u +%Y-%m-%dT%H-%M-%SZ).dump"
  # Written under another name and renamed when complete: a dump cut short never looks like a backup.
  if pg_dump --format=custom --file="$file.partial"; then
    mv "$file.partial" "$file"
    echo "backup: wrote $file"
    # Only after a good backup, so that failures never eat the backups that remain.
    ls -1 /backups/backup-*.dump | sort -r | tail -n "+$((keep + 1))" | while read -r old; do
      rm -f "$old" && echo "backup: removed $old (keeping the newest $keep)"
    done
  else
    rm -f "$file.partial"
    echo "backup: pg_dump failed; trying again in $interval s" >&2
  fi
  sleep "$interval"
done
