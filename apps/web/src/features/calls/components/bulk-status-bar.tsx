import { useState } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CALL_STATUSES, type CallStatus } from '@phonebot/shared/schemas/call';
import type { CallActions } from './use-call-actions';

type BulkStatusBarProps = {
  /** The selected calls that are on screen. */
  selectedIds: number[];
  actions: CallActions;
  onDone: () => void;
};

/** The bulk verb of a selection: set one status on every selected call (docs/product.md §4, §7 'You must select a status'). */
export function BulkStatusBar({ selectedIds, actions, onDone }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CallStatus | ''>('');
  const [missing, setMissing] = useState(false);

  async function submit() {
    if (status === '') {
      setMissing(true);
      return;
    }
    if (await actions.bulkStatus(selectedIds, status)) {
      setStatus('');
      onDone();
    }
  }

  return (
    <Group gap="sm" align="flex-end">
      <NativeSelect
        label={t('calls.bulk.status')}
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value as CallStatus | '');
          setMissing(false);
        }}
        data={[
          { value: '', label: t('calls.bulk.placeholder') },
          ...CALL_STATUSES.map((value) => ({ value, label: t(`calls.statuses.${value}`) })),
        ]}
        error={missing ? t('statusRequired') : undefined}
        w={260}
      />
      <Button onClick={() => void submit()} disabled={selectedIds.length === 0} loading={actions.bulkPending}>
        {t('calls.bulk.submit')}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('calls.bulk.selected', { count: selectedIds.length })}
      </Text>
    </Group>
  );
}
