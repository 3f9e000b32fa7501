// Jest's runtime (jest.config.js `runtime`), with V8's compiled code kept across the test
// files of a worker.
//
// Jest gives every test file a fresh module registry: each file loads the app's whole module
// graph again (about 2,600 files, 13 MB of JavaScript), and V8 parses each of them again in
// `vm.compileFunction` (CommonJS) or `new vm.SourceTextModule` (ES modules). That parsing was
// the largest part of a file's start-up. Here the first file of a worker has V8 produce its code
// cache for each source, and the next files hand it back: V8 then skips the parse. Nothing is
// shared but compiled code: each file still runs every module afresh in its own context, so the
// tests see what they saw before.
//
// The cache lives in the worker's memory, keyed by file name and checked against the source
// text itself (V8 only checks the text's length): a source that changed compiles afresh.
// The named exports that Jest reads off a CommonJS module imported from an ES module (by
// parsing it with cjs-module-lexer) are kept across files likewise.
import { createRequire } from 'node:module';
import vm from 'node:vm';

// Jest's own runtime, a CommonJS module, as Jest loads it.
const Runtime = createRequire(import.meta.url)('jest-runtime').default;

/** file name → { source, cachedData, afterRun } */
const compiled = new Map();

function cachedFor(filename, source) {
  const entry = compiled.get(filename);
  return entry && entry.source === source ? entry : undefined;
}

function remember(filename, source, cachedData, afterRun) {
  if (cachedData) compiled.set(filename, { source, cachedData, afterRun });
}

/**
 * CommonJS scripts compiled in this test file whose cache holds only what V8 compiled before
 * they ran; the runtime's teardown has V8 produce their cache again, with every function
 * that ran (V8 compiles a function's body when it is first called, and a cache made before
 * that holds only the top level). ES modules cannot have this (Node refuses a code cache of
 * a module that has been evaluated), so theirs stays the top level.
 */
let ranScripts = [];

const compileFunction = vm.compileFunction;
vm.compileFunction = function compileFunctionCached(code, params, options = {}) {
  const { filename, parsingContext } = options;
  // A `#!` line is only valid at a script's very start, not inside the wrapper below.
  if (!filename || !parsingContext || code.startsWith('#!')) return compileFunction(code, params, options);
  // The function as a script of its own, as Jest once compiled modules: unlike
  // vm.compileFunction's result, a vm.Script can make its cache after it has run.
  const source = `(function (${params.join(', ')}) {${code}\n})`;
  const entry = cachedFor(filename, source);
  const script = new vm.Script(source, {
    filename,
    cachedData: entry?.cachedData,
    importModuleDynamically: options.importModuleDynamically,
  });
  if (!entry?.afterRun || script.cachedDataRejected) ranScripts.push({ filename, source, script });
  return script.runInContext(parsingContext);
};

function rememberRanScripts() {
  for (const { filename, source, script } of ranScripts) remember(filename, source, script.createCachedData(), true);
  ranScripts = [];
}

// Only with --experimental-vm-modules (npm test sets it); without, Jest says what is missing.
const SourceTextModule = vm.SourceTextModule;
if (SourceTextModule) {
  vm.SourceTextModule = class CachedSourceTextModule extends SourceTextModule {
    constructor(code, options = {}) {
      const filename = options.identifier;
      const cachedData = filename ? cachedFor(filename, code)?.cachedData : undefined;
      super(code, cachedData ? { ...options, cachedData } : options);
      if (!cachedData && filename) remember(filename, code, this.createCachedData(), false);
    }
  };
}

/** module path → its named exports, as cjs-module-lexer finds them */
const cjsExports = new Map();

export default class CachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    this.cjsExportsCache.cache = cjsExports;
  }

  teardown() {
    rememberRanScripts();
    super.teardown();
  }
}
