import { z } from 'zod';
import { defineContract } from '../core/contract';
import { listDocument, resourceObject, singleDocument } from '../core/jsonapi';
import { pagedQuery } from '../core/paged-query';

/**
 * Phonebots in operation: the versions of a phonebot's configuration (every change is one, with who, when and which
 * fields; secrets only as changed), the diff of one against the one before, and its restore.
 */

/** What a guest sees of the versions: only the fields a guest may change. */
export const GUEST_VERSION_FIELDS = ['ansagetext', 'prompt'] as const;

export const phonebotVersionAttributesSchema = z.object({
  number: z.number().int(),
  created_at: z.string(),
  /** Who made the change (their name when they made it); null for the state before versions were kept. */
  actor_name: z.string().nullable(),
  actor_role: z.string().nullable(),
  /** The changed fields' names; a secret is named, its value never shown. */
  fields: z.array(z.string()),
  /** The version this one restored, if it is a restore. */
  restored_from: z.number().int().nullable(),
});
export type PhonebotVersionAttributes = z.infer<typeof phonebotVersionAttributesSchema>;

/** One changed field: its value before and after, or for a secret only that it changed. */
export const phonebotVersionChangeSchema = z.union([
  z.object({ field: z.string(), secret: z.literal(false), before: z.unknown(), after: z.unknown() }),
  z.object({ field: z.string(), secret: z.literal(true), changed: z.literal(true) }),
]);
export type PhonebotVersionChange = z.infer<typeof phonebotVersionChangeSchema>;

export const phonebotVersionDetailAttributesSchema = phonebotVersionAttributesSchema.extend({
  /** The version it is compared with (the one before), null for the first. */
  previous: z.number().int().nullable(),
  changes: z.array(phonebotVersionChangeSchema),
});
export type PhonebotVersionDetail = z.infer<typeof phonebotVersionDetailAttributesSchema>;

const versionResource = resourceObject('phonebot-versions', phonebotVersionAttributesSchema);
const versionDetailResource = resourceObject('phonebot-versions', phonebotVersionDetailAttributesSchema);

const idParams = z.object({ id: z.string().min(1).max(100) });
const versionParams = idParams.extend({ n: z.coerce.number().int().min(1).max(2_147_483_647) });
const readers = ['phonebots.manage', 'phonebots.guestEdit', 'phonebots.all'] as const;

export const phonebotVersionContracts = {
  listPhonebotVersions: defineContract({
    operationId: 'listPhonebotVersions',
    method: 'GET',
    path: '/phonebots/:id/versions',
    summary:
      'The versions of a phonebot’s configuration, newest first: who, when, which fields (guests: greeting and prompt only)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: readers,
    params: idParams,
    query: pagedQuery(),
    responses: { 200: listDocument(versionResource) },
    errors: [],
  }),
  getPhonebotVersion: defineContract({
    operationId: 'getPhonebotVersion',
    method: 'GET',
    path: '/phonebots/:id/versions/:n',
    summary: 'One version with its changes against the version before it (secrets only as changed)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: readers,
    params: versionParams,
    responses: { 200: singleDocument(versionDetailResource) },
    errors: [],
  }),
  restorePhonebotVersion: defineContract({
    operationId: 'restorePhonebotVersion',
    method: 'POST',
    path: '/phonebots/:id/versions/:n/restore',
    summary:
      'Restore the configuration of a version as a new version (secrets restored sealed, never shown; guests restore greeting and prompt)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: readers,
    params: versionParams,
    responses: { 201: singleDocument(versionDetailResource) },
    errors: [],
  }),
};
