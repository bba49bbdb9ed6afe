#!/usr/bin/env bash
# readme-walkthrough.sh: run the README's walk-through verbatim against a fresh server.
# Starts `node src/main.ts serve` on an empty data directory and a free port, pastes the `export` line
# it prints, then runs every ```sh block of README.md from "## Walk-through with curl" up to
# "## Development", in order, in one bash with `set -euo pipefail`. curl answers >= 400 fail the run
# (the blocks say `curl -s`; this harness adds --fail-with-body), and so does an id read as
# "undefined". Exit 0 when everything ran. Used by CI (.ci/run) and test/readme.test.ts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$root/node_modules/.bin:$PATH"
work=$(mktemp -d -t docrisk-readme.XXXX)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
receiver_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export DOCRISK_ADMIN_TOKEN="walkthrough-admin-$(node -p 'crypto.randomUUID()')"
PORT=$port DOCRISK_DATA_DIR="$work/data" DOCRISK_WEBHOOK_ALLOW_PRIVATE=1 LOG_LEVEL=warn \
  node src/main.ts serve >"$work/server.out" 2>&1 &
server_pid=$!
# A first start migrates the empty database (≈ 10 s of CPU on PGlite): on a loaded host that took over a
# minute, so wait while the server lives (up to 5 min), not a fixed minute.
for _ in $(seq 1 600); do grep -q '^ *export CID=' "$work/server.out" && break; kill -0 $server_pid 2>/dev/null || break; sleep 0.5; done
line=$(grep -m1 '^ *export CID=' "$work/server.out" || true)
if [ -z "$line" ]; then echo "readme-walkthrough: the server printed no export line:"; cat "$work/server.out"; exit 1; fi

# The blocks, in README order.
awk '/^## Walk-through with curl/{on=1} /^## Development/{on=0} on && /^```sh$/{inb=1; print "# ---- README line " NR; next} inb && /^```$/{inb=0; next} inb{print}' README.md >"$work/blocks.sh"
echo "readme-walkthrough: $(grep -c '^# ---- README line' "$work/blocks.sh") blocks, server on port $port"

# The blocks run from a directory of their own (they write report.pdf) that holds the examples.
mkdir "$work/cwd" && ln -s "$root/examples" "$work/cwd/examples"
cat >"$work/run.sh" <<RUN
set -euo pipefail
cd "$work/cwd"
curl() { command curl --fail-with-body --max-time 120 "\$@"; }
export RECEIVER_PORT=$receiver_port
$line
source "$work/blocks.sh"
for v in TOKEN PID FID RID SPACE_ID CLIENT_ID DELIVERY_ID; do
  val=\${!v-}
  if [ -z "\$val" ] || [ "\$val" = undefined ]; then echo "readme-walkthrough: \$v is '\$val'"; exit 1; fi
done
echo; echo "readme-walkthrough: all blocks ran"
RUN
bash "$work/run.sh" >"$work/run.out" 2>&1 || { status=$?; tail -c 3000 "$work/run.out"; echo; echo "--- server:"; tail -c 2000 "$work/server.out"; exit $status; }
tail -n 1 "$work/run.out"
