import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ChangeSubscriber, publishChanges } from '../../lib/changes';
import { openCallIdsAssignedTo, openCallIdsOfPhonebot } from './calls.store';
import { recomputeOpenDeadlines } from './open-deadlines';

/** Clears the assignee of a user's calls, as the user's row goes (the foreign key would do it a moment later). */
async function releaseCallsOf(trx: Kysely<Database>, user: { customer_id: number; id: number }): Promise<void> {
  await trx
    .updateTable('calls')
    .set({ assignee_id: null })
    .where('customer_id', '=', user.customer_id)
    .where('assignee_id', '=', user.id)
    .execute();
}

/**
 * What the call lists show of others: the phonebot's name and terms, the assignee's name. Their owners publish
 * a change of them, and this subscriber answers it with the change of the calls that show them: the open ones
 * (New, In Progress), so that a rename never floods the streams with the whole log. A change that shows on no call
 * still moves the calls version (an `updated` of no calls). New business hours of the company move its open calls'
 * deadlines (open-deadlines.ts).
 */
export const shownCallsSubscriber: ChangeSubscriber = {
  name: 'shown calls',
  async take(trx, changes) {
    for (const change of changes) {
      switch (change.kind) {
        case 'assignee-renamed': {
          const user = { customer_id: change.customerId, id: change.userId };
          const callIds = await openCallIdsAssignedTo(trx, user);
          await publishChanges(trx, [{ kind: 'updated', customerId: change.customerId, callIds }]);
          break;
        }
        case 'assignee-removed': {
          const user = { customer_id: change.customerId, id: change.userId };
          const callIds = await openCallIdsAssignedTo(trx, user);
          await releaseCallsOf(trx, user);
          await publishChanges(trx, [{ kind: 'updated', customerId: change.customerId, callIds }]);
          break;
        }
        case 'phonebot-changed': {
          const phonebot = { customer_id: change.customerId, id: change.phonebotId };
          const callIds = change.shown ? await openCallIdsOfPhonebot(trx, phonebot) : [];
          await publishChanges(trx, [{ kind: 'updated', customerId: change.customerId, callIds }]);
          break;
        }
        case 'phonebot-deleted': {
          const phonebot = { customer_id: change.customerId, id: change.phonebotId };
          const callIds = await openCallIdsOfPhonebot(trx, phonebot);
          await publishChanges(trx, [{ kind: 'deleted', customerId: change.customerId, callIds }]);
          break;
        }
        case 'deadlines-changed':
          await recomputeOpenDeadlines(trx, change.customerId);
          break;
        default:
          break;
      }
    }
  },
  createdInOneStatement: () => ({}),
};
