import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';
import { HOUR, MINUTE } from '../../db/time';
import { issueUserToken } from './one-time-links';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const post = (url: string, body: unknown, token?: string) =>
  app.request({ method: 'POST', url: `/api/v2${url}`, body, token });
const get = (url: string, token?: string) => app.request({ method: 'GET', url: `/api/v2${url}`, token });

describe('sign-up with a company name', () => {
  it('creates the customer under the company name, with the registrant as its contact person', async () => {
    const password = 'company-pass-1';
    const registered = await post('/register', {
      company_name: '  Muster Elektro GmbH ',
      name: 'Maria Muster',
      email: 'maria@muster-elektro.example',
      password,
      password_confirmation: password,
    });
    expect(registered.status).toBe(202);
    const sup = await app.signIn('super');
    const customers = await get('/customers?search=muster-elektro', sup.token);
    expect(customers.json.data[0].attributes).toMatchObject({
      company_name: 'Muster Elektro GmbH',
      name: 'Maria Muster',
      email: 'maria@muster-elektro.example',
    });
    // The company's name is searchable as well.
    expect((await get('/customers?search=Elektro%20GmbH', sup.token)).json.meta.total).toBe(1);
  });

  it('still accepts a client that sends only the original fields, and refuses a company name that is not text', async () => {
    const body = {
      name: 'Solo',
      email: 'solo@example.com',
      password: 'solo-pass-12',
      password_confirmation: 'solo-pass-12',
    };
    expect((await post('/register', body)).status).toBe(202);
    const sup = await app.signIn('super');
    expect((await get('/customers?search=solo@example.com', sup.token)).json.data[0].attributes.company_name).toBe(
      null,
    );

    const bad = await post('/register', { ...body, email: 'bad@example.com', company_name: 42 });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toMatchObject({ code: 'invalidType', source: { pointer: '/company_name' } });
    expect((await get('/customers?search=bad@example.com', sup.token)).json.meta.total).toBe(0);
  });
});

describe('what a password link is for', () => {
  it('tells an invitation from a reset, without using the link', async () => {
    const admin = await app.signIn('admin');
    const invited = await app.signIn('user', { customerId: admin.customerId! });
    const invite = await issueUserToken(app.db.db, invited.userId, 'invite', 72 * HOUR);
    const reset = await issueUserToken(app.db.db, admin.userId, 'reset', 60 * MINUTE);

    expect((await post('/password-reset/link', { email: invited.email, token: invite })).json).toEqual({
      meta: { kind: 'invite' },
    });
    expect((await post('/password-reset/link', { email: admin.email.toUpperCase(), token: reset })).json).toEqual({
      meta: { kind: 'reset' },
    });
    // Asking used nothing: the invitation still sets the password.
    const set = await post('/password-reset', {
      email: invited.email,
      token: invite,
      password: 'invited-pass-1',
      password_confirmation: 'invited-pass-1',
    });
    expect(set.status).toBe(200);
    // Once used it is no link any more.
    const used = await post('/password-reset/link', { email: invited.email, token: invite });
    expect(used.status).toBe(422);
    expect(used.json.errors[0]).toMatchObject({ code: 'resetLinkInvalid', source: { pointer: '/token' } });
  });

  it('answers every link that does not work alike: unknown, another user’s, a verification link, expired', async () => {
    const user = await app.signIn('user');
    const other = await app.signIn('user');
    const verify = await issueUserToken(app.db.db, user.userId, 'verify', HOUR);
    const othersReset = await issueUserToken(app.db.db, other.userId, 'reset', HOUR);
    const expired = await issueUserToken(app.db.db, user.userId, 'reset', -MINUTE);
    for (const body of [
      { email: user.email, token: 'not-a-token' },
      { email: 'nobody@example.com', token: othersReset },
      { email: user.email, token: othersReset },
      { email: user.email, token: verify },
      { email: user.email, token: expired },
    ]) {
      const res = await post('/password-reset/link', body);
      expect(res.status).toBe(422);
      expect(res.json.errors[0].code).toBe('resetLinkInvalid');
    }
    for (const body of [{}, { email: 'x', token: 'y' }, { email: user.email, token: 'z'.repeat(201) }, []]) {
      const res = await post('/password-reset/link', body);
      expect(res.status).toBe(422);
      expect(res.json.errors[0].status).toBe('422');
    }
  });
});

describe('why a session ended', () => {
  it('tells the holders of a disabled customer’s tokens that the account is disabled, until it is enabled', async () => {
    const sup = await app.signIn('super');
    const owner = await app.signIn('admin');
    const operator = await app.signIn('user', { customerId: owner.customerId! });
    const disabled = await app.request({
      method: 'PATCH',
      url: `/api/v2/disableUser/${owner.userId}`,
      token: sup.token,
    });
    expect(disabled.status).toBe(200);
    for (const token of [owner.token, operator.token]) {
      const res = await get('/me', token);
      expect(res.status).toBe(401);
      expect(res.json.errors[0].code).toBe('accountDisabled');
    }
    // Enabled again, the old sessions stay ended, now without a reason to tell.
    await app.request({ method: 'PATCH', url: `/api/v2/enableUser/${owner.userId}`, token: sup.token });
    for (const token of [owner.token, operator.token]) {
      const res = await get('/me', token);
      expect(res.status).toBe(401);
      expect(res.json.errors[0].code).toBe('unauthenticated');
    }
  });

  it('tells a disabled guest too, and tells nothing to a token that never worked or has expired', async () => {
    const sup = await app.signIn('super');
    const guest = await app.signIn('guest');
    await app.request({ method: 'PATCH', url: `/api/v2/disableUser/${guest.userId}`, token: sup.token });
    expect((await get('/role', guest.token)).json.errors[0].code).toBe('accountDisabled');

    expect((await get('/role', 'x'.repeat(43))).json.errors[0].code).toBe('unauthenticated');
    const user = await app.signIn('user');
    await app.db.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.userId)
      .execute();
    const expired = await get('/role', user.token);
    expect(expired.status).toBe(401);
    expect(expired.json.errors[0].code).toBe('unauthenticated');
  });
});
