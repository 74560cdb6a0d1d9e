/**
 * npm run bench:web: Lighthouse (performance only; mobile and desktop presets) on the login page and on the
 * signed-in Calls Dashboard with 1,000 open calls, three runs each, against the compiled production server on a
 * fresh SQLite data directory, in the system Chromium. Prints median and range of the score, CLS, total blocking
 * time and LCP, the render-blocking stylesheets and each page's JavaScript (gzip) until the network is idle.
 *
 * Options: --runs N (default 3), --no-build (measure the build as it is; by default the web app is built first),
 * --only login|dashboard (one page), --preset mobile|desktop (one preset). BENCH_WEB_DEBUG=1 prints the layout shifts,
 * long tasks and script start-up of each run and keeps its Lighthouse report and trace in bench/results/lhr-*.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result, desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';
import { spawnServer } from '../apps/api/test/process';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/chromium-flags';
import { seedSqlite } from './generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_WEB_DIST measures a build elsewhere (built there unless --no-build), leaving apps/web/dist to the tests.
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'apps/web/dist');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    preset: { type: 'string' },
  },
});
const RUNS = Number(options.runs);

if (!options['no-build']) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// 12,500 calls of which 8 % are open (New or In Progress): 1,000 open calls for the measured company.
const { dataDir, fixture } = await seedSqlite('pbp-bench-web-', 12_500);
const server = await spawnServer({ DATA_DIR: dataDir, WEB_DIST_DIR: dist, LOG_LEVEL: 'warn' });

type Page = { name: string; path: string; signedIn: boolean };
const PAGES: Page[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'calls dashboard', path: '/viewcalllogs', signedIn: true },
];
const PRESETS: { name: string; config: Config | undefined }[] = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

type Run = { score: number; cls: number; tbt: number; lcp: number; jsGzip: number; blockingCss: number };

/** The gzip size of the build's files behind the scripts a page loaded. */
function gzipOf(urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = path.join(dist, new URL(url).pathname);
    return fs.existsSync(file) ? sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : sum;
  }, 0);
}

/** The part of the page's globals used here (the tools' type check has no DOM library). */
type BrowserGlobals = { localStorage: { setItem: (key: string, value: string) => void } };
type NetworkItem = { url: string; resourceType?: string };
type BlockingItem = { url: string };

/** One Lighthouse run in a fresh Chromium (empty cache); a signed-in page gets the token into localStorage first. */
async function measure(page: Page, config: Config | undefined): Promise<Run> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    if (page.signedIn) {
      // In a tab of its own at a same-origin address that loads none of the app: the measured tab then starts
      // fresh, with an empty cache and the token in the profile's localStorage.
      const setup = await browser.newPage();
      await setup.goto(`${server.base}/healthz`);
      await setup.evaluate(
        (key, token) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, token),
        TOKEN_STORAGE_KEY,
        fixture.token,
      );
      await setup.close();
    }
    const tab = await browser.newPage();
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the token; the cache is empty anyway in this new browser.
      disableStorageReset: page.signedIn,
    };
    const result = await lighthouse(`${server.base}${page.path}`, flags, config, tab);
    await browser.disconnect();
    const lhr: Result | undefined = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${page.path}`);
    if (lhr.runtimeError) throw new LighthouseRunError(lhr.runtimeError.code, lhr.runtimeError.message);
    const finalUrl = new URL(lhr.finalDisplayedUrl);
    if (finalUrl.pathname !== page.path) throw new Error(`${page.path} ended on ${finalUrl.pathname}`);
    const audit = (id: string) => lhr.audits[id];
    const items = <T>(id: string) => ((audit(id)?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
    if (process.env.BENCH_WEB_DEBUG) {
      const saved = path.join(
        root,
        'bench/results',
        `lhr-${page.name.replace(/\W+/g, '-')}-${config ? 'desktop' : 'mobile'}.json`,
      );
      fs.mkdirSync(path.dirname(saved), { recursive: true });
      fs.writeFileSync(saved, JSON.stringify(lhr));
      // The run's own trace (not slowed down: Lighthouse simulates the slower phone from it), for DevTools.
      const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) fs.writeFileSync(saved.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
      const shifts = items<{ node?: { selector?: string; snippet?: string }; score?: number }>('layout-shifts');
      console.log(
        page.path,
        'layout shifts',
        JSON.stringify(shifts.map((s) => [s.score, s.node?.selector, s.node?.snippet?.slice(0, 120)])),
      );
      const tasks = items<{ url?: string; duration?: number }>('long-tasks');
      console.log(page.path, 'long tasks', JSON.stringify(tasks.slice(0, 8).map((t) => [t.duration, t.url])));
      const boot = items<{ url?: string; total?: number; scripting?: number }>('bootup-time');
      console.log(page.path, 'bootup', JSON.stringify(boot.slice(0, 6).map((t) => [t.total, t.scripting, t.url])));
    }
    const scripts = items<NetworkItem>('network-requests')
      .filter((item) => item.resourceType === 'Script' && item.url.startsWith(server.base))
      .map((item) => item.url);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
      tbt: audit('total-blocking-time')?.numericValue ?? NaN,
      lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
      jsGzip: gzipOf(scripts),
      blockingCss: items<BlockingItem>('render-blocking-resources').filter((item) => /\.css(\?|$)/.test(item.url))
        .length,
    };
  } finally {
    chrome.kill();
  }
}

class LighthouseRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse: ${message}`);
  }
}

