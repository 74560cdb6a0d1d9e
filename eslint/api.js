// The API's own rules: module front doors, no import cycles, table ownership (docs/architecture.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const API = 'apps/api/src';
const MODULES = `${API}/modules`;

const FRONT_DOOR =
  'A module is used through its front door: import "../<module>" (its index.ts), never one of its files ' +
  '(docs/architecture.md, "Front doors").';

/** A module's file importing a file of another module (`../other/file`); its own files are `./file`. */
const deepFromModule = { regex: '^\\.\\./[^./][^/]*/', message: FRONT_DOOR };
/**
 * Anything else under src importing a module's file: app.ts may import the `<module>.routes.ts` files it registers
 * (the HTTP door of a module), nothing else may.
 */
const deepFromOutside = { regex: '(^|/)modules/[^/]+/', message: FRONT_DOOR };
const deepFromApp = { regex: '(^|/)modules/[^/]+/(?![^/]+\\.routes$)', message: FRONT_DOOR };

/**
 * Every table of apps/api/src/db/schema.ts and its one owner: the module (or lib file) whose files alone start a
 * statement on it (select, insert, update, delete); every other file calls the owner's functions through its front
 * door. `files` are the owner's files; a lib file that owns a table is an owner of its own. No file is listed under
 * two owners. A join to another module's table inside a statement is allowed (docs/architecture.md, "Tables").
 */
const lib = (file) => `${API}/lib/${file}`;
const ownerModule = (name, tables, files = []) => ({ tables, files: [`${MODULES}/${name}/**`, ...files], door: name });
const OWNED = {
  apiKeys: ownerModule('api-keys', ['api_keys']),
  audit: ownerModule('audit', ['audit_log'], [lib('audit.ts')]),
  auth: ownerModule('auth', ['user_tokens']),
  billing: ownerModule('billing', ['billing_events']),
  bot: ownerModule('bot', ['idempotency_keys']),
  calls: ownerModule('calls', [
    'calls',
    'calls_version',
    'call_notes',
    'sms_messages',
    'sms_counters',
    'call_attempts',
    'sms_opt_outs',
  ]),
  callsHistory: ownerModule('calls-history', ['monthly_call_counts']),
  connectors: ownerModule('connectors', ['connector_calls']),
  customers: ownerModule('customers', ['customers']),
  events: ownerModule('events', ['call_event_heads', 'call_events', 'event_tickets']),
  insights: ownerModule('insights', [
    'call_rollups',
    'call_caller_hours',
    'call_callers',
    'call_completions',
    'call_completion_rollups',
  ]),
  notifications: ownerModule('notifications', ['notifications']),
  phonebots: ownerModule('phonebots', ['phonebots']),
  'phonebot-versions': ownerModule('phonebot-versions', ['phonebot_versions']),
  push: ownerModule('push', ['push_subscriptions', 'push_deliveries', 'push_vapid_keys']),
  recordings: ownerModule('recordings', [
    'call_recordings',
    'recording_deletions',
    'recording_fetches',
    'recording_tickets',
  ]),
  sessions: ownerModule('sessions', ['access_tokens']),
  settings: ownerModule('settings', ['settings']),
  twoFactor: ownerModule('two-factor', ['two_factor', 'two_factor_recovery_codes', 'two_factor_challenges']),
  users: ownerModule('users', ['users']),
  webhooks: ownerModule('webhooks', ['webhooks', 'webhook_deliveries', 'webhook_completed_calls']),
  jobs: { tables: ['job_runs'], files: [lib('jobs.ts')], door: 'lib/jobs.ts' },
  mailer: { tables: ['mail_outbox'], files: [lib('mailer.ts')], door: 'lib/mailer.ts' },
  rateLimits: { tables: ['rate_limits'], files: [lib('rate-limit*.ts')], door: 'lib/rate-limit.ts' },
};

/** The tables of db/schema.ts (`export type Database = { name: ...; }`): each must have its owner above. */
function schemaTables() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const schema = fs.readFileSync(path.join(root, API, 'db/schema.ts'), 'utf8');
  const body = /export type Database = \{([\s\S]*?)\n\};/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+):/gm)].map((match) => match[1]);
}

