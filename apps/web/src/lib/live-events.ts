import { startTransition, useEffect, useState } from 'react';
import { API_BASE } from '@phonebot/shared';
import { eventRoutes } from '@phonebot/shared/events';
import { callApi, isApiError } from './api-client';
import { getToken, subscribeToken } from './auth-token';

/**
 * The tab's one live connection to `GET /api/v2/events`, shared by every feature that subscribes to some of its
 * event types. EventSource cannot send the Bearer header, so each connection opens with a fresh single-use ticket;
 * a broken connection is therefore opened again here (not by EventSource itself), with backoff, resuming after the
 * last event id it received.
 *
 * - `idle`: nobody subscribes (or nobody is signed in).
 * - `connecting`: the first connection of this session is being opened.
 * - `open`: events arrive as they happen.
 * - `reconnecting`: the connection broke or could not be opened; screens fall back to polling meanwhile.
 */
export type LiveState = 'idle' | 'connecting' | 'open' | 'reconnecting';

export type LiveEvent = { type: string; id: string; data: unknown };
type EventListener = (event: LiveEvent) => void;
/** `resumed`: the connection was open before and broke, so events may have been missed in between. */
type OpenListener = (info: { resumed: boolean }) => void;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;
/** The connection stays this long after its last subscriber left, so moving between screens keeps it. */
const LINGER_MS = 10_000;

const subscribers = new Map<EventListener, readonly string[]>();
const openListeners = new Set<OpenListener>();
const stateListeners = new Set<() => void>();

let state: LiveState = 'idle';
let source: EventSource | null = null;
/** Event types the current EventSource listens to. */
let listening = new Set<string>();
let lastEventId: string | null = null;
let attempts = 0;
let everOpened = false;
/** Bumped whenever a connection attempt is superseded, so its late answers are ignored. */
let generation = 0;
let reconnectTimer: number | undefined;
let lingerTimer: number | undefined;

function setState(next: LiveState) {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener();
}

function dispatch(message: MessageEvent<string>) {
  lastEventId = message.lastEventId || lastEventId;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return;
  }
  const event: LiveEvent = { type: message.type, id: message.lastEventId, data };
  for (const [listener, types] of subscribers) if (types.includes(message.type)) listener(event);
}

function listenTo(types: Iterable<string>) {
  if (!source) return;
  for (const type of types) {
    if (listening.has(type)) continue;
    source.addEventListener(type, dispatch as (event: Event) => void);
    listening.add(type);
  }
}

function closeSource() {
  source?.close();
  source = null;
  listening = new Set();
}

function scheduleReconnect() {
  closeSource();
  setState('reconnecting');
  window.clearTimeout(reconnectTimer);
  const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempts++);
  // Spread out, so that the tabs of many users do not all come back in the same second after a restart.
  reconnectTimer = window.setTimeout(() => void connect(), delay / 2 + (Math.random() * delay) / 2);
}

async function connect() {
  const mine = ++generation;
  window.clearTimeout(reconnectTimer);
  closeSource();
  if (getToken() === null || subscribers.size === 0) return stop();
  if (!everOpened && state !== 'reconnecting') setState('connecting');
  let ticket: string;
  try {
    ticket = (await callApi(eventRoutes.createEventTicket)).meta.ticket;
  } catch (error) {
    if (mine !== generation) return;
    // A dead session (the api client drops the token) or a role without the call log: nothing to connect to.
    if (isApiError(error, 401) || isApiError(error, 403)) return stop();
    return scheduleReconnect();
  }
  if (mine !== generation) return;
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== null) query.set('last_event_id', lastEventId);
  const opened = new EventSource(`${API_BASE}${eventRoutes.streamEvents.path}?${query.toString()}`);
  source = opened;
  listenTo(new Set([...subscribers.values()].flat()));
  opened.onopen = () => {
    if (source !== opened) return;
    attempts = 0;
    const resumed = everOpened;
    everOpened = true;
    setState('open');
    for (const listener of openListeners) listener({ resumed });
  };
  // The server ended the stream or the network failed: EventSource would retry with the used ticket, so the
  // connection is opened again here with a new one.
  opened.onerror = () => {
    if (source === opened) scheduleReconnect();
  };
}

function stop() {
  generation++;
  window.clearTimeout(reconnectTimer);
  window.clearTimeout(lingerTimer);
  closeSource();
  attempts = 0;
  everOpened = false;
  setState('idle');
}

/** Receives the events of the given types; the first subscriber opens the connection. Answers the unsubscribe. */
export function subscribeLive(types: readonly string[], listener: EventListener): () => void {
  subscribers.set(listener, types);
  window.clearTimeout(lingerTimer);
  if (state === 'idle') void connect();
  else listenTo(types);
  return () => {
    subscribers.delete(listener);
    if (subscribers.size > 0) return;
    window.clearTimeout(lingerTimer);
    lingerTimer = window.setTimeout(stop, LINGER_MS);
  };
}

/** Called whenever the connection opens; `resumed` after a break, when the subscriber may want to catch up. */
export function onLiveOpen(listener: OpenListener): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

export function liveState(): LiveState {
  return state;
}

/**
 * The connection's state, for a screen to show it and to poll while it is down. A change reaches the screens in a
 * transition, in slices: a store read through useSyncExternalStore is rendered at once in one block, and the call
 * screens that follow the state are large (the connection opening at a start took one long task at a phone's CPU).
 * A component may see a change a moment after another; none acts on the difference.
 */
export function useLiveState(): LiveState {
  const [current, setCurrent] = useState(liveState);
  useEffect(() => {
    const listener = () => startTransition(() => setCurrent(liveState()));
    stateListeners.add(listener);
    // A change between the render and this subscription.
    listener();
    return () => {
      stateListeners.delete(listener);
    };
  }, []);
  return current;
}

// Another account (or none) in this tab: its events are not ours, and neither is the position in them.
subscribeToken(() => {
  lastEventId = null;
  if (subscribers.size > 0 && getToken() !== null) {
    stop();
    void connect();
  } else {
    stop();
  }
});

// Back online: no need to wait for the backoff.
window.addEventListener('online', () => {
  if (state === 'reconnecting') void connect();
});
