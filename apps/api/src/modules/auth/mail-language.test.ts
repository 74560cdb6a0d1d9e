import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, linkIn, startSmtp } from '../../../test/smtp';
import { type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp(
    {},
    {
      SMTP_URL: smtp.url,
      OPERATOR_NAME: 'Müller Telefonie GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 5, 10115 Berlin',
      OPERATOR_EMAIL: 'hallo@mueller.example',
      IMPRINT_URL: 'https://mueller.example/impressum',
    },
  );
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const password = 'a long enough password';
const post = (url: string, body: unknown, token?: string) =>
  app.request({ method: 'POST', url: `/api/v2${url}`, body, token });

/** A mail is multipart: a plain-text and an HTML part with the same words, both naming the operator. */
function expectBothParts(mail: ReceivedMail, words: string[]) {
  expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
  for (const part of [mail.plain, mail.html]) {
    for (const word of words) expect(part).toContain(word);
    expect(part).toContain('Müller Telefonie GmbH');
    expect(part).toContain('Hauptstraße 5, 10115 Berlin');
    expect(part).toContain('https://mueller.example/impressum');
  }
  expect(mail.html).toMatch(/<html lang="(en|de)">/);
  expect(mail.plain).not.toContain('<p');
}

describe('mails in the recipient’s language', () => {
  it('writes the verification mail in the registrant’s language, and the reset mail in the stored one', async () => {
    const email = 'neu@example.com';
    const registered = await post('/register', {
      name: 'Nora Neu',
      company_name: 'Neu AG',
      email,
      password,
      password_confirmation: password,
      language: 'de',
    });
    expect(registered.status).toBe(202);
    const verify = await smtp.waitFor(email, 'Bestätigen Sie Ihre E-Mail-Adresse');
    expectBothParts(verify, ['Hallo Nora Neu,', 'E-Mail-Adresse bestätigen', '48 Stunden']);
    expect(verify.html).toContain('<html lang="de">');
    // The link opens the page in the mail's language.
    expect(new URL(linkIn(verify, 'http://portal.test/verify-email')).searchParams.get('lang')).toBe('de');

    const since = smtp.mails.length;
    expect((await post('/password-forgot', { email })).status).toBe(202);
    const reset = await smtp.waitFor(email, 'Passwort zurücksetzen', since);
    expectBothParts(reset, ['Hallo Nora Neu,', '60 Minuten']);

    // A second sign-up with the known address: its owner is told in their language too.
    const again = smtp.mails.length;
    await post('/register', { name: 'X', email, password, password_confirmation: password, language: 'en' });
    expectBothParts(await smtp.waitFor(email, 'Sie haben bereits ein Konto', again), ['Hallo Nora Neu,']);
  });

  it('writes English when no language was given', async () => {
    const email = 'new@example.com';
    await post('/register', { name: 'Nick New', email, password, password_confirmation: password });
    const verify = await smtp.waitFor(email, 'Verify your email address');
    expectBothParts(verify, ['Hello Nick New,', 'Verify email address', 'operated by']);
    expect(verify.html).toContain('<html lang="en">');
  });

  it('invites in the inviter’s language, and follows the language a user chooses later', async () => {
    const admin = await app.signIn('admin');
    const chosen = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { language: 'de' } } },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.data.attributes.language).toBe('de');
    const bad = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { language: 'fr' } } },
    });
    expect(bad.status).toBe(422);

    const invited = await post(
      '/user',
      { data: { type: 'users', attributes: { email: 'kollege@example.com', fname: 'Karl', lname: 'Kollege' } } },
      admin.token,
    );
    expect(invited.status).toBe(201);
    expect(invited.json.data.attributes.language).toBe('de');
    const invitation = await smtp.waitFor('kollege@example.com', 'Einladung');
    expectBothParts(invitation, ['Hallo Karl Kollege,', 'Passwort festlegen', '72 Stunden']);

    // The admin changes their e-mail: both mails in German; after switching to English, the reset mail is English.
    const since = smtp.mails.length;
    const change = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: admin.token,
      body: {
        data: {
          type: 'profile',
          attributes: { email: 'neue.adresse@example.com', current_password: 'correct horse battery' },
        },
      },
    });
    expect(change.status).toBe(200);
    expectBothParts(await smtp.waitFor('neue.adresse@example.com', 'neue E-Mail-Adresse', since), ['Hallo']);
    expectBothParts(await smtp.waitFor(admin.email, 'wird geändert', since), ['neue.adresse@example.com']);

    await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { language: 'en' } } },
    });
    const later = smtp.mails.length;
    await post('/password-forgot', { email: admin.email });
    expectBothParts(await smtp.waitFor(admin.email, 'Reset your password', later), ['Hello']);
  });

  it('saves a guest’s language, and nothing else of theirs; their mails follow it', async () => {
    const admin = await app.signIn('admin');
    const guest = await app.signIn('guest', { customerId: admin.customerId! });
    const me = (attributes: Record<string, unknown>) =>
      app.request({
        method: 'PATCH',
        url: '/api/v2/me',
        token: guest.token,
        body: { data: { type: 'profile', attributes } },
      });
    const before = await app.request({ method: 'GET', url: '/api/v2/me', token: guest.token });
    const chosen = await me({ language: 'de' });
    expect(chosen.status).toBe(200);
    expect(chosen.json.data.attributes.language).toBe('de');
    // A name (alone or with the language) is not theirs to change: 403, and nothing changes.
    for (const attributes of [{ name: 'Gast Neu' }, { name: 'Gast Neu', language: 'en' }]) {
      expect((await me(attributes)).status).toBe(403);
    }
    const after = await app.request({ method: 'GET', url: '/api/v2/me', token: guest.token });
    expect(after.json.data.attributes).toMatchObject({ name: before.json.data.attributes.name, language: 'de' });
    const since = smtp.mails.length;
    await post('/password-forgot', { email: guest.email });
    expectBothParts(await smtp.waitFor(guest.email, 'Passwort', since), ['Hallo']);
  });

  it('names the operator as the super saved it in Settings, and leaves out what is unset', async () => {
    const superUser = await app.signIn('super');
    const saved = await app.request({
      method: 'PATCH',
      url: '/api/v2/settings/operator',
      token: superUser.token,
      body: {
        data: {
          type: 'operator-settings',
          id: 'singleton',
          attributes: { name: 'Schmidt Sprachdienste', address: '' },
        },
      },
    });
    expect(saved.status).toBe(200);
    const email = 'later@example.com';
    await post('/register', { name: 'Lea Later', email, password, password_confirmation: password, language: 'de' });
    const mail = await smtp.waitFor(email, 'Bestätigen');
    for (const part of [mail.plain, mail.html]) {
      expect(part).toContain('Schmidt Sprachdienste');
      expect(part).not.toContain('Müller');
      expect(part).not.toContain('Hauptstraße');
      expect(part).toContain('hallo@mueller.example');
    }
  });
});