const owned = Object.values(OWNED).flatMap((owner) => owner.tables);
const unowned = schemaTables().filter((table) => !owned.includes(table));
if (unowned.length > 0) {
  throw new Error(`eslint/api.js: give ${unowned.join(', ')} an owner in OWNED (docs/architecture.md, "Tables").`);
}
const twice = owned.filter((table, i) => owned.indexOf(table) !== i);
if (twice.length > 0) throw new Error(`eslint/api.js: ${twice.join(', ')} has more than one owner in OWNED.`);

function ownedTable(table, door) {
  const where = door.startsWith('lib/') ? door : `modules/${door}, through its index.ts`;
  return {
    selector: `CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/][arguments.0.value=/^${table}( |$)/]`,
    message: `The ${table} table is read and written through its owner's functions (${where}).`,
  };
}

/**
 * The ownership rule in blocks that do not overlap: a later block's no-restricted-syntax replaces an earlier one's
 * for the files both match. Outside every owner all the tables are restricted; inside one owner, the others'.
 * Statements written as SQL text are not matched; they are few (the Bot API's one-statement ingest on PostgreSQL, the
 * call search's index, the metrics' queue depths) and are read in review.
 */
export function ownedTables() {
  const owners = Object.keys(OWNED);
  // Tests arrange and check rows directly; migrations and the demo seed build and fill a database.
  const exempt = [`${API}/**/*.test.ts`, `${API}/db/migrations/**`, `${API}/db/seed-demo.ts`];
  const restrict = (restricted) => ({
    'no-restricted-syntax': [
      'error',
      ...restricted.flatMap((owner) => OWNED[owner].tables.map((table) => ownedTable(table, OWNED[owner].door))),
    ],
  });
  return [
    {
      files: [`${API}/**/*.ts`],
      ignores: [...exempt, ...owners.flatMap((o) => OWNED[o].files)],
      rules: restrict(owners),
    },
    ...owners.map((owner) => {
      const others = owners.filter((o) => o !== owner);
      return {
        files: OWNED[owner].files,
        ignores: [...exempt, ...others.flatMap((o) => OWNED[o].files)],
        rules: restrict(others),
      };
    }),
  ];
}

const HTTP_ERRORS = {
  name: '../../lib/errors',
  importNames: ['ApiError', 'errorObject', 'validationError'],
  message: 'Throw a refusal from lib/domain-errors.ts; the HTTP status is chosen at the edge.',
};
const ROUTER = {
  name: '../../lib/router',
  message:
    "Only routes (*.routes.ts) speak to the router; a service takes lib/principal.ts's Principal or an Actor, never the request.",
};

/** The API's rules, in the order they apply. */
export const apiRules = [
  {
    files: ['apps/api/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/api/tsconfig.json' })],
    },
    rules: {
      // No import cycle anywhere in the API: modules form layers (docs/architecture.md). Type-only imports are not
      // followed (they vanish from the built code).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${MODULES}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepFromModule] }] },
  },
  {
    // Services, stores and jobs speak the product's language: they throw refusals (lib/domain-errors.ts), and the
    // API's edge chooses the HTTP status. Only routes and the HTTP plumbing build HTTP errors and see the router.
    files: [`${MODULES}/**/*.ts`],
    ignores: [`${MODULES}/**/*.routes.ts`, `${MODULES}/**/*.test.ts`],
    rules: { 'no-restricted-imports': ['error', { paths: [HTTP_ERRORS, ROUTER], patterns: [deepFromModule] }] },
  },
  {
    files: [`${API}/**/*.ts`, 'apps/api/test/**/*.ts'],
    ignores: [`${MODULES}/**`, `${API}/app.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepFromOutside] }] },
  },
  {
    files: [`${API}/app.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepFromApp] }] },
  },
  // Each table has one owner module that reads and writes it; other modules call its functions (docs/architecture.md
  // "Tables"). Joins inside one query are not flagged; a query that starts from another module's table is.
  ...ownedTables(),
];
