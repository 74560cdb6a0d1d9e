import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/lib/totp';
import { PASSWORD, type SignedIn, SUPER_EMAIL, SUPER_PASSWORD, type TestApp, createTestApp } from '../app';
import { startSmtp } from '../smtp';

/**
 * One step-up rule for every sensitive action, whichever route reaches it. The router's own list of operations is
 * the source: every writing operation must be named below, either with the sensitive actions it reaches or as
 * reaching none, so a new route cannot slip past the rule unnoticed. Each route that reaches an action is then
 * called by a fresh session (signed in, not confirmed) and must answer 401 reauthRequired and change nothing; with
 * the password in the request, or after POST /me/reauth, it succeeds.
 */

type Action =
  | 'ownEmail'
  | 'ownPassword'
  | 'mfaOn'
  | 'mfaOff'
  | 'mfaReset'
  | 'apiKeyCreate'
  | 'webhookCreate'
  | 'botToken'
  | 'requireMfa'
  | 'retention'
  | 'customerDelete';

/** The writing operations that reach a sensitive action, and which. */
const REACHES: Record<string, Action[]> = {
  'PATCH /me': ['ownEmail'],
  'PATCH /users/:id': ['ownEmail'],
  'PATCH /user/:id': ['ownEmail'],
  'POST /change': ['ownPassword'],
  'POST /me/mfa/totp': ['mfaOn'],
  'POST /me/mfa/totp/confirm': ['mfaOn'],
  'DELETE /me/mfa/totp': ['mfaOff'],
  'DELETE /users/:id/mfa': ['mfaOff', 'mfaReset'],
  'POST /api-keys': ['apiKeyCreate'],
  'POST /webhooks': ['webhookCreate'],
  'PATCH /webhooks/:id': ['webhookCreate'],
  'POST /phonebots/:id/bot-token': ['botToken'],
  'PATCH /profile': ['requireMfa', 'retention'],
  'PATCH /settings/security': ['requireMfa'],
  'DELETE /customers/:id': ['customerDelete'],
  'DELETE /customer/:id': ['customerDelete'],
};

/**
 * The writing operations of signed-in users that reach none of them: the public and bot operations do not act for a
 * session at all. Reviewed one by one: none changes a sign-in credential, a second factor, a key, an endpoint, a
 * bot token, the protective settings or deletes a customer.
 */
