// Starts the product: builds the web app when no build is present and the server when its build is missing or
// older than its sources, then runs the compiled server (apps/api/dist/server.js) in this process, so SIGTERM
// reaches it directly and it shuts down gracefully.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, buildServer, serverBuildIsCurrent } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A server given WEB_DIST_DIR serves that build as it is.
if (process.env.WEB_DIST_DIR === undefined && !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('No web build found: building the web app (apps/web/dist) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!serverBuildIsCurrent()) {
  console.log('The server build is missing or older than its sources: building apps/api/dist/server.js ...');
  try {
    await buildServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_BUNDLE).href);
