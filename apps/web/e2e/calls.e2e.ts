import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { type Stack, networkQuiet, startStack, watchRequests } from './harness';

let stack: Stack;

type Company = { email: string; password: string; token: string; ownerId: number; botToken: string };
let acme: Company;
let other: Company;
/** Call ids of the first company by caller number. */
const callIds = new Map<string, number>();

/** A company admin through the sign-up path: register, follow the verification mail, enabled by the super. */
async function companyAdmin(name: string, email: string, password: string): Promise<Omit<Company, 'botToken'>> {
  const registered = await stack.api('POST', '/register', { name, email, password, password_confirmation: password });
  expect(registered.status).toBeLessThan(300);
  await stack.verifyEmail(email);
  const sup = await stack.superToken();
  const customers = await stack.api('GET', `/customers?search=${encodeURIComponent(email)}`, undefined, sup);
  const ownerId = customers.json.data[0].id as number;
  expect((await stack.api('PATCH', `/enableUser/${ownerId}`, undefined, sup)).status).toBe(200);
  const login = await stack.api('POST', '/login', { email, password });
  expect(login.status).toBe(200);
  return { email, password, token: login.json.meta.access_token as string, ownerId };
}

async function phonebot(token: string, name: string, terms: string[]): Promise<string> {
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: name, category_terms: terms } } },
    token,
  );
  expect(created.status).toBe(201);
  return created.json.meta.bot_token as string;
}

/** A finished call as the phonebot runtime posts it (Bot API, with its Idempotency-Key). */
async function postCall(
  botToken: string,
  call: { caller: string; text: string; priority?: string; category?: string | null },
): Promise<number> {
  return stack.postBotCall(botToken, {
    caller_number: call.caller,
    response: [
      { action: 'UserRecognizedText', text: call.text },
      { action: 'BotResponseText', text: 'Vielen Dank, wir melden uns bei Ihnen.' },
    ],
    selected_category: call.category ?? null,
    priority: call.priority,
  });
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/viewcalllogs');
}

const table = (page: Page) => page.getByRole('table', { name: 'Calls' });
const rows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, caller: string): Locator => rows(page).filter({ hasText: caller });

/** The callers of the rows on screen, top to bottom. */
async function callers(page: Page): Promise<string[]> {
  const texts = await rows(page).allInnerTexts();
  return texts.map((text) => /\+49\d+/.exec(text)?.[0] ?? text);
}

async function expectCallers(page: Page, expected: string[]) {
  await expect.poll(() => callers(page), { timeout: 10_000 }).toEqual(expected);
}

/** The callers on screen in any order (the open list's order is by due, which the deadlines of the priorities set). */
async function expectCallerSet(page: Page, expected: string[]) {
  await expect.poll(async () => (await callers(page)).sort(), { timeout: 10_000 }).toEqual([...expected].sort());
}

/** Chooses an action from a row's menu. */
async function rowAction(page: Page, caller: string, action: string) {
  await rowOf(page, caller)
    .getByRole('button', { name: `Actions for the call from ${caller}` })
    .click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  stack = await startStack();
  const admin = await companyAdmin('Anna Acme', 'anna@acme.example', 'anna-password');
  acme = { ...admin, botToken: await phonebot(admin.token, 'Empfang', ['Sales', 'Support', 'Billing']) };
  const seeds = [
    { caller: '+4930111001', text: 'Bitte um Rückruf zur Bestellung', priority: 'Normal Callback', category: 'Sales' },
    {
      caller: '+4930111002',
      text: 'Ich brauche dringend einen Rückruf wegen meiner Rechnung',
      priority: 'Important Callback',
      category: 'Support',
    },
    { caller: '+4930111003', text: 'Schicken Sie mir die Unterlagen', priority: 'Send Email', category: 'Billing' },
    { caller: '+4930111004', text: 'Verbinden Sie mich bitte', priority: 'Transferred', category: null },
    { caller: '+4930111005', text: 'Frage zum Angebot', priority: 'Normal Callback', category: 'Sales' },
    { caller: '+4930111006', text: 'Rückruf am Nachmittag', priority: 'Normal Callback', category: 'Support' },
  ];
  for (const seed of seeds) callIds.set(seed.caller, await postCall(acme.botToken, seed));

  const otherAdmin = await companyAdmin('Otto Other', 'otto@other.example', 'otto-password');
  other = { ...otherAdmin, botToken: await phonebot(otherAdmin.token, 'Zentrale', ['Sales']) };
  await postCall(other.botToken, { caller: '+4989222001', text: 'Anruf bei der anderen Firma' });
});

