import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { maskProviderKey } from '@phonebot/shared/phonebots';
import { axeViolations } from './axe';
import { SUPER_EMAIL, SUPER_PASSWORD, type Stack, confirmItIsYou, startStack } from './harness';

let stack: Stack;
let superToken: string;

const ADMIN = { name: 'Anna Admin', email: 'anna@example.com', password: 'anna-password' };
const OTHER_ADMIN = { name: 'Otto Owner', email: 'otto@example.com', password: 'otto-password' };
const GUEST = { name: 'Gustav Guest', email: 'gustav@example.com', password: 'gustav-password' };
const SIP_SECRET = 'sip-secret-1';
const PROVIDER_KEY = 'sk-test-abcdefghijklmnopqrstuvwxyz0123456789';

/** A company admin the quick way: sign-up through the API, the mailed verification link, enabled by the super. */
async function createAdmin(person: { name: string; email: string; password: string }): Promise<number> {
  const registered = await stack.api('POST', '/register', {
    name: person.name,
    email: person.email,
    password: person.password,
    password_confirmation: person.password,
  });
  expect(registered.status).toBe(202);
  expect(await stack.verifyEmail(person.email)).toBe(200);
  const customers = await stack.api(
    'GET',
    `/customers?search=${encodeURIComponent(person.email)}`,
    undefined,
    superToken,
  );
  const id = customers.json.data[0].id as number;
  expect((await stack.api('PATCH', `/enableUser/${id}`, undefined, superToken)).status).toBe(200);
  return id;
}

async function apiToken(email: string, password: string): Promise<string> {
  const res = await stack.api('POST', '/login', { email, password });
  expect(res.status).toBe(200);
  return res.json.meta.access_token as string;
}

async function login(page: Page, email: string, password: string, landing: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`**${landing}`);
}

async function expectNoAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

type PhonebotRow = { id: string; attributes: Record<string, unknown> };

async function companyPhonebots(token: string): Promise<PhonebotRow[]> {
  const res = await stack.api('GET', '/vbot', undefined, token);
  expect(res.status).toBe(200);
  return res.json.data as PhonebotRow[];
}

let adminCustomerId: number;
let licenseKey: string;
let botToken: string;

beforeAll(async () => {
  stack = await startStack();
  superToken = await stack.superToken();
  adminCustomerId = await createAdmin(ADMIN);
});
afterAll(async () => {
  await stack?.stop();
});

