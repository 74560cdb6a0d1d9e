import { useEffect } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { CALL_EVENT_TYPES, isCallEventData } from '@phonebot/shared/calls';
import { registerTranslations } from '../../lib/i18n';
import { type LiveEvent, type LiveState, onLiveOpen, subscribeLive, useLiveState } from '../../lib/live-events';
import { useStarted } from '../../lib/use-started';
import { type CallList, callKeys } from './api';
import { callsLiveTranslations } from './live-locales';
import { alertSettings, prepareSound } from './alert-settings';
import { alertIfUrgent } from './urgent-alerts';

registerTranslations(callsLiveTranslations);

/** Events are gathered this long, so a burst of changes costs each open list one refetch... */
const GATHER_MS = 150;
/** ...and a list refetches at most this often however busy the company is. */
const MIN_REFETCH_GAP_MS = 1_000;

type Batch = { changed: Set<number>; deleted: Set<number> };

/**
 * Applies a batch of call events to the cached queries: deleted calls leave the lists at once, and the lists that
 * are on screen and the open calls that changed are fetched again, once (the lists by ETag: 304 when a change did
 * not touch them). Lists not on screen are only marked stale.
 */
function apply(queryClient: QueryClient, batch: Batch) {
  if (batch.deleted.size > 0) {
    queryClient.setQueriesData<CallList>({ queryKey: callKeys.lists() }, (list) => {
      if (!list) return list;
      const rows = list.rows.filter((row) => !batch.deleted.has(row.id));
      return rows.length === list.rows.length
        ? list
        : { ...list, rows, total: Math.max(0, list.total - (list.rows.length - rows.length)) };
    });
  }
  void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: callKeys.counts() });
  for (const id of new Set([...batch.changed, ...batch.deleted])) {
    void queryClient.invalidateQueries({ queryKey: callKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: callKeys.notes(id) });
  }
}

/** The calls feature's one subscription to the live connection, shared by every screen that uses the hook. */
function follow(queryClient: QueryClient): () => void {
  let batch: Batch = { changed: new Set(), deleted: new Set() };
  let timer: number | undefined;
  let lastApplied = 0;

  const flush = () => {
    timer = undefined;
    lastApplied = Date.now();
    const applied = batch;
    batch = { changed: new Set(), deleted: new Set() };
    apply(queryClient, applied);
  };

  const onEvent = (event: LiveEvent) => {
    if (!isCallEventData(event.data)) return;
    const id = Number(event.data.id);
    if (event.type === 'call.deleted') batch.deleted.add(id);
    else batch.changed.add(id);
    if (event.type === 'call.created') void alertIfUrgent(queryClient, id);
    timer ??= window.setTimeout(flush, Math.max(GATHER_MS, lastApplied + MIN_REFETCH_GAP_MS - Date.now()));
  };

  // Events may have been missed while the connection was down: everything on screen is checked once.
  const stopOpen = onLiveOpen(({ resumed }) => {
    if (resumed) void queryClient.invalidateQueries({ queryKey: callKeys.all });
  });
  // A sound can only play after the user interacted with the page.
  const onGesture = () => {
    if (alertSettings().sound) prepareSound();
  };
  window.addEventListener('pointerdown', onGesture);
  window.addEventListener('keydown', onGesture);
  const unsubscribe = subscribeLive(CALL_EVENT_TYPES, onEvent);
  return () => {
    unsubscribe();
    stopOpen();
    window.removeEventListener('pointerdown', onGesture);
    window.removeEventListener('keydown', onGesture);
    window.clearTimeout(timer);
  };
}

let users = 0;
let unfollow: (() => void) | undefined;

/**
 * Keeps the call screens live: the lists and the open call update in place when the company's calls change, the
 * New Call Alert shows at once, urgent calls alert the user (as chosen under Alerts), and polling takes over only
 * while the connection is down. Any number of components may call it; the tab keeps one subscription.
 */
export function useCallsLive(): { state: LiveState } {
  const queryClient = useQueryClient();
  // Followed from a moment after the first screen (useStarted); until then the lists show what they loaded.
  const started = useStarted();
  useEffect(() => {
    if (!started) return;
    if (users++ === 0) unfollow = follow(queryClient);
    return () => {
      if (--users === 0) {
        unfollow?.();
        unfollow = undefined;
      }
    };
  }, [queryClient, started]);
  return { state: useLiveState() };
}
