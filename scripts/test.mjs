// Runs every test: lint, typecheck, unit, component and API integration tests on SQLite and PostgreSQL, the
// reliability proofs, the browser flows in Chromium and the compiled server under the other supported Node.js
// versions. A missing PostgreSQL or Chromium is said loudly; with CI=true it is a failure, found before anything runs.
// Work that leaves a core idle runs beside other work: lint, the type check and the builds (server, web app, OpenAPI
// document) side by side, the reliability proofs and then the Node.js versions beside the browser flows.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = path.join(root, '.tmp/test-reports');
const STAGES = ['lint', 'typecheck', 'openapi', 'api', 'reliability', 'e2e', 'node-versions'];
const only = process.argv.slice(2); // e.g. `npm test -- api e2e` runs only those stages
const unknown = only.filter((stage) => !STAGES.includes(stage));
if (unknown.length > 0) {
  console.error(`Unknown test stage: ${unknown.join(', ')}. The stages are: ${STAGES.join(', ')}.`);
  process.exit(2);
}

fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

/** What did not run, said when it is found and again at the end. */
const notRun = [];
function loud(message) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n!! ${message}\n${line}\n`);
  notRun.push(message);
}

const started = Date.now();
/** Seconds since the tests started, for the stage lines: where the time of a run goes. */
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Each stage's title and seconds, for the table at the end: where the time of a run went, at a glance. */
const stageTimes = [];

/**
 * Runs a stage in the foreground with its output on the terminal; a failed stage ends the run. Asynchronous, so that
 * what runs in the background meanwhile is followed (its next step started when one ends).
 */
async function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} (at ${elapsed()}): ${command} ${args.join(' ')}`);
  const from = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const status = await new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  stageTimes.push([title, Math.round((Date.now() - from) / 1000)]);
  if (status !== 0) {
    console.error(`\n${title} failed (exit ${status}).`);
    summary();
    process.exit(typeof status === 'number' ? status : 1);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The slowest files of a vitest JSON report, slowest first (a file of both API projects is listed for each). */
function slowestFiles(report, count) {
  return (report.testResults ?? [])
    .map((file) => ({ seconds: (file.endTime - file.startTime) / 1000, name: path.relative(root, file.name) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ seconds, name }) => `${seconds.toFixed(0).padStart(5)} s  ${name}`);
}

function summary() {
  console.log(`\nfinished at ${elapsed()}`);
  if (stageTimes.length > 0) {
    console.log('\nstages (side-by-side steps are listed above with their own times):');
    for (const [title, seconds] of stageTimes) console.log(`${String(seconds).padStart(5)} s  ${title}`);
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of fs.existsSync(reports) ? fs.readdirSync(reports) : []) {
    const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
    // Where a stage's time goes: its slowest files (all durations are in the report, testResults[].startTime/endTime).
    console.log(`\nslowest files of ${path.relative(root, path.join(reports, file))}:`);
    for (const line of slowestFiles(report, 8)) console.log(line);
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  for (const message of notRun.splice(0)) loud(message);
}

const wants = (stage) => only.length === 0 || only.includes(stage);

/**
 * Starts a command in the background with its output in a file (a pipe would stall it while a stage runs in the
 * foreground); answers a promise of its exit code and the file. A stage that fails ends this script, and the
 * command with it.
 */
function background(command, args, log, env = {}) {
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  process.on('exit', () => child.exitCode === null && child.signalCode === null && child.kill());
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code: code ?? signal, log })));
}

// The other Node.js versions' binaries and their better-sqlite3 builds are prepared in the background while the
// stages before them run (compiling SQLite takes a core for a minute or two; lint and typecheck leave one free).
// Its output is kept and shown when the stage that needs it starts.
const preparing = wants('node-versions')
  ? background(
      'node',
      ['scripts/test-node-versions.mjs', '--prepare-only'],
      path.join(root, '.tmp/node-versions-prepare.log'),
    )
  : null;

