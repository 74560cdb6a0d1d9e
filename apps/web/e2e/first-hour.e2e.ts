import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../api/test/smtp';
import { editGuestPath } from '../src/features/guests/guest-link';
import { axeViolations } from './axe';
import { type Stack, nextFrames, screenSettled, startStack } from './harness';

/**
 * What a new customer notices in the first hour: the operator's identity, sign-up with the company, invitations,
 * guest administration, why a session ended, the shell (avatar, sidebar, colour scheme), the phonebot form, the
 * first steps and a damaged avatar.
 */

let stack: Stack;
let superToken: string;

beforeAll(async () => {
  stack = await startStack({
    env: {
      OPERATOR_NAME: 'Beispiel Telefonie GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 5, 50667 Köln',
      IMPRINT_URL: 'https://beispiel.example/impressum',
    },
  });
  superToken = await stack.superToken();
});
afterAll(async () => {
  await stack?.stop();
});

type Account = { email: string; password: string; token: string; ownerId: number };
let counter = 0;

async function company(name: string): Promise<Account> {
  const email = `owner-${++counter}@${name.toLowerCase().replace(/\W+/g, '-')}.example`;
  const password = 'owner-password';
  const created = await stack.createAdmin({ company_name: name, name: `Owner ${counter}`, email, password });
  return { email, password, token: created.token, ownerId: created.ownerId };
}

/** A browser signed in with `token`, on `path`, in `language`. */
async function signedIn(token: string, path: string, options: { language?: 'en' | 'de'; width?: number } = {}) {
  const { context, page } = await stack.newPage({ width: options.width });
  await context.addInitScript(
    ([value, language]) => {
      // Only the first load: a test that signs out must stay signed out.
      if (sessionStorage.getItem('seeded') === null) {
        localStorage.setItem('user_free', value);
        localStorage.setItem('phonebot_language', language);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [token, options.language ?? 'en'] as const,
  );
  await page.goto(path);
  return { context, page };
}

const shots = process.env.E2E_SHOTS_DIR;
/** A screenshot to look at, when E2E_SHOTS_DIR names a folder for them. */
async function shot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `first-hour-${name}.png`), fullPage: true });
}

/** Every separator the operator's footer shows stands between two parts on its own line (none starts or ends one). */
async function footerSeparatorsInLine(page: Page) {
  await page.locator('footer').first().waitFor();
  return page.evaluate(() => {
    const footer = document.querySelector('footer')!;
    const separators = [...footer.querySelectorAll('[aria-hidden="true"]')].filter(
      (el) => el.textContent?.trim() === '·' && el.getBoundingClientRect().width > 0,
    );
    return separators.every((separator) => {
      const { top } = separator.getBoundingClientRect();
      const before = separator.previousElementSibling?.getBoundingClientRect();
      const after = separator.nextElementSibling?.getBoundingClientRect();
      return !!before && !!after && Math.abs(before.top - top) < 4 && Math.abs(after.top - top) < 4;
    });
  });
}

/** Axe finds nothing serious in the light scheme, nor in the dark one (the system's, which the app follows by default). */
async function expectAxeCleanInBothSchemes(page: Page, what: string) {
  expect(await axeViolations(page), `${what}, light`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
  expect(await axeViolations(page), `${what}, dark`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
}

/** Chooses a language in the signed-in header's language menu. */
async function chooseLanguage(page: Page, name: 'Deutsch' | 'English') {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Language|Sprache):/ })
    .click();
  await page.getByRole('menuitemradio', { name }).click();
}

async function createPhonebot(token: string, name: string) {
  const created = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: name } } },
    token,
  );
  expect(created.status).toBe(201);
  return created.json.meta as { license_Key: string; bot_token: string };
}

