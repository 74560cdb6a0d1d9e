import type { Kysely } from 'kysely';
import type { AddGuestInput } from '@phonebot/shared/customers';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { type Actor, auditChange } from '../../lib/audit';
import { generatePassword, hashPassword } from '../../lib/crypto';
import { notFound, refuse } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { cancelPasswordLinks } from '../auth';
import { revokeUserTokens } from '../sessions';
import { customerByOwner } from '../customers';
import { deleteUser, guestsQuery, insertUser, removeAvatarFiles, updateUser, userById } from '../users';

export type GuestRow = Awaited<ReturnType<typeof getGuest>>;

export function guestResource(row: GuestRow) {
  const { id, ...attributes } = row;
  return { type: 'users' as const, id: String(id), attributes };
}

export function listGuests(db: Kysely<Database>) {
  return guestsQuery(db).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').execute();
}

export async function getGuest(db: Kysely<Database>, id: number) {
  const row = await guestsQuery(db).where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Adds an Active guest to a customer; without a password one is generated and answered once. */
export async function addGuest(
  db: Kysely<Database>,
  actor: Actor,
  input: AddGuestInput,
): Promise<{ guest: GuestRow; password?: string }> {
  const customer = await customerByOwner(db, input.customer_id).catch(() => {
    throw refuse('invalid', 'invalidInput', { pointer: '/customer_id', detail: 'No such customer.' });
  });
  const generated = input.password === undefined ? generatePassword(20) : undefined;
  const passwordHash = await hashPassword(input.password ?? generated!);
  try {
    const created = await db.transaction().execute(async (trx) => {
      // A guest reads the language of the super who added them until they choose one.
      const adder = await userById(trx, actor.userId);
      if (!adder) throw notFound();
      const user = await insertUser(trx, {
        customerId: customer.id,
        name: input.name,
        email: input.email,
        role: 'guest',
        status: 'Active',
        verified: true,
        passwordHash,
        language: adder.language,
      });
      await auditChange(trx, actor, { action: 'guest.create', target: `user:${user.id}`, customerId: customer.id });
      return user;
    });
    return { guest: await getGuest(db, created.id), ...(generated ? { password: generated } : {}) };
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('conflict', 'emailExists', { pointer: '/email' });
    throw error;
  }
}

/** Sets a guest's password and signs the guest out everywhere. */
export async function setGuestPassword(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  password: string,
): Promise<void> {
  const guest = await getGuest(db, id);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, id, { password_hash: passwordHash, updated_at: nowIso() });
    await revokeUserTokens(trx, id);
    await cancelPasswordLinks(trx, id);
    await auditChange(trx, actor, { action: 'guest.password', target: `user:${id}`, customerId: guest.customer_id });
  });
}

/** Deletes a guest user (its sessions go with it); any other user's id answers 404. Answers the guest's customer. */
export async function deleteGuest(
  deps: { db: Kysely<Database>; files: FileStore },
  actor: Actor,
  id: number,
): Promise<void> {
  const avatar = await deps.db.transaction().execute(async (trx) => {
    const deleted = await deleteUser(trx, id, 'guest');
    if (!deleted) throw notFound();
    await auditChange(trx, actor, { action: 'guest.delete', target: `user:${id}`, customerId: deleted.customer_id });
    return deleted.avatar_path;
  });
  await removeAvatarFiles(deps.files, [avatar]);
}
