import { useEffect, useLayoutEffect, useRef } from 'react';
import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The inbox's keys, in the order the help lists them. */
export const INBOX_KEYS = ['j', 'k', 'enter', 'x', 'e', 'a', 's', 'n', 'slash', 'question', 'escape'] as const;
export type InboxKey = (typeof INBOX_KEYS)[number];

const KEY_CAPS: Record<InboxKey, string> = {
  j: 'j',
  k: 'k',
  enter: 'Enter',
  x: 'x',
  e: 'e',
  a: 'a',
  s: 's',
  n: 'n',
  slash: '/',
  question: '?',
  escape: 'Esc',
};

const BY_EVENT_KEY: Record<string, InboxKey> = {
  j: 'j',
  k: 'k',
  Enter: 'enter',
  x: 'x',
  e: 'e',
  a: 'a',
  s: 's',
  n: 'n',
  '/': 'slash',
  '?': 'question',
  Escape: 'escape',
};

const FIELD = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';

/** The field the key was pressed in, if any. */
function fieldOf(event: KeyboardEvent): HTMLElement | null {
  const target = event.target as HTMLElement | null;
  return target?.closest<HTMLElement>(FIELD) ?? null;
}

/** Whether a key press belongs to something else: typing in a field, a control that takes keys, or an open dialog. */
function taken(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (fieldOf(event) !== null || target?.closest('[role="menu"], [role="listbox"], [role="dialog"]')) return true;
  // Enter on a button or link is that control's own.
  if (event.key === 'Enter' && target?.closest('button, a, [role="button"], [role="checkbox"], [role="radio"]')) {
    return true;
  }
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}

/**
 * Listens for the inbox's keys on the page while the screen is open. No key acts while the focus is in a field,
 * except Esc, which first leaves the field. The handler is read at the moment of the key
 * press, so it always acts on what is on screen then.
 */
export function useInboxKeys(handler: (key: InboxKey) => void, enabled: boolean) {
  const latest = useRef(handler);
  // Set as the render commits, so a key pressed right after another acts on what that one changed.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    function onKeyDown(event: KeyboardEvent) {
      const key = BY_EVENT_KEY[event.key];
      if (key === undefined) return;
      // Esc in a field of the page leaves the field, and does nothing else (a dialog's own Esc is the dialog's).
      const field = fieldOf(event);
      if (key === 'escape' && field !== null && !event.defaultPrevented && !field.closest('[role="dialog"]')) {
        event.preventDefault();
        field.blur();
        return;
      }
      if (taken(event)) return;
      event.preventDefault();
      latest.current(key);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** The list of keys, opened with ? or the keyboard button. */
export function KeysHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('inbox.keys.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Table aria-label={t('inbox.keys.title')} verticalSpacing={4}>
        <Table.Tbody>
          {INBOX_KEYS.map((key) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" w={80}>
                <Kbd>{KEY_CAPS[key]}</Kbd>
              </Table.Th>
              <Table.Td>{t(`inbox.keys.${key}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {t('inbox.keys.typing')}
      </Text>
    </Modal>
  );
}
