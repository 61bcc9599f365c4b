#!/usr/bin/env bash
# deploy/Dockerfile without Docker: copies the build context (the working tree minus
# git-ignored files and .dockerignore's patterns) to a temporary directory, runs the
# build stage's RUN commands there exactly as the Dockerfile writes them, then does what
# the runtime stage does for each SERVICE (copies .image/<service>/ as the app directory)
# and starts that service from it (deploy/container/check-start.mjs).
#   deploy/container/build-outside-docker.sh [SERVICE...]   (no SERVICE: all seven)
# LEVY_NODE: the node binary that starts the services (default: node on PATH; the image
# runs Node 24, which `deploy/test-infra/provision-node24.sh` provides under .cache).
# KEEP_BUILD=1 keeps the temporary directory. Takes several minutes (npm ci + tsc -b).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
node_bin=${LEVY_NODE:-node}
work=$(mktemp -d "${TMPDIR:-/tmp}/levy-image-XXXXXX")
[[ ${KEEP_BUILD:-} == 1 ]] || trap 'rm -rf "$work"' EXIT
context="$work/src"
started=$SECONDS
step() { printf '[build-outside-docker] %3ss %s\n' "$((SECONDS - started))" "$*" >&2; }

# COPY . . — what the build context holds. Every .dockerignore pattern is a path from the
# context root (globstar: ** spans directories), as Docker reads them; negation is not
# supported here, so a "!" pattern stops the script rather than being misread.
step "copying the build context to $context"
mkdir -p "$context"
# (A tracked file deleted in the working tree is not in the context: only existing files.)
(cd "$repo" && git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' file; do if [[ -e $file ]]; then printf '%s\0' "$file"; fi; done \
  | xargs -0 cp --parents -t "$context")
(
  cd "$context"
  shopt -s globstar dotglob nullglob
  while IFS= read -r pattern; do
    [[ -z $pattern || $pattern == \#* ]] && continue
    [[ $pattern == \!* ]] && { echo "negated .dockerignore pattern '$pattern' is not supported here" >&2; exit 1; }
    # shellcheck disable=SC2086 # the pattern is meant to glob
    for match in ./$pattern; do rm -rf "$match"; done
  done <"$repo/.dockerignore"
)

# The build stage's RUN instructions, continuation lines joined, in order.
build_commands() {
  awk '
    /^FROM / { in_build = ($0 ~ / AS build$/); next }
    !in_build { next }
    /^RUN / || continuing {
      line = continuing ? line " " $0 : substr($0, 5)
      continuing = sub(/\\$/, "", line)
      if (!continuing) { print line; line = "" }
    }' "$repo/deploy/Dockerfile"
}
mapfile -t commands < <(build_commands)
((${#commands[@]} > 0)) || { echo "no RUN instruction found in the build stage" >&2; exit 1; }
for command in "${commands[@]}"; do
  step "RUN $command"
  (cd "$context" && sh -c "$command")
done

services=("$@")
((${#services[@]} > 0)) || mapfile -t services < <(ls "$context/.image")
for service in "${services[@]}"; do
  app="$work/app-$service"
  step "runtime stage for $service: COPY --from=build /src/.image/$service/ ./ (as /app)"
  [[ -d $context/.image/$service ]] || { echo "no tree for '$service' in .image" >&2; exit 1; }
  cp -a "$context/.image/$service/." "$app/"
  "$node_bin" "$repo/deploy/container/check-start.mjs" "$app" "$service"
done
step "done"
