import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { firstIssuePerField } from './first-issues';

const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'plain-ui.css'), 'utf8');

function variable(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe('the login page stylesheet', () => {
  it('uses the theme colours of the Mantine screens', () => {
    const colors = theme.colors ?? {};
    expect(variable('pb-primary')).toBe(colors.portal?.[7]);
    expect(variable('pb-primary-hover')).toBe(colors.portal?.[8]);
    expect(variable('pb-error')).toBe(colors.red?.[8]);
  });
});

describe('firstIssuePerField', () => {
  it('keeps the first message of each field', () => {
    expect(
      firstIssuePerField([
        { path: ['email'], message: 'emailRequired' },
        { path: ['email'], message: 'emailInvalid' },
        { path: ['password'], message: 'passwordRequired' },
        { path: [], message: 'ignored' },
      ]),
    ).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
  });
});
