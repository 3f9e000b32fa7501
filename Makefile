# Thin wrappers: every target calls npm or docker compose. See README.md.
.PHONY: node-version install test-packages bench-packages dev test bench test-containers serve backup restore up down

# The supported Node.js (.nvmrc): an older one stops here with what to install.
node-version:
	@node scripts/check-node.mjs

# Installs from the lock file when node_modules is missing or older than the lock.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

install: node-version node_modules/.package-lock.json

dev: install
	npm run dev

# The Debian packages of the suites (scripts/system-packages.sh): installed when run as root
# with apt-get; otherwise make stops at once with the command to run. `make dev` needs none.
test-packages:
	bash scripts/system-packages.sh test

bench-packages:
	bash scripts/system-packages.sh bench

test: node-version test-packages install
	npm test

# Benchmarks and Lighthouse: figures to read, and the budgets that exist (the landing page's
# JavaScript, checked by the build; Lighthouse's 100s). `.ci/run` runs it after `make test`.
bench: node-version bench-packages install
	npm run bench

# Builds both images and runs docker-compose.yml through podman (root, Debian packages of
# .ci/run); needs no node_modules. See README.md, "What the container test proves".
test-containers:
	bash ops/containers/test-containers.sh

serve: install
	npm run serve

# A pg_dump file of the database in use (embedded, or DATABASE_URL) in backups/, and its
# restore into an empty database. See docs/operations.md, "Backups and restore".
backup: install
	npm run backup

restore: install
	npm run restore -- "$(FILE)"

up:
	docker compose up --build

down:
	docker compose down
