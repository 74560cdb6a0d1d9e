/**
 * The query plans of the call lists at scale: every filter of the callback workflow, alone and with the views,
 * sorts and search, for a page and for the count, on SQLite and PostgreSQL. A plan passes when the calls table is
 * read through an index whose first column is customer_id (the tenant) or a key whose values belong to one company
 * (phonebot_id, assignee_id: the foreign keys' own indexes); a full scan of calls is printed as FAIL.
 * `npm run bench:explain -- --engines sqlite,postgres --size 1000000`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { PagedQuery } from '@phonebot/shared';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import type { Database } from '../apps/api/src/db/schema';
import {
  type CallFilter,
  categoryList,
  countQuery,
  pageQuery,
  prepareFilter,
  queueCountsQuery,
} from '../apps/api/src/modules/calls';
import { createCompanies, growCalls } from './generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    size: { type: 'string', default: '1000000' },
  },
});
const engines = values.engines.split(',') as ('sqlite' | 'postgres')[];
const size = Number(values.size);

type Case = { name: string; filter: Omit<CallFilter, 'customerId' | 'now'>; sort?: string; search?: string };

const CASES: Case[] = [
  { name: 'open list (dashboard)', filter: { view: 'open' } },
  { name: 'completed list', filter: { view: 'completed' } },
  { name: 'new calls', filter: { view: 'new' } },
  { name: 'all calls', filter: { view: 'all' } },
  { name: 'mine (assignee = user)', filter: { view: 'open', assignee: 1 } },
  { name: 'unassigned', filter: { view: 'open', assignee: 'none' } },
  { name: 'overdue', filter: { view: 'open', overdue: true } },
  { name: 'snoozed', filter: { view: 'open', snoozed: true } },
  { name: 'important (priority)', filter: { view: 'open', priority: 'Important Callback' } },
  { name: 'caller (timeline)', filter: { view: 'all', caller: '+491510000042' } },
  { name: 'phonebot', filter: { view: 'open', phonebot: 'PB-bench-1-0' } },
  { name: 'day', filter: { view: 'open', date: new Date().toISOString().slice(0, 10) } },
  { name: 'open by due time', filter: { view: 'open' }, sort: 'callback_due_at' },
  { name: 'open by priority', filter: { view: 'open' }, sort: '-priority' },
  { name: 'open, search "support"', filter: { view: 'open' }, search: 'support' },
  { name: 'completed, assignee, newest', filter: { view: 'completed', assignee: 1 } },
];

/** Gives the generated calls the workflow's columns: deadlines, a tenth assigned, a few snoozed. */
async function addWorkflow(db: Kysely<Database>, engine: 'sqlite' | 'postgres') {
  const due =
    engine === 'postgres'
      ? sql`created_at + interval '1 day'`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day')`;
  const userOf = sql`(select min(u.id) from users u where u.customer_id = calls.customer_id)`;
  await sql`update calls set callback_due_at = ${due},
    assignee_id = case when id % 10 = 0 then ${userOf} else null end,
    snoozed_until = case when id % 50 = 1 and status <> 'Completed' then ${
      engine === 'postgres' ? sql`now() + interval '1 day'` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day')`
    } else null end`.execute(db);
  // As autovacuum leaves a table in production: statistics, and the visibility map that index-only scans need.
  await sql`${sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}

