import { z } from 'zod';
import { defineContract } from '../core/contract';
import {
  listDocument,
  metaDocument,
  resourceIdentifierRequest,
  resourceRequest,
  singleDocument,
} from '../core/jsonapi';
import { pagedQuery } from '../core/paged-query';
import type { PHONEBOT_SECRETS } from './schema';
import {
  createPhonebotSchema,
  guestPhonebotSchema,
  phonebotFieldsSchema,
  superUpdatePhonebotSchema,
  updatePhonebotSchema,
} from './schema';

/** Every setting of a phonebot as the API answers it (the secrets are not among them). */
const settingsSchema = phonebotFieldsSchema.omit({
  bezeichnung: true,
  sip_passwd: true,
  e_mail_passwd: true,
  nat_password: true,
  apen_ai_key: true,
  source_secret: true,
});

/** A phonebot as admins and the super see it: the provider key masked, passwords left out. */
export const phonebotAttributesSchema = settingsSchema.extend({
  license_Key: z.string(),
  bezeichnung: z.string(),
  customer_name: z.string(),
  status: z.enum(['online', 'offline']),
  /** When the company's admins were told that its runtime is offline; null while it is online or not yet told. */
  offline_alerted_at: z.string().nullable().optional(),
  pstatus: z.enum(['active', 'inactive']),
  payment_status: z.number().int(),
  created_at: z.string(),
  attendedtransfer: z.boolean(),
  apen_ai_key: z.string(),
  /** Which secrets are stored (their values are never answered). */
  secrets_set: z.object({
    sip_passwd: z.boolean(),
    e_mail_passwd: z.boolean(),
    nat_password: z.boolean(),
    apen_ai_key: z.boolean(),
    source_secret: z.boolean(),
  } satisfies Record<(typeof PHONEBOT_SECRETS)[number], z.ZodBoolean>),
});
export type PhonebotAttributes = z.infer<typeof phonebotAttributesSchema>;

/** What a guest sees of a phonebot: its name, state, greeting and prompt. */
export const guestPhonebotAttributesSchema = z.object({
  license_Key: z.string(),
  bezeichnung: z.string(),
  status: z.enum(['online', 'offline']),
  created_at: z.string(),
  ansagetext: z.string(),
  prompt: z.string(),
});
export type GuestPhonebotAttributes = z.infer<typeof guestPhonebotAttributesSchema>;

/** The original routes call phonebots `vbots`; the resource API `phonebots`. The id is the license key. */
export type PhonebotType = 'vbots' | 'phonebots';

export function phonebotResourceSchema<T extends PhonebotType>(type: T) {
  return z.object({ type: z.literal(type), id: z.string(), attributes: phonebotAttributesSchema });
}
export function guestPhonebotResourceSchema<T extends PhonebotType>(type: T) {
  return z.object({ type: z.literal(type), id: z.string(), attributes: guestPhonebotAttributesSchema });
}
/** A guest gets the guest view, everyone else the full one. */
function anyPhonebotResourceSchema<T extends PhonebotType>(type: T) {
  return z.union([phonebotResourceSchema(type), guestPhonebotResourceSchema(type)]);
}

export const botTokenSchema = z.object({ license_Key: z.string(), bot_token: z.string() });

const keyParams = z.object({ license_Key: z.string().min(1).max(100) });
const idParams = z.object({ id: z.string().min(1).max(100) });
const compatibility = ['Phonebots', 'Compatibility'] as const;
const managers = ['phonebots.manage'] as const;
const managersOrSuper = ['phonebots.manage', 'phonebots.all'] as const;
const everyone = ['phonebots.manage', 'phonebots.guestEdit', 'phonebots.all'] as const;
const vbotWrite = { type: 'vbots', id: 'path', idParam: 'license_Key' } as const;
const phonebotWrite = { type: 'phonebots', id: 'path' } as const;
export const phonebotListQuerySchema = pagedQuery();
/** What the phonebot lists sort by (`sort`); newest first by default. */
export const PHONEBOT_SORTS = ['created_at', 'bezeichnung', 'customer_name'] as const;

