// Every relative link of the repository's Markdown (README.md, docs/) leads somewhere: the
// file or folder exists, and a `#fragment` names a heading of the file it points at, as
// GitHub spells a heading's anchor. Links to other sites are not fetched.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { readText, ROOT } from './helpers.mjs';

/** The Markdown files of the work tree, tracked or new (git's ignore rules keep node_modules out). */
const markdownFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.split('/').includes('node_modules'));

/** The text outside fenced code blocks and code spans, where a link is a link. */
const prose = (text) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

/** The anchors of a file's headings; a repeated heading gets `-1`, `-2`, … as on GitHub. */
const anchorsOf = (text) => {
  const seen = new Map();
  const headings = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm);
  return new Set(
    [...headings].map(([, heading]) => {
      const anchor = anchorOf(heading);
      const count = seen.get(anchor) ?? 0;
      seen.set(anchor, count + 1);
      return count === 0 ? anchor : `${anchor}-${count}`;
    }),
  );
};

/** The targets of a file's inline links and images (`[text](target "title")`) and its link definitions. */
const linkTargets = (text) => {
  const body = prose(text);
  return [
    ...[...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
    ...[...body.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]),
  ];
};

/** What is wrong with one link of `file`, or null when it resolves. */
function problem(file, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …: another site
  const [pathPart, fragment] = target.split('#', 2);
  const resolved = pathPart ? path.posix.join(path.posix.dirname(file), decodeURIComponent(pathPart)) : file;
  if (!existsSync(path.join(ROOT, resolved))) return `${target}: no ${resolved}`;
  if (fragment === undefined) return null;
  if (!resolved.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
  const anchors = anchorsOf(readText(resolved));
  if (!anchors.has(decodeURIComponent(fragment))) return `${target}: no heading #${fragment} in ${resolved}`;
  return null;
}

describe('Markdown links', () => {
  test('spell heading anchors as GitHub does', () => {
    assert.equal(anchorOf('Operations: what each fault looks like'), 'operations-what-each-fault-looks-like');
    assert.equal(anchorOf("The API's variables"), 'the-apis-variables');
    assert.equal(
      anchorOf('Tests: what `make test` runs, and how long it takes'),
      'tests-what-make-test-runs-and-how-long-it-takes',
    );
    assert.equal(anchorOf('The team: accounts, roles, invitations'), 'the-team-accounts-roles-invitations');
    assert.deepEqual([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n## A\n')], ['a', 'a-1']);
  });

  test('find the links of a text, not those in code', () => {
    const text =
      '[a](docs/a.md#x) ![b](shot.png "title") `[c](nowhere.md)`\n```\n[d](nowhere.md)\n```\n[e]: https://example.com\n';
    assert.deepEqual(linkTargets(text), ['docs/a.md#x', 'shot.png', 'https://example.com']);
  });

  const files = markdownFiles();
  test('are found in README.md and docs/', () => {
    assert.ok(files.includes('README.md') && files.some((file) => file.startsWith('docs/')), files.join(', '));
  });

  for (const file of files) {
    test(`of ${file} resolve: each file exists and each #anchor is a heading of it`, () => {
      const broken = linkTargets(readText(file))
        .map((target) => problem(file, target))
        .filter(Boolean);
      assert.deepEqual(broken, []);
    });
  }
});
