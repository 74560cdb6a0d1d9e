import http from 'node:http';

export type SseEvent = { id: string; event: string; data: string };

/** A test's Server-Sent Events client: it records every event and comment the server sends. */
export type SseClient = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The error document of a refused request. */
  json: unknown;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Waits until `check` holds for the events received (at most `ms`), and fails with what arrived otherwise. */
  waitFor: (check: (events: SseEvent[]) => boolean, ms?: number) => Promise<void>;
  close: () => void;
};

export type StreamOptions = {
  token?: string;
  ticket?: string;
  lastEventId?: string;
  query?: Record<string, string>;
  accept?: string;
};

/** Opens `GET /api/v2/events` on a listening server (`base` like http://127.0.0.1:1234). */
export function openStream(base: string, options: StreamOptions = {}): Promise<SseClient> {
  const url = new URL(`${base}/api/v2/events`);
  if (options.ticket) url.searchParams.set('ticket', options.ticket);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: options.accept ?? 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;

  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      let ended = false;
      let buffer = '';
      let body = '';
      let notify: (() => void) | undefined;
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        json: undefined,
        events,
        comments,
        retry: undefined,
        ended: new Promise((done) => res.on('close', () => done())),
        isEnded: () => ended,
        async waitFor(check, ms = 5_000) {
          const deadline = Date.now() + ms;
          while (!check(events)) {
            if (Date.now() > deadline) {
              throw new Error(`stream did not get there in ${ms} ms; got ${JSON.stringify(events)}`);
            }
            await new Promise<void>((done) => {
              notify = done;
              setTimeout(done, 50);
            });
          }
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('close', () => {
        ended = true;
        notify?.();
      });
      if (client.status !== 200) {
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          client.json = body ? JSON.parse(body) : undefined;
          resolve(client);
        });
        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: Partial<SseEvent> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id' || field === 'event' || field === 'data') event[field] = value;
            if (field === 'retry') client.retry = Number(value);
          }
          if (event.event !== undefined) events.push(event as SseEvent);
        }
        notify?.();
      });
      resolve(client);
    });
    req.on('error', reject);
  });
}

/** The call ids of the events of one kind, in order. */
export function callIdsOf(events: SseEvent[], type?: string): string[] {
  return events
    .filter((event) => type === undefined || event.event === type)
    .map((event) => (JSON.parse(event.data) as { id: string }).id);
}
