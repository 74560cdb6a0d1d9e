import { z } from 'zod';
import { defineContract } from '../contract';
import { listDocument, resourceObject } from '../jsonapi';
import { CALL_LIMITS } from '../schemas/call';
import { pagedQuery } from '../schemas/list-query';
import { callAttributesSchema, noteResourceSchema, smsResourceSchema } from './calls';

/** A caller's number in the path (URL-encoded, E.164 as stored with the calls). */
export const callerNumberParamsSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'notFound')
    .max(CALL_LIMITS.caller, 'notFound')
    .regex(/^[^\p{Cc}]+$/u, 'notFound'),
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
      'Every call of one caller’s number in the company, newest first, each with its notes and SMS (paged; a number with no calls answers an empty list)',
    tags: ['Calls'],
    auth: 'user',
    operations: ['calls.view'],
    params: callerNumberParamsSchema,
    query: callerTimelineQuerySchema,
    responses: { 200: callerTimelineDocumentSchema },
    errors: [],
  }),
};
