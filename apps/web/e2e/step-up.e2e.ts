import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '@phonebot/shared';
import { totpCode } from '../../api/src/lib/totp';
import { axeViolations } from './axe';
import { englishLeftovers } from './english-leftovers';
import { type Stack, startStack } from './harness';
import { codeAfter } from './totp-codes';

let stack: Stack;

const ADMIN = { name: 'Sabine Sicher', email: 'sabine@step-up.example', password: 'sabine-password' };
/** Has two-factor sign-in on: the question asks for a code of the app. */
const TWO_FACTOR = { name: 'Theo Zweifach', email: 'theo@step-up.example', password: 'theo-password' };
let secret: string;
/** The last step whose code the server took: it takes each code once. */
let usedStep: number;

beforeAll(async () => {
  stack = await startStack();
  await stack.createAdmin({ ...ADMIN, company_name: 'Sicher GmbH' });
  await stack.createAdmin({ ...TWO_FACTOR, company_name: 'Zweifach AG' });
  const token = await apiLogin(TWO_FACTOR.email, TWO_FACTOR.password);
  expect((await stack.api('POST', '/me/reauth', { password: TWO_FACTOR.password }, token)).status).toBe(204);
  secret = (await stack.api('POST', '/me/mfa/totp', undefined, token)).json.meta.secret as string;
  const first = await codeAfter(secret, -1);
  usedStep = first.step;
  const confirmed = await stack.api('POST', '/me/mfa/totp/confirm', { code: first.code }, token);
  expect(confirmed.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** A new session of the account through the API, as a sign-in makes it: not confirmed by a step-up yet. */
async function apiLogin(email: string, password: string): Promise<string> {
  const res = await stack.api('POST', '/login', { email, password });
  expect(res.status).toBe(200);
  return res.json.meta.access_token as string;
}

/** A session of the two-factor user: the password, then a code the server has not taken yet. */
async function twoFactorLogin(): Promise<string> {
  const first = await stack.api('POST', '/login', { email: TWO_FACTOR.email, password: TWO_FACTOR.password });
  const code = await freshCode();
  const second = await stack.api('POST', '/login/mfa', { mfa_token: first.json.meta.mfa_token, code });
  expect(second.status).toBe(200);
  return second.json.meta.access_token as string;
}

/** A code of a step after the last one used, within the step on either side of now that the server accepts. */
async function freshCode(): Promise<string> {
  const { code, step } = await codeAfter(secret, usedStep);
  usedStep = step;
  return code;
}

/** A code the server refuses: none of the steps it would accept now. */
function wrongCode(): string {
  const accepted = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.includes(code))!;
}

/** The Integrations screen with a session put into the browser, in a language and at a width. */
async function openIntegrations(token: string, language: 'en' | 'de', width: number) {
  const { context, page } = await stack.newPage({ width, locale: language === 'de' ? 'de-DE' : 'en-US' });
  await context.addInitScript(
    ([key, saved, lang]) => {
      localStorage.setItem(key, saved);
      localStorage.setItem('phonebot_language', lang);
    },
    [TOKEN_STORAGE_KEY, token, language] as const,
  );
  await page.goto('/integrations');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return { context, page };
}

async function startApiKey(page: Page, texts: { add: string; create: string }, name: string) {
  await page.getByRole('button', { name: texts.add }).click();
  const form = page.getByRole('dialog', { name: texts.add });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: texts.create }).click();
  return form;
}

const EN = { add: 'Create API key', create: 'Create' };
const DE = { add: 'API-Schlüssel erstellen', create: 'Erstellen' };

async function signedIn(page: Page): Promise<boolean> {
  return page.evaluate((key) => localStorage.getItem(key) !== null, TOKEN_STORAGE_KEY);
}