// PostgreSQL and Chromium are looked for before anything runs, so a run that cannot finish says so at once.
const postgres = ['api', 'node-versions'].some(wants) ? await postgresReachable() : true;
if (postgres !== true) {
  loud(
    `PostgreSQL is not reachable at ${pgUrl} (${postgres}): the API tests and the Node.js versions run on SQLite ONLY.`,
  );
  if (ci) {
    console.error('CI=true: a missing PostgreSQL is a failure.');
    process.exit(1);
  }
}
const browserFlows = wants('e2e') && fs.existsSync(chromium);
if (wants('e2e') && !browserFlows) {
  loud(`Chromium not found at ${chromium}: the browser flows DO NOT RUN. Install it with: apt-get install -y chromium`);
  if (ci) {
    console.error('CI=true: a missing Chromium is a failure.');
    process.exit(1);
  }
}

/**
 * One step of a chain: its title, command and arguments, and optionally a check of its output that answers what to
 * show and whether it failed (the OpenAPI lint fails on a warning, which redocly's exit code does not).
 */
function runChained(title, command, args, check) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const from = Date.now();
    child.on('close', (code, signal) => {
      let status = code ?? signal;
      if (check) ({ output, status } = check(output, status));
      resolve({ title, command, args, output, status, seconds: Math.round((Date.now() - from) / 1000) });
    });
  });
}

/**
 * Runs chains of steps side by side (each chain's steps one after another) and prints each step's output, in the
 * order of the chains, once all are done: lint, the type checks and the builds are each mostly single-threaded.
 */
async function runChains(chains) {
  const results = await Promise.all(
    chains.map(async (chain) => {
      const done = [];
      for (const [title, command, args, check] of chain) {
        const result = await runChained(title, command, args, check);
        done.push(result);
        if (result.status !== 0) break;
      }
      return done;
    }),
  );
  let failed = false;
  for (const result of results.flat()) {
    console.log(
      `\n=== ${result.title} (${result.seconds} s, side by side): ${result.command} ${result.args.join(' ')}`,
    );
    process.stdout.write(result.output);
    if (result.status !== 0) {
      console.error(`\n${result.title} failed (exit ${result.status}).`);
      failed = true;
    }
  }
  if (failed) {
    summary();
    process.exit(1);
  }
}

// The format check runs after the builds (lint took 78 s and the builds' chain 74 s in a clean run; with the format
// check's 27 s on the lint chain, that chain ended the checks alone).
const formatCheck = ['Format', 'npx', ['prettier', '--check', '.']];
const lintChain = [
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Engines', 'node', ['scripts/check-engines.mjs']],
  // Dead code: unused files, exports, types and dependencies (knip.json names the entry points).
  ['Dead code', 'npx', ['knip', '--no-progress']],
];
// The type check: the projects of `npm run typecheck` (`tsc -p a && tsc -p b && ...`), in two chains.
const typecheckSteps = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.typecheck.split('&&')
  .map((step) => {
    const [command, ...args] = step.trim().split(/\s+/);
    return [`Typecheck ${args.at(-1)}`, 'npx', [command, ...args]];
  });
// The tools' check (the benchmarks and the test configuration) runs after the builds, whose chain is the shortest.
const toolsCheck = typecheckSteps.filter(([title]) => title.endsWith('tsconfig.tools.json'));
const typecheckChains = [typecheckSteps.filter((step) => !toolsCheck.includes(step))];

/** The OpenAPI document must pass redocly's recommended rules without a warning (its exit code ignores warnings). */
function openapiLintCheck(output, status) {
  const problems = output.split('\n').filter((line) => /^(warning|error) /.test(line.trim()));
  const failed = status !== 0 || problems.length > 0;
  return {
    output: failed ? output : `${problems.length ? problems.join('\n') : 'no errors, no warnings'}\n`,
    status: failed ? 1 : 0,
  };
}

