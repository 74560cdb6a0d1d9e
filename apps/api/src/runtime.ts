import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { type App, buildApp, tooManyRequests } from './app';
import type { Config } from './config';
import { type Db, createDb } from './db/client';
import { type FileStore, createFileStore } from './lib/file-store';
import { createMailer, type Mailer } from './lib/mailer';
import { type Limiter, createLimiter } from './lib/rate-limit';
import { createRedis } from './lib/redis';
import { type SecretBox, createSecretBox, loadSecretsKey } from './lib/secrets';
import { createSmsProvider } from './lib/sms';
import { startJobs } from './lib/jobs';
import { DAY, HOUR, MINUTE } from './db/time';
import { deleteOldAuditEvents } from './modules/audit';
import { CHANGE_SUBSCRIBERS } from './change-subscribers';
import { registerChangeSubscribers } from './lib/changes';
import { deleteOldCalls, deleteOldSmsCounters } from './modules/calls';
import { mailUntakenUrgentCalls } from './modules/urgent-mail';
import { alertOfflinePhonebots } from './modules/phonebot-alerts';
import { mailUnreadNotifications, pruneNotifications } from './modules/notifications';
import {
  EventHub,
  memoryTransport,
  postgresTransport,
  pruneEvents,
  redisTransport,
  registerAnnouncer,
} from './modules/events';
import { ensureSuperAdmin, pruneOrphanedAvatars } from './modules/users';
import { pruneExpiredRows } from './modules/system';
import { type WebhookSender, createWebhookSender } from './modules/webhooks';
import { type Recordings, createRecordings, pruneRecordingTickets } from './modules/recordings';
import { type PushSender, createPushSender, loadVapid } from './modules/push';

