import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { RECOVERY_CODE_COUNT } from '@phonebot/shared/two-factor';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { tokenHash } from '../../lib/crypto';
import { base32Encode } from '../../lib/totp';

/** Recovery codes are shown as four groups of four; they are stored as hashes, without the dashes. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const plain = base32Encode(crypto.randomBytes(10)).toLowerCase();
    return plain.match(/.{4}/g)!.join('-');
  });
}

/** Gives the user a new set of recovery codes (the old ones stop working) and answers them, once. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deleteRecoveryCodes(db, userId);
  const now = nowIso();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: tokenHash(code.replace(/-/g, '')),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

/** Uses up a recovery code with a conditional update: each one works once. */
export async function acceptRecoveryCode(db: Kysely<Database>, userId: number, code: string): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', tokenHash(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const left = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left.n);
}

export async function deleteRecoveryCodes(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
}
