import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import type { Principal } from './router';

export type AuditEntry = {
  actorUserId?: number | null;
  customerId?: number | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

/** Who makes a change and from where, as services record it in the audit log. */
export type Actor = { userId: number; customerId: number | null; ip: string };

export function actorOf(principal: Principal, req: FastifyRequest): Actor {
  return { userId: principal.userId, customerId: principal.customerId, ip: req.ip };
}

/**
 * Records sign-ins, refusals and changes. A change is recorded with the transaction that makes it (pass the
 * transaction as `db`), so the log holds exactly the changes that happened.
 */
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

/** The audit entry of a change made by `actor` (customerId defaults to the actor's company). */
export function auditChange(
  db: Kysely<Database>,
  actor: Actor,
  change: { action: string; target?: string; customerId?: number | null; detail?: Record<string, unknown> },
): Promise<void> {
  return audit(db, {
    actorUserId: actor.userId,
    customerId: change.customerId === undefined ? actor.customerId : change.customerId,
    action: change.action,
    target: change.target ?? null,
    ip: actor.ip,
    detail: change.detail,
  });
}
