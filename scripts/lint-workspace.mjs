// A workspace's lint: TypeScript's own errors (what `tsc --noEmit` reports) and ESLint with
// `--max-warnings 0`, sharing one TypeScript program. ESLint's typed rules ask the type
// checker about every file; run apart, ESLint and tsc each built the program and checked the
// workspace's types, so half the type checking was done twice (issue 41).
// Run from the workspace's folder: `node ../scripts/lint-workspace.mjs`.
import process from 'node:process';
import { ESLint } from 'eslint';
import ts from 'typescript';

/** The program of the workspace's tsconfig.json, as `tsc --noEmit` builds it. */
function createProgram(cwd) {
  const configPath = ts.findConfigFile(cwd, ts.sys.fileExists, 'tsconfig.json');
  const configHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, configHost);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  return { program, configErrors: config.errors };
}

/** Prints TypeScript's diagnostics the way tsc does; returns how many. */
function reportTypeErrors(program, configErrors, cwd) {
  const diagnostics = [...configErrors, ...ts.getPreEmitDiagnostics(program)];
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => cwd, getNewLine: () => '\n' };
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  return diagnostics.length;
}

/** ESLint on the workspace (its eslint.config.mjs), its typed rules reading `program`; returns the problems. */
async function lint(program) {
  const eslint = new ESLint({
    // Only the TypeScript files: the config turns type information off for .js/.mjs.
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
        languageOptions: { parserOptions: { projectService: false, project: false, programs: [program] } },
      },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output) process.stdout.write(output);
  return results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
}

const cwd = process.cwd();
const { program, configErrors } = createProgram(cwd);
const typeErrors = reportTypeErrors(program, configErrors, cwd);
// Types first, as tsc would fail alone; ESLint's problems are counted even so.
const problems = await lint(program);
if (typeErrors > 0) console.error(`TypeScript: ${typeErrors} error(s).`);
// --max-warnings 0: a warning fails as an error does.
process.exitCode = typeErrors > 0 || problems > 0 ? 1 : 0;
