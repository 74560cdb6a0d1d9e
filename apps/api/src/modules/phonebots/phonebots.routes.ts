import type { FastifyRequest } from 'fastify';
import {
  type PhonebotFields,
  guestPhonebotSchema,
  updatePhonebotSchema,
  type PhonebotType,
  phonebotContracts,
} from '@phonebot/shared/phonebots';
import { actorOf } from '../../lib/audit';
import { ApiError, validationError } from '../../lib/errors';
import { pageLinks, pageMeta } from '../../lib/paging';
import type { RequestPrincipal } from '../../lib/principal';
import { type ApiRouter, customerOf } from '../../lib/router';
import { type BotTokenDeps, regenerateBotToken } from './bot-token.service';
import type { PhonebotWithCustomer } from './phonebot-row';
import { guestPhonebotResource, phonebotResource } from './phonebot-resource';
import {
  type PhonebotScope,
  ALL_PHONEBOTS,
  createPhonebot,
  deletePhonebot,
  getPhonebot,
  listPhonebots,
  updatePhonebot,
} from './phonebots.service';

function companyScope(principal: RequestPrincipal): { customerId: number } {
  return { customerId: customerOf(principal) };
}

/** The super reaches every phonebot; everyone else only their company's. */
function scopeOf(principal: RequestPrincipal): PhonebotScope {
  return principal.role === 'super' ? 'all' : companyScope(principal);
}

/**
 * The attributes of a write as the caller's role may send them: guests only the greeting and the prompt, companies
 * everything but the payment state (which billing or the super sets).
 */