async function planOf(
  db: Kysely<Database>,
  engine: 'sqlite' | 'postgres',
  compiled: { sql: string; parameters: readonly unknown[] },
) {
  if (engine === 'postgres') {
    const result = await sql<{
      'QUERY PLAN': string;
    }>`explain ${sql.raw(compiled.sql.replace(/\$(\d+)/g, (_, n) => literal(compiled.parameters[Number(n) - 1])))}`.execute(
      db,
    );
    return result.rows.map((r) => r['QUERY PLAN']);
  }
  const result = await sql<{
    detail: string;
  }>`explain query plan ${sql.raw(inline(compiled.sql, compiled.parameters))}`.execute(db);
  return result.rows.map((r) => r.detail);
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

function inline(text: string, parameters: readonly unknown[]): string {
  let index = 0;
  return text.replace(/\?/g, () => literal(parameters[index++]));
}

/**
 * Index columns a read may start with: the tenant, or a key whose every value belongs to one company (a phonebot,
 * a user), so the rows read are that company's whichever index the planner picks.
 */
const TENANT_BOUND = /^(customer_id|phonebot_id|assignee_id)(,|$)/;

/**
 * Whether the calls table is read only through indexes that start with customer_id: no full scan of calls, at least
 * one of its indexes used, and each of its indexes the plan uses tenant-first (other tables' indexes are not judged).
 */
function tenantFirst(engine: 'sqlite' | 'postgres', plan: string[], indexes: Map<string, string>): boolean {
  const fullScan =
    engine === 'postgres'
      ? plan.some((line) => /Seq Scan on calls\b/.test(line))
      : plan.some((line) => /^SCAN (c|calls)\b/.test(line.trim()) && !/ INDEX /.test(line));
  if (fullScan) return false;
  const used = plan.flatMap((line) =>
    [...line.matchAll(/(?:INDEX|using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]!),
  );
  const onCalls = used.filter((name) => indexes.has(name));
  return onCalls.length > 0 && onCalls.every((name) => TENANT_BOUND.test(indexes.get(name)!));
}

async function indexColumns(db: Kysely<Database>, engine: 'sqlite' | 'postgres'): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (engine === 'postgres') {
    const result = await sql<{ name: string; columns: string }>`
      select i.relname as name, string_agg(a.attname, ',' order by k.n) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      cross join lateral unnest(x.indkey) with ordinality as k(attnum, n)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where t.relname = 'calls' group by i.relname`.execute(db);
    for (const row of result.rows) map.set(row.name, row.columns);
  } else {
    const list = await sql<{ name: string }>`select name from pragma_index_list('calls')`.execute(db);
    for (const { name } of list.rows) {
      const cols = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
      map.set(name, cols.rows.map((c) => c.name).join(','));
    }
  }
  return map;
}

async function runEngine(engine: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-explain-'));
  let databaseUrl = '';
  const dbName = `pbp_explain_${process.pid}`;
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${dbName} with (force)`);
    await client.query(`create database ${dbName}`);
    await client.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const db = createDb({ databaseUrl: databaseUrl || undefined, dataDir });
  const lines: string[] = [];
  let failures = 0;
  try {
    await migrateToLatest(db.db);
    const fixture = await createCompanies(db.db);
    const started = Date.now();
    await growCalls(db.db, engine, 0, size);
    await addWorkflow(db.db, engine);
    console.log(
      `${engine}: ${size} calls of the company (${2 * size} in all) ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const indexes = await indexColumns(db.db, engine);
    const categories = await categoryList(db.db, fixture.customerId);
    const now = new Date().toISOString();
    for (const item of CASES) {
      const filter: CallFilter = await prepareFilter(db.db, {
        ...item.filter,
        customerId: fixture.customerId,
        now,
        search: item.search,
      });
      const paged: PagedQuery = { page: 1, per_page: 20, sort: item.sort, search: item.search, date: undefined };
      for (const [kind, query] of [
        ['page', pageQuery(db.db, filter, paged, categories).compile()],
        ['count', countQuery(db.db, filter).compile()],
      ] as const) {
        const plan = await planOf(db.db, engine, query);
        const ok = tenantFirst(engine, plan, indexes);
        if (!ok) failures++;
        lines.push(`${ok ? 'ok  ' : 'FAIL'} ${engine} ${item.name} (${kind})`);
        for (const line of plan) lines.push(`       ${line}`);
      }
    }
    // The inbox's quick-filter counts: one read of the company's open calls.
    const plan = await planOf(db.db, engine, queueCountsQuery(db.db, fixture.customerId, 1, now).compile());
    const ok = tenantFirst(engine, plan, indexes);
    if (!ok) failures++;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${engine} inbox counts`);
    for (const line of plan) lines.push(`       ${line}`);
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
  }
  console.log(lines.join('\n'));
  return { engine, failures, lines };
}

const results = [];
for (const engine of engines) results.push(await runEngine(engine));
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/explain.json'), JSON.stringify({ size, results }, null, 2));
for (const { engine, failures } of results)
  console.log(`${engine}: ${failures === 0 ? 'every plan tenant-first' : `${failures} plan(s) not tenant-first`}`);
