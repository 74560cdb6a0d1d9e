import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Whether something listens on a TCP port of this machine. */
export function reachable(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A missing service skips the proof loudly on a developer's machine and fails it under CI. */
export function requireService(available: boolean, what: string): boolean {
  if (available) return true;
  const message = `${what} is not available: this reliability proof did not run.`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${message} (CI=true)`);
  console.warn(`\n!!!!!!!! ${message}\n`);
  return false;
}

/** The local PostgreSQL cluster as Debian's pg_ctlcluster knows it, or undefined elsewhere. */
export function postgresCluster(): { stop: () => void; start: () => void } | undefined {
  if (!fs.existsSync('/etc/postgresql')) return undefined;
  const version = fs.readdirSync('/etc/postgresql').sort().pop();
  if (!version) return undefined;
  const run = (action: string, ...extra: string[]) =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...extra], {
      stdio: 'ignore',
    });
  return { stop: () => run('stop', '-m', 'fast'), start: () => run('start') };
}
