import { PHONEBOT_SECRETS, type PhonebotSecret, maskProviderKey } from '@phonebot/shared/phonebots';
import type { PhonebotType } from '@phonebot/shared/phonebots';
import type { SecretBox } from '../../lib/secrets';
import {
  type PhonebotRow,
  type PhonebotWithCustomer,
  SECRET_COLUMN,
  decryptSecret,
  pstatusOf,
  settingsOf,
  statusOf,
} from './phonebot-row';

/**
 * A phonebot as admins and the super see it: every setting, the provider key masked, passwords left out (with
 * `secrets_set` telling which are stored), and both spellings of attendedTransfer.
 */
export function phonebotResource<T extends PhonebotType>(box: SecretBox, row: PhonebotWithCustomer, type: T) {
  const settings = settingsOf(row);
  const secretsSet = Object.fromEntries(
    PHONEBOT_SECRETS.map((name) => [name, row[SECRET_COLUMN[name]] !== null]),
  ) as Record<PhonebotSecret, boolean>;
  return {
    type,
    id: row.license_key,
    attributes: {
      license_Key: row.license_key,
      bezeichnung: row.bezeichnung,
      customer_name: row.customer_name,
      status: statusOf(row),
      offline_alerted_at: statusOf(row) === 'offline' ? row.offline_alerted_at : null,
      pstatus: pstatusOf(row, row.customer_status),
      payment_status: row.payment_status,
      created_at: row.created_at,
      ...settings,
      attendedtransfer: settings.attendedTransfer,
      apen_ai_key: maskProviderKey(decryptSecret(box, row, 'apen_ai_key')),
      secrets_set: secretsSet,
    },
  };
}

/** What a guest sees of a phonebot: its name, state, greeting and prompt. */
export function guestPhonebotResource<T extends PhonebotType>(row: PhonebotRow, type: T) {
  const settings = settingsOf(row);
  return {
    type,
    id: row.license_key,
    attributes: {
      license_Key: row.license_key,
      bezeichnung: row.bezeichnung,
      status: statusOf(row),
      created_at: row.created_at,
      ansagetext: settings.ansagetext,
      prompt: settings.prompt,
    },
  };
}
