import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { HOUR, nowIso } from '../db/time';

export type Job = { name: string; everyMs: number; run: () => Promise<string> };

/**
 * Claims a job's run in the database: only the process whose update moves last_run_at runs it, so several
 * processes on one database run each job once per period. A second of slack keeps a job whose period equals the
 * tick from missing every other tick when one claim happens a few milliseconds later than the one before.
 */
export async function claimRun(db: Kysely<Database>, name: string, everyMs: number): Promise<boolean> {
  const now = nowIso();
  await db
    .insertInto('job_runs')
    .values({ name, last_run_at: new Date(0).toISOString(), outcome: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_runs')
    .set({ last_run_at: now })
    .where('name', '=', name)
    .where('last_run_at', '<=', new Date(Date.now() - everyMs + Math.min(1_000, everyMs / 10)).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Runs background jobs inside the api process: checks hourly (or at the shortest period), runs each when due. */
export function startJobs(db: Kysely<Database>, jobs: Job[], log: Logger): () => void {
  const tick = async () => {
    for (const job of jobs) {
      try {
        if (!(await claimRun(db, job.name, job.everyMs))) continue;
        const outcome = await job.run();
        await db.updateTable('job_runs').set({ outcome }).where('name', '=', job.name).execute();
        log.info({ job: job.name, outcome }, 'job ran');
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed');
      }
    }
  };
  const first = setTimeout(() => void tick(), 5_000);
  const timer = setInterval(() => void tick(), Math.min(HOUR, ...jobs.map((job) => job.everyMs)));
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
