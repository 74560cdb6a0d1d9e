import { z } from 'zod';
import { defineContract } from '../core/contract';
import { resourceObject, resourceRequest, singleDocument } from '../core/jsonapi';
import { CALL_PRIORITIES } from '../calls/schema';

/** Bounds of the wait before an untaken urgent call is mailed, in minutes. */
export const URGENT_MAIL_MINUTES = { min: 1, max: 1440, default: 15 } as const;

/**
 * A company's urgent-call e-mails: calls of these priorities that nobody took (open, unassigned, not snoozed) after `after_minutes`
 * are mailed once to the company's operators. No priorities: no mails.
 */
export const urgentMailSettingsSchema = z.object({
  priorities: z
    .array(z.enum(CALL_PRIORITIES))
    .max(CALL_PRIORITIES.length)
    .refine((list) => new Set(list).size === list.length, 'Each priority may be named once.'),
  after_minutes: z.number().int().min(URGENT_MAIL_MINUTES.min).max(URGENT_MAIL_MINUTES.max),
});
export type UrgentMailSettings = z.infer<typeof urgentMailSettingsSchema>;

export const urgentMailDocumentSchema = singleDocument(resourceObject('urgent-mail', urgentMailSettingsSchema));

const tags = ['Profile'] as const;
const company = ['company.edit'] as const;

export const urgentMailContracts = {
  getUrgentMail: defineContract({
    operationId: 'getUrgentMail',
    method: 'GET',
    path: '/urgent-mail',
    summary: 'The company’s urgent-call e-mail setting (admin, adminuser)',
    tags,
    auth: 'user',
    operations: company,
    responses: { 200: urgentMailDocumentSchema },
    errors: [],
  }),
  updateUrgentMail: defineContract({
    operationId: 'updateUrgentMail',
    method: 'PATCH',
    path: '/urgent-mail',
    summary: 'Change which priorities are mailed to the operators when untaken, and after how many minutes',
    tags,
    auth: 'user',
    operations: company,
    resource: { type: 'urgent-mail', id: 'singleton' },
    body: resourceRequest('urgent-mail', urgentMailSettingsSchema.partial()),
    responses: { 200: urgentMailDocumentSchema },
    errors: [],
  }),
};
