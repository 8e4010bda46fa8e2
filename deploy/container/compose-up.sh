#!/usr/bin/env bash
# Runs deploy/compose.yaml as it is with podman-compose (Debian) and checks it through nginx on 127.0.0.1: health,
# one classification with the admin key, a key created through the API that works on both replicas (nginx's access
# log names two upstreams), rate limits shared in Redis. No registry is reachable here, so PostgreSQL, Redis and nginx
# run from local stand-ins built on the debootstrap base with Debian's packages (deploy/container/standins/).
# Usage: deploy/container/compose-up.sh   (after build-local.sh; env: IMAGE, BASE_IMAGE, TEXTCLASS_HTTP_PORT,
#                                          HEALTH_PATH, KEEP=1 leaves the deployment running)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=deploy/container/podman-env.sh
source "$ROOT/deploy/container/podman-env.sh"

need_tools podman podman-compose
NODE_VERSION=${NODE_VERSION:-20.20.2}
BASE_IMAGE=${BASE_IMAGE:-localhost/textclass-base:node${NODE_VERSION}-bookworm}
PROJECT=${PROJECT:-textclass-compose}
HEALTH_PATH=${HEALTH_PATH:-/health}
secret() { od -An -tx1 -N16 /dev/urandom | tr -d ' \n'; }
export TEXTCLASS_IMAGE=${IMAGE:-localhost/textclass:local}
export TEXTCLASS_HTTP_PORT=${TEXTCLASS_HTTP_PORT:-18088}
export POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-$(secret)} REDIS_PASSWORD=${REDIS_PASSWORD:-$(secret)}
export TEXTCLASS_API_KEY=${TEXTCLASS_API_KEY:-tc_compose_$(secret)}
URL="http://127.0.0.1:$TEXTCLASS_HTTP_PORT"

compose() { podman-compose --no-ansi -p "$PROJECT" -f "$ROOT/deploy/compose.yaml" "$@"; }
fail() {
  echo "FAIL: $*" >&2
  for service in textclass-1 textclass-2 nginx; do
    echo "--- $service" >&2
    podman logs --tail 15 "${PROJECT}_${service}_1" >&2 || true
  done
  exit 1
}
cleanup() { [ -n "${KEEP:-}" ] || compose down -v >/dev/null 2>&1 || true; }
trap cleanup EXIT

for service in postgres redis nginx; do
  export "${service^^}_IMAGE=localhost/textclass-standin-$service:bookworm"
  var="${service^^}_IMAGE"
  if ! podman image exists "${!var}"; then
    log "build the local stand-in ${!var} (Debian's $service on $BASE_IMAGE)"
    podman build --network host --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "${!var}" \
      -f "$ROOT/deploy/container/standins/$service.Dockerfile" "$ROOT/deploy/container/standins" >/dev/null
  fi
done

cleanup
log "podman-compose up: postgres, redis, textclass-1, textclass-2, nginx on 127.0.0.1:$TEXTCLASS_HTTP_PORT"
started=$SECONDS
compose up -d >/dev/null
# Both replicas healthy (their own HEALTHCHECK), then nginx answers the probe.
for service in textclass-1 textclass-2; do
  until podman healthcheck run "${PROJECT}_${service}_1" >/dev/null 2>&1; do
    [ $((SECONDS - started)) -lt 300 ] || fail "$service not healthy within 300 s"
    sleep 1
  done
done
until curl -fsS -o /dev/null "$URL$HEALTH_PATH" 2>/dev/null; do
  [ $((SECONDS - started)) -lt 300 ] || fail "nginx did not answer $HEALTH_PATH within 300 s"
  sleep 1
done
echo "deployment healthy through nginx $((SECONDS - started)) s after podman-compose up"
mapfile -t containers < <(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT")
podman inspect --format '{{.Name}}  {{.ImageName}}  {{.State.Status}}  restarts={{.RestartCount}}' "${containers[@]}"
health=$(curl -fsS "$URL$HEALTH_PATH")
echo "$health"
[[ "$health" == *'"rate_limits":"redis"'* ]] || fail "rate limits not shared in Redis: $health"

log "classify through nginx with the admin key"
body=$(curl -fsS "$URL/v2/models/1/inference" -H "Authorization: Bearer $TEXTCLASS_API_KEY" \
  -H 'Content-Type: application/json' -d '{"texts": ["I was charged twice for my subscription"], "max_predictions": 1}') ||
  fail "classification through nginx failed"
echo "$body"
node -e 'if (JSON.parse(process.argv[1]).predictions[0][0].label !== "billing") process.exit(1)' "$body" ||
  fail "expected the top label billing"

log "a member key created through the API classifies on both replicas"
created=$(curl -fsS "$URL/v2/api-keys" -H "Authorization: Bearer $TEXTCLASS_API_KEY" -H 'Content-Type: application/json' \
  -d '{"name": "compose check", "role": "member"}') || fail "creating a key failed"
member=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).key)' "$created")
for _ in 1 2 3 4 5 6 7 8; do
  curl -fsS -o /dev/null "$URL/v2/models/2/inference" -H "Authorization: Bearer $member" \
    -H 'Content-Type: application/json' -d '{"texts": ["Terrible service, my parcel never arrived"]}' ||
    fail "the new key was refused"
done
upstreams=$(podman exec "${PROJECT}_nginx_1" sh -c 'grep "/v2/models/2/inference" /tmp/nginx/logs/access.log' |
  grep -o 'upstream=[^ ]*' | sort | uniq -c)
echo "$upstreams"
[ "$(echo "$upstreams" | wc -l)" -ge 2 ] || fail "every request went to one replica"

log "compose check passed in $((SECONDS - started)) s"
