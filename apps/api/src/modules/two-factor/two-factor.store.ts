import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/**
 * A user's second factor: the secret of their authenticator app (encrypted; a pending one until a first code
 * confirms it) and the last time step a code was accepted in (a code is taken once).
 */
export type Factor = { secret_enc: string | null; pending_enc: string | null; enabled_at: string | null };

export async function factorOf(db: Kysely<Database>, userId: number): Promise<Factor> {
  const row = await db
    .selectFrom('users')
    .select(['totp_secret_enc as secret_enc', 'totp_pending_enc as pending_enc', 'totp_enabled_at as enabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? { secret_enc: null, pending_enc: null, enabled_at: null };
}

/** Whether the user has a second factor on (then a sign-in and a step-up ask for a code of the app). */
export async function secondFactorOn(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await factorOf(db, userId)).secret_enc !== null;
}

/** Keeps a new secret as pending: it works only once a code of it confirms it (`enableFactor`). */
export async function setPendingSecret(db: Kysely<Database>, userId: number, pendingEnc: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_enc: pendingEnc }).where('id', '=', userId).execute();
}

/**
 * Turns a pending secret on in one conditional update: only while no secret is on and the pending one is still
 * this, so two confirmations at once turn it on once. Answers whether it did.
 */
export async function enableFactor(
  trx: Kysely<Database>,
  userId: number,
  pendingEnc: string,
  step: number,
): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({
      totp_secret_enc: pendingEnc,
      totp_pending_enc: null,
      totp_enabled_at: nowIso(),
      totp_last_step: step,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .where('totp_secret_enc', 'is', null)
    .where('totp_pending_enc', '=', pendingEnc)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a time step of the app's codes in one conditional update: a step already taken, or an earlier one, is
 * never accepted again. Answers whether it was taken.
 */
export async function takeTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the user's second factor, on or pending. */
export async function deleteFactor(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      totp_secret_enc: null,
      totp_pending_enc: null,
      totp_enabled_at: null,
      totp_last_step: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

/** The ids of the users with a second factor on, as a subquery (`user_id`) for the caller's statement. */
export function usersWithFactorQuery(db: Kysely<Database>) {
  return db.selectFrom('users').select('users.id as user_id').where('users.totp_secret_enc', 'is not', null);
}

/** Since when each of these users has had a second factor on; users without one are missing from the answer. */
export async function factorsEnabledSince(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'totp_enabled_at'])
    .where('id', 'in', userIds)
    .where('totp_enabled_at', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.totp_enabled_at!]));
}
