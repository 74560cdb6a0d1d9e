import type { ChangeSubscriber } from './lib/changes';
import { callsVersionSubscriber, searchIndexSubscriber, shownCallsSubscriber } from './modules/calls';
import { monthlyCountsSubscriber } from './modules/calls-history';
import { callEventsSubscriber } from './modules/events';
import { rollupsSubscriber } from './modules/insights';
import { webhookQueueSubscriber } from './modules/webhooks';
import { urgentMailSubscriber } from './modules/urgent-mail';
import { notificationsSubscriber } from './modules/notifications';
import { pushSubscriber } from './modules/push';
import { recordingsSubscriber } from './modules/recordings';

/**
 * Everything a change of calls reaches, in the order each takes it inside the change's transaction
 * (docs/architecture.md "The path of a change"); the runtime registers this list for its database at start-up.
 *
 * The order is that of the rows they write, which every change takes in the same order: the counts, the calls
 * version, the event head and events, then the webhook queue and the mails. Transactions that share these rows wait
 * on each other but never in a circle. `shownCallsSubscriber` comes first: it answers a change of a name the lists
 * show with a change of the calls that show it, which runs through the whole list.
 */
export const CHANGE_SUBSCRIBERS: readonly ChangeSubscriber[] = [
  shownCallsSubscriber,
  rollupsSubscriber,
  monthlyCountsSubscriber,
  callsVersionSubscriber,
  callEventsSubscriber,
  webhookQueueSubscriber,
  urgentMailSubscriber,
  // The call search's index of the calls' texts and numbers (a deleted call's entry goes with its row).
  searchIndexSubscriber,
  // A call's recording goes with it: its object is queued for deletion after the commit.
  recordingsSubscriber,
  // A user given a call or named in a note: their notification and its live event (after the event head's other
  // events of the change); a call given to them and an SMS reply are queued for their browsers' push there too.
  notificationsSubscriber,
  // New calls of a company's alert priorities: a push to its staff's browsers, queued for after the commit.
  pushSubscriber,
];
