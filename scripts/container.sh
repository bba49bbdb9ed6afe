#!/usr/bin/env bash
# The container image: build it and try it as a user would.
#   scripts/container.sh build [--offline-base] [--tag T]   build the image (Containerfile) with podman (or docker)
#   scripts/container.sh smoke [--tag T]                    run it: /healthz, the demo credentials from its log, a
#                                                           token, a process, an upload parsed to `completed`, a
#                                                           credit report and its PDF; then stop it and start it
#                                                           again on the same volume (data kept, credentials not
#                                                           printed again)
# --offline-base: where no image registry is reachable (this project's machines reach only npm and Debian), the
# Debian 12 base is made from Debian's packages with debootstrap and imported as localhost/docrisk-base:bookworm.
# Needs root for the offline base. Installs podman, runc and debootstrap with apt-get when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"   # Node 24 for the smoke client
cmd=${1:-}
shift || true
TAG=localhost/docrisk:dev
OFFLINE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --offline-base) OFFLINE=1 ;;
    --tag) TAG=$2; shift ;;
    *) echo "container.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
BASE_TAG=localhost/docrisk-base:bookworm

# podman first; docker only when its daemon answers (a docker client without a daemon is common on CI hosts:
# choosing it would fail at the first build step).
engine() {
  if command -v podman >/dev/null 2>&1; then echo podman
  elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then echo docker
  else echo ""; fi
}
ensure_tools() {
  local need=()
  [ -n "$(engine)" ] || need+=(podman runc)
  if [ "$(engine)" = podman ] && ! command -v runc >/dev/null 2>&1; then need+=(runc); fi
  [ "$OFFLINE" = 0 ] || command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
  [ ${#need[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then echo "container.sh: install ${need[*]} first" >&2; exit 1; fi
  echo "container.sh: installing ${need[*]}" >&2
  local t0=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null 2>&1 || true
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  echo "container.sh: installed ${need[*]} in $((SECONDS - t0)) s" >&2
}
# Options for the engine. On hosts whose cgroups are in hybrid mode crun refuses to start containers, and
# where the hard open-files limit is below podman's default (1,048,576) every start fails with EPERM: use runc
# and ask for limits within the host's own.
ENGINE_OPTS=()
RUN_OPTS=()
set_opts() {
  local e
  e=$(engine)
  if [ "$e" = podman ] && command -v runc >/dev/null 2>&1; then ENGINE_OPTS=(--runtime runc); fi
  # nofile at most the host's hard limit; nproc 4096 (a value near the host's hard limit is refused too)
  local nf
  nf=$(ulimit -Hn)
  if [ "$nf" = unlimited ] || [ "$nf" -gt 65536 ]; then nf=65536; fi
  RUN_OPTS=(--ulimit "nofile=$nf:$nf" --ulimit "nproc=4096:4096")
}

offline_base() {
  if "$(engine)" image inspect "$BASE_TAG" >/dev/null 2>&1; then return 0; fi
  local root
  root=$(mktemp -d /tmp/docrisk-rootfs.XXXX)
  echo "container.sh: debootstrap bookworm (minbase) → $BASE_TAG" >&2
  local t0=$SECONDS
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | "$(engine)" import - "$BASE_TAG" >/dev/null
  rm -rf "$root"
  echo "container.sh: base image made in $((SECONDS - t0)) s" >&2
}

build() {
  ensure_tools
  set_opts
  local args=()
  if [ "$OFFLINE" = 1 ]; then offline_base; args+=(--build-arg "BASE=$BASE_TAG"); fi
  # The host's CA bundle (it trusts a TLS-inspecting proxy, where there is one) for npm inside the build.
  local ca=${NODE_EXTRA_CA_CERTS:-${SSL_CERT_FILE:-}}
  if [ -n "$ca" ] && [ -s "$ca" ]; then args+=(--secret "id=ca_bundle,src=$ca"); fi
  local t0=$SECONDS
  "$(engine)" "${ENGINE_OPTS[@]}" build "${args[@]}" -f Containerfile -t "$TAG" . >&2
  echo "container.sh: built $TAG in $((SECONDS - t0)) s ($("$(engine)" image inspect "$TAG" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}'))" >&2
}

smoke() {
  ensure_tools
  set_opts
  e=$(engine)
  name="docrisk-smoke-$$"
  vol="docrisk-smoke-$$"
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  cleanup() {
    "$e" "${ENGINE_OPTS[@]}" rm -f "$name" >/dev/null 2>&1 || true
    "$e" volume rm -f "$vol" >/dev/null 2>&1 || true
  }
  trap cleanup EXIT
  start() {
    "$e" "${ENGINE_OPTS[@]}" run -d --name "$name" "${RUN_OPTS[@]}" -p "127.0.0.1:$port:8080" -v "$vol:/var/lib/docrisk" "$TAG" serve >/dev/null
    for _ in $(seq 1 120); do
      curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
      sleep 1
    done
    echo "container.sh: /healthz did not answer within 120 s" >&2
    "$e" logs "$name" >&2 || true
    exit 1
  }
  start
  local logs
  logs=$("$e" logs "$name" 2>&1)
  local env_line
  env_line=$(printf '%s\n' "$logs" | grep -m1 '^ *export CID=' || true)
  if [ -z "$env_line" ]; then echo "container.sh: no demo credentials in the first start's log:" >&2; printf '%s\n' "$logs" >&2; exit 1; fi
  # The printed line is paste-ready for a shell; take the three values from it without running it.
  local CID CSECRET SKEY
  CID=$(printf '%s' "$env_line" | sed -n 's/.* CID=\([^ ]*\).*/\1/p')
  CSECRET=$(printf '%s' "$env_line" | sed -n 's/.* CS=\([^ ]*\).*/\1/p')
  SKEY=$(printf '%s' "$env_line" | sed -n 's/.* SK=\([^ ]*\).*/\1/p')
  node scripts/container-smoke.ts "http://127.0.0.1:$port" "$CID" "$CSECRET" "$SKEY" examples/statement.pdf
  # Restart on the same volume: the data stays, the credentials are not printed again, and they still work.
  "$e" "${ENGINE_OPTS[@]}" stop -t 20 "$name" >/dev/null
  "$e" "${ENGINE_OPTS[@]}" rm "$name" >/dev/null
  start
  if "$e" logs "$name" 2>&1 | grep -q '^ *export CID='; then
    echo "container.sh: credentials printed again on the second start" >&2
    exit 1
  fi
  node scripts/container-smoke.ts "http://127.0.0.1:$port" "$CID" "$CSECRET" "$SKEY" examples/statement.pdf --again
  echo "container.sh: smoke passed ($TAG)"
}

case "$cmd" in
  build) build ;;
  smoke) smoke ;;
  *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
