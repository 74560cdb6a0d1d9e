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

type Notice = { customerId: number; userId: number; kind: NotificationKind; actorId: number | null };

/**
 * Tells one user of calls, inside the change's transaction: a notification's row and the live event only their streams
 * get, for each call. The mail follows from the rows if they stay unread (notification-mail.ts). One push goes to the
 * browsers they turned push on in, for all the calls at once: queued here, sent after the commit (modules/push).
 */
async function notify(trx: Kysely<Database>, notice: Notice, callIds: readonly number[], at: string): Promise<void> {
  for (const callId of callIds) {
    const id = await insertNotification(trx, { ...notice, callId, at });
    await recordNotificationEvent(trx, notice.customerId, notice.userId, id);
  }
  await queueUserPush(trx, { ...notice, callIds });
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
        const notice = { customerId: change.customerId, userId: change.assigneeId, actorId: change.actorId };
        await notify(trx, { ...notice, kind: 'assigned' }, change.callIds, at);
      } else if (change.kind === 'note-added' && change.text.includes('@')) {
        const users = await activeUsersToMail(trx, change.customerId, CALL_READERS);
        for (const userId of mentionedUserIds(change.text, users)) {
          if (userId === change.authorId) continue;
          const notice = { customerId: change.customerId, userId, actorId: change.authorId };
          await notify(trx, { ...notice, kind: 'mentioned' }, [change.callId], at);
        }
      } else if (change.kind === 'reply-received') {
        const notice = { customerId: change.customerId, userId: change.userId, actorId: null };
        await notify(trx, { ...notice, kind: 'reply' }, [change.callId], at);
      }
    }
  },
  // New calls name nobody.
  createdInOneStatement: () => ({}),
};
