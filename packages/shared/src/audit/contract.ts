import { z } from 'zod';
import { defineContract } from '../core/contract';
import { listDocument, resourceObject } from '../core/jsonapi';
import { isoDaySchema, pagedQuery } from '../core/paged-query';

export const auditEventAttributesSchema = z.object({
  created_at: z.string(),
  action: z.string(),
  /** The object of the change (`user:12`, `call:7`, `settings:operator`), when there is one. */
  target: z.string().nullable(),
  ip: z.string().nullable(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventAttributes = z.infer<typeof auditEventAttributesSchema>;
export const auditEventResourceSchema = resourceObject('audit-events', auditEventAttributesSchema);
export type AuditEventResource = z.infer<typeof auditEventResourceSchema>;

/** Filters: the acting user, the action (exact, or a prefix ending in `.`, e.g. `mfa.`), and UTC days from/to. */
export const auditQuerySchema = pagedQuery({
  user: z.coerce.number().int().positive(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.]{1,60}$/, 'action holds lower-case letters, dots and underscores'),
  from: isoDaySchema,
  to: isoDaySchema,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const tags = ['Audit log'] as const;

export const auditContracts = {
  list: defineContract({
    operationId: 'listAuditEvents',
    method: 'GET',
    path: '/audit-events',
    summary:
      'The audit log, newest first: company admins see their company’s entries, the super all; filters user, action, from, to',
    tags,
    auth: 'user',
    operations: ['audit.view'],
    query: auditQuerySchema,
    responses: { 200: listDocument(auditEventResourceSchema) },
    errors: [],
  }),
  export: defineContract({
    operationId: 'exportAuditEvents',
    method: 'GET',
    path: '/audit-events/export',
    summary: 'audit_log.csv of the entries the same filters select, streamed',
    tags,
    auth: 'user',
    operations: ['audit.view'],
    query: auditQuerySchema,
    responses: { 200: { contentType: 'text/csv', description: 'CSV, values quoted, formulas neutralised' } },
    errors: [],
  }),
};
