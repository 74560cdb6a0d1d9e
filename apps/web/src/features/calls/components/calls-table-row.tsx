import { type MouseEvent, type ReactElement, type ReactNode, memo } from 'react';
import { Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useArmedArea } from '../../../components/armed-area';
import { formatCallDate } from '../../../lib/dates';
import type { CallRow } from '../api';
import { messagePreview } from '../call-rows';
import { highlightParts, nearFirstMatch } from '../search-highlight';
import { CallbackState, RepeatBadge } from './call-badges';
import type { CallColumn } from './call-columns';
import type { RowCallActions } from './call-selects';
import { CallerCell, DueCell, OwnerCell, PreviewCell, PriorityCell, RecordingCell, StatusCell } from './dense-cells';
import { RowMenu } from './row-menu';

/** A click on the row's own controls is theirs; a click anywhere else on the row opens the call. */
function onControl(event: MouseEvent): boolean {
  return (event.target as HTMLElement).closest('button, a, input, select, textarea, label') !== null;
}

/** Where a searched call matches: a piece of what was said, a note or an SMS, from just before the first match. */
function SearchHighlight({ highlight }: { highlight: string }) {
  return (
    <span className="calls-xs calls-dimmed calls-highlight">
      {nearFirstMatch(highlightParts(highlight)).map((part, i) =>
        part.match ? (
          <mark key={i} className="calls-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}

/** What a row does with a click; one object for the table's lifetime, so a row re-renders only when its call does. */
export type RowHandlers = {
  actions: RowCallActions;
  toggle: (id: number, checked: boolean) => void;
  preview: (row: CallRow) => void;
  notes: (row: CallRow) => void;
  sms: (row: CallRow) => void;
  open: (row: CallRow) => void;
};

type CallsTableRowProps = {
  row: CallRow;
  columns: readonly CallColumn[];
  canManage: boolean;
  selectable: boolean;
  selected: boolean;
  /** Whether a click on the row opens the call (the inbox screens). */
  opensCall: boolean;
  /** One line per call (the inbox screens); else the simple list's cards. */
  dense: boolean;
  open: boolean;
  cursor: boolean;
  /** The interface language: the dates follow it. */
  language: string;
  /** The table's translations, which change with the language: one subscription for the page, not one per cell. */
  t: TFunction;
  handlers: RowHandlers;
};

/**
 * One call as a row. Its buttons' tooltips (Mantine's, each with its own floating element) are made only once the
 * mouse or the focus comes to the row: a page of 20 rows would otherwise set up 80 of them before the first paint.
 * Until then the buttons are the same, with the same names; a tooltip is only ever shown on hover or focus.
 *
 * The row, its cells and its checkbox are plain elements drawn by inbox.css as Mantine's Table, Checkbox, Text, Anchor,
 * Badge and ActionIcon draw them (from Mantine's variables, so both colour schemes hold): a page renders some twenty
 * rows of ten cells, and each Mantine component resolves its props and styles on every render and adds elements of
 * its own (a checkbox alone is six).
 */
export const CallsTableRow = memo(function CallsTableRow(props: CallsTableRowProps) {
  const { row, columns, canManage, handlers, language, t } = props;
  const { armed: tips, ref, handlers: arm } = useArmedArea<HTMLTableRowElement>();
  const caller = row.caller_number;
  const { actions } = handlers;
  const created = formatCallDate(row.created_at, language);

  function cell(column: CallColumn): ReactNode {
    switch (column) {
      case 'phonebot':
        return props.dense ? (
          <span className="calls-sm dense-clip" title={row.bezeichnung}>
            {row.bezeichnung}
          </span>
        ) : (
          row.bezeichnung
        );
      case 'priority':
        return <PriorityCell priority={row.priority} t={t} />;
      case 'caller':
        if (!props.dense) return <span className="calls-md calls-semibold">{caller}</span>;
        return (
          <>
            <span className="dense-caller">
              <CallerCell row={row} t={t} />
              <RepeatBadge row={row} t={t} />
            </span>
            {row.highlight ? <SearchHighlight highlight={row.highlight} /> : null}
          </>
        );
      case 'preview':
        return <PreviewCell row={row} onOpen={props.opensCall ? handlers.open : handlers.preview} t={t} />;
      case 'due':
        return <DueCell row={row} language={language} t={t} />;
      case 'owner':
        return <OwnerCell row={row} t={t} />;
      case 'recording':
        return <RecordingCell row={row} t={t} />;
      case 'status':
        return <StatusCell status={row.status} t={t} />;
      case 'menu':
        return (
          <RowMenu
            row={row}
            armed={tips}
            canManage={canManage}
            actions={actions}
            onPreview={handlers.preview}
            onNotes={handlers.notes}
            onSms={handlers.sms}
            t={t}
          />
        );
      case 'text':
        return row.message ? (
          <button
            type="button"
            className="mantine-focus-auto calls-link calls-link-button"
            onClick={() => handlers.preview(row)}
            title={t('calls.row.preview', { caller })}
          >
            {messagePreview(row.message)}
          </button>
        ) : null;
      case 'action':
        // The list carries no runtime action per call; its priority is what the phonebot decided to do.
        return t(`calls.priorities.${row.priority}`);
      case 'dateTime':
        return (
          <>
            <p className="calls-sm calls-date">{created}</p>
            <CallbackState row={row} t={t} language={language} />
          </>
        );
      case 'remove':
        return <DeleteButton row={row} actions={actions} tips={tips} t={t} />;
    }
  }

  // The dense rows' cells find their grid areas by their data-column in inbox.css.
  return (
    <tr
      ref={ref}
      role="row"
      data-call-id={row.id}
      data-priority={props.dense ? row.priority : undefined}
      data-open={props.open || undefined}
      data-cursor={props.cursor || undefined}
      aria-current={props.open ? 'true' : undefined}
      onClick={props.opensCall ? (event) => onControl(event) || handlers.open(row) : undefined}
      {...arm}
    >
      {props.selectable && (
        <td role="cell" data-column="select">
          <input
            type="checkbox"
            className="mantine-focus-auto calls-check"
            aria-label={t('calls.selectCall', { caller, date: created })}
            checked={props.selected}
            onChange={(event) => handlers.toggle(row.id, event.currentTarget.checked)}
          />
        </td>
      )}
      {columns.map((column) => (
        <td key={column} role="cell" data-column={column}>
          {cell(column)}
        </td>
      ))}
    </tr>
  );
});

/** A row button's tooltip once the row has had the mouse or the focus; the bare button before. */
function RowTip({ tip, label, children }: { tip: boolean; label: string; children: ReactElement }) {
  return tip ? <Tooltip label={label}>{children}</Tooltip> : children;
}

/** Drawn as Mantine's light red ActionIcon (inbox.css). */
function DeleteButton(props: { row: CallRow; actions: RowCallActions; tips: boolean; t: TFunction }) {
  const { row, actions, t } = props;
  const label = t('calls.row.delete', { caller: row.caller_number });
  return (
    <RowTip tip={props.tips} label={label}>
      <button
        type="button"
        className="mantine-focus-auto mantine-active calls-icon-button calls-icon-button-delete"
        aria-label={label}
        onClick={() => void actions.remove(row)}
      >
        <IconTrash size={18} aria-hidden />
      </button>
    </RowTip>
  );
}
