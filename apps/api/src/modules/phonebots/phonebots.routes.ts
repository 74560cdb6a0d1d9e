import {
  createPhonebotDocumentSchema,
  guestPhonebotDocumentSchema,
  listMetaSchema,
  listQuerySchema,
  superUpdatePhonebotDocumentSchema,
  updatePhonebotDocumentSchema,
} from '@phonebot/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { ApiRouter, Principal } from '../../lib/router';
import {
  type PhonebotScope,
  type PhonebotsDeps,
  createPhonebot,
  deletePhonebot,
  getPhonebot,
  guestPhonebotResource,
  listPhonebots,
  phonebotResource,
  regenerateBotToken,
  updatePhonebot,
} from './phonebots.service';

const licenseKeyParams = z.object({ license_Key: z.string().min(1).max(100) });
const resource = z.object({ type: z.literal('vbots'), id: z.string(), attributes: z.record(z.string(), z.unknown()) });
const documentSchema = z.object({ data: resource });
const listSchema = z.object({ data: z.array(resource), meta: listMetaSchema.optional() });
const botTokenSchema = z.object({ license_Key: z.string(), bot_token: z.string() });

function companyScope(principal: Principal): { customerId: number } {
  if (principal.customerId === null) throw notFound();
  return { customerId: principal.customerId };
}

/** The super reaches every phonebot; everyone else only their company's. */
function scopeOf(principal: Principal): PhonebotScope {
  return principal.role === 'super' ? 'all' : companyScope(principal);
}

