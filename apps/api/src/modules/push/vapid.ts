import type crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { SecretBox } from '../../lib/secrets';
import { type VapidKeys, generateVapidKeys, vapidSigningKey } from './push-crypto';

/**
 * What a push is signed with: the public key (the browsers' applicationServerKey), its signing key, the contact. The
 * signing key is null in a process whose SECRETS_KEY cannot open the key kept in the database: it sends no pushes.
 */
export type Vapid = { publicKey: string; signingKey: crypto.KeyObject | null; subject: string };

const SEALED_AS = 'vapid-private-key';

/**
 * The deployment's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise the pair generated on the
 * first start and kept in the database (the private key sealed with SECRETS_KEY, as the phonebots' secrets are).
 * Every process of a deployment shares its database, so all sign with the same key, and the browsers' subscriptions,
 * which are bound to that key, stay valid with the database they are stored in (a backup restores both together).
 * Processes starting at once each offer a pair; the first insert wins and every process reads that one. A process
 * with another SECRETS_KEY (a misconfiguration) still starts and serves the public key; it only sends nothing.
 */
export async function loadVapid(
  db: Kysely<Database>,
  settings: { vapidPublicKey?: string; vapidPrivateKey?: string; vapidSubject: string },
  secrets: SecretBox,
): Promise<Vapid & { generated: boolean }> {
  let keys: VapidKeys;
  let generated = false;
  if (settings.vapidPublicKey && settings.vapidPrivateKey) {
    keys = { publicKey: settings.vapidPublicKey, privateKey: settings.vapidPrivateKey };
  } else {
    const offered = generateVapidKeys();
    const inserted = await db
      .insertInto('push_vapid_keys')
      .values({
        id: 1,
        public_key: offered.publicKey,
        private_key: secrets.encrypt(offered.privateKey, SEALED_AS),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    generated = inserted !== undefined;
    const row = await db
      .selectFrom('push_vapid_keys')
      .select(['public_key', 'private_key'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    let privateKey: string;
    try {
      privateKey = secrets.decrypt(row.private_key, SEALED_AS);
    } catch {
      return { publicKey: row.public_key, signingKey: null, subject: settings.vapidSubject, generated };
    }
    keys = { publicKey: row.public_key, privateKey };
  }
  return { publicKey: keys.publicKey, signingKey: vapidSigningKey(keys), subject: settings.vapidSubject, generated };
}
