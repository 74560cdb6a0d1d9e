import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from './lib/redis';
import type { FileStorage } from './lib/file-store';
import { DEFAULT_WEBHOOK_TIMING } from './modules/webhooks';
import { type TrustProxy, trustProxySetting } from './plugins/connections';
import { isMessageKey, messageText } from '@phonebot/shared';
import { type OperatorInput, operatorSchema } from '@phonebot/shared/settings';
import { RECORDING_MAX_BYTES_DEFAULT } from '@phonebot/shared/recordings';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SUPER_ADMIN_EMAIL: optionalString,
  SUPER_ADMIN_PASSWORD: optionalString,
  SECRETS_KEY: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Phonebot Portal <no-reply@localhost>')),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['log', 'twilio']).default('log')),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_BASE: z.preprocess(emptyToUndefined, z.url().default('https://api.twilio.com')),
  PADDLE_ENV: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'production']).default('sandbox')),
  PADDLE_CLIENT_TOKEN: optionalString,
  PADDLE_PRICE_ID: optionalString,
  PADDLE_WEBHOOK_SECRET: optionalString,
  CALL_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
  AUDIT_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(730)),
  REDIS_URL: optionalString,
  REDIS_COMMAND_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(50).max(60_000).default(DEFAULT_REDIS_COMMAND_TIMEOUT_MS),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySetting),
  OPERATOR_NAME: optionalString,
  OPERATOR_ADDRESS: optionalString,
  OPERATOR_PHONE: optionalString,
  OPERATOR_EMAIL: optionalString,
  IMPRINT_URL: optionalString,
  PRIVACY_URL: optionalString,
  TERMS_URL: optionalString,
  HEADERS_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(10_000)),
  REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).default(30_000)),
  MAX_CONNECTIONS_PER_CLIENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  EVENTS_TRANSPORT: z.preprocess(emptyToUndefined, z.enum(['auto', 'postgres', 'redis']).default('auto')),
  PADDLE_SIGNATURE_TOLERANCE_S: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(5)),
  SMS_RATE_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  SMS_DAILY_CAP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(100)),
  SMS_MAX_SEGMENTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10).default(3)),
  API_KEY_RATE_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(600)),
  CORS_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
    const origins = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Each as a browser sends it in Origin: scheme, host and port only (no path, no `*`).
    const bad = origins.find(
      (entry) => URL.canParse(entry) === false || new URL(entry).origin !== entry.replace(/\/$/, '').toLowerCase(),
    );
    if (bad !== undefined)
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not an origin (scheme://host[:port])` });
    return origins.map((entry) => (URL.canParse(entry) ? new URL(entry).origin : entry));
  }),
  WEBHOOK_ALLOW_PRIVATE_URLS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).default(30_000)),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).default(5_000)),
  SHUTDOWN_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10_000)),
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(300_000).default(0)),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  ),
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['file', 's3']).default('file')),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  RECORDINGS_STORAGE: z.preprocess(emptyToUndefined, z.enum(['file', 's3']).default('file')),
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key, uncompressed, in base64url')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes) in base64url')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
      .optional(),
  ),
  RECORDING_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1024).default(RECORDING_MAX_BYTES_DEFAULT),
  ),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  superAdminEmail: string | undefined;
  superAdminPassword: string | undefined;
  secretsKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProvider: 'log' | 'twilio';
  twilio: { accountSid?: string; authToken?: string; from?: string; apiBase: string };
  paddle: {
    env: 'sandbox' | 'production';
    clientToken?: string;
    priceId?: string;
    webhookSecret?: string;
    /** How old (or how far ahead) a webhook's signed timestamp may be, in seconds. */
    signatureToleranceS: number;
  };
  callRetentionDays: number | undefined;
  /** Audit entries older than this are deleted daily; always longer than calls are kept. */
  auditRetentionDays: number;
  redisUrl: string | undefined;
  /** How long a Redis command may take before it fails (rate limits then count in the database). */
  redisCommandTimeoutMs: number;
  logLevel: string;
  /** The proxies whose X-Forwarded-For names the client (TRUST_PROXY): a hop count or their addresses. */
  trustProxy: TrustProxy;
  /** The operator's identity from the environment: the values Settings starts from (empty: not set). */
  operator: OperatorInput;
  /** Slow clients: the whole request head, and the whole request, must arrive within these. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * Open connections one client address may hold; 0 is no limit. Trusted proxies' addresses are not limited; behind
   * a hop count every connection may be a proxy's, so the limit is off unless set.
   */
  maxConnectionsPerClient: number;
  /** SMS per company: per minute, per day (server's calendar day) and the parts one message may take. */
  sms: { ratePerMinute: number; dailyCap: number; maxSegments: number };
  /** Requests one API key may make per minute. */
  apiKeyRatePerMinute: number;
  /** Origins whose pages may call the API with an API key (CORS, plugins/cors.ts); none by default. */
  corsOrigins: readonly string[];
  /** Webhook URLs may point at loopback, private and link-local addresses (development and tests only). */
  webhookAllowPrivateUrls: boolean;
  /** A delivery's timeout, how often due deliveries are looked for, and the delays between attempts (ms). */
  webhookTiming: { timeoutMs: number; pollMs: number; retryDelaysMs: readonly number[] };
  /** Where the built web app is served from; unset serves no web app (API-only tests). */
  webDistDir: string | undefined;
  /** Checks every answer against its contract (the tests turn it on). */
  validateAnswers: boolean;
  /** How long a process trusts a bot token it has read: another process's change is seen within this (ms). */
  botTokenCacheMs: number;
  /** Timing of the event streams: keep-alive comments, session checks, and the sweep for lost signals (ms). */
  events: { keepAliveMs: number; revalidateMs: number; sweepMs: number; transport: 'auto' | 'postgres' | 'redis' };
  /** The longest a statement runs (PostgreSQL), and a query waits for a connection or SQLite's write lock (ms). */
  database: { statementTimeoutMs: number; acquireTimeoutMs: number };
  /** How long SIGTERM waits for running requests before it closes them (ms). */
  shutdownGraceMs: number;
  /**
   * How long a stopping process keeps serving with /readyz answering 503 before it stops accepting (ms), so that a
   * balancer polling readiness takes it out of rotation first.
   */
  shutdownDrainMs: number;
  /** Bearer token that opens GET /metrics; unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /** Where stored files (avatars) are kept: under DATA_DIR (STORAGE=file) or in an S3 bucket (STORAGE=s3). */
  storage: FileStorage;
  /**
   * Call recordings: where they are kept (RECORDINGS_STORAGE: under DATA_DIR/recordings, or in the S3_* bucket
   * under recordings/), the largest taken (RECORDING_MAX_BYTES), and how long fetching a platform's recording may
   * take.
   */
  recordings: { storage: FileStorage; maxBytes: number; fetchTimeoutMs: number };
  /**
   * Web Push: the VAPID key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, base64url; unset, one is generated once
   * and kept in the database), the contact the push services see (VAPID_SUBJECT), and the sender's timing (ms).
   */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string;
    timeoutMs: number;
    pollMs: number;
    retryDelaysMs: readonly number[];
  };
};

