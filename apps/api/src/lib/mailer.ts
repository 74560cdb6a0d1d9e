import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { isPostgres } from '../db/engine';
import type { Database, MailOutboxTable } from '../db/schema';
import { DAY, HOUR, isoIn, nowIso } from '../db/time';
import { containsIgnoreCase } from './list';
import { passRunner } from './pass-runner';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[] };

/** Some addresses (an `email` column), as a subquery of the caller's statement. */
type AddressesQuery = SelectQueryBuilder<Database, keyof Database, { email: string }>;

/**
 * Drops the mails not sent yet to these addresses whose text names `text` (any case): a caller's erasure forgets
 * their number in mails still waiting. Run it in the change's transaction.
 */
export async function dropUnsentMailsNaming(db: Kysely<Database>, to: AddressesQuery, text: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('sent_at', 'is', null)
    .where('to_address', 'in', to)
    .where((eb) =>
      eb.or([containsIgnoreCase(eb.ref('text_body'), text), containsIgnoreCase(eb.ref('html_body'), text)]),
    )
    .execute();
}

/**
 * Queues a mail in the outbox table. Call it with the transaction of the change that causes the mail, so the mail
 * exists exactly when the change does; then `wake` the mailer after the commit.
 */
export async function queueMail(db: Kysely<Database>, mail: Mail): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      links: mail.links?.length ? JSON.stringify(mail.links) : null,
      next_attempt_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
      failed_at: null,
    })
    .execute();
}

export type Mailer = {
  /** Sends what is due now, in the background; call it after a transaction that queued mail committed. */
  wake: () => void;
  /** Resolves when the outbox holds no mail that is due and unclaimed (tests; retries later are not awaited). */
  idle: () => Promise<void>;
  /** Stops polling, waits for the mails being sent, and closes the transport; unsent mail stays for the next start. */
  close: () => Promise<void>;
};

/** Delays after failed attempts; after the last one the mail is given up (about nine hours after it was queued). */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, HOUR, 6 * HOUR];
const POLL_MS = 5_000;
const BATCH = 20;
/** Longer than a send may take (the transport's timeouts below); a claim older than this was abandoned. */
const CLAIM_MS = 2 * 60_000;
const KEEP_SENT_MS = 7 * DAY;

type OutboxRow = Selectable<MailOutboxTable>;

/** Mails that are due now: not sent, not given up, their next attempt reached, and unclaimed (or their claim ran out). */
function dueMails(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
}

/**
 * Claims up to `limit` due mails for this process: one statement marks them claimed, so two processes never claim
 * one mail. PostgreSQL skips rows another process is claiming (`for update skip locked`); SQLite runs one write
 * at a time, and the repeated conditions make the statement a no-op for a row claimed meanwhile.
 */
export async function claimMails(db: Kysely<Database>, limit: number): Promise<OutboxRow[]> {
  const now = nowIso();
  const candidates = dueMails(db, now).orderBy('next_attempt_at').orderBy('id').limit(limit);
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_until: isoIn(CLAIM_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? candidates.forUpdate().skipLocked() : candidates)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .returningAll()
    .execute();
}

/**
 * The mail job: sends the outbox over SMTP when SMTP_URL is set, otherwise writes each mail as an .eml file to
 * DATA_DIR/outbox (its links are logged outside production, so sign-up works on a machine with no mail server).
 * It runs when woken after a commit and every few seconds, in every process; claims make each mail go out once.
 */
export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logLinks: boolean;
  log: Logger;
}): Mailer {
  const { db, smtpUrl, from, dataDir, logLinks, log } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outboxDir = path.join(dataDir, 'outbox');
  let lastCleanup = 0;

  async function deliver(row: OutboxRow): Promise<void> {
    const info = await transport.sendMail({
      from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body ?? '',
      html: row.html_body ?? undefined,
    });
    if (smtpUrl) {
      log.info({ mail: row.id, subject: row.subject }, 'mail sent');
      return;
    }
    await fs.mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${nowIso().replace(/[:.]/g, '-')}-${crypto.randomBytes(6).toString('hex')}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    // The links carry one-time tokens: they reach the log only outside production.
    const links = logLinks && row.links ? (JSON.parse(row.links) as string[]) : undefined;
    log.info({ mail: row.id, file, subject: row.subject, ...(links ? { links } : {}) }, 'mail written to outbox');
  }

  /** Marks a mail sent, or schedules its next attempt, or gives it up; a sent mail keeps no body. */
  async function settle(row: OutboxRow, error: unknown): Promise<void> {
    const now = nowIso();
    const erase = { text_body: null, html_body: null, links: null, claimed_until: null };
    if (!error) {
      await db
        .updateTable('mail_outbox')
        .set({ ...erase, sent_at: now, last_error: null })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const delay = RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      log.error({ mail: row.id, subject: row.subject, attempts: row.attempts, err: error }, 'mail given up');
      await db
        .updateTable('mail_outbox')
        .set({ ...erase, failed_at: now, last_error: message })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    log.warn({ mail: row.id, subject: row.subject, attempts: row.attempts, err: error }, 'mail failed, will retry');
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: null, next_attempt_at: isoIn(delay), last_error: message })
      .where('id', '=', row.id)
      .execute();
  }

  async function cleanup(): Promise<void> {
    if (Date.now() - lastCleanup < HOUR) return;
    lastCleanup = Date.now();
    const before = new Date(Date.now() - KEEP_SENT_MS).toISOString();
    await db
      .deleteFrom('mail_outbox')
      .where((eb) => eb.or([eb('sent_at', '<', before), eb('failed_at', '<', before)]))
      .execute();
  }

  async function pass(): Promise<void> {
    for (;;) {
      const rows = await claimMails(db, BATCH);
      for (const row of rows) {
        let failure: unknown;
        try {
          await deliver(row);
        } catch (error) {
          failure = error ?? new Error('send failed');
        }
        await settle(row, failure);
      }
      if (rows.length < BATCH) break;
    }
    await cleanup();
  }

  const runner = passRunner({
    name: 'mail job',
    pass,
    due: async () => (await dueMails(db, nowIso()).executeTakeFirst()) !== undefined,
    pollMs: POLL_MS,
    log,
  });
  runner.wake();

  return {
    wake: runner.wake,
    idle: runner.idle,
    async close() {
      await runner.close();
      transport.close();
    },
  };
}
