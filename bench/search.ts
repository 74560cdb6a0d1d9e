/**
 * The call search at scale: a company with `size` calls (the other 199 companies share as many again), their
 * conversations made of German and English words and made-up names in a long-tailed mix, indexed as the migration
 * indexes existing calls. Measured on each engine:
 *   - the index: how long building it for every call takes, and its size;
 *   - searches as the list route runs them when nothing is kept yet (the count and the page with highlights), one
 *     at a time and every query new: a word, a common word, a number in its national writing, a word with filters
 *     (after reading the data once into the operating system's cache, as a server that serves it every day has it);
 *   - the same through HTTP at 10 connections (every request a new URL, so no kept page answers it), as a share of
 *     the ceiling route answering a search page's bytes without the database; and 100 searches polled over and over,
 *     as open dashboards keep asking for theirs (each page kept after its first answer, as a list page is);
 *   - ingest through the Bot API with a real conversation, with the search index and without it (same run).
 *
 *   node --import tsx bench/search.ts [--engines sqlite,postgres] [--size 1000000] [--seconds 10] [--queries 200]
 *     [--ingest-connections 100] [--no-ingest] [--no-http] [--keep] [--reuse <data dir or PostgreSQL URL>]
 * `--reuse` measures again on a database an earlier run kept (one engine; its migrations run first, timed, and
 * nothing is generated; the ingest adds its calls to it).
 * Results: bench/results/search-<engine>.json and a table on stdout.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type Kysely, sql } from 'kysely';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import type { Database } from '../apps/api/src/db/schema';
import { type CallFilter, countCalls, indexCallsAfter, listPage, prepareFilter } from '../apps/api/src/modules/calls';
import { COMPANIES, DAYS, type Fixture, createCompanies, fixtureOf, scratchPostgres } from './generate';
import { runIngest, startBenchServer, stopBenchServer } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    size: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    queries: { type: 'string', default: '200' },
    'ingest-connections': { type: 'string', default: '100' },
    'no-ingest': { type: 'boolean', default: false },
    'no-http': { type: 'boolean', default: false },
    /** Keeps the generated database (its place is printed), to look at its plans. */
    keep: { type: 'boolean', default: false },
    /** A kept database (SQLite: its data directory; PostgreSQL: its URL) to measure the searches on again. */
    reuse: { type: 'string' },
  },
});
const engines = values.engines.split(',') as ('sqlite' | 'postgres')[];
const size = Number(values.size);
const seconds = Number(values.seconds);
const queryCount = Number(values.queries);
const PORT = 3918;
const base = `http://127.0.0.1:${PORT}`;

type Row = Record<string, string | number>;

