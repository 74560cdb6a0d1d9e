// Tells whether the web app's build (apps/web/dist) was made from the sources as they are now. The Vite build
// records a hash of its sources in apps/web/.build-sources.json when it finishes; `webBuildIsCurrent()` compares it
// with the sources, so `npm start` rebuilds a web app whose sources changed instead of serving an older build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const recordFile = (root) => path.join(root, 'apps/web/.build-sources.json');

/** What the web build is made of: its own sources, the shared package it imports, and the build's settings. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/web-build.mjs',
];

function filesOf(root, relative) {
  const full = path.join(root, relative);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [relative];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesOf(root, path.posix.join(relative, name)));
}

/** One hash over the path and content of every source file of the web build (`root`: the repository, for tests). */
export function webSourcesHash(root = repository) {
  const hash = crypto.createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesOf(root, source))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Records that apps/web/dist was built from the sources as they are now (the Vite build calls it at its end). */
export function recordWebBuild(hash = webSourcesHash(), root = repository) {
  const temporary = `${recordFile(root)}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify({ hash, built_at: new Date().toISOString() }, null, 2)}\n`);
  fs.renameSync(temporary, recordFile(root));
}

/** True when the web build exists and its recorded sources are the current ones. */
export function webBuildIsCurrent(root = repository) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return false;
  try {
    const record = JSON.parse(fs.readFileSync(recordFile(root), 'utf8'));
    return record.hash === webSourcesHash(root);
  } catch {
    return false;
  }
}
