import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

export type AuditEntry = {
  actorUserId?: number | null;
  customerId?: number | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

/** Records sign-ins, refusals and every change a super makes (DESIGN.md "Data model"). */
export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId ?? null,
      customer_id: entry.customerId ?? null,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: nowIso(),
    })
    .execute();
}
