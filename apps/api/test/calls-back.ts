import type { SignedIn, TestApp } from './app';

/** What the tests of calling back share: a call of a new phonebot of the owner's company, from a number. */
export async function newCallFrom(app: TestApp, owner: SignedIn, caller = '+4917012345'): Promise<string> {
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
  });
  const call = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: created.json.meta.bot_token,
    headers: { 'idempotency-key': `call-${Math.random()}` },
    body: { caller_number: caller, response: [] },
  });
  return String(call.json.data.id);
}
