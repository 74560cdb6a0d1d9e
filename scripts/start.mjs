// Starts the product: builds the web app when no build is present, then runs the API server in this process
// (so SIGTERM reaches it directly and it shuts down gracefully).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const index = path.join(root, 'apps/web/dist/index.html');

if (!fs.existsSync(index)) {
  console.log('No web build found: building the web app (apps/web/dist) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import(path.join(root, 'apps/api/src/server.ts'));
