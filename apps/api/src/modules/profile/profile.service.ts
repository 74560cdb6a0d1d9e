import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ChangePasswordInput, CompanyProfile, CompanyProfileInput, OwnProfileInput } from '@phonebot/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Database, User } from '../../db/schema';
import { nowIso } from '../../db/time';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { ApiError, notFound } from '../../lib/errors';
import { decodesAs, sniffImage } from '../../lib/images';
import type { Limiter } from '../../lib/rate-limit';
import { RATE_POLICIES } from '../auth/auth.service';
import { revokeUserTokens } from '../auth/tokens.service';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_DIR = 'avatars';

export async function getUser(db: Kysely<Database>, id: number): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

export async function updateOwnProfile(
  db: Kysely<Database>,
  userId: number,
  input: Partial<OwnProfileInput>,
): Promise<User> {
  if (input.email !== undefined) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw ApiError.of(409, 'emailExists', { pointer: '/data/attributes/email' });
  }
  try {
    return await db
      .updateTable('users')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.of(409, 'emailExists', { pointer: '/data/attributes/email' });
    throw error;
  }
}

/**
 * Changes the caller's password after checking the current one; wrong attempts count like failed logins, and every
 * other session of the user ends.
 */
export async function changePassword(
  deps: { db: Kysely<Database>; limiter: Limiter },
  userId: number,
  tokenId: number,
  input: ChangePasswordInput,
): Promise<void> {
  const { db, limiter } = deps;
  const user = await getUser(db, userId);
  await limiter.ensureBelow(RATE_POLICIES.loginFailures, user.email);
  if (!(await verifyPassword(input.cpsd, user.password_hash))) {
    await limiter.recordFailure(RATE_POLICIES.loginFailures, user.email);
    throw ApiError.of(422, 'currentPasswordIssue', { pointer: '/cpsd' });
  }
  const passwordHash = await hashPassword(input.npsd);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await revokeUserTokens(trx, userId, tokenId);
  });
}

export async function getCompanyProfile(db: Kysely<Database>, customerId: number): Promise<CompanyProfile> {
  const row = await db
    .selectFrom('customers')
    .select(['company_name', 'address', 'pin', 'city', 'phone', 'company_email', 'bank', 'iban', 'bic'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function updateCompanyProfile(
  db: Kysely<Database>,
  customerId: number,
  input: Partial<CompanyProfileInput>,
): Promise<CompanyProfile> {
  await db
    .updateTable('customers')
    .set({ ...input, updated_at: nowIso() })
    .where('id', '=', customerId)
    .execute();
  return getCompanyProfile(db, customerId);
}

/**
 * Stores an avatar under a random name in the data directory after checking its content is an image that decodes
 * completely, and removes the one it replaces.
 */
export async function saveAvatar(db: Kysely<Database>, dataDir: string, user: User, bytes: Buffer): Promise<User> {
  if (bytes.length === 0) throw ApiError.of(422, 'imageMissing', { pointer: '/attachment' });
  const kind = sniffImage(bytes);
  if (!kind) throw ApiError.of(415, 'imageType', { pointer: '/attachment' });
  if (!(await decodesAs(bytes, kind))) throw ApiError.of(422, 'imageCorrupt', { pointer: '/attachment' });
  const relative = `${AVATAR_DIR}/${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
  const dir = path.join(dataDir, 'uploads', AVATAR_DIR);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dataDir, 'uploads', relative), bytes, { mode: 0o640 });
  const updated = await db
    .updateTable('users')
    .set({ avatar_path: relative, updated_at: nowIso() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await removeAvatarFile(dataDir, user.avatar_path);
  return updated;
}

export async function removeAvatar(db: Kysely<Database>, dataDir: string, user: User): Promise<User> {
  const updated = await db
    .updateTable('users')
    .set({ avatar_path: null, updated_at: nowIso() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await removeAvatarFile(dataDir, user.avatar_path);
  return updated;
}

async function removeAvatarFile(dataDir: string, relative: string | null): Promise<void> {
  if (!relative) return;
  await fs.rm(path.join(dataDir, 'uploads', relative), { force: true });
}
