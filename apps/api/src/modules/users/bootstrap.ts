import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { PASSWORD_MIN_LENGTH, emailSchema } from '@phonebot/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/crypto';
import { insertUser, superAdminExists } from './users.store';

export const DEFAULT_SUPER_ADMIN_EMAIL = 'admin@example.com';

/**
 * On the first start there is no super administrator: create one from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD,
 * or with a generated password printed once in the log. Later starts change nothing, and of several processes
 * starting together on an empty database one creates it and the others go on.
 */
export async function ensureSuperAdmin(
  db: Kysely<Database>,
  options: { email: string | undefined; password: string | undefined },
  log: Logger,
): Promise<void> {
  if (await superAdminExists(db)) return;
  const email = emailSchema.parse(options.email ?? DEFAULT_SUPER_ADMIN_EMAIL);
  if (options.password !== undefined && options.password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`SUPER_ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  const password = options.password ?? generatePassword(20);
  try {
    await insertUser(db, {
      customerId: null,
      name: 'Super Admin',
      email,
      role: 'super',
      status: 'Active',
      verified: true,
      passwordHash: await hashPassword(password),
    });
  } catch (error) {
    // Another process starting at the same moment created it first (the address is unique): that one reports it.
    if (isUniqueViolation(error) && (await superAdminExists(db))) return;
    throw error;
  }
  if (options.password === undefined) {
    // Printed once, on purpose: nobody could sign in otherwise. Change it after the first login.
    log.warn(`Created the super administrator ${email} with the generated password: ${password}`);
  } else {
    log.info({ email }, 'created the super administrator from SUPER_ADMIN_EMAIL');
  }
}
