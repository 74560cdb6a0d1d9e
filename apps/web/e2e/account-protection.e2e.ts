import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { totpCode } from '../../api/src/lib/totp';
import { axeViolations } from './axe';
import { type Stack, confirmItIsYou, startStack } from './harness';
import { codeAfter } from './totp-codes';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const shots = process.env.E2E_SCREENSHOTS;
const PASSWORD = 'tessa-password';

async function submitPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

describe('account protection in the browser', () => {
  it('sets it up in My profile, then signs in with a code; a required set-up happens at login', async () => {
    const email = 'tessa@example.com';
    const { token } = await stack.createAdmin({
      name: 'Tessa Two',
      email,
      password: PASSWORD,
      company_name: 'Tessa GmbH',
    });
    const { context, page } = await stack.newPage();
    await stack.login(page, email, PASSWORD);
    await page.waitForURL('**/viewcalllogs');

    await page.goto('/myprofile');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByText('Off: signing in asks only for your password.').waitFor();
    await card.getByRole('button', { name: 'Set up' }).click();
    // Turning two-factor sign-in on is a sensitive action: signing in did not confirm the session.
    await confirmItIsYou(page, { password: PASSWORD });
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.locator('code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'mfa-profile-enrol');
    const enrolCode = await codeAfter(secret, -1);
    let usedStep = enrolCode.step;
    await card.getByLabel('Code', { exact: true }).fill(enrolCode.code);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Your recovery codes').waitFor();
    expect(await card.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await shot(page, 'mfa-profile-codes');
    await card.getByRole('button', { name: 'Done' }).click();
    await card.getByText('On: signing in asks for a code of your authenticator app.').waitFor();
    await context.close();

    // The next sign-in asks for a code after the password.
    const second = await stack.newPage();
    await submitPassword(second.page, email);
    await second.page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await axeViolations(second.page)).toEqual([]);
    await second.page
      .getByLabel('Code', { exact: true })
      .fill('000000' === totpCode(secret, Date.now() + 30_000) ? '111111' : '000000');
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.getByText('The code is wrong or was already used.', { exact: false }).waitFor();
    const signInCode = await codeAfter(secret, usedStep);
    usedStep = signInCode.step;
    await second.page.getByLabel('Code', { exact: true }).fill(signInCode.code);
    await second.page.getByRole('button', { name: 'Verify' }).click();
    await second.page.waitForURL('**/viewcalllogs');
    await second.context.close();

    // Screens of the second step, in both languages and at three widths.
    for (const language of ['en', 'de']) {
      for (const width of [390, 1280, 1440]) {
        const view = await stack.newPage({ width });
        await view.context.addInitScript((lng) => localStorage.setItem('phonebot_language', lng), language);
        await submitPassword(view.page, email);
        await view.page.locator('input[name=code]').waitFor();
        expect(await axeViolations(view.page)).toEqual([]);
        await shot(view.page, `mfa-login-code-${language}-${width}`);
        await view.context.close();
      }
    }

    // The company requires a second factor; after a reset, the owner sets it up again at login.
    const me = await stack.api('GET', '/me', undefined, token);
    // Turning the own second factor off and requiring one are sensitive: the API session confirms with a code.
    const stepUp = await codeAfter(secret, usedStep);
    expect((await stack.api('POST', '/me/reauth', { code: stepUp.code }, token)).status).toBe(204);
    expect((await stack.api('DELETE', `/users/${me.json.data.id}/mfa`, undefined, token)).status).toBe(204);
    const required = await stack.api(
      'PATCH',
      '/profile',
      { data: { type: 'profile', attributes: { require_mfa: true } } },
      token,
    );
    expect(required.status).toBe(200);
    const third = await stack.newPage({ width: 390 });
    await submitPassword(third.page, email);
    await third.page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await third.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const newSecret = (await third.page.locator('.pb-secret').innerText()).trim();
    expect(await axeViolations(third.page)).toEqual([]);
    await shot(third.page, 'mfa-login-enrol-390');
    await third.page.getByLabel('Code', { exact: true }).fill(totpCode(newSecret));
    await third.page.getByRole('button', { name: 'Verify' }).click();
    await third.page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await third.page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    expect(await axeViolations(third.page)).toEqual([]);
    await shot(third.page, 'mfa-login-codes-390');
    await third.page.getByRole('button', { name: 'Continue' }).click();
    await third.page.waitForURL('**/viewcalllogs');
    await third.context.close();
  }, 180_000);

  it('lists the sessions in My profile and ends the others', async () => {
    const email = 'sami@example.com';
    const { token } = await stack.createAdmin({
      name: 'Sami Session',
      email,
      password: PASSWORD,
      company_name: 'Sami AG',
    });
    const { context, page } = await stack.newPage();
    await stack.login(page, email, PASSWORD);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/myprofile');
    const card = page.getByRole('region', { name: 'Sessions' });
    await card.getByTestId('session-row').nth(1).waitFor();
    expect(await card.getByTestId('session-row').count()).toBe(2);
    await card.getByText('This device').waitFor();
    await card.getByText('Chrome on Linux').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const language of ['en', 'de']) {
      for (const width of [390, 1280, 1440]) {
        const view = await stack.newPage({ width });
        await view.context.addInitScript((lng) => localStorage.setItem('phonebot_language', lng), language);
        await submitPassword(view.page, email);
        await view.page.waitForURL('**/viewcalllogs');
        await view.page.goto('/myprofile');
        await view.page.getByTestId('session-row').nth(1).waitFor();
        await shot(view.page, `sessions-${language}-${width}`);
        await view.context.close();
      }
    }
    await page.reload();
    await card.getByRole('button', { name: 'End all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End all other sessions' }).click();
    await card.getByText('This device').waitFor();
    await expect.poll(() => card.getByTestId('session-row').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // The session of the API sign-in no longer works.
    expect((await stack.api('GET', '/me', undefined, token)).status).toBe(401);
    await context.close();
  }, 180_000);

  it('shows the audit log with filters and a CSV download', async () => {
    const email = 'aldo@example.com';
    await stack.createAdmin({ name: 'Aldo Audit', email, password: PASSWORD, company_name: 'Aldo KG' });
    for (const language of ['en', 'de']) {
      for (const width of [390, 1280, 1440]) {
        const view = await stack.newPage({ width });
        await view.context.addInitScript((lng) => localStorage.setItem('phonebot_language', lng), language);
        await submitPassword(view.page, email);
        await view.page.waitForURL('**/viewcalllogs');
        await view.page.goto('/audit-log');
        await view.page.getByTestId('audit-row').first().waitFor();
        expect(await axeViolations(view.page)).toEqual([]);
        await shot(view.page, `audit-${language}-${width}`);
        await view.context.close();
      }
    }
    const { context, page } = await stack.newPage();
    await submitPassword(page, email);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/audit-log');
    await page.getByTestId('audit-row').first().waitFor();
    const action = page.getByLabel('Action', { exact: true }).first();
    await action.fill('login');
    await action.press('Enter');
    await action.blur();
    await page.waitForURL('**/audit-log?action=login');
    await expect
      .poll(async () => [...new Set(await page.getByTestId('audit-row').locator('code').allInnerTexts())])
      .toEqual(['login']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit_log.csv');
    // A filter in a pasted address shows the same list; a bad one is ignored.
    await page.goto('/audit-log?action=login&from=2999-13-40');
    await page.getByTestId('audit-row').first().waitFor();
    await context.close();
  }, 180_000);
});
