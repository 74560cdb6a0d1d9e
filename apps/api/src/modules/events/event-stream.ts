import type { ServerResponse } from 'node:http';
import type { CallEvent, CallEventKind } from './call-events';

const EVENT_NAMES: Record<CallEventKind, string> = {
  created: 'call.created',
  updated: 'call.updated',
  deleted: 'call.deleted',
  notification: 'notification.created',
};

/** A client that reads this slowly is dropped: it reconnects with Last-Event-ID and misses nothing. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function formatEvent(event: CallEvent): string {
  const type = event.kind === 'notification' ? 'notifications' : 'calls';
  return `id: ${event.id}\nevent: ${EVENT_NAMES[event.kind]}\ndata: {"type":"${type}","id":"${event.callId}"}\n\n`;
}

/**
 * One open event stream of one signed-in session. It sends each event once, in id order: events the hub fetches
 * while the stream still replays are held back and sent after the replay, without those it already sent.
 */
export class EventStream {
  /** The last event id sent (or the position the stream started at). */
  lastId = 0;
  private held: CallEvent[] | null = [];
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    readonly customerId: number,
    readonly tokenId: number,
    /** The signed-in user: of the events for one user (notifications), only theirs are sent here. */
    readonly userId: number,
    private readonly onClose: (stream: EventStream) => void,
  ) {
    res.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Events the hub fetched for the company. */
  deliver(events: readonly CallEvent[]): void {
    if (this.held) this.held.push(...events);
    else this.send(events);
  }

  /** Sends the events newer than the last one sent. */
  send(events: readonly CallEvent[]): void {
    let text = '';
    for (const event of events) {
      if (event.id <= this.lastId) continue;
      this.lastId = event.id;
      if (event.userId != null && event.userId !== this.userId) continue;
      text += event.text ??= formatEvent(event);
    }
    if (text) this.write(text);
  }

  /** The replay is done: what the hub delivered meanwhile goes out now, and later deliveries at once. */
  live(): void {
    const held = this.held ?? [];
    this.held = null;
    this.send(held);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  write(text: string): void {
    if (this.closed) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.close();
  }

  /** Resolves once the client took what was written, so a long replay is not buffered whole in memory. */
  drained(): Promise<void> {
    if (this.closed || !this.res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  /** Ends the stream; `retryMs` tells the browser how long to wait before it reconnects (an SSE `retry:` field). */
  close(retryMs?: number): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.res.writableEnded) this.res.end(retryMs === undefined ? undefined : `retry: ${Math.round(retryMs)}\n\n`);
    this.onClose(this);
  }
}
