import type { AddressInfo } from 'node:net';
import Kitsu from 'kitsu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestApp, createTestApp } from '../app';

/**
 * A standard JSON:API client with its default settings does create, read, update and delete on the resources. It
 * signs in through the login route (JSON:API has no sign-in), then sends the access token as a bearer token.
 */

let app: TestApp;
let api: Kitsu;

type Listed = { data: { id: string; [attribute: string]: unknown }[] };
type One = { data: { id: string; type: string; [attribute: string]: unknown } };

beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  const admin = await app.signIn('admin');
  const login = await fetch(`http://127.0.0.1:${port}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
    body: JSON.stringify({ email: admin.email, password: PASSWORD }),
  });
  const { meta } = (await login.json()) as { meta: { access_token: string } };
  api = new Kitsu({
    baseURL: `http://127.0.0.1:${port}/api/v2`,
    headers: { Authorization: `Bearer ${meta.access_token}` },
  });
});
afterAll(async () => {
  await app?.stop();
});

describe('a standard JSON:API client (kitsu, default settings)', () => {
  it('lists, reads, creates, updates and deletes users', async () => {
    const created = (await api.post('users', { email: 'kitsu-user@example.com', name: 'Kira Kitsu' })) as One;
    expect(created.data).toMatchObject({ type: 'users', name: 'Kira Kitsu', role: 'user', status: 'Active' });

    const listed = (await api.get('users')) as Listed;
    expect(listed.data.map((user) => user.id)).toContain(created.data.id);

    const read = (await api.get(`users/${created.data.id}`)) as One;
    expect(read.data.email).toBe('kitsu-user@example.com');

    const updated = (await api.patch('users', { id: created.data.id, name: 'Kira K.', role: 'adminuser' })) as One;
    expect(updated.data).toMatchObject({ name: 'Kira K.', role: 'adminuser', email: 'kitsu-user@example.com' });

    await api.delete('users', created.data.id);
    await expect(api.get(`users/${created.data.id}`)).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('lists, reads, creates, updates and deletes phonebots', async () => {
    const created = (await api.post('phonebots', {
      bezeichnung: 'Kitsu Desk',
      category_terms: ['Sales'],
    })) as One & { meta: { bot_token: string } };
    expect(created.data).toMatchObject({ type: 'phonebots', bezeichnung: 'Kitsu Desk', payment_status: 0 });
    expect(created.meta.bot_token).toMatch(/^pbt_/);

    const listed = (await api.get('phonebots')) as Listed;
    expect(listed.data.map((phonebot) => phonebot.id)).toContain(created.data.id);

    const read = (await api.get(`phonebots/${created.data.id}`)) as One;
    expect(read.data.category_terms).toEqual(['Sales']);

    const updated = (await api.patch('phonebots', { id: created.data.id, prompt: 'Be brief.' })) as One;
    expect(updated.data).toMatchObject({ prompt: 'Be brief.', bezeichnung: 'Kitsu Desk' });

    await api.delete('phonebots', created.data.id);
    await expect(api.get(`phonebots/${created.data.id}`)).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('lists, reads, creates, updates and deletes calls', async () => {
    const phonebot = (await api.post('phonebots', { bezeichnung: 'Calls Desk', category_terms: ['Support'] })) as One;
    const created = (await api.post('calls', {
      phonebot: phonebot.data.id,
      caller_number: '+4930555123',
      selected_category: 'Support',
    })) as One;
    expect(created.data).toMatchObject({ type: 'calls', status: 'New', selected_category: 'Support' });

    const listed = (await api.get('calls', { params: { filter: { view: 'open' } } })) as Listed;
    expect(listed.data.map((call) => call.id)).toContain(created.data.id);

    const read = (await api.get(`calls/${created.data.id}`)) as One;
    expect(read.data.caller_number).toBe('+4930555123');

    const updated = (await api.patch('calls', { id: created.data.id, status: 'Completed' })) as One;
    expect(updated.data.status).toBe('Completed');

    await api.delete('calls', created.data.id);
    await expect(api.get(`calls/${created.data.id}`)).rejects.toMatchObject({ response: { status: 404 } });
  });
});
