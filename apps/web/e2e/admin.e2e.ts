import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { SUPER_EMAIL, SUPER_PASSWORD, type Stack, confirmItIsYou, dialogFocused, startStack } from './harness';

let stack: Stack;
let superToken: string;
beforeAll(async () => {
  stack = await startStack();
  superToken = await stack.superToken();
});
afterAll(async () => {
  await stack?.stop();
});

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A browser signed in as the super, on `path`. */
async function superPage(path: string) {
  const { context, page } = await stack.newPage();
  await page.goto(path);
  await page.waitForURL('**/login?returnUrl=**');
  await login(page, SUPER_EMAIL, SUPER_PASSWORD);
  const wanted = decodeURIComponent(path.split('?')[0] ?? path);
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === wanted);
  return { context, page };
}

/** Signs a company up through the API and verifies its address through the mailed link; answers the owner's id. */
async function registerCompany(name: string, email: string, password: string): Promise<string> {
  const registered = await stack.api('POST', '/register', { name, email, password, password_confirmation: password });
  expect(registered.status).toBe(202);
  expect(await stack.verifyEmail(email)).toBe(200);
  const customers = await stack.api('GET', `/customers?search=${encodeURIComponent(email)}`, undefined, superToken);
  return customers.json.data[0].id as string;
}

/** A company admin who can sign in: signed up, verified and enabled by the super. */
async function createCompanyAdmin(name: string, email: string, password: string) {
  const ownerId = await registerCompany(name, email, password);
  expect((await stack.api('PATCH', `/enableUser/${ownerId}`, undefined, superToken)).status).toBe(200);
  const signedIn = await stack.api('POST', '/login', { email, password });
  expect(signedIn.status).toBe(200);
  return { ownerId, token: signedIn.json.meta.access_token as string };
}

async function createPhonebot(adminToken: string, bezeichnung: string) {
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung } } },
    adminToken,
  );
  expect(created.status).toBe(201);
  return created.json.meta as { license_Key: string; bot_token: string };
}

