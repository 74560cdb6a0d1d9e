import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { type SessionRow, liveSessionCompanies, principalFromTokenId } from '../sessions';
import { DomainError } from '../../lib/domain-errors';
import { SignalledCache } from '../../lib/signalled-cache';
import { eventHead, eventHeads, eventsAfter } from './call-events';
import type { EventStream } from './event-stream';
import type { EventTransport } from './transports';

export type HubOptions = {
  /** A comment line goes to every stream this often, so proxies keep it open. */
  keepAliveMs: number;
  /**
   * Each stream's session is checked as a request would check it (and its last use moved on) this often. Whether it
   * still works at all is checked at least every SESSION_CHECK_MS, and at once when a session's rows change.
   */
  revalidateMs: number;
  /** The companies' heads are compared with what was delivered this often, catching any lost signal. */
  sweepMs: number;
};

export const DEFAULT_HUB_OPTIONS: HubOptions = { keepAliveMs: 15_000, revalidateMs: 60_000, sweepMs: 5_000 };

const BATCH = 500;
/** Companies whose calls version, and sessions whose rows, a process keeps in memory at most. */
const CACHED_COMPANIES = 100_000;
const CACHED_SESSIONS = 100_000;
/**
 * How long a change this process writes keeps its company's calls version (or all sessions) out of the cache: longer
 * than such a transaction takes to commit and its notification to arrive, after which the notification has dropped
 * the old value.
 */
export const WRITE_HOLD_MS = 5_000;
/** An announced id not yet visible (its transaction has not committed) is read again this often, growing. */
const RETRY_FIRST_MS = 20;
const RETRY_ATTEMPTS = 9;
/**
 * The longest an open stream outlives its session (signed out, expired, its user or company disabled) when no
 * change of the session's rows was heard (another process on the Redis transport, a lost LISTEN connection).
 */
const SESSION_CHECK_MS = 5_000;
/** A heard change of a session's rows is checked this soon (a few changes at once are checked together). */
const SESSION_CHECK_SOON_MS = 100;
/** The reconnect delay a stopping process gives its streams: 1 s plus up to 4 s, spread at random. */
const SHUTDOWN_RETRY_MIN_MS = 1_000;
const SHUTDOWN_RETRY_SPREAD_MS = 4_000;

/** The streams of one company open in this process, and how far its events were read. */
type Company = {
  id: number;
  streams: Set<EventStream>;
  /** The last event id read from the table and delivered; undefined until the first stream has replayed. */
  cursor: number | undefined;
  /** The highest id a signal announced. */
  wanted: number;
  reading: boolean;
  again: boolean;
  attempts: number;
  retry: NodeJS.Timeout | undefined;
};

/**
 * The process's event streams by company. A signal ("company X has new events") makes the hub read that company's
 * events after its cursor once and hand them to each of its streams, so the work per change does not grow with the
 * number of streams. Events are read from the table, never taken from the signal, so a stream gets exactly the
 * committed events, in id order, whichever transport carried the signal.
 */
/**
 * A cache outside the hub that follows its signals: live while every change reaches this process, and told when a
 * row it is made of changed in another process (the bot tokens' principals).
 */
export type RowFollower = { setLive(live: boolean): void; forget(): void };

export class EventHub {
  private readonly companies = new Map<number, Company>();
  private readonly followers = new Set<RowFollower>();
  private cachesLive = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private closing = false;
  private sweeping = false;
  private revalidating = false;
  private checkingSessions = false;
  private checkSessionsAgain = false;
  private sessionCheckTimer: NodeJS.Timeout | undefined;
  /** Open streams per session (access token id), for the cap per session. */
  private readonly perSession = new Map<number, number>();

