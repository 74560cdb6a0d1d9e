import type { Kysely } from 'kysely';
import { NOTIFICATION_MAIL_AFTER_MINUTES } from '@phonebot/shared/notifications';
import type { OperatorInput } from '@phonebot/shared/settings';
import type { Database } from '../../db/schema';
import { DAY, MINUTE } from '../../db/time';
import { queueMail } from '../../lib/mailer';
import { mailContext } from '../settings';
import { notificationDigestMail, notificationMail } from './notifications.mails';
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
 * same moment only one mails it. The notifications of one user that are due in one run go in one mail. A user who is
 * no longer active gets none. Answers how many notifications were mailed.
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
    // One mail per user: a bulk assignment (a notification per call) is due at once, and tells them once.
    const byUser = new Map<string, typeof claimed>();
    for (const row of claimed) {
      if (row.status !== 'Active') continue;
      byUser.set(row.email, [...(byUser.get(row.email) ?? []), row]);
    }
    let mailed = 0;
    for (const rows of byUser.values()) {
      const recipient = rows[0]!;
      const language = recipient.language === 'de' ? german : english;
      const notifications = rows.map((row) => ({
        kind: row.kind,
        callId: Number(row.call_id),
        caller: row.caller_number,
        actor: row.actor_name,
      }));
      const mail =
        notifications.length === 1
          ? notificationMail(language, context.publicUrl, recipient, notifications[0]!)
          : notificationDigestMail(language, context.publicUrl, recipient, notifications);
      await queueMail(trx, mail);
      mailed += rows.length;
    }
    return mailed;
  });
}

/** Deletes notifications past their retention; answers how many went. */
export function pruneNotifications(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return deleteNotificationsBefore(db, new Date(now.getTime() - NOTIFICATION_RETENTION_MS).toISOString());
}
