// Compiles the API server into JavaScript: apps/api/src/server.ts and every TypeScript module it imports (the
// shared package included) become one ES module, apps/api/dist/server.js, with a source map. npm packages stay
// imports that Node resolves from node_modules at run time, so native addons and the packages' own files work as
// installed. apps/api/dist/server.meta.json records a hash of each input; `serverBuildIsCurrent()` compares them
// with the sources, so a changed source is never served from an older build.
//
//   node scripts/build-server.mjs              builds
//   node scripts/build-server.mjs --if-stale   builds only when the build is missing or older than its sources
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/api/src/server.ts');
const outDir = path.join(root, 'apps/api/dist');
export const SERVER_BUNDLE = path.join(outDir, 'server.js');
const metaFile = path.join(outDir, 'server.meta.json');
// Files that shape the output without being bundled themselves.
const buildInputs = [
  'scripts/build-server.mjs',
  'tsconfig.base.json',
  'apps/api/tsconfig.json',
  'packages/shared/package.json',
];

function hashOf(relative) {
  try {
    return crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(root, relative)))
      .digest('hex');
  } catch {
    return 'missing';
  }
}

/** True when the bundle exists and every file it was built from is unchanged. */
export function serverBuildIsCurrent() {
  if (!fs.existsSync(SERVER_BUNDLE) || !fs.existsSync(metaFile)) return false;
  try {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    return Object.entries(meta.inputs).every(([file, hash]) => hashOf(file) === hash);
  } catch {
    return false;
  }
}

/** Writes a file under a temporary name and renames it, so a process starting meanwhile never reads half of it. */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * Compiles one TypeScript entry and every module of this repository it imports into one ES module (npm packages
 * stay imports). Returns esbuild's result without writing it when `write` is false.
 */
export async function bundleServer({ entry: entryPoint = entry, outfile = SERVER_BUNDLE, write = false } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('Building the server needs the development dependencies (esbuild): run `npm ci`.');
  }
  return esbuild.build({
    absWorkingDir: root,
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write,
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-server.mjs from apps/api/src and packages/shared/src: do not edit.' },
    plugins: [
      {
        // Bare imports stay imports, except the workspace's own TypeScript packages, which are compiled in.
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@phonebot/') ? undefined : { external: true },
          );
        },
      },
    ],
  });
}

export async function buildServer() {
  const started = Date.now();
  const result = await bundleServer();
  const { version } = await import('esbuild');
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...buildInputs].sort()) inputs[file] = hashOf(file);
  fs.mkdirSync(outDir, { recursive: true });
  // The map, the bundle, then the record: a concurrent check sees either the old record or a complete build.
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const output of outputs) writeAtomically(output.path, output.contents);
  writeAtomically(metaFile, `${JSON.stringify({ esbuild: version, inputs }, null, 2)}\n`);
  const kb = (fs.statSync(SERVER_BUNDLE).size / 1024).toFixed(0);
  console.log(
    `Server built: ${path.relative(root, SERVER_BUNDLE)} (${kb} KB from ${Object.keys(inputs).length} files, ${Date.now() - started} ms)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--if-stale') || !serverBuildIsCurrent()) await buildServer();
}
