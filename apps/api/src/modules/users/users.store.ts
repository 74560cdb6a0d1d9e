import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Language, Role, UserStatus } from '@phonebot/shared';
import { COMPANY_ROLES } from '@phonebot/shared/users';
import type { Database, User, UserUpdate } from '../../db/schema';
import { nowIso } from '../../db/time';
import { containsIgnoreCase, paginate } from '../../lib/list';
import { publishChanges } from '../../lib/changes';

/**
 * The users table's own reads and writes that other modules need (docs/architecture.md "Tables"): sign-up, guest
 * administration, the first super administrator and the Users screen all create users through `insertUser`, every
 * "address already taken" check is `emailInUse`, and every change of a user's row is `updateUser` (a new name is
 * published as a change: lib/changes.ts). The `...Query` and `...Of` functions answer a subquery, for a caller that
 * filters by users within its own statement.
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

export function userById(db: Kysely<Database>, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What every sign-in, session and API key check reads of an account, with the user joined as `u` and its company as
 * `c` (the super administrator has none); `accountAllowed` decides on them.
 */
export const ACCOUNT_COLUMNS = ['u.role', 'u.status', 'u.customer_id', 'c.status as customer_status'] as const;

/** Whether an account may sign in and use its sessions: the user is Active, and so is its company (but for the super). */
export function accountAllowed(account: { role: Role; status: string; customer_status: string | null }): boolean {
  return account.status === 'Active' && (account.role === 'super' || account.customer_status === 'Active');
}

/** The account with this address as a sign-in, sign-up or reset reads it, with its company's state. */
export function accountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      ...ACCOUNT_COLUMNS,
      'u.id',
      'u.name',
      'u.email',
      'u.email_verified_at',
      'u.password_hash',
      'u.language',
      'c.require_mfa',
    ])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

/**
 * What checking a user's password needs (a step-up, turning two-factor sign-in off), with whether the company
 * requires a second factor.
 */
export function credentialsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select(['u.id', 'u.email', 'u.password_hash', 'u.customer_id', 'c.require_mfa'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/**
 * Changes a user's row and answers it as it now is (`updated_at` is set only when given). A new name is published
 * as a change in the same transaction (the call lists show the user as an assignee); run it in the change's
 * transaction.
 */
export async function updateUser(trx: Kysely<Database>, id: number, values: UserUpdate): Promise<User> {
  const before =
    values.name === undefined
      ? undefined
      : await trx.selectFrom('users').select(['name', 'customer_id']).where('id', '=', id).executeTakeFirst();
  const updated = await trx
    .updateTable('users')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (before && before.name !== updated.name && updated.customer_id !== null) {
    await publishChanges(trx, [{ kind: 'assignee-renamed', customerId: updated.customer_id, userId: id }]);
  }
  return updated;
}

/**
 * Deletes a user (of this role, when given) with their tokens and codes (foreign keys cascade). A company's user is
 * published as leaving first, in the same transaction: their calls lose their assignee. Answers the deleted user,
 * or undefined when there was none.
 */
export async function deleteUser(
  trx: Kysely<Database>,
  id: number,
  role?: Role,
): Promise<Pick<User, 'customer_id' | 'avatar_path'> | undefined> {
  let query = trx.selectFrom('users').select(['customer_id', 'avatar_path']).where('id', '=', id);
  if (role !== undefined) query = query.where('role', '=', role);
  const user = await query.executeTakeFirst();
  if (!user) return undefined;
  if (user.customer_id !== null) {
    await publishChanges(trx, [{ kind: 'assignee-removed', customerId: user.customer_id, userId: id }]);
  }
  await trx.deleteFrom('users').where('id', '=', id).execute();
  return user;
}

/** Whether the service has its super administrator. */
export async function superAdminExists(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'super').executeTakeFirst()) !== undefined;
}

/** Whose users: one user, or every user of a company. */
export type UserScope = { userId: number } | { customerId: number };

/** The ids of one user, of a company's users or of every user, as a subquery. */
export function userIdsQuery(db: Kysely<Database>, scope: UserScope | { all: true }) {
  const users = db.selectFrom('users').select('users.id');
  if ('userId' in scope) return users.where('users.id', '=', scope.userId);
  return 'customerId' in scope ? users.where('users.customer_id', '=', scope.customerId) : users;
}