  /**
   * Each company's calls version (the call lists' ETags), dropped by the company's signal. Every change that moves
   * it records events (or notifies) in its transaction (the path of a change, lib/changes.ts), so the signal follows
   * every change.
   */
  readonly callsVersions = new SignalledCache<number, number>(CACHED_COMPANIES);
  /**
   * Signed-in sessions by token hash, all dropped when this process writes a row their check reads
   * (Db.sessionWrites) or another process's write is notified (PostgreSQL).
   */
  readonly sessions = new SignalledCache<string, SessionRow | undefined>(CACHED_SESSIONS);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: EventTransport,
    private readonly log: Logger,
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
  ) {}

  async start(): Promise<void> {
    this.setCachesLive(this.transport.exact);
    await this.transport.start({
      signal: (customerId, lastId) => this.signal(customerId, lastId),
      resync: () => this.resync(),
      suspend: () => this.setCachesLive(false),
      sessionRowsChanged: () => {
        this.sessions.clear();
        this.checkSessionsSoon();
      },
      botRowsChanged: () => {
        for (const follower of this.followers) follower.forget();
      },
    });
    this.every(this.options.keepAliveMs, () => this.keepAlive());
    this.every(this.options.sweepMs, () => void this.sweep());
    this.every(this.options.revalidateMs, () => void this.revalidate());
    this.every(Math.min(this.options.revalidateMs, SESSION_CHECK_MS), () => void this.checkSessions());
  }

  /** Called inside a change's transaction (see registerAnnouncer). */
  readonly announce = (customerId: number, lastId: number): void => {
    this.callsVersions.hold(customerId, WRITE_HOLD_MS);
    this.transport.announce(customerId, lastId);
  };

  /** Called when this process writes a row a session's check reads (Db.sessionWrites), before its commit. */
  readonly sessionRowsWritten = (): void => {
    this.sessions.holdAll(WRITE_HOLD_MS);
    // Before the commit: on PostgreSQL the commit's notification checks again; SQLite's one connection waits for it.
    this.checkSessionsSoon();
  };

  get transportName(): EventTransport['name'] {
    return this.transport.name;
  }

  get accepting(): boolean {
    return !this.closing;
  }

  get streamCount(): number {
    let count = 0;
    for (const company of this.companies.values()) count += company.streams.size;
    return count;
  }

  /** The streams of one session (access token id) open in this process. */
  streamsOf(tokenId: number): number {
    return this.perSession.get(tokenId) ?? 0;
  }

  /**
   * Adds a stream and replays what it missed: the events after `lastEventId` (or none, from the company's current
   * head), then whatever the hub delivered meanwhile. An id above the company's head (another database, a stale
   * client) counts as the head.
   */
  async attach(stream: EventStream, lastEventId: number | undefined): Promise<void> {
    if (this.closing) return stream.close();
    const company = this.companyOf(stream.customerId);
    company.streams.add(stream);
    this.perSession.set(stream.tokenId, this.streamsOf(stream.tokenId) + 1);
    try {
      const head = await eventHead(this.db, company.id);
      stream.lastId = lastEventId === undefined ? head : Math.min(lastEventId, head);
      for (;;) {
        const target = Math.max(head, company.cursor ?? 0);
        if (stream.isClosed || stream.lastId >= target) break;
        const events = await eventsAfter(this.db, company.id, stream.lastId, BATCH, target);
        // Nothing left in the range: its events are older than the replay window and were pruned.
        if (events.length === 0) stream.lastId = target;
        stream.send(events);
        await stream.drained();
      }
      stream.live();
      company.cursor ??= stream.lastId;
      this.read(company);
    } catch (error) {
      this.log.warn({ err: error, customerId: company.id }, 'event stream could not replay; closing it');
      stream.close();
    }
  }

  /** Ends every stream (clients reconnect with Last-Event-ID elsewhere or after the restart) and the transport. */
  async close(): Promise<void> {
    this.closing = true;
    this.setCachesLive(false);
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.sessionCheckTimer);
    for (const company of [...this.companies.values()]) {
      clearTimeout(company.retry);
      // Each browser is told to reconnect after 1 to 5 s: the streams of a stopping process spread over that time
      // instead of arriving at the remaining processes all at once.
      for (const stream of [...company.streams])
        stream.close(SHUTDOWN_RETRY_MIN_MS + Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
    }
    await this.transport.close();
  }

  private every(ms: number, run: () => void) {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private companyOf(id: number): Company {
    let company = this.companies.get(id);
    if (!company) {
      company = {
        id,
        streams: new Set(),
        cursor: undefined,
        wanted: 0,
        reading: false,
        again: false,
        attempts: 0,
        retry: undefined,
      };
      this.companies.set(id, company);
    }
    return company;
  }

  /** The stream ended (client gone, closed by the hub); a company without streams is forgotten. */
  readonly detach = (stream: EventStream): void => {
    const company = this.companies.get(stream.customerId);
    if (!company?.streams.delete(stream)) return;
    const left = this.streamsOf(stream.tokenId) - 1;
    if (left > 0) this.perSession.set(stream.tokenId, left);
    else this.perSession.delete(stream.tokenId);
    if (company.streams.size > 0) return;
    clearTimeout(company.retry);
    this.companies.delete(company.id);
  };

  private setCachesLive(live: boolean) {
    this.cachesLive = live;
    this.callsVersions.setLive(live);
    this.sessions.setLive(live);
    for (const follower of this.followers) follower.setLive(live);
  }

  /** Lets a cache follow the hub's signals from now on; answers how to stop. */
  follow(follower: RowFollower): () => void {
    this.followers.add(follower);
    follower.setLive(this.cachesLive);
    return () => this.followers.delete(follower);
  }

  private signal(customerId: number, lastId?: number) {
    this.callsVersions.invalidate(customerId);
    const company = this.companies.get(customerId);
    if (!company) return;
    if (lastId !== undefined && lastId > company.wanted) {
      company.wanted = lastId;
      company.attempts = 0;
    }
    this.read(company);
  }

  /** Reads the company's new events once and hands them to its streams; one read at a time per company. */
  private read(company: Company) {
    if (company.reading) {
      company.again = true;
      return;
    }
    company.reading = true;
    void (async () => {
      try {
        do {
          company.again = false;
          if (company.cursor === undefined || company.streams.size === 0) break;
          const events = await eventsAfter(this.db, company.id, company.cursor, BATCH);
          // A signal that came in during the read sets `again`: the loop reads once more.
          if (events.length === 0) continue;
          company.cursor = events[events.length - 1]!.id;
          for (const stream of company.streams) stream.deliver(events);
          if (events.length === BATCH) company.again = true;
        } while (company.again && !this.closing);
        this.retryUnseen(company);
      } catch (error) {
        // The database is away: the sweep and the transport's resync read again once it is back.
        this.log.debug({ err: error, customerId: company.id }, 'reading events failed');
      } finally {
        company.reading = false;
      }
    })();
  }

  /** An announced id that is not visible yet belongs to a transaction still committing: read again shortly. */
  private retryUnseen(company: Company) {
    if (company.cursor === undefined || company.cursor >= company.wanted || this.closing) {
      company.attempts = 0;
      return;
    }
    if (company.attempts >= RETRY_ATTEMPTS) {
      // Rolled back, or slower than the sweep: the sweep takes over.
      company.wanted = company.cursor;
      company.attempts = 0;
      return;
    }
    clearTimeout(company.retry);
    company.retry = setTimeout(() => this.read(company), RETRY_FIRST_MS * 2 ** company.attempts++);
    company.retry.unref();
  }

  private resync() {
    this.setCachesLive(this.transport.exact && !this.closing);
    for (const company of this.companies.values()) this.read(company);
  }

  private keepAlive() {
    for (const company of this.companies.values()) for (const stream of company.streams) stream.comment('keep-alive');
  }

  /** Compares every company's head with its cursor in a few queries and reads where a signal went missing. */
  private async sweep() {
    if (this.sweeping || this.companies.size === 0) return;
    this.sweeping = true;
    try {
      const heads = await eventHeads(this.db, [...this.companies.keys()]);
      for (const [id, head] of heads) {
        const company = this.companies.get(id);
        if (company?.cursor !== undefined && head > company.cursor) this.read(company);
      }
    } catch (error) {
      this.log.debug({ err: error }, 'event sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  private streamsByToken(): Map<number, EventStream[]> {
    const byToken = new Map<number, EventStream[]>();
    for (const company of this.companies.values()) {
      for (const stream of company.streams) {
        const streams = byToken.get(stream.tokenId);
        if (streams) streams.push(stream);
        else byToken.set(stream.tokenId, [stream]);
      }
    }
    return byToken;
  }

  /**
   * Checks each stream's session as a request would (moving its last use on); ends the streams of sessions that
   * were revoked, expired or disabled. One check per session.
   */
  private async revalidate() {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      for (const [tokenId, streams] of this.streamsByToken()) {
        if (this.closing) break;
        const principal = await principalFromTokenId(this.db, tokenId).catch((error: unknown) =>
          // A refusal (a disabled account) ends the session; any other error means the database is away, and the
          // streams stay until it can say.
          error instanceof DomainError ? null : undefined,
        );
        if (principal === undefined) continue;
        for (const stream of streams) if (principal?.customerId !== stream.customerId) stream.close();
      }
    } finally {
      this.revalidating = false;
    }
  }

  private checkSessionsSoon() {
    if (this.sessionCheckTimer || this.closing || this.companies.size === 0) return;
    this.sessionCheckTimer = setTimeout(() => {
      this.sessionCheckTimer = undefined;
      void this.checkSessions();
    }, SESSION_CHECK_SOON_MS);
    this.sessionCheckTimer.unref();
  }

  /** Ends the streams of sessions that no longer work, all sessions in one read; a check asked for meanwhile runs after. */
  private async checkSessions() {
    if (this.checkingSessions) {
      this.checkSessionsAgain = true;
      return;
    }
    this.checkingSessions = true;
    try {
      do {
        this.checkSessionsAgain = false;
        const byToken = this.streamsByToken();
        if (byToken.size === 0) break;
        const live = await liveSessionCompanies(this.db, [...byToken.keys()]);
        for (const [tokenId, streams] of byToken) {
          for (const stream of streams) if (live.get(tokenId) !== stream.customerId) stream.close();
        }
      } while (this.checkSessionsAgain && !this.closing);
    } catch (error) {
      // The database is away: the streams stay until it can say.
      this.log.debug({ err: error }, 'session check of the event streams failed');
    } finally {
      this.checkingSessions = false;
    }
  }
}
