import { type Kysely, sql } from 'kysely';
import { ASSIGNABLE_ROLES, type Language, type Role, type UserStatus } from '@phonebot/shared';
import type { Database, User } from '../../db/schema';
import { nowIso } from '../../db/time';

/**
 * The users table's own reads and writes that other modules need: sign-up, guest administration, the first super
 * administrator and the Users screen all create users through `insertUser`, and every "address already taken"
 * check is `emailInUse`.
 */
export type NewUser = {
  customerId: number | null;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  /** Set for accounts whose address needs no link (guests, the super administrator). */
  verified: boolean;
  passwordHash: string | null;
  /** Omitted: the table's default (English). */
  language?: Language;
};

export function insertUser(db: Kysely<Database>, user: NewUser): Promise<User> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      customer_id: user.customerId,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      email_verified_at: user.verified ? now : null,
      password_hash: user.passwordHash,
      avatar_path: null,
      ...(user.language === undefined ? {} : { language: user.language }),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether another user (not `exceptId`) has this address. */
export async function emailInUse(db: Kysely<Database>, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The company's users a call can be assigned to, by name (the assignee pickers). */
export function assignableUsers(db: Kysely<Database>, customerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('role', 'in', [...ASSIGNABLE_ROLES])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
