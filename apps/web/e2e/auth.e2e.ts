import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn } from '../../api/test/smtp';
import { axeViolations } from './axe';
import { SUPER_EMAIL, SUPER_PASSWORD, type Stack, startStack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function menuItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  const items = nav.locator('a, button');
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('accounts in the browser', () => {
  it('signs up, verifies, gets enabled, logs in, sees the admin menu and logs out', async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Join us today' }).waitFor();
    await page.getByLabel('Company name', { exact: true }).fill('Olivia Owner GmbH');
    await page.getByLabel('Contact person (your name)', { exact: true }).fill('Olivia Owner');
    await page.getByLabel('Email', { exact: true }).fill('olivia@example.com');
    await page.getByLabel('Password', { exact: true }).fill('olivia-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('olivia-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Successfully registered!Please Verify your email address to login').waitFor();
    await page.waitForURL('**/login');

    const mail = await stack.smtp.waitFor('olivia@example.com', 'Verify your email address');
    const link = linkIn(mail, `${stack.baseUrl}/verify-email`);
    await page.goto(link);
    await page.waitForURL('**/login?verified=1');
    await page.getByText('Your email address is verified. You can log in once your account is enabled.').waitFor();
    // The link works once.
    await page.goto(link);
    await page.waitForURL('**/login?verified=0');
    await page.getByText('This verification link is invalid or has expired.').waitFor();

    await login(page, 'olivia@example.com', 'olivia-password');
    await page.getByText('Your account is not active yet. An administrator has to enable it.').waitFor();

    const sup = await stack.superToken();
    const customers = await stack.api('GET', '/customers?search=olivia', undefined, sup);
    expect((await stack.api('PATCH', `/enableUser/${customers.json.data[0].id}`, undefined, sup)).status).toBe(200);

    await login(page, 'olivia@example.com', 'olivia-password');
    await page.waitForURL('**/viewcalllogs');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('user_free')))).toBe(true);
    expect(await menuItems(page)).toEqual([
      'Calls Dashboard',
      'Insights',
      'Company Profile',
      'Users',
      'Phonebots',
      'My profile',
      'Audit log',
      'Logout',
    ]);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user_free'))).toBeNull();
    // The token is revoked on the server, not only forgotten by the browser.
    await page.goto('/dashboard');
    await page.waitForURL('**/login?returnUrl=%2Fdashboard');
    await context.close();
  });

  it('sends the super to My profile with the super menu, and keeps the wanted path as returnUrl', async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/customers');
    await page.waitForURL('**/login?returnUrl=%2Fcustomers');
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/customers');
    expect(await menuItems(page)).toEqual([
      'Phonebots',
      'My profile',
      'Customers',
      'Guest Administration',
      'Calls History',
      'Usage',
      'Settings',
      'Audit log',
      'Logout',
    ]);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    await context.close();
  });

  it('shows each role its menu and sends it home from screens it may not open', async () => {
    const sup = await stack.superToken();
    const customers = await stack.api('GET', '/customers?search=olivia', undefined, sup);
    const ownerId = customers.json.data[0].id;
    const guest = await stack.api(
      'POST',
      '/guest',
      { customer_id: ownerId, name: 'Gina Guest', email: 'gina@example.com', password: 'guest-password' },
      sup,
    );
    expect(guest.status).toBe(201);

    const { context, page } = await stack.newPage();
    await page.goto('/login');
    await login(page, 'gina@example.com', 'guest-password');
    await page.waitForURL('**/viewcalllogs');
    expect(await menuItems(page)).toEqual(['Calls Dashboard', 'Insights', 'Phonebots', 'Logout']);
    await page.goto('/users1');
    await page.waitForURL('**/viewcalllogs');
    await context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { context, page } = await stack.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Recover Password' }).click();
    await page.waitForURL('**/password-forgot');
    await page.getByText('You will receive an e-mail in maximum 60 seconds').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('olivia@example.com');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email sent!').waitFor();
    await page.waitForURL('**/login');

    const mail = await stack.smtp.waitFor('olivia@example.com', 'Reset your password');
    await page.goto(linkIn(mail, `${stack.baseUrl}/password-reset`));
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password must have at least 8 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('olivia-new-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('olivia-new-password');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed!').waitFor();
    await page.waitForURL('**/login');
    await login(page, 'olivia@example.com', 'olivia-new-password');
    await page.waitForURL('**/viewcalllogs');
    await context.close();
  });

  it('has no accessibility violations on the sign-in pages and the signed-in shell', async () => {
    const { context, page } = await stack.newPage();
    for (const path of ['/login', '/signup', '/password-forgot']) {
      await page.goto(path);
      await page.getByRole('button').first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.goto('/login');
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    await page.goto('/dashboard');
    await page.getByText('Total Users').waitFor();
    expect(await axeViolations(page), '/dashboard').toEqual([]);
    await context.close();
  });

  it('shows the start frame while a signed-in start loads, and none on the login page', async () => {
    const { context, page } = await stack.newPage({ width: 390 });
    await page.goto('/login');
    expect(await page.locator('link[rel="modulepreload"][fetchpriority="low"]').count()).toBe(0);
    expect(await page.locator('.pb-frame').count()).toBe(0);
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    // The shell's chunk held back: the frame (the header's menu button and icon) stands in for it meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/viewcalllogs');
    expect(await page.locator('link[rel="modulepreload"][fetchpriority="low"]').count()).toBe(2);
    const frame = page.locator('.pb-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('aria-hidden')).toBe('true');
    expect(await frame.locator('svg').count()).toBe(1);
    release();
    await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();
    expect(await frame.count()).toBe(0);
    await context.close();
  });
});