export const phonebotContracts = {
  listPhonebots: defineContract({
    operationId: 'listPhonebots',
    method: 'GET',
    path: '/phonebots',
    summary:
      'Phonebots: the company’s (admin, adminuser; guests see name, state, greeting and prompt) or all of them (super)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: everyone,
    query: phonebotListQuerySchema,
    sorts: PHONEBOT_SORTS,
    responses: { 200: listDocument(anyPhonebotResourceSchema('phonebots')) },
    errors: [],
  }),
  getPhonebot: defineContract({
    operationId: 'getPhonebot',
    method: 'GET',
    path: '/phonebots/:id',
    summary: 'One phonebot by its license key (guests see name, state, greeting and prompt)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: everyone,
    params: idParams,
    responses: { 200: singleDocument(anyPhonebotResourceSchema('phonebots')) },
    errors: [],
  }),
  createPhonebot: defineContract({
    operationId: 'createPhonebot',
    method: 'POST',
    path: '/phonebots',
    summary: 'Create a phonebot; answers it with its bot token in meta (shown only this once)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: managers,
    resource: { type: 'phonebots', id: 'none' },
    body: resourceRequest('phonebots', createPhonebotSchema),
    responses: { 201: singleDocument(phonebotResourceSchema('phonebots')).extend({ meta: botTokenSchema }) },
    errors: [],
  }),
  updatePhonebot: defineContract({
    operationId: 'updatePhonebot',
    method: 'PATCH',
    path: '/phonebots/:id',
    summary:
      'Change a phonebot (partial; an empty secret keeps the stored one). Guests change only ansagetext and prompt; only the super sets payment_status',
    tags: ['Phonebots'],
    auth: 'user',
    operations: everyone,
    params: idParams,
    resource: phonebotWrite,
    body: resourceRequest('phonebots', superUpdatePhonebotSchema),
    responses: { 200: singleDocument(anyPhonebotResourceSchema('phonebots')) },
    errors: [],
  }),
  deletePhonebot: defineContract({
    operationId: 'deletePhonebot',
    method: 'DELETE',
    path: '/phonebots/:id',
    summary: 'Delete a phonebot and its calls (its monthly call counts stay); admin, adminuser, or the super',
    tags: ['Phonebots'],
    auth: 'user',
    operations: managersOrSuper,
    params: idParams,
    resource: phonebotWrite,
    body: resourceIdentifierRequest('phonebots'),
    responses: { 204: null },
    errors: [],
  }),
  regenerateBotToken: defineContract({
    operationId: 'regenerateBotToken',
    method: 'POST',
    path: '/phonebots/:id/bot-token',
    summary:
      'Issue a new bot token for the phonebot’s runtime; the old one stops working (shown only this once). The company’s owners only, with step-up; audited and mailed to the owners',
    tags: ['Phonebots'],
    auth: 'user',
    operations: ['phonebots.botToken'],
    params: idParams,
    responses: { 201: metaDocument(botTokenSchema) },
    errors: [],
  }),
  listVbots: defineContract({
    operationId: 'listVbots',
    method: 'GET',
    path: '/vbot',
    summary: 'The phonebots of the caller’s company (admin, adminuser; guests get name, state, greeting and prompt)',
    tags: compatibility,
    auth: 'user',
    operations: ['phonebots.manage', 'phonebots.guestEdit'],
    responses: { 200: listDocument(anyPhonebotResourceSchema('vbots')) },
    errors: [],
  }),
  createVbot: defineContract({
    operationId: 'createVbot',
    method: 'POST',
    path: '/vbot',
    summary: 'Create a phonebot; answers it with its license key and bot token (shown only this once)',
    tags: compatibility,
    auth: 'user',
    operations: managers,
    resource: { type: 'vbots', id: 'none' },
    body: resourceRequest('vbots', createPhonebotSchema),
    responses: { 201: singleDocument(phonebotResourceSchema('vbots')).extend({ meta: botTokenSchema }) },
    errors: [],
  }),
  getVbot: defineContract({
    operationId: 'getVbot',
    method: 'GET',
    path: '/vbot/:license_Key',
    summary: 'One phonebot for its edit form (admin, adminuser of its company; the super for any)',
    tags: compatibility,
    auth: 'user',
    operations: managersOrSuper,
    params: keyParams,
    responses: { 200: singleDocument(phonebotResourceSchema('vbots')) },
    errors: [],
  }),
  updateVbot: defineContract({
    operationId: 'updateVbot',
    method: 'PATCH',
    path: '/vbot/:license_Key',
    summary: 'Change a phonebot (partial; an empty secret keeps the stored one)',
    tags: compatibility,
    auth: 'user',
    operations: managers,
    params: keyParams,
    resource: vbotWrite,
    body: resourceRequest('vbots', updatePhonebotSchema),
    responses: { 200: singleDocument(phonebotResourceSchema('vbots')) },
    errors: [],
  }),
  deleteVbot: defineContract({
    operationId: 'deleteVbot',
    method: 'DELETE',
    path: '/vbot/:license_Key',
    summary: 'Delete a phonebot and its calls (its monthly call counts stay); admin, adminuser, or the super for any',
    tags: compatibility,
    auth: 'user',
    operations: managersOrSuper,
    params: keyParams,
    responses: { 204: null },
    errors: [],
  }),
  getVbotByGuest: defineContract({
    operationId: 'getVbotByGuest',
    method: 'GET',
    path: '/vbotbyguest/:license_Key',
    summary: 'A phonebot’s greeting and prompt for a guest of its company',
    tags: compatibility,
    auth: 'user',
    operations: ['phonebots.guestEdit'],
    params: keyParams,
    responses: { 200: singleDocument(guestPhonebotResourceSchema('vbots')) },
    errors: [],
  }),
  updateVbotByGuest: defineContract({
    operationId: 'updateVbotByGuest',
    method: 'PATCH',
    path: '/vbotbyguest/:license_Key',
    summary: 'A guest changes a phonebot’s greeting (ansagetext) and prompt; any other field is refused (422)',
    tags: compatibility,
    auth: 'user',
    operations: ['phonebots.guestEdit'],
    params: keyParams,
    resource: vbotWrite,
    body: resourceRequest('vbots', guestPhonebotSchema),
    responses: { 200: singleDocument(guestPhonebotResourceSchema('vbots')) },
    errors: [],
  }),
  listAllVbots: defineContract({
    operationId: 'listAllVbots',
    method: 'GET',
    path: '/phonebot',
    summary: 'All phonebots of all customers, with search and paging (super)',
    tags: compatibility,
    auth: 'user',
    operations: ['phonebots.all'],
    query: phonebotListQuerySchema,
    sorts: PHONEBOT_SORTS,
    responses: { 200: listDocument(phonebotResourceSchema('vbots')) },
    errors: [],
  }),
  updateAnyVbot: defineContract({
    operationId: 'updateAnyVbot',
    method: 'PATCH',
    path: '/phonebot/:license_Key',
    summary: 'Change any phonebot (super), including payment_status for a customer who pays by invoice',
    tags: compatibility,
    auth: 'user',
    operations: ['phonebots.all'],
    params: keyParams,
    resource: vbotWrite,
    body: resourceRequest('vbots', superUpdatePhonebotSchema),
    responses: { 200: singleDocument(phonebotResourceSchema('vbots')) },
    errors: [],
  }),
};
