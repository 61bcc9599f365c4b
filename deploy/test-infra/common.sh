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
