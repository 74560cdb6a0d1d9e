import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { HOUR, nowIso } from '../db/time';

export type Job = { name: string; everyMs: number; run: () => Promise<string> };

/** The first check after start, and how often checks follow (the shortest period of the jobs, at most an hour). */
type JobTiming = { firstMs: number; tickMs: number };

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

/**
 * Runs background jobs inside the api process: checks every tick (the shortest period, at most hourly) and runs each
 * job whose claim succeeds. Every process ticks; the claim makes one of them run each job once per period. Once
 * stopped, no further job of a tick under way is claimed or started (one already running finishes).
 */
export function startJobs(db: Kysely<Database>, jobs: Job[], log: Logger, timing: Partial<JobTiming> = {}): () => void {
  let stopped = false;
  const tick = async () => {
    for (const job of jobs) {
      if (stopped) return;
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
  const first = setTimeout(() => void tick(), timing.firstMs ?? 5_000);
  const timer = setInterval(() => void tick(), timing.tickMs ?? Math.min(HOUR, ...jobs.map((job) => job.everyMs)));
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
