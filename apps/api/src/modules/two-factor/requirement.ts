import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Actor, auditChange } from '../../lib/audit';
import type { StepUp } from '../../lib/principal';
import { endSessionsOf } from '../sessions';
import { readSetting, writeSetting } from '../settings';
import { userIdsQuery } from '../users';
import { usersWithFactorQuery } from './two-factor.store';

/** The deployment-wide switch (Settings › Security) in the settings table. */
const REQUIRED_EVERYWHERE = 'security.require_mfa';

export async function requiredEverywhere(db: Kysely<Database>): Promise<boolean> {
  return (await readSetting(db, REQUIRED_EVERYWHERE)) === 'true';
}

/**
 * The super's "require two-factor sign-in" for every user. Turning it on ends the sessions of every user without a
 * second factor (but the super's own, who is in front of it): they set one up at their next sign-in.
 */
export async function setRequiredEverywhere(
  deps: { db: Kysely<Database>; stepUp: StepUp },
  actor: Actor,
  value: boolean,
): Promise<void> {
  await deps.stepUp(actor);
  await deps.db.transaction().execute(async (trx) => {
    if (value) await endSessionsWithoutSecondFactor(trx, { all: true }, actor.session?.tokenId);
    await writeSetting(trx, REQUIRED_EVERYWHERE, String(value));
    await auditChange(trx, actor, {
      action: 'settings.security',
      target: 'settings:security',
      customerId: null,
      detail: { require_mfa: value },
    });
  });
}

/** Whether a user must sign in with a second factor: the deployment requires it, or the user's company does. */
export async function twoFactorRequiredFor(
  db: Kysely<Database>,
  user: { customer_id: number | null; require_mfa?: number | null },
): Promise<boolean> {
  if (user.require_mfa === 1) return true;
  return requiredEverywhere(db);
}

/**
 * Ends the sessions of every user without a second factor, of one company or of the whole deployment, when a second
 * factor becomes required: they set one up at their next sign-in. The session that made the change stays.
 */
export async function endSessionsWithoutSecondFactor(
  db: Kysely<Database>,
  scope: { customerId: number } | { all: true },
  exceptTokenId?: number,
): Promise<void> {
  const users = userIdsQuery(db, scope).where('users.id', 'not in', usersWithFactorQuery(db));
  await endSessionsOf(db, users, exceptTokenId);
}
