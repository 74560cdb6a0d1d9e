import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { totpCode } from '../../api/src/lib/totp';
import { editCustomerPath } from '../src/features/customers/customer-link';
import { axeViolations } from './axe';
import { openConversationFromRow } from './call-rows';
import { SUPER_EMAIL, SUPER_PASSWORD, type Stack, confirmItIsYou, startStack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { CALL_RETENTION_DAYS: '90' } });
});
afterAll(async () => {
  await stack?.stop();
});

const shots = process.env.E2E_SCREENSHOTS;
const PASSWORD = 'privacy-password';
const NUMBER = '+4917011112222';
const OTHER = '+4930222333';

async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function postCall(botToken: string, caller: string, text: string): Promise<number> {
  return stack.postBotCall(botToken, { caller_number: caller, response: [{ action: 'UserRecognizedText', text }] });
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

async function inLanguage(language: string, width: number, email: string) {
  const view = await stack.newPage({ width });
  await view.context.addInitScript((lng) => localStorage.setItem('phonebot_language', lng), language);
  await view.page.goto('/login');
  await view.page.locator('input[name=email]').fill(email);
  await view.page.locator('input[name=password]').fill(PASSWORD);
  await view.page.locator('button[type=submit]').click();
  await view.page.waitForURL('**/viewcalllogs');
  return view;
}

describe('caller data rights and retention in the browser', () => {
  it('exports a caller’s data from a call and erases the caller', async () => {
    const email = 'paula@example.com';
    const { token } = await stack.createAdmin({ name: 'Paula Privacy', email, password: PASSWORD });
    const created = await stack.api(
      'POST',
      '/vbot',
      { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales'] } } },
      token,
    );
    const botToken = created.json.meta.bot_token as string;
    const first = await postCall(botToken, NUMBER, 'Bitte rufen Sie mich zurück, es geht um die Rechnung');
    await postCall(botToken, NUMBER, 'Noch einmal ich, bitte um Rückruf');
    await postCall(botToken, OTHER, 'Eine andere Anruferin');
    const note = await stack.api(
      'POST',
      `/calls/${first}/notes`,
      { data: { type: 'notes', attributes: { text: 'Rechnung 4711 prüfen' } } },
      token,
    );
    expect(note.status).toBe(201);

    const { context, page } = await stack.newPage({ width: 1280 });
    await stack.login(page, email, PASSWORD);
    await page.waitForURL('**/viewcalllogs');
    const table = page.getByRole('table', { name: 'Calls' });
    await table.getByText(OTHER).waitFor();
    const row = table.locator('tbody tr').filter({ hasText: 'es geht um die Rechnung' });
    await openConversationFromRow(page, row, NUMBER);
    const preview = page.getByRole('dialog', { name: 'Conversation' });
    await preview.getByText('Bitte rufen Sie mich zurück, es geht um die Rechnung').waitFor();

    expect(await axeViolations(page), 'preview with the caller’s actions').toEqual([]);
    const json = await downloaded(page, () =>
      preview.getByRole('button', { name: 'Export this caller’s data' }).click(),
    );
    expect(json.name).toBe('caller-4917011112222.json');
    const doc = JSON.parse(json.text);
    expect(doc.meta).toMatchObject({ number: NUMBER, calls: 2, notes: 1, sms: 0 });
    expect(json.text).toContain('Rechnung 4711 prüfen');
    expect(json.text).not.toContain(OTHER);
    const html = await downloaded(page, () => preview.getByRole('button', { name: 'Readable summary' }).click());
    expect(html.name).toBe('caller-4917011112222.html');
    expect(html.text).toContain(`Data kept about ${NUMBER}`);
    expect(html.text).toContain('2 calls, 1 notes, 0 SMS');
    expect(html.text).toContain('Rechnung 4711 prüfen');

    await preview.getByRole('button', { name: 'Erase this caller' }).click();
    const confirm = page.getByRole('dialog', { name: `Erase ${NUMBER}?` });
    const counts = confirm.getByTestId('erase-counts');
    await counts.getByText('Calls: 2').waitFor();
    await counts.getByText('Notes: 1').waitFor();
    await counts.getByText('SMS: 0').waitFor();
    expect(await axeViolations(page), 'erase dialog').toEqual([]);
    await shot(page, 'caller-erase-en-1280');
    await confirm.getByRole('button', { name: 'Erase caller' }).click();
    await page.getByText('The caller’s data was erased: 2 calls, 1 notes, 0 SMS.').waitFor();
    await preview.waitFor({ state: 'hidden' });
    // Both of the caller's calls may still be listed until the list is read again: gone when the first is.
    await table.getByText(NUMBER).first().waitFor({ state: 'detached' });
    await table.getByText(OTHER).waitFor();
    expect(await axeViolations(page), 'list after erasure').toEqual([]);

    const audit = await stack.api('GET', '/audit-events?action=caller.erase', undefined, token);
    expect(audit.json.data).toHaveLength(1);
    expect(audit.json.data[0].attributes.detail).toEqual({ calls: 2, notes: 1, sms: 0 });
    expect(JSON.stringify(audit.json)).not.toContain('17011112222');
    await context.close();

    // The dialogs in German and on a phone.
    await postCall(botToken, NUMBER, 'Bitte rufen Sie mich zurück, ich bin es wieder');
    for (const [language, width] of [
      ['de', 390],
      ['en', 390],
      ['de', 1440],
    ] as const) {
      const view = await inLanguage(language, width, email);
      const list = view.page.getByRole('table');
      const row = list.locator('tbody tr').filter({ hasText: 'ich bin es wieder' });
      await openConversationFromRow(view.page, row, NUMBER, language);
      const dialog = view.page.getByRole('dialog').first();
      await dialog.getByText('ich bin es wieder', { exact: false }).waitFor();
      await dialog
        .getByRole('button', { name: language === 'de' ? 'Diesen Anrufer löschen' : 'Erase this caller' })
        .click();
      await view.page.getByTestId('erase-counts').waitFor();
      expect(await axeViolations(view.page), `erase ${language} ${width}`).toEqual([]);
      await shot(view.page, `caller-erase-${language}-${width}`);
      await view.context.close();
    }
  }, 180_000);

  it('sets the company’s retention under the service’s maximum', async () => {
    const email = 'rita@example.com';
    await stack.createAdmin({ name: 'Rita Retention', email, password: PASSWORD });
    // Each save changes the days (a save of the same days changes nothing and asks for nothing).
    for (const [language, width, keep] of [
      ['en', 1280, '45'],
      ['de', 390, '30'],
    ] as const) {
      const { context, page } = await inLanguage(language, width, email);
      await page.goto('/companyprofile');
      const card = page.getByRole('region', { name: language === 'en' ? 'Call retention' : 'Aufbewahrung der Anrufe' });
      const days = card.getByLabel(language === 'en' ? 'Keep calls for (days)' : 'Anrufe aufbewahren (Tage)');
      await card.getByText(language === 'en' ? 'At most 90 days' : 'Höchstens 90 Tage', { exact: false }).waitFor();
      await days.fill('120');
      await card
        .getByText(language === 'en' ? 'Enter whole days from 1' : 'Geben Sie ganze Tage', { exact: false })
        .waitFor();
      expect(await axeViolations(page), `retention ${language}`).toEqual([]);
      await shot(page, `retention-${language}-${width}`);
      await days.fill(keep);
      await card.getByRole('button', { name: language === 'en' ? 'Save retention' : 'Aufbewahrung speichern' }).click();
      // A shorter retention says how many calls the next night deletes, and asks first.
      const shorter = page.getByRole('dialog', {
        name: language === 'en' ? 'Keep calls for a shorter time?' : 'Anrufe kürzer aufbewahren?',
      });
      await shorter
        .getByRole('button', { name: language === 'en' ? 'Save and delete' : 'Speichern und löschen' })
        .click();
      // How long calls are kept is the owner's sensitive setting: each new session confirms it with the password.
      await confirmItIsYou(page, { password: PASSWORD });
      await page
        .getByText(language === 'en' ? 'Successfully Updated' : 'Erfolgreich aktualisiert')
        .first()
        .waitFor();
      await context.close();
    }
    const { token } = {
      token: (await stack.api('POST', '/login', { email, password: PASSWORD })).json.meta.access_token,
    };
    const profile = await stack.api('GET', '/profile', undefined, token);
    expect(profile.json.data.attributes).toMatchObject({ retention_days: 30, retention_max_days: 90 });
  }, 120_000);

  it('lets the super reset a customer user’s lost second factor', async () => {
    const email = 'sven@example.com';
    const { ownerId, token } = await stack.createAdmin({ name: 'Sven Second', email, password: PASSWORD });
    // Turning two-factor sign-in on takes a step-up.
    expect((await stack.api('POST', '/me/reauth', { password: PASSWORD }, token)).status).toBe(204);
    const started = await stack.api('POST', '/me/mfa/totp', undefined, token);
    const secret = started.json.meta.secret as string;
    expect((await stack.api('POST', '/me/mfa/totp/confirm', { code: totpCode(secret) }, token)).status).toBe(200);

    const { context, page } = await stack.newPage({ width: 1280 });
    await stack.login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    await page.goto(editCustomerPath({ userId: ownerId, email }));
    const card = page.getByRole('region', { name: 'Users and two-factor sign-in' });
    const row = card.getByRole('row').filter({ hasText: email });
    await row.getByText('On', { exact: true }).waitFor();
    await card.getByLabel('Find a user by name or e-mail').fill('sven');
    expect(await axeViolations(page), 'customer users').toEqual([]);
    await shot(page, 'customer-users-en-1280');
    await row.getByRole('button', { name: `Reset the second factor of ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
    await confirm.getByText(email, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    // Resetting a user's second factor is a sensitive action: the super confirms it with the password.
    await confirmItIsYou(page, { password: SUPER_PASSWORD });
    await page.getByText('Two-factor sign-in reset. The user was told by mail.').waitFor();
    await row.getByText('Off', { exact: true }).waitFor();
    await stack.smtp.waitFor(email, 'two-factor sign-in was reset');
    await context.close();

    const narrow = await stack.newPage({ width: 390 });
    await narrow.context.addInitScript(() => localStorage.setItem('phonebot_language', 'de'));
    await narrow.page.goto('/login');
    await narrow.page.locator('input[name=email]').fill(SUPER_EMAIL);
    await narrow.page.locator('input[name=password]').fill(SUPER_PASSWORD);
    await narrow.page.locator('button[type=submit]').click();
    await narrow.page.waitForURL('**/myprofile');
    await narrow.page.goto(editCustomerPath({ userId: ownerId, email }));
    await narrow.page.getByRole('region', { name: 'Benutzer und Zwei-Faktor-Anmeldung' }).getByText(email).waitFor();
    expect(await axeViolations(narrow.page), 'customer users de 390').toEqual([]);
    // The users' table scrolls inside its card; the page itself does not scroll sideways.
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(narrow.page, 'customer-users-de-390');
    await narrow.context.close();
  }, 120_000);
});
