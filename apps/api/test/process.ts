import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** How production starts the server: scripts/start.mjs builds it when its build is stale and runs the bundle. */
export const SERVER_START = ['scripts/start.mjs'];
/** Given to the server, so that start.mjs serves whatever web build is there instead of building one. */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export type ServerProcess = {
  base: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the compiled server as its own process, the way `npm start` does, and waits until /healthz answers.
 * `node` runs it under another Node.js binary, with `nodeArgs` before the script.
 */
export async function spawnServer(
  env: Record<string, string>,
  port?: number,
  options: { node?: string; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), ...SERVER_START], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: WEB_DIST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    port: listenPort,
    child,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
