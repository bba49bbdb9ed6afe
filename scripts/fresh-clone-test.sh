#!/usr/bin/env bash
# fresh-clone-test.sh [--npm-ci] [--hide DIR]... [VITEST ARGS...]
# Clones this checkout's HEAD into an empty temporary directory (nothing beside it: no ../shared) and
# runs the tests there. node_modules is linked from this checkout (fast) unless --npm-ci installs from
# the lockfile as a new user would. --hide DIR (root only) runs everything in a private mount namespace
# with an empty directory over DIR, for tests that read an absolute path outside the repository.
# Exit status is vitest's. Example: scripts/fresh-clone-test.sh --hide /work/shared test/cli.test.ts
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
install=link
hide=()
while [ $# -gt 0 ]; do
  case "$1" in
    --npm-ci) install=ci; shift ;;
    --hide) hide+=("$2"); shift 2 ;;
    *) break ;;
  esac
done
if [ ${#hide[@]} -gt 0 ] && [ -z "${FRESH_CLONE_INNER:-}" ]; then
  mounts=""
  for d in "${hide[@]}"; do mounts+="mount -t tmpfs none $(printf %q "$d") && "; done
  exec unshare --mount --propagation private bash -c "${mounts} FRESH_CLONE_INNER=1 FRESH_CLONE_HIDDEN=$(printf %q "${hide[*]}") exec $(printf '%q ' "$0" $([ "$install" = ci ] && echo --npm-ci) "$@")"
fi
work=$(mktemp -d -t docrisk-fresh.XXXX)
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-hardlinks "$src" "$work/docrisk"
cd "$work/docrisk"
if [ "$install" = ci ]; then npm ci --no-audit --no-fund; else ln -s "$src/node_modules" node_modules; fi
export PATH="$PWD/node_modules/.bin:$PATH"
echo "fresh-clone-test: $(git rev-parse --short HEAD) in $PWD (nothing beside it${FRESH_CLONE_HIDDEN:+; hidden: $FRESH_CLONE_HIDDEN})"
unset DOCRISK_CORPUS
npx vitest run "$@"