/**
 * Lighthouse now and then loses the navigation in its trace (NO_NAVSTART) and asks to run again: such a run is
 * repeated, at most twice, and counted.
 */
let repeatedRuns = 0;
async function measureOnce(page: Page, config: Config | undefined): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(page, config);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || error.code !== 'NO_NAVSTART' || attempt === 3) throw error;
      repeatedRuns++;
    }
  }
}

function summary(values: number[], digits = 0) {
  const sorted = [...values].sort((a, b) => a - b);
  const format = (value: number) => value.toFixed(digits);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return {
    median: Number(median.toFixed(digits)),
    min: Number((sorted[0] ?? NaN).toFixed(digits)),
    max: Number((sorted.at(-1) ?? NaN).toFixed(digits)),
    text: `${format(median)} (${format(sorted[0] ?? NaN)}-${format(sorted.at(-1) ?? NaN)})`,
  };
}

const results: Record<string, unknown>[] = [];
try {
  for (const page of PAGES.filter((p) => !options.only || p.name.includes(options.only))) {
    for (const preset of PRESETS.filter((p) => !options.preset || p.name === options.preset)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page, preset.config));
      const row = {
        page: page.name,
        preset: preset.name,
        score: summary(runs.map((r) => r.score)),
        cls: summary(
          runs.map((r) => r.cls),
          3,
        ),
        tbt_ms: summary(runs.map((r) => r.tbt)),
        lcp_ms: summary(runs.map((r) => r.lcp)),
        js_gzip_kb: summary(
          runs.map((r) => r.jsGzip / 1024),
          1,
        ),
        render_blocking_css: Math.max(...runs.map((r) => r.blockingCss)),
        runs,
      };
      results.push(row);
      console.log(
        `${page.name} (${preset.name}): score ${row.score.text}, CLS ${row.cls.text}, TBT ${row.tbt_ms.text} ms, ` +
          `LCP ${row.lcp_ms.text} ms, JS ${row.js_gzip_kb.text} KB gzip, render-blocking CSS ${row.render_blocking_css}`,
      );
    }
  }
  if (repeatedRuns) console.log(`${repeatedRuns} run(s) repeated after Lighthouse lost the navigation (NO_NAVSTART).`);
  console.table(
    results.map((row) => ({
      page: row.page,
      preset: row.preset,
      score: (row.score as { text: string }).text,
      cls: (row.cls as { text: string }).text,
      'tbt ms': (row.tbt_ms as { text: string }).text,
      'lcp ms': (row.lcp_ms as { text: string }).text,
      'js gzip KB': (row.js_gzip_kb as { text: string }).text,
      'blocking css': row.render_blocking_css,
    })),
  );
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/web.json'),
    `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, repeatedRuns, results }, null, 2)}\n`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
