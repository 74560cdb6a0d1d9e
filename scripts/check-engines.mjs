// Fails when an installed package declares Node.js versions (`engines.node`) that leave out one the product
// supports (the root package.json's `engines.node`), so the README's promise and npm's EBADENGINE stay in step.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supported = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const problems = [];
let checked = 0;
for (const location of Object.keys(lock.packages)) {
  if (!location.includes('node_modules/')) continue;
  const manifest = path.join(root, location, 'package.json');
  // Optional packages for other platforms are in the lock but not installed.
  if (!fs.existsSync(manifest)) continue;
  const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const range = pkg.engines?.node;
  if (typeof range !== 'string') continue;
  checked++;
  const valid = semver.validRange(range);
  if (!valid || !semver.subset(supported, valid)) problems.push(`${pkg.name}@${pkg.version} (${location}): "${range}"`);
}

if (problems.length) {
  console.error(`Installed packages that do not support every Node.js version of "${supported}":`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`engines: ${checked} installed packages declare Node.js versions; all include "${supported}".`);