describe('phonebots in the browser', () => {
  it('lets an admin create a phonebot with the form and shows its bot token once', async () => {
    const { context, page } = await stack.newPage();
    await login(page, ADMIN.email, ADMIN.password, '/viewcalllogs');
    await page.goto('/vbots');
    await page.getByRole('heading', { name: 'Phonebots' }).waitFor();
    await page.getByText('No Phonebots found.').waitFor();
    for (const header of ['#', 'Phonebot', 'License/UserKey', 'Status', 'Created At', 'Actions']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, '/vbots');

    await page.getByRole('link', { name: 'Add Phonebot' }).click();
    await page.waitForURL('**/addvbot');
    await page.getByRole('heading', { name: 'Add Phonebot' }).waitFor();
    // The defaults of docs/product.md §9.
    expect(await page.getByLabel('Chat model').inputValue()).toBe('gpt-4o');
    expect(await page.getByLabel('Abort time (seconds)').inputValue()).toBe('30');
    expect(await page.getByRole('switch', { name: 'Web log enabled' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/addvbot');

    // Submitting without a name shows the shared schema's message under the field.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phonebot name is a required input').waitFor();

    await page.getByLabel('Phonebot name').fill('Reception Bot');
    await page.getByLabel('SIP password', { exact: true }).fill(SIP_SECRET);
    await page.getByLabel('OpenAI API key', { exact: true }).fill(PROVIDER_KEY);

    // A bound of PHONEBOT_LIMITS: the value stays as typed and the message shows under the field.
    await page.getByLabel('SIP port').fill('70000');
    await page.getByLabel('SIP port').blur();
    await page.getByText('This number is outside the allowed range.').waitFor();
    await page.getByLabel('SIP port').fill('5060');
    await page.getByLabel('SIP port').blur();
    await page.getByText('This number is outside the allowed range.').waitFor({ state: 'detached' });

    // Realtime settings appear only with the realtime API.
    expect(await page.getByLabel('Temperature').count()).toBe(0);
    await page.getByRole('switch', { name: 'Realtime API' }).check({ force: true });
    await page.getByLabel('Temperature').waitFor();
    await page.getByLabel('Speed of speech').waitFor();
    expect(await page.getByLabel('Transcription language').inputValue()).toBe('de');
    await page.getByLabel('Temperature').fill('0.5');

    // The MCP list appears only with forwarding through the OpenAI tool.
    expect(await page.getByRole('button', { name: 'Add MCP server' }).count()).toBe(0);
    await page.getByRole('switch', { name: 'Forwarding through OpenAI tool' }).check({ force: true });
    await page.getByRole('button', { name: 'Add MCP server' }).click();
    await page.getByLabel('MCP server URL 1').fill('https://mcp.example.com/sse');

    // Category terms: quotes stripped on input, the last one cannot be removed, at most 5.
    await page.getByLabel('Category term 1', { exact: true }).fill('"Sales"');
    expect(await page.getByLabel('Category term 1', { exact: true }).inputValue()).toBe('Sales');
    expect(await page.getByRole('button', { name: 'Remove category term 1' }).isDisabled()).toBe(true);
    const addTerm = page.getByRole('button', { name: 'Add category term' });
    for (let n = 2; n <= 5; n++) {
      await addTerm.click();
      await page.getByLabel(`Category term ${n}`, { exact: true }).waitFor();
    }
    expect(await addTerm.isDisabled()).toBe(true);
    await page.getByText('Maximum 5 category terms allowed.').waitFor();
    await page.getByLabel('Category term 2', { exact: true }).fill('Support');
    await page.getByRole('button', { name: 'Remove category term 5' }).click();
    expect(await addTerm.isDisabled()).toBe(false);
    expect(await page.getByText('Maximum 5 category terms allowed.').count()).toBe(0);
    await expectNoAxeViolations(page, '/addvbot with every section open');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phonebot Created Successfully').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Bot token' });
    await dialog.waitFor();
    await dialog.getByText('Copy the bot token now: it is shown only once.').waitFor();
    botToken = await dialog.getByLabel('Bot token').inputValue();
    expect(botToken).toMatch(/^pbt_/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await expectNoAxeViolations(page, '/addvbot bot token dialog');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();

    await page.waitForURL('**/vbots');
    const row = page.getByRole('row', { name: /Reception Bot/ });
    await row.waitFor();
    await row.getByText('offline').waitFor();
    expect(await row.innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);

    const adminToken = await apiToken(ADMIN.email, ADMIN.password);
    const [created] = await companyPhonebots(adminToken);
    licenseKey = created!.id;
    expect(await row.getByText(licenseKey).count()).toBe(1);
    expect(created!.attributes).toMatchObject({
      bezeichnung: 'Reception Bot',
      sip_port: 5060,
      realtime_api: true,
      temperature: 0.5,
      forwarding_through_openai_tool: true,
      mcp_servers: [{ url: 'https://mcp.example.com/sse' }],
      category_terms: ['Sales', 'Support'],
    });
    await context.close();
  });

  it('keeps a secret left empty on edit, as the runtime sees through the Bot API', async () => {
    const { context, page } = await stack.newPage();
    await login(page, ADMIN.email, ADMIN.password, '/viewcalllogs');
    await page.goto('/vbots');
    await page.getByRole('link', { name: 'Edit Reception Bot' }).click();
    await page.waitForURL(`**/editvbot/${licenseKey}`);
    await page.getByRole('heading', { name: 'Update Phonebot' }).waitFor();
    await page.getByText('Payment status: inactive').waitFor();
    expect(await page.getByLabel('Phonebot name').inputValue()).toBe('Reception Bot');
    const sipPassword = page.getByLabel('SIP password', { exact: true });
    expect(await sipPassword.inputValue()).toBe('');
    expect(await sipPassword.getAttribute('placeholder')).toBe('unchanged');
    expect(await page.getByLabel('NAT password', { exact: true }).getAttribute('placeholder')).toBeNull();
    await page.getByText(`Stored key: ${maskProviderKey(PROVIDER_KEY)}`).waitFor();
    // Flags and lists come back as they were saved.
    expect(await page.getByRole('switch', { name: 'Realtime API' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Category term 2', { exact: true }).inputValue()).toBe('Support');
    expect(await page.getByLabel('MCP server URL 1').inputValue()).toBe('https://mcp.example.com/sse');
    expect(await page.getByRole('button', { name: 'Delete Phonebot' }).count()).toBe(1);
    await expectNoAxeViolations(page, '/editvbot');

    await page.getByLabel('Phonebot name').fill('Reception Bot 2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phonebot Updated Successfully').waitFor();
    await page.waitForURL('**/vbots');
    await page.getByRole('row', { name: /Reception Bot 2/ }).waitFor();

    // The runtime is served once the phonebot is paid: the super sets it by hand.
    const paid = await stack.api(
      'PATCH',
      `/phonebot/${licenseKey}`,
      { data: { type: 'vbots', attributes: { payment_status: 1 } } },
      superToken,
    );
    expect(paid.status).toBe(200);
    const config = await stack.api('GET', '/bot/config', undefined, botToken);
    expect(config.status).toBe(200);
    expect(config.json.data.attributes).toMatchObject({
      bezeichnung: 'Reception Bot 2',
      sip_passwd: SIP_SECRET,
      apen_ai_key: PROVIDER_KEY,
      sip_port: 5060,
    });
    await context.close();
  });

  it('regenerates the bot token after a confirmation and shows the new one once', async () => {
    const { context, page } = await stack.newPage();
    await login(page, ADMIN.email, ADMIN.password, '/viewcalllogs');
    await page.goto(`/editvbot/${licenseKey}`);
    await page.getByText('Payment status: active').waitFor();
    await page.getByRole('button', { name: 'Regenerate bot token' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate the bot token?' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    // A new bot token is a sensitive action: the owner confirms it with the password.
    await confirmItIsYou(page, { password: ADMIN.password });
    const dialog = page.getByRole('dialog', { name: 'Bot token' });
    await dialog.waitFor();
    const fresh = await dialog.getByLabel('Bot token').inputValue();
    expect(fresh).toMatch(/^pbt_/);
    expect(fresh).not.toBe(botToken);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/editvbot/${licenseKey}`);
    expect((await stack.api('GET', '/bot/config', undefined, botToken)).status).toBe(401);
    expect((await stack.api('GET', '/bot/config', undefined, fresh)).status).toBe(200);
    // The company's owners are told.
    await stack.smtp.waitFor(ADMIN.email, 'A new bot token was issued');
    botToken = fresh;
    await context.close();
  });

  it('deletes a phonebot after the delete confirmation', async () => {
    const adminToken = await apiToken(ADMIN.email, ADMIN.password);
    const created = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: 'Temporary Bot' } } },
      adminToken,
    );
    expect(created.status).toBe(201);

    const { context, page } = await stack.newPage();
    await login(page, ADMIN.email, ADMIN.password, '/viewcalllogs');
    await page.goto('/vbots');
    await page.getByRole('link', { name: 'Edit Temporary Bot' }).click();
    await page.getByRole('button', { name: 'Delete Phonebot' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText("You won't be able to revert this!").waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Phonebot' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Deleted! Phonebot has been deleted.').waitFor();
    await page.waitForURL('**/vbots');
    await page.getByRole('row', { name: /Reception Bot 2/ }).waitFor();
    expect(await page.getByRole('row', { name: /Temporary Bot/ }).count()).toBe(0);
    expect((await companyPhonebots(adminToken)).map((p) => p.attributes.bezeichnung)).toEqual(['Reception Bot 2']);
    await context.close();
  });

  it('lets a guest change only the greeting and the prompt', async () => {
    const guest = await stack.api('POST', '/guest', { customer_id: adminCustomerId, ...GUEST }, superToken);
    expect(guest.status).toBe(201);

    const { context, page } = await stack.newPage();
    await login(page, GUEST.email, GUEST.password, '/viewcalllogs');
    await page.goto('/vbotsforGuest');
    await page.getByRole('heading', { name: 'Phonebots' }).waitFor();
    const row = page.getByRole('row', { name: /Reception Bot 2/ });
    await row.waitFor();
    expect(await page.getByRole('link', { name: 'Add Phonebot' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/vbotsforGuest');

    await row.getByRole('link', { name: 'Edit Reception Bot 2' }).click();
    await page.waitForURL(`**/vbotbyguest/${licenseKey}`);
    await page.getByRole('heading', { name: 'Update Phonebot' }).waitFor();
    const greeting = page.getByLabel('Ansagetext');
    await greeting.waitFor();
    expect(await greeting.getAttribute('rows')).toBe('2');
    expect(await page.getByLabel('Prompt').getAttribute('rows')).toBe('8');
    expect(await page.locator('input[type="hidden"][name="id"]').inputValue()).toBe(licenseKey);
    // Nothing else of the phonebot is offered.
    expect(await page.getByRole('textbox').count()).toBe(2);
    expect(await page.getByLabel('SIP port').count()).toBe(0);
    await expectNoAxeViolations(page, '/vbotbyguest');

    await greeting.fill('Guten Tag, Sie sprechen mit dem Empfang.');
    await page.getByLabel('Prompt').fill('You answer calls for the reception desk.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phonebot Updated Successfully').waitFor();
    await page.waitForURL('**/vbotsforGuest');

    const adminToken = await apiToken(ADMIN.email, ADMIN.password);
    const [saved] = await companyPhonebots(adminToken);
    expect(saved!.attributes).toMatchObject({
      ansagetext: 'Guten Tag, Sie sprechen mit dem Empfang.',
      prompt: 'You answer calls for the reception desk.',
      bezeichnung: 'Reception Bot 2',
    });
    await context.close();
  });

  it('shows the super every phonebot with search and paging, and sets the payment status by hand', async () => {
    await createAdmin(OTHER_ADMIN);
    const otherToken = await apiToken(OTHER_ADMIN.email, OTHER_ADMIN.password);
    const night = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: 'Night Line', apen_ai_key: PROVIDER_KEY } } },
      otherToken,
    );
    expect(night.status).toBe(201);
    const nightKey = night.json.meta.license_Key as string;

    const { context, page } = await stack.newPage();
    await login(page, SUPER_EMAIL, SUPER_PASSWORD, '/myprofile');
    await page.goto('/phonebots');
    await page.getByRole('heading', { name: 'Phonebots' }).waitFor();
    for (const header of [
      '#',
      'Customer',
      'Phonebot',
      'License/UserKey',
      'Open AI Key',
      'Status',
      'Created At',
      'Action',
    ]) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    const nightRow = page.getByRole('row', { name: /Night Line/ });
    await nightRow.getByText(maskProviderKey(PROVIDER_KEY)).waitFor();
    await nightRow.getByText('Otto Owner').waitFor();
    await nightRow.getByText('inactive').waitFor();
    await page
      .getByRole('row', { name: /Reception Bot 2/ })
      .getByText('active', { exact: true })
      .waitFor();
    await expectNoAxeViolations(page, '/phonebots');

    await page.getByLabel('Search phonebots').fill('night');
    await page.waitForURL('**/phonebots?search=night');
    await page.getByRole('row', { name: /Reception Bot 2/ }).waitFor({ state: 'detached' });
    await nightRow.waitFor();

    // Paging from the URL: one per page, newest first.
    await page.goto('/phonebots?per_page=1');
    await page.getByText('Page 1 of 2, 2 phonebots').waitFor();
    await nightRow.waitFor();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL('**/phonebots?page=2&per_page=1');
    await page.getByRole('row', { name: /Reception Bot 2/ }).waitFor();
    await page.getByText('Page 2 of 2, 2 phonebots').waitFor();
    // A bad value in a pasted link falls back to the default instead of breaking the list.
    await page.goto('/phonebots?page=abc');
    await nightRow.waitFor();

    await nightRow.getByRole('link', { name: 'Edit Night Line' }).click();
    await page.waitForURL(`**/editphonebot/${nightKey}`);
    await page.getByText('Payment status: inactive').waitFor();
    // The super may delete any customer's phonebot too (tested in first-hour.e2e.ts).
    expect(await page.getByRole('button', { name: 'Delete Phonebot' }).count()).toBe(1);
    // A new bot token is for the company's owners only.
    expect(await page.getByRole('button', { name: 'Regenerate bot token' }).count()).toBe(0);
    await page.getByText('Set by hand for a customer who pays by invoice. Saved with the form.').waitFor();
    await expectNoAxeViolations(page, '/editphonebot');
    await page.getByLabel('Payment status').selectOption('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phonebot Updated Successfully').waitFor();
    await page.waitForURL('**/phonebots');
    await page
      .getByRole('row', { name: /Night Line/ })
      .getByText('active', { exact: true })
      .waitFor();

    // The provider key left empty on the form was kept.
    const config = await stack.api('GET', '/bot/config', undefined, night.json.meta.bot_token as string);
    expect(config.status).toBe(200);
    expect(config.json.data.attributes.apen_ai_key).toBe(PROVIDER_KEY);
    await context.close();
  });
});