/** A small deterministic random source, so every run generates the same calls. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const COMMON = (
  'guten tag hallo bitte danke rückruf anruf termin rechnung heizung wasser keller dach fenster tür schlüssel ' +
  'auftrag angebot kosten preis frage problem dringend morgen heute gestern woche montag dienstag mittwoch ' +
  'donnerstag freitag nachmittag vormittag kollege techniker monteur reparatur wartung kaputt defekt undicht ' +
  'strom licht sicherung zähler heizkörper thermostat boiler warmwasser rohr leitung abfluss verstopft ' +
  'hello please call back appointment invoice heating water leak broken urgent tomorrow today engineer repair ' +
  'quote price question problem contract cancel address customer number order delivery parcel'
).split(' ');
const FILLER =
  'ich sie wir der die das und mit für wegen unter bei ist sind habe hat noch schon auch nicht the a to is'.split(' ');
const SYLLABLES = 'ka ter mon bel ris tan gor lek fen dro sul mar pin hof berg wald stein feld bach born'.split(' ');

/** Made-up names and words of a long tail (3 or 4 syllables): each appears in few conversations, as names do. */
function tailWords(count: number): string[] {
  const next = random(7);
  const words = new Set<string>();
  while (words.size < count) {
    let word = '';
    for (let i = 0; i < 3 + Math.floor(next() * 2); i++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** `count` conversations: common words, fillers and long-tailed names, 2 to 6 turns of 6 to 20 words. */
function conversations(count: number, tail: string[]) {
  const next = random(42);
  const zipf = () => tail[Math.min(tail.length - 1, Math.floor(tail.length ** next()) - 1)]!;
  const texts: { response: string; preview: string; words: Set<string> }[] = [];
  for (let k = 0; k < count; k++) {
    const turns: { action: string; text: string }[] = [];
    const words = new Set<string>();
    for (let t = 0; t < 2 + Math.floor(next() * 5); t++) {
      const said: string[] = [];
      for (let w = 0; w < 6 + Math.floor(next() * 15); w++) {
        const roll = next();
        const word =
          roll < 0.45
            ? FILLER[Math.floor(next() * FILLER.length)]!
            : roll < 0.8
              ? COMMON[Math.floor(next() ** 2 * COMMON.length)]!
              : zipf();
        said.push(word);
        words.add(word);
      }
      const text = said.join(' ');
      turns.push({
        action: t % 2 ? 'BotResponseText' : 'UserRecognizedText',
        text: text[0]!.toUpperCase() + text.slice(1) + '.',
      });
    }
    texts.push({ response: JSON.stringify(turns), preview: turns[0]!.text.slice(0, 200), words });
  }
  return texts;
}

const TEXTS = 4000;

/** The calls: `size` of company 1 and as many among the others, each with one of the conversations. */
async function generate(db: Kysely<Database>, engine: 'sqlite' | 'postgres', texts: ReturnType<typeof conversations>) {
  await sql`create table bench_texts (k integer primary key, response text not null, preview text not null)`.execute(
    db,
  );
  for (let k = 0; k < texts.length; k += 500) {
    const rows = texts.slice(k, k + 500).map((text, i) => sql`(${k + i}, ${text.response}, ${text.preview})`);
    await sql`insert into bench_texts (k, response, preview) values ${sql.join(rows)}`.execute(db);
  }
  const span = DAYS * 86400;
  // In pieces of 100,000 calls, each statement within the statement timeout.
  const pieces: ['own' | 'others', number, number][] = [];
  for (let at = 0; at < size; at += 100_000) {
    pieces.push(['own', at, Math.min(size, at + 100_000)], ['others', size + at, size + Math.min(size, at + 100_000)]);
  }
  for (const [target, from, to] of pieces) {
    const customerExpr = target === 'own' ? sql`1` : sql`2 + (i % ${COMPANIES - 1})`;
    const numbers =
      engine === 'postgres'
        ? sql`with g as (select generate_series(${from}::int, ${to - 1}::int) as i)`
        : sql`with recursive g(i) as (select cast(${from} as integer) union all select i + 1 from g where i < ${to - 1})`;
    const first = target === 'own' ? 0 : size;
    const created =
      engine === 'postgres'
        ? sql`now() - make_interval(secs => ((i - ${first}) * ${span}::float8 / ${size}))`
        : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((i - ${first}) * ${span} * 1.0 / ${size}) || ' seconds')`;
    await sql`
      ${numbers}
      insert into calls (customer_id, phonebot_id, caller_number, response, preview, selected_category, priority, status, notified, created_at, updated_at)
      select ${customerExpr}, (${customerExpr} - 1) * 2 + 1 + (i % 2), '+4915' || (10000000 + i), t.response, t.preview,
        case i % 5 when 0 then null when 1 then 'Sales' when 2 then 'Support' when 3 then 'Billing' else 'Other' end,
        case i % 4 when 0 then 'Normal Callback' when 1 then 'Important Callback' when 2 then 'Send Email' else 'Transferred' end,
        case when i % 100 < 5 then 'New' when i % 100 < 8 then 'In Progress' else 'Completed' end,
        case when i % 100 < 3 then 0 else 1 end, ${created}, ${created}
      from g join bench_texts t on t.k = ((i % ${TEXTS}) * 7919) % ${TEXTS}`.execute(db);
  }
  await sql`drop table bench_texts`.execute(db);
  await sql`insert into calls_version (customer_id, version) select id, 1 from customers`.execute(db);
}

/** The words of the conversations by the share of calls they are in: the search words are taken from a band. */
function wordsByShare(texts: ReturnType<typeof conversations>, low: number, high: number): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of text.words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n / texts.length >= low && n / texts.length <= high)
    .map(([word]) => word)
    .sort();
}

/** Seconds since `started` (performance.now()), to a tenth. */
function seconds1(started: number): number {
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

function percentiles(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
}

/**
 * What the list route does for a search it has not answered in this calls version: the filter prepared once (its
 * search's calls found), then the count and the page.
 */
async function searchOnce(db: Kysely<Database>, filter: CallFilter) {
  const prepared = await prepareFilter(db, filter);
  await countCalls(db, prepared);
  return listPage(db, prepared, { page: 1, per_page: 20, sort: undefined, search: undefined, date: undefined }, []);
}

function sizeOfIndex(db: Kysely<Database>, engine: 'sqlite' | 'postgres') {
  return engine === 'postgres'
    ? sql<{ bytes: number }>`select pg_total_relation_size('call_search') as bytes`.execute(db)
    : sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name like 'call_search%'`.execute(db);
}

/** Reads the search index and the calls (tables and indexes) once, into the operating system's cache. */
async function warm(db: Kysely<Database>, engine: 'sqlite' | 'postgres', dataDir: string) {
  if (engine === 'postgres') {
    await sql`create extension if not exists pg_prewarm`.execute(db);
    await sql`select pg_prewarm(c.oid, 'read') from pg_class c
      where c.relname in ('calls', 'calls_pkey', 'call_search', 'call_search_pkey', 'call_search_document_idx',
        'call_search_recent_idx')`.execute(db);
    return;
  }
  for (const name of fs.readdirSync(dataDir).filter((file) => /\.sqlite(-wal)?$/.test(file))) {
    const handle = fs.openSync(path.join(dataDir, name), 'r');
    const buffer = Buffer.alloc(1 << 20);
    while (fs.readSync(handle, buffer, 0, buffer.length, null) > 0);
    fs.closeSync(handle);
  }
}

const results: Record<string, Row[]> = {};
const tail = tailWords(20_000);
const texts = conversations(TEXTS, tail);
const words = wordsByShare(texts, 0.002, 0.02);
const common = wordsByShare(texts, 0.2, 1).filter((word) => COMMON.includes(word));
console.log(`${words.length} search words in 0.2-2 % of the calls; ${common.length} common words in over 20 %`);

for (const engine of engines) {
  const rows: Row[] = (results[engine] = []);
  const reuse = values.reuse;
  const dataDir =
    reuse && engine === 'sqlite' ? reuse : fs.mkdtempSync(path.join(os.tmpdir(), `pbp-search-${engine}-`));
  const scratch =
    engine === 'postgres' && !reuse
      ? await scratchPostgres(`pbp_search_${crypto.randomBytes(4).toString('hex')}`)
      : undefined;
  const databaseUrl = engine === 'postgres' ? (reuse ?? scratch?.url) : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  // Building, vacuuming and migrating a million calls take longer than a request may.
  const db = createDb({ databaseUrl, dataDir, statementTimeoutMs: 3_600_000 });
  try {
    let started = performance.now();
    const applied = await migrateToLatest(db.db);
    let fixture: Fixture;
    if (reuse) {
      rows.push({
        measure: `migrations on the kept database: ${applied.join(', ') || 'none'}`,
        seconds: seconds1(started),
      });
      fixture = await fixtureOf(db.db);
    } else {
      fixture = await createCompanies(db.db);
      started = performance.now();
      await generate(db.db, engine, texts);
      console.log(`${engine}: ${size} calls of the company, ${2 * size} in all, in ${seconds1(started).toFixed(0)} s`);
      started = performance.now();
      const indexed = await indexCallsAfter(db.db, 0);
      const buildSeconds = (performance.now() - started) / 1000;
      if (engine === 'postgres') await sql`vacuum analyze`.execute(db.db);
      else await sql`pragma optimize`.execute(db.db);
      const bytes = Number((await sizeOfIndex(db.db, engine)).rows[0]?.bytes ?? 0);
      rows.push({
        measure: `index built for ${indexed} calls`,
        seconds: Number(buildSeconds.toFixed(1)),
        calls_per_s: Math.round(indexed / buildSeconds),
        index_mib: Number((bytes / 2 ** 20).toFixed(1)),
      });
    }
    console.table(rows);

    // The data in the operating system's cache first, as on a server that serves the company every day: otherwise
    // each case's first searches of a word read from the disk, as much as the machine's cache dropped since.
    started = performance.now();
    await warm(db.db, engine, dataDir);
    rows.push({ measure: 'read the data into the operating system’s cache', seconds: seconds1(started) });

    // In the process, as the route does on a miss (no kept count, no kept page), each query new.
    const now = new Date().toISOString();
    const next = random(3);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const national = () => `0151 ${String(Math.floor(next() * size)).padStart(7, '0')}`;
    const cases: [string, () => Partial<CallFilter>][] = [
      ['word (in 0.2-2 % of calls)', () => ({ view: 'all', q: pick(words) })],
      ['common word (over 20 %)', () => ({ view: 'all', q: pick(common) })],
      ['number, national writing', () => ({ view: 'all', q: national() })],
      ['two words', () => ({ view: 'all', q: `${pick(common)} ${pick(words)}` })],
      ['word + open + priority', () => ({ view: 'open', q: pick(words), priority: 'Important Callback' })],
      ['word in the open view', () => ({ view: 'open', q: pick(words) })],
      ['common word in the open view', () => ({ view: 'open', q: pick(common) })],
      ['word + category', () => ({ view: 'all', q: pick(words), category: 'Support' })],
      ['search (four fields or text)', () => ({ view: 'open', search: pick(words) })],
    ];
    for (const [name, make] of cases) {
      const durations: number[] = [];
      let found = 0;
      let slowest = { ms: 0, text: '' };
      for (let i = 0; i < queryCount; i++) {
        const filter = { customerId: fixture.customerId, now, view: 'all' as const, ...make() };
        const t = performance.now();
        found += (await searchOnce(db.db, filter)).length;
        const ms = performance.now() - t;
        durations.push(ms);
        if (ms > slowest.ms) slowest = { ms, text: filter.q ?? filter.search ?? '' };
      }
      rows.push({
        measure: `in process, new query: ${name}`,
        ...percentiles(durations),
        rows_per_page: Number((found / queryCount).toFixed(1)),
        slowest: slowest.text,
      });
    }
    console.table(rows);

    if (values['no-http']) continue;
    const server = await startBenchServer(PORT, { ...env, BENCH_CEILING_FILE: path.join(dataDir, 'ceiling.json') });
    const auth = { authorization: `Bearer ${fixture.token}` };
    try {
      const sample = await fetch(`${base}/api/v2/calls?filter[q]=${encodeURIComponent(words[0]!)}`, { headers: auth });
      fs.writeFileSync(path.join(dataDir, 'ceiling.json'), Buffer.from(await sample.arrayBuffer()));
      let n = 0;
      const http: [string, () => string][] = [
        ['word', () => `filter[q]=${encodeURIComponent(pick(words))}`],
        ['number', () => `filter[q]=${encodeURIComponent(national())}`],
        [
          'word + open + priority',
          () => `filter[q]=${encodeURIComponent(pick(words))}&filter[view]=open&filter[priority]=Important%20Callback`,
        ],
      ];
      const ceiling = await autocannon({
        url: `${base}/bench/ceiling`,
        headers: auth,
        connections: 10,
        duration: seconds,
      });
      rows.push({
        measure: 'HTTP ceiling: a search page’s bytes, no database',
        req_per_s: Math.round(ceiling.requests.average),
        p99_ms: ceiling.latency.p99,
      });
      for (const [name, query] of http) {
        const result = await autocannon({
          url: `${base}/api/v2/calls`,
          headers: auth,
          connections: 10,
          duration: seconds,
          requests: [{ setupRequest: (request) => ({ ...request, path: `/api/v2/calls?${query()}&n=${++n}` }) }],
        });
        rows.push({
          measure: `HTTP 10 conn, every URL new: ${name}`,
          req_per_s: Math.round(result.requests.average),
          share_of_ceiling: Number((result.requests.average / Math.max(1, ceiling.requests.average)).toFixed(3)),
          p50_ms: result.latency.p50,
          p99_ms: result.latency.p99,
          non2xx: result.non2xx,
        });
      }
      // As open dashboards poll their searches (the list route keeps each page per calls version and minute): 100
      // searches, each read from the database on its first request and from the kept page after it.
      const polled = words.slice(0, 100).map((word) => `/api/v2/calls?filter[q]=${encodeURIComponent(word)}`);
      const repeated = await autocannon({
        url: `${base}/api/v2/calls`,
        headers: auth,
        connections: 10,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, path: polled[++n % polled.length]! }) }],
      });
      rows.push({
        measure: 'HTTP 10 conn, 100 searches polled: word',
        req_per_s: Math.round(repeated.requests.average),
        share_of_ceiling: Number((repeated.requests.average / Math.max(1, ceiling.requests.average)).toFixed(3)),
        p50_ms: repeated.latency.p50,
        p99_ms: repeated.latency.p99,
        non2xx: repeated.non2xx,
      });
    } finally {
      await stopBenchServer(server);
    }
    console.table(rows);

    if (!values['no-ingest']) {
      const body = JSON.stringify({ caller_number: '+4930123456', response: JSON.parse(texts[1]!.response) });
      for (const [name, extra] of [
        ['with the search index', {}],
        ['without the search index', { BENCH_NO_SEARCH_INDEX: '1' }],
      ] as const) {
        const ingestServer = await startBenchServer(PORT, { ...env, ...extra });
        try {
          const run = await runIngest(base, fixture.botToken, {
            connections: Number(values['ingest-connections']),
            seconds,
            body,
          });
          rows.push({
            measure: `ingest, a real conversation, ${name}`,
            calls_per_s: run.calls_per_s,
            p50_ms: run.p50_ms,
            p99_ms: run.p99_ms,
            non2xx: run.non2xx + run.errors,
          });
        } finally {
          await stopBenchServer(ingestServer);
        }
      }
      console.table(rows);
    }
  } finally {
    await db.close();
    if (values.keep || reuse) console.log(`${engine}: kept ${databaseUrl ?? dataDir}`);
    else {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
for (const [engine, rows] of Object.entries(results)) {
  fs.writeFileSync(
    path.join(root, `bench/results/search-${engine}.json`),
    `${JSON.stringify({ machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version }, size, at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
}
