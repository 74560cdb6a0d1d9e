import path from 'node:path';
import type { Logger } from 'pino';
import type { ByteRange, FileStore } from './types';

/**
 * The content type of a stored file follows from its key's extension (a file keeps no other metadata); `put` refuses
 * a type that its key does not name, so both kinds of store answer the same type.
 */
const CONTENT_TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

export function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPE_BY_EXT[path.posix.extname(key).slice(1)];
}

/** A key's segment: a plain name, no dots or dashes first. */
export const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function checkKey(key: string): string {
  if (key.length > 512 || !key.split('/').every((segment) => SEGMENT.test(segment)))
    throw new Error(`Not a file store key: ${JSON.stringify(key)}`);
  return key;
}

export function checkFolder(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`Not a file store folder: ${JSON.stringify(prefix)}`);
  return checkKey(prefix.slice(0, -1));
}

export function checkPut(key: string, contentType: string): void {
  checkKey(key);
  if (contentTypeOf(key) !== contentType)
    throw new Error(`A file store key's extension must name its type: ${key} is not ${contentType}`);
}

/** The inclusive bytes of a range within `size` bytes, or null when none of them exist. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range)
    return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : null;
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export function discarding(store: Omit<FileStore, 'discard'>, log: Pick<Logger, 'warn'>): FileStore['discard'] {
  return async (keys, what) => {
    if (keys.length === 0) return;
    try {
      await store.deleteMany(keys);
    } catch (error) {
      log.warn({ err: error, keys, storage: store.kind }, `could not delete the stored files of ${what}`);
    }
  };
}
