# Thin wrappers: every target calls npm or docker compose. See README.md.
.PHONY: install dev test serve up down

# Installs from the lock file when node_modules is missing or older than the lock.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

install: node_modules/.package-lock.json

dev: install
	npm run dev

test: install
	npm test

serve: install
	npm run serve

up:
	docker compose up --build

down:
	docker compose down
