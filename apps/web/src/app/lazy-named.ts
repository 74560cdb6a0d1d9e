import { lazy, type ReactNode } from 'react';

/** React.lazy for a named export, so every screen (and the signed-in shell) is its own chunk. */
export function lazyNamed<Name extends string, Props extends object>(
  load: () => Promise<{ [Key in Name]: (props: Props) => ReactNode }>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
