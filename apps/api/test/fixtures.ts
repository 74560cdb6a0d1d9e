import type { SignedIn, TestApp } from './app';

/** A complete 1x1 PNG that decodes, for avatar uploads. */
export const VALID_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963e0cd4bfd0f00034c01e00cf203490000000049454e44ae426082',
  'hex',
);

/**
 * A company's admin with a paid phonebot (created through the original route, marked paid by the super), ready to
 * post calls through the Bot API with `botToken`.
 */
export async function paidPhonebot(
  app: TestApp,
  name: string,
  admin?: SignedIn,
): Promise<{ admin: SignedIn; licenseKey: string; botToken: string }> {
  const owner = admin ?? (await app.signIn('admin'));
  const created = await app.request({
    method: 'POST',
    url: '/api/v2/vbot',
    token: owner.token,
    body: { data: { type: 'vbots', attributes: { bezeichnung: name, category_terms: ['Sales'] } } },
  });
  const sup = await app.signIn('super');
  await app.request({
    method: 'PATCH',
    url: `/api/v2/phonebot/${created.json.meta.license_Key}`,
    token: sup.token,
    body: { data: { type: 'vbots', attributes: { payment_status: 1 } } },
  });
  return { admin: owner, licenseKey: created.json.meta.license_Key, botToken: created.json.meta.bot_token };
}

/**
 * A paused webhook endpoint of a company for these events, written directly: its deliveries stay queued, so a test
 * reads what a change queued for it.
 */
export async function pausedWebhook(app: TestApp, customerId: number, events: string[]): Promise<number> {
  const now = new Date().toISOString();
  const row = await app.db.db
    .insertInto('webhooks')
    .values({
      customer_id: customerId,
      url: 'https://crm.example/hook',
      events: JSON.stringify(events),
      description: '',
      enabled: 0,
      secret: 'x',
      created_at: now,
      updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
