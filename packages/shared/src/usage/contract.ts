import { z } from 'zod';
import { defineContract } from '../core/contract';
import { resourceObject } from '../core/jsonapi';
import { CALLS_MONTH_SCHEMA } from '../customers/schema';

/** How many months the trend of each row covers, ending with the chosen month. */
export const USAGE_MONTHS = 12;

export const usageQuerySchema = z.object({ month: CALLS_MONTH_SCHEMA.optional() });
export type UsageQuery = z.output<typeof usageQuerySchema>;

/** One phonebot of one customer: its calls in the month and in each month of the trend, and its payment state. */
export const usageAttributesSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  phonebot_id: z.number().int(),
  phonebot: z.string(),
  /** Null once the phonebot was deleted (its counts stay). */
  license_key: z.string().nullable(),
  /** 0 inactive, 1 active, 2 paused, 3 past due, 4 canceled; null once the phonebot was deleted. */
  payment_status: z.number().int().nullable(),
  /** The Paddle subscription paying for the phonebot, when there is one. */
  subscription_id: z.string().nullable(),
  /** Calls in the chosen month: the very number Calls History shows for it. */
  calls: z.number().int(),
  /** Calls in each month of `meta.months`, oldest first. */
  trend: z.array(z.number().int()),
});
export type UsageAttributes = z.infer<typeof usageAttributesSchema>;
export const usageResourceSchema = resourceObject('usage', usageAttributesSchema);
export type UsageResource = z.infer<typeof usageResourceSchema>;

export const usageDocumentSchema = z.object({
  data: z.array(usageResourceSchema),
  meta: z.object({
    month: z.string(),
    /** The months of the trend (YYYY-MM), oldest first, ending with `month`. */
    months: z.array(z.string()),
    /** Calls of every row in the chosen month. */
    total: z.number().int(),
  }),
});
export type UsageDocument = z.infer<typeof usageDocumentSchema>;

export const usageContracts = {
  usage: defineContract({
    operationId: 'getUsage',
    method: 'GET',
    path: '/usage',
    summary:
      'Calls per customer and phonebot in a month (YYYY-MM, the server’s time zone; default the current month) and in each of the 12 months up to it, with each phonebot’s payment state and Paddle subscription; the same counts as Calls History (super)',
    tags: ['Usage'],
    auth: 'user',
    operations: ['callsHistory.view'],
    query: usageQuerySchema,
    responses: { 200: usageDocumentSchema },
    errors: [],
  }),
};
