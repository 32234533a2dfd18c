#!/usr/bin/env bash
# Checks docs/deploy.md's files as far as one machine can: the systemd unit parses without a
# warning (systemd-analyze verify, on an instance of the template), and the Caddyfile is a valid
# configuration (caddy validate). Needs systemd and Debian's caddy.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp deploy/genisbant@.service "$tmp/"
out=$(systemd-analyze verify "$tmp/genisbant@3000.service" 2>&1 || true)
if [ -n "$out" ]; then
  echo "deploy/genisbant@.service: systemd-analyze verify says:"
  echo "$out"
  exit 1
fi
echo "deploy/genisbant@.service: systemd-analyze verify, no warning"
caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1 | tail -n 1
