// Loaded with `node --import` in front of scripts/start.mjs when the server runs under a Node.js version whose
// native ABI differs from the one node_modules was installed with: `better-sqlite3` resolves to the copy in
// BETTER_SQLITE3_DIR, compiled for this Node.js. Every other import resolves as usual.
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const directory = process.env.BETTER_SQLITE3_DIR;
if (directory) {
  const target = pathToFileURL(path.join(directory, 'lib/index.js')).href;
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === 'better-sqlite3' ? { url: ${JSON.stringify(target)}, format: 'commonjs', shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
