import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ListQuery } from '@phonebot/shared';
import {
  type BusinessHours,
  CUSTOMER_SORTS,
  type CustomerAttributes,
  type UpdateCustomerInput,
  parseBusinessHours,
} from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { containsIgnoreCase, paginate, parseSort } from '../../lib/list';
import { type Actor, auditChange } from '../../lib/audit';
import type { StepUp } from '../../lib/principal';
import { notFound } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { dropTokensOfDisabled, revokeTokensOfDisabled } from '../sessions';
import { publishChanges } from '../../lib/changes';
import { customerBusinessHours, deleteCustomerRow, updateCustomerRow } from './customers.store';
import { avatarPathsOf, firstUserIdOf, removeAvatarFiles, updateUser, userById } from '../users';

const SORTS = CUSTOMER_SORTS;

/**
 * The id of a customer's owner, by which the super addresses the customer: its first admin, or while it has none
 * (its admins were demoted) its first other user, so that a customer never drops out of the Customers list.
 */
function ownerId(eb: ExpressionBuilder<Database & { c: Database['customers'] }, 'c'>) {
  return eb.fn.coalesce(firstUserIdOf(eb, 'admin'), firstUserIdOf(eb, 'staff'), firstUserIdOf(eb));
}

/** Customers as the super lists them, each with its owner (see ownerId). */
function customersWithOwner(db: Kysely<Database>) {
  return db
    .selectFrom('customers as c')
    .innerJoin('users as u', (join) => join.onRef('u.customer_id', '=', 'c.id').on('u.id', '=', (eb) => ownerId(eb)));
}

export async function listCustomers(db: Kysely<Database>, query: ListQuery) {
  let base = customersWithOwner(db);
  if (query.search) {
    const term = query.search;
    base = base.where((eb) =>
      eb.or([
        containsIgnoreCase(eb.ref('u.name'), term),
        containsIgnoreCase(eb.ref('u.email'), term),
        containsIgnoreCase(eb.ref('c.company_name'), term),
      ]),
    );
  }
  const sort = parseSort(query.sort, SORTS, { field: 'created_at', direction: 'desc' });
  const sortColumn =
    sort.field === 'company_name'
      ? 'c.company_name'
      : sort.field === 'status'
        ? 'c.status'
        : (`u.${sort.field}` as const);
  const rowsQuery = base
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.created_at',
      'c.id as customer_number',
      'c.status',
      'c.company_name',
      'c.city',
      'c.address',
      'c.pin',
      'c.bank',
      'c.iban',
      'c.bic',
      'c.phone',
      'c.business_hours',
      'c.default_country',
    ])
    .orderBy(sortColumn, sort.direction)
    .orderBy('u.id', sort.direction);
  const [rows, total] = await Promise.all([
    paginate(rowsQuery, query.page, query.per_page).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(({ id, business_hours, ...attributes }) => ({
      type: 'customers' as const,
      id: String(id),
      attributes: { ...attributes, business_hours: parseBusinessHours(business_hours) } satisfies CustomerAttributes,
    })),
    meta: { total: Number(total.n), page: query.page, per_page: query.per_page },
  };
}

/**
 * Sets a non-super user's status; for a customer's owner the customer's status follows, and its users are signed
 * out when it is disabled. Answers the user as it now is.
 */
async function setUserStatus(db: Kysely<Database>, actor: Actor, userId: number, status: 'Active' | 'Inactive') {
  return db.transaction().execute(async (trx) => {
    const user = await userById(trx, userId);
    if (!user || user.role === 'super' || user.customer_id === null) throw notFound();
    const customerId = user.customer_id;
    const now = nowIso();
    await updateUser(trx, user.id, { status, updated_at: now });
    const owner = await trx
      .selectFrom('customers as c')
      .select((eb) => ownerId(eb).as('id'))
      .where('c.id', '=', customerId)
      .executeTakeFirst();
    const isOwner = owner?.id === user.id;
    if (isOwner) await updateCustomerRow(trx, customerId, { status, updated_at: now });
    const scope = isOwner ? { customerId } : { userId: user.id };
    if (status === 'Inactive') await revokeTokensOfDisabled(trx, scope);
    else await dropTokensOfDisabled(trx, scope);
    await auditChange(trx, actor, {
      action: status === 'Active' ? 'user.enable' : 'user.disable',
      target: `user:${user.id}`,
      customerId,
    });
    return { ...user, status, updated_at: now };
  });
}

