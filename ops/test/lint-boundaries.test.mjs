// The lint rules that keep the folders apart fail on a deliberate violation: a probe file
// is written inside the tree, linted with the project's own ESLint config, and removed.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './helpers.mjs';

/** The rule ids ESLint reports for `source` written at `relative` inside `workspace`. */
async function lintProbe(workspace, relative, source) {
  const cwd = path.join(ROOT, workspace);
  const file = path.join(cwd, relative);
  writeFileSync(file, source);
  try {
    const [result] = await new ESLint({ cwd }).lintFiles([file]);
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  } finally {
    rmSync(file, { force: true });
  }
}

const probe = `boundary-probe-${process.pid}.ts`;

describe('frontend boundaries', () => {
  for (const folder of ['lib', 'components', 'config']) {
    it(`src/${folder}/ may not import a feature`, async () => {
      const messages = await lintProbe(
        'frontend',
        `src/${folder}/${probe}`,
        "import { useMe } from '@/features/auth/api/get-me';\n\nexport const probe = useMe;\n",
      );
      assert.deepEqual(messages, [
        "no-restricted-imports: '@/features/auth/api/get-me' import is restricted from being used by a pattern. Shared folders (lib, components, config) never import a feature.",
      ]);
    });
  }

  for (const [folder, other, source] of [
    ['config', 'lib', "import { queryClient } from '@/lib/query-client';\n\nexport const probe = queryClient;\n"],
    ['lib', 'components', "import { Spinner } from '@/components/spinner';\n\nexport const probe = Spinner;\n"],
  ]) {
    it(`src/${folder}/ may not import src/${other}/ (the shared folders import one way)`, async () => {
      const messages = await lintProbe('frontend', `src/${folder}/${probe}`, source);
      assert.equal(messages.length, 1);
      assert.match(messages[0], new RegExp(`^no-restricted-imports: .*src/${folder} does not import src/${other}: `));
    });
  }

  it('one part of the admin feature may not import another (inbox, analytics)', async () => {
    const messages = await lintProbe(
      'frontend',
      `src/features/admin/analytics/${probe}`,
      "import { STATUSES } from '../inbox/api/contact-types';\n\nexport const probe = STATUSES;\n",
    );
    assert.equal(messages.length, 1);
    assert.match(
      messages[0],
      /^no-restricted-imports: .*The admin feature's parts \(inbox, analytics\) do not import each other/,
    );
  });

  it('src/lib/ may import another shared folder', async () => {
    const messages = await lintProbe(
      'frontend',
      `src/lib/${probe}`,
      "import { paths } from '@/config/paths';\n\nexport const probe = paths;\n",
    );
    assert.deepEqual(messages, []);
  });
});

describe('backend boundaries', () => {
  for (const folder of ['config', 'common']) {
    it(`src/${folder}/ may not import a feature`, async () => {
      const messages = await lintProbe(
        'backend',
        `src/${folder}/${probe}`,
        "import { INTERESTS } from '../contact/contact-rules.js';\n\nexport const probe = INTERESTS;\n",
      );
      assert.equal(messages.length, 1);
      assert.match(messages[0], /^no-restricted-imports: .*never import a feature folder\.$/);
    });
  }

  it('src/database/ may import an entity, and nothing else of a feature', async () => {
    const entity = await lintProbe(
      'backend',
      `src/database/${probe}`,
      "import { User } from '../users/user.entity.js';\n\nexport const probe = User;\n",
    );
    assert.deepEqual(entity, []);

    const service = await lintProbe(
      'backend',
      `src/database/${probe}`,
      "import { ContactService } from '../contact/contact.service.js';\n\nexport const probe = ContactService;\n",
    );
    assert.equal(service.length, 1);
    assert.match(service[0], /^no-restricted-imports: .*database\/ imports only entities from the feature folders\.$/);
  });
});