export type Runtime = App & {
  db: Db;
  mailer: Mailer;
  limiter: Limiter;
  secrets: SecretBox;
  events: EventHub;
  webhooks: WebhookSender;
  /** The Web Push job: sends the pushes changes queued. */
  push: PushSender;
  files: FileStore;
  recordings: Recordings;
  /**
   * Stops accepting requests, ends the event streams, lets running requests (within SHUTDOWN_GRACE_MS) and mails
   * being sent finish, then closes the database.
   */
  close: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

function readVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** Everything the process runs: database (migrated), super admin, mail, rate limits and the HTTP app. */
export async function createRuntime(config: Config, log: Logger): Promise<Runtime> {
  const secretsKey = loadSecretsKey(config.secretsKey, config.dataDir);
  if (secretsKey.generated)
    log.warn({ dataDir: config.dataDir }, 'SECRETS_KEY is not set: generated a development key in the data directory');
  const db = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.database.statementTimeoutMs,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
    log,
  });
  // Every change of calls reaches these, in their transaction (docs/architecture.md "The path of a change").
  const unregisterSubscribers = registerChangeSubscribers(db.db, CHANGE_SUBSCRIBERS);
  const secrets = createSecretBox(secretsKey.key);
  let vapid: Awaited<ReturnType<typeof loadVapid>>;
  try {
    const applied = await db.migrate();
    if (applied.length) log.info({ migrations: applied, engine: db.engine }, 'database migrated');
    await ensureSuperAdmin(db.db, { email: config.superAdminEmail, password: config.superAdminPassword }, log);
    // The VAPID keys of Web Push: from the environment, or generated once and kept in the database for every process.
    vapid = await loadVapid(db.db, config.push, secrets);
    if (vapid.generated) log.info('VAPID_PUBLIC_KEY is not set: generated a VAPID key pair, kept in the database');
  } catch (error) {
    await db.close();
    throw error;
  }
  const mailer = createMailer({
    db: db.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logLinks: config.env !== 'production',
    log,
  });
  const limiter = createLimiter({
    db: db.db,
    redis: config.redisUrl
      ? createRedis(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs, log, name: 'rate-limits' })
      : undefined,
    log,
    tooMany: tooManyRequests,
  });
  // Several processes on one PostgreSQL database hear of each other's changes through LISTEN/NOTIFY, which the
  // database delivers at commit; through Redis when told so (a pooler that cannot carry LISTEN) or when processes
  // share one SQLite file; a single SQLite process needs no transport.
  const { transport } = config.events;
  const useRedis =
    config.redisUrl !== undefined && (transport === 'redis' || (transport === 'auto' && !config.databaseUrl));
  const events = new EventHub(
    db.db,
    useRedis
      ? redisTransport(config.redisUrl!, log, { commandTimeoutMs: config.redisCommandTimeoutMs })
      : config.databaseUrl
        ? postgresTransport(config.databaseUrl, log)
        : memoryTransport(),
    log,
    config.events,
  );
  try {
    await events.start();
  } catch (error) {
    await limiter.close();
    await db.close();
    throw error;
  }
  const unregisterAnnouncer = registerAnnouncer(db.db, events.announce);
  // This process's own writes to a session's rows drop the sessions it keeps (other processes' come by NOTIFY).
  const unwatchSessions = db.sessionWrites.onWrite(events.sessionRowsWritten);
  const webhooks = createWebhookSender({
    db: db.db,
    secrets,
    allowPrivate: config.webhookAllowPrivateUrls,
    publicUrl: config.publicUrl,
    listenPort: config.port,
    operatorSeed: config.operator,
    log,
    wakeMailer: mailer.wake,
    timing: config.webhookTiming,
  });
  // Push services are outside: the webhook guard's rules keep the sends off the private network and this server.
  const pushGuard = {
    allowPrivate: config.webhookAllowPrivateUrls,
    publicUrl: config.publicUrl,
    listenPort: config.port,
  };
  const push = createPushSender({
    db: db.db,
    vapid,
    publicUrl: config.publicUrl,
    guard: pushGuard,
    timing: config.push,
    log,
  });
  const files = await createFileStore(config.storage, log);
  const recordings = await createRecordings({
    db: db.db,
    storage: config.recordings.storage,
    maxBytes: config.recordings.maxBytes,
    fetchTimeoutMs: config.recordings.fetchTimeoutMs,
    guard: { allowPrivate: config.webhookAllowPrivateUrls, publicUrl: config.publicUrl, listenPort: config.port },
    log,
  });
  const built = await buildApp({
    config,
    db,
    log,
    mailer,
    limiter,
    secrets,
    sms: createSmsProvider(config, log),
    events,
    webhooks,
    push: { vapidPublicKey: vapid.publicKey, endpoints: { guard: pushGuard, production: config.env === 'production' } },
    files,
    recordings,
    version: readVersion(),
  });
  const stopJobs = startJobs(
    db.db,
    [
      // The deployment's CALL_RETENTION_DAYS and each company's own retention_days (the shorter wins).
      {
        name: 'call-retention',
        everyMs: DAY,
        run: async () => `deleted ${await deleteOldCalls(db.db, config.callRetentionDays)} calls`,
      },
      {
        name: 'audit-retention',
        everyMs: DAY,
        run: async () => `deleted ${await deleteOldAuditEvents(db.db, config.auditRetentionDays)} audit entries`,
      },
      {
        name: 'urgent-call-mail',
        everyMs: MINUTE,
        run: async () => {
          const mailed = await mailUntakenUrgentCalls(db.db, {
            publicUrl: config.publicUrl,
            operatorSeed: config.operator,
          });
          if (mailed > 0) mailer.wake();
          return `mailed about ${mailed} calls`;
        },
      },
      // A notification still unread 15 minutes after it was made is mailed to its user, once.
      {
        name: 'notification-mail',
        everyMs: MINUTE,
        run: async () => {
          const mailed = await mailUnreadNotifications(db.db, {
            publicUrl: config.publicUrl,
            operatorSeed: config.operator,
          });
          if (mailed > 0) mailer.wake();
          return `mailed ${mailed} notifications`;
        },
      },
      {
        name: 'notifications-prune',
        everyMs: DAY,
        run: async () => `deleted ${await pruneNotifications(db.db)} notifications`,
      },
      {
        name: 'phonebot-offline-alerts',
        everyMs: MINUTE,
        run: async () => {
          const told = await alertOfflinePhonebots(db.db, {
            publicUrl: config.publicUrl,
            operatorSeed: config.operator,
          });
          if (told.offline > 0) mailer.wake();
          return `alerted ${told.offline} phonebots offline and ${told.online} back online`;
        },
      },
      {
        name: 'sms-counters-prune',
        everyMs: HOUR,
        run: async () => `deleted ${await deleteOldSmsCounters(db.db)} SMS counters`,
      },
      {
        name: 'expired-rows-prune',
        everyMs: HOUR,
        run: async () => {
          const pruned = await pruneExpiredRows(db.db);
          return `deleted ${pruned.idempotencyKeys} idempotency keys, ${pruned.sessions} expired sessions, ${pruned.oneTimeTokens} one-time tokens, ${pruned.webhookDeliveries} webhook deliveries and ${pruned.connectorClaims} claims of deleted platform calls`;
        },
      },
      {
        name: 'call-events-prune',
        everyMs: 5 * MINUTE,
        run: async () => {
          const pruned = await pruneEvents(db.db);
          return `deleted ${pruned.events} events and ${pruned.tickets} tickets`;
        },
      },
      {
        name: 'avatar-files-prune',
        everyMs: DAY,
        run: async () => `deleted ${await pruneOrphanedAvatars(db.db, files)} avatar files no user names`,
      },
      {
        name: 'recordings-sweep',
        everyMs: DAY,
        run: async () => {
          const swept = await recordings.sweep();
          const tickets = await pruneRecordingTickets(db.db);
          return `queued ${swept.rows + swept.objects} recordings no call names for deletion, deleted ${tickets} recording tickets`;
        },
      },
    ],
    log,
  );
  return {
    ...built,
    db,
    mailer,
    limiter,
    secrets,
    events,
    webhooks,
    push,
    files,
    recordings,
    async close() {
      stopJobs();
      // Open streams would hold the server open: they end first, and their clients reconnect with Last-Event-ID.
      await events.close();
      unregisterAnnouncer();
      unwatchSessions();
      // No new connections; requests running finish within SHUTDOWN_GRACE_MS, then their connections are closed.
      const grace = setTimeout(() => {
        log.warn({ graceMs: config.shutdownGraceMs }, 'requests still running at the end of the grace period: closing');
        built.app.server.closeAllConnections();
      }, config.shutdownGraceMs);
      grace.unref();
      await built.app.close().finally(() => clearTimeout(grace));
      await webhooks.close();
      await push.close();
      await recordings.close();
      await files.close();
      await mailer.close();
      await limiter.close();
      await db.close();
      unregisterSubscribers();
    },
  };
}
