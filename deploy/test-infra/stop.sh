#!/usr/bin/env bash
# Stops the servers start.sh started (SIGTERM, then SIGKILL after 15 s). Idempotent.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"

[[ -f "$INFRA_ENV" ]] || { log "nothing running"; exit 0; }
# shellcheck disable=SC1090
source "$INFRA_ENV"
for pid in "${KAFKA_PID:-}" "${FERRETDB_PID:-}"; do
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || continue
  kill "$pid" 2>/dev/null || true
  for ((i = 0; i < 75; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && { log "pid $pid ignored SIGTERM; killing"; kill -9 "$pid" 2>/dev/null || true; }
done
rm -f "$INFRA_ENV"
log "stopped"
