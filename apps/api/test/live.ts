import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SignedIn, TestApp } from './app';

/** Lets a test app listen on a free loopback port (event streams need a real connection) and answers its base. */
export async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

export type LiveCompany = { owner: SignedIn; customerId: number; botToken: string; licenseKey: string };

/** A company with its admin and a phonebot (its bot token and license key). */
export async function liveCompany(app: TestApp, owner?: SignedIn): Promise<LiveCompany> {
  const admin = owner ?? (await app.signIn('admin'));
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: admin.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Live bot', category_terms: ['Sales', 'Support'] } } },
  });
  if (created.status !== 201) throw new Error(`phonebot not created: ${created.body}`);
  return {
    owner: admin,
    customerId: admin.customerId!,
    botToken: created.json.meta.bot_token as string,
    licenseKey: created.json.meta.license_Key as string,
  };
}

/** A call as the phonebot runtime posts it; answers the new call's id. */
export async function ingest(app: TestApp, botToken: string, text = 'Bitte um Rückruf'): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: botToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: { caller_number: '+4930123456', response: [{ action: 'UserRecognizedText', text }] },
  });
  if (res.status !== 201) throw new Error(`call not stored: ${res.body}`);
  return res.json.data.id as string;
}