describe('confirming a sensitive action (step-up)', () => {
  it('asks for the password, says when it is wrong, completes the action and does not ask again', async () => {
    const { context, page } = await stack.newPage({ width: 1280 });
    await stack.login(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/integrations');

    await startApiKey(page, EN, 'Reporting');
    const question = page.getByRole('dialog', { name: 'Confirm it is you' });
    await question
      .getByText('This action needs your current password. You will not be asked again for the next 5 minutes.')
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await question.getByLabel('Current password', { exact: true }).fill('not-the-password');
    await question.getByRole('button', { name: 'Confirm' }).click();
    await question.getByText('Issue In Current Password!').waitFor();
    expect(await signedIn(page)).toBe(true);

    await question.getByLabel('Current password', { exact: true }).fill(ADMIN.password);
    await question.getByRole('button', { name: 'Confirm' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    expect(await shown.getByLabel('API key').inputValue()).toMatch(/^pbk_/);
    expect(await question.count()).toBe(0);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText('Reporting').waitFor();

    // A second sensitive action of the same session within 5 minutes: no question.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpoint = page.getByRole('dialog', { name: 'Add endpoint' });
    await endpoint.getByLabel('URL').fill('https://192.0.2.20/hooks/phonebot');
    await endpoint.getByLabel('call.created').check();
    await endpoint.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog', { name: 'Signing secret of the new endpoint' }).waitFor();
    expect(await question.count()).toBe(0);
    await context.close();
  }, 60_000);

  it('asks a user with two-factor sign-in for a code, on a phone and in German', async () => {
    const token = await twoFactorLogin();
    const { context, page } = await openIntegrations(token, 'de', 390);
    await startApiKey(page, DE, 'Buchhaltung');
    const question = page.getByRole('dialog', { name: 'Bestätigen Sie, dass Sie es sind' });
    const field = question.getByLabel('Code Ihrer Authenticator-App', { exact: true });
    await field.waitFor();
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await field.fill(wrongCode());
    await question.getByRole('button', { name: 'Bestätigen' }).click();
    await question.getByText('Der Code ist falsch', { exact: false }).waitFor();

    await field.fill(await freshCode());
    await question.getByRole('button', { name: 'Bestätigen' }).click();
    const shown = page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
    expect(await shown.getByLabel('API-Schlüssel').inputValue()).toMatch(/^pbk_/);
    await shown.getByRole('button', { name: 'Ich habe ihn kopiert' }).click();

    await startApiKey(page, DE, 'Controlling');
    await page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' }).waitFor();
    expect(await question.count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 90_000);

  it.runIf(process.env.SHOTS_DIR)(
    'photographs the question at 390 and 1280 px in English and German',
    async () => {
      const dir = process.env.SHOTS_DIR!;
      fs.mkdirSync(dir, { recursive: true });
      for (const width of [390, 1280])
        for (const language of ['en', 'de'] as const) {
          const texts = language === 'en' ? EN : DE;
          const token = await apiLogin(ADMIN.email, ADMIN.password);
          const { context, page } = await openIntegrations(token, language, width);
          await startApiKey(page, texts, 'Shot');
          const question = page.getByRole('dialog', {
            name: language === 'en' ? 'Confirm it is you' : 'Bestätigen Sie, dass Sie es sind',
          });
          await question.locator('input[name=password]').fill('wrong-password');
          await question.getByRole('button', { name: language === 'en' ? 'Confirm' : 'Bestätigen' }).click();
          await question.getByText(language === 'en' ? 'Issue In Current Password!' : 'Problem mit').waitFor();
          // The button's label slides back in after its loader (the form's button below keeps spinning).
          await expect
            .poll(() => question.evaluate((element) => element.getAnimations({ subtree: true }).length))
            .toBe(0);
          await page.screenshot({ path: path.join(dir, `step-up-${width}-${language}.png`) });
          await context.close();
        }
      const token = await twoFactorLogin();
      const { context, page } = await openIntegrations(token, 'de', 390);
      await startApiKey(page, DE, 'Shot');
      await page.getByLabel('Code Ihrer Authenticator-App', { exact: true }).waitFor();
      await page.screenshot({ path: path.join(dir, 'step-up-390-de-code.png') });
      await context.close();
    },
    120_000,
  );
});
