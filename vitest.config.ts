import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const e2eFilesAtOnce = Math.max(1, Number(process.env.E2E_FILES_AT_ONCE ?? 2) || 1);
const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
/**
 * Password hashes of N=2^10 instead of the product's 2^15 in the test runs that make accounts and sign in (thousands
 * of hashes, about a third of the API tests' time); honoured only where NODE_ENV is test (lib/crypto.ts), which
 * Vitest sets, and so also in the servers the tests start.
 */
const cheapHashes = { PASSWORD_HASH_COST: '10' };
/**
 * What the quick tier (`npm run test:quick`, TEST_TIER=quick) leaves to `npm test`: the resource-exhaustion proof,
 * which floods a real server process with hundreds of connections, a load test of about a tenth of the tier's CPU.
 */
const loadProofs = process.env.TEST_TIER === 'quick' ? ['apps/api/test/exhaustion.test.ts'] : [];
const unitTests = [
  'packages/shared/src/**/*.unit.test.ts',
  'apps/api/src/**/*.unit.test.ts',
  'apps/web/src/**/*.unit.test.ts',
];

/**
 * The files that take longest, longest first. Vitest orders a project's files by their last durations, which a clean
 * clone (CI) does not have: it then starts the largest files first, and a short file with a long run (the screens'
 * accessibility passes) started last would keep one worker busy long after the others are done.
 */
const SLOWEST_FIRST = [
  // Browser flows, by their durations of 7 December 2026 (two at once, the reliability proofs beside).
  'apps/web/e2e/inbox.e2e.ts',
  'apps/web/e2e/account-protection.e2e.ts',
  'apps/web/e2e/first-hour.e2e.ts',
  'apps/web/e2e/screens.e2e.ts',
  'apps/web/e2e/calls.e2e.ts',
  'apps/web/e2e/admin.e2e.ts',
  'apps/web/e2e/users.e2e.ts',
  'apps/web/e2e/live.e2e.ts',
  // API tests, each project on its own.
  'apps/api/test/security/authz-matrix.test.ts',
  'apps/api/test/redis-faults.test.ts',
  'apps/api/test/webhooks-crash.test.ts',
  'apps/api/test/security/concurrency.test.ts',
  'apps/api/test/security/fuzz.test.ts',
  'apps/api/src/modules/auth/account-protection.test.ts',
  'apps/api/test/shutdown.test.ts',
  'apps/api/test/exhaustion.test.ts',
  'apps/api/test/jobs-once.test.ts',
  'apps/api/test/backup.test.ts',
  // Component tests.
  'apps/web/src/features/phonebots/source.component.test.tsx',
  'apps/web/src/features/company/company-profile.component.test.tsx',
  'apps/web/src/features/calls/dense-list.component.test.tsx',
  'apps/web/src/features/calls/inbox-keys.component.test.tsx',
  'apps/web/src/features/customers/edit-customer.component.test.tsx',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return index < 0 ? SLOWEST_FIRST.length : index;
    };
    // Within a project only: the projects keep the order Vitest gave them.
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return [...sorted].sort((a, b) =>
      a.project.name === b.project.name
        ? rank(a) - rank(b) || position.get(a)! - position.get(b)!
        : position.get(a)! - position.get(b)!,
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Vitest's default is one worker less than the cores, which is one on a two-core machine. The API tests wait on
    // their databases, mail and HTTP servers more than they compute: three files at once on two cores keeps the
    // cores busy (the projects marked fileParallelism: false still run one file at a time).
    maxWorkers: Math.max(3, os.availableParallelism()),
    // The API test files share their worker's modules (isolate: false): each file builds its own runtimes on its
    // own databases, and nothing of a runtime lives at module level, so a file no longer pays for importing the
    // whole server again (about a third of the API stage's time).
    projects: [
      { test: { name: 'unit', include: unitTests, environment: 'node' } },
      // The screens in happy-dom with the API's answers stubbed at `fetch` (apps/web/src/test): texts, validation,
      // dialogs, empty and error states, German. The journeys through the real server stay in the browser flows.
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          exclude: [...unitTests, ...loadProofs],
          isolate: false,
          env: { TEST_DB: 'sqlite', ...cheapHashes },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: unitTests,
          isolate: false,
          env: { TEST_DB: 'postgres', ...cheapHashes },
          // One database migrated for the run; each test app's database is a copy of it.
          globalSetup: ['apps/api/test/postgres-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['apps/api/test/reliability/**/*.reliability.ts'],
          env: cheapHashes,
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'node-versions',
          include: ['apps/api/test/node-versions/**/*.node-versions.ts'],
          env: cheapHashes,
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          env: cheapHashes,
          // Two files at once (each with its own server and Chromium): a flow waits on its pages about a third of
          // the time. E2E_FILES_AT_ONCE=1 runs one at a time.
          fileParallelism: e2eFilesAtOnce > 1,
          maxWorkers: e2eFilesAtOnce,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
