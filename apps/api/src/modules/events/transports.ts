import pg from 'pg';
import type { Logger } from 'pino';
import { createRedis } from '../../lib/redis';

/** What a transport tells the hub: a company has new events (up to `lastId` when known), or signals may have been lost. */
export type TransportHandlers = {
  signal: (customerId: number, lastId?: number) => void;
  resync: () => void;
  /** Signals may be missed from now until the next resync (the connection that carries them is lost). */
  suspend?: () => void;
  /** A row a session's check reads changed in some process (PostgreSQL only). */
  sessionRowsChanged?: () => void;
  /** A row a bot token's principal is made of changed in some process (PostgreSQL only). */
  botRowsChanged?: () => void;
};

/** Carries "company X has new events" between the processes that share a database. */
export type EventTransport = {
  readonly name: 'memory' | 'postgres' | 'redis';
  /**
   * Every committed change reaches the handlers after its commit (or, on SQLite's one connection, before any read
   * that could see it), including changes to the rows of sessions: the process may keep copies of both.
   */
  readonly exact: boolean;
  start: (handlers: TransportHandlers) => Promise<void>;
  /** Called while the change's transaction is still open. */
  announce: (customerId: number, lastId: number) => void;
  close: () => Promise<void>;
};

/** The channel the migration's trigger notifies on PostgreSQL. */
export const POSTGRES_CHANNEL = 'call_events';
/** The channel migration 20261124171318-session-rows-notify notifies when a session's rows change. */
export const SESSION_ROWS_CHANNEL = 'session_rows';
/** The channel migration 20261124205909-bot-rows-notify notifies when a bot token's phonebot or customer changes. */
export const BOT_ROWS_CHANNEL = 'bot_rows';
export const REDIS_CHANNEL = 'phonebot:call-events';

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * One process on SQLite: the hub hears of a change in process. The signal comes before the commit, which is fine:
 * SQLite has one connection, so the hub's read waits for the transaction to end.
 */
export function memoryTransport(): EventTransport {
  let handlers: TransportHandlers | undefined;
  return {
    name: 'memory',
    exact: true,
    async start(given) {
      handlers = given;
    },
    announce(customerId, lastId) {
      queueMicrotask(() => handlers?.signal(customerId, lastId));
    },
    async close() {
      handlers = undefined;
    },
  };
}

/**
 * PostgreSQL LISTEN on a connection of its own. The migration's trigger notifies inside each change's transaction,
 * and PostgreSQL delivers notifications after the commit, in commit order, to every listening process. A lost
 * connection (database restart) is opened again with backoff; the hub then reads what it missed from the table.
 */
