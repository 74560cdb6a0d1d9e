import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.tmp/figures');

/** Keeps a proof's figures of this run (per engine) for docs/security.md. */
export function writeFigures(
  name: string,
  figures: Record<string, unknown>,
  engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name}-${engine}.json`),
    `${JSON.stringify({ ...figures, at: new Date().toISOString() }, null, 2)}\n`,
  );
}