describe('the operator of the deployment', () => {
  it('names the operator from the environment, lets the super change it in Settings, and hides what is unset', async () => {
    const visitor = await stack.newPage();
    // The login page has the operator from the page itself: no API request, no schema library.
    const requests: string[] = [];
    visitor.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await visitor.page.goto('/login');
    const publicFooter = visitor.page.getByRole('contentinfo');
    await publicFooter.getByText('Beispiel Telefonie GmbH', { exact: false }).waitFor();
    await visitor.page.waitForLoadState('networkidle');
    expect(requests.filter((pathname) => pathname.startsWith('/api/'))).toEqual([]);
    await publicFooter.getByText('Hauptstraße 5, 50667 Köln').waitFor();
    expect(await publicFooter.getByRole('link', { name: 'Imprint' }).getAttribute('href')).toBe(
      'https://beispiel.example/impressum',
    );
    // Not set: no privacy or terms link, no phone, no placeholder operator.
    expect(await publicFooter.getByRole('link', { name: 'Privacy' }).count()).toBe(0);
    expect(await publicFooter.getByRole('link', { name: 'Terms' }).count()).toBe(0);
    expect(await visitor.page.getByText('Musterstraße').count()).toBe(0);
    expect(await visitor.page.getByText('phonebot-portal.example').count()).toBe(0);

    const { context, page } = await signedIn(superToken, '/myprofile');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByLabel('Company name', { exact: true }).inputValue()).toBe('Beispiel Telefonie GmbH');
    await page.getByLabel('Privacy policy (URL)', { exact: true }).fill('beispiel.example/datenschutz');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a URL starting with http:// or https://.').waitFor();
    await page.getByLabel('Privacy policy (URL)', { exact: true }).fill('https://beispiel.example/datenschutz');
    await page.getByLabel('Phone', { exact: true }).fill('+49 221 123456');
    await page.getByLabel('Postal address', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Updated').waitFor();

    // The signed-in footer follows at once: the new parts shown, the cleared address gone.
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Privacy' }).waitFor();
    expect(await footer.getByRole('link', { name: '+49 221 123456' }).getAttribute('href')).toBe('tel:+49221123456');
    expect(await footer.getByText('Hauptstraße').count()).toBe(0);
    await visitor.page.reload();
    await visitor.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).waitFor();

    // German: the same footer, the legal pages in German.
    await chooseLanguage(page, 'Deutsch');
    await footer.getByRole('link', { name: 'Datenschutz' }).waitFor();
    await footer.getByRole('link', { name: 'Impressum' }).waitFor();
    await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
    await visitor.context.close();
    await context.close();
  });
});

