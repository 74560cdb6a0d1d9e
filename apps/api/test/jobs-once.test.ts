import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Db, createDb } from '../src/db/client';
import { DAY, MINUTE } from '../src/db/time';
import { startJobs } from '../src/lib/jobs';
import { createLogger } from '../src/logger';
import { type Runtime, createRuntime } from '../src/runtime';
import { TEST_ENGINE, createPostgresDatabase } from './db';
import { prepareCompany } from './reliability/setup';
import { startSmtp } from './smtp';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

type LogLine = { msg?: string; job?: string; outcome?: string };

/**
 * Three runtimes, as three processes would be, on one PostgreSQL database. Every periodic job claims its run in
 * `job_runs` before it runs, so however many processes tick, each job runs once per period: proven here on the
 * jobs as the runtime registers them (with work due for them), and on the claim itself over many short periods.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('periodic jobs across processes', () => {
  it('runs each job of a tick once across three runtimes, and each outbox mail is sent once', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const { app, prepared } = await prepareCompany({ DATABASE_URL: database.url });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-jobs-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const operator = await app.signIn('user', { customerId: prepared.customerId });
    const callIds: number[] = [];
    for (let i = 0; i < 6; i++) {
      const posted = await app.request({
        method: 'POST',
        url: '/api/v2/bot/calls',
        headers: { authorization: `Bearer ${prepared.botToken}`, 'idempotency-key': `seed-${i}` },
        body: { caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text: `seed ${i}` }] },
      });
      expect(posted.status).toBe(201);
      callIds.push(Number(posted.json.data.id));
    }
    await app.stop();

    // Work due for the jobs, set up after the seeding runtime stopped (its own first tick may have run meanwhile).
    const seed = createDb({ databaseUrl: database.url, dataDir });
    cleanups.push(() => seed.close());
    const db = seed.db;
    await db.deleteFrom('job_runs').execute();
    // Five calls past CALL_RETENTION_DAYS (30), with their Idempotency-Keys past their day.
    await db
      .updateTable('calls')
      .set({ created_at: ago(40 * DAY) })
      .where('id', 'in', callIds.slice(0, 5))
      .execute();
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: ago(2 * DAY) })
      .where('idem_key', 'in', ['seed-0', 'seed-1', 'seed-2', 'seed-3', 'seed-4'])
      .execute();
    // One urgent call nobody took for 20 minutes, of a company that wants a mail after 15.
    await db
      .updateTable('customers')
      .set({ urgent_mail_priorities: JSON.stringify(['Important Callback']), urgent_mail_minutes: 15 })
      .where('id', '=', prepared.customerId)
      .execute();
    await db
      .updateTable('calls')
      .set({ priority: 'Important Callback', status: 'New', created_at: ago(20 * MINUTE) })
      .where('id', '=', callIds[5]!)
      .execute();
    // Thirty mails waiting in the outbox, for every mailer to find.
    await db
      .insertInto('mail_outbox')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          to_address: `bulk-${i}@example.com`,
          subject: `Bulk ${i}`,
          text_body: 'x',
          html_body: null,
          links: null,
          next_attempt_at: ago(0),
          claimed_until: null,
          last_error: null,
          created_at: ago(0),
          sent_at: null,
          failed_at: null,
        })),
      )
      .execute();

    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const logs: LogLine[][] = [];
    const runtimes: Runtime[] = [];
    cleanups.push(() => Promise.all(runtimes.map((runtime) => runtime.close())));
    for (let i = 0; i < 3; i++) {
      const lines: LogLine[] = [];
      logs.push(lines);
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        CALL_RETENTION_DAYS: '30',
        SUPER_ADMIN_EMAIL: 'super@example.com',
        SUPER_ADMIN_PASSWORD: 'super-secret-password',
        PUBLIC_URL: 'http://portal.test',
      });
      const log = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
      runtimes.push(await createRuntime(config, log));
    }
    // Each runtime's first tick comes 5 s after its start, the next a minute later.
    await sleep(7_000);
    const deadline = Date.now() + 15_000;
    while (smtp.mails.length < 32 && Date.now() < deadline) await sleep(100);
    await sleep(1_000); // a second copy of any mail would arrive by now

    const jobs = (await db.selectFrom('job_runs').select(['name', 'outcome']).execute()).map((row) => row.name);
    expect(jobs).toEqual(
      expect.arrayContaining([
        'call-retention',
        'audit-retention',
        'urgent-call-mail',
        'sms-counters-prune',
        'expired-rows-prune',
        'call-events-prune',
      ]),
    );
    const ran = (job: string) =>
      logs.map((lines) => lines.filter((line) => line.msg === 'job ran' && line.job === job));
    for (const job of jobs) {
      const runs = ran(job);
      expect(runs.flat().length, `${job} ran in processes ${runs.map((r) => r.length).join(', ')}`).toBe(1);
    }
    expect(ran('call-retention').flat()[0]?.outcome).toBe('deleted 5 calls');
    expect(ran('expired-rows-prune').flat()[0]?.outcome).toMatch(/^deleted 5 idempotency keys,/);
    expect(ran('urgent-call-mail').flat()[0]?.outcome).toBe('mailed about 1 calls');
    expect(await db.selectFrom('calls').select('id').execute()).toEqual([{ id: callIds[5] }]);

    // One urgent mail per operator, and each outbox mail once, whichever mailer claimed it.
    const urgent = smtp.mails.filter((mail) => mail.subject === 'An urgent call is waiting');
    expect(urgent.map((mail) => mail.to.join()).sort()).toEqual([prepared.adminEmail, operator.email].sort());
    const bulk = smtp.mails.filter((mail) => mail.subject.startsWith('Bulk ')).map((mail) => mail.subject);
    expect(bulk.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Bulk ${i}`).sort());
    const unsent = await db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
  }, 60_000);
});

describe('the claim of a periodic job', () => {
  it('lets one of three processes run each period, however their ticks fall and when one stops', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-claims-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    const dbs: Db[] = [];
    for (let i = 0; i < 3; i++) {
      const db = createDb({ databaseUrl: database?.url, dataDir });
      dbs.push(db);
      cleanups.push(() => db.close());
      if (i === 0) await db.migrate();
    }

    // As in the runtime: the tick is the shortest period; the processes start at different moments.
    const periods = { 'every-tick': 600, 'every-third-tick': 1_800 };
    const runs: { job: string; worker: number; at: number }[] = [];
    const log = createLogger('silent');
    const stops: (() => void)[] = [];
    cleanups.push(async () => stops.forEach((stop) => stop()));
    const started = Date.now();
    for (let worker = 0; worker < 3; worker++) {
      const jobs = Object.entries(periods).map(([job, everyMs]) => ({
        name: job,
        everyMs,
        run: async () => {
          runs.push({ job, worker, at: Date.now() });
          await sleep(20); // a little work, so that ticks of the other processes overlap it
          return 'ran';
        },
      }));
      stops.push(startJobs(dbs[worker]!.db, jobs, log, { firstMs: 50, tickMs: 600 }));
      await sleep(170);
    }
    // The process that has been winning the claims stops (a rolling restart); the others take its turns.
    await sleep(3_000);
    const winner = runs.at(-1)!.worker;
    stops[winner]!();
    const stoppedAt = Date.now();
    await sleep(3_000);
    stops.forEach((stop) => stop());
    await sleep(100);
    const elapsed = Date.now() - started;

    for (const [job, everyMs] of Object.entries(periods)) {
      const times = runs.filter((run) => run.job === job).map((run) => run.at);
      // Never a second run within a period (the claim's slack is a tenth of the period, at most a second)...
      const gaps = times.slice(1).map((at, i) => at - times[i]!);
      expect(Math.min(...gaps), `${job}: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(everyMs * 0.85);
      // ...and no period without one, also across the stop: the next tick of any process found it due.
      expect(Math.max(...gaps), `${job}: ${gaps.join(', ')}`).toBeLessThan(everyMs + 700);
      expect(times.length).toBeGreaterThanOrEqual(Math.floor(elapsed / (everyMs + 700)));
    }
    const after = runs.filter((run) => run.at > stoppedAt + 50);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((run) => run.worker === winner)).toEqual([]);
  }, 30_000);
});
