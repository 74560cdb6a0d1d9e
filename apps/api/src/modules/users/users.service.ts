import type { Kysely } from 'kysely';
import { INVITE_TOKEN_TTL_HOURS } from '@phonebot/shared';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { CompanyRole, UpdateUserInput } from '@phonebot/shared/users';
import { isUniqueViolation } from '../../db/errors';
import type { Database, User } from '../../db/schema';
import { HOUR, nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { notFound, refuse } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { type Mailer, queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import {
  cancelPasswordLinks,
  emailChangeNoticeMail,
  invitationMail,
  issueUserToken,
  requestEmailChange,
} from '../auth';
import { removeAvatarFiles } from './avatars';
import type { StepUp } from '../../lib/principal';
import { deleteUser, emailInUse, insertUser, updateUser, userById } from './users.store';
import { lockCustomer } from '../customers';

export type UsersDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  files: FileStore;
  operator: OperatorInput;
  stepUp: StepUp;
};

/** The roles an admin manages on the Users screen; guests are the super's (Guest Administration). */
const COMPANY_USER_ROLES = ['admin', 'adminuser', 'user'] as const;

const emailTaken = () => refuse('conflict', 'emailExists', { pointer: '/data/attributes/email' });

export function listCompanyUsers(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('role', 'in', COMPANY_USER_ROLES)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A user of the caller's own company, or 404: ids of other companies cannot be probed. */
export async function getCompanyUser(db: Kysely<Database>, customerId: number, id: number): Promise<User> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('role', 'in', COMPANY_USER_ROLES)
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

async function ensureEmailFree(db: Kysely<Database>, email: string, exceptId?: number) {
  if (await emailInUse(db, email, exceptId)) throw emailTaken();
}

/**
 * Locks the company's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so
 * changes to its admins happen one after the other and each sees the admins the one before left.
 */
export async function lockCompany(trx: Kysely<Database>, customerId: number): Promise<void> {
  await lockCustomer(trx, customerId);
}

/** Refuses a change that would leave the company without an admin; run it under lockCompany. */
async function ensureAnotherAdmin(db: Kysely<Database>, user: User) {
  if (user.role !== 'admin' || user.customer_id === null) return;
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', user.customer_id)
    .where('role', '=', 'admin')
    .where('id', '!=', user.id)
    .executeTakeFirst();
  if (!other) throw refuse('conflict', 'lastAdmin');
}

/** Adds an Active user of a company role who sets a password from the invitation mail. */
export async function inviteUser(
  deps: UsersDeps,
  actor: Actor,
  customerId: number,
  input: { email: string; name: string; role: CompanyRole },
): Promise<User> {
  const { db, mailer, publicUrl } = deps;
  await ensureEmailFree(db, input.email);
  const { name } = input;
  try {
    const user = await db.transaction().execute(async (trx) => {
      const inviter = await userById(trx, actor.userId);
      if (!inviter) throw notFound();
      const created = await insertUser(trx, {
        customerId,
        name,
        email: input.email,
        role: input.role,
        status: 'Active',
        verified: false,
        passwordHash: null,
        // Until they choose one, the invited user reads the inviter's language (their invitation too).
        language: inviter.language,
      });
      const token = await issueUserToken(trx, created.id, 'invite', INVITE_TOKEN_TTL_HOURS * HOUR);
      const context = await mailContext(trx, deps.operator, created.language);
      await queueMail(trx, invitationMail(context, publicUrl, created.email, created.name, inviter.name, token));
      await auditChange(trx, actor, { action: 'user.create', target: `user:${created.id}` });
      return created;
    });
    mailer.wake();
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Changes a user of the company; demoting the last admin is refused, also when two admins demote each other at once.
 * A new address of the admin's own account is a sensitive action (step-up) and waits for the link mailed to it, as
 * on My profile; a new address of another user takes effect at once and the old address is told.
 */
export async function updateCompanyUser(
  deps: Pick<UsersDeps, 'db' | 'stepUp' | 'mailer' | 'publicUrl' | 'operator'>,
  actor: Actor,
  customerId: number,
  id: number,
  input: Partial<UpdateUserInput>,
): Promise<User> {
  const { db } = deps;
  const current = await getCompanyUser(db, customerId, id);
  const newEmail = input.email !== undefined && input.email !== current.email ? input.email : undefined;
  const own = id === actor.userId;
  if (newEmail !== undefined && own) await deps.stepUp(actor);
  try {
    const updated = await db.transaction().execute(async (trx) => {
      await lockCompany(trx, customerId);
      const user = await getCompanyUser(trx, customerId, id);
      if (newEmail !== undefined) await ensureEmailFree(trx, newEmail, id);
      if (input.role !== undefined && input.role !== 'admin') await ensureAnotherAdmin(trx, user);
      const { email: _email, ...rest } = input;
      const change = own || newEmail === undefined ? rest : { ...rest, email: newEmail };
      // A new name moves the calls version: the call lists show it as the assignee's.
      const row = await updateUser(trx, id, { ...change, updated_at: nowIso() });
      await auditChange(trx, actor, { action: 'user.update', target: `user:${id}` });
      if (newEmail !== undefined && own) await requestEmailChange(trx, deps, actor, row, newEmail);
      if (newEmail !== undefined && !own) {
        // Links mailed to the old address stop working with it.
        await cancelPasswordLinks(trx, id);
        const context = await mailContext(trx, deps.operator, row.language);
        await queueMail(trx, emailChangeNoticeMail(context, deps.publicUrl, user.email, row.name, newEmail, 'admin'));
      }
      return row;
    });
    if (newEmail !== undefined) deps.mailer.wake();
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Deletes a user of the company; their tokens go with them (foreign keys cascade), so they are signed out at once,
 * and their avatar file is removed. The last admin cannot be deleted.
 */
export async function deleteCompanyUser(deps: UsersDeps, actor: Actor, customerId: number, id: number): Promise<void> {
  const avatar = await deps.db.transaction().execute(async (trx) => {
    await lockCompany(trx, customerId);
    const user = await getCompanyUser(trx, customerId, id);
    await ensureAnotherAdmin(trx, user);
    // Their calls lose their assignee, which moves the calls version.
    await deleteUser(trx, id);
    await auditChange(trx, actor, { action: 'user.delete', target: `user:${id}` });
    return user.avatar_path;
  });
  await removeAvatarFiles(deps.files, [avatar]);
}
