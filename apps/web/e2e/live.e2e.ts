import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { openConversationFromRow } from './call-rows';
import { type Stack, networkQuiet, screenSettled, startStack, watchRequests } from './harness';

/**
 * Live updates in the browser: calls posted by the phonebot runtime appear in an open dashboard without a reload or
 * a poll, the screen says when it is reconnecting, and urgent calls raise a browser notification.
 */

let stack: Stack;
let admin: { email: string; password: string; token: string };
let botToken: string;
const shots = process.env.E2E_SHOTS_DIR;

async function postCall(caller: string, priority = 'Normal Callback'): Promise<number> {
  return stack.postBotCall(botToken, {
    caller_number: caller,
    response: [{ action: 'UserRecognizedText', text: 'Bitte rufen Sie mich zurück' }],
    priority,
  });
}

/** Signs in and waits until the dashboard shows its list and its event stream is open. */
async function openDashboard(page: Page) {
  const stream = page.waitForResponse((res) => res.url().includes('/api/v2/events?') && res.status() === 200);
  await stack.login(page, admin.email, admin.password);
  await page.waitForURL('**/viewcalllogs');
  await page.getByRole('table', { name: 'Calls' }).waitFor();
  await stream;
}

const rowOf = (page: Page, caller: string) =>
  page.getByRole('table', { name: 'Calls' }).locator('tbody tr').filter({ hasText: caller });

/** At 390, 1280 and 1440 px the part under test fits the window (and is photographed when E2E_SHOTS_DIR is set). */
async function checkWidths(page: Page, part: Locator, name: string) {
  for (const width of [390, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await screenSettled(page);
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `${name} fits ${width} px`).toBe(true);
    const overflowing = await part.evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) => el.textContent?.trim() && el.scrollWidth > el.clientWidth + 1)
        .map(
          (el) => `${el.tagName}.${el.className} ${el.scrollWidth}/${el.clientWidth} ${el.textContent?.slice(0, 30)}`,
        ),
    );
    expect(overflowing, `${name} has no cut text at ${width} px`).toEqual([]);
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

beforeAll(async () => {
  stack = await startStack();
  const email = 'lena@live.example';
  const password = 'lena-password';
  const created = await stack.createAdmin({ name: 'Lena Live', email, password });
  admin = { email, password, token: created.token };
  const bot = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales'] } } },
    admin.token,
  );
  botToken = bot.json.meta.bot_token as string;
});

afterAll(async () => {
  await stack?.stop();
});

describe('live updates', () => {
  it('show a call posted through the Bot API in an open dashboard at once, without polling', async () => {
    const { context, page } = await stack.newPage();
    const listRequests: string[] = [];
    const streams: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/v2/callsview')) listRequests.push(req.url());
      if (req.url().includes('/api/v2/events?')) streams.push(req.url());
    });
    // The page's own clock: time runs as usual, and is fast-forwarded below instead of waited for.
    await page.clock.install();
    watchRequests(page);
    await openDashboard(page);
    // The screen has had its first answers and has learnt that the stream is open.
    await networkQuiet(page);

    // While the stream is open nothing polls: longer than one poll interval (CALLS_POLL_MS, 5 s) passes, every timer
    // due in it firing, without a list request.
    listRequests.length = 0;
    await page.clock.runFor(6_000);
    await networkQuiet(page);
    expect(listRequests).toEqual([]);

    const callId = await postCall('+4930700001', 'Important Callback');
    await rowOf(page, '+4930700001').waitFor({ timeout: 5_000 });
    await page.getByText('New Call Alert').waitFor();
    await page.getByText('1 new call is waiting.').waitFor();
    expect(listRequests.length).toBeGreaterThan(0);

    // The open call updates in place: an SMS sent from elsewhere shows in its conversation.
    await openConversationFromRow(page, rowOf(page, '+4930700001'), '+4930700001');
    const dialog = page.getByRole('dialog', { name: 'Conversation' });
    await dialog.getByText('Bitte rufen Sie mich zurück').waitFor();
    const sms = await stack.api(
      'POST',
      `/calls/${callId}/sms`,
      { data: { type: 'sms', attributes: { to: '+4930700001', message: 'Wir rufen gleich an.' } } },
      admin.token,
    );
    expect(sms.status).toBe(201);
    await dialog.getByText('Wir rufen gleich an.').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');

    // A call deleted elsewhere leaves the list.
    expect((await stack.api('DELETE', `/calls/${callId}`, undefined, admin.token)).status).toBe(204);
    await rowOf(page, '+4930700001').waitFor({ state: 'detached', timeout: 5_000 });

    // One stream for the tab, however many screens were visited.
    await page.getByRole('link', { name: 'COMPLETED LOGS' }).click();
    await page.getByRole('heading', { name: 'Completed calls' }).waitFor();
    await page.goBack();
    await page.getByRole('table', { name: 'Calls' }).waitFor();
    expect(streams).toHaveLength(1);
    await context.close();
  });

  it('say that they are reconnecting while the server is away, and catch up when it is back', async () => {
    const { context, page } = await stack.newPage();
    await openDashboard(page);
    const banner = page.getByRole('status').filter({ hasText: 'Live updates interrupted' });
    expect(await banner.count()).toBe(0);

    const restart = await stack.stopServer();
    await banner.waitFor({ timeout: 10_000 });
    await banner.getByText('Reconnecting… Meanwhile the list refreshes every 5 seconds.').waitFor();
    await restart();
    // Posted before the page has reconnected: the replay after its last event id brings it.
    await postCall('+4930700002');
    await banner.waitFor({ state: 'detached', timeout: 40_000 });
    await rowOf(page, '+4930700002').waitFor({ timeout: 10_000 });
    // And one posted after it has: the stream is open again.
    await postCall('+4930700003');
    await rowOf(page, '+4930700003').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('show the reconnecting state in English and German, fitting narrow and wide windows', async () => {
    for (const language of ['en', 'de'] as const) {
      const { context, page } = await stack.newPage();
      // The server refuses tickets: the stream cannot open and the screen falls back to polling.
      await page.route('**/api/v2/events/ticket', (route) =>
        route.fulfill({ status: 503, contentType: 'application/vnd.api+json', body: '{"errors":[]}' }),
      );
      await stack.login(page, admin.email, admin.password);
      await page.waitForURL('**/viewcalllogs');
      if (language === 'de') {
        await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
        await page.reload();
      }
      const title = language === 'en' ? 'Live updates interrupted' : 'Live-Aktualisierung unterbrochen';
      const banner = page.getByRole('status').filter({ hasText: title });
      await banner.waitFor({ timeout: 10_000 });
      expect(await axeViolations(page), `reconnecting (${language})`).toEqual([]);
      await checkWidths(page, banner, `reconnecting-${language}`);
      await context.close();
    }
  });
});

