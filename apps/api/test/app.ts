import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Contract, Role } from '@phonebot/shared';
import { API_BASE, JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { type Config, loadConfig } from '../src/config';
import { HOUR, nowIso } from '../src/db/time';
import { hashPassword, tokenHash } from '../src/lib/crypto';
import { buildOpenApi } from '../src/lib/openapi';
import { createLogger } from '../src/logger';
import { issueAccessToken } from '../src/modules/sessions';
import { type Runtime, createRuntime } from '../src/runtime';
import { jsonApiProblems, openApiChecker } from './answer-check';
import { TEST_ENGINE, createPostgresDatabase } from './db';
import { inject } from 'vitest';

export const SUPER_EMAIL = 'super@example.com';
export const SUPER_PASSWORD = 'super-secret-password';
export const PASSWORD = 'correct horse battery';

export type TestApp = Runtime & {
  config: Config;
  request: (options: RequestOptions) => Promise<TestResponse>;
  /** A user of the given role in a new or given customer, with a live access token. */
  signIn: (
    role: Role,
    options?: {
      customerId?: number;
      email?: string;
      status?: 'Active' | 'Inactive';
      /**
       * Whether the session has confirmed its user (step-up) for the whole test, so that tests of other rules can
       * take sensitive actions; true unless false (the step-up tests sign in as a fresh session does).
       */
      steppedUp?: boolean;
    },
  ) => Promise<SignedIn>;
  /**
   * The text of every mail to this address, queued or already sent: a sent mail keeps no body in the outbox table,
   * so its text is read from the message the file transport wrote under the data directory.
   */
  mailTexts: (address: string) => Promise<string[]>;
  stop: () => Promise<void>;
};

export type SignedIn = { token: string; userId: number; customerId: number | null; email: string };

export type RequestOptions = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  rawBody?: string;
  /** The client's address (rate limits tell clients apart by it); 127.0.0.1 by default. */
  remoteAddress?: string;
};

export type TestResponse = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
  json: any;
};

let passwordHash: Promise<string> | undefined;
let counter = 0;

type AnswerChecker = ReturnType<typeof openApiChecker>;
const answerCheckers = new Map<string, AnswerChecker>();

/**
 * The check of answers against the OpenAPI document of these routes, made once per worker for each set of routes
 * (with its compiled schemas) instead of once per test app: the apps of a run serve the same document.
 */
function answerChecker(contracts: Contract[], publicUrl: string): AnswerChecker {
  const key = [
    publicUrl,
    ...contracts.map((contract) => `${contract.method} ${contract.path} ${contract.operationId}`),
  ].join('\n');
  let checker = answerCheckers.get(key);
  if (!checker) {
    const document = buildOpenApi(contracts, API_BASE, { version: 'test', termsUrl: publicUrl });
    checker = openApiChecker(document as Parameters<typeof openApiChecker>[0], contracts, API_BASE);
    answerCheckers.set(key, checker);
  }
  return checker;
}

/** The whole runtime on a fresh database of the engine under test (TEST_DB) and a fresh data directory. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  options: {
    logLines?: string[];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-test-'));
  // A copy of the run's migrated database (test/postgres-template.ts) when the project made one.
  const pgDb =
    TEST_ENGINE === 'postgres' ? await createPostgresDatabase({ template: inject('postgresTemplate') }) : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SUPER_ADMIN_EMAIL: SUPER_EMAIL,
      SUPER_ADMIN_PASSWORD: SUPER_PASSWORD,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PUBLIC_URL: 'http://portal.test',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...env,
    },
    { validateAnswers: true, ...overrides },
  );
  const { logLines } = options;
  const logger = logLines
    ? createLogger('trace', { write: (line: string) => void logLines.push(line) })
    : createLogger(config.logLevel);
  const runtime = await createRuntime(config, logger);

  let checkAnswer: ReturnType<typeof openApiChecker> | undefined;
  const request = async (options: RequestOptions): Promise<TestResponse> => {
    const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= JSONAPI_MEDIA_TYPE;
    }
    const res = await runtime.app.inject({
      method: options.method,
      url: options.url,
      headers,
      payload,
      remoteAddress: options.remoteAddress,
    });
    let json: unknown;
    try {
      json = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      json = undefined;
    }
    const isApiAnswer =
      options.url.startsWith(`${API_BASE}/`) &&
      !/^\/api\/v2\/(openapi\.json|docs)/.test(options.url) &&
      String(res.headers['content-type']).startsWith(JSONAPI_MEDIA_TYPE);
    if (isApiAnswer && json !== undefined) {
      checkAnswer ??= answerChecker(runtime.router.contracts, config.publicUrl);
      const wrong = jsonApiProblems(json) ?? checkAnswer(options.method, options.url, res.statusCode, json);
      if (wrong) throw new Error(`${options.method} ${options.url} answered ${res.statusCode}: ${wrong}\n${res.body}`);
    }
    return { status: res.statusCode, headers: res.headers, body: res.body, json };
  };

  const signIn: TestApp['signIn'] = async (role, options = {}) => {
    const db = runtime.db.db;
    const now = nowIso();
    const fixtureHash = (passwordHash ??= hashPassword(PASSWORD));
    let customerId: number | null = options.customerId ?? null;
    if (role !== 'super' && customerId === null) {
      const customer = await db
        .insertInto('customers')
        .values({
          company_name: `Company ${++counter}`,
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
      customerId = customer.id;
    }
    const email = options.email ?? `${role}-${++counter}-${Date.now()}@example.com`;
    const user = await db
      .insertInto('users')
      .values({
        customer_id: customerId,
        name: `${role} ${counter}`,
        email,
        role,
        status: options.status ?? 'Active',
        email_verified_at: now,
        password_hash: await fixtureHash,
        avatar_path: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await issueAccessToken(db, user.id);
    if (options.steppedUp !== false) {
      await db
        .updateTable('access_tokens')
        .set({ reauth_at: new Date(Date.now() + HOUR).toISOString() })
        .where('token_hash', '=', tokenHash(token))
        .execute();
    }
    return { token, userId: user.id, customerId, email };
  };

  return {
    ...runtime,
    config,
    request,
    signIn,
    async mailTexts(address) {
      // Let the mailer send what is due first, so no mail is on its way from the table to a file while both are read.
      runtime.mailer.wake();
      await runtime.mailer.idle();
      const rows = await runtime.db.db
        .selectFrom('mail_outbox')
        .select(['text_body'])
        .where('to_address', '=', address)
        .where('text_body', 'is not', null)
        .execute();
      const dir = path.join(dataDir, 'outbox');
      const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      const sent = files
        .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
        .filter((message) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(message))
        .map(decodeQuotedPrintable);
      return [...rows.map((row) => row.text_body!), ...sent];
    },
    async stop() {
      await runtime.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The readable text of a written message: soft line breaks joined and `=XX` escapes decoded. */
function decodeQuotedPrintable(message: string): string {
  const joined = message.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
