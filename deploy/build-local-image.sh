#!/usr/bin/env bash
# Builds the Dockerfile's image on a machine where no base image can be pulled and no container
# runtime may run (buildah with chroot isolation only), then starts it and asks /api/health.
#   1. a base: Debian bookworm from debootstrap (cached in $TESSERA_BASE_CACHE) plus this machine's
#      Node 20 and npm, committed as localhost/tessera-base;
#   2. the image: `buildah bud` of the real Dockerfile with BASE_IMAGE pointing at that base;
#   3. its CMD run with `buildah run --isolation chroot` (the host's network), /api/health checked;
#   4. the server stopped, the working container and the image removed; only the base stays (a run
#      takes 4 to 10 minutes on a shared 2-core machine, about twice that with WITH_DICTATION=true).
# Needs root, buildah and debootstrap (apt-get install -y buildah debootstrap). .ci/run runs it when
# buildah is present.
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${TESSERA_BASE_CACHE:-/var/tmp/tessera-image-base}"
base_image="localhost/tessera-base:bookworm-node20"
image="localhost/tessera:local-$$"
port="${TESSERA_IMAGE_PORT:-39301}"
# WITH_DICTATION=true builds the image with ffmpeg and PocketSphinx, as the Dockerfile's build argument.
with_dictation="${WITH_DICTATION:-false}"
say() { echo "build-local-image: $*"; }

command -v buildah >/dev/null || { say "buildah is not installed"; exit 2; }
[ "$(id -u)" -eq 0 ] || { say "run as root (debootstrap and buildah mount need it)"; exit 2; }

# 1. The base. Built once; rebuilt only when this machine's Node changes.
node_bin="$(command -v node)"
node_version="$("$node_bin" --version)"
case "$node_version" in v20.*) ;; *) say "this machine's Node is $node_version; the image wants Node 20"; exit 2 ;; esac
if [ ! -d "$cache/rootfs" ]; then
  command -v debootstrap >/dev/null || { say "debootstrap is not installed"; exit 2; }
  say "debootstrap bookworm into $cache/rootfs (a few minutes, once)"
  mkdir -p "$cache"
  rm -rf "$cache/rootfs.partial"
  debootstrap --variant=minbase --include=ca-certificates,fonts-dejavu-core bookworm \
    "$cache/rootfs.partial" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$cache/debootstrap.log"
  mv "$cache/rootfs.partial" "$cache/rootfs"
