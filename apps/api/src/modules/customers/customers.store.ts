import type { Kysely, Updateable } from 'kysely';
import { rowLock } from '../../db/engine';
import type { Customer, CustomersTable, Database } from '../../db/schema';
import { nowIso } from '../../db/time';

/**
 * The customers table's own reads and writes that other modules need. Other modules reach the table only through
 * these functions (the exceptions, joins inside one query, are allowed, docs/architecture.md "Tables").
 */
type Column = keyof Customer & string;

/** Some columns of one customer, or undefined when there is no such customer. */
function customerColumns<C extends Column>(
  db: Kysely<Database>,
  customerId: number,
  columns: readonly C[],
): Promise<Pick<Customer, C> | undefined> {
  return db.selectFrom('customers').select(columns).where('id', '=', customerId).executeTakeFirst() as Promise<
    Pick<Customer, C> | undefined
  >;
}

export type NewCustomer = { companyName: string | null; companyEmail: string };

/** A new customer, inactive until its owner confirms the address; answers its id. */
export async function insertCustomer(db: Kysely<Database>, customer: NewCustomer): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('customers')
    .values({
      company_name: customer.companyName,
      address: null,
      pin: null,
      city: null,
      phone: null,
      company_email: customer.companyEmail,
      bank: null,
      iban: null,
      bic: null,
      status: 'Inactive',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a customer's columns (`updated_at` now unless given); answers whether the customer exists. */
export async function updateCustomerRow(
  db: Kysely<Database>,
  customerId: number,
  set: Omit<Updateable<CustomersTable>, 'id' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ updated_at: nowIso(), ...set })
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a customer; its users, phonebots and calls go with it (foreign keys cascade). */
export async function deleteCustomerRow(db: Kysely<Database>, customerId: number): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', customerId).execute();
}

/**
 * Locks the customer's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so
 * changes that must see each other's result (its admins, for one) happen one after the other.
 */
export async function lockCustomer(trx: Kysely<Database>, customerId: number): Promise<void> {
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).$call(rowLock(trx)).execute();
}

/** The company's name (null while it has none), or undefined when there is no such customer. */
export async function customerCompanyName(db: Kysely<Database>, customerId: number) {
  return (await customerColumns(db, customerId, ['company_name']))?.company_name;
}

/** The company fields its admins edit on the Company screen, as stored. */
export function companyProfileRow(db: Kysely<Database>, customerId: number) {
  return customerColumns(db, customerId, [
    'company_name',
    'address',
    'pin',
    'city',
    'phone',
    'company_email',
    'bank',
    'iban',
    'bic',
    'sms_allowed_numbers',
    'require_mfa',
    'callback_sla_minutes',
    'retention_days',
    'business_hours',
    'default_country',
    'offline_alert_minutes',
  ]);
}

/**
 * The stored callback deadlines (JSON {priority: minutes}) and business hours (JSON, or null), or undefined when
 * there is no such customer.
 */
export function customerCallbackSla(db: Kysely<Database>, customerId: number) {
  return customerColumns(db, customerId, ['callback_sla_minutes', 'business_hours']);
}

/** The stored JSON list of numbers an SMS may go to, or undefined when there is no such customer. */
export async function customerSmsAllowedNumbers(db: Kysely<Database>, customerId: number) {
  return (await customerColumns(db, customerId, ['sms_allowed_numbers']))?.sms_allowed_numbers;
}

/** The company's urgent-call mail settings, as stored. */
export function customerUrgentMail(db: Kysely<Database>, customerId: number) {
  return customerColumns(db, customerId, ['urgent_mail_priorities', 'urgent_mail_minutes']);
}

/** The active customers that have any priority chosen for urgent-call mail. */
export function customersWithUrgentMail(db: Kysely<Database>) {
  return db
    .selectFrom('customers')
    .select(['id', 'company_name', 'urgent_mail_priorities', 'urgent_mail_minutes'])
    .where('status', '=', 'Active')
    .where('urgent_mail_priorities', '<>', '[]')
    .execute();
}

/** Every customer's own call retention in days (null: the deployment's). */
export function customerRetentions(db: Kysely<Database>) {
  return db.selectFrom('customers').select(['id', 'retention_days']).execute();
}

/** The country a company's phone numbers are written in (ISO 3166 alpha-2, `DE` unless set). */
export async function customerDefaultCountry(db: Kysely<Database>, customerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('default_country')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.default_country;
}

/** The stored business hours (JSON, null: around the clock), or undefined when there is no such customer. */
export async function customerBusinessHours(db: Kysely<Database>, customerId: number) {
  return (await customerColumns(db, customerId, ['business_hours']))?.business_hours;
}
