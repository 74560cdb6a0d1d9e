import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DAY, MINUTE, nowIso } from '../db/time';
import type { Limiter, RatePolicy } from './rate-limit';
import type { RequestPrincipal } from './principal';
import type { RefusalRecorder } from './router';

export type AuditEntry = {
  actorUserId?: number | null;
  customerId?: number | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
};

/**
 * What a request offers to confirm its user for a sensitive action (step-up): the current password or a code of the
 * authenticator app, as top-level `password` / `code` of a plain JSON body or `meta.password` / `meta.code` of a
 * JSON:API document.
 */
export type StepUpProof = { password?: string; code?: string };

/** The session a request was made in: its access token, or the API key that signed it in. */
export type ActorSession = { tokenId: number; apiKeyId: number | null; proof: StepUpProof };

/** Who makes a change and from where, as services record it in the audit log. */
export type Actor = { userId: number; customerId: number | null; ip: string; session?: ActorSession };

const PROOF_MAX = 200;

function proofOf(body: unknown): StepUpProof {
  if (body === null || typeof body !== 'object') return {};
  const top = body as Record<string, unknown>;
  const meta = top.meta !== null && typeof top.meta === 'object' ? (top.meta as Record<string, unknown>) : {};
  const pick = (name: 'password' | 'code') => {
    const value = top[name] ?? meta[name];
    return typeof value === 'string' && value.length > 0 && value.length <= PROOF_MAX ? value : undefined;
  };
  return { password: pick('password'), code: pick('code') };
}

export function actorOf(principal: RequestPrincipal, req: FastifyRequest): Actor {
  return {
    userId: principal.userId,
    customerId: principal.customerId,
    ip: req.ip,
    session: { tokenId: principal.tokenId, apiKeyId: principal.apiKey?.id ?? null, proof: proofOf(req.body) },
  };
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

/**
 * The audit entry of a change made by `actor` (customerId defaults to the actor's company). A change made with an
 * API key names the key (`api_key_id`): its actor is the admin who created the key, who did not make the request.
 */
export function auditChange(
  db: Kysely<Database>,
  actor: Actor,
  change: { action: string; target?: string; customerId?: number | null; detail?: Record<string, unknown> },
): Promise<void> {
  const apiKeyId = actor.session?.apiKeyId ?? null;
  return audit(db, {
    actorUserId: actor.userId,
    customerId: change.customerId === undefined ? actor.customerId : change.customerId,
    action: change.action,
    target: change.target ?? null,
    ip: actor.ip,
    detail: apiKeyId === null ? change.detail : { ...change.detail, api_key_id: apiKeyId },
  });
}

/**
 * Refusals a user may cause at will (a script asking for a route it may not use): each user and route gets at most
 * `policy.max` `permission.refused` entries per window, so a flood cannot fill the log. The last entry of a window
 * says for how long recording pauses; the refusals not recorded meanwhile are counted (shared by all processes with
 * Redis) and written as one entry, `not_recorded`, when the window ends, or with the next recorded refusal of that
 * user and route if the process ended first.
 */
const REFUSAL_LOG_POLICY: RatePolicy = { name: 'refusal-log', max: 10, windowMs: MINUTE };

export function refusalRecorder(
  db: Kysely<Database>,
  limiter: Limiter,
  policy: RatePolicy = REFUSAL_LOG_POLICY,
): RefusalRecorder {
  const unrecorded: RatePolicy = { name: `${policy.name}-unrecorded`, max: Number.MAX_SAFE_INTEGER, windowMs: DAY };
  return async (req, principal, contract) => {
    const target = `${contract.method} ${contract.path}`;
    const key = `${principal.userId}|${target}`;
    // A key's refusal names the key: the admin who created it did not make the request.
    const via = principal.apiKey ? { api_key_id: principal.apiKey.id } : {};
    const entry = { actorUserId: principal.userId, customerId: principal.customerId, target, ip: req.ip };
    const { count, resetMs } = await limiter.hit(policy, key);
    if (count > policy.max) {
      await limiter.hit(unrecorded, key);
      return;
    }
    const detail: Record<string, unknown> = { ...via };
    if (count === 1) {
      const before = await limiter.take(unrecorded, key);
      if (before > 0) detail.not_recorded = before;
    }
    if (count === policy.max) {
      detail.recording_paused_s = Math.ceil(resetMs / 1000);
      const flush = async () => {
        const missed = await limiter.take(unrecorded, key);
        if (missed > 0) {
          await audit(db, { ...entry, action: 'permission.refused', detail: { ...via, not_recorded: missed } });
        }
      };
      // After a shutdown the count waits in the store for the next recorded refusal.
      setTimeout(() => void flush().catch(() => undefined), resetMs + 10).unref();
    }
    await audit(db, {
      ...entry,
      action: 'permission.refused',
      detail: Object.keys(detail).length > 0 ? detail : undefined,
    });
  };
}