// The builds: the API tests, the proofs and the browser flows start the compiled server as production does (built
// once, so every stage runs the sources as they are; start.mjs would also rebuild a stale build), the browser flows
// need the web app's build, and the OpenAPI document is generated and linted.
const document = path.join(root, '.tmp/openapi.json');
const buildChain = [
  ...(['api', 'reliability', 'e2e', 'node-versions'].some(wants)
    ? [['Server build', 'node', ['scripts/build-server.mjs']]]
    : []),
  ...(wants('openapi')
    ? [
        ['OpenAPI document', 'node', ['--import', 'tsx', 'scripts/openapi-document.ts', document]],
        [
          'OpenAPI lint',
          'npx',
          ['redocly', 'lint', '--extends', 'recommended', '--format', 'summary', document],
          openapiLintCheck,
        ],
      ]
    : []),
  ...(browserFlows ? [['Web build', 'npm', ['run', 'build', '-w', 'apps/web']]] : []),
  ...(wants('typecheck') ? toolsCheck : []),
  ...(wants('lint') ? [formatCheck] : []),
];
await runChains([
  ...(wants('lint') ? [lintChain] : []),
  ...(wants('typecheck') ? typecheckChains : []),
  ...(buildChain.length > 0 ? [buildChain] : []),
]);

if (wants('api')) {
  const projects = ['--project', 'unit', '--project', 'web', '--project', 'api-sqlite'];
  if (postgres === true) projects.push('--project', 'api-postgres');
  await run('Unit, component and API tests', 'npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/api.json`,
  ]);
}

/** A vitest project in the background, its output in .tmp and its JSON report with the others; answers its result. */
async function backgroundProject(title, project, env = {}) {
  console.log(`\n=== ${title} (at ${elapsed()}, in the background): vitest run --project ${project}`);
  const from = Date.now();
  const result = await background(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/${project}.json`,
    ],
    path.join(root, `.tmp/${project}.log`),
    env,
  );
  return { ...result, title, seconds: Math.round((Date.now() - from) / 1000) };
}

// Beside the browser flows, one after the other: the reliability proofs (crash safety, a PostgreSQL restart under
// load, two and three processes on one database), then Node.js 20.19, 22 and 24 (binaries from the npm registry, kept
// in .tmp/node-versions and prepared since the start), each running the compiled server against SQLite and PostgreSQL.
// The proofs restart the local PostgreSQL, so they run after the API tests and before the Node.js versions, and
// never beside anything else that uses PostgreSQL: the browser flows run on SQLite. Both wait on their processes
// more than they compute, which the flows' two files at once leave room for. Their output follows the flows'.
const besideFlows = (async () => {
  const done = [];
  if (wants('reliability')) {
    done.push(await backgroundProject('Reliability proofs', 'reliability'));
    if (done.at(-1).code !== 0) return done;
  }
  if (wants('node-versions')) {
    const prepared = await preparing;
    if (prepared.code !== 0) return [...done, { ...prepared, title: 'Preparing the Node.js versions', seconds: 0 }];
    done.push({
      ...(await backgroundProject('Node.js versions', 'node-versions', {
        NODE_VERSIONS_FILE: path.join(root, '.tmp/node-versions/targets.json'),
        ...(postgres === true ? {} : { NODE_VERSIONS_ENGINES: 'sqlite' }),
      })),
      prepared,
    });
  }
  return done;
})();

if (browserFlows) {
  await run(
    'Browser flows',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'e2e',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/e2e.json`,
    ],
    { CHROMIUM_PATH: chromium },
  );
}

for (const result of await besideFlows) {
  console.log(`\n=== ${result.title} (${result.seconds} s, beside the browser flows)`);
  if (result.prepared) process.stdout.write(fs.readFileSync(result.prepared.log, 'utf8'));
  process.stdout.write(fs.readFileSync(result.log, 'utf8'));
  stageTimes.push([`${result.title} (beside the browser flows)`, result.seconds]);
  if (result.code !== 0) {
    console.error(`\n${result.title} failed (exit ${result.code}).`);
    summary();
    process.exit(1);
  }
}

summary();