function fieldsFor(principal: RequestPrincipal, req: FastifyRequest) {
  const attributes = (req.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
  if (principal.role !== 'guest' && 'payment_status' in attributes) {
    throw ApiError.of(422, 'invalidInput', {
      detail: 'The payment state is set by the billing provider or the super administrator.',
      pointer: '/data/attributes/payment_status',
    });
  }
  const schema = principal.role === 'guest' ? guestPhonebotSchema : updatePhonebotSchema;
  const parsed = schema.safeParse(attributes);
  if (!parsed.success) {
    const error = validationError(parsed.error);
    for (const item of error.errors) item.source = { pointer: `/data/attributes${item.source?.pointer ?? ''}` };
    throw error;
  }
  return parsed.data as Partial<PhonebotFields>;
}

export function registerPhonebotRoutes(router: ApiRouter, deps: BotTokenDeps): void {
  const { db, secrets } = deps;
  const c = phonebotContracts;
  const view = <T extends PhonebotType>(principal: RequestPrincipal, row: PhonebotWithCustomer, type: T) =>
    principal.role === 'guest' ? guestPhonebotResource(row, type) : phonebotResource(secrets, row, type);

  async function create<T extends PhonebotType>(
    principal: RequestPrincipal,
    req: FastifyRequest,
    fields: PhonebotFields,
    type: T,
  ) {
    const { row, botToken } = await createPhonebot(
      deps,
      actorOf(principal, req),
      companyScope(principal).customerId,
      fields,
    );
    return {
      data: phonebotResource(secrets, row, type),
      meta: { license_Key: row.license_key, bot_token: botToken },
    };
  }

  /** A change by a company or guest; the super's goes through `superUpdate`, which may set the payment state. */
  async function update(
    principal: RequestPrincipal,
    req: FastifyRequest,
    key: string,
    fields: Partial<PhonebotFields>,
  ) {
    const row = await getPhonebot(db, companyScope(principal), key);
    return updatePhonebot(deps, actorOf(principal, req), row, fields, {
      action: principal.role === 'guest' ? 'phonebot.guest-update' : 'phonebot.update',
    });
  }

  async function superUpdate(
    principal: RequestPrincipal,
    req: FastifyRequest,
    key: string,
    attributes: Partial<PhonebotFields> & { payment_status?: number | undefined },
  ) {
    const row = await getPhonebot(db, 'all', key);
    const { payment_status, ...fields } = attributes;
    // A payment state set by hand is newer than any webhook event that occurred before it.
    return updatePhonebot(deps, actorOf(principal, req), row, fields, {
      action: 'phonebot.update',
      paymentStatus: payment_status,
    });
  }

  async function remove(principal: RequestPrincipal, req: FastifyRequest, key: string) {
    const row = await getPhonebot(db, scopeOf(principal), key);
    await deletePhonebot(db, actorOf(principal, req), row);
    return undefined;
  }

  // The resource API.
  router.handle(c.listPhonebots, async ({ principal, query, req }) => {
    const { rows, total } = await listPhonebots(db, scopeOf(principal), query);
    return {
      data: rows.map((row) => view(principal, row, 'phonebots')),
      meta: pageMeta(query, total),
      links: pageLinks(req, query, total),
    };
  });
  router.handle(c.getPhonebot, async ({ principal, params }) => ({
    data: view(principal, await getPhonebot(db, scopeOf(principal), params.id), 'phonebots'),
  }));
  router.handle(c.createPhonebot, ({ principal, req, body }) =>
    create(principal, req, body.data.attributes, 'phonebots'),
  );
  router.handle(c.updatePhonebot, async ({ principal, req, params, body }) => {
    if (principal.role === 'super') {
      return { data: view(principal, await superUpdate(principal, req, params.id, body.data.attributes), 'phonebots') };
    }
    const fields = fieldsFor(principal, req);
    return { data: view(principal, await update(principal, req, params.id, fields), 'phonebots') };
  });
  router.handle(c.deletePhonebot, ({ principal, req, params }) => remove(principal, req, params.id));
  router.handle(c.regenerateBotToken, async ({ principal, req, params }) => {
    const row = await getPhonebot(db, scopeOf(principal), params.id);
    const botToken = await regenerateBotToken(deps, actorOf(principal, req), row);
    return { meta: { license_Key: row.license_key, bot_token: botToken } };
  });

  // The original routes.
  router.handle(c.listVbots, async ({ principal, req }) => {
    const { rows, total } = await listPhonebots(db, companyScope(principal), ALL_PHONEBOTS);
    return {
      data: rows.map((row) => view(principal, row, 'vbots')),
      meta: pageMeta(ALL_PHONEBOTS, total),
      links: pageLinks(req, ALL_PHONEBOTS, total),
    };
  });
  router.handle(c.createVbot, ({ principal, req, body }) => create(principal, req, body.data.attributes, 'vbots'));
  router.handle(c.getVbot, async ({ principal, params }) => ({
    data: phonebotResource(secrets, await getPhonebot(db, scopeOf(principal), params.license_Key), 'vbots'),
  }));
  router.handle(c.updateVbot, async ({ principal, req, params, body }) => ({
    data: phonebotResource(secrets, await update(principal, req, params.license_Key, body.data.attributes), 'vbots'),
  }));
  router.handle(c.deleteVbot, ({ principal, req, params }) => remove(principal, req, params.license_Key));
  router.handle(c.getVbotByGuest, async ({ principal, params }) => ({
    data: guestPhonebotResource(await getPhonebot(db, companyScope(principal), params.license_Key), 'vbots'),
  }));
  router.handle(c.updateVbotByGuest, async ({ principal, req, params, body }) => ({
    data: guestPhonebotResource(await update(principal, req, params.license_Key, body.data.attributes), 'vbots'),
  }));
  router.handle(c.listAllVbots, async ({ query, req }) => {
    const { rows, total } = await listPhonebots(db, 'all', query);
    return {
      data: rows.map((row) => phonebotResource(secrets, row, 'vbots')),
      meta: pageMeta(query, total),
      links: pageLinks(req, query, total),
    };
  });
  router.handle(c.updateAnyVbot, async ({ principal, req, params, body }) => ({
    data: phonebotResource(
      secrets,
      await superUpdate(principal, req, params.license_Key, body.data.attributes),
      'vbots',
    ),
  }));
}
