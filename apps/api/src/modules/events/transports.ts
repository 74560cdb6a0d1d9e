import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from 'pino';

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
/** The channel migration 2026-11-24-1301 notifies when a session's rows change. */
export const SESSION_ROWS_CHANNEL = 'session_rows';
/** The channel migration 2026-11-24-1401 notifies when a bot token's phonebot or customer changes. */
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

/**
 * Redis pub/sub, for deployments whose PostgreSQL connections cannot LISTEN (a pooler in transaction mode). The
 * message goes out before the commit and pub/sub may drop messages while reconnecting, so the hub re-reads until the
 * announced id is visible and sweeps the heads regularly.
 */
export function redisTransport(url: string, log: Logger, channel = REDIS_CHANNEL): EventTransport {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  let readyOnce = false;
  publisher.on('error', (error) => log.debug({ err: error }, 'redis publisher error'));
  subscriber.on('error', (error) => log.debug({ err: error }, 'redis subscriber error'));
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
        if (readyOnce) {
          log.info('event subscriber connection restored');
          handlers.resync();
        }
        readyOnce = true;
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    },
    announce(customerId, lastId) {
      publisher.publish(channel, `${customerId}:${lastId}`).catch((error: unknown) => {
        log.warn({ err: error }, 'could not publish a call event; the next sweep delivers it');
      });
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
