import type { Kysely } from 'kysely';
import { type CompanyRole, INVITE_TOKEN_TTL_HOURS, type UpdateUserInput } from '@phonebot/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Database, User } from '../../db/schema';
import { HOUR, nowIso } from '../../db/time';
import { ApiError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { invitationMail } from '../auth/auth.mails';
import { issueUserToken } from '../auth/auth.service';

export type UsersDeps = { db: Kysely<Database>; mailer: Mailer; publicUrl: string };

/** The roles an admin manages on the Users screen; guests are the super's (Guest Administration). */
const COMPANY_USER_ROLES = ['admin', 'adminuser', 'user'] as const;

const emailTaken = () => ApiError.of(409, 'emailExists', { pointer: '/data/attributes/email' });

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
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw emailTaken();
}

/** Refuses a change that would leave the company without an admin. */
async function ensureAnotherAdmin(db: Kysely<Database>, user: User) {
  if (user.role !== 'admin' || user.customer_id === null) return;
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', user.customer_id)
    .where('role', '=', 'admin')
    .where('id', '!=', user.id)
    .executeTakeFirst();
  if (!other) throw ApiError.of(409, 'lastAdmin');
}

/** A user's name (the inviter's, for the invitation mail). */
export async function userName(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name;
}

/** Adds an Active user of a company role who sets a password from the invitation mail. */
export async function inviteUser(
  deps: UsersDeps,
  customerId: number,
  inviterName: string,
  input: { email: string; name: string; role: CompanyRole },
): Promise<User> {
  const { db, mailer, publicUrl } = deps;
  await ensureEmailFree(db, input.email);
  const now = nowIso();
  const { name } = input;
  try {
    const { user, token } = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          customer_id: customerId,
          name,
          email: input.email,
          role: input.role,
          status: 'Active',
          email_verified_at: null,
          password_hash: null,
          avatar_path: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user: created, token: await issueUserToken(trx, created.id, 'invite', INVITE_TOKEN_TTL_HOURS * HOUR) };
    });
    mailer.enqueue(invitationMail(publicUrl, user.email, user.name, inviterName, token));
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateCompanyUser(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  input: Partial<UpdateUserInput>,
): Promise<User> {
  const user = await getCompanyUser(db, customerId, id);
  if (input.email !== undefined) await ensureEmailFree(db, input.email, id);
  if (input.role !== undefined && input.role !== 'admin') await ensureAnotherAdmin(db, user);
  try {
    return await db
      .updateTable('users')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Deletes a user of the company; their tokens go with them (foreign keys cascade), so they are signed out at once. */
export async function deleteCompanyUser(db: Kysely<Database>, customerId: number, id: number): Promise<void> {
  const user = await getCompanyUser(db, customerId, id);
  await ensureAnotherAdmin(db, user);
  await db.deleteFrom('users').where('id', '=', id).execute();
}
