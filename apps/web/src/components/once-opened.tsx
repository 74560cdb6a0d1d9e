import { type ReactNode, useState } from 'react';

/**
 * Its children (a dialog) from the first time it is opened on, and nothing before: a screen with several dialogs
 * that are rarely opened sets none of them up for its first paint. Once made, a dialog stays, so it closes with
 * its transition.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [made, setMade] = useState(opened);
  if (opened && !made) setMade(true);
  return made || opened ? children : null;
}