let callNumber = 0;
/** One finished call through the Bot API, as the phonebot runtime sends it. */
async function postCall(botToken: string, idempotencyKey = `call-${++callNumber}`) {
  const res = await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${botToken}`,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify({
      caller_number: '+49301234567',
      response: [
        { text: 'Hello, how can I help?', action: 'BotResponseText' },
        { text: 'Please call me back.', action: 'UserRecognizedText' },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function botConfigStatus(botToken: string): Promise<number> {
  const res = await fetch(`${stack.baseUrl}/api/v2/bot/config`, { headers: { authorization: `Bearer ${botToken}` } });
  return res.status;
}

function rowWith(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

function thisMonth(offset = 0): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month Calls History shows, as YYYY-MM, read from its month and year selects. */
async function shownMonth(page: Page, labels = ['Month', 'Year']): Promise<string> {
  const month = await page.getByLabel(labels[0]!, { exact: true }).inputValue();
  const year = await page.getByLabel(labels[1]!, { exact: true }).inputValue();
  return `${year}-${month.padStart(2, '0')}`;
}

async function chooseMonth(page: Page, month: string): Promise<void> {
  const [year, monthNumber] = month.split('-');
  await page.getByLabel('Year', { exact: true }).selectOption(String(Number(year)));
  await page.getByLabel('Month', { exact: true }).selectOption(String(Number(monthNumber)));
}

let noraOwnerId: string;

describe('super administration in the browser', () => {
  it('lets a new customer in: Enable after a confirmation, then its admin logs in', async () => {
    noraOwnerId = await registerCompany('Nora Newcomer', 'nora@example.com', 'nora-password');

    const { context, page } = await superPage('/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    for (const column of ['Name', 'Email', 'Status', 'Created At', 'Actions']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await page.getByLabel('Search', { exact: true }).fill('nora');
    await page.waitForURL('**/customers?search=nora');
    const row = rowWith(page, 'nora@example.com');
    await row.getByText('Inactive', { exact: true }).waitFor();
    // Dates as the interface language writes them (the browser's English here: en-US).
    expect(await row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/).count()).toBe(1);
    expect(await axeViolations(page), '/customers').toEqual([]);

    await row.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('Enable Nora Newcomer?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, enable it!' }).click();
    await page.getByText('The customer has been enabled.').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Disable' }).count()).toBe(1);

    const admin = await stack.newPage();
    await admin.page.goto('/login');
    await login(admin.page, 'nora@example.com', 'nora-password');
    await admin.page.waitForURL('**/viewcalllogs');

    await page.getByLabel('Search', { exact: true }).fill('nobody-by-this-name');
    await page.getByText('No users found.').waitFor();
    await admin.context.close();
    await context.close();
  });

  it('shows the empty line of a list that scrolls sideways on a phone in view, also after scrolling', async () => {
    const { context, page } = await stack.newPage({ width: 390 });
    await page.goto('/customers?search=nobody-by-this-name');
    await page.waitForURL('**/login?returnUrl=**');
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/customers?search=nobody-by-this-name');
    const empty = page.getByText('No users found.');
    await empty.waitFor();
    const inView = async () => {
      const box = (await empty.boundingBox())!;
      const text = await empty.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const rect = range.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      });
      return box.width > 0 && text.left >= 0 && text.right <= 390;
    };
    expect(await inView()).toBe(true);
    // The table is wider than the phone: scrolled to its end, the line is still in view.
    await page
      .locator('.mantine-TableScrollContainer-scrollContainer')
      .first()
      .evaluate((box) => (box.scrollLeft = box.scrollWidth));
    expect(await inView()).toBe(true);
    await context.close();
  });

  it('shows the calls history on a phone in German with no heading cut inside a word and nothing scrolling sideways', async () => {
    const { context, page } = await stack.newPage({ width: 390, locale: 'de-DE' });
    await context.addInitScript((token) => localStorage.setItem('user_free', token), superToken);
    await page.goto('/callsCount?search=nobody-by-this-name');
    await page.getByText('Keine Benutzer gefunden.').waitFor();
    const headings = await page.locator('thead th').evaluateAll((cells) =>
      cells.map((cell) => {
        // A word drawn on two lines has two rectangles.
        const cut: string[] = [];
        const text = cell.firstChild ?? cell;
        const content = text.textContent ?? '';
        for (const match of content.matchAll(/\S+/g)) {
          const range = document.createRange();
          const node = text.nodeType === Node.TEXT_NODE ? text : text.firstChild!;
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) cut.push(match[0]);
        }
        return { heading: content, cut };
      }),
    );
    expect(headings.map((h) => h.heading)).toEqual(['Kundenname', 'Phonebot', 'Anzahl der Anrufe']);
    expect(headings.flatMap((h) => h.cut)).toEqual([]);
    const box = page.locator('.mantine-TableScrollContainer-scrollContainer').first();
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    await context.close();
  });

  it('edits a customer with the validation messages, then disables it: its admin is signed out, its phonebot refused', async () => {
    const bruno = await createCompanyAdmin('Bruno Beta', 'bruno@example.com', 'bruno-password');
    const bot = await createPhonebot(bruno.token, 'Beta Reception');
    // Paid (set by the super, as for an invoice customer), so the runtime is served before the customer is disabled.
    const paid = await stack.api(
      'PATCH',
      `/phonebot/${bot.license_Key}`,
      { data: { type: 'vbots', attributes: { payment_status: 1 } } },
      superToken,
    );
    expect(paid.status).toBe(200);
    expect(await botConfigStatus(bot.bot_token)).toBe(200);

    const admin = await stack.newPage();
    await admin.page.goto('/login');
    await login(admin.page, 'bruno@example.com', 'bruno-password');
    await admin.page.waitForURL('**/viewcalllogs');

    const { context, page } = await superPage('/customers');
    await page.getByLabel('Search', { exact: true }).fill('bruno');
    await rowWith(page, 'bruno@example.com').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/editcustomer/**');
    await page.getByRole('heading', { name: 'Update Customer', level: 1 }).waitFor();
    const email = page.getByLabel('Email', { exact: true });
    expect(await email.inputValue()).toBe('bruno@example.com');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await axeViolations(page), '/editcustomer').toEqual([]);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.getByText('Name is a required input', { exact: true }).waitFor();
    await page.getByText('Username is a required input').waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bruno Boss');
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill('Beta GmbH');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
    await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill('de89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await page.getByText('User Updated Successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/customers');
    const saved = await stack.api('GET', `/customer/${bruno.ownerId}`, undefined, superToken);
    expect(saved.json.data.attributes).toMatchObject({
      name: 'Bruno Boss',
      company_name: 'Beta GmbH',
      city: 'Berlin',
      iban: 'DE89370400440532013000',
    });

    await page.getByLabel('Search', { exact: true }).fill('bruno');
    const row = rowWith(page, 'bruno@example.com');
    await row.getByText('Beta GmbH').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('All its users are signed out at once', { exact: false }).waitFor();
    await dialog.getByText('its phonebots stop being served', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, disable it!' }).click();
    await page.getByText('The customer has been disabled.').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();

    await admin.page.reload();
    await admin.page.waitForURL('**/login?returnUrl=**');
    expect(await botConfigStatus(bot.bot_token)).toBe(403);
    await admin.context.close();
    await context.close();
  });

  it('deletes a customer after the confirmation, and shows "not found" for a broken link', async () => {
    const doraId = await registerCompany('Dora Delete', 'dora@example.com', 'dora-password');
    const param = encodeURIComponent(btoa(JSON.stringify({ userId: Number(doraId), email: 'dora@example.com' })));
    const { context, page } = await superPage(`/editcustomer/${param}`);
    await page.getByRole('heading', { name: 'Update Customer', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Dora Delete');

    await page.getByRole('button', { name: 'Delete Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText("You won't be able to revert this!", { exact: false }).waitFor();
    await dialog.getByText('users, phonebots and calls are deleted', { exact: false }).waitFor();
    await dialog.getByText('monthly call counts', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    // Deleting a customer is a sensitive action: the super confirms it with the password.
    await confirmItIsYou(page, { password: SUPER_PASSWORD });
    await page.getByText('Deleted! Customer has been deleted.').waitFor();
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.getByLabel('Search', { exact: true }).fill('dora');
    await page.getByText('No users found.').waitFor();
    expect((await stack.api('GET', `/customer/${doraId}`, undefined, superToken)).status).toBe(404);

    await page.goto('/editcustomer/not-a-customer');
    await page.getByRole('heading', { name: 'Customer not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the customers' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customers');

    // Paging state lives in the URL: a hand-set page size still pages, and the page number follows.
    await page.goto('/customers?per_page=1&sort=email');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await rowWith(page, 'nora@example.com').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await axeViolations(page), '/customers paged').toEqual([]);
    await context.close();
  });

  it('adds a guest, gives it a generated password with Create and Update Password, and the guest logs in', async () => {
    const { context, page } = await superPage('/guest');
    await page.getByRole('heading', { name: 'Guest Administration', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Guests', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Phonebots', level: 2 }).waitFor();
    for (const column of ['#', 'Customer', 'Phonebot', 'License/UserKey', 'Open AI Key']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    expect(await axeViolations(page), '/guest').toEqual([]);

    await page.getByRole('button', { name: 'Add Guest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Guest' });
    await dialog.getByRole('button', { name: 'Add Guest' }).click();
    await dialog.getByText('Customer is a required input').waitFor();
    await dialog.getByText('Name is a required input', { exact: true }).waitFor();
    await dialog.getByText('Email is a required input').waitFor();
    expect(await axeViolations(page), '/guest add modal').toEqual([]);

    await dialog.getByRole('combobox', { name: 'Customer' }).fill('nora');
    await page.getByRole('option', { name: /nora@example\.com/ }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Gustav Guest');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('gustav@example.com');
    await dialog.getByRole('button', { name: 'Add Guest' }).click();
    await page.getByText('User Created Successfully').waitFor();
    const shown = page.getByRole('dialog', { name: 'Guest added' });
    const firstPassword = await shown.getByTestId('generated-password').inputValue();
    expect(firstPassword.length).toBeGreaterThanOrEqual(8);
    expect((await stack.api('POST', '/login', { email: 'gustav@example.com', password: firstPassword })).status).toBe(
      200,
    );
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    // The same address again is refused.
    await page.getByRole('button', { name: 'Add Guest' }).click();
    await dialogFocused(dialog);
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('nora');
    await page.getByRole('option', { name: /nora@example\.com/ }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Gustav Again');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('gustav@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('another-password');
    await dialog.getByRole('button', { name: 'Add Guest' }).click();
    await dialog.getByText('Email Already Exists!').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const row = rowWith(page, 'gustav@example.com');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Passwort ändern' }).click();
    await page.waitForURL('**/editguest/**');
    await page.getByRole('heading', { name: 'Update Passwort für GuestUser', level: 1 }).waitFor();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.inputValue()).toBe('Gustav Guest');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await axeViolations(page), '/editguest').toEqual([]);

    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('password is a required input').waitFor();

    await page.getByRole('button', { name: 'Create Password' }).click();
    await page.getByText(/^Generated Password: /).waitFor();
    const password = await page.getByRole('textbox', { name: 'Password', exact: true }).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect(password).not.toBe(firstPassword);
    await page.getByText(`Generated Password: ${password}`).waitFor();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated').waitFor();

    const guest = await stack.newPage();
    await guest.page.goto('/login');
    await login(guest.page, 'gustav@example.com', password);
    await guest.page.waitForURL('**/viewcalllogs');
    await guest.context.close();

    await page.goto('/editguest/garbage');
    await page.getByRole('heading', { name: 'Guest not found' }).waitFor();
    await context.close();
  });

  it('enables an Inactive guest', async () => {
    const created = await stack.api(
      'POST',
      '/guest',
      { customer_id: Number(noraOwnerId), name: 'Ines Inactive', email: 'ines@example.com', password: 'ines-password' },
      superToken,
    );
    expect(created.status).toBe(201);
    expect((await stack.api('PATCH', `/disableUser/${created.json.data.id}`, undefined, superToken)).status).toBe(200);
    expect((await stack.api('POST', '/login', { email: 'ines@example.com', password: 'ines-password' })).status).toBe(
      403,
    );

    for (let i = 1; i <= 10; i++) {
      const extra = await stack.api(
        'POST',
        '/guest',
        { customer_id: Number(noraOwnerId), name: `Paula Pager ${i}`, email: `paula${i}@example.com` },
        superToken,
      );
      expect(extra.status).toBe(201);
    }

    const { context, page } = await superPage('/guest');
    // 12 guests: 10 on the first page, the rest on the second, with the page in the URL.
    const guestRows = page.getByRole('region', { name: 'Guests' }).getByRole('row');
    await rowWith(page, 'paula10@example.com').waitFor();
    expect(await guestRows.count()).toBe(11);
    await page.getByRole('navigation', { name: 'Pages of guests' }).getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('guests_page') === '2');
    await rowWith(page, 'gustav@example.com').waitFor();
    expect(await guestRows.count()).toBe(3);
    const editBot = page.getByRole('link', { name: 'Edit Beta Reception' });
    expect(await editBot.getAttribute('href')).toMatch(/^\/editphonebot\/[\w-]+$/);

    await page.getByLabel('Search guests', { exact: true }).fill('ines');
    await page.waitForURL((url) => !url.searchParams.has('guests_page'));
    const row = rowWith(page, 'ines@example.com');
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Yes, enable it!' }).click();
    await page.getByText('The guest has been enabled.').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Enable' }).count()).toBe(0);
    expect((await stack.api('POST', '/login', { email: 'ines@example.com', password: 'ines-password' })).status).toBe(
      200,
    );
    await context.close();
  });

  it("exports a month's call counts that match the calls sent through the Bot API, deleted calls included", async () => {
    const carl = await createCompanyAdmin('Carl Caller', 'carl@example.com', 'carl-password');
    const renamed = await stack.api(
      'PATCH',
      `/customer/${carl.ownerId}`,
      { data: { type: 'customers', attributes: { company_name: 'Callers & Co' } } },
      superToken,
    );
    expect(renamed.status).toBe(200);
    const frontDesk = await createPhonebot(carl.token, 'Front Desk');
    // A name a spreadsheet would run as a formula: the export must neutralise it.
    const nightLine = await createPhonebot(carl.token, '@Night Line');
    const firstCall = await postCall(frontDesk.bot_token, 'front-1');
    await postCall(frontDesk.bot_token, 'front-1'); // a retry of the same call counts once
    await postCall(frontDesk.bot_token);
    await postCall(frontDesk.bot_token);
    await postCall(nightLine.bot_token);
    await postCall(nightLine.bot_token);
    // A call deleted from the log still counts for its month.
    expect((await stack.api('DELETE', `/calls/${firstCall}`, undefined, carl.token)).status).toBeLessThan(300);

    const month = thisMonth();
    const { context, page } = await superPage('/callsCount');
    await page.getByRole('heading', { name: 'Calls History', level: 1 }).waitFor();
    expect(await shownMonth(page)).toBe(month);
    await page.getByLabel('Search', { exact: true }).fill('CALLERS');
    await rowWith(page, 'Front Desk').getByRole('cell', { name: '3', exact: true }).waitFor();
    await rowWith(page, '@Night Line').getByRole('cell', { name: '2', exact: true }).waitFor();
    // The customer's name is shown once across its rows.
    expect(await page.getByRole('cell', { name: 'Callers & Co', exact: true }).count()).toBe(1);
    expect(await axeViolations(page), '/callsCount').toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`calls_history_${month}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      '"Customer Name","Phonebot","Number of Calls"',
      `"Callers & Co","'@Night Line","2"`,
      '"Callers & Co","Front Desk","3"',
      '',
    ]);

    await page.getByLabel('Search', { exact: true }).fill('night');
    await rowWith(page, '@Night Line').waitFor();
    await rowWith(page, 'Front Desk').waitFor({ state: 'detached' });

    await chooseMonth(page, thisMonth(-1));
    await page.waitForURL((url) => url.searchParams.get('month') === thisMonth(-1));
    await page.getByText('No users found.').waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('No data to export').waitFor();

    // The language chosen earlier (kept in the browser) applies when the screen opens.
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
    await page.reload();
    await page.getByRole('heading', { name: 'Anrufverlauf', level: 1 }).waitFor();
    expect(await shownMonth(page, ['Monat', 'Jahr'])).toBe(thisMonth(-1));
    await page.getByRole('button', { name: 'Exportieren' }).waitFor();
    await page.getByText('Keine Benutzer gefunden.').waitFor();
    await context.close();
  });

  it('opens the customer a link names while the search typed just before is still waiting', async () => {
    await registerCompany('Erik Early', 'erik@example.com', 'erik-password');
    const { context, page } = await superPage('/customers');
    await rowWith(page, 'erik@example.com').waitFor();
    // The next page's scripts arrive late (a slow line): the list stays on screen meanwhile, and the search
    // typed a moment before the click becomes due while it does.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByLabel('Search', { exact: true }).fill('erik');
    await rowWith(page, 'erik@example.com').getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Update Customer', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Erik Early');
    expect(new URL(page.url()).pathname).toMatch(/^\/editcustomer\//);
    await page.unrouteAll();
    await context.close();
  });
});
