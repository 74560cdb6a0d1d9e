// Writes the API's OpenAPI document to a file (for `redocly lint` in the tests), from a server built on a
// throw-away SQLite database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { createLogger } from '../apps/api/src/logger';
import { createRuntime } from '../apps/api/src/runtime';

const target = process.argv[2] ?? '.tmp/openapi.json';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-openapi-'));
const runtime = await createRuntime(
  loadConfig({ DATA_DIR: dataDir, SUPER_ADMIN_PASSWORD: 'not-used-password', LOG_LEVEL: 'silent' }),
  createLogger('silent'),
);
try {
  const res = await runtime.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, res.body);
  console.log(`OpenAPI document written to ${target}`);
} finally {
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
