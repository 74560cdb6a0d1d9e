import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { englishLeftovers } from './english-leftovers';
import { type Stack, confirmItIsYou, startStack } from './harness';

let stack: Stack;
let token: string;
const ADMIN = { email: 'maria@integrations.example', password: 'maria-password' };
beforeAll(async () => {
  stack = await startStack();
  const admin = await stack.createAdmin({ company_name: 'Muster Elektro GmbH', name: 'Maria Muster', ...ADMIN });
  // The browser's session: never confirmed, so the screen's own sensitive actions ask "Confirm it is you".
  token = admin.token;
  // API keys and webhooks are made with a step-up: another session of the admin, confirmed with the password.
  const setup = (await stack.api('POST', '/login', ADMIN)).json.meta.access_token as string;
  expect((await stack.api('POST', '/me/reauth', { password: ADMIN.password }, setup)).status).toBe(204);
  const key = await stack.api(
    'POST',
    '/api-keys',
    { data: { type: 'api-keys', attributes: { name: 'CRM sync', scopes: ['calls:read', 'calls:write'] } } },
    setup,
  );
  expect(key.status).toBe(201);
  // An address of a documentation network: nothing answers there, so its test delivery fails and shows why.
  const hook = await stack.api(
    'POST',
    '/webhooks',
    {
      data: {
        type: 'webhooks',
        attributes: {
          url: 'https://192.0.2.10/hooks/phonebot',
          events: ['call.created', 'call.completed'],
          description: 'Ticket system',
        },
      },
    },
    setup,
  );
  expect(hook.status).toBe(201);
  expect((await stack.api('POST', `/webhooks/${hook.json.data.id}/test`, undefined, setup)).status).toBe(202);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function openAs(language: 'en' | 'de', width = 1400) {
  const { context, page } = await stack.newPage({ width });
  await context.addInitScript(
    ([saved, lang]) => {
      localStorage.setItem('user_free', saved);
      localStorage.setItem('phonebot_language', lang);
    },
    [token, language] as const,
  );
  await page.goto('/integrations');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText('CRM sync').waitFor();
  return { context, page };
}

describe('integrations screen', () => {
  it('creates an API key and shows its token once, and lists the webhook deliveries', async () => {
    const { context, page } = await openAs('en');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Reporting');
    await dialog.getByLabel('Read users (users:read)').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await confirmItIsYou(page, { password: ADMIN.password });
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const value = await shown.getByLabel('API key').inputValue();
    expect(value).toMatch(/^pbk_/);
    expect(await axeViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText('Reporting').waitFor();
    // The token works and is never shown again.
    const calls = await stack.api('GET', '/calls', undefined, value);
    expect(calls.status).toBe(200);
    expect(await page.content()).not.toContain(value);

    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByText('webhook.test').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a German user no English text', async () => {
    const { context, page } = await openAs('de');
    await page.getByRole('button', { name: 'Zustellungen' }).click();
    await page.getByText('webhook.test').waitFor();
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it.runIf(process.env.SHOTS_DIR)(
    'photographs the screen at 390, 1280 and 1440 px in English and German',
    async () => {
      const dir = process.env.SHOTS_DIR!;
      fs.mkdirSync(dir, { recursive: true });
      for (const width of [390, 1280, 1440])
        for (const language of ['en', 'de'] as const) {
          const { context, page } = await openAs(language, width);
          await page.getByRole('button', { name: language === 'en' ? 'Deliveries' : 'Zustellungen' }).click();
          await page.getByText('webhook.test').waitFor();
          await page.screenshot({ path: path.join(dir, `integrations-${width}-${language}.png`), fullPage: true });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `integrations at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
          await context.close();
        }
    },
    120_000,
  );
});
