import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, type Migration, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, createPostgresDatabase } from '../../../test/db';
import { type Db, createDb, migrateToLatest } from '../client';
import { migrations } from './index';
import { LEGACY_NAMES, renameLegacyMigrations } from './legacy-names';

/*
 * The migrations: named and listed in order (a new one named before the latest fails here), and the schema they
 * build the same on a new database, on one migrated one step at a time with rows on the way, and on databases
 * migrated under the names used before 2026-12-06 (see legacy-names.ts), on both engines.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema changes from one migration to the next
type AnyDb = Kysely<any>;

const FOLDER = path.dirname(fileURLToPath(import.meta.url));
/** `YYYYMMDDHHMMSS-what-it-does`: a UTC timestamp, then lower-case words joined by hyphens. */
const NAME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Files of the folder that are not migrations. */
const HELPERS = new Set(['dialect.ts', 'index.ts', 'legacy-names.ts']);
const NAMES = Object.keys(migrations);
const SORTED = [...NAMES].sort();
/** The migrations named since the renaming: a database from before it has them still to run. */
const SINCE_RENAMING = SORTED.filter((name) => !Object.values(LEGACY_NAMES).includes(name));
const LATEST = SORTED[SORTED.length - 1]!;

describe('the migrations folder', () => {
  const files = fs.readdirSync(FOLDER).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const migrationFiles = files.filter((file) => !HELPERS.has(file)).map((file) => file.slice(0, -3));

  it('names every migration YYYYMMDDHHMMSS-what-it-does after a valid UTC time, no two at the same time', () => {
    for (const name of migrationFiles) {
      const match = NAME.exec(name);
      expect(match, `${name}.ts: a migration is named YYYYMMDDHHMMSS-what-it-does.ts`).not.toBeNull();
      const [year, month, day, hour, minute, second] = match!.slice(1).map(Number) as number[];
      const time = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
      expect(
        time.getUTCMonth() === month! - 1 && time.getUTCDate() === day! && time.getUTCHours() === hour!,
        `${name}: not a valid time`,
      ).toBe(true);
      expect(time.getTime(), `${name}: its time lies in the future`).toBeLessThanOrEqual(Date.now() + 86_400_000);
    }
    const stamps = migrationFiles.map((name) => name.slice(0, 14));
    expect(new Set(stamps).size, 'two migrations share a timestamp').toBe(stamps.length);
  });

  it('lists every migration file in index.ts, in the order of their names, under its file name', async () => {
    expect([...NAMES].sort(), 'index.ts lists exactly the migration files of the folder').toEqual(
      [...migrationFiles].sort(),
    );
    for (let i = 1; i < NAMES.length; i++) {
      expect(
        NAMES[i]! > NAMES[i - 1]!,
        `index.ts lists ${NAMES[i]} after ${NAMES[i - 1]}, but it sorts before it: the migrations run in the order of ` +
          `their names, and a new one is named after the latest (${LATEST}) and appended`,
      ).toBe(true);
    }
    for (const name of NAMES) {
      const module = (await import(/* @vite-ignore */ path.join(FOLDER, `${name}.ts`))) as Migration;
      expect(migrations[name], `index.ts maps ${name} to another file`).toBe(module);
    }
  });

  it('gives every migration up() and down(), or a reason why it cannot be undone', async () => {
    for (const name of NAMES) {
      const module = migrations[name] as Migration & { irreversible?: unknown };
      expect(typeof module.up, `${name}: no up()`).toBe('function');
      if (typeof module.down !== 'function') {
        expect(
          typeof module.irreversible === 'string' && module.irreversible.length > 0,
          `${name}: no down(); export down(), or export const irreversible = '<why it cannot be undone>'`,
        ).toBe(true);
      }
    }
  });

  it('maps every old name to a migration of its own, ordered before every migration named since', () => {
    expect(Object.values(LEGACY_NAMES).every((name) => NAMES.includes(name))).toBe(true);
    expect(new Set(Object.values(LEGACY_NAMES)).size).toBe(Object.keys(LEGACY_NAMES).length);
    // The renamed ones come before every migration named since.
    const renamed = new Set(Object.values(LEGACY_NAMES));
    expect(SORTED.slice(0, renamed.size).every((name) => renamed.has(name))).toBe(true);
  });

  /**
   * A database that has a migration refuses one that sorts before it. The migrations of this branch are therefore
   * sorted by the commit that brought each here (following first parents: merging a branch brings its migrations at
   * the merge); a migration not committed yet comes last.
   */
  const history = gitArrivals(FOLDER);
  it.skipIf(!history)('names a new migration after every migration that reached this branch before it', () => {
    expect(misnamed(SORTED, (name) => history!.get(`${name}.ts`) ?? Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('fails a migration named before one that reached the branch earlier, saying what to do', () => {
    const arrivals: Record<string, number> = {
      '20261201090000-earlier': 1,
      '20261202090000-latest': 2,
      '20261130090000-new-one': Number.POSITIVE_INFINITY, // not committed yet
    };
    expect(misnamed(Object.keys(arrivals).sort(), (name) => arrivals[name]!)).toBe(
      'Migration 20261130090000-new-one sorts before 20261201090000-earlier, which reached this branch before it. ' +
        'Databases that already have 20261201090000-earlier refuse to run an earlier one: rename ' +
        '20261130090000-new-one to the current time (date -u +%Y%m%d%H%M%S) and move it to the end of index.ts.',
    );
    expect(misnamed(['20261201090000-earlier', '20261202090000-latest'], (name) => arrivals[name]!)).toBeUndefined();
  });
});

/**
 * What is wrong with the names of migrations (`sorted` by name) given when each reached the branch: a migration
 * that sorts before one that was there before it. Undefined when nothing is.
 */
function misnamed(sorted: string[], arrival: (name: string) => number): string | undefined {
  const [first, ...rest] = sorted;
  let latest = first!;
  for (const name of rest) {
    if (arrival(name) >= arrival(latest)) {
      latest = name;
      continue;
    }
    // `latest` came after `name` although it sorts before it.
    return (
      `Migration ${latest} sorts before ${name}, which reached this branch before it. Databases that already have ` +
      `${name} refuse to run an earlier one: rename ${latest} to the current time (date -u +%Y%m%d%H%M%S) and move ` +
      'it to the end of index.ts.'
    );
  }
  return undefined;
}

/**
 * When each migration file reached the current branch, as the position of that commit among the first-parent
 * commits (oldest first); undefined outside a git checkout.
 */
function gitArrivals(folder: string): Map<string, number> | undefined {
  let log: string;
  try {
    log = execFileSync(
      'git',
      [
        'log',
        '--reverse',
        '--first-parent',
        '--diff-merges=first-parent',
        '--no-renames',
        '--diff-filter=A',
        '--name-only',
        '--format=%x00',
        '--relative',
        '--',
        '.',
      ],
      { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch {
    return undefined;
  }
  const arrivals = new Map<string, number>();
  log.split('\0').forEach((commit, index) => {
    for (const file of commit.split('\n')) if (file.trim()) arrivals.set(path.basename(file.trim()), index);
  });
  return arrivals;
}

// ---------------------------------------------------------------------------------------------------------------
// Databases

const opened: { db: Db; drop: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(
    opened.splice(0).map(async ({ db, drop }) => {
      await db.close();
      await drop();
    }),
  );
});

async function openDb(): Promise<{ db: Db; kysely: AnyDb }> {
  const pg = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-migrations-'));
  const db = createDb({ databaseUrl: pg?.url, dataDir });
  opened.push({
    db,
    drop: async () => {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return { db, kysely: db.db as unknown as AnyDb };
}

const NOW = '2026-11-24T10:00:00.000Z';

/**
 * Rows written right after a migration (by its current name), so that later migrations meet existing data: the
 * backfills of previews, callback deadlines, insights counts and webhook deliveries' calls run over them.
 */
const ROWS: Record<string, (db: AnyDb) => Promise<void>> = {
  '20261121211641-accounts': async (db) => {
    await db
      .insertInto('customers')
      .values({ id: 1, company_name: 'Old GmbH', status: 'Active', created_at: NOW, updated_at: NOW })
      .execute();
    await db
      .insertInto('users')
      .values({
        id: 1,
        customer_id: 1,
        name: 'Ada',
        email: 'ada@example.com',
        role: 'admin',
        status: 'active',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await db
      .insertInto('access_tokens')
      .values({ id: 1, user_id: 1, token_hash: 'h', created_at: NOW, last_used_at: NOW, expires_at: NOW })
      .execute();
    await db
      .insertInto('phonebots')
      .values({ id: 1, customer_id: 1, license_key: 'k', bezeichnung: 'Bot', created_at: NOW, updated_at: NOW })
      .execute();
  },
  '20261121212939-phonebots-and-calls': async (db) => {
    const calls: [number, string, string, string][] = [
      [1, 'Normal Callback', 'Completed', JSON.stringify([{ action: 'user', text: 'Please call me back' }])],
      [2, 'Transferred', 'New', '[]'],
      [3, 'Important Callback', 'In Progress', JSON.stringify([{ action: 'bot', text: 'Hello' }])],
    ];
    for (const [id, priority, status, response] of calls) {
      await db
        .insertInto('calls')
        .values({
          id,
          customer_id: 1,
          phonebot_id: 1,
          caller_number: '+4930111',
          response,
          priority,
          status,
          created_at: NOW,
          updated_at: '2026-11-24T12:00:00.000Z',
        })
        .execute();
    }
  },
  '20261121213614-call-follow-up': async (db) => {
    await db
      .insertInto('call_notes')
      .values({ call_id: 1, customer_id: 1, user_id: 1, text: 'Called back', created_at: NOW })
      .execute();
    await db
      .insertInto('sms_messages')
      .values({
        call_id: 1,
        customer_id: 1,
        user_id: 1,
        to_number: '+4930111',
        body: 'Hi',
        provider: 'log',
        state: 'sent',
        created_at: NOW,
      })
      .execute();
  },
  '20261124114553-two-factor': async (db) => {
    await db
      .updateTable('users')
      .set({ totp_secret_enc: 'sealed', totp_enabled_at: NOW, totp_last_step: 7 })
      .where('id', '=', 1)
      .execute();
    await db.insertInto('mfa_recovery_codes').values({ user_id: 1, code_hash: 'r', created_at: NOW }).execute();
    await db
      .insertInto('user_tokens')
      .values({ user_id: 1, kind: 'mfa', token_hash: 'challenge', expires_at: NOW, created_at: NOW })
      .execute();
  },
  '20261124120844-webhooks': async (db) => {
    await db
      .insertInto('webhooks')
      .values({
        id: 1,
        customer_id: 1,
        url: 'https://example.com/h',
        events: '[]',
        secret: 's',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    for (const [event, payload] of [
      ['call.updated', { data: { id: '2' } }],
      ['call.updated', { data: { id: '99' } }], // a call deleted before: its delivery goes
      ['sms.sent', { data: { attributes: { call_id: 1 } } }],
    ] as const) {
      await db
        .insertInto('webhook_deliveries')
        .values({
          webhook_id: 1,
          event,
          message_id: `m-${event}-${JSON.stringify(payload).length}`,
          payload: JSON.stringify(payload),
          status: 'pending',
          created_at: NOW,
        })
        .execute();
    }
  },
};

async function expectRowsMigrated(db: AnyDb): Promise<void> {
  const calls = await db
    .selectFrom('calls')
    .select(['id', 'preview', 'callback_due_at', 'completed_at'])
    .orderBy('id')
    .execute();
  expect(calls.map((call) => [Number(call.id), call.preview, call.callback_due_at, call.completed_at])).toEqual([
    [1, 'Please call me back', '2026-11-25T10:00:00.000Z', '2026-11-24T12:00:00.000Z'],
    [2, '', '2026-11-24T10:30:00.000Z', null],
    [3, 'Hello', '2026-11-24T11:00:00.000Z', null],
  ]);
  const rollups = await db.selectFrom('call_rollups').select(['dim', 'value', 'calls']).where('dim', '=', 'status');
  expect((await rollups.orderBy('value').execute()).map((row) => [row.value, Number(row.calls)])).toEqual([
    ['Completed', 1],
    ['In Progress', 1],
    ['New', 1],
  ]);
  const factors = await db.selectFrom('two_factor').select(['user_id', 'secret_enc', 'last_step']).execute();
  expect(factors.map((row) => [Number(row.user_id), row.secret_enc, Number(row.last_step)])).toEqual([
    [1, 'sealed', 7],
  ]);
  expect(await db.selectFrom('two_factor_recovery_codes').select(['user_id', 'code_hash']).execute()).toEqual([
    { user_id: 1, code_hash: 'r' },
  ]);
  expect(await db.selectFrom('two_factor_challenges').select(['kind', 'token_hash']).execute()).toEqual([
    { kind: 'code', token_hash: 'challenge' },
  ]);
  expect(await db.selectFrom('user_tokens').select('kind').where('kind', 'in', ['mfa', 'mfa-enrol']).execute()).toEqual(
    [],
  );
  const deliveries = await db.selectFrom('webhook_deliveries').select(['event', 'call_id']).orderBy('id').execute();
  expect(deliveries.map((row) => [row.event, Number(row.call_id)])).toEqual([
    ['call.updated', 2],
    ['sms.sent', 1],
  ]);
  // The call search's index holds the calls there were: their conversations, notes, SMS and callers' numbers.
  const found = (postgres: string, sqlite: string) => foundInSearch(db, postgres, sqlite);
  // Every term a term of its company (`<id>:<term>`), the company token gone.
  expect(await found(`'1:back'`, `"1:back"`)).toEqual([1]);
  expect(await found(`'1:hello'`, `"1:hello"`)).toEqual([3]);
  expect(await found(`'1:hi'`, `"1:hi"`)).toEqual([1]);
  expect(await found(`'1:n:4930111'`, `"1:n:4930111"`)).toEqual([1, 2, 3]);
  expect(await found(`'hello'`, `"hello"`)).toEqual([]);
  expect(await found(`'t:1'`, `"t:1"`)).toEqual([]);
}

/** The calls the search's index finds by a tsquery (PostgreSQL) or an FTS5 query (SQLite). */
async function foundInSearch(db: AnyDb, postgres: string, sqlite: string): Promise<number[]> {
  const query =
    TEST_ENGINE === 'postgres'
      ? sql<{ id: number }>`select call_id as id from call_search where document @@ ${postgres}::tsquery order by 1`
      : sql<{ id: number }>`select rowid as id from call_search where call_search match ${sqlite} order by 1`;
  return (await query.execute(db)).rows.map((row) => Number(row.id));
}

/**
 * A new database migrated step by step (writing ROWS) up to the migration whose name ends with `suffix`, the
 * migration itself included or not, with a migrator of every migration to move it on or back, and the name of the
 * migration before that one.
 */
async function migratedUpTo(suffix: string, { including }: { including: boolean }) {
  const { kysely } = await openDb();
  const name = SORTED.find((each) => each.endsWith(suffix))!;
  const before = SORTED[SORTED.indexOf(name) - 1]!;
  const last = SORTED.indexOf(including ? name : before);
  await migrateStepByStep(
    kysely,
    Object.fromEntries(SORTED.slice(0, last + 1).map((each) => [each, migrations[each]!])),
  );
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  return { kysely, name, before, migrator };
}

/** Migrates to each migration in turn (by the given names and order), writing ROWS on the way. */
async function migrateStepByStep(db: AnyDb, provided: Record<string, Migration>, currentName = (n: string) => n) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => provided } });
  for (const name of Object.keys(provided).sort()) {
    const { error, results } = await migrator.migrateTo(name);
    expect(error, `${name}: ${String(error)}`).toBeUndefined();
    expect(results?.map((result) => result.migrationName)).toEqual([name]);
    await ROWS[currentName(name)]?.(db);
  }
}

/**
 * Stands in for the migrator before 2026-12-06 (old names, run in any order), as a database met the migrations
 * while the main branch received them: each group runs (in the order of its old names) with its recorded time.
 */
const MAIN_LINE: string[][] = [
  ['2026-11-21-0001-accounts'],
  ['2026-11-21-0002-phonebots-and-calls'],
  ['2026-11-21-0003-call-follow-up'],
  ['2026-11-21-0004-billing'],
  ['2026-11-24-0201-settings', '2026-11-24-0202-token-revocation'],
  [
    '2026-11-24-0101-mail-outbox',
    '2026-11-24-0102-call-preview',
    '2026-11-24-0103-sms-guard',
    '2026-11-24-0104-email-change',
  ],
  ['2026-11-24-0501-call-events'],
  ['2026-11-24-0502-urgent-call-mail'],
  ['2026-11-24-0901-user-language'],
  ['2026-11-24-0701-two-factor', '2026-11-24-0702-session-details'],
  ['2026-11-24-0401-callback-workflow'],
  ['2026-11-24-0601-call-rollups'],
  ['2026-11-24-0801-api-keys', '2026-11-24-0802-webhooks'],
  ['2026-11-24-1001-sms-delivery'],
  ['2026-11-24-1201-company-retention'],
  ['2026-11-24-1301-session-rows-notify'],
  ['2026-11-24-1401-bot-rows-notify'],
  ['2026-11-28-0101-session-step-up'],
  ['2026-11-28-0301-webhook-queue'],
  ['2026-11-28-0401-rate-limits'],
];

async function migrateAsMainLineDid(db: AnyDb, groups: string[][]): Promise<void> {
  // Kysely's own tables, as its migrator makes them.
  expect((await new Migrator({ db, provider: { getMigrations: async () => ({}) } }).migrateToLatest()).error).toBe(
    undefined,
  );
  let hour = 0;
  for (const group of groups) {
    hour += 1;
    let ms = 0;
    for (const oldName of [...group].sort()) {
      const name = LEGACY_NAMES[oldName]!;
      await migrations[name]!.up(db);
      const timestamp = new Date(Date.parse('2026-11-21T00:00:00.000Z') + hour * 3_600_000 + ms++).toISOString();
      await db.insertInto('kysely_migration').values({ name: oldName, timestamp }).execute();
      await ROWS[name]?.(db);
    }
  }
}

const recorded = async (db: AnyDb) =>
  (await db.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()) as {
    name: string;
    timestamp: string;
  }[];

/** One database migrated at once from empty, for all tests to compare with. */
let fresh: Promise<AnyDb> | undefined;
const freshSchema = async (options?: SchemaOptions) => {
  fresh ??= openDb().then(async ({ db, kysely }) => {
    expect(await db.migrate()).toEqual(SORTED);
    return kysely;
  });
  return schemaOf(await fresh, options);
};

describe('migrating', () => {
  it('gives a fresh database and one migrated step by step with rows the same schema, also undone and redone', async () => {
    const stepwise = await openDb();
    await migrateStepByStep(stepwise.kysely, migrations);
    await expectRowsMigrated(stepwise.kysely);
    expect(await stepwise.db.migrate()).toEqual([]);
    expect(await schemaOf(stepwise.kysely)).toEqual(await freshSchema());

    // Undone down to the last migration that cannot be undone (none so far) and done again: the same schema.
    const irreversible = SORTED.filter((name) => typeof migrations[name]!.down !== 'function');
    const migrator = new Migrator({ db: stepwise.kysely, provider: { getMigrations: async () => migrations } });
    const undone = await migrator.migrateTo(irreversible[irreversible.length - 1] ?? NO_MIGRATIONS);
    expect(undone.error, String(undone.error)).toBeUndefined();
    expect(await stepwise.db.migrate()).toEqual(SORTED.slice(SORTED.indexOf(irreversible.at(-1) ?? '') + 1));
    expect(await schemaOf(stepwise.kysely)).toEqual(await freshSchema());
  });

  it('makes every term of the search a term of its company, and back when undone', async () => {
    const {
      kysely,
      name: terms,
      before,
      migrator,
    } = await migratedUpTo('-call-search-company-terms', {
      including: false,
    });
    const companyTerms = async () => {
      expect(await foundInSearch(kysely, `'1:back'`, `"1:back"`)).toEqual([1]);
      expect(await foundInSearch(kysely, `'1:n:4930111'`, `"1:n:4930111"`)).toEqual([1, 2, 3]);
      expect(await foundInSearch(kysely, `'back'`, `"back"`)).toEqual([]);
      expect(await foundInSearch(kysely, `'t:1'`, `"t:1"`)).toEqual([]);
    };
    const companyToken = async () => {
      expect(await foundInSearch(kysely, `'t:1' & 'back'`, `"t:1" AND "back"`)).toEqual([1]);
      expect(await foundInSearch(kysely, `'t:1' & 'n:4930111'`, `"t:1" AND "n:4930111"`)).toEqual([1, 2, 3]);
      expect(await foundInSearch(kysely, `'1:back'`, `"1:back"`)).toEqual([]);
    };
    await companyToken();
    for (const [target, check] of [
      [terms, companyTerms],
      [before, companyToken],
      [terms, companyTerms],
    ] as const) {
      const { error } = await migrator.migrateTo(target);
      expect(error, String(error)).toBeUndefined();
      await check();
    }
    // A call deleted afterwards still takes its terms with it.
    await kysely.deleteFrom('calls').where('id', '=', 1).execute();
    expect(await foundInSearch(kysely, `'1:n:4930111'`, `"1:n:4930111"`)).toEqual([2, 3]);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'keeps each call’s status, priority, category and phonebot beside its search document (PostgreSQL), and drops them when undone',
    async () => {
      const { kysely, before, migrator } = await migratedUpTo('-call-search-triage', { including: true });
      const triaged = async () =>
        (
          await sql<{ call_id: string; status: string; priority: string; category: string | null; bot: number }>`
            select call_id, status, priority, selected_category as category, phonebot_id as bot
            from call_search order by call_id`.execute(kysely)
        ).rows.map((row) => [Number(row.call_id), row.status, row.priority, row.category, Number(row.bot)]);
      expect(await triaged()).toEqual([
        [1, 'Completed', 'Normal Callback', null, 1],
        [2, 'New', 'Transferred', null, 1],
        [3, 'In Progress', 'Important Callback', null, 1],
      ]);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_name = 'call_search' order by column_name`.execute(kysely);
      expect(columns.rows.map((row) => row.column_name)).toEqual(['call_id', 'created_at', 'customer_id', 'document']);
      // The documents themselves stay: the search finds what it found.
      expect(await foundInSearch(kysely, `'1:n:4930111'`, `"1:n:4930111"`)).toEqual([1, 2, 3]);
    },
  );

  it.runIf(TEST_ENGINE === 'postgres')(
    'writes every search document with the terms SQLite indexes (PostgreSQL), and as the database made them when undone',
    async () => {
      const {
        kysely,
        name: same,
        before,
        migrator,
      } = await migratedUpTo('-call-search-same-terms', {
        including: false,
      });
      const document = async () =>
        (await sql<{ doc: string }>`select document::text as doc from call_search where call_id = 1`.execute(kysely))
          .rows[0]?.doc;
      // The database's configurations: English leaves out "me", German keeps it; positions of the second pass shifted.
      const theirs = await document();
      expect(theirs).toContain(`'1:pleas':1,8`);
      expect((await migrator.migrateTo(same)).error).toBeUndefined();
      // Each word's stems at its position, in the order of the conversation, the note and the SMS (the database
      // lists the lexemes sorted).
      expect(await document()).toBe(
        `'1:back':4,6 '1:call':2,5 '1:called':5 '1:hi':7 '1:me':3 '1:n:4930111' '1:pleas':1 '1:r:1110394'`,
      );
      expect(await foundInSearch(kysely, `'1:call' & '1:hi'`, '')).toEqual([1]);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await document()).toBe(theirs);
      const index = await sql`select 1 from pg_indexes where indexname = 'call_search_document_idx'`.execute(kysely);
      expect(index.rows).toHaveLength(1);
    },
  );

  it('upgrades a database migrated under the old names in their old order: renamed once, the same schema', async () => {
    // The migrator before 2026-12-06 on a new database: every migration by its old name, in the order of those.
    const old = await openDb();
    const oldNames = Object.fromEntries(Object.entries(LEGACY_NAMES).map(([from, to]) => [from, migrations[to]!]));
    await migrateStepByStep(old.kysely, oldNames, (name) => LEGACY_NAMES[name]!);
    const before = await recorded(old.kysely);

    expect(await old.db.migrate()).toEqual(SINCE_RENAMING);
    const after = await recorded(old.kysely);
    expect(after.map((row) => row.name).sort()).toEqual(SORTED);
    // Each keeps its recorded time unless it ran before one now ordered ahead of it.
    const byName = new Map(after.map((row) => [row.name, row.timestamp]));
    const times = SORTED.map((name) => Date.parse(byName.get(name)!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The renamed ones have times of their own; migrations the migrator runs afterwards may share a millisecond.
    const renamedTimes = Object.values(LEGACY_NAMES).map((name) => byName.get(name)!);
    expect(new Set(renamedTimes).size).toBe(renamedTimes.length);
    for (const { name, timestamp } of before) {
      const now = byName.get(LEGACY_NAMES[name]!)!;
      expect(Date.parse(now)).toBeGreaterThanOrEqual(Date.parse(timestamp));
    }
    await expectRowsMigrated(old.kysely);
    // Columns that were added in another order stand elsewhere in their table; everything else is the same.
    expect(await schemaOf(old.kysely, { columnOrder: false })).toEqual(await freshSchema({ columnOrder: false }));

    // Once renamed, nothing more to rename: the next start writes nothing.
    expect(await renameLegacyMigrations(old.kysely)).toBe(0);
    expect(await migrateToLatest(old.db.db)).toEqual([]);
    expect(await recorded(old.kysely)).toEqual(after);
  });

  it('upgrades a database that met the migrations as the main branch received them, at its end or midway', async () => {
    const complete = await openDb();
    await migrateAsMainLineDid(complete.kysely, MAIN_LINE);
    expect(await complete.db.migrate()).toEqual(SINCE_RENAMING);
    await expectRowsMigrated(complete.kysely);
    expect(await schemaOf(complete.kysely)).toEqual(await freshSchema());

    // Stopped where user-language had arrived before two-factor, the strict order still takes it on.
    const midway = await openDb();
    const groups = MAIN_LINE.slice(
      0,
      MAIN_LINE.findIndex((group) => group.includes('2026-11-24-0901-user-language')) + 1,
    );
    await migrateAsMainLineDid(midway.kysely, groups);
    const pending = SORTED.slice(groups.flat().length);
    expect(await midway.db.migrate()).toEqual(pending);
    expect(await schemaOf(midway.kysely)).toEqual(await freshSchema());
  });

  it('refuses a migration that sorts before one the database already has', async () => {
    await freshSchema();
    const early = { up: async () => {}, down: async () => {} };
    await expect(migrateToLatest(await fresh!, { ...migrations, '20261121000000-early': early })).rejects.toThrow(
      /corrupted migrations: expected previously executed migration 20261121211641-accounts to be at index 0/,
    );
  });

  it.runIf(TEST_ENGINE === 'postgres')('renames once when several processes start on an old database', async () => {
    const old = await openDb();
    await migrateAsMainLineDid(old.kysely, MAIN_LINE);
    const others = [createDb({ databaseUrl: await urlOf(old.kysely), dataDir: os.tmpdir() }), old.db];
    try {
      const started = await Promise.all(others.map((db) => db.migrate()));
      // One process runs what is left; the other finds it done.
      expect([...started].sort((x, y) => x.length - y.length)).toEqual([[], SINCE_RENAMING]);
    } finally {
      await others[0]!.close();
    }
    expect((await recorded(old.kysely)).map((row) => row.name).sort()).toEqual(SORTED);
  });
});

async function urlOf(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// The schema as each engine describes it

type SchemaOptions = {
  /**
   * Whether the place of a column in its table counts. Databases that received migrations in another order have
   * their added columns elsewhere; nothing reads columns by position.
   */
  columnOrder?: boolean;
};

async function schemaOf(db: AnyDb, options: SchemaOptions = {}): Promise<Record<string, unknown>> {
  const columnOrder = options.columnOrder ?? true;
  const applied = (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map(
    (row) => row.name as string,
  );
  const schema =
    TEST_ENGINE === 'postgres' ? await postgresSchema(db, columnOrder) : await sqliteSchema(db, columnOrder);
  return { applied, ...schema };
}

const squash = (text: unknown) => (typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : text);

/** The parts of `create table (...)` at the top level (columns and constraints), sorted: their order aside. */
function tableParts(create: string): string[] {
  const body = create.slice(create.indexOf('(') + 1, create.lastIndexOf(')'));
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(squash(body.slice(start, i)) as string);
      start = i + 1;
    }
  }
  parts.push(squash(body.slice(start)) as string);
  return parts.sort();
}

async function sqliteSchema(db: AnyDb, columnOrder: boolean) {
  const objects = (
    await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
      select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(
      db,
    )
  ).rows;
  const tables: Record<string, unknown> = {};
  for (const object of objects.filter((o) => o.type === 'table')) {
    const name = object.name;
    const columns = (
      await sql<Record<string, unknown>>`select * from pragma_table_xinfo(${name}) order by cid`.execute(db)
    ).rows.map(({ cid, ...column }) => (columnOrder ? { cid, ...column } : column));
    if (!columnOrder) columns.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const indexes: Record<string, unknown>[] = [];
    for (const index of (await sql<Record<string, unknown>>`select * from pragma_index_list(${name})`.execute(db))
      .rows) {
      const keys = (
        await sql<Record<string, unknown>>`select * from pragma_index_xinfo(${index.name}) order by seqno`.execute(db)
      ).rows.map(({ cid, ...key }) => (columnOrder ? { cid, ...key } : key));
      const { seq: _seq, ...rest } = index;
      indexes.push({ ...rest, keys });
    }
    indexes.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const foreignKeys = (
      await sql<Record<string, unknown>>`select * from pragma_foreign_key_list(${name})`.execute(db)
    ).rows
      .map(({ id, seq, ...key }) => (columnOrder ? { id, seq, ...key } : key))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    tables[name] = {
      definition: columnOrder ? squash(object.sql) : tableParts(object.sql ?? ''),
      columns,
      indexes,
      foreignKeys,
    };
  }
  const others = objects
    .filter((o) => o.type !== 'table')
    .map((o) => ({ type: o.type, name: o.name, table: o.tbl_name, sql: squash(o.sql) }));
  return { tables, others };
}

async function postgresSchema(db: AnyDb, columnOrder: boolean) {
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) => (await query.execute(db)).rows;
  const tables = await rows(sql`
    select c.relname as name, c.relkind as kind, c.relpersistence as persistence
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    order by c.relname`);
  const columns = (
    await rows(sql`
      select table_name, column_name, ordinal_position, data_type, udt_name, character_maximum_length,
        numeric_precision, is_nullable, column_default, is_identity, identity_generation, identity_start,
        identity_increment, is_generated, generation_expression, collation_name
      from information_schema.columns where table_schema = 'public'
      order by table_name, ${columnOrder ? sql`ordinal_position` : sql`column_name`}`)
  ).map(({ ordinal_position, ...column }) => (columnOrder ? { ordinal_position, ...column } : column));
  const indexes = await rows(sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`);
  const constraints = await rows(sql`
    select c.relname as table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) as definition,
      k.condeferrable, k.condeferred, k.convalidated
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' order by c.relname, k.conname`);
  const triggers = await rows(sql`
    select c.relname as table_name, t.tgname, pg_get_triggerdef(t.oid) as definition, t.tgenabled
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal order by c.relname, t.tgname`);
  const functions = await rows(sql`
    select p.proname, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' order by p.proname`);
  const sequences = await rows(sql`
    select sequencename, data_type::text, start_value, increment_by, max_value, cycle
    from pg_sequences where schemaname = 'public' order by sequencename`);
  return { tables, columns, indexes, constraints, triggers, functions, sequences };
}
