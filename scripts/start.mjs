// Starts the product: builds the web app and the server when their builds are missing or older than their sources, then runs the compiled server (apps/api/dist/server.js) in this process, so SIGTERM
// reaches it directly and it shuts down gracefully. `npm start` runs this script with `exec`: npm hands SIGTERM and
// SIGINT to its child, which would otherwise be the shell (it dies and leaves the server running) instead of Node.js.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, buildServer, serverBuildIsCurrent } from './build-server.mjs';
import { webBuildIsCurrent } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A server given WEB_DIST_DIR serves that build as it is.
if (process.env.WEB_DIST_DIR === undefined && !webBuildIsCurrent()) {
  const found = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  console.log(
    `${found ? 'The web build is older than its sources' : 'No web build found'}: building apps/web/dist ...`,
  );
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
