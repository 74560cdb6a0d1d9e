/**
 * npm run bench:web-start: which script files the login page and the signed-in Calls Dashboard load until the
 * network is idle, and their gzip sizes, from the built web app (apps/web/dist as it is; build it first) served by
 * the compiled server on a fresh SQLite data directory, in the system Chromium. No timings: the figures are the
 * same on a loaded machine. Option --list prints each file.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';
import { spawnServer } from '../apps/api/test/process';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/chromium-flags';
import { seedSqlite } from './generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const { values: options } = parseArgs({ options: { list: { type: 'boolean', default: false } } });
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('No web build: run `npm run build -w apps/web`.');

const { dataDir, fixture } = await seedSqlite('pbp-bench-web-start-', 2_000);
const server = await spawnServer({ DATA_DIR: dataDir, WEB_DIST_DIR: dist, LOG_LEVEL: 'warn' });

/** The gzip size of the build's file behind a URL (0 when it is no file of the build). */
function gzipOf(url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

/** The part of the page's globals used here (the tools' type check has no DOM library). */
type BrowserGlobals = { localStorage: { setItem: (key: string, value: string) => void } };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  const pages = [
    { name: 'login', path: '/login', signedIn: false, ready: 'input[type="password"]' },
    { name: 'calls dashboard', path: '/viewcalllogs', signedIn: true, ready: 'table tbody tr' },
  ];
  const rows = [];
  for (const page of pages) {
    const context = await browser.newContext();
    if (page.signedIn)
      await context.addInitScript(
        ([key, token]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, token),
        [TOKEN_STORAGE_KEY, fixture.token] as const,
      );
    const tab = await context.newPage();
    const scripts: string[] = [];
    tab.on('pageerror', (error) => console.error(`${page.path}: ${error.message}`));
    tab.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(server.base)) scripts.push(request.url());
    });
    await tab.goto(`${server.base}${page.path}`, { waitUntil: 'networkidle' });
    await tab.waitForSelector(page.ready);
    if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.path} ended on ${tab.url()}`);
    const files = scripts.map((url) => ({ file: new URL(url).pathname, gzip: gzipOf(url) }));
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    rows.push({ page: page.name, scripts: files.length, 'js gzip KB': (total / 1024).toFixed(1) });
    if (options.list) {
      console.log(`\n${page.name}:`);
      for (const file of [...files].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.file}`);
    }
    await context.close();
  }
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
