import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/app';

/** The user's own phone in My profile (click-to-call rings it first), and whether click-to-call is offered. */

let app: TestApp;
let twilioApp: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  twilioApp = await createTestApp(
    {},
    { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+4930999' },
  );
});
afterAll(async () => {
  await app?.stop();
  await twilioApp?.stop();
});

const patchMe = (target: TestApp, token: string, attributes: Record<string, unknown>) =>
  target.request({ method: 'PATCH', url: '/api/v2/me', token, body: { data: { type: 'users', attributes } } });

describe('own phone', () => {
  it('is saved in E.164, shown in GET /me, and removed with an empty value', async () => {
    const user = await app.signIn('user');
    const saved = await patchMe(app, user.token, { phone: '+49 30 1234-567' });
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes.phone).toBe('+49301234567');
    const me = await app.request({ method: 'GET', url: '/api/v2/me', token: user.token });
    expect(me.json.data.attributes.phone).toBe('+49301234567');
    expect((await patchMe(app, user.token, { phone: '' })).json.data.attributes.phone).toBeNull();
  });

  it('refuses a number that is not E.164 (422) and keeps the one saved', async () => {
    const admin = await app.signIn('admin');
    await patchMe(app, admin.token, { phone: '+4930555666' });
    for (const phone of ['030 1234', 'call me', '+0301234567', 12345]) {
      const res = await patchMe(app, admin.token, { phone });
      expect(res.status).toBe(422);
      expect(res.json.errors[0].source.pointer).toBe('/data/attributes/phone');
    }
    const me = await app.request({ method: 'GET', url: '/api/v2/me', token: admin.token });
    expect(me.json.data.attributes.phone).toBe('+4930555666');
  });

  it('may not be set by a guest, who has no profile of their own', async () => {
    const guest = await app.signIn('guest');
    expect((await patchMe(app, guest.token, { phone: '+4930555666' })).status).toBe(403);
  });

  it('says whether click-to-call is offered: only with Twilio set up', async () => {
    const user = await app.signIn('user');
    const me = await app.request({ method: 'GET', url: '/api/v2/me', token: user.token });
    expect(me.json.meta).toEqual({ click_to_call: false });
    const other = await twilioApp.signIn('user');
    const withTwilio = await twilioApp.request({ method: 'GET', url: '/api/v2/me', token: other.token });
    expect(withTwilio.json.meta).toEqual({ click_to_call: true });
  });
});
