import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { type Stack, startStack } from './harness';

let stack: Stack;
let superToken = '';
const company = `Nutzung & Co ${crypto.randomBytes(3).toString('hex')}`;

/** The current month in the browser's (and server's) time zone. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

beforeAll(async () => {
  stack = await startStack();
  superToken = await stack.superToken();
  const email = `usage-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'usage-password-1';
  const registered = await stack.api('POST', '/register', {
    name: company,
    email,
    password,
    password_confirmation: password,
  });
  expect(registered.status).toBeLessThan(300);
  await stack.verifyEmail(email);
  const customers = await stack.api('GET', `/customers?search=${encodeURIComponent(email)}`, undefined, superToken);
  expect((await stack.api('PATCH', `/enableUser/${customers.json.data[0].id}`, undefined, superToken)).status).toBe(
    200,
  );
  const token = (await stack.api('POST', '/login', { email, password })).json.meta.access_token as string;
  for (const [name, calls] of [
    ['Empfang', 3],
    ['Notdienst', 1],
  ] as const) {
    const created = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: name } } },
      token,
    );
    expect(created.status).toBe(201);
    const { bot_token: botToken, license_Key: licenseKey } = created.json.meta as {
      bot_token: string;
      license_Key: string;
    };
    if (name === 'Empfang') {
      // Paid by invoice: the super sets the payment state by hand.
      const paid = await stack.api(
        'PATCH',
        `/phonebot/${licenseKey}`,
        { data: { type: 'vbots', attributes: { payment_status: 1 } } },
        superToken,
      );
      expect(paid.status).toBe(200);
    }
    for (let i = 0; i < calls; i++) {
      const res = await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${botToken}`,
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ caller_number: '+4930111', response: [] }),
      });
      expect(res.status).toBe(201);
    }
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function browser(options: { language: 'en' | 'de'; width?: number; scheme?: 'light' | 'dark' }) {
  const { context, page } = await stack.newPage({ width: options.width });
  await context.addInitScript(
    ([t, language]) => {
      localStorage.setItem('user_free', t);
      localStorage.setItem('phonebot_language', language);
    },
    [superToken, options.language] as const,
  );
  await page.emulateMedia({ colorScheme: options.scheme ?? 'light' });
  return { context, page };
}

async function openUsage(page: Page, search = company) {
  await page.goto(`/usage?search=${encodeURIComponent(search)}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page
    .getByRole('img', { name: /^Calls per month|^Anrufe je Monat/ })
    .first()
    .waitFor();
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the Usage screen', () => {
  it('is in the super’s menu and shows the numbers of Calls History, the payment state and a trend', async () => {
    const { context, page } = await browser({ language: 'en', width: 1280 });
    try {
      await page.goto('/callsCount');
      await page.getByRole('link', { name: 'Usage', exact: true }).click();
      await page.waitForURL('**/usage');
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
      await page.getByLabel('Search', { exact: true }).fill(company);
      const table = page.getByRole('table', { name: 'Usage' });
      const row = (name: string) => table.locator('tbody tr').filter({ hasText: name });
      await row('Empfang').waitFor();
      // The customer's name once across its rows; each phonebot's calls of the month as Calls History counts them.
      expect(await table.getByRole('cell', { name: company, exact: true }).count()).toBe(1);
      const history = await stack.api('GET', `/fetchCallsCount?month=${thisMonth()}`, undefined, superToken);
      const counted = (phonebot: string) =>
        String(
          history.json.data.find(
            (r: { attributes: { name: string; phonebot: string } }) =>
              r.attributes.name === company && r.attributes.phonebot === phonebot,
          ).attributes.number_of_calls,
        );
      expect(counted('Empfang')).toBe('3');
      await row('Empfang')
        .getByRole('cell', { name: counted('Empfang'), exact: true })
        .waitFor();
      await row('Notdienst')
        .getByRole('cell', { name: counted('Notdienst'), exact: true })
        .waitFor();
      await row('Empfang').getByText('Active', { exact: true }).waitFor();
      await row('Notdienst').getByText('Inactive', { exact: true }).waitFor();
      await row('Empfang')
        .getByRole('img', { name: /Calls per month from .+: (0, ){11}3$/ })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`usage_${thisMonth()}.csv`);
      const lines = fs
        .readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      expect(lines[0]).toMatch(/^"Customer Name","Phonebot","License Key","Payment Status","Paddle Subscription",/);
      expect(lines[0]!.endsWith(`"${thisMonth()}"`)).toBe(true);
      expect(lines.find((line) => line.includes('"Empfang"'))).toMatch(/,"active","",("0",){11}"3"$/);
      expect(lines.find((line) => line.includes('"Notdienst"'))).toMatch(/,"inactive","",("0",){11}"1"$/);
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const language of ['en', 'de'] as const) {
    it(`shows cards at 390 px without sideways scrolling, accessible, in ${language}`, async () => {
      const { context, page } = await browser({ language, width: 390 });
      try {
        await openUsage(page);
        await page.getByRole('region', { name: company }).waitFor();
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  }

  it.runIf(process.env.SHOTS_DIR)(
    'photographs it at 390, 1280 and 1440 px in English and German',
    async () => {
      const dir = process.env.SHOTS_DIR!;
      fs.mkdirSync(dir, { recursive: true });
      for (const width of [390, 1280, 1440])
        for (const language of ['en', 'de'] as const)
          for (const scheme of ['light', 'dark'] as const) {
            const { context, page } = await browser({ language, width, scheme });
            try {
              await openUsage(page, '');
              await page.screenshot({
                path: path.join(dir, `usage-${width}-${language}-${scheme}.png`),
                fullPage: true,
              });
              expect(await overflow(page), `at ${width} px`).toBeLessThanOrEqual(0);
              expect(await axeViolations(page), `at ${width} px, ${language}, ${scheme}`).toEqual([]);
            } finally {
              await context.close();
            }
          }
    },
    600_000,
  );
});
