import type { CallRow } from '../api';
import { noteFieldId } from './note-field';
import { SEARCH_ID } from './call-list-filters';
import { type InboxKey, useInboxKeys } from './inbox-keys';
import type { CallActions } from './use-call-actions';
import type { useCallDialogs } from './use-call-dialogs';
import type { Viewer } from './viewer';

type InboxKeyState = {
  enabled: boolean;
  /** The rows on screen, in their order. */
  rows: CallRow[];
  /** The call the keys act on: the open one, else the one the cursor is on. */
  current: CallRow | undefined;
  openId: number | undefined;
  cursorId: number | undefined;
  setCursorId: (id: number) => void;
  open: (id: number | undefined, options?: { replace?: boolean }) => void;
  /** The open call sits beside the list. */
  wide: boolean;
  /** The open call is a page of its own (no list on screen). */
  asPage: boolean;
  canManage: boolean;
  viewer: Viewer;
  actions: CallActions;
  dialogs: Pick<ReturnType<typeof useCallDialogs>, 'openSnooze' | 'openNotes'>;
  selected: ReadonlySet<number>;
  setSelected: (next: Set<number>) => void;
  openHelp: () => void;
};

/**
 * What each inbox key does (see inbox-keys.tsx for when a key counts): j/k move the cursor (and the open call beside
 * the list), Enter opens, x selects, e completes and goes on to the next call, a assigns to me, s snoozes, n goes
 * to the note, / to the search, ? lists the keys, Esc closes the call.
 */
export function useInboxKeyActions(state: InboxKeyState) {
  const { rows, current, openId, cursorId, setCursorId, open, wide, asPage, canManage, viewer, actions, dialogs } =
    state;

  function showCursor(id: number) {
    setCursorId(id);
    document.querySelector(`[data-call-id="${id}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }

  function moveCursor(step: 1 | -1) {
    if (rows.length === 0) return;
    const at = rows.findIndex((row) => row.id === (cursorId ?? openId));
    const next =
      rows[at === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step))];
    if (!next) return;
    showCursor(next.id);
    // Beside the list, the open call follows the cursor.
    if (wide && openId !== undefined) open(next.id, { replace: true });
  }

  /** Completes a call and goes on to the next one in the list (the one before at the end). */
  function completeAndNext(call: CallRow) {
    const at = rows.findIndex((row) => row.id === call.id);
    const next = at === -1 ? rows.find((row) => row.id !== call.id) : (rows[at + 1] ?? rows[at - 1]);
    void actions.markCompleted(call);
    // The last call of the list stays open (or under the cursor), completed.
    if (next === undefined) return;
    if (openId !== undefined) open(next.id, { replace: true });
    else showCursor(next.id);
  }

  function toggleSelected(id: number) {
    const next = new Set(state.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    state.setSelected(next);
  }

  function onKey(key: InboxKey) {
    const manageable = canManage && current !== undefined;
    switch (key) {
      case 'j':
        if (!asPage) moveCursor(1);
        return;
      case 'k':
        if (!asPage) moveCursor(-1);
        return;
      case 'enter':
        if (!asPage && cursorId !== undefined) open(cursorId);
        return;
      case 'e':
        if (manageable && current.status !== 'Completed') completeAndNext(current);
        return;
      case 'x':
        if (manageable && !asPage && rows.some((row) => row.id === current.id)) toggleSelected(current.id);
        return;
      case 'a':
        if (manageable && viewer.userId !== undefined) void actions.assign(current, viewer.userId);
        return;
      case 's':
        if (manageable) dialogs.openSnooze({ row: current });
        return;
      case 'n': {
        if (!manageable) return;
        const field = current.id === openId ? document.getElementById(noteFieldId(current.id)) : null;
        if (field) field.focus();
        else dialogs.openNotes(current.id);
        return;
      }
      case 'slash':
        document.getElementById(SEARCH_ID)?.focus();
        return;
      case 'question':
        state.openHelp();
        return;
      case 'escape':
        if (openId !== undefined) open(undefined);
        return;
    }
  }
  useInboxKeys(onKey, state.enabled);
}
