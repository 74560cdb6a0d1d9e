import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { linkIn } from '../../api/test/smtp';
import { axeViolations } from './axe';
import { englishLeftovers } from './english-leftovers';
import {
  type Stack,
  animationsDone,
  navigateInApp,
  networkQuiet,
  screenSettled,
  startStack,
  watchRequests,
} from './harness';

/**
 * The callback inbox: the open call beside the list (1280 px) or on its own page (390 px), triaged by keyboard and
 * by touch, the quick filters with their counts, bulk actions that survive a refetch, the list state in the URL,
 * and a screen that never scrolls sideways in English or German.
 */

let stack: Stack;
let admin: { email: string; password: string; token: string; ownerId: number };
const operator = { email: 'olga@inbox.example', password: 'olga-password', name: 'Olga Operator' };
const lead = { email: 'lena@inbox.example', password: 'lena-password', name: 'Lena Lead' };
let botToken: string;
let licenseKey: string;
const ids = new Map<string, number>();
const shots = process.env.E2E_SHOTS_DIR;

type Turn = { action: string; text: string };

async function postCall(caller: string, priority: string, turns: Turn[], token = botToken): Promise<number> {
  return stack.postBotCall(token, { caller_number: caller, response: turns, priority, selected_category: 'Rückruf' });
}

const said = (text: string): Turn => ({ action: 'UserRecognizedText', text });
const answered = (text: string): Turn => ({ action: 'BotResponseText', text });

async function signIn(page: Page, email: string, password: string) {
  await stack.login(page, email, password);
  await page.waitForURL('**/viewcalllogs');
  await page.getByRole('table', { name: /Calls|Anrufe/ }).waitFor();
}

