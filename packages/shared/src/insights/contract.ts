import { z } from 'zod';
import { defineContract } from '../core/contract';
import { resourceObject } from '../core/jsonapi';
import { isoDaySchema } from '../core/paged-query';

export const INSIGHT_SPLITS = ['priority', 'category', 'phonebot', 'status'] as const;
export type InsightSplit = (typeof INSIGHT_SPLITS)[number];
/** The longest range one request may ask for, in days. */
export const INSIGHTS_MAX_DAYS = 366;

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const callStatsQuerySchema = z
  .object({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    split: z.enum(INSIGHT_SPLITS, { error: () => `split must be one of ${INSIGHT_SPLITS.join(', ')}` }).optional(),
    tz: z.string().max(64).refine(validZone, 'tz must be a time zone name such as Europe/Berlin or UTC').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) < INSIGHTS_MAX_DAYS * 86_400_000, {
    message: `a range may span at most ${INSIGHTS_MAX_DAYS} days`,
    path: ['to'],
  });
export type CallStatsQuery = z.output<typeof callStatsQuerySchema>;

/** One day of the range in the chosen time zone. */
export const callStatsAttributesSchema = z.object({
  day: z.string(),
  total: z.number().int(),
  /** Calls of the day by the split's values (category null is "Uncategorized", phonebots by name). */
  split: z.record(z.string(), z.number().int()),
  /** Calls completed that day, and their median time to complete (null when none). */
  completed: z.number().int(),
  median_seconds_to_complete: z.number().int().nullable(),
});
export const callStatsResourceSchema = resourceObject('call-stats', callStatsAttributesSchema);
export type CallStatsResource = z.infer<typeof callStatsResourceSchema>;

export const callStatsMetaSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  split: z.enum(INSIGHT_SPLITS),
  total: z.number().int(),
  completed: z.number().int(),
  median_seconds_to_complete: z.number().int().nullable(),
  overdue_now: z.number().int(),
  top_callers: z.array(z.object({ number: z.string(), calls: z.number().int() })),
  /** Calls by weekday (0 Monday … 6 Sunday) and hour of the day (0 … 23) in the chosen time zone. */
  weekday_hours: z.array(z.array(z.number().int())),
  /** The license key of each phonebot by the name the phonebot split uses (for the call list's phonebot filter). */
  phonebot_keys: z.record(z.string(), z.string()),
  /**
   * Callback attempts recorded in the range: all, with an outcome, and those that reached the caller; the reach
   * rate (reached of those with an outcome, null without any) and the attempts per call completed in the range
   * (null when none was completed). Always sent by this server.
   */
  attempts: z
    .object({
      total: z.number().int(),
      recorded: z.number().int(),
      reached: z.number().int(),
      reach_rate: z.number().nullable(),
      per_completed_call: z.number().nullable(),
    })
    .optional(),
});
export type CallStatsMeta = z.infer<typeof callStatsMetaSchema>;
export const callStatsDocumentSchema = z.object({ data: z.array(callStatsResourceSchema), meta: callStatsMetaSchema });
export type CallStatsDocument = z.infer<typeof callStatsDocumentSchema>;

export const insightsContracts = {
  callStats: defineContract({
    operationId: 'getCallStats',
    method: 'GET',
    path: '/analytics/calls',
    summary:
      'Calls of the company per day of a range (`from`, `to`, default the last 30 days) in a time zone (`tz`, default the server’s), split by priority, category, phonebot or status, with the median time to complete, the calls overdue now, the top repeat callers and the callback attempts (reach rate, attempts per completed call); read from counts kept with every change',
    tags: ['Insights'],
    auth: 'user',
    operations: ['insights.view'],
    query: callStatsQuerySchema,
    responses: { 200: callStatsDocumentSchema },
    errors: [],
  }),
};
