#!/usr/bin/env bash
# The Debian packages that `make test` and `make bench` need, in one place (the ops test
# system-packages.test.mjs checks that the suites ask for no other). Installs the missing
# ones when it runs as root on a machine with apt-get; otherwise it stops at once and prints
# the one command to run. `make dev` needs none of them: Node only.
#   scripts/system-packages.sh test [bench]
set -euo pipefail

# package:program whose presence shows the package is installed.
test_packages=(
  chromium-headless-shell:chromium-headless-shell # the browser suite (Playwright, frontend/e2e)
  nginx:nginx                   # `make serve`, the ops and browser suites
  gettext-base:envsubst         # the ops test of the web image's entrypoint
  docker-compose:docker-compose # the ops test of docker-compose.yml (`config`)
  dovecot-imapd:dovecot         # the IMAP mailbox of the conversation's tests (backend/test/support/imap-server.ts)
)
bench_packages=(
  chromium:chromium # Lighthouse
  nginx:nginx       # Lighthouse audits the build behind nginx
  wrk:wrk           # the contact form benchmark's load generator
)

wanted=()
for set in "$@"; do
  case "$set" in
    test) wanted+=("${test_packages[@]}") ;;
    bench) wanted+=("${bench_packages[@]}") ;;
    *)
      echo "usage: $0 test|bench ..." >&2
      exit 2
      ;;
  esac
done

# nginx is often in /usr/sbin, which a user's PATH may leave out. CHROMIUM_PATH and
# NGINX_BIN (read by the suites) stand in for Debian's packages.
search_path="$PATH:/usr/sbin:/sbin"
missing=()
for entry in "${wanted[@]}"; do
  package="${entry%%:*}" program="${entry#*:}"
  if [[ $package == chromium* && -x ${CHROMIUM_PATH:-/nonexistent} ]]; then continue; fi
  if [[ $package == nginx && -x ${NGINX_BIN:-/nonexistent} ]]; then continue; fi
  if PATH="$search_path" command -v "$program" >/dev/null; then continue; fi
  [[ " ${missing[*]} " == *" $package "* ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "Missing Debian packages: ${missing[*]}. Install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
exit 1
