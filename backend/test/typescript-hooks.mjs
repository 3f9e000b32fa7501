// Node's module hooks for the test files (jest.config.js `setupFiles`): the tests run in plain
// Node.js (jest-light-runner), which loads our TypeScript through these hooks.
//
// - Our files import each other by the name they have once built (`./app.module.js`, as
//   Node's ES modules want): such a name finds the `.ts` file beside the importer.
// - A `.ts` file is compiled as `tsc` compiles it for the build, file by file (the project is
//   `isolatedModules`), with the decorator metadata that NestJS's injection reads. Types are
//   lint's job (scripts/lint-workspace.mjs), not the tests'.
// - Under `make test` (TEST_API_BUILT=1: the build ran first, and the tests start that build's
//   API) a file of `src/` loads as that build compiled it, when the build is newer than the
//   file: compiling each file again took a worker about 13 s of CPU, half its start.
// - `@jest/globals`, which the test files import, is Jest's own in the worker
//   (test/jest-globals.mjs).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const compilerOptions = {
  ...ts.convertCompilerOptionsFromJson(
    JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8')).compilerOptions,
    fileURLToPath(new URL('..', import.meta.url)),
  ).options,
  // Every file of the package is an ES module ("type": "module"), which the file-by-file
  // compiler cannot tell from `nodenext` alone.
  module: ts.ModuleKind.ESNext,
  // A failure's stack names the TypeScript lines (process.setSourceMapsEnabled below).
  sourceMap: false,
  inlineSourceMap: true,
  inlineSources: false,
};
const JEST_GLOBALS = new URL('./jest-globals.mjs', import.meta.url).href;
const RELATIVE_JS = /^\.{1,2}\/.*\.js$/;
const SOURCE_DIR = fileURLToPath(new URL('../src/', import.meta.url));
const BUILD_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/** The build's JavaScript of a `src/` file, when the build is newer than it; else undefined. */
function built(fileName) {
  if (process.env.TEST_API_BUILT !== '1' || !fileName.startsWith(SOURCE_DIR)) return undefined;
  const javascript = `${BUILD_DIR}${fileName.slice(SOURCE_DIR.length, -'.ts'.length)}.js`;
  if (!existsSync(javascript) || statSync(javascript).mtimeMs < statSync(fileName).mtimeMs) return undefined;
  // Its source map's name made absolute, as the module's own URL is the `.ts` file's.
  return readFileSync(javascript, 'utf8').replace(
    /^\/\/# sourceMappingURL=(.+)$/m,
    (_, map) => `//# sourceMappingURL=${new URL(map, pathToFileURL(javascript)).href}`,
  );
}

process.setSourceMapsEnabled(true);

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === '@jest/globals') return { url: JEST_GLOBALS, shortCircuit: true };
    const parent = context.parentURL;
    if (RELATIVE_JS.test(specifier) && parent?.startsWith('file:') && !parent.includes('/node_modules/')) {
      const typescript = new URL(`${specifier.slice(0, -'.js'.length)}.ts`, parent);
      if (existsSync(typescript)) return { url: typescript.href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !/\.ts(\?|$)/.test(url)) return nextLoad(url, context);
    const fileName = fileURLToPath(url.replace(/\?.*$/, ''));
    const source =
      built(fileName) ?? ts.transpileModule(readFileSync(fileName, 'utf8'), { compilerOptions, fileName }).outputText;
    return { format: 'module', source, shortCircuit: true };
  },
});
