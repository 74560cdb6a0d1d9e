import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
const API = '/api/v2';

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, ip: string, userAgent: string): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: `${API}/login`,
    body: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.status).toBe(200);
  return res.json.meta.access_token as string;
}

const sessions = (token: string) => app.request({ method: 'GET', url: `${API}/me/sessions`, token });

describe('sessions', () => {
  it('lists the user’s sessions with client, address and times, this one marked, and ends one or all others', async () => {
    const user = await app.signIn('user');
    const other = await app.signIn('user');
    const laptop = await signInFrom(user.email, '10.1.1.1', FIREFOX);
    const phone = await signInFrom(user.email, '10.1.1.2', IPHONE);

    const listed = await sessions(laptop);
    expect(listed.status).toBe(200);
    const rows = listed.json.data as { id: string; attributes: Record<string, unknown> }[];
    expect(rows).toHaveLength(3);
    const current = rows.filter((row) => row.attributes.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.attributes).toMatchObject({ ip: '10.1.1.1', user_agent: FIREFOX });
    const phoneRow = rows.find((row) => row.attributes.user_agent === IPHONE)!;
    expect(phoneRow.attributes).toMatchObject({ ip: '10.1.1.2', current: false });
    expect(typeof phoneRow.attributes.created_at).toBe('string');
    expect(typeof phoneRow.attributes.last_used_at).toBe('string');

    // Another user's session is not found, and nothing ends.
    const othersSession = (await sessions(other.token)).json.data[0].id as string;
    const del = (id: string, token: string) =>
      app.request({ method: 'DELETE', url: `${API}/me/sessions/${id}`, token });
    expect((await del(othersSession, laptop)).status).toBe(404);
    expect((await sessions(other.token)).status).toBe(200);

    expect((await del(phoneRow.id, laptop)).status).toBe(204);
    expect((await sessions(phone)).status).toBe(401);
    expect((await sessions(laptop)).json.data).toHaveLength(2);

    const ended = await app.request({ method: 'DELETE', url: `${API}/me/sessions`, token: laptop });
    expect(ended.json.meta).toEqual({ ended: 1 });
    expect((await sessions(user.token)).status).toBe(401);
    const left = (await sessions(laptop)).json.data as unknown[];
    expect(left).toHaveLength(1);

    const audited = await app.db.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('actor_user_id', '=', user.userId)
      .where('action', 'like', 'session.%')
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { action: 'session.end', ip: '127.0.0.1' },
      { action: 'session.end_others', ip: '127.0.0.1' },
    ]);
  });
});
