import { describe, expect, it } from 'vitest';
import { SignalledCache } from './signalled-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SignalledCache', () => {
  it('keeps nothing while not live', async () => {
    const cache = new SignalledCache<number, number>(10);
    let reads = 0;
    await cache.get(1, async () => ++reads);
    await cache.get(1, async () => ++reads);
    expect(reads).toBe(2);
  });

  it('keeps a value per key until the key is invalidated', async () => {
    const cache = new SignalledCache<number, string>(10);
    cache.setLive(true);
    expect(await cache.get(1, async () => 'one')).toBe('one');
    expect(await cache.get(2, async () => 'two')).toBe('two');
    expect(await cache.get(1, async () => 'changed')).toBe('one');
    cache.invalidate(1);
    expect(await cache.get(1, async () => 'changed')).toBe('changed');
    expect(await cache.get(2, async () => 'other')).toBe('two');
  });

  it('does not keep a value whose read raced an invalidation of its key', async () => {
    const cache = new SignalledCache<number, number>(10);
    cache.setLive(true);
    const read = deferred<number>();
    const racing = cache.get(1, () => read.promise);
    cache.invalidate(1);
    read.resolve(5);
    expect(await racing).toBe(5);
    expect(await cache.get(1, async () => 6)).toBe(6);
  });

  it('does not keep a value whose read raced a clear', async () => {
    const cache = new SignalledCache<string, number>(10);
    cache.setLive(true);
    const read = deferred<number>();
    const racing = cache.get('a', () => read.promise);
    cache.clear();
    read.resolve(1);
    await racing;
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('reads a held key from the database until the hold ends, whatever is invalidated meanwhile', async () => {
    let now = 1_000;
    const cache = new SignalledCache<number, number>(10, () => now);
    cache.setLive(true);
    await cache.get(1, async () => 1);
    cache.hold(1, 5_000);
    // Another change's notification (or a clear) must not end this process's own hold early.
    cache.invalidate(1);
    cache.clear();
    expect(await cache.get(1, async () => 2)).toBe(2);
    expect(await cache.get(1, async () => 3)).toBe(3);
    expect(await cache.get(2, async () => 20)).toBe(20);
    expect(await cache.get(2, async () => 21)).toBe(20);
    now += 5_001;
    expect(await cache.get(1, async () => 4)).toBe(4);
    expect(await cache.get(1, async () => 5)).toBe(4);
  });

  it('holds every key at once', async () => {
    let now = 0;
    const cache = new SignalledCache<string, number>(10, () => now);
    cache.setLive(true);
    await cache.get('a', async () => 1);
    cache.holdAll(1_000);
    expect(await cache.get('a', async () => 2)).toBe(2);
    expect(await cache.get('b', async () => 3)).toBe(3);
    now = 1_001;
    expect(await cache.get('b', async () => 4)).toBe(4);
    expect(await cache.get('b', async () => 5)).toBe(4);
  });

  it('never holds more than its size', async () => {
    const cache = new SignalledCache<number, number>(3);
    cache.setLive(true);
    for (let key = 0; key < 10; key++) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
  });
});
