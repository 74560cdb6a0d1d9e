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
  for (const caller of ['+4930111', '+4930111', '+4930222']) {
    const res = await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${botToken}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        caller_number: caller,
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
  it('opens the calls behind a bar from the chart', async () => {
    const { context, page } = await browser({ language: 'en', scheme: 'light' });
    try {
      await openInsights(page);
      await expect.poll(() => page.getByText('+4930111').count()).toBeGreaterThan(0);
      await page.locator('.recharts-bar-rectangle path').last().click();
      await page.waitForURL(/\/viewcalllogs\?date=\d{4}-\d{2}-\d{2}&search=New/);
      const rows = page.getByRole('table', { name: 'Calls' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
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
