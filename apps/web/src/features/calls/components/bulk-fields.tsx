import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES, type CallPriority } from '@phonebot/shared/calls';
import type { CallActions } from './use-call-actions';

/**
 * The priority and the category of the selected calls, each set after the question one call asks. The categories
 * offered are the terms of the selected calls' phonebots.
 */
export function BulkFields({
  selectedIds,
  categories,
  actions,
  onDone,
}: {
  selectedIds: number[];
  categories: string[];
  actions: Pick<CallActions, 'bulkPriority' | 'bulkCategory' | 'bulkPending'>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [priority, setPriority] = useState<CallPriority | ''>('');
  const [category, setCategory] = useState('');
  const choose = { value: '', label: t('dense.bulk.choose') };
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          label={t('dense.bulk.priority')}
          value={priority}
          onChange={(event) => setPriority(event.currentTarget.value as CallPriority | '')}
          data={[choose, ...CALL_PRIORITIES.map((value) => ({ value, label: t(`calls.priorities.${value}`) }))]}
        />
        <Button
          variant="light"
          disabled={priority === ''}
          loading={actions.bulkPending}
          onClick={() =>
            priority !== '' &&
            void actions.bulkPriority(selectedIds, priority).then((done) => {
              if (!done) return;
              setPriority('');
              onDone();
            })
          }
        >
          {t('dense.bulk.setPriority')}
        </Button>
      </Group>
      {categories.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label={t('dense.bulk.category')}
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value)}
            data={[choose, ...categories.map((value) => ({ value, label: value }))]}
          />
          <Button
            variant="light"
            disabled={category === ''}
            loading={actions.bulkPending}
            onClick={() =>
              void actions.bulkCategory(selectedIds, category).then((done) => {
                if (!done) return;
                setCategory('');
                onDone();
              })
            }
          >
            {t('dense.bulk.setCategory')}
          </Button>
        </Group>
      )}
    </>
  );
}
