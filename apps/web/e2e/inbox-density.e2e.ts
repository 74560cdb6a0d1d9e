import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Stack, networkQuiet, screenSettled, startStack, watchRequests } from './harness';

/**
 * The dense inbox's promise in numbers: how many calls are fully in sight on the first screen at the sizes the
 * operators work at (1280x800 and 1440x900 with the open call beside the list, 390x844 on a phone), in English and
 * German, with the New Call Alert showing.
 */

let stack: Stack;
let account: { email: string; password: string };
const CALLS = 24;

const PRIORITIES = ['Normal Callback', 'Important Callback', 'Send Email', 'Transferred'];

async function postCall(botToken: string, n: number): Promise<void> {
  await stack.postBotCall(botToken, {
    caller_number: `+49301234${String(n).padStart(4, '0')}`,
    priority: PRIORITIES[n % PRIORITIES.length],
    response: [
      {
        action: 'UserRecognizedText',
        text: 'Guten Tag, ich hätte gern einen Rückruf wegen meiner Bestellung und der Lieferung nächste Woche.',
      },
      { action: 'BotResponseText', text: 'Gern, ein Kollege ruft Sie zurück.' },
    ],
  });
}

/** The rows of the list that are whole inside the window. */
function visibleRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('table tbody tr[data-call-id]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

beforeAll(async () => {
  stack = await startStack();
  account = { email: 'dora@dense.example', password: 'dora-password' };
  const owner = await stack.createAdmin({ name: 'Dora Dense', company_name: 'Dicht GmbH', ...account });
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Rückruf'] } } },
    owner.token,
  );
  const botToken = created.json.meta.bot_token as string;
  for (let n = 0; n < CALLS; n++) await postCall(botToken, n);
});

afterAll(async () => {
  await stack?.stop();
});

describe('the dense inbox', () => {
  it('shows at least 12 calls at 1280x800 and 15 at 1440x900 beside the open call, and 5 at 390x844', async () => {
    const { context, page } = await stack.newPage();
    watchRequests(page);
    await stack.login(page, account.email, account.password);
    await page.waitForURL('**/viewcalllogs');
    const sizes = [
      { width: 1280, height: 800, open: true, least: 12 },
      { width: 1440, height: 900, open: true, least: 15 },
      { width: 390, height: 844, open: false, least: 5 },
    ];
    for (const language of ['en', 'de']) {
      await page.evaluate((lang) => localStorage.setItem('phonebot_language', lang), language);
      for (const size of sizes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto('/viewcalllogs');
        const first = page.locator('table tbody tr[data-call-id]').first();
        await first.waitFor();
        if (size.open) {
          await first.locator('[data-column="preview"] button').click();
          await page.locator('[data-call-detail]').getByRole('heading', { level: 2 }).waitFor();
        }
        // The New Call Alert is part of the first screen.
        await page.getByRole('link', { name: /^(Show new calls|Neue Anrufe zeigen)$/ }).waitFor();
        // Every answer is in and drawn.
        await networkQuiet(page);
        await screenSettled(page);
        const label = `${size.width}x${size.height} ${language}`;
        expect(await visibleRows(page), label).toBeGreaterThanOrEqual(size.least);
        // One line per row where the list is wide enough: a row is at most as tall as two lines of text.
        const tallest = await page.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('table tbody tr[data-call-id]')].map(
              (row) => row.getBoundingClientRect().height,
            ),
          ),
        );
        expect(tallest, label).toBeLessThan(size.open ? 44 : 64);
      }
    }
    await context.close();
  });
});