export function registerPhonebotRoutes(router: ApiRouter, deps: PhonebotsDeps): void {
  const { db, secrets } = deps;
  const tags = ['Phonebots'];

  router.authed(
    {
      method: 'GET',
      url: '/vbot',
      summary: 'The phonebots of the caller’s company (admin, adminuser; guests get name, state, greeting and prompt)',
      tags,
      operations: ['phonebots.manage', 'phonebots.guestEdit'],
      query: listQuerySchema,
      responses: { 200: { description: 'The phonebots', schema: listSchema }, ...errorResponses(401, 403) },
    },
    async ({ principal, query }) => {
      const { rows, total } = await listPhonebots(db, companyScope(principal), { ...query, per_page: 'all', page: 1 });
      const data =
        principal.role === 'guest'
          ? rows.map(guestPhonebotResource)
          : rows.map((row) => phonebotResource(secrets, row));
      return { data, meta: { total, page: 1, per_page: 'all' } };
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/vbot',
      summary: 'Create a phonebot; answers it with its license key and bot token (shown only this once)',
      tags,
      operations: ['phonebots.manage'],
      body: createPhonebotDocumentSchema,
      responses: {
        201: { description: 'Created', schema: documentSchema.extend({ meta: botTokenSchema }) },
        ...errorResponses(401, 403, 422),
      },
    },
    async ({ principal, body, reply, req }) => {
      const { customerId } = companyScope(principal);
      const { row, botToken } = await createPhonebot(deps, actorOf(principal, req), customerId, body.data.attributes);
      reply.code(201);
      return { data: phonebotResource(secrets, row), meta: { license_Key: row.license_key, bot_token: botToken } };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/vbot/:license_Key',
      summary: 'One phonebot for its edit form (admin, adminuser of its company; the super for any)',
      tags,
      operations: ['phonebots.manage', 'phonebots.all'],
      params: licenseKeyParams,
      responses: { 200: { description: 'The phonebot', schema: documentSchema }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params }) => ({
      data: phonebotResource(secrets, await getPhonebot(db, scopeOf(principal), params.license_Key)),
    }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/vbot/:license_Key',
      summary: 'Change a phonebot (partial; an empty secret keeps the stored one)',
      tags,
      operations: ['phonebots.manage'],
      params: licenseKeyParams,
      body: updatePhonebotDocumentSchema,
      responses: {
        200: { description: 'The updated phonebot', schema: documentSchema },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ principal, params, body, req }) => {
      const row = await getPhonebot(db, companyScope(principal), params.license_Key);
      const updated = await updatePhonebot(deps, actorOf(principal, req), row, body.data.attributes, {
        action: 'phonebot.update',
      });
      return { data: phonebotResource(secrets, updated) };
    },
  );

  router.authed(
    {
      method: 'DELETE',
      url: '/vbot/:license_Key',
      summary: 'Delete a phonebot and its calls (its monthly call counts stay); admin, adminuser, or the super for any',
      tags,
      operations: ['phonebots.manage', 'phonebots.all'],
      params: licenseKeyParams,
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params, reply, req }) => {
      const row = await getPhonebot(db, scopeOf(principal), params.license_Key);
      await deletePhonebot(db, actorOf(principal, req), row);
      reply.code(204);
    },
  );

  router.authed(
    {
      method: 'POST',
      url: '/vbot/:license_Key/bot-token',
      summary: 'Issue a new bot token for the phonebot’s runtime; the old one stops working (shown only this once)',
      tags,
      operations: ['phonebots.manage', 'phonebots.all'],
      params: licenseKeyParams,
      responses: { 201: { description: 'The new token', schema: botTokenSchema }, ...errorResponses(401, 403, 404) },
    },
    async ({ principal, params, reply, req }) => {
      const row = await getPhonebot(db, scopeOf(principal), params.license_Key);
      const botToken = await regenerateBotToken(db, actorOf(principal, req), row);
      reply.code(201);
      return { license_Key: row.license_key, bot_token: botToken };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/vbotbyguest/:license_Key',
      summary: 'A phonebot’s greeting and prompt for a guest of its company',
      tags,
      operations: ['phonebots.guestEdit'],
      params: licenseKeyParams,
      responses: {
        200: { description: 'The phonebot (guest view)', schema: documentSchema },
        ...errorResponses(401, 403, 404),
      },
    },
    async ({ principal, params }) => ({
      data: guestPhonebotResource(await getPhonebot(db, companyScope(principal), params.license_Key)),
    }),
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/vbotbyguest/:license_Key',
      summary: 'A guest changes a phonebot’s greeting (ansagetext) and prompt; any other field is refused (422)',
      tags,
      operations: ['phonebots.guestEdit'],
      params: licenseKeyParams,
      body: guestPhonebotDocumentSchema,
      responses: {
        200: { description: 'The phonebot (guest view)', schema: documentSchema },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ principal, params, body, req }) => {
      const row = await getPhonebot(db, companyScope(principal), params.license_Key);
      const updated = await updatePhonebot(deps, actorOf(principal, req), row, body.data.attributes, {
        action: 'phonebot.guest-update',
      });
      return { data: guestPhonebotResource(updated) };
    },
  );

  router.authed(
    {
      method: 'GET',
      url: '/phonebot',
      summary: 'All phonebots of all customers, with search and paging (super)',
      tags,
      operations: ['phonebots.all'],
      query: listQuerySchema,
      responses: { 200: { description: 'A page of phonebots', schema: listSchema }, ...errorResponses(401, 403) },
    },
    async ({ query }) => {
      const { rows, total } = await listPhonebots(db, 'all', query);
      return {
        data: rows.map((row) => phonebotResource(secrets, row)),
        meta: { total, page: query.page, per_page: query.per_page },
      };
    },
  );

  router.authed(
    {
      method: 'PATCH',
      url: '/phonebot/:license_Key',
      summary: 'Change any phonebot (super), including payment_status for a customer who pays by invoice',
      tags,
      operations: ['phonebots.all'],
      params: licenseKeyParams,
      body: superUpdatePhonebotDocumentSchema,
      responses: {
        200: { description: 'The updated phonebot', schema: documentSchema },
        ...errorResponses(401, 403, 404, 422),
      },
    },
    async ({ principal, params, body, req }) => {
      const row = await getPhonebot(db, 'all', params.license_Key);
      const { payment_status, ...fields } = body.data.attributes;
      // A payment state set by hand is newer than any webhook event that occurred before it.
      const updated = await updatePhonebot(deps, actorOf(principal, req), row, fields, {
        action: 'phonebot.update',
        paymentStatus: payment_status,
      });
      return { data: phonebotResource(secrets, updated) };
    },
  );
}
