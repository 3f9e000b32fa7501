// Jest's module resolution (jest.config.js `resolver`): our TypeScript files import each other
// by the name they have once built (`./app.module.js`, as Node's ES modules want), and here
// such a name finds the `.ts` file when there is one beside the importer. Everything else
// resolves as Jest does by default.
//
// This replaces a moduleNameMapper that dropped the `.js` of every relative import: Jest
// does not remember a mapped name's result, so every test file resolved each of those imports
// (ours and the ones inside the ES-module packages, such as NestJS's) again on the disk.
// Jest remembers what a resolver answers, for the whole worker.
import { existsSync } from 'node:fs';
import path from 'node:path';

const RELATIVE_JS = /^\.{1,2}\/.*\.js$/;

export default function resolve(request, options) {
  if (RELATIVE_JS.test(request) && !options.basedir.includes(`${path.sep}node_modules${path.sep}`)) {
    const typescript = path.resolve(options.basedir, `${request.slice(0, -'.js'.length)}.ts`);
    if (existsSync(typescript)) return typescript;
  }
  return options.defaultResolver(request, options);
}
