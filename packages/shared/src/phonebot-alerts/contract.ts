import { z } from 'zod';
import { defineContract } from '../core/contract';
import { resourceObject } from '../core/jsonapi';

/** Offline alerts of runtime phonebots: what the Calls Dashboard's banner shows. */

/** A company's phonebot whose runtime has been offline long enough that its admins were told. */
export const phonebotAlertAttributesSchema = z.object({
  license_Key: z.string(),
  bezeichnung: z.string(),
  /** The last heartbeat of its runtime. */
  last_seen_at: z.string().nullable(),
  alerted_at: z.string(),
  /**
   * Why: its runtime is offline (`offline`), or a phonebot fed by a voice-agent platform had no call for
   * `silence_alert_hours` hours (`silent`, `last_seen_at` then being its last call).
   */
  reason: z.enum(['offline', 'silent']),
  /** The hours without a call that were alerted (a silent phonebot's setting); null for an offline runtime. */
  silence_alert_hours: z.number().int().nullable(),
});
export type PhonebotAlertAttributes = z.infer<typeof phonebotAlertAttributesSchema>;

/** How long a runtime phonebot may be silent before the company's admins are told (company setting). */
export const OFFLINE_ALERT_MINUTES = { default: 10, min: 1, max: 1440 } as const;

export const phonebotAlertContracts = {
  listPhonebotAlerts: defineContract({
    operationId: 'listPhonebotAlerts',
    method: 'GET',
    path: '/phonebot-alerts',
    summary: 'The company’s phonebots that are offline and were alerted about (the Calls Dashboard’s banner)',
    tags: ['Phonebots'],
    auth: 'user',
    operations: ['calls.view', 'phonebots.manage'],
    responses: { 200: z.object({ data: z.array(resourceObject('phonebot-alerts', phonebotAlertAttributesSchema)) }) },
    errors: [],
  }),
};
