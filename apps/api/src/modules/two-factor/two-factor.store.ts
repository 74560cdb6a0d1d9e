import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/**
 * A user's second factor (the two_factor table, a row once they began setting one up): the secret of their
 * authenticator app (encrypted; a pending one until a first code confirms it) and the last time step a code was
 * accepted in (a code is taken once).
 */
export type Factor = { secret_enc: string | null; pending_enc: string | null; enabled_at: string | null };

export async function factorOf(db: Kysely<Database>, userId: number): Promise<Factor> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret_enc', 'pending_enc', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { secret_enc: null, pending_enc: null, enabled_at: null };
}

/** Whether the user has a second factor on (then a sign-in and a step-up ask for a code of the app). */
export async function secondFactorOn(db: Kysely<Database>, userId: number): Promise<boolean> {
  return (await factorOf(db, userId)).secret_enc !== null;
}

/** Keeps a new secret as pending: it works only once a code of it confirms it (`enableFactor`). */
export async function setPendingSecret(db: Kysely<Database>, userId: number, pendingEnc: string): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret_enc: null, pending_enc: pendingEnc, enabled_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_enc: pendingEnc }))
    .execute();
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
    .updateTable('two_factor')
    .set({ secret_enc: pendingEnc, pending_enc: null, enabled_at: nowIso(), last_step: step })
    .where('user_id', '=', userId)
    .where('secret_enc', 'is', null)
    .where('pending_enc', '=', pendingEnc)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a time step of the app's codes in one conditional update: a step already taken, or an earlier one, is
 * never accepted again. Answers whether it was taken.
 */
export async function takeTotpStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the user's second factor, on or pending. */
export async function deleteFactor(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

/** The ids of the users with a second factor on, as a subquery (`user_id`) for the caller's statement. */
export function usersWithFactorQuery(db: Kysely<Database>) {
  return db.selectFrom('two_factor').select('two_factor.user_id').where('two_factor.secret_enc', 'is not', null);
}

/** Since when each of these users has had a second factor on; users without one are missing from the answer. */
export async function factorsEnabledSince(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('two_factor')
    .select(['user_id', 'enabled_at'])
    .where('user_id', 'in', userIds)
    .where('enabled_at', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.enabled_at!]));
}
