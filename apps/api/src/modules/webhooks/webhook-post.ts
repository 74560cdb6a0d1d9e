import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_EXCERPT } from '@phonebot/shared/webhooks';
import { type AddressGuard, guardedLookup } from './webhook-address';

/** At most this much of an answer is read, for its excerpt; the rest is not waited for. */
const RESPONSE_READ_MAX = 16 * 1024;

export type Answer = {
  status: number | null;
  /** A short text excerpt of the answer; null when it was not text. */
  body: string | null;
  error: string | null;
  durationMs: number;
  /** How long the endpoint asked to be left alone (`Retry-After`), uncapped; null without the header. */
  retryAfterMs: number | null;
  /** The send was cut off because the process is stopping: nothing is known about this attempt. */
  aborted?: boolean;
};

/** Content types whose answers are kept as text; anything else (images, archives, octet streams) is not stored. */
const TEXT_TYPES =
  /^(text\/[a-z0-9.+-]+|application\/(json|xml|[a-z0-9.-]+\+(json|xml))|application\/x-www-form-urlencoded)$/;

/** Text that cannot be shown as it is: control characters (but tab and line feed), and bidi and other format marks. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Cf}/gu;

/** UTF-8 text, or null for bytes that are not; a read cut short may end inside a character. */
function decodeText(bytes: Buffer, cut: boolean): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let trim = 0; trim <= (cut ? 3 : 0); trim++) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - trim));
    } catch {
      // Not UTF-8 (yet): shorter, if the read was cut.
    }
  }
  return null;
}

/**
 * What is kept of an answer: nothing unless its content type is text, HTML reduced to its text, no control or
 * format characters, at most WEBHOOK_RESPONSE_EXCERPT characters. Bytes that are not valid UTF-8 (or hold a NUL)
 * are binary whatever the header says, and are not kept either. `cut`: the answer was longer than what was read.
 */
export function answerExcerpt(contentType: string | undefined, bytes: Buffer, cut = false): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (bytes.length === 0 || !TEXT_TYPES.test(type)) return null;
  let text = decodeText(bytes, cut);
  if (text === null) return null;
  if (text.includes('\u0000')) return null;
  if (type === 'text/html' || type === 'application/xhtml+xml') {
    text = text
      .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<[^>]*>?/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
  }
  text = text.replace(/\r\n?/g, '\n').replace(UNPRINTABLE, '').trim();
  const chars = [...text];
  if (chars.length === 0) return null;
  return chars.length > WEBHOOK_RESPONSE_EXCERPT ? `${chars.slice(0, WEBHOOK_RESPONSE_EXCERPT - 1).join('')}…` : text;
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 10.2.3); null when unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), 1e9) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, at - now);
}

/**
 * POSTs a body to a URL: no redirects followed, the whole exchange (name lookup, connection, TLS, answer) within
 * the timeout, at most 16 KB of the answer read, and the connection made only to an address the guard allows,
 * judged when the name is resolved (the caller checks a literal address). `signal` cuts the send off.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; guard: AddressGuard; signal?: AbortSignal },
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'durationMs' | 'retryAfterMs'> & { retryAfterMs?: number | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ retryAfterMs: null, ...answer, durationMs: Date.now() - started });
    };
    const target = new URL(url);
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'PhonebotPortal-Webhooks/1', ...headers },
        lookup: guardedLookup(options.guard, port),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
        const done = () =>
          finish({
            status: res.statusCode ?? null,
            body: answerExcerpt(
              res.headers['content-type'],
              Buffer.concat(chunks).subarray(0, RESPONSE_READ_MAX),
              read >= RESPONSE_READ_MAX,
            ),
            error: null,
            retryAfterMs,
          });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          if (read >= RESPONSE_READ_MAX) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (error) =>
          finish({ status: res.statusCode ?? null, body: null, error: error.message, retryAfterMs }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no answer within ${options.timeoutMs / 1000} s` });
      req.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish({ status: null, body: null, error: 'the server stopped', aborted: true });
      req.destroy();
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort);
    req.on('error', (error) => finish({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}