const REACHES_NONE = new Set([
  'POST /logout',
  'POST /me/reauth',
  'DELETE /me/sessions/:id',
  'DELETE /me/sessions',
  'POST /me/push-subscriptions',
  'DELETE /me/push-subscriptions/:id',
  'POST /uploads/users/:id/profile-image',
  'DELETE /uploads/users/:id/profile-image',
  'POST /users',
  'DELETE /users/:id',
  'POST /user',
  'DELETE /user/:id',
  'PATCH /customers/:id',
  'PATCH /customer/:id',
  'PATCH /enableUser/:id',
  'PATCH /disableUser/:id',
  'POST /guest',
  'DELETE /guest/:id',
  'POST /guest/create-password',
  'PATCH /guest/update-password/:id',
  'POST /phonebots',
  'PATCH /phonebots/:id',
  'DELETE /phonebots/:id',
  'POST /phonebots/:id/checkout',
  'POST /vbot',
  'PATCH /vbot/:license_Key',
  'DELETE /vbot/:license_Key',
  'PATCH /vbotbyguest/:license_Key',
  'PATCH /phonebot/:license_Key',
  'POST /phonebots/:id/versions/:n/restore',
  'POST /calls',
  'PATCH /calls/:id',
  'DELETE /calls/:id',
  'POST /calls/:id/notes',
  'POST /calls/:id/sms',
  'POST /calls/:id/attempts',
  'POST /calls/:id/dial',
  'POST /notes/:callId',
  'POST /sendSms',
  'PATCH /updateBulkStatus',
  'PATCH /updateBulkAssignee',
  'PATCH /updateBulkSnooze',
  'PATCH /updateBulkFields',
  'PATCH /updateCallCategory/:id',
  'PATCH /updateCallPriority/:id',
  'PATCH /updateCallStatus/:id',
  'PATCH /updateCallStatusCompleted/:id',
  'PATCH /updateNotificationStatus',
  'DELETE /deleteOldCallLogs',
  'DELETE /callers/:number',
  'PATCH /settings/operator',
  'PATCH /urgent-mail',
  'POST /events/ticket',
  'PATCH /notifications/:id',
  'POST /notifications/read-all',
  'PATCH /sms-templates',
  'POST /calls/:id/recording/ticket',
  'DELETE /api-keys/:id',
  'DELETE /webhooks/:id',
  'POST /webhooks/:id/test',
  'POST /webhooks/:id/deliveries/:deliveryId/redeliver',
]);

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const API = '/api/v2';

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({}, { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

type Method = 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, body?: unknown) =>
  app.request({ method, url: `${API}${url}`, token, body });
const reauth = (token: string, proof: { password?: string; code?: string }) =>
  app.request({ method: 'POST', url: `${API}/me/reauth`, token, body: proof });

/** A fresh session, as signing in gives it: it has not confirmed its user. */
const fresh = (role: Parameters<TestApp['signIn']>[0], customerId?: number) =>
  app.signIn(role, { customerId, steppedUp: false });

async function signInAsSuper(): Promise<SignedIn & { password: string }> {
  const login = await app.request({
    method: 'POST',
    url: `${API}/login`,
    body: { email: SUPER_EMAIL, password: SUPER_PASSWORD },
  });
  expect(login.status).toBe(200);
  const me = await app.request({ method: 'GET', url: `${API}/me`, token: login.json.meta.access_token });
  return {
    token: login.json.meta.access_token as string,
    userId: Number(me.json.data.id),
    customerId: null,
    email: SUPER_EMAIL,
    password: SUPER_PASSWORD,
  };
}

async function enrolTotp(user: SignedIn): Promise<string> {
  // Enrolling is itself sensitive: the password confirms it.
  const started = await app.request({
    method: 'POST',
    url: `${API}/me/mfa/totp`,
    token: user.token,
    body: { password: PASSWORD },
  });
  expect(started.status).toBe(200);
  const secret = started.json.meta.secret as string;
  const confirmed = await call('POST', '/me/mfa/totp/confirm', user.token, { code: totpCode(secret) });
  expect(confirmed.status).toBe(200);
  await app.db.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', user.userId).execute();
  return secret;
}

/** Ends the session's confirmation (as five minutes do), so the next sensitive action needs one again. */
async function forgetStepUp(userId: number): Promise<void> {
  await app.db.db.updateTable('access_tokens').set({ reauth_at: null }).where('user_id', '=', userId).execute();
}

/** Lets the next code of the app count (a code is taken once per 30-second window). */
async function nextCode(userId: number, secret: string): Promise<string> {
  await app.db.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', userId).execute();
  return totpCode(secret);
}

function expectReauthRequired(answer: { status: number; json: { errors?: { code: string }[] } }) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(401);
  expect(answer.json.errors?.[0]?.code).toBe('reauthRequired');
}

