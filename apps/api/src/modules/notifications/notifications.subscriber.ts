import type { Kysely } from 'kysely';
import type { NotificationKind } from '@phonebot/shared/notifications';
import { ROLES } from '@phonebot/shared';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { ChangeSubscriber } from '../../lib/changes';
import { recordNotificationEvent } from '../events';
import { queueUserPush } from '../push';
import { activeUsersToMail } from '../users';
import { mentionedUserIds } from './mentions';
import { insertNotification } from './notifications.store';

/** Every role of a company reads its calls (guests too), so any of its active users may be named in a note. */
const CALL_READERS = ROLES.filter((role) => role !== 'super');

type Notice = { customerId: number; userId: number; kind: NotificationKind; callId: number; actorId: number | null };

/**
 * Tells one user, inside the change's transaction: the notification's row and the live event only their streams
 * get. The mail follows from the row if it stays unread (notification-mail.ts). Each also goes to the browsers they
 * turned push on in: queued here, sent after the commit (modules/push).
 */
async function notify(trx: Kysely<Database>, notice: Notice, at: string): Promise<void> {
  const id = await insertNotification(trx, { ...notice, at });
  await recordNotificationEvent(trx, notice.customerId, notice.userId, id);
  await queueUserPush(trx, { ...notice, kind: notice.kind });
}

/**
 * Notifications in the path of a change: a call given to a user by someone else, a note naming users of the company
 * (never its writer), and a caller's SMS reply to the call's owner. The first two come from a user's own change, so
 * nobody is told of what they did themselves; a reply has no actor (its caller acted).
 */
export const notificationsSubscriber: ChangeSubscriber = {
  name: 'notifications',
  async take(trx, changes) {
    const at = nowIso();
    for (const change of changes) {
      if (change.kind === 'assigned') {
        if (change.assigneeId === change.actorId) continue;
        for (const callId of change.callIds) {
          const notice = { customerId: change.customerId, userId: change.assigneeId, callId, actorId: change.actorId };
          await notify(trx, { ...notice, kind: 'assigned' }, at);
        }
      } else if (change.kind === 'note-added' && change.text.includes('@')) {
        const users = await activeUsersToMail(trx, change.customerId, CALL_READERS);
        for (const userId of mentionedUserIds(change.text, users)) {
          if (userId === change.authorId) continue;
          const notice = { customerId: change.customerId, userId, callId: change.callId, actorId: change.authorId };
          await notify(trx, { ...notice, kind: 'mentioned' }, at);
        }
      } else if (change.kind === 'reply-received') {
        const notice = { customerId: change.customerId, userId: change.userId, callId: change.callId, actorId: null };
        await notify(trx, { ...notice, kind: 'reply' }, at);
      }
    }
  },
  // New calls name nobody.
  createdInOneStatement: () => ({}),
};
