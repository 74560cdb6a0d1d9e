// The quick tier for every change (`npm run test:quick`): lint and format (cached), the type check (incremental),
// the unit, component and API tests on SQLite. No PostgreSQL, no browser, no proofs: `npm test` runs everything.
// The caches live under .tmp (ESLint's and Prettier's caches, TypeScript's build info), so a second run checks
// only what changed. Lint and the type check run beside the tests; their output follows the tests'.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, '.tmp/quick');
fs.mkdirSync(cache, { recursive: true });
const started = Date.now();
const seconds = (from) => Math.round((Date.now() - from) / 1000);

/** A step whose output is kept and shown once the tests are done. */
function quiet(title, command, args) {
  return new Promise((resolve) => {
    const from = Date.now();
    const child = spawn(command, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ title, command, args, output, status: code ?? signal, from }));
  });
}

async function chain(steps) {
  const done = [];
  for (const [title, command, args] of steps) {
    const result = await quiet(title, command, args);
    done.push({ ...result, seconds: seconds(result.from) });
    if (result.status !== 0) break;
  }
  return done;
}

// The projects of `npm run typecheck`, each with its build info under .tmp/quick.
const typecheck = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.typecheck.split('&&')
  .map((step) => {
    const [command, ...args] = step.trim().split(/\s+/);
    const project = args.at(-1);
    const info = path.join(cache, `${project.replace(/[/\\.]+/g, '-')}.tsbuildinfo`);
    return [`Typecheck ${project}`, 'npx', [command, ...args, '--incremental', '--tsBuildInfoFile', info]];
  });
const lint = [
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', `${cache}/eslint`]],
  ['Format', 'npx', ['prettier', '--check', '.', '--cache', '--cache-location', `${cache}/prettier`]],
];

// The API tests that start a server run the compiled one: build it when a source changed.
const build = spawnSync('node', ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const checks = Promise.all([chain(lint), chain(typecheck)]);
const testsFrom = Date.now();
console.log(
  '\n=== Unit, component and API tests on SQLite: vitest run --project unit --project web --project api-sqlite',
);
const tests = await new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api-sqlite'], {
    cwd: root,
    // The tier leaves out the load proofs (vitest.config.ts, loadProofs); `npm test` runs them.
    env: { ...process.env, TEST_TIER: 'quick' },
    stdio: 'inherit',
  });
  child.on('close', (code, signal) => resolve(code ?? signal));
});
console.log(`\n=== Unit, component and API tests on SQLite: ${seconds(testsFrom)} s`);

let failed = tests !== 0;
for (const result of (await checks).flat()) {
  console.log(
    `\n=== ${result.title} (${result.seconds} s, beside the tests): ${result.command} ${result.args.join(' ')}`,
  );
  process.stdout.write(result.output);
  if (result.status !== 0) {
    console.error(`\n${result.title} failed (exit ${result.status}).`);
    failed = true;
  }
}
console.log(`\nquick tests ${failed ? 'FAILED' : 'passed'} in ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
