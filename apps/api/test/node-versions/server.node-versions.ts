import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../db';
import { ROOT, type ServerProcess, freePort, spawnServer } from '../process';
import { startSmtp, verificationIn } from '../smtp';

/** Written by scripts/test-node-versions.mjs: the Node.js binaries and, where the ABI differs, a better-sqlite3. */
type Target = { version: string; node: string; abi: string; betterSqlite3: string | null };

const targetsFile = process.env.NODE_VERSIONS_FILE;
if (!targetsFile || !fs.existsSync(targetsFile))
  throw new Error('No Node.js binaries prepared: run `npm run test:node-versions`.');
const targets = JSON.parse(fs.readFileSync(targetsFile, 'utf8')) as Target[];
const hook = path.join(ROOT, 'scripts/node-versions/better-sqlite3-hook.mjs');
// scripts/test.mjs leaves PostgreSQL out (loudly) when it is not reachable.
const engines = (process.env.NODE_VERSIONS_ENGINES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const SUPER = { email: 'super@example.com', password: 'super-secret-password' };

const smtp = await startSmtp();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await smtp.close();
});

function client(base: string) {
  return async (method: string, url: string, options: { body?: unknown; token?: string; key?: string } = {}) => {
    const res = await fetch(`${base}/api/v2${url}`, {
      method,
      redirect: 'manual',
      headers: {
        accept: 'application/vnd.api+json',
        ...(options.body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
}

describe.each(targets)('the compiled server on Node.js $version', (target) => {
  it.each(engines)(
    `Node.js ${target.version} serves a company end to end on %s and stops on SIGTERM`,
    async (engine) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-node-versions-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const pgDb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
      if (pgDb) cleanups.push(pgDb.drop);
      const port = await freePort();
      const server: ServerProcess = await spawnServer(
        {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DATABASE_URL: pgDb?.url ?? '',
          SMTP_URL: smtp.url,
          SUPER_ADMIN_EMAIL: SUPER.email,
          SUPER_ADMIN_PASSWORD: SUPER.password,
          BETTER_SQLITE3_DIR: target.betterSqlite3 ?? '',
        },
        port,
        { node: target.node, nodeArgs: target.betterSqlite3 ? ['--import', hook] : [] },
      );
      cleanups.push(() => server.stop('SIGKILL').then(() => undefined));
      const api = client(server.base);

      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', database: engine, checks: { database: 'ok' } });
      const superLogin = await api('POST', '/login', { body: SUPER });
      expect(superLogin.status).toBe(200);
      const superToken = superLogin.json.meta.access_token as string;

      // A company through sign-up: register, verify by mail, enabled by the super.
      const email = `owner-${target.version}-${engine}@example.com`;
      const password = 'owner-password-1';
      const registered = await api('POST', '/register', {
        body: { name: 'Node Versions GmbH', email, password, password_confirmation: password },
      });
      expect(registered.status).toBe(202);
      const mail = await smtp.waitFor(email, 'Verify');
      expect((await api('POST', '/verify-email', { body: verificationIn(mail, server.base) })).status).toBe(200);
      const customers = await api('GET', `/customers?search=${encodeURIComponent(email)}`, { token: superToken });
      const ownerId = customers.json.data[0].id as string;
      expect((await api('PATCH', `/enableUser/${ownerId}`, { token: superToken })).status).toBe(200);
      const ownerLogin = await api('POST', '/login', { body: { email, password } });
      expect(ownerLogin.status).toBe(200);
      const token = ownerLogin.json.meta.access_token as string;

      const phonebot = await api('POST', '/vbot', {
        token,
        body: { data: { type: 'vbots', attributes: { bezeichnung: 'Reception', category_terms: ['Sales'] } } },
      });
      expect(phonebot.status).toBe(201);
      const call = {
        caller_number: '+4930123456',
        response: [
          { action: 'UserRecognizedText', text: `Please call me back about Node.js ${target.version}.` },
          { action: 'BotResponseText', text: 'We will call you back.' },
        ],
        selected_category: 'Sales',
      };
      const key = crypto.randomUUID();
      const ingested = await api('POST', '/bot/calls', { token: phonebot.json.meta.bot_token, key, body: call });
      expect(ingested.status).toBe(201);

      const open = await api('GET', '/callsview', { token });
      expect(open.status).toBe(200);
      expect(open.json.meta.total).toBe(1);
      expect(open.json.data[0].id).toBe(ingested.json.data.id);
      expect(open.json.data[0].attributes.message).toContain(`Node.js ${target.version}`);

      expect(await server.stop('SIGTERM')).toBe(0);
      expect(server.output.join('')).toContain('shutting down');
    },
  );
});
