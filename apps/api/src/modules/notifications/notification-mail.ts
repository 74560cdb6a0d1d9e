import type { Kysely } from 'kysely';
import { NOTIFICATION_MAIL_AFTER_MINUTES } from '@phonebot/shared/notifications';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { DAY, MINUTE } from '../../db/time';
import { queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import { notificationMail } from './notifications.mails';
import { claimNotificationMails, deleteNotificationsBefore, unmailedNotificationIds } from './notifications.store';

/** A notification older than this when it is found unmailed (the service was down) is not mailed any more. */
const MAIL_LOOKBACK_MS = DAY;
/** Notifications are kept this long. */
export const NOTIFICATION_RETENTION_MS = 90 * DAY;
/** At most this many mails per run; the next run (a minute later) takes the rest. */
const MAILS_PER_RUN = 200;

type JobContext = { publicUrl: string; operatorSeed: OperatorInput };

/**
 * Mails each notification that is still unread NOTIFICATION_MAIL_AFTER_MINUTES after it was made, once: its row is
 * claimed by a conditional update in the transaction that queues the mail, so of two processes running this at the
 * same moment only one mails it. A user who is no longer active gets none. Answers how many were mailed.
 */
export async function mailUnreadNotifications(
  db: Kysely<Database>,
  context: JobContext,
  now: Date = new Date(),
): Promise<number> {
  const due = await unmailedNotificationIds(db, {
    dueBefore: new Date(now.getTime() - NOTIFICATION_MAIL_AFTER_MINUTES * MINUTE).toISOString(),
    notBefore: new Date(now.getTime() - MAIL_LOOKBACK_MS).toISOString(),
    limit: MAILS_PER_RUN,
  });
  if (due.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const claimed = await claimNotificationMails(trx, due, now.toISOString());
    const english = await mailContext(trx, context.operatorSeed, 'en');
    const german = { ...english, language: 'de' as const };
    let mailed = 0;
    for (const row of claimed) {
      if (row.status !== 'Active') continue;
      const mail = notificationMail(row.language === 'de' ? german : english, context.publicUrl, row, {
        kind: row.kind,
        callId: Number(row.call_id),
        caller: row.caller_number,
        actor: row.actor_name,
      });
      await queueMail(trx, mail);
      mailed++;
    }
    return mailed;
  });
}

/** Deletes notifications past their retention; answers how many went. */
export function pruneNotifications(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return deleteNotificationsBefore(db, new Date(now.getTime() - NOTIFICATION_RETENTION_MS).toISOString());
}
