import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { type Stack, startStack } from './harness';

let stack: Stack;
let token = '';

beforeAll(async () => {
  stack = await startStack();
  const email = `insights-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'insights-password-1';
  const registered = await stack.api('POST', '/register', {
    name: 'Ina Sights',
    email,
    password,
    password_confirmation: password,
  });
  expect(registered.status).toBeLessThan(300);
  await stack.verifyEmail(email);
  const sup = await stack.superToken();
  const customers = await stack.api('GET', `/customers?search=${encodeURIComponent(email)}`, undefined, sup);
  expect((await stack.api('PATCH', `/enableUser/${customers.json.data[0].id}`, undefined, sup)).status).toBe(200);
  token = (await stack.api('POST', '/login', { email, password })).json.meta.access_token as string;
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales'] } } },
    token,
  );
  const botToken = created.json.meta.bot_token as string;
  for (const [caller, priority] of [
    ['+4930111', 'Important Callback'],
    ['+4930111', 'Normal Callback'],
    ['+4930222', 'Important Callback'],
  ]) {
    const res = await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${botToken}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        caller_number: caller,
        priority,
        response: [{ action: 'UserRecognizedText', text: 'Bitte um Rückruf' }],
      }),
    });
    expect(res.status).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function browser(options: { language: 'en' | 'de'; scheme: 'light' | 'dark'; width?: number }) {
  const { context, page } = await stack.newPage({ width: options.width });
  await context.addInitScript(
    ([t, language]) => {
      localStorage.setItem('user_free', t);
      localStorage.setItem('phonebot_language', language);
    },
    [token, options.language] as const,
  );
  await page.emulateMedia({ colorScheme: options.scheme });
  return { context, page };
}

async function openInsights(page: Page) {
  await page.goto('/insights');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('.recharts-bar-rectangle path').last().waitFor();
}

describe('the Insights screen', () => {
  /** The figures the screen shows, straight from the API (the server's time zone, as the screen asks). */
  async function figures(query: string) {
    const res = await stack.api('GET', `/analytics/calls?${query}`, undefined, token);
    expect(res.status).toBe(200);
    return res.json as {
      data: { id: string; attributes: { split: Record<string, number> } }[];
      meta: { weekday_hours: number[][]; top_callers: { number: string; calls: number }[] };
    };
  }

  /** The rows of the Calls Dashboard's list and the total its pager names, in English or German. */
  async function listed(page: Page, expected: number, language: 'en' | 'de' = 'en') {
    const table = language === 'de' ? 'Anrufe' : 'Calls';
    const rows = page.getByRole('table', { name: table }).locator('tbody tr[data-call-id]');
    await expect.poll(() => rows.count()).toBe(expected);
    const of = language === 'de' ? 'von' : 'of';
    await page.getByText(`1–${expected} ${of} ${expected}`, { exact: true }).waitFor();
  }

  /** The calls the heat map counts in the cell a link opens. */
  function callsOfCell(doc: Awaited<ReturnType<typeof figures>>, href: URL): number {
    return doc.meta.weekday_hours[Number(href.searchParams.get('weekday'))]![Number(href.searchParams.get('hour'))]!;
  }

  /** The Calls Dashboard with the given filters in its address. */
  const dashboardWith =
    (...names: string[]) =>
    (u: URL) =>
      u.pathname === '/viewcalllogs' && names.every((name) => u.searchParams.has(name));

  it('opens exactly the calls behind a bar', async () => {
    const { context, page } = await browser({ language: 'en', scheme: 'light' });
    try {
      await page.goto('/insights?split=priority');
      await page.locator('.recharts-bar-rectangle path').last().waitFor();
      await page.locator('.recharts-bar-rectangle path').last().click();
      await page.waitForURL(/\/viewcalllogs\?from=(\d{4}-\d{2}-\d{2})&to=\1&priority=/);
      const url = new URL(page.url());
      const day = url.searchParams.get('from')!;
      const priority = url.searchParams.get('priority')!;
      const doc = await figures(`split=priority&from=${day}&to=${day}`);
      const expected = doc.data[0]!.attributes.split[priority]!;
      expect(expected).toBeGreaterThan(0);
      await listed(page, expected);
      // The list names its filters and clears them.
      const filters = page.getByRole('group', { name: 'Filters' });
      await filters.getByText(`Priority: ${priority}`).waitFor();
      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/viewcalllogs' && !['from', 'to', 'priority'].some((name) => u.searchParams.has(name)),
      );
      await filters.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opens exactly the calls of a repeat caller and of a busy hour', async () => {
    const { context, page } = await browser({ language: 'en', scheme: 'light' });
    try {
      await openInsights(page);
      const doc = await figures('');
      const top = doc.meta.top_callers[0]!;
      expect(top).toEqual({ number: '+4930111', calls: 2 });
      await page.getByRole('link', { name: new RegExp(`^\\${top.number}: open the ${top.calls} calls`) }).click();
      await page.waitForURL((u) => dashboardWith('from', 'to')(u) && u.searchParams.get('caller') === top.number);
      await listed(page, top.calls);

      await openInsights(page);
      const cell = page.locator('a[href*="weekday="]').first();
      const href = new URL((await cell.getAttribute('href'))!, stack.baseUrl);
      const expected = callsOfCell(doc, href);
      expect(expected).toBeGreaterThan(0);
      await cell.click();
      await page.waitForURL(dashboardWith('from', 'to', 'weekday', 'hour'));
      await listed(page, expected);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('names the filters of a figure’s calls at 390 px in German, without sideways scrolling', async () => {
    const { context, page } = await browser({ language: 'de', scheme: 'light', width: 390 });
    try {
      await openInsights(page);
      // The first cell with calls is today's weekday; on a Sunday it is in the last row, where the heat map's
      // horizontal scroll bar lies over it at this width: the link is followed as a tap on it is.
      const cell = page.locator('a[href*="weekday="]').first();
      const href = new URL((await cell.getAttribute('href'))!, stack.baseUrl);
      const doc = await figures('');
      const expected = callsOfCell(doc, href);
      expect(expected).toBeGreaterThan(0);
      await cell.dispatchEvent('click');
      await page.waitForURL(dashboardWith('from', 'to', 'weekday', 'hour'));
      await listed(page, expected, 'de');
      const filters = page.getByRole('group', { name: 'Filter' });
      await filters.getByText(/^Am /).waitFor();
      await filters.getByText(/ bis .* Uhr$/).waitFor();
      await filters.getByRole('button', { name: 'Filter entfernen' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.SHOTS_DIR) {
        fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        await page.screenshot({
          path: path.join(process.env.SHOTS_DIR, 'insights-cell-calls-390-de.png'),
          fullPage: true,
        });
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no accessibility violations in the ${scheme} scheme`, async () => {
      const { context, page } = await browser({ language: 'en', scheme });
      try {
        await openInsights(page);
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
            const { context, page } = await browser({ language, scheme, width });
            try {
              await openInsights(page);
              await page.screenshot({
                path: path.join(dir, `insights-${width}-${language}-${scheme}.png`),
                fullPage: true,
              });
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
            } finally {
              await context.close();
            }
          }
    },
    600_000,
  );
});
