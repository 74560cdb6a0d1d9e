import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Contract } from './contract';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, '..');
const domains = fs.readdirSync(src).filter((name) => fs.existsSync(path.join(src, name, 'routes.ts')));

type Group = Record<string, Contract>;

describe('the routes of the contracts', () => {
  it.each(domains)('%s: every contract has its route, with its method and path', async (domain) => {
    const contracts = (await import(`../${domain}/contract.ts`)) as Record<string, unknown>;
    const routes = (await import(`../${domain}/routes.ts`)) as Record<
      string,
      Record<string, { method: string; path: string }>
    >;
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