/** The addresses of a company's users, as a subquery. */
export function userEmailsQuery(db: Kysely<Database>, customerId: number) {
  return db.selectFrom('users').select('users.email').where('users.customer_id', '=', customerId);
}

/** Whether the user is one of the company's staff (admins, adminusers, users), who may take calls. */
export async function isCompanyStaff(db: Kysely<Database>, customerId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('customer_id', '=', customerId)
    .where('role', 'in', COMPANY_ROLES)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's users a call can be assigned to, by name (the assignee pickers). */
export function assignableUsers(db: Kysely<Database>, customerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('role', 'in', COMPANY_ROLES)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** The Active users of a company with one of these roles, as a mail to them needs them. */
export function activeUsersToMail(db: Kysely<Database>, customerId: number, roles: readonly Role[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'Active')
    .where('role', 'in', roles)
    .orderBy('id')
    .execute();
}

/** The avatar files of a company's users. */
export async function avatarPathsOf(db: Kysely<Database>, customerId: number): Promise<(string | null)[]> {
  const rows = await db.selectFrom('users').select('avatar_path').where('customer_id', '=', customerId).execute();
  return rows.map((row) => row.avatar_path);
}

/** Every avatar file a user names, across the service. */
export async function allAvatarPaths(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('avatar_path').where('avatar_path', 'is not', null).execute();
  return rows.map((row) => row.avatar_path!);
}

/** How many staff (admins, adminusers, users) a company has, or the whole service for `all`; guests and supers not. */
export async function staffCount(db: Kysely<Database>, owner: { customerId: number | null } | 'all'): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  query = query.where('role', 'in', COMPANY_ROLES);
  if (owner !== 'all') query = query.where('customer_id', '=', owner.customerId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** How many staff a company has, as a scalar subquery. */
export function staffCountQuery(db: Kysely<Database>, customerId: number) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('role', 'in', COMPANY_ROLES);
}

/** A page of a company's users, by name, whose name or address contains the term (any case), and their number. */
export async function companyUsersPage(
  db: Kysely<Database>,
  customerId: number,
  query: { search?: string; page: number; per_page: number | 'all' },
) {
  let q = db.selectFrom('users').where('customer_id', '=', customerId);
  const term = query.search?.trim().toLowerCase();
  if (term) {
    q = q.where((eb) => eb.or([containsIgnoreCase(eb.ref('name'), term), containsIgnoreCase(eb.ref('email'), term)]));
  }
  const count = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await paginate(
    q.select(['id', 'name', 'email', 'role', 'status']).orderBy('name').orderBy('id'),
    query.page,
    query.per_page,
  ).execute();
  return { rows, total: Number(count.n) };
}

/** For a query that names the customers table `c`. */
type CustomerBuilder = ExpressionBuilder<Database & { c: Database['customers'] }, 'c'>;

/** The id of the company's first user of these roles (any, without), as a subquery correlated with `c`. */
export function firstUserIdOf(eb: CustomerBuilder, roles?: 'admin' | 'staff') {
  let query = eb
    .selectFrom('users as o')
    .select((o) => o.fn.min('o.id').as('id'))
    .whereRef('o.customer_id', '=', 'c.id');
  if (roles === 'admin') query = query.where('o.role', '=', 'admin');
  if (roles === 'staff') query = query.where('o.role', '!=', 'guest');
  return query;
}

/** The name of the company's first admin, as a subquery correlated with `c`. */
export function firstAdminNameOf(eb: CustomerBuilder) {
  return eb
    .selectFrom('users as o')
    .select('o.name')
    .whereRef('o.customer_id', '=', 'c.id')
    .where('o.role', '=', 'admin')
    .orderBy('o.id')
    .limit(1);
}

/** The guest users with their company's name, as Guest Administration lists them (`u`: the users). */
export function guestsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select(['u.id', 'u.name', 'u.email', 'u.status', 'u.created_at', 'u.customer_id'])
    .select((eb) => eb.fn.coalesce('c.company_name', eb.val('')).as('customer_name'))
    .where('u.role', '=', 'guest');
}