async function context(width: number, options: { touch?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await stack.browser.newContext({
    baseURL: stack.baseUrl,
    locale: 'en-US',
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  const page = await ctx.newPage();
  watchRequests(page);
  return { ctx, page };
}

const table = (page: Page) => page.getByRole('table', { name: /^(Calls|Anrufe)$/ });
const rowOf = (page: Page, caller: string): Locator => table(page).locator('tbody tr').filter({ hasText: caller });
const detail = (page: Page) => page.getByRole('region', { name: /Call details|Anrufdetails/ });
/** A quick filter: its radio (for its name and state) and its label (to click or tap). */
const chip = (page: Page, name: RegExp) => page.getByRole('radio', { name });
const chipLabel = (page: Page, text: string) => page.locator('label').filter({ hasText: text });
const attached = { state: 'attached' } as const;

/**
 * Nothing scrolls sideways: not the page, no element inside the screen (but the quick filters' strip on a phone,
 * which scrolls on purpose), and no select cuts its value short.
 */
async function expectNoSideways(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}/${root.clientWidth}`);
    const main = document.querySelector('main') ?? document.body;
    for (const el of main.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el);
      if (el.classList.contains('inbox-chips')) continue;
      if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        found.push(`scrolls: ${el.tagName}.${el.className} ${el.scrollWidth}/${el.clientWidth}`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of main.querySelectorAll('select')) {
      // A select not drawn (the folded search and filters on a phone) cuts nothing.
      if (select.getClientRects().length === 0) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(text).width > room + 1) {
        found.push(`select cut: "${text}" ${Math.round(canvas.measureText(text).width)}/${room}`);
      }
    }
    return found;
  });
  expect(problems, label).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** A user of the company invited with a role, who sets their password through the invitation's link. */
async function invited(person: { email: string; password: string; name: string }, role: string) {
  const [fname, lname] = person.name.split(' ');
  const created = await stack.api(
    'POST',
    '/users',
    { data: { type: 'users', attributes: { email: person.email, fname, lname, role } } },
    admin.token,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const invite = new URL(linkIn(await stack.smtp.waitFor(person.email, ''), `${stack.baseUrl}/password-reset`));
  const reset = await stack.api('POST', '/password-reset', {
    email: invite.searchParams.get('email'),
    token: invite.searchParams.get('token'),
    password: person.password,
    password_confirmation: person.password,
  });
  expect(reset.status).toBeLessThan(300);
}

beforeAll(async () => {
  stack = await startStack();
  const owner = await stack.createAdmin({
    name: 'Ines Inbox',
    email: 'ines@inbox.example',
    password: 'ines-password',
    company_name: 'Inbox GmbH',
  });
  admin = { email: 'ines@inbox.example', password: 'ines-password', ...owner };
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Rückruf', 'Angebot'] } } },
    admin.token,
  );
  botToken = created.json.meta.bot_token as string;
  licenseKey = created.json.meta.license_Key as string;

  // The operator and an adminuser through the invitation, as the Users screen adds them.
  await invited(operator, 'user');
  await invited(lead, 'adminuser');

  ids.set(
    'transfer',
    await postCall('+4930200001', 'Important Callback', [
      said('Ich brauche dringend einen Techniker'),
      answered('Ich verbinde Sie mit dem Bereitschaftsdienst.'),
      { action: 'TransferCall', text: '' },
    ]),
  );
  ids.set('first', await postCall('+4930200002', 'Normal Callback', [said('Bitte um Rückruf zum Angebot')]));
  ids.set(
    'mail',
    await postCall('+4930200003', 'Send Email', [
      said('Schicken Sie mir bitte die Unterlagen'),
      answered('Gern, ich sende Ihnen eine E-Mail.'),
      { action: 'SendEmail', text: '' },
    ]),
  );
  ids.set('overdue', await postCall('+4930200004', 'Normal Callback', [said('Rückruf wegen der Rechnung')]));
  ids.set('repeat', await postCall('+4930200002', 'Normal Callback', [said('Ich rufe wegen des Angebots nochmal an')]));
  // One call is past its deadline.
  const overdue = ids.get('overdue')!;
  await stack.api(
    'PATCH',
    `/calls/${overdue}`,
    {
      data: {
        type: 'calls',
        id: String(overdue),
        attributes: { callback_due_at: new Date(Date.now() - 3_600_000).toISOString() },
      },
    },
    admin.token,
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('the callback inbox', () => {
  it('at 1280 px: the call opens beside the list, and j/k, Enter, a, n, s, e, ? and / triage it', async () => {
    const { ctx, page } = await context(1280);
    await signIn(page, operator.email, operator.password);
    // The open calls are listed by due by default; this walk through the keys reads them newest first.
    await page.goto('/viewcalllogs?sort=-created_at');
    await table(page).locator('tbody tr[data-call-id]').first().waitFor();
    const callIs = (id: number | undefined) => (url: URL) => url.searchParams.get('call') === String(id);
    // Quick filters with their counts; due times, overdue and repeat callers on the rows.
    await chip(page, /^All open 5$/).waitFor(attached);
    await chip(page, /^Overdue 1$/).waitFor(attached);
    await chip(page, /^Important 1$/).waitFor(attached);
    await chip(page, /^Mine 0$/).waitFor(attached);
    await rowOf(page, '+4930200004')
      .getByLabel(/^Overdue since/)
      .waitFor();
    await rowOf(page, '+4930200001').getByLabel(/^Due /).waitFor();
    expect(await rowOf(page, '+4930200002').first().getByText('2 calls').count()).toBe(1);
    // Until a call is opened the list has the whole width.
    expect(await detail(page).count()).toBe(0);

    // j moves, Enter opens beside the list; the conversation reads as a chat with the action in words.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await rowOf(page, '+4930200002').first().and(table(page).locator('tr[data-cursor]')).waitFor();
    await page.keyboard.press('Enter');
    const latest = ids.get('repeat')!;
    await page.waitForURL(callIs(latest));
    await detail(page).getByRole('heading', { name: 'Call from +4930200002' }).waitFor();
    await page.keyboard.press('j');
    await page.waitForURL(callIs(ids.get('overdue')));
    await page.keyboard.press('j');
    await page.waitForURL(callIs(ids.get('mail')));
    await detail(page).getByText('Sent an e-mail').waitFor();
    expect(await detail(page).getByText('SendEmail').count()).toBe(0);
    expect(await detail(page).locator('[data-speaker="caller"]').count()).toBe(1);
    expect(await detail(page).locator('[data-speaker="bot"]').count()).toBe(1);

    // a assigns to me; n goes to the note field; s snoozes; the chips follow.
    await page.keyboard.press('a');
    await page.getByText('The call was assigned.').waitFor();
    // The owner's column is in the row (shown where the list is wide enough).
    await rowOf(page, '+4930200003').getByText('Olga Operator').waitFor(attached);
    await chip(page, /^Mine 1$/).waitFor(attached);
    await page.keyboard.press('n');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`call-${ids.get('mail')}-note`);
    // Keys do nothing while typing.
    await page.keyboard.type('Unterlagen per Post, e-mail kam nicht an');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Note added successfully.').waitFor();
    await detail(page).getByText('Unterlagen per Post, e-mail kam nicht an').waitFor();
    expect(page.url()).toContain(`call=${ids.get('mail')}`);

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('s');
    const snooze = page.getByRole('dialog', { name: 'Snooze until' });
    await snooze.waitFor();
    expect(await axeViolations(page), 'snooze dialog').toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByText('Snoozed: the call comes back at its time.').waitFor();
    await chip(page, /^Snoozed 1$/).waitFor(attached);
    await expect.poll(() => rowOf(page, '+4930200003').count()).toBe(0);

    // e completes the call under the cursor.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/viewcalllogs' && !url.searchParams.has('call'));
    await expect.poll(() => detail(page).count()).toBe(0);
    await page.keyboard.press('j');
    await rowOf(page, '+4930200002').first().and(table(page).locator('tr[data-cursor]')).waitFor();
    await page.keyboard.press('e');
    await page.getByText('The call has been marked as completed.').waitFor();
    // The cursor goes on to the next call.
    await rowOf(page, '+4930200004').and(table(page).locator('tr[data-cursor]')).waitFor();
    const status = async (id: number) =>
      (await stack.api('GET', `/calls/${id}`, undefined, admin.token)).json.data.attributes.status;
    expect(await status(ids.get('repeat')!)).toBe('Completed');
    expect(await status(ids.get('mail')!)).toBe('New');
    await expect
      .poll(() => page.locator('label').filter({ hasText: 'All open' }).innerText(), { timeout: 10_000 })
      .toMatch(/All open\s*3/);

    // ? lists the keys; / goes to the search, where j is just a letter.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard keys' });
    await help.getByText('Assign the call to me').waitFor();
    expect(await axeViolations(page), 'keys dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.keyboard.press('/');
    await page.keyboard.type('jk');
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('jk');
    await page.waitForURL((url) => url.searchParams.get('q') === 'jk');
    // Esc leaves the search field first.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('calls-search');
    // The previous rows stay faded until the search's answer is in: check the settled screen.
    await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
    // The fade back takes 150 ms.
    await animationsDone(page);
    expect(await axeViolations(page), 'inbox at 1280').toEqual([]);

    // The list state is in the URL: a link opens the same view.
    await page.goto(`/viewcalllogs?priority=Important+Callback&call=${ids.get('transfer')}`);
    await detail(page).getByText('Transferred the call').waitFor();
    expect(await chip(page, /^Important/).isChecked()).toBe(true);
    expect(await table(page).locator('tbody tr').count()).toBe(1);
    await ctx.close();
  });

  it('opens the header’s and the toolbar’s menus from the keyboard, with the focus where it was', async () => {
    // The menus are made when the mouse or the focus first comes to their bar, and their buttons are drawn anew then.
    // Reached backwards (Shift+Tab from what follows), the button is the bar's first control to take the focus: the
    // focus stays on it, and Enter opens its menu.
    const { ctx, page } = await context(1280);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(operator.email);
    await page.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/viewcalllogs');
    await table(page).locator('tbody tr[data-call-id]').first().waitFor();
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

    // The account button is named once the profile is in (it may come after the rows).
    await page.getByRole('button', { name: `Account: ${operator.name}` }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first().focus();
    await page.keyboard.press('Shift+Tab');
    await animationsDone(page);
    expect(await focused()).toBe(`Account: ${operator.name}`);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe(`Account: ${operator.name}`);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toMatch(/^Language/);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).waitFor();
    await page.keyboard.press('Escape');

    // The Filters button, reached from the quick filter after it.
    await page.evaluate(() => {
      const bar = document.querySelector('[role="search"]')!;
      const controls = [...bar.querySelectorAll<HTMLElement>('button, input')];
      const index = controls.findIndex((control) => control.textContent === 'Filters');
      controls[index + 1]!.focus();
    });
    await page.keyboard.press('Shift+Tab');
    await animationsDone(page);
    expect(await focused()).toBe('Filters');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Filters of the list' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('Filters');
    await ctx.close();
  });

  it('at 390 px: rows are cards, the call is a page of its own, and touch assigns, notes, texts, snoozes and completes', async () => {
    const { ctx, page } = await context(390, { touch: true });
    await signIn(page, operator.email, operator.password);
    // The calls come first: one bar of search, Filters and quick filters (scrolling sideways), rows as two-line
    // cards; the bulk bar waits for a selection.
    await page.getByLabel('Search', { exact: true }).waitFor();
    expect(await page.getByText('0 calls selected').count()).toBe(0);
    const firstRow = await table(page).locator('tbody tr').first().boundingBox();
    expect(firstRow!.y).toBeLessThan(500);
    expect(firstRow!.height).toBeLessThan(70);

    await chipLabel(page, 'Unassigned').tap();
    await page.waitForURL('**/viewcalllogs?assignee=none');
    await rowOf(page, '+4930200002').first().waitFor();
    await rowOf(page, '+4930200002').first().getByRole('button', { name: 'Open the call from +4930200002' }).tap();
    await page.waitForURL(/call=\d+/);
    // The detail is the page now: the list is gone, a way back is there.
    await expect.poll(() => table(page).count()).toBe(0);
    await detail(page).getByRole('button', { name: 'Back to the list' }).waitFor();
    await expectNoSideways(page, 'detail page at 390');
    await shoot(page, 'inbox-390-detail-en');

    await detail(page).getByRole('button', { name: 'Assign to me' }).tap();
    await page.getByText('The call was assigned.').waitFor();
    await detail(page).getByText('Assigned to Olga Operator').waitFor();

    await detail(page).getByLabel('Note', { exact: true }).fill('Kunde möchte ein neues Angebot');
    await detail(page).getByRole('button', { name: 'Add note' }).tap();
    await page.getByText('Note added successfully.').waitFor();

    await detail(page).getByRole('button', { name: 'Send SMS' }).tap();
    const sms = page.getByRole('dialog', { name: 'Send SMS' });
    await sms.getByLabel('Message', { exact: true }).fill('Wir melden uns morgen.');
    await sms.getByRole('button', { name: 'Send' }).tap();
    await page.getByText('Message sending successfully.').waitFor();
    await detail(page).getByText('Wir melden uns morgen.').waitFor();
    await detail(page).locator('[data-sms-state="sent"]').waitFor();

    await detail(page).getByRole('button', { name: 'Snooze' }).tap();
    await page.getByRole('dialog', { name: 'Snooze until' }).getByRole('button', { name: 'In 1 hour' }).tap();
    await page.getByText('Snoozed: the call comes back at its time.').waitFor();
    await detail(page).getByRole('button', { name: 'Wake up' }).tap();
    await page.getByText('The call is back in the list.').waitFor();
    await detail(page).getByRole('button', { name: 'Mark completed' }).tap();
    await page.getByText('The call has been marked as completed.').waitFor();
    // The caller's timeline: both calls of the number, the other one opens on a tap.
    const timeline = detail(page).locator('[data-timeline]');
    await expect.poll(() => timeline.locator('li').count()).toBe(2);
    const current = Number(new URL(page.url()).searchParams.get('call'));
    await timeline.getByRole('button', { name: /^Open the call of/ }).tap();
    await expect.poll(() => Number(new URL(page.url()).searchParams.get('call'))).not.toBe(current);

    expect(await axeViolations(page), 'detail page at 390').toEqual([]);

    await detail(page).getByRole('button', { name: 'Back to the list' }).tap();
    await page.waitForURL('**/viewcalllogs?assignee=none');
    await table(page).waitFor();
    await expectNoSideways(page, 'list at 390');
    await ctx.close();
  });

  it('keeps the selection across a refetch, and assigns and snoozes in bulk; admins assign anyone', async () => {
    const { ctx, page } = await context(1280);
    await signIn(page, admin.email, admin.password);
    const rows = table(page).locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const before = await rows.count();
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByText('2 calls selected').waitFor();
    const checked = await rows.evaluateAll((trs) =>
      trs
        .filter((tr) => tr.querySelector<HTMLInputElement>('input[type=checkbox]')?.checked)
        .map((tr) => tr.dataset.callId),
    );

    // A new call arrives (live or by polling): the list is fetched again, the selection stays.
    await postCall('+4930200009', 'Normal Callback', [said('Neuer Anruf während der Auswahl')]);
    await rowOf(page, '+4930200009').waitFor({ timeout: 10_000 });
    expect(await rows.count()).toBe(before + 1);
    await page.getByText('2 calls selected').waitFor();
    for (const id of checked)
      expect(await table(page).locator(`tr[data-call-id="${id}"] input[type=checkbox]`).isChecked()).toBe(true);

    await page.getByLabel('Assign the selected calls to').selectOption({ label: operator.name });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('The call was assigned.').waitFor();
    for (const id of checked)
      await table(page).locator(`tr[data-call-id="${id}"]`).getByText('Olga Operator').waitFor(attached);

    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Snooze', exact: true }).click();
    await page.getByRole('dialog', { name: 'Snooze until' }).getByRole('button', { name: 'Tomorrow, 9:00' }).click();
    await page.getByText('Snoozed: the call comes back at its time.').waitFor();
    // With nothing selected the bulk bar is gone.
    await expect.poll(() => page.getByRole('button', { name: 'Update Status' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Snooze', exact: true }).count()).toBe(0);

    // The admin picks anyone of the company in the open call (once the bulk assign's toast is gone, so the toast
    // waited for below is this assign's).
    await expect.poll(() => page.getByText('The call was assigned.').count(), { timeout: 15_000 }).toBe(0);
    await rowOf(page, '+4930200009').getByRole('button', { name: 'Open the call from +4930200009' }).click();
    await detail(page).getByLabel('Assignee').selectOption({ label: operator.name });
    await page.getByText('The call was assigned.').waitFor();
    await rowOf(page, '+4930200009').getByText('Olga Operator').waitFor(attached);
    await detail(page).getByLabel('Assignee').selectOption({ label: 'Nobody' });
    await page.getByText('The call was released.').waitFor();
    await ctx.close();

    // An adminuser assigns anyone of the company too: the picker lists the company's users, no guests.
    const second = await context(1280);
    await signIn(second.page, lead.email, lead.password);
    await rowOf(second.page, '+4930200009').getByRole('button', { name: 'Open the call from +4930200009' }).click();
    const picker = detail(second.page).getByLabel('Assignee');
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['Nobody', 'Ines Inbox', operator.name, lead.name]));
    await picker.selectOption({ label: operator.name });
    await second.page.getByText('The call was assigned.').waitFor();
    await rowOf(second.page, '+4930200009').getByText('Olga Operator').waitFor(attached);
    await second.ctx.close();
  });

  it('fits 390, 1280 and 1440 px in English and German without scrolling sideways, and passes axe', async () => {
    const { ctx, page } = await context(1440);
    await signIn(page, admin.email, admin.password);
    const open = ids.get('transfer')!;
    // Each width starts the app afresh (its first layout is that width's); the call, the other lists and the
    // phonebot's list are then reached by the app's own navigation, as an operator goes there.
    for (const language of ['en', 'de']) {
      await page.evaluate((lang) => localStorage.setItem('phonebot_language', lang), language);
      for (const width of [390, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, url] of [
          ['list', '/viewcalllogs'],
          ['detail', `/viewcalllogs?call=${open}`],
        ] as const) {
          if (name === 'list') await page.goto(url);
          else await navigateInApp(page, url);
          await page.getByRole('heading', { level: 1 }).waitFor();
          if (name === 'detail') await detail(page).getByRole('heading', { level: 2 }).waitFor();
          else await table(page).locator('tbody tr[data-call-id]').first().waitFor();
          // Every answer is in and drawn.
          await networkQuiet(page);
          await screenSettled(page);
          await expectNoSideways(page, `${name} ${width} ${language}`);
          expect(await axeViolations(page), `${name} ${width} ${language}`).toEqual([]);
          if (language === 'de') expect(await englishLeftovers(page), `${name} ${width}`).toEqual([]);
          await shoot(page, `inbox-${width}-${name}-${language}`);
        }
        for (const url of ['/completed', '/calls', `/newcalls/${licenseKey}`]) {
          // Each of these lists has a title of its own: the new one shows that the app has gone there.
          const before = await page.getByRole('heading', { level: 1 }).innerText();
          await navigateInApp(page, url);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).not.toBe(before);
          await table(page).waitFor();
          // Every answer is in and drawn.
          await networkQuiet(page);
          await screenSettled(page);
          await expectNoSideways(page, `${url} ${width} ${language}`);
          await shoot(page, `inbox-${width}-${url.split('/')[1]}-${language}`);
        }
      }
    }
    // The dark scheme keeps its contrast: the open row, the chat and the timeline use the scheme's colours.
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'en'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/viewcalllogs?call=${ids.get('repeat')}`);
    await detail(page).locator('[data-timeline] li').nth(1).waitFor();
    expect(await axeViolations(page), 'dark scheme').toEqual([]);
    await shoot(page, 'inbox-1280-detail-dark');
    await ctx.close();
  }, 300_000);

  it('reads without actions as a guest, and /newcalls/{key} lists that phonebot only', async () => {
    const sup = await stack.superToken();
    const guest = await stack.api(
      'POST',
      '/guest',
      { customer_id: admin.ownerId, name: 'Gisela Gast', email: 'gisela@inbox.example', password: 'gisela-password' },
      sup,
    );
    expect(guest.status).toBe(201);
    const { ctx, page } = await context(1280);
    await signIn(page, 'gisela@inbox.example', 'gisela-password');
    await page.goto(`/viewcalllogs?call=${ids.get('transfer')}`);
    await detail(page).getByText('You can read this call').waitFor();
    expect(
      await detail(page)
        .getByRole('button', { name: /Assign|Snooze|Delete|Mark completed/ })
        .count(),
    ).toBe(0);
    expect(await detail(page).getByLabel('Note', { exact: true }).count()).toBe(0);
    // The keys change nothing: no change is sent to the server, and no notice says otherwise.
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') changes.push(`${request.method()} ${request.url()}`);
    });
    await page.keyboard.press('a');
    await page.keyboard.press('e');
    await screenSettled(page);
    await networkQuiet(page);
    expect(changes).toEqual([]);
    expect(await page.getByText('The call was assigned.').count()).toBe(0);
    expect(await axeViolations(page), 'guest detail').toEqual([]);
    await ctx.close();

    const second = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: 'Filiale', category_terms: ['Rückruf'] } } },
      admin.token,
    );
    await postCall('+4930299001', 'Normal Callback', [said('Anruf bei der Filiale')], second.json.meta.bot_token);
    await postCall('+4930299002', 'Normal Callback', [said('Anruf beim Empfang')]);
    const view = await context(1280);
    await signIn(view.page, admin.email, admin.password);
    await view.page.goto(`/newcalls/${second.json.meta.license_Key}`);
    await rowOf(view.page, '+4930299001').waitFor();
    expect(await rowOf(view.page, '+4930299002').count()).toBe(0);
    await view.ctx.close();
  });

  it('shows a new company with a phonebot and no calls an empty inbox in German that passes axe', async () => {
    // What the empty inbox says (no phonebot yet, all caught up) in English and German is the component test's
    // (empty-inbox.component.test.tsx); here the server's counts of a new company lead to it.
    const fresh = await stack.createAdmin({
      name: 'Nora Neu',
      email: 'nora@empty.example',
      password: 'nora-password',
      company_name: 'Leer GmbH',
    });
    await stack.api('POST', '/vbot', { data: { type: 'vbots', attributes: { bezeichnung: 'Neu' } } }, fresh.token);
    const { ctx, page } = await context(1280);
    await signIn(page, 'nora@empty.example', 'nora-password');
    await page.getByText('All caught up').waitFor();
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
    await page.reload();
    await page.getByText('Alles erledigt').waitFor();
    expect(await axeViolations(page), 'empty inbox de').toEqual([]);
    await ctx.close();
  });
});
