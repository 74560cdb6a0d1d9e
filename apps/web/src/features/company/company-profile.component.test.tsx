import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { companyProfileDocument as companyProfile } from '../../test/fixtures';
import { renderRoute, signIn } from '../../test/render';

const LOADING = { timeout: 40_000 };

/** The message under a field, as the form shows it (Mantine links it with aria-describedby). */
function fieldError(label: string): string {
  const input = screen.getByLabelText(label, { selector: 'input, textarea' });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Sets a field's value as a paste would (typing letter by letter through the whole form is slow in a test DOM). */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
}

/** The company profile and the cards of its screen. */
function stubCompany() {
  apiStub.on('GET', '/profile', { body: companyProfile() });
  apiStub.on('GET', '/urgent-mail', {
    body: { data: { type: 'urgent-mail', id: '3', attributes: { priorities: [], after_minutes: 15 } } },
  });
  apiStub.on('GET', '/sms-templates', {
    body: { data: { type: 'sms-templates', id: '3', attributes: { sms_templates: [], company_name: 'Firma' } } },
  });
}

/** The Company Profile screen of an admin, loaded; answers a click on Update Profile. */
async function openProfile() {
  signIn('admin');
  stubCompany();
  const view = await renderRoute('/companyprofile');
  await screen.findByLabelText('Company name', { selector: 'input' }, LOADING);
  return () => view.user.click(screen.getByRole('button', { name: 'Update Profile' }));
}

describe('the company profile form (docs/product.md §7)', () => {
  it('names each required field left empty, and sends nothing', async () => {
    const save = await openProfile();
    const required: [string, string][] = [
      ['Company name', 'Company name is a required input'],
      ['Street', 'Address is a required input'],
      ['Postal code', 'Pin is a required input'],
      ['City', 'City is a required input'],
      ['Phone', 'Phone number is a required input'],
      ['Company email', 'Email is a required input'],
    ];
    for (const [label] of required) fill(label, '');
    await save();
    await screen.findByText('Company name is a required input');
    for (const [label, message] of required) expect(fieldError(label)).toBe(message);
    expect(apiStub.sent('PATCH', '/profile')).toEqual([]);
  });

  it('names a bad company e-mail and a bad IBAN, and sends nothing', async () => {
    const save = await openProfile();
    fill('Company email', 'no-email');
    fill('Bank', 'Commerzbank');
    fill('IBAN', 'DE00 1234 5678 9012 3456 78');
    await save();
    await screen.findByText('Email has to be a valid email address');
    expect(fieldError('Company email')).toBe('Email has to be a valid email address');
    expect(fieldError('IBAN')).toBe('IBAN is not valid');
    expect(apiStub.sent('PATCH', '/profile')).toEqual([]);
  });

  it('names a further SMS number not in international form, and sends nothing', async () => {
    const save = await openProfile();
    fill('IBAN', 'de89 3704 0044 0532 0130 00');
    fill('Further SMS numbers', '+49 30 111\n0900 premium');
    await save();
    const message = 'Enter phone numbers or prefixes in international form (+49…), one per line.';
    await screen.findByText(message);
    expect(fieldError('Further SMS numbers')).toBe(message);
    // A valid IBAN, written in any case and with spaces, passes.
    expect(fieldError('IBAN')).toBe('');
    expect(apiStub.sent('PATCH', '/profile')).toEqual([]);
  });

  it('shows the callback deadlines in minutes and names one left empty, and sends nothing', async () => {
    const save = await openProfile();
    const transferred = screen.getByLabelText('Transferred', { selector: 'input' });
    expect((transferred as HTMLInputElement).value).toBe('30 min');
    fill('Transferred', '');
    await save();
    await screen.findByText('Enter whole minutes from 1 to 43200 for each priority.');
    expect(fieldError('Transferred')).toBe('Enter whole minutes from 1 to 43200 for each priority.');
    expect(within(document.body).queryByText('Successfully Updated')).toBeNull();
    expect(apiStub.sent('PATCH', '/profile')).toEqual([]);
  });
});