describe('urgent-call alerts', () => {
  async function recordingNotifications(context: BrowserContext) {
    await context.grantPermissions(['notifications'], { origin: stack.baseUrl });
    await context.addInitScript(() => {
      const shown: { title: string; body: string }[] = [];
      (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body ?? '' });
        }
      }
      window.Notification = Recording as typeof Notification;
      // The operator is looking at another window.
      document.hasFocus = () => false;
    });
  }

  it('notify in the background for the priorities the user chose, on any screen', async () => {
    const { context, page } = await stack.newPage();
    await recordingNotifications(context);
    await openDashboard(page);
    await page.getByRole('button', { name: 'Alerts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Urgent call alerts' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Important Callback' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Transferred' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Normal Callback' }).isChecked()).toBe(false);
    await dialog.getByRole('switch', { name: 'Browser notification' }).check();
    expect(await dialog.getByRole('switch', { name: 'Browser notification' }).isChecked()).toBe(true);
    expect(await axeViolations(page), 'alerts dialog').toEqual([]);
    await checkWidths(page, dialog, 'alerts-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // On another screen the tab's stream still carries the calls.
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.getByRole('heading', { name: 'UPDATE My PROFILE' }).waitFor();
    await postCall('+4930700010', 'Normal Callback');
    await postCall('+4930700011', 'Transferred');
    const shown = () =>
      page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications);
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: 'New call: Transferred', body: '+4930700011 via Empfang' }]);

    // The choice is kept in this browser.
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
    await page.goto('/viewcalllogs');
    await page.getByRole('button', { name: 'Alarme' }).click();
    const german = page.getByRole('dialog', { name: 'Alarm bei dringenden Anrufen' });
    await german.waitFor();
    expect(await german.getByRole('switch', { name: 'Browser-Benachrichtigung' }).isChecked()).toBe(true);
    expect(await axeViolations(page), 'alerts dialog (de)').toEqual([]);
    await checkWidths(page, german, 'alerts-de');
    await context.close();
  });
  it('let a company admin choose the priorities mailed to the operators when nobody takes them', async () => {
    const { context, page } = await stack.newPage();
    await stack.login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/companyprofile');
    const card = page.locator('form').filter({ has: page.getByLabel('Wait (minutes)') });
    await card.waitFor();
    await card.getByLabel('Priorities').click();
    await page.getByRole('option', { name: 'Important Callback' }).click();
    await page.getByRole('option', { name: 'Transferred' }).click();
    await page.keyboard.press('Escape');
    await card.getByLabel('Wait (minutes)').fill('5');
    await card.getByRole('button', { name: 'Save e-mail alerts' }).click();
    await page.getByText('Successfully updated').first().waitFor();
    const saved = await stack.api('GET', '/urgent-mail', undefined, admin.token);
    expect(saved.json.data.attributes).toEqual({ priorities: ['Important Callback', 'Transferred'], after_minutes: 5 });

    await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
    await page.reload();
    const german = page.locator('form').filter({ has: page.getByLabel('Wartezeit (Minuten)') });
    await german.getByText('Wichtiger Rückruf').waitFor();
    expect(await german.getByLabel('Wartezeit (Minuten)').inputValue()).toBe('5');
    expect(await axeViolations(page), 'urgent-call e-mails (de)').toEqual([]);
    await checkWidths(page, german, 'urgent-mail-de');
    await context.close();
  });
});