export function postgresTransport(databaseUrl: string, log: Logger): EventTransport {
  let client: pg.Client | undefined;
  let handlers: TransportHandlers | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let stopped = false;
  let connectedOnce = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      handlers?.suspend?.();
      if (!stopped) {
        log.warn({ err: error }, 'event listener connection lost; reconnecting');
        schedule();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      const customerId = Number(message.payload);
      if (message.channel === POSTGRES_CHANNEL && Number.isSafeInteger(customerId)) handlers?.signal(customerId);
      else if (message.channel === SESSION_ROWS_CHANNEL) handlers?.sessionRowsChanged?.();
      else if (message.channel === BOT_ROWS_CHANNEL) handlers?.botRowsChanged?.();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${POSTGRES_CHANNEL}`);
      await next.query(`LISTEN ${SESSION_ROWS_CHANNEL}`);
      await next.query(`LISTEN ${BOT_ROWS_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    if (connectedOnce) {
      log.info('event listener connection restored');
      handlers?.resync();
    }
    connectedOnce = true;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.debug({ err: error }, 'event listener could not connect yet');
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        if (!stopped) schedule();
      });
    }, delay);
    timer.unref();
  }

  return {
    name: 'postgres',
    exact: true,
    async start(given) {
      handlers = given;
      try {
        await connect();
      } catch (error) {
        log.warn({ err: error }, 'event listener could not connect; retrying');
        handlers.suspend?.();
        connectedOnce = true;
        schedule();
      }
    },
    // The trigger on call_events notifies; nothing to send from here.
    announce() {},
    async close() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** How often the subscriber's connection is asked for a PING, so that a stalled one is found and opened again. */
const SUBSCRIBER_PING_MS = 2_000;

/**
 * Redis pub/sub, for deployments whose PostgreSQL connections cannot LISTEN (a pooler in transaction mode). The
 * message goes out before the commit and pub/sub may drop messages while reconnecting, so the hub re-reads until the
 * announced id is visible and sweeps the heads regularly.
 *
 * Redis may be away: nothing waits for it. A publish fails at once or within the command timeout (lib/redis.ts),
 * and the failure is logged once per outage; the subscriber's connection is pinged every 2 s, so a stalled one is
 * torn down and opened again. Both connections come back by themselves; the subscriber then subscribes again (on each
 * `ready`) and the hub reads what it missed. Meanwhile the streams get their events from the hub's sweep of the database (every 5 s).
 * A process also starts while Redis is away.
 */
export function redisTransport(
  url: string,
  log: Logger,
  options: { commandTimeoutMs: number; channel?: string },
): EventTransport {
  const channel = options.channel ?? REDIS_CHANNEL;
  const { commandTimeoutMs } = options;
  const publisher = createRedis(url, { commandTimeoutMs, log, name: 'events-publisher', lazyConnect: true });
  const subscriber = createRedis(url, { commandTimeoutMs, log, name: 'events-subscriber', lazyConnect: true });
  let readyOnce = false;
  let subscribing: Promise<void> | undefined;
  let publishFailing = false;
  let pinger: NodeJS.Timeout | undefined;
  // The channel is subscribed to on every new connection (lib/redis.ts leaves that to the subscriber), its failure
  // logged: a connection that stalls again meanwhile is torn down and the next one subscribes.
  const subscribe = () =>
    (subscribing ??= subscriber
      .subscribe(channel)
      .then(() => undefined)
      .finally(() => {
        subscribing = undefined;
      }));
  return {
    name: 'redis',
    // Published before the commit, and pub/sub may drop messages: nothing may be kept on its word.
    exact: false,
    async start(handlers) {
      subscriber.on('message', (from: string, message: string) => {
        if (from !== channel) return;
        const [customerId, lastId] = message.split(':').map(Number);
        if (Number.isSafeInteger(customerId) && Number.isSafeInteger(lastId)) handlers.signal(customerId!, lastId);
      });
      subscriber.on('ready', () => {
        subscribe().catch((error: unknown) => log.debug({ err: error }, 'redis subscribe failed'));
        if (readyOnce) {
          log.info('event subscriber connection restored');
          handlers.resync();
        }
        readyOnce = true;
      });
      pinger = setInterval(() => {
        if (subscriber.status === 'ready') subscriber.ping().catch(() => undefined);
      }, SUBSCRIBER_PING_MS);
      pinger.unref();
      const [published, subscribedNow] = await Promise.allSettled([
        publisher.connect(),
        subscriber.connect().then(subscribe),
      ]);
      readyOnce = true;
      const failed = [published, subscribedNow].find((result) => result.status === 'rejected');
      if (failed) {
        log.warn(
          { err: failed.reason },
          'event transport cannot reach redis; it keeps trying, and event streams read the database every few seconds meanwhile',
        );
      }
    },
    announce(customerId, lastId) {
      publisher.publish(channel, `${customerId}:${lastId}`).then(
        () => {
          if (!publishFailing) return;
          publishFailing = false;
          log.info('call events are published to redis again');
        },
        (error: unknown) => {
          if (publishFailing) return;
          publishFailing = true;
          log.warn(
            { err: error },
            'could not publish call events to redis; event streams get them from the database sweep until it is back',
          );
        },
      );
    },
    async close() {
      clearInterval(pinger);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
