/**
 * The product's server as `npm start` runs it, plus one route that answers a stored copy of a list page without
 * touching the database: the framework's ceiling the list is compared with.
 */
import fs from 'node:fs';
import { loadConfig } from '../apps/api/src/config';
import { createLogger } from '../apps/api/src/logger';
import { createRuntime } from '../apps/api/src/runtime';
import { CHANGE_SUBSCRIBERS } from '../apps/api/src/change-subscribers';
import { registerChangeSubscribers } from '../apps/api/src/lib/changes';
import { searchIndexSubscriber } from '../apps/api/src/modules/calls';

const config = loadConfig(process.env);
const runtime = await createRuntime(config, createLogger('warn'));
// The search benchmark's baseline: the change path without the search index (ingest with and without it).
if (process.env.BENCH_NO_SEARCH_INDEX === '1') {
  registerChangeSubscribers(
    runtime.db.db,
    CHANGE_SUBSCRIBERS.filter((subscriber) => subscriber !== searchIndexSubscriber),
  );
}
const ceilingFile = process.env.BENCH_CEILING_FILE;
runtime.app.get('/bench/ceiling', async (_req, reply) =>
  reply
    .type('application/vnd.api+json')
    .send(ceilingFile && fs.existsSync(ceilingFile) ? fs.readFileSync(ceilingFile) : '{}'),
);
// What an unchanged poll is compared with: a 304 answered from memory, no session, no database.
runtime.app.get('/bench/ceiling-304', async (_req, reply) =>
  reply.header('etag', '"bench"').header('cache-control', 'private, no-cache').code(304).send(),
);
// The event benchmark reads the process's memory after a full collection (the server runs with --expose-gc).
runtime.app.get('/bench/memory', async () => {
  (globalThis as { gc?: () => void }).gc?.();
  return { ...process.memoryUsage(), streams: runtime.events.streamCount };
});
await runtime.app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void runtime.close().then(() => process.exit(0));
});
