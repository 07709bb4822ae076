# Tessera in one image: the web app and the server, with the embedded defaults of `npm start`
# (PGlite under DATA_DIR, Tessa, local search, eSpeak NG). Build: docker build -t tessera .
# Dictation on this host (ffmpeg + PocketSphinx): docker build --build-arg WITH_DICTATION=true .
# BASE_IMAGE is any Debian bookworm with Node 20 (deploy/build-local-image.sh passes a local one).
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_fund=false npm_config_audit=false
# Manifests first: the dependency layer is reused until the lock file changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci -w @tessera/web -w @tessera/server -w @tessera/contracts --include-workspace-root
COPY tsconfig.base.json tsconfig.json ./
COPY scripts scripts
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY apps/web apps/web
RUN node scripts/build.mjs --force

# Only what the server loads at run time: the bundle keeps most packages inside dist/main.js, and
# the ones that read files beside their own code (PGlite, eSpeak NG, llama.cpp, …) come from here.
FROM ${BASE_IMAGE} AS runtime-deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev -w @tessera/server && npm cache clean --force

FROM ${BASE_IMAGE}
ARG WITH_DICTATION=false
# DejaVu draws the offline images' captions; ffmpeg and PocketSphinx only when asked for (about
# 300 MB). apt-get runs only when a package is missing, so a base that has them builds offline.
RUN set -eu; \
    pkgs="ca-certificates fonts-dejavu-core"; \
    if [ "$WITH_DICTATION" = "true" ]; then pkgs="$pkgs ffmpeg pocketsphinx pocketsphinx-en-us"; fi; \
    missing=""; \
    for p in $pkgs; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"; done; \
    if [ -n "$missing" ]; then \
      apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing; \
      rm -rf /var/lib/apt/lists/*; \
    fi; \
    useradd --uid 10001 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin tessera; \
    mkdir -p /data && chown tessera:tessera /data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY package.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/web/dist apps/web/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
USER tessera
# Ready means the database answers and migrations are applied; a process that is up but not ready
# is marked unhealthy rather than restarted by this check alone.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (exec form): open streams end with their text stored, then it exits.
CMD ["node", "apps/server/dist/main.js"]