/** Enables any non-super user; enabling a customer's owner enables the customer too, so its users can sign in. */
export function enableUser(db: Kysely<Database>, actor: Actor, userId: number) {
  return setUserStatus(db, actor, userId, 'Active');
}

/** The customer whose owner has this user id, or 404. */
export async function customerByOwner(db: Kysely<Database>, ownerId: number) {
  const row = await customersWithOwner(db)
    .selectAll('c')
    .select(['u.id as owner_id', 'u.name', 'u.email', 'u.created_at as owner_created_at'])
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export function customerResource(row: Awaited<ReturnType<typeof customerByOwner>>) {
  const attributes: CustomerAttributes = {
    name: row.name,
    email: row.email,
    status: row.status,
    created_at: row.owner_created_at,
    customer_number: row.id,
    company_name: row.company_name,
    city: row.city,
    address: row.address,
    pin: row.pin,
    bank: row.bank,
    iban: row.iban,
    bic: row.bic,
    phone: row.phone,
    business_hours: parseBusinessHours(row.business_hours),
    default_country: row.default_country,
  };
  return { type: 'customers' as const, id: String(row.owner_id), attributes };
}

/** Changes a customer's company fields and its owner's name; the e-mail stays (it is read-only). */
export async function updateCustomer(
  db: Kysely<Database>,
  actor: Actor,
  ownerUserId: number,
  input: Partial<UpdateCustomerInput>,
) {
  const customer = await customerByOwner(db, ownerUserId);
  const { name, business_hours: hours, ...company } = input;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (hours !== undefined) await storeBusinessHours(trx, customer.id, hours);
    if (Object.keys(company).length) {
      const values = Object.fromEntries(Object.entries(company).map(([k, v]) => [k, v === '' ? null : v]));
      await updateCustomerRow(trx, customer.id, { ...values, updated_at: now });
    }
    if (name !== undefined) await updateUser(trx, ownerUserId, { name, updated_at: now });
    await auditChange(trx, actor, {
      action: 'customer.update',
      target: `customer:${customer.id}`,
      customerId: customer.id,
    });
  });
  return customerByOwner(db, ownerUserId);
}

/**
 * Removes a customer with its users, phonebots and calls (foreign keys cascade) and its users' avatar files;
 * monthly counts stay.
 */
export async function deleteCustomer(
  deps: { db: Kysely<Database>; files: FileStore; stepUp: StepUp },
  actor: Actor,
  ownerUserId: number,
): Promise<number> {
  const customer = await customerByOwner(deps.db, ownerUserId);
  await deps.stepUp(actor);
  const avatars = await deps.db.transaction().execute(async (trx) => {
    const avatars = await avatarPathsOf(trx, customer.id);
    await deleteCustomerRow(trx, customer.id);
    await auditChange(trx, actor, {
      action: 'customer.delete',
      target: `customer:${customer.id}`,
      customerId: customer.id,
    });
    return avatars;
  });
  await removeAvatarFiles(deps.files, avatars);
  return customer.id;
}

/**
 * Disables a user; disabling a customer's owner disables the customer: every user of it is signed out and its
 * phonebots stop being served to their runtimes.
 */
export function disableUser(db: Kysely<Database>, actor: Actor, userId: number) {
  return setUserStatus(db, actor, userId, 'Inactive');
}

/**
 * Stores a company's business hours (null: around the clock) inside the caller's transaction. When they differ
 * from the stored ones, the change is published, and the calls module moves the open calls' deadlines in the same
 * transaction (docs/decisions.md: new hours apply to the open calls too).
 */
export async function storeBusinessHours(
  trx: Kysely<Database>,
  customerId: number,
  hours: BusinessHours | null,
): Promise<void> {
  const stored = hours === null ? null : JSON.stringify(hours);
  const before = await customerBusinessHours(trx, customerId);
  if (before === undefined) throw notFound();
  if (before === stored) return;
  await updateCustomerRow(trx, customerId, { business_hours: stored });
  await publishChanges(trx, [{ kind: 'deadlines-changed', customerId }]);
}
