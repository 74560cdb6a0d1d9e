import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security';
import { registerWebApp } from './web';

/**
 * The installable web app's files as the server sends them: the service worker must never be cached long (a new
 * version takes over at the next navigation), the manifest has its own media type, and the CSP lets the browser
 * load both and the icons.
 */

let dist: string;
let app: FastifyInstance;
const worker = `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(200)}`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Phonebot Portal</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'sw.js'), worker);
  // The build writes compressed copies beside files of 1 KB and more (vite.config.ts), the worker among them.
  fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(worker));
  fs.writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Phonebot Portal', start_url: '/viewcalllogs' }),
  );
  fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  app = Fastify();
  registerSecurityHeaders(app);
  await registerWebApp(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** The CSP's directives by name. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the installable web app', () => {
  it('serves the service worker at /sw.js uncached, plain or compressed', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
      expect(res.headers['content-type'], encoding).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['content-encoding'], encoding).toBe(encoding === 'br' ? 'br' : undefined);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).toBe(worker);
    }
  });

  it('serves the manifest as application/manifest+json and the icons as PNG', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Phonebot Portal' });
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('keeps the assets cached for good and the pages revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await app.inject({ method: 'GET', url: '/viewcalllogs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("lets the CSP load the worker, the manifest and the icons from the app's own origin", async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/viewcalllogs']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const directives = csp(res.headers['content-security-policy']);
      expect(directives.get('default-src'), url).toEqual(["'self'"]);
      // A worker's script falls back to script-src, the manifest to default-src, the icons are images.
      expect(directives.get('script-src'), url).toContain("'self'");
      for (const name of ['worker-src', 'child-src', 'manifest-src']) {
        if (directives.has(name)) expect(directives.get(name), `${url} ${name}`).toContain("'self'");
      }
      expect(directives.get('img-src'), url).toContain("'self'");
      expect(directives.get('connect-src'), url).toContain("'self'");
    }
  });
});
