import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorObject } from '../lib/errors';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';

/** The id of the element that carries the page's public data (the operator) in index.html. */
export const PAGE_DATA_ID = 'pb-page-data';

/** Written by the web build beside index.html (apps/web/start-chunks.ts). */
const START_CHUNKS_FILE = 'start-chunks.json';

/** The web app's service worker and manifest, at the root of the build (apps/web/public). */
const SERVICE_WORKER_FILE = 'sw.js';
const MANIFEST_FILE = 'manifest.webmanifest';

/** The build's list of start chunks (apps/web/start-chunks.ts): the pages that start with each and its files. */
type StartChunk = { except?: string[]; under?: string[]; files: string[] };

function startsWith(chunk: StartChunk, pathname: string): boolean {
  if (chunk.except) return !chunk.except.includes(pathname);
  return (chunk.under ?? []).some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

/**
 * The links that let the browser load a page's start chunks at once, beside the entry, instead of one after the
 * other as each runs: scripts as module preloads, stylesheets as preloads (the app applies them itself).
 */
export function startHints(chunks: StartChunk[], pathname: string): string {
  return chunks
    .filter((chunk) => startsWith(chunk, pathname))
    .flatMap((chunk) => chunk.files)
    .filter((file) => /^\/assets\/[\w.-]+\.(js|css)$/.test(file))
    .map((file) =>
      file.endsWith('.js')
        ? `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`
        : `<link rel="preload" as="style" href="${file}">`,
    )
    .join('');
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Serves the built web app and answers unknown paths: a JSON:API 404 under /api, the app's index.html for any
 * other GET that asks for a page (client routes), a plain 404 otherwise. Each page carries `pageData()` (the
 * operator's identity for the footer) as a JSON script element, so the first screen needs no API request and no
 * schema library to show it; the browser does not run such an element, and the CSP is unchanged.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  pageData: () => Promise<unknown> = async () => null,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);
  // The page as built and its start chunks, read again only when the build changes.
  let page: { mtimeMs: number; html: string; chunks: StartChunk[] } | undefined;
  const builtPage = async () => {
    const { mtimeMs } = await fs.promises.stat(indexFile!);
    if (page?.mtimeMs !== mtimeMs) {
      const html = await fs.promises.readFile(indexFile!, 'utf8');
      const list = await fs.promises.readFile(path.join(distDir!, START_CHUNKS_FILE), 'utf8').catch(() => '[]');
      page = { mtimeMs, html, chunks: JSON.parse(list) as StartChunk[] };
    }
    return page;
  };
  if (hasWeb && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints assets, so they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker keeps its address (/sw.js, public/sw.js): a browser asks again at each navigation, so a
        // new version takes over at the next one. The manifest gets the type the specification names.
        const name = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '');
        if (name === SERVICE_WORKER_FILE) res.header('cache-control', 'no-cache');
        if (name === MANIFEST_FILE) res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply
        .code(404)
        .type(JSONAPI_MEDIA_TYPE)
        .send({ errors: [errorObject(404, 'notFound')] });
    }
    // A client route may end in something that looks like a file (/edituser/{"userEmail":"a@b.com"}): a browser
    // asking for a page gets the app; a missing asset or upload stays a 404.
    const isAssetPath = pathname.startsWith('/assets/') || pathname.startsWith('/uploads/');
    const asksForPage = String(req.headers.accept ?? '').includes('text/html') || !path.extname(pathname);
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isAssetPath && asksForPage;
    if (hasWeb && wantsPage) {
      const data = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptSafeJson(await pageData())}</script>`;
      const built = await builtPage();
      const head = startHints(built.chunks, pathname) + data;
      const html = built.html.includes('</head>') ? built.html.replace('</head>', `${head}</head>`) : built.html + head;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
