import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { linkIn } from '../../api/test/smtp';
import { editCustomerPath } from '../src/features/customers/customer-link';
import { editGuestPath } from '../src/features/guests/guest-link';
import { editUserPath } from '../src/features/users/edit-user-param';
import { axeViolations } from './axe';
import { englishLeftovers } from './english-leftovers';
import { type Stack, navigateInApp, networkQuiet, startStack, watchRequests } from './harness';

/**
 * Every screen but the call screens, for every role that has it: axe finds nothing in the light and the dark
 * scheme, and a German user reads no English text (checked in the dark pass). With SHOTS_DIR set, each screen is
 * also photographed at 390, 1280 and 1440 px in English and German, light and dark.
 */

type Role = 'visitor' | 'admin' | 'guest' | 'super';
/** `fresh`: the screen is opened by a full load, never by the app's own navigation (see `open`). */
type Screen = { role: Role; path: string; name: string; fresh?: true };

let stack: Stack;
const tokens: Partial<Record<Role, string>> = {};
let screens: Screen[] = [];

const OPERATOR = {
  OPERATOR_NAME: 'Beispiel Telefonie GmbH',
  OPERATOR_ADDRESS: 'Hauptstraße 5, 50667 Köln',
  OPERATOR_PHONE: '+49 221 123456',
  OPERATOR_EMAIL: 'kontakt@beispiel.example',
  IMPRINT_URL: 'https://beispiel.example/impressum',
  PRIVACY_URL: 'https://beispiel.example/datenschutz',
  TERMS_URL: 'https://beispiel.example/agb',
};

beforeAll(async () => {
  stack = await startStack({ env: OPERATOR });
  tokens.super = await stack.superToken();
  const admin = await stack.createAdmin({
    company_name: 'Muster Elektro GmbH',
    name: 'Maria Muster',
    email: 'maria@muster-elektro.example',
    password: 'maria-password',
  });
  tokens.admin = admin.token;
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Rückruf'] } } },
    admin.token,
  );
  const licenseKey = created.json.meta.license_Key as string;
  const user = await stack.api(
    'POST',
    '/user',
    { data: { type: 'users', attributes: { email: 'otto@muster-elektro.example', fname: 'Otto', lname: 'Operator' } } },
    admin.token,
  );
  const invitation = await stack.smtp.waitFor('otto@muster-elektro.example', '');
  const inviteLink = new URL(linkIn(invitation, `${stack.baseUrl}/password-reset`));
  const guest = await stack.api(
    'POST',
    '/guest',
    { customer_id: admin.ownerId, name: 'Gina Gast', email: 'gina@example.com', password: 'gina-password' },
    tokens.super,
  );
  tokens.guest = (await stack.api('POST', '/login', { email: 'gina@example.com', password: 'gina-password' })).json.meta
    .access_token as string;

  screens = [
    { role: 'visitor', path: '/login', name: 'login', fresh: true },
    { role: 'visitor', path: '/login?reason=expired', name: 'login-expired', fresh: true },
    { role: 'visitor', path: '/signup', name: 'signup', fresh: true },
    { role: 'visitor', path: '/password-forgot', name: 'password-forgot' },
    { role: 'visitor', path: `/password-reset${inviteLink.search}`, name: 'password-invite', fresh: true },
    {
      role: 'visitor',
      path: '/password-reset?email=x%40example.com&token=bogus',
      name: 'password-reset-dead',
      fresh: true,
    },
    { role: 'visitor', path: '/no-such-page', name: 'not-found', fresh: true },
    { role: 'admin', path: '/dashboard', name: 'admin-dashboard' },
    { role: 'admin', path: '/companyprofile', name: 'company-profile' },
    { role: 'admin', path: '/changepassword', name: 'change-password' },
    { role: 'admin', path: '/myprofile', name: 'admin-my-profile' },
    { role: 'admin', path: '/users1', name: 'users' },
    { role: 'admin', path: '/addusers', name: 'add-user' },
    {
      role: 'admin',
      path: editUserPath({ id: Number(user.json.data.id), email: 'otto@muster-elektro.example' }),
      name: 'edit-user',
    },
    { role: 'admin', path: '/vbots', name: 'phonebots' },
    { role: 'admin', path: '/addvbot', name: 'add-phonebot' },
    { role: 'admin', path: `/editvbot/${licenseKey}`, name: 'edit-phonebot' },
    { role: 'admin', path: '/editvbot/PB-no-such-phonebot', name: 'edit-phonebot-unknown', fresh: true },
    { role: 'guest', path: '/dashboard', name: 'guest-dashboard' },
    { role: 'guest', path: '/vbotsforGuest', name: 'guest-phonebots' },
    { role: 'guest', path: `/vbotbyguest/${licenseKey}`, name: 'guest-phonebot' },
    { role: 'super', path: '/myprofile', name: 'super-my-profile' },
    { role: 'super', path: '/dashboard', name: 'super-dashboard' },
    { role: 'super', path: '/phonebots', name: 'all-phonebots' },
    { role: 'super', path: `/editphonebot/${licenseKey}`, name: 'super-edit-phonebot' },
    { role: 'super', path: '/customers', name: 'customers' },
    {
      role: 'super',
      path: editCustomerPath({ userId: admin.ownerId, email: 'maria@muster-elektro.example' }),
      name: 'edit-customer',
    },
    { role: 'super', path: '/guest', name: 'guest-administration' },
    { role: 'super', path: editGuestPath(guest.json.data.id as string), name: 'edit-guest' },
    { role: 'super', path: '/callsCount', name: 'calls-history' },
    { role: 'super', path: '/settings', name: 'settings' },
  ];
});
afterAll(async () => {
  await stack?.stop();
});

