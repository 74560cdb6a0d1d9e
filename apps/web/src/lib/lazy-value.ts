/** A value loaded on first use (a dynamic import), shared by all callers; a failed load is tried again next time. */
export type LazyValue<T> = {
  load: () => Promise<T>;
  /** The value once loaded, else undefined. */
  current: () => T | undefined;
};

export function lazyValue<T>(load: () => Promise<T>): LazyValue<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    current: () => value,
  };
}
