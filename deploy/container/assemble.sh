#!/bin/sh
# Run in the image's build stage (deploy/Dockerfile), after `npm ci` and `npm run build`,
# at the repository root: lays out one runtime tree per service under OUT_DIR/<service>,
# which the final stage copies as /app. A tree holds the service's package.json, dist/ and
# data/, the same of each workspace it links (libs, proto's gen/), the container health
# check, and exactly the packages `npm ls --omit=dev` names for the service, taken from
# the one node_modules the build installed: no second install per image.
#   deploy/container/assemble.sh OUT_DIR [SERVICE...]   (no SERVICE: every services/*)
set -eu
out=${1:?usage: assemble.sh OUT_DIR [SERVICE...]}
shift
[ "$#" -gt 0 ] || set -- $(ls services)
root=$(pwd)

# Copies a package directory without its nested node_modules (npm ls lists the nested
# packages the service needs on their own lines); a workspace link is copied as the link.
copy_package() {
  src=$1 dest=$2
  mkdir -p "$(dirname "$dest")"
  if [ -L "$src" ]; then cp -P "$src" "$dest"; return; fi
  mkdir -p "$dest"
  find "$src" -mindepth 1 -maxdepth 1 ! -name node_modules -exec cp -a {} "$dest/" \;
}

for service in "$@"; do
  [ -f "services/$service/dist/main.js" ] || { echo "assemble.sh: no services/$service/dist/main.js (unknown service or not built)" >&2; exit 1; }
  tree="$out/$service"
  rm -rf "$tree" && mkdir -p "$tree"
  # Packages live in the root node_modules or, when versions clash, in a workspace's own
  # (services/certificates/node_modules/ipaddr.js); each keeps its path in the tree.
  packages=$(npm ls --omit=dev --all --parseable --workspace "@levy/$service" | grep -E "^$root/(.+/)?node_modules/" | sort -u)
  for package in $packages; do
    relative=${package#"$root"/}
    copy_package "$package" "$tree/$relative"
    # A workspace (@levy/*): what it needs at run time, not its sources.
    if [ -L "$package" ]; then
      workspace=$(cd "$package" && pwd -P) && workspace=${workspace#"$root"/}
      mkdir -p "$tree/$workspace"
      cp "$workspace/package.json" "$tree/$workspace/"
      for part in dist gen data; do
        if [ -d "$workspace/$part" ]; then cp -a "$workspace/$part" "$tree/$workspace/"; fi
      done
    fi
  done
  [ -f "$tree/services/$service/dist/main.js" ] || { echo "assemble.sh: npm ls did not list @levy/$service" >&2; exit 1; }
  mkdir -p "$tree/deploy/container"
  cp deploy/container/healthcheck.mjs "$tree/deploy/container/"
  echo "assemble.sh: $service: $(echo "$packages" | wc -l) packages, $(du -sh "$tree" | cut -f1)"
done
