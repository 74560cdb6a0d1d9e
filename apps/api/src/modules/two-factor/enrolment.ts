import type { Kysely } from 'kysely';
import type { TotpEnrolment } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { refuse } from '../../lib/domain-errors';
import type { SecretBox } from '../../lib/secrets';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { SECRET_CONTEXT, codeInvalid } from './codes';
import { replaceRecoveryCodes } from './recovery-codes';
import { enableFactor, setPendingSecret } from './two-factor.store';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Phonebot Portal';

/** Hands out a new secret for enrolment; it works only once a code of it confirms it (`finishEnrolment`). */
export async function startEnrolment(
  deps: { db: Kysely<Database>; secrets: SecretBox },
  userId: number,
  email: string,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await setPendingSecret(deps.db, userId, deps.secrets.encrypt(secret, SECRET_CONTEXT));
  return { secret, otpauth_uri: otpauthUri(secret, ISSUER, email) };
}

/**
 * Turns the pending secret on when `code` is one of its codes: one conditional update, so two confirmations at once
 * turn it on once. Answers the new recovery codes, or null when another request changed the enrolment first.
 */
export async function finishEnrolment(
  trx: Kysely<Database>,
  secrets: SecretBox,
  user: { id: number; pending_enc: string | null },
  code: string,
): Promise<string[] | null> {
  if (!user.pending_enc) throw refuse('conflict', 'mfaNotStarted');
  const step = matchTotp(secrets.decrypt(user.pending_enc, SECRET_CONTEXT), code);
  if (step === null) throw codeInvalid();
  if (!(await enableFactor(trx, user.id, user.pending_enc, step))) return null;
  return replaceRecoveryCodes(trx, user.id);
}
