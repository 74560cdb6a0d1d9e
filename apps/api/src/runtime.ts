import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { type App, buildApp, tooManyRequests } from './app';
import type { Config } from './config';
import { type Db, createDb, migrateToLatest } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { Limiter, memoryStore, redisStore } from './lib/rate-limit';
import { type SecretBox, createSecretBox, loadSecretsKey } from './lib/secrets';
import { createSmsProvider } from './lib/sms';
import { startJobs } from './lib/jobs';
import { DAY } from './db/time';
import { deleteOldCalls } from './modules/calls/calls.service';
import { ensureSuperAdmin } from './modules/auth/bootstrap';

export type Runtime = App & {
  db: Db;
  mailer: Mailer;
  limiter: Limiter;
  secrets: SecretBox;
  /** Stops accepting requests, lets running ones and mails being sent finish, then closes the database. */
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
    onPoolError: (error) => log.warn({ err: error }, 'idle database connection lost'),
  });
  try {
    const applied = await migrateToLatest(db.db);
    if (applied.length) log.info({ migrations: applied, engine: db.engine }, 'database migrated');
    await ensureSuperAdmin(db.db, { email: config.superAdminEmail, password: config.superAdminPassword }, log);
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
  const limiter = new Limiter(config.redisUrl ? redisStore(config.redisUrl) : memoryStore(), tooManyRequests);
  const secrets = createSecretBox(secretsKey.key);
  const built = await buildApp({
    config,
    db,
    log,
    mailer,
    limiter,
    secrets,
    sms: createSmsProvider(config, log),
    version: readVersion(),
  });
  const retentionDays = config.callRetentionDays;
  const stopJobs = startJobs(
    db.db,
    retentionDays
      ? [
          {
            name: 'call-retention',
            everyMs: DAY,
            run: async () => `deleted ${await deleteOldCalls(db.db, retentionDays)} calls`,
          },
        ]
      : [],
    log,
  );
  return {
    ...built,
    db,
    mailer,
    limiter,
    secrets,
    async close() {
      stopJobs();
      await built.app.close();
      await mailer.close();
      await limiter.close();
      await db.close();
    },
  };
}