async function userRow(id: number) {
  return app.db.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The user's second factor as stored (null where none was begun). */
async function factorRow(id: number) {
  const row = await app.db.db.selectFrom('two_factor').selectAll().where('user_id', '=', id).executeTakeFirst();
  return { secret_enc: row?.secret_enc ?? null, pending_enc: row?.pending_enc ?? null };
}

async function newPhonebot(admin: SignedIn): Promise<string> {
  const created = await call('POST', '/phonebots', admin.token, {
    data: { type: 'phonebots', attributes: { bezeichnung: 'Step-up bot' } },
  });
  expect(created.status, created.body).toBe(201);
  return created.json.data.id as string;
}

describe('step-up for sensitive actions', () => {
  it('names every writing route of the router as reaching sensitive actions or none', () => {
    const writing = app.router.contracts
      .filter((c) => c.auth === 'user' && c.method !== 'GET')
      .map((c) => `${c.method} ${c.path}`);
    const unnamed = writing.filter((route) => !(route in REACHES) && !REACHES_NONE.has(route));
    expect(unnamed, 'routes the step-up table does not name').toEqual([]);
    const gone = [...Object.keys(REACHES), ...REACHES_NONE].filter((route) => !writing.includes(route));
    expect(gone, 'named routes the router does not have').toEqual([]);
    const actions = new Set(Object.values(REACHES).flat());
    expect(actions.size).toBe(11);
  });

  it('POST /me/reauth confirms the session for five minutes; signing in does not count', async () => {
    const admin = await fresh('admin');
    const create = () =>
      call('POST', '/api-keys', admin.token, {
        data: { type: 'api-keys', attributes: { name: 'K', scopes: ['calls:read'] } },
      });
    expectReauthRequired(await create());
    const wrong = await reauth(admin.token, { password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0].code).toBe('currentPasswordIssue');
    expectReauthRequired(await create());
    expect((await reauth(admin.token, { password: PASSWORD })).status).toBe(204);
    expect((await create()).status).toBe(201);
    // Six minutes later the confirmation is over.
    await app.db.db
      .updateTable('access_tokens')
      .set({ reauth_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where('user_id', '=', admin.userId)
      .execute();
    expectReauthRequired(await create());

    // A session that has just signed in with the password is not confirmed by that.
    const login = await app.request({
      method: 'POST',
      url: `${API}/login`,
      body: { email: admin.email, password: PASSWORD },
    });
    const signedIn = login.json.meta.access_token as string;
    expectReauthRequired(
      await call('POST', '/api-keys', signedIn, {
        data: { type: 'api-keys', attributes: { name: 'K2', scopes: ['calls:read'] } },
      }),
    );
    // Another session's confirmation is not this one's.
    expect((await reauth(admin.token, { password: PASSWORD })).status).toBe(204);
    expectReauthRequired(
      await call('POST', '/api-keys', signedIn, {
        data: { type: 'api-keys', attributes: { name: 'K3', scopes: ['calls:read'] } },
      }),
    );
  });

  it('with two-factor sign-in on, a code confirms and the password alone does not', async () => {
    const admin = await fresh('admin');
    const secret = await enrolTotp(admin);
    await forgetStepUp(admin.userId);
    const other = await app.signIn('admin', { steppedUp: false, customerId: admin.customerId! });
    const body = { data: { type: 'api-keys', attributes: { name: 'K', scopes: ['calls:read'] } } };
    // The password in the request or in POST /me/reauth is not enough for this user.
    expectReauthRequired(await call('POST', '/api-keys', admin.token, { ...body, meta: { password: PASSWORD } }));
    const passwordOnly = await reauth(admin.token, { password: PASSWORD });
    expect(passwordOnly.status).toBe(422);
    expect(passwordOnly.json.errors[0].code).toBe('mfaCodeInvalid');
    expect((await reauth(admin.token, { code: '000000' })).status).toBe(422);
    const code = await nextCode(admin.userId, secret);
    expect((await call('POST', '/api-keys', admin.token, { ...body, meta: { code } })).status).toBe(201);
    // The same code does not confirm twice.
    expect((await reauth(other.token, { code })).status).toBe(422);
    expect((await reauth(admin.token, { code: await nextCode(admin.userId, secret) })).status).toBe(204);
  });

  it('an API key never takes a sensitive action, whatever its scopes', async () => {
    const admin = await app.signIn('admin');
    const key = await call('POST', '/api-keys', admin.token, {
      data: { type: 'api-keys', attributes: { name: 'All', scopes: ['phonebots:write', 'phonebots:read'] } },
    });
    expect(key.status).toBe(201);
    const token = key.json.data.attributes.token as string;
    const id = await newPhonebot(admin);
    const regenerate = await app.request({
      method: 'POST',
      url: `${API}/phonebots/${id}/bot-token`,
      token,
      body: { meta: { password: PASSWORD } },
    });
    expect(regenerate.status).toBe(403);
  });

  describe('every route of every sensitive action refuses a session without step-up', () => {
    it('own e-mail: PATCH /me (with 2FA on), PATCH /users/{own id}, PATCH /user/{own id}', async () => {
      const admin = await fresh('admin');
      for (const [path, type] of [
        [`/users/${admin.userId}`, 'users'],
        [`/user/${admin.userId}`, 'users'],
      ] as const) {
        const newEmail = `moved-${Math.random().toString(36).slice(2)}@example.com`;
        const attributes = { email: newEmail, name: 'Admin', role: 'admin' };
        expectReauthRequired(
          await call('PATCH', path, admin.token, { data: { type, id: String(admin.userId), attributes } }),
        );
        expect((await userRow(admin.userId)).email).toBe(admin.email);
        const done = await call('PATCH', path, admin.token, {
          data: { type, id: String(admin.userId), attributes },
          meta: { password: PASSWORD },
        });
        expect(done.status, done.body).toBe(200);
        // The admin's own new address waits for the link mailed to it; the old address is told.
        expect((await userRow(admin.userId)).email).toBe(admin.email);
        await smtp.waitFor(newEmail, 'Confirm');
        await app.db.db
          .updateTable('access_tokens')
          .set({ reauth_at: null })
          .where('user_id', '=', admin.userId)
          .execute();
      }

      const user = await fresh('user');
      const secret = await enrolTotp(user);
      await forgetStepUp(user.userId);
      const attributes = { email: `me-${Math.random().toString(36).slice(2)}@example.com`, current_password: PASSWORD };
      expectReauthRequired(await call('PATCH', '/me', user.token, { data: { type: 'profile', attributes } }));
      expect((await reauth(user.token, { code: await nextCode(user.userId, secret) })).status).toBe(204);
      expect((await call('PATCH', '/me', user.token, { data: { type: 'profile', attributes } })).status).toBe(200);
    });

    it('an admin changing another user’s address: at once, and the old address is told', async () => {
      const admin = await app.signIn('admin');
      const user = await app.signIn('user', { customerId: admin.customerId! });
      const newEmail = `renamed-${Math.random().toString(36).slice(2)}@example.com`;
      const done = await call('PATCH', `/users/${user.userId}`, admin.token, {
        data: { type: 'users', id: String(user.userId), attributes: { email: newEmail } },
      });
      expect(done.status).toBe(200);
      expect((await userRow(user.userId)).email).toBe(newEmail);
      const notice = await smtp.waitFor(user.email, 'email address was changed');
      expect(notice.text).toContain(newEmail);
    });

    it('own password: POST /change (with 2FA on)', async () => {
      const user = await fresh('user');
      const secret = await enrolTotp(user);
      await app.db.db
        .updateTable('access_tokens')
        .set({ reauth_at: null })
        .where('user_id', '=', user.userId)
        .execute();
      const body = { cpsd: PASSWORD, npsd: 'a-new-password-1', npsd_confirmation: 'a-new-password-1' };
      const before = (await userRow(user.userId)).password_hash;
      expectReauthRequired(await call('POST', '/change', user.token, body));
      expect((await userRow(user.userId)).password_hash).toBe(before);
      expect(
        (await call('POST', '/change', user.token, { ...body, code: await nextCode(user.userId, secret) })).status,
      ).toBe(200);
      expect((await userRow(user.userId)).password_hash).not.toBe(before);
    });

    it('two-factor on and off: POST /me/mfa/totp, POST /me/mfa/totp/confirm, DELETE /users/{own id}/mfa', async () => {
      const admin = await fresh('admin');
      expectReauthRequired(await call('POST', '/me/mfa/totp', admin.token));
      expect((await factorRow(admin.userId)).pending_enc).toBeNull();
      expectReauthRequired(await call('POST', '/me/mfa/totp/confirm', admin.token, { code: '123456' }));
      const secret = await enrolTotp(admin);
      await app.db.db
        .updateTable('access_tokens')
        .set({ reauth_at: null })
        .where('user_id', '=', admin.userId)
        .execute();
      expectReauthRequired(await call('DELETE', `/users/${admin.userId}/mfa`, admin.token));
      expect((await factorRow(admin.userId)).secret_enc).not.toBeNull();
      const off = await call('DELETE', `/users/${admin.userId}/mfa`, admin.token, {
        code: await nextCode(admin.userId, secret),
      });
      expect(off.status).toBe(204);
      expect((await factorRow(admin.userId)).secret_enc).toBeNull();
    });

    it('resetting another user’s second factor: DELETE /users/{id}/mfa (admin and super)', async () => {
      const admin = await fresh('admin');
      const user = await app.signIn('user', { customerId: admin.customerId! });
      await enrolTotp(user);
      expectReauthRequired(await call('DELETE', `/users/${user.userId}/mfa`, admin.token));
      const superAdmin = await signInAsSuper();
      expectReauthRequired(await call('DELETE', `/users/${user.userId}/mfa`, superAdmin.token));
      expect((await factorRow(user.userId)).secret_enc).not.toBeNull();
      expect((await call('DELETE', `/users/${user.userId}/mfa`, admin.token, { password: PASSWORD })).status).toBe(204);
      expect((await factorRow(user.userId)).secret_enc).toBeNull();
    });

    it('API keys and webhooks: POST /api-keys, POST /webhooks, PATCH /webhooks/{id} with a new URL', async () => {
      const admin = await fresh('admin');
      const key = { data: { type: 'api-keys', attributes: { name: 'K', scopes: ['calls:read'] } } };
      expectReauthRequired(await call('POST', '/api-keys', admin.token, key));
      const hook = {
        data: { type: 'webhooks', attributes: { url: 'https://192.0.2.1/hook', events: ['call.created'] } },
      };
      expectReauthRequired(await call('POST', '/webhooks', admin.token, hook));
      const count = async (table: 'api_keys' | 'webhooks') =>
        (await app.db.db.selectFrom(table).select('id').where('customer_id', '=', admin.customerId!).execute()).length;
      expect(await count('api_keys')).toBe(0);
      expect(await count('webhooks')).toBe(0);
      expect((await call('POST', '/api-keys', admin.token, { ...key, meta: { password: PASSWORD } })).status).toBe(201);
      const created = await call('POST', '/webhooks', admin.token, { ...hook, meta: { password: PASSWORD } });
      expect(created.status).toBe(201);
      await app.db.db
        .updateTable('access_tokens')
        .set({ reauth_at: null })
        .where('user_id', '=', admin.userId)
        .execute();
      const id = created.json.data.id as string;
      const moved = { data: { type: 'webhooks', id, attributes: { url: 'https://192.0.2.2/elsewhere' } } };
      expectReauthRequired(await call('PATCH', `/webhooks/${id}`, admin.token, moved));
      // Other changes of an endpoint are no step-up matter.
      const described = { data: { type: 'webhooks', id, attributes: { description: 'CRM' } } };
      expect((await call('PATCH', `/webhooks/${id}`, admin.token, described)).status).toBe(200);
      expect(
        (await call('PATCH', `/webhooks/${id}`, admin.token, { ...moved, meta: { password: PASSWORD } })).status,
      ).toBe(200);
    });

    it('bot tokens: POST /phonebots/{id}/bot-token, owners only, audited and mailed', async () => {
      const admin = await fresh('admin');
      const id = await newPhonebot(admin);
      const before = await botTokenHash(id);
      expectReauthRequired(await call('POST', `/phonebots/${id}/bot-token`, admin.token));
      expect(await botTokenHash(id)).toBe(before);
      // An adminuser or the super may not, step-up or not.
      const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
      expect(
        (await call('POST', `/phonebots/${id}/bot-token`, adminuser.token, { meta: { password: PASSWORD } })).status,
      ).toBe(403);
      const superAdmin = await signInAsSuper();
      expect(
        (await call('POST', `/phonebots/${id}/bot-token`, superAdmin.token, { meta: { password: SUPER_PASSWORD } }))
          .status,
      ).toBe(403);
      const done = await call('POST', `/phonebots/${id}/bot-token`, admin.token, { meta: { password: PASSWORD } });
      expect(done.status).toBe(201);
      expect(await botTokenHash(id)).not.toBe(before);
      const entry = await app.db.db
        .selectFrom('audit_log')
        .select('actor_user_id')
        .where('action', '=', 'phonebot.bot-token')
        .where('target', '=', `phonebot:${id}`)
        .executeTakeFirstOrThrow();
      expect(entry.actor_user_id).toBe(admin.userId);
      await smtp.waitFor(admin.email, 'new bot token');
    });

    it('protective settings: PATCH /profile (require_mfa, retention_days) owners only, PATCH /settings/security', async () => {
      const admin = await fresh('admin');
      const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
      const profile = (attributes: Record<string, unknown>, meta?: unknown) => ({
        data: { type: 'profile', attributes },
        ...(meta ? { meta } : {}),
      });
      for (const attributes of [{ require_mfa: true }, { retention_days: 1 }]) {
        expectReauthRequired(await call('PATCH', '/profile', admin.token, profile(attributes)));
        const refused = await call('PATCH', '/profile', adminuser.token, profile(attributes, { password: PASSWORD }));
        expect(refused.status).toBe(403);
        expect(refused.json.errors[0].code).toBe('ownerOnlySetting');
      }
      const row = () =>
        app.db.db
          .selectFrom('customers')
          .select(['require_mfa', 'retention_days'])
          .where('id', '=', admin.customerId!)
          .executeTakeFirstOrThrow();
      expect(await row()).toMatchObject({ retention_days: null });
      expect(Number((await row()).require_mfa)).toBe(0);
      // A save that sends them unchanged (the whole form) needs neither.
      const unchanged = await call(
        'PATCH',
        '/profile',
        adminuser.token,
        profile({ city: 'Bonn', require_mfa: false, retention_days: null }),
      );
      expect(unchanged.status).toBe(200);

      const superAdmin = await signInAsSuper();
      const security = (value: boolean, meta?: unknown) => ({
        data: { type: 'security-settings', attributes: { require_mfa: value } },
        ...(meta ? { meta } : {}),
      });
      expectReauthRequired(await call('PATCH', '/settings/security', superAdmin.token, security(true)));
      const off = await call(
        'PATCH',
        '/settings/security',
        superAdmin.token,
        security(false, { password: SUPER_PASSWORD }),
      );
      expect(off.status).toBe(200);
    });

    it('deleting a customer: DELETE /customers/{id} and DELETE /customer/{id}', async () => {
      const superAdmin = await signInAsSuper();
      for (const path of ['/customers', '/customer']) {
        const owner = await app.signIn('admin');
        expectReauthRequired(await call('DELETE', `${path}/${owner.userId}`, superAdmin.token));
        const still = await app.db.db
          .selectFrom('customers')
          .select('id')
          .where('id', '=', owner.customerId!)
          .execute();
        expect(still).toHaveLength(1);
      }
      const owner = await app.signIn('admin');
      expect(
        (await call('DELETE', `/customers/${owner.userId}`, superAdmin.token, { meta: { password: SUPER_PASSWORD } }))
          .status,
      ).toBe(204);
    });
  });

  it('requiring two-factor sign-in ends the sessions and stops the API keys of users without it', async () => {
    const admin = await app.signIn('admin');
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const enrolled = await app.signIn('user', { customerId: admin.customerId! });
    await enrolTotp(enrolled);
    const key = await call('POST', '/api-keys', admin.token, {
      data: { type: 'api-keys', attributes: { name: 'K', scopes: ['calls:read'] } },
    });
    const apiKey = key.json.data.attributes.token as string;
    const calls = (token: string) => app.request({ method: 'GET', url: `${API}/calls`, token });
    expect((await calls(apiKey)).status).toBe(200);
    const on = await call('PATCH', '/profile', admin.token, {
      data: { type: 'profile', attributes: { require_mfa: true } },
    });
    expect(on.status).toBe(200);
    expect((await calls(user.token)).status).toBe(401);
    expect((await calls(enrolled.token)).status).toBe(200);
    // The owner who turned it on keeps this session; their key stops until they set up a second factor.
    expect((await calls(admin.token)).status).toBe(200);
    expect((await calls(apiKey)).status).toBe(401);
  });
});

async function botTokenHash(licenseKey: string) {
  const row = await app.db.db
    .selectFrom('phonebots')
    .select('bot_token_hash')
    .where('license_key', '=', licenseKey)
    .executeTakeFirstOrThrow();
  return row.bot_token_hash;
}
