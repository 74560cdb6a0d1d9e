import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, createPostgresDatabase } from './db';
import { ROOT as root, SERVER_START, WEB_DIST, spawnServer } from './process';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startServer(env: Record<string, string>) {
  return spawnServer(env);
}

describe('the server process', () => {
  it('creates the super admin once with a generated password, serves the web app, and stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-server-'));
    const dist = path.join(dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Phonebot Portal</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(dist, 'start-chunks.json'),
      JSON.stringify([
        { except: ['/login'], files: ['/assets/app-abc123.js', '/assets/app-abc123.css'] },
        { under: ['/viewcalllogs', '/newcalls'], files: ['/assets/calls-def456.js'] },
        { under: ['/x'], files: ['https://elsewhere.example/evil.js', '/assets/"><script>.js'] },
      ]),
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    const pgDb = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (pgDb) cleanups.push(pgDb.drop);
    const env = {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      DATABASE_URL: pgDb?.url ?? '',
      SUPER_ADMIN_EMAIL: '',
      SUPER_ADMIN_PASSWORD: '',
      OPERATOR_NAME: 'Muster </script><b>GmbH</b> & Co',
    };

    const first = await startServer(env);
    const match = /generated password: (\S+?)"/.exec(first.output.join(''));
    expect(match, first.output.join('')).not.toBeNull();
    const login = await fetch(`${first.base}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: match![1] }),
    });
    expect(login.status).toBe(200);

    // Client routes get the app; assets are cached for good; unknown API paths stay JSON.
    for (const route of ['/', '/login', '/viewcalllogs', '/editvbot/abc']) {
      const page = await fetch(first.base + route);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
    // Each page carries the operator for its footer, as JSON that cannot end its script element.
    const html = await (await fetch(`${first.base}/login`)).text();
    const data = /<script type="application\/json" id="pb-page-data">(.*?)<\/script>/.exec(html);
    expect(data, html).not.toBeNull();
    expect(data![1]).not.toMatch(/[<>&]/);
    expect(JSON.parse(data![1]!).operator).toMatchObject({ name: 'Muster </script><b>GmbH</b> & Co' });
    // A page names its start chunks for the browser to load at once: the shell everywhere but the login, the call
    // screens' chunk at their addresses; nothing but the build's own assets.
    const hints = async (route: string) =>
      [...(await (await fetch(first.base + route)).text()).matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)].map(
        ([tag]) => tag,
      );
    expect(await hints('/login')).toEqual([]);
    expect(await hints('/users')).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-abc123.js">',
      '<link rel="preload" as="style" href="/assets/app-abc123.css">',
    ]);
    expect(await hints('/newcalls/7')).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/calls-def456.js">',
    );
    expect(await hints('/viewcalllogs')).toHaveLength(3);
    expect(await hints('/x')).toHaveLength(2);
    const userLink = await fetch(
      `${first.base}/edituser/${encodeURIComponent('{"userId":2,"userEmail":"x@example.com"}')}`,
      { headers: { accept: 'text/html' } },
    );
    expect(userLink.status).toBe(200);
    expect((await fetch(`${first.base}/assets/missing.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    const asset = await fetch(`${first.base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${first.base}/assets/missing.js`)).status).toBe(404);
    const api404 = await fetch(`${first.base}/api/v2/nothing-here`);
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toContain('application/vnd.api+json');

    expect(await first.stop()).toBe(0);
    expect(first.output.join('')).toContain('shutting down');

    const second = await startServer(env);
    expect(second.output.join('')).not.toContain('generated password');
    expect(await second.stop()).toBe(0);
  });

  it('refuses to start with an invalid configuration', async () => {
    const child = spawn(process.execPath, SERVER_START, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'mysql://nope', PORT: '1', WEB_DIST_DIR: WEB_DIST },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL must be a postgres:// URL');
  });
});
