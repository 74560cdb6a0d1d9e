/**
 * The benchmark's data: 200 companies with an admin and two phonebots each, and calls generated inside the
 * database (a recursive CTE on SQLite, generate_series on PostgreSQL), so millions of rows take seconds.
 * The measured company (customer 1) holds `size` calls; the other 199 share as many again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import * as rollups from '../apps/api/src/db/migrations/20261124120055-call-rollups';
import type { Database } from '../apps/api/src/db/schema';
import { hashPassword, randomToken, tokenHash } from '../apps/api/src/lib/crypto';
import { issueAccessToken } from '../apps/api/src/modules/sessions';

export const COMPANIES = 200;
export const DAYS = 60;
export const BENCH_PASSWORD = 'bench-password-1';
const TERMS = ['Sales', 'Support', 'Billing', 'Other'];

export type Fixture = { token: string; botToken: string; customerId: number };

export async function createCompanies(db: Kysely<Database>): Promise<Fixture> {
  const now = new Date().toISOString();
  const hash = await hashPassword(BENCH_PASSWORD);
  let fixture: Fixture | undefined;
  for (let c = 1; c <= COMPANIES; c++) {
    const customer = await db
      .insertInto('customers')
      .values({
        company_name: `Company ${c}`,
        address: null,
        pin: null,
        city: null,
        phone: null,
        company_email: null,
        bank: null,
        iban: null,
        bic: null,
        status: 'Active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        customer_id: customer.id,
        name: `Admin ${c}`,
        email: `admin${c}@bench.example`,
        role: 'admin',
        status: 'Active',
        email_verified_at: now,
        password_hash: hash,
        avatar_path: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const botToken = `pbt_${randomToken()}`;
    for (const [n, name] of ['Empfang', 'Notdienst'].entries()) {
      await db
        .insertInto('phonebots')
        .values({
          customer_id: customer.id,
          license_key: `PB-bench-${c}-${n}`,
          bezeichnung: `${name} ${c}`,
          settings: JSON.stringify({ category_terms: TERMS }),
          payment_status: 1,
          bot_token_hash: n === 0 ? tokenHash(botToken) : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    if (c === 1) fixture = { token: (await issueAccessToken(db, user.id)).token, botToken, customerId: customer.id };
  }
  return fixture!;
}

/**
 * The measured company of a database createCompanies made earlier (a kept benchmark database), with a new access
 * token for its admin and a new bot token for its first phonebot.
 */
export async function fixtureOf(db: Kysely<Database>): Promise<Fixture> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', 'admin1@bench.example')
    .executeTakeFirstOrThrow();
  const botToken = `pbt_${randomToken()}`;
  await db
    .updateTable('phonebots')
    .set({ bot_token_hash: tokenHash(botToken) })
    .where('license_key', '=', 'PB-bench-1-0')
    .execute();
  return { token: (await issueAccessToken(db, admin.id)).token, botToken, customerId: admin.customer_id! };
}

/**
 * Adds calls until the measured company has `size` and the others `size` between them, spread over the last 60
 * days: 5 % New, 3 % In Progress, the rest Completed; four priorities; categories from the terms or none.
 */
export async function growCalls(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  from: number,
  size: number,
): Promise<void> {
  const add = size - from;
  if (add <= 0) return;
  const span = DAYS * 86400;
  const preview = 'Guten Tag, bitte rufen Sie mich wegen meiner Rechnung zurück.';
  const response = JSON.stringify([
    { action: 'UserRecognizedText', text: preview },
    { action: 'BotResponseText', text: 'Gerne, ein Kollege meldet sich heute noch bei Ihnen.' },
  ]);
  // Rows are numbered from `from`, so each size adds the newest-to-oldest spread again without repeating ids.
  for (const [target, count] of [
    ['own', add],
    ['others', add],
  ] as const) {
    const customerExpr = target === 'own' ? sql`1` : sql`2 + (i % ${COMPANIES - 1})`;
    const body = sql`
      select
        ${customerExpr} as customer_id,
        (${customerExpr} - 1) * 2 + 1 + (i % 2) as phonebot_id,
        '+4915' || (10000000 + i) as caller_number,
        ${response} as response,
        ${preview} as preview,
        case i % 5 when 0 then null when 1 then 'Sales' when 2 then 'Support' when 3 then 'Billing' else 'Other' end as selected_category,
        case i % 4 when 0 then 'Normal Callback' when 1 then 'Important Callback' when 2 then 'Send Email' else 'Transferred' end as priority,
        case when i % 100 < 5 then 'New' when i % 100 < 8 then 'In Progress' else 'Completed' end as status,
        case when i % 100 < 3 then 0 else 1 end as notified,
        ${engine === 'postgres' ? sql`now() - make_interval(secs => (i * ${span}::float8 / ${size}))` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i * ${span} * 1.0 / ${size}) || ' seconds')`} as created_at
      from g`;
    const insert = sql`insert into calls (customer_id, phonebot_id, caller_number, response, preview, selected_category, priority, status, notified, created_at, updated_at)`;
    const numbers =
      engine === 'postgres'
        ? sql`with g as (select generate_series(${from}::int, ${from + count - 1}::int) as i)`
        : sql`with recursive g(i) as (select ${from} union all select i + 1 from g where i < ${from + count - 1})`;
    await sql`
      ${numbers}
      ${insert}
      select customer_id, phonebot_id, caller_number, response, preview, selected_category, priority, status, notified, created_at, created_at
      from (${body}) x`.execute(db);
  }
  await refreshCounts(db, engine);
}

/** Monthly counts, Insights counts and calls versions as the ingest path would have left them. */
async function refreshCounts(db: Kysely<Database>, engine: 'sqlite' | 'postgres'): Promise<void> {
  const month = engine === 'postgres' ? sql`to_char(c.created_at, 'YYYY-MM')` : sql`substr(c.created_at, 1, 7)`;
  await db.deleteFrom('monthly_call_counts').execute();
  await sql`
    insert into monthly_call_counts (month, customer_id, phonebot_id, customer_name, phonebot_name, count)
    select ${month}, c.customer_id, c.phonebot_id, cu.company_name, p.bezeichnung, count(*)
    from calls c join customers cu on cu.id = c.customer_id join phonebots p on p.id = c.phonebot_id
    group by ${month}, c.customer_id, c.phonebot_id, cu.company_name, p.bezeichnung`.execute(db);
  // The Insights counts as the ingest path would have kept them: rebuilt by their migration's backfill.
  await rollups.down(db);
  await rollups.up(db);
  await sql`delete from calls_version`.execute(db);
  await sql`insert into calls_version (customer_id, version) select id, 1 from customers`.execute(db);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  else await sql`pragma optimize`.execute(db);
}

/**
 * A fresh SQLite data directory (under the system's temporary folder, named from `prefix`) with the companies and
 * `calls` calls: what the single-engine scripts measure. The caller removes the directory.
 */
export async function seedSqlite(prefix: string, calls: number): Promise<{ dataDir: string; fixture: Fixture }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = createDb({ dataDir });
  try {
    await migrateToLatest(db.db);
    const fixture = await createCompanies(db.db);
    await growCalls(db.db, 'sqlite', 0, calls);
    return { dataDir, fixture };
  } finally {
    await db.close();
  }
}

/** A fresh PostgreSQL database for one benchmark script, and how to drop it again. */
export async function scratchPostgres(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
