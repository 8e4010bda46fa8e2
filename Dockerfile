# textclass server image: build everything in one stage, install only production dependencies in another,
# and run the built server as a non-root user with its embedded database on a volume.
#
#   docker build -t textclass .
#   docker run -p 8080:8080 -v textclass-data:/data -e TEXTCLASS_API_KEY=tc_<at least 20 characters> textclass
#
# BASE_IMAGE must be a Debian bookworm with Node.js 20 (node and npm on PATH). deploy/container/build-local.sh
# makes one with debootstrap where no registry of base images is reachable and builds this file offline.
# NPM_CI_FLAGS passes flags to both installs (build-local.sh: --offline, with the host's npm cache mounted).
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

# ---- production dependencies of the server only (no dev dependencies, no mock server, no model tools) ----
FROM ${BASE_IMAGE} AS deps
ARG NPM_CI_FLAGS=""
# onnxruntime-node's postinstall would download CUDA libraries, and the CPU binding is in the package: skip it
# (allowScripts in the root package.json does that for npm 11; this also covers the public node:20 images' npm 10).
ENV ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY openapi/package.json openapi/
COPY packages/client/package.json packages/client/
COPY packages/console/package.json packages/console/
COPY packages/contract-checks/package.json packages/contract-checks/
COPY packages/mock/package.json packages/mock/
COPY packages/model-tools/package.json packages/model-tools/
COPY packages/server/package.json packages/server/
# onnxruntime-node ships macOS and Windows binaries too (~220 MB): the image keeps the Linux ones only. The npm cache
# stays in this stage: /app (manifests, node_modules at the root and inside the workspaces) is copied on.
RUN npm ci --omit=dev --workspace @textclass/server --no-audit --no-fund ${NPM_CI_FLAGS} \
  && rm -rf node_modules/onnxruntime-node/bin/napi-v*/darwin node_modules/onnxruntime-node/bin/napi-v*/win32 \
  && rm -rf packages/mock packages/model-tools

# ---- build: every dependency, then the contract client, the contract checks and the server (dist/, the built-in encoders, PGlite's template) ----
FROM ${BASE_IMAGE} AS build
ARG NPM_CI_FLAGS=""
ENV CI=true TURBO_TELEMETRY_DISABLED=1 ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY openapi/package.json openapi/
COPY packages/client/package.json packages/client/
COPY packages/console/package.json packages/console/
COPY packages/contract-checks/package.json packages/contract-checks/
COPY packages/mock/package.json packages/mock/
COPY packages/model-tools/package.json packages/model-tools/
COPY packages/server/package.json packages/server/
RUN npm ci --no-audit --no-fund ${NPM_CI_FLAGS}
COPY . .
RUN npx turbo run build --filter=@textclass/server... --filter=@textclass/console --output-logs=errors-only \
  && test -f packages/contract-checks/dist/index.js \
  && test -f packages/server/assets/encoders/use-multi-612/encoder.json \
  && test -f packages/console/dist/index.html \
  && ls packages/server/assets/pglite/initdb-*.tar.gz

# ---- runtime ----
FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    TEXTCLASS_DATA_DIR=/data
RUN groupadd --gid 10001 textclass \
  && useradd --uid 10001 --gid textclass --home-dir /data --no-create-home --shell /usr/sbin/nologin textclass \
  && mkdir -p /data && chown textclass:textclass /data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /src/openapi/generated openapi/generated
COPY --from=build /src/packages/client/dist packages/client/dist
COPY --from=build /src/packages/contract-checks/dist packages/contract-checks/dist
COPY --from=build /src/packages/server/dist packages/server/dist
# The console's static build; the server finds it as the @textclass/console package (linked here, as npm links it).
COPY --from=build /src/packages/console/dist packages/console/dist
RUN mkdir -p node_modules/@textclass && ln -sfn ../../packages/console node_modules/@textclass/console
# The built-in encoders live in the image, so the root filesystem may be read-only: only /data is written.
COPY --from=build /src/packages/server/assets packages/server/assets
COPY deploy/container/healthcheck.mjs /app/healthcheck.mjs
USER textclass
VOLUME ["/data"]
EXPOSE 8080
# node runs as PID 1 and handles SIGTERM/SIGINT itself (in-flight requests finish, connections close); it starts
# no child processes, so there is nothing to reap. Healthy means ready: encoders warm, database reachable,
# migrations current (/health/ready answers 503 until then); /health/live only says the process answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 CMD ["node", "/app/healthcheck.mjs", "/health/ready"]
ENTRYPOINT ["node", "/app/packages/server/dist/main.js"]
CMD ["serve"]