/** A browser of `role` in `language`, the app's scheme left on "like the system" and the system set to `scheme`. */
async function browserAs(role: Role, options: { language: 'en' | 'de'; scheme: 'light' | 'dark'; width?: number }) {
  const { context, page } = await stack.newPage({ width: options.width });
  await context.addInitScript(
    ([token, language]) => {
      if (token) localStorage.setItem('user_free', token);
      localStorage.setItem('phonebot_language', language);
    },
    [tokens[role] ?? '', options.language] as const,
  );
  await page.emulateMedia({ colorScheme: options.scheme });
  return { context, page };
}

/**
 * Opens a screen and waits until it is rendered with its data: its heading is there, the network has settled and no
 * loader is shown any more. A tab that is not open (the phonebot's History) stays mounted but hidden, without fetching
 * until it is opened, so its loader is left out.
 *
 * The first screen of a browser, and a `fresh` one, is loaded as a user's address bar does; the others are reached
 * by the app's own navigation, so the app starts once per browser and axe-core is put into each document once. A
 * fresh load stays where the screen is only ever met that way or must start clean: the login page (a first load of
 * /login is a shell without the router, which reads its address once), a visitor's first screens, the links of mails
 * and an unknown address; and a screen on the same route as the one before (only its parameter differs), whose
 * heading the app may keep.
 */
async function open(page: Page, screen: Screen, first: boolean) {
  if (first || screen.fresh) {
    await page.goto(screen.path);
  } else {
    // The screen left behind marks its heading, so that only the new screen's heading counts.
    await page.evaluate(() => document.querySelectorAll('h1').forEach((h1) => h1.setAttribute('data-left', '')));
    await navigateInApp(page, screen.path);
  }
  await page.locator('h1:not([data-left])').first().waitFor();
  await networkQuiet(page);
  await page
    .locator('[role="status"] .mantine-Loader-root')
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'detached' });
  expect(await page.locator('h1[data-left]').count(), `${screen.name} still shows the screen before`).toBe(0);
}

async function eachScreen(
  options: { language: 'en' | 'de'; scheme: 'light' | 'dark'; width?: number },
  check: (page: Page, screen: Screen) => Promise<void>,
) {
  const contexts: BrowserContext[] = [];
  try {
    for (const role of ['visitor', 'admin', 'guest', 'super'] as const) {
      const { context, page } = await browserAs(role, options);
      contexts.push(context);
      watchRequests(page);
      let first = true;
      for (const screen of screens.filter((s) => s.role === role)) {
        await open(page, screen, first);
        first = false;
        await check(page, screen);
      }
    }
  } finally {
    for (const context of contexts) await context.close();
  }
}

describe('every screen but the call screens', () => {
  it('has no accessibility violations in the light scheme', async () => {
    const found: string[] = [];
    await eachScreen({ language: 'en', scheme: 'light' }, async (page, screen) => {
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
      for (const violation of await axeViolations(page)) found.push(`${screen.name}: ${violation}`);
    });
    expect(found).toEqual([]);
  }, 300_000);

  // One pass for two checks of each screen: axe in the dark scheme (the colours are those of either language) and
  // the English a German user would still read.
  it('has no accessibility violations in the dark scheme, and shows a German user no English text', async () => {
    const violations: string[] = [];
    const english: string[] = [];
    await eachScreen({ language: 'de', scheme: 'dark' }, async (page, screen) => {
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      for (const text of await englishLeftovers(page)) english.push(`${screen.name}: ${text}`);
      for (const violation of await axeViolations(page)) violations.push(`${screen.name}: ${violation}`);
    });
    expect(english).toEqual([]);
    expect(violations).toEqual([]);
  }, 300_000);

  it.runIf(process.env.SHOTS_DIR)(
    'photographs them at 390, 1280 and 1440 px, in English and German, light and dark',
    async () => {
      const dir = process.env.SHOTS_DIR!;
      fs.mkdirSync(dir, { recursive: true });
      for (const width of [390, 1280, 1440])
        for (const language of ['en', 'de'] as const)
          for (const scheme of ['light', 'dark'] as const)
            await eachScreen({ language, scheme, width }, async (page, screen) => {
              const file = path.join(dir, `${screen.name}-${width}-${language}-${scheme}.png`);
              await page.screenshot({ path: file, fullPage: true });
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              );
              expect(overflow, `${screen.name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
            });
    },
    1_800_000,
  );
});