/** Web Push's delays after failed attempts (a 429, a 5xx, no answer); after the last one the push is given up. */
const PUSH_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/** The address of MAIL_FROM (`Name <address>` or the bare address), as the default VAPID contact. */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** STORAGE (or RECORDINGS_STORAGE) and its S3_* settings; S3 needs a bucket, and a key id only with its secret. */
function fileStorage(
  e: z.infer<typeof envSchema>,
  dataDir: string,
  setting: 'STORAGE' | 'RECORDINGS_STORAGE' = 'STORAGE',
): FileStorage {
  if (e[setting] === 'file') return { kind: 'file', dir: dataDir };
  const problems = [
    ...(e.S3_BUCKET ? [] : [`S3_BUCKET: required with ${setting}=s3`]),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? ["S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the AWS SDK's own credentials"]
      : []),
  ];
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Parses the environment once into one typed object; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CALL_RETENTION_DAYS !== undefined && e.AUDIT_RETENTION_DAYS <= e.CALL_RETENTION_DAYS) {
    throw new Error(
      'Invalid configuration:\nAUDIT_RETENTION_DAYS: must be greater than CALL_RETENTION_DAYS (the audit log outlives the calls it records)',
    );
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error(
      'Invalid configuration:\nVAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (one key pair), or neither to have one generated',
    );
  }
  const port = e.PORT;
  const operator = operatorSchema.safeParse({
    name: e.OPERATOR_NAME ?? '',
    address: e.OPERATOR_ADDRESS ?? '',
    phone: e.OPERATOR_PHONE ?? '',
    email: e.OPERATOR_EMAIL ?? '',
    imprint_url: e.IMPRINT_URL ?? '',
    privacy_url: e.PRIVACY_URL ?? '',
    terms_url: e.TERMS_URL ?? '',
  });
  if (!operator.success) {
    const variables: Record<string, string> = {
      name: 'OPERATOR_NAME',
      address: 'OPERATOR_ADDRESS',
      phone: 'OPERATOR_PHONE',
      email: 'OPERATOR_EMAIL',
      imprint_url: 'IMPRINT_URL',
      privacy_url: 'PRIVACY_URL',
      terms_url: 'TERMS_URL',
    };
    const lines = operator.error.issues.map(
      (issue) =>
        `${variables[String(issue.path[0])]}: ${isMessageKey(issue.message) ? messageText(issue.message) : issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    superAdminEmail: e.SUPER_ADMIN_EMAIL?.trim().toLowerCase(),
    superAdminPassword: e.SUPER_ADMIN_PASSWORD,
    secretsKey: e.SECRETS_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
    },
    paddle: {
      env: e.PADDLE_ENV,
      clientToken: e.PADDLE_CLIENT_TOKEN,
      priceId: e.PADDLE_PRICE_ID,
      webhookSecret: e.PADDLE_WEBHOOK_SECRET,
      signatureToleranceS: e.PADDLE_SIGNATURE_TOLERANCE_S,
    },
    callRetentionDays: e.CALL_RETENTION_DAYS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    operator: operator.data,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: Math.max(e.REQUEST_TIMEOUT_MS, e.HEADERS_TIMEOUT_MS),
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY && 'hops' in e.TRUST_PROXY ? 0 : 50),
    sms: { ratePerMinute: e.SMS_RATE_PER_MINUTE, dailyCap: e.SMS_DAILY_CAP, maxSegments: e.SMS_MAX_SEGMENTS },
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    webhookTiming: DEFAULT_WEBHOOK_TIMING,
    webDistDir: undefined,
    validateAnswers: false,
    botTokenCacheMs: 3_000,
    events: { keepAliveMs: 15_000, revalidateMs: 60_000, sweepMs: 5_000, transport: e.EVENTS_TRANSPORT },
    database: {
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    storage: fileStorage(e, path.resolve(e.DATA_DIR)),
    recordings: {
      storage: fileStorage(e, path.resolve(e.DATA_DIR), 'RECORDINGS_STORAGE'),
      maxBytes: e.RECORDING_MAX_BYTES,
      fetchTimeoutMs: 60_000,
    },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? mailtoOf(e.MAIL_FROM),
      timeoutMs: 15_000,
      pollMs: 2_000,
      retryDelaysMs: PUSH_RETRY_DELAYS_MS,
    },
    ...overrides,
  };
}
