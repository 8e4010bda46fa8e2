#!/usr/bin/env bash
# Runs the image built by build-local.sh as a user would (read-only root filesystem, a named data volume, the port
# published on 127.0.0.1) and checks it: liveness then readiness (/health/live, /health/ready), one classification with the admin key, the image's own
# HEALTHCHECK, the non-root user, node as PID 1, no dev dependencies, a graceful stop on SIGTERM, and a restart that
# finds its data (key and demo models) on the volume. Prints the start and stop times.
# Usage: deploy/container/smoke.sh   (env: IMAGE, HOST_PORT, HEALTH_PATH (readiness), LIVE_PATH, TEXTCLASS_API_KEY,
#                                     KEEP=1 keeps the container)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=deploy/container/podman-env.sh
source "$ROOT/deploy/container/podman-env.sh"

IMAGE=${IMAGE:-localhost/textclass:local}
NAME=${NAME:-textclass-smoke}
HOST_PORT=${HOST_PORT:-18080}
HEALTH_PATH=${HEALTH_PATH:-/health/ready}
LIVE_PATH=${LIVE_PATH:-/health/live}
KEY=${TEXTCLASS_API_KEY:-tc_smoke_$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')}
URL="http://127.0.0.1:$HOST_PORT"

fail() {
  echo "FAIL: $*" >&2
  podman logs --tail 40 "$NAME" >&2 || true
  exit 1
}
cleanup() {
  [ -n "${KEEP:-}" ] && return
  podman rm -f -t 5 "$NAME" >/dev/null 2>&1 || true
  podman volume rm -f "$NAME-data" >/dev/null 2>&1 || true
}
trap cleanup EXIT

now_ms() { date +%s%3N; }

# Starts the container; extra arguments are podman run options.
start() {
  podman run -d --name "$NAME" --read-only --tmpfs /tmp -p "127.0.0.1:$HOST_PORT:8080" \
    -v "$NAME-data:/data" "$@" "$IMAGE" >/dev/null
}

# Waits until $2 answers 200; sets READY_MS to the milliseconds since $1.
wait_200() {
  local since=$1 probe=$2 deadline=$((SECONDS + 180))
  until curl -fsS -o /dev/null "$URL$probe" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$probe did not answer 200 within 180 s"
    [ "$(podman inspect --format '{{.State.Running}}' "$NAME")" = true ] || fail "the container exited"
    sleep 0.2
  done
  READY_MS=$(($(now_ms) - since))
}

# Waits for liveness, then readiness (encoders warm, database reachable, migrations current); prints both times.
wait_healthy() {
  wait_200 "$1" "$LIVE_PATH"
  echo "$LIVE_PATH 200 after $READY_MS ms"
  wait_200 "$1" "$HEALTH_PATH"
  echo "$HEALTH_PATH 200 after $READY_MS ms"
}

# Classifies one billing text with demo model 1 through the published port; checks the top label.
classify() {
  local body
  body=$(curl -fsS "$URL/v2/models/1/inference" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"texts": ["I was charged twice for my subscription"], "max_predictions": 1}') || fail "classification failed"
  echo "$body"
  node -e 'const r = JSON.parse(process.argv[1]); if (r.predictions[0][0].label !== "billing") process.exit(1)' \
    "$body" || fail "expected the top label billing"
}

cleanup
log "start $IMAGE as $NAME on 127.0.0.1:$HOST_PORT (read-only root, volume $NAME-data)"
t0=$(now_ms)
start -e "TEXTCLASS_API_KEY=$KEY"
wait_healthy "$t0"
echo "first start (empty volume: migrate, seed the demo) until $HEALTH_PATH answers 200: $READY_MS ms"
curl -fsS "$URL$HEALTH_PATH" && echo
curl -fsS "$URL$LIVE_PATH" && echo

log "classify through 127.0.0.1 with the admin key"
classify

log "the image's HEALTHCHECK, user, PID 1, dependencies"
podman healthcheck run "$NAME" || fail "podman healthcheck run: unhealthy"
echo "healthcheck: healthy"
uid=$(podman exec "$NAME" id -u)
[ "$uid" != 0 ] || fail "runs as root"
echo "user: $(podman exec "$NAME" id)"
pid1=$(podman exec "$NAME" sh -c 'tr "\0" " " </proc/1/cmdline')
case "$pid1" in node\ *) echo "PID 1: $pid1" ;; *) fail "PID 1 is $pid1, not node" ;; esac
podman exec "$NAME" node -e '
  const dev = ["vitest", "typescript", "turbo", "tsx", "eslint", "prettier", "@stoplight/prism-cli", "@textclass/model-tools"];
  const found = dev.filter((name) => { try { require.resolve(`${name}/package.json`, { paths: ["/app"] }); return true; } catch { return false; } });
  if (found.length > 0) { console.error("dev dependencies in the image:", found.join(", ")); process.exit(1); }
  console.log("no dev dependencies:", dev.join(", "), "absent");' || fail "dev dependencies in the image"

log "stop with SIGTERM (podman stop, 30 s before SIGKILL)"
t0=$(now_ms)
podman stop -t 30 "$NAME" >/dev/null
stop_ms=$(($(now_ms) - t0))
code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
echo "stopped in $stop_ms ms, exit code $code"
[ "$code" = 0 ] || fail "exit code $code after SIGTERM (137 would mean SIGKILL)"
podman logs "$NAME" 2>&1 | tail -3
podman rm "$NAME" >/dev/null

log "restart on the same volume, without TEXTCLASS_API_KEY: the key and the demo models are on the volume"
t0=$(now_ms)
start
wait_healthy "$t0"
echo "second start until $HEALTH_PATH answers 200: $READY_MS ms"
classify

log "smoke test passed: $IMAGE ($(image_mib "$IMAGE") MiB)"
