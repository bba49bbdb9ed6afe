#!/usr/bin/env bash
# System packages the test suite and benchmarks use (Debian). Idempotent; skipped when present or not root.
set -uo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# Debian's chromium drives the portal's browser test (playwright-core; never `playwright install`).
[ -x /usr/bin/chromium ] || need+=(chromium)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "setup-system: missing ${need[*]} (install them with apt-get as root)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 || echo "setup-system: could not install ${need[*]}" >&2
exit 0
