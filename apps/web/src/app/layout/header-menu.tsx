import type { ReactElement, ReactNode } from 'react';
import { Menu } from '@mantine/core';

/**
 * A menu of the header (the account's, the language's), made once the header is armed (useArmedArea): opened at once
 * when its bare button was clicked first. Rendered inside the header (not a portal) so the open menu stays within the
 * banner landmark; no focus placeholder, whose focusable presentation element is not a valid child of a menu.
 */
export function HeaderMenu(props: { width: number; openedAtOnce: boolean; target: ReactElement; children: ReactNode }) {
  return (
    <Menu
      position="bottom-end"
      width={props.width}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      defaultOpened={props.openedAtOnce}
    >
      <Menu.Target>{props.target}</Menu.Target>
      <Menu.Dropdown>{props.children}</Menu.Dropdown>
    </Menu>
  );
}
