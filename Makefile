# Thin wrappers: every target calls npm or docker compose. See README.md.
.PHONY: install dev test test-containers serve up down

# Installs from the lock file when node_modules is missing or older than the lock.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

install: node_modules/.package-lock.json

dev: install
	npm run dev

test: install
	npm test

# Builds both images and runs docker-compose.yml through podman (root, Debian packages of
# .ci/run); needs no node_modules. See README.md, "What the container test proves".
test-containers:
	bash ops/containers/test-containers.sh

serve: install
	npm run serve

up:
	docker compose up --build

down:
	docker compose down
