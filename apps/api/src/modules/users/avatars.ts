import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, User } from '../../db/schema';
import { HOUR, nowIso } from '../../db/time';
import { refuse } from '../../lib/domain-errors';
import type { FileStore } from '../../lib/file-store';
import { decodesAs, sniffImage } from '../../lib/images';
import { allAvatarPaths, updateUser } from './users.store';

/**
 * A user's avatar: an image file in the file store (under DATA_DIR or in the deployment's bucket) that the user's
 * row names (`avatar_path`). My profile uploads and removes it; deleting users (a company, a guest) removes theirs.
 */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_DIR = 'avatars';
/** An avatar's file name: random, with the extension of its image type. */
export const AVATAR_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

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
