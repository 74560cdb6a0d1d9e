import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type SignedIn, type TestApp, SUPER_EMAIL, SUPER_PASSWORD, createTestApp } from '../../../test/app';
import { startSmtp } from '../../../test/smtp';
import { totpCode } from '../../lib/totp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const API = '/api/v2';

beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({}, { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

const post = (url: string, body?: unknown, token?: string, remoteAddress?: string) =>
  app.request({ method: 'POST', url: `${API}${url}`, body, token, remoteAddress });
const code = (secret: string, offsetSteps = 0) => totpCode(secret, Date.now() + offsetSteps * 30_000);

/** Lets a later code of the app count again, as if the next 30-second window had come. */
async function nextWindow(userId: number) {
  await app.db.db.updateTable('two_factor').set({ last_step: null }).where('user_id', '=', userId).execute();
}

async function enrol(user: SignedIn): Promise<{ secret: string; recovery: string[]; confirmedWith: string }> {
  const started = await post('/me/mfa/totp', undefined, user.token);
  expect(started.status).toBe(200);
  const { secret, otpauth_uri: uri } = started.json.meta as { secret: string; otpauth_uri: string };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toContain(`secret=${secret}`);
  expect(uri).toContain(encodeURIComponent(user.email));
  const confirmedWith = code(secret);
  const confirmed = await post('/me/mfa/totp/confirm', { code: confirmedWith }, user.token);
  expect(confirmed.status).toBe(200);
  const recovery = confirmed.json.meta.recovery_codes as string[];
  expect(recovery).toHaveLength(10);
  expect(new Set(recovery).size).toBe(10);
  return { secret, recovery, confirmedWith };
}

describe('two-factor sign-in', () => {
  it('enrols, then login asks for a code; a code or a recovery code signs in, each once', async () => {
    const user = await app.signIn('user');
    const before = await app.request({ method: 'GET', url: `${API}/me/mfa`, token: user.token });
    expect(before.json.meta).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const { secret, recovery, confirmedWith } = await enrol(user);
    // A second enrolment is refused while one is on.
    expect((await post('/me/mfa/totp', undefined, user.token)).status).toBe(409);

    const login = await post('/login', { email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.meta).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(login.json.meta.access_token).toBeUndefined();
    const token = login.json.meta.mfa_token as string;

    // The code that confirmed the enrolment was used in its window: it does not sign in again.
    expect((await post('/login/mfa', { mfa_token: token, code: confirmedWith })).status).toBe(401);
    const next = code(secret, 1);
    const ok = await post('/login/mfa', { mfa_token: token, code: next });
    expect(ok.status).toBe(200);
    expect(ok.json.meta.access_token).toEqual(expect.any(String));
    expect((await app.request({ method: 'GET', url: `${API}/me`, token: ok.json.meta.access_token })).status).toBe(200);
    // The challenge is used up, and the same code does not work in another sign-in either.
    expect((await post('/login/mfa', { mfa_token: token, code: next })).status).toBe(401);
    const again = (await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_token as string;
    expect((await post('/login/mfa', { mfa_token: again, code: next })).status).toBe(401);

    // A recovery code works once, whatever its case and dashes.
    const recoveryCode = recovery[0]!.toUpperCase().replace(/-/g, ' ');
    expect((await post('/login/mfa', { mfa_token: again, recovery_code: recoveryCode })).status).toBe(200);
    const third = (await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_token as string;
    expect((await post('/login/mfa', { mfa_token: third, recovery_code: recovery[0] })).status).toBe(401);
    const status = await app.request({ method: 'GET', url: `${API}/me/mfa`, token: user.token });
    expect(status.json.meta).toEqual({ enabled: true, required: false, recovery_codes_left: 9 });

    // Bad input is a 422 and changes nothing; an unknown challenge is a 401.
    expect((await post('/login/mfa', { mfa_token: third })).status).toBe(422);
    expect((await post('/login/mfa', { mfa_token: third, code: '12ab56' })).status).toBe(422);
    expect((await post('/login/mfa', { mfa_token: 'x'.repeat(43), code: '123456' })).status).toBe(401);

    const actions = await app.db.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor_user_id', '=', user.userId)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'mfa.enable',
      'login.mfa_failed',
      'login',
      'login.mfa_failed',
      'login',
      'login.mfa_failed',
    ]);
  });

  it('accepts one code once when it is sent many times at the same moment', async () => {
    const user = await app.signIn('user');
    const { secret, recovery } = await enrol(user);
    const challenges = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_token as string,
      ),
    );
    const same = code(secret, 1);
    const answers = await Promise.all(challenges.map((t) => post('/login/mfa', { mfa_token: t, code: same })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const tokens = await app.db.db
      .selectFrom('access_tokens')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(tokens).toHaveLength(2); // the one of the test's sign-in and the one just issued

    // One recovery code sent at once on several challenges also works once.
    await nextWindow(user.userId);
    const more = await Promise.all(
      Array.from(
        { length: 4 },
        async () => (await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_token as string,
      ),
    );
    const byRecovery = await Promise.all(
      more.map((t) => post('/login/mfa', { mfa_token: t, recovery_code: recovery[5] })),
    );
    expect(byRecovery.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    const used = await app.db.db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(1);
  });

  it('throttles wrong codes like passwords', async () => {
    const user = await app.signIn('user');
    const { secret } = await enrol(user);
    const challenge = (await post('/login', { email: user.email, password: PASSWORD }, undefined, '10.7.0.1')).json.meta
      .mfa_token as string;
    const right = code(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    const statuses = (
      await Promise.all(
        Array.from({ length: 30 }, () =>
          post('/login/mfa', { mfa_token: challenge, code: wrong }, undefined, '10.7.0.1'),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Even the right code waits now, from this client.
    expect((await post('/login/mfa', { mfa_token: challenge, code: right }, undefined, '10.7.0.1')).status).toBe(429);
  });

  it('turns off only with the password and a code', async () => {
    const user = await app.signIn('user');
    const { secret, recovery } = await enrol(user);
    const off = (body: unknown) =>
      app.request({ method: 'DELETE', url: `${API}/me/mfa/totp`, body, token: user.token });
    expect((await off({ password: 'wrong-password', code: code(secret, 1) })).status).toBe(422);
    expect((await off({ password: PASSWORD, code: '000001' === code(secret, 1) ? '000002' : '000001' })).status).toBe(
      422,
    );
    expect((await off({ password: PASSWORD })).status).toBe(422);
    expect((await app.request({ method: 'GET', url: `${API}/me/mfa`, token: user.token })).json.meta.enabled).toBe(
      true,
    );
    expect((await off({ password: PASSWORD, code: recovery[3] })).status).toBe(204);
    expect((await app.request({ method: 'GET', url: `${API}/me/mfa`, token: user.token })).json.meta).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    expect((await off({ password: PASSWORD, code: code(secret) })).status).toBe(409);
    const login = await post('/login', { email: user.email, password: PASSWORD });
    expect(login.json.meta.access_token).toEqual(expect.any(String));
  });

  it('a company that requires it has its users set it up on their next login', async () => {
    const admin = await app.signIn('admin');
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const other = await app.signIn('user');
    const patch = await app.request({
      method: 'PATCH',
      url: `${API}/profile`,
      token: admin.token,
      body: { data: { type: 'profile', attributes: { require_mfa: true } } },
    });
    expect(patch.status).toBe(200);
    expect(patch.json.data.attributes.require_mfa).toBe(true);

    // Another company is not affected.
    expect((await post('/login', { email: other.email, password: PASSWORD })).json.meta.access_token).toBeDefined();

    const login = await post('/login', { email: user.email, password: PASSWORD });
    expect(login.json.meta).toEqual({ mfa_enrolment_required: true, mfa_token: expect.any(String) });
    const token = login.json.meta.mfa_token as string;
    // The challenge of an enrolment is not a sign-in challenge, and the reverse.
    expect((await post('/login/mfa', { mfa_token: token, code: '123456' })).status).toBe(401);
    const started = await post('/login/mfa/enrol', { mfa_token: token });
    expect(started.status).toBe(200);
    const secret = started.json.meta.secret as string;
    const wrong = code(secret) === '123456' ? '654321' : '123456';
    expect((await post('/login/mfa/enrol/confirm', { mfa_token: token, code: wrong })).status).toBe(422);
    const done = await post('/login/mfa/enrol/confirm', { mfa_token: token, code: code(secret) });
    expect(done.status).toBe(200);
    expect(done.json.meta.access_token).toEqual(expect.any(String));
    expect(done.json.meta.recovery_codes).toHaveLength(10);
    expect((await post('/login/mfa/enrol/confirm', { mfa_token: token, code: code(secret, 1) })).status).toBe(401);
    const me = await app.request({ method: 'GET', url: `${API}/me/mfa`, token: done.json.meta.access_token });
    expect(me.json.meta).toMatchObject({ enabled: true, required: true });
    expect((await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_required).toBe(true);
  });

  const stepUp = async (token: string, password: string) =>
    expect((await app.request({ method: 'POST', url: `${API}/me/reauth`, token, body: { password } })).status).toBe(
      204,
    );

  it('the super requires it everywhere in Settings', async () => {
    const superLogin = await post('/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    const superToken = superLogin.json.meta.access_token as string;
    await stepUp(superToken, SUPER_PASSWORD);
    const user = await app.signIn('user');
    const admin = await app.signIn('admin');
    const body = (value: boolean) => ({ data: { type: 'security-settings', attributes: { require_mfa: value } } });
    expect(
      (await app.request({ method: 'PATCH', url: `${API}/settings/security`, token: admin.token, body: body(true) }))
        .status,
    ).toBe(403);
    const on = await app.request({
      method: 'PATCH',
      url: `${API}/settings/security`,
      token: superToken,
      body: body(true),
    });
    expect(on.status).toBe(200);
    expect(on.json.data.attributes.require_mfa).toBe(true);
    try {
      expect((await post('/login', { email: user.email, password: PASSWORD })).json.meta.mfa_enrolment_required).toBe(
        true,
      );
    } finally {
      await app.request({ method: 'PATCH', url: `${API}/settings/security`, token: superToken, body: body(false) });
    }
    expect((await post('/login', { email: user.email, password: PASSWORD })).json.meta.access_token).toBeDefined();
    const audited = await app.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'settings.security')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('a company admin or the super resets a lost second factor; the user is mailed; others may not', async () => {
    const admin = await app.signIn('admin');
    const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
    const user = await app.signIn('user', { customerId: admin.customerId! });
    const stranger = await app.signIn('admin');
    await enrol(user);
    const reset = (token: string) => app.request({ method: 'DELETE', url: `${API}/users/${user.userId}/mfa`, token });
    expect((await reset(stranger.token)).status).toBe(404);
    expect((await reset(adminuser.token)).status).toBe(403);
    expect((await reset(user.token)).status).toBe(403);
    expect((await reset(admin.token)).status).toBe(204);
    const status = await app.request({ method: 'GET', url: `${API}/me/mfa`, token: user.token });
    expect(status.json.meta).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const mail = await smtp.waitFor(user.email, 'two-factor sign-in was reset');
    expect(mail.text).toContain('an administrator has reset');
    const entry = await app.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'mfa.reset')
      .where('target', '=', `user:${user.userId}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_user_id: admin.userId, customer_id: admin.customerId });

    await enrol(user);
    const superToken = (await post('/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD })).json.meta
      .access_token as string;
    expect((await reset(superToken)).status).toBe(401);
    await stepUp(superToken, SUPER_PASSWORD);
    expect((await reset(superToken)).status).toBe(204);
    expect((await post('/login', { email: user.email, password: PASSWORD })).json.meta.access_token).toBeDefined();
  });
});
