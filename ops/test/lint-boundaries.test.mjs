// The lint rules that keep the folders apart fail on a deliberate violation: probe files are
// written inside the tree, linted with the project's own ESLint config, and removed.
import assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from './helpers.mjs';

/**
 * The project's config, reduced to the rule these tests are about: `no-restricted-imports`
 * needs no type information, and building a workspace's TypeScript program for each run
 * cost about 2 CPU-seconds (28 of the file's 30 before).
 */
const BOUNDARY_RULE_ONLY = {
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
};

/**
 * The messages ESLint reports for each probe (`[relative path, source]`) written inside
 * `workspace`, in the probes' order: all linted in one run.
 */
async function lintProbes(workspace, probes) {
  const cwd = path.join(ROOT, workspace);
  const files = probes.map(([relative]) => path.join(cwd, relative));
  try {
    probes.forEach(([, source], index) => writeFileSync(files[index], source));
    const results = await new ESLint({ cwd, ...BOUNDARY_RULE_ONLY }).lintFiles(files);
    const byFile = new Map(results.map((result) => [result.filePath, result.messages]));
    return files.map((file) => byFile.get(file).map((message) => `${message.ruleId}: ${message.message}`));
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

/** The rule ids ESLint reports for `source` written at `relative` inside `workspace`. */
async function lintProbe(workspace, relative, source) {
  const [messages] = await lintProbes(workspace, [[relative, source]]);
  return messages;
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

  describe('features', () => {
    // Every folder of src/features/ is a feature, those of tomorrow included.
    const features = readdirSync(path.join(ROOT, 'frontend/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // Each feature importing the next one, by the alias and by a relative path, and the app's
    // routes importing one: all linted in one run.
    const violations = features.flatMap((feature, index) => {
      const other = features[(index + 1) % features.length];
      return ['@/features/', '../'].map((prefix) => ({
        feature,
        other,
        probe: [`src/features/${feature}/${probe.replace('.ts', `-${prefix.length}.ts`)}`, `import '${prefix}${other}/api/x';\n`],
      }));
    });
    const allowed = [
      [`src/app/routes/${probe}`, `import '@/features/${features[0]}/api/x';\n`],
      [`src/features/${features[0]}/${probe}`, "import '@/lib/url';\nimport './api/x';\n"],
    ];
    let messages;
    before(async () => {
      messages = await lintProbes('frontend', [...violations.map((violation) => violation.probe), ...allowed]);
    });

    it('are the domains, without the admin bucket', () => {
      for (const feature of [
        'inbox',
        'analytics',
        'webhooks',
        'email-settings',
        'team',
        'account',
        'auth',
        'contact',
        'privacy',
      ]) {
        assert.ok(features.includes(feature), `${feature} is a feature folder`);
      }
      assert.ok(!features.includes('admin'), 'no feature is named for a role');
    });

    for (const feature of features) {
      it(`src/features/${feature}/ may not import another feature`, () => {
        violations.forEach((violation, index) => {
          if (violation.feature !== feature) return;
          assert.equal(messages[index].length, 1, `${violation.probe[1].trim()}: ${messages[index].join('; ')}`);
          assert.match(messages[index][0], /^no-restricted-imports: .* Features do not import each other: /);
        });
      });
    }

    it('src/app/routes/ may import a feature, and a feature its own files and the shared folders', () => {
      assert.deepEqual(messages.slice(violations.length), [[], []]);
    });
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
  // The layers as backend/eslint.config.mjs declares them (docs/architecture.md).
  const CORE = ['config', 'metrics', 'common', 'shutdown', 'audit', 'rate-limit', 'deliveries', 'identity', 'mail', 'database'];
  const features = readdirSync(path.join(ROOT, 'backend/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !CORE.includes(entry.name) && entry.name !== 'leads')
    .map((entry) => entry.name);
  const restricted = (message) => new RegExp(`^no-restricted-imports: .*${message}`);
  /** ESLint reported `expected` (among others: an import may break two rules). */
  const reports = (messages, expected) =>
    assert.ok(
      messages.some((message) => expected.test(message)),
      `expected ${expected}, got: ${messages.join('; ') || 'nothing'}`,
    );

  // Each core folder importing (a service of) each feature, linted once for all the cases below.
  const violations = features.flatMap((feature) =>
    CORE.map((core) => ({
      feature,
      core,
      probe: [`src/${core}/${probe.replace('.ts', `-${feature}.ts`)}`, `import '../${feature}/${feature}.service.js';\n`],
    })),
  );
  let messages;
  before(async () => {
    messages = await lintProbes(
      'backend',
      violations.map((violation) => violation.probe),
    );
  });

  it('knows the feature folders, the ones lint missed before included', () => {
    for (const feature of ['analytics', 'inbox', 'intake', 'team', 'erasure', 'errors', 'lead-emails']) {
      assert.ok(features.includes(feature), `${feature} is a feature folder`);
    }
  });

  for (const feature of features) {
    it(`no core folder may import src/${feature}/`, () => {
      violations.forEach((violation, index) => {
        if (violation.feature !== feature) return;
        reports(
          messages[index],
          violation.core === 'database'
            ? restricted('database/ imports only entities from the feature folders\\.')
            : restricted('A core folder never imports a feature folder nor leads/\\.'),
        );
      });
    });
  }

  it('a core folder may not import leads/', async () => {
    const messages = await lintProbe(
      'backend',
      `src/mail/${probe}`,
      "import { LeadEvents } from '../leads/lead-events.service.js';\n\nexport const probe = LeadEvents;\n",
    );
    reports(messages, restricted('A core folder never imports a feature folder nor leads/'));
  });

  it('leads/ may not import a feature', async () => {
    const messages = await lintProbe(
      'backend',
      `src/leads/${probe}`,
      "import { WebhookEvents } from '../webhooks/webhook-events.service.js';\n\nexport const probe = WebhookEvents;\n",
    );
    reports(messages, restricted('leads/ imports the core folders only, never a feature\\.'));
  });

  it('a feature may not import another feature, from a subfolder too, nor by the arrows once allowed', async () => {
    const results = await lintProbes('backend', [
      [
        `src/sheets/${probe}`,
        "import { WebhookEvents } from '../webhooks/webhook-events.service.js';\n\nexport const probe = WebhookEvents;\n",
      ],
      [
        `src/intake/spam/${probe}`,
        "import { ContactTriageService } from '../../inbox/contact-triage.service.js';\n\nexport const probe = ContactTriageService;\n",
      ],
      // inbox/ → sheets/, response-time/ → inbox/ and → webhooks/: lint let them through once.
      [
        `src/inbox/${probe}`,
        "import { SheetsOutbox } from '../sheets/sheets-outbox.service.js';\n\nexport const probe = SheetsOutbox;\n",
      ],
      [
        `src/response-time/${probe}`,
        "import { ContactTriageService } from '../inbox/contact-triage.service.js';\nimport { WebhookEvents } from '../webhooks/webhook-events.service.js';\n\nexport const probe = [ContactTriageService, WebhookEvents];\n",
      ],
    ]);
    for (const messages of results) {
      reports(messages, restricted('A feature imports the core folders and leads/ only, never another feature\\.'));
    }
    // Both of response-time/'s imports are refused.
    assert.equal(results[3].filter((message) => message.startsWith('no-restricted-imports')).length, 2);
  });

  it('a core folder may not import a core folder after it (no two folders import each other)', async () => {
    const messages = await lintProbe(
      'backend',
      `src/identity/${probe}`,
      "import { MailTransport } from '../mail/mail-transport.service.js';\n\nexport const probe = MailTransport;\n",
    );
    assert.equal(messages.length, 1);
    reports(messages, restricted('identity/ imports only the core folders before it \\(.*\\): no two import each other\\.'));
  });

  it('a feature may import the core and leads/; database/ an entity', async () => {
    const [feature, database] = await lintProbes('backend', [
      [
        `src/webhooks/${probe}`,
        "import { LeadEvents } from '../leads/lead-events.service.js';\nimport { MailTransport } from '../mail/mail-transport.service.js';\n\nexport const probe = [LeadEvents, MailTransport];\n",
      ],
      [`src/database/${probe}`, "import { User } from '../identity/user.entity.js';\n\nexport const probe = User;\n"],
    ]);
    assert.deepEqual(feature, []);
    assert.deepEqual(database, []);
  });
});
