import { type ReactNode, useState } from 'react';
import { Menu } from '@mantine/core';
import { IconCheck, IconMessage, IconMessages, IconNotes, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { CALL_PRIORITIES, CALL_STATUSES } from '@phonebot/shared/calls';
import { useMadeOnClick } from '../../../components/armed-area';
import type { CallRow } from '../api';
import type { RowCallActions } from './call-selects';
import { DotsIcon } from './row-icons';

type RowMenuProps = {
  row: CallRow;
  /** A guest reads the conversation and the notes; the rest is for roles that change calls. */
  canManage: boolean;
  actions: RowCallActions;
  onPreview: (row: CallRow) => void;
  onNotes: (row: CallRow) => void;
  onSms: (row: CallRow) => void;
  t: TFunction;
};

/**
 * Every action of the spec's row, one click away: the conversation, notes, SMS, mark completed, status, priority and
 * category (each asking first, as the selects do) and delete. The menu is made once the row is armed (the mouse or
 * the keyboard's focus came to it, see CallsTableRow): a page of 100 rows would otherwise set up 100 menus before
 * the first paint. Until then the button is the same, with the same name. The button itself is a plain one, drawn by
 * inbox.css as Mantine's small subtle gray ActionIcon: every row has one.
 */
export function RowMenu(props: RowMenuProps & { armed: boolean }) {
  const { row, armed, ...rest } = props;
  const { t } = rest;
  const [opened, setOpened] = useState(false);
  // A click that came before the row was armed (a touch, a test) makes the menu and opens it.
  const { made, onBareClick } = useMadeOnClick(armed);
  const trigger = (
    <button
      type="button"
      className="mantine-focus-auto mantine-active calls-icon-button calls-icon-button-menu"
      aria-label={t('dense.row.menu', { caller: row.caller_number })}
      aria-haspopup="menu"
      onClick={
        made
          ? undefined
          : () => {
              onBareClick();
              setOpened(true);
            }
      }
    >
      <DotsIcon size={16} />
    </button>
  );
  if (!made) return trigger;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <RowMenuItems row={row} {...rest} />
    </Menu>
  );
}

function RowMenuItems({ row, canManage, actions, onPreview, onNotes, onSms, t }: RowMenuProps) {
  const reading = (
    <>
      <Menu.Item leftSection={<IconMessages size={16} aria-hidden />} onClick={() => onPreview(row)}>
        {t('dense.menu.conversation')}
      </Menu.Item>
      <Menu.Item leftSection={<IconNotes size={16} aria-hidden />} onClick={() => onNotes(row)}>
        {t('dense.menu.notes')}
      </Menu.Item>
    </>
  );
  if (!canManage) return <Menu.Dropdown>{reading}</Menu.Dropdown>;
  return (
    <Menu.Dropdown mah="70dvh" style={{ overflowY: 'auto' }}>
      {reading}
      <Menu.Item leftSection={<IconMessage size={16} aria-hidden />} onClick={() => onSms(row)}>
        {t('dense.menu.sms')}
      </Menu.Item>
      {row.status !== 'Completed' && (
        <Menu.Item
          color="green"
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={() => void actions.markCompleted(row)}
        >
          {t('dense.menu.complete')}
        </Menu.Item>
      )}
      <Menu.Label>{t('dense.menu.status')}</Menu.Label>
      {CALL_STATUSES.map((value) => (
        <Choice key={value} current={value === row.status} onClick={() => void actions.changeStatus(row, value)}>
          {t(`calls.statuses.${value}`)}
        </Choice>
      ))}
      <Menu.Label>{t('dense.menu.priority')}</Menu.Label>
      {CALL_PRIORITIES.map((value) => (
        <Choice key={value} current={value === row.priority} onClick={() => void actions.changePriority(row, value)}>
          {t(`calls.priorities.${value}`)}
        </Choice>
      ))}
      <Menu.Label>{t('dense.menu.category')}</Menu.Label>
      {/* Uncategorized is never chosen (docs/product.md §6.2): shown, disabled, like the select's first entry. */}
      <Choice current={row.selected_category === null} disabled>
        {t('calls.uncategorized')}
      </Choice>
      {row.category_terms.map((term) => (
        <Choice
          key={term}
          current={term === row.selected_category}
          onClick={() => void actions.changeCategory(row, term)}
        >
          {term}
        </Choice>
      ))}
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void actions.remove(row)}>
        {t('dense.menu.delete')}
      </Menu.Item>
    </Menu.Dropdown>
  );
}

/** One value of a status, priority or category: the call's own is marked and cannot be chosen again. */
function Choice({
  current,
  disabled = false,
  onClick,
  children,
}: {
  current: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Menu.Item
      py={4}
      disabled={disabled || current}
      aria-current={current || undefined}
      leftSection={current ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
      onClick={onClick}
    >
      {children}
    </Menu.Item>
  );
}
