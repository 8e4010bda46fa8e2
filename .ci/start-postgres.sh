#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:55432 with role/database "textclass" (idempotent).
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PGDATA=${PGDATA_DIR:-/tmp/textclass-ci-pg}
if [ -f "$PGDATA/postmaster.pid" ] && su postgres -c "$PGBIN/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
  echo "PostgreSQL already running in $PGDATA"
  exit 0
fi
rm -rf "$PGDATA" && mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA"
su postgres -c "$PGBIN/initdb -D $PGDATA -A trust -U postgres >/dev/null"
su postgres -c "$PGBIN/pg_ctl -D $PGDATA -o '-c listen_addresses=127.0.0.1 -p 55432 -k /tmp' -l $PGDATA/server.log -w start >/dev/null"
psql -h 127.0.0.1 -p 55432 -U postgres -qc "CREATE ROLE textclass LOGIN PASSWORD 'textclass' CREATEDB" 
psql -h 127.0.0.1 -p 55432 -U postgres -qc "CREATE DATABASE textclass OWNER textclass"
echo "PostgreSQL ready on 127.0.0.1:55432"
