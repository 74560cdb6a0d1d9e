import { z } from 'zod';
import { defineContract } from '../core/contract';
import { listDocument, metaDocument, resourceObject, singleDocument } from '../core/jsonapi';
import { isWithheldNumber } from '../calls/values';
import { CALL_LIMITS } from '../calls/schema';
import { pagedQuery } from '../core/paged-query';
import {
  callAttributesSchema,
  callDetailAttributesSchema,
  noteResourceSchema,
  smsResourceSchema,
} from '../calls/contract';

/**
 * A caller's number in the path (URL-encoded, E.164 as stored with the calls). A withheld number ('anonymous' and
 * the like, isWithheldNumber) names nobody: it is not found, like a number the company keeps nothing of.
 */
export const callerNumberParamsSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'notFound')
    .max(CALL_LIMITS.caller, 'notFound')
    .regex(/^[^\p{Cc}]+$/u, 'notFound')
    .refine((number) => !isWithheldNumber(number), 'notFound'),
});

/** One call of a caller's timeline: as the lists show it, with its notes and SMS. */
export const timelineCallAttributesSchema = callAttributesSchema.extend({
  notes: z.array(noteResourceSchema),
  sms: z.array(smsResourceSchema),
});
export const timelineCallResourceSchema = resourceObject('calls', timelineCallAttributesSchema);
export type TimelineCall = z.infer<typeof timelineCallResourceSchema>;
export const callerTimelineDocumentSchema = listDocument(timelineCallResourceSchema);
export type CallerTimelineDocument = z.infer<typeof callerTimelineDocumentSchema>;

export const TIMELINE_PAGE_SIZE = 20;
export const callerTimelineQuerySchema = pagedQuery({}, { perPage: TIMELINE_PAGE_SIZE });

export const callerTimelineContracts = {
  listCallerCalls: defineContract({
    operationId: 'listCallerCalls',
    method: 'GET',
    path: '/callers/:number/calls',
    summary:
      'Every call of one caller’s number in the company, newest first, each with its notes and SMS (paged; a number with no calls answers an empty list, a withheld one such as anonymous 404)',
    tags: ['Calls'],
    auth: 'user',
    operations: ['calls.view'],
    params: callerNumberParamsSchema,
    query: callerTimelineQuerySchema,
    responses: { 200: callerTimelineDocumentSchema },
    errors: [],
  }),
};

/** What a company keeps of one caller: how many calls, notes and SMS (the erasure's confirmation names them). */
export const callerDataCountsSchema = z.object({
  calls: z.number().int(),
  notes: z.number().int(),
  sms: z.number().int(),
});
export type CallerDataCounts = z.infer<typeof callerDataCountsSchema>;

export const callerAttributesSchema = callerDataCountsSchema.extend({ number: z.string() });
export const callerResourceSchema = resourceObject('callers', callerAttributesSchema);
export type CallerResource = z.infer<typeof callerResourceSchema>;

/** One call of a caller's data export: the whole call as GET /calls/{id} answers it, with notes and SMS. */
export const callerExportDocumentSchema = z.object({
  data: z.array(resourceObject('calls', callDetailAttributesSchema)),
  meta: callerAttributesSchema.extend({ company_name: z.string().nullable(), exported_at: z.string() }),
});
export type CallerExportDocument = z.infer<typeof callerExportDocumentSchema>;

const rightsTags = ['Caller data'] as const;

/** A data subject's rights over what the company keeps of their number: access (export) and erasure. */
export const callerRightsContracts = {
  getCaller: defineContract({
    operationId: 'getCaller',
    method: 'GET',
    path: '/callers/:number',
    summary:
      'How many calls, notes and SMS the company keeps of one caller’s number (404 when it keeps none of this number)',
    tags: rightsTags,
    auth: 'user',
    operations: ['callers.export', 'callers.erase'],
    params: callerNumberParamsSchema,
    responses: { 200: singleDocument(callerResourceSchema) },
    errors: [],
  }),
  exportCaller: defineContract({
    operationId: 'exportCaller',
    method: 'GET',
    path: '/callers/:number/export',
    summary:
      'Everything the company keeps of one caller’s number (every call with its conversation, notes and SMS) as a JSON download, for a request of access',
    tags: rightsTags,
    auth: 'user',
    operations: ['callers.export'],
    params: callerNumberParamsSchema,
    responses: { 200: callerExportDocumentSchema },
    errors: [],
  }),
  eraseCaller: defineContract({
    operationId: 'eraseCaller',
    method: 'DELETE',
    path: '/callers/:number',
    summary:
      'Erase every call, note and SMS of one caller’s number in the company, for a request of erasure; monthly counts and Insights keep their numbers; answers how many went',
    tags: rightsTags,
    auth: 'user',
    operations: ['callers.erase'],
    params: callerNumberParamsSchema,
    responses: { 200: metaDocument(callerDataCountsSchema) },
    errors: [],
  }),
};