describe('sign-up and invitations', () => {
  it('asks the company name and the contact person, and Customers shows the company', async () => {
    const { context, page } = await stack.newPage({ width: 390 });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Company name is a required input').waitFor();
    await page.getByLabel('Company name', { exact: true }).fill('Kanzlei Weber & Partner');
    await page.getByLabel('Contact person (your name)', { exact: true }).fill('Petra Weber');
    await page.getByLabel('Email', { exact: true }).fill('petra@kanzlei-weber.example');
    await page.getByLabel('Password', { exact: true }).fill('petra-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('petra-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/login');

    const sup = await signedIn(superToken, '/customers');
    const row = sup.page.getByRole('row').filter({ hasText: 'petra@kanzlei-weber.example' });
    await row.getByRole('cell', { name: 'Kanzlei Weber & Partner', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Petra Weber', exact: true }).waitFor();
    await sup.page.getByRole('columnheader', { name: 'Company' }).waitFor();
    await sup.context.close();
    await context.close();
  });

  it('greets an invited user with "Set your password", a forgotten password with "Reset Password"', async () => {
    const owner = await company('Invite GmbH');
    const invited = await stack.api(
      'POST',
      '/user',
      { data: { type: 'users', attributes: { email: 'ida@invite.example', fname: 'Ida', lname: 'Invited' } } },
      owner.token,
    );
    expect(invited.status).toBe(201);
    const invitation = linkIn(await stack.smtp.waitFor('ida@invite.example', ''), `${stack.baseUrl}/password-reset`);

    const { context, page } = await stack.newPage();
    await page.goto(invitation);
    await page.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
    await page.getByText('Choose the password for ida@invite.example').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('ida-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('ida-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is set. You can log in now.').waitFor();
    await page.waitForURL('**/login');
    // Used once, the link says so before anything is typed.
    await page.goto(invitation);
    await page.getByText('This password reset link is invalid or has expired.', { exact: false }).waitFor();

    // The same in German.
    const second = await stack.api(
      'POST',
      '/user',
      { data: { type: 'users', attributes: { email: 'ines@invite.example', fname: 'Ines', lname: 'Eingeladen' } } },
      owner.token,
    );
    expect(second.status).toBe(201);
    const german = linkIn(await stack.smtp.waitFor('ines@invite.example', ''), `${stack.baseUrl}/password-reset`);
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'de'));
    await page.goto(german);
    await page.getByRole('heading', { name: 'Legen Sie Ihr Passwort fest', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Passwort festlegen' }).waitFor();

    // A reset link keeps its own words.
    await page.evaluate(() => localStorage.setItem('phonebot_language', 'en'));
    const since = stack.smtp.mails.length;
    expect((await stack.api('POST', '/password-forgot', { email: owner.email })).status).toBe(202);
    const reset = linkIn(await stack.smtp.waitFor(owner.email, '', since), `${stack.baseUrl}/password-reset`);
    await page.goto(reset);
    await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    await context.close();
  });
});

describe('the header on a phone and mails in the user’s language', () => {
  it('fits 390 px with the language menu, and mails follow the language chosen there', async () => {
    const owner = await company('Sprache GmbH');
    const { context, page } = await signedIn(owner.token, '/dashboard', { width: 390 });
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Account/ }).waitFor();
    const fits = () =>
      page.evaluate(() => {
        const banner = document.querySelector('header')!;
        return banner.scrollWidth <= banner.clientWidth && document.documentElement.scrollWidth <= 390;
      });
    expect(await fits()).toBe(true);
    expect(await footerSeparatorsInLine(page)).toBe(true);
    await shot(page, 'header-390-en');
    await header.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).waitFor();
    await expectAxeCleanInBothSchemes(page, 'language menu');
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await header.getByRole('button', { name: /^Konto/ }).waitFor();
    expect(await fits()).toBe(true);
    await expectAxeCleanInBothSchemes(page, 'dashboard at 390 px');
    await shot(page, 'header-390-de');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await footerSeparatorsInLine(page)).toBe(true);
      await shot(page, `footer-${width}-de`);
    }
    // The choice is saved on the account: the invitation a colleague gets from this owner is German.
    await expect
      .poll(async () => (await stack.api('GET', '/me', undefined, owner.token)).json.data.attributes.language)
      .toBe('de');
    const invited = await stack.api(
      'POST',
      '/user',
      { data: { type: 'users', attributes: { email: 'kai@sprache.example', fname: 'Kai', lname: 'Kollege' } } },
      owner.token,
    );
    expect(invited.status).toBe(201);
    const mail = await stack.smtp.waitFor('kai@sprache.example', 'Einladung');
    expect(mail.plain).toContain('Hallo Kai Kollege,');
    expect(mail.html).toContain('Passwort festlegen');
    expect(mail.plain).toContain('Beispiel Telefonie GmbH');
    await context.close();

    // Its link opens the page in German in a browser that never chose a language.
    const fresh = await stack.newPage();
    await fresh.page.goto(linkIn(mail, `${stack.baseUrl}/password-reset`));
    await fresh.page.getByRole('heading', { name: 'Legen Sie Ihr Passwort fest', level: 1 }).waitFor();
    await fresh.context.close();
  });
});

