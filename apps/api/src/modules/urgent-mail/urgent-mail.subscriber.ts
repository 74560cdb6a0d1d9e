import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChangeSubscriber } from '../../lib/changes';
import { dropUnsentMailsNaming } from '../../lib/mailer';
import { userEmailsQuery } from '../users';

/** Drops the unsent mails to the company's users that name an erased caller's number (urgent-call mails). */
async function forgetNumber(trx: Kysely<Database>, customerId: number, number: string): Promise<void> {
  await dropUnsentMailsNaming(trx, userEmailsQuery(trx, customerId), number);
}

/**
 * The mails' part in a change: an erasure forgets the number in mails not sent yet. (The urgent-call mail itself is
 * a periodic job that reads the calls: urgent-mail.service.ts.)
 */
export const urgentMailSubscriber: ChangeSubscriber = {
  name: 'mails',
  async take(trx, changes) {
    for (const change of changes) {
      if (change.kind === 'erased') await forgetNumber(trx, change.customerId, change.callerNumber);
    }
  },
  createdInOneStatement: () => ({}),
};
