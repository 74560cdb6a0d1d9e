import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMAIL_CHANGE_TOKEN_TTL_HOURS, type Role, can } from '@phonebot/shared';
import type { CompanyProfile, CompanyProfileInput } from '@phonebot/shared/profile';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { ChangePasswordInput, UpdateMeInput } from '@phonebot/shared/users';
import type { Database, User } from '../../db/schema';
import { companySla, parseSla } from '../calls/callbacks.service';
import { HOUR, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { notFound, refuse } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { decodesAs, sniffImage } from '../../lib/images';
import { type Mailer, queueMail } from '../../lib/mailer';
import type { Limiter } from '../../lib/rate-limit';
import { emailChangeMail, emailChangeNoticeMail } from '../auth/auth.mails';
import { mailContext } from '../settings';
import { cancelPasswordLinks, issueUserToken, reservePasswordCheck } from '../auth/auth.service';
import type { StepUp } from '../auth/step-up';
import { endSessionsWithoutSecondFactor, revokeUserTokens } from '../auth/tokens.service';
import { allAvatarPaths, emailInUse, updateUser, userById } from '../users/users.store';
import { companyProfileRow, updateCustomerRow } from '../customers/customers.store';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_DIR = 'avatars';
/** An avatar's file name: random, with the extension of its image type. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

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
 * A user's own new e-mail address waits for the link mailed to it; the old address is told. Run in the change's
 * transaction, after the step-up.
 */
export async function requestEmailChange(
  trx: Kysely<Database>,
  deps: Pick<ProfileDeps, 'operator' | 'publicUrl'>,
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
      input.name !== undefined || input.language !== undefined
        ? await updateUser(trx, user.id, { name: input.name, language: input.language, updated_at: nowIso() })
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
  const { sms_allowed_numbers: allowed, require_mfa: requireMfa, callback_sla_minutes: sla, ...fields } = input;
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
    const merged = sla === undefined ? undefined : { ...(await companySla(trx, customerId)), ...definedOnly(sla) };
    await updateCustomerRow(trx, customerId, {
      ...fields,
      ...(allowed !== undefined ? { sms_allowed_numbers: JSON.stringify(allowed) } : {}),
      ...(requireMfa !== undefined ? { require_mfa: requireMfa ? 1 : 0 } : {}),
      ...(merged !== undefined ? { callback_sla_minutes: JSON.stringify(merged) } : {}),
    });
    const detail = definedOnly({ require_mfa: requireMfa, retention_days: input.retention_days });
    await auditChange(trx, actor, {
      action: 'company.update',
      customerId,
      ...(Object.keys(detail).length > 0 ? { detail } : {}),
    });
  });
  return getCompanyProfile(db, customerId, retentionMax);
}

/** The key of an avatar in the file store: its `avatar_path` under `uploads/` (as its URL, `/uploads/avatars/…`). */
export const avatarKey = (avatarPath: string) => `uploads/${avatarPath}`;

/**
 * Stores an avatar under a random name in the file store after checking its content is an image that decodes
 * completely, and removes the one it replaces. A store that cannot be reached refuses the upload (503) and changes
 * nothing.
 */
export async function saveAvatar(db: Kysely<Database>, files: FileStore, user: User, bytes: Buffer): Promise<User> {
  if (bytes.length === 0) throw refuse('invalid', 'imageMissing', { pointer: '/attachment' });
  const kind = sniffImage(bytes);
  if (!kind) throw refuse('unsupportedType', 'imageType', { pointer: '/attachment' });
  if (!(await decodesAs(bytes, kind))) throw refuse('invalid', 'imageCorrupt', { pointer: '/attachment' });
  const relative = `${AVATAR_DIR}/${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
  await files.put(avatarKey(relative), bytes, kind.mime);
  let updated: User;
  try {
    updated = await updateUser(db, user.id, { avatar_path: relative, updated_at: nowIso() });
  } catch (error) {
    await files.discard([avatarKey(relative)], `user ${user.id}'s refused avatar`);
    throw error;
  }
  await removeAvatarFiles(files, [user.avatar_path]);
  return updated;
}

export async function removeAvatar(db: Kysely<Database>, files: FileStore, user: User): Promise<User> {
  const updated = await updateUser(db, user.id, { avatar_path: null, updated_at: nowIso() });
  await removeAvatarFiles(files, [user.avatar_path]);
  return updated;
}

/**
 * Removes the avatar files of deleted users and replaced avatars (their names are random, but nobody may see them
 * any more). Run after the change is committed; a store that fails leaves them to `pruneOrphanedAvatars`.
 */
export async function removeAvatarFiles(files: FileStore, relatives: (string | null)[]): Promise<void> {
  const keys = relatives.filter((relative): relative is string => !!relative).map(avatarKey);
  await files.discard(keys, 'avatars no user has any more');
}

/** An avatar file no row names is removed once it is this old (an upload stores its file before its row). */
const ORPHAN_AGE_MS = HOUR;

/**
 * Deletes the avatar files that no user names: those a failed store or a stopped process left behind. Answers how
 * many. The store must be this deployment's alone: another database's avatars in it would be deleted too.
 */
export async function pruneOrphanedAvatars(db: Kysely<Database>, files: FileStore): Promise<number> {
  const before = Date.now() - ORPHAN_AGE_MS;
  const folder = avatarKey(`${AVATAR_DIR}/`);
  const candidates: string[] = [];
  for await (const entry of files.list(folder)) {
    if (AVATAR_NAME.test(entry.key.slice(folder.length)) && entry.lastModified.getTime() < before)
      candidates.push(entry.key);
  }
  if (candidates.length === 0) return 0;
  const named = new Set((await allAvatarPaths(db)).map(avatarKey));
  const orphans = candidates.filter((key) => !named.has(key));
  await files.deleteMany(orphans);
  return orphans.length;
}
