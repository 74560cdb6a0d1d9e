import type { Kysely } from 'kysely';
import { type Role, can } from '@phonebot/shared';
import type { CompanyProfile, CompanyProfileInput } from '@phonebot/shared/profile';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { ChangePasswordInput, UpdateMeInput } from '@phonebot/shared/users';
import type { Database, User } from '../../db/schema';
import { parseBusinessHours } from '@phonebot/shared/customers';
import { companySla, parseSla } from '../calls';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { notFound, refuse } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import type { Mailer } from '../../lib/mailer';
import type { Limiter } from '../../lib/rate-limit';
import { cancelPasswordLinks, requestEmailChange } from '../auth';
import { reservePasswordCheck } from '../../lib/sign-in-limits';
import type { StepUp } from '../../lib/principal';
import { revokeUserTokens } from '../sessions';
import { endSessionsWithoutSecondFactor } from '../two-factor';
import { emailInUse, updateUser, userById } from '../users';
import { companyProfileRow, storeBusinessHours, updateCustomerRow } from '../customers';

export async function getUser(db: Kysely<Database>, id: number): Promise<User> {
  const user = await userById(db, id);
  if (!user) throw notFound();
  return user;
}

export type ProfileDeps = {
  db: Kysely<Database>;
  limiter: Limiter;
  mailer: Mailer;
  publicUrl: string;
  files: FileStore;
  operator: OperatorInput;
  /** The deployment's longest call retention (CALL_RETENTION_DAYS); a company may choose at most that. */
  callRetentionDays: number | undefined;
  stepUp: StepUp;
  /** Calls can be placed through the portal (Twilio is set up): GET /me says so. */
  clickToCall?: boolean;
};

const emailPointer = '/data/attributes/email';

/** Checks the caller's current password under the sign-in limits (reserved before the check, like a login). */
async function checkCurrentPassword(
  deps: Pick<ProfileDeps, 'limiter'>,
  user: User,
  password: string,
  ip: string,
  pointer: string,
): Promise<void> {
  const attempt = await reservePasswordCheck(deps.limiter, user.email, ip);
  if (!(await verifyPassword(password, user.password_hash)))
    throw refuse('invalid', 'currentPasswordIssue', { pointer });
  await attempt.passed();
}

/**
 * Changes the caller's name at once. A new e-mail address needs the current password and takes effect only when
 * the link mailed to it is opened; the old address is told. Answers the user as it now is and the address waiting
 * for confirmation, if any.
 */
export async function updateOwnProfile(
  deps: ProfileDeps,
  actor: Actor,
  input: UpdateMeInput,
): Promise<{ user: User; pendingEmail: string | null }> {
  const { db, mailer } = deps;
  const user = await getUser(db, actor.userId);
  const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
  if (newEmail !== undefined) {
    const pointer = '/data/attributes/current_password';
    if (!input.current_password) throw refuse('invalid', 'currentPasswordRequired', { pointer });
    await checkCurrentPassword(deps, user, input.current_password, actor.ip, pointer);
    await deps.stepUp(actor, { passwordChecked: true });
    if (await emailInUse(db, newEmail)) throw refuse('conflict', 'emailExists', { pointer: emailPointer });
  }
  const updated = await db.transaction().execute(async (trx) => {
    const row =
      input.name !== undefined || input.language !== undefined || input.phone !== undefined
        ? await updateUser(trx, user.id, {
            name: input.name,
            language: input.language,
            phone: input.phone,
            updated_at: nowIso(),
          })
        : user;
    if (newEmail !== undefined) await requestEmailChange(trx, deps, actor, row, newEmail);
    return row;
  });
  if (newEmail !== undefined) mailer.wake();
  return { user: updated, pendingEmail: newEmail ?? null };
}

/**
 * Changes the caller's password after checking the current one (counted like a sign-in). Every other session of
 * the user ends and every pending reset or invitation link stops working.
 */
