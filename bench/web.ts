/**
 * npm run bench:web: the web app's initial JavaScript (gzip) for the login page and the calls dashboard, and the
 * time until the dashboard shows its rows, in Chromium on localhost against a built app and a server process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from 'playwright-core';
import { createDb, migrateToLatest } from '../apps/api/src/db/client';
import { spawnServer } from '../apps/api/test/process';
import { createCompanies, growCalls } from './generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-bench-web-'));
const db = createDb({ dataDir });
await migrateToLatest(db.db);
await createCompanies(db.db);
await growCalls(db.db, 'sqlite', 0, 10_000);
await db.close();

const server = await spawnServer({ DATA_DIR: dataDir, WEB_DIST_DIR: dist, LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** The gzip size of every script a page loaded, from the build's files. */
function gzipOf(urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = path.join(dist, new URL(url).pathname);
    return fs.existsSync(file) ? sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : sum;
  }, 0);
}

async function scriptsOf(action: (page: Page) => Promise<void>): Promise<{ scripts: string[]; ms: number }> {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const started = Date.now();
  await action(page);
  const ms = Date.now() - started;
  await context.close();
  return { scripts, ms };
}

try {
  const login = await scriptsOf(async (page) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
  });
  const dashboard = await scriptsOf(async (page) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('admin1@bench.example');
    await page.getByLabel('Password', { exact: true }).fill('bench-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/viewcalllogs');
    await page.waitForLoadState('networkidle');
  });
  // Time until the dashboard shows its rows, for a signed-in user opening it directly.
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('admin1@bench.example');
  await page.getByLabel('Password', { exact: true }).fill('bench-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/viewcalllogs');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = Date.now();
    await page.goto('/viewcalllogs');
    await page.locator('tbody tr').nth(19).waitFor();
    times.push(Date.now() - started);
  }
  await context.close();
  times.sort((a, b) => a - b);
  const result = {
    login_initial_js_gzip_kb: Number((gzipOf(login.scripts) / 1024).toFixed(1)),
    login_scripts: login.scripts.length,
    dashboard_js_gzip_kb_after_login: Number((gzipOf(dashboard.scripts) / 1024).toFixed(1)),
    dashboard_rows_visible_ms_median: times[2],
    dashboard_rows_visible_ms_all: times,
  };
  console.table(result);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/web.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
