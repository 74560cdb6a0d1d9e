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

/** A 1x1 PNG, the smallest real image the server accepts. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963e0cd4bfd0f00034c01e00cf203490000000049454e44ae426082',
  'hex',
);

type Account = { id: number; email: string; password: string; token: string };

/** A company admin with a password, through sign-up: register, follow the verification mail, enabled by the super. */
async function createAdmin(name: string, email: string, password: string): Promise<Account> {
  const registered = await stack.api('POST', '/register', { name, email, password, password_confirmation: password });
  expect(registered.status).toBe(202);
  expect(await stack.verifyEmail(email)).toBe(200);
  const sup = await stack.superToken();
  const customers = await stack.api('GET', `/customers?search=${encodeURIComponent(email)}`, undefined, sup);
  const id = Number(customers.json.data[0].id);
  expect((await stack.api('PATCH', `/enableUser/${id}`, undefined, sup)).status).toBe(200);
  return { id, email, password, token: await signIn({ email, password }) };
}

async function signIn(account: { email: string; password: string }): Promise<string> {
  const answer = await stack.api('POST', '/login', { email: account.email, password: account.password });
  expect(answer.status).toBe(200);
  return answer.json.meta.access_token as string;
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function menuItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.locator('a, button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** API answers of 400 and above per page, so a missing toast's failure names what the server said. */
const refusals = new WeakMap<Page, string[]>();

async function newPage() {
  const opened = await stack.newPage();
  const list: string[] = [];
  refusals.set(opened.page, list);
  opened.page.on('response', (response) => {
    if (response.status() >= 400) list.push(`${response.request().method()} ${response.url()} ${response.status()}`);
  });
  return opened;
}

/** Waits for a toast (or another alert) with this text. */
async function alert(page: Page, text: string) {
  try {
    await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
  } catch (error) {
    const shown = await page.getByRole('alert').allInnerTexts();
    const refused = refusals.get(page) ?? [];
    throw new Error(`no alert "${text}"; shown: ${JSON.stringify(shown)}; refused: ${JSON.stringify(refused)}`, {
      cause: error,
    });
  }
}

/** The error shown under the input labelled `label`, or '' when it shows none. */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  // Mantine's PasswordInput marks an error with aria-describedby but not aria-invalid, so only the former is read.
  const id = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').find((ref) => ref.endsWith('-error'));
  return id ? (await page.locator(`[id="${id}"]`).innerText()).trim() : '';
}

async function expectFieldError(page: Page, label: string, text: string) {
  await expect.poll(() => fieldError(page, label), { timeout: 5_000 }).toBe(text);
}

function userRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

let admin: Account;

describe('the company side in the browser', () => {
  it('invites an operator, who sets a password and signs in; promotes and then deletes them', async () => {
    admin = await createAdmin('Anna Admin', 'anna@example.com', 'anna-password');
    const { context, page } = await newPage();
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/users1');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Name',
      'Email',
      'Role',
      'Created At',
      'Action',
    ]);
    await userRow(page, 'Anna Admin').getByRole('cell', { name: 'Owner', exact: true }).waitFor();
    expect(await userRow(page, 'Anna Admin').getByRole('cell').nth(3).innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );

    // Add User: the rules of docs/product.md §7, then the invitation.
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.waitForURL('**/addusers');
    await page.getByText('The user gets an e-mail to set a password.').waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expectFieldError(page, 'Email', 'Email is a required input');
    await expectFieldError(page, 'First name', 'First name is a required input');
    await expectFieldError(page, 'Last name', 'Last Name is a required input');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expectFieldError(page, 'Email', 'Email has to be a valid email address');
    await page.getByLabel('Email', { exact: true }).fill('otto@example.com');
    await page.getByLabel('First name', { exact: true }).fill('Otto');
    await page.getByLabel('Last name', { exact: true }).fill('Operator');
    await page.getByRole('button', { name: 'Add User' }).click();
    await alert(page, 'User Created Successfully');
    await page.waitForURL('**/users1');
    await userRow(page, 'Otto Operator').getByRole('cell', { name: 'User', exact: true }).waitFor();

    // A taken address: toast and field.
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.getByLabel('Email', { exact: true }).fill('ANNA@example.com');
    await page.getByLabel('First name', { exact: true }).fill('Anna');
    await page.getByLabel('Last name', { exact: true }).fill('Again');
    await page.getByRole('button', { name: 'Add User' }).click();
    await alert(page, 'Email Already Exists!');
    await expectFieldError(page, 'Email', 'Email Already Exists!');
    await page.getByRole('link', { name: 'Back to list' }).click();
    await page.waitForURL('**/users1');

    // The operator sets a password from the invitation and signs in with role user.
    const mail = await stack.smtp.waitFor('otto@example.com', 'invited');
    const operator = await newPage();
    await operator.page.goto(linkIn(mail, `${stack.baseUrl}/password-reset`));
    await operator.page.getByLabel('New password', { exact: true }).fill('otto-password');
    await operator.page.getByLabel('Confirm password', { exact: true }).fill('otto-password');
    await operator.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await operator.page.getByRole('button', { name: 'Set password' }).click();
    await alert(operator.page, 'Your password is set. You can log in now.');
    await operator.page.waitForURL('**/login');
    await login(operator.page, 'otto@example.com', 'otto-password');
    await operator.page.waitForURL('**/viewcalllogs');
    expect(await menuItems(operator.page)).toEqual(['Calls Dashboard', 'Insights', 'My profile', 'Logout']);

    // Update User: docs/product.md §7 rules, a taken address, then the promotion to Admin.
    await userRow(page, 'Otto Operator').getByRole('link', { name: 'Edit Otto Operator' }).click();
    await page.waitForURL('**/edituser/**');
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    const role = page.getByLabel('Role', { exact: true });
    expect(await role.inputValue()).toBe('user');
    expect(await role.locator('option').allInnerTexts()).toEqual(['User', 'Admin']);
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByLabel('Email', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expectFieldError(page, 'Name', 'Name is a required input');
    await expectFieldError(page, 'Email', 'Email is a required input');
    await page.getByLabel('Name', { exact: true }).fill('Otto Operator');
    await page.getByLabel('Email', { exact: true }).fill('anna@example.com');
    await page.getByRole('button', { name: 'Update User' }).click();
    await alert(page, 'Email Already Exists!');
    await expectFieldError(page, 'Email', 'Email Already Exists!');
    await page.getByLabel('Email', { exact: true }).fill('otto@example.com');
    await role.selectOption('adminuser');
    await page.getByRole('button', { name: 'Update User' }).click();
    await alert(page, 'User Updated Successfully');
    await page.waitForURL('**/users1');
    await userRow(page, 'Otto Operator').getByRole('cell', { name: 'Admin', exact: true }).waitFor();

    await operator.page.reload();
    await operator.page.getByRole('navigation', { name: 'Main navigation' }).getByText('Company Profile').waitFor();
    expect(await menuItems(operator.page)).toEqual([
      'Calls Dashboard',
      'Insights',
      'Company Profile',
      'Phonebots',
      'My profile',
      'Logout',
    ]);

    // Delete asks first; cancelling keeps the user.
    await userRow(page, 'Otto Operator').getByRole('button', { name: 'Delete Otto Operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText("You won't be able to revert this!").waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await userRow(page, 'Otto Operator').count()).toBe(1);
    await userRow(page, 'Otto Operator').getByRole('button', { name: 'Delete Otto Operator' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await alert(page, 'Deleted! User has been deleted.');
    await userRow(page, 'Otto Operator').waitFor({ state: 'detached' });

    // The deleted user's session ends: the next request sends them to the login.
    await operator.page.getByRole('navigation', { name: 'Main navigation' }).getByText('My profile').click();
    await operator.page.waitForURL('**/login?returnUrl=**');
    await operator.context.close();
    await context.close();
  });

  it('refuses to delete or demote the last admin, with the reason', async () => {
    const { context, page } = await newPage();
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/users1');
    await userRow(page, 'Anna Admin').getByRole('button', { name: 'Delete Anna Admin' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await alert(
      page,
      'Error! There was an error deleting the user. Please try again. The last admin of a company cannot be removed or demoted.',
    );
    expect(await userRow(page, 'Anna Admin').count()).toBe(1);

    await userRow(page, 'Anna Admin').getByRole('link', { name: 'Edit Anna Admin' }).click();
    const role = page.getByLabel('Role', { exact: true });
    expect(await role.inputValue()).toBe('admin');
    // The link survives a reload (the server serves the app for it).
    await page.reload();
    await page.getByRole('heading', { name: 'Update User' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(admin.email);
    expect(await role.locator('option').allInnerTexts()).toEqual(['User', 'Admin', 'Owner']);
    await role.selectOption('user');
    await page.getByRole('button', { name: 'Update User' }).click();
    await alert(page, 'The last admin of a company cannot be removed or demoted.');
    await expectFieldError(page, 'Role', 'The last admin of a company cannot be removed or demoted.');
    expect(page.url()).toContain('/edituser/');
    await context.close();
  });

  it('saves the company profile as the server stores it (IBAN, SMS numbers) and its callback deadlines', async () => {
    const { context, page } = await newPage();
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Company Profile' })
      .click();
    await page.waitForURL('**/companyprofile');
    await page.getByRole('heading', { name: 'Company Profile' }).waitFor();
    // The form's rules and messages are the component test's (company-profile.component.test.tsx): here a valid
    // profile is saved as the server stores it.
    await page.getByLabel('Company name', { exact: true }).fill('Anna GmbH');
    await page.getByLabel('Street', { exact: true }).fill('Hauptstraße 1');
    await page.getByLabel('Postal code', { exact: true }).fill('10115');
    await page.getByLabel('City', { exact: true }).fill('Berlin');
    await page.getByLabel('Phone', { exact: true }).fill('+49 30 1234567');
    await page.getByLabel('Company email', { exact: true }).fill('office@anna.example');
    await page.getByLabel('Bank', { exact: true }).fill('Commerzbank');
    await page.getByLabel('IBAN', { exact: true }).fill('de89 3704 0044 0532 0130 00');
    await page.getByLabel('BIC', { exact: true }).fill('COBADEFFXXX');
    const smsNumbers = page.getByLabel('Further SMS numbers', { exact: true });
    await smsNumbers.fill('+49 30 111\n+4940');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await alert(page, 'Successfully Updated');
    expect(await smsNumbers.inputValue()).toBe('+4930111\n+4940');
    expect(await page.getByLabel('IBAN', { exact: true }).inputValue()).toBe('DE89370400440532013000');
    expect(await fieldError(page, 'IBAN')).toBe('');

    await page.reload();
    await page.getByLabel('Company name', { exact: true }).waitFor();
    expect(await page.getByLabel('Company name', { exact: true }).inputValue()).toBe('Anna GmbH');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Berlin');
    expect(await page.getByLabel('IBAN', { exact: true }).inputValue()).toBe('DE89370400440532013000');
    expect(await page.getByLabel('Further SMS numbers', { exact: true }).inputValue()).toBe('+4930111\n+4940');

    // The callback deadlines: whole minutes per priority.
    const transferred = page.getByLabel('Transferred', { exact: true });
    expect(await transferred.inputValue()).toBe('30 min');
    await transferred.fill('15');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await alert(page, 'Successfully Updated');
    await page.reload();
    await transferred.waitFor();
    expect(await transferred.inputValue()).toBe('15 min');
    expect(await page.getByLabel('Important Callback', { exact: true }).inputValue()).toBe('60 min');
    await context.close();
  });

  it('changes the password in the company area, refusing a wrong current password', async () => {
    const { context, page } = await newPage();
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page.goto('/companyprofile');
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.waitForURL('**/changepassword');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page, 'Current password', 'Current Password is a required input');
    await expectFieldError(page, 'New password', 'Password is a required input');
    await expectFieldError(page, 'Confirm password', 'Confirm password is a required input');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page, 'New password', 'Password must have at least 8 characters');
    await expectFieldError(page, 'Confirm password', 'Your passwords do not match.');

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('anna-password-2');
    await page.getByLabel('Confirm password', { exact: true }).fill('anna-password-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await alert(page, 'Issue In Current Password!');
    await expectFieldError(page, 'Current password', 'Issue In Current Password!');

    await page.getByLabel('Current password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await alert(page, 'Password Updated Successfully');
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    // The change ended the admin's other sessions; the new password opens a new one.
    admin.password = 'anna-password-2';
    admin.token = await signIn(admin);
    await context.close();
  });

  it('updates my profile: avatar upload and removal, name and e-mail, password', async () => {
    const { context, page } = await newPage();
    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL('**/myprofile');
    await page.getByRole('heading', { name: 'UPDATE My PROFILE' }).waitFor();
    const image = page.getByRole('group', { name: 'Profile image' });
    await image.getByRole('button', { name: 'Select Image' }).waitFor();
    const fileInput = page.locator('input[type="file"]');
    expect(await fileInput.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/gif');

    // Not an image: the server's reason.
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
    await alert(page, 'Only PNG, JPEG, WebP or GIF images are accepted.');
    await image.getByRole('button', { name: 'Select Image' }).waitFor();

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await alert(page, 'Successfully Updated');
    const avatar = image.getByRole('img', { name: 'Profile image of Anna Admin' });
    await avatar.waitFor();
    await expect
      .poll(() =>
        avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1);
    await image.getByRole('button', { name: 'Change' }).waitFor();
    expect(await page.getByText('Only PNG, JPEG, WebP or GIF images are accepted.').count()).toBe(0);
    expect(await axeViolations(page), '/myprofile with an image').toEqual([]);
    await page.reload();
    await avatar.waitFor();
    await image.getByRole('button', { name: 'Remove' }).click();
    await image.getByRole('button', { name: 'Select Image' }).waitFor();
    expect(await avatar.count()).toBe(0);
    const me = await stack.api('GET', '/me', undefined, admin.token);
    expect(me.json.data.attributes.avatar_url).toBeNull();

    // Info card.
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expectFieldError(page, 'Name', 'name is a required input');
    await page.getByLabel('Name', { exact: true }).fill('Anna Owner');
    await page.getByLabel('Email', { exact: true }).fill(SUPER_EMAIL);
    // A new address needs the current password.
    const emailPassword = 'Current password for the new email';
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expectFieldError(page, emailPassword, 'Current Password is a required input');
    await page.getByLabel(emailPassword, { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await expectFieldError(page, emailPassword, 'Issue In Current Password!');
    await page.getByLabel(emailPassword, { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await alert(page, 'Email Already Exists!');
    await expectFieldError(page, 'Email', 'Email Already Exists!');
    await page.getByLabel('Email', { exact: true }).fill('anna.owner@example.com');
    await page.getByRole('button', { name: 'Submit Changes' }).click();
    await alert(page, 'Successfully Updated');
    // The navbar's account button follows the new name; the address waits for its confirmation.
    await page.getByRole('button', { name: 'Account: Anna Owner' }).waitFor();
    await page.getByText('We sent a confirmation link to anna.owner@example.com.', { exact: false }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(admin.email);
    expect(await page.getByLabel(emailPassword, { exact: true }).count()).toBe(0);
    expect(await axeViolations(page), '/myprofile with a pending e-mail change').toEqual([]);
    await stack.smtp.waitFor(admin.email, 'Your email address is being changed');
    const confirmation = await stack.smtp.waitFor('anna.owner@example.com', 'Confirm your new email address');
    const link = linkIn(confirmation, `${stack.baseUrl}/confirm-email`);
    const other = await newPage();
    await other.page.goto(link);
    await other.page.waitForURL('**/login?emailChanged=1');
    await other.page.getByText('Your new email address is confirmed. Log in with it.').waitFor();
    await other.context.close();
    admin.email = 'anna.owner@example.com';

    // Change Password card.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page, 'Current password', 'Current Password is a required input');
    await expectFieldError(page, 'Password', 'Password is a required input');
    await expectFieldError(page, 'Confirm password', 'Confirm password is a required input');
    await page.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await page.getByLabel('Password', { exact: true }).fill('anna-password-3');
    await page.getByLabel('Confirm password', { exact: true }).fill('anna-password-3');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await alert(page, 'Oops, something went wrong!');
    await expectFieldError(page, 'Current password', 'Issue In Current Password!');
    await page.getByLabel('Current password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await alert(page, 'Password updated successfully!');
    admin.password = 'anna-password-3';
    admin.token = await signIn(admin);
    await context.close();
  });

  it('sends the super to My profile, and has no accessibility violations on these screens', async () => {
    const { context, page } = await newPage();
    await login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    await page.getByRole('button', { name: 'Submit Changes' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(SUPER_EMAIL);
    expect(await axeViolations(page), '/myprofile').toEqual([]);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    await login(page, admin.email, admin.password);
    await page.waitForURL('**/viewcalllogs');
    const screens: [string, string][] = [
      ['/users1', 'Anna Owner'],
      ['/addusers', 'The user gets an e-mail to set a password.'],
      ['/companyprofile', 'Bank account (optional)'],
      ['/changepassword', 'Back to Company Profile'],
      ['/myprofile', 'Select Image'],
    ];
    for (const [path, text] of screens) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    // The forms with their errors shown, and the delete dialog.
    await page.goto('/addusers');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expectFieldError(page, 'Email', 'Email is a required input');
    expect(await axeViolations(page), '/addusers with errors').toEqual([]);
    await page.goto('/users1');
    await userRow(page, 'Anna Owner').getByRole('link', { name: 'Edit Anna Owner' }).click();
    await page.getByLabel('Role', { exact: true }).waitFor();
    expect(await axeViolations(page), '/edituser').toEqual([]);
    await page.goto('/users1');
    await userRow(page, 'Anna Owner').getByRole('button', { name: 'Delete Anna Owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    expect(await axeViolations(page), '/users1 delete dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // German, with the feature's own texts.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Language:/ })
      .click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await userRow(page, 'Anna Owner').getByRole('cell', { name: 'Inhaber', exact: true }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Name',
      'E-Mail',
      'Rolle',
      'Erstellt am',
      'Aktion',
    ]);
    await page.getByRole('link', { name: 'Benutzer anlegen' }).click();
    await page.getByText('Der Benutzer erhält eine E-Mail, um ein Passwort festzulegen.').waitFor();
    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    await expectFieldError(page, 'Vorname', 'Vorname ist ein Pflichtfeld');
    await context.close();
  });
});