export async function changePassword(
  deps: Pick<ProfileDeps, 'db' | 'limiter' | 'stepUp'>,
  actor: Actor,
  tokenId: number,
  input: ChangePasswordInput,
): Promise<void> {
  const { db } = deps;
  const user = await getUser(db, actor.userId);
  await checkCurrentPassword(deps, user, input.cpsd, actor.ip, '/cpsd');
  await deps.stepUp(actor, { passwordChecked: true });
  const passwordHash = await hashPassword(input.npsd);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: nowIso() });
    await revokeUserTokens(trx, user.id, tokenId);
    await cancelPasswordLinks(trx, user.id);
    await auditChange(trx, actor, { action: 'password.change' });
  });
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function getCompanyProfile(
  db: Kysely<Database>,
  customerId: number,
  retentionMax: number | undefined,
): Promise<CompanyProfile> {
  const row = await companyProfileRow(db, customerId);
  if (!row) throw notFound();
  return {
    ...row,
    sms_allowed_numbers: JSON.parse(row.sms_allowed_numbers) as string[],
    require_mfa: Number(row.require_mfa) === 1,
    callback_sla_minutes: parseSla(row.callback_sla_minutes),
    retention_days: row.retention_days === null ? null : Number(row.retention_days),
    retention_max_days: retentionMax ?? null,
    business_hours: parseBusinessHours(row.business_hours),
  };
}

/**
 * Whether a save changes the company's protective settings (two-factor sign-in required, how long calls are kept):
 * those are the owner's, with step-up. A form that sends them unchanged changes nothing protective.
 */
async function changesProtectedSettings(
  db: Kysely<Database>,
  customerId: number,
  input: Partial<CompanyProfileInput>,
): Promise<boolean> {
  if (input.require_mfa === undefined && input.retention_days === undefined) return false;
  const row = await companyProfileRow(db, customerId);
  if (!row) throw notFound();
  const mfaNow = Number(row.require_mfa) === 1;
  const retentionNow = row.retention_days === null ? null : Number(row.retention_days);
  return (
    (input.require_mfa !== undefined && input.require_mfa !== mfaNow) ||
    (input.retention_days !== undefined && input.retention_days !== retentionNow)
  );
}

export async function updateCompanyProfile(
  deps: Pick<ProfileDeps, 'db' | 'stepUp' | 'callRetentionDays'>,
  actor: Actor & { role: Role },
  customerId: number,
  input: Partial<CompanyProfileInput>,
): Promise<CompanyProfile> {
  const { db, callRetentionDays: retentionMax } = deps;
  const {
    sms_allowed_numbers: allowed,
    require_mfa: requireMfa,
    callback_sla_minutes: sla,
    business_hours: hours,
    ...fields
  } = input;
  if (retentionMax !== undefined && input.retention_days != null && input.retention_days > retentionMax) {
    throw refuse('invalid', 'retentionDaysInvalid', {
      pointer: '/data/attributes/retention_days',
      detail: `Enter at most ${retentionMax} days, the longest this service keeps calls.`,
    });
  }
  if (await changesProtectedSettings(db, customerId, input)) {
    if (!can(actor.role, 'company.protectedSettings')) throw refuse('forbidden', 'ownerOnlySetting');
    await deps.stepUp(actor);
  }
  await db.transaction().execute(async (trx) => {
    if (requireMfa === true) await endSessionsWithoutSecondFactor(trx, { customerId }, actor.session?.tokenId);
    // The deadlines not named keep their minutes; the new ones apply to calls that arrive or change priority later.
    const merged =
      sla === undefined ? undefined : { ...(await companySla(trx, customerId)).minutes, ...definedOnly(sla) };
    await updateCustomerRow(trx, customerId, {
      ...fields,
      ...(allowed !== undefined ? { sms_allowed_numbers: JSON.stringify(allowed) } : {}),
      ...(requireMfa !== undefined ? { require_mfa: requireMfa ? 1 : 0 } : {}),
      ...(merged !== undefined ? { callback_sla_minutes: JSON.stringify(merged) } : {}),
    });
    // New business hours move the open calls' deadlines in this transaction (the calls module answers the change).
    if (hours !== undefined) await storeBusinessHours(trx, customerId, hours);
    const detail = definedOnly({ require_mfa: requireMfa, retention_days: input.retention_days });
    await auditChange(trx, actor, {
      action: 'company.update',
      customerId,
      ...(Object.keys(detail).length > 0 ? { detail } : {}),
    });
  });
  return getCompanyProfile(db, customerId, retentionMax);
}
