# Sourced by provision.sh: checks every tool the requested components and the test
# scripts need before anything is downloaded or built, and names everything that is
# missing in one message, with the Debian/Ubuntu package that provides it.
# shellcheck shell=bash

# "command|Debian package (or where to get it)|what it is for", per component;
# "all" applies whatever is provisioned.
declare -A PREREQUISITES=(
  [all]="node|nodejs 20.19+ (https://nodejs.org or nvm)|running the tests and the services
npm|npm (ships with Node)|installing dependencies and Node 24
flock|util-linux|locking the cache between parallel test runs
setsid|util-linux|starting FerretDB and Kafka detached from the test process
sha256sum|coreutils|checksums of patches and sources in the cache
openssl|openssl|the certificate tests' HTTPS document server"
  [ferretdb]="go|golang-go on Debian 13; older releases: Go 1.24+ from https://go.dev/dl|building FerretDB from the Go module proxy
patch|patch|applying deploy/test-infra/ferretdb/*.patch"
  [kafka]="java|default-jre-headless (Java 17+; Debian 12 and 13)|running Kafka
mvn|maven|fetching Kafka's jars from Maven Central"
  [helm]="go|golang-go on Debian 13; older releases: Go 1.24+ from https://go.dev/dl|building Helm and manifest-check"
  [python-mcp]="python3|python3 and python3-venv|the Python MCP client tests"
)

# Extra checks a command's presence does not cover: "" when fine, else what is wrong.
version_problem() {
  case $1 in
    java)
      local major
      major=$(java -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p')
      [[ -n $major && $major -ge 17 ]] || echo "java is version ${major:-unknown}; Kafka here needs 17 or later (apt-get install default-jre-headless)"
      ;;
    go)
      local minor
      minor=$(go env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
      [[ -n $minor && $minor -ge 24 ]] || echo "go is $(go env GOVERSION 2>/dev/null || echo unknown); 1.24 or later is needed (https://go.dev/dl)"
      ;;
    python3)
      python3 -c 'import venv, ensurepip' 2>/dev/null || echo "python3 lacks the venv module with ensurepip (apt-get install python3-venv)"
      ;;
  esac
}

check_prerequisites() { # components...
  local component entry tool package purpose problem
  local -A seen=()
  local missing=()
  for component in all "$@"; do
    while IFS='|' read -r tool package purpose; do
      [[ -z $tool || -n ${seen[$tool]:-} ]] && continue
      seen[$tool]=1
      if ! command -v "$tool" >/dev/null 2>&1; then
        missing+=("  $tool: for $purpose (Debian/Ubuntu: $package)")
      elif problem=$(version_problem "$tool") && [[ -n $problem ]]; then
        missing+=("  $problem")
      fi
    done <<<"${PREREQUISITES[$component]:-}"
  done
  ((${#missing[@]} == 0)) && return 0
  local debian
  debian=$(printf '%s\n' "${missing[@]}" | sed -n 's/.*Debian\/Ubuntu: \([a-z0-9.-]*\).*/\1/p; s/.*(apt-get install \([a-z0-9.-]*\)).*/\1/p' | sort -u | tr '\n' ' ')
  printf '[test-infra] ERROR: missing prerequisites (nothing was built):\n%s\n' "$(printf '%s\n' "${missing[@]}")" >&2
  [[ -n $debian ]] && printf '[test-infra] on Debian/Ubuntu: sudo apt-get install %s\n' "$debian" >&2
  exit 1
}
