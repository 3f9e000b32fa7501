#!/usr/bin/env bash
# `make test-containers`: builds both images and runs docker-compose.yml for real, with
# podman in place of a Docker daemon (Debian's podman serves the Docker API; Debian's
# docker-compose drives it). Base images cannot be pulled here: stand-ins are built from
# Debian and npm packages (stand-in-bases.sh) and cached under .data/containers/.
# Then smoke.mjs runs the checks. Leaves no container, pod, network or volume behind.
#   CONTAINERS_HTTP_PORT  host port of nginx (default 8231)
#   CONTAINERS_DATA       cache folder (default .data/containers): stand-ins, images
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS

export CONTAINERS_DATA="${CONTAINERS_DATA:-$PWD/.data/containers}"
export HTTP_PORT="${CONTAINERS_HTTP_PORT:-8231}"
mkdir -p "$CONTAINERS_DATA"
# podman of the test's own: images in .data/containers, state under /run (short socket paths).
run_dir="/run/rr-containers-$(echo "$CONTAINERS_DATA" | sha256sum | cut -c1-12)"
mkdir -p "$run_dir"
# runc: podman's default crun fails on these hybrid cgroups. No systemd: cgroupfs, file
# events. Limits lower than podman's defaults, which runc fails to set here.
cat >"$CONTAINERS_DATA/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
tmp_dir = "$run_dir/libpod"
[network]
# The dnsname plugin (service names) is a CNI plugin.
network_backend = "cni"
CONF
cat >"$CONTAINERS_DATA/storage.conf" <<CONF
[storage]
driver = "overlay"
graphroot = "$CONTAINERS_DATA/storage"
runroot = "$run_dir/storage"
CONF
export CONTAINERS_CONF="$CONTAINERS_DATA/containers.conf"
export CONTAINERS_STORAGE_CONF="$CONTAINERS_DATA/storage.conf"

service_pid=""
ticker_pid=""
cleanup() {
  # smoke.mjs takes its stack down; this catches what an interrupted run left.
  podman pod rm --all --force >/dev/null 2>&1 || true
  podman rm --all --force >/dev/null 2>&1 || true
  podman volume rm --all --force >/dev/null 2>&1 || true
  podman network rm --force "rr-containers-${HTTP_PORT}_default" >/dev/null 2>&1 || true
  [ -n "$ticker_pid" ] && kill "$ticker_pid" 2>/dev/null || true
  [ -n "$service_pid" ] && kill "$service_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  # Run-time state only (podman makes it anew, as after a reboot); images stay cached.
  rm -rf "$run_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

source ops/containers/stand-in-bases.sh
bases_started=$SECONDS
build_stand_in_bases
echo "figure: stand-in bases ready in $((SECONDS - bases_started)) s"

podman system service --time=0 "unix://$run_dir/podman.sock" >"$CONTAINERS_DATA/podman-service.log" 2>&1 &
service_pid=$!
for _ in $(seq 100); do [ -S "$run_dir/podman.sock" ] && break; sleep 0.1; done
[ -S "$run_dir/podman.sock" ] || { echo "podman system service did not start: $CONTAINERS_DATA/podman-service.log" >&2; exit 1; }
export DOCKER_HOST="unix://$run_dir/podman.sock"

# Docker runs HEALTHCHECKs itself; podman schedules them with systemd timers, and there is
# no systemd here, so this loop runs them (compose's service_healthy waits on them).
(
  while sleep 2; do
    for id in $(podman ps --quiet 2>/dev/null); do
      podman healthcheck run "$id" >/dev/null 2>&1 || true
    done
  done
) &
ticker_pid=$!

status=0
COMPOSE=docker-compose ENGINE=podman node ops/containers/smoke.mjs || status=$?
echo "figure: make test-containers took $((SECONDS - started)) s"
exit "$status"
