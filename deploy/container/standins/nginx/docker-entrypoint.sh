#!/bin/sh
# The official nginx image's entrypoint, for the stand-in: when the command is nginx, run the executable *.sh
# scripts of /docker-entrypoint.d/ in version order (20-envsubst-on-templates.sh renders the templates), then exec.
set -e
if [ "$1" = nginx ] || [ "$1" = nginx-debug ]; then
  find /docker-entrypoint.d/ -follow -type f -name '*.sh' -print | sort -V | while read -r script; do
    if [ -x "$script" ]; then
      echo "$0: running $script"
      "$script"
    else
      echo "$0: ignoring $script, not executable"
    fi
  done
  echo "$0: configuration complete; ready for start up"
fi
exec "$@"
