#!/usr/bin/env bash
# Runs deploy/compose.yaml as it is with podman-compose (Debian) and checks it through nginx on 127.0.0.1: both
# replicas ready, readiness and liveness, one classification with the admin key, a key created through the API that
# works on both replicas (each replica's log shows some of the requests), rate limits shared in Redis, a 51 MB CSV
# upload streamed through nginx, /metrics refused on the public port and served on the internal one (127.0.0.1).
# No registry is reachable here, so PostgreSQL, Redis and nginx run from local stand-ins built on the debootstrap
# base with Debian's packages (deploy/container/standins/; the nginx one renders templates as the official image does).
# Usage: deploy/container/compose-up.sh   (after build-local.sh; env: IMAGE, BASE_IMAGE, TEXTCLASS_HTTP_PORT,
#                                          TEXTCLASS_METRICS_PORT, HEALTH_PATH, LIVE_PATH, UPLOAD=0 skips the upload,
#                                          REBUILD_STANDINS=1, KEEP=1 leaves the deployment running)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=deploy/container/podman-env.sh
source "$ROOT/deploy/container/podman-env.sh"

need_tools podman podman-compose
NODE_VERSION=${NODE_VERSION:-20.20.2}
BASE_IMAGE=${BASE_IMAGE:-localhost/textclass-base:node${NODE_VERSION}-bookworm}
PROJECT=${PROJECT:-textclass-compose}
HEALTH_PATH=${HEALTH_PATH:-/health/ready}
LIVE_PATH=${LIVE_PATH:-/health/live}
secret() { od -An -tx1 -N16 /dev/urandom | tr -d ' \n'; }
export TEXTCLASS_IMAGE=${IMAGE:-localhost/textclass:local}
export TEXTCLASS_HTTP_PORT=${TEXTCLASS_HTTP_PORT:-18088}
export TEXTCLASS_METRICS_PORT=${TEXTCLASS_METRICS_PORT:-19145}
export POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-$(secret)} REDIS_PASSWORD=${REDIS_PASSWORD:-$(secret)}
export TEXTCLASS_API_KEY=${TEXTCLASS_API_KEY:-tc_compose_$(secret)}
URL="http://127.0.0.1:$TEXTCLASS_HTTP_PORT"
INTERNAL_URL="http://127.0.0.1:$TEXTCLASS_METRICS_PORT"

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
  if [ -n "${REBUILD_STANDINS:-}" ] || ! podman image exists "${!var}"; then
    log "build the local stand-in ${!var} (Debian's $service on $BASE_IMAGE)"
    podman build --network host --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "${!var}" \
      -f "$ROOT/deploy/container/standins/$service.Dockerfile" "$ROOT/deploy/container/standins" >/dev/null
  fi
done

cleanup
log "podman-compose up: postgres, redis, textclass-1, textclass-2, nginx on :$TEXTCLASS_HTTP_PORT and 127.0.0.1:$TEXTCLASS_METRICS_PORT"
started=$SECONDS
compose up -d >/dev/null
# Both replicas healthy (their HEALTHCHECK: ready), then nginx answers the readiness probe.
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
echo "deployment ready through nginx $((SECONDS - started)) s after podman-compose up"
mapfile -t containers < <(podman ps -aq --filter "label=io.podman.compose.project=$PROJECT")
podman inspect --format '{{.Name}}  {{.ImageName}}  {{.State.Status}}  restarts={{.RestartCount}}' "${containers[@]}"
curl -fsS "$URL$HEALTH_PATH" && echo
live=$(curl -fsS "$URL$LIVE_PATH") || fail "$LIVE_PATH did not answer 200 through nginx"
echo "$live"
log "nginx: the image's entrypoint rendered deploy/nginx/templates into /etc/nginx/conf.d"
podman logs "${PROJECT}_nginx_1" 2>&1 | grep -E '^/docker-entrypoint' || fail "no entrypoint output from nginx"
podman exec "${PROJECT}_nginx_1" ls /etc/nginx/conf.d
podman exec "${PROJECT}_nginx_1" grep -h -E '^\s*(server textclass|listen|client_max_body_size [0-9]{6,})' \
  /etc/nginx/conf.d/textclass.conf /etc/nginx/conf.d/textclass-api.inc || fail "templates not rendered"
health=$(curl -fsS "$URL/health")
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
run_id=check-$(secret)
for i in 1 2 3 4 5 6 7 8; do
  curl -fsS -o /dev/null "$URL/v2/models/2/inference" -H "Authorization: Bearer $member" -H "X-Request-Id: $run_id-$i" \
    -H 'Content-Type: application/json' -d '{"texts": ["Terrible service, my parcel never arrived"]}' ||
    fail "the new key was refused"
done
answered=0
for service in textclass-1 textclass-2; do
  count=$(podman logs "${PROJECT}_${service}_1" 2>&1 | grep -c "\"requestId\":\"$run_id-" || true)
  echo "$service answered $count of the 8"
  [ "$count" -gt 0 ] && answered=$((answered + 1))
done
[ "$answered" = 2 ] || fail "every request went to one replica"

log "/metrics: refused on the public port, served on the internal listener (127.0.0.1:$TEXTCLASS_METRICS_PORT)"
public=$(curl -sS -o /dev/null -w '%{http_code}' "$URL/metrics")
echo "public $URL/metrics: $public"
[ "$public" = 404 ] || fail "/metrics answered $public on the public port"
internal=$(curl -fsS "$INTERNAL_URL/metrics") || fail "/metrics not served on the internal listener"
echo "internal $INTERNAL_URL/metrics: 200, $(echo "$internal" | grep -c '^[a-z]') samples"

if [ "${UPLOAD:-1}" != 0 ]; then
  log "a 51 MB CSV upload (26,000 rows) streamed through nginx"
  csv=$(mktemp)
  filler=$(printf 'The parcel arrived late and the box was damaged. %.0s' $(seq 40))
  awk -v filler="$filler" 'BEGIN { print "body,score"; for (i = 0; i < 26000; i++) printf "\"%d %s\",%d\n", i, filler, i % 10 }' >"$csv"
  dataset=$(curl -fsS "$URL/v2/datasets" -H "Authorization: Bearer $TEXTCLASS_API_KEY" -H 'Content-Type: application/json' \
    -d '{"name": "compose-upload", "columns": [{"name": "body", "type": "text"}, {"name": "score", "type": "number"}], "text_column": "body"}' |
    node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).key)') || fail "creating a dataset failed"
  upload_started=$SECONDS
  accepted=$(curl -fsS "$URL/v2/datasets/$dataset/uploads" -H "Authorization: Bearer $TEXTCLASS_API_KEY" \
    -H 'Content-Type: text/csv' --data-binary "@$csv") || fail "the upload was refused"
  echo "$(stat -c %s "$csv") bytes: $accepted"
  upload=$(node -e 'process.stdout.write(JSON.parse(process.argv[1]).id)' "$accepted")
  rm -f "$csv"
  until status=$(curl -fsS "$URL/v2/datasets/$dataset/uploads/$upload" -H "Authorization: Bearer $TEXTCLASS_API_KEY") &&
    [[ "$status" != *'"status":"processing"'* ]]; do
    [ $((SECONDS - upload_started)) -lt 300 ] || fail "the upload did not finish within 300 s"
    sleep 1
  done
  echo "$status"
  [[ "$status" == *'"status":"completed"'* && "$status" == *'"rows_stored":26000'* ]] || fail "the upload did not store 26000 rows"
  echo "upload sent and stored in $((SECONDS - upload_started)) s"
fi

log "compose check passed in $((SECONDS - started)) s"
