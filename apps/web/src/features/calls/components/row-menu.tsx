import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCheck,
  IconDots,
  IconFlag,
  IconMessage,
  IconMessages,
  IconNotes,
  IconProgress,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, CALL_STATUSES } from '@phonebot/shared/calls';
import type { CallRow } from '../api';
import type { RowCallActions } from './call-selects';

type RowMenuProps = {
  row: CallRow;
  /** A guest reads the conversation and the notes; the rest is for roles that change calls. */
  canManage: boolean;
  actions: RowCallActions;
  onPreview: (row: CallRow) => void;
  onNotes: (row: CallRow) => void;
  onSms: (row: CallRow) => void;
};

/**
 * Every action of the spec's row, one click away: the conversation, notes, SMS, mark completed, status, priority and
 * category (each asking first, as the selects do) and delete. The menu is made when it is first opened: a page of
 * 100 rows would otherwise set up 100 menus before the first paint.
 */
export function RowMenu(props: RowMenuProps) {
  const { row } = props;
  const { t } = useTranslation();
  const [made, setMade] = useState(false);
  const [opened, setOpened] = useState(false);
  const label = t('dense.row.menu', { caller: row.caller_number });
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      aria-haspopup="menu"
      onClick={
        made
          ? undefined
          : () => {
              setMade(true);
              setOpened(true);
            }
      }
    >
      <IconDots size={16} aria-hidden />
    </ActionIcon>
  );
  if (!made) return trigger;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <RowMenuItems {...props} />
    </Menu>
  );
}

function RowMenuItems({ row, canManage, actions, onPreview, onNotes, onSms }: RowMenuProps) {
  const { t } = useTranslation();
  const terms = row.category_terms;
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
    <Menu.Dropdown>
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
      <Menu.Divider />
      <Menu.Sub position="left-start">
        <Menu.Sub.Target>
          <Menu.Sub.Item leftSection={<IconProgress size={16} aria-hidden />}>{t('dense.menu.status')}</Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown>
          {CALL_STATUSES.map((value) => (
            <Menu.Item
              key={value}
              disabled={value === row.status}
              onClick={() => void actions.changeStatus(row, value)}
            >
              {t(`calls.statuses.${value}`)}
            </Menu.Item>
          ))}
        </Menu.Sub.Dropdown>
      </Menu.Sub>
      <Menu.Sub position="left-start">
        <Menu.Sub.Target>
          <Menu.Sub.Item leftSection={<IconFlag size={16} aria-hidden />}>{t('dense.menu.priority')}</Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown>
          {CALL_PRIORITIES.map((value) => (
            <Menu.Item
              key={value}
              disabled={value === row.priority}
              onClick={() => void actions.changePriority(row, value)}
            >
              {t(`calls.priorities.${value}`)}
            </Menu.Item>
          ))}
        </Menu.Sub.Dropdown>
      </Menu.Sub>
      <Menu.Sub position="left-start">
        <Menu.Sub.Target>
          <Menu.Sub.Item leftSection={<IconTag size={16} aria-hidden />}>{t('dense.menu.category')}</Menu.Sub.Item>
        </Menu.Sub.Target>
        <Menu.Sub.Dropdown>
          {/* Uncategorized is never chosen (docs/product.md §6.2): it is shown, disabled, like the select's first entry. */}
          <Menu.Item disabled>{t('calls.uncategorized')}</Menu.Item>
          {terms.map((term) => (
            <Menu.Item
              key={term}
              disabled={term === row.selected_category}
              onClick={() => void actions.changeCategory(row, term)}
            >
              {term}
            </Menu.Item>
          ))}
        </Menu.Sub.Dropdown>
      </Menu.Sub>
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void actions.remove(row)}>
        {t('dense.menu.delete')}
      </Menu.Item>
    </Menu.Dropdown>
  );
}