fi
# A machine behind a TLS-inspecting proxy trusts its certificate authority in
# /usr/local/share/ca-certificates: the base trusts the same, or npm cannot reach the registry.
extra_cas=(/usr/local/share/ca-certificates/*.crt)
[ -e "${extra_cas[0]}" ] || extra_cas=()
base_id="$node_version $(cat "${extra_cas[@]}" /dev/null | sha256sum | cut -c1-16)"
if [ "$(buildah inspect --type image --format '{{index .ImageAnnotations "tessera.base"}}' "$base_image" 2>/dev/null)" != "$base_id" ]; then
  say "making $base_image (Debian bookworm + Node $node_version from $node_bin)"
  ctr="$(buildah from scratch)"
  trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
  mnt="$(buildah mount "$ctr")"
  cp -a "$cache/rootfs/." "$mnt/"
  install -m 755 "$node_bin" "$mnt/usr/local/bin/node"
  npm_dir="$(dirname "$node_bin")/../lib/node_modules/npm"
  mkdir -p "$mnt/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$mnt/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
  if [ ${#extra_cas[@]} -gt 0 ]; then
    # What update-ca-certificates would do: the bundle every TLS client in the image reads.
    cp "${extra_cas[@]}" "$mnt/usr/local/share/ca-certificates/"
    cat "${extra_cas[@]}" >>"$mnt/etc/ssl/certs/ca-certificates.crt"
    # Node keeps its own list of authorities; this makes it read the system's too.
    buildah config --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt "$ctr"
  fi
  buildah umount "$ctr" >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --annotation "tessera.base=$base_id" --cmd node "$ctr"
  buildah commit --quiet "$ctr" "$base_image" >/dev/null
  buildah rm "$ctr" >/dev/null
  trap - EXIT
fi

# 2. The image, from the same Dockerfile as everyone's: only the base differs.
say "buildah bud $image (FROM $base_image)"
started=$(date +%s)
buildah bud --isolation chroot --format docker \
  --build-arg "BASE_IMAGE=$base_image" --build-arg "WITH_DICTATION=$with_dictation" -t "$image" -f Dockerfile .
say "built in $(($(date +%s) - started)) s: $(buildah images --format '{{.Size}}' "$image" | head -1)"

# 3. Start what the image starts: its CMD, as its user, in its working directory.
ctr="$(buildah from "$image")"
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  [ -z "$server_pid" ] || wait "$server_pid" 2>/dev/null || true
  buildah rm "$ctr" >/dev/null 2>&1 || true
  buildah rmi "$image" >/dev/null 2>&1 || true
}
trap cleanup EXIT
config() { buildah inspect --type container "$ctr" | node -e "$1"; }
user="$(config 'const c = JSON.parse(require("fs").readFileSync(0, "utf8")).OCIv1.config; console.log(c.User ?? "")')"
mapfile -t cmd < <(config 'const c = JSON.parse(require("fs").readFileSync(0, "utf8")).OCIv1.config; for (const a of [...(c.Entrypoint ?? []), ...(c.Cmd ?? [])]) console.log(a)')
[ ${#cmd[@]} -gt 0 ] || { say "the image names no command"; exit 1; }
mapfile -t check < <(config 'const t = JSON.parse(require("fs").readFileSync(0, "utf8")).Docker.config.Healthcheck?.Test ?? []; if (t[0] === "CMD") for (const a of t.slice(1)) console.log(a)')
say "run as $user: ${cmd[*]} (PORT=$port)"
log="$(mktemp)"
buildah run --isolation chroot --user "$user" --env "PORT=$port" --env HOST=127.0.0.1 \
  --env "PUBLIC_URL=http://127.0.0.1:$port" "$ctr" -- "${cmd[@]}" >"$log" 2>&1 &
server_pid=$!

healthy=""
for _ in $(seq 1 240); do
  if health="$(curl -fsS "http://127.0.0.1:$port/api/health" 2>/dev/null)"; then healthy=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$healthy" ]; then
  say "the server never answered /api/health; its output:"
  cat "$log"
  exit 1
fi
say "/api/health: $health"
say "/api/health/ready: $(curl -sS "http://127.0.0.1:$port/api/health/ready")"
# The image's own HEALTHCHECK, run as a runtime would run it (buildah itself never does).
[ ${#check[@]} -gt 0 ] || { say "the image has no HEALTHCHECK"; exit 1; }
buildah run --isolation chroot --user "$user" --env "PORT=$port" "$ctr" -- "${check[@]}" \
  || { say "the image's HEALTHCHECK failed: ${check[*]}"; exit 1; }
say "HEALTHCHECK passes: ${check[*]}"
# The embedded defaults, as npm start has them: PGlite under DATA_DIR, the web app, eSpeak NG's WASM.
grep -q '"db":"pglite"' "$log" || { say "not on PGlite:"; cat "$log"; exit 1; }
grep -q '"dataDir":"/data"' "$log" || { say "DATA_DIR is not /data:"; cat "$log"; exit 1; }
curl -fsS "http://127.0.0.1:$port/dashboard/chat" | grep -q '<div id="root">' || { say "no web app at /dashboard/chat"; exit 1; }
buildah run --isolation chroot --user "$user" "$ctr" -- node --input-type=module -e \
  'import { accessSync } from "node:fs"; accessSync(new URL("espeak-ng.wasm", import.meta.resolve("espeak-ng")))' \
  || { say "eSpeak NG is missing from the image"; exit 1; }
if [ "$with_dictation" = "true" ]; then
  buildah run --isolation chroot --user "$user" "$ctr" -- sh -c \
    'command -v ffmpeg && { command -v pocketsphinx_continuous || command -v pocketsphinx; }' \
    || { say "WITH_DICTATION=true, but ffmpeg or PocketSphinx is missing"; exit 1; }
  say "dictation: ffmpeg and PocketSphinx are on the image's PATH"
fi
say "ok: the image starts, is healthy and ready, serves the web app, and has PGlite and eSpeak NG"
