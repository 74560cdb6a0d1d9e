import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorObject } from '../lib/errors';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';

/**
 * Serves the built web app and answers unknown paths: a JSON:API 404 under /api, the app's index.html for any
 * other GET that asks for a page (client routes), a plain 404 otherwise.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);
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
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
