/**
 * A CPU profile of the signed-in Calls Dashboard's start in Chromium, as the mobile preset of Lighthouse sees it:
 * 390 px wide, the CPU slowed down four times. Seeds 12,500 calls on SQLite (1,000 open for the measured company),
 * serves apps/web/dist from the compiled server, records from the navigation until the rows are drawn and prints the
 * functions with the most self time, the time per script and the page's DOM size. The profile is written to
 * bench/results/profiles/ for Chrome's DevTools.
 *   node --import tsx bench/profile-web.ts [path]   (default /viewcalllogs; build the web app first)
 * BENCH_PROFILE_SETTLE_MS=<ms> records that much longer after the rows are drawn.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';
import { spawnServer } from '../apps/api/test/process';
import { CHROMIUM_FLAGS } from '../apps/web/e2e/chromium-flags';
import { seedSqlite } from './generate';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { functionName?: string; url?: string } };
};

/** The main thread's tasks of 50 ms or more, each with its longest direct parts (script, style, layout, ...). */
function longTasks(events: TraceEvent[]): string[] {
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= 50_000);
  const main = new Map<number, number>();
  for (const task of tasks) main.set(task.tid, (main.get(task.tid) ?? 0) + (task.dur ?? 0));
  const tid = [...main].sort((a, b) => b[1] - a[1])[0]?.[0];
  const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  return tasks
    .filter((task) => task.tid === tid)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const parts = new Map<string, number>();
      for (const e of events) {
        if (e.tid !== tid || e.ph !== 'X' || e.ts < task.ts || e.ts >= end || e === task) continue;
        if (
          ![
            'FunctionCall',
            'EvaluateScript',
            'v8.evaluateModule',
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'ParseHTML',
            'TimerFire',
            'FireAnimationFrame',
            'EventDispatch',
            'MajorGC',
            'MinorGC',
            'PrePaint',
            'Layerize',
            'v8.compileModule',
            'V8.CompileCode',
            'V8.ParseFunction',
            'DocumentLoader::CommitNavigation',
          ].includes(e.name)
        )
          continue;
        const data = e.args?.data;
        const where = data?.url ? ` ${path.basename(new URL(data.url).pathname)}` : '';
        const key = `${e.name}${data?.functionName ? ` ${data.functionName}` : ''}${where}`;
        parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
      return `${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms: ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`;
    });
}

const target = process.argv[2] ?? '/viewcalllogs';
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const profileDir = path.resolve('bench/results/profiles');
fs.mkdirSync(profileDir, { recursive: true });
const { dataDir, fixture } = await seedSqlite('pbp-prof-web-', 12_500);
const server = await spawnServer({ DATA_DIR: dataDir, WEB_DIST_DIR: dist, LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The page's own code as text: the tools' type check has no DOM library.
  await context.addInitScript(
    `if (!localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})) ` +
      `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(fixture.token)});`,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // With V8's compile events: a function compiled on the main thread when it is first called shows as its task's part.
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.compile',
      'blink',
      'loading',
    ],
  });
  const started = Date.now();
  await page.goto(`${server.base}${target}`);
  await page.locator('[data-call-id]').nth(19).waitFor({ timeout: 60_000 });
  const drawn = Date.now() - started;
  // BENCH_PROFILE_SETTLE_MS: what the page does after the rows (the live connection, the bell's count) too.
  await page.waitForTimeout(Number(process.env.BENCH_PROFILE_SETTLE_MS ?? 0));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const domNodes = await page.locator('*').count();
  const file = path.join(profileDir, `web-${target.replace(/\W+/g, '') || 'root'}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  // The whole trace too, for Chrome's DevTools (Performance, "Load profile").
  fs.writeFileSync(file.replace(/\.cpuprofile$/, '.trace.json'), JSON.stringify(trace));

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const perScript = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = frame.url ? path.basename(new URL(frame.url).pathname) : `(${frame.functionName || 'native'})`;
    const name = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`);
  console.log(
    `${target}: rows drawn after ${drawn} ms (CPU slowed 4x); profile ${total.toFixed(0)} ms; ${domNodes} DOM nodes`,
  );
  console.log('Self time per script:\n' + top(perScript, 12).join('\n'));
  console.log('Functions with the most self time:\n' + top(self, 30).join('\n'));
  console.log(
    'Tasks of 50 ms or more (as slowed) and what took their time:\n' + longTasks(trace.traceEvents).join('\n'),
  );
  console.log(`Profile written to ${file}.`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
