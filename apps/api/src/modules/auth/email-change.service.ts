import type { Kysely } from 'kysely';
import { EMAIL_CHANGE_TOKEN_TTL_HOURS } from '@phonebot/shared';
import type { ConfirmEmailInput } from '@phonebot/shared/auth';
import type { OperatorInput } from '@phonebot/shared/settings';
import { isUniqueViolation } from '../../db/errors';
import type { Database, User } from '../../db/schema';
import { HOUR, nowIso } from '../../db/time';
import { type Actor, audit, auditChange } from '../../lib/audit';
import { queueMail } from '../../lib/mailer';
import { tokenHash } from '../../lib/crypto';
import { refuse } from '../../lib/domain-errors';
import { SIGN_IN_LIMITS } from '../../lib/sign-in-limits';
import { mailContext } from '../settings';
import { updateUser } from '../users';
import { emailChangeMail, emailChangeNoticeMail } from './auth.mails';
import { cancelPasswordLinks, issueUserToken } from './one-time-links';
import type { AuthDeps } from './sign-in.service';

/**
 * A user's own new e-mail address waits for the link mailed to it; the old address is told. Run in the change's
 * transaction, after the step-up.
 */
export async function requestEmailChange(
  trx: Kysely<Database>,
  deps: { operator: OperatorInput; publicUrl: string },
  actor: Actor,
  user: User,
  newEmail: string,
): Promise<void> {
  const token = await issueUserToken(trx, user.id, 'email-change', EMAIL_CHANGE_TOKEN_TTL_HOURS * HOUR, newEmail);
  const context = await mailContext(trx, deps.operator, user.language);
  await queueMail(trx, emailChangeMail(context, deps.publicUrl, newEmail, user.name, token));
  await queueMail(trx, emailChangeNoticeMail(context, deps.publicUrl, user.email, user.name, newEmail));
  await auditChange(trx, actor, { action: 'email.change-requested', target: `user:${user.id}` });
}

/**
 * Confirms an e-mail change with the token of the link mailed to the new address (its page at /confirm-email sends
 * it, so a mail scanner that opens links cannot use it up): the address becomes the user's (unless another account
 * took it meanwhile), counts as verified, and reset links mailed to the old one stop working.
 */
export async function confirmEmailChange(deps: AuthDeps, input: ConfirmEmailInput, ip: string): Promise<void> {
  const { db, limiter } = deps;
  await limiter.consume(SIGN_IN_LIMITS.perIp, ip);
  const invalid = () => refuse('invalid', 'verifyLinkInvalid', { pointer: '/token' });
  try {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const used = await trx
        .updateTable('user_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash(input.token))
        .where('kind', '=', 'email-change')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
      if (!used?.new_email) throw invalid();
      const user = await updateUser(trx, used.user_id, {
        email: used.new_email,
        email_verified_at: now,
        updated_at: now,
      });
      await cancelPasswordLinks(trx, user.id);
      await audit(trx, { actorUserId: user.id, customerId: user.customer_id, action: 'email.change', ip });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid();
    throw error;
  }
}
