import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants';

/** A user as the API answers it (attributes of a `users` resource). */
export const userAttributesSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  customer_id: z.number().int().nullable(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type UserAttributes = z.infer<typeof userAttributesSchema>;

export const roleAnswerSchema = z.object({ role: z.enum(ROLES) });
export const dashboardAnswerSchema = z.object({
  user_count: z.number().int(),
  phonebot_count: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardAnswerSchema>;
