import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ByteRange,
  type FileStore,
  FileStoreError,
  RangeNotSatisfiableError,
  type StoredFile,
} from './file-store';

/**
 * The one range of a `Range: bytes=…` header (RFC 9110 14.2); undefined when there is none to honour: no header, a
 * unit other than bytes, several ranges or a malformed one (the whole file is sent, as the RFC allows), or an
 * `If-Range` (stored files carry no validator it could match).
 */
export function parseRange(header: string | undefined, ifRange = false): ByteRange | undefined {
  if (!header || ifRange) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/**
 * Answers a stored file from any process: 200 with the whole file, 206 with the asked range, 416 for a range past
 * its end, 404 when nothing has the key, 503 while the store cannot be reached. `headers` are the answer's own
 * (caching, CSP; a `content-type` there wins over the stored one); its length and range headers are set here. HEAD answers the headers and reads nothing.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  let file: StoredFile | null;
  try {
    file = await files.get(key, parseRange(req.headers.range, req.headers['if-range'] !== undefined));
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) {
      return reply
        .code(416)
        .header('content-range', `bytes */${error.size}`)
        .header('accept-ranges', 'bytes')
        .type('text/plain')
        .send('Range not satisfiable');
    }
    if (error instanceof FileStoreError) {
      req.log.error({ err: error, storage: files.kind }, 'file store unavailable');
      return reply.code(503).header('retry-after', '5').type('text/plain').send('Service unavailable');
    }
    throw error;
  }
  if (!file) return reply.code(404).type('text/plain').send('Not found');
  const length = file.range ? file.range.end - file.range.start + 1 : file.size;
  reply
    .type(file.contentType)
    .headers(headers)
    .header('accept-ranges', 'bytes')
    .header('content-length', String(length));
  if (file.range) reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
  if (req.method === 'HEAD') {
    file.body.destroy();
    return reply.send();
  }
  return reply.send(file.body);
}
