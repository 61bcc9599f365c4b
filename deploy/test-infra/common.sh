# Shared by provision.sh, start.sh and stop.sh: where things live.
# shellcheck shell=bash
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INFRA_DIR="$REPO_ROOT/deploy/test-infra"
LEVY_CACHE="${LEVY_CACHE:-$REPO_ROOT/.cache}"
FERRETDB_VERSION="v1.24.2"
FERRETDB_BIN="$LEVY_CACHE/tools/bin/ferretdb"
KAFKA_LIBS="$LEVY_CACHE/kafka/libs"
HELM_VERSION="v3.19.5"
HELM_BIN="$LEVY_CACHE/tools/bin/helm"
MANIFEST_CHECK_BIN="$LEVY_CACHE/tools/bin/manifest-check"
PYTHON_MCP_VENV="$LEVY_CACHE/python-mcp"
# Node 24 for the tests on the production runtime (node24.sh); same minor as deploy/Dockerfile's image.
NODE24_VERSION="24.21.0"
NODE24_DIR="$LEVY_CACHE/node24"
NODE24_BIN="$NODE24_DIR/node_modules/node/bin/node"
RUN_DIR="$LEVY_CACHE/run"
INFRA_ENV="$RUN_DIR/infra.env"

log() { printf '[test-infra] %s\n' "$*" >&2; }
fail() { printf '[test-infra] ERROR: %s\n' "$*" >&2; exit 1; }

# A free TCP port on loopback, chosen by the OS.
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

port_open() {
  node -e 'const s=require("net").connect(+process.argv[1],"127.0.0.1");s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1))' "$1"
}

# Waits for a background job of a long step (started with `&` just before), printing every
# $PROGRESS_EVERY seconds (default 30) that it is still working, with the elapsed time,
# and at the end how long it took; returns the job's exit status. Ctrl-C stops the job too.
watch_progress() { # pid, label
  local pid=$1 label=$2 started=$SECONDS every=${PROGRESS_EVERY:-30} next status=0
  next=$every
  trap 'kill "$pid" 2>/dev/null; exit 130' INT TERM
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if ((SECONDS - started >= next)); then
      log "$label: still working, $((SECONDS - started)) s elapsed"
      next=$((next + every))
    fi
  done
  trap - INT TERM
  wait "$pid" || status=$?
  ((status == 0)) && log "$label: done in $((SECONDS - started)) s"
  return "$status"
}
