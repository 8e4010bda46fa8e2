# shellcheck shell=bash
# Shared by build-local.sh, smoke.sh and compose-up.sh (sourced): podman's configuration for this host and helpers.
# TEXTCLASS_CONTAINERS_CONF unset: sandbox-containers.conf (runc, ulimits a sandbox allows); empty: podman's own.
CONTAINERS_CONF=${TEXTCLASS_CONTAINERS_CONF-$ROOT/deploy/container/sandbox-containers.conf}
if [ -n "$CONTAINERS_CONF" ]; then export CONTAINERS_CONF; else unset CONTAINERS_CONF; fi

log() { printf '\n== %s (%ss)\n' "$*" "$SECONDS"; }

# Installs the Debian packages that provide the named commands when one is missing.
need_tools() {
  local tool missing=()
  for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  [ "${#missing[@]}" -eq 0 ] && return
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# An image's size in MiB as podman stores it (uncompressed layers).
image_mib() { echo $(($(podman image inspect --format '{{.Size}}' "$1") / 1024 / 1024)); }
