#!/bin/sh
# Entrypoint of the web image: renders the site template with the variables below (and
# only those: every other `$name` in it is nginx's), then runs the command (nginx).
# Ours rather than the base image's template hook, so that the image depends on nothing
# but `sh`, `awk`, `envsubst` and `nginx` in its base.
set -eu

# nginx looks names up itself (compose's `backend` at request time, so that a replaced
# container is found again): the container's DNS server, as /etc/resolv.conf names it.
if [ -z "${NGINX_RESOLVER:-}" ]; then
  NGINX_RESOLVER="$(awk '$1 == "nameserver" { print ($2 ~ /:/) ? "[" $2 "]" : $2; exit }' /etc/resolv.conf)"
  if [ -z "$NGINX_RESOLVER" ]; then
    echo "entrypoint: no nameserver in /etc/resolv.conf; set NGINX_RESOLVER" >&2
    exit 1
  fi
fi
export NGINX_RESOLVER

# The per-client limits on /api/ (NGINX_API_LIMIT_KEY, NGINX_API_RATE_RPS, NGINX_API_BURST) from NGINX_API_RATE.
. /usr/local/bin/api-rate.envsh
# The host check and the landing page's origin (NGINX_OTHER_HOST, NGINX_SITE_ORIGIN) from NGINX_SERVER_NAME.
. /usr/local/bin/server-name.envsh
# The CSP's room for the captcha (NGINX_CSP_CAPTCHA_*) from NGINX_CAPTCHA_PROVIDER.
. /usr/local/bin/captcha-csp.envsh

# /tmp: the one writable place (nginx/nginx.conf includes the result from there).
mkdir -p /tmp/nginx
envsubst '${NGINX_PORT} ${NGINX_ROOT} ${NGINX_RESOLVER} ${API_UPSTREAM} ${API_UPSTREAM_SERVERS} ${NGINX_API_LIMIT_KEY} ${NGINX_API_RATE_RPS} ${NGINX_API_BURST} ${NGINX_BEHIND_PROXY} ${NGINX_SERVER_NAME} ${NGINX_OTHER_HOST} ${NGINX_SITE_ORIGIN} ${NGINX_CSP_CAPTCHA_SCRIPT} ${NGINX_CSP_CAPTCHA_STYLE} ${NGINX_CSP_CAPTCHA_CONNECT} ${NGINX_CSP_CAPTCHA_FRAME}' \
  </etc/nginx/templates/default.conf.template >/tmp/nginx/default.conf

exec "$@"
