import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { SEGMENT, checkFolder, checkKey, checkPut, contentTypeOf, discarding, resolveRange } from './checks';
import { type FileStore, FileStoreError, RangeNotSatisfiableError, type StoredEntry } from './types';

/** Files under a directory (DATA_DIR): the key is the path below it. */
export function fileStore(dir: string, log: Pick<Logger, 'warn'>): FileStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const failed = (error: unknown, what: string): never => {
    throw new FileStoreError(`${what}: ${(error as Error).message}`, { cause: error });
  };
  const store: Omit<FileStore, 'discard'> = {
    kind: 'file',
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      const file = fileOf(key);
      // Written beside and renamed over: a reader opens the old file or the whole new one.
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}`);
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(partial, bytes, { mode: 0o640 });
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        failed(error, `could not write ${key}`);
      }
    },
    async putFile(key, source, contentType) {
      checkPut(key, contentType);
      const file = fileOf(key);
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomBytes(6).toString('hex')}`);
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.copyFile(source, partial);
        await fs.promises.chmod(partial, 0o640);
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        failed(error, `could not write ${key}`);
      }
    },
    async get(key, range) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        return failed(error, `could not read ${key}`);
      }
      try {
        // The open file is read whatever happens to its name meanwhile.
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const bytes = range ? resolveRange(range, stat.size) : undefined;
        if (bytes === null) throw new RangeNotSatisfiableError(stat.size);
        return {
          body: handle.createReadStream(bytes ? { start: bytes.start, end: bytes.end } : {}),
          contentType: contentTypeOf(key) ?? 'application/octet-stream',
          size: stat.size,
          ...(bytes ? { range: bytes } : {}),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      try {
        await fs.promises.rm(fileOf(key), { force: true });
      } catch (error) {
        failed(error, `could not delete ${key}`);
      }
    },
    async deleteMany(keys) {
      for (const key of keys) await store.delete(key);
    },
    async *list(prefix) {
      const walk = async function* (relative: string): AsyncGenerator<StoredEntry> {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(path.join(root, ...relative.split('/')), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          return failed(error, `could not list ${relative}`);
        }
        for (const entry of entries) {
          const key = `${relative}/${entry.name}`;
          if (entry.isDirectory()) yield* walk(key);
          else if (entry.isFile() && SEGMENT.test(entry.name)) {
            const stat = await fs.promises.stat(path.join(root, ...key.split('/'))).catch(() => null);
            if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
          }
        }
      };
      yield* walk(checkFolder(prefix));
    },
    async close() {},
  };
  return { ...store, discard: discarding(store, log) };
}
