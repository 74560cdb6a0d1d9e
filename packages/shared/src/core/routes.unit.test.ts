import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../contract';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractFiles = fs.readdirSync(path.join(here, '../contracts')).filter((file) => /^[a-z-]+\.ts$/.test(file));

type Group = Record<string, Contract>;

describe('the routes of the contracts', () => {
  it.each(contractFiles)('contracts/%s: every contract has its route, with its method and path', async (file) => {
    const contracts = (await import(`../contracts/${file}`)) as Record<string, unknown>;
    const routes = (await import(`./${file}`)) as Record<string, Record<string, { method: string; path: string }>>;
    for (const [name, group] of Object.entries(contracts).filter(([key]) => key.endsWith('Contracts'))) {
      const expected = Object.fromEntries(
        Object.entries(group as Group).map(([key, contract]) => [
          key,
          { method: contract.method, path: contract.path },
        ]),
      );
      expect(routes[name.replace(/Contracts$/, 'Routes')], name).toEqual(expected);
    }
  });
});
