import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { recordWebBuild, webSourcesHash } from '../../scripts/web-build.mjs';
import { startChunks } from './start-chunks';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes .gz and .br beside every text asset of the build, so the server sends compressed files without
 * compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Records the hash of the sources the build was made from once it is complete, so `npm start` can tell a build
 * that is older than its sources (scripts/web-build.mjs). The hash is taken when the build starts: a source
 * changed during the build makes the record stale, not wrongly current.
 */
function recordSources(): Plugin {
  let hash = '';
  return {
    name: 'record-sources',
    apply: 'build',
    buildStart() {
      hash = webSourcesHash();
    },
    closeBundle() {
      recordWebBuild(hash);
    },
  };
}

/**
 * Puts the stylesheet of the entry (the login page's own CSS, a few KB) into index.html as a <style> element, so
 * the first paint waits for no stylesheet request. Mantine's stylesheet comes with the app's chunk (start-app.tsx),
 * which loads it before it renders. The file stays in the build: the app's chunks name it among their
 * dependencies, and loading it again is harmless.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * The first loads in few files (start-chunks.ts): the login page's entry, then for a signed-in start the shell
 * every signed-in screen renders in (with what start-app.tsx loads at once) and the Calls Dashboard, the first
 * screen of every company user.
 */
const start = startChunks({
  app: {
    roots: [
      'src/app/start-app.tsx',
      'src/app/layout/app-layout.tsx',
      'src/app/layout/operator-footer.tsx',
      'src/app/route-table.ts',
      'src/features/auth/queries.ts',
      'src/lib/query-client.ts',
      'src/features/calls/components/calls-live-updates.tsx',
    ],
    // main.tsx: every address but /login starts the whole app.
    pages: { except: ['/login'] },
  },
  // The call screens' own code; the Mantine parts and shared components they use go to the shell's chunk.
  calls: {
    roots: ['src/features/calls/components/calls-dashboard-page.tsx', 'src/features/calls/prefetch.ts'],
    only: /[\\/]src[\\/]features[\\/](calls|caller-rights)[\\/]/,
    // The call screens' addresses (src/app/screens/calls.tsx).
    pages: { under: ['/viewcalllogs', '/newcalls', '/completed', '/calls'] },
  },
});

/**
 * Mantine's `useId` (@mantine/hooks) renders with React's id, then sets a random id of its own in a layout effect: each
 * Mantine part with an id (inputs, checkboxes, chips, alerts, popovers, the app shell) is drawn twice when it first
 * appears, the second time synchronously inside React's commit, which makes the first screen one long task. React's
 * id is unique within the page's one root and the same on every render, so the build keeps it (docs/performance.md).
 * Development (its pre-bundled dependencies) and the component tests run Mantine's own: only the ids' text differs.
 */
function stableMantineIds(): Plugin {
  const useIdModule = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  return {
    name: 'stable-mantine-ids',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!useIdModule.test(id.split('?')[0] ?? '')) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\\w-]/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), stableMantineIds(), inlineEntryCss(), precompress(), recordSources(), start.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // WEB_MINIFY=0 keeps the functions' names, for reading a profile of the page (bench/profile-web.ts).
    minify: process.env.WEB_MINIFY !== '0',
    // Every browser the portal supports preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The groups take modules out of the chunks that import them, and chunks then import each other both ways:
        // modules run in the order of their imports all the same (a few bytes of wrapping per module).
        strictExecutionOrder: true,
        codeSplitting: {
          // Only the modules start-chunks.ts names: a group does not take the entry's modules along.
          groups: [{ name: (id) => start.chunkOf(id), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
