// Run by `make dev`, `make test`, `make serve` and `make bench` before anything else: the
// project supports one maintained Node.js LTS line, the version in .nvmrc (the images and CI
// use the same). An older Node stops here at once with what to install, before npm ci warns
// about engines or a test fails for a reason nobody would guess. Plain syntax, so that the
// oldest Node that may run it can still print the message.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const [wantedMajor, wantedMinor] = wanted.split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);

if (major !== wantedMajor || minor < wantedMinor) {
  console.error(
    [
      `This project runs on Node.js ${wantedMajor} (LTS), ${wantedMajor}.${wantedMinor} or later; this is Node.js ${process.versions.node}.`,
      `Install Node.js ${wanted} (nvm and fnm read .nvmrc), or take it from the npm registry into .tools/node:`,
      '  bash scripts/install-node.sh && export PATH="$PWD/.tools/node/bin:$PATH"',
    ].join('\n'),
  );
  process.exit(1);
}
