/**
 * Plays a phonebot runtime against a running server: heartbeats, then realistic calls with retries that reuse their
 * Idempotency-Key. Usage: npm run bot-sim -- --token <bot token> [--calls N] [--rate R] [--url URL]
 */
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createRandom, generateCall } from './calls';

type Options = { url: string; token: string; calls: number; rate: number; seed: number; quiet: boolean };

async function request(
  options: Options,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${options.url}/api/v2${path}`, {
    method,
    headers: {
      accept: 'application/vnd.api+json',
      authorization: `Bearer ${options.token}`,
      ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

/** Sends one call, retrying network errors, 429 and 5xx with the same Idempotency-Key. */
async function sendWithRetries(
  options: Options,
  body: unknown,
): Promise<{ status: number; attempts: number; replayed: boolean }> {
  const key = crypto.randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await request(options, 'POST', '/bot/calls', body, { 'idempotency-key': key });
      if (res.status < 500 && res.status !== 429) {
        return { status: res.status, attempts: attempt, replayed: res.headers.get('idempotent-replayed') === 'true' };
      }
    } catch {
      // the server may be restarting: retry with the same key
    }
    if (attempt >= 8) return { status: 0, attempts: attempt, replayed: false };
    await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 200 * 2 ** attempt)));
  }
}

export async function simulate(options: Options) {
  const log = (message: string) => options.quiet || console.log(message);
  const random = createRandom(options.seed);
  const beat = await request(options, 'POST', '/bot/heartbeat');
  if (beat.status !== 200) throw new Error(`heartbeat refused (${beat.status}): is the bot token right?`);
  const config = await request(options, 'GET', '/bot/config');
  const terms =
    config.status === 200
      ? ((config.json as { data: { attributes: { category_terms?: string[] } } }).data.attributes.category_terms ?? [])
      : [];
  log(
    config.status === 200
      ? `config: ${terms.length} category terms`
      : `config refused (${config.status}): the phonebot is inactive; calls are still sent`,
  );

  const results = { stored: 0, failed: 0, retried: 0 };
  const interval = options.rate > 0 ? 1000 / options.rate : 0;
  const started = Date.now();
  for (let i = 0; i < options.calls; i++) {
    const due = started + i * interval;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    if (i > 0 && i % 50 === 0) await request(options, 'POST', '/bot/heartbeat');
    const outcome = await sendWithRetries(options, generateCall(random, terms));
    if (outcome.status === 201) results.stored++;
    else results.failed++;
    if (outcome.attempts > 1) results.retried++;
  }
  log(`calls: ${results.stored} stored, ${results.failed} failed, ${results.retried} needed retries`);
  return results;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const { values } = parseArgs({
    options: {
      token: { type: 'string' },
      calls: { type: 'string', default: '10' },
      rate: { type: 'string', default: '2' },
      url: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
      seed: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  if (!values.token) {
    console.error('Usage: npm run bot-sim -- --token <bot token> [--calls N] [--rate R] [--url URL]');
    process.exit(2);
  }
  simulate({
    url: values.url.replace(/\/+$/, ''),
    token: values.token,
    calls: Number(values.calls),
    rate: Number(values.rate),
    seed: values.seed ? Number(values.seed) : Date.now(),
    quiet: values.quiet,
  })
    .then((r) => process.exit(r.failed ? 1 : 0))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