afterAll(async () => {
  await stack?.stop();
});

describe('the call log in the browser', () => {
  it('lists the open calls, searches, filters by day, sorts and keeps the list state in the URL', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await page.getByRole('heading', { name: 'Calls Dashboard' }).waitFor();
    // Open calls by due (overdue first, then soonest due): the important call's deadline is the shortest.
    await expectCallerSet(page, [
      '+4930111006',
      '+4930111005',
      '+4930111004',
      '+4930111003',
      '+4930111002',
      '+4930111001',
    ]);
    expect(await table(page).getByRole('columnheader', { name: /^Due/ }).getAttribute('aria-sort')).toBe('ascending');
    const headers = await table(page).locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'Caller',
      'Summary',
      'Phonebot',
      'Priority',
      'Due',
      'Owner',
      'Status',
      'Recording',
      'More',
    ]);
    await page.getByText('New Call Alert').waitFor();
    await page.getByText('6 new calls are waiting.').waitFor();
    await page.getByRole('link', { name: 'COMPLETED LOGS' }).waitFor();
    expect(await axeViolations(page), '/viewcalllogs').toEqual([]);

    // The call search: what was said, in any form of the word.
    await page.getByLabel('Search', { exact: true }).fill('Rechnungen');
    await expectCallers(page, ['+4930111002']);
    await page.waitForURL('**/viewcalllogs?q=Rechnungen');
    await page.getByLabel('Search', { exact: true }).fill('');
    await expectCallerSet(page, [
      '+4930111006',
      '+4930111005',
      '+4930111004',
      '+4930111003',
      '+4930111002',
      '+4930111001',
    ]);

    // The day is picked in the Filters menu and written as the language writes a day.
    await page.goto('/viewcalllogs?date=2020-01-01');
    await page.getByText('No calls found.').waitFor();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    expect(await page.getByRole('button', { name: 'Day', exact: true }).innerText()).toBe('1 Jan 2020');
    await page.getByRole('button', { name: 'Clear day' }).click();
    await page.waitForURL((url) => url.pathname === '/viewcalllogs' && url.search === '');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(6);
    await page.keyboard.press('Escape');
    await page.goto(`/viewcalllogs?date=${today()}`);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(6);
    await page.goto('/viewcalllogs');

    await table(page).getByRole('button', { name: 'Priority', exact: true }).click();
    await page.waitForURL('**/viewcalllogs?sort=priority');
    await expectCallers(page, [
      '+4930111006',
      '+4930111005',
      '+4930111001',
      '+4930111002',
      '+4930111003',
      '+4930111004',
    ]);
    await table(page).getByRole('button', { name: 'Priority', exact: true }).click();
    await page.waitForURL('**/viewcalllogs?sort=-priority');
    await expectCallers(page, [
      '+4930111004',
      '+4930111003',
      '+4930111002',
      '+4930111006',
      '+4930111005',
      '+4930111001',
    ]);

    // A pasted link shows the same list; a bad value falls back to its default.
    await page.goto('/viewcalllogs?sort=-priority&per_page=50&page=oops');
    await page.getByRole('heading', { name: 'Calls Dashboard' }).waitFor();
    await expectCallers(page, [
      '+4930111004',
      '+4930111003',
      '+4930111002',
      '+4930111006',
      '+4930111005',
      '+4930111001',
    ]);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('50');
    await context.close();
  });

  it('shows the whole conversation, adds a note and sends an SMS', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await rowAction(page, '+4930111002', 'Conversation');
    const preview = page.getByRole('dialog', { name: 'Conversation' });
    await preview.getByText('Ich brauche dringend einen Rückruf wegen meiner Rechnung').waitFor();
    await preview.getByText('Vielen Dank, wir melden uns bei Ihnen.').waitFor();
    expect(await preview.locator('[data-speaker="caller"]').count()).toBe(1);
    expect(await preview.locator('[data-speaker="bot"]').count()).toBe(1);
    expect(await axeViolations(page), 'preview').toEqual([]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await rowAction(page, '+4930111002', 'Notes');
    const notes = page.getByRole('dialog', { name: 'Notes' });
    await notes.getByText('No notes yet.').waitFor();
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Note text cannot be empty.').waitFor();
    await notes.getByLabel('Note', { exact: true }).fill('Rückruf morgen um 10 Uhr');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note added successfully.').waitFor();
    await notes.getByText('Rückruf morgen um 10 Uhr').waitFor();
    expect(await axeViolations(page), 'notes').toEqual([]);
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'hidden' });

    await rowAction(page, '+4930111002', 'Send SMS');
    const sms = page.getByRole('dialog', { name: 'Send SMS' });
    expect(await sms.getByLabel('To', { exact: true }).inputValue()).toBe('+4930111002');
    // The message starts empty: nothing is sent that was not picked or typed. The first template is the default text.
    expect(await sms.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    await sms.getByRole('button', { name: 'Send' }).click();
    await sms.getByText('Please enter a message!').waitFor();
    await sms.getByLabel('Template', { exact: true }).click();
    await page.getByRole('option', { name: 'Default' }).click();
    await expect
      .poll(() => sms.getByLabel('Message', { exact: true }).inputValue())
      .toBe('Hello, this is a prefilled SMS message. You can edit it before sending.');
    await sms.getByLabel('Message', { exact: true }).fill('   ');
    await sms.getByRole('button', { name: 'Send' }).click();
    await sms.getByText('Please enter a message!').waitFor();
    await sms.getByLabel('Message', { exact: true }).fill('Wir rufen Sie morgen um 10 Uhr zurück.');
    await sms.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sending successfully.').waitFor();
    await sms.waitFor({ state: 'hidden' });

    // A failed SMS says so, with the provider's reason in the screen's language (the old client showed the
    // mark-completed failure text).
    await page.route('**/api/v2/calls/*/sms', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/vnd.api+json',
        body: JSON.stringify({
          errors: [
            {
              status: '502',
              code: 'smsFailed',
              title: 'Bad Gateway',
              detail: 'The SMS could not be sent: Twilio could not be reached: connect ECONNREFUSED',
              meta: { reason: 'provider_unavailable' },
            },
          ],
        }),
      }),
    );
    await rowAction(page, '+4930111002', 'Send SMS');
    await sms.getByLabel('Message', { exact: true }).fill('Wir rufen Sie morgen um 10 Uhr zurück.');
    await sms.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The SMS could not be sent. (The SMS provider is unavailable; try again later)').waitFor();
    await sms.waitFor({ state: 'hidden' });
    await page.unroute('**/api/v2/calls/*/sms');

    const detail = await stack.api('GET', `/calls/${callIds.get('+4930111002')}`, undefined, acme.token);
    expect(detail.json.data.attributes.notes.map((n: { attributes: { text: string } }) => n.attributes.text)).toEqual([
      'Rückruf morgen um 10 Uhr',
    ]);
    expect(detail.json.data.attributes.sms.map((m: { attributes: unknown }) => m.attributes)).toMatchObject([
      { to: '+4930111002', message: 'Wir rufen Sie morgen um 10 Uhr zurück.', state: 'sent' },
    ]);
    // The call's history in the preview shows the SMS.
    await rowAction(page, '+4930111002', 'Conversation');
    await preview.getByText('SMS sent about this call').waitFor();
    await preview.getByText('Wir rufen Sie morgen um 10 Uhr zurück.').waitFor();
    expect(await preview.locator('[data-sms-state="sent"]').count()).toBe(1);
    await context.close();
  });

  it('changes a priority and a category after confirming, and cancels once', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    const menu = () => page.getByRole('menu');
    await rowAction(page, '+4930111006', 'Important Callback');
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByText('Change the priority to “Important Callback”?')
      .waitFor();
    await confirmDialog(page, 'Yes, update it!');
    await page.getByText('priority Updated').waitFor();
    await expect.poll(() => rowOf(page, '+4930111006').getByText('Important Callback').count()).toBe(1);

    await rowAction(page, '+4930111006', 'Billing');
    await confirmDialog(page, 'Cancel');
    await page.getByText('Cancelled: The category update was cancelled.').waitFor();
    // The call's own category is marked; 'Uncategorized' is never a choice.
    await rowOf(page, '+4930111006').getByRole('button', { name: 'Actions for the call from +4930111006' }).click();
    expect(await menu().getByRole('menuitem', { name: 'Support' }).isDisabled()).toBe(true);
    expect(await menu().getByRole('menuitem', { name: 'Uncategorized' }).isDisabled()).toBe(true);
    await menu().getByRole('menuitem', { name: 'Billing' }).click();
    await confirmDialog(page, 'Yes, update it!');
    await page.getByText('Category Updated').waitFor();

    const detail = await stack.api('GET', `/calls/${callIds.get('+4930111006')}`, undefined, acme.token);
    expect(detail.json.data.attributes).toMatchObject({ priority: 'Important Callback', selected_category: 'Billing' });
    await context.close();
  });

  it('exports the list as call_log.csv, and says when there is nothing to export', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(6);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Call Log' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('call_log.csv');
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^"PhoneBot","Category","Priority","Phone Number","Status","Message","Date\/Time/);
    expect(lines).toHaveLength(8);
    // Values are quoted and a leading + cannot start a formula.
    expect(lines.find((line) => line.includes('4930111002'))).toMatch(
      /^"Empfang","Support","Important Callback","\+4930111002","New","Ich brauche dringend einen Rückruf wegen meiner Rechnung","\d{4}-\d{2}-\d{2} \d{2}:\d{2}"/,
    );

    await page.getByLabel('Search', { exact: true }).fill('nothing like this');
    await page.getByText('No calls found.').waitFor();
    await page.getByRole('button', { name: 'Download Call Log' }).click();
    await page.getByText('No data to export').waitFor();
    await context.close();
  });

  it('completes three calls in bulk and shows them under COMPLETED LOGS', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(6);
    for (const caller of ['+4930111001', '+4930111003', '+4930111005']) {
      await rowOf(page, caller).getByRole('checkbox').check();
    }
    await page.getByText('3 calls selected').waitFor();
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('You must select a status').waitFor();
    await page.getByLabel('New status for the selected calls').selectOption('Completed');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('Updated!', { exact: true }).waitFor();
    await expectCallerSet(page, ['+4930111006', '+4930111004', '+4930111002']);
    // The bulk bar goes with the selection.
    await expect.poll(() => page.getByRole('button', { name: 'Update Status' }).count()).toBe(0);

    await page.getByRole('link', { name: 'COMPLETED LOGS' }).click();
    await page.waitForURL('**/completed');
    await page.getByRole('heading', { name: 'Completed calls' }).waitFor();
    await expectCallers(page, ['+4930111005', '+4930111003', '+4930111001']);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('5');
    // Completed rows carry a badge instead of the mark completed action.
    await rowOf(page, '+4930111003').getByText('Completed', { exact: true }).first().waitFor();
    await rowOf(page, '+4930111003').getByRole('button', { name: 'Actions for the call from +4930111003' }).click();
    await page.getByRole('menuitem', { name: 'Conversation' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Mark completed' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Sort by').selectOption('priority');
    await page.getByRole('button', { name: 'Sort direction: Descending' }).click();
    await page.waitForURL('**/completed?sort=priority');
    await expectCallers(page, ['+4930111005', '+4930111001', '+4930111003']);
    await page.keyboard.press('Escape');
    expect(await axeViolations(page), '/completed').toEqual([]);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/viewcalllogs');
    await context.close();
  });

  it('shows a new call within one poll, and the New Call Alert leads to /newcalls, which marks it notified', async () => {
    const { context, page } = await stack.newPage();
    // The page's own clock: time runs as usual, and is fast-forwarded below instead of waited for.
    await page.clock.install();
    watchRequests(page);
    await login(page, acme.email, acme.password);
    await expectCallerSet(page, ['+4930111006', '+4930111004', '+4930111002']);
    await rowAction(page, '+4930111006', 'Mark completed');
    await page.getByText('The call has been marked as completed.').waitFor();
    await expectCallerSet(page, ['+4930111004', '+4930111002']);

    const posted = Date.now();
    callIds.set(
      '+4930111007',
      await postCall(acme.botToken, { caller: '+4930111007', text: 'Neuer Anruf während der Schicht' }),
    );
    await rowOf(page, '+4930111007').waitFor({ timeout: 8_000 });
    expect(Date.now() - posted).toBeLessThan(8_000);
    await page.getByText('New Call Alert').waitFor();

    await page.getByRole('link', { name: 'Show new calls' }).click();
    await page.waitForURL('**/newcalls');
    await page.getByRole('heading', { name: 'New calls' }).waitFor();
    await rowOf(page, '+4930111007').waitFor();
    await expect
      .poll(async () => (await stack.api('GET', '/callsview', undefined, acme.token)).json.meta.new_calls_count)
      .toBe(0);
    // The rows stay while the screen is open, though the server no longer lists them as new: longer than one poll
    // interval (CALLS_POLL_MS, 5 s) passes, every timer due in it firing, and whatever it fetched has been answered.
    await networkQuiet(page);
    await page.clock.runFor(6_000);
    await networkQuiet(page);
    await rowOf(page, '+4930111007').waitFor();
    expect(await axeViolations(page), '/newcalls').toEqual([]);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/viewcalllogs');
    await rowOf(page, '+4930111007').waitFor();
    // The dashboard shows its cached list at once and its refetch a moment later.
    await expect.poll(() => page.getByText('New Call Alert').count()).toBe(0);
    await context.close();
  });

  it('deletes a call after the delete confirmation', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await rowAction(page, '+4930111004', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText("You won't be able to revert this!").waitFor();
    await confirmDialog(page, 'Yes, delete it!');
    await page.getByText('Deleted! Call has been deleted.').waitFor();
    await expectCallerSet(page, ['+4930111007', '+4930111002']);
    expect((await stack.api('GET', `/calls/${callIds.get('+4930111004')}`, undefined, acme.token)).status).toBe(404);
    await context.close();
  });

  it('shows the simple dashboard five calls a page', async () => {
    const { context, page } = await stack.newPage();
    await login(page, acme.email, acme.password);
    await page.goto('/calls');
    await page.getByRole('heading', { name: 'Calls', exact: true }).waitFor();
    // The table is drawn with its first page (the rows render after the heading).
    await table(page).locator('tbody tr').first().waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(5);
    await page.getByText('1–5 of 6').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL('**/calls?page=2');
    await expectCallers(page, ['+4930111001']);
    expect(await axeViolations(page), '/calls').toEqual([]);
    await context.close();
  });

  it('shows a guest the calls without the actions, and another company none of them', async () => {
    const sup = await stack.superToken();
    const guest = await stack.api(
      'POST',
      '/guest',
      { customer_id: acme.ownerId, name: 'Gina Guest', email: 'gina@acme.example', password: 'gina-password' },
      sup,
    );
    expect(guest.status).toBe(201);
    const { context, page } = await stack.newPage();
    await login(page, 'gina@acme.example', 'gina-password');
    await rowOf(page, '+4930111002').waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await rowOf(page, '+4930111002').getByRole('button', { name: 'Actions for the call from +4930111002' }).click();
    await page.getByRole('menuitem', { name: 'Notes' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await axeViolations(page), '/viewcalllogs as guest').toEqual([]);
    await context.close();

    const second = await stack.newPage();
    await login(second.page, other.email, other.password);
    await rowOf(second.page, '+4989222001').waitFor();
    expect(await callers(second.page)).toEqual(['+4989222001']);
    await second.page.goto('/completed');
    await second.page.getByText('No calls found.').waitFor();
    await second.page.goto('/calls?search=empfang');
    await second.page.getByText('No calls found.').waitFor();
    expect((await stack.api('GET', `/calls/${callIds.get('+4930111002')}`, undefined, other.token)).status).toBe(404);
    expect((await stack.api('GET', `/notes/${callIds.get('+4930111002')}`, undefined, other.token)).status).toBe(404);
    await second.context.close();
  });
});