describe('guest administration and phonebots of the super', () => {
  it('shows the password of a new guest once, given or generated, until "I have copied it"', async () => {
    const owner = await company('Passwort OHG');
    const { context, page } = await signedIn(superToken, '/guest', { language: 'de', width: 390 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const add = async (email: string, password?: string) => {
      await page.getByRole('button', { name: 'Gast anlegen' }).click();
      const form = page.getByRole('dialog', { name: 'Gast anlegen' });
      await form.getByRole('combobox', { name: 'Kunde' }).fill(owner.email.slice(0, 12));
      await page.getByRole('option', { name: new RegExp(owner.email.replace(/[.]/g, '\\.')) }).click();
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Gabi Gast');
      await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
      if (password) await form.getByLabel('Passwort', { exact: true }).fill(password);
      await form.getByRole('button', { name: 'Gast anlegen' }).click();
      const shown = page.getByRole('dialog', { name: 'Gast angelegt' });
      await shown.waitFor();
      return shown;
    };

    // A given password is shown too, so the super can pass it on.
    const given = await add('gabi@passwort.example', 'gabis-password-1');
    expect(await given.getByTestId('generated-password').inputValue()).toBe('gabis-password-1');
    expect(await given.getByRole('button', { name: 'Schließen' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    // Had either closed it, its (reduced-motion) exit would have run by now: the key and the click have been rendered
    // and nothing animates. It is still there, fully opaque.
    await nextFrames(page, 3);
    await screenSettled(page);
    expect(await given.isVisible()).toBe(true);
    expect(await given.evaluate((dialog) => getComputedStyle(dialog).opacity)).toBe('1');
    await expectAxeCleanInBothSchemes(page, 'guest password');
    await shot(page, 'guest-password-390-de');
    await given.getByRole('button', { name: 'Passwort kopieren' }).click();
    await given.getByRole('button', { name: 'Kopiert', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('gabis-password-1');
    await given.getByRole('button', { name: 'Ich habe es kopiert' }).click();
    await given.waitFor({ state: 'hidden' });

    // A generated one works for signing in.
    const generated = await add('gero@passwort.example');
    const password = await generated.getByTestId('generated-password').inputValue();
    expect(password.length).toBeGreaterThanOrEqual(8);
    expect((await stack.api('POST', '/login', { email: 'gero@passwort.example', password })).status).toBe(200);
    await generated.getByRole('button', { name: 'Ich habe es kopiert' }).click();
    await generated.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows each guest’s company, disables, enables and deletes a guest after confirming', async () => {
    const owner = await company('Gast & Co');
    const created = await stack.api(
      'POST',
      '/guest',
      { customer_id: owner.ownerId, name: 'Gerda Gast', email: 'gerda@gast.example', password: 'gerda-password' },
      superToken,
    );
    expect(created.status).toBe(201);
    const { context, page } = await signedIn(superToken, '/guest');
    const row = page.getByRole('row').filter({ hasText: 'gerda@gast.example' });
    await row.getByRole('cell', { name: 'Gast & Co', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Company' }).waitFor();

    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('Disable the guest Gerda Gast?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Yes, disable it!' }).click();
    await page.getByText('The guest has been disabled.').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    const refused = await stack.api('POST', '/login', { email: 'gerda@gast.example', password: 'gerda-password' });
    expect(refused.json.errors[0].code).toBe('accountInactive');

    await row.getByRole('button', { name: 'Enable' }).click();
    await dialog.getByRole('button', { name: 'Yes, enable it!' }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Delete Gerda Gast' }).click();
    await dialog.getByText("You won't be able to revert this!").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Delete Gerda Gast' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Deleted! The guest has been deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await stack.api('GET', `/guest/${created.json.data.id}`, undefined, superToken)).status).toBe(404);
    // Its EditGuest link now names nobody.
    await page.goto(editGuestPath(created.json.data.id as string));
    await page.getByRole('heading', { name: 'Guest not found' }).waitFor();
    await context.close();
  });

  it('lets the super delete a phonebot from Update Phonebot after the confirmation', async () => {
    const owner = await company('Loesch AG');
    const bot = await createPhonebot(owner.token, 'Alte Zentrale');
    const { context, page } = await signedIn(superToken, `/editphonebot/${bot.license_Key}`);
    await page.getByRole('button', { name: 'Delete Phonebot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText("You won't be able to revert this!").waitFor();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Deleted! Phonebot has been deleted.').waitFor();
    await page.waitForURL('**/phonebots');
    expect((await stack.api('GET', '/vbot', undefined, owner.token)).json.data).toEqual([]);
    await context.close();
  });
});

describe('why a session ended', () => {
  it('tells a user whose company was disabled, and one whose session expired', async () => {
    const owner = await company('Gesperrt GmbH');
    const { context, page } = await signedIn(owner.token, '/companyprofile');
    await page.getByRole('heading', { name: 'Company Profile', level: 1 }).waitFor();
    expect((await stack.api('PATCH', `/disableUser/${owner.ownerId}`, undefined, superToken)).status).toBe(200);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/login?returnUrl=%2Fusers1&reason=disabled');
    await page.getByText('Your account has been disabled. Please contact your administrator.').waitFor();
    await context.close();

    const other = await company('Abgelaufen GmbH');
    const expired = await signedIn(other.token, '/companyprofile', { language: 'de' });
    await expired.page.getByRole('heading', { name: 'Firmenprofil', level: 1 }).waitFor();
    // The session ends elsewhere (a logout with the same token, as an expiry would).
    expect((await stack.api('POST', '/logout', {}, other.token)).status).toBe(204);
    await expired.page.reload();
    await expired.page.waitForURL('**/login?returnUrl=%2Fcompanyprofile&reason=expired');
    await expired.page.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.').waitFor();
    // Signing in again takes the user back where they were.
    await expired.page.getByLabel('E-Mail', { exact: true }).fill(other.email);
    await expired.page.getByLabel('Passwort', { exact: true }).fill(other.password);
    await expired.page.getByRole('button', { name: 'Anmelden' }).click();
    await expired.page.waitForURL('**/companyprofile');
    await expired.context.close();
  });
});

describe('Calls History on a phone', () => {
  it('fits 390 px without sideways scrolling or cut texts, in English and German', async () => {
    const owner = await company('Rechtsanwaltskanzlei Weitläufig-Langname & Partner mbB');
    const bot = await createPhonebot(owner.token, 'Telefonzentrale Hauptniederlassung Nord');
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${bot.bot_token}`,
          'idempotency-key': `history-${i}`,
        },
        body: JSON.stringify({
          caller_number: '+49301234567',
          response: [{ text: 'Hallo', action: 'BotResponseText' }],
        }),
      });
      expect(res.status).toBe(201);
    }
    for (const [language, heading] of [
      ['en', 'Calls History'],
      ['de', 'Anrufverlauf'],
    ] as const) {
      const { context, page } = await signedIn(superToken, '/callsCount', { language, width: 390 });
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('cell', { name: 'Telefonzentrale Hauptniederlassung Nord' }).waitFor();
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
        for (const el of document.querySelectorAll('main *')) {
          const style = getComputedStyle(el);
          const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
          if (el.scrollWidth > el.clientWidth + 1 && (scrolls || (el.textContent?.trim() && !el.children.length)))
            found.push(
              `${el.tagName}.${el.className} ${el.scrollWidth}/${el.clientWidth} ${el.textContent?.slice(0, 40)}`,
            );
        }
        return found;
      });
      expect(problems).toEqual([]);
      await expectAxeCleanInBothSchemes(page, `Calls History ${language}`);
      await shot(page, `calls-history-390-${language}`);
      await context.close();
    }
  });
});

describe('the shell', () => {
  it('shows the avatar in the header, folds the sidebar away and keeps the colour scheme, remembered', async () => {
    const owner = await company('Schale GmbH');
    const square = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963e0cd4bfd0f00034c01e00cf203490000000049454e44ae426082',
      'hex',
    );
    const { context, page } = await signedIn(owner.token, '/myprofile', { width: 1440 });
    const account = page.getByRole('banner').getByRole('button', { name: /^Account: / });
    await account.waitFor();
    expect(await account.locator('img').count()).toBe(0);
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: square });
    await page.getByText('Successfully Updated').waitFor();
    await expect.poll(() => account.locator('img').getAttribute('src')).toMatch(/^\/uploads\/avatars\/.+\.png$/);

    const sidebar = page.locator('#app-sidebar');
    await page.getByRole('button', { name: 'Hide navigation' }).click();
    await expect.poll(() => sidebar.evaluate((nav) => nav.hasAttribute('inert'))).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Show navigation' }).waitFor();
    expect(await sidebar.evaluate((nav) => nav.hasAttribute('inert'))).toBe(true);
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).waitFor();

    const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    expect(await scheme()).toBe('light');
    await account.click();
    expect(await axeViolations(page), 'account menu, light').toEqual([]);
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await scheme()).toBe('dark');
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(await axeViolations(page), 'account menu, dark').toEqual([]);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await scheme()).toBe('dark');
    // "Like the system" follows the system's setting.
    await account.click();
    await page.getByRole('menuitemradio', { name: 'Like the system' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(scheme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(scheme).toBe('light');
    await context.close();
  });
});

describe('the phonebot form', () => {
  it('keeps Save in view, jumps to its sections, and asks before unsaved changes are lost', async () => {
    const owner = await company('Formular AG');
    const bot = await createPhonebot(owner.token, 'Zentrale');
    const { context, page } = await signedIn(owner.token, `/editvbot/${bot.license_Key}`, { width: 1280 });
    await page.getByLabel('Phonebot name', { exact: true }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    const inView = () =>
      save.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inView()).toBe(true);
    const index = page.getByRole('navigation', { name: 'Sections of the form' });
    await index.getByRole('link', { name: 'Tools' }).click();
    await page.getByLabel('Flowise URL', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await inView()).toBe(true);

    // Nothing changed: leaving asks nothing.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/vbots');
    await page.goBack();
    await page.getByLabel('Phonebot name', { exact: true }).fill('Zentrale Köln');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await axeViolations(page), 'leave dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain(`/editvbot/${bot.license_Key}`);
    expect(await page.getByLabel('Phonebot name', { exact: true }).inputValue()).toBe('Zentrale Köln');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/vbots');
    expect(
      (await stack.api('GET', `/vbot/${bot.license_Key}`, undefined, owner.token)).json.data.attributes.bezeichnung,
    ).toBe('Zentrale');
    await context.close();

    // A phone's width: the form and its bar fit without scrolling sideways.
    const phone = await signedIn(owner.token, `/editvbot/${bot.license_Key}`, { width: 390 });
    await phone.page.getByLabel('Phonebot name', { exact: true }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.getByRole('button', { name: 'Save' }).waitFor();
    await phone.context.close();
  });
});

describe('the first steps', () => {
  it('ticks each step of a new company as it happens', async () => {
    const owner = await company('Neu GmbH');
    const { context, page } = await signedIn(owner.token, '/dashboard');
    const steps = page.getByRole('region', { name: 'First steps' });
    const step = (name: string) => steps.locator(`[data-step="${name}"]`);
    await steps.getByText('0 of 5 done').waitFor();
    await step('phonebot').getByRole('link', { name: 'Add Phonebot' }).waitFor();

    const bot = await createPhonebot(owner.token, 'Erster Bot');
    await page.reload();
    await expect.poll(() => step('phonebot').getAttribute('data-done')).toBe('true');
    await steps.getByText('Add a phonebot (Done)').waitFor();

    await fetch(`${stack.baseUrl}/api/v2/bot/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bot.bot_token}` },
    });
    await fetch(`${stack.baseUrl}/api/v2/bot/calls`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bot.bot_token}`,
        'content-type': 'application/json',
        'idempotency-key': 'first-call',
      },
      body: JSON.stringify({ caller_number: '+49301234567', response: [] }),
    });
    await page.reload();
    await expect.poll(() => step('call').getAttribute('data-done')).toBe('true');
    expect(await step('runtime').getAttribute('data-done')).toBe('true');
    await steps.getByText('3 of 5 done').waitFor();

    await stack.api(
      'POST',
      '/user',
      { data: { type: 'users', attributes: { email: 'kollege@neu.example', fname: 'Karl', lname: 'Kollege' } } },
      owner.token,
    );
    await stack.api(
      'PATCH',
      `/phonebot/${bot.license_Key}`,
      { data: { type: 'vbots', attributes: { payment_status: 1 } } },
      superToken,
    );
    await page.reload();
    await page.getByText('Total Users').waitFor();
    // Every step done: the list has done its job and goes.
    await steps.waitFor({ state: 'detached' });
    // The count arrives after the card's label: wait for it instead of reading the card once.
    await expect.poll(() => page.getByText('Total Users').locator('xpath=..').innerText()).toContain('2');
    await context.close();
  });
});

describe('a damaged avatar', () => {
  it('is refused with the reason, in English and in German', async () => {
    const owner = await company('Bild GmbH');
    const damaged = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex'),
      Buffer.alloc(64, 0x41),
    ]);
    const { context, page } = await signedIn(owner.token, '/myprofile');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: damaged });
    await page.getByText('The image could not be read: the file is damaged or not a complete image.').waitFor();
    await chooseLanguage(page, 'Deutsch');
    await page
      .getByText('Das Bild konnte nicht gelesen werden: Die Datei ist beschädigt oder kein vollständiges Bild.')
      .waitFor();
    expect((await stack.api('GET', '/me', undefined, owner.token)).json.data.attributes.avatar_url).toBe(null);
    await context.close();
  });
});
